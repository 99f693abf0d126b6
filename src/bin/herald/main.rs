//! The `herald` command: the Discord bot, and the tools beside it. The arguments are in
//! [`args`], the log lines in [`logs`]; each subcommand is a function here returning its
//! [`Outcome`], and [`exit`] turns that into the exit code and the line on stderr.

mod args;
mod logs;

use std::process::ExitCode;

use args::{Cli, Command, DbCommand, EngineCommand, PositionArgs, RulesCommand};
use clap::Parser;
use herald::cli;
use herald::config::secret::{hide, keep_token};
use logs::init_logs;

/// Why a command did not succeed.
enum Failure {
    /// What was asked cannot be done (a position, a move or an option): exit code 2.
    Asked(String),
    /// Something went wrong doing it (a database, a file, Discord): exit code 1.
    Failed(String),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Failed(e.to_string())
    }
}

impl From<herald::config::ConfigError> for Failure {
    fn from(e: herald::config::ConfigError) -> Failure {
        Failure::Failed(e.to_string())
    }
}

impl From<herald::discord::StartError> for Failure {
    fn from(e: herald::discord::StartError) -> Failure {
        Failure::Failed(e.to_string())
    }
}

impl From<cli::CommandError> for Failure {
    fn from(e: cli::CommandError) -> Failure {
        Failure::Asked(e.to_string())
    }
}

/// How a command ended: its exit code, or why it failed.
type Outcome = Result<ExitCode, Failure>;

/// The exit code of an outcome, a failure said in one line on stderr (never with the token).
fn exit(outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(code) => code,
        Err(Failure::Asked(why)) => {
            eprintln!("herald: {}", hide(&why));
            ExitCode::from(2)
        }
        Err(Failure::Failed(why)) => {
            eprintln!("herald: {}", hide(&why));
            ExitCode::FAILURE
        }
    }
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

/// Runs `work` on the service over the database `db` names (or the default), then closes it.
fn with_service(
    db: Option<String>,
    images: bool,
    work: impl AsyncFnOnce(&herald::app::Service) -> anyhow::Result<ExitCode>,
) -> Outcome {
    let url = herald::config::database_url(db)?;
    let done = runtime()?.block_on(async {
        let service = open_service(&url, images).await?;
        let done = work(&service).await;
        service.store().close().await;
        done
    });
    Ok(done?)
}

fn local(db: Option<String>, out: &std::path::Path, images: bool, managers: &[String]) -> Outcome {
    with_service(db, images, async |service| {
        let stdin = std::io::stdin();
        herald::local::run(service, out, managers, stdin.lock(), std::io::stdout()).await?;
        Ok(ExitCode::SUCCESS)
    })
}

/// `herald db check`: exit code 3 when it found a problem. It reads a database that exists;
/// a mistyped path is refused, not made into an empty database that checks clean.
fn db_check(db: Option<String>) -> Outcome {
    let url = herald::config::database_url(db)?;
    herald::store::must_exist(&url).map_err(anyhow::Error::from)?;
    with_service(Some(url), false, async |service| {
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
        Ok(if problems.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(3)
        })
    })
}

fn db_copy(from: String, to: String) -> Outcome {
    let from = herald::config::database_url(Some(from))?;
    let to = herald::config::database_url(Some(to))?;
    let done: anyhow::Result<ExitCode> = runtime()?.block_on(async {
        let source = herald::store::Store::open_existing(&from).await?;
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
        Ok(ExitCode::SUCCESS)
    });
    Ok(done?)
}

fn db_rerate(db: Option<String>) -> Outcome {
    with_service(db, false, async |service| {
        let games = service.store().rerate().await?;
        let players = service.store().stored_ratings().await?.standings.len();
        println!(
            "{games} rated game{} replayed: {players} rating{} rebuilt",
            if games == 1 { "" } else { "s" },
            if players == 1 { "" } else { "s" }
        );
        Ok(ExitCode::SUCCESS)
    })
}

/// `herald rules ...`: what it prints.
fn rules(command: RulesCommand) -> Result<String, cli::CommandError> {
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

/// `herald engine match` (the lines go out as each game ends) and `herald engine uci`.
fn engine(command: EngineCommand) -> Outcome {
    let EngineCommand::Match {
        variant,
        games,
        movetime,
        level,
        opponent,
        uci,
        uci_options,
        opponent_movetime,
        openings,
        seed,
        max_plies,
        threads,
        until_clear,
        options,
    } = command
    else {
        let input = std::io::stdin().lock();
        cli::uci::serve(input, Box::new(std::io::stdout())).map_err(anyhow::Error::from)?;
        return Ok(ExitCode::SUCCESS);
    };
    let options = options.read()?;
    herald::rules::new_game_with(variant, None, options)
        .map_err(|e| Failure::Asked(e.to_string()))?;
    if let Some(n) = threads {
        herald::engine::set_threads(n.max(1));
    }
    let opponent = match (uci, opponent) {
        (Some(_), _) if options != herald::rules::GameOptions::default() => {
            return Err(Failure::Asked(
                "--uci: a UCI engine plays the variant's default options only".into(),
            ))
        }
        (Some(command), _) => {
            let options = uci_options
                .iter()
                .map(|o| match o.split_once('=') {
                    Some((name, value)) => Ok((name.trim().to_string(), value.trim().to_string())),
                    None => Err(Failure::Asked(format!(
                        "--uci-option '{o}': expected NAME=VALUE"
                    ))),
                })
                .collect::<Result<_, _>>()?;
            cli::matches::Opponent::Uci { command, options }
        }
        (None, Some(opponent)) => opponent,
        (None, None) => unreachable!("clap requires --opponent or --uci"),
    };
    let m = cli::matches::Match {
        variant,
        options,
        games,
        movetime_ms: movetime.unwrap_or(1000),
        level: level.and_then(|l| herald::app::Level::new(l).ok()),
        opponent,
        opponent_movetime_ms: opponent_movetime.or(movetime).unwrap_or(1000),
        openings,
        seed,
        max_plies,
        until_clear,
    };
    cli::matches::engine_match(&m, &mut std::io::stdout().lock()).map_err(anyhow::Error::from)?;
    Ok(ExitCode::SUCCESS)
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

fn render(position: &PositionArgs, drawing: Drawing, out: &std::path::Path) -> Outcome {
    let game = position.game()?;
    let Drawing {
        piece,
        players,
        picture,
        options,
    } = drawing;
    let png = cli::render(&*game, piece, players, picture, options)?;
    std::fs::write(out, png).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// Listens at `addr` for the web pages of `service`'s games, said on standard error.
async fn web_site(
    service: std::sync::Arc<herald::app::Service>,
    addr: std::net::SocketAddr,
    public_url: Option<String>,
) -> anyhow::Result<impl std::future::Future<Output = std::io::Result<()>>> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot serve the web pages at {addr}: {e}"))?;
    let shown = public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"));
    eprintln!("herald: the web pages are served at {addr} (players reach them at {shown})");
    let site = std::sync::Arc::new(herald::web::Site::new(service, public_url));
    Ok(herald::web::serve(listener, site))
}

/// `herald web`: the pages alone, until Ctrl-C or SIGTERM.
fn web(db: Option<String>, addr: Option<String>, public_url: Option<String>) -> Outcome {
    let url = herald::config::database_url(db)?;
    herald::store::must_exist(&url).map_err(anyhow::Error::from)?;
    let addr = herald::config::web_address(addr.map(|a| ("--addr", a)))?
        .unwrap_or_else(|| std::net::SocketAddr::from(([127, 0, 0, 1], 8080)));
    let public_url = herald::config::public_url(public_url)?;
    runtime()?.block_on(async {
        let service = std::sync::Arc::new(open_service(&url, true).await?);
        let site = web_site(service.clone(), addr, public_url).await?;
        tokio::select! {
            served = site => served.map_err(|e| anyhow::anyhow!("the web pages stopped: {e}"))?,
            _ = tokio::signal::ctrl_c() => {}
        }
        service.store().close().await;
        anyhow::Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The bot: Discord until Ctrl-C or SIGTERM, and the web pages beside it when `--web` or
/// HERALD_WEB names an address.
fn bot(web: Option<String>) -> Outcome {
    let config = herald::discord::Config::from_env()?;
    keep_token(&config.token);
    let url = herald::config::database_url(None)?;
    let web = herald::config::web_address(web.map(|a| ("--web", a)))?;
    let public_url = herald::config::public_url(None)?;
    runtime()?.block_on(async {
        let service = std::sync::Arc::new(open_service(&url, true).await?);
        if let Some(public) = &public_url {
            service.set_public_url(public);
        }
        if let Some(addr) = web {
            let site = web_site(service.clone(), addr, public_url).await?;
            tokio::spawn(async move {
                if let Err(e) = site.await {
                    tracing::error!(error = %e, "the web pages stopped");
                }
            });
        }
        let run = herald::discord::run(service.clone(), config).await;
        service.store().close().await;
        run.map_err(anyhow::Error::from)
    })?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let args = Cli::parse();
    herald::config::load_dotenv(std::path::Path::new("."));
    init_logs();
    let pages = args.web;
    exit(match args.command {
        Some(Command::Local {
            db,
            out,
            no_images,
            managers,
        }) => local(db, &out, !no_images, &managers),
        Some(Command::Web {
            db,
            addr,
            public_url,
        }) => web(db, addr, public_url),
        Some(Command::Db(DbCommand::Check { db })) => db_check(db),
        Some(Command::Db(DbCommand::Copy { from, to })) => db_copy(from, to),
        Some(Command::Db(DbCommand::Rerate { db })) => db_rerate(db),
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
            render(&position, drawing, &out)
        }
        Some(Command::Engine(command)) => engine(command),
        Some(Command::Rules(command)) => rules(command)
            .map(|text| {
                print!("{text}");
                ExitCode::SUCCESS
            })
            .map_err(Failure::from),
        None => bot(pages),
    })
}
