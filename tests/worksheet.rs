//! Worksheets: snapshots of the HTML and Markdown of a fixture set in both languages, the
//! properties every worksheet must have (well-formed, self-contained, each diagram showing
//! exactly its exercise's pieces, everything from a file escaped, reproducible shuffles), and
//! the `damtutor worksheet` command's files and exit codes.

use crate::support::cli;
use cli::run_in;

use damtutor::exercise::{self, ExerciseSet};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::render::worksheet::{self, mirror_line, Answers, Item, OutputFile, WorksheetOptions};
use damtutor::solver::{solve_all, solve_all_variants, Limits, Solver, VariantSolution};
use damtutor::words::Lang;
use damtutor::{International, Square};

/// The international game, which these tests draw.
type Position = damtutor::Position<International>;
type Solution = damtutor::solver::Solution<International>;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const FIXTURE: &str = "tests/data/worksheet-fixture.yaml";
const FIXTURE_ZH: &str = "tests/data/worksheet-fixture-zh.yaml";
/// 64-square exercises in Chinese (a white Turkish strike, a black shot).
const SHEET_64: &str = "tests/data/worksheet-64.yaml";
/// English checkers exercises in English (one with Black to move and a king).
const SHEET_CHECKERS: &str = "tests/data/worksheet-checkers.yaml";

// ---------------------------------------------------------------------------------------------
// Helpers

fn load(path: &str) -> ExerciseSet {
    exercise::load(Path::new(path)).expect("the fixture loads")
}

/// The fixtures' exercises are international draughts.
fn position(e: &damtutor::exercise::Exercise) -> Position {
    e.position.get().expect("an international exercise")
}

fn solve(sets: &[ExerciseSet]) -> Vec<Solution> {
    let tasks: Vec<_> = sets
        .iter()
        .flat_map(|s| s.exercises.iter().map(|e| (position(e), e.goal)))
        .collect();
    solve_all(&tasks, Limits::default())
}

fn items<'a>(sets: &'a [ExerciseSet], solutions: &'a [VariantSolution]) -> Vec<Item<'a>> {
    sets.iter()
        .flat_map(|set| set.exercises.iter().map(move |exercise| (set, exercise)))
        .zip(solutions)
        .map(|((set, exercise), solution)| Item {
            set,
            exercise,
            solution,
        })
        .collect()
}

/// Renders the sets in memory.
fn render(paths: &[&str], options: &WorksheetOptions, out: &str) -> Vec<OutputFile> {
    let sets: Vec<ExerciseSet> = paths.iter().map(|p| load(p)).collect();
    let solutions: Vec<VariantSolution> = solve(&sets).into_iter().map(Into::into).collect();
    let templates = Templates::load(Document::Worksheet, options.format, None).unwrap();
    worksheet::render(
        &items(&sets, &solutions),
        options,
        &templates,
        Path::new(out),
    )
    .unwrap()
}

/// Renders sets of any game in memory.
fn render_games(paths: &[&str], options: &WorksheetOptions, out: &str) -> Vec<OutputFile> {
    let sets: Vec<ExerciseSet> = paths.iter().map(|p| load(p)).collect();
    let tasks: Vec<_> = sets
        .iter()
        .flat_map(|s| s.exercises.iter().map(|e| (e.position, e.goal)))
        .collect();
    let solutions = solve_all_variants(&tasks, Limits::default());
    let templates = Templates::load(Document::Worksheet, options.format, None).unwrap();
    worksheet::render(
        &items(&sets, &solutions),
        options,
        &templates,
        Path::new(out),
    )
    .unwrap()
}

fn html_options(lang: Option<Lang>) -> WorksheetOptions {
    WorksheetOptions {
        lang,
        ..WorksheetOptions::default()
    }
}

/// The HTML with each SVG diagram replaced by a one-line summary (its pieces, the side to move
/// and its arrows), so that snapshots show the page structure and text; the SVG itself has a
/// snapshot of its own.
fn summarize_svgs(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<svg") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("</svg>").expect("closed svg") + start + 6;
        let svg = &rest[start..end];
        let pieces: Vec<String> = piece_elements(svg)
            .iter()
            .map(|(square, code)| format!("{code}{square}"))
            .collect();
        let turn = attribute_values(svg, "data-turn").join("");
        let arrows = attribute_values(svg, "data-route").join(" ");
        out.push_str(&format!(
            "<svg [{} to move; {}; arrows: {}]/>",
            turn,
            pieces.join(" "),
            arrows
        ));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Every value of `name="..."` in order.
fn attribute_values(text: &str, name: &str) -> Vec<String> {
    let needle = format!("{name}=\"");
    text.match_indices(&needle)
        .map(|(i, _)| {
            text[i + needle.len()..]
                .chars()
                .take_while(|c| *c != '"')
                .collect()
        })
        .collect()
}

/// The pieces drawn in an SVG: (square, code such as `wm`).
fn piece_elements(svg: &str) -> Vec<(u8, String)> {
    let squares = attribute_values(svg, "data-square");
    let codes = attribute_values(svg, "data-piece");
    assert_eq!(squares.len(), codes.len());
    squares
        .iter()
        .map(|s| s.parse().expect("a square number"))
        .zip(codes)
        .collect()
}

/// The pieces of a position as the SVG codes.
fn pieces_of(position: &Position) -> Vec<(u8, String)> {
    Square::all()
        .filter_map(|square| {
            position.piece_at(square).map(|piece| {
                let code = format!(
                    "{}{}",
                    piece.color.letter().to_ascii_lowercase(),
                    match piece.role {
                        damtutor::Role::Man => 'm',
                        damtutor::Role::King => 'k',
                    }
                );
                (square.number(), code)
            })
        })
        .collect()
}

/// Checks that tags are balanced and properly nested (void elements and `/>` aside), skipping
/// the style element's text; returns the problem found, if any.
fn well_formed(html: &str) -> Result<(), String> {
    const VOID: [&str; 6] = ["meta", "br", "img", "hr", "input", "link"];
    let mut stack: Vec<String> = Vec::new();
    let mut rest = html.trim_start();
    rest = rest
        .strip_prefix("<!DOCTYPE html>")
        .ok_or("no doctype at the start")?;
    while let Some(open) = rest.find('<') {
        if rest[..open].contains('>') {
            return Err(format!("stray '>' in {:?}", &rest[..open]));
        }
        rest = &rest[open..];
        let close = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[1..close];
        if tag.contains('<') {
            return Err(format!("'<' inside a tag: {tag:?}"));
        }
        if attribute_quotes_unbalanced(tag) {
            return Err(format!("unbalanced quotes in {tag:?}"));
        }
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if name.is_empty() {
            return Err(format!("not a tag: <{tag}>"));
        }
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        if name == "style" {
            let end = rest.find("</style>").ok_or("unclosed style")?;
            rest = &rest[end + "</style>".len()..];
            continue;
        }
        stack.push(name);
    }
    if rest.contains('>') {
        return Err("stray '>' at the end".into());
    }
    if stack.is_empty() {
        Ok(())
    } else {
        Err(format!("unclosed: {stack:?}"))
    }
}

fn attribute_quotes_unbalanced(tag: &str) -> bool {
    !tag.matches('"').count().is_multiple_of(2)
}

/// The external references a page could fetch.
fn external_references(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for needle in [
        "http://", "https://", "src=", "href=", "url(", "@import", "//cdn",
    ] {
        if html.contains(needle) {
            found.push(needle.to_string());
        }
    }
    found
}

/// Each exercise's (or answer's) element with its id, FEN and SVG.
fn diagrams(html: &str, class: &str) -> Vec<(String, String, String)> {
    let marker = format!("class=\"{class}\" id=\"");
    html.match_indices(&marker)
        .map(|(i, _)| {
            let element = &html[i..];
            let id = attribute_values(element, "data-id")[0].clone();
            let fen = attribute_values(element, "data-fen")[0].clone();
            let start = element.find("<svg").unwrap();
            let end = element.find("</svg>").unwrap();
            (id, fen, element[start..end].to_string())
        })
        .collect()
}

/// A fresh empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("damtutor-worksheet-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(name)
        .display()
        .to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Snapshots

#[test]
fn snapshot_html_english() {
    let files = render(&[FIXTURE], &html_options(None), "sheet.html");
    assert_eq!(files.len(), 1);
    insta::assert_snapshot!("html_en", summarize_svgs(&files[0].contents));
}

#[test]
fn snapshot_html_chinese() {
    let files = render(&[FIXTURE_ZH], &html_options(None), "sheet.html");
    let html = &files[0].contents;
    assert!(html.contains("<html lang=\"zh-CN\">"));
    insta::assert_snapshot!("html_zh", summarize_svgs(html));
}

#[test]
fn snapshot_markdown_both_languages() {
    for (lang, name) in [
        (Lang::English, "markdown_en"),
        (Lang::Chinese, "markdown_zh"),
    ] {
        let options = WorksheetOptions {
            format: Format::Markdown,
            lang: Some(lang),
            ..WorksheetOptions::default()
        };
        let files = render(&[FIXTURE], &options, "sheet.md");
        assert_eq!(files[0].path, Path::new("sheet.md"));
        insta::assert_snapshot!(name, files[0].contents);
    }
}

#[test]
fn snapshot_svg_diagram_with_king_and_arrows() {
    let options = WorksheetOptions {
        format: Format::Markdown,
        ..WorksheetOptions::default()
    };
    let files = render(&[FIXTURE], &options, "sheet.md");
    let key = files
        .iter()
        .find(|f| f.path == Path::new("sheet-diagrams/01-key.svg"))
        .expect("the first answer diagram");
    insta::assert_snapshot!("svg_ts01_key", key.contents);
    let king = files
        .iter()
        .find(|f| f.path == Path::new("sheet-diagrams/05-key.svg"))
        .expect("the king exercise's answer diagram");
    insta::assert_snapshot!("svg_kg01_key", king.contents);
}

#[test]
fn snapshot_8x8_sheets_in_both_languages() {
    for (fixture, lang, name) in [
        (SHEET_64, Lang::Chinese, "html_64_zh"),
        (SHEET_64, Lang::English, "html_64_en"),
        (SHEET_CHECKERS, Lang::English, "html_checkers_en"),
        (SHEET_CHECKERS, Lang::Chinese, "html_checkers_zh"),
    ] {
        let files = render_games(&[fixture], &html_options(Some(lang)), "sheet.html");
        assert_eq!(files.len(), 1);
        let html = &files[0].contents;
        well_formed(html).unwrap();
        // The answers are in the game's notation: a1..h8 on the 64-square board, 1-32 in
        // checkers (the move number and its move are joined by a no-break space), `!` on keys
        // proven unique within their horizon.
        let key = if fixture == SHEET_64 {
            "b4-c5!</span> <span class=\"move\">b6xd4</span>"
        } else {
            "7-3!</span> <span class=\"move\">6x13</span>"
        };
        assert!(html.contains(key), "{name}: {key}");
        insta::assert_snapshot!(name, summarize_svgs(html));
    }
}

#[test]
fn snapshot_8x8_diagrams_follow_each_games_convention() {
    let options = WorksheetOptions {
        format: Format::Markdown,
        ..WorksheetOptions::default()
    };
    // The 64-square board: files a..h under it and ranks 1..8 on its left, no numbers.
    let files = render_games(&[SHEET_64], &options, "sheet.md");
    let diagram = |files: &[OutputFile], name: &str| {
        files
            .iter()
            .find(|f| f.path == Path::new("sheet-diagrams").join(name))
            .unwrap_or_else(|| panic!("{name}"))
            .contents
            .clone()
    };
    let svg = diagram(&files, "01.svg");
    for label in ["a", "h", "1", "8"] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
    assert!(!svg.contains(">32</text>"));
    insta::assert_snapshot!("svg_64_b01", svg);
    // Black to move: the mark of the side to move beside Black's end of the board.
    let svg = diagram(&files, "03-key.svg");
    assert!(svg.contains(r#"data-turn="black""#));
    insta::assert_snapshot!("svg_64_b03_key", svg);

    // English checkers, as WCDF diagrams: every square numbered 1-32 in its corner, 1 at the
    // top left (b8), as the book diagrams print them.
    let files = render_games(&[SHEET_CHECKERS], &options, "sheet.md");
    let svg = diagram(&files, "01.svg");
    assert_eq!(svg.matches("<text").count(), 32);
    assert!(!svg.contains(">a</text>"));
    insta::assert_snapshot!("svg_checkers_c01", svg);
    let svg = diagram(&files, "03-key.svg");
    assert!(svg.contains(r#"data-turn="black""#));
    insta::assert_snapshot!("svg_checkers_c03_key", svg);
}

#[test]
fn snapshot_separate_answer_key_and_inline_answers() {
    let options = WorksheetOptions {
        answers: Answers::Separate,
        ..WorksheetOptions::default()
    };
    let files = render(&[FIXTURE_ZH], &options, "q.html");
    let paths: Vec<&Path> = files.iter().map(|f| f.path.as_path()).collect();
    assert_eq!(paths, [Path::new("q.html"), Path::new("q-answers.html")]);
    assert!(
        !files[0].contents.contains("43-38!"),
        "no answers on the sheet"
    );
    insta::assert_snapshot!("answers_separate_zh", summarize_svgs(&files[1].contents));

    let options = WorksheetOptions {
        answers: Answers::Inline,
        lang: Some(Lang::English),
        ..WorksheetOptions::default()
    };
    let files = render(&[FIXTURE_ZH], &options, "q.html");
    insta::assert_snapshot!("answers_inline_en", summarize_svgs(&files[0].contents));
}

// ---------------------------------------------------------------------------------------------
// Properties of every worksheet

#[test]
fn html_is_well_formed_and_self_contained() {
    for answers in [
        Answers::End,
        Answers::Separate,
        Answers::Inline,
        Answers::None,
    ] {
        for lang in [Lang::English, Lang::Chinese] {
            let options = WorksheetOptions {
                answers,
                lang: Some(lang),
                numbers: true,
                versions: 2,
                mirror: true,
                seed: 3,
                ..WorksheetOptions::default()
            };
            for file in render(&[FIXTURE, FIXTURE_ZH], &options, "w.html") {
                let html = &file.contents;
                if let Err(problem) = well_formed(html) {
                    panic!("{}: {problem}", file.path.display());
                }
                assert_eq!(
                    external_references(html),
                    Vec::<String>::new(),
                    "{}",
                    file.path.display()
                );
            }
        }
    }
}

#[test]
fn the_checker_finds_broken_html() {
    assert!(well_formed("<!DOCTYPE html><p><b></p></b>").is_err());
    assert!(well_formed("<!DOCTYPE html><div>").is_err());
    assert!(well_formed("<!DOCTYPE html><p a=\"1>x</p>").is_err());
    assert!(well_formed("<!DOCTYPE html><p>a > b</p>").is_err());
    assert!(well_formed("<!DOCTYPE html><p><br><svg><g/></svg></p>").is_ok());
}

#[test]
fn every_diagram_shows_exactly_its_exercise() {
    let sets = [load(FIXTURE), load(FIXTURE_ZH)];
    let by_id: BTreeMap<String, Position> = sets
        .iter()
        .flat_map(|s| s.exercises.iter())
        .map(|e| (e.id.clone(), position(e)))
        .collect();
    let options = WorksheetOptions {
        versions: 3,
        mirror: true,
        seed: 11,
        ..WorksheetOptions::default()
    };
    let mut mirrored = 0;
    let mut shown = 0;
    for file in render(&[FIXTURE, FIXTURE_ZH], &options, "w.html") {
        for class in ["exercise", "answer"] {
            for (id, fen, svg) in diagrams(&file.contents, class) {
                let original = by_id[&id];
                let drawn: Position = fen.parse().unwrap();
                if drawn == original.mirrored() {
                    mirrored += 1;
                } else {
                    assert_eq!(drawn, original, "{id}");
                }
                assert_eq!(piece_elements(&svg), pieces_of(&drawn), "{id}");
                let turn = attribute_values(&svg, "data-turn");
                assert_eq!(turn, [drawn.turn().name()], "{id}");
                shown += 1;
            }
        }
    }
    assert_eq!(shown, 3 * 2 * 8);
    assert!(mirrored > 0, "--mirror swapped no exercise");
}

#[test]
fn text_from_files_is_escaped() {
    let dir = scratch("escape");
    let path = dir.join("evil.yaml");
    std::fs::write(
        &path,
        "title: \"<script>alert(1)</script> & *Tactics*\"\nexercises:\n  - id: \"x<1>\"\n    fen: \"W:W11,23,27,28,43:BK47\"\n    title: \"<img src=x onerror=alert(1)>\"\n    comment: \"[link](http://example.com) `code` a_b\"\n",
    )
    .unwrap();
    let set = exercise::load(&path).unwrap();
    let sets = [set];
    let solutions: Vec<VariantSolution> = solve(&sets).into_iter().map(Into::into).collect();
    let items = items(&sets, &solutions);

    let templates = Templates::load(Document::Worksheet, Format::Html, None).unwrap();
    let files = worksheet::render(
        &items,
        &WorksheetOptions::default(),
        &templates,
        Path::new("e.html"),
    )
    .unwrap();
    let html = &files[0].contents;
    assert!(!html.contains("<script"), "a script tag came through");
    assert!(!html.contains("<img"), "an img tag came through");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt; &amp; *Tactics*"));
    assert!(html.contains("data-id=\"x&lt;1&gt;\""));
    well_formed(html).unwrap();

    let templates = Templates::load(Document::Worksheet, Format::Markdown, None).unwrap();
    let options = WorksheetOptions {
        format: Format::Markdown,
        ..WorksheetOptions::default()
    };
    let files = worksheet::render(&items, &options, &templates, Path::new("e.md")).unwrap();
    let markdown = &files[0].contents;
    assert!(markdown.starts_with("# &lt;script&gt;alert(1)&lt;/script&gt; &amp; \\*Tactics\\*\n"));
    assert!(markdown.contains("\\[link\\](http://example.com) \\`code\\` a\\_b"));
    assert!(markdown.contains("*&lt;img src=x onerror=alert(1)&gt;*"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn versions_differ_in_order_and_the_same_seed_gives_the_same_bytes() {
    let options = WorksheetOptions {
        versions: 2,
        seed: 7,
        mirror: true,
        ..WorksheetOptions::default()
    };
    let first = render(&[FIXTURE], &options, "w.html");
    let again = render(&[FIXTURE], &options, "w.html");
    assert_eq!(first, again);
    let names: Vec<&Path> = first.iter().map(|f| f.path.as_path()).collect();
    assert_eq!(names, [Path::new("w-A.html"), Path::new("w-B.html")]);
    let order = |html: &str| -> Vec<String> {
        diagrams(html, "exercise")
            .into_iter()
            .map(|(id, _, _)| id)
            .collect()
    };
    let (a, b) = (order(&first[0].contents), order(&first[1].contents));
    assert_ne!(a, b);
    let mut sorted_a = a.clone();
    let mut sorted_b = b.clone();
    sorted_a.sort();
    sorted_b.sort();
    assert_eq!(sorted_a, sorted_b, "both versions hold every exercise once");
    assert!(first[0].contents.contains("Version A"));

    // A swapped exercise drops the teacher's words, which may name squares or colours.
    let mut swapped = 0;
    for file in &first {
        for (id, fen, _) in diagrams(&file.contents, "answer") {
            if id == "db-01" {
                let kept = fen == "W:W26,31,32,43:B9,17,19,38";
                assert_eq!(file.contents.contains("The man on 43"), kept);
                swapped += usize::from(!kept);
            }
        }
    }
    assert_eq!(swapped, 1, "seed 7 swaps db-01 in one version");

    let other_seed = WorksheetOptions { seed: 8, ..options };
    assert_ne!(render(&[FIXTURE], &other_seed, "w.html"), first);
}

#[test]
fn mirrored_lines_are_the_solver_lines_of_the_mirrored_positions() {
    let set = load(FIXTURE);
    let solutions = solve(std::slice::from_ref(&set));
    let mut solver = Solver::new();
    for (exercise, solution) in set.exercises.iter().zip(&solutions) {
        assert!(solution.is_solved(), "{}", exercise.id);
        let start = position(exercise);
        let mirrored = mirror_line(&start, &solution.line).expect("translates");
        // The solver on the swapped position proves the same first moves; among equally
        // stubborn defences it may choose another, so compare the key moves and where the
        // line ends rather than every move.
        let swapped = start.mirrored();
        let direct = solver.solve(&swapped, solution.goal, Limits::default());
        let mut keys: Vec<String> = solution
            .key_moves
            .iter()
            .map(|m| mirror_line(&start, std::slice::from_ref(m)).unwrap()[0].to_string())
            .collect();
        let mut direct_keys: Vec<String> = direct.key_moves.iter().map(|m| m.to_string()).collect();
        keys.sort();
        direct_keys.sort();
        assert_eq!(keys, direct_keys, "{}", exercise.id);
        assert_eq!(mirrored.len(), direct.line.len(), "{}", exercise.id);
        let end = |start: Position, line: &[damtutor::Move<International>]| {
            line.iter().fold(start, |p, m| p.play_unchecked(m))
        };
        assert_eq!(
            end(swapped, &mirrored),
            end(start, &solution.line).mirrored(),
            "{}",
            exercise.id
        );
        for (m, original) in mirrored.iter().zip(&solution.line) {
            assert_eq!(m.from(), original.from().mirror());
            assert_eq!(m.to(), original.to().mirror());
        }
    }
}

#[test]
fn every_label_of_a_chinese_sheet_is_chinese() {
    let options = WorksheetOptions {
        format: Format::Markdown,
        answers: Answers::End,
        lang: Some(Lang::Chinese),
        ..WorksheetOptions::default()
    };
    let files = render(&[FIXTURE_ZH], &options, "zh.md");
    let markdown = &files[0].contents;
    for english in [
        "White",
        "Black",
        "Name",
        "Score",
        "Answers",
        "Key move",
        "Motifs",
        "Difficulty",
        "level",
        "Turkish strike",
        "sacrifice",
        "wins",
    ] {
        assert!(
            !markdown.contains(english),
            "{english:?} in a Chinese sheet"
        );
    }
    for chinese in [
        "姓名",
        "班级",
        "日期",
        "成绩",
        "白先胜",
        "黑先胜",
        "答案",
        "土耳其打击",
    ] {
        assert!(markdown.contains(chinese), "{chinese} missing");
    }
}

// ---------------------------------------------------------------------------------------------
// The command

#[test]
fn command_writes_html_by_default_and_markdown_with_diagrams() {
    let dir = scratch("command");
    let output = run_in(&dir, &["worksheet", &fixture(FIXTURE), "--seed", "1"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("wrote worksheet.html\n"), "{stdout}");
    assert!(stdout.contains("5 exercises: solved in"), "{stdout}");
    let html = std::fs::read_to_string(dir.join("worksheet.html")).unwrap();
    assert!(html.contains("27-22!</span> <span class=\"move\">18x27</span>"));

    let output = run_in(
        &dir,
        &[
            "worksheet",
            &fixture(FIXTURE),
            "--out",
            "out/sheet.md",
            "--answers",
            "separate",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout).lines().take(3).collect::<Vec<_>>(),
        [
            "wrote out/sheet.md",
            "wrote out/sheet-answers.md",
            "wrote 10 SVG diagrams"
        ]
    );
    let markdown = std::fs::read_to_string(dir.join("out/sheet.md")).unwrap();
    for link in attribute_links(&markdown) {
        let svg = std::fs::read_to_string(dir.join("out").join(&link)).expect(&link);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    }
    let answers = std::fs::read_to_string(dir.join("out/sheet-answers.md")).unwrap();
    assert!(answers.contains("](sheet-diagrams/05-key.svg)"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.join("out"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The image links `](...)` of a Markdown text.
fn attribute_links(markdown: &str) -> Vec<String> {
    markdown
        .match_indices("](")
        .map(|(i, _)| {
            markdown[i + 2..]
                .chars()
                .take_while(|c| *c != ')')
                .collect()
        })
        .collect()
}

#[test]
fn command_versions_are_reproducible() {
    let dir = scratch("versions");
    let args = [
        "worksheet",
        &fixture(FIXTURE),
        "--versions",
        "2",
        "--seed",
        "7",
        "--mirror",
        "--out",
        "v.html",
    ];
    let output = run_in(&dir, &args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let a = std::fs::read(dir.join("v-A.html")).unwrap();
    let b = std::fs::read(dir.join("v-B.html")).unwrap();
    assert_ne!(a, b);
    run_in(&dir, &args);
    assert_eq!(std::fs::read(dir.join("v-A.html")).unwrap(), a);
    assert_eq!(std::fs::read(dir.join("v-B.html")).unwrap(), b);

    let output = run_in(&dir, &["worksheet", &fixture(FIXTURE), "--shuffle"]);
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("(add --seed "),
        "the random seed is printed: {stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn command_refuses_bad_files_with_their_place() {
    let dir = scratch("bad");
    std::fs::write(
        dir.join("typo.yaml"),
        "title: T\nexercises:\n  - id: a\n    fen: \"W:W28:B23\"\n    gaol: win\n",
    )
    .unwrap();
    let output = run_in(&dir, &["worksheet", "typo.yaml"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("typo.yaml:5"), "{stderr}");
    assert!(stderr.contains("unknown field `gaol`"), "{stderr}");

    std::fs::write(
        dir.join("unsolvable.yaml"),
        "title: T\nexercises:\n  - id: fine\n    fen: \"W:W11,23,27,28,43:BK47\"\n  - id: hopeless\n    fen: \"W:W46:B5,10,15\"\n    goal: win\n",
    )
    .unwrap();
    let output = run_in(&dir, &["worksheet", "unsolvable.yaml", "--out", "u.html"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    // Refused as `validate` refuses it, with its message.
    assert!(
        stderr.contains(
            "unsolvable.yaml:5: exercise hopeless: no winning move found within 21 plies"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("1 exercise(s) fail validate"), "{stderr}");
    assert!(!stderr.contains("exercise fine"), "{stderr}");
    assert!(!dir.join("u.html").exists(), "no worksheet may be written");
    assert!(text(&output.stdout).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn command_without_files_reads_the_exercises_folder() {
    let dir = scratch("default");
    let output = run_in(&dir, &["worksheet"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("no exercises/ folder here"));

    std::fs::create_dir(dir.join("exercises")).unwrap();
    std::fs::copy(fixture(FIXTURE), dir.join("exercises/a.yaml")).unwrap();
    std::fs::copy(fixture(FIXTURE_ZH), dir.join("exercises/b.yml")).unwrap();
    let output = run_in(&dir, &["worksheet", "--lang", "zh"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let html = std::fs::read_to_string(dir.join("worksheet.html")).unwrap();
    assert_eq!(diagrams(&html, "exercise").len(), 8);
    assert!(html.contains("组合入门"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn command_makes_a_sheet_per_game_and_language() {
    let dir = scratch("per-game");
    std::fs::create_dir(dir.join("exercises")).unwrap();
    std::fs::copy(fixture(FIXTURE), dir.join("exercises/a.yaml")).unwrap();
    std::fs::copy(fixture(FIXTURE_ZH), dir.join("exercises/b.yaml")).unwrap();
    // A 64-square set in Chinese with one English checkers exercise in it.
    std::fs::copy(
        fixture("tests/data/practice-64.yaml"),
        dir.join("exercises/c.yaml"),
    )
    .unwrap();
    let output = run_in(&dir, &["worksheet"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout).lines().take(4).collect::<Vec<_>>(),
        [
            "wrote worksheet-international-en.html",
            "wrote worksheet-international-zh.html",
            "wrote worksheet-brazilian-zh.html",
            "wrote worksheet-english-zh.html",
        ]
    );
    assert!(!dir.join("worksheet.html").exists());
    let sheet = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    // Each sheet holds its own game's exercises, in its language.
    let english = sheet("worksheet-international-en.html");
    assert_eq!(diagrams(&english, "exercise").len(), 5);
    assert!(english.contains("<html lang=\"en\"") && !english.contains("白先胜"));
    let chinese = sheet("worksheet-international-zh.html");
    assert_eq!(diagrams(&chinese, "exercise").len(), 3);
    assert!(chinese.contains("<html lang=\"zh"));
    let brazilian = sheet("worksheet-brazilian-zh.html");
    let fens: Vec<String> = diagrams(&brazilian, "exercise")
        .into_iter()
        .map(|(_, fen, _)| fen)
        .collect();
    assert_eq!(fens.len(), 2);
    // The answers in each game's notation: squares by name on the 64-square board, numbers
    // in English checkers.
    // (The move number and its move are joined by a no-break space.)
    assert!(
        brazilian.contains(r#"b6xd8!</span> <span class="move">f6-e5</span>"#),
        "the 64-square key"
    );
    let checkers = sheet("worksheet-english-zh.html");
    assert_eq!(diagrams(&checkers, "exercise").len(), 1);
    assert!(checkers.contains(r#"7-3!</span>"#), "the checkers key");

    // With --lang the language is one: a sheet per game.
    let output = run_in(&dir, &["worksheet", "--lang", "en", "--out", "en.html"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in [
        "en-international.html",
        "en-brazilian.html",
        "en-english.html",
    ] {
        assert!(dir.join(name).exists(), "{name}");
    }
    assert_eq!(
        diagrams(&sheet("en-international.html"), "exercise").len(),
        8
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn command_templates_override_by_name() {
    let dir = scratch("templates");
    std::fs::create_dir_all(dir.join("mine/partials")).unwrap();
    std::fs::write(
        dir.join("mine/partials/header.html"),
        "<h1 class=\"mine\">{{ title }} ({{ count }})</h1>",
    )
    .unwrap();
    let output = run_in(
        &dir,
        &["worksheet", &fixture(FIXTURE), "--templates", "mine"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let html = std::fs::read_to_string(dir.join("worksheet.html")).unwrap();
    assert!(html.contains("<h1 class=\"mine\">Combinations for beginners (5)</h1>"));
    assert!(
        html.contains("class=\"answer-key\""),
        "the other templates stay"
    );

    std::fs::write(dir.join("mine/worksheet.html"), "{% if %}").unwrap();
    let output = run_in(
        &dir,
        &[
            "worksheet",
            &fixture(FIXTURE),
            "--templates",
            "mine",
            "--out",
            "broken.html",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("worksheet.html"));
    assert!(!dir.join("broken.html").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
