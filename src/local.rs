//! `herald local`: the service over standard input and output, so anyone can try Herald
//! without Discord and scripts can drive it.
//!
//! Input lines: `alice: /challenge opponent:bob color:white days:3`, `bob: press Accept`,
//! `#lobby alice: /move move:"Hc1-e3"` (a leading `#name` picks the channel; default
//! `#local`). Output: each reply as `-> #channel: text` (or `-> @user: text` when only that
//! user sees it), then `image: <path>` for the PNG written to the output folder, then
//! `buttons: Accept | Decline` when it has any.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::app::{Action, Command, Reply, Request, Service, Terms};
use crate::rules::GameOptions;

/// The state of one terminal session: the buttons last shown in each channel.
pub struct Session {
    out_dir: PathBuf,
    buttons: HashMap<String, Vec<(String, Action)>>,
    images: usize,
}

/// Splits `key:value key:"quoted value"` into pairs.
fn options(text: &str) -> Result<HashMap<String, String>, String> {
    let mut out = HashMap::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (key, after) = rest
            .split_once(':')
            .ok_or_else(|| format!("expected key:value, found '{rest}'"))?;
        let key = key.trim().to_ascii_lowercase();
        let after = after.trim_start();
        let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or_else(|| format!("the value of {key} has no closing quote"))?;
            (&quoted[..end], &quoted[end + 1..])
        } else {
            match after.find(char::is_whitespace) {
                Some(i) => (&after[..i], &after[i..]),
                None => (after, ""),
            }
        };
        out.insert(key, value.to_string());
        rest = tail.trim_start();
    }
    Ok(out)
}

fn flag(v: Option<&String>) -> bool {
    v.is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "true" | "yes" | "1"))
}

/// Reads `/name key:value ...` as a command.
pub fn parse_command(text: &str) -> Result<Command, String> {
    let text = text.trim();
    let (name, args) = text
        .strip_prefix('/')
        .ok_or_else(|| "a command starts with / (or write: press <button>)".to_string())
        .map(|t| t.split_once(char::is_whitespace).unwrap_or((t, "")))?;
    let o = options(args)?;
    let get = |k: &str| o.get(k).cloned();
    let who = || get("opponent").map(|s| s.trim_start_matches('@').to_string());
    let player = || {
        get("player")
            .or_else(|| get("opponent"))
            .map(|s| s.trim_start_matches('@').to_string())
    };
    let number = |k: &str| match get(k) {
        Some(n) => n
            .trim_start_matches('#')
            .parse::<i64>()
            .map(Some)
            .map_err(|_| format!("{k}:{n} is not a number")),
        None => Ok(None),
    };
    Ok(match name.to_ascii_lowercase().as_str() {
        "challenge" => Command::Challenge {
            opponent: who().ok_or("/challenge needs opponent:<name>")?,
            terms: Terms::read(
                get("variant").as_deref(),
                get("color").as_deref(),
                match get("days") {
                    Some(d) => Some(d.parse().map_err(|_| format!("days:{d} is not a number"))?),
                    None => None,
                },
                GameOptions::RANGES.map(|(name, _, _)| get(name)),
            )?,
        },
        "move" => Command::Move {
            text: get("move").ok_or("/move needs move:<move>")?,
            opponent: who(),
            confirm: flag(o.get("confirm")),
        },
        "swap" => Command::Swap { opponent: who() },
        "resign" => Command::Resign { opponent: who() },
        "draw" => Command::Draw { opponent: who() },
        "abort" => Command::Abort { opponent: who() },
        "board" => Command::Board {
            opponent: player(),
            game: number("game")?,
            flip: flag(o.get("flip")),
            private: flag(o.get("private")),
        },
        "piece" => Command::Piece {
            square: get("square").ok_or("/piece needs square:<square>")?,
            opponent: who(),
        },
        "games" => Command::Games,
        "history" => Command::History {
            opponent: player(),
            game: number("game")?,
        },
        "accept" | "decline" => Command::Answer {
            accept: name.eq_ignore_ascii_case("accept"),
            challenger: get("challenger").map(|s| s.trim_start_matches('@').to_string()),
            challenge: number("challenge")?,
        },
        "withdraw" => Command::Withdraw {
            opponent: who(),
            challenge: number("challenge")?,
        },
        "rules" => Command::Rules {
            topic: get("piece").or_else(|| get("topic")),
        },
        other => return Err(format!("unknown command /{other}")),
    })
}

impl Session {
    pub fn new(out_dir: &Path) -> std::io::Result<Session> {
        std::fs::create_dir_all(out_dir)?;
        // Number on from the images an earlier session left, so none is overwritten.
        let images = std::fs::read_dir(out_dir)?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                name.strip_prefix("board-")?
                    .strip_suffix(".png")?
                    .parse::<usize>()
                    .ok()
            })
            .max()
            .unwrap_or(0);
        Ok(Session {
            out_dir: out_dir.to_path_buf(),
            buttons: HashMap::new(),
            images,
        })
    }

    /// Reads one input line as a request; `Err` explains what was expected.
    pub fn request(&self, line: &str) -> Result<Request, String> {
        let mut line = line.trim();
        let mut channel = "local".to_string();
        if let Some(rest) = line.strip_prefix('#') {
            let (name, tail) = rest
                .split_once(char::is_whitespace)
                .ok_or("after #channel comes user: command")?;
            channel = name.to_string();
            line = tail.trim_start();
        }
        let (user, said) = line
            .split_once(':')
            .ok_or("expected 'user: /command ...' or 'user: press <button>'")?;
        let user = user.trim().trim_start_matches('@').to_string();
        if user.is_empty() || user.contains(char::is_whitespace) {
            return Err(format!("'{user}' is not a user name"));
        }
        let said = said.trim();
        let command = if let Some(label) = said.strip_prefix("press ") {
            let label = label.trim();
            let action = self
                .buttons
                .get(&channel)
                .and_then(|b| b.iter().rev().find(|(l, _)| l.eq_ignore_ascii_case(label)))
                .map(|(_, a)| *a)
                .ok_or_else(|| format!("there is no '{label}' button in #{channel}"))?;
            Command::Press(action)
        } else {
            parse_command(said)?
        };
        Ok(Request {
            user,
            guild: None,
            channel,
            command,
        })
    }

    /// Prints a reply and remembers its buttons.
    pub fn show(
        &mut self,
        reply: &Reply,
        actor: &str,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let to = if reply.ephemeral {
            format!("@{actor}")
        } else {
            format!("#{}", reply.channel)
        };
        writeln!(out, "-> {to}: {}", reply.text)?;
        if let Some(png) = &reply.image {
            self.images += 1;
            let path = self.out_dir.join(format!("board-{:04}.png", self.images));
            std::fs::write(&path, png)?;
            writeln!(out, "image: {}", path.display())?;
        }
        if let Some(file) = &reply.attachment {
            let path = self.out_dir.join(&file.name);
            std::fs::write(&path, &file.bytes)?;
            writeln!(out, "file: {}", path.display())?;
        }
        if !reply.buttons.is_empty() {
            let labels: Vec<&str> = reply.buttons.iter().map(|b| b.label.as_str()).collect();
            writeln!(out, "buttons: {}", labels.join(" | "))?;
            let known = self.buttons.entry(reply.channel.clone()).or_default();
            for b in &reply.buttons {
                known.push((b.label.clone(), b.action));
            }
        }
        Ok(())
    }
}

/// Runs the terminal adapter until the input ends.
pub async fn run(
    service: &Service,
    out_dir: &Path,
    input: impl BufRead,
    mut out: impl Write,
) -> std::io::Result<()> {
    let mut session = Session::new(out_dir)?;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() || line.trim_start().starts_with("//") {
            continue;
        }
        for reply in service.tick().await {
            session.show(&reply, "herald", &mut out)?;
        }
        match session.request(&line) {
            Ok(req) => {
                for reply in service.handle(&req).await {
                    session.show(&reply, &req.user, &mut out)?;
                }
            }
            Err(why) => writeln!(out, "?? {why}")?,
        }
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_numbered_on_from_earlier_sessions() {
        let dir = std::env::temp_dir().join(format!("herald-local-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("board-0007.png"), b"x").unwrap();
        let s = Session::new(&dir).unwrap();
        assert_eq!(s.images, 7);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn options_take_quotes() {
        let o = options(r#"opponent:bob move:"Hc1 - e3" days:3"#).unwrap();
        assert_eq!(o["opponent"], "bob");
        assert_eq!(o["move"], "Hc1 - e3");
        assert_eq!(o["days"], "3");
        assert!(options("move:\"open").is_err());
    }

    #[test]
    fn lines_name_the_channel_user_and_command() {
        let s = Session::new(&std::env::temp_dir()).unwrap();
        let r = s.request("#lobby alice: /move move:\"Hc1-e3\"").unwrap();
        assert_eq!(r.channel, "lobby");
        assert_eq!(r.user, "alice");
        assert_eq!(
            r.command,
            Command::Move {
                text: "Hc1-e3".into(),
                opponent: None,
                confirm: false,
            }
        );
        assert!(s.request("bob: press Accept").is_err());
        assert!(s.request("nonsense").is_err());
    }
}
