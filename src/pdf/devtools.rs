//! A small client of the Chrome DevTools protocol: a Chromium or Chrome started headless with a
//! fresh profile, spoken to in JSON over its local websocket (`tungstenite`), one flattened
//! session per tab. [`Printer`](super::Printer) prints with it; the browser tests
//! (`tests/support/browser.rs`) drive pages with it.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use tungstenite::{Message, WebSocket};

/// The headless flags: no sandbox (CI and containers run as root), no GPU, and nothing that
/// reaches out to the network by itself.
pub const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--mute-audio",
    "--remote-debugging-port=0",
];

/// How long the browser may take to start, and to answer one command.
const START_TIMEOUT: Duration = Duration::from_secs(60);
const ANSWER_TIMEOUT: Duration = Duration::from_secs(120);

/// A running headless browser and the socket to it. Dropping it ends the browser and removes
/// its profile.
pub struct DevTools {
    child: Child,
    profile: PathBuf,
    socket: WebSocket<TcpStream>,
    next_id: u64,
    keep_events: bool,
    /// The events received so far (each with `method`, `params` and `sessionId`), when
    /// [`keep_events`](DevTools::keep_events) asked for them.
    pub events: Vec<Value>,
}

impl DevTools {
    /// Starts `executable` headless with a fresh profile in a temporary folder whose name
    /// starts with `name`. The error says what went wrong, without the executable's name.
    pub fn launch(executable: &Path, name: &str) -> Result<DevTools, String> {
        let profile =
            std::env::temp_dir().join(format!("{name}-{}-{}", std::process::id(), unique()));
        std::fs::create_dir_all(&profile)
            .map_err(|e| format!("cannot make a profile folder: {e}"))?;
        let spawned = Command::new(executable)
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&profile);
                return Err(format!("cannot start it: {e}"));
            }
        };
        // The browser says where its websocket listens on standard error; the rest of what it
        // says is kept for the message if it stops.
        let stderr = child.stderr.take();
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let Some(stderr) = stderr else { return };
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let message = match line.strip_prefix("DevTools listening on ") {
                    Some(url) => Ok(url.trim().to_string()),
                    None => Err(line),
                };
                if sender.send(message).is_err() {
                    return;
                }
            }
        });
        let mut said = Vec::new();
        let url = loop {
            match receiver.recv_timeout(START_TIMEOUT) {
                Ok(Ok(url)) => break Some(url),
                Ok(Err(line)) => said.push(line),
                Err(_) => break None,
            }
        };
        let connected = match url {
            Some(url) => connect(&url),
            None => {
                let last: Vec<&String> = said.iter().rev().take(3).collect();
                let last: Vec<&str> = last.into_iter().rev().map(String::as_str).collect();
                Err(format!(
                    "the browser did not start its DevTools socket{}",
                    if last.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", last.join(" / "))
                    }
                ))
            }
        };
        match connected {
            Ok(socket) => Ok(DevTools {
                child,
                profile,
                socket,
                next_id: 0,
                keep_events: false,
                events: Vec::new(),
            }),
            Err(message) => {
                let _ = child.kill();
                let _ = child.wait();
                let _ = std::fs::remove_dir_all(&profile);
                Err(message)
            }
        }
    }

    /// Keeps the events received from now on in [`events`](DevTools::events) (a printer
    /// needs none; a test reads a page's errors and requests from them).
    pub fn keep_events(&mut self) {
        self.keep_events = true;
    }

    /// Sends a command (to a tab's session, or to the browser) and waits for its result. The
    /// error names the command and says what went wrong.
    pub fn call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .map_err(|e| format!("{method}: the browser stopped listening ({e})"))?;
        loop {
            let text = match self.socket.read() {
                Ok(Message::Text(text)) => text.to_string(),
                Ok(_) => continue,
                // A signal woke the read: nothing is lost, read again.
                Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::Interrupted => {
                    continue
                }
                Err(e) => return Err(format!("{method}: no answer from the browser ({e})")),
            };
            let Ok(value) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            if value["id"] == json!(id) {
                if let Some(error) = value.get("error") {
                    let reason = error["message"].as_str().unwrap_or("an error");
                    return Err(format!("{method}: {reason}"));
                }
                return Ok(value["result"].clone());
            }
            if self.keep_events && value.get("method").is_some() {
                self.events.push(value);
            }
        }
    }
}

impl Drop for DevTools {
    fn drop(&mut self) {
        let _ = self.socket.close(None);
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The websocket of `url` (`ws://127.0.0.1:PORT/devtools/browser/...`).
fn connect(url: &str) -> Result<WebSocket<TcpStream>, String> {
    let address = url
        .strip_prefix("ws://")
        .and_then(|rest| rest.split('/').next())
        .ok_or_else(|| format!("an unexpected DevTools address {url}"))?;
    let stream = TcpStream::connect(address)
        .map_err(|e| format!("cannot reach its DevTools socket: {e}"))?;
    stream
        .set_read_timeout(Some(ANSWER_TIMEOUT))
        .map_err(|e| e.to_string())?;
    let (socket, _) = tungstenite::client(url, stream)
        .map_err(|e| format!("the DevTools handshake failed: {e}"))?;
    Ok(socket)
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
