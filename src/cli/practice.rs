use super::limits::LimitArgs;
use super::worksheet::{load_sets, LangArg};
use super::{write_file, CliError};
use clap::Args;
use damtutor::exercise::{self, ExerciseSet};
use damtutor::practice::{self, PracticeError, PracticeOptions, DEFAULT_MAX_TURNS};
use damtutor::render::i18n::Lang;
use damtutor::render::templates::{Format, Templates};
use damtutor::render::worksheet::Item;
use damtutor::solver;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PracticeArgs {
    /// Exercise files (YAML) or folders of them. None: every file in ./exercises/.
    pub files: Vec<PathBuf>,
    /// The file to write.
    #[arg(long, short, value_name = "PATH", default_value = "practice.html")]
    pub out: PathBuf,
    /// The language of every word on the page [default: the first set's language]
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Shuffle the exercises.
    #[arg(long)]
    pub shuffle: bool,
    /// The seed of --shuffle: the same seed writes the same page [default: a random seed,
    /// printed]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The most turns of the solving side one exercise's tree may have; an exercise with a
    /// larger tree is reported (exit code 1), never cut.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TURNS)]
    pub max_tree: usize,
    /// A folder of templates that replace the built-in ones of the same name (practice.html,
    /// partials/practice.css, partials/practice.js).
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: PracticeArgs) -> Result<(), CliError> {
    let templates = Templates::load(Format::Html, args.templates.as_deref())
        .map_err(|e| CliError::usage(format!("templates: {e}")))?;
    let sets = load_sets(&args.files, "practice")?;
    let limits = args.limits.limits();

    let started = Instant::now();
    let items_of: Vec<(&ExerciseSet, &exercise::Exercise)> = sets
        .iter()
        .flat_map(|set| set.exercises.iter().map(move |e| (set, e)))
        .collect();
    let tasks: Vec<_> = items_of.iter().map(|(_, e)| (e.position, e.goal)).collect();
    let solutions = solver::solve_all(&tasks, limits);
    let solved_in = started.elapsed();
    let items: Vec<Item> = items_of
        .iter()
        .zip(&solutions)
        .map(|(&(set, exercise), solution)| Item {
            set,
            exercise,
            solution,
        })
        .collect();

    let seed = args
        .seed
        .unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let options = PracticeOptions {
        lang: args.lang.map(|l| match l {
            LangArg::En => Lang::English,
            LangArg::Zh => Lang::Chinese,
        }),
        shuffle: args.shuffle,
        seed,
        max_turns: args.max_tree,
        limits,
    };
    let failed = |e: PracticeError| match e {
        PracticeError::Exercises(_) => CliError::rejected(format!(
            "{e}\nno practice page written: fix or remove these exercises"
        )),
        PracticeError::Empty | PracticeError::Template(_) => CliError::usage(e.to_string()),
    };
    let page = practice::build(&items, &options).map_err(failed)?;
    let trees_in = started.elapsed() - solved_in;
    let html = practice::render(&page, &templates).map_err(failed)?;
    write_file(&args.out, &html)?;
    println!(
        "wrote {} ({} exercises, {} KB)",
        args.out.display(),
        page.exercises.len(),
        html.len().div_ceil(1024)
    );
    if args.shuffle && args.seed.is_none() {
        println!("seed {seed} (add --seed {seed} to write the same page again)");
    }
    let turns: usize = page
        .exercises
        .iter()
        .map(|e| practice::tree::turns(&e.tree))
        .sum();
    println!(
        "{} exercises: solved in {:.2} s, proof trees ({turns} turns) in {:.2} s",
        items.len(),
        solved_in.as_secs_f64(),
        trees_in.as_secs_f64()
    );
    Ok(())
}
