//! The `herald` command's arguments, as clap reads them.

use clap::{Args, Parser, Subcommand};
use herald::cli;
use herald::rules::VariantId;

#[derive(Parser)]
#[command(
    name = "herald",
    version,
    about = "Correspondence chess variants: Chess 13: Epoch and more"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The bot (no subcommand) also serves the web pages here, host:port (default:
    /// $HERALD_WEB; without either, none).
    #[arg(long, value_name = "HOST:PORT")]
    pub web: Option<String>,
}

#[derive(Subcommand)]
pub enum Command {
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
        /// Image width in pixels, 160 to 4000 (default: 1000, or 600 with --gif).
        #[arg(long, value_parser = clap::value_parser!(u32).range(160..=4000))]
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
    /// Serve the web pages alone (a page for every game), reading the bot's database.
    Web {
        /// The database (default: $DATABASE_URL, else sqlite://herald.db).
        #[arg(long)]
        db: Option<String>,
        /// Where to listen, host:port (default: $HERALD_WEB, else 127.0.0.1:8080).
        #[arg(long)]
        addr: Option<String>,
        /// The address players reach the pages at (default: $HERALD_PUBLIC_URL).
        #[arg(long, value_name = "URL")]
        public_url: Option<String>,
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
    /// The engine: matches, and the engine over UCI.
    #[command(subcommand)]
    Engine(EngineCommand),
}

// Parsed once per run: the size of the match's arguments costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
pub enum EngineCommand {
    /// Play the engine against a baseline, itself or a UCI engine, colours alternating (the
    /// engine is White first); a line per game, then the tally, score and Elo difference.
    Match {
        /// The variant.
        #[arg(long, default_value = "epoch")]
        variant: VariantId,
        /// Games to play.
        #[arg(long)]
        games: u32,
        /// Milliseconds the engine thinks per move.
        #[arg(long, required_unless_present = "level")]
        movetime: Option<u64>,
        /// Play as this level of /challenge (1-5) instead of at --movetime.
        #[arg(long, value_parser = clap::value_parser!(i64).range(1..=5))]
        level: Option<i64>,
        /// random (a uniformly random legal move), greedy (the best one-ply result) or engine
        /// (itself); not with --uci.
        #[arg(long, required_unless_present = "uci", conflicts_with = "uci")]
        opponent: Option<herald::cli::matches::Opponent>,
        /// The opponent is this UCI engine: a program and its arguments, e.g.
        /// "fairy-stockfish" or "old/herald engine uci".
        #[arg(long, value_name = "COMMAND")]
        uci: Option<String>,
        /// A UCI option set on the --uci engine before the match, NAME=VALUE (repeatable).
        #[arg(long = "uci-option", value_name = "NAME=VALUE", requires = "uci")]
        uci_options: Vec<String>,
        /// Milliseconds the opponent thinks per move (default: --movetime, else 1000).
        #[arg(long)]
        opponent_movetime: Option<u64>,
        /// Plies of each pair of games' opening, drawn among the moves near the best.
        #[arg(long, default_value_t = 0)]
        openings: usize,
        /// Seed of the baseline's random choices and the openings (game N uses seed + N).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plies after which a game still going is drawn by adjudication.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// Threads of Herald's timed searches (default: the machine's cores, at most two).
        #[arg(long)]
        threads: Option<usize>,
        /// Stop once the 95% interval of the Elo difference is wholly above or below ELO
        /// (after 10 games at least).
        #[arg(long, value_name = "ELO", allow_hyphen_values = true)]
        until_clear: Option<f64>,
        #[command(flatten)]
        options: OptionArgs,
    },
    /// Serve the engine over UCI on standard input and output (UCI_Variant chooses the
    /// variant, Level a /challenge level).
    Uci,
}

#[derive(Subcommand)]
pub enum DbCommand {
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

#[derive(Args)]
pub struct PositionArgs {
    /// The variant.
    #[arg(long, default_value = "epoch")]
    pub variant: VariantId,
    /// The position text to start from (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, coordinate or SAN, separated by spaces.
    #[arg(long)]
    pub moves: Option<String>,
    #[command(flatten)]
    pub options: OptionArgs,
}

#[derive(Args)]
pub struct OptionArgs {
    /// AGEIOU: turns a portal takes to build (1-7, default 3).
    #[arg(long, value_name = "N")]
    pub portal_turns: Option<u32>,
    /// AGEIOU: occurrences of a position that draw (3-12, default 3).
    #[arg(long, value_name = "N")]
    pub repetitions: Option<u32>,
    /// AGEIOU: moves by each side without capture or pawn move that draw (50-300, default 50).
    #[arg(long, value_name = "N")]
    pub fifty: Option<u32>,
}

impl OptionArgs {
    pub fn read(&self) -> Result<herald::rules::GameOptions, cli::CommandError> {
        cli::game_options(self.portal_turns, self.repetitions, self.fifty)
    }
}

impl PositionArgs {
    pub fn game(&self) -> Result<Box<dyn herald::rules::AnyGame>, cli::CommandError> {
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
pub enum RulesCommand {
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
        /// Plies, 0 to 15: a deeper count could not finish.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=15))]
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
