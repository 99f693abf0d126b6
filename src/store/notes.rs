//! Private notes (/note): a player's own words on one of their games, one per player per
//! game, kept after the game ends and shown to no one else.

use super::sql::sql;
use super::{Store, StoreError};

impl Store {
    /// A player's note on a game, if they keep one.
    pub async fn note(&self, game_id: i64, player: &str) -> Result<Option<String>, StoreError> {
        let text = "SELECT text FROM notes WHERE game_id = $1 AND player = $2";
        self.text_of(sql(text).bind(game_id).bind(player)).await
    }

    /// Keeps `text` as the player's note on the game, in place of any before (one statement,
    /// so a crash keeps the old note or the new); an empty text drops the note. Returns
    /// whether a note changed.
    pub async fn set_note(
        &self,
        game_id: i64,
        player: &str,
        text: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let statement = match text.is_empty() {
            true => sql("DELETE FROM notes WHERE game_id = $1 AND player = $2"),
            false => sql(
                "INSERT INTO notes (game_id, player, text, updated_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (game_id, player) DO UPDATE SET text = $3, updated_at = $4",
            ),
        };
        let mut statement = statement.bind(game_id).bind(player);
        if !text.is_empty() {
            statement = statement.bind(text).bind(at);
        }
        Ok(self.run(statement).await? > 0)
    }
}
