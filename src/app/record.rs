//! The game record: a PGN file, as chess programs read it.

use super::words::reason_words;
use super::{Attachment, DAY};
use crate::rules::{new_game, AnyGame, Color, Reason, VariantId};
use crate::store::{EndReason, GameResult, GameStatus, StoredGame, StoredMove};

/// The move number indication a ply needs, if any: `n.` before every White ply, `n...`
/// before a Black ply unless it directly follows White's ply of the same number with no
/// comment between them. Numbers count full moves, from the rules: a ply
/// that does not pass the turn (AGEIOU's placing of a captured king) keeps its number, so the
/// ply after it repeats the number (`6. K@d3 6. Ne3 Bf6`, `6. Nxe4 K@d3 6... Bf6`).
pub(super) fn number_before(
    numbers: &[(u32, Color)],
    i: usize,
    after_comment: bool,
) -> Option<String> {
    let (n, side) = numbers[i];
    match side {
        Color::White => Some(format!("{n}.")),
        Color::Black if !after_comment && i > 0 && numbers[i - 1] == (n, Color::White) => None,
        Color::Black => Some(format!("{n}...")),
    }
}

/// The moves as numbered SAN, `1. e4 e5 2. Nf3 `, numbered by the rules (a game may start
/// with Black to move, and a ply may not pass the turn): `numbers` gives each ply's move
/// number and side.
pub fn movetext(moves: &[StoredMove], numbers: &[(u32, Color)]) -> String {
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate().take(numbers.len()) {
        if let Some(number) = number_before(numbers, i, false) {
            text.push_str(&number);
            text.push(' ');
        }
        text.push_str(&m.san);
        text.push(' ');
    }
    text
}

/// The date of a Unix time, `2026.11.29`.
fn date(t: i64) -> String {
    let (y, m, d) = crate::calendar::civil(t);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The longest line of a record, as PGN's export format asks.
const LINE: usize = 79;

/// A tag value as PGN writes it: backslash and quote escaped, no line breaks.
fn tag_value(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// The PGN `Termination` of a game: `normal` for every end the rules or the players decided
/// (a repetition that loses excepted), `rules infraction` for a loss by repeating a position
/// (Epoch, Empire Chess), `time forfeit`, `abandoned` for an aborted game and for one forfeited
/// by a player who withdrew from its tournament, and `unterminated` for one still going.
fn termination(row: &StoredGame) -> &'static str {
    match (row.status, row.reason) {
        (GameStatus::Active, _) => "unterminated",
        (GameStatus::Aborted, _) | (_, Some(EndReason::Forfeit)) => "abandoned",
        (GameStatus::Finished, Some(EndReason::Time)) => "time forfeit",
        (GameStatus::Finished, Some(EndReason::Rules(Reason::Repetition)))
            if row.result != Some(GameResult::Draw) =>
        {
            "rules infraction"
        }
        (GameStatus::Finished, _) => "normal",
    }
}

/// How the game ended, in a sentence for the closing comment; `to_move` is the side to move
/// at the end. None for a game still going.
fn ending(row: &StoredGame, to_move: Color) -> Option<String> {
    let side = |c: Color| row.variant.side(c);
    let winner = row.result?.winner();
    Some(match (row.reason?, winner) {
        (EndReason::Rules(r), Some(w)) => format!(
            "{} wins by {}.",
            side(w),
            reason_words(r, Some(w == to_move))
        ),
        (EndReason::Rules(r), None) => format!("Draw by {}.", reason_words(r, None)),
        (EndReason::Time, Some(w)) => format!("{} lost on time.", side(!w)),
        (EndReason::Time, None) => format!(
            "{} ran out of time; a draw, as {} could not have won.",
            side(to_move),
            side(!to_move)
        ),
        (EndReason::Resignation, Some(w)) => format!("{} resigned.", side(!w)),
        (EndReason::Resignation, None) => "Resigned.".to_string(),
        (EndReason::Agreement, _) => "Draw by agreement.".to_string(),
        (EndReason::Forfeit, Some(w)) => format!(
            "{} withdrew from the tournament: {} wins by forfeit.",
            side(!w),
            side(w)
        ),
        (EndReason::Forfeit, None) => "Forfeited.".to_string(),
    })
}

/// The game record in PGN: the Seven Tag Roster (Event, Site, Date, Round, White, Black,
/// Result), then `Variant` for every game but chess (its title, "Chess 13: Epoch"),
/// `TimeControl` (one move per so many seconds, `1/259200` for 3 days), `Termination`,
/// `PlyCount`, `SetUp` and `FEN` only when the game did not start from its variant's start
/// position, AGEIOU's `Options`, and after a swap `Swap "yes"` with `FirstMoveBy` (who played
/// White's first move, also said in a comment after it); then the numbered moves, a comment
/// saying how the game ended, and the result. Lines are at most 79 characters.
fn record(row: &StoredGame, moves: &[StoredMove], game: &dyn AnyGame) -> String {
    let result = match row.status {
        GameStatus::Finished => row.result.map_or("*", |r| r.word()),
        _ => "*",
    };
    let standard = new_game(row.variant, None).map(|g| g.start_text());
    let start = game.start_text();
    let first_mover = moves.first().map(|m| m.player.as_str());
    let swap = row.swapped.then(|| first_mover.unwrap_or(&row.black));
    let mut tags = vec![
        ("Event", format!("Herald game {}", row.id)),
        ("Site", format!("channel {}", row.channel)),
        ("Date", date(row.created_at)),
        ("Round", "-".to_string()),
        ("White", row.white.clone()),
        ("Black", row.black.clone()),
        ("Result", result.to_string()),
    ];
    if row.variant != VariantId::Chess {
        tags.push(("Variant", row.variant.title().to_string()));
    }
    tags.push(("TimeControl", format!("1/{}", row.days * DAY)));
    tags.push(("Termination", termination(row).to_string()));
    tags.push(("PlyCount", moves.len().to_string()));
    if standard.as_deref().ok() != Some(start.as_str()) {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", start));
    }
    if row.variant.has_options() {
        tags.push(("Options", row.options.to_string()));
    }
    if let Some(first) = swap {
        tags.push(("Swap", "yes".to_string()));
        tags.push(("FirstMoveBy", first.to_string()));
    }
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", tag_value(&v)));
    }
    out.push('\n');

    let numbers = game.move_numbers();
    let mut words: Vec<String> = Vec::new();
    let mut after_comment = false;
    for (i, m) in moves.iter().enumerate().take(numbers.len()) {
        words.extend(number_before(&numbers, i, after_comment));
        words.push(m.san.clone());
        after_comment = false;
        if let (0, Some(first)) = (i, swap) {
            let other = if first == row.white {
                &row.black
            } else {
                &row.white
            };
            let [w, b] = row.variant.sides();
            words.push(comment(&format!(
                "{w}'s first move, by {first}; then {other} swapped: {other} plays {w}, \
                 {first} plays {b}."
            )));
            after_comment = true;
        }
    }
    if row.status == GameStatus::Aborted {
        words.push(comment("Aborted before each side had moved: no result."));
    } else if let Some(end) = ending(row, game.turn()).filter(|_| result != "*") {
        words.push(comment(&end));
    }
    words.push(result.to_string());
    out.push_str(&wrap(&words.join(" ")));
    out.push('\n');
    out
}

/// A PGN comment: the text in braces, without braces of its own (a player's name may have
/// some).
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace(['{', '}'], ""))
}

/// Text broken at spaces into lines of at most [`LINE`] characters (a longer word keeps a
/// line to itself).
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if line > 0 && line + 1 + word.len() > LINE {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.len();
    }
    out
}

/// The record as the file attached to `/history`: `game-N.pgn`.
pub fn record_file(row: &StoredGame, moves: &[StoredMove], game: &dyn AnyGame) -> Attachment {
    Attachment {
        name: format!("game-{}.pgn", row.id),
        bytes: record(row, moves, game).into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameOptions;

    /// A game of `variant` between alice (White) and bob from `start` (the standard start
    /// when None), with `moves` played, as the store would hold it.
    fn stored(
        variant: VariantId,
        start: Option<&str>,
        moves: &[&str],
    ) -> (StoredGame, Vec<StoredMove>, Box<dyn AnyGame>) {
        let mut game = new_game(variant, start).unwrap();
        let start_fen = game.start_text();
        let mut row = StoredGame {
            id: 7,
            guild: None,
            channel: "general".into(),
            home: None,
            variant,
            white: "alice".into(),
            black: "bob".into(),
            start_fen: start_fen.clone(),
            fen: start_fen,
            ply: 0,
            days: 3,
            options: GameOptions::default(),
            status: GameStatus::Active,
            result: None,
            reason: None,
            swapped: false,
            draw_offer: None,
            deadline: None,
            reminded: false,
            rated: true,
            rated_order: None,
            engine_level: None,
            version: 0,
            created_at: 1_795_000_000,
            updated_at: 1_795_000_000,
        };
        let mut stored = Vec::new();
        for m in moves {
            let player = row.player(game.turn()).to_string();
            let info = game.play(m).unwrap();
            row.ply += 1;
            row.fen = game.position_text();
            stored.push(StoredMove {
                ply: row.ply,
                coordinate: info.coordinate,
                san: info.san,
                fen_after: row.fen.clone(),
                player,
                played_at: row.created_at,
            });
        }
        (row, stored, game)
    }

    fn finish(row: &mut StoredGame, result: GameResult, reason: EndReason) {
        row.status = GameStatus::Finished;
        row.result = Some(result);
        row.reason = Some(reason);
    }

    #[test]
    fn termination_follows_the_pgn_words() {
        let (mut row, _, _) = stored(VariantId::Epoch, None, &[]);
        assert_eq!(termination(&row), "unterminated");
        row.status = GameStatus::Aborted;
        assert_eq!(termination(&row), "abandoned");
        // Result, end reason (as stored), and the Termination tag: every end on the board is
        // "normal" except a loss by repeating, which breaks a rule of the game.
        let cases = "1-0, checkmate, normal; 0-1, stalemate, normal; \
            1/2-1/2, no progress, normal; 1/2-1/2, insufficient material, normal; \
            1-0, campmate, normal; 0-1, king captured, normal; 1/2-1/2, repetition, normal; \
            1-0, repetition, rules infraction; 0-1, time, time forfeit; \
            1/2-1/2, time, time forfeit; 1-0, resignation, normal; 1/2-1/2, agreement, normal";
        for case in cases.split(';') {
            let fields: Vec<&str> = case.split(',').map(str::trim).collect();
            let result: GameResult = fields[0].parse().unwrap();
            let reason: EndReason = fields[1].parse().unwrap();
            let word = fields[2];
            finish(&mut row, result, reason);
            assert_eq!(termination(&row), word, "{result} {reason}");
        }
    }

    #[test]
    fn the_closing_comment_says_how_the_game_ended() {
        let (mut row, moves, game) = stored(VariantId::Chess, None, &["f3", "e5", "g4"]);
        finish(&mut row, GameResult::BlackWins, EndReason::Time);
        let pgn = record(&row, &moves, &*game);
        assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
        assert!(pgn.ends_with("2. g4 {White lost on time.} 0-1\n"), "{pgn}");
        finish(&mut row, GameResult::Draw, EndReason::Time);
        let pgn = record(&row, &moves, &*game);
        assert!(
            pgn.contains("{Black ran out of time; a draw, as White could not have won.}"),
            "{pgn}"
        );
        finish(&mut row, GameResult::Draw, EndReason::Agreement);
        assert!(record(&row, &moves, &*game).ends_with("{Draw by agreement.} 1/2-1/2\n"));
        // AGEIOU names its sides Light and Dark.
        let (mut row, moves, game) = stored(VariantId::Ageiou, None, &["a3a4"]);
        finish(&mut row, GameResult::WhiteWins, EndReason::Resignation);
        assert!(record(&row, &moves, &*game).ends_with("1. a4 {Dark resigned.} 1-0\n"));
    }

    #[test]
    fn a_game_from_another_position_carries_setup_and_fen() {
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let (row, moves, game) = stored(VariantId::Chess, Some(after_e4), &["e5", "Nf3"]);
        let pgn = record(&row, &moves, &*game);
        assert!(
            pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{after_e4}\"]\n")),
            "{pgn}"
        );
        assert!(pgn.ends_with("\n\n1... e5 2. Nf3 *\n"), "{pgn}");
        let (row, moves, game) = stored(VariantId::Chess, None, &["e4"]);
        let pgn = record(&row, &moves, &*game);
        assert!(!pgn.contains("SetUp") && !pgn.contains("FEN"), "{pgn}");
        assert!(!pgn.contains("Variant"), "{pgn}");
    }

    #[test]
    fn tag_values_are_escaped_and_lines_kept_short() {
        let (mut row, moves, game) = stored(VariantId::Fantastic, None, &[]);
        row.white = "al \"the\" \\ice\n".into();
        let pgn = record(&row, &moves, &*game);
        assert!(pgn.contains("[White \"al \\\"the\\\" \\\\ice \"]"), "{pgn}");
        assert!(pgn.contains("[Variant \"Fantastic XIII\"]"), "{pgn}");
        let knights = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];
        let (row, moves, game) = stored(VariantId::Chess, None, &knights);
        let pgn = record(&row, &moves, &*game);
        assert!(
            pgn.ends_with("\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\n"),
            "{pgn}"
        );
        let long = "e4 d5 e5 f5 exf6 Nc6 fxg7 Nf6 gxh8=Q Bf5 Nf3 Qd6 Be2 O-O-O O-O Qxh2+ Kxh2 Ng4+";
        let long: Vec<&str> = long.split(' ').collect();
        let (row, moves, game) = stored(VariantId::Chess, None, &long);
        let pgn = record(&row, &moves, &*game);
        let movetext: Vec<&str> = pgn.lines().skip_while(|l| !l.is_empty()).collect();
        assert!(movetext.len() >= 3, "{pgn}");
        assert!(movetext.iter().all(|l| l.len() <= LINE), "{pgn}");
    }

    #[test]
    fn move_numbers_count_full_moves_when_a_ply_keeps_the_turn() {
        let m = |san: &str| StoredMove {
            ply: 0,
            coordinate: String::new(),
            san: san.into(),
            fen_after: String::new(),
            player: String::new(),
            played_at: 0,
        };
        let w = Color::White;
        let b = Color::Black;
        // Light places its king, then moves; later Dark does the same.
        let moves = ["K@d1", "b5", "Nxe4", "Nxf1", "K@d3", "Bf6", "a5"].map(m);
        let numbers = [(6, w), (6, w), (6, b), (7, w), (7, b), (7, b), (8, w)];
        assert_eq!(
            movetext(&moves, &numbers),
            "6. K@d1 6. b5 Nxe4 7. Nxf1 K@d3 7... Bf6 8. a5 "
        );
        // A game that starts with Black to move.
        assert_eq!(movetext(&moves[..2], &[(3, b), (4, w)]), "3... K@d1 4. b5 ");
    }
}
