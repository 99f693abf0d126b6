//! Herald's behaviour, whatever the chat platform: `Request` in, `Reply`s out. Permissions,
//! turn order, challenges, the swap, draw offers, time limits and every message a player
//! reads live here, once.

pub mod clock;
mod commands;
pub use commands::DAYS;
mod replies;
mod suggest;

pub use clock::{Clock, ManualClock, SystemClock, DAY};
pub use suggest::{label, matching, Choice, MAX_CHOICES};

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::render;
use crate::rules::AnyGame;
use crate::store::Store;

/// Who asked, where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub user: String,
    pub guild: Option<String>,
    pub channel: String,
    pub command: Command,
}

/// Everything a player can ask of Herald.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Challenge {
        opponent: String,
        variant: Option<String>,
        /// `white`, `black` or `random`: the challenger's colour.
        color: Option<String>,
        days: Option<i64>,
        /// Game options as `portal-turns=3 repetitions=3 fifty=50` (AGEIOU only).
        options: Option<String>,
    },
    Move {
        text: String,
        opponent: Option<String>,
    },
    Swap {
        opponent: Option<String>,
    },
    Resign {
        opponent: Option<String>,
    },
    /// Offers a draw, or accepts the opponent's open offer.
    Draw {
        opponent: Option<String>,
    },
    Abort {
        opponent: Option<String>,
    },
    Board {
        opponent: Option<String>,
        flip: bool,
        private: bool,
    },
    Piece {
        square: String,
        opponent: Option<String>,
    },
    Games,
    History {
        opponent: Option<String>,
    },
    Rules {
        topic: Option<String>,
    },
    Press(Action),
}

impl Command {
    /// The command's name, for logs.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Challenge { .. } => "challenge",
            Command::Move { .. } => "move",
            Command::Swap { .. } => "swap",
            Command::Resign { .. } => "resign",
            Command::Draw { .. } => "draw",
            Command::Abort { .. } => "abort",
            Command::Board { .. } => "board",
            Command::Piece { .. } => "piece",
            Command::Games => "games",
            Command::History { .. } => "history",
            Command::Rules { .. } => "rules",
            Command::Press(_) => "button",
        }
    }
}

/// What a button does. Its id carries everything needed, so buttons work after a restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Accept(i64),
    Decline(i64),
    Swap(i64),
    AcceptDraw(i64),
    DeclineDraw(i64),
    Rematch(i64),
}

impl Action {
    /// The button's id, e.g. `accept:12`.
    pub fn id(self) -> String {
        let (name, n) = match self {
            Action::Accept(n) => ("accept", n),
            Action::Decline(n) => ("decline", n),
            Action::Swap(n) => ("swap", n),
            Action::AcceptDraw(n) => ("draw-accept", n),
            Action::DeclineDraw(n) => ("draw-decline", n),
            Action::Rematch(n) => ("rematch", n),
        };
        format!("{name}:{n}")
    }

    pub fn parse(id: &str) -> Option<Action> {
        let (name, n) = id.split_once(':')?;
        let n: i64 = n.parse().ok()?;
        Some(match name {
            "accept" => Action::Accept(n),
            "decline" => Action::Decline(n),
            "swap" => Action::Swap(n),
            "draw-accept" => Action::AcceptDraw(n),
            "draw-decline" => Action::DeclineDraw(n),
            "rematch" => Action::Rematch(n),
            _ => return None,
        })
    }
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

/// A file to attach besides the board image (the game record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One message Herald sends. User mentions in `text` are written `<@id>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub channel: String,
    pub text: String,
    pub image: Option<Vec<u8>>,
    pub attachment: Option<Attachment>,
    pub buttons: Vec<Button>,
    /// Shown only to the user who acted.
    pub ephemeral: bool,
    /// Users to notify (and only them).
    pub mentions: Vec<String>,
}

impl Reply {
    pub fn new(channel: &str, text: impl Into<String>) -> Reply {
        Reply {
            channel: channel.to_string(),
            text: text.into(),
            image: None,
            attachment: None,
            buttons: Vec::new(),
            ephemeral: false,
            mentions: Vec::new(),
        }
    }

    /// A short reason visible only to the user who acted.
    pub fn private(channel: &str, text: impl Into<String>) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::new(channel, text)
        }
    }
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
}

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
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}
