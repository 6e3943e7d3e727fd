//! A library unit with options chosen: what a player asks of it (its
//! models, weapon, armour, shield, command group and the book's options
//! by name) made the book's own options, so the unit is priced by the
//! book and a choice the book does not offer is refused naming those it
//! does. RULES.md Army books' units.
//!
//! **How.** The unit's options are every entry its groups and entries
//! offer, with the options that hold them (a magic standard needs its
//! bearer). An option named is found as units are (`roster::find`). A
//! weapon, armour, shield or command model asked is looked for among the
//! options whose names give it (`roster::option_gives`, the roster
//! reader's names), shallowest first; the first that, chosen, makes the
//! unit as asked is taken. The unit is built by the default pick with the
//! options chosen (`pick`), so it is read as a roster holding them.
//!
//! # Example
//!
//! ```
//! use mathhammer::library::{Choices, Library};
//! use mathhammer::roster::UnitKey;
//! use mathhammer::rules::saves::BodyArmour;
//! let empire = Library::shipped().army("empire").unwrap();
//! let choices = Choices { models: Some(20), shield: Some(true), ..Choices::default() };
//! let halberdiers = empire.unit_chosen(&UnitKey::parse("halberdiers"), &choices).unwrap();
//! // 20 at 6 points, and a shield each at 1.
//! assert_eq!((halberdiers.models, halberdiers.points), (20, 140.0));
//! ```

use super::choosable::{named, options, BookOption};
use super::format::Entry;
use super::ArmyBook;
use crate::roster::{option_gives, Gives, RosterUnit};
use crate::rules::saves::BodyArmour;
use crate::rules::weapons::Weapon;
use crate::text;
use crate::words::text::Text;

/// What a player asks of a library unit beyond its default pick.
#[derive(Clone, Debug, Default)]
pub struct Choices {
    /// Its rank-and-file models.
    pub models: Option<u32>,
    /// Its weapon.
    pub weapon: Option<Weapon>,
    /// Its body armour.
    pub armour: Option<BodyArmour>,
    /// Whether it carries a shield.
    pub shield: Option<bool>,
    /// A champion, a standard, a musician.
    pub command: [Option<bool>; 3],
    /// The book's options, by name (`GROUP::NAME` where a name is in
    /// several groups).
    pub options: Vec<String>,
}

/// Which ask a refusal is about, by the scenario's key for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// The unit itself.
    Unit,
    /// Its models.
    Models,
    /// Its weapon.
    Weapon,
    /// Its armour.
    Armour,
    /// Its shield.
    Shield,
    /// A champion.
    Champion,
    /// A standard.
    Standard,
    /// A musician.
    Musician,
    /// An option by name.
    Options,
}

impl Asked {
    /// The scenario's key for it.
    pub fn key(self) -> &'static str {
        match self {
            Asked::Unit => "unit",
            Asked::Models => "models",
            Asked::Weapon => "weapon",
            Asked::Armour => "armour",
            Asked::Shield => "shield",
            Asked::Champion => "champion",
            Asked::Standard => "standard",
            Asked::Musician => "musician",
            Asked::Options => "options",
        }
    }
}

/// A choice the book does not allow, and why.
#[derive(Debug)]
pub struct Refused {
    /// What was asked.
    pub asked: Asked,
    /// Why not, and what is accepted.
    pub why: Text,
}

impl ArmyBook {
    /// Its unit `entry` with `choices` made, or the first the book refuses.
    pub(crate) fn chosen(&self, entry: &Entry, choices: &Choices) -> Result<RosterUnit, Refused> {
        let shared = self.shared().map_err(|why| refused(Asked::Options, why))?;
        in_range(entry, choices.models)?;
        let all = options(&shared, &self.book, entry);
        let mut chosen: Vec<&Entry> = Vec::new();
        for typed in &choices.options {
            let found =
                named(&all, typed, &entry.name).map_err(|why| refused(Asked::Options, why))?;
            take(&mut chosen, found);
        }
        let build = |chosen: &[&Entry]| {
            let list = shared.list_with(entry, chosen, choices.models);
            let roster = crate::roster::Roster::chosen(&entry.name, &self.book, list);
            (roster.units.into_iter().next()).ok_or_else(|| {
                refused(
                    Asked::Options,
                    text!("'{}' holds no unit the tool reads", entry.name.clone()),
                )
            })
        };
        let mut unit = build(&chosen)?;
        let mut gives: Option<Vec<Gives>> = None;
        for ask in asks(choices) {
            if unit.played.is_err() || ask.holds(&unit) {
                continue;
            }
            let gives = gives.get_or_insert_with(|| {
                // An entry every pick holds is no choice, and one only a
                // condition allows stands for no flag.
                (all.iter())
                    .map(|o| match o.entry.min > 0 || o.entry.max == Some(0) {
                        true => Gives::default(),
                        false => option_gives(&self.book, &shared.entry(o.entry, 1, "", 0)),
                    })
                    .collect()
            });
            let mut by_depth: Vec<usize> = (0..all.len())
                .filter(|i| ask.given_by(&gives[*i]))
                .collect();
            by_depth.sort_by_key(|i| all[*i].holders.len());
            let found = by_depth.into_iter().find_map(|i| {
                let mut trial = chosen.clone();
                take(&mut trial, &all[i]);
                let u = build(&trial).ok().filter(|u| ask.holds(u))?;
                Some((trial, u))
            });
            match found {
                Some((trial, u)) => (chosen, unit) = (trial, u),
                None => return Err(ask.refused(&unit, gives, &entry.name)),
            }
        }
        Ok(unit)
    }
}

/// Whether `models` are as many as unit `entry` may hold.
fn in_range(entry: &Entry, models: Option<u32>) -> Result<(), Refused> {
    let (least, most) = ArmyBook::models(entry);
    let Some(n) = models else { return Ok(()) };
    let name = entry.name.clone();
    match most {
        Some(most) if n < least || n > most => Err(refused(
            Asked::Models,
            text!(
                "{} models of '{}' (accepted: {} to {})",
                n,
                name,
                least,
                most
            ),
        )),
        None if n < least => Err(refused(
            Asked::Models,
            text!("{} models of '{}' (accepted: {} or more)", n, name, least),
        )),
        _ => Ok(()),
    }
}

fn refused(asked: Asked, why: Text) -> Refused {
    Refused { asked, why }
}

/// Option `o` and the options that hold it, each once, in `chosen`.
fn take<'a>(chosen: &mut Vec<&'a Entry>, o: &BookOption<'a>) {
    for e in o.holders.iter().chain(std::iter::once(&o.entry)) {
        if !chosen.iter().any(|c| std::ptr::eq(*c, *e)) {
            chosen.push(e);
        }
    }
}

/// A piece of gear or a command model asked.
#[derive(Clone, Copy)]
enum Ask {
    Weapon(Weapon),
    Armour(BodyArmour),
    Shield(bool),
    /// Champion, standard or musician (0, 1, 2), and whether wanted.
    Command(usize, bool),
}

/// The asks of `choices`, in the order they are met.
fn asks(choices: &Choices) -> Vec<Ask> {
    let mut out: Vec<Ask> = Vec::new();
    out.extend(choices.weapon.map(Ask::Weapon));
    out.extend(choices.armour.map(Ask::Armour));
    out.extend(choices.shield.map(Ask::Shield));
    for (i, wanted) in choices.command.iter().enumerate() {
        out.extend(wanted.map(|w| Ask::Command(i, w)));
    }
    out
}

impl Ask {
    /// Whether `unit` is as asked.
    fn holds(self, unit: &RosterUnit) -> bool {
        let Ok(p) = &unit.played else { return false };
        match self {
            Ask::Weapon(w) => p.weapon == w,
            Ask::Armour(a) => p.armour == a,
            Ask::Shield(s) => p.shield == s,
            Ask::Command(i, w) => [unit.champion, unit.standard, unit.musician][i] == w,
        }
    }

    /// Whether it asks for something, not to be without it.
    fn wanted(self) -> bool {
        match self {
            Ask::Weapon(_) => true,
            Ask::Armour(a) => a != BodyArmour::None,
            Ask::Shield(s) | Ask::Command(_, s) => s,
        }
    }

    /// Whether an option that gives `g` may make the unit as asked.
    fn given_by(self, g: &Gives) -> bool {
        match self {
            Ask::Weapon(Weapon::HandWeaponAndShield) => g.shield,
            Ask::Weapon(w) => g.weapons.contains(&w),
            Ask::Armour(a) => a != BodyArmour::None && g.body == a,
            Ask::Shield(s) => s && g.shield,
            Ask::Command(0, w) => w && g.model,
            Ask::Command(1, w) => w && g.standard,
            Ask::Command(_, w) => w && g.musician,
        }
    }

    /// The refusal of this ask of unit `name` (as picked, `unit`), naming
    /// what the book allows (from what its options `gives`).
    fn refused(self, unit: &RosterUnit, gives: &[Gives], name: &str) -> Refused {
        let played = unit.played.as_ref().ok();
        let mut accepted: Vec<Text> = Vec::new();
        let mut add = |t: Text| {
            if !accepted.iter().any(|a| a.keys() == t.keys()) {
                accepted.push(t);
            }
        };
        let (asked, what) = match self {
            Ask::Weapon(w) => {
                played
                    .iter()
                    .for_each(|p| add(Text::words(p.weapon.name())));
                (gives.iter().flat_map(|g| &g.weapons)).for_each(|w| add(Text::words(w.name())));
                (Asked::Weapon, Text::words(w.name()))
            }
            Ask::Armour(a) => {
                played
                    .iter()
                    .for_each(|p| add(Text::words(p.armour.name())));
                (gives.iter().filter(|g| g.body != BodyArmour::None))
                    .for_each(|g| add(Text::words(g.body.name())));
                (Asked::Armour, Text::words(a.name()))
            }
            Ask::Shield(s) => {
                played.iter().for_each(|p| add(yes_no(p.shield)));
                if gives.iter().any(|g| g.shield) {
                    add(yes_no(true));
                }
                (Asked::Shield, yes_no(s))
            }
            Ask::Command(i, w) => {
                add(yes_no([unit.champion, unit.standard, unit.musician][i]));
                if gives.iter().any(|g| Ask::Command(i, true).given_by(g)) {
                    add(yes_no(true));
                }
                let asked = [Asked::Champion, Asked::Standard, Asked::Musician][i];
                (asked, yes_no(w))
            }
        };
        let accepted = Text::join(accepted, ", ");
        let name = name.to_string();
        let why = match self.wanted() {
            true => text!(
                "{}: the army book offers '{}' no such choice (accepted: {})",
                what,
                name,
                accepted
            ),
            false => text!(
                "{}: '{}' holds it by its army book or an option chosen (accepted: {})",
                what,
                name,
                accepted
            ),
        };
        Refused { asked, why }
    }
}

fn yes_no(b: bool) -> Text {
    match b {
        true => text!("yes"),
        false => text!("no"),
    }
}
