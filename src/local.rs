//! `herald local`: the service over standard input and output, so anyone can try Herald
//! without Discord and scripts can drive it.
//!
//! Input lines: `alice: /challenge opponent:bob color:white days:3`, `bob: press Accept`,
//! `bob: press Accept #3` (a button of message #3), `#lobby alice: /move move:"Hc1-e3"` (a
//! leading `#name` picks the channel; default `#local`). Output: each reply as
//! `-> #channel: text` (or `-> @user: text` when only that user sees it), then `image: <path>`
//! for the PNG written to the output folder, then `buttons #3: Accept | Decline` when it has
//! any. The numbered buttons are kept in the database, so they can be pressed in a later run.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::app::{Action, Command, Reply, Request, Service, Terms};
use crate::rules::GameOptions;
use crate::store::{ShownButton, ShownButtons, StoreError};

/// The channel of a line that names none.
const DEFAULT_CHANNEL: &str = "local";

/// The commands `herald local` reads, in the order they are listed to a player.
const COMMANDS: [&str; 14] = [
    "challenge",
    "accept",
    "decline",
    "withdraw",
    "move",
    "swap",
    "resign",
    "draw",
    "abort",
    "board",
    "piece",
    "games",
    "history",
    "rules",
];

/// The options `/name` takes, or `None` when there is no such command.
fn known_options(name: &str) -> Option<Vec<&'static str>> {
    Some(match name {
        "challenge" => {
            let mut o = vec!["opponent", "variant", "color", "days"];
            o.extend(GameOptions::RANGES.map(|(option, _, _)| option));
            o
        }
        "accept" | "decline" => vec!["challenger", "challenge"],
        "withdraw" => vec!["opponent", "challenge"],
        "move" => vec!["move", "opponent", "confirm"],
        "swap" | "resign" | "draw" | "abort" => vec!["opponent"],
        "history" => vec!["player", "game", "opponent"],
        "board" => vec!["player", "game", "opponent", "flip", "private"],
        "piece" => vec!["square", "opponent"],
        "games" => vec![],
        "rules" => vec!["topic", "piece"],
        _ => return None,
    })
}

/// Splits `key:value key:"quoted value"` into pairs, in the order given.
fn options(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
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
        out.push((key, value.to_string()));
        rest = tail.trim_start();
    }
    Ok(out)
}

/// The number of single-character edits between two words.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The word of `words` that `typed` is most likely a slip for, if one is close.
fn nearest<'w>(typed: &str, words: &[&'w str]) -> Option<&'w str> {
    words
        .iter()
        .map(|w| (distance(typed, w), *w))
        .filter(|(d, _)| *d <= (typed.chars().count() / 3).max(1))
        .min()
        .map(|(_, w)| w)
}

/// Why `/command` cannot take option `key`, with the options it does take.
fn unknown_option(command: &str, key: &str, known: &[&str]) -> String {
    if known.is_empty() {
        return format!("/{command} takes no options, so '{key}' cannot be used");
    }
    let hint = nearest(key, known).map_or(String::new(), |k| format!(" (did you mean {k}?)"));
    format!(
        "/{command} has no option '{key}'{hint}: its options are {}",
        known.join(", ")
    )
}

/// A yes-or-no option: absent is no.
fn flag(o: &HashMap<String, String>, name: &str) -> Result<bool, String> {
    match o.get(name).map(|v| v.to_ascii_lowercase()) {
        None => Ok(false),
        Some(v) if matches!(v.as_str(), "true" | "yes" | "1") => Ok(true),
        Some(v) if matches!(v.as_str(), "false" | "no" | "0") => Ok(false),
        Some(v) => Err(format!("{name} is true or false, not '{v}'")),
    }
}

/// Reads `/name key:value ...` as a command. An option the command does not take, or one
/// given twice, is refused with the options it takes: nothing is silently ignored.
pub fn parse_command(text: &str) -> Result<Command, String> {
    let text = text.trim();
    let (name, args) = text
        .strip_prefix('/')
        .ok_or_else(|| "a command starts with / (or write: press <button>)".to_string())
        .map(|t| t.split_once(char::is_whitespace).unwrap_or((t, "")))?;
    let name = name.to_ascii_lowercase();
    let known = known_options(&name).ok_or_else(|| {
        let all: Vec<String> = COMMANDS.iter().map(|c| format!("/{c}")).collect();
        let hint =
            nearest(&name, &COMMANDS).map_or(String::new(), |c| format!(" (did you mean /{c}?)"));
        format!(
            "unknown command /{name}{hint}: the commands are {}",
            all.join(", ")
        )
    })?;
    let mut o = HashMap::new();
    for (key, value) in options(args)? {
        if !known.contains(&key.as_str()) {
            return Err(unknown_option(&name, &key, &known));
        }
        if o.contains_key(&key) {
            return Err(format!("/{name} got {key} twice: give it once"));
        }
        o.insert(key, value);
    }
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
    Ok(match name.as_str() {
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
            confirm: flag(&o, "confirm")?,
        },
        "swap" => Command::Swap { opponent: who() },
        "resign" => Command::Resign { opponent: who() },
        "draw" => Command::Draw { opponent: who() },
        "abort" => Command::Abort { opponent: who() },
        "board" => Command::Board {
            opponent: player(),
            game: number("game")?,
            flip: flag(&o, "flip")?,
            private: flag(&o, "private")?,
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
        other => unreachable!("/{other} has options but no reading"),
    })
}

/// What a line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Command(Command),
    /// `press <label>` (the newest such button in the channel), or `press <label> #<n>` (the
    /// button of message `n`).
    Press {
        label: String,
        message: Option<i64>,
    },
}

/// One input line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub user: String,
    /// The `#name` the line starts with, if any.
    pub channel: Option<String>,
    pub said: Said,
}

/// Reads one input line; `Err` explains what was expected.
pub fn parse_line(line: &str) -> Result<Line, String> {
    let mut line = line.trim();
    let mut channel = None;
    if let Some(rest) = line.strip_prefix('#') {
        let (name, tail) = rest
            .split_once(char::is_whitespace)
            .ok_or("after #channel comes user: command")?;
        channel = Some(name.to_string());
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
    let said = match said.strip_prefix("press") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => press(rest)?,
        _ => Said::Command(parse_command(said)?),
    };
    Ok(Line {
        user,
        channel,
        said,
    })
}

/// `Accept`, `Accept draw #3`: the label, and the message number if one is given.
fn press(text: &str) -> Result<Said, String> {
    let text = text.trim();
    let (label, message) = match text.rsplit_once('#') {
        Some((label, number)) => {
            let n = number.trim().parse::<i64>().map_err(|_| {
                format!("'#{number}' is not a message number: write, say, press Accept #3")
            })?;
            (label.trim(), Some(n))
        }
        None => (text, None),
    };
    if label.is_empty() {
        return Err("press which button? write, say, press Accept (or press Accept #3)".into());
    }
    Ok(Said::Press {
        label: label.to_string(),
        message,
    })
}

/// A press, found: the message whose button it is, and the button's label.
pub struct Pressed {
    pub message: i64,
    pub label: String,
}

/// Where files go: the folder and the last image number, or nowhere once it failed.
enum Folder {
    Open { dir: PathBuf, images: usize },
    Off,
}

/// The state of one terminal session: the service, and the folder files are written to.
pub struct Session<'a> {
    service: &'a Service,
    folder: Folder,
}

fn database(e: StoreError) -> String {
    format!("the buttons could not be looked up: {e}")
}

fn labels(m: &ShownButtons) -> String {
    let labels: Vec<&str> = m.buttons.iter().map(|b| b.label.as_str()).collect();
    labels.join(" | ")
}

fn button<'m>(m: &'m ShownButtons, label: &str) -> Option<&'m ShownButton> {
    m.buttons
        .iter()
        .find(|b| b.label.eq_ignore_ascii_case(label))
}

impl<'a> Session<'a> {
    /// A session writing files into `out_dir`. When that folder cannot be made or read, the
    /// session goes on without images and the second value says so.
    pub fn open(service: &'a Service, out_dir: &Path) -> (Session<'a>, Option<String>) {
        let (folder, note) = match last_image(out_dir) {
            Ok(images) => (
                Folder::Open {
                    dir: out_dir.to_path_buf(),
                    images,
                },
                None,
            ),
            Err(e) => (Folder::Off, Some(images_off(out_dir, &e))),
        };
        (Session { service, folder }, note)
    }

    /// Reads one input line as a request; `Err` explains what was expected. A press also
    /// names the message whose button it is.
    pub async fn request(&self, line: &str) -> Result<(Request, Option<Pressed>), String> {
        let line = parse_line(line)?;
        let (channel, command, pressed) = match line.said {
            Said::Command(command) => (
                line.channel.unwrap_or_else(|| DEFAULT_CHANNEL.to_string()),
                command,
                None,
            ),
            Said::Press { label, message } => {
                let (shown, label, action) = self
                    .find_button(line.channel.as_deref(), &label, message)
                    .await?;
                let pressed = Pressed {
                    message: shown.id,
                    label,
                };
                (shown.channel, Command::Press(action), Some(pressed))
            }
        };
        Ok((
            Request {
                user: line.user,
                guild: None,
                channel,
                command,
            },
            pressed,
        ))
    }

    /// The message, the button's label as shown and the action of a press, or why there is
    /// none.
    async fn find_button(
        &self,
        channel: Option<&str>,
        label: &str,
        number: Option<i64>,
    ) -> Result<(ShownButtons, String, Action), String> {
        let store = self.service.store();
        let shown = match number {
            Some(n) => {
                let m = store
                    .shown_buttons(n)
                    .await
                    .map_err(database)?
                    .ok_or_else(|| format!("there is no message #{n} with buttons"))?;
                if let Some(c) = channel.filter(|c| *c != m.channel) {
                    return Err(format!(
                        "message #{n} is in #{}, not #{c}: press it there, or without #{c}",
                        m.channel
                    ));
                }
                if let Some((who, which)) = &m.pressed {
                    return Err(format!(
                        "the buttons of message #{n} are used up: @{who} pressed {which}"
                    ));
                }
                m
            }
            None => {
                let channel = channel.unwrap_or(DEFAULT_CHANNEL);
                let live = store.live_buttons(channel).await.map_err(database)?;
                match live.into_iter().find(|m| button(m, label).is_some()) {
                    Some(m) => m,
                    None => {
                        let spent = store.spent_buttons(channel, 50).await.map_err(database)?;
                        return Err(match spent.iter().find(|m| button(m, label).is_some()) {
                            Some(m) => {
                                let (who, which) = m.pressed.clone().unwrap_or_default();
                                format!(
                                    "there is no '{label}' button left in #{channel}: the last \
                                     one, on message #{}, is used up (@{who} pressed {which})",
                                    m.id
                                )
                            }
                            None => format!("there is no '{label}' button in #{channel}"),
                        });
                    }
                }
            }
        };
        let b = button(&shown, label).ok_or_else(|| {
            format!(
                "message #{} has no '{label}' button: its buttons are {}",
                shown.id,
                labels(&shown)
            )
        })?;
        let action = Action::parse(&b.action).ok_or_else(|| {
            format!(
                "the '{}' button of message #{} is from an older Herald and no longer does anything",
                b.label, shown.id
            )
        })?;
        let label = b.label.clone();
        Ok((shown, label, action))
    }

    /// Marks the buttons of a message used up, after one of them did its work (as Discord
    /// takes them off the message).
    pub async fn spend(&self, pressed: &Pressed, user: &str) -> Result<(), String> {
        self.service
            .store()
            .spend_buttons(pressed.message, user, &pressed.label)
            .await
            .map(|_| ())
            .map_err(|e| format!("the buttons of message #{} stay: {e}", pressed.message))
    }

    /// Writes a file into the folder and returns its path; `None` when the folder is off. The
    /// first failure turns it off and says so on `out`, once.
    fn write(
        &mut self,
        name: &str,
        bytes: &[u8],
        out: &mut impl Write,
    ) -> std::io::Result<Option<PathBuf>> {
        let Folder::Open { dir, .. } = &self.folder else {
            return Ok(None);
        };
        let path = dir.join(name);
        match std::fs::write(&path, bytes) {
            Ok(()) => Ok(Some(path)),
            Err(e) => {
                writeln!(out, "!! {}", images_off(dir, &e))?;
                self.folder = Folder::Off;
                Ok(None)
            }
        }
    }

    /// Prints a reply, writes its image and file, and numbers and keeps its buttons.
    pub async fn show(
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
            if let Folder::Open { images, .. } = &mut self.folder {
                *images += 1;
                let name = format!("board-{:04}.png", *images);
                if let Some(path) = self.write(&name, png, out)? {
                    writeln!(out, "image: {}", path.display())?;
                }
            }
        }
        if let Some(file) = &reply.attachment {
            if let Some(path) = self.write(&file.name, &file.bytes, out)? {
                writeln!(out, "file: {}", path.display())?;
            }
        }
        if !reply.buttons.is_empty() {
            let shown: Vec<ShownButton> = reply
                .buttons
                .iter()
                .map(|b| ShownButton {
                    label: b.label.clone(),
                    action: b.action.id(),
                })
                .collect();
            let names: Vec<&str> = reply.buttons.iter().map(|b| b.label.as_str()).collect();
            let kept = self
                .service
                .store()
                .keep_buttons(&reply.channel, &shown, self.service.now())
                .await;
            match kept {
                Ok(n) => writeln!(out, "buttons #{n}: {}", names.join(" | "))?,
                Err(e) => {
                    writeln!(out, "buttons: {}", names.join(" | "))?;
                    writeln!(
                        out,
                        "?? these buttons could not be kept, so none can be pressed: {e}"
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// The notice that the folder cannot be used, naming it.
fn images_off(dir: &Path, e: &std::io::Error) -> String {
    format!(
        "images are off: the folder {} cannot be written ({e}); the games go on without \
         board images or record files",
        dir.display()
    )
}

/// Makes the folder if needed and finds the highest image number an earlier session left
/// there, so none is overwritten.
fn last_image(dir: &Path) -> std::io::Result<usize> {
    std::fs::create_dir_all(dir)?;
    Ok(std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            name.strip_prefix("board-")?
                .strip_suffix(".png")?
                .parse::<usize>()
                .ok()
        })
        .max()
        .unwrap_or(0))
}

/// Runs the terminal adapter until the input ends. A line that is not UTF-8 text is answered
/// as unreadable and skipped; a folder that cannot be written turns images off.
pub async fn run(
    service: &Service,
    out_dir: &Path,
    mut input: impl BufRead,
    mut out: impl Write,
) -> std::io::Result<()> {
    let (mut session, note) = Session::open(service, out_dir);
    if let Some(note) = note {
        writeln!(out, "!! {note}")?;
    }
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        number += 1;
        let Ok(line) = std::str::from_utf8(&bytes) else {
            writeln!(
                out,
                "?? line {number} cannot be read: it is not UTF-8 text, so it was skipped"
            )?;
            out.flush()?;
            continue;
        };
        if line.trim().is_empty() || line.trim_start().starts_with("//") {
            continue;
        }
        for reply in service.tick().await {
            session.show(&reply, "herald", &mut out).await?;
        }
        match session.request(line).await {
            Ok((req, pressed)) => {
                let replies = service.handle(&req).await;
                // A button that did its work is used up, as on Discord.
                if let (Some(p), Some(first)) = (&pressed, replies.first()) {
                    if !first.ephemeral {
                        if let Err(why) = session.spend(p, &req.user).await {
                            writeln!(out, "?? {why}")?;
                        }
                    }
                }
                for reply in &replies {
                    session.show(reply, &req.user, &mut out).await?;
                }
            }
            Err(why) => writeln!(out, "?? {why}")?,
        }
        out.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_numbered_on_from_earlier_sessions() {
        let dir = std::env::temp_dir().join(format!("herald-local-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("board-0007.png"), b"x").unwrap();
        assert_eq!(last_image(&dir).unwrap(), 7);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn options_take_quotes() {
        let o: HashMap<String, String> = options(r#"opponent:bob move:"Hc1 - e3" days:3"#)
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!(o["opponent"], "bob");
        assert_eq!(o["move"], "Hc1 - e3");
        assert_eq!(o["days"], "3");
        assert!(options("move:\"open").is_err());
    }

    #[test]
    fn lines_name_the_channel_user_and_command() {
        let r = parse_line("#lobby alice: /move move:\"Hc1-e3\"").unwrap();
        assert_eq!(r.channel.as_deref(), Some("lobby"));
        assert_eq!(r.user, "alice");
        assert_eq!(
            r.said,
            Said::Command(Command::Move {
                text: "Hc1-e3".into(),
                opponent: None,
                confirm: false,
            })
        );
        assert!(parse_line("nonsense").is_err());
    }

    #[test]
    fn presses_name_a_label_and_perhaps_a_message() {
        let said = |line: &str| parse_line(line).map(|l| l.said);
        assert_eq!(
            said("bob: press Accept"),
            Ok(Said::Press {
                label: "Accept".into(),
                message: None
            })
        );
        assert_eq!(
            said("bob: press Accept draw #12"),
            Ok(Said::Press {
                label: "Accept draw".into(),
                message: Some(12)
            })
        );
        assert!(said("bob: press Accept #x").unwrap_err().contains("'#x'"));
        assert!(said("bob: press").unwrap_err().contains("which button"));
        assert!(said("bob: press #3").unwrap_err().contains("which button"));
    }

    #[test]
    fn unknown_options_are_refused_with_the_known_ones() {
        let e = parse_command("/challenge opponent:bob colour:white").unwrap_err();
        assert_eq!(
            e,
            "/challenge has no option 'colour' (did you mean color?): its options are \
             opponent, variant, color, days, portal-turns, repetitions, fifty"
        );
        let e = parse_command("/challenge opponent:bob portal_turns:1").unwrap_err();
        assert!(e.contains("(did you mean portal-turns?)"), "{e}");
        let e = parse_command("/challenge opponent:bob day:1").unwrap_err();
        assert!(e.contains("(did you mean days?)"), "{e}");
        let e = parse_command("/move move:e4 foo:bar").unwrap_err();
        assert_eq!(
            e,
            "/move has no option 'foo': its options are move, opponent, confirm"
        );
        let e = parse_command("/games foo:bar").unwrap_err();
        assert!(e.contains("/games takes no options"), "{e}");
        let e = parse_command("/challenge opponent:bob days:1 days:3").unwrap_err();
        assert!(e.contains("days twice"), "{e}");
        let e = parse_command("/board flip:ture").unwrap_err();
        assert!(e.contains("not 'ture'"), "{e}");
        let e = parse_command("/moves move:e4").unwrap_err();
        assert!(
            e.starts_with(
                "unknown command /moves (did you mean /move?): the commands are /challenge, /accept"
            ),
            "{e}"
        );
    }

    #[test]
    fn every_game_option_is_a_known_challenge_option() {
        let known = known_options("challenge").unwrap();
        for (name, _, _) in GameOptions::RANGES {
            assert!(known.contains(&name), "{name}");
        }
        for c in COMMANDS {
            assert!(known_options(c).is_some(), "{c}");
        }
    }
}
