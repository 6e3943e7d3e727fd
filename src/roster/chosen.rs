//! A list chosen by other means than a file (the unit library's picks,
//! `crate::library`): its selections described plainly, read by the same
//! path a roster file's selections take, so a unit chosen so plays as the
//! same unit read from a roster.

use super::xml::{RawProfile, Selection};
use super::Roster;

/// A selection as a list holds it: what a roster's `<selection>` writes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Chosen {
    pub name: String,
    /// `unit`, `model` or `upgrade`.
    pub kind: String,
    pub number: u32,
    /// The entry group it was chosen from (`Command group`; groups within
    /// groups joined by `::`).
    pub group: String,
    pub categories: Vec<String>,
    /// Its `pts` for all its models.
    pub points: f64,
    pub rules: Vec<String>,
    pub profiles: Vec<ChosenProfile>,
    pub children: Vec<Chosen>,
}

/// A profile: its name, type (`Profile`, `Weapon`...) and
/// characteristics as written.
pub(crate) type ChosenProfile = (String, String, Vec<(String, String)>);

impl Roster {
    /// The list named `name` of army `army` (the catalogue's name) that
    /// holds the selections `chosen`: read as a roster file's selections
    /// are.
    pub(crate) fn chosen(name: &str, army: &str, chosen: Vec<Chosen>) -> Roster {
        let army: std::rc::Rc<str> = army.into();
        let selections: Vec<Selection> = chosen.into_iter().map(|c| selection(c, &army)).collect();
        let points = selections.iter().map(total).sum();
        Roster::from_selections(name.to_string(), points, &selections)
    }
}

/// `c` as the XML reader would have read it.
fn selection(c: Chosen, army: &std::rc::Rc<str>) -> Selection {
    let mut s = Selection {
        name: c.name,
        army: army.clone(),
        kind: c.kind,
        number: c.number,
        group: c.group,
        categories: c.categories,
        points: c.points,
        rules: c.rules,
        profiles: (c.profiles.into_iter())
            .map(|(name, kind, characteristics)| RawProfile {
                name,
                kind,
                characteristics,
            })
            .collect(),
        children: c.children.into_iter().map(|c| selection(c, army)).collect(),
        problem: None,
        units_are_models: false,
    };
    s.units_are_models = super::xml::units_are_models(&s);
    s
}

/// The points of `s` and all it holds.
fn total(s: &Selection) -> f64 {
    s.points + s.children.iter().map(total).sum::<f64>()
}

/// What an option gives a unit of army `army`, read alone by the roster
/// reader's names: the weapons and body armour it carries, a shield, and
/// whether it is a standard, a musician or a model of its own (a
/// champion). How a library pick finds the option a tuning flag asks for.
#[derive(Debug, Default)]
pub(crate) struct Gives {
    pub weapons: Vec<crate::rules::weapons::Weapon>,
    pub body: crate::rules::saves::BodyArmour,
    pub shield: bool,
    pub standard: bool,
    pub musician: bool,
    pub model: bool,
}

/// What option `c` gives a unit of army `army` (see [`Gives`]).
pub(crate) fn option_gives(army: &str, c: &Chosen) -> Gives {
    use super::names::Command;
    use super::names::{looked_up, Found};
    let s = selection(c.clone(), &army.into());
    let command = match looked_up(army, &s.name) {
        Some(Found::Played(e)) => e.command,
        _ => None,
    };
    let mut gear = super::gear::Gear::of(army);
    gear.item(&s);
    Gives {
        weapons: gear.weapons,
        body: gear.body,
        shield: gear.shield,
        standard: command == Some(Command::Standard),
        musician: command == Some(Command::Musician),
        model: c.profiles.iter().any(|(_, kind, _)| kind == "Profile"),
    }
}

/// Whether option `c` of a unit of army `army` is a unit of its own (a
/// detachment), as the roster reader reads one held by a unit.
pub(crate) fn stands_alone(army: &str, c: &Chosen) -> bool {
    let army = army.into();
    let unit = Chosen {
        kind: "unit".into(),
        ..Chosen::default()
    };
    super::body::stands_alone(&selection(unit, &army), &selection(c.clone(), &army))
}

/// The options unit selection `s` holds (see `RosterUnit::options`).
pub(super) fn options_held(s: &Selection) -> Vec<String> {
    let mut out = Vec::new();
    held_under(s, "", &mut out);
    out
}

fn held_under(s: &Selection, path: &str, out: &mut Vec<String>) {
    for c in s
        .children
        .iter()
        .filter(|c| !super::body::stands_alone(s, c))
    {
        let own = match (c.kind == "model", path) {
            (true, _) => path.to_string(),
            (false, "") => c.name.clone(),
            (false, p) => format!("{p}::{}", c.name),
        };
        if c.kind != "model" {
            out.push(own.clone());
        }
        held_under(c, &own, out);
    }
}
