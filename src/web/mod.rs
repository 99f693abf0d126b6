//! Herald on the web: a page for every game (its board after any move, the move list, the
//! record and the replay), served by axum on the tokio Herald already runs, in the bot's
//! process (`HERALD_WEB`) or alone (`herald web`). The pages are HTML written on the server
//! (see [`pages`]); a small script of our own steps through the moves with the arrow keys, and
//! every page works without it. Every input is checked: a bad one is a 400 or a 404 page,
//! never a 500. Nothing here changes a game.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::app::{Refusal, Service};

mod live;
mod pages;
mod query;

pub use query::{Query, QueryError};

/// What the pages are served from: the game service (over the bot's database) and the address
/// players reach them at, for the links a page gives of itself.
pub struct Site {
    service: Arc<Service>,
    /// `HERALD_PUBLIC_URL` without its trailing slash; else each request's own host.
    public_url: Option<String>,
}

impl Site {
    pub fn new(service: Arc<Service>, public_url: Option<String>) -> Site {
        Site {
            service,
            public_url: public_url.map(|u| u.trim_end_matches('/').to_string()),
        }
    }

    /// The address a page's links start with: the public one, else `http://` and the host the
    /// request named (a name and port, nothing else), else none (links stay relative).
    fn base(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            return url.clone();
        }
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| {
                !h.is_empty()
                    && h.len() <= 255
                    && h.chars()
                        .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
            });
        host.map_or_else(String::new, |h| format!("http://{h}"))
    }
}

/// The routes: `/`; `/games/N` (the page), `/games/N.png`, `.pgn`, `.gif`, `/games/N/events`
/// and `/games/N/review.png`; `/tournaments/N` and `.png`; `/leaderboards/VARIANT`;
/// `/players/N` and `.png`. Anything else is a 404 page.
pub fn router(site: Arc<Site>) -> Router {
    Router::new()
        .route("/", get(home))
        .route("/games/{file}", get(game))
        .route("/games/{file}/events", get(events))
        .route("/games/{file}/review.png", get(review_chart))
        .route("/tournaments/{file}", get(tournament))
        .route("/leaderboards/{variant}", get(leaderboard))
        .route("/players/{file}", get(player))
        .fallback(|| async { not_found("There is no such page on Herald.") })
        .with_state(site)
}

/// Serves the pages on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, site: Arc<Site>) -> std::io::Result<()> {
    axum::serve(listener, router(site)).await
}

/// What `/games/{file}` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    Page,
    Png,
    Pgn,
    Gif,
    /// `/games/N/review.png`: the review's chart.
    Chart,
}

/// `N`, `N.png`, `N.pgn` or `N.gif`, N a game's number (digits only, no leading zero).
fn read_file(file: &str) -> Option<(i64, Asked)> {
    let (number, asked) = match file.split_once('.') {
        None => (file, Asked::Page),
        Some((n, "png")) => (n, Asked::Png),
        Some((n, "pgn")) => (n, Asked::Pgn),
        Some((n, "gif")) => (n, Asked::Gif),
        Some(_) => return None,
    };
    let digits = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
    if !digits || number.starts_with('0') || number.len() > 15 {
        return None;
    }
    number.parse().ok().map(|n| (n, asked))
}

async fn home() -> Response {
    html(StatusCode::OK, pages::home())
}

async fn game(
    State(site): State<Arc<Site>>,
    Path(file): Path<String>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some((id, asked)) = read_file(&file) else {
        return not_found(
            "There is no such page on Herald: a game's page is /games/ and its number.",
        );
    };
    let query = match Query::read(raw.as_deref()) {
        Ok(q) => q,
        Err(e) => return bad_request(&e.to_string()),
    };
    answer(&site, id, asked, query, &headers)
        .await
        .unwrap_or_else(|refusal| unavailable("this game", &refusal))
}

/// `/games/N/review.png`: the chart of a reviewed game's review.
async fn review_chart(
    State(site): State<Arc<Site>>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some((id, Asked::Page)) = read_file(&file) else {
        return not_found(
            "There is no such page on Herald: a review's chart is /games/N/review.png.",
        );
    };
    answer(&site, id, Asked::Chart, Query::default(), &headers)
        .await
        .unwrap_or_else(|refusal| unavailable("this game", &refusal))
}

/// `/leaderboards/VARIANT?server=S`: a variant's leaderboard on server S (a Discord server's
/// number; without it, the games played outside any server).
async fn leaderboard(
    State(site): State<Arc<Site>>,
    Path(variant): Path<String>,
    RawQuery(raw): RawQuery,
) -> Response {
    let Some(variant) = crate::rules::VariantId::ALL
        .into_iter()
        .find(|v| v.key() == variant)
    else {
        let keys: Vec<&str> = crate::rules::VariantId::ALL
            .iter()
            .map(|v| v.key())
            .collect();
        return not_found(&format!(
            "There is no such leaderboard: the variants are {}.",
            keys.join(", ")
        ));
    };
    let server = query::param(raw.as_deref(), "server");
    let fair = |s: &str| {
        !s.is_empty()
            && s.len() <= 32
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    if let Some(s) = server.as_deref().filter(|s| !fair(s)) {
        let s = crate::rules::shown(s);
        return bad_request(&format!("server must be a server's number, not '{s}'."));
    }
    match site
        .service
        .web_leaderboard(server.as_deref(), variant)
        .await
    {
        Ok(Some(lines)) => html(
            StatusCode::OK,
            pages::leaderboard(variant, server.as_deref(), &lines),
        ),
        Ok(None) => not_found("This server's leaderboards have no pages."),
        Err(refusal) => unavailable("the ratings", &refusal),
    }
}

/// What has a numbered page and a picture beside it (`/…/N` and `/…/N.png`): a tournament
/// (its crosstable) or a player (their ratings' chart).
trait Subject: Sized {
    /// "tournament", "player".
    const WHAT: &'static str;
    /// Where its pages are: "/tournaments", "/players".
    const PATH: &'static str;
    /// Number `n`'s, where it has pages.
    async fn find(service: &Service, n: i64) -> Result<Option<Self>, Refusal>;
    /// What its answers' entity tags are made of: changes whenever its page may.
    fn version(&self) -> String;
    /// Whether its page changes no more (kept an hour, not seconds).
    fn settled(&self) -> bool;
    async fn page(&self, service: &Service, base: &str) -> Result<maud::Markup, Refusal>;
    async fn picture(&self, service: &Service) -> Result<Option<Vec<u8>>, Refusal>;
}

impl Subject for crate::store::StoredTournament {
    const WHAT: &'static str = "tournament";
    const PATH: &'static str = "/tournaments";
    async fn find(service: &Service, n: i64) -> Result<Option<Self>, Refusal> {
        service.web_event(n).await
    }
    fn version(&self) -> String {
        self.version.to_string()
    }
    fn settled(&self) -> bool {
        self.status == crate::store::TournamentStatus::Finished
    }
    async fn page(&self, service: &Service, base: &str) -> Result<maud::Markup, Refusal> {
        Ok(pages::tournament(
            &service.web_tournament(self).await?,
            base,
        ))
    }
    async fn picture(&self, service: &Service) -> Result<Option<Vec<u8>>, Refusal> {
        service.web_crosstable(self).await
    }
}

impl Subject for crate::app::WebPlayer {
    const WHAT: &'static str = "player";
    const PATH: &'static str = "/players";
    async fn find(service: &Service, n: i64) -> Result<Option<Self>, Refusal> {
        service.web_player(n).await
    }
    fn version(&self) -> String {
        crate::app::WebPlayer::version(self)
    }
    /// A player's page changes with each game they start: never kept long.
    fn settled(&self) -> bool {
        false
    }
    async fn page(&self, service: &Service, base: &str) -> Result<maud::Markup, Refusal> {
        Ok(pages::player(&service.web_player_sheet(self).await?, base))
    }
    async fn picture(&self, service: &Service) -> Result<Option<Vec<u8>>, Refusal> {
        service.web_player_chart(self).await
    }
}

/// `/tournaments/N` (its page) and `/tournaments/N.png` (its crosstable).
async fn tournament(
    State(site): State<Arc<Site>>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    numbered::<crate::store::StoredTournament>(&site, &file, &headers).await
}

/// `/players/N` (a player's page, N Herald's number for them) and `/players/N.png` (their
/// ratings' chart).
async fn player(
    State(site): State<Arc<Site>>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    numbered::<crate::app::WebPlayer>(&site, &file, &headers).await
}

/// The page of a [`Subject`] (`N`) or its picture (`N.png`).
async fn numbered<T: Subject>(site: &Site, file: &str, headers: &HeaderMap) -> Response {
    let (what, path) = (T::WHAT, T::PATH);
    let asked = read_file(file).filter(|(_, a)| matches!(a, Asked::Page | Asked::Png));
    let Some((n, asked)) = asked else {
        return not_found(&format!(
            "There is no such page on Herald: a {what}'s page is {path}/ and its number."
        ));
    };
    let service = &site.service;
    let answer = async {
        let Some(subject) = T::find(service, n).await? else {
            return Ok(not_found(&format!("There is no {what} #{n} here.")));
        };
        let tag = format!("\"{what}{n}-{}-{asked:?}\"", subject.version());
        tagged(headers, &tag, subject.settled(), None, async {
            Ok(match asked {
                Asked::Png => picture(
                    subject.picture(service).await?,
                    &format!("This {what} has no picture yet."),
                ),
                _ => Ok(page_bytes(
                    subject.page(service, &site.base(headers)).await?,
                )),
            })
        })
        .await
    };
    answer
        .await
        .unwrap_or_else(|refusal| unavailable(&format!("this {what}"), &refusal))
}

/// `/games/N/events?since=V`: the game's live updates from version V (from its first state
/// when V is left out).
async fn events(
    State(site): State<Arc<Site>>,
    Path(file): Path<String>,
    RawQuery(raw): RawQuery,
) -> Response {
    let Some((id, Asked::Page)) = read_file(&file) else {
        return not_found("There is no such page on Herald: a game's updates are /games/N/events.");
    };
    let since = match query::param(raw.as_deref(), "since") {
        None => -1,
        Some(v) if !v.is_empty() && v.len() <= 18 && v.bytes().all(|b| b.is_ascii_digit()) => {
            v.parse().unwrap_or(-1)
        }
        Some(v) => {
            let v = crate::rules::shown(&v);
            return bad_request(&format!(
                "since must be a game's version, a number, not '{v}'."
            ));
        }
    };
    match site.service.web_row(id).await {
        Ok(Some(_)) => live::events(site.clone(), id, since).into_response(),
        Ok(None) => not_found(&format!("There is no game #{id}.")),
        Err(refusal) => unavailable("this game", &refusal),
    }
}

/// The response to a well-formed request for game `id`.
async fn answer(
    site: &Site,
    id: i64,
    asked: Asked,
    query: Query,
    headers: &HeaderMap,
) -> Result<Response, Refusal> {
    let service = &site.service;
    let Some(row) = service.web_row(id).await? else {
        return Ok(not_found(&format!("There is no game #{id}.")));
    };
    let plies = usize::try_from(row.ply).unwrap_or(0);
    if let Some(ply) = query.ply.filter(|&k| k > plies) {
        let word = if plies == 1 { "ply" } else { "plies" };
        return Ok(bad_request(&format!(
            "Game #{id} has {plies} {word}: ply {ply} is past its end (ply=0 is the start)."
        )));
    }
    // Everything is drawn from the game as stored at this version, and its review.
    let finished = row.status != crate::store::GameStatus::Active;
    let reviewed = match asked {
        Asked::Page | Asked::Chart => service.web_reviewed(&row).await?,
        _ => None,
    };
    let tag = format!(
        "\"{id}-{}-r{}-{}-{}-{asked:?}\"",
        row.version,
        reviewed.as_ref().map_or(0, |r| r.0),
        query.ply.map_or(-1, |k| k as i64),
        u8::from(query.flip)
    );
    let disposition = (asked == Asked::Pgn).then(|| format!("inline; filename=\"game-{id}.pgn\""));
    tagged(headers, &tag, finished, disposition, async {
        Ok(match asked {
            Asked::Page => {
                let sheet = service.web_game(&row, reviewed.as_ref()).await?;
                Ok(page_bytes(pages::game(&sheet, query, &site.base(headers))))
            }
            Asked::Png => picture(
                service.web_board(&row, query.ply, query.flip).await?,
                "This server draws no images.",
            ),
            Asked::Gif => match service.web_replay(&row, query.flip).await? {
                Some(gif) => Ok(("image/gif", gif)),
                None => Err("This game's replay is not drawn here.".to_string()),
            },
            Asked::Chart => picture(
                service.web_review_chart(&row, reviewed.as_ref()).await?,
                &format!("Game #{id} has no review to chart."),
            ),
            Asked::Pgn => Ok((
                "application/x-chess-pgn; charset=utf-8",
                service.web_record(&row).await?,
            )),
        })
    })
    .await
}

/// What a page or file is made of: its type and bytes, or why there is none (a 404 page).
type Made = Result<(&'static str, Vec<u8>), String>;

/// A page's HTML as an answer's body.
fn page_bytes(page: maud::Markup) -> (&'static str, Vec<u8>) {
    ("text/html; charset=utf-8", page.into_string().into_bytes())
}

/// A PNG, or a 404 page saying `why` there is none.
fn picture(png: Option<Vec<u8>>, why: &str) -> Made {
    png.map(|png| ("image/png", png))
        .ok_or_else(|| why.to_string())
}

/// The answer under entity tag `tag`: a 304 where the asker has it already, else what
/// `make` makes (not made at all for a 304), cached as [`cached`] says.
async fn tagged(
    headers: &HeaderMap,
    tag: &str,
    finished: bool,
    disposition: Option<String>,
    make: impl std::future::Future<Output = Result<Made, Refusal>>,
) -> Result<Response, Refusal> {
    if let Some(same) = not_modified(headers, tag, finished) {
        return Ok(same);
    }
    Ok(match make.await? {
        Ok((kind, body)) => cached(
            StatusCode::OK,
            tag,
            finished,
            Body::from(body),
            Some((kind, disposition)),
        ),
        Err(why) => not_found(&why),
    })
}

/// A 304 when the asker already has what `tag` names (its If-None-Match is that tag).
fn not_modified(headers: &HeaderMap, tag: &str, finished: bool) -> Option<Response> {
    let same = headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|h| h.as_bytes() == tag.as_bytes());
    same.then(|| cached(StatusCode::NOT_MODIFIED, tag, finished, Body::empty(), None))
}

/// A 503 page for `what` the database could not give just now (logged).
fn unavailable(what: &str, refusal: &Refusal) -> Response {
    tracing::error!(reason = %refusal.text(), "a web page of {what} could not be made");
    let why = format!("Herald cannot read {what} just now: try again in a moment.");
    html(
        StatusCode::SERVICE_UNAVAILABLE,
        pages::error("Not now", &why),
    )
}

/// A response with its entity tag, kept an hour when the game is over (a finished game's
/// pictures and record change no more; its players' ratings may), a few seconds while it
/// goes on.
fn cached(
    status: StatusCode,
    tag: &str,
    finished: bool,
    body: Body,
    kind: Option<(&'static str, Option<String>)>,
) -> Response {
    let mut response = (status, body).into_response();
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(tag) {
        h.insert(header::ETAG, v);
    }
    let age = if finished {
        "public, max-age=3600"
    } else {
        "public, max-age=5"
    };
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(age));
    if let Some((kind, disposition)) = kind {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
        if let Some(v) = disposition.and_then(|d| HeaderValue::from_str(&d).ok()) {
            h.insert(header::CONTENT_DISPOSITION, v);
        }
    }
    response
}

fn html(status: StatusCode, page: maud::Markup) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page.into_string(),
    )
        .into_response()
}

fn not_found(why: &str) -> Response {
    html(StatusCode::NOT_FOUND, pages::error("Not found", why))
}

fn bad_request(why: &str) -> Response {
    html(StatusCode::BAD_REQUEST, pages::error("Bad request", why))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_file_is_its_number_and_one_of_three_endings() {
        assert_eq!(read_file("12"), Some((12, Asked::Page)));
        assert_eq!(read_file("12.png"), Some((12, Asked::Png)));
        assert_eq!(read_file("7.pgn"), Some((7, Asked::Pgn)));
        assert_eq!(read_file("7.gif"), Some((7, Asked::Gif)));
        for bad in [
            "",
            "012",
            "-3",
            "1e3",
            "12.jpg",
            "12.png.png",
            "x",
            "9999999999999999",
            "+4",
        ] {
            assert_eq!(read_file(bad), None, "{bad}");
        }
    }
}
