//! Conduct at the board: what the rules texts say about handling the pieces, which no position
//! shows and no engine can be asked - when a move counts as made (落子生根) and that a touched
//! piece must be moved, when the captured pieces come off the board, how a new king is marked
//! (叠子, 加冕). Each game's answers are in its [`Conduct`] table, with the article of its rules
//! beside each field; the questions read the table and never know an answer of their own.

use super::build::{blanks, choice, Choice, Draft, Fill, Order};
use super::family::{Context, FamilyDef};
use super::question::{Family, Question, QuestionType, Topic};
use crate::words::synonyms::Word;
use crate::words::{say, Lang, Text};
use crate::{RuleSet, Rules, Variant};
use rand::Rng;

use QuestionType::{Blank, Multi, Single};

/// The moment a move counts as made.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Moment {
    /// The player's hand touches the piece.
    HandTouches,
    /// The piece touches the board on its new square.
    PieceLands,
    /// The player's hand leaves the piece on its new square.
    HandLeaves,
    /// The opponent plays the next move.
    OpponentMoves,
}

impl Moment {
    const ALL: [Moment; 4] = [
        Moment::HandTouches,
        Moment::PieceLands,
        Moment::HandLeaves,
        Moment::OpponentMoves,
    ];

    const fn key(self) -> &'static str {
        match self {
            Moment::HandTouches => "hand_touches",
            Moment::PieceLands => "piece_lands",
            Moment::HandLeaves => "hand_leaves",
            Moment::OpponentMoves => "opponent_moves",
        }
    }

    const fn text(self) -> Text {
        match self {
            Moment::HandTouches => Text::MomentHandTouches,
            Moment::PieceLands => Text::MomentPieceLands,
            Moment::HandLeaves => Text::MomentHandLeaves,
            Moment::OpponentMoves => Text::MomentOpponentMoves,
        }
    }
}

/// How a man that is crowned is marked on the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum KingMark {
    /// A second piece of its colour is stacked on it (叠子; the act is called crowning, 加冕).
    Stacked,
    /// The piece is turned over.
    TurnedOver,
}

/// When and how the pieces a capture took come off the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Removal {
    /// Only after the whole capture, one by one in the order they were jumped or its reverse.
    AfterCaptureInOrder,
    /// Only after the whole capture (the rules set no order).
    AfterCapture,
}

/// The conduct rules of one game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Conduct {
    /// When a move counts as made: after it, it may not be changed (落子生根).
    pub move_made: Moment,
    /// Whether a player who touches one of his pieces that can move must move it.
    pub touched_must_move: bool,
    pub removal: Removal,
    pub king_mark: KingMark,
}

/// The conduct rules of `variant`.
pub(crate) const fn conduct(variant: Variant) -> Conduct {
    match variant {
        // FMJD rules (the Chinese federation's 100-square rules in seed 000 and 004).
        Variant::International => Conduct {
            move_made: Moment::HandLeaves,         // 4.10, seed 000 single choice 8
            touched_must_move: true,               // 5.4.3
            removal: Removal::AfterCaptureInOrder, // 4.11
            king_mark: KingMark::Stacked,          // 3.5 (seed 000 blank 4: 加冕)
        },
        // The FMJD rules on 8x8 (the Chinese 64-square rules of seed 000: "两枚棋子叠起成为王棋").
        Variant::Brazilian => Conduct {
            move_made: Moment::HandLeaves,
            touched_must_move: true,
            removal: Removal::AfterCaptureInOrder,
            king_mark: KingMark::Stacked,
        },
        // Russian rules: "тронул - ходи", the move is made when the hand lets go, captured
        // pieces come off after the move (the Turkish strike), a new king is turned over.
        Variant::Russian => Conduct {
            move_made: Moment::HandLeaves,
            touched_must_move: true,
            removal: Removal::AfterCapture,
            king_mark: KingMark::TurnedOver,
        },
        // WCDF rules: touch and move (a playable piece touched must be played), the move ends
        // when the hand is withdrawn, jumped pieces come off when the jump is completed, a
        // crowned piece has a piece of its colour placed on top.
        Variant::English => Conduct {
            move_made: Moment::HandLeaves,
            touched_must_move: true,
            removal: Removal::AfterCapture,
            king_mark: KingMark::Stacked,
        },
    }
}

fn stacked(rules: &RuleSet) -> bool {
    conduct(rules.variant).king_mark == KingMark::Stacked
}

fn any_game(_: &RuleSet) -> bool {
    true
}

pub(crate) fn families<R: Rules>() -> Vec<FamilyDef<R>> {
    vec![
        FamilyDef {
            name: Family::MoveMade,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: any_game,
            make: move_made::<R>,
        },
        FamilyDef {
            name: Family::Conduct,
            topic: Topic::Rules,
            kinds: &[Single, Multi],
            fits: any_game,
            make: behaviour::<R>,
        },
        FamilyDef {
            name: Family::KingMark,
            topic: Topic::Rules,
            kinds: &[Single],
            fits: any_game,
            make: king_mark::<R>,
        },
        FamilyDef {
            name: Family::CrowningName,
            topic: Topic::Rules,
            kinds: &[Blank],
            fits: stacked,
            make: crowning::<R>,
        },
    ]
}

/// 落子生根: "once made, a move may not be changed; it counts as made when ____".
fn move_made<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let rules = conduct(context.variant());
    let lang = context.lang;
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = Moment::ALL
        .into_iter()
        .map(|m| Choice::new(say!(lang, m.text()), m.key(), m == rules.move_made))
        .partition(|c| c.right);
    let explanation = say!(
        lang,
        Text::MoveMadeExplanation,
        moment = say!(lang, rules.move_made.text())
    );
    choice(
        context,
        kind,
        Draft::new(
            Family::MoveMade,
            Topic::Rules,
            say!(lang, Text::MoveMadeSingle),
        )
        .explain(explanation),
        right,
        wrong,
        Order::Shuffle,
    )
}

/// One way of handling the pieces, and whether the game's rules forbid it.
struct Act {
    key: &'static str,
    text: Text,
    breaks_rules: bool,
}

/// Acts at the board, each judged by the game's conduct table.
fn acts(rules: Conduct) -> Vec<Act> {
    let after_capture = matches!(
        rules.removal,
        Removal::AfterCapture | Removal::AfterCaptureInOrder
    );
    let mut acts = vec![
        Act {
            key: "touch_other",
            text: Text::ActTouchOther,
            breaks_rules: rules.touched_must_move,
        },
        // No game lets a player move the opponent's pieces or take back a move.
        Act {
            key: "move_opponent",
            text: Text::ActMoveOpponent,
            breaks_rules: true,
        },
        Act {
            key: "take_back",
            text: Text::ActTakeBack,
            breaks_rules: true,
        },
        Act {
            key: "change_before_release",
            text: Text::ActChangeBeforeRelease,
            breaks_rules: matches!(rules.move_made, Moment::HandTouches | Moment::PieceLands),
        },
        Act {
            key: "remove_during_capture",
            text: Text::ActRemoveDuringCapture,
            breaks_rules: after_capture,
        },
        Act {
            key: "remove_after_capture",
            text: Text::ActRemoveAfterCapture,
            breaks_rules: !after_capture,
        },
    ];
    if rules.removal == Removal::AfterCaptureInOrder {
        acts.push(Act {
            key: "remove_any_order",
            text: Text::ActRemoveAnyOrder,
            breaks_rules: true,
        });
    }
    acts.push(match rules.king_mark {
        KingMark::Stacked => Act {
            key: "mark_stacked",
            text: Text::ActMarkStacked,
            breaks_rules: false,
        },
        KingMark::TurnedOver => Act {
            key: "mark_turned",
            text: Text::ActMarkTurned,
            breaks_rules: false,
        },
    });
    acts
}

/// "Which of these acts break the rules?" (seed 000, multiple choice 4), or for a single
/// choice, which one does (or, one time in three, which one does not).
fn behaviour<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let rules = conduct(context.variant());
    let lang = context.lang;
    let ask_allowed = kind == Single && context.rng.gen_ratio(1, 3);
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = acts(rules)
        .into_iter()
        .map(|a| Choice::new(say!(lang, a.text), a.key, a.breaks_rules != ask_allowed))
        .partition(|c| c.right);
    let prompt = match (kind, ask_allowed) {
        (Multi, _) => Text::ConductMulti,
        (_, false) => Text::ConductSingle,
        (_, true) => Text::ConductSingleAllowed,
    };
    let explanation = conduct_explanation(lang, rules);
    choice(
        context,
        kind,
        Draft::new(Family::Conduct, Topic::Rules, say!(lang, prompt)).explain(explanation),
        right,
        wrong,
        Order::Shuffle,
    )
}

/// The conduct rules of a game in one sentence, from its table.
fn conduct_explanation(lang: Lang, rules: Conduct) -> String {
    let mut parts = Vec::new();
    if rules.touched_must_move {
        parts.push(say!(lang, Text::TouchMovePart));
    }
    parts.push(say!(
        lang,
        Text::MoveMadePart,
        moment = say!(lang, rules.move_made.text())
    ));
    parts.push(say!(lang, Text::NoTakingBackPart));
    parts.push(say!(
        lang,
        match rules.removal {
            Removal::AfterCaptureInOrder => Text::RemovalInOrderPart,
            Removal::AfterCapture => Text::RemovalAfterPart,
        }
    ));
    say!(
        lang,
        Text::ConductExplanation,
        parts = parts.join(crate::words::text(lang, Text::Semicolon))
    )
}

/// How a new king is marked: the table's mark against marks no game uses.
fn king_mark<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let rules = conduct(context.variant());
    let lang = context.lang;
    let (mark, explanation) = match rules.king_mark {
        KingMark::Stacked => (
            Choice::new(say!(lang, Text::KingMarkStacked), "stacked", true),
            Text::KingMarkStackedExplanation,
        ),
        KingMark::TurnedOver => (
            Choice::new(say!(lang, Text::KingMarkTurned), "turned_over", true),
            Text::KingMarkTurnedExplanation,
        ),
    };
    let wrong = [
        ("opponent_colour", Text::KingMarkOpponentColour),
        ("nothing", Text::KingMarkNothing),
        ("beside", Text::KingMarkBeside),
        ("back_row", Text::KingMarkBackRow),
    ]
    .into_iter()
    .map(|(key, text)| Choice::new(say!(lang, text), key, false))
    .collect();
    choice(
        context,
        kind,
        Draft::new(
            Family::KingMark,
            Topic::Rules,
            say!(lang, Text::KingMarkSingle),
        )
        .explain(say!(lang, explanation)),
        vec![mark],
        wrong,
        Order::Shuffle,
    )
}

/// Seed 000, blank 4: stacking a piece on a new king is called ____ (加冕).
fn crowning<R: Rules>(context: &mut Context<R>, _kind: QuestionType) -> Option<Question> {
    if conduct(context.variant()).king_mark != KingMark::Stacked {
        return None;
    }
    let lang = context.lang;
    blanks(
        Draft::new(
            Family::CrowningName,
            Topic::Rules,
            say!(lang, Text::CrowningNameBlank),
        )
        .explain(say!(lang, Text::KingMarkStackedExplanation)),
        vec![Fill::word(say!(lang, Text::Crowning), Word::Crowning, 1)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_forbids_some_acts_and_allows_others() {
        for variant in Variant::ALL {
            let acts = acts(conduct(variant));
            let breaking = acts.iter().filter(|a| a.breaks_rules).count();
            // A multiple choice needs one to three right of five, a single one of four.
            assert!(breaking >= 3, "{variant}");
            assert!(acts.len() - breaking >= 2, "{variant}");
        }
    }

    #[test]
    fn the_fmjd_games_remove_captured_pieces_in_order_and_stack_kings() {
        for variant in [Variant::International, Variant::Brazilian] {
            assert_eq!(conduct(variant).removal, Removal::AfterCaptureInOrder);
            assert_eq!(conduct(variant).king_mark, KingMark::Stacked);
        }
        assert_eq!(conduct(Variant::Russian).king_mark, KingMark::TurnedOver);
    }
}
