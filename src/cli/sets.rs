//! The preamble `worksheet`, `practice` and `quiz` share: the exercise sets of the files and
//! folders named (sub-folders included; `validate` reads the same files) or of ./exercises/,
//! each exercise solved and checked as `validate` does it, and the teacher's choice among them
//! ([`select`]: `--ids`, `--motif`, `--level`, `--max-level`; `--count`, `--shuffle`, `--seed`).

pub mod select;

use super::{CliError, Rejection, Usage};
use damtutor::exercise::{self, ExerciseSet};
use damtutor::render::worksheet::Item;
use damtutor::solver::{Limits, VariantSolution};
use damtutor::verify;
use damtutor::words::{fill, text, Lang, Text};
use select::ChooseArgs;
use std::path::{Path, PathBuf};

/// The exercise files a command reads (`worksheet`, `practice`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SetFiles {
    /// Exercise files (YAML) or folders of them, sub-folders included. None: every file in
    /// ./exercises/.
    pub files: Vec<PathBuf>,
}

/// The exercises a command may use, each solved and proven sound, with the teacher's choice.
pub struct Solved<'a> {
    /// The exercises that may be chosen, in the order of the files, with their sets.
    exercises: Vec<(&'a ExerciseSet, &'a exercise::Exercise)>,
    /// The solution of each of `exercises`.
    solutions: Vec<VariantSolution>,
    /// How many exercises the sets hold.
    read: usize,
    choice: &'a ChooseArgs,
    /// The language of the choice's messages: the command's, else English.
    lang: Lang,
}

impl<'a> Solved<'a> {
    /// The exercises of `sets` that `choice` may choose (all but those whose stated level it
    /// rules out, which need no solving, unless it names ids), solved and checked (see
    /// [`verified`]): an error, with the rejected exercises' messages in `lang` (else the first
    /// set's language), when `validate` would reject one.
    pub fn verify(
        sets: &'a [ExerciseSet],
        choice: &'a ChooseArgs,
        limits: Limits,
        lang: Option<Lang>,
    ) -> Result<Solved<'a>, CliError> {
        let all = sets
            .iter()
            .flat_map(|set| set.exercises.iter().map(move |e| (set, e)));
        let read = all.clone().count();
        let exercises: Vec<(&ExerciseSet, &exercise::Exercise)> = all
            .filter(|(_, exercise)| {
                // An exercise named by --ids is found first, then told it does not match.
                !choice.ids.is_empty() || exercise.difficulty.is_none_or(|l| choice.admits(l))
            })
            .collect();
        let rejected_in = lang
            .or(sets.first().map(|set| set.language))
            .unwrap_or(Lang::English);
        let solutions = verified(&exercises, limits, rejected_in)?;
        Ok(Solved {
            exercises,
            solutions,
            read,
            choice,
            lang: lang.unwrap_or(Lang::English),
        })
    }

    /// The exercises chosen, with their sets and solutions: see [`select::choose`].
    pub fn chosen(&self) -> Result<Vec<Item<'_>>, CliError> {
        let items: Vec<Item> = self
            .exercises
            .iter()
            .zip(&self.solutions)
            .map(|(&(set, exercise), solution)| Item {
                set,
                exercise,
                solution,
            })
            .collect();
        select::choose(&items, self.choice, self.read, self.lang)
    }
}

/// The solutions of `exercises`, each solved and checked as `validate` does it; when
/// `validate` rejects some, the command stops (exit code 1, no file written) with its
/// messages, in `lang`.
fn verified(
    exercises: &[(&ExerciseSet, &exercise::Exercise)],
    limits: Limits,
    lang: Lang,
) -> Result<Vec<VariantSolution>, CliError> {
    let list: Vec<&exercise::Exercise> = exercises.iter().map(|(_, e)| *e).collect();
    let reports = verify::verify_exercises(&list, None, limits, lang);
    let mut messages = Vec::new();
    for ((set, _), report) in exercises.iter().zip(&reports) {
        let (file, id) = (&set.source_name, &report.id);
        let place = match report.line {
            Some(line) => fill(
                lang,
                Text::ValidatePlace,
                &[("file", file), ("line", &line), ("id", id)],
            ),
            None => fill(
                lang,
                Text::ValidatePlaceNoLine,
                &[("file", file), ("id", id)],
            ),
        };
        let colon = text(lang, Text::Colon);
        for problem in &report.problems {
            messages.push(format!("{place}{colon}{problem}"));
        }
    }
    if !messages.is_empty() {
        let count = reports.iter().filter(|r| !r.ok()).count();
        return Err(CliError::rejected(
            lang,
            Rejection::Unproven { messages, count },
        ));
    }
    Ok(reports.into_iter().map(|report| report.solution).collect())
}

/// The exercise sets of FILE... (folders expanded, see [`exercise_files`]), or of the files of
/// ./exercises/ (not its sub-folders) when none is given; `command` names the subcommand in the
/// message, in `lang`, when there is neither.
pub fn load_sets(
    paths: &[PathBuf],
    command: &'static str,
    lang: Lang,
) -> Result<Vec<ExerciseSet>, CliError> {
    let files = if paths.is_empty() {
        default_files(command, lang)?
    } else {
        exercise_files(paths, lang)?
    };
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

/// The exercise files named: files as they are, folders by every `.yaml` file under them,
/// sub-folders included, in name order (as the teacher's desk reads them). A folder without
/// one is a usage error, said in `lang`.
pub fn exercise_files(paths: &[PathBuf], lang: Lang) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let found = exercise::files_under(path).map_err(|e| CliError::io(path, e))?;
            if found.is_empty() {
                return Err(CliError::usage(lang, Usage::EmptyFolder(path.clone())));
            }
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// The files of ./exercises/, the shipped sets, when no file is named: its own files only, so
/// that the course under exercises/course/ is read when it is named.
fn default_files(command: &'static str, lang: Lang) -> Result<Vec<PathBuf>, CliError> {
    let folder = Path::new("exercises");
    if !folder.is_dir() {
        return Err(CliError::usage(lang, Usage::NoExercisesFolder { command }));
    }
    let files = exercise::files_in(folder).map_err(|e| CliError::io(folder, e))?;
    if files.is_empty() {
        return Err(CliError::usage(lang, Usage::NoExerciseFiles));
    }
    Ok(files)
}
