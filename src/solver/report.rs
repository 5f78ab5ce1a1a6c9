//! A solution as plain data, for JSON output and templates.

use super::{GoalChoice, Solution, TreeNode, Uniqueness, Unknown};
use crate::position::Material;
use crate::square::ByColor;
use crate::words::{self, say, Lang, Text};
use damtutor_rules::{DrawReason, Rules};
use serde::Serialize;

/// Men and kings of both sides.
#[derive(Serialize, Clone, Debug)]
pub struct MaterialReport {
    pub white: Material,
    pub black: Material,
}

impl From<ByColor<Material>> for MaterialReport {
    fn from(m: ByColor<Material>) -> MaterialReport {
        MaterialReport {
            white: m.white,
            black: m.black,
        }
    }
}

/// One node of the tree: the solver's move and the replies.
#[derive(Serialize, Clone, Debug)]
pub struct TreeReport {
    #[serde(rename = "move")]
    pub text: String,
    pub replies: Vec<ReplyReport>,
}

/// A defender reply and the answer to it.
#[derive(Serialize, Clone, Debug)]
pub struct ReplyReport {
    #[serde(rename = "move")]
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<TreeReport>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

impl<R: Rules> From<&TreeNode<R>> for TreeReport {
    fn from(node: &TreeNode<R>) -> TreeReport {
        TreeReport {
            text: node.text.clone(),
            replies: node
                .replies
                .iter()
                .map(|r| ReplyReport {
                    text: r.text.clone(),
                    answer: r.next.as_ref().map(TreeReport::from),
                    truncated: r.truncated,
                })
                .collect(),
        }
    }
}

/// The `solve --json` object.
#[derive(Serialize, Clone, Debug)]
pub struct SolutionReport {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The game, unless it is international draughts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<damtutor_rules::Variant>,
    pub fen: String,
    pub status: super::Status,
    pub goal: String,
    /// For `auto`: the goal chosen and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal_choice: Option<ChoiceReport>,
    /// Why nothing is claimed, when the status is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknown: Option<String>,
    pub key_moves: Vec<String>,
    /// `true`, `false` or `"unknown"`.
    pub unique: Uniqueness,
    /// No other first move forces the goal within this many plies.
    pub unique_within: u32,
    pub line: Vec<String>,
    pub annotated: String,
    /// The plies of `line` up to where the goal is decided; the rest is forced play.
    pub book_plies: usize,
    /// `annotated` with the rest after the decided point in brackets.
    pub book: String,
    pub motifs: Vec<String>,
    /// The exercise's written solution, when it is sound and complete and differs from
    /// `line`: its moves, where it is decided, and its motifs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<GivenReport>,
    pub material_before: MaterialReport,
    pub material_after: MaterialReport,
    pub plies: usize,
    pub difficulty: Option<super::Difficulty>,
    pub nodes: u64,
    pub millis: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<TreeReport>,
}

/// Why `auto` chose its goal.
#[derive(Serialize, Clone, Debug)]
pub struct ChoiceReport {
    #[serde(flatten)]
    pub choice: GoalChoice,
    /// The reason in a sentence.
    pub reason: String,
}

/// A written solution beside the solver's line.
#[derive(Serialize, Clone, Debug)]
pub struct GivenReport {
    pub line: Vec<String>,
    pub book_plies: usize,
    pub book: String,
    pub motifs: Vec<String>,
}

/// A draw rule in words: "5 moves each with two pieces or fewer against a lone king".
pub fn draw_rule(lang: Lang, rule: DrawReason) -> String {
    let number = |n: u8| -> String {
        match (lang, n) {
            (Lang::English, 1) => "one".into(),
            (Lang::English, 2) => "two".into(),
            (Lang::English, 3) => "three".into(),
            (_, n) => n.to_string(),
        }
    };
    match rule {
        DrawReason::KingMoves(moves) => say!(lang, Text::DrawKingMoves, moves),
        DrawReason::Endgame(limit) => {
            let moves = limit.moves;
            if limit.min_kings >= 3 {
                say!(
                    lang,
                    Text::DrawEndgameKings,
                    moves,
                    kings = number(limit.min_kings)
                )
            } else if limit.min_pieces == limit.max_pieces {
                say!(
                    lang,
                    Text::DrawEndgamePieces,
                    moves,
                    pieces = number(limit.max_pieces)
                )
            } else {
                say!(
                    lang,
                    Text::DrawEndgameUpTo,
                    moves,
                    pieces = number(limit.max_pieces)
                )
            }
        }
        DrawReason::Repetition => "threefold repetition".to_string(),
    }
}

/// Why `auto` chose its goal, in a sentence.
pub fn choice(lang: Lang, choice: GoalChoice) -> String {
    let plies = choice.ruled_out_within;
    // English names the goal as it is written on the command line; other languages in words.
    let goal = match lang {
        Lang::English => choice.goal.to_string(),
        _ => words::goal(lang, choice.goal),
    };
    let mut text = match choice.goal {
        super::Goal::Win => say!(lang, Text::ChoiceWin, goal),
        super::Goal::King => say!(lang, Text::ChoiceKing, goal, plies),
        _ => say!(lang, Text::ChoiceMaterial, goal, plies),
    };
    if choice.stopped && choice.goal != super::Goal::Win {
        text.push_str(words::text(lang, Text::ChoiceStopped));
    }
    text
}

/// Whether the key is unique, in words: "unique within 12 plies" (no other first move forces
/// the goal within the horizon H, proven), "not unique", "not proven unique: ...".
pub fn uniqueness<R: Rules>(lang: Lang, solution: &Solution<R>) -> String {
    match solution.uniqueness {
        Uniqueness::Unique => say!(lang, Text::KeyUnique, plies = solution.unique_within),
        Uniqueness::NotUnique => say!(lang, Text::KeyNotUnique),
        Uniqueness::Unknown => say!(lang, Text::KeyUniqueUnknown, plies = solution.unique_within),
    }
}

/// Why nothing is claimed, in a sentence.
pub fn unknown(lang: Lang, unknown: Unknown) -> String {
    match unknown {
        Unknown::Limits => say!(lang, Text::UnknownLimits),
        Unknown::DrawRule(rule) => say!(lang, Text::UnknownDrawRule, rule = draw_rule(lang, rule)),
    }
}

impl SolutionReport {
    /// The report of `solution`; the tree only when `with_tree`.
    pub fn new<R: Rules>(
        solution: &Solution<R>,
        id: Option<String>,
        with_tree: bool,
    ) -> SolutionReport {
        let variant = R::RULES.variant;
        SolutionReport {
            id,
            variant: (variant != damtutor_rules::Variant::International).then_some(variant),
            fen: solution.position.to_string(),
            status: solution.status,
            goal: solution.goal.to_string(),
            goal_choice: solution.choice.map(|choice| ChoiceReport {
                choice,
                reason: self::choice(Lang::English, choice),
            }),
            unknown: solution.unknown.map(|u| unknown(Lang::English, u)),
            key_moves: solution.key_texts(),
            unique: solution.uniqueness,
            unique_within: solution.unique_within,
            line: solution.line_texts(),
            annotated: solution.annotated(),
            book_plies: solution.book_plies,
            book: solution.book_annotated(),
            motifs: keys(&solution.motifs),
            solution: solution
                .given
                .as_ref()
                .filter(|given| super::differ(&given.moves, &solution.line))
                .map(|given| GivenReport {
                    line: super::line_texts(&solution.position, &given.moves),
                    book_plies: given.book_plies,
                    book: super::annotate_book(
                        &solution.position,
                        &given.moves,
                        given.book_plies,
                        solution.unique(),
                    ),
                    motifs: keys(&given.motifs),
                }),
            material_before: solution.material_before.into(),
            material_after: solution.material_after.into(),
            plies: solution.plies,
            difficulty: solution.difficulty,
            nodes: solution.nodes,
            millis: solution.elapsed.as_millis() as u64,
            tree: if with_tree {
                solution.tree.as_ref().map(TreeReport::from)
            } else {
                None
            },
        }
    }
}

fn keys(motifs: &[super::Motif]) -> Vec<String> {
    motifs.iter().map(|m| m.key().to_string()).collect()
}
