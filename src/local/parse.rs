//! Reading `herald local`'s input lines: the channel, the user, and a command with its
//! options (refused, with the options there are, when one is unknown) or a button press.

use crate::app::{schema, Command};

/// The channel of a line that names none.
pub(super) const DEFAULT_CHANNEL: &str = "local";

/// Splits `key:value key:"quoted value"` into pairs, in the order given.
fn options(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (key, after) = rest
            .split_once(':')
            .ok_or_else(|| format!("expected key:value, found '{}'", crate::rules::shown(rest)))?;
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

/// Reads `/name key:value ...` as a command, through the one command schema: an option the
/// command does not take, or one given twice, is refused with the options it takes; nothing
/// is silently ignored.
pub fn parse_command(text: &str) -> Result<Command, String> {
    let text = text.trim();
    let (name, args) = text
        .strip_prefix('/')
        .ok_or_else(|| "a command starts with / (or write: press <button>)".to_string())
        .map(|t| t.split_once(char::is_whitespace).unwrap_or((t, "")))?;
    // A group's first word after its name is the subcommand: `/tournament join id:3`.
    let (name, args) = if schema::is_group(name) {
        let args = args.trim_start();
        let (sub, rest) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
        if sub.is_empty() || sub.contains(':') {
            return Err(schema::sub_needed(name));
        }
        (format!("{name} {sub}"), rest)
    } else {
        (name.to_string(), args)
    };
    schema::find(&name)?.read_text(options(args)?)
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

/// The longest line read, in characters: Discord's limit for a whole message.
pub const LINE_LIMIT: usize = 6000;

/// Reads one input line; `Err` explains what was expected.
pub fn parse_line(line: &str) -> Result<Line, String> {
    // A file saved with a byte order mark starts with one: it is not part of what was said.
    let mut line = line.trim_start_matches('\u{feff}').trim();
    let length = line.chars().count();
    if length > LINE_LIMIT {
        return Err(format!(
            "this line is {length} characters long: Herald reads at most {LINE_LIMIT} (Discord's limit for a message), so nothing was done"
        ));
    }
    if line.contains(|c: char| c.is_control() && c != '\t') {
        return Err("this line holds a control character (a NUL, say), which no Discord message can: nothing was done".into());
    }
    let mut channel = None;
    if let Some(rest) = line.strip_prefix('#') {
        let (name, tail) = rest
            .split_once(char::is_whitespace)
            .ok_or("after #channel comes user: command")?;
        channel = Some(schema::named(schema::Kind::Channel, name)?);
        line = tail.trim_start();
    }
    let (user, said) = line
        .split_once(':')
        .ok_or("expected 'user: /command ...' or 'user: press <button>'")?;
    let user = schema::named(schema::Kind::User, user.trim().trim_start_matches('@'))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_take_quotes() {
        let o: std::collections::HashMap<String, String> =
            options(r#"opponent:bob move:"Hc1 - e3" days:3"#)
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
                game: None,
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
}
