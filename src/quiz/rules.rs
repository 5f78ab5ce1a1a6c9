//! Rules facts: who moves first, how men and kings move and capture, what may be jumped, the
//! majority rule, the draw rules and how a game is lost. Each statement's truth comes from a
//! probe in [`probes`](super::probes): a small position the engine is asked about, or a game
//! played until the engine declares it drawn.

use super::build::{blanks, choice, Choice, Draft, Fill, Order};
use super::family::{Context, Family};
use super::probes;
use super::question::{Question, QuestionType, Topic};
use crate::position::Position;
use crate::square::Color;
use crate::words::synonyms::Word;
use crate::words::{self, say, Lang, Text};
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Blank, Multi, Single};

pub(crate) const FAMILIES: &[Family] = &[
    Family {
        name: "first_move",
        topic: Topic::Rules,
        kinds: &[Single, Blank],
        make: first_move,
    },
    Family {
        name: "man_moves",
        topic: Topic::Rules,
        kinds: &[Single],
        make: man_moves,
    },
    Family {
        name: "numbering",
        topic: Topic::Rules,
        kinds: &[Single],
        make: numbering,
    },
    Family {
        name: "king_facts",
        topic: Topic::Rules,
        kinds: &[Single, Multi],
        make: king_facts,
    },
    Family {
        name: "man_captures",
        topic: Topic::Rules,
        kinds: &[Single, Multi],
        make: man_captures,
    },
    Family {
        name: "jumping",
        topic: Topic::Rules,
        kinds: &[Blank],
        make: jumping,
    },
    Family {
        name: "draw_rules",
        topic: Topic::Rules,
        kinds: &[Single, Blank],
        make: draw_rules,
    },
    Family {
        name: "losing",
        topic: Topic::Rules,
        kinds: &[Single, Multi],
        make: losing,
    },
    Family {
        name: "majority_king",
        topic: Topic::Rules,
        kinds: &[Single],
        make: majority_king,
    },
    Family {
        name: "passing_promotion",
        topic: Topic::Rules,
        kinds: &[Single],
        make: passing_promotion,
    },
    Family {
        name: "removal",
        topic: Topic::Rules,
        kinds: &[Single],
        make: removal,
    },
];

/// A statement: its stable name, whether it is true, and its words.
pub(crate) struct Statement {
    pub key: &'static str,
    pub truth: bool,
    pub text: Text,
}

/// A choice question on statements: "which is true" (or, when `ask_false`, "which is false").
fn statements(
    context: &mut Context,
    kind: QuestionType,
    draft: Draft,
    pool: &[Statement],
    ask_false: bool,
) -> Option<Question> {
    let lang = context.lang;
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = pool
        .iter()
        .map(|s| Choice::new(say!(lang, s.text), s.key, s.truth != ask_false))
        .partition(|c| c.right);
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}

fn first_move(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let first = probes::first_to_move();
    let lang = context.lang;
    let explanation = say!(
        lang,
        Text::FirstMoveExplanation,
        side = words::side(lang, first)
    );
    if kind == Blank {
        let prompt = say!(lang, Text::FirstMoveBlank);
        let fill = match first {
            Color::White => Fill::word(say!(lang, Text::FirstMoveBlankWhite), Word::White, 1),
            Color::Black => Fill::word(say!(lang, Text::FirstMoveBlankBlack), Word::Black, 1),
        };
        return blanks(
            Draft::new("first_move", Topic::Rules, prompt).explain(explanation),
            vec![fill],
        );
    }
    let prompt = say!(lang, Text::FirstMoveSingle);
    let pool = [
        Statement {
            key: "white",
            truth: first == Color::White,
            text: Text::FirstMoveWhite,
        },
        Statement {
            key: "black",
            truth: first == Color::Black,
            text: Text::FirstMoveBlack,
        },
        Statement {
            key: "lot",
            truth: false,
            text: Text::FirstMoveLot,
        },
        Statement {
            key: "younger",
            truth: false,
            text: Text::FirstMoveYounger,
        },
    ];
    statements(
        context,
        kind,
        Draft::new("first_move", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn man_moves(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let quiet_back = probes::man_quiet_backward();
    let capture_back = probes::man_captures(false);
    if !probes::man_quiet_forward() || !probes::man_captures(true) {
        return None;
    }
    let pool = [
        Statement {
            key: "quiet_forward_capture_both",
            truth: !quiet_back && capture_back,
            text: Text::ManMovesQuietForwardCaptureBoth,
        },
        Statement {
            key: "quiet_both_capture_forward",
            truth: quiet_back && !capture_back,
            text: Text::ManMovesQuietBothCaptureForward,
        },
        Statement {
            key: "forward_only",
            truth: !quiet_back && !capture_back,
            text: Text::ManMovesForwardOnly,
        },
        Statement {
            key: "both_always",
            truth: quiet_back && capture_back,
            text: Text::ManMovesBothAlways,
        },
    ];
    let lang = context.lang;
    let prompt = say!(lang, Text::ManMovesSingle);
    let explanation = say!(lang, Text::ManMovesExplanation);
    statements(
        context,
        kind,
        Draft::new("man_moves", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn numbering(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let quiet = probes::white_quiet_to_smaller();
    let captures = probes::white_captures_to_smaller();
    let pool = [
        Statement {
            key: "quiet_white_smaller",
            truth: quiet == Some(true),
            text: Text::NumberingQuietWhiteSmaller,
        },
        Statement {
            key: "quiet_white_larger",
            truth: quiet == Some(false),
            text: Text::NumberingQuietWhiteLarger,
        },
        Statement {
            key: "capture_white_smaller",
            truth: captures == Some(true),
            text: Text::NumberingCaptureWhiteSmaller,
        },
        Statement {
            key: "capture_white_larger",
            truth: captures == Some(false),
            text: Text::NumberingCaptureWhiteLarger,
        },
    ];
    let lang = context.lang;
    let prompt = say!(lang, Text::WhichStatementTrue);
    let explanation = say!(lang, Text::NumberingExplanation);
    statements(
        context,
        kind,
        Draft::new("numbering", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn king_pool() -> Vec<Statement> {
    let distance = probes::king_captures_at_distance();
    let anywhere = probes::king_lands_anywhere();
    let flies = probes::king_flies();
    let removed_after = probes::removed_after_capture().unwrap_or(true);
    vec![
        Statement {
            key: "at_distance",
            truth: distance,
            text: Text::KingAtDistance,
        },
        Statement {
            key: "any_landing",
            truth: anywhere,
            text: Text::KingAnyLanding,
        },
        Statement {
            key: "unique_landing",
            truth: !anywhere,
            text: Text::KingUniqueLanding,
        },
        Statement {
            key: "one_step",
            truth: !flies,
            text: Text::KingOneStep,
        },
        Statement {
            key: "flies",
            truth: flies,
            text: Text::KingFlies,
        },
        Statement {
            key: "turns",
            truth: probes::king_turns(),
            text: Text::KingTurns,
        },
        Statement {
            key: "backward",
            truth: probes::king_captures_backward(),
            text: Text::KingBackward,
        },
        Statement {
            key: "own",
            truth: probes::jumps_own_pieces(),
            text: Text::KingOwn,
        },
        Statement {
            key: "removed_at_once",
            truth: !removed_after,
            text: Text::KingRemovedAtOnce,
        },
        Statement {
            key: "wider",
            truth: distance && !probes::man_captures_on_edge(),
            text: Text::KingWider,
        },
    ]
}

fn king_facts(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let lang = context.lang;
    let ask_false = kind == Single && context.rng.gen_ratio(1, 3);
    let prompt = match (kind, ask_false) {
        (Single, false) => say!(lang, Text::KingFactsSingle),
        (Single, true) => say!(lang, Text::KingFactsSingleFalse),
        _ => say!(lang, Text::KingFactsMulti),
    };
    let explanation = say!(lang, Text::KingFactsExplanation);
    statements(
        context,
        kind,
        Draft::new("king_facts", Topic::Rules, prompt).explain(explanation),
        &king_pool(),
        ask_false,
    )
}

/// Whether a man may take any opponent's piece next to it (no: the square behind must be free).
fn adjacent_always_capturable() -> bool {
    // 23 is next to 28, but 19 behind it is taken.
    "W:W28:B23,19"
        .parse::<Position>()
        .is_ok_and(|p| p.legal_moves().iter().any(|m| m.is_capture()))
}

/// Whether a man that captures stops on the square right behind the piece it took.
fn man_lands_behind() -> bool {
    "W:W28:B23".parse::<Position>().is_ok_and(|p| {
        p.legal_moves()
            .iter()
            .all(|m| m.is_capture() && m.to().number() == 19)
    })
}

fn man_captures(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let pool = [
        Statement {
            key: "backward",
            truth: probes::man_captures(false),
            text: Text::ManCapturesBackward,
        },
        Statement {
            key: "forward_only",
            truth: !probes::man_captures(false),
            text: Text::ManCapturesForwardOnly,
        },
        Statement {
            key: "edge",
            truth: probes::man_captures_on_edge(),
            text: Text::ManCapturesEdge,
        },
        Statement {
            key: "adjacent",
            truth: adjacent_always_capturable(),
            text: Text::ManCapturesAdjacent,
        },
        Statement {
            key: "lands_behind",
            truth: man_lands_behind(),
            text: Text::ManCapturesLandsBehind,
        },
        Statement {
            key: "own",
            truth: probes::jumps_own_pieces(),
            text: Text::ManCapturesOwn,
        },
        Statement {
            key: "compulsory",
            truth: probes::capture_compulsory(),
            text: Text::ManCapturesCompulsory,
        },
    ];
    let lang = context.lang;
    let ask_false = kind == Single && context.rng.gen_ratio(1, 3);
    let prompt = match (kind, ask_false) {
        (Single, false) => say!(lang, Text::ManCapturesSingle),
        (Single, true) => say!(lang, Text::ManCapturesSingleFalse),
        _ => say!(lang, Text::ManCapturesMulti),
    };
    let explanation = say!(lang, Text::ManCapturesExplanation);
    statements(
        context,
        kind,
        Draft::new("man_captures", Topic::Rules, prompt).explain(explanation),
        &pool,
        ask_false,
    )
}

fn permission(lang: Lang, permitted: bool) -> Fill {
    if permitted {
        Fill::word(say!(lang, Text::Permitted), Word::Permitted, 2)
    } else {
        Fill::word(say!(lang, Text::Forbidden), Word::Forbidden, 2)
    }
}

fn jumping(context: &mut Context, _kind: QuestionType) -> Option<Question> {
    let own = probes::jumps_own_pieces();
    let empty_twice = probes::crosses_empty_twice();
    let piece_twice = probes::jumps_same_piece_twice()?;
    let lang = context.lang;
    let mut clauses = vec![
        (own, say!(lang, Text::JumpOwnPieces)),
        (empty_twice, say!(lang, Text::CrossEmptySquareTwice)),
        (piece_twice, say!(lang, Text::JumpPieceTwice)),
    ];
    clauses.shuffle(&mut context.rng);
    if context.rng.gen_ratio(1, 3) {
        clauses.pop();
    }
    let texts: Vec<String> = clauses.iter().map(|c| c.1.clone()).collect();
    let prompt = say!(
        lang,
        Text::JumpingBlank,
        clauses = words::clauses(lang, &texts)
    );
    let fills = clauses
        .iter()
        .map(|(permitted, _)| permission(lang, *permitted))
        .collect();
    let explanation = say!(lang, Text::JumpingExplanation);
    blanks(
        Draft::new("jumping", Topic::Rules, prompt).explain(explanation),
        fills,
    )
}

fn draw_rules(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let (kings, sixteen, five, repetition) = probes::draw_counts()?;
    let lang = context.lang;
    let variant = context.rng.gen_range(0..3);
    let explanation = say!(
        lang,
        Text::DrawRulesExplanation,
        kings,
        sixteen,
        five,
        repetition
    );
    let draft = |prompt: String| {
        Draft::new("draw_rules", Topic::Rules, prompt).explain(explanation.clone())
    };
    if kind == Blank {
        return match variant {
            0 => blanks(
                draft(say!(lang, Text::DrawKingMovesBlank)),
                vec![
                    Fill::number(kings.into(), 2),
                    Fill::word(say!(lang, Text::Kings), Word::King, 2),
                ],
            ),
            1 => blanks(
                draft(say!(lang, Text::DrawEndgameBlank)),
                vec![
                    Fill::number(sixteen.into(), 2),
                    Fill::number(five.into(), 2),
                ],
            ),
            _ => blanks(
                draft(say!(lang, Text::DrawRepetitionBlank)),
                vec![Fill::number(repetition.into(), 2)],
            ),
        };
    }
    let (prompt, value, near) = match context.rng.gen_range(0..4) {
        0 => (
            say!(lang, Text::DrawThreeKingsSingle),
            sixteen,
            vec![5, 10, 15, 20, 25],
        ),
        1 => (
            say!(lang, Text::DrawTwoKingsSingle),
            five,
            vec![3, 10, 16, 25],
        ),
        2 => (
            say!(lang, Text::DrawKingMovesSingle),
            kings,
            vec![16, 20, 30, 40, 50],
        ),
        _ => (
            say!(lang, Text::DrawRepetitionSingle),
            repetition,
            vec![2, 4, 5, 6],
        ),
    };
    choice(
        context,
        kind,
        draft(prompt),
        vec![Choice::plain(value.to_string(), true)],
        near.into_iter()
            .filter(|&n| n != value)
            .map(|n| Choice::plain(n.to_string(), false))
            .collect(),
        Order::Numeric,
    )
}

fn losing(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let [no_pieces, no_moves, fewer, no_king] = probes::losing()?;
    let pool = [
        Statement {
            key: "no_pieces",
            truth: no_pieces,
            text: Text::LosingNoPieces,
        },
        Statement {
            key: "no_moves",
            truth: no_moves,
            text: Text::LosingNoMoves,
        },
        Statement {
            key: "fewer",
            truth: fewer,
            text: Text::LosingFewer,
        },
        Statement {
            key: "no_king",
            truth: no_king,
            text: Text::LosingNoKing,
        },
        // The rules model: resigning loses (FMJD 7.2); no position shows it.
        Statement {
            key: "resigns",
            truth: true,
            text: Text::LosingResigns,
        },
    ];
    let lang = context.lang;
    let prompt = match kind {
        Single => say!(lang, Text::LosingSingle),
        _ => say!(lang, Text::LosingMulti),
    };
    let explanation = say!(lang, Text::LosingExplanation);
    statements(
        context,
        kind,
        Draft::new("losing", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn majority_king(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let counts = probes::king_counts_as()?;
    let pool = [
        Statement {
            key: "one",
            truth: counts == 1,
            text: Text::MajorityKingOne,
        },
        Statement {
            key: "two",
            truth: counts == 2,
            text: Text::MajorityKingTwo,
        },
        Statement {
            key: "three",
            truth: counts == 3,
            text: Text::MajorityKingThree,
        },
        Statement {
            key: "priority",
            truth: false,
            text: Text::MajorityKingPriority,
        },
    ];
    let lang = context.lang;
    let prompt = say!(lang, Text::MajorityKingSingle);
    let explanation = say!(lang, Text::MajorityKingExplanation);
    statements(
        context,
        kind,
        Draft::new("majority_king", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn removal(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let after = probes::removed_after_capture()?;
    let pool = [
        Statement {
            key: "after",
            truth: after,
            text: Text::RemovalAfter,
        },
        Statement {
            key: "at_once",
            truth: !after,
            text: Text::RemovalAtOnce,
        },
        Statement {
            key: "first_at_once",
            truth: !after,
            text: Text::RemovalFirstAtOnce,
        },
        Statement {
            key: "player_chooses",
            truth: !after,
            text: Text::RemovalPlayerChooses,
        },
    ];
    let lang = context.lang;
    let prompt = say!(lang, Text::RemovalSingle);
    let explanation = say!(lang, Text::RemovalExplanation);
    statements(
        context,
        kind,
        Draft::new("removal", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn passing_promotion(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let crowned = probes::crowned_in_passing()?;
    // The witness capture is legal: the man may cross the row.
    let witness: Position = probes::PASSING.parse().ok()?;
    let capture = witness.legal_moves().first().copied();
    let legal = capture.is_some();
    let route = capture
        .map(|m| witness.full_move_text(&m))
        .unwrap_or_default();
    let pool = [
        Statement {
            key: "stays_man",
            truth: !crowned && legal,
            text: Text::PassingPromotionStaysMan,
        },
        Statement {
            key: "crowned",
            truth: crowned,
            text: Text::PassingPromotionCrowned,
        },
        Statement {
            key: "crowned_and_goes_on",
            truth: false,
            text: Text::PassingPromotionCrownedAndGoesOn,
        },
        Statement {
            key: "must_stop",
            truth: !legal,
            text: Text::PassingPromotionMustStop,
        },
    ];
    let lang = context.lang;
    let prompt = say!(lang, Text::PassingPromotionSingle);
    let example = probes::PASSING;
    let explanation = say!(lang, Text::PassingPromotionExplanation, example, route);
    statements(
        context,
        kind,
        Draft::new("passing_promotion", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}
