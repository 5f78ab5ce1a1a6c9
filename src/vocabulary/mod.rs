//! The closed sets of words the layers share: the [`Lang`] of the words people read, the
//! [`Goal`] a solution proves and why `auto` chose it ([`GoalChoice`]), the tactical [`Motif`]s,
//! and what a solution claims ([`Uniqueness`], [`Unknown`]).
//!
//! This module depends on nothing of the teaching side but the rules core: the solver computes
//! these values, the word tables ([`words`](crate::words)) put them into sentences, and neither
//! imports the other.
//!
//! ```
//! use damtutor::vocabulary::{Goal, Lang, Motif};
//! assert_eq!("material:2".parse::<Goal>(), Ok(Goal::Material(2)));
//! assert_eq!(Motif::from_key("turkish_strike"), Some(Motif::TurkishStrike));
//! assert_eq!("zh".parse::<Lang>(), Ok(Lang::Chinese));
//! ```

mod goal;
mod lang;
mod motif;
mod outcome;

pub use goal::{Goal, GoalChoice};
pub use lang::Lang;
pub use motif::Motif;
pub use outcome::{Uniqueness, Unknown};
