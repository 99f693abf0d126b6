//! Differential test: Herald's legal moves against those of an independent reference
//! implementation of the Epoch rules, written from the rulebook and epoch.md alone without
//! seeing Herald's code (tests/fixtures/epoch_reference.txt: 115 hand-made positions covering
//! every rule, and 320 positions from random games).

use herald::rules::{new_game, VariantId};

#[test]
fn legal_moves_agree_with_the_independent_reference() {
    let text = include_str!("../fixtures/epoch_reference.txt");
    let mut compared = 0;
    let mut comment = "";
    let mut fen = "";
    for line in text.lines() {
        if let Some(c) = line.strip_prefix('#') {
            comment = c.trim();
        } else if let Some(f) = line.strip_prefix("fen: ") {
            fen = f;
        } else if let Some(m) = line.strip_prefix("moves:") {
            let want: Vec<&str> = m.split_whitespace().collect();
            let game = new_game(VariantId::Epoch, Some(fen))
                .unwrap_or_else(|e| panic!("{comment}\n{fen}: {e}"));
            let got = game.legal_coordinates();
            if got != want {
                let only_here: Vec<&String> =
                    got.iter().filter(|g| !want.contains(&g.as_str())).collect();
                let only_there: Vec<&&str> = want
                    .iter()
                    .filter(|w| !got.iter().any(|g| g == *w))
                    .collect();
                panic!(
                    "{comment}\n{fen}\nonly Herald: {only_here:?}\nonly the reference: {only_there:?}"
                );
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 435);
}
