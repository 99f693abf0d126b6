//! FIDE's Tournament Report File (TRF-16, Handbook C.04 Annex 2), which arbiters' and pairing
//! programs read: header lines (`012` the name, ...), one `001` line per player with fixed
//! columns and a ten-column block per round (opponent, colour, result), and the `XXR` line
//! that gives the number of rounds, as pairing programs want it.

use super::standings::Entry;

/// One player's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub rating: Option<u32>,
    pub points: f64,
    /// The place in the standings, from 1.
    pub rank: usize,
    /// Each round's entry, in round order.
    pub rounds: Vec<Entry>,
}

/// A tournament as a TRF file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub name: String,
    /// The header lines besides the name, e.g. `("092", "Individual: Swiss-System")`.
    pub headers: Vec<(String, String)>,
    /// The number of rounds the event will have (`XXR`).
    pub rounds: usize,
    pub players: Vec<Player>,
}

/// The width of a name in a player line.
const NAME: usize = 33;

/// A text in the file's columns: printable ASCII only (others become `?`), cut to `width`.
fn ascii(text: &str, width: usize) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .take(width)
        .collect()
}

/// A round's block: opponent, colour and result code.
fn block(entry: Entry) -> String {
    let game = |opponent: usize, white: bool, code: char| {
        let colour = if white { 'w' } else { 'b' };
        format!("{:>4} {colour} {code}", opponent + 1)
    };
    match entry {
        Entry::Played {
            opponent,
            white,
            halves,
        } => game(opponent, white, ['0', '=', '1'][usize::from(halves.min(2))]),
        Entry::Forfeit {
            opponent,
            white,
            won,
        } => game(opponent, white, if won { '+' } else { '-' }),
        Entry::Pending { opponent, white } => game(opponent, white, ' '),
        Entry::PairingBye => "0000 - U".into(),
        Entry::FullBye => "0000 - F".into(),
        Entry::HalfBye => "0000 - H".into(),
        // A round robin's rest is no game and no points: TRF's zero-point bye.
        Entry::ZeroBye | Entry::Rest => "0000 - Z".into(),
    }
}

/// The file's text, lines ending in CR LF as the format asks.
pub fn write(report: &Report) -> String {
    let mut lines = vec![format!("012 {}", ascii(&report.name, 120))];
    for (code, value) in &report.headers {
        lines.push(format!("{code} {}", ascii(value, 120)));
    }
    for (i, p) in report.players.iter().enumerate() {
        let rating = p.rating.map_or(String::new(), |r| r.min(9999).to_string());
        let mut line = format!(
            "001 {:>4}      {:<NAME$} {:>4} {:3} {:>11} {:10} {:>4.1} {:>4}",
            i + 1,
            ascii(&p.name, NAME),
            rating,
            "",
            "",
            "",
            p.points,
            p.rank
        );
        for &entry in &p.rounds {
            line.push_str("  ");
            line.push_str(&block(entry));
        }
        lines.push(line.trim_end().to_string());
    }
    lines.push(format!("XXR {}", report.rounds));
    lines.iter().map(|l| format!("{l}\r\n")).collect()
}

/// The columns `from..to` (1-based, inclusive) of a line, trimmed; empty past its end.
fn columns(line: &str, from: usize, to: usize) -> &str {
    let end = to.min(line.len());
    line.get(from - 1..end).unwrap_or("").trim()
}

/// A round's block read back.
fn entry(text: &str, round: usize, player: usize) -> Result<Entry, String> {
    let opponent = columns(text, 1, 4);
    let colour = columns(text, 6, 6);
    let code = text.get(7..8).unwrap_or(" ");
    let opponent: usize = match opponent {
        "" => 0,
        n => n
            .parse()
            .map_err(|_| format!("player {player}, round {round}: '{n}' is no start number"))?,
    };
    let white = match colour {
        "w" | "W" => true,
        "b" | "B" => false,
        _ => {
            return Ok(match code.to_ascii_uppercase().as_str() {
                "U" => Entry::PairingBye,
                "F" => Entry::FullBye,
                "H" => Entry::HalfBye,
                "Z" | " " | "" => Entry::ZeroBye,
                c => {
                    return Err(format!(
                        "player {player}, round {round}: '{c}' with no opponent"
                    ))
                }
            })
        }
    };
    if opponent == 0 {
        return Err(format!(
            "player {player}, round {round}: a colour but no opponent"
        ));
    }
    let opponent = opponent - 1;
    Ok(match code.to_ascii_uppercase().as_str() {
        "1" | "W" => Entry::Played {
            opponent,
            white,
            halves: 2,
        },
        "=" | "D" => Entry::Played {
            opponent,
            white,
            halves: 1,
        },
        "0" | "L" => Entry::Played {
            opponent,
            white,
            halves: 0,
        },
        "+" => Entry::Forfeit {
            opponent,
            white,
            won: true,
        },
        "-" => Entry::Forfeit {
            opponent,
            white,
            won: false,
        },
        " " | "" => Entry::Pending { opponent, white },
        c => {
            return Err(format!(
                "player {player}, round {round}: no result code '{c}'"
            ))
        }
    })
}

/// Reads a TRF file: its name, `XXR`, and player lines; other lines are kept as headers
/// (those with a three-digit code) or passed over.
pub fn read(text: &str) -> Result<Report, String> {
    let mut report = Report {
        name: String::new(),
        headers: Vec::new(),
        rounds: 0,
        players: Vec::new(),
    };
    // Lines may end in CR LF (as TRF-2016 asks), LF, or CR alone (as some programs write).
    for line in text.split(['\n', '\r']) {
        let code = line.get(..3).unwrap_or(line);
        let rest = line.get(4..).unwrap_or("").to_string();
        match code {
            "012" => report.name = rest.trim().to_string(),
            "001" => {
                let number: usize = columns(line, 5, 8)
                    .parse()
                    .map_err(|_| format!("'{line}' has no start number"))?;
                let mut rounds = Vec::new();
                let mut at = 92;
                while line.len() >= at {
                    let text = line.get(at - 1..(at + 7).min(line.len())).unwrap_or("");
                    rounds.push(entry(&format!("{text:<8}"), rounds.len() + 1, number)?);
                    at += 10;
                }
                let points = columns(line, 81, 84);
                report.players.push(Player {
                    name: columns(line, 15, 47).to_string(),
                    rating: columns(line, 49, 52).parse().ok(),
                    points: points
                        .parse()
                        .map_err(|_| format!("player {number}: '{points}' is no score"))?,
                    rank: columns(line, 86, 89).parse().unwrap_or(0),
                    rounds,
                });
            }
            "XXR" => {
                report.rounds = rest
                    .trim()
                    .parse()
                    .map_err(|_| format!("'{line}' gives no number of rounds"))?
            }
            c if c.len() == 3 && c.bytes().all(|b| b.is_ascii_digit()) => report
                .headers
                .push((c.to_string(), rest.trim().to_string())),
            _ => {}
        }
    }
    Ok(report)
}
