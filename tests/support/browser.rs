//! The browser tests' side of the DevTools client (`damtutor::pdf::devtools`, the one the
//! PDF printer uses): headless Chromium (the system's, never a downloaded one) with a fresh
//! profile, one flattened session per page, and what a test does on a page.
//!
//! [`Browser::launch`] returns `None` when no Chromium is installed: the tests then print that
//! they are skipped - except under CI (`CI` set), where a missing browser is a failure.

use damtutor::pdf::devtools::DevTools;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A running headless Chromium.
pub struct Browser {
    devtools: DevTools,
}

/// Chromium's executable as the PDF commands find it: `DAMTUTOR_CHROMIUM`, else the first of
/// the usual names on `PATH` (or install places).
pub fn chromium() -> Option<PathBuf> {
    damtutor::pdf::find_browser().ok()
}

/// Says that a browser test is skipped (no Chromium); under CI a missing browser fails.
pub fn skip(test: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{test}: no Chromium found, but CI must run the browser tests (.ci/run installs chromium)"
    );
    eprintln!(
        "SKIPPED {test}: no Chromium found (install chromium, or set DAMTUTOR_CHROMIUM to its path)"
    );
}

impl Browser {
    /// Starts Chromium, or `None` when there is none on this machine.
    pub fn launch() -> Option<Browser> {
        let executable = chromium()?;
        let mut devtools = DevTools::launch(&executable, "damtutor-chromium")
            .unwrap_or_else(|e| panic!("{}: {e}", executable.display()));
        devtools.keep_events();
        Some(Browser { devtools })
    }

    /// Sends a command (to a page's session, or to the browser) and waits for its result.
    pub fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.devtools
            .call(session, method, params)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The events received so far (each with `method`, `params` and `sessionId`).
    pub fn events(&self) -> &[Value] {
        &self.devtools.events
    }

    /// A new tab, attached.
    pub fn page(&mut self) -> Page<'_> {
        let session = self.tab();
        self.on(&session)
    }

    /// A new tab, attached: its session, for [`on`](Browser::on) (several tabs at once).
    pub fn tab(&mut self) -> String {
        let target = self.call(None, "Target.createTarget", json!({"url": "about:blank"}));
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        let session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        for domain in ["Page.enable", "Network.enable", "Runtime.enable"] {
            self.call(Some(&session), domain, json!({}));
        }
        session
    }

    /// The tab of `session` (from [`tab`](Browser::tab)).
    pub fn on(&mut self, session: &str) -> Page<'_> {
        Page {
            browser: self,
            session: session.to_string(),
        }
    }
}

/// A tab.
pub struct Page<'b> {
    pub browser: &'b mut Browser,
    session: String,
}

impl Page<'_> {
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.browser.call(Some(&session), method, params)
    }

    /// Opens `path` (a file) and waits until the page's script has started.
    pub fn open(&mut self, path: &Path) {
        let url = file_url(path);
        self.call("Page.navigate", json!({"url": url}));
        self.wait_for("document.body && document.body.dataset.ready === 'true'");
    }

    /// Reloads and waits until the page's script has started again.
    pub fn reload(&mut self) {
        self.eval("document.body.dataset.ready = 'reloading'");
        self.call("Page.reload", json!({}));
        self.wait_for("document.body && document.body.dataset.ready === 'true'");
    }

    /// The value of a JavaScript expression (promises awaited).
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{expression}: {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Waits (up to 20 s) until `expression` is true.
    pub fn wait_for(&mut self, expression: &str) {
        let started = Instant::now();
        loop {
            if self.eval(&format!("!!({expression})")) == json!(true) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "timed out waiting for {expression}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sets the viewport: a phone (`mobile`) or a desktop or projector screen.
    pub fn viewport(&mut self, width: u32, height: u32, scale: f64, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile}),
        );
        self.call(
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": mobile}),
        );
    }

    /// Saves a PNG of the viewport.
    pub fn screenshot(&mut self, path: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let bytes = base64_decode(shot["data"].as_str().expect("image data"));
        std::fs::write(path, bytes).expect("write the screenshot");
    }

    /// A mouse event at (`x`, `y`) in CSS pixels.
    pub fn mouse(&mut self, kind: &str, x: f64, y: f64) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": "left", "buttons": if kind == "mouseReleased" { 0 } else { 1 }, "clickCount": 1, "pointerType": "mouse"}),
        );
    }

    /// A finger: `touchStart` and `touchMove` at (`x`, `y`) in CSS pixels, or `touchEnd`.
    pub fn touch(&mut self, kind: &str, x: f64, y: f64) {
        let points = if kind == "touchEnd" {
            json!([])
        } else {
            json!([{"x": x, "y": y}])
        };
        self.call(
            "Input.dispatchTouchEvent",
            json!({"type": kind, "touchPoints": points}),
        );
    }

    /// A finger dragging from (`x0`, `y0`) to (`x1`, `y1`) in a few steps.
    pub fn drag_finger(&mut self, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) {
        self.touch("touchStart", x0, y0);
        for step in 1..=6 {
            let t = f64::from(step) / 6.0;
            self.touch("touchMove", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
        }
        self.touch("touchEnd", x1, y1);
    }

    /// Presses a key (`Enter`, `ArrowUp`...) as a keyboard would.
    pub fn key(&mut self, key: &str) {
        let code = match key {
            "Enter" => 13,
            "Escape" => 27,
            "ArrowLeft" => 37,
            "ArrowUp" => 38,
            "ArrowRight" => 39,
            "ArrowDown" => 40,
            other => panic!("no key code for {other}"),
        };
        let text = if key == "Enter" { "\r" } else { "" };
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code, "text": if kind == "keyDown" { text } else { "" }}),
            );
        }
    }

    /// The script errors of this page so far: exceptions and `console.error` calls.
    pub fn errors(&self) -> Vec<String> {
        self.browser
            .events()
            .iter()
            .filter(|e| e["sessionId"] == self.session.as_str())
            .filter(|e| {
                e["method"] == "Runtime.exceptionThrown"
                    || (e["method"] == "Runtime.consoleAPICalled" && e["params"]["type"] == "error")
            })
            .map(|e| e["params"].to_string())
            .collect()
    }

    /// The URLs of every request this page made so far.
    pub fn requests(&self) -> Vec<String> {
        self.browser
            .events()
            .iter()
            .filter(|e| {
                e["method"] == "Network.requestWillBeSent"
                    && e["sessionId"] == self.session.as_str()
            })
            .map(|e| {
                e["params"]["request"]["url"]
                    .as_str()
                    .unwrap_or("")
                    .to_string()
            })
            .collect()
    }
}

/// `file:///...` for `path`, its characters percent-encoded where needed.
pub fn file_url(path: &Path) -> String {
    let absolute = std::fs::canonicalize(path).expect("the page exists");
    let mut url = String::from("file://");
    for byte in absolute.to_string_lossy().bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                url.push(byte as char)
            }
            other => url.push_str(&format!("%{other:02X}")),
        }
    }
    url
}

/// Standard base64 (screenshots).
fn base64_decode(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .expect("base64")
}
