//! The rules engine against published data: perft counts and exact legal-move sets of every
//! game (copied from ../shared/cases into tests/data so the suite runs without it).

use damtutor_rules::{perft, with_variant, International, Position, Rules, Square, Variant};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

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
        let position: Position<International> = case.fen.parse().unwrap();
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

/// The published counts past the budget of the default run (those under it are checked by
/// [`perft_matches_published_counts`]); a few seconds (`cargo test -- --ignored`; .ci/run runs it).
#[test]
#[ignore]
fn perft_matches_published_counts_to_full_depth() {
    let mut checked = 0;
    for case in perft_cases() {
        let position: Position<International> = case.fen.parse().unwrap();
        for (depth, &expected) in case.counts.iter().enumerate() {
            if expected <= NODE_BUDGET {
                continue;
            }
            let depth = depth as u32 + 1;
            assert_eq!(
                perft::perft_bulk(&position, depth),
                expected,
                "{} perft({depth})",
                case.name
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no count past the default run's budget");
}

#[test]
fn legal_move_sets_are_exact() {
    let file: RulesFile =
        serde_yaml::from_str(include_str!("data/rules-legal-moves.yaml")).unwrap();
    assert!(file.cases.len() >= 19);
    for case in file.cases {
        let position: Position<International> = case.fen.parse().unwrap();
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

#[derive(Deserialize)]
struct VariantPerftFile {
    positions: Vec<VariantPerftCase>,
}

#[derive(Deserialize)]
struct VariantPerftCase {
    name: String,
    variant: String,
    fen: String,
    counts: Vec<u64>,
}

/// Perft of a game's position to every published depth: bulk, and making every move where the
/// count is small.
fn check_perft<R: Rules>(name: &str, fen: &str, counts: &[u64]) {
    let position: damtutor_rules::Position<R> = fen.parse().unwrap();
    assert_eq!(position, damtutor_rules::Position::<R>::initial(), "{name}");
    for (depth, &expected) in counts.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(
            perft::perft_bulk(&position, depth),
            expected,
            "{name} bulk perft({depth})"
        );
        assert_eq!(
            perft::perft(&position, depth),
            expected,
            "{name} perft({depth})"
        );
    }
}

#[test]
fn perft_of_the_8x8_games_matches_published_counts() {
    let file: VariantPerftFile =
        serde_yaml::from_str(include_str!("data/perft-variants.yaml")).unwrap();
    assert_eq!(file.positions.len(), 3);
    for case in file.positions {
        let variant: Variant = case.variant.parse().unwrap();
        with_variant!(variant, R => check_perft::<R>(&case.name, &case.fen, &case.counts));
    }
}

/// Deeper counts from the start of each 8x8 game, as the dctl test suite publishes them
/// (test/src/ai/traversal/initial/board8x8.cpp, from the "Standard validation generator moves"
/// thread of the Shashki forum).
const DEEP_8X8: [(Variant, [u64; 13]); 3] = [
    (
        Variant::Brazilian,
        [
            7,
            49,
            302,
            1_469,
            7_473,
            37_628,
            187_302,
            907_830,
            4_431_766,
            21_560_022,
            105_491_257,
            511_882_477,
            2_481_546_396,
        ],
    ),
    (
        Variant::Russian,
        [
            7,
            49,
            302,
            1_469,
            7_482,
            37_986,
            190_146,
            929_899,
            4_570_586,
            22_444_032,
            110_917_189,
            544_770_444,
            2_673_979_569,
        ],
    ),
    (
        Variant::English,
        [
            7,
            49,
            302,
            1_469,
            7_361,
            36_768,
            179_740,
            845_931,
            3_963_680,
            18_391_564,
            85_242_128,
            388_617_999,
            1_766_564_893,
        ],
    ),
];

/// Bulk perft from the start of `variant` at every depth whose count is within `counts`
/// (`..=NODE_BUDGET` in the default run, the rest in the long one); returns how many depths.
fn check_deep_perft(variant: Variant, counts: impl std::ops::RangeBounds<u64>) -> usize {
    let (_, published) = DEEP_8X8
        .iter()
        .find(|(game, _)| *game == variant)
        .expect("a game of DEEP_8X8");
    let mut checked = 0;
    with_variant!(variant, R => {
        let start = damtutor_rules::Position::<R>::initial();
        for (depth, &expected) in published.iter().enumerate() {
            if !counts.contains(&expected) {
                continue;
            }
            let depth = depth as u32 + 1;
            assert_eq!(perft::perft_bulk(&start, depth), expected, "{variant} perft({depth})");
            checked += 1;
        }
    });
    checked
}

#[test]
fn perft_of_the_8x8_games_matches_dctl() {
    for (variant, _) in DEEP_8X8 {
        assert!(check_deep_perft(variant, ..=NODE_BUDGET) >= 9, "{variant}");
    }
}

// Every published 8x8 count past the default run's budget, to depth 13 (`cargo test --
// --ignored`; .ci/run runs them): a test a game, so that they run side by side, 10 s each.

#[test]
#[ignore]
fn perft_of_the_64_square_game_to_full_depth() {
    assert!(check_deep_perft(Variant::Brazilian, NODE_BUDGET + 1..) > 0);
}

#[test]
#[ignore]
fn perft_of_russian_draughts_to_full_depth() {
    assert!(check_deep_perft(Variant::Russian, NODE_BUDGET + 1..) > 0);
}

#[test]
#[ignore]
fn perft_of_english_checkers_to_full_depth() {
    assert!(check_deep_perft(Variant::English, NODE_BUDGET + 1..) > 0);
}

#[derive(Deserialize)]
struct VariantRulesFile {
    cases: Vec<VariantRulesCase>,
}

#[derive(Deserialize)]
struct VariantRulesCase {
    fen: String,
    rule: String,
    moves: BTreeMap<String, Vec<MoveKey>>,
}

/// A move as (from, to, captured squares, whether a man is crowned).
type MoveKey = (u8, u8, Vec<u8>, bool);

/// The legal moves of `fen` in the game `R`.
fn move_set<R: Rules>(fen: &str) -> BTreeSet<MoveKey> {
    let position: damtutor_rules::Position<R> = fen.parse().unwrap();
    let moves = position.legal_moves();
    let set: BTreeSet<_> = moves
        .iter()
        .map(|m| {
            let captured = m.captured().iter().map(|s| s.number()).collect();
            (m.from().number(), m.to().number(), captured, m.promotes())
        })
        .collect();
    assert_eq!(set.len(), moves.len(), "duplicate moves in {fen}");
    // Every move's route replays it, and its text reads back as it.
    for m in &moves {
        let route = position.capture_route(m);
        assert_eq!((route[0], route[route.len() - 1]), (m.from(), m.to()));
        assert_eq!(
            position.parse_move(&position.full_move_text(m)).as_ref(),
            Ok(m)
        );
    }
    set
}

#[test]
fn legal_move_sets_of_the_8x8_games_are_exact() {
    let file: VariantRulesFile =
        serde_yaml::from_str(include_str!("data/rules-variants.yaml")).unwrap();
    assert!(file.cases.len() >= 8);
    for case in file.cases {
        for (name, expected) in &case.moves {
            let variant: Variant = name.parse().unwrap();
            let expected: BTreeSet<_> = expected
                .iter()
                .map(|(from, to, captured, crowned)| {
                    let mut captured = captured.clone();
                    captured.sort();
                    (*from, *to, captured, *crowned)
                })
                .collect();
            let got = with_variant!(variant, R => move_set::<R>(&case.fen));
            assert_eq!(got, expected, "{name}: {} ({})", case.rule, case.fen);
        }
    }
}
