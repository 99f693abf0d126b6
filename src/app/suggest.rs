//! Move suggestions while a player types (Discord's autocomplete): up to 25 legal moves that
//! match the text so far, labelled for people, with SAN as the value to send back.

use super::Service;
use crate::rules::shown;
use crate::rules::{AnyGame, BoardView, MoveInfo, MoveKind, MoveMarks, Square};
use crate::store::{GameStatus, StoredGame};

/// Discord shows at most 25 choices.
pub const MAX_CHOICES: usize = 25;

/// One suggestion: what the player reads, and what is sent back when they pick it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub value: String,
}

/// A game offered to pick: what the player reads, and its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChoice {
    pub label: String,
    pub game: i64,
}

fn name_at(board: &BoardView, sq: Square) -> &'static str {
    board
        .pieces
        .iter()
        .find(|(s, _)| *s == sq)
        .map_or("piece", |(_, p)| p.name)
}

/// A piece going from one square to another, taking what it takes on the way.
fn step(board: &BoardView, name: &str, m: &MoveMarks) -> String {
    match m.victims.first() {
        Some(&v) if v == m.to => format!("{name} {} × {} {v}", m.from, name_at(board, v)),
        Some(&v) => format!("{name} {} × {} {v} → {}", m.from, name_at(board, v), m.to),
        None => format!("{name} {} → {}", m.from, m.to),
    }
}

/// "Herald c1 → e3", "Herald c1 × Sentinel e3", "Assassin e1 × Herald e8 → e9",
/// "Mage d5 blasts (takes c6, e4)", "O-O (Pope g1 → j1)", "Legionary e12 → e13 = Sentinel".
pub fn label(board: &BoardView, mv: &MoveInfo) -> String {
    let m = &mv.marks;
    let name = name_at(board, m.from);
    let mut text = match mv.kind {
        // Moves that are not a piece going from one square to another (AGEIOU's portal
        // travel, building, king-bishop swap and king placement; Epoch's claim in place) read
        // best in the rules' own words.
        MoveKind::PortalMove
        | MoveKind::Build
        | MoveKind::Swap
        | MoveKind::Place
        | MoveKind::Claim => return mv.description.clone(),
        MoveKind::Blast => {
            let mut victims = m.victims.clone();
            victims.sort_by_key(|v| (v.file, v.rank));
            let caught: Vec<String> = victims.iter().map(|v| v.to_string()).collect();
            format!("{name} {} blasts (takes {})", m.from, caught.join(", "))
        }
        MoveKind::Castle => format!(
            "{} ({name} {} → {})",
            mv.san.trim_end_matches(['+', '#']),
            m.from,
            m.to
        ),
        _ => step(board, name, m),
    };
    let promotion = mv
        .san
        .split_once('=')
        .filter(|_| mv.kind == MoveKind::Promotion);
    if let Some((_, piece)) = promotion {
        let letter = piece.chars().next().unwrap_or(' ');
        // The new piece's name is in the description ("… traded for a Sentinel").
        let new = mv
            .description
            .rsplit(' ')
            .next()
            .filter(|w| w.starts_with(letter))
            .unwrap_or(piece);
        text.push_str(&format!(" = {new}"));
    }
    if mv.san.ends_with('#') {
        text.push_str(" (mate)");
    } else if mv.san.ends_with('+') {
        text.push_str(" (check)");
    }
    text
}

/// The moves of `game` matching `typed`: those whose SAN or coordinates start with it; when
/// none do, the same in any case (`E4`, `nf3`); then those with a word of their label
/// starting with it ("mage", "blasts", "sentinel").
pub fn matching(game: &dyn AnyGame, typed: &str) -> Vec<Choice> {
    let board = game.board();
    // Separators dropped, case kept: "H" is a Herald, "h" a file.
    let key = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '-' | 'x' | ':' | '=' | '+' | '#' | '!' | '?'))
            .collect()
    };
    let wanted = key(typed);
    let lower = typed.trim().to_lowercase();
    let choices: Vec<(MoveInfo, Choice)> = game
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let choice = Choice {
                label: label(&board, &mv),
                value: mv.san.clone(),
            };
            (mv, choice)
        })
        .collect();
    let mut found: Vec<Choice> = choices
        .iter()
        .filter(|(mv, _)| {
            wanted.is_empty()
                || key(&mv.san).starts_with(&wanted)
                || key(&mv.coordinate).starts_with(&wanted)
        })
        .map(|(_, c)| c.clone())
        .collect();
    // A phone's capitals (E4, G1F3) or a piece's letter in lower case (nf3): the same keys,
    // case folded, so that "bc" offers Bc4 and bxc5 both.
    if found.is_empty() && !wanted.is_empty() {
        let folded = wanted.to_lowercase();
        found = choices
            .iter()
            .filter(|(mv, _)| {
                key(&mv.san).to_lowercase().starts_with(&folded)
                    || key(&mv.coordinate).to_lowercase().starts_with(&folded)
            })
            .map(|(_, c)| c.clone())
            .collect();
    }
    if found.is_empty() && lower.len() >= 2 {
        found = choices
            .into_iter()
            .filter(|(_, c)| {
                c.label
                    .to_lowercase()
                    .split(|ch: char| !ch.is_alphanumeric())
                    .any(|word| word.starts_with(&lower))
            })
            .map(|(_, c)| c)
            .collect();
    }
    // Any other form the rules accept (a pawn move with its letter, Pe4 or Le7) names its move.
    if found.is_empty() && !wanted.is_empty() {
        if let Ok(mv) = game.parse_move(typed) {
            found.push(Choice {
                label: label(&board, &mv),
                value: mv.san,
            });
        }
    }
    found.sort_by(|a, b| a.value.cmp(&b.value));
    found.truncate(MAX_CHOICES);
    found
}

impl Service {
    /// Suggestions for `/move` as `user` types in `channel`. When there is nothing to
    /// suggest, the only choice says why.
    pub async fn suggest(
        &self,
        user: &str,
        channel: &str,
        typed: &str,
        opponent: Option<&str>,
    ) -> Vec<Choice> {
        let explain = |text: String| {
            vec![Choice {
                label: text,
                value: typed.to_string(),
            }]
        };
        let games = match self.store.active_games_in(channel, user).await {
            Ok(g) => g,
            Err(_) => return explain("Herald cannot reach its database right now".into()),
        };
        let games: Vec<_> = games
            .into_iter()
            .filter(|g| opponent.is_none_or(|o| g.opponent_of(user) == o))
            .collect();
        let [row] = games.as_slice() else {
            return explain(if games.is_empty() {
                "no game here: choose the game first".into()
            } else {
                "several games here: choose the opponent first".into()
            });
        };
        self.suggest_for(row, user, typed).await
    }

    /// Legal moves for what `user` typed in their game number `game`, from anywhere.
    pub async fn suggest_in(&self, user: &str, game: i64, typed: &str) -> Vec<Choice> {
        match self.store.game(game).await {
            Ok(Some(row)) if row.has_player(user) && row.status == GameStatus::Active => {
                self.suggest_for(&row, user, typed).await
            }
            Ok(_) => vec![Choice {
                label: format!("game #{game} is not an unfinished game of yours"),
                value: typed.to_string(),
            }],
            Err(_) => vec![Choice {
                label: "Herald cannot reach its database right now".into(),
                value: typed.to_string(),
            }],
        }
    }

    /// The games `user` may name in /move: those waiting for their move first, the least
    /// time left first, then the others; at most [`MAX_CHOICES`].
    pub async fn game_choices(&self, user: &str) -> Vec<GameChoice> {
        let Ok(games) = self.store.games_of(user, true).await else {
            return Vec::new();
        };
        let (rows, _damaged) = self.by_urgency(user, games).await;
        let now = self.now();
        rows.into_iter()
            .take(MAX_CHOICES)
            .map(|(yours, g)| GameChoice {
                label: format!(
                    "#{} {}, {}",
                    g.id,
                    g.variant.title(),
                    super::words::standing(&g, yours, now)
                ),
                game: g.id,
            })
            .collect()
    }

    async fn suggest_for(&self, row: &StoredGame, user: &str, typed: &str) -> Vec<Choice> {
        let explain = |text: String| {
            vec![Choice {
                label: text,
                value: typed.to_string(),
            }]
        };
        let Ok(game) = self.rules_game(row).await else {
            return explain("this game cannot be loaded".into());
        };
        if game.turn() != row.color_of(user) {
            // A choice's label cannot show a mention, so the opponent is not named.
            return explain("not your turn: your opponent is to move".into());
        }
        let choices = matching(&*game, typed);
        if choices.is_empty() {
            return explain(format!("no legal move matches '{}'", shown(typed.trim())));
        }
        choices
    }
}
