//! Tournaments (/tournament, /tournaments): a round robin (single or double) or a Swiss, made
//! in a server (by anyone, or by managers where the server says so), joined before its start,
//! started by its creator, a manager or its start time. A player may withdraw once it runs:
//! their unfinished games are lost by forfeit. Here: the commands, the standings table and the
//! report file; the rounds themselves (the start, each round's games, the end) are in
//! `rounds.rs`, a Swiss's later rounds in `swiss.rs`.

use super::tournament_table::Table;
use super::{words, Attachment, Handled, Refusal, Reply, Request, Service, TournamentCommand};
use crate::store::{
    EndReason, Entrant, GameResult, GameStatus, NewTournament, StoreError, StoredTournament,
    TournamentCreators, TournamentStatus, TournamentSystem,
};
use crate::tournament::standings::{Entry, Results, System};
use crate::tournament::trf;

/// The longest name a tournament takes.
pub const NAME_LIMIT: usize = 60;
/// The furthest ahead a tournament's start may be set, in days.
pub const PLAN_DAYS: i64 = 365;

/// The rounds `t` has: as its start set them; before it, what its system gives the players
/// it has so far (a Swiss's are chosen).
fn rounds_of(t: &StoredTournament, players: usize) -> usize {
    let once = (players + players % 2).saturating_sub(1);
    match (t.rounds, t.system) {
        (Some(rounds), _) => rounds as usize,
        (None, TournamentSystem::RoundRobin) => once,
        (None, TournamentSystem::DoubleRoundRobin) => 2 * once,
        (None, TournamentSystem::Swiss) => 0,
    }
}

/// A file's name for `t`: the letters and digits of its name, with `-` between words, then
/// `ending` ("Autumn-Cup.trf"); `tournament-3.trf` when its name has none.
pub(super) fn file_name(t: &StoredTournament, ending: &str) -> String {
    let words: Vec<String> = t
        .name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    match words.is_empty() {
        true => format!("tournament-{}{ending}", t.id),
        false => format!("{}{ending}", words.join("-")),
    }
}

/// A date as TRF files write it: `2026/11/29`.
fn trf_date(t: i64) -> String {
    let (y, m, d) = crate::calendar::civil(t);
    format!("{y:04}/{m:02}/{d:02}")
}

impl Service {
    /// `/tournaments`: this server's, newest first.
    pub(super) async fn tournaments(&self, req: &Request) -> Handled {
        let mut listed = Vec::new();
        for t in self.store.tournaments_in(req.guild.as_deref()).await? {
            let players = self.store.entrants(t.id).await?.len();
            listed.push((t, players));
        }
        Ok(vec![Reply::private(
            &req.channel,
            words::tournaments_listed(&listed),
        )])
    }

    pub(super) async fn tournament(&self, req: &Request, asked: &TournamentCommand) -> Handled {
        match asked {
            TournamentCommand::Create {
                name,
                variant,
                system,
                days,
                rated,
                max_players,
                rounds,
                starts,
            } => {
                let settings = self.settings_of(req).await?;
                if settings.tournament_creators() == TournamentCreators::Managers && !req.manager {
                    return Err(Refusal::TournamentsForManagers);
                }
                let name = name.trim();
                if name.is_empty() || name.chars().count() > NAME_LIMIT {
                    return Err(Refusal::TournamentName(name.chars().count()));
                }
                let swiss = *system == TournamentSystem::Swiss;
                let most = if swiss {
                    super::schema::MAX_SWISS
                } else {
                    super::schema::MAX_ROUND_ROBIN
                };
                let max_players = max_players.unwrap_or(most);
                match (swiss, *rounds) {
                    (false, Some(_)) => return Err(Refusal::RoundsSwissOnly),
                    (false, None) if max_players > most => {
                        return Err(Refusal::RoundRobinTooBig(max_players))
                    }
                    (true, Some(r)) if r >= max_players => {
                        return Err(Refusal::TooManyRounds(r, max_players as usize))
                    }
                    _ => {}
                }
                let days = super::challenge::days_here(*days, &settings).get();
                let starts_at = starts.as_deref().map(|s| self.start_time(s)).transpose()?;
                let made = self
                    .store
                    .create_tournament(&NewTournament {
                        guild: req.guild.clone(),
                        channel: req.channel.clone(),
                        name: name.to_string(),
                        creator: req.user.clone(),
                        variant: *variant,
                        system: *system,
                        rounds: *rounds,
                        days,
                        rated: *rated,
                        max_players: Some(max_players),
                        starts_at,
                        created_at: self.now(),
                    })
                    .await?;
                tracing::info!(tournament = made.id, "tournament created");
                Ok(vec![Reply::new(
                    &req.channel,
                    words::tournament_created(&made),
                )])
            }
            TournamentCommand::Join(id) => {
                let t = self.open_one(req, *id).await?;
                match self
                    .store
                    .join_tournament(t.id, &req.user, self.now())
                    .await
                {
                    Ok(true) => {}
                    Ok(false) => return Err(Refusal::TournamentFull(t.id)),
                    Err(StoreError::Duplicate) => return Err(Refusal::InTournament(t.id)),
                    Err(StoreError::Conflict) => return Err(Refusal::TournamentBegun(t.id)),
                    Err(e) => return Err(e.into()),
                }
                let players = self.store.entrants(t.id).await?.len();
                Ok(vec![Reply::new(
                    &req.channel,
                    words::tournament_joined(&t, &req.user, players),
                )])
            }
            TournamentCommand::Leave(id) => {
                let t = match id {
                    Some(_) => self.pick(req, *id, |_| true).await?,
                    None => self
                        .store
                        .tournament_of(req.guild.as_deref(), &req.user, TournamentStatus::Open)
                        .await?
                        .ok_or(Refusal::NoTournament(None))?,
                };
                if t.status != TournamentStatus::Open {
                    return Err(Refusal::TournamentBegun(t.id));
                }
                if !self.store.leave_tournament(t.id, &req.user).await? {
                    return Err(Refusal::NotInTournament(t.id));
                }
                Ok(vec![Reply::private(
                    &req.channel,
                    words::tournament_left(&t),
                )])
            }
            TournamentCommand::Start(id) => {
                let t = self.open_one(req, *id).await?;
                self.start_tournament(req, t).await
            }
            TournamentCommand::Show(id) => {
                let t = self.pick(req, *id, |_| true).await?;
                let entrants = self.store.entrants(t.id).await?;
                if t.status == TournamentStatus::Open {
                    let said = words::tournament_open(&t, &entrants);
                    return Ok(vec![Reply::private(&req.channel, said)]);
                }
                let table = self.table(&t, entrants).await?;
                let reply = Reply::private(&req.channel, words::tournament_table(&t, &table));
                let over = t.status == TournamentStatus::Finished;
                Ok(vec![self.with_crosstable(reply, &t, &table, over).await])
            }
            TournamentCommand::Withdraw(id) => self.withdraw_from(req, *id).await,
            TournamentCommand::Trf(id) => {
                let t = self.pick(req, *id, |_| true).await?;
                let entrants = self.rated(&t, self.store.entrants(t.id).await?).await?;
                let table = self.table(&t, entrants).await?;
                let report = self.report(&t, &table).await;
                let mut reply = Reply::private(&req.channel, words::tournament_report(&t, &table));
                reply.attachment = Some(Attachment {
                    name: file_name(&t, ".trf"),
                    bytes: trf::write(&report).into_bytes(),
                });
                Ok(vec![reply])
            }
        }
    }

    /// `entrants` of `t` with their ratings in its variant: the one each was numbered by at
    /// the start, else (before it) the one they have now. Before the start, in the order it
    /// would number them: by rating, the earlier to join first among equals.
    pub(super) async fn rated(
        &self,
        t: &StoredTournament,
        mut entrants: Vec<Entrant>,
    ) -> Result<Vec<Entrant>, Refusal> {
        for e in entrants.iter_mut().filter(|e| e.rating.is_none()) {
            let standing = self.store.standing(&e.player, t.variant).await?;
            let rating = standing.unwrap_or_default().rating_at(self.now()).rating;
            e.rating = Some(rating.round() as i64);
        }
        if t.status == TournamentStatus::Open {
            entrants.sort_by_key(|e| std::cmp::Reverse(e.rating));
        }
        Ok(entrants)
    }

    /// `t` as FIDE's report file holds it: its name, the dates its games began and (once it
    /// is over) ended, its number of players, its system and time per move, its number of
    /// rounds, and a line a player by start number with every round. A player's name is the
    /// one the server shows for them (the platform knows it; the store keeps only their id);
    /// the file takes ASCII alone, so a letter outside it is written `?`. Their rating is
    /// their Herald rating in the variant at the start (before it, now). Before the start
    /// the players are in the order it would number them, ranked so; there are no rounds.
    async fn report(&self, t: &StoredTournament, table: &Table) -> trf::Report {
        let ids: Vec<String> = table.entrants.iter().map(|e| e.player.clone()).collect();
        let names = self.names_of(t.guild.as_deref(), &ids).await;
        let players = table
            .entrants
            .iter()
            .zip(names)
            .enumerate()
            .map(|(i, (e, name))| trf::Player {
                name,
                rating: e.rating.and_then(|r| u32::try_from(r).ok()),
                points: table.standing(i).map_or(0.0, |s| s.points),
                rank: match t.status {
                    TournamentStatus::Open => i + 1,
                    _ => table.standing(i).map_or(i + 1, |s| s.place),
                },
                rounds: table.rounds[i].clone(),
            })
            .collect();
        let mut headers = Vec::new();
        if let Some(began) = table.began.or(t.starts_at) {
            headers.push(("042".to_string(), trf_date(began)));
        }
        if let (TournamentStatus::Finished, Some(ended)) = (t.status, table.ended) {
            headers.push(("052".to_string(), trf_date(ended)));
        }
        let system = match t.system {
            TournamentSystem::RoundRobin => "Individual: Round-Robin",
            TournamentSystem::DoubleRoundRobin => "Individual: Double Round-Robin",
            TournamentSystem::Swiss => "Individual: Swiss-System",
        };
        headers.extend([
            ("062".to_string(), ids.len().to_string()),
            ("092".to_string(), system.to_string()),
            (
                "122".to_string(),
                format!("1 move per {}", words::days_text(t.days)),
            ),
        ]);
        trf::Report {
            name: t.name.clone(),
            headers,
            rounds: rounds_of(t, ids.len()),
            players,
        }
    }

    /// `/tournament withdraw`: the asker leaves a running tournament they are in. Their
    /// unfinished games in it end at once, each lost by forfeit (no rating changes), and each
    /// opponent is told in the game's place; what they scored stands. When that ends the last
    /// game, the tournament ends.
    async fn withdraw_from(&self, req: &Request, id: Option<i64>) -> Handled {
        let t = match id {
            Some(_) => self.pick(req, id, |_| true).await?,
            None => self
                .store
                .tournament_of(req.guild.as_deref(), &req.user, TournamentStatus::Running)
                .await?
                .ok_or(Refusal::NothingToWithdrawFrom)?,
        };
        self.may_withdraw(&t, &req.user).await?;
        let games = match self.store.withdraw(t.id, &req.user, self.now()).await {
            Ok(games) => games,
            // Changed since it was read (the last game ended, a second click): why, afresh.
            Err(StoreError::Conflict) => {
                let t = self
                    .store
                    .tournament(t.id)
                    .await?
                    .ok_or(Refusal::NoTournament(id))?;
                self.may_withdraw(&t, &req.user).await?;
                return Err(Refusal::Conflict);
            }
            Err(e) => return Err(e.into()),
        };
        tracing::info!(tournament = t.id, games = games.len(), "withdrawn");
        let mut replies = vec![Reply::new(
            &req.channel,
            words::tournament_withdrawn(&t, &req.user, games.len()),
        )];
        for game in &games {
            let opponent = game.opponent_of(&req.user);
            let reply = Reply::new(&game.channel, words::forfeited(&t, game, &req.user))
                .alert(game, &[opponent]);
            replies.push(self.with_final_board(reply, game).await);
        }
        if let Some(last) = games.last() {
            replies.extend(self.tournament_after(last).await);
        }
        Ok(replies)
    }

    /// Why `player` may not withdraw from `t`, if they may not: they are not in it, it has not
    /// started or is over, or they withdrew already.
    async fn may_withdraw(&self, t: &StoredTournament, player: &str) -> Result<(), Refusal> {
        let entrant = self.store.entrant(t.id, player).await?;
        let entrant = entrant.ok_or(Refusal::NotInTournament(t.id))?;
        if let Some(at) = entrant.withdrawn_at {
            return Err(Refusal::Withdrawn(t.id, at));
        }
        match t.status {
            TournamentStatus::Open => Err(Refusal::WithdrawBeforeStart(t.id)),
            TournamentStatus::Finished => Err(Refusal::TournamentOver(t.id)),
            TournamentStatus::Running => Ok(()),
        }
    }

    /// The moment a `starts:` names: after now, and no more than [`PLAN_DAYS`] off.
    fn start_time(&self, given: &str) -> Result<i64, Refusal> {
        let now = self.now();
        let at = crate::calendar::parse_moment(given, now)
            .ok_or_else(|| Refusal::StartTime(given.to_string()))?;
        match at {
            at if at <= now => Err(Refusal::StartPassed(at)),
            at if at > now + PLAN_DAYS * super::DAY => Err(Refusal::StartTooFar),
            at => Ok(at),
        }
    }

    /// The tournament `id` of this server, or the newest open one here.
    async fn open_one(&self, req: &Request, id: Option<i64>) -> Result<StoredTournament, Refusal> {
        self.pick(req, id, |t| t.status == TournamentStatus::Open)
            .await
    }

    /// The tournament `id` of this server, or the newest here that `fits`.
    async fn pick(
        &self,
        req: &Request,
        id: Option<i64>,
        fits: impl Fn(&StoredTournament) -> bool,
    ) -> Result<StoredTournament, Refusal> {
        match id {
            Some(n) => self
                .store
                .tournament(n)
                .await?
                .filter(|t| t.guild == req.guild)
                .ok_or(Refusal::NoTournament(Some(n))),
            None => self
                .store
                .tournaments_in(req.guild.as_deref())
                .await?
                .into_iter()
                .find(fits)
                .ok_or(Refusal::NoTournament(None)),
        }
    }

    /// A running or finished tournament's standings, from its pairings and their games.
    pub(super) async fn table(
        &self,
        t: &StoredTournament,
        entrants: Vec<Entrant>,
    ) -> Result<Table, Refusal> {
        let at = |p: &str| entrants.iter().position(|e| e.player == p);
        // A round a player was not paired in: a round robin's rest, or (in a Swiss, after a
        // withdrawal) a round not played by choice.
        let unpaired = match t.system {
            TournamentSystem::Swiss => Entry::ZeroBye,
            _ => Entry::Rest,
        };
        let mut rounds = vec![vec![unpaired; t.round as usize]; entrants.len()];
        let (mut finished, mut games) = (0, 0);
        let rows = self.store.tournament_games(t.id).await?;
        for p in self.store.pairings(t.id).await? {
            let r = (p.round - 1) as usize;
            let Some(w) = at(&p.white) else { continue };
            let (Some(black), Some(id)) = (p.black.as_deref(), p.game_id) else {
                rounds[w][r] = match p.result.as_deref() {
                    Some("U") => Entry::PairingBye,
                    _ => Entry::Rest,
                };
                continue;
            };
            let Some(b) = at(black) else { continue };
            games += 1;
            let row = rows.iter().find(|g| g.id == id).ok_or(Refusal::GameGone)?;
            let (white, black) = match (row.status, row.result) {
                // Forfeited by a player who withdrew: a forfeit, not a game played.
                (GameStatus::Finished, Some(result)) if row.reason == Some(EndReason::Forfeit) => {
                    let won = result == GameResult::WhiteWins;
                    (
                        Entry::Forfeit {
                            opponent: b,
                            white: true,
                            won,
                        },
                        Entry::Forfeit {
                            opponent: w,
                            white: false,
                            won: !won,
                        },
                    )
                }
                (GameStatus::Active, _) => (
                    Entry::Pending {
                        opponent: b,
                        white: true,
                    },
                    Entry::Pending {
                        opponent: w,
                        white: false,
                    },
                ),
                (GameStatus::Finished, Some(result)) => {
                    let halves = match result {
                        GameResult::WhiteWins => 2,
                        GameResult::Draw => 1,
                        GameResult::BlackWins => 0,
                    };
                    (
                        Entry::Played {
                            opponent: b,
                            white: true,
                            halves,
                        },
                        Entry::Played {
                            opponent: w,
                            white: false,
                            halves: 2 - halves,
                        },
                    )
                }
                // A game abandoned before both sides moved (aborted when the time ran out):
                // a forfeit, lost by the side that was to move.
                _ => {
                    let white_late = row.ply % 2 == 0;
                    (
                        Entry::Forfeit {
                            opponent: b,
                            white: true,
                            won: !white_late,
                        },
                        Entry::Forfeit {
                            opponent: w,
                            white: false,
                            won: white_late,
                        },
                    )
                }
            };
            if row.status != GameStatus::Active {
                finished += 1;
            }
            rounds[w][r] = white;
            rounds[b][r] = black;
        }
        let system = match t.system {
            TournamentSystem::Swiss => System::Swiss,
            _ => System::RoundRobin,
        };
        let standings = Results::new(system, &rounds).standings();
        let ended = rows.iter().filter(|g| g.status != GameStatus::Active);
        Ok(Table {
            entrants,
            rounds,
            system,
            standings,
            finished,
            games,
            began: rows.iter().map(|g| g.created_at).min(),
            ended: ended.map(|g| g.updated_at).max(),
        })
    }
}
