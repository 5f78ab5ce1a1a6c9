//! The rules engine against published data: perft counts and exact legal-move sets
//! (copied from ../shared/cases into tests/data so the suite runs without it).

use damtutor::{perft, Position, Square};
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Deserialize)]
struct PerftFile {
    positions: Vec<PerftCase>,
}

#[derive(Deserialize)]
struct PerftCase {
    name: String,
    fen: String,
    counts: Vec<u64>,
}

#[derive(Deserialize)]
struct RulesFile {
    cases: Vec<RulesCase>,
}

#[derive(Deserialize)]
struct RulesCase {
    fen: String,
    rule: String,
    legal_moves: Vec<ExpectedMove>,
}

#[derive(Deserialize)]
struct ExpectedMove {
    from: u8,
    to: u8,
    captured: Vec<u8>,
    path: Vec<u8>,
}

fn perft_cases() -> Vec<PerftCase> {
    let file: PerftFile = serde_yaml::from_str(include_str!("data/perft.yaml")).unwrap();
    file.positions
}

/// Node budget per case for the default test run (release-mode tests count ~10^8 quickly).
const NODE_BUDGET: u64 = 60_000_000;

#[test]
fn perft_matches_published_counts() {
    for case in perft_cases() {
        let position: Position = case.fen.parse().unwrap();
        for (depth, &expected) in case.counts.iter().enumerate() {
            if expected > NODE_BUDGET {
                break;
            }
            let depth = depth as u32 + 1;
            assert_eq!(
                perft::perft_bulk(&position, depth),
                expected,
                "{} bulk perft({depth})",
                case.name
            );
            if expected < NODE_BUDGET / 8 {
                assert_eq!(
                    perft::perft(&position, depth),
                    expected,
                    "{} perft({depth})",
                    case.name
                );
            }
        }
    }
}

/// Every published count; minutes in release mode (`cargo test --release -- --ignored`).
#[test]
#[ignore]
fn perft_matches_published_counts_to_full_depth() {
    for case in perft_cases() {
        let position: Position = case.fen.parse().unwrap();
        for (depth, &expected) in case.counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft::perft_bulk(&position, depth),
                expected,
                "{} perft({depth})",
                case.name
            );
        }
    }
}

#[test]
fn legal_move_sets_are_exact() {
    let file: RulesFile =
        serde_yaml::from_str(include_str!("data/rules-legal-moves.yaml")).unwrap();
    assert!(file.cases.len() >= 19);
    for case in file.cases {
        let position: Position = case.fen.parse().unwrap();
        let moves = position.legal_moves();
        let got: BTreeSet<(u8, u8, Vec<u8>)> = moves
            .iter()
            .map(|m| {
                (
                    m.from().number(),
                    m.to().number(),
                    m.captured().iter().map(|s| s.number()).collect(),
                )
            })
            .collect();
        assert_eq!(got.len(), moves.len(), "{}: duplicate moves", case.rule);
        let expected: BTreeSet<(u8, u8, Vec<u8>)> = case
            .legal_moves
            .iter()
            .map(|m| {
                let mut captured = m.captured.clone();
                captured.sort();
                (m.from, m.to, captured)
            })
            .collect();
        assert_eq!(got, expected, "{} ({})", case.rule, case.fen);
        // The published route is one of the routes we know for that move.
        for expected in &case.legal_moves {
            let m = moves
                .iter()
                .find(|m| {
                    m.from().number() == expected.from
                        && m.to().number() == expected.to
                        && m.captured().count() == expected.captured.len()
                })
                .unwrap();
            let path: Vec<Square> = expected
                .path
                .iter()
                .map(|&n| Square::new(n).unwrap())
                .collect();
            assert!(
                position.capture_routes(m).contains(&path),
                "{}: route {:?} not found among {:?}",
                case.rule,
                expected.path,
                position.capture_routes(m)
            );
        }
    }
}
