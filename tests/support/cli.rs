//! The one runner of the binary for the integration tests: `damtutor ARGS`, in the current
//! folder, the crate's folder or a scratch folder, with extra environment or a standard output
//! of the test's choosing. Standard input is empty (the binary reads none).
//!
//! `run`, `run_in` and `run_in_crate` cover most tests; [`damtutor`] builds the rest.

// Each test file uses the part it needs.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A run of the binary being built up.
pub struct Damtutor {
    command: Command,
}

/// `damtutor ARGS` in the current folder, to add to (more arguments, a folder, environment).
pub fn damtutor<I, S>(args: I) -> Damtutor
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Command::new(env!("CARGO_BIN_EXE_damtutor"));
    command.args(args);
    Damtutor { command }
}

/// Runs `damtutor ARGS` in the current folder.
pub fn run(args: &[&str]) -> Output {
    damtutor(args).output()
}

/// Runs `damtutor ARGS` in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    damtutor(args).in_dir(dir).output()
}

/// Runs `damtutor ARGS` in the crate's folder, where `tests/data/...` and `exercises/` are.
pub fn run_in_crate(args: &[&str]) -> Output {
    damtutor(args).in_crate().output()
}

/// A finished run: the exit code (none when a signal ended it) and both outputs as text.
pub fn outcome(output: &Output) -> (Option<i32>, String, String) {
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

impl Damtutor {
    /// One more argument.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Damtutor {
        self.command.arg(arg);
        self
    }

    /// More arguments.
    pub fn args<I, S>(mut self, args: I) -> Damtutor
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.command.args(args);
        self
    }

    /// Runs in `dir`.
    pub fn in_dir(mut self, dir: impl AsRef<Path>) -> Damtutor {
        self.command.current_dir(dir);
        self
    }

    /// Runs in the crate's folder.
    pub fn in_crate(self) -> Damtutor {
        self.in_dir(env!("CARGO_MANIFEST_DIR"))
    }

    /// Sets each `(name, value)` in the environment of the run.
    pub fn envs(mut self, vars: &[(&str, &str)]) -> Damtutor {
        for (name, value) in vars {
            self.command.env(name, value);
        }
        self
    }

    /// Sends standard output to `stdout` instead of capturing it.
    pub fn stdout(mut self, stdout: impl Into<Stdio>) -> Damtutor {
        self.command.stdout(stdout);
        self
    }

    /// Runs to the end: the exit status and what it wrote.
    pub fn output(mut self) -> Output {
        self.command.output().expect("the binary runs")
    }

    /// Runs to the end: the exit code and both outputs as text (see [`outcome`]).
    pub fn outcome(self) -> (Option<i32>, String, String) {
        outcome(&self.output())
    }
}
