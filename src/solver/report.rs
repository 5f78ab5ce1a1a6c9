//! A solution as plain data, for JSON output and templates.

use super::{Solution, TreeNode};
use crate::position::Material;
use crate::square::ByColor;
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
    pub status: super::Status,
    pub goal: String,
    pub key_moves: Vec<String>,
    pub unique: bool,
    pub line: Vec<String>,
    pub annotated: String,
    pub motifs: Vec<String>,
    pub material_before: MaterialReport,
    pub material_after: MaterialReport,
    pub plies: usize,
    pub difficulty: Option<super::Difficulty>,
    pub nodes: u64,
    pub millis: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<TreeReport>,
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
            key_moves: solution.key_texts(),
            unique: solution.unique(),
            line: solution.line_texts(),
            annotated: solution.annotated(),
            motifs: solution
                .motifs
                .iter()
                .map(|m| m.key().to_string())
                .collect(),
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
