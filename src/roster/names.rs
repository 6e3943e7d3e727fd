//! Rule, weapon, armour and magic item names as the army books' data spell
//! them, and what the tool plays for each, read from the one table of
//! them, the files of `data/names/` (compiled in): the one place a
//! roster's name meets the model.
//!
//! **What.** Each name is played (its effects: a weapon, armour, a
//! save, special rules, characteristics, a banner's combat result, the
//! General, a hated army), decides nothing in a fight (and why), or is
//! not played yet (and why). A part with `army = "..."` at its top, or an
//! entry with `armies = [...]`, speaks for those armies' units only, and
//! before the rest: one name may mean two things in two books. The
//! Mercenaries catalogue is linked by every army book's, so its part
//! speaks for every army after the army's own.
//!
//! **How.** A name is matched lowercased, with `-`, `_`, brackets and
//! commas as spaces, spaces folded and a trailing plural `s` set aside; a
//! save written in it (`5+`) is taken out and given to natural armour, a
//! ward or a save the table says the name writes. A name is tried whole,
//! then without its bracketed parts (`Sword of Power [THE EMPIRE]`), then
//! by each of them (`Two Handed Warhammer (Great Weapon)`).
//!
//! # Example
//!
//! ```
//! use mathhammer::roster::names::{verdict_of, Kind};
//! assert_eq!(verdict_of(Some("Orcs and Goblins"), "Choppa"), Some(Kind::Played));
//! assert_eq!(verdict_of(None, "Scouts"), Some(Kind::NoEffect));
//! ```

#[path = "names_table.rs"]
mod table;

use crate::rules::panic::LITTLE_UNS;
use std::collections::HashMap;
use std::sync::OnceLock;
use table::{read_parts, UnitKinds, Verdict};
pub(crate) use table::{
    Bonus, Command, Effects, ImpactRead, MissileRules, MissileStrength, UnitKind,
};

/// What the table says of a name, in brief.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Its effects are played.
    Played,
    /// It decides nothing in a fight.
    NoEffect,
    /// It changes fights and is not played yet.
    NotPlayed,
}

/// What the table says of `name` for a unit of `army` (a catalogue's name;
/// `None`: what it says for every army), if it has it.
pub fn verdict_of(army: Option<&str>, name: &str) -> Option<Kind> {
    Some(match looked_up(army.unwrap_or(""), name)? {
        Found::Played(_) => Kind::Played,
        Found::NoEffect(_) => Kind::NoEffect,
        Found::Unplayed(_) => Kind::NotPlayed,
    })
}

/// A name as found, its saves written in it read.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Found {
    Played(Box<Effects>),
    NoEffect(&'static str),
    Unplayed(&'static str),
}

/// The table: by army (`""` for every army), by matched name.
type ByName = HashMap<String, HashMap<String, Verdict>>;

fn table() -> &'static ByName {
    &parts().0
}

/// The kinds of units the army books name, and the hired units' categories.
fn kinds() -> &'static UnitKinds {
    &parts().1
}

fn parts() -> &'static (ByName, UnitKinds) {
    static PARTS: OnceLock<(ByName, UnitKinds)> = OnceLock::new();
    PARTS.get_or_init(|| read_parts().expect("data/names/ is checked by a unit test"))
}

/// The kinds of units army `army`'s book names (`[[units]]` of its part).
pub(crate) fn kinds_of(army: &str) -> &'static [&'static UnitKind] {
    kinds().by_army.get(army).map_or(&[], Vec::as_slice)
}

/// Whether a unit of these categories is hired from outside its army book
/// (a Regiment of Renown, mercenaries): its book's army-wide rules do not
/// reach it.
pub(crate) fn hired(categories: &[String]) -> bool {
    let hired = &kinds().hired;
    categories
        .iter()
        .any(|c| hired.iter().any(|h| normalised(h).0 == normalised(c).0))
}

/// What `name` is for a unit of `army` (`""`: any army), if the table has
/// it.
pub(crate) fn looked_up(army: &str, name: &str) -> Option<Found> {
    let (key, save) = normalised(name);
    let found = lookup(army, &key)
        .or_else(|| bracketed(name).find_map(|part| lookup(army, &normalised(part).0)))?;
    Some(match found {
        Verdict::NoEffect(why) => Found::NoEffect(why),
        Verdict::Unplayed(why) => Found::Unplayed(why),
        Verdict::Played(e) => match e.with_written_save(save) {
            Some(e) => Found::Played(Box::new(e)),
            None => Found::Unplayed("its save is not written in the name"),
        },
    })
}

/// The catalogue every army book's catalogue links (its hirelings,
/// Regiments of Renown and shared items): its names are every army's,
/// after the army's own.
const LIBRARY: &str = "Mercenaries";

/// The table's entry for a normalised `key`, or for it without a plural
/// s: the army's first, then the library's, then every army's.
fn lookup(army: &str, key: &str) -> Option<&'static Verdict> {
    let t = table();
    let own = t.get(army).filter(|_| !army.is_empty() && army != LIBRARY);
    let scopes = [own, t.get(LIBRARY), t.get("")];
    scopes.into_iter().flatten().find_map(|names| {
        names
            .get(key)
            .or_else(|| key.strip_suffix('s').and_then(|k| names.get(k)))
    })
}

/// `name` without its bracketed parts, then each of them.
fn bracketed(name: &str) -> impl Iterator<Item = &str> {
    let outside = name.split(['(', '[']).next().into_iter();
    let inner = name
        .split(['(', '['])
        .skip(1)
        .filter_map(|p| p.split([')', ']']).next());
    outside.chain(inner)
}

/// `name` lowercased with single spaces, and a save `N+` written in it.
pub(crate) fn normalised(name: &str) -> (String, Option<u8>) {
    let mut save = None;
    let mut words = Vec::new();
    for word in name
        .to_lowercase()
        .replace(['-', '_', '(', ')', '[', ']', ','], " ")
        .split_whitespace()
    {
        match word.strip_suffix('+').and_then(|d| d.parse::<u8>().ok()) {
            Some(s @ 2..=6) => save = Some(s),
            _ => words.push(word.to_string()),
        }
    }
    (words.join(" "), save)
}

/// Every name the table says decides nothing in a fight, with why: its
/// army (`""` for every army), the name as matched (lowercased) and the
/// reason, sorted (tests/it/names.rs reads the reasons).
pub fn no_effect_names() -> Vec<(String, String, &'static str)> {
    let mut found: Vec<_> = table()
        .iter()
        .flat_map(|(army, names)| {
            names
                .iter()
                .filter_map(move |(name, verdict)| match verdict {
                    Verdict::NoEffect(why) => Some((army.clone(), name.clone(), *why)),
                    _ => None,
                })
        })
        .collect();
    found.sort();
    found
}

/// Each `[[units]]` of the table: its army, what the book calls them, the
/// unit and model names it covers and leaves out (tests).
pub fn unit_kind_names() -> Vec<(String, String, Vec<String>)> {
    let mut out = Vec::new();
    for (army, kinds) in &kinds().by_army {
        for k in kinds {
            let names = k.names.iter().flatten().chain(&k.except).cloned();
            out.push((army.clone(), k.kind.clone(), names.collect()));
        }
    }
    out.sort();
    out
}

/// What is wrong with the rules the `[[units]]` give: each must be a
/// name of the table for its army, played, and given once however often
/// named (tests; RULES.md The army's own rules); and each kind a panic
/// rule names must be a `[[units]]` kind with `panic = true` (RULES.md
/// Panic), and each such kind named.
pub fn unit_kind_problems() -> Vec<String> {
    let mut out = Vec::new();
    let panic_kinds: Vec<&str> = kinds()
        .by_army
        .values()
        .flatten()
        .filter(|k| k.panic)
        .map(|k| k.kind.as_str())
        .collect();
    let mut named: Vec<&str> = Vec::new();
    for (army, names) in table() {
        for (name, verdict) in names {
            let Verdict::Played(e) = verdict else {
                continue;
            };
            let p = &e.panic;
            let kinds = p.ignores.iter().chain(&p.ignores_fleeing);
            for kind in kinds.chain(p.only_in.iter().flatten()) {
                named.push(kind);
                if !panic_kinds.contains(&kind.as_str()) && kind != LITTLE_UNS {
                    out.push(format!(
                        "{army}: {name}: {kind}: no [[units]] kind with panic = true"
                    ));
                }
            }
        }
    }
    for kind in panic_kinds.iter().filter(|k| !named.contains(k)) {
        out.push(format!("{kind}: panic = true, and no panic rule names it"));
    }
    for (army, kinds) in &kinds().by_army {
        for k in kinds {
            for name in k.book_rules.iter().chain(&k.army_rules) {
                let why = match looked_up(army, name) {
                    Some(Found::Played(e)) if e.given_once() => continue,
                    Some(Found::Played(_)) => {
                        "adds up or is gear: given twice it would count twice"
                    }
                    Some(_) => "not played in fights",
                    None => "not in the table of names",
                };
                out.push(format!("{army}: {}: {name}: {why}", k.kind));
            }
        }
    }
    out.sort();
    out
}

/// The files of `data/names/` the table reads, without `.toml` (a test
/// checks they are the folder's).
pub fn part_files() -> impl Iterator<Item = &'static str> {
    table::PARTS.iter().map(|(file, _)| *file)
}

/// The effects a name gives, if played (tests).
#[cfg(test)]
fn effects(army: &str, name: &str) -> Option<Effects> {
    match looked_up(army, name)? {
        Found::Played(e) => Some(*e),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::saves::BodyArmour;
    use crate::rules::special::SpecialRule;
    use crate::rules::weapons::Weapon;

    #[test]
    fn the_table_reads_and_names_no_name_twice() {
        read_parts().unwrap();
    }

    #[test]
    fn names_are_read_as_army_lists_spell_them() {
        let weapon = |name| effects("", name).and_then(|e| e.weapon);
        assert_eq!(weapon("Spears"), Some(Weapon::Spear));
        assert_eq!(weapon("Spear Infantry"), Some(Weapon::Spear));
        assert_eq!(weapon("Great Weapon"), Some(Weapon::GreatWeapon));
        assert_eq!(
            weapon("Two Handed Warhammer (Great Weapon)"),
            Some(Weapon::GreatWeapon)
        );
        let spear_and_shield = effects("", "Spears and Shield").unwrap();
        assert_eq!(
            (spear_and_shield.weapon, spear_and_shield.shield),
            (Some(Weapon::Spear), true)
        );
        let body = |name| effects("", name).and_then(|e| e.body);
        assert_eq!(body("Full Plate Armour"), Some(BodyArmour::Heavy));
        assert_eq!(body("Gromril Armour"), Some(BodyArmour::Gromril));
        assert!(looked_up("", "Hochland long rifle  [THE EMPIRE]").is_some());
        let natural = |name| effects("", name).and_then(|e| e.natural);
        assert_eq!(natural("Scaly Skin (5+)"), Some(5));
        assert_eq!(natural("Scaly Skin 4+"), Some(4));
        assert_eq!(effects("", "Armour Save 5+").and_then(|e| e.save), Some(5));
        assert_eq!(
            effects("", "Cause Fear").unwrap().rules,
            vec![SpecialRule::Fear]
        );
        assert!(matches!(
            looked_up("", "Move through Cover"),
            Some(Found::Unplayed(_))
        ));
        assert!(matches!(
            looked_up("", "Special Movement"),
            Some(Found::NoEffect(_))
        ));
        assert_eq!(
            effects("", "Cold-blooded").unwrap().rules,
            vec![SpecialRule::ColdBlooded]
        );
        let standard = effects("", "Humming Bird (Standard Bearer)").unwrap();
        assert_eq!(standard.command, Some(Command::Standard));
        assert!(matches!(
            looked_up("", "Scaly Skin"),
            Some(Found::Unplayed(_))
        ));
    }

    #[test]
    fn an_armys_own_meaning_comes_first() {
        let resolute = |army| effects(army, "Resolute").map(|e| e.rules);
        assert_eq!(resolute("Dwarfs (2001)"), Some(vec![SpecialRule::Resolute]));
        assert_ne!(resolute("The Empire"), Some(vec![SpecialRule::Resolute]));
    }

    #[test]
    fn a_magic_item_gives_all_it_does() {
        let e = effects("", "Sword of Might").unwrap();
        assert_eq!(
            e.bonus,
            Bonus {
                s: 1,
                ..Bonus::default()
            }
        );
        assert_eq!(e.weapon, Some(Weapon::HandWeapon));
    }
}
