//! `mathhammer units`: the armies, an army's units, or one unit with its
//! options, as text (80 columns, in English or Spanish) and JSON (the
//! page's: its options flat, by group path).

use super::format::{Entry, Group};
use super::pick::Shared;
use super::{ArmyBook, Library};
use crate::error::InputError;
use crate::roster::{Role, RosterUnit, UnitKey, Value};
use crate::text;
use crate::words::lang::Lang;
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
}

/// `mathhammer units [ARMY] [UNIT] [--json]`'s output, or the flag's
/// error naming what was typed.
pub fn units(
    army: Option<&str>,
    unit: Option<&str>,
    json: bool,
    lang: Lang,
) -> Result<String, InputError> {
    let library = Library::shipped();
    let Some(typed) = army else {
        return Ok(match json {
            true => pretty(armies_json(library)),
            false => armies_text(library, lang),
        });
    };
    let bad = |field: &str, why: Text| InputError::new(field, crate::text!("'{}': {}", typed, why));
    let book = library.army(typed).map_err(|why| bad("ARMY", why))?;
    let Some(unit) = unit else {
        return (match json {
            true => army_json(book).map(pretty),
            false => army_text(book, lang),
        })
        .map_err(|why| bad("ARMY", why));
    };
    let named = |why: Text| InputError::new("UNIT", crate::text!("'{}': {}", unit, why));
    let entry = book.entry(&UnitKey::parse(unit)).map_err(named)?;
    (match json {
        true => unit_json(book, entry, lang).map(pretty),
        false => unit_text(book, entry, lang),
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

fn armies_text(library: &Library, lang: Lang) -> String {
    // The other language's name last: the Spanish where it is English,
    // the book's where it is Spanish.
    let other = match lang {
        Lang::En => text!("in Spanish"),
        Lang::Es => text!("in English"),
    };
    let mut out = format!(
        "{:<24} {:<18} {:>8}  {}\n",
        text!("army").render(lang),
        text!("key").render(lang),
        text!("units").render(lang),
        other.render(lang)
    );
    for a in library.armies() {
        let units = a.unit_names().map_or(0, |n| n.len());
        let other = match lang {
            Lang::En => a.spanish.as_deref().unwrap_or("-"),
            Lang::Es => &a.book,
        };
        out += &format!(
            "{:<24} {:<18} {:>8}  {other}\n",
            army_name(a, lang),
            a.key,
            units
        );
    }
    out + "\n"
        + &text!("mathhammer units ARMY lists an army's units; ARMY:UNIT[:MODELS] picks one")
            .render(lang)
        + "\n(combat --attacker \"empire:halberdiers:20\").\n"
}

/// Army `a`'s name in `lang`: its Spanish where the rulebook gives one.
fn army_name(a: &ArmyBook, lang: Lang) -> &str {
    match (lang, &a.spanish) {
        (Lang::Es, Some(spanish)) => spanish,
        _ => &a.book,
    }
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

fn army_text(book: &ArmyBook, lang: Lang) -> Result<String, Text> {
    let units = listed(book)?;
    let mut out = format!("{} ({})\n", army_name(book, lang), book.key);
    let header: String = COLUMNS.iter().map(|c| format!("{c:>5}")).collect();
    let (unit, pts) = (text!("unit").render(lang), text!("pts").render(lang));
    for category in categories(&units) {
        out += &format!("\n{category}\n{unit:<28} {pts:>6}{header}\n");
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
        + "\n"
        + &text!(
            "mathhammer units {} UNIT shows a unit and its options.",
            book.key.clone()
        )
        .render(lang)
        + "\n")
}

/// A value cut to a column of four.
fn short(v: &str) -> String {
    v.chars().take(4).collect()
}

/// Points as players write them: 6, 8.5.
pub(super) fn points(p: f64) -> String {
    format!("{}", (p * 100.0).round() / 100.0)
}

/// Unit `entry`'s size in a player's words, in `lang` (`10 or more
/// models`: the page says it under a unit's picker).
fn size_words(entry: &Entry, lang: Lang) -> String {
    let (min, max) = ArmyBook::models(entry);
    super::options::size(min, max).render(lang)
}

/// Unit `entry`'s fewest and most models, as JSON.
fn models_json(entry: &Entry) -> serde_json::Value {
    let (min, max) = ArmyBook::models(entry);
    json!({"min": min, "max": max})
}

fn unit_json(book: &ArmyBook, entry: &Entry, lang: Lang) -> Result<serde_json::Value, Text> {
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
        "models": models_json(entry), "size": size_words(entry, lang),
        "points_per_model": u.points_per_model(),
        "unit": crate::roster::listing::unit_json(&u.unit), "options": options,
        "choices": book.choices_json(entry)?,
    }))
}

fn unit_text(book: &ArmyBook, entry: &Entry, lang: Lang) -> Result<String, Text> {
    let roster = book.list_of(entry)?;
    let unit = (roster.units.first())
        .ok_or_else(|| text!("'{}' holds no unit the tool reads", entry.name.clone()))?;
    let listed = Listed {
        entry,
        unit: unit.clone(),
    };
    let (name, army, key) = (entry.name.clone(), army_name(book, lang), book.key.clone());
    let head = match unit.character {
        true => text!(
            "{}: a character of {} ({}), {}",
            name,
            army,
            key,
            listed.category()
        ),
        false => text!(
            "{}: a unit of {} ({}), {}",
            name,
            army,
            key,
            listed.category()
        ),
    };
    let (each, least) = (points(listed.points_per_model()), points(unit.points));
    let (min, max) = ArmyBook::models(entry);
    let size = super::options::size(min, max);
    let size = match max {
        Some(1) if min == 1 => text!("{}, {} points", size, least),
        Some(max) if max == min => {
            text!("{}, {} points a model, {} points in all", size, each, least)
        }
        _ => text!(
            "{}, {} points a model, {} points at {}",
            size,
            each,
            least,
            min
        ),
    };
    Ok(head.render(lang)
        + "\n"
        + &size.render(lang)
        + "\n\n"
        + &crate::roster::listing::unit_lines(&roster, unit)
        + "\n"
        + &super::options::text(&book.shared()?, entry, lang))
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
        option(shared, c, path, depth, out);
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
    for c in &g.entries {
        option(shared, c, &path, depth, out);
    }
    for x in &g.groups {
        group_of(shared, x, &path, depth + 1, out);
    }
}

/// Option `c` of group `path`, then those it holds.
fn option(shared: &Shared, c: &Entry, path: &str, depth: usize, out: &mut Vec<Option_>) {
    out.push(Option_ {
        group: path.to_string(),
        name: c.name.clone(),
        points: c.pts,
        min: c.min,
        max: c.max,
    });
    let inner = match path {
        "" => c.name.clone(),
        p => format!("{p}::{}", c.name),
    };
    entries_of(shared, c, &inner, depth + 1, out);
}
