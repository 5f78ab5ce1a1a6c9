//! Rules facts: who moves first, how men and kings move and capture, what may be jumped, the
//! maximum-capture rule or its absence, what becomes of a man that reaches its crowning row in
//! a capture, the draw rules and how a game is lost. Each statement's truth comes from the
//! game's [`Facts`](super::probes::Facts): small positions its engine is asked about, or games
//! played until the engine declares them drawn.

use super::build::{blanks, choice, Choice, Draft, Fill, Order};
use super::family::{every_game, Context, FamilyDef};
use super::probes::Crossing;
use super::question::{Family, Question, QuestionType, Topic};
use crate::square::Color;
use crate::words::synonyms::Word;
use crate::words::{self, say, text, Lang, Text};
use crate::{RuleSet, Rules, Variant};
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Blank, Multi, Single};

pub(crate) fn families<R: Rules>() -> Vec<FamilyDef<R>> {
    vec![
        FamilyDef {
            name: Family::FirstMove,
            topic: Topic::Rules,
            kinds: &[Single, Blank],
            fits: every_game,
            make: first_move::<R>,
        },
        FamilyDef {
            name: Family::ManMoves,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: every_game,
            make: man_moves::<R>,
        },
        FamilyDef {
            name: Family::Numbering,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: numbered,
            make: numbering::<R>,
        },
        FamilyDef {
            name: Family::KingFacts,
            topic: Topic::Rules,
            kinds: &[Single, Multi],
            fits: every_game,
            make: king_facts::<R>,
        },
        FamilyDef {
            name: Family::ManCaptures,
            topic: Topic::Rules,
            kinds: &[Single, Multi],
            fits: every_game,
            make: man_captures::<R>,
        },
        FamilyDef {
            name: Family::Jumping,
            topic: Topic::Rules,
            kinds: &[Blank],
            fits: every_game,
            make: jumping::<R>,
        },
        FamilyDef {
            name: Family::DrawRules,
            topic: Topic::Rules,
            kinds: &[Single, Blank],
            fits: every_game,
            make: draw_rules::<R>,
        },
        FamilyDef {
            name: Family::Losing,
            topic: Topic::Rules,
            kinds: &[Single, Multi],
            fits: every_game,
            make: losing::<R>,
        },
        FamilyDef {
            name: Family::CaptureChoice,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: every_game,
            make: capture_choice::<R>,
        },
        FamilyDef {
            name: Family::MajorityKing,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: maximum,
            make: majority_king::<R>,
        },
        FamilyDef {
            name: Family::PassingPromotion,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: every_game,
            make: passing_promotion::<R>,
        },
        FamilyDef {
            name: Family::Removal,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: flying,
            make: removal::<R>,
        },
    ]
}

/// Games whose squares are numbered (international, English checkers).
fn numbered(rules: &RuleSet) -> bool {
    rules.notation == crate::Notation::Numeric
}

/// Games with the maximum-capture rule (能多吃必多吃).
fn maximum(rules: &RuleSet) -> bool {
    rules.maximum_capture
}

/// Games with flying kings, where captured pieces left on the board change a capture.
fn flying(rules: &RuleSet) -> bool {
    rules.flying_kings
}

/// A statement: its stable name, whether it is true, and its words.
pub(crate) struct Statement {
    pub key: &'static str,
    pub truth: bool,
    pub text: String,
}

impl Statement {
    fn new(lang: Lang, key: &'static str, truth: bool, text: Text) -> Statement {
        Statement {
            key,
            truth,
            text: say!(lang, text),
        }
    }
}

/// A choice question on statements: "which is true" (or, when `ask_false`, "which is false").
fn statements<R: Rules>(
    context: &mut Context<R>,
    kind: QuestionType,
    draft: Draft,
    pool: Vec<Statement>,
    ask_false: bool,
) -> Option<Question> {
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = pool
        .into_iter()
        .map(|s| Choice::new(s.text, s.key, s.truth != ask_false))
        .partition(|c| c.right);
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}

/// The fill of a side's name: the side as the game's texts name it, and every form of it
/// (English checkers' dark side also as black and red).
fn side_fill(context: &Context<impl Rules>, color: Color, points: u32) -> Fill {
    let lang = context.lang;
    let display = context.names().colour(color).to_string();
    let display = if lang == Lang::English {
        context.names().side(color).to_string()
    } else {
        display
    };
    let words: &[Word] = match color {
        Color::White => &[Word::White],
        Color::Black if context.variant() == Variant::English => &[Word::Black, Word::Red],
        Color::Black => &[Word::Black],
    };
    Fill::words(display, words, points)
}

fn first_move<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let first = context.facts().first_to_move;
    let lang = context.lang;
    let names = context.names();
    let explanation = say!(
        lang,
        Text::FirstMoveExplanation,
        side = names.side(first),
        game = names.game()
    );
    if kind == Blank {
        let prompt = say!(lang, Text::FirstMoveBlank, game = names.game());
        let fill = side_fill(context, first, 1);
        return blanks(
            Draft::new(Family::FirstMove, Topic::Rules, prompt).explain(explanation),
            vec![fill],
        );
    }
    let prompt = say!(lang, Text::FirstMoveSingle, game = names.game());
    let side = |color: Color| names.side(color).to_string();
    let pool = vec![
        Statement {
            key: "white",
            truth: first == Color::White,
            text: side(Color::White),
        },
        Statement {
            key: "black",
            truth: first == Color::Black,
            text: side(Color::Black),
        },
        Statement::new(lang, "lot", false, Text::FirstMoveLot),
        Statement::new(lang, "younger", false, Text::FirstMoveYounger),
    ];
    statements(
        context,
        kind,
        Draft::new(Family::FirstMove, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}

fn man_moves<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let f = context.facts();
    let (quiet_back, capture_back) = (f.man_quiet_backward, f.man_captures_backward);
    if !f.man_quiet_forward || !f.man_captures_forward {
        return None;
    }
    let lang = context.lang;
    let pool = vec![
        Statement::new(
            lang,
            "quiet_forward_capture_both",
            !quiet_back && capture_back,
            Text::ManMovesQuietForwardCaptureBoth,
        ),
        Statement::new(
            lang,
            "quiet_both_capture_forward",
            quiet_back && !capture_back,
            Text::ManMovesQuietBothCaptureForward,
        ),
        Statement::new(
            lang,
            "forward_only",
            !quiet_back && !capture_back,
            Text::ManMovesForwardOnly,
        ),
        Statement::new(
            lang,
            "both_always",
            quiet_back && capture_back,
            Text::ManMovesBothAlways,
        ),
    ];
    let prompt = say!(lang, Text::ManMovesSingle);
    let explanation = if capture_back {
        say!(lang, Text::ManMovesExplanation)
    } else {
        say!(lang, Text::ManMovesForwardExplanation)
    };
    statements(
        context,
        kind,
        Draft::new(Family::ManMoves, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}

fn numbering<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let f = context.facts();
    let (quiet, captures) = (f.white_quiet_to_smaller, f.white_captures_to_smaller);
    let lang = context.lang;
    let black = context.names().side(Color::Black);
    let statement = |key, truth, text| Statement {
        key,
        truth,
        text: say!(lang, text, black),
    };
    let pool = vec![
        statement(
            "quiet_white_smaller",
            quiet == Some(true),
            Text::NumberingQuietWhiteSmaller,
        ),
        statement(
            "quiet_white_larger",
            quiet == Some(false),
            Text::NumberingQuietWhiteLarger,
        ),
        statement(
            "capture_white_smaller",
            captures == Some(true),
            Text::NumberingCaptureWhiteSmaller,
        ),
        statement(
            "capture_white_larger",
            captures == Some(false),
            Text::NumberingCaptureWhiteLarger,
        ),
        statement(
            "capture_white_both",
            captures.is_none(),
            Text::NumberingCaptureBoth,
        ),
    ];
    let prompt = say!(lang, Text::WhichStatementTrue);
    let last = R::RULES.board.square_count();
    let explanation = if captures.is_none() {
        say!(lang, Text::NumberingExplanation, last, black)
    } else {
        say!(lang, Text::NumberingForwardExplanation, last, black)
    };
    statements(
        context,
        kind,
        Draft::new(Family::Numbering, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}

fn king_pool<R: Rules>(context: &Context<R>) -> Vec<Statement> {
    let f = context.facts();
    let lang = context.lang;
    let mut pool = vec![
        Statement::new(
            lang,
            "at_distance",
            f.king_at_distance,
            Text::KingAtDistance,
        ),
        Statement::new(
            lang,
            "any_landing",
            f.king_lands_anywhere,
            Text::KingAnyLanding,
        ),
        Statement::new(
            lang,
            "unique_landing",
            !f.king_lands_anywhere,
            Text::KingUniqueLanding,
        ),
        Statement::new(lang, "one_step", !f.king_flies, Text::KingOneStep),
        Statement::new(lang, "flies", f.king_flies, Text::KingFlies),
        Statement::new(lang, "turns", f.king_turns, Text::KingTurns),
        Statement::new(
            lang,
            "backward",
            f.king_captures_backward,
            Text::KingBackward,
        ),
        Statement::new(lang, "own", f.jumps_own_pieces, Text::KingOwn),
        Statement::new(
            lang,
            "wider",
            f.king_at_distance || (f.king_captures_backward && !f.man_captures_backward),
            Text::KingWider,
        ),
    ];
    if let Some(after) = f.removed_after {
        pool.push(Statement::new(
            lang,
            "removed_at_once",
            !after,
            Text::KingRemovedAtOnce,
        ));
    }
    pool
}

fn king_facts<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let lang = context.lang;
    let ask_false = kind == Single && context.rng.gen_ratio(1, 3);
    let prompt = match (kind, ask_false) {
        (Single, false) => say!(lang, Text::KingFactsSingle),
        (Single, true) => say!(lang, Text::KingFactsSingleFalse),
        _ => say!(lang, Text::KingFactsMulti),
    };
    let explanation = if context.facts().king_flies {
        say!(lang, Text::KingFactsExplanation)
    } else {
        say!(lang, Text::KingFactsStepExplanation)
    };
    let pool = king_pool(context);
    statements(
        context,
        kind,
        Draft::new(Family::KingFacts, Topic::Rules, prompt).explain(explanation),
        pool,
        ask_false,
    )
}

fn man_captures<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let f = context.facts();
    let lang = context.lang;
    let pool = vec![
        Statement::new(
            lang,
            "backward",
            f.man_captures_backward,
            Text::ManCapturesBackward,
        ),
        Statement::new(
            lang,
            "forward_only",
            !f.man_captures_backward,
            Text::ManCapturesForwardOnly,
        ),
        Statement::new(lang, "edge", f.man_captures_on_edge, Text::ManCapturesEdge),
        Statement::new(
            lang,
            "adjacent",
            f.adjacent_always,
            Text::ManCapturesAdjacent,
        ),
        Statement::new(
            lang,
            "lands_behind",
            f.man_lands_behind,
            Text::ManCapturesLandsBehind,
        ),
        Statement::new(lang, "own", f.jumps_own_pieces, Text::ManCapturesOwn),
        Statement::new(
            lang,
            "compulsory",
            f.capture_compulsory,
            Text::ManCapturesCompulsory,
        ),
    ];
    let ask_false = kind == Single && context.rng.gen_ratio(1, 3);
    let prompt = match (kind, ask_false) {
        (Single, false) => say!(lang, Text::ManCapturesSingle),
        (Single, true) => say!(lang, Text::ManCapturesSingleFalse),
        _ => say!(lang, Text::ManCapturesMulti),
    };
    let explanation = if f.man_captures_backward {
        say!(lang, Text::ManCapturesExplanation)
    } else {
        say!(lang, Text::ManCapturesForwardExplanation)
    };
    statements(
        context,
        kind,
        Draft::new(Family::ManCaptures, Topic::Rules, prompt).explain(explanation),
        pool,
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

fn jumping<R: Rules>(context: &mut Context<R>, _kind: QuestionType) -> Option<Question> {
    let f = context.facts();
    let lang = context.lang;
    let mut clauses = vec![(f.jumps_own_pieces, say!(lang, Text::JumpOwnPieces))];
    if let Some(twice) = f.crosses_empty_twice {
        clauses.push((twice, say!(lang, Text::CrossEmptySquareTwice)));
    }
    if let Some(twice) = f.jumps_piece_twice {
        clauses.push((twice, say!(lang, Text::JumpPieceTwice)));
    }

    clauses.shuffle(&mut context.rng);
    if clauses.len() == 3 && context.rng.gen_ratio(1, 3) {
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
        Draft::new(Family::Jumping, Topic::Rules, prompt).explain(explanation),
        fills,
    )
}

/// The draw rules of the game in one sentence: each count the engine played to.
fn draw_explanation<R: Rules>(context: &Context<R>) -> String {
    let draws = context.facts().draws;
    let lang = context.lang;
    let russian = R::RULES.draw.lone_king.iter().any(|l| l.min_kings >= 3);
    let mut parts = Vec::new();
    if let Some(kings) = draws.king_moves {
        parts.push(say!(lang, Text::DrawKingMovesPart, kings));
    }
    match (draws.three_kings, draws.two_kings) {
        (Some(three), _) if russian => parts.push(say!(lang, Text::DrawThreeKingsPart, three)),
        (Some(three), Some(two)) => {
            parts.push(say!(lang, Text::DrawThreePiecesPart, three));
            parts.push(say!(lang, Text::DrawTwoPiecesPart, two));
        }
        _ => {}
    }
    if let Some(repetition) = draws.repetition {
        parts.push(say!(lang, Text::DrawRepetitionPart, repetition));
    }
    say!(
        lang,
        Text::DrawRulesExplanation,
        parts = parts.join(text(lang, Text::Semicolon))
    )
}

fn draw_rules<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let draws = context.facts().draws;
    let russian = R::RULES.draw.lone_king.iter().any(|l| l.min_kings >= 3);
    let lang = context.lang;
    let explanation = draw_explanation(context);
    let draft = |prompt: String| {
        Draft::new(Family::DrawRules, Topic::Rules, prompt).explain(explanation.clone())
    };
    if kind == Blank {
        let mut choices: Vec<Option<Question>> = Vec::new();
        if let Some(kings) = draws.king_moves {
            choices.push(blanks(
                draft(say!(lang, Text::DrawKingMovesBlank)),
                vec![
                    Fill::number(kings.into(), 2),
                    Fill::word(say!(lang, Text::Kings), Word::King, 2),
                ],
            ));
        }
        match (draws.three_kings, draws.two_kings) {
            (Some(three), _) if russian => choices.push(blanks(
                draft(say!(lang, Text::DrawThreeKingsBlank)),
                vec![Fill::number(three.into(), 2)],
            )),
            (Some(three), Some(two)) => choices.push(blanks(
                draft(say!(lang, Text::DrawEndgameBlank)),
                vec![Fill::number(three.into(), 2), Fill::number(two.into(), 2)],
            )),
            _ => {}
        }
        if let Some(repetition) = draws.repetition {
            choices.push(blanks(
                draft(say!(lang, Text::DrawRepetitionBlank)),
                vec![Fill::number(repetition.into(), 2)],
            ));
        }
        let pick = context.rng.gen_range(0..choices.len().max(1));
        return choices.into_iter().nth(pick).flatten();
    }
    let mut facts: Vec<(String, u32, Vec<u32>)> = Vec::new();
    if let Some(three) = draws.three_kings {
        facts.push((
            say!(lang, Text::DrawThreeKingsSingle),
            three,
            vec![5, 10, 15, 16, 20, 25],
        ));
    }
    if let Some(two) = draws.two_kings {
        facts.push((
            say!(lang, Text::DrawTwoKingsSingle),
            two,
            vec![3, 5, 10, 16, 25],
        ));
    }
    if let Some(kings) = draws.king_moves {
        facts.push((
            say!(lang, Text::DrawKingMovesSingle),
            kings,
            vec![15, 16, 20, 25, 30, 40, 50],
        ));
    }
    if let Some(repetition) = draws.repetition {
        facts.push((
            say!(lang, Text::DrawRepetitionSingle),
            repetition,
            vec![2, 3, 4, 5, 6],
        ));
    }
    let (prompt, value, near) = facts.choose(&mut context.rng)?.clone();
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

fn losing<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let l = context.facts().losing?;
    let lang = context.lang;
    let pool = vec![
        Statement::new(lang, "no_pieces", l.no_pieces, Text::LosingNoPieces),
        Statement::new(lang, "no_moves", l.no_moves, Text::LosingNoMoves),
        Statement::new(lang, "fewer", l.fewer, Text::LosingFewer),
        Statement::new(lang, "no_king", l.no_king, Text::LosingNoKing),
        // The rules of every game: resigning loses; no position shows it.
        Statement::new(lang, "resigns", true, Text::LosingResigns),
    ];
    let prompt = match kind {
        Single => say!(lang, Text::LosingSingle),
        _ => say!(lang, Text::LosingMulti),
    };
    let explanation = say!(lang, Text::LosingExplanation);
    statements(
        context,
        kind,
        Draft::new(Family::Losing, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}

/// 有吃必吃，能多吃必多吃 - or the free choice of the games without the maximum rule.
fn capture_choice<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let f = context.facts();
    let most = f.most_compulsory?;
    let lang = context.lang;
    let pool = vec![
        Statement::new(lang, "most", most, Text::CaptureChoiceMost),
        Statement::new(
            lang,
            "free",
            !most && f.capture_compulsory,
            Text::CaptureChoiceFree,
        ),
        Statement::new(
            lang,
            "optional",
            !f.capture_compulsory,
            Text::CaptureChoiceOptional,
        ),
        Statement::new(
            lang,
            "king_first",
            most && f.king_counts_as.is_some_and(|n| n >= 2),
            Text::CaptureChoiceKingFirst,
        ),
    ];
    let prompt = say!(
        lang,
        Text::CaptureChoiceSingle,
        game = context.names().game()
    );
    let explanation = if most {
        say!(lang, Text::CaptureChoiceMostExplanation)
    } else {
        say!(lang, Text::CaptureChoiceFreeExplanation)
    };
    statements(
        context,
        kind,
        Draft::new(Family::CaptureChoice, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}

fn majority_king<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let counts = context.facts().king_counts_as?;
    let lang = context.lang;
    let pool = vec![
        Statement::new(lang, "one", counts == 1, Text::MajorityKingOne),
        Statement::new(lang, "two", counts == 2, Text::MajorityKingTwo),
        Statement::new(lang, "three", counts == 3, Text::MajorityKingThree),
        Statement::new(lang, "priority", false, Text::MajorityKingPriority),
    ];
    let prompt = say!(lang, Text::MajorityKingSingle);
    let explanation = say!(lang, Text::MajorityKingExplanation);
    statements(
        context,
        kind,
        Draft::new(Family::MajorityKing, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}

fn removal<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let after = context.facts().removed_after?;
    let lang = context.lang;
    let pool = vec![
        Statement::new(lang, "after", after, Text::RemovalAfter),
        Statement::new(lang, "at_once", !after, Text::RemovalAtOnce),
        Statement::new(lang, "first_at_once", !after, Text::RemovalFirstAtOnce),
        Statement::new(lang, "player_chooses", !after, Text::RemovalPlayerChooses),
    ];
    let prompt = say!(lang, Text::RemovalSingle);
    let explanation = say!(lang, Text::RemovalExplanation);
    statements(
        context,
        kind,
        Draft::new(Family::Removal, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}

fn passing_promotion<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let f = context.facts();
    let crossing = f.crossing?;
    let (example, moves) = f.crossing_witness.clone()?;
    let lang = context.lang;
    let pool = vec![
        Statement::new(
            lang,
            "stays_man",
            crossing == Crossing::StaysMan,
            Text::PassingPromotionStaysMan,
        ),
        Statement::new(
            lang,
            "crowned_and_goes_on",
            crossing == Crossing::GoesOnAsKing,
            Text::PassingPromotionCrownedAndGoesOn,
        ),
        Statement::new(
            lang,
            "crowned",
            crossing == Crossing::CrownedAtEnd,
            Text::PassingPromotionCrowned,
        ),
        Statement::new(
            lang,
            "must_stop",
            crossing == Crossing::Stops,
            Text::PassingPromotionMustStop,
        ),
    ];
    let prompt = say!(lang, Text::PassingPromotionSingle);
    let route = words::list(lang, &moves);
    let key = match crossing {
        Crossing::StaysMan => Text::PassingPromotionExplanation,
        Crossing::GoesOnAsKing => Text::PassingPromotionGoesOnExplanation,
        Crossing::CrownedAtEnd => Text::PassingPromotionAtEndExplanation,
        Crossing::Stops => Text::PassingPromotionStopsExplanation,
    };
    let explanation = say!(lang, key, example, route);
    statements(
        context,
        kind,
        Draft::new(Family::PassingPromotion, Topic::Rules, prompt).explain(explanation),
        pool,
        false,
    )
}
