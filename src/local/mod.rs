//! `herald local`: the service over standard input and output, so anyone can try Herald
//! without Discord and scripts can drive it.
//!
//! Input lines: `alice: /challenge opponent:bob color:white days:3`, `bob: press Accept`,
//! `bob: press Accept #3` (a button of message #3), `#lobby alice: /move move:"Hc1-e3"` (a
//! leading `#name` picks the channel; default `#local`). Output: each reply as
//! `-> #channel: text` (or `-> @user: text` when only that user sees it, `-> direct message to
//! @user: text` for a notice a player chose by /notify), then `image: <path>`
//! for the PNG written to the output folder, then `buttons #3: Accept | Decline` when it has
//! any. The numbered buttons are kept in the database, so they can be pressed in a later run.

mod parse;

pub use parse::{parse_command, parse_line, Line, Said};

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::app::{Action, Command, Reply, Request, Service, Threads};
use crate::store::{ShownButton, ShownButtons, StoreError};
use parse::DEFAULT_CHANNEL;

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
    /// The users who manage the terminal's server: they may change its /settings.
    managers: Vec<String>,
}

fn database(e: StoreError) -> String {
    format!("the buttons could not be looked up: {e}")
}

fn labels(m: &ShownButtons) -> String {
    let labels: Vec<&str> = m.buttons.iter().map(|b| b.label.as_str()).collect();
    labels.join(" | ")
}

/// The button of a message a press names: its label in any case, or the start of exactly one
/// label (`press Swap` for "Swap sides", `press acc` for "Accept").
fn button<'m>(m: &'m ShownButtons, label: &str) -> Option<&'m ShownButton> {
    let whole = m
        .buttons
        .iter()
        .find(|b| b.label.eq_ignore_ascii_case(label));
    whole.or_else(|| {
        let wanted = label.to_lowercase();
        let mut starting = m
            .buttons
            .iter()
            .filter(|b| !wanted.is_empty() && b.label.to_lowercase().starts_with(&wanted));
        match (starting.next(), starting.next()) {
            (Some(b), None) => Some(b),
            _ => None,
        }
    })
}

impl<'a> Session<'a> {
    /// A session writing files into `out_dir`. When that folder cannot be made or read, the
    /// session goes on without images and the second value says so.
    pub fn open(
        service: &'a Service,
        out_dir: &Path,
        managers: &[String],
    ) -> (Session<'a>, Option<String>) {
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
        let managers = managers
            .iter()
            .map(|m| m.trim().trim_start_matches('@').to_string())
            .collect();
        (
            Session {
                service,
                folder,
                managers,
            },
            note,
        )
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
                manager: self.managers.contains(&line.user),
                user: line.user,
                guild: None,
                channel,
                // Nor has it threads: every game is played where it was made.
                threads: Threads::Unavailable,
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
        let to = if let Some(user) = &reply.dm {
            format!("direct message to @{user}")
        } else if reply.ephemeral {
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
    managers: &[String],
    mut input: impl BufRead,
    mut out: impl Write,
) -> std::io::Result<()> {
    // Challenging `herald` is playing Herald's engine.
    service.set_engine_user(crate::app::ENGINE_LOCAL_NAME);
    // Terminal users are named by what they type: the boards show their names.
    service.show_user_ids_as_names();
    let (mut session, note) = Session::open(service, out_dir, managers);
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
}
