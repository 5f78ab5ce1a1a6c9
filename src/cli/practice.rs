use super::limits::LimitArgs;
use super::output::Outputs;
use super::sets::select::{self, SelectArgs};
use super::sets::{load_sets, SetFiles, Solved};
use super::values::one_of;
use super::CliError;
use clap::Args;
use damtutor::practice::{self, Page, PracticeError, PracticeOptions, DEFAULT_MAX_TURNS};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::render::worksheet::Item;
use damtutor::words::Lang;
use damtutor::Variant;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PracticeArgs {
    #[command(flatten)]
    pub sets: SetFiles,
    /// The file to write. A page holds one game: exercises of several games make a page per
    /// game, named after it (practice-brazilian.html...).
    #[arg(long, short, value_name = "PATH", default_value = "practice.html")]
    pub out: PathBuf,
    /// The language of every word on the page [default: the first set's language]
    #[arg(long, value_parser = one_of::<Lang>("a language"))]
    pub lang: Option<Lang>,
    #[command(flatten)]
    pub select: SelectArgs,
    /// The page's title [default: the sets' titles in the page's language]
    #[arg(long)]
    pub title: Option<String>,
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
    let templates = Templates::load(Document::Practice, Format::Html, args.templates.as_deref())?;
    let lang = args.lang.unwrap_or(Lang::English);
    let sets = load_sets(&args.sets.files, "practice", lang)?;
    let lang = args
        .lang
        .or(sets.first().map(|s| s.language))
        .unwrap_or(lang);
    let limits = args.limits.limits();

    let started = Instant::now();
    let solved = Solved::verify(&sets, &args.select.choose, limits, Some(lang))?;
    let solved_in = started.elapsed();
    let chosen = solved.chosen()?;

    let draw = &args.select.draw;
    let seed = draw.seed();
    let options = PracticeOptions {
        lang: args.lang,
        shuffle: draw.shuffle,
        seed,
        max_turns: args.max_tree,
        limits,
        title: args.title.clone(),
    };
    let pages = pages(&chosen, &options, draw.count, &templates, &args.out)
        .map_err(|e| CliError::practice(lang, e))?;
    let trees_in = started.elapsed() - solved_in;
    // Written only once every page is made, all together.
    let mut outputs = Outputs::new();
    for (path, _, html) in &pages {
        outputs.add(path, html.as_bytes());
    }
    outputs
        .onto_device(&args.out)
        .map_err(|e| e.in_language(lang))?;
    outputs.commit().map_err(|e| e.in_language(lang))?;
    for (path, page, html) in &pages {
        outln!(
            "wrote {} ({} exercises, {} KB)",
            path.display(),
            page.exercises.len(),
            html.len().div_ceil(1024)
        );
    }
    if draw.seed_untold(false) {
        outln!("seed {seed} (add --seed {seed} to write the same page again)");
    }
    let turns: usize = pages
        .iter()
        .flat_map(|(_, page, _)| page.exercises.iter())
        .map(|e| practice::tree::turns(&e.tree))
        .sum();
    let count: usize = pages.iter().map(|(_, page, _)| page.exercises.len()).sum();
    outln!(
        "{count} exercises: solved in {:.2} s, proof trees ({turns} turns) in {:.2} s",
        solved_in.as_secs_f64(),
        trees_in.as_secs_f64()
    );
    Ok(())
}

/// One page a game, in the order the games first appear, each of `count` of the game's
/// exercises drawn with the options' seed, made and rendered: its path, the page and its HTML.
fn pages(
    chosen: &[Item],
    options: &PracticeOptions,
    count: Option<u16>,
    templates: &Templates,
    out: &Path,
) -> Result<Vec<(PathBuf, Page, String)>, PracticeError> {
    let mut games: Vec<Variant> = Vec::new();
    for item in chosen {
        if !games.contains(&item.solution.variant()) {
            games.push(item.solution.variant());
        }
    }
    let mut pages = Vec::new();
    for &game in &games {
        let of_game: Vec<Item> = chosen
            .iter()
            .filter(|item| item.solution.variant() == game)
            .copied()
            .collect();
        let of_game = select::draw(of_game, count, options.seed);
        let page = practice::build(&of_game, options)?;
        let html = practice::render(&page, templates)?;
        let path = if games.len() == 1 {
            out.to_path_buf()
        } else {
            page_of_game(out, game)
        };
        pages.push((path, page, html));
    }
    Ok(pages)
}

/// `out` with the game's name before its extension: `practice-brazilian.html`.
fn page_of_game(out: &Path, game: Variant) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or("practice".into(), |s| s.to_string_lossy());
    let name = match out.extension() {
        Some(ext) => format!("{stem}-{}.{}", game.name(), ext.to_string_lossy()),
        None => format!("{stem}-{}", game.name()),
    };
    out.with_file_name(name)
}
