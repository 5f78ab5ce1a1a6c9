//! `damtutor serve`, the teacher's desk: its JSON API as a script drives it, what it refuses
//! (foreign Origin and Host, `../` paths, unknown sets, oversized uploads), and the page driven
//! in headless Chromium in both languages - pick three exercises, preview the worksheet,
//! download its PDF and count the pages, make a quiz, upload a class sheet and read the marks.

use crate::support::browser;
use crate::support::cli;
use crate::support::pdf;
use pdf::pdf_pages;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running desk, stopped when dropped.
struct Desk {
    child: Child,
    port: u16,
}

impl Desk {
    /// `damtutor serve --port 0 ARGS` in the crate's folder; waits for its URL.
    fn start(args: &[&str]) -> Desk {
        let mut child = Command::new(env!("CARGO_BIN_EXE_damtutor"))
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start damtutor serve");
        let stdout = child.stdout.take().expect("piped");
        let mut lines = BufReader::new(stdout).lines();
        let port = loop {
            let line = lines
                .next()
                .expect("serve printed its URL")
                .expect("a line");
            if let Some(at) = line.find("http://127.0.0.1:") {
                let rest = &line[at + "http://127.0.0.1:".len()..];
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                break digits.parse().expect("a port");
            }
        };
        // Keep reading so that the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Desk { child, port }
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// One HTTP/1.0 request with `headers` (a `Host` of the desk's own unless given): the
    /// status, and the body.
    fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let mut head = format!("{method} {path} HTTP/1.0\r\n");
        if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.host()));
        }
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !body.is_empty() {
            head.push_str("Content-Type: application/json\r\n");
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        stream.write_all(head.as_bytes()).unwrap();
        // A refused upload may close the connection before all of it is sent.
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let split = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a response head");
        let head = String::from_utf8_lossy(&answer[..split]).to_string();
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status");
        (status, answer[split + 4..].to_vec())
    }

    fn get(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.request("GET", path, &[], b"");
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, answer) = self.request("POST", path, &[], body.to_string().as_bytes());
        (
            status,
            serde_json::from_slice(&answer).unwrap_or(Value::Null),
        )
    }

    /// The bytes of a made file at `url`.
    fn file(&self, url: &str) -> Vec<u8> {
        let (status, body) = self.request("GET", url, &[], b"");
        assert_eq!(status, 200, "{url}");
        body
    }
}

impl Drop for Desk {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn file_url<'a>(answer: &'a Value, name: &str) -> &'a str {
    answer["files"]
        .as_array()
        .expect("files")
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {answer}"))["url"]
        .as_str()
        .unwrap()
}

const TURKISH: &str = "exercises/01-turkish-strikes.yaml";

#[test]
fn the_api_browses_proves_makes_and_marks() {
    let desk = Desk::start(&["--lang", "en"]);

    // What there is: the shipped sets and the course, every game.
    let (status, state) = desk.get("/api/status");
    assert_eq!(status, 200);
    let games: Vec<&str> = state["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["key"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["international", "brazilian", "russian", "english"]);
    assert!(state["exercises"].as_u64().unwrap() > 1200, "{state}");
    assert!(state["sets"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["name"] == "exercises/course/russian/level-3.yaml"));

    // Filters: a game and a level; a word of the id.
    let (_, found) = desk.get("/api/exercises?game=russian&level=3&limit=100");
    let list = found["exercises"].as_array().unwrap();
    assert!(!list.is_empty());
    assert!(list
        .iter()
        .all(|e| e["game"] == "russian" && e["level"] == 3));
    assert!(list[0]["svg"].as_str().unwrap().starts_with("<svg"));
    let (_, found) = desk.get(&format!("/api/exercises?set={TURKISH}&q=ts-01"));
    assert_eq!(found["total"], 1);
    assert_eq!(found["exercises"][0]["caption"], "White to play and win");

    // The solution on demand: the solver's key move of ts-01, in the language asked.
    let (status, solution) = desk.get(&format!("/api/solution?set={TURKISH}&id=ts-01&lang=zh"));
    assert_eq!(status, 200, "{solution}");
    assert_eq!(solution["keys"], json!(["39-34"]));
    assert!(solution["lines"][0].as_str().unwrap().starts_with("白方"));

    // A worksheet of three exercises, with its answer key at the end.
    let picked = json!([
        {"set": TURKISH, "id": "ts-01"},
        {"set": TURKISH, "id": "ts-02"},
        {"set": TURKISH, "id": "ts-03"},
    ]);
    let (status, sheet) = desk.post(
        "/api/worksheet",
        &json!({"lang": "zh", "exercises": picked, "school": "实验小学", "answers": "end"}),
    );
    assert_eq!(status, 200, "{sheet}");
    let html = String::from_utf8(desk.file(file_url(&sheet, "worksheet.html"))).unwrap();
    assert!(html.contains("实验小学"));
    assert!(html.contains("39-34"), "the key holds the solver's move");
    assert!(html.matches("<svg").count() >= 3);

    // A quiz: the paper, its key, the Moodle export and the key for marking.
    let (status, quiz) = desk.post(
        "/api/quiz",
        &json!({"lang": "zh", "games": ["international"], "count": 6, "number": 7}),
    );
    assert_eq!(status, 200, "{quiz}");
    for name in [
        "quiz.html",
        "quiz-answers.html",
        "quiz.gift",
        "quiz-key.json",
    ] {
        file_url(&quiz, name);
    }
    assert!(quiz["summary"].as_str().unwrap().contains("试卷编号 7"));
    let key = String::from_utf8(desk.file(file_url(&quiz, "quiz-key.json"))).unwrap();
    // Fewer different questions than asked for: the summary says so.
    let (status, few) = desk.post(
        "/api/quiz",
        &json!({"lang": "zh", "games": ["english"], "types": ["design"], "count": 50}),
    );
    assert_eq!(status, 200, "{few}");
    assert!(
        few["summary"].as_str().unwrap().contains("（要求 50 道）"),
        "{few}"
    );

    // Marking a class sheet against the set: the right move full marks, a wrong one none.
    let csv = "姓名,ts-01,ts-02\n小明,39-34 30x29 33x24,\n小红,33-28,\n";
    let (status, marks) = desk.post(
        "/api/mark",
        &json!({"lang": "zh", "sets": [TURKISH], "files": [{"name": "class.csv", "data": b64(csv.as_bytes())}]}),
    );
    assert_eq!(status, 200, "{marks}");
    let students = marks["students"].as_array().unwrap();
    assert_eq!(students.len(), 2);
    assert_eq!(students[0]["student"], "小明");
    assert_eq!(students[0]["items"][0]["points"], "1");
    assert_eq!(students[1]["items"][0]["points"], "0");
    let gradebook = String::from_utf8(desk.file(file_url(&marks, "gradebook.csv"))).unwrap();
    assert!(gradebook.contains("小明"));

    // Marking against the quiz's key: answers by question id.
    let parsed: Value = serde_json::from_str(&key).unwrap();
    let first = parsed["questions"][0]["id"].as_str().unwrap().to_string();
    let sheet_text = format!("姓名,{first}\n小明,A\n");
    let (status, marks) = desk.post(
        "/api/mark",
        &json!({"lang": "zh", "key": key, "files": [{"name": "quiz.csv", "data": b64(sheet_text.as_bytes())}]}),
    );
    assert_eq!(status, 200, "{marks}");
    assert_eq!(marks["students"][0]["student"], "小明");

    // What is refused, with a message.
    let (status, answer) = desk.get("/api/exercises?set=../Cargo.toml");
    assert_eq!(status, 404);
    assert!(answer["error"].as_str().unwrap().contains("../Cargo.toml"));
    let (status, answer) = desk.post(
        "/api/worksheet",
        &json!({"exercises": [{"set": TURKISH, "id": "no-such"}]}),
    );
    assert_eq!(status, 404);
    assert_eq!(
        answer["error"],
        format!("{TURKISH} has no exercise no-such.")
    );
    let (status, answer) = desk.post("/api/worksheet", &json!({"exercises": []}));
    assert_eq!(status, 400);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .starts_with("Pick exercises first"));
    let (status, body) = desk.request("POST", "/api/quiz", &[], b"{not json");
    assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
    let (status, answer) = desk.post(
        "/api/mark",
        &json!({"sets": [TURKISH], "files": [{"name": "x.csv", "data": "@@@"}]}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .starts_with("No student's answers could be read."));
    // Values out of range: the field named, in the request's language.
    let (status, answer) = desk.post(
        "/api/worksheet",
        &json!({"lang": "zh", "exercises": picked, "per_page": 0}),
    );
    assert_eq!(status, 400);
    assert_eq!(answer["error"], "per_page：1-30");
    let (status, answer) = desk.post("/api/quiz", &json!({"games": ["chess"]}));
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().starts_with("games: "),
        "{answer}"
    );
    let (status, answer) = desk.get("/api/exercises?level=high");
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().starts_with("level: "),
        "{answer}"
    );
    let (status, answer) = desk.post(
        "/api/worksheet",
        &json!({"exercises": picked, "colour": "red"}),
    );
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("colour"),
        "{answer}"
    );
    let big = vec![b' '; 9 << 20];
    let (status, _) = desk.request("POST", "/api/mark", &[], &big);
    assert_eq!(status, 413);
    // The server still answers after all of that.
    assert_eq!(desk.get("/api/status").0, 200);
}

/// Files handed in (students' YAML answer files) are marked as `check` marks them.
#[test]
fn handed_in_files_get_the_marks_check_gives() {
    let exercises = "tests/data/class/exercises.yaml";
    let desk = Desk::start(&[exercises, "--lang", "en"]);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<Value> = ["alice.yaml", "bob.yaml"]
        .iter()
        .map(|name| {
            let bytes = std::fs::read(root.join("tests/data/class/answers").join(name)).unwrap();
            json!({"name": name, "data": b64(&bytes)})
        })
        .collect();
    let (status, marks) = desk.post("/api/mark", &json!({"sets": [exercises], "files": files}));
    assert_eq!(status, 200, "{marks}");
    let totals: Vec<(String, String)> = marks["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["student"].as_str().unwrap().into(),
                s["total"].as_str().unwrap().into(),
            )
        })
        .collect();
    // What the command line gives for the same files.
    let out = std::env::temp_dir().join(format!("damtutor-serve-check-{}", std::process::id()));
    let run = cli::run_in_crate(&[
        "check",
        "--exercises",
        exercises,
        "tests/data/class/answers/alice.yaml",
        "tests/data/class/answers/bob.yaml",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success());
    let gradebook = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    let _ = std::fs::remove_dir_all(&out);
    let expected: Vec<(String, String)> = gradebook
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (cells[0].to_string(), cells[cells.len() - 3].to_string())
        })
        .collect();
    assert_eq!(totals, expected);
    assert_eq!(totals[0], ("Alice".to_string(), "6".to_string()));
}

#[test]
fn serve_refuses_foreign_origins_hosts_and_paths() {
    let desk = Desk::start(&["--lang", "en"]);
    let own = format!("http://{}", desk.host());
    let (status, _) = desk.request("GET", "/api/status", &[("Origin", own.as_str())], b"");
    assert_eq!(status, 200);
    // Another site's page, and a name rebound to this computer.
    let (status, body) = desk.request(
        "POST",
        "/api/quiz",
        &[("Origin", "http://evil.example")],
        b"{}",
    );
    assert_eq!(status, 403);
    assert!(String::from_utf8_lossy(&body).contains("Refused"));
    let rebound = format!("evil.example:{}", desk.port);
    let (status, _) = desk.request("GET", "/", &[("Host", rebound.as_str())], b"");
    assert_eq!(status, 403);
    // Nothing outside the exercise sets is ever served.
    for path in [
        "/../../../../etc/passwd",
        "/api/files/0/..%2F..%2FCargo.toml",
        "/api/files/../../Cargo.toml",
        "/exercises/01-turkish-strikes.yaml",
        "/%2e%2e/Cargo.toml",
    ] {
        let (status, body) = desk.request("GET", path, &[], b"");
        assert_eq!(status, 404, "{path}");
        let body = String::from_utf8_lossy(&body);
        assert!(
            !body.contains("[package]") && !body.contains("root:"),
            "{path}"
        );
    }
}

#[test]
fn serve_says_what_is_wrong_at_start() {
    let missing = cli::run_in_crate(&["serve", "--port", "0", "no-such-folder"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-folder"));
    // A port already taken.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let busy = cli::run_in_crate(&["serve", "--port", &port, "--lang", "en"]);
    assert_eq!(busy.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&busy.stderr).contains("is in use"),
        "{}",
        String::from_utf8_lossy(&busy.stderr)
    );
    // In the desk's language: Chinese by default.
    let busy = cli::run_in_crate(&["serve", "--port", &port]);
    assert_eq!(busy.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&busy.stderr).contains("已被占用"),
        "{}",
        String::from_utf8_lossy(&busy.stderr)
    );
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The page as a teacher uses it, in `lang`: three exercises picked, the worksheet previewed
/// and printed (3 exercises a page: a page of exercises and a page of answers), a quiz made, a
/// class sheet uploaded and marked - with no script error.
fn a_teacher_uses_the_page(lang: &str) {
    let Some(mut chromium) = browser::Browser::launch() else {
        browser::skip("a_teacher_uses_the_page");
        return;
    };
    let desk = Desk::start(&["--lang", lang]);
    let mut page = chromium.page();
    page.viewport(1280, 900, 1.0, false);
    page.call(
        "Page.navigate",
        json!({"url": format!("http://{}/", desk.host())}),
    );
    page.wait_for("document.querySelectorAll('.card').length >= 3");
    page.eval("localStorage.clear(); document.getElementById('clear-picks').click()");
    // Pick the first three exercises of the Turkish strikes.
    page.eval(&format!(
        "(() => {{ const s = document.querySelector('#filters [name=set]'); s.value = '{TURKISH}'; s.dispatchEvent(new Event('input', {{bubbles: true}})); }})()"
    ));
    page.wait_for("document.querySelector('.card') && document.querySelector('.card').dataset.id === 'ts-01' && document.querySelectorAll('.card').length < 24");
    page.eval("Array.from(document.querySelectorAll('.card button.pick')).slice(0, 3).forEach(b => b.click())");
    let count = page.eval("document.getElementById('picked-count').textContent");
    let expected = if lang == "zh" {
        "已选 3 题"
    } else {
        "3 picked"
    };
    assert_eq!(count, json!(expected));
    // The solution on demand.
    page.eval("document.querySelector('.card button.solution').click()");
    page.wait_for("document.querySelector('.card .answer p') && /39-34/.test(document.querySelector('.card .answer').textContent)");

    // The worksheet: preview, then the PDF.
    page.eval("document.querySelector('[data-tab=worksheet]').click()");
    page.eval("document.querySelector('#worksheet-form [name=per_page]').value = '3'");
    page.eval("document.querySelector('#tab-worksheet [data-make=preview]').click()");
    page.wait_for("document.querySelector('#tab-worksheet iframe.preview')");
    page.wait_for("(() => { const f = document.querySelector('#tab-worksheet iframe.preview'); return f.contentDocument && f.contentDocument.querySelectorAll('svg.diagram').length >= 3; })()");
    let pdf_on = page.eval("!document.querySelector('#tab-worksheet [data-make=pdf]').disabled");
    assert_eq!(pdf_on, json!(true), "Chromium is here, so PDF is on");
    page.eval("document.querySelector('#tab-worksheet [data-make=pdf]').click()");
    page.wait_for("Array.from(document.querySelectorAll('#tab-worksheet .files a')).some(a => /\\.pdf/.test(a.href))");
    let url = page.eval("Array.from(document.querySelectorAll('#tab-worksheet .files a')).find(a => /\\.pdf/.test(a.href)).getAttribute('href')");
    let pdf = desk.file(url.as_str().unwrap());
    assert_eq!(
        pdf_pages(&pdf),
        2,
        "three exercises on one page, the key on the next"
    );

    // A quiz, then its key used for marking.
    page.eval("document.querySelector('[data-tab=quiz]').click()");
    page.eval("document.querySelector('#quiz-form [name=count]').value = '5'");
    page.eval("document.querySelector('#tab-quiz [data-make=preview]').click()");
    page.wait_for("document.querySelector('#tab-quiz iframe.preview')");
    assert_eq!(
        page.eval("document.querySelector('#mark-form [name=last_quiz]').checked"),
        json!(true)
    );

    // Marking: a class sheet uploaded against the picked exercises' set.
    let scratch =
        std::env::temp_dir().join(format!("damtutor-serve-{}-{lang}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let csv = scratch.join("class.csv");
    std::fs::write(
        &csv,
        "姓名,ts-01,ts-02\n小明,39-34 30x29 33x24,\n小红,33-28,\n",
    )
    .unwrap();
    page.eval("document.querySelector('[data-tab=mark]').click()");
    let input = page.call(
        "Runtime.evaluate",
        json!({"expression": "document.querySelector('#mark-form [name=answers]')"}),
    );
    page.call(
        "DOM.setFileInputFiles",
        json!({"files": [csv.to_string_lossy()], "objectId": input["result"]["objectId"]}),
    );
    page.eval("document.querySelector('#tab-mark [data-make=mark]').click()");
    page.wait_for("document.querySelectorAll('table.marks tbody tr').length === 2");
    let first_row = page.eval("document.querySelector('table.marks tbody tr').textContent");
    assert!(first_row.as_str().unwrap().contains("小明"), "{first_row}");
    assert!(first_row.as_str().unwrap().contains("1 / "), "{first_row}");
    let report = page.eval("document.querySelector('table.marks tbody tr a').getAttribute('href')");
    let report = String::from_utf8(desk.file(report.as_str().unwrap())).unwrap();
    assert!(report.contains("小明"));
    if lang == "zh" {
        page.screenshot(&std::env::temp_dir().join("desk-marks-zh.png"));
    }
    let errors = page.errors();
    assert!(errors.is_empty(), "{errors:?}");
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn a_chinese_teacher_uses_the_page() {
    a_teacher_uses_the_page("zh");
}

#[test]
fn an_english_teacher_uses_the_page() {
    a_teacher_uses_the_page("en");
}
