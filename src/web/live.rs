//! A game page's live updates: `/games/N/events` is a stream of Server-Sent Events, one
//! `game` event each time the game changes (a move, a takeback, its end), carrying what the
//! page shows of it. The stream waits to be told of a change (see [`crate::store::Change`]):
//! on PostgreSQL the database tells every process of every game's change as it commits
//! (LISTEN/NOTIFY), so a move played anywhere reaches every open page at once; on SQLite the
//! process that played it tells its own pages at once, and a page served by another process on
//! the same file reads its game each second. The page's words are made only when the game's
//! version moved on. The stream ends once the game is over and said so, or when the game's
//! pages are turned off.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::broadcast::{error::RecvError, Receiver};

use super::Site;
use crate::app::GameSheet;
use crate::store::Change;

/// How long a stream waits after its game could not be read before it tries again.
const RETRY: Duration = Duration::from_secs(1);

/// Waits until game `id` may have changed, as `changes` tell, or `longest` has gone by.
async fn told(changes: &mut Receiver<Change>, id: i64, longest: Duration) {
    let wait = async {
        loop {
            match changes.recv().await {
                Ok(Some(game)) if game != id => continue,
                Ok(_) | Err(RecvError::Lagged(_)) => return,
                Err(RecvError::Closed) => std::future::pending::<()>().await,
            }
        }
    };
    let _ = tokio::time::timeout(longest, wait).await;
}

/// A game's JSON for the page's script: its version, state, whether it is over, and its
/// moves.
pub fn sheet_json(sheet: &GameSheet) -> String {
    let moves: Vec<String> = sheet
        .moves
        .iter()
        .map(|m| {
            format!(
                r#"{{"ply":{},"number":{},"black":{},"san":{}}}"#,
                m.ply,
                m.number,
                m.color == crate::rules::Color::Black,
                quoted(&m.san)
            )
        })
        .collect();
    format!(
        r#"{{"version":{},"plies":{},"state":{},"finished":{},"moves":[{}]}}"#,
        sheet.version,
        sheet.moves.len(),
        quoted(&sheet.state),
        sheet.finished,
        moves.join(",")
    )
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The events of game `id` from `since` (the version the page was drawn at): at once if it
/// has changed since, then at each change.
pub fn events(
    site: Arc<Site>,
    id: i64,
    since: i64,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    // Told of changes from before the first reading, so none falls between.
    let changes = site.service.store().watch();
    let longest = site.service.store().unwatched_for();
    let stream = futures_util::stream::unfold(
        (site, Some(since), changes),
        move |(site, seen, mut changes)| async move {
            let mut seen = seen?;
            loop {
                // The row alone is read each time; the page's words only when it changed.
                let read = match site.service.web_row(id).await {
                    Ok(Some(row)) if row.version == seen => Ok(Some((row, None))),
                    Ok(Some(row)) => site
                        .service
                        .web_game(&row, None)
                        .await
                        .map(|s| Some((row, Some(s)))),
                    Ok(None) => Ok(None),
                    Err(refusal) => Err(refusal),
                };
                let (row, sheet) = match read {
                    Ok(Some(found)) => found,
                    // Gone, or its pages turned off: the stream ends.
                    Ok(None) => return None,
                    Err(refusal) => {
                        tracing::warn!(game = id, reason = %refusal.text(), "a live page could not read its game");
                        tokio::time::sleep(RETRY).await;
                        continue;
                    }
                };
                if let Some(sheet) = sheet {
                    seen = sheet.version;
                    let event = Event::default().event("game").data(sheet_json(&sheet));
                    // After a finished game's last word, nothing more comes.
                    let next = (!sheet.finished).then_some(seen);
                    return Some((Ok(event), (site, next, changes)));
                }
                if row.status != crate::store::GameStatus::Active {
                    return None;
                }
                told(&mut changes, id, longest).await;
            }
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::default())
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn text_is_quoted_as_json_reads_it() {
        assert_eq!(quoted("e4"), r#""e4""#);
        assert_eq!(quoted(r#"a "b" \ c"#), r#""a \"b\" \\ c""#);
        assert_eq!(quoted("line\nnext"), r#""line\u000anext""#);
    }
}
