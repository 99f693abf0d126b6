//! The Universal Chess Interface, both ways: `herald engine uci` serves Herald's engine to any
//! program that speaks it ([`serve`]), and [`UciEngine`] runs another engine (Fairy-Stockfish,
//! or another Herald binary) as the opponent of `herald engine match`.
//!
//! Herald's dialect is the protocol's common core: `uci`, `isready`, `ucinewgame`,
//! `setoption`, `position startpos|fen … [moves …]`, `go` with `movetime`, `depth`, the clock
//! (`wtime btime winc binc movestogo`) or `infinite`, `stop` and `quit`. The variant is the
//! `UCI_Variant` option, named as Herald names it (`chess`, `epoch`, `empire`, `fantastic`,
//! `ageiou`: Fairy-Stockfish's names for the two it shares), and moves are Herald's coordinate
//! form, which for chess is UCI's own (`e2e4`, `e7e8q`, castling as the king's move).

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::app::Level;
use crate::engine::{self, Limits, SearchResult, MATE, MATE_BOUND};
use crate::rules::{new_game, AnyGame, Color, VariantId};

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Out, line: &str) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(out, "{line}")?;
    out.flush()
}

/// What `herald engine uci` holds between commands.
struct Session {
    variant: VariantId,
    level: Option<Level>,
    /// The seed of a level's choices (the option `Seed`).
    seed: u64,
    game: Box<dyn AnyGame>,
    stop: Arc<AtomicBool>,
    thinking: Option<JoinHandle<()>>,
}

impl Session {
    fn halt(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thinking.take() {
            let _ = t.join();
        }
    }
}

fn start(variant: VariantId) -> Box<dyn AnyGame> {
    new_game(variant, None).expect("every variant has a start position")
}

/// Serves Herald's engine over UCI: reads commands from `input` until `quit` or its end,
/// answers on `output`. A command Herald does not know, a bad position or an illegal move is
/// answered with `info string …` saying what was wrong, and changes nothing else.
pub fn serve(input: impl BufRead, output: Box<dyn Write + Send>) -> io::Result<()> {
    let out: Out = Arc::new(Mutex::new(output));
    let mut s = Session {
        variant: VariantId::Chess,
        level: None,
        seed: 1,
        game: start(VariantId::Chess),
        stop: Arc::new(AtomicBool::new(false)),
        thinking: None,
    };
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                let names: Vec<&str> = VariantId::ALL.iter().map(|v| v.key()).collect();
                say(
                    &out,
                    &format!("id name Herald {}", env!("CARGO_PKG_VERSION")),
                )?;
                say(&out, "id author the Herald developers")?;
                say(
                    &out,
                    &format!(
                        "option name UCI_Variant type combo default chess var {}",
                        names.join(" var ")
                    ),
                )?;
                say(
                    &out,
                    "option name Level type spin default 0 min 0 max 5\noption name Seed type spin default 1 min 0 max 4294967295\noption name Threads type spin default 0 min 0 max 64",
                )?;
                say(&out, "uciok")?;
            }
            Some("isready") => say(&out, "readyok")?,
            Some("ucinewgame") => {
                s.halt();
                s.game = start(s.variant);
            }
            Some("setoption") => setoption(&mut s, &words, &out)?,
            Some("position") => {
                s.halt();
                position(&mut s, &words, &out)?;
            }
            Some("go") => {
                s.halt();
                go(&mut s, &words, &out);
            }
            Some("stop") => s.halt(),
            Some("quit") => break,
            Some(other) => say(&out, &format!("info string unknown command '{other}'"))?,
            None => {}
        }
    }
    s.halt();
    Ok(())
}

fn setoption(s: &mut Session, words: &[&str], out: &Out) -> io::Result<()> {
    let rest = words[1..].join(" ");
    let Some((name, value)) = rest
        .strip_prefix("name ")
        .and_then(|r| r.split_once(" value "))
    else {
        return say(out, "info string expected: setoption name NAME value VALUE");
    };
    match name.trim().to_ascii_lowercase().as_str() {
        "uci_variant" => match value.parse::<VariantId>() {
            Ok(v) => {
                s.halt();
                s.variant = v;
                s.game = start(v);
                Ok(())
            }
            Err(e) => say(out, &format!("info string {e}")),
        },
        "level" => match value.trim().parse::<i64>() {
            Ok(0) => {
                s.level = None;
                Ok(())
            }
            Ok(n) => match Level::new(n) {
                Ok(level) => {
                    s.level = Some(level);
                    Ok(())
                }
                Err(e) => say(out, &format!("info string {e}")),
            },
            Err(_) => say(out, &format!("info string Level '{value}' is not a number")),
        },
        "threads" => match value.trim().parse::<usize>() {
            Ok(n) => {
                engine::set_threads(n);
                Ok(())
            }
            Err(_) => say(
                out,
                &format!("info string Threads '{value}' is not a number"),
            ),
        },
        "seed" => match value.trim().parse() {
            Ok(seed) => {
                s.seed = seed;
                Ok(())
            }
            Err(_) => say(out, &format!("info string Seed '{value}' is not a number")),
        },
        other => say(out, &format!("info string unknown option '{other}'")),
    }
}

fn position(s: &mut Session, words: &[&str], out: &Out) -> io::Result<()> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let setup = &words[1..moves_at.unwrap_or(words.len())];
    let game = match setup {
        ["startpos"] => Ok(start(s.variant)),
        ["fen", text @ ..] => new_game(s.variant, Some(&text.join(" "))).map_err(|e| e.to_string()),
        _ => Err("expected: position startpos|fen TEXT [moves ...]".to_string()),
    };
    let mut game = match game {
        Ok(g) => g,
        Err(e) => return say(out, &format!("info string {e}")),
    };
    for mv in moves_at.map_or(&[][..], |at| &words[at + 1..]) {
        if let Err(e) = game.play(mv) {
            say(out, &format!("info string move {mv}: {e}"))?;
            break;
        }
    }
    s.game = game;
    Ok(())
}

/// The limits of `go`'s arguments: a movetime or depth as given, else a share of the clock
/// (a twentieth of what is left and half the increment), else until `stop`.
fn limits(words: &[&str], turn: Color) -> Limits {
    let arg = |name: &str| {
        let at = words.iter().position(|w| *w == name)?;
        words.get(at + 1)?.parse::<u64>().ok()
    };
    let (time, inc) = match turn {
        Color::White => (arg("wtime"), arg("winc")),
        Color::Black => (arg("btime"), arg("binc")),
    };
    let clock = time.map(|t| {
        let moves = arg("movestogo").unwrap_or(20).max(1);
        (t / moves + inc.unwrap_or(0) / 2)
            .min(t.saturating_sub(50))
            .max(1)
    });
    Limits {
        movetime: arg("movetime").or(clock).map(Duration::from_millis),
        depth: arg("depth").map(|d| d as u32),
    }
}

fn go(s: &mut Session, words: &[&str], out: &Out) {
    let limits = limits(words, s.game.turn());
    let (game, level, stop, out) = (s.game.clone_box(), s.level, s.stop.clone(), out.clone());
    let seed = s.seed;
    stop.store(false, Ordering::Relaxed);
    s.thinking = Some(std::thread::spawn(move || {
        let found = match level {
            Some(level) => engine::choose(&*game, level.style(), seed, &stop),
            None => engine::search(&*game, limits, &stop),
        };
        let _ = match found {
            Some(f) => say(&out, &info(&f)).and_then(|()| say(&out, &format!("bestmove {}", f.mv))),
            None => say(&out, "bestmove (none)"),
        };
    }));
}

fn info(f: &SearchResult) -> String {
    let score = if f.score.abs() > MATE_BOUND {
        let plies = MATE - f.score.abs();
        format!("mate {}", f.score.signum() * (plies + 1) / 2)
    } else {
        format!("cp {}", f.score)
    };
    format!(
        "info depth {} score {score} nodes {} time {} pv {}",
        f.depth,
        f.nodes,
        f.time.as_millis(),
        f.mv
    )
}

/// Another engine, run as a process that speaks UCI: the opponent of `herald engine match`.
pub struct UciEngine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// What the engine calls itself (`id name`).
    pub name: String,
}

/// How long an engine may take to answer anything but `go`.
const ANSWER: Duration = Duration::from_secs(30);

impl UciEngine {
    /// Starts `command` (a program and its arguments, separated by spaces), greets it and sets
    /// `options` (name, value) in order.
    pub fn start(command: &str, options: &[(String, String)]) -> io::Result<UciEngine> {
        let mut parts = command.split_whitespace();
        let program = parts
            .next()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "--uci: no program"))?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("--uci: cannot start {program}: {e}")))?;
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            input,
            lines,
            name: program.to_string(),
        };
        engine.send("uci")?;
        let greeting = engine.until("uciok", ANSWER)?;
        if let Some(name) = greeting.iter().find_map(|l| l.strip_prefix("id name ")) {
            engine.name = name.trim().to_string();
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// The lines up to the first that starts with `word`, that one last.
    fn until(&mut self, word: &str, wait: Duration) -> io::Result<Vec<String>> {
        let mut seen = Vec::new();
        let deadline = std::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if done {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!("{} did not answer '{word}' in {wait:?}", self.name),
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        format!("{} stopped before answering '{word}'", self.name),
                    ))
                }
            }
        }
    }

    fn ready(&mut self) -> io::Result<()> {
        self.send("isready")?;
        self.until("readyok", ANSWER).map(drop)
    }

    /// A new game of `variant`.
    pub fn new_game(&mut self, variant: VariantId) -> io::Result<()> {
        self.send(&format!(
            "setoption name UCI_Variant value {}",
            variant.key()
        ))?;
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The engine's move in `game` (coordinate form), thinking `movetime` milliseconds.
    pub fn best_move(&mut self, game: &dyn AnyGame, movetime: u64) -> io::Result<String> {
        let start = new_game(game.variant(), None).map(|g| g.start_text());
        let mut line = if start.ok() == Some(game.start_text()) {
            "position startpos".to_string()
        } else {
            format!("position fen {}", game.start_text())
        };
        let moves = game.moves_played();
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        self.send(&line)?;
        self.send(&format!("go movetime {movetime}"))?;
        let wait = Duration::from_millis(movetime * 10) + ANSWER;
        let lines = self.until("bestmove", wait)?;
        let last = lines.last().map(String::as_str).unwrap_or_default();
        last.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, format!("{last:?}")))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
