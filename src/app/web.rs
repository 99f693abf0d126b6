//! What the web pages show of a game: its sheet (players, variant, state, moves), its board
//! after any ply, its record and its replay. Only reads: nothing here changes a game.

use super::pictures::{ending_line, Replay};
use super::record::record_file;
use super::seat::replay;
use super::{Refusal, Service};
use crate::engine::review::{self, Mark, Review};
use crate::rules::{AnyGame, Color, GameOptions, VariantId};
use crate::store::{GameStatus, StoredGame, StoredMove, StoredTournament};

/// One move of a game's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetMove {
    /// The ply it ends (1 for the first move).
    pub ply: usize,
    /// Its number in the game (1. e4 e5: both 1).
    pub number: u32,
    pub color: Color,
    pub san: String,
    /// The review's mark (`?!`, `?`, `??`) where the game has been reviewed and the move
    /// was marked.
    pub mark: Option<&'static str>,
    /// The engine's choice instead, for a mistake or a blunder.
    pub better: Option<String>,
}

/// A reviewed game's review as its page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetReview {
    /// How deep the engine searched each position.
    pub depth: u32,
    /// White's and Black's marks and average loss, in words.
    pub tallies: [String; 2],
}

/// A game's stored review: its depth and scores as stored, read once for a page.
pub type StoredReview = (u32, String);

/// What a game's page says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSheet {
    pub id: i64,
    pub variant: VariantId,
    /// White's and Black's names: the name Herald knows (the side's name where it knows none,
    /// never an account's number).
    pub players: [Named; 2],
    /// Their ratings as shown in a rated game ("1523", "1500?" while provisional).
    pub ratings: [Option<String>; 2],
    pub rated: bool,
    pub days: i64,
    /// The game's own options where they are not the variant's standard ones.
    pub options: Option<GameOptions>,
    /// Whose move it is, or how the game ended.
    pub state: String,
    /// When the player to move runs out of time, for a game going on (Unix seconds).
    pub deadline: Option<i64>,
    pub moves: Vec<SheetMove>,
    /// The review, where the game has been reviewed (`/review`).
    pub review: Option<SheetReview>,
    pub finished: bool,
    /// Changes with every change to the game: what a page's cache is keyed by.
    pub version: i64,
}

/// A player as a page names them: the name Herald knows (else "Player N", N Herald's own
/// number for them), and that number, their page's (`/players/N`), where they have one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub name: String,
    pub number: Option<i64>,
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// Whether a user is known by a number (an account's id, as on Discord) rather than a name.
fn is_number(user: &str) -> bool {
    !user.is_empty() && user.bytes().all(|b| b.is_ascii_digit())
}

/// A stored review judged, where it reads back whole (one score for every position).
fn judged(row: &StoredGame, game: &dyn AnyGame, (depth, text): &StoredReview) -> Option<Review> {
    let scored = review::decode(text).filter(|s| s.len() == row.ply as usize + 1)?;
    Some(review::judge(game, &scored, *depth))
}

/// A game's rules-level game and its stored moves.
type Loaded = (Box<dyn AnyGame>, Vec<StoredMove>);

impl Service {
    /// Links Herald posts to games' pages start with `url` (`HERALD_PUBLIC_URL`); without
    /// it, Herald posts none. Set once.
    pub fn set_public_url(&self, url: &str) {
        let _ = self.public_url.set(url.trim_end_matches('/').to_string());
    }

    /// The address of a game's page, where Herald knows where its pages are and the game's
    /// server has them.
    pub(super) async fn page_link(&self, row: &StoredGame) -> Option<String> {
        let server = super::settings::server_of(row);
        self.address(server, &format!("/games/{}", row.id)).await
    }

    /// The address of a tournament's page, as [`Service::page_link`] for a game's.
    pub(super) async fn tournament_link(
        &self,
        t: &crate::store::StoredTournament,
    ) -> Option<String> {
        let server = super::settings::server_named(t.guild.as_deref());
        self.address(server, &format!("/tournaments/{}", t.id))
            .await
    }

    /// The address of a player's page, where Herald knows where its pages are, `server`
    /// has them, and the player has played (and so has Herald's number).
    pub(super) async fn player_link(&self, server: &str, player: &str) -> Option<String> {
        self.public_url.get()?;
        let number = *self.web_numbers(&[player.to_string()]).await.get(player)?;
        self.address(server, &format!("/players/{number}")).await
    }

    /// `path` on Herald's public address, where it has one and `server` has pages.
    async fn address(&self, server: &str, path: &str) -> Option<String> {
        let base = self.public_url.get()?;
        let shown = self.has_pages(server).await.ok()?;
        shown.then(|| format!("{base}{path}"))
    }

    /// Whether `server`'s games, tournaments and leaderboards have web pages.
    pub(super) async fn has_pages(&self, server: &str) -> Result<bool, Refusal> {
        Ok(self.store.settings(server).await?.web())
    }

    /// The name a page shows for `user`, given the platform's `name` for them: that name,
    /// unless it is only an account's number (Discord's users are numbers, which a page never
    /// shows; elsewhere, as in the terminal, a user is a name).
    fn page_name(&self, user: &str, name: String) -> Option<String> {
        let shown = self.names_shown.load(std::sync::atomic::Ordering::Relaxed);
        (shown || name != user || !is_number(user)).then_some(name)
    }

    /// Game `id` as stored, where its server has pages; `None` otherwise. What a page or
    /// file of the game is drawn from, and what the live stream watches.
    pub async fn web_row(&self, id: i64) -> Result<Option<StoredGame>, Refusal> {
        let Some(row) = self.store.game(id).await? else {
            return Ok(None);
        };
        let shown = self.has_pages(super::settings::server_of(&row)).await?;
        Ok(shown.then_some(row))
    }

    /// What the rules make of a stored game, and its stored moves.
    async fn web_load(&self, row: &StoredGame) -> Result<Loaded, Refusal> {
        let moves = self.store.moves(row.id).await?;
        let game = self.rules_game(row).await?;
        Ok((game, moves))
    }

    /// The names of a game's players for a page (Herald with its level; see
    /// [`Service::web_names`]) and their ratings in a rated game.
    async fn web_players(&self, row: &StoredGame) -> ([Named; 2], [Option<String>; 2]) {
        let people = [row.white.clone(), row.black.clone()];
        let mut named = self.web_names(row.guild.as_deref(), &people).await;
        let mut ratings = [None, None];
        for (i, user) in people.iter().enumerate() {
            if let (true, Some(level)) = (self.is_engine(user), row.engine_level) {
                named[i].name = format!("Herald (level {level})");
            }
            if row.rated {
                ratings[i] = self
                    .shown_rating(user, row.variant)
                    .await
                    .ok()
                    .map(|r| r.to_string());
            }
        }
        let black = named.pop().expect("two players");
        let white = named.pop().expect("two players");
        ([white, black], ratings)
    }

    /// The deepest review stored of a finished game, where it has one: what its page shows
    /// of the review, and what the review's chart is drawn from.
    pub async fn web_reviewed(&self, row: &StoredGame) -> Result<Option<StoredReview>, Refusal> {
        if row.status != GameStatus::Finished {
            return Ok(None);
        }
        Ok(self
            .store
            .deepest_review(row.id, crate::engine::review::VERSION)
            .await?)
    }

    /// What a game's page says of it, with its review where `reviewed` has one.
    pub async fn web_game(
        &self,
        row: &StoredGame,
        reviewed: Option<&StoredReview>,
    ) -> Result<GameSheet, Refusal> {
        let (game, moves) = self.web_load(row).await?;
        let numbers = game.move_numbers();
        let judged = reviewed.and_then(|r| judged(row, &*game, r));
        let moves = moves
            .iter()
            .zip(&numbers)
            .enumerate()
            .map(|(i, (m, &(number, color)))| {
                let ply = judged.as_ref().and_then(|j| j.plies.get(i));
                let mark = ply.and_then(|p| p.mark);
                SheetMove {
                    ply: i + 1,
                    number,
                    color,
                    san: m.san.clone(),
                    mark: mark.map(Mark::symbol),
                    better: ply
                        .filter(|_| mark >= Some(Mark::Mistake))
                        .and_then(|p| super::review::better(p, &m.san)),
                }
            })
            .collect();
        let review = judged.map(|j| SheetReview {
            depth: j.depth,
            tallies: [Color::White, Color::Black].map(|c| super::words::tally_words(&j.tally(c))),
        });
        let finished = row.status != GameStatus::Active;
        let state = ending_line(row)
            .or_else(|| crate::render::outcome_line(&*game))
            .unwrap_or_else(|| {
                let turn = row.variant.side(game.turn());
                match game.in_check() {
                    true => format!("{turn} to move, in check"),
                    false => format!("{turn} to move"),
                }
            });
        let (players, ratings) = self.web_players(row).await;
        Ok(GameSheet {
            id: row.id,
            variant: row.variant,
            players,
            ratings,
            rated: row.rated,
            days: row.days,
            options: (!row.options.is_default()).then_some(row.options),
            state,
            deadline: (!finished).then_some(row.deadline).flatten(),
            moves,
            review,
            finished,
            version: row.version,
        })
    }

    /// A game's board after its first `ply` plies (all of them when `None`), from Black's
    /// side when `flip`; `None` when there is no such ply, or images are off.
    pub async fn web_board(
        &self,
        row: &StoredGame,
        ply: Option<usize>,
        flip: bool,
    ) -> Result<Option<Vec<u8>>, Refusal> {
        let (game, moves) = self.web_load(row).await?;
        let mut row = row.clone();
        let bottom = if flip { Color::Black } else { Color::White };
        let game = match ply {
            Some(k) if k > moves.len() => return Ok(None),
            Some(k) if k < moves.len() => {
                // An earlier position: no ending written on it.
                row.status = GameStatus::Active;
                row.result = None;
                row.reason = None;
                replay(&row, &moves[..k], None).map_err(|_| Refusal::Damaged(row.id))?
            }
            _ => game,
        };
        Ok(self.image(&row, &*game, None, bottom).await)
    }

    /// The chart of a reviewed game's review; `None` when it has none or images are off.
    pub async fn web_review_chart(
        &self,
        row: &StoredGame,
        reviewed: Option<&StoredReview>,
    ) -> Result<Option<Vec<u8>>, Refusal> {
        let Some(reviewed) = reviewed.filter(|_| self.images.is_some()) else {
            return Ok(None);
        };
        let game = self.rules_game(row).await?;
        let Some(judged) = judged(row, &*game, reviewed) else {
            return Ok(None);
        };
        let chart = super::review::chart_of(row, &*game, &judged);
        let picture = crate::render::eval_chart::eval_chart;
        Ok(self
            .picture("the review chart", move || picture(&chart))
            .await)
    }

    /// A game's record: the PGN file's text.
    pub async fn web_record(&self, row: &StoredGame) -> Result<Vec<u8>, Refusal> {
        let (game, moves) = self.web_load(row).await?;
        Ok(record_file(row, &moves, &*game).bytes)
    }

    /// A game as an animated GIF, from Black's side when `flip`; `None` when images are off,
    /// or even the smallest would be too large to send.
    pub async fn web_replay(
        &self,
        row: &StoredGame,
        flip: bool,
    ) -> Result<Option<Vec<u8>>, Refusal> {
        let (game, _) = self.web_load(row).await?;
        let bottom = if flip { Color::Black } else { Color::White };
        Ok(match self.replay_gif(row, &*game, bottom).await {
            Some(Replay::Drawn(bytes)) => Some(bytes),
            _ => None,
        })
    }
}

/// One line of a tournament's standings on its page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    /// From 1; players tied on everything share one. 0 before the start.
    pub place: usize,
    pub name: Named,
    /// Points and tie-breaks as the standings write them ("2½", "7.25").
    pub points: String,
    pub tiebreaks: Vec<String>,
    pub withdrawn: bool,
}

/// One game of a tournament on its page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundGame {
    pub round: i64,
    pub game: i64,
    pub white: Named,
    pub black: Named,
    /// `1-0`, `½-½`, `0-1`, or `*` while it goes on.
    pub result: String,
}

/// What a tournament's page says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSheet {
    pub id: i64,
    pub name: String,
    /// Its system, variant and how far it has gone ("Swiss of Chess · round 2 of 5 · …").
    pub line: String,
    pub status: crate::store::TournamentStatus,
    /// The tie-breaks' short names, in the standings' order.
    pub tiebreaks: Vec<String>,
    /// The standings once it has started; its players by when they joined before.
    pub standings: Vec<StandingLine>,
    pub games: Vec<RoundGame>,
    pub version: i64,
}

impl Service {
    /// Tournament `id` as stored, where its server has pages; `None` otherwise.
    pub async fn web_event(&self, id: i64) -> Result<Option<StoredTournament>, Refusal> {
        let Some(t) = self.store.tournament(id).await? else {
            return Ok(None);
        };
        let server = super::settings::server_named(t.guild.as_deref());
        Ok(self.has_pages(server).await?.then_some(t))
    }

    /// The names of `users` for a page, and their pages' numbers: the names Herald knows,
    /// else "Player N" by Herald's number for them (an account's id is never shown).
    pub(super) async fn web_names(&self, guild: Option<&str>, users: &[String]) -> Vec<Named> {
        let names = self.names_of(guild, users).await;
        let numbers = self.web_numbers(users).await;
        names
            .into_iter()
            .zip(users)
            .enumerate()
            .map(|(i, (name, user))| {
                let number = numbers.get(user).copied();
                let name = match self.is_engine(user) {
                    true => "Herald".to_string(),
                    false => self
                        .page_name(user, name)
                        .unwrap_or_else(|| format!("Player {}", number.unwrap_or(i as i64 + 1))),
                };
                Named { name, number }
            })
            .collect()
    }

    /// What a tournament's page says of it.
    pub async fn web_tournament(&self, t: &StoredTournament) -> Result<TournamentSheet, Refusal> {
        use crate::store::{GameResult, TournamentStatus};
        let entrants = self.store.entrants(t.id).await?;
        let users: Vec<String> = entrants.iter().map(|e| e.player.clone()).collect();
        let names = self.web_names(t.guild.as_deref(), &users).await;
        let name_of = |user: &str| {
            users.iter().position(|u| u == user).map_or_else(
                || Named {
                    name: "?".to_string(),
                    number: None,
                },
                |i| names[i].clone(),
            )
        };
        let mut sheet = TournamentSheet {
            id: t.id,
            name: t.name.clone(),
            line: String::new(),
            status: t.status,
            tiebreaks: Vec::new(),
            standings: Vec::new(),
            games: Vec::new(),
            version: t.version,
        };
        if t.status == TournamentStatus::Open {
            sheet.line = format!("{} · open: players may join", t.variant.title());
            sheet.standings = names
                .iter()
                .map(|n| StandingLine {
                    place: 0,
                    name: n.clone(),
                    points: String::new(),
                    tiebreaks: Vec::new(),
                    withdrawn: false,
                })
                .collect();
            return Ok(sheet);
        }
        let table = self.table(t, entrants).await?;
        let over = t.status == TournamentStatus::Finished;
        sheet.line = super::words::crosstable_line(t, &table, over);
        sheet.tiebreaks = table
            .system
            .tiebreaks()
            .iter()
            .map(|b| b.code().to_string())
            .collect();
        sheet.standings = table
            .standings
            .iter()
            .map(|s| StandingLine {
                place: s.place,
                name: names[s.player].clone(),
                points: super::words::score(s.points),
                tiebreaks: s.tiebreaks.iter().map(|&v| super::words::trim(v)).collect(),
                withdrawn: table.entrants[s.player].withdrawn(),
            })
            .collect();
        let rows = self.store.tournament_games(t.id).await?;
        for p in self.store.pairings(t.id).await? {
            let (Some(game), Some(black)) = (p.game_id, p.at.black.as_deref()) else {
                continue;
            };
            let result = rows.iter().find(|g| g.id == game).and_then(|g| g.result);
            sheet.games.push(RoundGame {
                round: p.at.round,
                game,
                white: name_of(&p.at.white),
                black: name_of(black),
                result: match result {
                    Some(GameResult::WhiteWins) => "1-0",
                    Some(GameResult::Draw) => "½-½",
                    Some(GameResult::BlackWins) => "0-1",
                    None => "*",
                }
                .to_string(),
            });
        }
        sheet.games.sort_by_key(|g| (g.round, g.game));
        Ok(sheet)
    }

    /// A started tournament's crosstable as a PNG; `None` before the start, or when images
    /// are off.
    pub async fn web_crosstable(&self, t: &StoredTournament) -> Result<Option<Vec<u8>>, Refusal> {
        use crate::store::TournamentStatus;
        if t.status == TournamentStatus::Open {
            return Ok(None);
        }
        let entrants = self.store.entrants(t.id).await?;
        let table = self.table(t, entrants).await?;
        let over = t.status == TournamentStatus::Finished;
        Ok(self.crosstable_png(t, &table, over).await)
    }
}

/// One line of a leaderboard's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    pub rank: usize,
    pub name: Named,
    /// The rating now, with `?` while provisional.
    pub rating: String,
    pub provisional: bool,
    /// "12 games: 7 wins, 2 draws, 3 losses".
    pub record: String,
}

impl Service {
    /// A variant's leaderboard of server `guild` (none: games outside any server) for a
    /// page: `None` where that server has no pages.
    pub async fn web_leaderboard(
        &self,
        guild: Option<&str>,
        variant: VariantId,
    ) -> Result<Option<Vec<BoardLine>>, Refusal> {
        if !self.has_pages(super::settings::server_named(guild)).await? {
            return Ok(None);
        }
        let rows = self.ranked(guild, variant).await?;
        let users: Vec<String> = rows.iter().map(|r| r.player.clone()).collect();
        let names = self.web_names(guild, &users).await;
        Ok(Some(
            rows.iter()
                .zip(names)
                .enumerate()
                .map(|(i, (r, name))| BoardLine {
                    rank: i + 1,
                    name,
                    rating: r.now.shown(),
                    provisional: r.now.provisional(),
                    record: super::words::record_words(
                        r.standing.games,
                        r.standing.wins,
                        r.standing.draws,
                        r.standing.losses,
                    ),
                })
                .collect(),
        ))
    }
}
