//! A tournament's crosstable as a picture, on the board images' dark frame, font and palette:
//! a row a player with their rank, start number and name, a cell for each opponent (a round
//! robin: the results against each start number, the player's own cell shaded; both results
//! of a double round robin in one cell) or for each round (a Swiss: the opponent's rank, the
//! colour and the result), then the points and the tie-breaks as the standings name them.
//!
//! Sized for a phone: the picture is at most [`MAX_WIDTH`] wide, so that shown 450 pixels wide
//! (as Discord shows it on a phone) its smallest text is still over 11 pixels. A table too
//! wide for that is cut into bands of cells stacked one under the other, each beginning with
//! the players' ranks and names again: the picture grows taller instead.

use super::canvas::Canvas;
use super::panel::{chip, side_chip};
use super::text;
use super::theme::{self, Rgba};
use super::RenderError;
use crate::rules::Color;
use crate::tournament::standings::Entry;

/// The size of the table's text, in pixels.
pub const TEXT_PX: f32 = 24.0;
/// The size of the smallest text: the line under the title, and the legend.
pub const NOTE_PX: f32 = 22.0;
/// The widest the picture is drawn.
pub const MAX_WIDTH: u32 = 880;
const TITLE_PX: f32 = 30.0;
const ROW: f32 = TEXT_PX * 1.5;
const MARGIN: f32 = 16.0;
/// Space on either side of a cell's content.
const PAD: f32 = TEXT_PX * 0.3;
/// The widest a name is shown, in pixels; a longer one is cut, with an ellipsis.
const NAME_WIDTH: f32 = TEXT_PX * 7.5;
/// The side of a colour mark, and the space before and after it.
const MARK: f32 = TEXT_PX * 0.6;
const MARK_BEFORE: f32 = TEXT_PX * 0.1;
const MARK_AFTER: f32 = TEXT_PX * 0.15;

/// Flat greys of the fixed palette: the rows' alternate stripe, the header, the rules
/// between cells, a player's own cell.
const STRIPE: [u8; 3] = [51, 51, 51];
const HEADER: [u8; 3] = [68, 68, 68];
const RULE: [u8; 3] = [85, 85, 85];
const OWN: [u8; 3] = [102, 102, 102];

/// What a row's cells are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grid {
    /// A round robin: a cell per player by start number, the rows in that order.
    Opponents,
    /// A Swiss: a cell per round, the rows in the standings' order.
    Rounds,
}

/// One player of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    /// The place in the standings, from 1 (players tied on everything share one).
    pub place: usize,
    /// The points and each tie-break's value, as the standings write them ("2½", "7.25").
    pub points: String,
    pub tiebreaks: Vec<String>,
    pub withdrawn: bool,
    /// Each round's entry, the opponents by start number from 0.
    pub rounds: Vec<Entry>,
}

/// What the picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    pub title: String,
    /// The line under the title: the system, the variant, how far it has gone.
    pub subtitle: String,
    pub grid: Grid,
    /// The tie-breaks' short names, in the standings' order ("SB", "DE", "WIN").
    pub tiebreaks: Vec<String>,
    /// The players by start number.
    pub players: Vec<Player>,
    /// The start numbers (from 0) in the standings' order.
    pub standings: Vec<usize>,
}

/// A piece of a cell: a colour mark, or text in a colour.
#[derive(Clone, Debug)]
enum Piece {
    Mark(Color),
    Text(String, Rgba),
}

impl Piece {
    fn width(&self) -> f32 {
        match self {
            Piece::Mark(_) => MARK_BEFORE + MARK + MARK_AFTER,
            Piece::Text(t, _) => text::width(t, TEXT_PX),
        }
    }
}

/// A cell: its pieces, and whether it is shaded (a player's own, in a round robin).
#[derive(Clone, Debug, Default)]
struct Cell {
    pieces: Vec<Piece>,
    own: bool,
}

impl Cell {
    fn text(t: impl Into<String>, color: Rgba) -> Cell {
        Cell {
            pieces: vec![Piece::Text(t.into(), color)],
            own: false,
        }
    }

    fn width(&self) -> f32 {
        self.pieces.iter().map(Piece::width).sum()
    }
}

/// A column: its heading, one cell a row (in the rows' order), and its width.
struct Column {
    heading: String,
    cells: Vec<Cell>,
    width: f32,
    /// Whether its cells sit to the left (the names) rather than centred.
    left: bool,
}

impl Column {
    fn new(heading: impl Into<String>, cells: Vec<Cell>, left: bool) -> Column {
        let heading = heading.into();
        let widest = cells.iter().map(Cell::width).fold(0.0, f32::max);
        let width = (widest.max(text::width(&heading, TEXT_PX)) + 2.0 * PAD).ceil();
        Column {
            heading,
            cells,
            width,
            left,
        }
    }
}

/// What a round shows of its result: "1", "½", "0" for a game played, "+" and "−" for a
/// forfeit, "*" for a game still to play (as a game record writes it); a bye's points, or
/// "–" for a round without a game.
fn result(entry: Entry) -> (String, Rgba) {
    let (said, color) = match entry {
        Entry::Played { halves: 2, .. } => ("1", theme::LABEL),
        Entry::Played { halves: 1, .. } => ("½", theme::LABEL),
        Entry::Played { .. } => ("0", theme::LABEL),
        Entry::Forfeit { won: true, .. } => ("+", theme::LABEL),
        Entry::Forfeit { won: false, .. } => ("−", theme::LABEL),
        Entry::Pending { .. } => ("*", theme::MUTED),
        Entry::PairingBye | Entry::FullBye => ("bye 1", theme::MUTED),
        Entry::HalfBye => ("bye ½", theme::MUTED),
        Entry::ZeroBye | Entry::Rest => ("–", theme::MUTED),
    };
    (said.to_string(), color)
}

/// The opponent of a round with a game paired, and whether the player had White.
fn seat(entry: Entry) -> Option<(usize, bool)> {
    match entry {
        Entry::Played {
            opponent, white, ..
        }
        | Entry::Forfeit {
            opponent, white, ..
        }
        | Entry::Pending { opponent, white } => Some((opponent, white)),
        _ => None,
    }
}

/// A game's pieces: the player's colour, then the result.
fn game(white: bool, entry: Entry) -> [Piece; 2] {
    let (said, color) = result(entry);
    let side = if white { Color::White } else { Color::Black };
    [Piece::Mark(side), Piece::Text(said, color)]
}

/// `text` cut with an ellipsis to fit `width` at `px`.
fn fitted(text: &str, px: f32, width: f32) -> String {
    if text::width(text, px) <= width {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && text::width(&format!("{cut}…"), px) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

impl Crosstable {
    /// The rows' order, by start number (from 0).
    fn rows(&self) -> Vec<usize> {
        match self.grid {
            Grid::Opponents => (0..self.players.len()).collect(),
            Grid::Rounds => self.standings.clone(),
        }
    }

    /// The columns before the cells: rank, start number, name.
    fn leading(&self, rows: &[usize]) -> Vec<Column> {
        let rank = |p: usize| match self.grid {
            Grid::Opponents => self.players[p].place,
            Grid::Rounds => self.standings.iter().position(|&s| s == p).unwrap_or(p) + 1,
        };
        let ranks = rows.iter().map(|&p| {
            let color = if self.players[p].place == 1 {
                theme::GOLD_PIECE
            } else {
                theme::LABEL
            };
            Cell::text(rank(p).to_string(), color)
        });
        let numbers = rows
            .iter()
            .map(|&p| Cell::text((p + 1).to_string(), theme::MUTED));
        let names = rows.iter().map(|&p| {
            let player = &self.players[p];
            let (suffix, color) = match player.withdrawn {
                true => (" (wd)", theme::MUTED),
                false => ("", theme::LABEL),
            };
            let room = NAME_WIDTH - text::width(suffix, TEXT_PX);
            Cell::text(
                format!("{}{suffix}", fitted(&player.name, TEXT_PX, room)),
                color,
            )
        });
        vec![
            Column::new("Rk", ranks.collect(), false),
            Column::new("No", numbers.collect(), false),
            Column::new("Name", names.collect(), true),
        ]
    }

    /// The cells' columns: one per opponent, or one per round.
    fn cells(&self, rows: &[usize]) -> Vec<Column> {
        match self.grid {
            Grid::Opponents => (0..self.players.len())
                .map(|q| {
                    let cells = rows.iter().map(|&p| {
                        if p == q {
                            return Cell {
                                own: true,
                                ..Cell::default()
                            };
                        }
                        let games = self.players[p].rounds.iter().filter_map(|&e| {
                            let (opponent, white) = seat(e)?;
                            (opponent == q).then(|| game(white, e))
                        });
                        let mut pieces = Vec::new();
                        for (i, g) in games.enumerate() {
                            if i > 0 {
                                pieces.push(Piece::Text(" ".into(), theme::LABEL));
                            }
                            pieces.extend(g);
                        }
                        Cell { pieces, own: false }
                    });
                    Column::new((q + 1).to_string(), cells.collect(), false)
                })
                .collect(),
            Grid::Rounds => {
                let rounds = self.players.iter().map(|p| p.rounds.len()).max();
                let rank = |p: usize| self.standings.iter().position(|&s| s == p).unwrap_or(p) + 1;
                (0..rounds.unwrap_or(0))
                    .map(|r| {
                        let cells = rows.iter().map(|&p| {
                            let entry = self.players[p].rounds.get(r).copied();
                            let entry = entry.unwrap_or(Entry::Rest);
                            let Some((opponent, white)) = seat(entry) else {
                                let (said, color) = result(entry);
                                return Cell::text(said, color);
                            };
                            let mut pieces =
                                vec![Piece::Text(rank(opponent).to_string(), theme::LABEL)];
                            pieces.extend(game(white, entry));
                            Cell { pieces, own: false }
                        });
                        Column::new(format!("R{}", r + 1), cells.collect(), false)
                    })
                    .collect()
            }
        }
    }

    /// The columns after the cells: the points and each tie-break.
    fn totals(&self, rows: &[usize]) -> Vec<Column> {
        let mut columns = vec![Column::new(
            "Pts",
            rows.iter()
                .map(|&p| Cell::text(self.players[p].points.clone(), theme::LABEL))
                .collect(),
            false,
        )];
        for (k, code) in self.tiebreaks.iter().enumerate() {
            let cells = rows.iter().map(|&p| {
                let value = self.players[p].tiebreaks.get(k).cloned();
                Cell::text(value.unwrap_or_default(), theme::MUTED)
            });
            columns.push(Column::new(code.clone(), cells.collect(), false));
        }
        columns
    }
}

/// The bands a table is drawn in: each the leading columns and a run of cell columns, the
/// totals after the last that has room for them (else in a band of their own), each band at
/// most `room` wide.
fn bands(leading: f32, cells: &[Column], totals: f32, room: f32) -> (Vec<Vec<usize>>, usize) {
    let mut bands: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = leading;
    for (i, c) in cells.iter().enumerate() {
        let current = bands.last_mut().expect("a band");
        if !current.is_empty() && used + c.width > room {
            bands.push(vec![i]);
            used = leading + c.width;
        } else {
            current.push(i);
            used += c.width;
        }
    }
    // The band the totals go in.
    if used + totals > room && bands.last().is_some_and(|b| !b.is_empty()) {
        bands.push(Vec::new());
    }
    let last = bands.len() - 1;
    (bands, last)
}

/// One band's columns, left to right.
fn band_columns<'c>(
    leading: &'c [Column],
    cells: &'c [Column],
    band: &[usize],
    totals: Option<&'c [Column]>,
) -> Vec<&'c Column> {
    let mut out: Vec<&Column> = leading.iter().collect();
    out.extend(band.iter().map(|&i| &cells[i]));
    out.extend(totals.into_iter().flatten());
    out
}

/// The legend's pieces, in order: what the marks and the results mean.
fn legend(grid: Grid, withdrawn: bool) -> Vec<Piece> {
    let words = |t: &str| Piece::Text(t.to_string(), theme::MUTED);
    let mut out = vec![
        Piece::Mark(Color::White),
        words("White  "),
        Piece::Mark(Color::Black),
        words("Black  "),
        words("1 win  ½ draw  0 loss  "),
        words("+ − forfeit  "),
        words("* to play"),
    ];
    if grid == Grid::Rounds {
        out.push(words("  each round: opponent's rank, colour, result"));
    }
    if withdrawn {
        out.push(words("  (wd) withdrawn"));
    }
    out
}

/// The legend's pieces cut into lines of at most `width`.
fn legend_lines(pieces: Vec<Piece>, width: f32) -> Vec<Vec<Piece>> {
    let scale = NOTE_PX / TEXT_PX;
    let mut lines: Vec<Vec<Piece>> = vec![Vec::new()];
    let mut used = 0.0;
    for piece in pieces {
        let w = piece.width() * scale;
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && used + w > width {
            lines.push(vec![piece]);
            used = w;
        } else {
            line.push(piece);
            used += w;
        }
    }
    lines
}

/// Draws pieces from `x` on the baseline `y` at `px`.
fn draw_pieces(canvas: &mut Canvas, pieces: &[Piece], mut x: f32, y: f32, px: f32) {
    let scale = px / TEXT_PX;
    for piece in pieces {
        match piece {
            Piece::Mark(side) => {
                // Centred on the digits' height, beside the result.
                let (fill, edge) = side_chip(*side);
                let (side, left) = ((MARK * scale).round(), x + MARK_BEFORE * scale);
                let top = y - px * 0.365 - side / 2.0;
                chip(canvas, left.round(), top.round(), side, fill, edge);
            }
            Piece::Text(t, color) => text::draw(canvas, t, x, y, px, *color),
        }
        x += piece.width() * scale;
    }
}

/// A flat rectangle of one of the palette's colours.
fn fill(canvas: &mut Canvas, x: f32, y: f32, w: f32, h: f32, color: [u8; 3]) {
    canvas.fill_opaque(x as u32, y as u32, w as u32, h as u32, color);
}

/// Draws the crosstable as a PNG in the board images' palette.
pub fn crosstable(table: &Crosstable) -> Result<Vec<u8>, RenderError> {
    let rows = table.rows();
    let leading = table.leading(&rows);
    let cells = table.cells(&rows);
    let totals = table.totals(&rows);
    let sum = |c: &[Column]| c.iter().map(|c| c.width).sum::<f32>();
    let room = MAX_WIDTH as f32 - 2.0 * MARGIN;
    let (bands, last) = bands(sum(&leading), &cells, sum(&totals), room);
    let widths: Vec<f32> = bands
        .iter()
        .enumerate()
        .map(|(b, band)| {
            let shown = band_columns(&leading, &cells, band, (b == last).then_some(&totals[..]));
            shown.iter().map(|c| c.width).sum()
        })
        .collect();
    let table_width = widths.iter().copied().fold(0.0, f32::max);
    let width = (table_width + 2.0 * MARGIN)
        .max(text::width(&table.title, TITLE_PX).min(room) + 2.0 * MARGIN)
        .max(360.0)
        .min(MAX_WIDTH as f32)
        .ceil();
    let inner = width - 2.0 * MARGIN;
    let withdrawn = table.players.iter().any(|p| p.withdrawn);
    let notes = legend_lines(legend(table.grid, withdrawn), inner);
    let head = MARGIN + TITLE_PX * 1.2 + NOTE_PX * 1.5;
    let band_height = ROW * (rows.len() + 1) as f32;
    let height = head
        + bands.len() as f32 * (band_height + MARGIN)
        + notes.len() as f32 * NOTE_PX * 1.4
        + MARGIN;
    let mut canvas = Canvas::new(width as u32, height.ceil() as u32);
    fill(
        &mut canvas,
        0.0,
        0.0,
        width,
        height.ceil(),
        theme::BACKGROUND.rgb(),
    );
    let title = fitted(&table.title, TITLE_PX, inner);
    text::draw(
        &mut canvas,
        &title,
        MARGIN,
        MARGIN + TITLE_PX,
        TITLE_PX,
        theme::LABEL,
    );
    let subtitle = fitted(&table.subtitle, NOTE_PX, inner);
    let below = MARGIN + TITLE_PX * 1.2 + NOTE_PX * 1.1;
    text::draw(&mut canvas, &subtitle, MARGIN, below, NOTE_PX, theme::MUTED);
    let mut top = head;
    for (b, band) in bands.iter().enumerate() {
        let shown = band_columns(&leading, &cells, band, (b == last).then_some(&totals[..]));
        draw_band(&mut canvas, &shown, top, widths[b], rows.len());
        top += band_height + MARGIN;
    }
    for line in &notes {
        top += NOTE_PX * 1.4;
        draw_pieces(&mut canvas, line, MARGIN, top - NOTE_PX * 0.3, NOTE_PX);
    }
    let (pixmap, index) = canvas.finish();
    super::image::indexed_png(
        pixmap.width(),
        pixmap.height(),
        &index,
        super::FILTER,
        super::COMPRESSION,
    )
}

/// One band at `top`: the headings on their strip, then a row a player, striped, with a rule
/// between columns.
fn draw_band(canvas: &mut Canvas, columns: &[&Column], top: f32, width: f32, rows: usize) {
    let baseline = |row: usize| top + ROW * row as f32 + ROW * 0.5 + TEXT_PX * 0.36;
    fill(canvas, MARGIN, top, width, ROW, HEADER);
    for row in (1..=rows).filter(|r| r % 2 == 0) {
        fill(canvas, MARGIN, top + ROW * row as f32, width, ROW, STRIPE);
    }
    let mut x = MARGIN;
    for (k, column) in columns.iter().enumerate() {
        if k > 0 {
            fill(canvas, x, top, 1.0, ROW * (rows + 1) as f32, RULE);
        }
        let centred = |w: f32| match column.left {
            true => x + PAD,
            false => x + (column.width - w) / 2.0,
        };
        let heading = &column.heading;
        let at = centred(text::width(heading, TEXT_PX));
        text::draw(canvas, heading, at, baseline(0), TEXT_PX, theme::MUTED);
        for (r, cell) in column.cells.iter().enumerate() {
            if cell.own {
                let y = top + ROW * (r + 1) as f32;
                fill(canvas, x + 1.0, y, column.width - 1.0, ROW, OWN);
                continue;
            }
            draw_pieces(
                canvas,
                &cell.pieces,
                centred(cell.width()),
                baseline(r + 1),
                TEXT_PX,
            );
        }
        x += column.width;
    }
}

#[cfg(test)]
mod tests {
    use super::super::palette::palette;
    use super::*;

    /// The greys the table is drawn with are the palette's own: what is drawn is what the PNG
    /// holds.
    #[test]
    fn the_greys_are_in_the_palette() {
        for grey in [STRIPE, HEADER, RULE, OWN] {
            assert_eq!(palette().rgb[palette().index(grey) as usize], grey);
        }
    }

    #[test]
    fn a_long_name_is_cut_with_an_ellipsis() {
        let cut = fitted("Bartholomew Montgomery-Smythe", TEXT_PX, NAME_WIDTH);
        assert!(
            cut.ends_with('…') && text::width(&cut, TEXT_PX) <= NAME_WIDTH,
            "{cut}"
        );
        assert_eq!(fitted("Ann", TEXT_PX, NAME_WIDTH), "Ann");
    }
}
