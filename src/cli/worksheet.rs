use super::limits::LimitArgs;
use super::output::Outputs;
use super::pdf::{self, DocumentFormat};
use super::sets::select::{self, SelectArgs};
use super::sets::{load_sets, SetFiles, Solved};
use super::values::one_of;
use super::CliError;
use clap::Args;
use damtutor::render::templates::{Document, Templates};
use damtutor::render::worksheet::{self, Answers, Item, OutputFile, WorksheetOptions};
use damtutor::words::Lang;
use damtutor::Variant;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct WorksheetArgs {
    #[command(flatten)]
    pub sets: SetFiles,
    /// Output format: html, md, or pdf (printed by Chromium or Chrome) [default: from the
    /// --out extension, else html]
    #[arg(long, value_parser = one_of::<DocumentFormat>("a format"))]
    pub format: Option<DocumentFormat>,
    /// The file to write [default: worksheet.html, worksheet.md or worksheet.pdf in the current
    /// folder]. A sheet holds one game in one language: exercises of several make a sheet each,
    /// named after what tells them apart (worksheet-brazilian.html, worksheet-international-zh.html).
    #[arg(long, short, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Where the answer key goes: at the end, in a separate file (<name>-answers.html), under
    /// each diagram (a teacher's copy), or nowhere.
    #[arg(long, default_value = "end", value_parser = one_of::<Answers>("a place for the answers"))]
    pub answers: Answers,
    /// The language of every label, caption and motif name [default: each set's own language]
    #[arg(long, value_parser = one_of::<Lang>("a language"))]
    pub lang: Option<Lang>,
    #[command(flatten)]
    pub select: SelectArgs,
    /// The title at the top [default: the sets' titles in the sheet's language]
    #[arg(long)]
    pub title: Option<String>,
    /// The line under the title [default: the set's subtitle]
    #[arg(long)]
    pub subtitle: Option<String>,
    /// The school's name, printed at the top.
    #[arg(long)]
    pub school: Option<String>,
    /// Print each exercise's hint under its diagram.
    #[arg(long)]
    pub hints: bool,
    /// Write N versions with different orders: <name>-A.html, <name>-B.html...
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=26))]
    pub versions: u8,
    /// Let each version show some exercises with the colours swapped (square s becomes 51-s,
    /// the other side to move), with the solution translated.
    #[arg(long)]
    pub mirror: bool,
    /// Exercises per page.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u16).range(1..=30))]
    pub per_page: u16,
    /// Print the square numbers in the empty squares of the diagrams.
    #[arg(long)]
    pub numbers: bool,
    /// A folder of templates that replace the built-in ones of the same name (worksheet.html,
    /// macros.html, partials/style.css, worksheet.md...).
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: WorksheetArgs) -> Result<(), CliError> {
    let format = DocumentFormat::chosen(args.format, args.out.as_deref());
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("worksheet.{}", format.extension())));
    pdf::check_browser(format)?;
    let templates = Templates::load(
        Document::Worksheet,
        format.templates(),
        args.templates.as_deref(),
    )?;
    let lang = args.lang.unwrap_or(Lang::English);
    let sets = load_sets(&args.sets.files, "worksheet", lang)?;

    let started = Instant::now();
    let solved = Solved::verify(&sets, &args.select.choose, args.limits.limits(), args.lang)?;
    let solved_in = started.elapsed();
    let chosen = solved.chosen()?;
    let draw = &args.select.draw;
    let seed = draw.seed();
    let sheets = sheets(&chosen, args.lang, draw.count, seed);
    let files = render(&args, &sheets, format, seed, &templates, &out)?;
    let rendered_in = started.elapsed() - solved_in;
    let written = pdf::print(files, format == DocumentFormat::Pdf)?;
    let printed_in = started.elapsed() - solved_in - rendered_in;
    let mut outputs = Outputs::new();
    for file in &written {
        outputs.add(&file.path, file.bytes.as_slice());
    }
    outputs.onto_device(&out)?;
    outputs.commit()?;

    let documents: Vec<&Path> = written
        .iter()
        .map(|f| f.path.as_path())
        .filter(|path| path.extension().is_none_or(|e| e != "svg"))
        .collect();
    for path in &documents {
        outln!("wrote {}", path.display());
    }
    let diagrams = written.len() - documents.len();
    if diagrams > 0 {
        outln!("wrote {diagrams} SVG diagrams");
    }
    if draw.seed_untold(args.versions > 1 || args.mirror) {
        outln!("seed {seed} (add --seed {seed} to write the same worksheet again)");
    }
    let count: usize = sheets.iter().map(|s| s.items.len()).sum();
    let printed = match format {
        DocumentFormat::Pdf => format!(", printed in {:.2} s", printed_in.as_secs_f64()),
        _ => String::new(),
    };
    outln!(
        "{count} exercises: solved in {:.2} s, rendered in {:.2} s{printed}",
        solved_in.as_secs_f64(),
        rendered_in.as_secs_f64()
    );
    Ok(())
}

/// Every sheet rendered (its versions, answers and diagrams), before anything is written.
fn render(
    args: &WorksheetArgs,
    sheets: &[Sheet],
    format: DocumentFormat,
    seed: u64,
    templates: &Templates,
    out: &Path,
) -> Result<Vec<OutputFile>, CliError> {
    let mut files = Vec::new();
    for sheet in sheets {
        let options = WorksheetOptions {
            format: format.templates(),
            answers: args.answers,
            lang: Some(sheet.lang),
            per_page: usize::from(args.per_page),
            numbers: args.numbers,
            versions: usize::from(args.versions),
            shuffle: args.select.draw.shuffle,
            mirror: args.mirror,
            seed,
            title: args.title.clone(),
            subtitle: args.subtitle.clone(),
            school: args.school.clone(),
            hints: args.hints,
        };
        let path = sheet_path(out, sheets, sheet);
        let rendered = worksheet::render(&sheet.items, &options, templates, &path)
            .map_err(|e| CliError::worksheet(sheet.lang, e))?;
        files.extend(rendered);
    }
    Ok(files)
}

/// The exercises of one sheet: one game, one language.
struct Sheet<'a> {
    game: Variant,
    lang: Lang,
    items: Vec<Item<'a>>,
}

/// The items split into sheets of one game and one language (`lang`, or else each set's own),
/// in the order the games and languages first appear; `count` of each sheet's drawn with
/// `seed` (see [`select::draw`]).
fn sheets<'a>(
    items: &[Item<'a>],
    lang: Option<Lang>,
    count: Option<u16>,
    seed: u64,
) -> Vec<Sheet<'a>> {
    let mut sheets: Vec<Sheet> = Vec::new();
    for item in items {
        let game = item.solution.variant();
        let lang = lang.unwrap_or(item.set.language);
        match sheets.iter_mut().find(|s| s.game == game && s.lang == lang) {
            Some(sheet) => sheet.items.push(*item),
            None => sheets.push(Sheet {
                game,
                lang,
                items: vec![*item],
            }),
        }
    }
    for sheet in &mut sheets {
        sheet.items = select::draw(std::mem::take(&mut sheet.items), count, seed);
    }
    sheets
}

/// `out` for a single sheet; with several, `out` with what tells this one apart before its
/// extension: the game (`worksheet-brazilian.html`), the language (`worksheet-zh.html`) or
/// both (`worksheet-international-zh.html`).
fn sheet_path(out: &Path, sheets: &[Sheet], sheet: &Sheet) -> PathBuf {
    let mut suffix = String::new();
    if sheets.iter().any(|s| s.game != sheet.game) {
        suffix.push('-');
        suffix.push_str(sheet.game.name());
    }
    if sheets.iter().any(|s| s.lang != sheet.lang) {
        suffix.push('-');
        suffix.push_str(sheet.lang.code());
    }
    if suffix.is_empty() {
        return out.to_path_buf();
    }
    let stem = out
        .file_stem()
        .map_or("worksheet".into(), |s| s.to_string_lossy());
    let name = match out.extension() {
        Some(ext) => format!("{stem}{suffix}.{}", ext.to_string_lossy()),
        None => format!("{stem}{suffix}"),
    };
    out.with_file_name(name)
}
