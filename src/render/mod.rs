//! Rendering: SVG diagrams and Tera templates (worksheets, answer keys, quizzes).
//!
//! The flow: exercises and their [`Solution`](crate::solver::Solution)s become small view
//! structs ([`view`]) - strings and numbers only - which the templates ([`templates`], built in
//! from `templates/` and overridable by name) turn into HTML or Markdown. Diagrams are drawn by
//! [`svg`]; the words come from [`words`](crate::words). The rules core knows nothing of this
//! module.
//!
//! ```
//! use damtutor::exercise;
//! use damtutor::render::templates::{Document, Format, Templates};
//! use damtutor::render::worksheet::{self, Item, WorksheetOptions};
//! use damtutor::solver::{solve_all_variants, Limits};
//! use std::path::Path;
//!
//! let set = exercise::parse(
//!     "title: Shots\nexercises:\n  - id: 1\n    fen: \"W:W11,23,27,28,43:BK47\"\n",
//!     "shots.yaml",
//! )
//! .unwrap();
//! let tasks: Vec<_> = set.exercises.iter().map(|e| (e.position, e.goal)).collect();
//! let solutions = solve_all_variants(&tasks, Limits::default());
//! let items: Vec<Item> = set
//!     .exercises
//!     .iter()
//!     .zip(&solutions)
//!     .map(|(exercise, solution)| Item { set: &set, exercise, solution })
//!     .collect();
//! let templates = Templates::load(Document::Worksheet, Format::Html, None)?;
//! let files = worksheet::render(&items, &WorksheetOptions::default(), &templates, Path::new("shots.html"))?;
//! assert_eq!(files[0].path, Path::new("shots.html"));
//! assert!(files[0].contents.contains("White to play and win"));
//! assert!(files[0].contents.contains("43-38") && files[0].contents.contains("28x37"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod layout;
mod recursion;
pub mod solution;
pub mod svg;
pub mod templates;
pub mod view;
pub mod worksheet;
