//! Practice pages: the `damtutor practice` command, the proof trees it embeds, and - in headless
//! Chromium, driven through the DevTools protocol - what a student does on the page: solve by
//! the key line, a wrong move and its refutation, an illegal move and its rule, an alternative
//! key, a reload mid-way, hints, and handing in a file that `damtutor check` marks to the same
//! score. Without Chromium the browser tests say they are skipped (under CI they fail).

use crate::support::cli;
use cli::run as damtutor;

use crate::support::browser;

use browser::{Browser, Page};
use damtutor::exercise::{self, ExerciseSet};
use damtutor::practice::{self, PracticeOptions};
use damtutor::render::worksheet::Item;
use damtutor::solver::{solve_all_variants, Limits, VariantSolution};
use damtutor::Variant;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

const FIXTURE: &str = "tests/data/practice.yaml";

fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("practice-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `damtutor practice ARGS --out OUT`.
fn run_practice(args: &[&str], out: &Path) -> Output {
    let mut all = vec!["practice"];
    all.extend_from_slice(args);
    all.extend(["--out", out.to_str().unwrap()]);
    damtutor(&all)
}

/// Writes a page with `args` and returns its path.
fn practice(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let output = run_practice(args, &out);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// `damtutor check --exercises EXERCISES ANSWERS --out REPORT`: the gradebook.
fn check(exercises: &Path, answers: &Path, report: &Path) -> String {
    let output = damtutor(&[
        "check",
        "--exercises",
        exercises.to_str().unwrap(),
        answers.to_str().unwrap(),
        "--out",
        report.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read_to_string(report.join("gradebook.csv")).unwrap()
}

/// The JSON embedded in a page.
fn embedded(html: &str) -> Value {
    let start = html
        .find(r#"<script type="application/json" id="practice-data">"#)
        .expect("the data element");
    let rest = &html[start..];
    let open = rest.find('>').unwrap() + 1;
    let close = rest.find("</script>").unwrap();
    serde_json::from_str(&rest[open..close]).expect("the data is JSON")
}

// ---------------------------------------------------------------------------------------------
// Without a browser

#[test]
fn the_checkers_page_names_the_sides_as_the_game_does() {
    // English checkers' dark side is Red (红方) on its page, as on its worksheets and quizzes;
    // the 64-square game's stays Black (黑方).
    let dir = temp_dir("side-names");
    let root = env!("CARGO_MANIFEST_DIR");
    let checkers = format!("{root}/exercises/06-checkers-en.yaml");
    let sixty_four = format!("{root}/exercises/04-64-shots-zh.yaml");
    for (file, lang, black, black_man, black_king) in [
        (&checkers, "zh", "红方", "红兵", "红王"),
        (&checkers, "en", "Red", "red man", "red king"),
        (&sixty_four, "zh", "黑方", "黑兵", "黑王"),
    ] {
        let page = practice(&dir, &format!("{lang}.html"), &[file, "--lang", lang]);
        let data = embedded(&std::fs::read_to_string(&page).unwrap());
        let words = &data["words"];
        assert_eq!(words["black"], black, "{file} {lang}");
        assert_eq!(words["black_man"], black_man, "{file} {lang}");
        assert_eq!(words["black_king"], black_king, "{file} {lang}");
        assert_eq!(
            words["white"],
            if lang == "zh" { "白方" } else { "White" },
            "{file} {lang}"
        );
    }
}

/// The games of the shipped sets, in the order their pages are written (the order in which the
/// games first appear in `exercises/`), and the number of shipped exercises of each.
fn shipped_games() -> Vec<(Variant, usize)> {
    let mut games: Vec<(Variant, usize)> = Vec::new();
    for file in exercise::files_in(Path::new("exercises")).unwrap() {
        let set = exercise::load(&file).unwrap();
        for e in &set.exercises {
            match games.iter_mut().find(|(game, _)| *game == e.variant()) {
                Some((_, count)) => *count += 1,
                None => games.push((e.variant(), 1)),
            }
        }
    }
    games
}

/// `out` with the game's name before its extension, as the command names a page per game.
fn page_of(out: &Path, game: Variant) -> PathBuf {
    let stem = out.file_stem().unwrap().to_string_lossy();
    out.with_file_name(format!("{stem}-{}.html", game.name()))
}

/// The pages of the shipped sets (`practice --shuffle --seed 5`: the files of ./exercises/, a
/// page a game),
/// written once for the tests that read them: building their proof trees takes seconds.
fn shipped_pages() -> &'static Path {
    static PAGES: OnceLock<PathBuf> = OnceLock::new();
    PAGES.get_or_init(|| {
        let dir = temp_dir("shipped");
        practice(&dir, "a.html", &["--shuffle", "--seed", "5"])
    })
}

#[test]
fn the_page_embeds_the_solvers_trees_and_the_same_seed_gives_the_same_bytes() {
    let first = shipped_pages();
    let dir = temp_dir("shipped-again");
    let again = practice(&dir, "b.html", &["--shuffle", "--seed", "5"]);
    // Another seed, another page (the shuffle's order), shown on the fixture's four exercises.
    let five = practice(&dir, "c.html", &[FIXTURE, "--shuffle", "--seed", "5"]);
    let six = practice(&dir, "d.html", &[FIXTURE, "--shuffle", "--seed", "6"]);
    assert_ne!(
        std::fs::read_to_string(five).unwrap(),
        std::fs::read_to_string(six).unwrap()
    );
    // The shipped sets are of four games: a page for each.
    let games = shipped_games();
    assert_eq!(games.len(), 4, "{games:?}");
    assert!(!first.exists(), "a page holds one game");
    let mut seen = 0;
    for &(game, count) in &games {
        let html = std::fs::read_to_string(page_of(first, game)).unwrap();
        assert_eq!(
            html,
            std::fs::read_to_string(page_of(&again, game)).unwrap()
        );
        assert!(
            html.len() < 2 << 20,
            "the {count} shipped exercises of {game} take {} bytes",
            html.len()
        );
        // Nothing is fetched: no address, no external file.
        for needle in ["http:", "https:", "src=", "@import", "url("] {
            assert!(!html.contains(needle), "the {game} page contains {needle}");
        }
        let data = embedded(&html);
        assert_eq!(data["format"], 1);
        assert_eq!(data["board"]["game"], game.name());
        assert_eq!(
            data["board"]["squares"].as_array().unwrap().len(),
            usize::from(game.board().square_count())
        );
        let pages: Vec<&Value> = data["exercises"].as_array().unwrap().iter().collect();
        assert_eq!(pages.len(), count, "{game}");
        // The trees the library builds for the same exercises (solved anew, in parallel).
        let sets: Vec<ExerciseSet> = exercise::files_in(Path::new("exercises"))
            .unwrap()
            .iter()
            .map(|file| exercise::load(file).unwrap())
            .filter(|set| set.exercises.iter().any(|e| e.variant() == game))
            .collect();
        let tasks: Vec<_> = sets
            .iter()
            .flat_map(|set| set.exercises.iter())
            .map(|e| (e.position, e.goal))
            .collect();
        let solutions = solve_all_variants(&tasks, Limits::default());
        let items: Vec<Item> = sets
            .iter()
            .flat_map(|set| set.exercises.iter().map(move |e| (set, e)))
            .zip(&solutions)
            .map(|((set, exercise), solution)| Item {
                set,
                exercise,
                solution,
            })
            .collect();
        let built = practice::build(&items, &PracticeOptions::default()).unwrap();
        for item in &items {
            let e = item.exercise;
            let page = pages
                .iter()
                .find(|p| p["id"] == e.id.as_str())
                .expect("every exercise is on its game's page");
            let expected = built
                .exercises
                .iter()
                .find(|x| x.id == e.id)
                .expect("every exercise is on the library's page");
            assert_eq!(
                page["tree"],
                serde_json::to_value(&expected.tree).unwrap(),
                "{}: the embedded tree is not the solver's",
                e.id
            );
            page_shows_the_proof(e, item.solution, page);
            seen += 1;
        }
    }
    assert_eq!(seen, games.iter().map(|(_, count)| count).sum::<usize>());
    assert!(seen >= 95, "{seen} shipped exercises");
}

/// The correct moves of the page's tree of exercise `e` against the hardest replies are the
/// solver's main line (or the file's solution), and its line the solver's.
fn page_shows_the_proof(e: &exercise::Exercise, solution: &VariantSolution, page: &Value) {
    let mut node = &page["tree"];
    let mut line = Vec::new();
    loop {
        let choice = node["m"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["v"] == "c")
            .expect("a correct move at every turn");
        line.push(move_text(&choice["m"]));
        let Some(reply) = choice["r"].get(0) else {
            assert!(choice["e"].is_string());
            break;
        };
        line.push(move_text(&reply["m"]));
        if reply["e"].is_string() {
            break;
        }
        node = &reply["n"];
    }
    let book = e.solution.as_deref().map(|b| {
        damtutor::notation::line_tokens(b)
            .into_iter()
            .collect::<Vec<_>>()
    });
    assert!(
        line == solution.line_texts() || Some(&line) == book.as_ref(),
        "{}: {line:?}",
        e.id
    );
    assert_eq!(page["line"], solution.annotated());
}

/// The notation of a move in the page's data.
fn move_text(m: &Value) -> String {
    if let Some(text) = m.get(5) {
        return text.as_str().unwrap().to_string();
    }
    let capture = m
        .get(2)
        .and_then(Value::as_array)
        .is_some_and(|c| !c.is_empty());
    format!("{}{}{}", m[0], if capture { 'x' } else { '-' }, m[1])
}

#[test]
fn a_tree_over_the_limit_is_reported_with_its_place_and_nothing_is_written() {
    let dir = temp_dir("limit");
    let out = dir.join("page.html");
    let output = run_practice(&[FIXTURE, "--max-tree", "3"], &out);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "tests/data/practice.yaml:18: exercise philippe: its proof tree has more than 3 turns"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "tests/data/practice.yaml:15: exercise two-ways: its proof tree has more than 3 turns"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("exercise strike"), "{stderr}");
    assert!(stderr.contains("no practice page written"), "{stderr}");
    assert!(!out.exists());

    let unsolved = dir.join("unsolved.yaml");
    std::fs::write(
        &unsolved,
        "title: T\nexercises:\n  - id: lost\n    fen: \"W:W46:B5,10,15\"\n    goal: win\n",
    )
    .unwrap();
    let output = run_practice(&[unsolved.to_str().unwrap()], &out);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Refused as `validate` refuses it, with its message.
    assert!(
        stderr.contains("unsolved.yaml:3: exercise lost: no winning move found within 21 plies"),
        "{stderr}"
    );
    assert!(stderr.contains("1 exercise(s) fail validate"), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn the_command_reports_what_it_wrote() {
    let dir = temp_dir("command");
    let out = dir.join("page.html");
    let output = run_practice(&[FIXTURE, "--lang", "zh"], &out);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with(&format!("wrote {} (4 exercises, ", out.display())));
    assert!(stdout.contains("4 exercises: solved in"), "{stdout}");
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains(r#"<html lang="zh-CN">"#));
    assert!(html.contains(r#"data-exercise="two-ways""#));
    let data = embedded(&html);
    assert_eq!(data["words"]["rule_capture"], "有吃必吃：{moves}。");
    assert_eq!(data["exercises"][0]["caption"], "白先胜");
    // Text from an exercise file never becomes markup, in the page or in its data.
    let hostile = dir.join("hostile.yaml");
    std::fs::write(
        &hostile,
        "title: \"<b>T</b>\"\nexercises:\n  - id: \"x<i>\"\n    title: \"</script><img src=x onerror=alert(1)>\"\n    hint: \"a & b\"\n    fen: \"W:W11,23,27,28,43:BK47\"\n",
    )
    .unwrap();
    let output = run_practice(&[hostile.to_str().unwrap()], &out);
    assert!(output.status.success());
    let html = std::fs::read_to_string(&out).unwrap();
    for raw in ["<b>", "<i>", "<img", "</script><img"] {
        assert!(!html.contains(raw), "{raw} is in the page");
    }
    assert!(html.contains("&lt;b&gt;T&lt;&#x2F;b&gt;") || html.contains("&lt;b&gt;T&lt;/b&gt;"));
    let data = embedded(&html);
    assert_eq!(
        data["exercises"][0]["title"],
        "</script><img src=x onerror=alert(1)>"
    );
    assert_eq!(data["exercises"][0]["id"], "x<i>");
    assert_eq!(data["exercises"][0]["hint"], "a & b");

    // A template folder replaces the page by name.
    let templates = dir.join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(
        templates.join("practice.html"),
        "<p>{{ count }} {{ title }}</p>",
    )
    .unwrap();
    let output = run_practice(&[FIXTURE, "--templates", templates.to_str().unwrap()], &out);
    assert!(output.status.success());
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "<p>4 Practice fixture</p>"
    );
}

#[test]
fn check_takes_hints_and_wrong_tries_off_and_ignores_what_the_page_claims() {
    let dir = temp_dir("records");
    let exercises = dir.join("set.yaml");
    std::fs::write(
        &exercises,
        std::fs::read_to_string(FIXTURE)
            .unwrap()
            .replace("hint: 0.25}", "hint: 0.25, wrong: 0.1}"),
    )
    .unwrap();
    let answers = dir.join("answers.yaml");
    // strike: correct, 1 hint, 2 wrong tries: 2 * (1 - 0.25 - 0.2) = 1.1.
    // two-keys: wrong line, although the file says it was correct: 0.
    // philippe: the key move only: incomplete, 2 * 0.5 = 1; its hints cannot go below zero.
    std::fs::write(
        &answers,
        "student: Li Ming\nanswers:\n  strike: \"1. 43-38 47x32 2. 28x37\"\n  two-keys: \"1. 38-33\"\n  philippe: \"1. 27-22 18x27\"\npractice:\n  strike: {hints: 1, wrong: [\"1. 11-6\", \"1. 43-39\"], seconds: 40, verdict: \"correct\"}\n  two-keys: {hints: 0, wrong: [], verdict: \"correct\"}\n  philippe: {hints: 0, wrong: []}\n",
    )
    .unwrap();
    let gradebook = check(&exercises, &answers, &dir.join("report"));
    assert_eq!(
        gradebook,
        "\u{feff}student,class,file,strike,two-keys,two-ways,philippe,total,max,percent\nLi Ming,,"
            .to_string()
            + answers.to_str().unwrap()
            + ",1.1,0,0,1,2.1,8,26.25\n"
    );
    // A negative count is not a count.
    std::fs::write(
        &answers,
        "student: Li Ming\nanswers:\n  strike: \"43-38\"\npractice:\n  strike: {hints: -3}\n",
    )
    .unwrap();
    let output = damtutor(&[
        "check",
        "--exercises",
        exercises.to_str().unwrap(),
        answers.to_str().unwrap(),
        "--out",
        dir.join("report").to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("answers.yaml:5: exercise strike: practice:"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------------------------
// In the browser

/// Where the browser tests leave their screenshots, for a person to look at.
fn screenshots() -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("practice-screenshots");
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// The exercise `id` as the page shows it.
fn section(id: &str) -> String {
    format!("document.querySelector('[data-exercise=\"{id}\"]')")
}

fn attribute(page: &mut Page, id: &str, name: &str) -> String {
    page.eval(&format!("{}.getAttribute('{name}')", section(id)))
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// The text of the element `selector` within exercise `id`.
fn text(page: &mut Page, id: &str, selector: &str) -> String {
    page.eval(&format!(
        "{}.querySelector('{selector}').textContent",
        section(id)
    ))
    .as_str()
    .unwrap()
    .to_string()
}

/// What the page said after the last move.
fn feedback(page: &mut Page, id: &str) -> String {
    text(page, id, ".feedback")
}

/// The moves played so far.
fn line(page: &mut Page, id: &str) -> String {
    text(page, id, ".line")
}

/// Clicks square `from`, then square `to`, of exercise `id`, and waits for the move to be shown.
fn play(page: &mut Page, id: &str, from: u32, to: u32) {
    click_square(page, id, from);
    click_square(page, id, to);
    settle(page, id);
}

fn click_square(page: &mut Page, id: &str, square: u32) {
    page.eval(&format!(
        "{}.querySelector('[data-square=\"{square}\"]').click()",
        section(id)
    ));
}

/// Waits until exercise `id` shows no move.
fn settle(page: &mut Page, id: &str) {
    page.wait_for(&format!(
        "{}.getAttribute('aria-busy') !== 'true'",
        section(id)
    ));
}

fn open_exercise(page: &mut Page, id: &str) {
    page.eval(&format!(
        "document.querySelector('[data-goto=\"{id}\"]').click()"
    ));
    page.wait_for(&format!("!{}.hidden", section(id)));
}

/// What stands on `square` of exercise `id`, as the square tells a screen reader.
fn square_label(page: &mut Page, id: &str, square: u32) -> String {
    page.eval(&format!(
        "{}.querySelector('[data-square=\"{square}\"]').getAttribute('aria-label')",
        section(id)
    ))
    .as_str()
    .unwrap()
    .to_string()
}

/// Plays the correct moves of exercise `id` from where it stands until it is solved.
fn finish_with_correct_moves(page: &mut Page, id: &str) {
    for _ in 0..20 {
        if attribute(page, id, "data-state") == "solved" {
            return;
        }
        // The student's knowledge: the correct move at this turn, from the tree on the page.
        let next = page.eval(&format!(
            "(() => {{
                const data = JSON.parse(document.getElementById('practice-data').textContent);
                const ex = data.exercises.find((e) => e.id === '{id}');
                const path = JSON.parse(localStorage.getItem('damtutor-practice:' + data.page)).exercises['{id}'].path;
                let turn = ex.tree, choice = null;
                path.forEach((step, i) => {{
                    if (i % 2 === 0) choice = turn.m[step]; else turn = choice.r[step].n;
                }});
                const c = turn.m.find((c) => c.v === 'c');
                const same = turn.m.filter((o) => o.m[0] === c.m[0] && o.m[1] === c.m[1]);
                return [c.m[0], c.m[1], same.length > 1 ? same.indexOf(c) : -1];
            }})()"
        ));
        let square = |i: usize| next[i].as_u64().unwrap() as u32;
        play(page, id, square(0), square(1));
        if let Some(option) = next[2].as_i64().filter(|&k| k >= 0) {
            // Several captures end on that square: the page asked which.
            page.eval(&format!(
                "{}.querySelectorAll('.choices button')[{option}].click()",
                section(id)
            ));
            settle(page, id);
        }
        assert_eq!(attribute(page, id, "data-feedback"), "correct");
    }
    panic!("{id} is not solved after 20 moves");
}

#[test]
fn a_student_solves_errs_reloads_and_hands_in_and_check_gives_the_same_score() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip("a_student_solves_errs_reloads_and_hands_in_and_check_gives_the_same_score");
        return;
    };
    let dir = temp_dir("student");
    let file = practice(&dir, "page.html", &[FIXTURE]);
    let downloads = dir.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    browser.call(
        None,
        "Browser.setDownloadBehavior",
        json!({"behavior": "allow", "downloadPath": downloads.to_str().unwrap()}),
    );
    let mut page = browser.page();
    page.viewport(1280, 900, 1.0, false);
    page.open(&file);
    for id in ["strike", "two-keys", "two-ways", "philippe"] {
        assert_eq!(attribute(&mut page, id, "data-state"), "todo");
    }
    assert_eq!(square_label(&mut page, "strike", 47), "47, black king");
    assert_eq!(square_label(&mut page, "strike", 43), "43, white man");

    // An illegal move is refused on the board, with the rule.
    play(&mut page, "strike", 43, 33);
    assert_eq!(attribute(&mut page, "strike", "data-feedback"), "illegal");
    assert_eq!(
        feedback(&mut page, "strike"),
        "A man moves one square diagonally forward."
    );
    assert_eq!(square_label(&mut page, "strike", 43), "43, white man");
    assert_eq!(attribute(&mut page, "strike", "data-state"), "todo");

    // A wrong move is answered with the refutation, then taken back.
    play(&mut page, "strike", 11, 6);
    assert_eq!(attribute(&mut page, "strike", "data-feedback"), "wrong");
    assert_eq!(
        feedback(&mut page, "strike"),
        "11-6 does not force a win: Black answers 47-41. Take the move back and try again."
    );
    assert_eq!(square_label(&mut page, "strike", 41), "41, black king");
    assert_eq!(square_label(&mut page, "strike", 6), "6, white man");
    page.screenshot(&screenshots().join("desktop-wrong.png"));
    assert_eq!(attribute(&mut page, "strike", "data-state"), "solving");
    page.eval(&format!(
        "{}.querySelector('[data-action=\"back\"]').click()",
        section("strike")
    ));
    assert_eq!(square_label(&mut page, "strike", 47), "47, black king");
    assert_eq!(square_label(&mut page, "strike", 11), "11, white man");
    assert_eq!(line(&mut page, "strike"), "No moves yet.");

    // The key line: the page answers with the defender's reply from the proof.
    play(&mut page, "strike", 43, 38);
    assert_eq!(attribute(&mut page, "strike", "data-feedback"), "correct");
    assert_eq!(line(&mut page, "strike"), "1. 43-38 47x32");
    assert_eq!(
        feedback(&mut page, "strike"),
        "Correct: 43-38. Black answers 47x32. White to move."
    );
    // Capture is compulsory now: another move breaks the rule.
    play(&mut page, "strike", 28, 22);
    assert_eq!(attribute(&mut page, "strike", "data-feedback"), "illegal");
    assert_eq!(
        feedback(&mut page, "strike"),
        "Capture is compulsory: 28x37."
    );
    // The last move typed on the keyboard.
    page.eval(&format!(
        "(() => {{ const form = {}.querySelector('.move-form'); form.elements.move.value = '28x37'; form.requestSubmit(); }})()",
        section("strike")
    ));
    settle(&mut page, "strike");
    assert_eq!(attribute(&mut page, "strike", "data-state"), "solved");
    assert_eq!(attribute(&mut page, "strike", "data-verdict"), "correct");
    assert_eq!(attribute(&mut page, "strike", "data-points"), "2");
    assert!(feedback(&mut page, "strike").ends_with("Solved: 1. 43-38 47x32 2. 28x37"));

    // An alternative key, dragged with the mouse.
    open_exercise(&mut page, "two-keys");
    let centre = |page: &mut Page, square: u32| -> (f64, f64) {
        let rect = page.eval(&format!(
            "(() => {{ const r = {}.querySelector('[data-square=\"{square}\"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            section("two-keys")
        ));
        (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap())
    };
    let (x0, y0) = centre(&mut page, 8);
    let (x1, y1) = centre(&mut page, 3);
    page.mouse("mousePressed", x0, y0);
    page.mouse("mouseMoved", (x0 + x1) / 2.0, (y0 + y1) / 2.0);
    page.mouse("mouseMoved", x1, y1);
    page.mouse("mouseReleased", x1, y1);
    settle(&mut page, "two-keys");
    assert_eq!(
        attribute(&mut page, "two-keys", "data-feedback"),
        "alternative"
    );
    assert_eq!(square_label(&mut page, "two-keys", 3), "3, white king");
    finish_with_correct_moves(&mut page, "two-keys");
    assert_eq!(
        attribute(&mut page, "two-keys", "data-verdict"),
        "alternative"
    );
    assert!(feedback(&mut page, "two-keys")
        .contains("Solved another way. The reference line: 1. 32-27 48x32 2. 38x27"));

    // Two captures end on 16: the page asks which.
    open_exercise(&mut page, "two-ways");
    play(&mut page, "two-ways", 1, 16);
    assert_eq!(
        feedback(&mut page, "two-ways"),
        "Several captures end on 16: which one?"
    );
    let options = page.eval(&format!(
        "[...{}.querySelectorAll('.choices button')].map((b) => b.textContent)",
        section("two-ways")
    ));
    assert_eq!(options, json!(["1x18x27x16", "1x23x32x16"]));
    page.eval(&format!(
        "{}.querySelectorAll('.choices button')[1].click()",
        section("two-ways")
    ));
    settle(&mut page, "two-ways");
    assert_eq!(
        attribute(&mut page, "two-ways", "data-feedback"),
        "alternative"
    );
    assert_eq!(
        attribute(&mut page, "two-ways", "data-verdict"),
        "incomplete"
    );

    // Hints: the themes (no hint in the file), then the key square; each costs a quarter.
    open_exercise(&mut page, "philippe");
    page.eval(&format!(
        "{}.querySelector('[data-action=\"hint\"]').click()",
        section("philippe")
    ));
    assert!(feedback(&mut page, "philippe").starts_with("Hint: think of "));
    page.eval(&format!(
        "{}.querySelector('[data-action=\"hint\"]').click()",
        section("philippe")
    ));
    assert!(feedback(&mut page, "philippe").ends_with("Hint: start with the piece on 27."));
    assert_eq!(
        page.eval(&format!(
            "{}.querySelector('[data-square=\"27\"]').classList.contains('hint')",
            section("philippe")
        )),
        json!(true)
    );
    play(&mut page, "philippe", 27, 22);
    assert_eq!(line(&mut page, "philippe"), "1. 27-22 18x27");

    // A reload mid-way loses nothing.
    let score_before = page.eval("document.getElementById('score').dataset.score");
    page.eval("(() => { const n = document.getElementById('student-name'); n.value = 'Li Ming'; n.dispatchEvent(new Event('input')); })()");
    page.reload();
    assert_eq!(
        page.eval("document.getElementById('student-name').value"),
        "Li Ming"
    );
    assert_eq!(attribute(&mut page, "strike", "data-state"), "solved");
    assert_eq!(
        attribute(&mut page, "two-keys", "data-verdict"),
        "alternative"
    );
    assert_eq!(line(&mut page, "two-ways"), "1. 1x23x32x16 22-28");
    assert_eq!(line(&mut page, "philippe"), "1. 27-22 18x27");
    assert_eq!(square_label(&mut page, "philippe", 27), "27, black man");
    assert_eq!(
        page.eval("document.getElementById('score').dataset.score"),
        score_before
    );
    assert_eq!(
        page.eval(&format!("!{}.hidden", section("philippe"))),
        json!(true)
    );
    // The keyboard: from 32, two squares up the diagonal to 21, Enter on each.
    page.eval(&format!(
        "{}.querySelector('[data-square=\"32\"]').focus()",
        section("philippe")
    ));
    page.key("Enter");
    page.key("ArrowUp");
    page.key("ArrowUp");
    assert_eq!(page.eval("document.activeElement.dataset.square"), "21");
    page.key("Enter");
    settle(&mut page, "philippe");
    assert_eq!(attribute(&mut page, "philippe", "data-feedback"), "correct");
    assert_eq!(line(&mut page, "philippe"), "1. 27-22 18x27 2. 32x21 16x27");
    finish_with_correct_moves(&mut page, "philippe");
    assert_eq!(attribute(&mut page, "philippe", "data-points"), "1");

    // Hand in: the text, and the file saved from the page.
    page.eval("document.getElementById('hand-in').click()");
    page.wait_for("document.getElementById('hand-in-dialog').open");
    let text = page
        .eval("document.getElementById('answer-text').value")
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains("student: \"Li Ming\"\n"), "{text}");
    assert!(
        text.contains("  \"strike\": \"1. 43-38 47x32 2. 28x37\"\n"),
        "{text}"
    );
    assert!(
        text.contains("  \"strike\": {hints: 0, wrong: [\"1. 11-6\"], seconds: "),
        "{text}"
    );
    page.screenshot(&screenshots().join("desktop-hand-in.png"));
    page.eval("document.getElementById('save-file').click()");
    let saved = downloads.join("answers-Li-Ming.yaml");
    let started = std::time::Instant::now();
    while !saved.exists() && started.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(
        std::fs::read_to_string(&saved).expect("the saved file"),
        text
    );

    // The teacher marks the file: the same score, exercise by exercise.
    let gradebook = check(Path::new(FIXTURE), &saved, &dir.join("report"));
    let row: Vec<&str> = gradebook.lines().nth(1).unwrap().split(',').collect();
    // strike 2, two-keys 2 (alternative), two-ways 1 (incomplete), philippe 2 - 2 hints = 1.
    assert_eq!(row[3..], ["2", "2", "1", "1", "6", "8", "75"]);
    assert_eq!(
        page.eval("document.getElementById('score').dataset.score"),
        "6"
    );
    for (id, points) in [
        ("strike", "2"),
        ("two-keys", "2"),
        ("two-ways", "1"),
        ("philippe", "1"),
    ] {
        assert_eq!(attribute(&mut page, id, "data-points"), points, "{id}");
    }

    // Nothing but the page itself (and the saved file's blob) was ever requested.
    let url = browser::file_url(&file);
    for request in page.requests() {
        assert!(
            request == url || request.starts_with("blob:file://"),
            "the page requested {request}"
        );
    }
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");
}

#[test]
fn a_chinese_page_on_a_phone_and_on_a_projector() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip("a_chinese_page_on_a_phone_and_on_a_projector");
        return;
    };
    let dir = temp_dir("phone");
    let file = practice(&dir, "page.html", &["exercises/01-turkish-strikes.yaml"]);
    let shots = screenshots();
    let mut page = browser.page();
    page.viewport(390, 844, 2.0, true);
    page.open(&file);
    assert_eq!(page.eval("document.documentElement.lang"), "zh-CN");
    // Everything fits the width of a phone; the board takes most of it.
    let sizes = page.eval(
        "(() => { const b = document.querySelector('[data-exercise=\"ts-01\"] .board').getBoundingClientRect(); return [document.documentElement.scrollWidth, window.innerWidth, b.width, b.bottom, window.innerHeight]; })()",
    );
    let [scroll, inner, board, bottom, height] =
        [0, 1, 2, 3, 4].map(|i| sizes[i].as_f64().unwrap());
    assert!(
        scroll <= inner,
        "the page is {scroll} px wide on a {inner} px phone"
    );
    assert!(
        board >= 0.85 * inner && board <= inner,
        "board {board} px of {inner}"
    );
    // The whole board and the start of the feedback under it, without scrolling.
    assert!(
        bottom + 40.0 <= height,
        "the board ends at {bottom} px of {height}"
    );
    page.screenshot(&shots.join("phone-zh.png"));

    // The rules and the refutations in Chinese, in the seeds' words.
    play(&mut page, "ts-01", 38, 43);
    assert_eq!(feedback(&mut page, "ts-01"), "兵只能向前斜走一格。");
    play(&mut page, "ts-01", 39, 34);
    assert_eq!(attribute(&mut page, "ts-01", "data-feedback"), "correct");
    assert_eq!(
        feedback(&mut page, "ts-01"),
        "正确：39-34。黑方应以 30x29。轮到白方走。"
    );
    play(&mut page, "ts-01", 33, 28);
    assert_eq!(attribute(&mut page, "ts-01", "data-feedback"), "illegal");
    assert_eq!(feedback(&mut page, "ts-01"), "有吃必吃：33x24。");
    page.screenshot(&shots.join("phone-zh-illegal.png"));

    // A wrong move in another exercise: the refutation, in Chinese.
    open_exercise(&mut page, "ts-02");
    let wrong = page.eval(
        "(() => { const d = JSON.parse(document.getElementById('practice-data').textContent); const c = d.exercises.find((e) => e.id === 'ts-02').tree.m.find((c) => c.v === 'w' && c.f); return [c.m[0], c.m[1]]; })()",
    );
    play(
        &mut page,
        "ts-02",
        wrong[0].as_u64().unwrap() as u32,
        wrong[1].as_u64().unwrap() as u32,
    );
    assert_eq!(attribute(&mut page, "ts-02", "data-feedback"), "wrong");
    let said = feedback(&mut page, "ts-02");
    assert!(said.contains("被") || said.contains("不能迫使"), "{said}");
    assert!(said.ends_with("悔棋，再试一次。"), "{said}");
    page.screenshot(&shots.join("phone-zh-wrong.png"));

    // The projector: one big board for a class.
    page.viewport(1920, 1080, 1.0, false);
    page.eval("document.getElementById('projector').click()");
    let sizes = page.eval(
        "(() => { const r = document.querySelector('[data-exercise=\"ts-02\"] .board').getBoundingClientRect(); return [r.height, r.bottom, window.innerHeight, document.documentElement.scrollHeight]; })()",
    );
    let [board, bottom, height, scroll] = [0, 1, 2, 3].map(|i| sizes[i].as_f64().unwrap());
    assert!(board >= 0.8 * height, "board {board} px of {height}");
    assert!(
        bottom <= height && scroll <= height,
        "the board ends at {bottom} px of {height}"
    );
    page.screenshot(&shots.join("projector-zh.png"));
    eprintln!("screenshots in {}", shots.display());
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");
}

#[test]
fn a_teacher_plays_the_defence_from_the_proof() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip("a_teacher_plays_the_defence_from_the_proof");
        return;
    };
    let dir = temp_dir("defence");
    let file = practice(&dir, "page.html", &[FIXTURE]);
    let mut page = browser.page();
    page.viewport(1280, 900, 1.0, false);
    page.open(&file);
    page.eval("document.getElementById('defence').click()");
    open_exercise(&mut page, "two-ways");
    play(&mut page, "two-ways", 1, 16);
    page.eval(&format!(
        "{}.querySelectorAll('.choices button')[0].click()",
        section("two-ways")
    ));
    settle(&mut page, "two-ways");
    assert_eq!(attribute(&mut page, "two-ways", "data-feedback"), "correct");
    assert_eq!(
        feedback(&mut page, "two-ways"),
        "Correct: 1x18x27x16. Now play Black's reply."
    );
    // Not one of Black's moves: the rule, as for the student's moves.
    play(&mut page, "two-ways", 28, 23);
    assert_eq!(
        feedback(&mut page, "two-ways"),
        "A man moves one square diagonally forward."
    );
    // Not the hardest defence, but one the proof answers.
    play(&mut page, "two-ways", 28, 32);
    assert_eq!(line(&mut page, "two-ways"), "1. 1x18x27x16 28-32");
    assert_eq!(
        feedback(&mut page, "two-ways"),
        "Black answers 28-32. White to move."
    );
    play(&mut page, "two-ways", 16, 38);
    assert_eq!(attribute(&mut page, "two-ways", "data-state"), "solved");
    assert_eq!(attribute(&mut page, "two-ways", "data-verdict"), "correct");
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");
}

#[test]
fn every_shipped_exercise_is_solved_on_the_page_and_check_agrees() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip("every_shipped_exercise_is_solved_on_the_page_and_check_agrees");
        return;
    };
    let dir = temp_dir("shipped-solved");
    let out = shipped_pages();
    // A page a game; each is solved to the full score and marked by check against the sets
    // of its game.
    for (game, count) in shipped_games() {
        let file = page_of(out, game);
        let mut page = browser.page();
        page.viewport(1280, 900, 1.0, false);
        // Without animations (the page honours the setting), so that every exercise takes
        // well under a second.
        page.call(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}),
        );
        page.open(&file);
        let ids = page.eval(
            "JSON.parse(document.getElementById('practice-data').textContent).exercises.map((e) => e.id)",
        );
        let ids: Vec<String> = ids
            .as_array()
            .unwrap()
            .iter()
            .map(|id| id.as_str().unwrap().to_string())
            .collect();
        assert_eq!(ids.len(), count, "{game}");
        for id in &ids {
            open_exercise(&mut page, id);
            finish_with_correct_moves(&mut page, id);
            assert_eq!(attribute(&mut page, id, "data-verdict"), "correct", "{id}");
        }
        assert_eq!(
            page.eval("document.getElementById('score').dataset.score"),
            count.to_string().as_str(),
            "{game}"
        );
        page.eval("(() => { const n = document.getElementById('student-name'); n.value = '李明'; n.dispatchEvent(new Event('input')); })()");
        page.eval("document.getElementById('hand-in').click()");
        page.wait_for("document.getElementById('hand-in-dialog').open");
        let text = page.eval("document.getElementById('answer-text').value");
        let answers = dir.join(format!("answers-{}.yaml", game.name()));
        std::fs::write(&answers, text.as_str().unwrap()).unwrap();
        let report = dir.join(format!("report-{}", game.name()));
        let mut args = vec!["check".to_string()];
        for set in exercise::files_in(Path::new("exercises")).unwrap() {
            if exercise::load(&set).unwrap().variant == game {
                args.push("--exercises".into());
                args.push(set.to_str().unwrap().into());
            }
        }
        args.push(answers.to_str().unwrap().into());
        args.push("--out".into());
        args.push(report.to_str().unwrap().into());
        let output = damtutor(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let gradebook = std::fs::read_to_string(report.join("gradebook.csv")).unwrap();
        let row = gradebook.lines().nth(1).unwrap();
        assert!(row.starts_with("李明,,"), "{row}");
        assert!(
            row.ends_with(&format!(",{count},{count},100")),
            "{game}: {row}"
        );
        assert_eq!(page.errors(), Vec::<String>::new(), "{game}: script errors");
    }
}

#[test]
fn pages_of_the_8x8_games_are_solved_and_marked() {
    let dir = temp_dir("8x8");
    let out = dir.join("page.html");
    let output = run_practice(&["tests/data/practice-64.yaml", "--seed", "1"], &out);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // One page a game: the 64-square exercises, and the english one apart.
    let brazilian = dir.join("page-brazilian.html");
    let english = dir.join("page-english.html");
    let data = embedded(&std::fs::read_to_string(&brazilian).unwrap());
    assert_eq!(data["board"]["game"], "brazilian");
    assert_eq!(data["board"]["rows"], 8);
    assert_eq!(data["board"]["names"][28], "a1");
    assert_eq!(data["exercises"].as_array().unwrap().len(), 2);
    assert!(data["words"]["keyboard_help"]
        .as_str()
        .unwrap()
        .contains("c3-d4"));
    let data = embedded(&std::fs::read_to_string(&english).unwrap());
    assert_eq!(data["board"]["game"], "english");
    assert_eq!(data["board"]["names"][28], "29");
    let Some(mut browser) = Browser::launch() else {
        browser::skip("pages_of_the_8x8_games_are_solved_and_marked");
        return;
    };
    let mut page = browser.page();
    page.viewport(1000, 900, 1.0, false);
    page.call(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}),
    );
    page.open(&brazilian);
    for id in ["b-01", "b-02"] {
        open_exercise(&mut page, id);
        finish_with_correct_moves(&mut page, id);
        assert_eq!(attribute(&mut page, id, "data-verdict"), "correct", "{id}");
    }
    page.screenshot(&screenshots().join("8x8-brazilian.png"));
    page.eval("(() => { const n = document.getElementById('student-name'); n.value = '王芳'; n.dispatchEvent(new Event('input')); })()");
    page.eval("document.getElementById('hand-in').click()");
    page.wait_for("document.getElementById('hand-in-dialog').open");
    let text = page.eval("document.getElementById('answer-text').value");
    let answers = dir.join("answers.yaml");
    std::fs::write(&answers, text.as_str().unwrap()).unwrap();
    let gradebook = check(
        Path::new("tests/data/practice-64.yaml"),
        &answers,
        &dir.join("report"),
    );
    let row = gradebook.lines().nth(1).unwrap();
    // The english exercise was not on this page: two of three.
    assert!(row.starts_with("王芳,,"), "{row}");
    assert!(row.contains(",2,3,"), "{row}");
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");
}

// ---------------------------------------------------------------------------------------------
// On a phone (390x844, touch): two tabs, hints, captures tapped and dragged, confirmations,
// a shared tablet, the kings of each game, the hand-in's seal

/// A phone's viewport, without animations (the page honours the setting).
fn on_a_phone(page: &mut Page) {
    page.viewport(390, 844, 2.0, true);
    page.call(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}),
    );
}

/// What the page stored of exercise `id`.
fn stored(page: &mut Page, id: &str) -> Value {
    page.eval(&format!(
        "(() => {{ const d = JSON.parse(document.getElementById('practice-data').textContent); return JSON.parse(localStorage.getItem('damtutor-practice:' + d.page)).exercises['{id}']; }})()"
    ))
}

/// Answers the page's own confirmation dialog, which must be open.
fn answer_confirm(page: &mut Page, yes: bool) {
    page.wait_for("document.getElementById('confirm-dialog').open");
    let button = if yes { "confirm-yes" } else { "confirm-no" };
    page.eval(&format!("document.getElementById('{button}').click()"));
    page.wait_for("!document.getElementById('confirm-dialog').open");
}

fn click(page: &mut Page, id: &str, selector: &str) {
    page.eval(&format!(
        "{}.querySelector('{selector}').click()",
        section(id)
    ));
}

fn type_name(page: &mut Page, name: &str) {
    page.eval(&format!("(() => {{ const n = document.getElementById('student-name'); n.value = '{name}'; n.dispatchEvent(new Event('input')); }})()"));
}

/// The centre of `square` of exercise `id`, in CSS pixels of the viewport.
fn centre(page: &mut Page, id: &str, square: u32) -> (f64, f64) {
    let at = page.eval(&format!(
        "(() => {{ const r = {}.querySelector('[data-square=\"{square}\"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
        section(id)
    ));
    (at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
}

#[test]
fn two_tabs_of_a_page_merge_and_never_lose_a_solve_and_a_new_student_starts_clean() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip(
            "two_tabs_of_a_page_merge_and_never_lose_a_solve_and_a_new_student_starts_clean",
        );
        return;
    };
    let dir = temp_dir("tabs");
    let file = practice(&dir, "page.html", &[FIXTURE]);
    let (first, second) = (browser.tab(), browser.tab());
    for tab in [&first, &second] {
        let mut page = browser.on(tab);
        on_a_phone(&mut page);
        page.open(&file);
    }
    // The first tab solves; the second, opened before, learns of it.
    finish_with_correct_moves(&mut browser.on(&first), "strike");
    let mut b = browser.on(&second);
    b.wait_for(&format!("{}.dataset.state === 'solved'", section("strike")));
    assert!(feedback(&mut b, "strike").starts_with("Solved: "));
    // The second tab's own work, saved: the solve of the first stays.
    type_name(&mut b, "Ana");
    open_exercise(&mut b, "two-keys");
    play(&mut b, "two-keys", 14, 9);
    assert_eq!(attribute(&mut b, "two-keys", "data-feedback"), "wrong");
    let mut a = browser.on(&first);
    a.reload();
    assert_eq!(attribute(&mut a, "strike", "data-state"), "solved");
    assert_eq!(attribute(&mut a, "two-keys", "data-state"), "solving");
    assert_eq!(
        a.eval("document.getElementById('student-name').value"),
        "Ana"
    );

    // A stale save cannot take a solve away: the first tab's record of "strike", older and
    // unsolved, written over the stored one, gives way to the solve at the next save.
    a.eval("(() => { const d = JSON.parse(document.getElementById('practice-data').textContent); const key = 'damtutor-practice:' + d.page; const s = JSON.parse(localStorage.getItem(key)); s.exercises['strike'] = {path: [], hints: 0, wrong: [], updated: Date.now() + 60000}; window.stale = s; })()");
    let solved = stored(&mut a, "strike");
    assert_eq!(solved["path"].as_array().unwrap().len() % 2, 1, "{solved}");
    // (written as another tab would, then this tab saves)
    a.eval("(() => { const d = JSON.parse(document.getElementById('practice-data').textContent); localStorage.setItem('damtutor-practice:' + d.page, JSON.stringify(window.stale)); })()");
    type_name(&mut a, "Ana Li");
    assert_eq!(attribute(&mut a, "strike", "data-state"), "solved");
    assert_eq!(stored(&mut a, "strike")["path"], solved["path"]);

    // Starting a solved exercise again is asked first; "no" keeps the solve.
    open_exercise(&mut a, "strike");
    click(&mut a, "strike", "[data-action=\"restart\"]");
    answer_confirm(&mut a, false);
    assert_eq!(attribute(&mut a, "strike", "data-state"), "solved");
    click(&mut a, "strike", "[data-action=\"back\"]");
    answer_confirm(&mut a, true);
    assert_ne!(attribute(&mut a, "strike", "data-state"), "solved");
    // Given up on purpose, in every tab.
    let mut b = browser.on(&second);
    b.wait_for(&format!("{}.dataset.state !== 'solved'", section("strike")));

    // A shared tablet: "New student", confirmed, clears the name, the solves and the hints in
    // every tab, and an older tab's save does not bring them back.
    let mut a = browser.on(&first);
    finish_with_correct_moves(&mut a, "strike");
    a.eval("document.getElementById('new-student').click()");
    answer_confirm(&mut a, true);
    assert_eq!(a.eval("document.getElementById('student-name').value"), "");
    assert_eq!(
        a.eval("[...document.querySelectorAll('[data-exercise]')].every((s) => s.dataset.state === 'todo')"),
        true
    );
    let mut b = browser.on(&second);
    b.wait_for("document.getElementById('student-name').value === ''");
    b.wait_for(&format!("{}.dataset.state === 'todo'", section("two-keys")));
    click(&mut b, "two-keys", "[data-action=\"hint\"]");
    let mut a = browser.on(&first);
    a.reload();
    assert_eq!(attribute(&mut a, "strike", "data-state"), "todo");
    assert_eq!(a.eval("document.getElementById('student-name').value"), "");
    assert_eq!(stored(&mut a, "two-keys")["hints"], 1);
    assert_eq!(a.errors(), Vec::<String>::new(), "script errors");
    let b = browser.on(&second);
    assert_eq!(b.errors(), Vec::<String>::new(), "script errors");
}

#[test]
fn a_hint_is_paid_once_a_solved_exercise_says_so_and_check_warns_of_an_edited_hand_in() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip(
            "a_hint_is_paid_once_a_solved_exercise_says_so_and_check_warns_of_an_edited_hand_in",
        );
        return;
    };
    let dir = temp_dir("hints");
    let file = practice(&dir, "page.html", &[FIXTURE]);
    let mut page = browser.page();
    on_a_phone(&mut page);
    page.open(&file);
    let hint = |page: &mut Page| click(page, "strike", "[data-action=\"hint\"]");
    hint(&mut page);
    assert_eq!(
        feedback(&mut page, "strike"),
        "Hint: Make the king take four men."
    );
    hint(&mut page);
    assert_eq!(stored(&mut page, "strike")["hints"], 2);
    // A wrong move, then the same hint: not paid again.
    play(&mut page, "strike", 11, 6);
    assert_eq!(attribute(&mut page, "strike", "data-feedback"), "wrong");
    hint(&mut page);
    assert!(feedback(&mut page, "strike").contains("start with the piece on 43"));
    assert_eq!(stored(&mut page, "strike")["hints"], 2);
    // Nor after a reload; the square it showed is shown again.
    page.reload();
    assert_eq!(
        page.eval(&format!(
            "{}.querySelector('.square.hint').dataset.square",
            section("strike")
        )),
        "43"
    );
    hint(&mut page);
    assert_eq!(stored(&mut page, "strike")["hints"], 2);
    finish_with_correct_moves(&mut page, "strike");
    // Solved, and after a reload it says so (not "White to move.").
    page.reload();
    let said = feedback(&mut page, "strike");
    assert!(said.starts_with("Solved: 1. 43-38"), "{said}");

    // The hand-in carries the page and a checksum; check marks it without a word...
    type_name(&mut page, "Li");
    page.eval("document.getElementById('hand-in').click()");
    page.wait_for("document.getElementById('hand-in-dialog').open");
    let text = page.eval("document.getElementById('answer-text').value");
    let text = text.as_str().unwrap().to_string();
    let data = embedded(&std::fs::read_to_string(&file).unwrap());
    assert!(
        text.contains(&format!("page: \"{}\"", data["page"].as_str().unwrap())),
        "{text}"
    );
    assert!(text.contains("checksum: \""), "{text}");
    let run_check = |answers: &Path, report: &str| -> String {
        let output = damtutor(&[
            "check",
            "--exercises",
            FIXTURE,
            answers.to_str().unwrap(),
            "--out",
            dir.join(report).to_str().unwrap(),
        ]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stderr).to_string()
    };
    let answers = dir.join("answers.yaml");
    std::fs::write(&answers, &text).unwrap();
    let said = run_check(&answers, "report");
    assert!(!said.contains("warning"), "{said}");
    // ...and warns (still marking) when an answer was edited by hand or claims an exercise the
    // page never recorded.
    let edited = text.replace(
        "answers:\n",
        "answers:\n  \"philippe\": \"1. 27-22 18x27 2. 32x21\"\n",
    );
    let edited_file = dir.join("edited.yaml");
    std::fs::write(&edited_file, edited).unwrap();
    let said = run_check(&edited_file, "report-edited");
    assert!(
        said.contains(
            "edited.yaml: warning: the answers do not match the practice page's checksum"
        ),
        "{said}"
    );
    assert!(
        said.contains(
            "exercise philippe has an answer but the practice page recorded no play of it"
        ),
        "{said}"
    );
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");
}

#[test]
fn a_capture_is_tapped_landing_by_landing_or_dragged_with_a_finger() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip("a_capture_is_tapped_landing_by_landing_or_dragged_with_a_finger");
        return;
    };
    let dir = temp_dir("route");
    let file = practice(&dir, "page.html", &[FIXTURE]);
    let mut page = browser.page();
    on_a_phone(&mut page);
    page.open(&file);
    open_exercise(&mut page, "two-ways");
    // Tapped: each landing square is taken, and the capture goes on from there.
    click_square(&mut page, "two-ways", 1);
    click_square(&mut page, "two-ways", 18);
    assert_eq!(feedback(&mut page, "two-ways"), "18: go on capturing.");
    assert_eq!(attribute(&mut page, "two-ways", "data-feedback"), "");
    click_square(&mut page, "two-ways", 27);
    assert_eq!(feedback(&mut page, "two-ways"), "27: go on capturing.");
    click_square(&mut page, "two-ways", 16);
    settle(&mut page, "two-ways");
    assert_eq!(attribute(&mut page, "two-ways", "data-feedback"), "correct");
    assert!(line(&mut page, "two-ways").starts_with("1. 1x18x27x16"));
    // The other route, as far as its second landing, then its end: the move it names.
    click(&mut page, "two-ways", "[data-action=\"restart\"]");
    if page.eval("document.getElementById('confirm-dialog').open") == json!(true) {
        answer_confirm(&mut page, true);
    }
    click_square(&mut page, "two-ways", 1);
    click_square(&mut page, "two-ways", 23);
    click_square(&mut page, "two-ways", 16);
    settle(&mut page, "two-ways");
    assert_eq!(
        attribute(&mut page, "two-ways", "data-feedback"),
        "alternative"
    );
    assert!(line(&mut page, "two-ways").starts_with("1. 1x23x32x16"));
    // Dragged with a finger, landing by landing.
    click(&mut page, "two-ways", "[data-action=\"restart\"]");
    if page.eval("document.getElementById('confirm-dialog').open") == json!(true) {
        answer_confirm(&mut page, true);
    }
    let route = [1, 18, 27, 16];
    for leg in route.windows(2) {
        let (from, to) = (
            centre(&mut page, "two-ways", leg[0]),
            centre(&mut page, "two-ways", leg[1]),
        );
        page.drag_finger(from, to);
    }
    settle(&mut page, "two-ways");
    assert_eq!(attribute(&mut page, "two-ways", "data-feedback"), "correct");
    assert!(line(&mut page, "two-ways").starts_with("1. 1x18x27x16"));
    // A finger on an empty square still scrolls the page; on a piece it drags.
    let actions = page.eval(&format!(
        "[getComputedStyle({0}.querySelector('[data-square=\"2\"]')).touchAction, getComputedStyle({0}.querySelector('.square.occupied')).touchAction]",
        section("two-ways")
    ));
    assert_ne!(actions[0], "none", "{actions}");
    assert_eq!(actions[1], "none", "{actions}");
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");
}

#[test]
fn on_a_phone_kings_follow_the_game_focus_keeps_pieces_in_sight_and_targets_are_large() {
    let Some(mut browser) = Browser::launch() else {
        browser::skip(
            "on_a_phone_kings_follow_the_game_focus_keeps_pieces_in_sight_and_targets_are_large",
        );
        return;
    };
    let dir = temp_dir("phone-rules");
    // English checkers: a king steps one square, and the page says so.
    let english = practice(
        &dir,
        "english.html",
        &["tests/data/practice-english-king.yaml"],
    );
    let mut page = browser.page();
    on_a_phone(&mut page);
    page.open(&english);
    play(&mut page, "e-king", 30, 23);
    assert_eq!(attribute(&mut page, "e-king", "data-feedback"), "illegal");
    assert_eq!(
        feedback(&mut page, "e-king"),
        "A king moves one square diagonally."
    );
    // A capture of four in a ring, back to its start: either way round is a route, tapped
    // square by square.
    open_exercise(&mut page, "e-ring");
    click_square(&mut page, "e-ring", 11);
    for landing in [18, 9, 2] {
        click_square(&mut page, "e-ring", landing);
        assert_eq!(
            feedback(&mut page, "e-ring"),
            format!("{landing}: go on capturing.")
        );
    }
    click_square(&mut page, "e-ring", 11);
    settle(&mut page, "e-ring");
    assert_eq!(attribute(&mut page, "e-ring", "data-feedback"), "correct");
    assert_eq!(attribute(&mut page, "e-ring", "data-state"), "solved");
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");

    let file = practice(&dir, "page.html", &[FIXTURE]);
    let mut page = browser.page();
    on_a_phone(&mut page);
    page.open(&file);
    // International draughts: kings fly.
    let data = embedded(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(
        data["words"]["rule_king"],
        "A king moves along a diagonal over empty squares."
    );
    // Every button and field a finger uses is at least 40 px each way (the board's squares
    // are a tenth of the board).
    let small = page.eval(
        "[...document.querySelectorAll('button, input')].filter((e) => !e.classList.contains('square') && e.getClientRects().length).map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.textContent || e.name, Math.round(r.width), Math.round(r.height)]; }).filter((x) => x[1] < 40 || x[2] < 40)",
    );
    assert_eq!(small, json!([]), "tap targets under 40 px");
    // Keyboard focus on a square with a piece: the ring lies under the pieces' layer.
    page.eval(&format!(
        "{}.querySelector('[data-square=\"1\"]').focus()",
        section("strike")
    ));
    page.key("ArrowDown");
    let focus = page.eval(&format!(
        "(() => {{ const f = document.activeElement; const p = {}.querySelector('.pieces'); return [f.dataset.square, f.classList.contains('occupied'), Number(getComputedStyle(f).zIndex) || 0, Number(getComputedStyle(p).zIndex)]; }})()",
        section("strike")
    ));
    assert_eq!(focus[0], "7");
    let square_layer = focus[2].as_f64().unwrap();
    let pieces_layer = focus[3].as_f64().unwrap();
    assert!(pieces_layer > square_layer, "{focus}");
    // The projector on a phone: the page still scrolls, and Hand in shows the name it asks for.
    page.eval("document.getElementById('projector').click()");
    assert_eq!(page.eval("getComputedStyle(document.getElementById('student-name')).display === 'none' || document.getElementById('student-name').getClientRects().length === 0"), true);
    page.eval("window.scrollTo(0, 10000)");
    assert!(
        page.eval("window.scrollY").as_f64().unwrap() > 0.0,
        "the page does not scroll"
    );
    page.eval("window.scrollTo(0, 0)");
    page.eval("document.getElementById('hand-in').click()");
    let asked = page.eval("(() => { const n = document.getElementById('student-name'); return [n.getClientRects().length > 0, document.activeElement === n]; })()");
    assert_eq!(asked, json!([true, true]));
    assert!(!page
        .eval("document.getElementById('hand-in-dialog').open")
        .as_bool()
        .unwrap());
    page.screenshot(&screenshots().join("phone-projector-name.png"));
    assert_eq!(page.errors(), Vec::<String>::new(), "script errors");
}

/// The routes a page shows and the moves `play` reads: a russian flying king stops where its
/// capture goes on, so of the two orders of this capture only one is a route.
#[test]
fn play_refuses_a_capture_route_a_king_cannot_take() {
    let position = "W:WK3,K12,K16,20:B5,K8,11,K13,15,K17,23,25,28,K29";
    let legal = damtutor(&["play", position, "g5:c1:a3:e7:g5", "--variant", "russian"]);
    assert!(
        legal.status.success(),
        "{}",
        String::from_utf8_lossy(&legal.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&legal.stdout).trim(),
        "B:WK3,K12,K16,20:B5,K8,K13,15,28,K29"
    );
    let illegal = damtutor(&["play", position, "g5:e7:a3:c1:g5", "--variant", "russian"]);
    assert_eq!(illegal.status.code(), Some(1));
    let said = String::from_utf8_lossy(&illegal.stderr);
    assert!(
        said.contains("g5:e7:a3:c1:g5): the capture does not go that way; its landing squares are g5:c1:a3:e7:g5"),
        "{said}"
    );
}
