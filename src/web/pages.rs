//! The pages' HTML. Each page stands alone (its style inline, no cookie, no outside file) and
//! reads on a phone; a game's page carries Open Graph and Twitter-card tags so that a link to
//! it unfurls with its board wherever it is posted.

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::Query;
use crate::app::{GameSheet, Named, PlayerSheet};
use crate::rules::Color;

const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}\
header{background:#2b2d42;color:#fff;padding:.5em 1em}header a{color:#fff;text-decoration:none;font-weight:600}\
main{max-width:1100px;margin:0 auto;padding:1em;display:flex;flex-wrap:wrap;gap:1.5em}\
h1{font-size:1.4em;margin:.2em 0;width:100%}.facts{width:100%;margin:0;color:#555}\
figure{margin:0;flex:1 1 480px;max-width:640px}figure img{width:100%;height:auto;display:block}\
nav.steps{display:flex;gap:.5em;margin:.5em 0;flex-wrap:wrap}nav.steps a{padding:.2em .6em;background:#fff;border:1px solid #ccc;border-radius:4px;text-decoration:none;color:#222}\
section.moves{flex:1 1 260px}ol#moves{padding-left:2.5em;margin:.3em 0}ol#moves li{margin:.1em 0}\
#moves a{color:#1d3557;text-decoration:none;padding:0 .25em;border-radius:3px}#moves a.now{background:#ffd166}\
.files a{margin-right:1em}.mark{color:#b00020;font-weight:600}section.review{flex:1 1 100%}section.review figure{max-width:880px}p.hint{color:#777;font-size:.9em}\
section.standings,section.games{flex:1 1 100%}table{border-collapse:collapse;background:#fff;display:block;overflow-x:auto;max-width:100%}\
th,td{border:1px solid #ddd;padding:.2em .6em;text-align:left}section.standings figure img{max-width:880px}";

/// A player's name, linked to their page where they have one.
fn who(named: &Named) -> Markup {
    html! {
        @match named.number {
            Some(n) => a.player href=(format!("/players/{n}")) { (named.name) },
            None => (named.name),
        }
    }
}

/// What a link to a page unfurls with: the Open Graph and Twitter-card tags (and the
/// page's description), with a large picture where it has one.
struct Card<'a> {
    /// `website`, or `profile` for a player.
    kind: &'a str,
    title: &'a str,
    description: &'a str,
    /// The picture's absolute address, where the page has one.
    image: Option<String>,
    /// The page's own absolute address, where the base is known.
    url: Option<String>,
}

impl Card<'_> {
    fn tags(&self) -> Markup {
        let large = if self.image.is_some() {
            "summary_large_image"
        } else {
            "summary"
        };
        html! {
            meta name="description" content=(self.description);
            meta property="og:type" content=(self.kind);
            meta property="og:site_name" content="Herald";
            meta property="og:title" content=(self.title);
            meta property="og:description" content=(self.description);
            @if let Some(image) = &self.image { meta property="og:image" content=(image); }
            @if let Some(url) = &self.url { meta property="og:url" content=(url); }
            meta name="twitter:card" content=(large);
            meta name="twitter:title" content=(self.title);
            meta name="twitter:description" content=(self.description);
            @if let Some(image) = &self.image { meta name="twitter:image" content=(image); }
        }
    }
}

/// `path` on `base`, where the base is known.
fn absolute(base: &str, path: &str) -> Option<String> {
    (!base.is_empty()).then(|| format!("{base}{path}"))
}

/// The frame of every page.
fn page(title: &str, head: Markup, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                (head)
                style { (PreEscaped(STYLE)) }
            }
            body {
                header { a href="/" { "Herald" } }
                main { (body) }
            }
        }
    }
}

/// `/`: what Herald is.
pub fn home() -> Markup {
    let card = Card {
        kind: "website",
        title: "Herald",
        description: "Correspondence chess variants on Discord: a page for every game, tournament, leaderboard and player.",
        image: None,
        url: None,
    };
    page(
        "Herald",
        card.tags(),
        html! {
            h1 { "Herald" }
            p {
                "Correspondence chess variants on Discord: Chess 13: Epoch, chess, Empire Chess, "
                "Fantastic XIII and AGEIOU. Every game has a page here, at "
                code { "/games/" } "and its number."
            }
        },
    )
}

/// A page saying what went wrong: a 400, 404 or 503.
pub fn error(title: &str, why: &str) -> Markup {
    page(
        &format!("{title} · Herald"),
        html! {},
        html! {
            h1 { (title) }
            p { (why) }
            p { a href="/" { "Herald" } }
        },
    )
}

/// `/games/N`: the board at the ply asked (the last by default) with links to step through
/// the moves, the move list, the facts of the game and its files. `base` starts the page's
/// absolute links (for the tags that unfurl it), empty where unknown.
pub fn game(sheet: &GameSheet, query: Query, base: &str) -> Markup {
    let plies = sheet.moves.len();
    let at = query.ply.unwrap_or(plies).min(plies);
    let id = sheet.id;
    let [white, black] = &sheet.players;
    let variant = sheet.variant.title();
    let moment = match sheet.moves.last() {
        Some(m) => format!("move {}", m.number),
        None => "the start".to_string(),
    };
    let title = format!("{white} vs {black} · {variant} · {moment}");
    let flip = if query.flip { "&flip" } else { "" };
    let step = |k: usize| format!("/games/{id}?ply={k}{flip}");
    let board = format!(
        "/games/{id}.png{}",
        Query {
            ply: Some(at),
            ..query
        }
        .text()
    );
    let shown_image = format!(
        "{base}/games/{id}.png{}",
        Query { ply: None, ..query }.text()
    );
    let description = format!("{} · {}", sheet.state, sheet.variant.summary());
    let turned = Query {
        flip: !query.flip,
        ..query
    };
    let head = Card {
        kind: "website",
        title: &title,
        description: &description,
        image: Some(shown_image),
        url: absolute(base, &format!("/games/{id}")),
    }
    .tags();
    let body = html! {
        h1 { (who(white)) " vs " (who(black)) }
        p.facts {
            @if let [Some(w), Some(b)] = &sheet.ratings { "Rated " (w) " and " (b) " · " }
            (variant) " · " (if sheet.rated { "rated" } else { "casual" })
            " · " (sheet.days) (if sheet.days == 1 { " day" } else { " days" }) " a move"
            @if let Some(options) = sheet.options { " · " (options.to_string()) }
            " · " strong #state { (sheet.state) }
            @if let Some(deadline) = sheet.deadline {
                " · time runs out " (crate::calendar::utc_minute(deadline))
            }
        }
        figure {
            img #board src=(board) alt=(format!("The board of game #{id} after {at} of {plies} plies"))
                data-game=(id) data-ply=(at) data-plies=(plies) data-flip=(u8::from(query.flip))
                data-version=(sheet.version) data-live=(u8::from(!sheet.finished));
            nav.steps aria-label="Moves" {
                a href=(step(0)) title="The start (Home)" { "⏮" }
                a href=(step(at.saturating_sub(1))) title="Back a move (←)" { "◀" }
                a href=(step((at + 1).min(plies))) title="On a move (→)" { "▶" }
                a href=(step(plies)) title="The last move (End)" { "⏭" }
                a href=(format!("/games/{id}{}", turned.text())) { "Flip the board" }
            }
        }
        section.moves {
            h2 { "Moves" }
            @if sheet.moves.is_empty() {
                p #nomoves { "No move yet." }
            }
            {
                ol #moves {
                    @for line in sheet.moves.chunk_by(|a, b| a.number == b.number) {
                        li value=(line[0].number) {
                            @if line[0].color == Color::Black { "… " }
                            @for m in line {
                                a href=(step(m.ply)) data-ply=(m.ply) class=[(m.ply == at).then_some("now")] {
                                    (m.san)
                                    @if let Some(mark) = m.mark {
                                        span.mark title=[m.better.as_ref().map(|b| format!("{b} was better"))] { (mark) }
                                    }
                                }
                                " "
                            }
                        }
                    }
                }
            }
            p.files {
                a href=(format!("/games/{id}.pgn")) { "PGN" }
                a href=(format!("/games/{id}.gif{}", if query.flip { "?flip" } else { "" })) { "GIF" }
                a href=(board) { "PNG" }
            }
            p.hint { "← and → step through the moves." }
        }
        @if let Some(review) = &sheet.review {
            section.review #review {
                h2 { "Review" }
                p { "Herald's engine searched every position " (review.depth) " plies deep." }
                ul {
                    li { strong { (white.name) } ": " (review.tallies[0]) }
                    li { strong { (black.name) } ": " (review.tallies[1]) }
                }
                @let costly: Vec<_> = sheet.moves.iter().filter(|m| m.better.is_some()).collect();
                @if !costly.is_empty() {
                    p {
                        "The costliest moves: "
                        @for (i, m) in costly.iter().enumerate() {
                            @if i > 0 { ", " }
                            a href=(step(m.ply)) { (m.number) (if m.color == Color::Black { "… " } else { ". " }) (m.san) (m.mark.unwrap_or("")) }
                            " (" (m.better.as_deref().unwrap_or("")) " was better)"
                        }
                        "."
                    }
                }
                figure {
                    img src=(format!("/games/{id}/review.png")) alt=(format!("{white}'s chances in game #{id}, move by move"));
                }
                p.hint { (crate::app::words::REVIEW_LEGEND) }
            }
        }
        script { (PreEscaped(STEPPER)) }
    };
    page(&title, head, body)
}

/// `/tournaments/N`: the standings with their tie-breaks (the players, before the start), the
/// crosstable, and every game linked to its page.
pub fn tournament(sheet: &crate::app::TournamentSheet, base: &str) -> Markup {
    use crate::store::TournamentStatus;
    let id = sheet.id;
    let title = format!("{} · Herald", sheet.name);
    let started = sheet.status != TournamentStatus::Open;
    let head = Card {
        kind: "website",
        title: &sheet.name,
        description: &sheet.line,
        image: started.then(|| format!("{base}/tournaments/{id}.png")),
        url: absolute(base, &format!("/tournaments/{id}")),
    }
    .tags();
    let body = html! {
        h1 { (sheet.name) }
        p.facts { (sheet.line) }
        section.standings {
            @if started {
                h2 { "Standings" }
                table #standings {
                    thead { tr {
                        th { "#" } th { "Player" } th { "Points" }
                        @for code in &sheet.tiebreaks { th { (code) } }
                    } }
                    tbody {
                        @for line in &sheet.standings {
                            tr {
                                td { (line.place) }
                                td { (who(&line.name)) @if line.withdrawn { " (withdrawn)" } }
                                td { (line.points) }
                                @for value in &line.tiebreaks { td { (value) } }
                            }
                        }
                    }
                }
                figure { img src=(format!("/tournaments/{id}.png")) alt=(format!("The crosstable of {}", sheet.name)); }
            } @else {
                h2 { "Players" }
                @if sheet.standings.is_empty() { p { "Nobody has joined yet." } }
                ol { @for line in &sheet.standings { li { (who(&line.name)) } } }
            }
        }
        @if !sheet.games.is_empty() {
            section.games {
                h2 { "Games" }
                table #games {
                    thead { tr { th { "Round" } th { "White" } th { "Black" } th { "Result" } th { "Game" } } }
                    tbody {
                        @for g in &sheet.games {
                            tr {
                                td { (g.round) } td { (who(&g.white)) } td { (who(&g.black)) } td { (g.result) }
                                td { a href=(format!("/games/{}", g.game)) { "#" (g.game) } }
                            }
                        }
                    }
                }
            }
        }
    };
    page(&title, head, body)
}

/// `/leaderboards/VARIANT?server=S`: the variant's rated players on that server, established
/// ones by rating, then the provisional ones; links to the other variants' boards.
pub fn leaderboard(
    variant: crate::rules::VariantId,
    server: Option<&str>,
    lines: &[crate::app::BoardLine],
) -> Markup {
    let title = format!("{} leaderboard · Herald", variant.title());
    let on = server.map_or_else(String::new, |s| format!("?server={s}"));
    let body = html! {
        h1 { (variant.title()) " leaderboard" }
        p.facts {
            "Rated games, Glicko-2 · "
            @for (i, other) in crate::rules::VariantId::ALL.iter().enumerate() {
                @if i > 0 { " · " }
                @if *other == variant { strong { (other.title()) } }
                @else { a href=(format!("/leaderboards/{}{on}", other.key())) { (other.title()) } }
            }
        }
        @if lines.is_empty() {
            p { "Nobody has played a rated game of " (variant.title()) " here yet." }
        } @else {
            table #leaderboard {
                thead { tr { th { "#" } th { "Player" } th { "Rating" } th { "Games" } } }
                tbody {
                    @for line in lines {
                        tr.provisional[line.provisional] {
                            td { (line.rank) } td { (who(&line.name)) } td { (line.rating) } td { (line.record) }
                        }
                    }
                }
            }
            p.hint { "A rating with ? is provisional: few games, or long away." }
        }
    };
    let description = format!(
        "The rated players of {} on this server, by their Glicko-2 ratings.",
        variant.title()
    );
    let card = Card {
        kind: "website",
        title: &title,
        description: &description,
        image: None,
        url: None,
    };
    page(&title, card.tags(), body)
}

/// `/players/N`: a player's ratings with their chart, their record and streak, and their
/// games, each linked to its page and its opponent's.
pub fn player(sheet: &PlayerSheet, base: &str) -> Markup {
    let n = sheet.number;
    let title = format!("{} · Herald", sheet.name);
    let summary: Vec<String> = sheet
        .ratings
        .iter()
        .map(|r| format!("{} {}", r.variant.title(), r.rating))
        .collect();
    let description = match summary.is_empty() {
        true => format!(
            "{} plays correspondence chess variants on Herald.",
            sheet.name
        ),
        false => format!("{} on Herald: {}.", sheet.name, summary.join(", ")),
    };
    let head = Card {
        kind: "profile",
        title: &sheet.name.name,
        description: &description,
        image: sheet.charted.then(|| format!("{base}/players/{n}.png")),
        url: absolute(base, &format!("/players/{n}")),
    }
    .tags();
    let body = html! {
        h1 { (sheet.name.name) }
        p.facts {
            "Player " (n) " on Herald"
            @if let Some(record) = &sheet.record { " · " (record) }
            @if let Some(streak) = &sheet.streak { " · current streak: " (streak) }
        }
        section.standings {
            h2 { "Ratings" }
            @if sheet.ratings.is_empty() {
                p { "No rated games yet." }
            } @else {
                table #ratings {
                    thead { tr { th { "Variant" } th { "Rating" } th { "Games" } } }
                    tbody {
                        @for r in &sheet.ratings {
                            tr { td { (r.variant.title()) } td { (r.rating) } td { (r.record) } }
                        }
                    }
                }
                p.hint { "Glicko-2; a rating with ? is provisional: few games, or long away." }
            }
            @if sheet.charted {
                figure { img src=(format!("/players/{n}.png")) alt=(format!("{}'s ratings over time", sheet.name)); }
            }
        }
        section.games {
            h2 { "Games" }
            table #games {
                thead { tr { th { "Game" } th { "Variant" } th { "Side" } th { "Opponent" } th { "Result" } th { "Rating" } } }
                tbody {
                    @for g in &sheet.games {
                        tr {
                            td { a href=(format!("/games/{}", g.id)) { "#" (g.id) } }
                            td { (g.variant.title()) } td { (g.side) } td { (who(&g.opponent)) }
                            td { (g.result) } td { (g.rating.as_deref().unwrap_or("")) }
                        }
                    }
                }
            }
        }
    };
    page(&title, head, body)
}

/// Steps through the moves without reloading: the arrow keys, Home and End, and a click on a
/// move change the board's picture, the highlighted move and the address. While the game goes
/// on, its live updates (`/games/N/events`) rebuild the move list and the state, and a reader
/// at the last move follows the new one.
const STEPPER: &str = r#"(function(){
var b=document.getElementById('board');if(!b)return;
var id=b.dataset.game,n=+b.dataset.plies,k=+b.dataset.ply,f=b.dataset.flip==='1'?'&flip':'';
var list=document.getElementById('moves');
function mark(){list.querySelectorAll('a').forEach(function(a){a.classList.toggle('now',+a.dataset.ply===k)});}
function go(p,force){if(p<0||p>n||(p===k&&!force))return;k=p;
b.src='/games/'+id+'.png?ply='+p+f;b.dataset.ply=p;
b.alt='The board of game #'+id+' after '+p+' of '+n+' plies';
history.replaceState(null,'','/games/'+id+'?ply='+p+f);mark();}
document.addEventListener('keydown',function(e){
if(e.key==='ArrowLeft'){go(k-1);e.preventDefault();}
else if(e.key==='ArrowRight'){go(k+1);e.preventDefault();}
else if(e.key==='Home'){go(0);}else if(e.key==='End'){go(n);}});
list.addEventListener('click',function(e){var a=e.target.closest('a');if(!a)return;e.preventDefault();go(+a.dataset.ply);});
if(b.dataset.live!=='1'||!window.EventSource)return;
var es=new EventSource('/games/'+id+'/events?since='+b.dataset.version);
es.addEventListener('game',function(e){var g=JSON.parse(e.data),follow=k===n;
list.textContent='';var li=null;
g.moves.forEach(function(m,i){if(!li||!m.black){li=document.createElement('li');li.value=m.number;list.appendChild(li);
if(i===0&&m.black)li.appendChild(document.createTextNode('\u2026 '));}
var a=document.createElement('a');a.href='/games/'+id+'?ply='+m.ply+f;a.dataset.ply=m.ply;a.textContent=m.san;
li.appendChild(a);li.appendChild(document.createTextNode(' '));});
var none=document.getElementById('nomoves');if(none&&g.plies>0)none.remove();
document.getElementById('state').textContent=g.state;
b.dataset.version=g.version;n=g.plies;b.dataset.plies=n;
if(follow||k>n)go(n,true);else mark();
if(g.finished)es.close();});
})();"#;
