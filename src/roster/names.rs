//! Rule, weapon and armour names as army-list data spells them, and what
//! the tool plays for each, read from the one table of them,
//! `data/names/` (compiled in): the one place a roster's name meets
//! the model.
//!
//! **How.** A name is matched lowercased, with `-`, `_`, brackets and
//! commas as spaces, spaces folded and a trailing plural `s` set aside; a
//! save written in it (`5+`) is taken out and given to natural armour or a
//! ward. A name with a part in brackets is also tried by that part, then
//! without it (`Two Handed Warhammer (Great Weapon)` is a great weapon).

use crate::rules::saves::BodyArmour;
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The table's text.
pub(crate) const TABLE: &str = include_str!("../../data/names/common.toml");

/// What a name is played as.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Played {
    /// A special rule the fights play.
    Rule(SpecialRule),
    /// A close-combat weapon, and whether a shield comes with it.
    Weapon(Weapon, bool),
    /// Body armour.
    Body(BodyArmour),
    Shield,
    /// Barding, and whether it slows its steed.
    Barding {
        slows: bool,
    },
    /// Natural armour (Scaly Skin), its save alone: 6 for 6+.
    Natural(u8),
    /// A ward save: 5 for 5+.
    Ward(u8),
    /// An armour save given outright (a chariot's): 5 for 5+.
    Save(u8),
    Regeneration,
    /// A missile weapon: its Strength, shots and own rules as the table
    /// gives them (its Weapon profile, if any, says better).
    Missile(MissileStrength, u8, MissileRules),
    /// A member of the unit's command group without a profile of its own
    /// (a champion has one: the unit's structure says who he is).
    Command(Command),
    /// It decides nothing in a fight, and why.
    NoEffect(&'static str),
    /// It changes fights and is not played yet, and why.
    Unplayed(&'static str),
}

/// A command group's member a name says.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Command {
    Standard,
    Musician,
}

/// A missile weapon's own rules that the shooting plays.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct MissileRules {
    pub armour_piercing: bool,
    pub poison: bool,
}

impl MissileRules {
    /// The rules of `rules` a missile weapon carries; `None` if another.
    fn of(rules: &[SpecialRule]) -> Option<MissileRules> {
        let mut out = MissileRules::default();
        for r in rules {
            match r {
                SpecialRule::ArmourPiercing => out.armour_piercing = true,
                SpecialRule::Poison => out.poison = true,
                _ => return None,
            }
        }
        Some(out)
    }

    /// The rules a Weapon profile's text names (`Armour piercing, Move or
    /// fire`; `2x Multiple Shots Poisoned Attacks`), as the table spells
    /// them.
    pub(crate) fn named_in(text: &str) -> MissileRules {
        let text = format!(" {} ", normalised(text).0);
        let mut out = MissileRules::default();
        for (name, played) in table() {
            if let Played::Rule(r) = played {
                if text.contains(&format!(" {name} ")) {
                    out.armour_piercing |= *r == SpecialRule::ArmourPiercing;
                    out.poison |= *r == SpecialRule::Poison;
                }
            }
        }
        out
    }
}

/// A missile's Strength.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum MissileStrength {
    /// Its own.
    Fixed(u8),
    /// The model's own, plus this.
    User(u8),
}

impl MissileStrength {
    /// Read as a Weapon profile or the table writes it: `4`, `S4`, `As
    /// user`, `User+1`.
    pub(crate) fn of(raw: &str) -> Option<MissileStrength> {
        let t = raw.trim().to_lowercase();
        let t = t.trim_start_matches('s');
        if let Ok(n) = t.trim().parse::<u8>() {
            return (1..=10).contains(&n).then_some(MissileStrength::Fixed(n));
        }
        let rest = t.trim_start_matches("as ").trim();
        let rest = rest.strip_prefix("user")?.trim().trim_end_matches(',');
        match rest.replace(' ', "").as_str() {
            "" => Some(MissileStrength::User(0)),
            plus => plus
                .strip_prefix('+')?
                .parse::<u8>()
                .ok()
                .map(MissileStrength::User),
        }
    }
}

/// One `[[name]]` of the table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    names: Vec<String>,
    weapon: Option<Weapon>,
    shield: Option<bool>,
    armour: Option<BodyArmour>,
    barding: Option<String>,
    natural: Option<bool>,
    ward: Option<bool>,
    save: Option<bool>,
    regeneration: Option<bool>,
    missile: Option<bool>,
    strength: Option<String>,
    shots: Option<u8>,
    #[serde(default)]
    missile_rules: Vec<SpecialRule>,
    #[serde(default)]
    rules: Vec<SpecialRule>,
    command: Option<Command>,
    no_effect: Option<String>,
    not_played: Option<String>,
}

#[derive(Deserialize)]
struct Table {
    name: Vec<Entry>,
}

impl Entry {
    /// What the entry plays, or why it is not a well-formed entry.
    fn played(&'static self) -> Result<Played, String> {
        let one = |p: Played| Ok(p);
        match self {
            Entry {
                weapon: Some(w),
                shield,
                ..
            } => one(Played::Weapon(*w, shield.unwrap_or(false))),
            Entry {
                shield: Some(true), ..
            } => one(Played::Shield),
            Entry {
                armour: Some(a), ..
            } => one(Played::Body(*a)),
            Entry {
                barding: Some(b), ..
            } => match b.as_str() {
                "slows" => one(Played::Barding { slows: true }),
                "light" => one(Played::Barding { slows: false }),
                other => Err(format!("barding = \"{other}\" (accepted: slows, light)")),
            },
            Entry {
                natural: Some(true),
                ..
            } => one(Played::Natural(0)),
            Entry {
                ward: Some(true), ..
            } => one(Played::Ward(0)),
            Entry {
                save: Some(true), ..
            } => one(Played::Save(0)),
            Entry {
                regeneration: Some(true),
                ..
            } => one(Played::Regeneration),
            Entry {
                missile: Some(true),
                strength: Some(s),
                shots,
                ..
            } => match (MissileStrength::of(s), MissileRules::of(&self.missile_rules)) {
                (Some(st), Some(r)) => one(Played::Missile(st, shots.unwrap_or(1), r)),
                (None, _) => Err(format!(
                    "strength = \"{s}\" (accepted: 1 to 10, user, user+1)"
                )),
                (_, None) => Err("a missile's rules (accepted: armour-piercing, poison)".into()),
            },
            Entry { rules, .. } if rules.len() == 1 => one(Played::Rule(rules[0])),
            Entry {
                command: Some(c), ..
            } => one(Played::Command(*c)),
            Entry {
                no_effect: Some(why),
                ..
            } => one(Played::NoEffect(why)),
            Entry {
                not_played: Some(why),
                ..
            } => one(Played::Unplayed(why)),
            _ => Err("says nothing it plays".to_string()),
        }
    }
}

/// The table by matched name.
fn table() -> &'static HashMap<String, Played> {
    static TABLE_BY_NAME: OnceLock<HashMap<String, Played>> = OnceLock::new();
    TABLE_BY_NAME.get_or_init(|| read_table().expect("data/names/ is checked by a unit test"))
}

/// The table read, or what is wrong with it (a unit test reads it).
fn read_table() -> Result<HashMap<String, Played>, String> {
    static ENTRIES: OnceLock<Result<Table, String>> = OnceLock::new();
    let entries = ENTRIES
        .get_or_init(|| toml::from_str::<Table>(TABLE).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(Clone::clone)?;
    let mut by_name = HashMap::new();
    for e in &entries.name {
        let played = e.played().map_err(|why| format!("{:?}: {why}", e.names))?;
        for n in &e.names {
            let (key, _) = normalised(n);
            if by_name.insert(key, played).is_some() {
                return Err(format!("'{n}' is in the table twice"));
            }
        }
    }
    Ok(by_name)
}

/// What `name` is played as, if the table has it.
pub(crate) fn played(name: &str) -> Option<Played> {
    let (key, save) = normalised(name);
    let found =
        lookup(&key).or_else(|| bracketed(name).find_map(|part| lookup(&normalised(part).0)))?;
    Some(match (found, save) {
        (Played::Natural(_), Some(s)) => Played::Natural(s),
        (Played::Ward(_), Some(s)) => Played::Ward(s),
        (Played::Save(_), Some(s)) => Played::Save(s),
        (Played::Natural(_) | Played::Ward(_) | Played::Save(_), None) => return None,
        (p, _) => p,
    })
}

/// The table's entry for a normalised `key`, or for it without a plural s.
fn lookup(key: &str) -> Option<Played> {
    let t = table();
    t.get(key)
        .or_else(|| key.strip_suffix('s').and_then(|k| t.get(k)))
        .copied()
}

/// The parts of `name` in brackets, then `name` without them.
fn bracketed(name: &str) -> impl Iterator<Item = &str> {
    let inner = name
        .split(['(', '['])
        .skip(1)
        .filter_map(|p| p.split([')', ']']).next());
    let outside = name.split(['(', '[']).next().into_iter();
    inner.chain(outside)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_names_no_name_twice() {
        read_table().unwrap();
    }

    #[test]
    fn names_are_read_as_army_lists_spell_them() {
        let weapon = |w| Some(Played::Weapon(w, false));
        assert_eq!(played("Spears"), weapon(Weapon::Spear));
        assert_eq!(played("Spear Infantry"), weapon(Weapon::Spear));
        assert_eq!(played("Great Weapon"), weapon(Weapon::GreatWeapon));
        assert_eq!(
            played("Two Handed Warhammer (Great Weapon)"),
            weapon(Weapon::GreatWeapon)
        );
        assert_eq!(
            played("Spears and Shield"),
            Some(Played::Weapon(Weapon::Spear, true))
        );
        assert_eq!(
            played("Full Plate Armour"),
            Some(Played::Body(BodyArmour::Heavy))
        );
        assert_eq!(
            played("Gromril Armour"),
            Some(Played::Body(BodyArmour::Gromril))
        );
        assert!(played("Hochland long rifle  [THE EMPIRE]").is_some());
        assert_eq!(played("Scaly Skin (5+)"), Some(Played::Natural(5)));
        assert_eq!(played("Scaly Skin 4+"), Some(Played::Natural(4)));
        assert_eq!(played("Armour Save 5+"), Some(Played::Save(5)));
        assert_eq!(played("Cause Fear"), Some(Played::Rule(SpecialRule::Fear)));
        assert!(matches!(played("Aquatic"), Some(Played::NoEffect(_))));
        assert_eq!(
            played("Cold-blooded"),
            Some(Played::Rule(SpecialRule::ColdBlooded))
        );
        assert_eq!(played("Sword of the Quest"), None);
        let standard = Some(Played::Command(Command::Standard));
        assert_eq!(played("Humming Bird (Standard Bearer)"), standard);
        assert_eq!(played("Battle Standard Bearer"), None);
        assert_eq!(played("Scaly Skin"), None);
    }
}
