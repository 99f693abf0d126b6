//! The buttons `herald local` showed, by message number, so that one can be pressed later, in
//! the same run or the next. (Discord keeps its buttons itself.)

use super::sql::sql;
use super::{Store, StoreError};

/// One button: what it says and what it does (an action id such as `accept:12`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownButton {
    pub label: String,
    pub action: String,
}

/// A message with buttons, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownButtons {
    /// The message's number.
    pub id: i64,
    pub channel: String,
    pub buttons: Vec<ShownButton>,
    /// Once one of them did its work: who pressed which.
    pub pressed: Option<(String, String)>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    channel: String,
    buttons: String,
    pressed_by: Option<String>,
    pressed: Option<String>,
}

impl From<Row> for ShownButtons {
    fn from(r: Row) -> ShownButtons {
        let buttons = r
            .buttons
            .lines()
            .filter_map(|l| l.split_once(' '))
            .map(|(action, label)| ShownButton {
                label: label.to_string(),
                action: action.to_string(),
            })
            .collect();
        ShownButtons {
            id: r.id,
            channel: r.channel,
            buttons,
            pressed: r.pressed_by.zip(r.pressed),
        }
    }
}

impl Store {
    /// Keeps a message's buttons; returns the message's number.
    pub async fn keep_buttons(
        &self,
        channel: &str,
        buttons: &[ShownButton],
        at: i64,
    ) -> Result<i64, StoreError> {
        let text: Vec<String> = buttons
            .iter()
            .map(|b| format!("{} {}", b.action, b.label.replace('\n', " ")))
            .collect();
        let (id,): (i64,) = self.first(sql(
            "INSERT INTO local_buttons (channel, buttons, shown_at) VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(channel)
        .bind(text.join("\n"))
        .bind(at))
        .await?;
        Ok(id)
    }

    /// The message numbered `id`, if Herald showed one.
    pub async fn shown_buttons(&self, id: i64) -> Result<Option<ShownButtons>, StoreError> {
        let row: Option<Row> = self.by_id("local_buttons", id).await?;
        Ok(row.map(ShownButtons::from))
    }

    /// The messages of a channel whose buttons are not spent, newest first.
    pub async fn live_buttons(&self, channel: &str) -> Result<Vec<ShownButtons>, StoreError> {
        let text =
            "SELECT * FROM local_buttons WHERE channel = $1 AND pressed IS NULL ORDER BY id DESC";
        self.all_as::<Row, _>(sql(text).bind(channel)).await
    }

    /// The last `limit` messages of a channel whose buttons were spent, newest first.
    pub async fn spent_buttons(
        &self,
        channel: &str,
        limit: i64,
    ) -> Result<Vec<ShownButtons>, StoreError> {
        let text = "SELECT * FROM local_buttons WHERE channel = $1 AND pressed IS NOT NULL \
                   ORDER BY id DESC LIMIT $2";
        self.all_as::<Row, _>(sql(text).bind(channel).bind(limit))
            .await
    }

    /// Marks a message's buttons spent: `user` pressed `label` and it did its work. False if
    /// they were spent already.
    pub async fn spend_buttons(
        &self,
        id: i64,
        user: &str,
        label: &str,
    ) -> Result<bool, StoreError> {
        let done = self.run(sql(
            "UPDATE local_buttons SET pressed_by = $1, pressed = $2 WHERE id = $3 AND pressed IS NULL",
        )
        .bind(user)
        .bind(label)
        .bind(id))
        .await?;
        Ok(done == 1)
    }
}
