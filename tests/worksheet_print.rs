//! Worksheets as printed: in headless Chromium, for every `--per-page` from 1 to 30 and every
//! `--answers` mode, each page of exercises is one printed page with nothing cut off or pushed
//! onto the next, no page of exercises is mostly empty, and the answer key fills its pages; the
//! PDFs that `--format pdf` writes (worksheets, keys, quizzes, feedback reports) have the pages
//! they should, and Chinese is drawn with a Chinese font. Without a browser the command exits 2
//! and writes nothing. Without Chromium the browser tests say they are skipped (under CI they
//! fail).

use crate::support::cli;

use crate::support::browser;
use crate::support::pdf;
use pdf::pdf_pages;

use browser::{Browser, Page};
use damtutor::exercise::{self, ExerciseSet};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::render::worksheet::{self, Answers, Item, WorksheetOptions};
use damtutor::solver::{solve_all_variants, Limits, VariantSolution};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

/// The printable height of an A4 page inside the sheet's 12 mm margins.
const PAGE_MM: f64 = 273.0;

fn root(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn run_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    cli::damtutor(args).in_dir(dir).envs(env).output()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("damtutor-print-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Where the tests leave PDFs for a person to look at.
fn kept() -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("worksheet-print");
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// Sets of exercises, solved once.
struct Solved {
    sets: Vec<ExerciseSet>,
    solutions: Vec<VariantSolution>,
}

impl Solved {
    fn new(paths: &[&str]) -> Solved {
        let sets: Vec<ExerciseSet> = paths
            .iter()
            .map(|p| exercise::load(&root(p)).unwrap())
            .collect();
        let tasks: Vec<_> = sets
            .iter()
            .flat_map(|s| s.exercises.iter().map(|e| (e.position, e.goal)))
            .collect();
        let solutions = solve_all_variants(&tasks, Limits::default());
        Solved { sets, solutions }
    }

    fn items(&self) -> Vec<Item<'_>> {
        self.sets
            .iter()
            .flat_map(|set| set.exercises.iter().map(move |e| (set, e)))
            .zip(&self.solutions)
            .map(|((set, exercise), solution)| Item {
                set,
                exercise,
                solution,
            })
            .collect()
    }

    /// The sheet's HTML (and the separate key's, if any).
    fn render(&self, options: &WorksheetOptions) -> Vec<String> {
        let templates = Templates::load(Document::Worksheet, Format::Html, None).unwrap();
        worksheet::render(&self.items(), options, &templates, Path::new("sheet.html"))
            .unwrap()
            .into_iter()
            .map(|f| f.contents)
            .collect()
    }
}

/// One exercise as printed: its id, where its content ends (from the page's top), the side of
/// its board, and what sticks out of its cell.
type Cell = (String, f64, f64, Vec<String>);

/// What the print layout of a sheet measures, in millimetres.
#[derive(Debug)]
struct Measured {
    /// Each page of exercises: its height and its cells.
    pages: Vec<(f64, Vec<Cell>)>,
    /// The height of each answer in the key.
    answers: Vec<f64>,
}

/// Opens `html` in `page` with the print media emulated, measures it, and prints it to PDF.
fn measure_and_print(page: &mut Page, html: &str, name: &str) -> (Measured, usize) {
    let file = kept().join(format!("{name}.html"));
    std::fs::write(&file, html).unwrap();
    page.call("Page.navigate", json!({"url": browser::file_url(&file)}));
    page.wait_for(
        "document.readyState === 'complete' && document.querySelector('.page, .answer-key')",
    );
    page.call("Emulation.setEmulatedMedia", json!({"media": "print"}));
    let measured = page.eval(
        r#"(() => {
        const mm = 96 / 25.4;
        const pages = [...document.querySelectorAll('.page.sheet')].map(p => {
          const page = p.getBoundingClientRect();
          const cells = [...p.querySelectorAll('figure.exercise')].map(f => {
            const cell = f.getBoundingClientRect();
            let bottom = cell.top;
            const out = [];
            for (const child of f.children) {
              const r = child.getBoundingClientRect();
              bottom = Math.max(bottom, r.bottom);
              if (r.bottom > cell.bottom + 0.5 || r.right > cell.right + 0.5 || r.bottom > page.bottom + 0.5) {
                out.push(child.tagName + '.' + (child.getAttribute('class') || ''));
              }
            }
            const board = f.querySelector('svg').getBoundingClientRect();
            return [f.dataset.id, (bottom - page.top) / mm, Math.min(board.width, board.height) / mm, out];
          });
          return [page.height / mm, cells];
        });
        const answers = [...document.querySelectorAll('.answer')].map(a => a.getBoundingClientRect().height / mm);
        return {pages, answers};
      })()"#,
    );
    page.call("Emulation.setEmulatedMedia", json!({"media": ""}));
    let pages = measured["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let cells = p[1]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    (
                        c[0].as_str().unwrap().to_string(),
                        c[1].as_f64().unwrap(),
                        c[2].as_f64().unwrap(),
                        c[3].as_array()
                            .unwrap()
                            .iter()
                            .map(|s| s.as_str().unwrap().to_string())
                            .collect(),
                    )
                })
                .collect();
            (p[0].as_f64().unwrap(), cells)
        })
        .collect();
    let answers = measured["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_f64().unwrap())
        .collect();
    let printed = page.call(
        "Page.printToPDF",
        json!({"printBackground": true, "preferCSSPageSize": true, "displayHeaderFooter": false}),
    );
    let pdf = decode(printed["data"].as_str().unwrap());
    std::fs::write(kept().join(format!("{name}.pdf")), &pdf).unwrap();
    (Measured { pages, answers }, pdf_pages(&pdf))
}

/// Standard base64 (the PDF the browser sends).
fn decode(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .expect("base64")
}

/// Checks one sheet of `count` exercises, `per_page` a page, as printed.
fn check_sheet(page: &mut Page, solved: &Solved, per_page: usize, answers: Answers) {
    let count = solved.solutions.len();
    let options = WorksheetOptions {
        per_page,
        answers,
        ..WorksheetOptions::default()
    };
    let html = solved.render(&options);
    let name = format!("sheet-{per_page}-{}-{count}", answers.name());
    let (measured, printed) = measure_and_print(page, &html[0], &name);
    let context = format!("--per-page {per_page} --answers {}", answers.name());
    // As many a page as asked - with inline answers, fewer where their text leaves no room.
    let items = solved.items();
    let plan = &worksheet::plan(count, &options)[0];
    let view = worksheet::build(&items, plan, &options, "d").unwrap();
    let per_page = view.layout.per_page;
    if answers == Answers::Inline {
        assert!(
            per_page <= options.per_page && per_page >= options.per_page.min(9),
            "{context}: {per_page} a page"
        );
    } else {
        assert_eq!(per_page, options.per_page, "{context}");
    }
    let exercise_pages = count.div_ceil(per_page);
    assert_eq!(measured.pages.len(), exercise_pages, "{context}");
    let mut boards = Vec::new();
    for (number, (height, cells)) in measured.pages.iter().enumerate() {
        assert!(
            *height <= PAGE_MM,
            "{context}: page {} is {height:.1} mm high",
            number + 1
        );
        let expected = if number + 1 < exercise_pages {
            per_page
        } else {
            count - per_page * (exercise_pages - 1)
        };
        assert_eq!(cells.len(), expected, "{context}: page {}", number + 1);
        for (id, bottom, board, out) in cells {
            assert!(
                out.is_empty(),
                "{context}: {id} does not fit its cell: {out:?}"
            );
            assert!(
                *bottom <= height + 0.3,
                "{context}: {id} ends at {bottom:.1} mm"
            );
            boards.push(*board);
        }
        // A full page is filled: its last row ends in the lower part of the page.
        if number + 1 < exercise_pages {
            let end = cells.iter().map(|c| c.1).fold(0.0, f64::max);
            assert!(
                end >= 0.6 * PAGE_MM,
                "{context}: page {} ends at {end:.0} mm of {PAGE_MM}",
                number + 1
            );
        }
    }
    // Every diagram at (nearly) one size, and none shrunk to nothing.
    let largest = boards.iter().copied().fold(0.0, f64::max);
    let smallest = boards.iter().copied().fold(f64::MAX, f64::min);
    assert!(smallest >= 12.0, "{context}: a board of {smallest:.1} mm");
    assert!(
        smallest >= 0.75 * largest,
        "{context}: boards from {smallest:.1} to {largest:.1} mm"
    );
    // The PDF: the pages of exercises, then the key's.
    let key_pages = printed - exercise_pages;
    if answers == Answers::End {
        // Two columns of answers: the key needs at least their height over two columns, and
        // no more than a fifth again (an answer is never split) and a page.
        let area: f64 = measured.answers.iter().sum::<f64>() / (2.0 * PAGE_MM);
        assert!(key_pages >= 1, "{context}: no key");
        assert!(
            (key_pages as f64) <= (area * 1.2).ceil() + 1.0,
            "{context}: {key_pages} key pages for {area:.2} pages of answers"
        );
    } else {
        assert_eq!(key_pages, 0, "{context}: {printed} pages printed");
    }
}

/// The English sets of the sheets below (32 exercises), solved once for the tests that print them.
fn english() -> &'static Solved {
    static SOLVED: OnceLock<Solved> = OnceLock::new();
    SOLVED.get_or_init(|| {
        Solved::new(&["exercises/02-shots.yaml", "exercises/03-classic-shots.yaml"])
    })
}

/// The Chinese set of the sheets below (16 exercises), solved once.
fn chinese() -> &'static Solved {
    static SOLVED: OnceLock<Solved> = OnceLock::new();
    SOLVED.get_or_init(|| Solved::new(&["exercises/01-turkish-strikes.yaml"]))
}

/// The `--per-page` values tried with inline answers, without answers and with a separate
/// key: a sheet's grid changes at each of them.
const SOME_PER_PAGE: [usize; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 20, 24, 30];

/// Prints `sheets` (a set, a `--per-page` and an `--answers` mode each) in a browser of the
/// test's own and checks each. The sheets are checked by four tests, which run side by side.
fn check_sheets(test: &str, sheets: &[(&Solved, usize, Answers)]) {
    let Some(mut browser) = Browser::launch() else {
        browser::skip(test);
        return;
    };
    let mut page = browser.page();
    for &(solved, per_page, answers) in sheets {
        check_sheet(&mut page, solved, per_page, answers);
    }
    assert!(page.errors().is_empty(), "{:?}", page.errors());
}

#[test]
fn every_page_fits_with_the_key_at_the_end_up_to_15_a_page() {
    let sheets: Vec<_> = (1..=15).map(|n| (english(), n, Answers::End)).collect();
    check_sheets(
        "every_page_fits_with_the_key_at_the_end_up_to_15_a_page",
        &sheets,
    );
}

#[test]
fn every_page_fits_with_the_key_at_the_end_from_16_a_page() {
    let sheets: Vec<_> = (16..=30).map(|n| (english(), n, Answers::End)).collect();
    check_sheets(
        "every_page_fits_with_the_key_at_the_end_from_16_a_page",
        &sheets,
    );
}

#[test]
fn every_page_fits_with_inline_answers_and_without_answers() {
    let sheets: Vec<_> = SOME_PER_PAGE
        .into_iter()
        .flat_map(|n| {
            [
                (chinese(), n, Answers::Inline),
                (chinese(), n, Answers::None),
            ]
        })
        .collect();
    check_sheets(
        "every_page_fits_with_inline_answers_and_without_answers",
        &sheets,
    );
}

#[test]
fn every_page_fits_with_the_key_apart() {
    let sheets: Vec<_> = SOME_PER_PAGE
        .into_iter()
        .map(|n| (english(), n, Answers::Separate))
        .collect();
    check_sheets("every_page_fits_with_the_key_apart", &sheets);
}

#[test]
fn chinese_is_drawn_with_a_chinese_font() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip("chinese_is_drawn_with_a_chinese_font");
        return;
    };
    let html = chinese().render(&WorksheetOptions::default());
    let file = kept().join("chinese-font.html");
    std::fs::write(&file, &html[0]).unwrap();
    let mut page = browser.page();
    page.call("Page.navigate", json!({"url": browser::file_url(&file)}));
    page.wait_for("document.readyState === 'complete' && document.fonts.status === 'loaded'");
    page.call("DOM.enable", json!({}));
    page.call("CSS.enable", json!({}));
    let document = page.call("DOM.getDocument", json!({}));
    for selector in [
        "h1",
        ".instructions",
        ".exercise .caption",
        ".answer .comment",
    ] {
        let node = page.call(
            "DOM.querySelector",
            json!({"nodeId": document["root"]["nodeId"], "selector": selector}),
        );
        let fonts = page.call(
            "CSS.getPlatformFontsForNode",
            json!({"nodeId": node["nodeId"]}),
        );
        let fonts: Vec<&Value> = fonts["fonts"].as_array().unwrap().iter().collect();
        let names: Vec<String> = fonts
            .iter()
            .map(|f| f["familyName"].as_str().unwrap_or("").to_string())
            .collect();
        let cjk = fonts.iter().any(|f| {
            let name = f["familyName"].as_str().unwrap_or("");
            f["glyphCount"].as_u64().unwrap_or(0) > 0
                && [
                    "CJK",
                    "Han",
                    "Hei",
                    "Song",
                    "Ming",
                    "Kai",
                    "WenQuanYi",
                    "Fallback",
                    "PingFang",
                    "YaHei",
                    "SimSun",
                ]
                .iter()
                .any(|word| name.contains(word))
        });
        assert!(
            cjk,
            "{selector}: drawn with {names:?}, no Chinese font (CI installs fonts-noto-cjk)"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The command

#[test]
fn pdf_files_have_their_pages() {
    if browser::chromium().is_none() {
        browser::skip("pdf_files_have_their_pages");
        return;
    }
    let dir = scratch("pdf");
    let fixture = root("tests/data/worksheet-fixture.yaml")
        .display()
        .to_string();
    // Five exercises, two a page, the key apart: three pages and a key of one.
    let output = run_in(
        &dir,
        &[
            "worksheet",
            &fixture,
            "--per-page",
            "2",
            "--answers",
            "separate",
            "--out",
            "sheet.pdf",
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("wrote sheet.pdf\nwrote sheet-answers.pdf\n"),
        "{stdout}"
    );
    assert!(stdout.contains(", printed in "), "{stdout}");
    assert_eq!(pdf_pages(&std::fs::read(dir.join("sheet.pdf")).unwrap()), 3);
    assert_eq!(
        pdf_pages(&std::fs::read(dir.join("sheet-answers.pdf")).unwrap()),
        1
    );
    // --format pdf, and versions: a PDF each.
    let output = run_in(
        &dir,
        &[
            "worksheet",
            &fixture,
            "--format",
            "pdf",
            "--versions",
            "2",
            "--seed",
            "3",
            "--answers",
            "none",
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in ["worksheet-A.pdf", "worksheet-B.pdf"] {
        assert_eq!(
            pdf_pages(&std::fs::read(dir.join(name)).unwrap()),
            1,
            "{name}"
        );
    }
    // A quiz and its key.
    let output = run_in(
        &dir,
        &[
            "quiz", "--seed", "5", "--lang", "zh", "--out", "quiz.pdf", "--key",
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(pdf_pages(&std::fs::read(dir.join("quiz.pdf")).unwrap()) >= 2);
    assert!(pdf_pages(&std::fs::read(dir.join("quiz-answers.pdf")).unwrap()) >= 1);
    assert!(std::fs::read_to_string(dir.join("quiz-key.json"))
        .unwrap()
        .starts_with('{'));
    // Feedback reports: one PDF a student, the gradebook as it was.
    let class = root("tests/data/class");
    let output = run_in(
        &dir,
        &[
            "check",
            "--exercises",
            &class.join("exercises.yaml").display().to_string(),
            &class.join("answers/alice.yaml").display().to_string(),
            &class.join("answers/bob.yaml").display().to_string(),
            "--format",
            "pdf",
            "--out",
            "reports",
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let reports = dir.join("reports");
    let pdfs: Vec<PathBuf> = std::fs::read_dir(&reports)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    assert_eq!(pdfs.len(), 2, "{pdfs:?}");
    for pdf in &pdfs {
        assert!(pdf_pages(&std::fs::read(pdf).unwrap()) >= 1);
    }
    assert!(reports.join("gradebook.csv").is_file());
}

#[test]
fn without_a_browser_pdf_exits_2_and_writes_nothing() {
    let dir = scratch("no-browser");
    let missing = dir.join("no-such-chromium").display().to_string();
    let env = [("DAMTUTOR_CHROMIUM", missing.as_str())];
    let fixture = root("tests/data/worksheet-fixture.yaml")
        .display()
        .to_string();
    let class = root("tests/data/class");
    let runs: [Vec<String>; 4] = [
        vec![
            "worksheet".into(),
            fixture.clone(),
            "--out".into(),
            "sheet.pdf".into(),
        ],
        vec!["worksheet".into(), fixture, "--format".into(), "pdf".into()],
        vec![
            "quiz".into(),
            "--out".into(),
            "quiz.pdf".into(),
            "--key".into(),
        ],
        vec![
            "check".into(),
            "--exercises".into(),
            class.join("exercises.yaml").display().to_string(),
            class.join("answers/alice.yaml").display().to_string(),
            "--format".into(),
            "pdf".into(),
            "--out".into(),
            "reports".into(),
        ],
    ];
    for args in &runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run_in(&dir, &args, &env);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("no-such-chromium, which is not a file"),
            "{stderr}"
        );
        assert!(stderr.contains("apt install chromium"), "{stderr}");
        assert!(stderr.contains("nothing written"), "{stderr}");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert!(left.is_empty(), "{args:?} wrote {left:?}");
    }
}
