//! Herald's behaviour, whatever the chat platform: `Request` in, `Reply`s out. Permissions,
//! turn order, challenges, the swap, draw offers, time limits and every message a player
//! reads live here, once.
//!
//! One file per game action: [`challenge`] (challenges, answers, rematches), [`play`] (moves
//! and the swap), [`finish`] (resignation, draws, abort), [`schedule`] (reminders and
//! time-outs), [`views`] (board, piece, games, history, rules), [`record`] (the game record),
//! [`check`] (the database check), [`standings`] (rating changes, leaderboards, profiles),
//! [`suggest`] (autocomplete), [`review`] (a finished game judged by the engine); [`seat`]
//! finds a player's game and rebuilds it; [`pictures`] draws its board and GIF; [`schema`]
//! defines every command and reads its options, for both adapters; [`words`] words every
//! sentence.

mod analysis;
mod challenge;
mod check;
pub mod clock;
mod command;
mod conditional;
mod crosstable;
mod engine;
mod finish;
mod names;
mod notes;
mod notices;
mod pictures;
mod play;
mod record;
mod refusal;
mod review;
mod rooms;
mod rounds;
mod schedule;
pub mod schema;
mod seat;
mod settings;
mod standings;
mod suggest;
mod swiss;
mod takeback;
pub mod text;
mod tournament;
mod tournament_table;
mod vacation;
mod views;
mod web;
mod web_player;
pub mod words;

pub use clock::{Clock, SystemClock, DAY};
pub use command::{
    Action, Analysis, ColorChoice, Command, Days, Level, SettingsChange, Terms, TournamentCommand,
};
pub use engine::LOCAL_NAME as ENGINE_LOCAL_NAME;
pub use refusal::Refusal;
pub use rooms::{Naming, Opening as RoomOpening, RoomError, Rooms, Threads};
pub use suggest::{label, matching, Choice, GameChoice, MAX_CHOICES};
pub use text::{Span, Text};
pub use web::{
    BoardLine, GameSheet, Named, RoundGame, SheetMove, SheetReview, StandingLine, StoredReview,
    TournamentSheet,
};
pub use web_player::{PlayerGame, PlayerRating, PlayerSheet, WebPlayer};

use challenge::Deed;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::render;
use crate::rules::AnyGame;
use crate::store::{GameStatus, Store, StoredGame};

/// Who asked, where, and what. Users, guilds and channels are the platform's ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub user: String,
    pub guild: Option<String>,
    pub channel: String,
    /// Whether the user may manage the server (Discord's Manage Server permission).
    pub manager: bool,
    /// Whether a game that begins here may get its own thread.
    pub threads: Threads,
    pub command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub label: String,
    pub action: Action,
    pub style: ButtonStyle,
}

impl Button {
    pub fn new(label: &str, action: Action, style: ButtonStyle) -> Button {
        Button {
            label: label.to_string(),
            action,
            style,
        }
    }
}

/// A file to attach besides the board image (the game record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One message Herald sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub channel: String,
    pub text: Text,
    pub image: Option<Vec<u8>>,
    pub attachment: Option<Attachment>,
    pub buttons: Vec<Button>,
    /// Shown only to the user who acted.
    pub ephemeral: bool,
    /// Users to notify (and only them).
    pub mentions: Vec<String>,
    /// Roles to notify (an open challenge's, when the server chose one).
    pub roles: Vec<String>,
    /// What the mentions tell the players of a game, so each is told as they chose (/notify).
    pub notice: Option<Notice>,
    /// Sent to this user as a direct message (the game's notice they chose), not posted in
    /// `channel`, which stays the game's place: the link, and where to mention them when
    /// their DMs are closed.
    pub dm: Option<String>,
}

impl Reply {
    pub fn new(channel: &str, text: impl Into<Text>) -> Reply {
        Reply {
            channel: channel.to_string(),
            text: text.into(),
            image: None,
            attachment: None,
            buttons: Vec::new(),
            ephemeral: false,
            mentions: Vec::new(),
            roles: Vec::new(),
            notice: None,
            dm: None,
        }
    }

    /// A short reason visible only to the user who acted.
    pub fn private(channel: &str, text: impl Into<Text>) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::new(channel, text)
        }
    }

    /// Notifies these users (and only them).
    fn notify(mut self, users: &[&str]) -> Reply {
        self.mentions = users.iter().map(|u| u.to_string()).collect();
        self
    }

    /// Tells these players of a game that it is their move (or that a draw was offered).
    fn turn(self, game: &StoredGame, users: &[&str]) -> Reply {
        self.tell(game, users, Urgency::Turn)
    }

    /// Tells these players of a game something they must not miss: a reminder, a result.
    fn alert(self, game: &StoredGame, users: &[&str]) -> Reply {
        self.tell(game, users, Urgency::Alert)
    }

    fn tell(mut self, game: &StoredGame, users: &[&str], urgency: Urgency) -> Reply {
        self.notice = Some(Notice {
            urgency,
            game: game.id,
            guild: game.guild.clone(),
        });
        self.notify(users)
    }

    fn with_buttons(mut self, buttons: Vec<Button>) -> Reply {
        self.buttons = buttons;
        self
    }
}

/// What a game's message tells the players it mentions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    /// It is their move (the game began, a move, the swap, a draw offer or its answer).
    Turn,
    /// A reminder, or the game's end.
    Alert,
}

/// How a game's thread went away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lost {
    Deleted,
    Locked,
}

/// The game a message is about, for the notices its players chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub urgency: Urgency,
    pub game: i64,
    pub guild: Option<String>,
}

/// How the service draws boards: `None` replies with text only.
pub type Images = Option<render::Options>;

struct Cached {
    version: i64,
    game: Box<dyn AnyGame>,
}

/// The service: one per process, shared by every adapter.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    images: Images,
    games: Mutex<HashMap<i64, Cached>>,
    /// Boards being drawn at once: one per core, so a burst of moves queues here instead of
    /// crowding out the quick requests.
    drawing: tokio::sync::Semaphore,
    /// Herald's own user, once known: challenging it is playing the engine.
    engine_user: std::sync::OnceLock<String>,
    /// The engine thinks about one game at a time.
    thinking: tokio::sync::Semaphore,
    /// The depth `/review` searches to; 0 for each variant's own
    /// ([`crate::engine::review::depth`]).
    review_depth: std::sync::atomic::AtomicU32,
    /// The engine time a `/review` may take, in milliseconds: the positions it reaches
    /// after that are searched one ply deep.
    review_budget: std::sync::atomic::AtomicU64,
    /// The largest file sent, in bytes ([`pictures::UPLOAD_LIMIT`]; less in tests).
    upload_limit: std::sync::atomic::AtomicUsize,
    /// Whether user ids are names people read (`herald local`), for the boards' labels.
    names_shown: std::sync::atomic::AtomicBool,
    /// The platform's threads, once connected (none in `herald local`).
    rooms: std::sync::OnceLock<Arc<dyn Rooms>>,
    /// The games the scheduler found it cannot read, by id, at the version it read: logged
    /// once, and passed over until they change.
    damaged: Mutex<HashMap<i64, i64>>,
    /// The players' names the platform gave, for files and pictures ([`names`]).
    names: Mutex<names::Known>,
    /// The address players reach the web pages at, for the links Herald posts.
    public_url: std::sync::OnceLock<String>,
}

type Handled = Result<Vec<Reply>, Refusal>;

impl Service {
    pub fn new(store: Store, clock: Arc<dyn Clock>, images: Images) -> Service {
        Service {
            store,
            clock,
            images,
            games: Mutex::new(HashMap::new()),
            drawing: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            ),
            engine_user: std::sync::OnceLock::new(),
            thinking: tokio::sync::Semaphore::new(1),
            review_depth: Default::default(),
            review_budget: (review::REVIEW_BUDGET.as_millis() as u64).into(),
            upload_limit: pictures::UPLOAD_LIMIT.into(),
            names_shown: Default::default(),
            rooms: std::sync::OnceLock::new(),
            damaged: Mutex::default(),
            names: Mutex::default(),
            public_url: std::sync::OnceLock::new(),
        }
    }

    /// Says that users' ids are their names (as in `herald local`), so the boards label each
    /// side with its player; otherwise with the side's name.
    pub fn show_user_ids_as_names(&self) {
        self.names_shown
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Answers one request. Refusals come back as a private reply; nothing is changed.
    pub async fn handle(&self, req: &Request) -> Vec<Reply> {
        use tracing::Instrument;
        let span = tracing::info_span!(
            "request",
            user = %req.user,
            channel = %req.channel,
            command = req.command.name()
        );
        async {
            let mut replies = self.deliver(self.dispatch(req).await).await;
            rooms::point_to(req, &mut replies);
            match replies.first() {
                Some(r) if r.ephemeral => tracing::debug!(reason = %r.text, "refused"),
                _ => tracing::debug!(replies = replies.len(), "done"),
            }
            replies
        }
        .instrument(span)
        .await
    }

    async fn dispatch(&self, req: &Request) -> Vec<Reply> {
        let done = match &req.command {
            Command::Challenge { opponent, terms } => {
                self.challenge(req, opponent.as_deref(), terms.clone(), None)
                    .await
            }
            Command::Move {
                game,
                text,
                opponent,
                confirm,
            } => {
                let row = match game {
                    Some(n) => self.own_active_numbered(req, *n).await,
                    None => self.find(req, opponent.as_deref()).await,
                };
                match row {
                    Ok(row) => self.play(req, row, text, *confirm).await,
                    Err(refusal) => Err(refusal),
                }
            }
            Command::Swap { opponent, game } => {
                self.on_game(req, (opponent, game), async |row| self.swap(req, row).await)
                    .await
            }
            Command::Resign { opponent, game } => {
                self.on_game(req, (opponent, game), async |row| {
                    self.resign_game(req, row).await
                })
                .await
            }
            Command::Draw { opponent, game } => {
                self.on_game(req, (opponent, game), async |row| {
                    self.draw_in(req, row).await
                })
                .await
            }
            Command::Abort { opponent, game } => {
                self.on_game(req, (opponent, game), async |row| {
                    self.abort(req, row).await
                })
                .await
            }
            Command::Board {
                opponent,
                game,
                flip,
                private,
            } => {
                self.board(req, opponent.as_deref(), *game, *flip, *private)
                    .await
            }
            Command::Piece { square, opponent } => {
                self.piece(req, square, opponent.as_deref()).await
            }
            Command::Games => self.games(req).await,
            Command::History {
                opponent,
                game,
                gif,
            } => self.history(req, opponent.as_deref(), *game, *gif).await,
            Command::Review { opponent, game } => {
                self.review(req, opponent.as_deref(), *game).await
            }
            Command::Answer {
                accept,
                challenger,
                challenge,
            } => {
                let deed = if *accept { Deed::Accept } else { Deed::Decline };
                self.by_command(req, deed, challenger.as_deref(), *challenge)
                    .await
            }
            Command::Withdraw {
                opponent,
                challenge,
            } => {
                self.by_command(req, Deed::Withdraw, opponent.as_deref(), *challenge)
                    .await
            }
            Command::Rules { topic, variant } => self.rules(req, *variant, topic.as_deref()).await,
            Command::Leaderboard { variant, page } => {
                self.leaderboard(req, *variant, *page, false).await
            }
            Command::Profile { player } => self.profile(req, player.as_deref()).await,
            Command::Settings(change) => self.settings(req, change).await,
            Command::Notify { mode } => self.notices(req, *mode).await,
            Command::Note { game, text } => self.note(req, *game, text.as_deref()).await,
            Command::Analyse(asked) => self.analyse(req, asked).await,
            Command::Takeback { opponent, game } => {
                self.on_game(req, (opponent, game), async |row| {
                    self.ask_takeback_in(req, row).await
                })
                .await
            }
            Command::Vacation { days, until, off } => {
                self.vacation(req, *days, until.as_deref(), *off).await
            }
            Command::Conditional {
                opponent,
                moves,
                clear,
            } => {
                self.conditional(req, opponent.as_deref(), moves.as_deref(), *clear)
                    .await
            }
            Command::Tournaments => self.tournaments(req).await,
            Command::Tournament(asked) => self.tournament(req, asked).await,
            Command::Press(action) => self.press(req, *action).await,
        };
        done.unwrap_or_else(|refusal| vec![Reply::private(&req.channel, refusal.text())])
    }

    async fn press(&self, req: &Request, action: Action) -> Handled {
        match action {
            Action::Accept(id) => self.answer(req, id, true).await,
            Action::Decline(id) => self.answer(req, id, false).await,
            Action::Withdraw(id) => self.withdraw(req, id).await,
            Action::Swap(id) => {
                let row = self.store.game(id).await?.ok_or(Refusal::GameGone)?;
                self.swap(req, row).await
            }
            Action::AcceptDraw(id) => self.answer_draw(req, id, true).await,
            Action::AskTakeback(id) => {
                let row = self.own_active_game(req, id).await?;
                self.ask_takeback_in(req, row).await
            }
            Action::AcceptTakeback(id) => self.answer_takeback(req, id, true).await,
            Action::DeclineTakeback(id) => self.answer_takeback(req, id, false).await,
            Action::DeclineDraw(id) => self.answer_draw(req, id, false).await,
            Action::Rematch(id) => self.rematch(req, id).await,
            Action::Confirm { game, ply, choice } => {
                let row = self.store.game(game).await?.ok_or(Refusal::GameGone)?;
                let rules = self.rules_game(&row).await?;
                let chosen = rules.legal_coordinates().into_iter().nth(choice as usize);
                match chosen {
                    Some(mv) if row.ply == ply && row.status == GameStatus::Active => {
                        self.play(req, row, &mv, true).await
                    }
                    _ => Err(Refusal::ConfirmStale),
                }
            }
            Action::OfferDraw(id) => {
                let row = self.own_active_game(req, id).await?;
                self.draw_in(req, row).await
            }
            Action::Resign(id) => self.ask_resign(req, id).await,
            Action::ConfirmResign(id) => {
                let row = self.own_active_game(req, id).await?;
                self.resign_game(req, row).await
            }
            Action::NextGame => self.next_game(req).await,
            Action::Page { variant, page } => {
                let variant = usize::try_from(variant)
                    .ok()
                    .and_then(|i| crate::rules::VariantId::ALL.get(i).copied());
                match variant {
                    Some(v) => self.leaderboard(req, Some(v), page, true).await,
                    None => Err(Refusal::NoSuchPage(page)),
                }
            }
        }
    }
}

/// The buttons of an unfinished game's board post: `first` (the swap, when it is open), then
/// Offer draw and Resign (which asks first).
fn card_buttons(game: i64, first: Option<Button>, takeback: bool) -> Vec<Button> {
    let mut buttons: Vec<Button> = first.into_iter().collect();
    if takeback {
        buttons.push(Button::new(
            "Take back",
            Action::AskTakeback(game),
            ButtonStyle::Secondary,
        ));
    }
    buttons.push(Button::new(
        "Offer draw",
        Action::OfferDraw(game),
        ButtonStyle::Secondary,
    ));
    buttons.push(Button::new(
        "Resign",
        Action::Resign(game),
        ButtonStyle::Danger,
    ));
    buttons
}

/// The two buttons that answer a request: `Accept <what>` and `Decline <what>`.
fn answer_buttons(what: &str, accept: Action, decline: Action) -> Vec<Button> {
    vec![
        Button::new(&format!("Accept {what}"), accept, ButtonStyle::Primary),
        Button::new(&format!("Decline {what}"), decline, ButtonStyle::Secondary),
    ]
}

fn rematch_button(game: i64) -> Button {
    Button::new("Rematch", Action::Rematch(game), ButtonStyle::Secondary)
}
