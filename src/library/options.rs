//! A unit's options as `units ARMY UNIT` lists them for a player: what
//! can be chosen, with its points each and how many, in the book's groups
//! and indented as the book nests them. Gear the book fixes (as many at
//! most as at least: no choice) is not listed as an option: the unit's own
//! is its equipment line, an option's is said once under it ("with ...").
//! An option priced by the one kind of model it holds at least once (a
//! detachment, a retinue) is listed by that model's points and how many
//! of it.

use super::format::{Entry, Group};
use super::pick::Shared;
use crate::text;
use crate::words::lang::Lang;
use crate::words::text::Text;

/// The deepest options are listed (a banner's magic items under its
/// bearer).
const MAX_DEPTH: usize = 6;

/// The columns of a row: its name (with its indent), its points, how many.
const NAME_WIDTH: usize = 46;
const POINTS_WIDTH: usize = 11;

/// A line of the options: a group's name and how many of its members a
/// unit takes, an option with its points each and how many, or the gear
/// an option comes with.
enum Row {
    Group(String, Text),
    Option(Text, Option<f64>, Text),
    With(Vec<String>),
    /// What an option costs for each model of the unit (a shield each).
    PerModel(f64),
}

/// The options of unit `entry`, its own models aside, as text in `lang`:
/// a header naming the columns, then a row a line.
pub(super) fn text(shared: &Shared, entry: &Entry, lang: Lang) -> String {
    let mut rows = Vec::new();
    children(shared, entry, 0, true, &mut rows);
    if rows.is_empty() {
        return text!("Options: none").render(lang) + "\n";
    }
    let mut out = format!(
        "{:<NAME_WIDTH$}{:>POINTS_WIDTH$}  {}\n",
        text!("Options").render(lang),
        text!("points each").render(lang),
        text!("how many").render(lang)
    );
    for (depth, row) in rows {
        let indent = "  ".repeat(depth + 1);
        out += &match row {
            Row::Group(name, take) => {
                cut(&format!("{indent}{name}{}", take.render(lang)), 80) + "\n"
            }
            Row::Option(name, points, many) => {
                let name = format!("{indent}{}", name.render(lang));
                // A name too long for its column has a line of its own.
                let (own, name) = match name.chars().count() < NAME_WIDTH {
                    true => (String::new(), name),
                    false => (cut(&name, 80) + "\n", String::new()),
                };
                let points = points.map_or(String::new(), super::listing::points);
                let row = format!(
                    "{name:<NAME_WIDTH$}{points:>POINTS_WIDTH$}  {}",
                    many.render(lang)
                );
                own + row.trim_end() + "\n"
            }
            Row::With(gear) => {
                let with = text!("with {}", gear.join(", ")).render(lang);
                cut(&format!("{indent}{with}"), 80) + "\n"
            }
            Row::PerModel(points) => {
                let each = super::listing::points(points);
                format!(
                    "{indent}{}\n",
                    text!("points a model: {}", each).render(lang)
                )
            }
        };
    }
    out
}

/// `s` cut to `width` characters.
fn cut(s: &str, width: usize) -> String {
    s.chars().take(width).collect()
}

/// The rows of what `e` holds at `depth` (its own models left out at the
/// unit's top, `top`), and the names of the gear it fixes.
fn children(
    shared: &Shared,
    e: &Entry,
    depth: usize,
    top: bool,
    out: &mut Vec<(usize, Row)>,
) -> Vec<String> {
    let mut gear = Vec::new();
    if depth > MAX_DEPTH {
        return gear;
    }
    for c in e.entries.iter().filter(|c| !(top && c.kind == "model")) {
        gear.extend(option(shared, c, depth, out));
    }
    for g in &e.groups {
        gear.extend(group(shared, g, depth, out));
    }
    gear
}

/// Group `link`'s rows (its header, then its members one deeper) where it
/// holds a choice; the gear it fixes.
fn group(shared: &Shared, link: &Group, depth: usize, out: &mut Vec<(usize, Row)>) -> Vec<String> {
    let Some(g) = shared.resolve(link).filter(|_| depth <= MAX_DEPTH) else {
        return Vec::new();
    };
    // A link's own limits, else the shared group's.
    let least = if link.min > 0 { link.min } else { g.min };
    let mut rows = Vec::new();
    let mut gear = Vec::new();
    for c in &g.entries {
        gear.extend(option(shared, c, depth + 1, &mut rows));
    }
    for x in &g.groups {
        gear.extend(group(shared, x, depth + 1, &mut rows));
    }
    if !rows.is_empty() {
        out.push((
            depth,
            Row::Group(g.name.clone(), take(least, link.max.or(g.max))),
        ));
        out.extend(rows);
    }
    gear
}

/// Option `c`'s rows (itself, the gear it comes with, its own options one
/// deeper), or its name as gear where the book fixes it and it holds no
/// choice.
fn option(shared: &Shared, c: &Entry, depth: usize, out: &mut Vec<(usize, Row)>) -> Vec<String> {
    let fixed = c.min >= 1 && c.max == Some(c.min);
    let models: Vec<&Entry> = c.entries.iter().filter(|m| m.kind == "model").collect();
    // Priced by its models alone: a band of them.
    let band = match models[..] {
        [one] if one.min >= 1 && c.pts == 0.0 => Some(one),
        _ => None,
    };
    let mut rows = Vec::new();
    let mut gear = Vec::new();
    if let Some(m) = band {
        gear.extend(children(shared, m, depth + 1, false, &mut rows));
    }
    for x in c
        .entries
        .iter()
        .filter(|x| band.is_none_or(|m| !std::ptr::eq(*x, m)))
    {
        gear.extend(option(shared, x, depth + 1, &mut rows));
    }
    for g in &c.groups {
        gear.extend(group(shared, g, depth + 1, &mut rows));
    }
    if fixed && band.is_none() && rows.is_empty() {
        return vec![match c.min {
            1 => c.name.clone(),
            n => format!("{} x{n}", c.name),
        }];
    }
    let name = Text::kept(c.name.clone());
    let row = match band {
        Some(m) => {
            let name = match (c.min, c.max) {
                (n, _) if fixed && n > 1 => name.then(Text::kept(format!(" x{n}"))),
                (0, None) => name,
                _ if fixed => name,
                (least, most) => name.then(text!(" ({})", count(least, most))),
            };
            Row::Option(name, Some(m.pts), size(m.min, m.max))
        }
        None if fixed => Row::Option(name, None, text!("included")),
        None => {
            // An option priced per model: its points a model under it.
            let each = (c.pts != 0.0 || c.pts_per_model == 0.0).then_some(c.pts);
            Row::Option(name, each, count(c.min, c.max))
        }
    };
    out.push((depth, row));
    if c.pts_per_model > 0.0 {
        out.push((depth + 1, Row::PerModel(c.pts_per_model)));
    }
    if !gear.is_empty() {
        out.push((depth + 1, Row::With(gear)));
    }
    out.extend(rows);
    Vec::new()
}

/// How many of an option a unit may take.
fn count(least: u32, most: Option<u32>) -> Text {
    match (least, most) {
        (0, Some(0)) => text!("if allowed"),
        (0, Some(most)) => text!("up to {}", most),
        (0, None) => text!("any number"),
        (least, Some(most)) if most == least => Text::kept(least.to_string()),
        (least, Some(most)) => text!("{} to {}", least, most),
        (least, None) => text!("{} or more", least),
    }
}

/// How many models a unit (or a band of an option) has, fewest and most
/// (none: no limit), in a player's words: `10 or more models`.
pub(super) fn size(least: u32, most: Option<u32>) -> Text {
    match most {
        Some(1) if least == 1 => text!("1 model"),
        Some(most) if most == least => text!("{} models", least),
        Some(most) => text!("{} to {} models", least, most),
        None => text!("{} or more models", least),
    }
}

/// How many of a group's members a unit takes, after its name.
fn take(least: u32, most: Option<u32>) -> Text {
    match (least, most) {
        (0, None) => Text::default(),
        (0, Some(most)) => text!(" (up to {})", most),
        (least, Some(most)) if most == least => text!(" (choose {})", least),
        (least, Some(most)) => text!(" (choose {} to {})", least, most),
        (least, None) => text!(" ({} or more)", least),
    }
}
