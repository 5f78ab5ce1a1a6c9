//! A solution as plain data, for `solve --json`: strings and numbers, and the reasons in
//! English sentences from the word tables.

use crate::position::Material;
use crate::solver::{self, GoalChoice, Motif, Solution, TreeNode, Uniqueness};
use crate::square::ByColor;
use crate::words::{self, Lang};
use damtutor_rules::Rules;
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
    pub status: solver::Status,
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
    pub difficulty: Option<solver::Difficulty>,
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
                reason: words::choice(Lang::English, choice),
            }),
            unknown: solution.unknown.map(|u| words::unknown(Lang::English, u)),
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
                .filter(|given| solver::differ(&given.moves, &solution.line))
                .map(|given| GivenReport {
                    line: solver::line_texts(&solution.position, &given.moves),
                    book_plies: given.book_plies,
                    book: solver::annotate_book(
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

fn keys(motifs: &[Motif]) -> Vec<String> {
    motifs.iter().map(|m| m.key().to_string()).collect()
}
