//! The preamble `worksheet` and `practice` share: the exercise sets of the files named (or of
//! ./exercises/), each exercise solved and checked as `validate` does it, and the teacher's
//! choice among them ([`select`]: `--ids`, `--motif`, `--level`, `--max-level`, `--count`).

pub mod select;

use super::CliError;
use damtutor::exercise::{self, ExerciseSet};
use damtutor::render::worksheet::Item;
use damtutor::solver::{Limits, VariantSolution};
use damtutor::verify;
use damtutor::words::{fill, Lang, Text};
use std::path::{Path, PathBuf};

/// Exercise sets with the solution of every exercise, proven sound.
pub struct Solved<'a> {
    /// Every exercise of the sets, in order, with its set.
    exercises: Vec<(&'a ExerciseSet, &'a exercise::Exercise)>,
    /// The solution of each of `exercises`.
    solutions: Vec<VariantSolution>,
}

impl<'a> Solved<'a> {
    /// Every exercise of `sets` solved and checked (see [`verified`]): an error, with the
    /// rejected exercises' messages in `lang`, when `validate` would reject one.
    pub fn verify(
        sets: &'a [ExerciseSet],
        limits: Limits,
        lang: Option<Lang>,
    ) -> Result<Solved<'a>, CliError> {
        let exercises: Vec<(&ExerciseSet, &exercise::Exercise)> = sets
            .iter()
            .flat_map(|set| set.exercises.iter().map(move |e| (set, e)))
            .collect();
        let solutions = verified(&exercises, limits, lang)?;
        Ok(Solved {
            exercises,
            solutions,
        })
    }

    /// Each exercise with its set and solution, in the order of the files.
    pub fn items(&self) -> Vec<Item<'_>> {
        self.exercises
            .iter()
            .zip(&self.solutions)
            .map(|(&(set, exercise), solution)| Item {
                set,
                exercise,
                solution,
            })
            .collect()
    }
}

/// The solutions of `exercises`, each solved and checked as `validate` does it; when
/// `validate` rejects some, the command stops (exit code 1, no file written) with its
/// messages, in `lang` (else the first set's language).
fn verified(
    exercises: &[(&ExerciseSet, &exercise::Exercise)],
    limits: Limits,
    lang: Option<Lang>,
) -> Result<Vec<VariantSolution>, CliError> {
    let lang = lang
        .or(exercises.first().map(|(set, _)| set.language))
        .unwrap_or(Lang::English);
    let list: Vec<&exercise::Exercise> = exercises.iter().map(|(_, e)| *e).collect();
    let reports = verify::verify_exercises(&list, None, limits, lang);
    let mut messages = Vec::new();
    for ((set, _), report) in exercises.iter().zip(&reports) {
        let place = match report.line {
            Some(line) => format!("{}:{line}: exercise {}", set.source_name, report.id),
            None => format!("{}: exercise {}", set.source_name, report.id),
        };
        for problem in &report.problems {
            messages.push(format!("{place}: {problem}"));
        }
    }
    if !messages.is_empty() {
        let count = reports.iter().filter(|r| !r.ok()).count();
        messages.push(fill(lang, Text::ExercisesRejected, &[("count", &count)]));
        return Err(CliError::Rejected(messages.join("\n")));
    }
    Ok(reports.into_iter().map(|report| report.solution).collect())
}

/// The exercise sets of FILE... (folders expanded), or of ./exercises/ when none is given;
/// `command` names the subcommand in the message when there is neither.
pub fn load_sets(paths: &[PathBuf], command: &str) -> Result<Vec<ExerciseSet>, CliError> {
    let mut files = Vec::new();
    if paths.is_empty() {
        let folder = Path::new("exercises");
        if !folder.is_dir() {
            return Err(CliError::Usage(format!(
                "no exercise files given and no exercises/ folder here: run from the damtutor folder, or name files (damtutor {command} my-set.yaml)"
            )));
        }
        files = exercise::files_in(folder).map_err(|e| CliError::io(folder, e))?;
        if files.is_empty() {
            return Err(CliError::Usage(
                "exercises/ holds no .yaml exercise files".into(),
            ));
        }
    }
    for path in paths {
        if path.is_dir() {
            let found = exercise::files_in(path).map_err(|e| CliError::io(path, e))?;
            if found.is_empty() {
                return Err(CliError::Usage(format!(
                    "{}: no .yaml exercise files in this folder",
                    path.display()
                )));
            }
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    let mut sets = Vec::new();
    let mut errors = Vec::new();
    for file in &files {
        match exercise::load(file) {
            Ok(set) => sets.push(set),
            Err(found) => errors.extend(found),
        }
    }
    if !errors.is_empty() {
        return Err(CliError::Exercises(errors));
    }
    Ok(sets)
}
