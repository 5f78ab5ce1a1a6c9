//! The exercise sets the desk serves: read once at start from the folders given (every `.yaml`
//! file under them, sub-folders included), each exercise's solution proven on demand and kept.
//!
//! Sets are named by their path as found (`exercises/course/russian/level-3.yaml`); a request
//! names a set by that name and an exercise by its id, and nothing else is ever read: a name
//! the library does not hold is "not found", whatever it says.

use damtutor::exercise::{self, Exercise, ExerciseError, ExerciseSet};
use damtutor::solver::Motif;
use damtutor::solver::{Limits, VariantSolution};
use damtutor::verify;
use damtutor::words::{self, Lang};
use damtutor::Variant;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// An exercise's place: its set's index and its own index in the set.
pub type Place = (usize, usize);

/// Every set found, and the solutions proven so far.
pub struct Library {
    pub sets: Vec<ExerciseSet>,
    /// Files that could not be read, with why (shown on the page, in its language).
    pub problems: Vec<ExerciseError>,
    pub limits: Limits,
    solutions: Mutex<HashMap<Place, VariantSolution>>,
    /// The solver's estimate of the level of exercises that state none (nor their set).
    estimated: HashMap<Place, u8>,
}

/// Exercises without a stated level are solved at start to estimate theirs, up to this many
/// (the shipped sets' 95 take a fifth of a second); beyond, they are listed without a level.
const MAX_ESTIMATED: usize = 400;

/// Why an exercise cannot be used.
pub enum Unusable {
    /// No such set or exercise.
    Unknown(String),
    /// The solver does not prove it (the messages of `validate`).
    Unproven(Vec<String>),
}

impl Library {
    /// The sets of every `.yaml` file under `folders` (files named directly are read too).
    pub fn load(folders: &[PathBuf], limits: Limits) -> std::io::Result<Library> {
        let mut files = Vec::new();
        for folder in folders {
            if folder.is_dir() {
                files.extend(exercise::files_under(folder)?);
            } else {
                files.push(folder.clone());
            }
        }
        let mut sets = Vec::new();
        let mut problems = Vec::new();
        for file in files {
            match exercise::load(&file) {
                Ok(set) => sets.push(set),
                Err(errors) => problems.extend(errors),
            }
        }
        let mut library = Library {
            sets,
            problems,
            limits,
            solutions: Mutex::new(HashMap::new()),
            estimated: HashMap::new(),
        };
        library.estimate_levels();
        Ok(library)
    }

    /// Solves the exercises that state no level (when there are not too many) and keeps the
    /// solver's estimate of their level, and their solutions.
    fn estimate_levels(&mut self) {
        let places: Vec<Place> = self
            .sets
            .iter()
            .enumerate()
            .flat_map(|(s, set)| {
                set.exercises
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e.difficulty.or(set.level).is_none())
                    .map(move |(e, _)| (s, e))
            })
            .collect();
        if places.is_empty() || places.len() > MAX_ESTIMATED {
            return;
        }
        // One at a time would repeat the set-up; all at once, those the solver rejects simply
        // stay without a level (their problems are said when they are used).
        let exercises: Vec<&Exercise> = places.iter().map(|&p| self.exercise(p).1).collect();
        let reports = verify::verify_exercises(&exercises, None, self.limits, Lang::English);
        let mut known = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        for (place, report) in places.into_iter().zip(reports) {
            if report.ok() {
                if let Some(difficulty) = report.solution.difficulty() {
                    self.estimated.insert(place, difficulty.level);
                }
                known.insert(place, report.solution);
            }
        }
    }

    /// The level of an exercise as a teacher filters by it: the exercise's own, else its
    /// set's, else the solver's estimate.
    pub fn level(&self, (s, e): Place) -> Option<u8> {
        let set = &self.sets[s];
        set.exercises[e]
            .difficulty
            .or(set.level)
            .or_else(|| self.estimated.get(&(s, e)).copied())
    }

    /// The number of exercises.
    pub fn count(&self) -> usize {
        self.sets.iter().map(|s| s.exercises.len()).sum()
    }

    /// The set named `name`.
    pub fn set(&self, name: &str) -> Option<usize> {
        self.sets.iter().position(|s| s.source_name == name)
    }

    /// The place of exercise `id` of set `set`.
    pub fn find(&self, set: &str, id: &str, lang: Lang) -> Result<Place, Unusable> {
        let Some(s) = self.set(set) else {
            return Err(Unusable::Unknown(words::desk::say(
                lang,
                "no_set",
                &[("set", &set)],
            )));
        };
        match self.sets[s].exercises.iter().position(|e| e.id == id) {
            Some(e) => Ok((s, e)),
            None => Err(Unusable::Unknown(words::desk::say(
                lang,
                "no_exercise",
                &[("set", &set), ("id", &id)],
            ))),
        }
    }

    pub fn exercise(&self, (s, e): Place) -> (&ExerciseSet, &Exercise) {
        (&self.sets[s], &self.sets[s].exercises[e])
    }

    /// The proven solutions of `places`, in order: each solved and checked as `validate` does
    /// it (once; then kept), or the problems of those the solver rejects, in `lang`.
    pub fn solutions(
        &self,
        places: &[Place],
        lang: Lang,
    ) -> Result<Vec<VariantSolution>, Unusable> {
        let missing: Vec<Place> = {
            let known = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
            let mut missing: Vec<Place> = places
                .iter()
                .copied()
                .filter(|p| !known.contains_key(p))
                .collect();
            missing.sort_unstable();
            missing.dedup();
            missing
        };
        if !missing.is_empty() {
            let exercises: Vec<&Exercise> = missing.iter().map(|&p| self.exercise(p).1).collect();
            let reports = verify::verify_exercises(&exercises, None, self.limits, lang);
            let mut problems = Vec::new();
            let mut known = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
            for (&place, report) in missing.iter().zip(reports) {
                if report.ok() {
                    known.insert(place, report.solution);
                } else {
                    let (set, exercise) = self.exercise(place);
                    let at = match exercise.line {
                        Some(line) => format!("{}:{line}", set.source_name),
                        None => set.source_name.clone(),
                    };
                    for problem in report.problems {
                        problems.push(format!("{at}: {}: {problem}", exercise.id));
                    }
                }
            }
            if !problems.is_empty() {
                return Err(Unusable::Unproven(problems));
            }
        }
        let known = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        Ok(places.iter().map(|p| known[p].clone()).collect())
    }
}

/// What a browse request asks for.
#[derive(Default)]
pub struct Filter {
    pub game: Option<Variant>,
    pub level: Option<u8>,
    pub motif: Option<Motif>,
    pub set: Option<usize>,
    /// Words that the id, the title, the source or the set's title must contain.
    pub text: String,
}

impl Filter {
    /// Whether `exercise` of `set`, at `level`, passes.
    pub fn admits(&self, set: &ExerciseSet, exercise: &Exercise, level: Option<u8>) -> bool {
        if self.game.is_some_and(|g| g != exercise.variant()) {
            return false;
        }
        if self.level.is_some() && self.level != level {
            return false;
        }
        if self.motif.is_some_and(|m| !exercise.motifs.contains(&m)) {
            return false;
        }
        let text = self.text.trim().to_lowercase();
        if text.is_empty() {
            return true;
        }
        let mut haystack = exercise.id.to_lowercase();
        for lang in Lang::ALL {
            for part in [
                &exercise.title,
                &exercise.source,
                &set.title,
                &exercise.comment,
            ] {
                if let Some(words) = part.get(lang) {
                    haystack.push(' ');
                    haystack.push_str(&words.to_lowercase());
                }
            }
        }
        text.split_whitespace().all(|word| haystack.contains(word))
    }
}
