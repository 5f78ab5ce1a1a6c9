use super::limits::LimitArgs;
use super::CliError;
use clap::Args;
use damtutor::exercise;
use damtutor::verify;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Exercise files (YAML) or folders of them.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print every exercise, not only problems.
    #[arg(long, short)]
    pub verbose: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: ValidateArgs) -> Result<(), CliError> {
    let limits = args.limits.limits();
    let mut files = Vec::new();
    for path in &args.files {
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
    let (mut total, mut proven, mut failed, mut warnings) = (0, 0, 0, 0);
    for file in &files {
        let set = match exercise::load(file) {
            Ok(set) => set,
            Err(errors) => {
                for error in &errors {
                    outln!("error: {error}");
                }
                failed += errors.len();
                continue;
            }
        };
        let reports = verify::verify_set(&set, limits);
        let name = file.display();
        let mut file_proven = 0;
        for report in &reports {
            total += 1;
            let place = match report.line {
                Some(line) => format!("{name}:{line}: exercise {}", report.id),
                None => format!("{name}: exercise {}", report.id),
            };
            for problem in &report.problems {
                outln!("error: {place}: {problem}");
            }
            for warning in &report.warnings {
                outln!("warning: {place}: {warning}");
            }
            warnings += report.warnings.len();
            if report.ok() {
                proven += 1;
                file_proven += 1;
                if args.verbose {
                    outln!(
                        "ok: {place}: {} [{}]",
                        report.solution.annotated(),
                        report
                            .solution
                            .motifs()
                            .iter()
                            .map(|m| m.key())
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
            } else {
                failed += 1;
            }
        }
        outln!("{name}: {} exercises, {file_proven} proven", reports.len());
    }
    outln!(
        "{} files, {total} exercises: {proven} proven, {failed} failed, {warnings} warnings",
        files.len()
    );
    if failed > 0 {
        return Err(CliError::Rejected(format!("{failed} problems found")));
    }
    Ok(())
}
