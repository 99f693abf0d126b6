//! Reading `herald local`'s input lines: the channel, the user, and a command with its
//! options (refused, with the options there are, when one is unknown) or a button press.

use std::collections::HashMap;

use crate::app::{Command, Level, Terms};
use crate::rules::GameOptions;

/// The channel of a line that names none.
pub(super) const DEFAULT_CHANNEL: &str = "local";

/// The commands `herald local` reads, in the order they are listed to a player.
const COMMANDS: [&str; 18] = [
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
    "review",
    "leaderboard",
    "profile",
    "notify",
    "rules",
];

/// The options `/name` takes, or `None` when there is no such command.
fn known_options(name: &str) -> Option<Vec<&'static str>> {
    Some(match name {
        "challenge" => {
            let mut o = vec!["opponent", "variant", "color", "days", "rated", "level"];
            o.extend(GameOptions::RANGES.map(|(option, _, _)| option));
            o
        }
        "accept" | "decline" => vec!["challenger", "challenge"],
        "withdraw" => vec!["opponent", "challenge"],
        "move" => vec!["move", "opponent", "confirm", "game"],
        "swap" | "resign" | "draw" | "abort" => vec!["opponent"],
        "history" => vec!["player", "game", "opponent", "gif"],
        "review" => vec!["player", "game", "opponent"],
        "board" => vec!["player", "game", "opponent", "flip", "private"],
        "piece" => vec!["square", "opponent"],
        "games" => vec![],
        "rules" => vec!["topic", "piece"],
        "leaderboard" => vec!["variant", "page"],
        "profile" => vec!["player"],
        "notify" => vec!["mode"],
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
    Ok(given_flag(o, name)?.unwrap_or(false))
}

/// A true-or-false option, if given.
fn given_flag(o: &HashMap<String, String>, name: &str) -> Result<Option<bool>, String> {
    match o.get(name).map(|v| v.to_ascii_lowercase()) {
        None => Ok(None),
        Some(v) if matches!(v.as_str(), "true" | "yes" | "1") => Ok(Some(true)),
        Some(v) if matches!(v.as_str(), "false" | "no" | "0") => Ok(Some(false)),
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
            opponent: who(),
            terms: Terms {
                rated: given_flag(&o, "rated")?,
                level: number("level")?.map(Level::new).transpose()?,
                ..Terms::read(
                    get("variant").as_deref(),
                    get("color").as_deref(),
                    number("days")?,
                    GameOptions::RANGES.map(|(name, _, _)| get(name)),
                )?
            },
        },
        "move" => Command::Move {
            game: number("game")?,
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
            gif: flag(&o, "gif")?,
        },
        "review" => Command::Review {
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
        "leaderboard" => Command::Leaderboard {
            variant: get("variant").map(|v| v.parse()).transpose()?,
            page: number("page")?.unwrap_or(1),
        },
        "profile" => Command::Profile { player: player() },
        "notify" => Command::Notify {
            mode: get("mode").map(|m| m.parse()).transpose()?,
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn unknown_options_are_refused_with_the_known_ones() {
        let e = parse_command("/challenge opponent:bob colour:white").unwrap_err();
        assert_eq!(
            e,
            "/challenge has no option 'colour' (did you mean color?): its options are \
             opponent, variant, color, days, rated, level, portal-turns, repetitions, fifty"
        );
        // Each line, and a part of what it is refused with.
        for (line, said) in [
            (
                "/challenge opponent:bob portal_turns:1",
                "(did you mean portal-turns?)",
            ),
            ("/challenge opponent:bob day:1", "(did you mean days?)"),
            (
                "/move move:e4 foo:bar",
                "no option 'foo': its options are move, opponent, confirm",
            ),
            ("/games foo:bar", "/games takes no options"),
            ("/challenge opponent:bob days:1 days:3", "days twice"),
            ("/board flip:ture", "not 'ture'"),
        ] {
            let e = parse_command(line).unwrap_err();
            assert!(e.contains(said), "{line}: {e}");
        }
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
