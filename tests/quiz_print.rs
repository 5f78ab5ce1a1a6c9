//! The printed quiz and its exports, for every game: snapshots of an international, a
//! 64-square and an English checkers quiz in both languages, well-formed Moodle GIFT and XML
//! with each game's diagrams, user templates, and no answer in any attribute of what a student
//! sees (alt text, aria-label, title, data-*), the SVG diagrams embedded in the exports
//! included.

use crate::support::browser;
use crate::support::pdf;
use crate::support::quiz_answers as answers;
use pdf::pdf_pages;

use damtutor::lms as export;
use damtutor::quiz::print as document;
use damtutor::quiz::{Question, QuestionType, Quiz, QuizOptions};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::words::Lang;
use damtutor::Variant;
use serde_json::json;
use std::path::Path;

/// The sampled quiz of `variant`, `seed` and `lang` (FEN questions on odd seeds), made once a
/// test run for every quiz test that reads it.
fn quiz(variant: Variant, seed: u64, lang: Lang) -> Quiz {
    answers::made(&answers::sampled(variant, seed, lang))
}

/// A small quiz for the snapshots: a few questions of each type, with diagrams.
fn small_quiz(variant: Variant, lang: Lang) -> Quiz {
    answers::made(&QuizOptions {
        variants: vec![variant],
        total: Some(40),
        seed: 2024,
        lang,
        types: vec![
            QuestionType::Single,
            QuestionType::Multi,
            QuestionType::Blank,
            QuestionType::Diagram,
        ],
        // The FEN blank is printed too (a teacher's choice).
        fen_questions: true,
        ..QuizOptions::default()
    })
}

/// Checks that tags open and close in order (CDATA, comments and the declaration skipped).
fn assert_balanced_xml(xml: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        rest = &rest[start..];
        if let Some(body) = rest.strip_prefix("<![CDATA[") {
            let end = body.find("]]>").expect("CDATA closed");
            rest = &body[end + 3..];
            continue;
        }
        if rest.starts_with("<?") || rest.starts_with("<!--") {
            let end = rest.find('>').unwrap();
            rest = &rest[end + 1..];
            continue;
        }
        let end = rest.find('>').expect("tag closed");
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "unbalanced </{name}>"
            );
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap().to_string();
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert!(!rest.contains('>') || rest.trim().is_empty());
}

#[test]
fn moodle_xml_is_well_formed_and_complete() {
    for variant in Variant::ALL {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = quiz(variant, 3, lang);
            let xml = export::moodle_xml(&quiz);
            assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>"));
            assert_balanced_xml(&xml);
            assert_eq!(
                xml.matches("<question type=").count(),
                quiz.questions.len() + 1
            );
            for q in &quiz.questions {
                assert!(xml.contains(&format!("<name><text>{}</text></name>", q.id)));
            }
            // Every diagram travels with its question.
            let diagrams = quiz
                .questions
                .iter()
                .filter(|q| q.fen.is_some() || q.kind == QuestionType::Design)
                .count();
            assert_eq!(xml.matches("<file name=").count(), diagrams);
            assert_eq!(xml.matches("@@PLUGINFILE@@/").count(), diagrams);
            assert!(xml.contains("type=\"cloze\"") && xml.contains("type=\"essay\""));
            // The points of the quiz are the grades of its questions.
            let grades: u32 = xml
                .split("<defaultgrade>")
                .skip(1)
                .map(|g| g[..g.find('<').unwrap()].parse::<u32>().unwrap())
                .sum();
            assert_eq!(grades, quiz.total_points);
        }
    }
}

/// GIFT braces balance once escaped characters are skipped.
fn assert_balanced_gift(gift: &str) {
    let mut depth = 0i32;
    let mut chars = gift.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '{' => {
                depth += 1;
                assert_eq!(depth, 1, "nested braces");
            }
            '}' => {
                depth -= 1;
                assert_eq!(depth, 0, "unbalanced braces");
            }
            _ => {}
        }
    }
    assert_eq!(depth, 0);
}

fn decode_base64(text: &str) -> String {
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .expect("base64");
    String::from_utf8(bytes).unwrap()
}

/// The base64 SVG files embedded in an export, decoded.
fn embedded_svgs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for marker in ["base64,", "encoding=\"base64\">"] {
        for part in text.split(marker).skip(1) {
            let end = part.find(['"', '<']).unwrap();
            out.push(decode_base64(&part[..end].replace("\\=", "=")));
        }
    }
    out
}

#[test]
fn gift_is_well_formed_with_diagrams() {
    for variant in Variant::ALL {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = quiz(variant, 4, lang);
            let gift = export::gift(&quiz);
            assert_balanced_gift(&gift);
            for q in &quiz.questions {
                assert!(
                    gift.contains(&format!("::{}::[html]", q.id))
                        || gift.contains(&format!("::{}-1::[html]", q.id)),
                    "{}",
                    q.id
                );
            }
            let images = gift.matches("data\\:image/svg+xml;base64,").count();
            let expected: usize = quiz
                .questions
                .iter()
                .map(|q| {
                    if q.kind == QuestionType::Design {
                        1
                    } else if q.fen.is_some() {
                        q.blanks.len().max(1)
                    } else {
                        0
                    }
                })
                .sum();
            assert_eq!(images, expected);
            // Each image decodes back to an SVG of the game's board.
            let svgs = embedded_svgs(&gift);
            assert_eq!(svgs.len(), images);
            let view_box = match variant {
                Variant::International => "viewBox=\"-7 -7 114 114\"",
                _ => "viewBox=\"-7 -7 94 94\"",
            };
            assert!(svgs
                .iter()
                .all(|s| s.starts_with("<svg") && s.contains(view_box)));
        }
    }
}

/// Every attribute value in an HTML, XML or SVG text (`name="value"`).
fn attributes(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("=\"") {
        let name_start = rest[..at]
            .rfind(|c: char| c.is_whitespace() || c == '<')
            .map_or(0, |i| i + 1);
        let name = rest[name_start..at].to_string();
        let value_end = rest[at + 2..].find('"').map_or(rest.len(), |e| at + 2 + e);
        let value = rest[at + 2..value_end].to_string();
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            out.push((name, value));
        }
        rest = &rest[(value_end + 1).min(rest.len())..];
    }
    out
}

/// What a student must write that should appear in no attribute: FENs, moves and lines, square
/// names, and the words of fill-in answers.
fn secrets(q: &Question) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(fen) = &q.fen {
        out.push(fen.clone());
        // The FEN without the side to move says as much.
        out.extend(fen.split_once(':').map(|(_, rest)| rest.to_string()));
    }
    match q.kind {
        QuestionType::Blank | QuestionType::Diagram | QuestionType::Design => {
            out.extend(q.answer.iter().cloned());
            for blank in &q.blanks {
                out.extend(blank.accept.iter().cloned());
            }
        }
        _ => {}
    }
    if q.kind == QuestionType::Diagram {
        out.push(q.answer.join(" "));
    }
    // Numbers and single letters are everywhere in markup (widths, coordinates): what is left
    // are the answers that say something.
    out.retain(|s| s.chars().count() >= 3 && !s.chars().all(|c| c.is_ascii_digit()));
    out
}

/// Asserts that no secret of `quiz` is inside an attribute of `text` (or of an SVG embedded in
/// it), and that no attribute marks the right option.
fn assert_no_answer_in_attributes(quiz: &Quiz, text: &str, what: &str) {
    // GIFT escapes = : # { } ~ with a backslash.
    let text = ["=", ":", "#", "{", "}", "~"]
        .iter()
        .fold(text.to_string(), |t, c| t.replace(&format!("\\{c}"), c));
    let mut texts = vec![text.clone()];
    texts.extend(embedded_svgs(&text));
    // A diagram's pieces and side to move are marked on each piece and on the board
    // (`data-square="28" data-piece="wm"`, `data-turn="white"`): what the picture shows anyway;
    // a question's family (`data-family="majority_king"`) is its kind, for the style sheet.
    let drawn = ["data-square", "data-piece", "data-turn", "data-family"];
    let attrs: Vec<(String, String)> = texts
        .iter()
        .flat_map(|t| attributes(t))
        .filter(|(name, _)| !drawn.contains(&name.as_str()))
        .collect();
    // Notation is looked for anywhere in a value, a word as a whole word (the family
    // `majority_king` of a question does not give away the answer `king`).
    let found = |value: &str, secret: &str| {
        if secret.chars().any(|c| c.is_ascii_digit() || c == ':') {
            value.contains(secret)
        } else {
            value == secret
                || value
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|word| word.eq_ignore_ascii_case(secret))
        }
    };
    for q in &quiz.questions {
        for secret in secrets(q) {
            for (name, value) in &attrs {
                assert!(
                    !found(value, &secret),
                    "{what}: {} answer {secret:?} in {name}=\"{value}\"",
                    q.id
                );
            }
        }
    }
    for (name, value) in &attrs {
        assert!(
            !(name == "class" && (value.contains("right") || value.contains("correct"))),
            "{what}: {name}=\"{value}\" marks the answer"
        );
        assert!(
            !name.contains("answer") && !name.contains("seed"),
            "{what}: {name}"
        );
    }
}

#[test]
fn no_answer_in_any_attribute_of_what_a_student_sees() {
    for variant in Variant::ALL {
        for lang in [Lang::English, Lang::Chinese] {
            for seed in [1, 2] {
                let quiz = quiz(variant, seed, lang);
                for format in [Format::Html, Format::Markdown] {
                    let templates = Templates::load(Document::Quiz, format, None).unwrap();
                    let out = format!("quiz.{}", format.extension());
                    let files = document::render(&quiz, &templates, Path::new(&out)).unwrap();
                    // The paper and its diagrams; not the answer key.
                    for file in files.iter().filter(|f| {
                        !f.path.to_string_lossy().contains("-answers")
                            && !f.path.to_string_lossy().contains("-key")
                    }) {
                        assert_no_answer_in_attributes(
                            &quiz,
                            &file.contents,
                            &file.path.display().to_string(),
                        );
                    }
                }
                let gift = export::gift(&quiz);
                let xml = export::moodle_xml(&quiz);
                // The scan sees the diagrams' labels.
                assert!(gift.contains("alt\\=") && xml.contains("alt=\""));
                assert_no_answer_in_attributes(&quiz, &gift, "gift");
                assert_no_answer_in_attributes(&quiz, &xml, "moodle xml");
            }
        }
    }
    // The scan finds what it looks for.
    let quiz = quiz(Variant::International, 1, Lang::English);
    let q = quiz.questions.iter().find(|q| q.fen.is_some()).unwrap();
    let leaked = format!("<img alt=\"{}\">", q.fen.as_ref().unwrap());
    let caught = std::panic::catch_unwind(|| assert_no_answer_in_attributes(&quiz, &leaked, "x"));
    assert!(caught.is_err());
}

/// SVG diagrams shortened to their pieces, style sheets and scripts dropped, for stable
/// snapshots.
fn summarize(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    loop {
        let svg = rest.find("<svg");
        // A style sheet or a script: the first of the two.
        let style = [("<style>", "</style>"), ("<script>", "</script>")]
            .into_iter()
            .filter_map(|(open, close)| Some((rest.find(open)?, open, close)))
            .min();
        match (svg, style) {
            (Some(s), st) if st.is_none_or(|(t, _, _)| s < t) => {
                out.push_str(&rest[..s]);
                let end = rest[s..].find("</svg>").unwrap() + s + 6;
                let body = &rest[s..end];
                let label = body
                    .split("aria-label=\"")
                    .nth(1)
                    .map(|l| &l[..l.find('"').unwrap()])
                    .unwrap_or("");
                let pieces: Vec<String> = body
                    .split("data-square=\"")
                    .skip(1)
                    .map(|p| {
                        let square = &p[..p.find('"').unwrap()];
                        let code = p.split("data-piece=\"").nth(1).unwrap_or("");
                        format!("{}{square}", &code[..code.find('"').unwrap_or(0)])
                    })
                    .collect();
                out.push_str(&format!("<svg \"{label}\" [{}]/>", pieces.join(" ")));
                rest = &rest[end..];
            }
            (_, Some((t, open, close))) => {
                out.push_str(&rest[..t]);
                let end = rest[t..].find(close).unwrap() + t + close.len();
                out.push_str(&open.replace('>', "/>"));
                rest = &rest[end..];
            }
            _ => break,
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn snapshots_of_the_printed_quiz() {
    for (variant, game) in [
        (Variant::International, "international"),
        (Variant::Brazilian, "64"),
        (Variant::English, "checkers"),
    ] {
        for (lang, name) in [(Lang::English, "en"), (Lang::Chinese, "zh")] {
            let quiz = small_quiz(variant, lang);
            assert_eq!(quiz.total_points, 40);
            for format in [Format::Html, Format::Markdown] {
                let templates = Templates::load(Document::Quiz, format, None).unwrap();
                let ext = format.extension();
                let out = format!("quiz.{ext}");
                let files = document::render(&quiz, &templates, Path::new(&out)).unwrap();
                assert_eq!(files[0].path, Path::new(&out));
                assert_eq!(files[1].path, Path::new(&format!("quiz-answers.{ext}")));
                insta::assert_snapshot!(
                    format!("quiz_{game}_{ext}_{name}"),
                    summarize(&files[0].contents)
                );
                insta::assert_snapshot!(
                    format!("quiz_{game}_key_{ext}_{name}"),
                    summarize(&files[1].contents)
                );
                if format == Format::Markdown {
                    let diagrams: Vec<_> = files[2..].iter().map(|f| f.path.clone()).collect();
                    assert!(!diagrams.is_empty());
                    for path in &diagrams {
                        assert!(path.starts_with("quiz-diagrams"));
                        assert!(
                            files[0].contents.contains(&path.display().to_string())
                                || files[1].contents.contains(&path.display().to_string())
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_paper_has_no_seed_and_the_key_has_it() {
    for lang in [Lang::English, Lang::Chinese] {
        let quiz = quiz(Variant::Russian, 31, lang);
        for version in quiz.versions(2) {
            for format in [Format::Html, Format::Markdown] {
                let templates = Templates::load(Document::Quiz, format, None).unwrap();
                let files = document::render(&version, &templates, Path::new("q.html")).unwrap();
                let (paper, key) = (&files[0].contents, &files[1].contents);
                let seed = damtutor::words::text(lang, damtutor::words::Text::Seed);
                assert!(!paper.contains(seed), "{paper}");
                assert!(key.contains(&format!("{seed} 31")));
                let label = damtutor::words::version(lang, version.version.unwrap());
                assert!(paper.contains(&label) && key.contains(&label));
            }
        }
    }
}

#[test]
fn user_templates_replace_the_built_in_ones() {
    let folder =
        std::env::temp_dir().join(format!("damtutor-quiz-templates-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("quiz.md"), "{{ title }}: {{ total_points }}").unwrap();
    let templates = Templates::load(Document::Quiz, Format::Markdown, Some(&folder)).unwrap();
    let quiz = small_quiz(Variant::International, Lang::English);
    let files = document::render(&quiz, &templates, Path::new("q.md")).unwrap();
    assert_eq!(files[0].contents, "Rules test: international draughts: 40");
    std::fs::remove_dir_all(&folder).unwrap();
}

/// Printed in headless Chromium, no page of a quiz or of its key holds a lone question with the
/// rest of the page empty: the page's script lays the questions out as the browser prints them
/// (its count of pages is the PDF's), and the last page holds two questions or more, or is at
/// least half full. Quizzes of three games, both languages, seeds 1-6: with the questions never
/// split across pages, several of them ran a little over three pages and printed the last
/// question alone on a fourth.
#[test]
fn printed_pages_are_filled() {
    let Some(mut chromium) = browser::Browser::launch() else {
        browser::skip("printed_pages_are_filled");
        return;
    };
    let folder = std::env::temp_dir().join(format!("damtutor-quiz-pages-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let templates = Templates::load(Document::Quiz, Format::Html, None).unwrap();
    let mut page = chromium.page();
    for variant in [Variant::International, Variant::Brazilian, Variant::English] {
        for lang in [Lang::English, Lang::Chinese] {
            for seed in 1..=6 {
                let quiz = quiz(variant, seed, lang);
                let files = document::render(&quiz, &templates, Path::new("q.html")).unwrap();
                for (file, what) in files.iter().zip(["quiz", "key"]) {
                    let path = folder.join(format!("{variant}-{lang}-{seed}-{what}.html"));
                    std::fs::write(&path, &file.contents).unwrap();
                    let context = format!("{variant} {lang} seed {seed} {what}");
                    page.call(
                        "Page.navigate",
                        json!({"url": format!("file://{}", path.display())}),
                    );
                    let paper = "document.querySelector('.page.quiz')";
                    page.wait_for(&format!(
                        "document.readyState === 'complete' && {paper} && {paper}.dataset.pages"
                    ));
                    let read = |page: &mut browser::Page, name: &str| -> f64 {
                        let value = page.eval(&format!("{paper}.dataset.{name}"));
                        value.as_str().unwrap().parse().unwrap()
                    };
                    let pages = read(&mut page, "pages") as usize;
                    let last = read(&mut page, "lastPageQuestions") as usize;
                    let fill = read(&mut page, "lastPageFill");
                    let printed = page.call(
                        "Page.printToPDF",
                        json!({"printBackground": true, "preferCSSPageSize": true}),
                    );
                    use base64::Engine;
                    let pdf = base64::engine::general_purpose::STANDARD
                        .decode(printed["data"].as_str().unwrap())
                        .unwrap();
                    assert_eq!(
                        pdf_pages(&pdf),
                        pages,
                        "{context}: pages foreseen and printed"
                    );
                    assert!(
                        pages == 1 || last >= 2 || fill >= 0.5,
                        "{context}: the last of {pages} pages holds {last} question(s), {:.0}% full",
                        fill * 100.0
                    );
                }
            }
        }
    }
    std::fs::remove_dir_all(&folder).unwrap();
}
