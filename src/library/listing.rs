//! `mathhammer units`: the armies, an army's units, or one unit with its
//! options, as text (80 columns) and JSON.

use super::format::{Entry, Group};
use super::pick::Shared;
use super::{ArmyBook, Library};
use crate::error::InputError;
use crate::roster::{Role, RosterUnit, UnitKey, Value};
use crate::words::text::Text;
use serde_json::json;

/// The characteristics an army's listing shows, as rosters name them.
const COLUMNS: [&str; 9] = ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"];

/// The deepest options are listed (a banner's magic items under its
/// bearer).
const MAX_DEPTH: usize = 6;

/// An option of a unit: its group's path, name, points each, fewest and
/// most.
struct Option_ {
    group: String,
    name: String,
    points: f64,
    min: u32,
    max: Option<u32>,
    /// How many of its group's members a unit takes, fewest and most.
    of_group: (u32, Option<u32>),
}

/// `mathhammer units [ARMY] [UNIT] [--json]`'s output, or the flag's
/// error naming what was typed.
pub fn units(army: Option<&str>, unit: Option<&str>, json: bool) -> Result<String, InputError> {
    let library = Library::shipped();
    let Some(typed) = army else {
        return Ok(match json {
            true => pretty(armies_json(library)),
            false => armies_text(library),
        });
    };
    let bad = |field: &str, why: Text| InputError::new(field, crate::text!("'{}': {}", typed, why));
    let book = library.army(typed).map_err(|why| bad("ARMY", why))?;
    let Some(unit) = unit else {
        return (match json {
            true => army_json(book).map(pretty),
            false => army_text(book),
        })
        .map_err(|why| bad("ARMY", why));
    };
    let named = |why: Text| InputError::new("UNIT", crate::text!("'{}': {}", unit, why));
    let entry = book.entry(&UnitKey::parse(unit)).map_err(named)?;
    (match json {
        true => unit_json(book, entry).map(pretty),
        false => unit_text(book, entry),
    })
    .map_err(named)
}

fn pretty(v: serde_json::Value) -> String {
    serde_json::to_string_pretty(&v).expect("JSON of plain values") + "\n"
}

/// The armies, their keys and how many units each has.
fn armies_json(library: &Library) -> serde_json::Value {
    let armies: Vec<_> = (library.armies().iter())
        .map(|a| {
            let units = a.unit_names().map(|n| n.len()).ok();
            json!({"key": a.key, "book": a.book, "words": a.words, "spanish": a.spanish, "units": units})
        })
        .collect();
    json!({ "armies": armies })
}

fn armies_text(library: &Library) -> String {
    let mut out = format!(
        "{:<24} {:<18} {:>5}  {}\n",
        "army", "key", "units", "in Spanish"
    );
    for a in library.armies() {
        let units = a.unit_names().map_or(0, |n| n.len());
        let spanish = a.spanish.as_deref().unwrap_or("-");
        out += &format!("{:<24} {:<18} {:>5}  {}\n", a.book, a.key, units, spanish);
    }
    out + "\nmathhammer units ARMY lists an army's units; ARMY:UNIT[:MODELS] picks one\n(combat --attacker \"empire:halberdiers:20\").\n"
}

/// Unit `entry` of `book` at its default pick, its points per model and
/// category.
struct Listed<'a> {
    entry: &'a Entry,
    unit: RosterUnit,
}

impl Listed<'_> {
    fn category(&self) -> &str {
        self.entry
            .categories
            .first()
            .map_or("Other", String::as_str)
    }

    /// Its default pick's points shared by the models of its model
    /// entry (a unit without one, a character or a war machine, is one).
    fn points_per_model(&self) -> f64 {
        self.unit.points / f64::from(ArmyBook::models(self.entry).0)
    }

    /// Its rank and file's value of characteristic `column`.
    fn value(&self, column: &str) -> String {
        let rank_and_file = self
            .unit
            .profiles
            .iter()
            .find(|p| p.role == Role::RankAndFile);
        let value = rank_and_file.and_then(|p| p.values.iter().find(|(k, _)| k == column));
        match value.map(|(_, v)| v) {
            Some(Value::Num(x)) => format!("{x}"),
            Some(Value::Text(t)) => t.clone(),
            _ => "-".into(),
        }
    }
}

fn listed(book: &ArmyBook) -> Result<Vec<Listed<'_>>, Text> {
    (book.file()?.units.iter())
        .map(|entry| {
            Ok(Listed {
                entry,
                unit: book.picked(entry)?,
            })
        })
        .collect()
}

/// The categories in the order the book first gives them.
fn categories<'a>(units: &'a [Listed]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for u in units {
        if !out.contains(&u.category()) {
            out.push(u.category());
        }
    }
    out
}

fn army_json(book: &ArmyBook) -> Result<serde_json::Value, Text> {
    let units = listed(book)?;
    let entries: Vec<_> = (units.iter().enumerate())
        .map(|(i, u)| {
            let profile: serde_json::Map<_, _> = (COLUMNS.iter())
                .map(|c| (c.to_string(), json!(u.value(c))))
                .collect();
            json!({"number": i + 1, "name": u.entry.name, "category": u.category(),
                   "points_per_model": u.points_per_model(), "profile": profile,
                   "left_out": u.unit.played.as_ref().err()})
        })
        .collect();
    Ok(json!({"army": book.book, "key": book.key, "units": entries}))
}

fn army_text(book: &ArmyBook) -> Result<String, Text> {
    let units = listed(book)?;
    let mut out = format!("{} ({})\n", book.book, book.key);
    let header: String = COLUMNS.iter().map(|c| format!("{c:>5}")).collect();
    for category in categories(&units) {
        out += &format!("\n{category}\n{:<28} {:>6}{header}\n", "unit", "pts");
        for (i, u) in units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.category() == category)
        {
            let name = format!("{:>3}. {}", i + 1, u.entry.name);
            let name: String = name.chars().take(28).collect();
            let row: String = COLUMNS
                .iter()
                .map(|c| format!("{:>5}", short(&u.value(c))))
                .collect();
            out += &format!("{name:<28} {:>6}{row}\n", points(u.points_per_model()));
        }
    }
    Ok(out
        + &format!(
            "\nmathhammer units {} UNIT shows a unit and its options.\n",
            book.key
        ))
}

/// A value cut to a column of four.
fn short(v: &str) -> String {
    v.chars().take(4).collect()
}

/// Points as players write them: 6, 8.5.
fn points(p: f64) -> String {
    format!("{}", (p * 100.0).round() / 100.0)
}

/// Unit `entry`'s fewest and most models, as JSON.
fn models_json(entry: &Entry) -> serde_json::Value {
    let (min, max) = ArmyBook::models(entry);
    json!({"min": min, "max": max})
}

fn unit_json(book: &ArmyBook, entry: &Entry) -> Result<serde_json::Value, Text> {
    let u = Listed {
        entry,
        unit: book.picked(entry)?,
    };
    let options: Vec<_> = options(&book.shared()?, entry)
        .iter()
        .map(|o| json!({"group": o.group, "name": o.name, "points": o.points, "min": o.min, "max": o.max}))
        .collect();
    Ok(json!({
        "army": book.book, "key": book.key, "name": entry.name, "category": u.category(),
        "models": models_json(entry), "points_per_model": u.points_per_model(),
        "unit": crate::roster::listing::unit_json(&u.unit), "options": options,
        "choices": book.choices_json(entry)?,
    }))
}

fn unit_text(book: &ArmyBook, entry: &Entry) -> Result<String, Text> {
    let roster = book.list_of(entry)?;
    let (min, max) = ArmyBook::models(entry);
    let size = match max {
        Some(1) if min == 1 => "1 model".to_string(),
        Some(max) if max == min => format!("{min} models"),
        Some(max) => format!("{min} to {max} models"),
        None => format!("{min} or more models"),
    };
    let mut out = format!("{} of {} ({}): {}\n", entry.name, book.book, book.key, size);
    out += &crate::roster::listing::text(&roster);
    let options = options(&book.shared()?, entry);
    // Each group once, in the order first met, its options together.
    let mut groups: Vec<&str> = Vec::new();
    for o in &options {
        if !groups.contains(&o.group.as_str()) {
            groups.push(&o.group);
        }
    }
    out += "\nOptions (points each):\n";
    for group in groups {
        let name = if group.is_empty() {
            "the unit's own"
        } else {
            group
        };
        let limits = options
            .iter()
            .find(|o| o.group == group)
            .map(|o| o.of_group);
        let take = match limits {
            Some((0, None)) | None => String::new(),
            Some((least, Some(most))) => format!(" (take {least} to {most})"),
            Some((least, None)) => format!(" (take {least} or more)"),
        };
        out += &format!("  {name}{take}\n");
        for o in options.iter().filter(|o| o.group == group) {
            let range = match o.max {
                Some(max) => format!("{} to {max}", o.min),
                None => format!("{} or more", o.min),
            };
            out += &format!(
                "    {:<52} {:>7} {range}\n",
                short_name(&o.name),
                points(o.points)
            );
        }
    }
    Ok(out)
}

/// A name cut to its column.
fn short_name(name: &str) -> String {
    name.chars().take(52).collect()
}

/// Unit `entry`'s options: its entries (its models aside) and its groups'
/// members, each with what it holds, by group path.
fn options(shared: &Shared, entry: &Entry) -> Vec<Option_> {
    let mut out = Vec::new();
    entries_of(shared, entry, "", 0, &mut out);
    out
}

fn entries_of(shared: &Shared, e: &Entry, path: &str, depth: usize, out: &mut Vec<Option_>) {
    if depth > MAX_DEPTH {
        return;
    }
    for c in e.entries.iter().filter(|c| c.kind != "model" || depth > 0) {
        option(shared, c, (path, (0, None)), depth, out);
    }
    for g in &e.groups {
        group_of(shared, g, path, depth, out);
    }
}

fn group_of(shared: &Shared, link: &Group, path: &str, depth: usize, out: &mut Vec<Option_>) {
    let Some(g) = shared.resolve(link).filter(|_| depth <= MAX_DEPTH) else {
        return;
    };
    let path = match path {
        "" => g.name.clone(),
        p => format!("{p}::{}", g.name),
    };
    // A link's own limits, else the shared group's.
    let least = if link.min > 0 { link.min } else { g.min };
    let limits = (least, link.max.or(g.max));
    for c in &g.entries {
        option(shared, c, (&path, limits), depth, out);
    }
    for x in &g.groups {
        group_of(shared, x, &path, depth + 1, out);
    }
}

/// Option `c` of group `path` (with its group's limits), then those it
/// holds.
fn option(
    shared: &Shared,
    c: &Entry,
    (path, of_group): (&str, (u32, Option<u32>)),
    depth: usize,
    out: &mut Vec<Option_>,
) {
    out.push(Option_ {
        group: path.to_string(),
        name: c.name.clone(),
        points: c.pts,
        min: c.min,
        max: c.max,
        of_group,
    });
    let inner = match path {
        "" => c.name.clone(),
        p => format!("{p}::{}", c.name),
    };
    entries_of(shared, c, &inner, depth + 1, out);
}
