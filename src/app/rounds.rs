//! A tournament's rounds: the start (players numbered by rating; a round robin's every
//! round paired by the Berger tables, a Swiss's first), each round planned and its games
//! placed in their threads, and, as games end, the next Swiss round or the end with the final
//! standings.

use super::tournament_table::MIN_PLAYERS;
use super::{card_buttons, words, Handled, Refusal, Reply, Request, Service, Text};
use crate::rules::{new_game_with, Color, GameOptions};
use crate::store::{
    Board, Opening, Planned, StoreError, StoredGame, StoredTournament, TournamentStatus,
    TournamentSystem,
};
use crate::tournament::{berger, Round};

impl Service {
    /// Starts `t`: numbers its players by rating, pairs every round and begins every game.
    pub(super) async fn start_tournament(&self, req: &Request, t: StoredTournament) -> Handled {
        if t.creator != req.user && !req.manager {
            return Err(Refusal::NotOrganiser(t.id, t.creator.clone()));
        }
        let entrants = self.store.entrants(t.id).await?;
        if entrants.len() < MIN_PLAYERS {
            return Err(Refusal::TooFewPlayers(t.id, entrants.len()));
        }
        let entrants = self.rated(&t, entrants).await?;
        let players: Vec<String> = entrants.iter().map(|e| e.player.clone()).collect();
        let numbers: Vec<(String, i64, Option<i64>)> = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.player.clone(), i as i64 + 1, e.rating))
            .collect();
        // A round robin is paired whole by the tables; a Swiss's first round now, each later
        // one when the last ends.
        let (schedule, total) = match t.system {
            TournamentSystem::DoubleRoundRobin => {
                let rounds = berger::double(players.len());
                let total = rounds.len() as i64;
                (rounds, total)
            }
            TournamentSystem::RoundRobin => {
                let rounds = berger::single(players.len());
                let total = rounds.len() as i64;
                (rounds, total)
            }
            TournamentSystem::Swiss => {
                let total = t
                    .rounds
                    .unwrap_or_else(|| super::swiss::default_rounds(players.len()));
                if total as usize >= players.len() {
                    return Err(Refusal::TooManyRounds(total, players.len()));
                }
                (
                    vec![super::swiss::first_round(players.len(), total)?],
                    total,
                )
            }
        };
        let mut planned = Vec::new();
        for (r, round) in schedule.iter().enumerate() {
            planned.extend(self.plan_round(&t, &players, r as i64 + 1, round).await?);
        }
        let now = self.now();
        let games = self
            .store
            .start_tournament(&t, &numbers, total, &planned, now)
            .await
            .map_err(|e| match e {
                StoreError::Conflict => Refusal::TournamentBegun(t.id),
                e => e.into(),
            })?;
        tracing::info!(tournament = t.id, games = games.len(), "tournament started");
        let mut replies = vec![Reply::new(
            &req.channel,
            words::tournament_started(&t, &players, total as usize, games.len()),
        )];
        replies.extend(self.open_games(req, &t, games, &planned).await?);
        Ok(replies)
    }

    /// Round `number` of `t` as it will be written: its games in board order, each with its
    /// opening and its first deadline, then the player left over (a Swiss's bye, `U`, a
    /// point; a round robin's rest, nothing).
    pub(super) async fn plan_round(
        &self,
        t: &StoredTournament,
        players: &[String],
        number: i64,
        round: &Round,
    ) -> Result<Vec<Planned>, Refusal> {
        let now = self.now();
        let start = new_game_with(t.variant, None, GameOptions::default())
            .map_err(|e| Refusal::Setup(e.to_string()))?;
        let first_white = start.turn() == Color::White;
        let start_fen = start.position_text();
        let mut planned = Vec::new();
        for (b, g) in round.games.iter().enumerate() {
            let (white, black) = (&players[g.white], &players[g.black]);
            let first = if first_white { white } else { black };
            let deadline = self.clock_of(first, t.guild.as_deref(), t.days).await;
            planned.push(Planned {
                at: Board {
                    round: number,
                    board: b as i64 + 1,
                    white: white.clone(),
                    black: Some(black.clone()),
                    result: None,
                },
                opening: Some(Opening {
                    white: white.clone(),
                    black: black.clone(),
                    start_fen: start_fen.clone(),
                    deadline: Some(deadline),
                    created_at: now,
                }),
            });
        }
        if let Some(rest) = round.bye {
            let swiss = t.system == TournamentSystem::Swiss;
            planned.push(Planned {
                at: Board {
                    round: number,
                    board: round.games.len() as i64 + 1,
                    white: players[rest].clone(),
                    black: None,
                    result: swiss.then(|| "U".to_string()),
                },
                opening: None,
            });
        }
        Ok(planned)
    }

    /// Places each game just begun (`games`, in the order of the `planned` boards with
    /// games) in its thread, named for the tournament and round, with its first board.
    pub(super) async fn open_games(
        &self,
        req: &Request,
        t: &StoredTournament,
        games: Vec<StoredGame>,
        planned: &[Planned],
    ) -> Result<Vec<Reply>, Refusal> {
        let with_games = planned.iter().filter(|p| p.opening.is_some());
        let mut replies = Vec::new();
        for (row, p) in games.into_iter().zip(with_games) {
            let name = words::tournament_thread_name(t, p.round, &row);
            let placed = self.place(req, &t.channel, row, name).await?;
            let row = placed.row;
            // The link to each thread would be one line a game in the channel; the word that
            // Herald may not open threads (once a server) is kept.
            if row.home.is_none() {
                replies.extend(placed.notice);
            }
            let game = self.rules_game(&row).await?;
            let first = row.player(game.turn()).to_string();
            let mut reply = Reply::new(
                &row.channel,
                words::tournament_game(t, p.round, &row, game.turn()),
            )
            .turn(&row, &[&first])
            .with_buttons(card_buttons(row.id, None, false));
            reply.image = self.image(&row, &*game, None, game.turn()).await;
            replies.push(reply);
        }
        Ok(replies)
    }

    /// A request made for `t` by Herald itself (a round paired when a game ended elsewhere, a
    /// start at its time): in the tournament's channel, where threads may be opened.
    pub(super) fn on_behalf_of(&self, t: &StoredTournament) -> Request {
        Request {
            user: t.creator.clone(),
            guild: t.guild.clone(),
            channel: t.channel.clone(),
            manager: false,
            threads: super::Threads::Allowed { on: None },
            command: super::Command::Tournaments,
        }
    }

    /// After a game ends: when it was its tournament's last, the tournament ends, with its
    /// final standings posted where it was made.
    pub(super) async fn tournament_after(&self, game: &StoredGame) -> Vec<Reply> {
        let done = async {
            let Some(t) = self.store.tournament_of_game(game.id).await? else {
                return Ok(Vec::new());
            };
            self.settle(&t).await
        };
        done.await.unwrap_or_else(|refusal: Refusal| {
            tracing::error!(game = game.id, why = %refusal.text(), "could not settle the tournament");
            Vec::new()
        })
    }

    /// Once every game of `t` paired so far has ended: its next Swiss round paired, or, when
    /// it has played its rounds (or no further round can be paired), the tournament over,
    /// with its final standings posted where it was made. Safe at any moment, in any process,
    /// any number of times: the scheduler calls it too, for a game that ended just before a
    /// crash.
    pub(super) async fn settle(&self, t: &StoredTournament) -> Result<Vec<Reply>, Refusal> {
        // Most games end with others still being played: one count says so.
        if t.status != TournamentStatus::Running || self.store.unfinished_games(t.id).await? > 0 {
            return Ok(Vec::new());
        }
        let entrants = self.store.entrants(t.id).await?;
        let table = self.table(t, entrants).await?;
        let mut cut_short = false;
        if t.system == TournamentSystem::Swiss && t.round < t.rounds.unwrap_or(0) {
            match self.next_swiss_round(t, &table).await? {
                Some(replies) => return Ok(replies),
                None => cut_short = true,
            }
        }
        if !self.store.finish_tournament(t.id).await? {
            return Ok(Vec::new());
        }
        tracing::info!(tournament = t.id, cut_short, "tournament finished");
        let mut said = if cut_short {
            words::swiss_cut_short(t)
        } else {
            Text::default()
        };
        said.push(words::tournament_over(t, &table));
        let posted = Reply::new(&t.channel, said);
        Ok(vec![self.with_crosstable(posted, t, &table, true).await])
    }
}
