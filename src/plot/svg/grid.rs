//! A grid panel ([`Axis::Grid`](crate::plot::Axis::Grid)): a heat map, one cell
//! per row and column (a matchup's charger and charged unit), shaded by the
//! first series' value (darker is likelier) and labelled with it in
//! percent; rows named down the left, columns along the top.

use super::{colour, Area, Failure, FONT};
use crate::plot::Panel;
use crate::report::trim_number;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Room for the row names, the column names and the caption, in pixels.
const LEFT: i32 = 170;
const TOP: i32 = 60;

/// Draws the `rows` x `columns` cells of `panel` on `area`: the first
/// series' point `x = row * columns + column` shades its cell.
pub(super) fn draw_grid(
    area: &Area,
    panel: &Panel<String>,
    rows: &[String],
    columns: &[String],
) -> Result<(), Failure> {
    let (w, h) = area.dim_in_pixel();
    let (nr, nc) = (rows.len().max(1) as i32, columns.len().max(1) as i32);
    let cell_w = ((w as i32 - LEFT - 10) / nc).max(1);
    let cell_h = ((h as i32 - TOP - 10) / nr).clamp(1, 40);
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
    let centred = |size| {
        (FONT, size)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Center))
    };
    for (c, name) in columns.iter().enumerate() {
        let x = LEFT + c as i32 * cell_w + cell_w / 2;
        area.draw(&Text::new(short(name, cell_w), (x, TOP - 12), centred(11)))?;
    }
    let right = (FONT, 11)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Right, VPos::Center));
    for (r, name) in rows.iter().enumerate() {
        let y = TOP + r as i32 * cell_h;
        area.draw(&Text::new(
            short(name, LEFT - 8),
            (LEFT - 6, y + cell_h / 2),
            right.clone(),
        ))?;
        for c in 0..columns.len() {
            let x = LEFT + c as i32 * cell_w;
            let v = value(r * columns.len() + c);
            let fill = match v {
                Some(p) => shade.mix(0.1 + 0.8 * p.clamp(0.0, 1.0)).filled(),
                None => WHITE.filled(),
            };
            area.draw(&Rectangle::new([(x, y), (x + cell_w, y + cell_h)], fill))?;
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
    Ok(())
}

/// `name` cut to fit `pixels` at about 6 pixels a character.
fn short(name: &str, pixels: i32) -> String {
    let most = (pixels / 6).max(3) as usize;
    match name.chars().count() > most {
        true => name.chars().take(most - 1).collect::<String>() + "…",
        false => name.to_string(),
    }
}
