//! `/note`: a player's private note on one of their games, and the note beside their board.

use super::{words, Handled, Refusal, Reply, Request, Service};
use crate::store::StoredGame;

impl Service {
    /// Shows, keeps or drops the asker's note on a game of theirs: the one numbered (from
    /// anywhere, finished or not), else their game here.
    pub(super) async fn note(
        &self,
        req: &Request,
        number: Option<i64>,
        text: Option<&str>,
    ) -> Handled {
        let row = match number {
            Some(n) => self.store.game(n).await?.ok_or(Refusal::NoSuchGame(n))?,
            None => self.look(req, None, None).await?,
        };
        if !row.has_player(&req.user) {
            return Err(Refusal::NotInGame(row.id));
        }
        let said = match text.map(str::trim) {
            None => match self.store.note(row.id, &req.user).await? {
                Some(note) => words::note_shown(&row, &note),
                None => words::no_note(row.id),
            },
            Some(text) => {
                let length = text.chars().count();
                if length > words::NOTE_LIMIT {
                    return Err(Refusal::NoteTooLong(length));
                }
                let changed = self
                    .store
                    .set_note(row.id, &req.user, text, self.now())
                    .await?;
                match text.is_empty() {
                    true => words::note_dropped(row.id, changed),
                    false => words::note_kept(row.id),
                }
            }
        };
        Ok(vec![Reply::private(&req.channel, said)])
    }

    /// The asker's note on a game, as a reply for them alone, if they keep one.
    pub(super) async fn own_note(
        &self,
        req: &Request,
        row: &StoredGame,
    ) -> Result<Option<Reply>, Refusal> {
        if !row.has_player(&req.user) {
            return Ok(None);
        }
        let note = self.store.note(row.id, &req.user).await?;
        Ok(note.map(|n| Reply::private(&req.channel, words::note_shown(row, &n))))
    }
}
