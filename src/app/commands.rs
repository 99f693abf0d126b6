//! The commands and buttons: each checks who may act, asks the rules core, stores the change
//! in one guarded transaction, and words the replies.

use super::replies::{at, days_text, outcome_line, result_code, time_left, variant_title};
use super::{
    Action, Attachment, Button, ButtonStyle, Cached, Command, Reply, Request, Service, DAY,
};
use crate::render;
use crate::rules::{new_game_with, AnyGame, Color, GameOptions, Power, Square, VariantId};
use crate::store::{
    Challenge, ChallengeStatus, Event, Game, GameChange, GameStatus, NewChallenge, NewGame,
    StoreError, StoredMove,
};

/// The choices of time per move.
pub const DAYS: [i64; 7] = [1, 2, 3, 5, 7, 10, 14];
/// How long a challenge waits for an answer.
pub const CHALLENGE_LIFETIME: i64 = 7 * DAY;

/// What a side is called in a stored game ("White", or AGEIOU's "Light").
fn side(row: &Game, color: Color) -> &'static str {
    row.variant
        .parse::<VariantId>()
        .map_or_else(|_| color.title(), |v| v.side(color))
}

/// What a challenge offers, besides the opponent.
#[derive(Clone, Copy, Default)]
pub(super) struct Terms<'a> {
    pub(super) variant: Option<&'a str>,
    pub(super) color: Option<&'a str>,
    pub(super) days: Option<i64>,
    pub(super) options: Option<&'a str>,
}

/// A game's or challenge's stored options (empty: the defaults).
fn stored_options(text: &str) -> Result<GameOptions, String> {
    text.parse()
        .map_err(|e| format!("stored options '{text}': {e}"))
}

/// The options in words, for variants that have them.
fn options_words(variant: VariantId, o: &GameOptions) -> Option<String> {
    variant.has_options().then(|| {
        format!(
            "portals take {} turn{} to build, the {} occurrence of a position draws, {} moves each without a capture or pawn move draw",
            o.portal_turns,
            if o.portal_turns == 1 { "" } else { "s" },
            ordinal(o.repetitions as u32),
            o.fifty
        )
    })
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A refusal: a reason shown only to the user, and nothing changed.
pub(super) struct Refusal(pub(super) String);

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => {
                Refusal("The position changed while you were acting, try again.".into())
            }
            StoreError::Duplicate => {
                Refusal("You two already have an unfinished game in this channel.".into())
            }
            other => {
                tracing::error!(error = %other, "store error");
                Refusal("Herald could not reach its database; nothing was changed. Try again in a moment.".into())
            }
        }
    }
}

type Handled = Result<Vec<Reply>, Refusal>;

fn refuse<T>(text: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(text.into()))
}

fn color_of(game: &Game, user: &str) -> Color {
    if game.white == user {
        Color::White
    } else {
        Color::Black
    }
}

fn player(game: &Game, color: Color) -> &str {
    match color {
        Color::White => &game.white,
        Color::Black => &game.black,
    }
}

impl Service {
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
            let replies = self.dispatch(req).await;
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
            Command::Challenge {
                opponent,
                variant,
                color,
                days,
                options,
            } => {
                let terms = Terms {
                    variant: variant.as_deref(),
                    color: color.as_deref(),
                    days: *days,
                    options: options.as_deref(),
                };
                self.challenge(req, opponent, terms, None).await
            }
            Command::Move { text, opponent } => self.play(req, text, opponent.as_deref()).await,
            Command::Swap { opponent } => {
                self.swap(req, self.find(req, opponent.as_deref()).await)
                    .await
            }
            Command::Resign { opponent } => self.resign(req, opponent.as_deref()).await,
            Command::Draw { opponent } => self.draw(req, opponent.as_deref()).await,
            Command::Abort { opponent } => self.abort(req, opponent.as_deref()).await,
            Command::Board {
                opponent,
                flip,
                private,
            } => self.board(req, opponent.as_deref(), *flip, *private).await,
            Command::Piece { square, opponent } => {
                self.piece(req, square, opponent.as_deref()).await
            }
            Command::Games => self.games(req).await,
            Command::History { opponent } => self.history(req, opponent.as_deref()).await,
            Command::Rules { topic } => self.rules(req, topic.as_deref()).await,
            Command::Press(action) => self.press(req, *action).await,
        };
        done.unwrap_or_else(|Refusal(text)| vec![Reply::private(&req.channel, text)])
    }

    /// The rules-level game of a stored game, from the cache or by replaying its moves.
    pub(super) async fn rules_game(&self, row: &Game) -> Result<Box<dyn AnyGame>, Refusal> {
        if let Ok(cache) = self.games.lock() {
            if let Some(c) = cache.get(&row.id).filter(|c| c.version == row.version) {
                return Ok(c.game.clone());
            }
        }
        let game = self.replay(row).await?;
        self.remember(row, &*game);
        Ok(game)
    }

    fn remember(&self, row: &Game, game: &dyn AnyGame) {
        if let Ok(mut cache) = self.games.lock() {
            cache.insert(
                row.id,
                Cached {
                    version: row.version,
                    game: game.clone_box(),
                },
            );
        }
    }

    /// Rebuilds a game from its start position and stored moves.
    async fn replay(&self, row: &Game) -> Result<Box<dyn AnyGame>, Refusal> {
        let damaged = |why: String| {
            tracing::error!(game = row.id, %why, "game cannot be rebuilt");
            Refusal(format!(
                "Game #{} is damaged and cannot be played; an admin can run `herald db check`.",
                row.id
            ))
        };
        let variant: VariantId = row.variant.parse().map_err(damaged)?;
        let options = stored_options(&row.options).map_err(damaged)?;
        let mut game = new_game_with(variant, Some(&row.start_fen), options)
            .map_err(|e| damaged(e.to_string()))?;
        for m in self.store.moves(row.id).await? {
            game.play(&m.coordinate)
                .map_err(|e| damaged(format!("ply {}: {e}", m.ply)))?;
        }
        Ok(game)
    }

    /// The asker's unfinished game in this channel, picked by opponent when there are several.
    async fn find(&self, req: &Request, opponent: Option<&str>) -> Result<Game, Refusal> {
        let mut games = self.store.active_games_in(&req.channel, &req.user).await?;
        if let Some(o) = opponent {
            games.retain(|g| g.opponent_of(&req.user) == o);
            if games.is_empty() {
                return refuse(format!(
                    "You have no unfinished game with {} in this channel.",
                    at(o)
                ));
            }
        }
        match games.len() {
            0 => refuse("You have no unfinished game in this channel. Start one with /challenge."),
            1 => Ok(games.remove(0)),
            _ => {
                let names: Vec<String> = games
                    .iter()
                    .map(|g| format!("{} (game #{})", at(g.opponent_of(&req.user)), g.id))
                    .collect();
                refuse(format!(
                    "You have games here with {}: say which with the opponent option.",
                    names.join(", ")
                ))
            }
        }
    }

    /// Stores a change to a game that is not a move, with the event that explains it, guarded
    /// by the game's version like every change.
    async fn change_with_event(
        &self,
        row: &Game,
        kind: &str,
        by: Option<&str>,
        edit: impl FnOnce(&mut Game, i64),
    ) -> Result<Game, Refusal> {
        let now = self.now();
        let mut next = row.clone();
        next.updated_at = now;
        edit(&mut next, now);
        let change = GameChange {
            next,
            new_move: None,
            event: Some(Event {
                kind: kind.into(),
                player: by.map(str::to_string),
                ply: row.ply,
                at: now,
            }),
        };
        Ok(self.store.apply(row, &change).await?)
    }

    async fn image(
        &self,
        game: &dyn AnyGame,
        piece: Option<Square>,
        flip: bool,
    ) -> Option<Vec<u8>> {
        let mut options = self.images?;
        options.flip = flip;
        let game = game.clone_box();
        let _turn = self.drawing.acquire().await.ok()?;
        // Drawing takes milliseconds of CPU: off the async workers, so that cheap requests
        // (autocomplete, the gateway's heartbeats) never wait behind a board.
        let drawn =
            tokio::task::spawn_blocking(move || render::render_game(&*game, piece, options)).await;
        match drawn {
            Ok(Ok(png)) => Some(png),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "could not draw the board");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "drawing the board failed");
                None
            }
        }
    }

    async fn challenge(
        &self,
        req: &Request,
        opponent: &str,
        terms: Terms<'_>,
        rematch_of: Option<i64>,
    ) -> Handled {
        let Terms {
            variant,
            color,
            days,
            options,
        } = terms;
        let opponent = opponent.trim().trim_start_matches('@');
        if opponent.is_empty() {
            return refuse("Name the player you challenge.");
        }
        if opponent == req.user {
            return refuse("You cannot challenge yourself.");
        }
        let variant: VariantId = match variant {
            Some(v) => v.parse().map_err(Refusal)?,
            None => VariantId::Epoch,
        };
        let color = color.unwrap_or("random").trim().to_ascii_lowercase();
        if !["white", "black", "random"].contains(&color.as_str()) {
            return refuse(format!(
                "Unknown colour '{color}': choose white, black or random."
            ));
        }
        let days = days.unwrap_or(3);
        if !DAYS.contains(&days) {
            return refuse(format!(
                "{days} days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14."
            ));
        }
        let options: GameOptions = match options.map(str::trim).filter(|o| !o.is_empty()) {
            Some(text) => text.parse().map_err(|e| Refusal(format!("{e}.")))?,
            None => GameOptions::default(),
        };
        // The rules say whether this variant takes these options.
        new_game_with(variant, None, options).map_err(|e| Refusal(format!("{e}.")))?;
        let options_text = if variant.has_options() {
            options.to_string()
        } else {
            String::new()
        };
        let active = self.store.active_games_in(&req.channel, &req.user).await?;
        if let Some(g) = active.iter().find(|g| g.has_player(opponent)) {
            return refuse(format!(
                "You and {} already have an unfinished game here (game #{}): finish it first.",
                at(opponent),
                g.id
            ));
        }
        let open = self
            .store
            .open_challenges_between(&req.channel, &req.user, opponent)
            .await?;
        if let Some(c) = open.iter().find(|c| c.expires_at > self.now()) {
            return refuse(format!(
                "There is already an open challenge between you and {} here (challenge #{}).",
                at(opponent),
                c.id
            ));
        }
        let now = self.now();
        let c = self
            .store
            .create_challenge(&NewChallenge {
                guild: req.guild.clone(),
                channel: req.channel.clone(),
                challenger: req.user.clone(),
                challenged: opponent.to_string(),
                variant: variant.key().to_string(),
                color: color.clone(),
                days,
                options: options_text,
                rematch_of,
                created_at: now,
                expires_at: now + CHALLENGE_LIFETIME,
            })
            .await?;
        let side = match color.as_str() {
            "white" => format!("{} plays {}", at(&req.user), variant.side(Color::White)),
            "black" => format!("{} plays {}", at(&req.user), variant.side(Color::Black)),
            _ => "colours drawn at random".to_string(),
        };
        let what = if rematch_of.is_some() {
            "a rematch"
        } else {
            "a game"
        };
        let mut reply = Reply::new(
            &req.channel,
            format!(
                "{} challenges {} to {what} of {} ({side}, {} per move{}). {}, do you accept? The challenge stays open for 7 days.",
                at(&req.user),
                at(opponent),
                variant.title(),
                days_text(days),
                options_words(variant, &options)
                    .map(|w| format!("; {w}"))
                    .unwrap_or_default(),
                at(opponent)
            ),
        );
        reply.mentions = vec![opponent.to_string()];
        reply.buttons = vec![
            Button {
                label: "Accept".into(),
                action: Action::Accept(c.id),
                style: ButtonStyle::Primary,
            },
            Button {
                label: "Decline".into(),
                action: Action::Decline(c.id),
                style: ButtonStyle::Secondary,
            },
        ];
        Ok(vec![reply])
    }

    async fn press(&self, req: &Request, action: Action) -> Handled {
        match action {
            Action::Accept(id) => self.answer(req, id, true).await,
            Action::Decline(id) => self.answer(req, id, false).await,
            Action::Swap(id) => {
                let row = self.store.game(id).await?;
                let row = row.ok_or_else(|| Refusal("That game no longer exists.".into()))?;
                self.swap(req, Ok(row)).await
            }
            Action::AcceptDraw(id) => self.answer_draw(req, id, true).await,
            Action::DeclineDraw(id) => self.answer_draw(req, id, false).await,
            Action::Rematch(id) => self.rematch(req, id).await,
        }
    }

    async fn answer(&self, req: &Request, id: i64, accept: bool) -> Handled {
        let Some(c) = self.store.challenge(id).await? else {
            return refuse("That challenge no longer exists.");
        };
        if req.user != c.challenged {
            return refuse(format!(
                "Only {} can answer this challenge.",
                at(&c.challenged)
            ));
        }
        match c.status {
            ChallengeStatus::Open => {}
            ChallengeStatus::Accepted => return refuse("This challenge was already accepted."),
            ChallengeStatus::Declined => return refuse("This challenge was already declined."),
            ChallengeStatus::Expired => return refuse("This challenge has expired."),
        }
        let now = self.now();
        if c.expires_at <= now {
            self.store
                .close_challenge(c.id, ChallengeStatus::Expired)
                .await?;
            return refuse("This challenge has expired.");
        }
        if !accept {
            if !self
                .store
                .close_challenge(c.id, ChallengeStatus::Declined)
                .await?
            {
                return refuse("This challenge was already answered.");
            }
            let mut reply = Reply::new(
                &c.channel,
                format!(
                    "{} declined the challenge from {}.",
                    at(&c.challenged),
                    at(&c.challenger)
                ),
            );
            reply.mentions = vec![c.challenger.clone()];
            return Ok(vec![reply]);
        }
        self.start_game(&c, now).await
    }

    async fn start_game(&self, c: &Challenge, now: i64) -> Handled {
        let challenger_white = match c.color.as_str() {
            "white" => true,
            "black" => false,
            // A fair coin that needs no generator: the low bit of the clock's nanoseconds.
            _ => {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.subsec_nanos())
                    .unwrap_or(0);
                (nanos ^ c.id as u32) & 1 == 0
            }
        };
        let (white, black) = if challenger_white {
            (c.challenger.clone(), c.challenged.clone())
        } else {
            (c.challenged.clone(), c.challenger.clone())
        };
        let variant: VariantId = c.variant.parse().map_err(Refusal)?;
        let options = stored_options(&c.options).map_err(Refusal)?;
        let game = new_game_with(variant, None, options).map_err(|e| Refusal(e.to_string()))?;
        let row = self
            .store
            .accept_challenge(
                c.id,
                &NewGame {
                    guild: c.guild.clone(),
                    channel: c.channel.clone(),
                    variant: variant.key().to_string(),
                    white: white.clone(),
                    black: black.clone(),
                    start_fen: game.position_text(),
                    days: c.days,
                    options: c.options.clone(),
                    deadline: Some(now + c.days * DAY),
                    created_at: now,
                },
            )
            .await?;
        self.remember(&row, &*game);
        let mut reply = Reply::new(
            &c.channel,
            format!(
                "Game #{}: {} plays {}, {} plays {}, {} per move. {}, you move first.",
                row.id,
                at(&white),
                variant.side(Color::White),
                at(&black),
                variant.side(Color::Black),
                days_text(c.days),
                at(&white)
            ),
        );
        reply.image = self.image(&*game, None, false).await;
        reply.mentions = vec![white];
        Ok(vec![reply])
    }

    async fn play(&self, req: &Request, text: &str, opponent: Option<&str>) -> Handled {
        let row = self.find(req, opponent).await?;
        let mine = color_of(&row, &req.user);
        let mut game = self.rules_game(&row).await?;
        if game.turn() != mine {
            return refuse(format!(
                "It is not your turn: {} is to move.",
                at(player(&row, game.turn()))
            ));
        }
        let info = game.play(text).map_err(|e| Refusal(format!("Move {e}")))?;
        let now = self.now();
        let outcome = game.outcome();
        let mut next = row.clone();
        next.fen = game.position_text();
        next.ply = row.ply + 1;
        next.updated_at = now;
        next.reminded = false;
        next.deadline = Some(now + row.days * DAY);
        if next.draw_offer.as_deref().is_some_and(|o| o != req.user) {
            next.draw_offer = None;
        }
        if let Some(o) = outcome {
            next.status = GameStatus::Finished;
            next.result = Some(result_code(o.winner()).to_string());
            next.reason = Some(o.reason().name().to_string());
            next.deadline = None;
            next.draw_offer = None;
        }
        let new_move = StoredMove {
            ply: row.ply + 1,
            coordinate: info.coordinate.clone(),
            san: info.san.clone(),
            fen_after: next.fen.clone(),
            player: req.user.clone(),
            played_at: now,
        };
        let change = GameChange {
            next,
            new_move: Some(new_move),
            event: None,
        };
        let saved = self.store.apply(&row, &change).await?;
        self.remember(&saved, &*game);
        tracing::info!(game = saved.id, ply = saved.ply, mv = %info.coordinate, "move");

        let to_move = player(&saved, game.turn()).to_string();
        let mut text = format!(
            "{} played **{}**: {}.",
            at(&req.user),
            info.san,
            info.description
        );
        let mut reply = Reply::new(&row.channel, String::new());
        match outcome {
            Some(o) => {
                text.push(' ');
                text.push_str(&outcome_line(
                    o,
                    game.variant(),
                    game.turn(),
                    &saved.white,
                    &saved.black,
                ));
                reply.mentions = vec![row.opponent_of(&req.user).to_string()];
                reply.buttons = vec![rematch_button(saved.id)];
            }
            None => {
                if game.in_check() {
                    text.push_str(" Check!");
                }
                text.push_str(&format!(
                    " {}, your move ({} to play, {}).",
                    at(&to_move),
                    game.variant().side(game.turn()),
                    days_text(saved.days)
                ));
                reply.mentions = vec![to_move.clone()];
                if game.swap_available() && !saved.swapped {
                    text.push_str(&format!(
                        " {}, instead of moving you may take {}'s side: press Swap sides.",
                        at(&to_move),
                        game.variant().side(Color::White)
                    ));
                    reply.buttons = vec![Button {
                        label: "Swap sides".into(),
                        action: Action::Swap(saved.id),
                        style: ButtonStyle::Secondary,
                    }];
                }
            }
        }
        reply.text = text;
        reply.image = self.image(&*game, None, false).await;
        Ok(vec![reply])
    }

    async fn swap(&self, req: &Request, row: Result<Game, Refusal>) -> Handled {
        let row = row?;
        if !row.has_player(&req.user) {
            return refuse("Only the two players can swap sides.");
        }
        if row.status != GameStatus::Active {
            return refuse("That game is over.");
        }
        let game = self.rules_game(&row).await?;
        if row.swapped || !game.swap_available() {
            return refuse("The swap is only available on Black's first turn, once per game.");
        }
        if color_of(&row, &req.user) != Color::Black {
            return refuse("Only the player holding Black may swap.");
        }
        let saved = self
            .change_with_event(&row, "swap", Some(&req.user), |next, now| {
                std::mem::swap(&mut next.white, &mut next.black);
                next.swapped = true;
                next.deadline = Some(now + row.days * DAY);
                next.reminded = false;
            })
            .await?;
        self.remember(&saved, &*game);
        let mut reply = Reply::new(
            &row.channel,
            format!(
                "{} swaps sides: {} now plays {white}, {} plays {black}. {}, your move as {black}.",
                at(&req.user),
                at(&saved.white),
                at(&saved.black),
                at(&saved.black),
                white = side(&saved, Color::White),
                black = side(&saved, Color::Black),
            ),
        );
        reply.mentions = vec![saved.black.clone()];
        reply.image = self.image(&*game, None, false).await;
        Ok(vec![reply])
    }

    /// Ends a game with a result that does not come from the board.
    async fn finish(
        &self,
        row: &Game,
        result: Option<Color>,
        reason: &str,
        event: &str,
        by: Option<&str>,
    ) -> Result<Game, Refusal> {
        self.change_with_event(row, event, by, |next, _| {
            next.status = GameStatus::Finished;
            next.result = Some(result_code(result).to_string());
            next.reason = Some(reason.to_string());
            next.deadline = None;
            next.draw_offer = None;
        })
        .await
    }

    async fn resign(&self, req: &Request, opponent: Option<&str>) -> Handled {
        let row = self.find(req, opponent).await?;
        let winner = !color_of(&row, &req.user);
        let saved = self
            .finish(&row, Some(winner), "resignation", "resign", Some(&req.user))
            .await?;
        let other = row.opponent_of(&req.user).to_string();
        let mut reply = Reply::new(
            &row.channel,
            format!(
                "{} resigns. {} wins as {} (game #{}).",
                at(&req.user),
                at(&other),
                side(&saved, winner),
                saved.id
            ),
        );
        reply.mentions = vec![other];
        reply.buttons = vec![rematch_button(saved.id)];
        Ok(vec![reply])
    }

    async fn draw(&self, req: &Request, opponent: Option<&str>) -> Handled {
        let row = self.find(req, opponent).await?;
        let other = row.opponent_of(&req.user).to_string();
        match row.draw_offer.as_deref() {
            Some(o) if o == other => return self.agree_draw(req, &row).await,
            Some(_) => return refuse("Your draw offer is already open."),
            None => {}
        }
        let saved = self
            .change_with_event(&row, "draw-offer", Some(&req.user), |next, _| {
                next.draw_offer = Some(req.user.clone());
            })
            .await?;
        let mut reply = Reply::new(
            &row.channel,
            format!(
                "{} offers a draw. {}, do you accept? The offer lapses if you move instead.",
                at(&req.user),
                at(&other)
            ),
        );
        reply.mentions = vec![other];
        reply.buttons = vec![
            Button {
                label: "Accept draw".into(),
                action: Action::AcceptDraw(saved.id),
                style: ButtonStyle::Primary,
            },
            Button {
                label: "Decline draw".into(),
                action: Action::DeclineDraw(saved.id),
                style: ButtonStyle::Secondary,
            },
        ];
        Ok(vec![reply])
    }

    async fn agree_draw(&self, req: &Request, row: &Game) -> Handled {
        let saved = self
            .finish(row, None, "agreement", "draw-accept", Some(&req.user))
            .await?;
        let other = row.opponent_of(&req.user).to_string();
        let mut reply = Reply::new(
            &row.channel,
            format!(
                "{} accepts the draw offered by {}. Game #{} is drawn by agreement.",
                at(&req.user),
                at(&other),
                saved.id
            ),
        );
        reply.mentions = vec![other];
        reply.buttons = vec![rematch_button(saved.id)];
        Ok(vec![reply])
    }

    async fn answer_draw(&self, req: &Request, id: i64, accept: bool) -> Handled {
        let Some(row) = self.store.game(id).await? else {
            return refuse("That game no longer exists.");
        };
        if !row.has_player(&req.user) {
            return refuse("Only the players of this game can answer its draw offer.");
        }
        if row.status != GameStatus::Active {
            return refuse("That game is over.");
        }
        let Some(offerer) = row.draw_offer.clone() else {
            return refuse("There is no open draw offer in this game any more.");
        };
        if offerer == req.user {
            return refuse("You cannot answer your own draw offer.");
        }
        if accept {
            return self.agree_draw(req, &row).await;
        }
        self.change_with_event(&row, "draw-decline", Some(&req.user), |next, _| {
            next.draw_offer = None;
        })
        .await?;
        let mut reply = Reply::new(
            &row.channel,
            format!("{} declines the draw. The game goes on.", at(&req.user)),
        );
        reply.mentions = vec![offerer];
        Ok(vec![reply])
    }

    async fn abort(&self, req: &Request, opponent: Option<&str>) -> Handled {
        let row = self.find(req, opponent).await?;
        if row.ply >= 2 {
            return refuse("A game can only be aborted before each side has moved; resign or offer a draw instead.");
        }
        self.change_with_event(&row, "abort", Some(&req.user), |next, _| {
            next.status = GameStatus::Aborted;
            next.deadline = None;
            next.draw_offer = None;
        })
        .await?;
        let other = row.opponent_of(&req.user).to_string();
        let mut reply = Reply::new(
            &row.channel,
            format!(
                "{} aborted game #{}. It has no result.",
                at(&req.user),
                row.id
            ),
        );
        reply.mentions = vec![other];
        Ok(vec![reply])
    }

    async fn rematch(&self, req: &Request, id: i64) -> Handled {
        let Some(old) = self.store.game(id).await? else {
            return refuse("That game no longer exists.");
        };
        if !old.has_player(&req.user) {
            return refuse("Only the players of that game can ask for a rematch.");
        }
        if old.status == GameStatus::Active {
            return refuse("That game is still being played.");
        }
        let opponent = old.opponent_of(&req.user).to_string();
        // Colours reversed: the asker takes the other colour.
        let color = match color_of(&old, &req.user) {
            Color::White => "black",
            Color::Black => "white",
        };
        let here = Request {
            channel: old.channel.clone(),
            guild: old.guild.clone(),
            ..req.clone()
        };
        let terms = Terms {
            variant: Some(&old.variant),
            color: Some(color),
            days: Some(old.days),
            options: Some(&old.options),
        };
        self.challenge(&here, &opponent, terms, Some(old.id)).await
    }

    async fn board(
        &self,
        req: &Request,
        opponent: Option<&str>,
        flip: bool,
        private: bool,
    ) -> Handled {
        let row = self.find(req, opponent).await?;
        let game = self.rules_game(&row).await?;
        let mut reply = Reply::new(
            &req.channel,
            format!(
                "Game #{}: {} ({}) vs {} ({}). {} to move: {}.",
                row.id,
                at(&row.white),
                side(&row, Color::White),
                at(&row.black),
                side(&row, Color::Black),
                side(&row, game.turn()),
                at(player(&row, game.turn()))
            ),
        );
        reply.image = self.image(&*game, None, flip).await;
        reply.ephemeral = private;
        Ok(vec![reply])
    }

    async fn piece(&self, req: &Request, square: &str, opponent: Option<&str>) -> Handled {
        let row = self.find(req, opponent).await?;
        let game = self.rules_game(&row).await?;
        let board = game.board();
        let Some(sq) = Square::parse_on(square.trim(), board.files, board.ranks) else {
            return refuse(format!("'{square}' is not a square of this board."));
        };
        let Some((_, piece)) = board.pieces.iter().find(|(s, _)| *s == sq) else {
            return refuse(format!("There is no piece on {sq}."));
        };
        let state = match piece.power {
            Power::Enhanced => "enhanced: it stands inside its side's command zone".to_string(),
            Power::Restricted => {
                "restricted: it stands outside its side's command zone".to_string()
            }
            Power::Dormant => {
                "dormant: it cannot move, capture or be captured until it wakes".to_string()
            }
            Power::Plain => "the zone does not change it".to_string(),
        };
        let moves = game.moves_from(sq);
        let count = if piece.color == game.turn() {
            format!(
                "{} legal move{} now",
                moves.len(),
                if moves.len() == 1 { "" } else { "s" }
            )
        } else {
            "it is not this piece's side to move".to_string()
        };
        let mut reply = Reply::private(
            &req.channel,
            format!(
                "{} {} on {sq}: {state}; {count}.",
                game.variant().side(piece.color),
                piece.name
            ),
        );
        reply.image = self.image(&*game, Some(sq), false).await;
        Ok(vec![reply])
    }

    /// The rules of the variant named as the topic, else of the asker's game here, else Epoch's.
    async fn rules(&self, req: &Request, topic: Option<&str>) -> Handled {
        if let Some(variant) = topic.and_then(|t| t.parse::<VariantId>().ok()) {
            return Ok(vec![Reply::private(
                &req.channel,
                crate::rules::help(variant, None),
            )]);
        }
        let games = self.store.active_games_in(&req.channel, &req.user).await?;
        let variant = match games.as_slice() {
            [g] => g.variant.parse().unwrap_or(VariantId::Epoch),
            _ => VariantId::Epoch,
        };
        Ok(vec![Reply::private(
            &req.channel,
            crate::rules::help(variant, topic),
        )])
    }

    async fn games(&self, req: &Request) -> Handled {
        let games = self.store.games_of(&req.user, true).await?;
        if games.is_empty() {
            return Ok(vec![Reply::private(
                &req.channel,
                "You have no unfinished games. Start one with /challenge.",
            )]);
        }
        let now = self.now();
        let mut lines = vec!["Your unfinished games:".to_string()];
        for g in &games {
            let game = self.rules_game(g).await?;
            let yours = player(g, game.turn()) == req.user;
            let left = g
                .deadline
                .map(|d| format!(", {} left", time_left(d - now)))
                .unwrap_or_default();
            lines.push(format!(
                "- #{} {} vs {} in <#{}>, move {}: {}{left}",
                g.id,
                variant_title(&g.variant),
                at(g.opponent_of(&req.user)),
                g.channel,
                g.ply / 2 + 1,
                if yours { "**your move**" } else { "their move" }
            ));
        }
        Ok(vec![Reply::private(&req.channel, lines.join("\n"))])
    }

    async fn history(&self, req: &Request, opponent: Option<&str>) -> Handled {
        let mut games = self.store.active_games_in(&req.channel, &req.user).await?;
        if let Some(o) = opponent {
            games.retain(|g| g.opponent_of(&req.user) == o);
        }
        let row = match (games.len(), opponent) {
            (1, _) => games.remove(0),
            (0, Some(o)) => self
                .store
                .last_game_between(&req.channel, &req.user, o)
                .await?
                .ok_or_else(|| {
                    Refusal(format!("You have no game with {} in this channel.", at(o)))
                })?,
            (0, None) => return refuse(
                "You have no unfinished game in this channel; name the opponent of a finished one.",
            ),
            _ => return self.find(req, opponent).await.map(|_| Vec::new()),
        };
        let moves = self.store.moves(row.id).await?;
        let text = self.movetext(&row, &moves).await?;
        let result = row.result.clone().unwrap_or_else(|| "*".into());
        let record = self.record(&row, &text);
        let options = row
            .variant
            .parse::<VariantId>()
            .ok()
            .zip(stored_options(&row.options).ok())
            .and_then(|(v, o)| options_words(v, &o))
            .map(|w| format!(" ({w})"))
            .unwrap_or_default();
        let mut reply = Reply::private(
            &req.channel,
            format!(
                "Game #{} ({}{options}), {} vs {}: {}{}",
                row.id,
                variant_title(&row.variant),
                at(&row.white),
                at(&row.black),
                if moves.is_empty() {
                    "no moves yet ".into()
                } else {
                    text
                },
                result
            ),
        );
        reply.attachment = Some(Attachment {
            name: format!("herald-game-{}.txt", row.id),
            bytes: record.into_bytes(),
        });
        Ok(vec![reply])
    }

    /// The game record: tag pairs, then the moves in SAN with move numbers.
    /// The moves as numbered SAN, `1. e4 e5 2. Nf3 `, numbered by the rules (a game may start
    /// with Black to move, and a ply may not pass the turn).
    async fn movetext(&self, row: &Game, moves: &[StoredMove]) -> Result<String, Refusal> {
        let numbers = self.rules_game(row).await?.move_numbers();
        let mut text = String::new();
        let mut previous: Option<(u32, Color)> = None;
        for (m, &(n, side)) in moves.iter().zip(&numbers) {
            let continues = previous.is_some_and(|(pn, _)| pn == n);
            match side {
                Color::White if previous != Some((n, Color::White)) => {
                    text.push_str(&format!("{n}. "))
                }
                Color::Black if !continues => text.push_str(&format!("{n}... ")),
                _ => {}
            }
            text.push_str(&m.san);
            text.push(' ');
            previous = Some((n, side));
        }
        Ok(text)
    }

    fn record(&self, row: &Game, movetext: &str) -> String {
        let date = |t: i64| {
            let days = t.div_euclid(DAY);
            let (y, m, d) = civil_from_days(days);
            format!("{y:04}.{m:02}.{d:02}")
        };
        let mut out = String::new();
        let tags = [
            ("Event", format!("Herald game {}", row.id)),
            ("Site", format!("channel {}", row.channel)),
            ("Date", date(row.created_at)),
            ("Variant", variant_title(&row.variant)),
            ("White", row.white.clone()),
            ("Black", row.black.clone()),
            ("Result", row.result.clone().unwrap_or_else(|| "*".into())),
            (
                "Termination",
                row.reason.clone().unwrap_or_else(|| match row.status {
                    GameStatus::Aborted => "aborted".into(),
                    _ => "unterminated".into(),
                }),
            ),
            ("TimeControl", format!("{} per move", days_text(row.days))),
            (
                "Swap",
                if row.swapped {
                    "yes".into()
                } else {
                    "no".into()
                },
            ),
            ("FEN", row.start_fen.clone()),
            ("Options", row.options.clone()),
        ];
        for (k, v) in tags.into_iter().filter(|(_, v)| !v.is_empty()) {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
        }
        out.push('\n');
        out.push_str(movetext);
        out.push_str(&row.result.clone().unwrap_or_else(|| "*".into()));
        out.push('\n');
        out
    }

    /// The scheduler's step: expires challenges, reminds players whose time is three-quarters
    /// gone, and ends games whose time ran out. Safe to run at any moment, any number of times.
    pub async fn tick(&self) -> Vec<Reply> {
        match self.tick_inner().await {
            Ok(replies) => replies,
            Err(Refusal(text)) => {
                tracing::warn!(%text, "scheduler step failed");
                Vec::new()
            }
        }
    }

    async fn tick_inner(&self) -> Handled {
        let now = self.now();
        let mut replies = Vec::new();
        for c in self.store.expire_challenges(now).await? {
            let mut r = Reply::new(
                &c.channel,
                format!(
                    "The challenge from {} to {} expired unanswered.",
                    at(&c.challenger),
                    at(&c.challenged)
                ),
            );
            r.mentions = vec![c.challenger.clone()];
            replies.push(r);
        }
        for row in self.store.games_due(now).await? {
            let game = self.rules_game(&row).await?;
            let late = game.turn();
            // Out of time: a loss, or a draw when the opponent has nothing but its royal piece.
            let opponent_pieces = game
                .board()
                .pieces
                .iter()
                .filter(|(_, p)| p.color == !late)
                .count();
            let result = if opponent_pieces <= 1 {
                None
            } else {
                Some(!late)
            };
            let saved = match self.finish(&row, result, "time", "timeout", None).await {
                Ok(saved) => saved,
                Err(_) => continue, // changed meanwhile: the next tick looks again
            };
            let loser = player(&saved, late).to_string();
            let text = match result {
                Some(w) => format!(
                    "{} ran out of time in game #{}. {} wins as {}.",
                    at(&loser),
                    saved.id,
                    at(player(&saved, w)),
                    side(&saved, w)
                ),
                None => format!(
                    "{} ran out of time in game #{}, but {} has only its royal piece left: draw.",
                    at(&loser),
                    saved.id,
                    at(saved.opponent_of(&loser))
                ),
            };
            let mut r = Reply::new(&saved.channel, text);
            r.mentions = vec![saved.white.clone(), saved.black.clone()];
            r.buttons = vec![rematch_button(saved.id)];
            replies.push(r);
        }
        for row in self.store.games_to_remind(now).await? {
            let game = self.rules_game(&row).await?;
            let who = player(&row, game.turn()).to_string();
            let reminded = self.change_with_event(&row, "reminder", Some(&who), |next, _| {
                next.reminded = true;
            });
            if reminded.await.is_err() {
                continue;
            }
            let who = player(&row, game.turn()).to_string();
            let left = row.deadline.map(|d| time_left(d - now)).unwrap_or_default();
            let mut r = Reply::new(
                &row.channel,
                format!(
                    "{}, it is your move in game #{} against {}: {left} left before you lose on time.",
                    at(&who),
                    row.id,
                    at(row.opponent_of(&who))
                ),
            );
            r.mentions = vec![who];
            replies.push(r);
        }
        Ok(replies)
    }
}

impl Service {
    /// Replays every stored game from its start position and compares each move's SAN and
    /// position, the stored position and the ply count. One line per problem; none is good.
    pub async fn check_database(&self) -> Result<(usize, Vec<String>), StoreError> {
        let games = self.store.all_games().await?;
        let mut problems = Vec::new();
        for row in &games {
            let mut report = |what: String| problems.push(format!("game #{}: {what}", row.id));
            let variant: VariantId = match row.variant.parse() {
                Ok(v) => v,
                Err(e) => {
                    report(e);
                    continue;
                }
            };
            let options = match stored_options(&row.options) {
                Ok(o) => o,
                Err(e) => {
                    report(e);
                    continue;
                }
            };
            let mut game = match new_game_with(variant, Some(&row.start_fen), options) {
                Ok(g) => g,
                Err(e) => {
                    report(format!("start position: {e}"));
                    continue;
                }
            };
            let moves = self.store.moves(row.id).await?;
            for m in &moves {
                match game.play(&m.coordinate) {
                    Ok(info) => {
                        if info.san != m.san {
                            report(format!(
                                "ply {}: stored SAN {} but the move is {}",
                                m.ply, m.san, info.san
                            ));
                        }
                        if game.position_text() != m.fen_after {
                            report(format!(
                                "ply {}: the stored position differs from the replay",
                                m.ply
                            ));
                        }
                    }
                    Err(e) => {
                        report(format!(
                            "ply {} ({}) does not replay: {e}",
                            m.ply, m.coordinate
                        ));
                        break;
                    }
                }
            }
            if moves.len() as i64 != row.ply {
                report(format!(
                    "{} moves stored but the game says ply {}",
                    moves.len(),
                    row.ply
                ));
            }
            if game.position_text() != row.fen {
                report("the game's current position differs from the replay of its moves".into());
            }
            if game.outcome().is_some() && row.status == GameStatus::Active {
                report("the rules say the game is over but it is still marked active".into());
            }
        }
        Ok((games.len(), problems))
    }
}

fn rematch_button(game: i64) -> Button {
    Button {
        label: "Rematch".into(),
        action: Action::Rematch(game),
        style: ButtonStyle::Secondary,
    }
}

/// The civil date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
