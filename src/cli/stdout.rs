//! Standard output that reports its failures: a write that fails ends the command with
//! [`CliError::Stdout`], which `main` turns into a quiet exit for a closed pipe
//! (`damtutor perft start -d 9 | head -1`: exit code 141, as for a program ended by SIGPIPE) and
//! a message with exit code 2 for anything else (`damtutor show start > /dev/full`).

use super::CliError;
use std::io::Write;

/// Writes to standard output (see [`out!`] and [`outln!`]).
pub fn write(text: std::fmt::Arguments) -> Result<(), CliError> {
    std::io::stdout()
        .lock()
        .write_fmt(text)
        .map_err(CliError::Stdout)
}

/// Flushes what standard output holds.
pub fn flush() -> Result<(), CliError> {
    std::io::stdout().lock().flush().map_err(CliError::Stdout)
}
