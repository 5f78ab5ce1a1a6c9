//! Why a command refuses: flags it cannot use as given ([`Usage`]) and input it understood and
//! rejected ([`Rejection`]). Each reason holds its values; its sentence is in the words tables
//! (`Text::Cli...`), said in the command's language (see [`CliError::usage`] and
//! [`CliError::rejected`]).
//!
//! [`CliError::usage`]: super::CliError::usage
//! [`CliError::rejected`]: super::CliError::rejected

use damtutor::check::line::NoSolution;
use damtutor::input::ReadError;
use damtutor::quiz::{self, QuizError};
use damtutor::words::{fill, text, Lang, Text};
use damtutor::Variant;
use std::fmt::Display;
use std::path::PathBuf;

/// Flags that cannot be used as given, or no input to use (exit code 2).
#[derive(Debug)]
pub enum Usage {
    /// `--out` names a device or pipe, and the run writes several files beside it.
    OutNotAFile { path: PathBuf, count: usize },
    /// Two outputs of the run would be one file.
    SameFile { first: PathBuf, second: PathBuf },
    /// An output is a folder.
    IsAFolder(PathBuf),
    /// An output is one of the run's inputs.
    OutputIsInput(PathBuf),
    /// An output's folder is a file.
    NotAFolder { folder: PathBuf, path: PathBuf },
    /// No files named, and no ./exercises/ to read instead.
    NoExercisesFolder { command: &'static str },
    /// ./exercises/ holds no exercise file.
    NoExerciseFiles,
    /// A folder named holds no exercise file, in it or under it.
    EmptyFolder(PathBuf),
    /// The choice (`--motif`, `--level`...) leaves nothing of `count` exercises read, or
    /// named by `--ids`.
    NothingMatches {
        asked: String,
        count: usize,
        by_ids: bool,
    },
    /// `--ids` names an exercise twice.
    IdTwice(String),
    /// `--ids` names ids (quoted) that no exercise of `files` has.
    UnknownIds {
        ids: Vec<String>,
        files: Vec<String>,
    },
    /// `--ids` names ids that several files have (each with its places).
    SharedIds(Vec<String>),
    /// `--ids` names nothing.
    NoIds,
    /// A worksheet of no exercises.
    NothingToPrint,
    /// A practice page of no exercises.
    NothingToPractise,
    /// A PDF quiz asked for on standard output.
    PdfToStdout,
    /// Several quiz versions asked for on standard output.
    VersionsToStdout,
    /// The exercises chosen for a quiz are of games it does not ask about.
    GamesNotAsked { count: usize, games: Vec<Variant> },
    /// Exercises chosen for a quiz whose flags ask no diagram question.
    DiagramsLeftOut,
    /// A quiz whose points cannot add up as asked.
    Quiz(QuizError),
    /// `--threads` could not be applied.
    Threads(String),
    /// A flag's number outside its range.
    FlagRange {
        flag: &'static str,
        range: &'static str,
    },
    /// A flag's value that does not read.
    FlagValue { flag: &'static str, error: String },
    /// An input that cannot be opened.
    Unreadable { path: PathBuf, error: ReadError },
    /// `generate --motif turkish_strike` in a game without one.
    NoTurkishStrike { motif: String, game: String },
    /// `generate --pieces` beyond the board.
    TooManyPieces {
        range: String,
        board: String,
        game: String,
        most: u32,
    },
    /// `generate --pieces` outside what the motif's positions have.
    PiecesOutside {
        range: String,
        motif: String,
        game: String,
        least: u32,
        most: u32,
    },
    /// `solve FOLDER`.
    SolveFolder(String),
    /// `--id` without an exercise file.
    IdNeedsFile,
    /// A file of several exercises without `--id` (`check-line`).
    WhichExercise {
        file: String,
        count: usize,
        ids: String,
    },
    /// A sentence already said in the command's language by the words tables (the teacher's
    /// desk's own table).
    #[cfg(feature = "serve")]
    Said(String),
}

/// Input understood and rejected (exit code 1).
#[derive(Debug)]
pub enum Rejection {
    /// Exercises that `validate` rejects: its messages, one a line, and how many exercises.
    Unproven { messages: Vec<String>, count: usize },
    /// Exercises a worksheet cannot carry (its messages).
    NoWorksheet(String),
    /// Exercises a practice page cannot carry (its messages).
    NoPracticePage(String),
    /// `validate` found problems.
    Problems(usize),
    /// No exercise of the file has the id.
    NoSuchId { file: String, id: String },
    /// A line to check with nothing to check it against.
    NoSolution(NoSolution),
    /// No quiz question fits.
    Quiz(QuizError),
    /// None of the exercises chosen for a quiz is proven by its solver.
    NoDiagramProven {
        count: usize,
        plies: u32,
        nodes: u64,
    },
    /// Perft stopped at the time limit.
    PerftUnfinished { depth: u32, seconds: f64 },
    /// `generate` found nothing in time.
    NothingComposed {
        motif: String,
        seconds: f64,
        counts: String,
    },
    /// `mine` found nothing (`motif` `None`: any combination).
    NothingMined { motif: Option<String> },
    /// A sentence already said in the command's language (the marker's reasons).
    Said(String),
}

impl Usage {
    /// The sentence in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let say = |key, values: &[(&str, &dyn Display)]| fill(lang, key, values);
        match self {
            Usage::OutNotAFile { path, count } => say(
                Text::CliOutNotAFile,
                &[("path", &path.display()), ("count", count)],
            ),
            Usage::SameFile { first, second } => say(
                Text::CliSameFile,
                &[("first", &first.display()), ("second", &second.display())],
            ),
            Usage::IsAFolder(path) => say(Text::CliIsAFolder, &[("path", &path.display())]),
            Usage::OutputIsInput(path) => say(Text::CliOutputIsInput, &[("path", &path.display())]),
            Usage::NotAFolder { folder, path } => say(
                Text::CliNotAFolder,
                &[("folder", &folder.display()), ("path", &path.display())],
            ),
            Usage::NoExercisesFolder { command } => {
                say(Text::CliNoExercisesFolder, &[("command", command)])
            }
            Usage::NoExerciseFiles => say(Text::CliNoExerciseFiles, &[]),
            Usage::EmptyFolder(folder) => {
                say(Text::CliEmptyFolder, &[("folder", &folder.display())])
            }
            Usage::NothingMatches {
                asked,
                count,
                by_ids,
            } => {
                let key = if *by_ids {
                    Text::CliNothingMatchesIds
                } else {
                    Text::CliNothingMatches
                };
                say(key, &[("asked", asked), ("count", count)])
            }
            Usage::IdTwice(id) => say(Text::CliIdTwice, &[("id", id)]),
            Usage::UnknownIds { ids, files } => {
                let ids = damtutor::words::list(lang, ids);
                let files = files.join(text(lang, Text::Comma));
                say(Text::CliUnknownIds, &[("ids", &ids), ("files", &files)])
            }
            Usage::SharedIds(ids) => {
                let ids = ids.join(text(lang, Text::Comma));
                say(Text::CliSharedIds, &[("ids", &ids)])
            }
            Usage::NoIds => say(Text::CliNoIds, &[]),
            Usage::NothingToPrint => say(Text::CliNothingToPrint, &[]),
            Usage::NothingToPractise => say(Text::CliNothingToPractise, &[]),
            Usage::PdfToStdout => say(Text::CliPdfToStdout, &[]),
            Usage::VersionsToStdout => say(Text::CliVersionsToStdout, &[]),
            Usage::GamesNotAsked { count, games } => {
                let names: Vec<String> = games
                    .iter()
                    .map(|&game| quiz::game_name(lang, game).to_string())
                    .collect();
                let names = damtutor::words::list(lang, &names);
                let flag: Vec<&str> = games.iter().map(|game| game.name()).collect();
                let flag = flag.join(",");
                say(
                    Text::CliGamesNotAsked,
                    &[("count", count), ("games", &names), ("flag", &flag)],
                )
            }
            Usage::DiagramsLeftOut => say(Text::CliDiagramsLeftOut, &[]),
            Usage::Quiz(error) => error.say(lang),
            Usage::Threads(error) => say(Text::CliThreads, &[("error", error)]),
            Usage::FlagRange { flag, range } => {
                say(Text::CliFlagRange, &[("flag", flag), ("range", range)])
            }
            Usage::FlagValue { flag, error } => {
                say(Text::CliFlagValue, &[("flag", flag), ("error", error)])
            }
            Usage::Unreadable { path, error } => say(
                Text::CliUnreadable,
                &[
                    ("path", &path.display()),
                    ("error", &damtutor::words::read_error(lang, error)),
                ],
            ),
            Usage::NoTurkishStrike { motif, game } => say(
                Text::CliNoTurkishStrike,
                &[("motif", motif), ("game", game)],
            ),
            Usage::TooManyPieces {
                range,
                board,
                game,
                most,
            } => say(
                Text::CliTooManyPieces,
                &[
                    ("range", range),
                    ("board", board),
                    ("game", game),
                    ("most", most),
                    ("side", &(most / 2)),
                ],
            ),
            Usage::PiecesOutside {
                range,
                motif,
                game,
                least,
                most,
            } => say(
                Text::CliPiecesOutside,
                &[
                    ("range", range),
                    ("motif", motif),
                    ("game", game),
                    ("least", least),
                    ("most", most),
                ],
            ),
            Usage::SolveFolder(target) => say(Text::CliSolveFolder, &[("target", target)]),
            Usage::IdNeedsFile => say(Text::CliIdNeedsFile, &[]),
            Usage::WhichExercise { file, count, ids } => say(
                Text::CheckLineWhichExercise,
                &[("file", file), ("count", count), ("ids", ids)],
            ),
            #[cfg(feature = "serve")]
            Usage::Said(sentence) => sentence.clone(),
        }
    }
}

impl Rejection {
    /// The sentence in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let say = |key, values: &[(&str, &dyn Display)]| fill(lang, key, values);
        match self {
            Rejection::Unproven { messages, count } => {
                let total = say(Text::ExercisesRejected, &[("count", count)]);
                let mut lines = messages.clone();
                lines.push(total);
                lines.join("\n")
            }
            Rejection::NoWorksheet(problems) => {
                say(Text::CliNoWorksheet, &[("problems", problems)])
            }
            Rejection::NoPracticePage(problems) => {
                say(Text::CliNoPracticePage, &[("problems", problems)])
            }
            Rejection::Problems(count) => say(Text::ValidateProblems, &[("count", count)]),
            Rejection::NoSuchId { file, id } => {
                say(Text::SolveNoSuchId, &[("file", file), ("id", id)])
            }
            Rejection::NoSolution(error) => error.say(lang),
            Rejection::Quiz(error) => error.say(lang),
            Rejection::NoDiagramProven {
                count,
                plies,
                nodes,
            } => say(
                Text::CliNoDiagramProven,
                &[("count", count), ("plies", plies), ("nodes", nodes)],
            ),
            Rejection::PerftUnfinished { depth, seconds } => say(
                Text::CliPerftUnfinished,
                &[("depth", depth), ("seconds", seconds)],
            ),
            Rejection::NothingComposed {
                motif,
                seconds,
                counts,
            } => say(
                Text::CliNothingComposed,
                &[("motif", motif), ("seconds", seconds), ("counts", counts)],
            ),
            Rejection::NothingMined { motif: None } => say(Text::CliNoCombinationMined, &[]),
            Rejection::NothingMined { motif: Some(motif) } => {
                say(Text::CliNothingMined, &[("motif", motif)])
            }
            Rejection::Said(sentence) => sentence.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_said_in_the_commands_language() {
        let nothing = Usage::NothingMatches {
            asked: "--level 5".into(),
            count: 34,
            by_ids: false,
        };
        assert_eq!(
            nothing.say(Lang::English),
            "no exercise matches --level 5 (of the 34 exercises read)"
        );
        assert_eq!(
            nothing.say(Lang::Chinese),
            "没有符合 --level 5 的练习（共读入 34 道）"
        );
        let games = Usage::GamesNotAsked {
            count: 3,
            games: vec![Variant::Brazilian, Variant::Russian],
        };
        assert_eq!(
            games.say(Lang::English),
            "the 3 exercises chosen are of 64-square draughts and Russian draughts, which the \
             quiz does not ask about: add --variant brazilian,russian"
        );
        assert!(games
            .say(Lang::Chinese)
            .contains("64格国际跳棋、俄罗斯跳棋"));
        // Every reason's words, in both languages, with no placeholder left unfilled.
        for lang in Lang::ALL {
            for said in [
                Usage::EmptyFolder("course".into()).say(lang),
                Rejection::NothingMined { motif: None }.say(lang),
                Rejection::Problems(2).say(lang),
            ] {
                assert!(!said.contains('{') && !said.is_empty(), "{said}");
            }
        }
    }
}
