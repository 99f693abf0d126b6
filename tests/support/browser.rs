//! A real headless browser for the web tests: Debian's Chromium, started by the test with a
//! profile of its own and stopped after it, driven over its DevTools protocol (a WebSocket of
//! JSON commands). `.ci/run` installs Chromium when it is missing; without it a browser test
//! fails and says how to install it, unless `HERALD_SKIP_BROWSER` is set.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// Set to anything but `0` to skip the browser tests on a machine without Chromium.
const SKIP: &str = "HERALD_SKIP_BROWSER";

pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    page: WebSocketStream<TcpStream>,
    next: u64,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chromium() -> Option<&'static str> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
}

impl Browser {
    /// Starts Chromium headless on a blank page; `None` only when it is missing and the
    /// tests were told to skip it.
    pub async fn start() -> Option<Browser> {
        let Some(program) = chromium() else {
            if std::env::var(SKIP).is_ok_and(|v| v != "0") {
                eprintln!("{SKIP} is set and there is no Chromium: the browser test is skipped");
                return None;
            }
            panic!(
                "no Chromium: install it (`apt-get install chromium`; .ci/run does it), or set \
                 {SKIP}=1 to skip the browser tests"
            );
        };
        let profile = tempfile::tempdir().unwrap();
        let child = Command::new(program)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1200,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{program} does not start: {e}"));
        // Chromium writes the port it chose in its profile.
        let port_file = profile.path().join("DevToolsActivePort");
        let mut port = None;
        for _ in 0..200 {
            if let Ok(text) = std::fs::read_to_string(&port_file) {
                port = text
                    .lines()
                    .next()
                    .and_then(|l| l.trim().parse::<u16>().ok());
                if port.is_some() {
                    break;
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let port = port.expect("Chromium opened its DevTools port");
        let targets: Value = reqwest::get(format!("http://127.0.0.1:{port}/json/list"))
            .await
            .unwrap()
            .text()
            .await
            .map(|text| serde_json::from_str(&text).unwrap())
            .unwrap();
        let url = targets
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            .expect("a page to drive")
            .to_string();
        let stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        let (page, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
        Some(Browser {
            child,
            _profile: profile,
            page,
            next: 0,
        })
    }

    /// Sends a DevTools command and waits for its answer (events on the way are passed over).
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let command = json!({ "id": id, "method": method, "params": params });
        self.page
            .send(Message::Text(command.to_string()))
            .await
            .unwrap();
        loop {
            let message = tokio::time::timeout(Duration::from_secs(20), self.page.next())
                .await
                .unwrap_or_else(|_| panic!("no answer to {method}"))
                .expect("the browser is there")
                .unwrap();
            if let Message::Text(text) = message {
                let answer: Value = serde_json::from_str(&text).unwrap();
                if answer["id"] == id {
                    assert!(answer.get("error").is_none(), "{method}: {answer}");
                    return answer["result"].clone();
                }
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    pub async fn eval(&mut self, expression: &str) -> Value {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
            )
            .await;
        r["result"]["value"].clone()
    }

    /// Opens `url` and waits until its document has loaded.
    pub async fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url })).await;
        self.until("document.readyState === 'complete'").await;
    }

    /// Waits (up to 20 s) until `expression` is true in the page.
    pub async fn until(&mut self, expression: &str) {
        for _ in 0..400 {
            if self.eval(expression).await == Value::Bool(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{expression} never held");
    }

    /// Presses a key (`ArrowLeft`, `ArrowRight`, `Home`, `End`) in the page.
    pub async fn press(&mut self, key: &str) {
        let code = match key {
            "ArrowLeft" => 37,
            "ArrowRight" => 39,
            "Home" => 36,
            "End" => 35,
            other => panic!("no key code for {other}"),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code }),
            )
            .await;
        }
    }
}
