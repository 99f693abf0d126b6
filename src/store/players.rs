//! Herald's own number for each player (migration 0020): what a player's web page is
//! addressed by, so that no page shows an account's id.

use super::sql::sql;
use super::{Store, StoreError};

impl Store {
    /// The player Herald numbered `number`, if any.
    pub async fn player_numbered(&self, number: i64) -> Result<Option<String>, StoreError> {
        self.text_of(sql("SELECT player FROM players WHERE id = $1").bind(number))
            .await
    }

    /// The numbers of those of `players` that have one (every player of a stored game).
    pub async fn player_numbers(
        &self,
        players: &[String],
    ) -> Result<Vec<(String, i64)>, StoreError> {
        if players.is_empty() {
            return Ok(Vec::new());
        }
        let marks: Vec<String> = (1..=players.len()).map(|i| format!("${i}")).collect();
        let text = format!(
            "SELECT player, id FROM players WHERE player IN ({})",
            marks.join(", ")
        );
        let query = players
            .iter()
            .fold(sql(text), |query, p| query.bind(p.as_str()));
        self.all(query).await
    }
}
