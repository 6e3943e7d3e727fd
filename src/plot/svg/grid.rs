//! A grid panel ([`Axis::Grid`](crate::plot::Axis::Grid)): a heat map, one cell
//! per row and column (a matchup's charger and charged unit), shaded by the
//! first series' value (darker is likelier) and labelled with it in
//! percent; a colour legend under it.
//!
//! **Whole labels.** Rows are named down the left, wrapped onto lines;
//! a column's name too long for its cell is written by its number (the
//! label's `3, 4` of `3, 4. Clanrats`, else its place) and named whole in
//! a key under the grid.

use super::{colour, Area, Failure, FONT};
use crate::plot::Panel;
use crate::report::trim_number;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Room for the caption and the column names, in pixels.
const TOP: i32 = 60;
/// A row of cells at most, a line of text (11 px type), in pixels.
const ROW: i32 = 40;
const LINE: i32 = 15;
/// About the width of a character of 11 px type, in pixels.
const CHAR: i32 = 6;
/// The row names' column: its least and most width, in pixels.
const LEFT: (i32, i32) = (100, 260);
/// The panel's width, as the figure gives it to a wide panel.
const PANEL_WIDTH: i32 = super::WIDTH as i32 - 25;
/// The colour legend's height, its swatches and their labels.
const LEGEND: i32 = 50;

/// The width of the row names' column: the longest name's, within
/// [`LEFT`] (a longer one wraps).
fn left(rows: &[String]) -> i32 {
    let longest = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    (longest as i32 * CHAR + 12).clamp(LEFT.0, LEFT.1)
}

/// The width of a cell.
fn cell_width(rows: &[String], columns: usize) -> i32 {
    ((PANEL_WIDTH - left(rows) - 10) / columns.max(1) as i32).max(1)
}

/// Whether a column's whole name fits above its cell.
fn fits(name: &str, cell_w: i32) -> bool {
    name.chars().count() as i32 * CHAR <= cell_w - 4
}

/// The columns named in the key: those whose names do not fit.
fn keyed(columns: &[String], cell_w: i32) -> Vec<&String> {
    columns.iter().filter(|c| !fits(c, cell_w)).collect()
}

/// The key's lines: two names a line.
fn key_lines(keyed: usize) -> i32 {
    keyed.div_ceil(2) as i32
}

/// The height a grid panel of `rows` and `columns` takes, in pixels.
pub(super) fn grid_height(rows: &[String], columns: &[String]) -> u32 {
    let cell_h = row_height(rows);
    let keyed = keyed(columns, cell_width(rows, columns.len())).len();
    let key = match keyed {
        0 => 0,
        n => 10 + key_lines(n) * LINE,
    };
    (TOP + rows.len() as i32 * cell_h + 20 + key + LEGEND + 30) as u32
}

/// A row's height: room for its name's lines, [`ROW`] at most.
fn row_height(rows: &[String]) -> i32 {
    let lines = rows
        .iter()
        .map(|r| wrap(r, left(rows) - 8).len())
        .max()
        .unwrap_or(1) as i32;
    (lines * LINE + 6).max(ROW)
}

/// `name` in lines of at most `pixels`, broken at spaces (a word longer
/// than a line on a line of its own).
fn wrap(name: &str, pixels: i32) -> Vec<String> {
    super::words_in_lines(name, (pixels / CHAR).max(4) as usize)
}

/// A column's short name: the numbers before its `. `, else its place.
fn number(name: &str, c: usize) -> String {
    match name.split_once(". ") {
        Some((n, _))
            if !n.is_empty() && n.chars().all(|ch| ch.is_ascii_digit() || ", ".contains(ch)) =>
        {
            n.replace(' ', "")
        }
        _ => (c + 1).to_string(),
    }
}

/// Draws the `rows` x `columns` cells of `panel` on `area`: the first
/// series' point `x = row * columns + column` shades its cell.
pub(super) fn draw_grid(
    area: &Area,
    panel: &Panel<String>,
    rows: &[String],
    columns: &[String],
) -> Result<(), Failure> {
    let left = left(rows);
    let cell_w = cell_width(rows, columns.len());
    let cell_h = row_height(rows);
    area.draw(&Text::new(
        super::caption(panel),
        (10, 5),
        (FONT, 15).into_font(),
    ))?;
    let shade = colour(panel.series.first().map_or(0, |s| s.colour));
    let value = |i: usize| {
        panel
            .series
            .first()?
            .points
            .iter()
            .find(|p| p.x as usize == i)
            .map(|p| p.y)
    };
    let fill = |p: f64| shade.mix(0.1 + 0.8 * p.clamp(0.0, 1.0)).filled();
    let centred = |size| {
        (FONT, size)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Center))
    };
    for (c, name) in columns.iter().enumerate() {
        let x = left + c as i32 * cell_w + cell_w / 2;
        let shown = match fits(name, cell_w) {
            true => name.clone(),
            false => number(name, c),
        };
        area.draw(&Text::new(shown, (x, TOP - 12), centred(11)))?;
    }
    let right = (FONT, 11)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Right, VPos::Center));
    for (r, name) in rows.iter().enumerate() {
        let y = TOP + r as i32 * cell_h;
        let lines = wrap(name, left - 8);
        let first = y + cell_h / 2 - (lines.len() as i32 - 1) * LINE / 2;
        for (i, line) in lines.into_iter().enumerate() {
            area.draw(&Text::new(
                line,
                (left - 6, first + i as i32 * LINE),
                right.clone(),
            ))?;
        }
        for c in 0..columns.len() {
            let x = left + c as i32 * cell_w;
            let v = value(r * columns.len() + c);
            let style = v.map_or(WHITE.filled(), fill);
            area.draw(&Rectangle::new([(x, y), (x + cell_w, y + cell_h)], style))?;
            area.draw(&Rectangle::new(
                [(x, y), (x + cell_w, y + cell_h)],
                BLACK.stroke_width(1),
            ))?;
            let label = v.map_or("-".to_string(), |p| {
                format!("{}%", trim_number(p * 100.0, 0))
            });
            area.draw(&Text::new(
                label,
                (x + cell_w / 2, y + cell_h / 2),
                centred(11),
            ))?;
        }
    }
    let below = TOP + rows.len() as i32 * cell_h + 20;
    let below = draw_key(area, columns, cell_w, below)?;
    draw_legend(area, &fill, below)
}

/// The key of the columns whose names do not fit, two a line, from `y`;
/// where the next drawing starts.
fn draw_key(area: &Area, columns: &[String], cell_w: i32, y: i32) -> Result<i32, Failure> {
    let keyed = keyed(columns, cell_w);
    if keyed.is_empty() {
        return Ok(y);
    }
    let font = (FONT, 11)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    let half = (PANEL_WIDTH - 20) / 2;
    for (i, name) in keyed.iter().enumerate() {
        let (line, side) = (i as i32 / 2, i as i32 % 2);
        let at = (10 + side * half, y + line * LINE);
        area.draw(&Text::new(name.to_string(), at, font.clone()))?;
    }
    Ok(y + 10 + key_lines(keyed.len()) * LINE)
}

/// The colour legend from `y`: a swatch for each tenth from 0% to 100%.
fn draw_legend(area: &Area, fill: &dyn Fn(f64) -> ShapeStyle, y: i32) -> Result<(), Failure> {
    let (x0, w, h) = (10, 40, 16);
    for i in 0..=10 {
        let x = x0 + i * w;
        let p = f64::from(i) / 10.0;
        area.draw(&Rectangle::new([(x, y), (x + w, y + h)], fill(p)))?;
        area.draw(&Rectangle::new(
            [(x, y), (x + w, y + h)],
            BLACK.mix(0.4).stroke_width(1),
        ))?;
        let label = format!("{}%", i * 10);
        let font = (FONT, 10)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        area.draw(&Text::new(label, (x + w / 2, y + h + 4), font))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_wrap_at_spaces_and_numbers_come_first() {
        assert_eq!(
            wrap("1. Captain of the Empire", 60),
            ["1. Captain", "of the", "Empire"]
        );
        assert_eq!(number("3, 4. Clanrats", 0), "3,4");
        assert_eq!(number("Clanrats", 6), "7");
    }
}
