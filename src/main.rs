use clap::Parser;
use cli::CliError;
use damtutor::fen::FenError;
use damtutor::notation::MoveError;
use damtutor::words::Lang;
use std::ffi::OsString;
use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    let line: Vec<OsString> = std::env::args_os().collect();
    let args = match cli::Cli::try_parse_from(&line) {
        Ok(args) => args,
        // clap's own errors, in Chinese where the command line asks for it; its exit code.
        Err(error) => {
            match cli::parse_error::in_chinese(&error, &line) {
                Some(said) => eprintln!("damtutor: {said}"),
                None => {
                    let _ = error.print();
                }
            }
            return ExitCode::from(error.exit_code().clamp(0, 255) as u8);
        }
    };
    // Errors are said in the command's language (a refusal in the one it was said in).
    let lang = args.lang().unwrap_or(Lang::English);
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`damtutor perft ... | head -1`) ends the command quietly, with the
        // exit code of a program ended by SIGPIPE.
        Err(CliError::Stdout(error)) if error.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(141)
        }
        Err(error) => {
            eprintln!("damtutor: {}", error.say(lang));
            ExitCode::from(exit_code(&error))
        }
    }
}

/// The exit code of an error, decided here and nowhere else: 1 when the input was understood
/// but rejected (an illegal move, an impossible position, an unproven exercise) or some items
/// were skipped; 2 when it could not be used at all (usage, a file that does not read or
/// parse, a template, no browser to print a PDF). clap's own usage errors exit with 2 as well.
fn exit_code(error: &CliError) -> u8 {
    match error {
        CliError::Rejected { .. } | CliError::Partial(_) => 1,
        CliError::Fen(FenError::Position(_)) => 1,
        CliError::Move {
            error: MoveError::Illegal { .. } | MoveError::Ambiguous { .. },
            ..
        } => 1,
        CliError::Usage { .. }
        | CliError::Io { .. }
        | CliError::Exercises(_)
        | CliError::Fen(FenError::Parse(_))
        | CliError::Move {
            error: MoveError::Syntax { .. },
            ..
        }
        | CliError::Template(_)
        | CliError::Key(_)
        | CliError::Stdout(_)
        | CliError::Pdf(_) => 2,
    }
}
