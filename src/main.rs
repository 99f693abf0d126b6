//! The `herald` command: the Discord bot, and the tools beside it.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use herald::cli;
use herald::rules::VariantId;

#[derive(Parser)]
#[command(
    name = "herald",
    version,
    about = "Correspondence chess variants: Chess 13: Epoch and more"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Rules tools: legal moves, perft, position status.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Draw a position as a PNG (the last move highlighted, or one piece's moves), or a game as
    /// an animated GIF.
    Render {
        #[command(flatten)]
        position: PositionArgs,
        /// Draw the moves of the piece on this square instead of the last move.
        #[arg(long)]
        piece: Option<String>,
        /// Draw the board from Black's side.
        #[arg(long)]
        flip: bool,
        /// Image width in pixels (default: 1000, or 600 with --gif).
        #[arg(long)]
        size: Option<u32>,
        /// The label by White's side, e.g. a player's name (default: the side's name).
        #[arg(long, value_name = "NAME")]
        white: Option<String>,
        /// The label by Black's side.
        #[arg(long, value_name = "NAME")]
        black: Option<String>,
        /// Draw the whole game as an animated GIF: a frame per ply, the result on the last.
        #[arg(long, conflicts_with = "piece")]
        gif: bool,
        /// Where to write the PNG (or the GIF).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Play through the game service in a terminal: one `user: /command` line at a time.
    Local {
        /// The database (default: $DATABASE_URL, else sqlite://herald.db).
        #[arg(long)]
        db: Option<String>,
        /// Where board images are written.
        #[arg(long, default_value = "herald-images")]
        out: std::path::PathBuf,
        /// Reply with text only, no images.
        #[arg(long)]
        no_images: bool,
        /// The users who manage the terminal's server and may change its /settings
        /// (comma-separated names, as the lines name them).
        #[arg(long, value_name = "NAMES", value_delimiter = ',')]
        managers: Vec<String>,
    },
    /// Database maintenance.
    #[command(subcommand)]
    Db(DbCommand),
    /// The engine: matches against baseline players.
    #[command(subcommand)]
    Engine(EngineCommand),
}

#[derive(Subcommand)]
enum EngineCommand {
    /// Play the engine against a baseline from the start position, colours alternating (the
    /// engine is White first); a line per game, then `wins W draws D losses L`.
    Match {
        /// The variant.
        #[arg(long, default_value = "epoch")]
        variant: VariantId,
        /// Games to play.
        #[arg(long)]
        games: u32,
        /// Milliseconds the engine thinks per move.
        #[arg(long)]
        movetime: u64,
        /// random (a uniformly random legal move), greedy (the best one-ply result) or engine.
        #[arg(long)]
        opponent: herald::engine::baseline::Opponent,
        /// Seed of the baseline's random choices (game N uses seed + N).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plies after which a game still going is drawn by adjudication.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        #[command(flatten)]
        options: OptionArgs,
    },
}

#[derive(Subcommand)]
enum DbCommand {
    /// Replay every stored game and report any mismatch with what is stored.
    Check {
        /// The database (default: $DATABASE_URL, else sqlite://herald.db).
        #[arg(long)]
        db: Option<String>,
    },
    /// Copy a whole database (games, moves, challenges, events, settings, ratings, reviews,
    /// notices) into a new, empty one: SQLite into PostgreSQL, or back. All or nothing.
    Copy {
        /// The database to copy from, e.g. sqlite://herald.db.
        #[arg(long)]
        from: String,
        /// The empty database to copy into, e.g. postgres://herald:secret@db.example/herald.
        #[arg(long)]
        to: String,
    },
    /// Rebuild every rating from the finished rated games, in the order they ended.
    Rerate {
        /// The database (default: $DATABASE_URL, else sqlite://herald.db).
        #[arg(long)]
        db: Option<String>,
    },
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

async fn open_service(url: &str, images: bool) -> anyhow::Result<herald::app::Service> {
    let store = herald::store::Store::open(url).await?;
    let images = images.then(herald::render::Options::default);
    Ok(herald::app::Service::new(
        store,
        std::sync::Arc::new(herald::app::SystemClock),
        images,
    ))
}

fn local(
    db: Option<String>,
    out: &std::path::Path,
    images: bool,
    managers: &[String],
) -> anyhow::Result<()> {
    let url = herald::config::database_url(db)?;
    runtime()?.block_on(async {
        let service = open_service(&url, images).await?;
        let stdin = std::io::stdin();
        herald::local::run(&service, out, managers, stdin.lock(), std::io::stdout()).await?;
        service.store().close().await;
        Ok(())
    })
}

fn db_check(db: Option<String>) -> anyhow::Result<bool> {
    let url = herald::config::database_url(db)?;
    runtime()?.block_on(async {
        let service = open_service(&url, false).await?;
        let (games, problems) = service.check_database().await?;
        for p in &problems {
            println!("{p}");
        }
        println!(
            "{games} game{} checked, {} problem{}",
            if games == 1 { "" } else { "s" },
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        );
        service.store().close().await;
        Ok(problems.is_empty())
    })
}

fn db_copy(from: String, to: String) -> anyhow::Result<()> {
    let from = herald::config::database_url(Some(from))?;
    let to = herald::config::database_url(Some(to))?;
    runtime()?.block_on(async {
        let source = herald::store::Store::open(&from).await?;
        let target = herald::store::Store::open(&to).await?;
        let copied = source.copy_into(&target).await;
        source.close().await;
        target.close().await;
        let copied = copied?;
        let counts: Vec<String> = copied.iter().map(|(t, n)| format!("{t} {n}")).collect();
        println!(
            "copied {} into {}: {}",
            herald::store::shown_url(&from),
            herald::store::shown_url(&to),
            counts.join(", ")
        );
        Ok(())
    })
}

fn db_rerate(db: Option<String>) -> anyhow::Result<()> {
    let url = herald::config::database_url(db)?;
    runtime()?.block_on(async {
        let service = open_service(&url, false).await?;
        let games = service.store().rerate().await?;
        let players = service.store().stored_ratings().await?.standings.len();
        println!(
            "{games} rated game{} replayed: {players} rating{} rebuilt",
            if games == 1 { "" } else { "s" },
            if players == 1 { "" } else { "s" }
        );
        service.store().close().await;
        Ok(())
    })
}

#[derive(Args)]
struct PositionArgs {
    /// The variant.
    #[arg(long, default_value = "epoch")]
    variant: VariantId,
    /// The position text to start from (default: the start position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, coordinate or SAN, separated by spaces.
    #[arg(long)]
    moves: Option<String>,
    #[command(flatten)]
    options: OptionArgs,
}

#[derive(Args)]
struct OptionArgs {
    /// AGEIOU: turns a portal takes to build (1-7, default 3).
    #[arg(long, value_name = "N")]
    portal_turns: Option<u32>,
    /// AGEIOU: occurrences of a position that draw (3-12, default 3).
    #[arg(long, value_name = "N")]
    repetitions: Option<u32>,
    /// AGEIOU: moves by each side without capture or pawn move that draw (50-300, default 50).
    #[arg(long, value_name = "N")]
    fifty: Option<u32>,
}

impl OptionArgs {
    fn read(&self) -> Result<herald::rules::GameOptions, cli::CommandError> {
        cli::game_options(self.portal_turns, self.repetitions, self.fifty)
    }
}

impl PositionArgs {
    fn game(&self) -> Result<Box<dyn herald::rules::AnyGame>, cli::CommandError> {
        let options = self.options.read()?;
        cli::setup_with(
            self.variant,
            self.fen.as_deref(),
            self.moves.as_deref(),
            options,
        )
    }
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Legal moves of the side to move, one per line, in byte order.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Print SAN instead of coordinates.
        #[arg(long)]
        san: bool,
    },
    /// Leaf count of the legal-move tree to the given depth. Chess counts on through draws, as
    /// the published perft tables do; the other variants stop where their games end.
    Perft {
        #[arg(long)]
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print `move count` for each legal move first.
        #[arg(long)]
        divide: bool,
    },
    /// The position text, the status, and check.
    Show {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// The engine's move: line 1 the move in coordinate form, line 2
    /// `score S depth D nodes N time MS`.
    Bestmove {
        #[command(flatten)]
        position: PositionArgs,
        /// Milliseconds to think.
        #[arg(long, required_unless_present = "depth", conflicts_with = "depth")]
        movetime: Option<u64>,
        /// Plies to search (the same depth always gives the same move).
        #[arg(long)]
        depth: Option<u32>,
    },
}

fn run(command: RulesCommand) -> Result<String, cli::CommandError> {
    let game = |p: &PositionArgs| p.game();
    Ok(match command {
        RulesCommand::Moves { position, san } => cli::moves(&*game(&position)?, san),
        RulesCommand::Perft {
            depth,
            position,
            divide,
        } => cli::perft(&*game(&position)?, depth, divide),
        RulesCommand::Show { position } => cli::show(&*game(&position)?),
        RulesCommand::Bestmove {
            position,
            movetime,
            depth,
        } => {
            let limits = herald::engine::Limits {
                movetime: movetime.map(std::time::Duration::from_millis),
                depth,
            };
            cli::bestmove(&*game(&position)?, limits)?
        }
    })
}

/// `herald engine match`: the lines go out as each game ends.
fn engine(command: EngineCommand) -> ExitCode {
    let EngineCommand::Match {
        variant,
        games,
        movetime,
        opponent,
        seed,
        max_plies,
        options,
    } = command;
    let options = match options.read() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("herald: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = herald::rules::new_game_with(variant, None, options) {
        eprintln!("herald: {e}");
        return ExitCode::from(2);
    }
    let m = herald::engine::baseline::Match {
        variant,
        options,
        games,
        movetime_ms: movetime,
        opponent,
        seed,
        max_plies,
    };
    match cli::engine_match(&m, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("herald: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What `herald render` draws, besides the position.
struct Drawing<'a> {
    piece: Option<&'a str>,
    players: Option<&'a herald::render::Players>,
    picture: cli::Picture,
    options: herald::render::Options,
}

/// The players' labels of `--white` and `--black`: none when neither is given, and a side
/// given none keeps its name.
fn players(
    white: Option<String>,
    black: Option<String>,
    variant: herald::rules::VariantId,
) -> Option<herald::render::Players> {
    if white.is_none() && black.is_none() {
        return None;
    }
    let [w, b] = variant.sides();
    Some(herald::render::Players::new(
        white.unwrap_or_else(|| w.to_string()),
        black.unwrap_or_else(|| b.to_string()),
    ))
}

fn render(
    position: &PositionArgs,
    drawing: Drawing,
    out: &std::path::Path,
) -> anyhow::Result<Result<(), cli::CommandError>> {
    let game = match position.game() {
        Ok(game) => game,
        Err(e) => return Ok(Err(e)),
    };
    let Drawing {
        piece,
        players,
        picture,
        options,
    } = drawing;
    let png = match cli::render(&*game, piece, players, picture, options) {
        Ok(png) => png,
        Err(e) => return Ok(Err(e)),
    };
    std::fs::write(out, png).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))?;
    Ok(Ok(()))
}

/// The bot token once it is known: no log line or error Herald prints may show it.
static SECRET: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// `text` without the bot token, whoever wrote it (Herald, serenity, or a server's error body).
fn hide(text: &str) -> String {
    match SECRET.get() {
        Some(token) => herald::discord::scrub(text, token),
        None => text.to_string(),
    }
}

/// One log line on its way to `W` (stderr): gathered whole, then written without the token.
struct LogLine<W: std::io::Write> {
    line: Vec<u8>,
    to: W,
}

impl<W: std::io::Write> LogLine<W> {
    fn new(to: W) -> LogLine<W> {
        LogLine {
            line: Vec::new(),
            to,
        }
    }
}

impl<W: std::io::Write> std::io::Write for LogLine<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.line.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.line.is_empty() {
            let line = hide(&String::from_utf8_lossy(&self.line));
            self.line.clear();
            self.to.write_all(line.as_bytes())?;
        }
        self.to.flush()
    }
}

impl<W: std::io::Write> Drop for LogLine<W> {
    fn drop(&mut self) {
        let _ = std::io::Write::flush(self);
    }
}

/// Logs to stderr, filtered by RUST_LOG (e.g. `info`, `herald=debug`); warnings by default.
/// Every line goes through [`hide`].
fn init_logs() {
    use tracing_subscriber::prelude::*;
    let filter: tracing_subscriber::filter::Targets = std::env::var("RUST_LOG")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            tracing_subscriber::filter::Targets::new().with_default(tracing::Level::WARN)
        });
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(|| LogLine::new(std::io::stderr()))
                .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr())),
        )
        .with(filter)
        .try_init();
}

/// The bot: Discord until Ctrl-C or SIGTERM.
fn bot() -> ExitCode {
    let config = match herald::discord::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("herald: {}", hide(&e.to_string()));
            return ExitCode::FAILURE;
        }
    };
    let _ = SECRET.set(config.token.clone());
    let url = match herald::config::database_url(None) {
        Ok(url) => url,
        Err(e) => {
            eprintln!("herald: {e}");
            return ExitCode::FAILURE;
        }
    };
    let done = runtime().and_then(|rt| {
        rt.block_on(async {
            let service = std::sync::Arc::new(open_service(&url, true).await?);
            let run = herald::discord::run(service.clone(), config).await;
            service.store().close().await;
            run.map_err(anyhow::Error::from)
        })
    });
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("herald: {}", hide(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let args = Cli::parse();
    herald::config::load_dotenv(std::path::Path::new("."));
    init_logs();
    match args.command {
        Some(Command::Local {
            db,
            out,
            no_images,
            managers,
        }) => match local(db, &out, !no_images, &managers) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("herald: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Db(DbCommand::Check { db })) => match db_check(db) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(3),
            Err(e) => {
                eprintln!("herald: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Db(DbCommand::Copy { from, to })) => match db_copy(from, to) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("herald: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Db(DbCommand::Rerate { db })) => match db_rerate(db) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("herald: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Render {
            position,
            piece,
            flip,
            size,
            white,
            black,
            gif,
            out,
        }) => {
            let (picture, default) = if gif {
                (cli::Picture::Gif, herald::render::GIF_WIDTH)
            } else {
                (cli::Picture::Png, 1000)
            };
            let options = herald::render::Options {
                width: size.unwrap_or(default),
                flip,
            };
            let players = players(white, black, position.variant);
            let drawing = Drawing {
                piece: piece.as_deref(),
                players: players.as_ref(),
                picture,
                options,
            };
            match render(&position, drawing, &out) {
                Ok(Ok(())) => ExitCode::SUCCESS,
                Ok(Err(e)) => {
                    eprintln!("herald: {e}");
                    ExitCode::from(2)
                }
                Err(e) => {
                    eprintln!("herald: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Engine(command)) => engine(command),
        Some(Command::Rules(command)) => match run(command) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("herald: {e}");
                ExitCode::from(2)
            }
        },
        None => bot(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_log_line_never_shows_the_token_whoever_wrote_it() {
        let _ = SECRET.set("Bot secret.token.value".into());
        let mut out = Vec::new();
        {
            let mut line = LogLine::new(&mut out);
            // As serenity might log a server's answer: the token, in pieces of a line.
            write!(line, "WARN request failed: secret.tok").unwrap();
            writeln!(line, "en.value is not valid").unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            format!(
                "WARN request failed: {} is not valid\n",
                herald::discord::HIDDEN
            )
        );
    }
}
