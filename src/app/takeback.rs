//! Takebacks by consent: a player asks to take back their last move (with the reply to it,
//! when their opponent has answered), the opponent accepts or declines, and on acceptance the
//! game stands where it stood, the clock given back to the side to move.

use super::{words, Action, Handled, Refusal, Reply, Request, Service};
use crate::store::{Event, EventKind, GameChange, GameStatus, StoredGame, StoredMove};

/// The deepest level of Herald that grants a takeback: above it, Herald plays for real.
const ENGINE_TAKEBACK_LEVELS: i64 = 3;

/// The request open in the position `row` stands in, if any: its asker. A request is for
/// one position: it lapses when anyone moves, and one declined is not asked again there.
/// `Err` when one was asked in this position and declined.
fn asked_here(row: &StoredGame, events: &[Event]) -> Result<Option<String>, ()> {
    // Events since the game last came back to an earlier position: the ply only grows in
    // them, so an event at today's ply belongs to today's position.
    let since = events
        .iter()
        .rposition(|e| e.kind == EventKind::Takeback)
        .map_or(0, |i| i + 1);
    let mut open = None;
    for e in events[since..].iter().filter(|e| e.ply == row.ply) {
        match e.kind {
            EventKind::TakebackAsk => open = e.player.clone(),
            EventKind::TakebackDecline => return Err(()),
            _ => {}
        }
    }
    Ok(open)
}

/// The SANs of the last `plies` moves: what a takeback takes back.
fn taken(moves: &[StoredMove], plies: usize) -> Vec<String> {
    let from = moves.len().saturating_sub(plies);
    moves[from..].iter().map(|m| m.san.clone()).collect()
}

/// How many plies `user`'s takeback takes back in `row`: their last move, and the reply to
/// it when the opponent has answered. `allowed`: whether the game's server grants takebacks
/// in it (always in casual games).
fn takeback_plies(
    row: &StoredGame,
    moves: &[StoredMove],
    user: &str,
    allowed: bool,
) -> Result<usize, Refusal> {
    if row.status != GameStatus::Active {
        return Err(Refusal::Over);
    }
    if !allowed {
        return Err(Refusal::TakebackRated(row.id));
    }
    if let Some(level) = row.engine_level.filter(|l| *l > ENGINE_TAKEBACK_LEVELS) {
        return Err(Refusal::TakebackEngine(level));
    }
    let mover = |back: usize| {
        moves
            .len()
            .checked_sub(back)
            .map(|i| moves[i].player.as_str())
    };
    let plies = match (mover(1), mover(2)) {
        (Some(p), _) if p == user => 1,
        (_, Some(p)) if p == user => 2,
        _ => return Err(Refusal::NothingToTakeBack),
    };
    if row.swapped && moves.len() - plies < 2 {
        return Err(Refusal::TakebackPastSwap);
    }
    Ok(plies)
}

impl Service {
    /// Whether the server of `row` lets its rated games take moves back (`/settings
    /// takebacks:`).
    async fn rated_takebacks(&self, row: &StoredGame) -> Result<bool, Refusal> {
        if !row.rated {
            return Ok(true);
        }
        let settings = self.store.settings(super::settings::server_of(row)).await?;
        Ok(settings.takebacks == Some(true))
    }

    /// Whether a game's card offers a Take back button: where a takeback may be granted.
    pub(super) async fn offers_takebacks(&self, row: &StoredGame) -> bool {
        let engine_grants = row.engine_level.is_none_or(|l| l <= ENGINE_TAKEBACK_LEVELS);
        engine_grants && self.rated_takebacks(row).await.unwrap_or(false)
    }

    /// A takeback asked in `row` (by /takeback or the card's button): the opponent is asked to
    /// take back the asker's last move.
    pub(super) async fn ask_takeback_in(&self, req: &Request, row: StoredGame) -> Handled {
        let moves = self.store.moves(row.id).await?;
        let allowed = self.rated_takebacks(&row).await?;
        let plies = takeback_plies(&row, &moves, &req.user, allowed)?;
        let events = self.store.events(row.id).await?;
        match asked_here(&row, &events) {
            Ok(None) => {}
            Ok(Some(_)) | Err(()) => return Err(Refusal::TakebackAskedHere),
        }
        let other = row.opponent_of(&req.user).to_string();
        if self.is_engine(&other) {
            // Herald, at the levels that grant it, agrees at once.
            return self.take_back(&row, &moves, plies, &other).await;
        }
        let saved = self
            .change_with_event(&row, EventKind::TakebackAsk, Some(&req.user), |_, _| {})
            .await?;
        Ok(vec![Reply::new(
            &row.channel,
            words::takeback_asked(&req.user, &other, &taken(&moves, plies)),
        )
        .turn(&saved, &[&other])
        .with_buttons(super::answer_buttons(
            "takeback",
            Action::AcceptTakeback(saved.id),
            Action::DeclineTakeback(saved.id),
        ))])
    }

    /// The opponent's answer to the takeback asked in game `id`.
    pub(super) async fn answer_takeback(&self, req: &Request, id: i64, accept: bool) -> Handled {
        let row = self.own_active_game(req, id).await?;
        let events = self.store.events(row.id).await?;
        let asker = match asked_here(&row, &events) {
            Ok(Some(asker)) => asker,
            _ => return Err(Refusal::NoTakeback),
        };
        if asker == req.user {
            return Err(Refusal::OwnTakeback);
        }
        if !accept {
            self.change_with_event(&row, EventKind::TakebackDecline, Some(&req.user), |_, _| {})
                .await?;
            return Ok(vec![Reply::new(
                &row.channel,
                words::takeback_declined(&req.user),
            )
            .turn(&row, &[&asker])]);
        }
        let moves = self.store.moves(row.id).await?;
        let allowed = self.rated_takebacks(&row).await?;
        let plies = takeback_plies(&row, &moves, &asker, allowed)?;
        self.take_back(&row, &moves, plies, &req.user).await
    }

    /// Takes the last `plies` of `moves` back in `row` by `by`'s agreement, and posts the
    /// board as it stands again.
    async fn take_back(
        &self,
        row: &StoredGame,
        moves: &[StoredMove],
        plies: usize,
        by: &str,
    ) -> Handled {
        let keep = moves.len() - plies;
        let game =
            super::seat::replay(row, &moves[..keep], None).map_err(|_| Refusal::Damaged(row.id))?;
        let now = self.now();
        let mut change = GameChange::of(row, now);
        change.fen = game.position_text();
        change.deadline = Some(
            self.clock_of(row.player(game.turn()), row.guild.as_deref(), row.days)
                .await,
        );
        change.reminded = false;
        let saved = self.store.take_back(row, keep as i64, &change, by).await?;
        self.remember(&saved, &*game);
        tracing::info!(game = saved.id, ply = saved.ply, "takeback");
        let turn = game.turn();
        let mut text = words::takeback_done(by, &taken(moves, plies));
        let swap = game.swap_available() && !saved.swapped;
        text.push(words::next_to_move(&saved, turn, game.in_check(), swap));
        let mut reply = Reply::new(&row.channel, text)
            .turn(&saved, &[saved.player(turn)])
            .with_buttons(super::card_buttons(
                saved.id,
                None,
                self.offers_takebacks(&saved).await,
            ));
        reply.image = self.image(&saved, &*game, None, turn).await;
        Ok(vec![reply])
    }
}
