//! Challenges: made, answered (accept starts the game, decline closes it), and rematches.

use super::command::{ColorChoice, Days, Terms};
use super::{words, Action, Button, ButtonStyle, Handled, Refusal, Reply, Request, Service, DAY};
use crate::rules::{new_game_with, Color};
use crate::store::{Challenge, ChallengeStatus, GameStatus, Offer, Opening, Settings};

/// How long a challenge waits for an answer.
pub const CHALLENGE_LIFETIME: i64 = 7 * DAY;

/// A fair coin for the colours, from the service's clock and the challenge: the same in a
/// replayed test, different from game to game.
fn challenger_gets_white(now: i64, challenge: i64) -> bool {
    crate::rules::key::mix((now as u64) ^ (challenge as u64).rotate_left(32)) & 1 == 0
}

/// Days per move: those asked for, else the server's, else Herald's.
pub(super) fn days_here(asked: Option<Days>, settings: &Settings) -> Days {
    let server = settings.days.and_then(|d| Days::new(d).ok());
    asked.or(server).unwrap_or_default()
}

impl Service {
    /// Challenges `opponent`, or with none posts an open challenge anyone here may accept.
    pub(super) async fn challenge(
        &self,
        req: &Request,
        opponent: Option<&str>,
        mut terms: Terms,
        rematch_of: Option<i64>,
    ) -> Handled {
        let settings = self.settings_of(req).await?;
        terms.days = Some(days_here(terms.days, &settings));
        let opponent = opponent.map(str::trim);
        match opponent {
            Some("") => return Err(Refusal::NoOpponent),
            Some(o) if o == req.user => return Err(Refusal::SelfChallenge),
            _ => {}
        }
        // The rules say whether this variant takes these options.
        terms.options.for_variant(terms.variant)?;
        // A position to start from must be one of the variant's, with a game left to play.
        if let Some(fen) = &terms.fen {
            let game =
                new_game_with(terms.variant, Some(fen.trim()), terms.options).map_err(|e| {
                    Refusal::Setup(format!(
                        "That position text cannot start a game of {}: {e}.",
                        terms.variant.title()
                    ))
                })?;
            if let Some(outcome) = game.outcome() {
                return Err(Refusal::PositionOver(outcome.to_string()));
            }
            terms.fen = Some(game.position_text());
        }
        // Ratings compare games under the same rules from the same start: anything else is casual.
        let standard = terms.options == crate::rules::GameOptions::default() && terms.fen.is_none();
        // A game against Herald's engine is casual, and starts at once.
        let engine = opponent.filter(|o| self.is_engine(o));
        let rated = match terms.rated {
            Some(true) if engine.is_some() => return Err(Refusal::RatedEngine),
            _ if engine.is_some() => false,
            Some(true) if terms.fen.is_some() => return Err(Refusal::RatedFromPosition),
            Some(true) if !standard => return Err(Refusal::RatedNonStandard),
            Some(rated) => rated,
            None => standard,
        };
        if terms.level.is_some() && engine.is_none() {
            return Err(Refusal::LevelForPeople);
        }
        let now = self.now();
        // An open challenge goes to the server's channel for them, if it chose one.
        let channel = match (opponent, &settings.open_channel) {
            (None, Some(c)) => c.clone(),
            _ => req.channel.clone(),
        };
        match opponent {
            Some(o) => self.check_new_pair(req, o, now).await?,
            None => {
                let mine = self.store.open_challenges_of(&req.user, now).await?;
                let same = mine.iter().find(|c| {
                    c.offer.challenged.is_none()
                        && c.offer.channel == channel
                        && c.offer.variant == terms.variant
                });
                if let Some(c) = same {
                    return Err(Refusal::OpenToAllAlready(c.id));
                }
            }
        }
        let c = self
            .store
            .create_challenge(&Offer {
                guild: req.guild.clone(),
                channel: channel.clone(),
                challenger: req.user.clone(),
                challenged: opponent.map(str::to_string),
                variant: terms.variant,
                color: terms.color,
                days: terms.days.unwrap_or_default().get(),
                options: terms.options,
                rated,
                engine_level: engine.map(|_| terms.level.unwrap_or_default().get() as i64),
                rematch_of,
                created_at: now,
                expires_at: now + CHALLENGE_LIFETIME,
                start_fen: terms.fen.clone(),
            })
            .await?;
        if let Some(herald) = engine {
            return self.start_game(req, &c, herald, now).await;
        }
        let accept = Button::new("Accept", Action::Accept(c.id), ButtonStyle::Primary);
        let cancel = Button::new("Cancel", Action::Withdraw(c.id), ButtonStyle::Danger);
        let Some(opponent) = opponent else {
            let rating = match rated {
                true => Some(self.shown_rating(&req.user, terms.variant).await?),
                false => None,
            };
            let role = settings.role(terms.variant);
            let text = words::open_challenge(&req.user, &terms, rating, c.id, role);
            let mut post = Reply::new(&channel, text).with_buttons(vec![accept, cancel]);
            post.roles = role.into_iter().map(str::to_string).collect();
            if channel == req.channel {
                return Ok(vec![post]);
            }
            let told = Reply::private(&req.channel, words::posted_in(&channel, c.id));
            return Ok(vec![told, post]);
        };
        let ratings = match rated {
            true => Some([
                self.shown_rating(&req.user, terms.variant).await?,
                self.shown_rating(opponent, terms.variant).await?,
            ]),
            false => None,
        };
        let text = words::challenge(&req.user, opponent, &terms, rematch_of.is_some(), ratings);
        let decline = Button::new("Decline", Action::Decline(c.id), ButtonStyle::Secondary);
        Ok(vec![Reply::new(&req.channel, text)
            .notify(&[opponent])
            .with_buttons(vec![accept, decline, cancel])])
    }

    /// Refuses a challenge to `opponent` while the two have a game or a challenge open here.
    async fn check_new_pair(&self, req: &Request, opponent: &str, now: i64) -> Result<(), Refusal> {
        let active = self.store.active_games_in(&req.channel, &req.user).await?;
        if let Some(g) = active.iter().find(|g| g.has_player(opponent)) {
            return Err(Refusal::AlreadyPlaying {
                opponent: opponent.to_string(),
                game: g.id,
            });
        }
        let open = self
            .store
            .open_challenges_between(&req.channel, &req.user, opponent)
            .await?;
        if let Some(c) = open.iter().find(|c| c.offer.expires_at > now) {
            return Err(Refusal::OpenChallenge {
                opponent: opponent.to_string(),
                challenge: c.id,
            });
        }
        Ok(())
    }

    /// The challenger takes back an open challenge.
    pub(super) async fn withdraw(&self, req: &Request, id: i64) -> Handled {
        let c = self.open_challenge(req, id, true).await?;
        if !self
            .store
            .close_challenge(c.id, ChallengeStatus::Withdrawn)
            .await?
        {
            return Err(Refusal::AlreadyAnswered);
        }
        let told: Vec<&str> = c.offer.challenged.as_deref().into_iter().collect();
        Ok(vec![
            Reply::new(&c.offer.channel, words::withdrawn(&c)).notify(&told)
        ])
    }

    /// The open, unexpired challenges here that the asker made (`made`) or may answer, to or
    /// from `other` when named. The asker may accept (`open_to_all`) the challenges open to
    /// anyone too, but only when none is made to them.
    async fn open_here(
        &self,
        req: &Request,
        made: bool,
        other: Option<&str>,
        open_to_all: bool,
    ) -> Result<Vec<Challenge>, Refusal> {
        let now = self.now();
        let mut open = self.store.open_challenges_of(&req.user, now).await?;
        open.retain(|c| {
            let o = &c.offer;
            let (me, them) = if made {
                (Some(&o.challenger), o.challenged.as_ref())
            } else {
                (o.challenged.as_ref(), Some(&o.challenger))
            };
            o.channel == req.channel
                && me == Some(&req.user)
                && other.is_none_or(|w| them.is_some_and(|t| t == w))
        });
        if open.is_empty() && open_to_all {
            open = self.store.open_to_all_in(&req.channel, now).await?;
            open.retain(|c| {
                c.offer.challenger != req.user && other.is_none_or(|w| c.offer.challenger == w)
            });
        }
        Ok(open)
    }

    /// /accept, /decline and /withdraw: the challenge by number, else the asker's one open
    /// challenge here of that side (received to answer, made to withdraw), with `other`
    /// when named.
    pub(super) async fn by_command(
        &self,
        req: &Request,
        deed: Deed,
        other: Option<&str>,
        number: Option<i64>,
    ) -> Handled {
        let made = deed == Deed::Withdraw;
        let id = match number {
            Some(id) => id,
            None => {
                let open = self
                    .open_here(req, made, other, deed == Deed::Accept)
                    .await?;
                match (open.as_slice(), other) {
                    ([c], _) => c.id,
                    ([], Some(who)) if made => return Err(Refusal::NoChallengeTo(who.to_string())),
                    ([], Some(who)) => return Err(Refusal::NoChallengeFrom(who.to_string())),
                    ([], None) if made => return Err(Refusal::NoChallengeToWithdraw),
                    ([], None) => return Err(Refusal::NoChallengeToAnswer),
                    (several, _) => {
                        let list = several.iter().map(|c| {
                            let o = &c.offer;
                            let them = if made {
                                o.challenged.clone()
                            } else {
                                Some(o.challenger.clone())
                            };
                            (them, c.id, o.variant)
                        });
                        return Err(Refusal::WhichChallenge(list.collect()));
                    }
                }
            }
        };
        match deed {
            Deed::Accept => self.answer(req, id, true).await,
            Deed::Decline => self.answer(req, id, false).await,
            Deed::Withdraw => self.withdraw(req, id).await,
        }
    }

    /// Challenge `id` while it is open, if the asker made it (`made`) or received it.
    async fn open_challenge(
        &self,
        req: &Request,
        id: i64,
        made: bool,
    ) -> Result<Challenge, Refusal> {
        let c = self
            .store
            .challenge(id)
            .await?
            .ok_or(Refusal::ChallengeGone)?;
        // A closed challenge is closed for everyone (an open one's taker is known by now).
        if c.status != ChallengeStatus::Open {
            return Err(Refusal::ChallengeClosed(c.status));
        }
        match made {
            true if req.user != c.offer.challenger => {
                return Err(Refusal::NotYourChallenge(c.offer.challenger))
            }
            false => match &c.offer.challenged {
                Some(to) if *to != req.user => return Err(Refusal::NotChallenged(to.clone())),
                None if req.user == c.offer.challenger => return Err(Refusal::OwnOpenChallenge),
                _ => {}
            },
            _ => {}
        }
        Ok(c)
    }

    pub(super) async fn answer(&self, req: &Request, id: i64, accept: bool) -> Handled {
        let c = self.open_challenge(req, id, false).await?;
        let now = self.now();
        if c.offer.expires_at <= now {
            self.store
                .close_challenge(c.id, ChallengeStatus::Expired)
                .await?;
            return Err(Refusal::ChallengeClosed(ChallengeStatus::Expired));
        }
        if !accept && c.offer.challenged.is_none() {
            return Err(Refusal::DeclineOpen);
        }
        if !accept {
            if !self
                .store
                .close_challenge(c.id, ChallengeStatus::Declined)
                .await?
            {
                return Err(Refusal::AlreadyAnswered);
            }
            return Ok(vec![
                Reply::new(&c.offer.channel, words::declined(&c)).notify(&[&c.offer.challenger])
            ]);
        }
        self.start_game(req, &c, &req.user, now).await
    }

    /// Starts the game of a challenge that `taker` accepted, in its own thread when it can.
    async fn start_game(&self, req: &Request, c: &Challenge, taker: &str, now: i64) -> Handled {
        let challenged = c.offer.challenged.clone().unwrap_or(taker.to_string());
        let challenger_white = c
            .offer
            .color
            .color()
            .map_or_else(|| challenger_gets_white(now, c.id), |x| x == Color::White);
        let (white, black) = if challenger_white {
            (&c.offer.challenger, &challenged)
        } else {
            (&challenged, &c.offer.challenger)
        };
        let game = new_game_with(
            c.offer.variant,
            c.offer.start_fen.as_deref(),
            c.offer.options,
        )
        .map_err(|e| Refusal::Setup(e.to_string()))?;
        let first = if game.turn() == Color::White {
            white
        } else {
            black
        };
        let clock = self
            .clock_of(first, c.offer.guild.as_deref(), c.offer.days)
            .await;
        let row = self
            .store
            .accept_challenge(
                c,
                &Opening {
                    white: white.clone(),
                    black: black.clone(),
                    start_fen: game.position_text(),
                    deadline: Some(clock),
                    created_at: now,
                },
            )
            .await?;
        self.remember(&row, &*game);
        let name = words::thread_name(&row);
        let placed = self.place(req, &c.offer.channel, row, name).await?;
        let row = placed.row;
        // Who took an open challenge was not known before: its challenger hears of it too.
        let first = row.player(game.turn()).to_string();
        let told: &[&str] = match c.offer.challenged {
            Some(_) => &[&first],
            None => &[white, black],
        };
        let mut text = words::started(&row, game.turn());
        if let Some(level) = row.engine_level {
            text.push(words::engine_level(level));
        }
        let mut reply = Reply::new(&row.channel, text)
            .turn(&row, told)
            // Nothing to take back before the first move.
            .with_buttons(super::card_buttons(row.id, None, false));
        reply.image = self.image(&row, &*game, None, game.turn()).await;
        // Where the game went to its thread, the word on it answers the press here; where it
        // stayed (no permission for threads), the board answers it and the notice follows.
        let mut replies = vec![reply];
        if let Some(notice) = placed.notice {
            match notice.channel == row.channel {
                true => replies.push(notice),
                false => replies.insert(0, notice),
            }
        }
        // Herald moves at once when it has the first move.
        replies.extend(self.engine_turn(&row).await?);
        Ok(replies)
    }

    pub(super) async fn rematch(&self, req: &Request, id: i64) -> Handled {
        let old = self.store.game(id).await?.ok_or(Refusal::GameGone)?;
        if !old.has_player(&req.user) {
            return Err(Refusal::RematchNotPlayer);
        }
        if old.status == GameStatus::Active {
            return Err(Refusal::StillPlaying);
        }
        let opponent = old.opponent_of(&req.user).to_string();
        // The opponent asked first: pressing Rematch accepts their offer.
        let offered = self
            .store
            .open_challenges_between(&old.channel, &req.user, &opponent)
            .await?
            .into_iter()
            .find(|c| {
                c.offer.rematch_of == Some(old.id)
                    && c.offer.challenged.as_deref() == Some(req.user.as_str())
            });
        if let Some(c) = offered {
            return self.answer(req, c.id, true).await;
        }
        let here = Request {
            channel: old.channel.clone(),
            guild: old.guild.clone(),
            ..req.clone()
        };
        let terms = Terms {
            variant: old.variant,
            // Colours reversed: the asker takes the other colour.
            color: ColorChoice::of(!old.color_of(&req.user)),
            days: Some(Days::new(old.days).unwrap_or_default()),
            options: old.options,
            rated: (!self.is_engine(&opponent)).then_some(old.rated),
            level: old
                .engine_level
                .and_then(|l| super::command::Level::new(l).ok()),
            // A game from a position is played again from that position.
            fen: new_game_with(old.variant, None, old.options)
                .ok()
                .filter(|start| start.position_text() != old.start_fen)
                .map(|_| old.start_fen.clone()),
        };
        self.challenge(&here, Some(&opponent), terms, Some(old.id))
            .await
    }
}

/// What a command does to a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Deed {
    Accept,
    Decline,
    Withdraw,
}
