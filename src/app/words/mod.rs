//! Every sentence a player reads: the service decides, this module words it.

use super::text::{time, user, Span, Text};
use crate::rules::{Color, GameOptions, MoveInfo, Outcome, PieceView, Power, Reason, VariantId};
use crate::store::{EndReason, GameResult, GameStatus, StoredGame};
use crate::text;

mod analysis;
mod challenges;
mod leave;
mod lines;
mod ratings;
mod refusals;
mod reviews;
mod rooms;
mod tournaments;
pub use analysis::*;
pub use challenges::*;
pub use leave::*;
pub use lines::*;
pub use ratings::*;
pub use reviews::*;
pub use rooms::*;
pub use tournaments::*;

pub fn days_text(days: i64) -> String {
    if days == 1 {
        "1 day".into()
    } else {
        format!("{days} days")
    }
}

/// The time left before a deadline, roughly ("2 days 3 hours", "40 minutes").
pub fn time_left(seconds: i64) -> String {
    let s = seconds.max(0);
    let (d, h, m) = (s / 86_400, (s % 86_400) / 3600, (s % 3600) / 60);
    match (d, h) {
        (0, 0) => format!("{} minute{}", m.max(1), plural(m)),
        (0, h) => format!("{h} hour{}", plural(h)),
        (d, 0) => days_text(d),
        (d, h) => format!("{} {h} hour{}", days_text(d), plural(h)),
    }
}

fn plural(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
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

/// The options in words, for variants that have them.
pub fn options_words(variant: VariantId, o: &GameOptions) -> Option<String> {
    variant.has_options().then(|| {
        format!(
            "portals take {} turn{} to build, the {} occurrence of a position draws, {} moves each without a capture or pawn move draw",
            o.portal_turns,
            plural(o.portal_turns as i64),
            ordinal(o.repetitions as u32),
            o.fifty
        )
    })
}

/// Why a game ended, in words. `winner_to_move` says whether the winner is the side that
/// was to move when it ended: the rules of each variant decide who wins a stalemate or a
/// repetition, and the words follow them.
pub fn reason_words(reason: Reason, winner_to_move: Option<bool>) -> &'static str {
    match (reason, winner_to_move) {
        (Reason::Checkmate, _) => "checkmate",
        (Reason::Stalemate, None) => "stalemate",
        (Reason::Stalemate, Some(true)) => "stalemate: the side with no legal move wins",
        (Reason::Stalemate, Some(false)) => "stalemate: the side with no legal move loses",
        (Reason::Repetition, Some(true)) => {
            "repetition: the player who repeated the position loses"
        }
        (Reason::Repetition, _) => "repetition of the position",
        (Reason::NoProgress, _) => "the no-progress limit",
        (Reason::InsufficientMaterial, _) => "insufficient material",
        (Reason::Campmate, _) => "campmate: a king reached the far rank",
        (Reason::KingCaptured, _) => "capturing the king, which had no bishop left to save it",
    }
}

/// The line announcing a result from the rules; `to_move` is the side to move at the end.
pub fn outcome_line(outcome: Outcome, game: &StoredGame, to_move: Color) -> Text {
    match outcome {
        Outcome::Win { winner, reason } => text![
            user(game.player(winner)),
            format!(
                " wins as {} by {}.",
                game.variant.side(winner),
                reason_words(reason, Some(winner == to_move))
            )
        ],
        Outcome::Draw { reason } => text![format!("Draw by {}.", reason_words(reason, None))],
    }
}

/// "@alice vs @bob": a game's players, White first.
pub fn versus(game: &StoredGame) -> Text {
    text![user(&game.white), " vs ", user(&game.black)]
}

/// "Game #12: @alice… @bob…": the game's players, each followed by its own words.
fn players(game: &StoredGame, after_white: String, after_black: String) -> Text {
    text![
        format!("Game #{}: ", game.id),
        user(&game.white),
        after_white,
        user(&game.black),
        after_black
    ]
}

/// "Game #3: @alice plays White, @bob plays Black, 3 days per move. @alice, you move first.",
/// naming whoever the start position gives the first move.
pub fn started(game: &StoredGame, first: Color) -> Text {
    let v = game.variant;
    let black = format!(
        " plays {}, {} per move. ",
        v.side(Color::Black),
        days_text(game.days)
    );
    text![
        players(game, format!(" plays {}, ", v.side(Color::White)), black),
        user(game.player(first)),
        ", you move first."
    ]
}

/// "alice played **e4**: Pawn e2 to e4."
pub fn played(by: &str, info: &MoveInfo) -> Text {
    text![
        user(by),
        format!(" played **{}**: {}.", info.san, info.description)
    ]
}

/// "Herald (level 3) played **Hd12**: Herald c13 to d12.": the bot by its level, so that it
/// is not read as Epoch's piece of the same name.
pub fn engine_played(level: i64, info: &MoveInfo) -> Text {
    format!(
        "Herald (level {level}) played **{}**: {}.",
        info.san, info.description
    )
    .into()
}

/// What follows a move that did not end the game: check, whose move it is, the swap.
pub fn next_to_move(game: &StoredGame, turn: Color, check: bool, swap: bool) -> Text {
    let to_move = game.player(turn);
    let mut t = text![
        if check { " Check! " } else { " " },
        user(to_move),
        format!(
            ", your move (move {}, {} to play, {}",
            game.ply / 2 + 1,
            game.variant.side(turn),
            days_text(game.days)
        ),
        until(game),
        ")."
    ];
    if swap {
        t.push(text![
            " ",
            user(to_move),
            format!(
                ", instead of moving you may take {}'s side: press Swap sides.",
                game.variant.side(Color::White)
            )
        ]);
    }
    t
}

pub fn swapped(by: &str, game: &StoredGame) -> Text {
    let white = game.variant.side(Color::White);
    let black = game.variant.side(Color::Black);
    text![
        user(by),
        " swaps sides: ",
        user(&game.white),
        format!(" now plays {white}, "),
        user(&game.black),
        format!(" plays {black}. "),
        user(&game.black),
        format!(", your move as {black}.")
    ]
}

pub fn resigned(by: &str, game: &StoredGame, winner: Color) -> Text {
    text![
        user(by),
        " resigns. ",
        user(game.player(winner)),
        format!(
            " wins as {} (game #{}).",
            game.variant.side(winner),
            game.id
        )
    ]
}

pub fn draw_offered(by: &str, to: &str) -> Text {
    text![
        user(by),
        " offers a draw. ",
        user(to),
        ", do you accept? The offer lapses if you move instead."
    ]
}

pub fn draw_agreed(by: &str, offerer: &str, game: i64) -> Text {
    text![
        user(by),
        " accepts the draw offered by ",
        user(offerer),
        format!(". Game #{game} is drawn by agreement.")
    ]
}

/// "@alice asks @bob to take back her move **Nf3** (the moves **Nf3 Nc6**)."
pub fn takeback_asked(by: &str, to: &str, taken: &[String]) -> Text {
    let what = match taken {
        [one] => format!("their last move, **{one}**"),
        _ => format!("their last move and the reply, **{}**", taken.join(" ")),
    };
    text![
        user(by),
        " asks ",
        user(to),
        format!(" to take back {what}. Accept or decline below.")
    ]
}

/// "@bob agrees: **Nf3 Nc6** taken back." (then whose move it is).
pub fn takeback_done(by: &str, taken: &[String]) -> Text {
    let moves = match taken {
        [one] => format!("**{one}** is taken back"),
        _ => format!("**{}** are taken back", taken.join(" ")),
    };
    text![
        user(by),
        format!(" agrees to the takeback: {moves}, and the clock starts again.")
    ]
}

pub fn takeback_declined(by: &str) -> Text {
    text![
        user(by),
        " declines the takeback. The game goes on as played."
    ]
}

pub fn draw_declined(by: &str) -> Text {
    text![user(by), " declines the draw. The game goes on."]
}

pub fn aborted(by: &str, game: i64) -> Text {
    text![
        user(by),
        format!(" aborted game #{game}. It has no result.")
    ]
}

/// A time-out: the opponent wins, or draws when the rules say it cannot win.
pub fn abandoned(game: &StoredGame, who: &str) -> Text {
    text![
        format!("Game #{} is aborted: ", game.id),
        user(who),
        " did not make a first move in time. An abandoned game has no result."
    ]
}

pub fn timed_out(game: &StoredGame, late: Color, winner: Option<Color>, bare: bool) -> Text {
    let loser = game.player(late);
    match winner {
        Some(w) => text![
            user(loser),
            format!(" ran out of time in game #{}. ", game.id),
            user(game.player(w)),
            format!(" wins as {}.", game.variant.side(w))
        ],
        None => text![
            user(loser),
            format!(" ran out of time in game #{}, but ", game.id),
            user(game.player(!late)),
            if bare {
                " has only its royal piece left: draw."
            } else {
                " has too little left to win: draw."
            }
        ],
    }
}

/// The deadline of a game, `until <moment>`, when it has one.
fn until(game: &StoredGame) -> Text {
    match game.deadline {
        Some(d) => text![", until ", time(d)],
        None => Text::default(),
    }
}

pub fn reminder(game: &StoredGame, who: &str, left: &str) -> Text {
    text![
        user(who),
        format!(", it is your move in game #{} against ", game.id),
        user(game.opponent_of(who)),
        match game.deadline {
            Some(d) => text![
                ": you lose on time ",
                Span::Relative {
                    at: d,
                    words: format!("in {left}"),
                },
                " (",
                time(d),
                ")."
            ],
            None => text![format!(": {left} left before you lose on time.")],
        }
    ]
}

pub fn board_caption(game: &StoredGame, turn: Color) -> Text {
    let v = game.variant;
    let white = format!(" ({}) vs ", v.side(Color::White));
    let black = format!(" ({}). {} to move: ", v.side(Color::Black), v.side(turn));
    text![players(game, white, black), user(game.player(turn)), "."]
}

/// "White Mage on d5: enhanced: …; 3 legal moves now."
/// The warning before a move that loses the game for the player who makes it.
pub fn self_defeat(info: &MoveInfo, reason: Reason, variant: VariantId) -> Text {
    let why = match reason {
        Reason::Repetition => {
            "it repeats the position a third time, and in this game the player who repeats loses"
        }
        Reason::Stalemate => {
            "it leaves your opponent without a legal move, and in this game that side wins"
        }
        _ => "it ends the game in your opponent's favour",
    };
    text![format!(
        "{} would lose you the game: {why} ({}). Press Confirm to play it anyway, or choose another move (typed: the same move with confirm:true).",
        info.san,
        variant.title()
    )]
}

/// What can be said of a piece's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceMoves {
    /// Its side is to move: this many legal moves.
    Now(usize),
    /// The other side (given) is to move: this many moves if it were the piece's turn.
    IfItsTurn(usize, Color),
    /// The other side (given) is to move, and the position with the turn passed cannot be
    /// (its king would stand in check).
    Unknown(Color),
    GameOver,
}

pub fn piece_caption(
    variant: VariantId,
    piece: &PieceView,
    square: &str,
    moves: PieceMoves,
) -> Text {
    // Only Epoch has a command zone; other variants' pieces have one version.
    let state = match piece.power {
        Power::Enhanced => ": enhanced, it stands inside its side's command zone;",
        Power::Restricted => ": restricted, it stands outside its side's command zone;",
        Power::Dormant => ": dormant, it cannot move, capture or be captured until it wakes;",
        Power::Plain if variant == VariantId::Epoch => ": the command zone does not change it;",
        Power::Plain => ":",
    };
    let count = |n: usize| format!("{n} legal move{}", plural(n as i64));
    let moves = match moves {
        PieceMoves::Now(n) => format!("{} now", count(n)),
        PieceMoves::IfItsTurn(n, turn) => format!(
            "{} if it were {}'s turn ({} is to move now; shown as if {} moved next)",
            count(n),
            variant.side(piece.color),
            variant.side(turn),
            variant.side(piece.color)
        ),
        PieceMoves::Unknown(turn) => format!(
            "its moves show once {} has answered the check ({} is to move now)",
            variant.side(turn),
            variant.side(turn)
        ),
        PieceMoves::GameOver => "the game is over".to_string(),
    };
    text![format!(
        "{} {} on {square}{state} {moves}.",
        variant.side(piece.color),
        piece.name
    )]
}

/// One line of `/games`.
pub fn games_line(
    game: &StoredGame,
    me: &str,
    yours: bool,
    left: Option<String>,
    away: Option<i64>,
) -> Text {
    let clock = match away {
        Some(ends) => text![", on vacation until ", time(ends)],
        None => text![
            left.map(|l| format!(", {l} left")).unwrap_or_default(),
            until(game)
        ],
    };
    text![
        format!("- #{} {} vs ", game.id, game.variant.title()),
        user(game.opponent_of(me)),
        " in ",
        super::text::place(game.guild.as_deref(), &game.channel),
        format!(
            ", move {}: {}",
            game.ply / 2 + 1,
            if yours { "**your move**" } else { "their move" },
        ),
        clock
    ]
}

/// A line of /games for a game that cannot be read.
pub fn damaged_line(id: i64) -> Text {
    format!("- #{id}: damaged in Herald's database, so it cannot be shown or played; an admin can run `herald db check`").into()
}

pub const GAMES_HEADING: &str = "Your unfinished games, most urgent first:";
/// The message carrying `/history gif:true`'s animation.
pub const HISTORY_GIF: &str = "The whole game, move by move:";

/// Said instead of a GIF too big to send, even drawn small.
pub const HISTORY_GIF_TOO_BIG: &str = "This game is too long for a GIF Discord takes (10 MB at most), even drawn small: the record file above holds every move, and any PGN viewer replays it.";
pub const CHALLENGES_HEADING: &str = "Your open challenges:";
pub const NO_GAMES: &str =
    "You have no unfinished games and no open challenges. Start one with /challenge.";

/// A finished or aborted game's caption: the players and how it ended.
pub fn final_caption(game: &StoredGame, to_move: Color) -> Text {
    let v = game.variant;
    let white = format!(" ({}) vs ", v.side(Color::White));
    let black = format!(" ({}). ", v.side(Color::Black));
    text![players(game, white, black), ending(game, to_move)]
}

/// How a game ended, from its stored result and reason; `to_move` is the side to move at
/// the end.
pub fn ending(game: &StoredGame, to_move: Color) -> Text {
    let v = game.variant;
    let winner = game.result.and_then(GameResult::winner);
    let won = |w: Color| text![user(game.player(w)), format!(" won as {}", v.side(w))];
    match (game.status, game.reason, winner) {
        (GameStatus::Aborted, _, _) => "Aborted before each side had moved: no result.".into(),
        (GameStatus::Active, _, _) => "Still being played.".into(),
        (_, Some(EndReason::Rules(r)), Some(w)) => text![
            won(w),
            format!(" by {}.", reason_words(r, Some(w == to_move)))
        ],
        (_, Some(EndReason::Rules(r)), None) => {
            format!("Drawn by {}.", reason_words(r, None)).into()
        }
        (_, Some(EndReason::Time), Some(w)) => {
            text![user(game.player(!w)), " ran out of time; ", won(w), "."]
        }
        (_, Some(EndReason::Time), None) => text![
            user(game.player(to_move)),
            " ran out of time; drawn, as the other side could not win."
        ],
        (_, Some(EndReason::Resignation), Some(w)) => {
            text![user(game.player(!w)), " resigned; ", won(w), "."]
        }
        (_, Some(EndReason::Agreement), _) => "Drawn by agreement.".into(),
        (_, Some(EndReason::Forfeit), Some(w)) => text![
            user(game.player(!w)),
            " withdrew from the tournament; ",
            won(w),
            " by forfeit."
        ],
        (_, _, Some(w)) => text![won(w), "."],
        (_, _, None) => "Drawn.".into(),
    }
}

/// The head of `/history`: the players, the moves and the result.
pub fn history(game: &StoredGame, movetext: &str) -> Text {
    let options = options_words(game.variant, &game.options)
        .map(|w| format!(" ({w})"))
        .unwrap_or_default();
    text![
        format!("Game #{} ({}{options}), ", game.id, game.variant.title()),
        versus(game),
        format!(
            ": {}{}",
            if movetext.is_empty() {
                "no moves yet "
            } else {
                movetext
            },
            game.result.map_or("*", |r| r.word())
        )
    ]
}

/// The longest private note, in characters.
pub const NOTE_LIMIT: usize = 2000;

/// A player's note on a game, as shown to them alone.
pub fn note_shown(game: &StoredGame, note: &str) -> Text {
    text![
        format!("Your note on game #{} (", game.id),
        versus(game),
        format!("), which only you see:\n{note}")
    ]
}

pub fn no_note(id: i64) -> Text {
    format!("You keep no note on game #{id}. Write one with /note text:… (only you will see it).")
        .into()
}

pub fn note_kept(id: i64) -> Text {
    format!("Your note on game #{id} is kept; only you see it (/note shows it, /board with it).")
        .into()
}

pub fn note_dropped(id: i64, had: bool) -> Text {
    match had {
        true => format!("Your note on game #{id} is dropped."),
        false => format!("You kept no note on game #{id}: nothing to drop."),
    }
    .into()
}
