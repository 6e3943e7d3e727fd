//! What a unit's selections give it: weapons, armour, missiles and rules,
//! by their names in the one table (`names`) and by their `Weapon` and
//! `Armour` profiles, each name played or listed as not played.
//!
//! **How.** A selection is looked up by its own name, then by the names of
//! its Weapon and Armour profiles (`Spears and Shield` holds `Spears
//! (Infantry)`); the first found is played. A Weapon profile with a range
//! is a missile weapon whatever its name, with the Strength and shots it
//! writes (`S4`, `As user`, `2x Multiple Shots`). Lists keep the first of
//! each name, in a set, so a unit with many names is read in linear time.

use super::names::{played, MissileRules, MissileStrength, Played};
use super::xml::{RawProfile, Selection};
use crate::rules::saves::BodyArmour;
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;
use std::collections::HashSet;

/// A missile weapon as read: its Strength and shots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct MissileRead {
    pub strength: MissileStrength,
    pub shots: u8,
    pub rules: MissileRules,
}

/// What a unit's selections give it.
#[derive(Default)]
pub(super) struct Gear {
    pub weapons: Vec<Weapon>,
    pub body: BodyArmour,
    pub shield: bool,
    /// Barding, and whether it slows the steed.
    pub barding: Option<bool>,
    pub natural: Option<u8>,
    pub ward: Option<u8>,
    /// An armour save given outright (a chariot's upgrade).
    pub save: Option<u8>,
    pub regeneration: bool,
    pub rules: Vec<SpecialRule>,
    /// Missile weapons, the strongest last read kept.
    pub missile: Option<MissileRead>,
    pub equipment: Names,
    pub rules_played: Names,
    /// Names that decide nothing in a fight (Scouts).
    pub no_effect: Names,
    pub rules_not_played: Names,
}

/// Names in the order first met, each once.
#[derive(Default)]
pub(super) struct Names {
    list: Vec<String>,
    seen: HashSet<String>,
}

impl Names {
    pub fn add(&mut self, name: &str) {
        if self.seen.insert(name.to_string()) {
            self.list.push(name.to_string());
        }
    }

    pub fn into_vec(self) -> Vec<String> {
        self.list
    }
}

impl Gear {
    /// A special rule by name: played, or listed.
    pub fn rule(&mut self, name: &str) {
        match played(name) {
            Some(
                p @ (Played::Rule(_) | Played::Regeneration | Played::Natural(_) | Played::Ward(_)),
            ) => {
                self.apply(p);
                self.rules_played.add(name);
            }
            Some(Played::NoEffect(_)) => self.no_effect.add(name),
            _ => self.rules_not_played.add(name),
        }
    }

    /// An upgrade without a model profile: gear, a magic item, an option.
    /// Whether its own rules say what it does (an item the table does not
    /// know); the rules of gear the table knows are the gear's (a
    /// handgun's armour piercing is not the unit's in close combat).
    pub fn item(&mut self, s: &Selection) -> bool {
        let missile = gear_profiles(s)
            .filter(|p| p.kind == "Weapon")
            .find_map(missile_of);
        let found = std::iter::once(s.name.as_str())
            .chain(gear_profiles(s).map(|p| p.name.as_str()))
            .find_map(played);
        match (found, missile) {
            (Some(Played::Missile(..)) | None, Some(m)) => {
                self.missile(m);
                self.equipment.add(&s.name);
            }
            (Some(p @ (Played::Rule(_) | Played::Regeneration | Played::Ward(_))), _) => {
                self.apply(p);
                self.rules_played.add(&s.name);
            }
            (Some(Played::NoEffect(_)), _) => self.no_effect.add(&s.name),
            (Some(Played::Unplayed(_)), _) => self.rules_not_played.add(&s.name),
            (None, None) if !s.rules.is_empty() => return true,
            (None, None) => {
                let group = s.group.to_lowercase();
                match group.contains("magic") && !group.contains("level") {
                    true => self
                        .rules_not_played
                        .add(&format!("{} (magic item)", s.name)),
                    false => self.rules_not_played.add(&s.name),
                }
            }
            (Some(p), _) => {
                self.apply(p);
                self.equipment.add(&s.name);
            }
        }
        false
    }

    /// What `p` gives the unit.
    fn apply(&mut self, p: Played) {
        match p {
            Played::Rule(r) => {
                if !self.rules.contains(&r) {
                    self.rules.push(r);
                }
            }
            Played::Weapon(w, shield) => {
                self.weapons.push(w);
                self.shield |= shield;
            }
            Played::Body(b) => {
                if rank(b) > rank(self.body) {
                    self.body = b;
                }
            }
            Played::Shield => self.shield = true,
            Played::Barding { slows } => self.barding = Some(slows),
            Played::Natural(s) => self.natural = Some(s),
            Played::Ward(s) => self.ward = Some(self.ward.map_or(s, |w| w.min(s))),
            Played::Save(s) => self.save = Some(self.save.map_or(s, |w| w.min(s))),
            Played::Regeneration => self.regeneration = true,
            Played::Missile(strength, shots, rules) => {
                if self.missile.is_none() {
                    self.missile = Some(MissileRead {
                        strength,
                        shots,
                        rules,
                    });
                }
            }
            Played::Command(_) | Played::NoEffect(_) | Played::Unplayed(_) => {}
        }
    }

    /// A missile weapon read from a profile: kept if stronger.
    fn missile(&mut self, m: MissileRead) {
        let strength = |m: &MissileRead| match m.strength {
            MissileStrength::Fixed(s) => s,
            MissileStrength::User(plus) => 3 + plus,
        };
        if self
            .missile
            .is_none_or(|old| strength(&old) <= strength(&m))
        {
            self.missile = Some(m);
        }
    }

    /// The weapon it fights with (the most telling it carries), and whether
    /// its shield counts apart (with a hand weapon it parries instead).
    pub fn weapon(&self, mounted: bool) -> (Weapon, bool) {
        const BEST: [Weapon; 9] = [
            Weapon::Lance,
            Weapon::CavalryHammer,
            Weapon::GreatWeapon,
            Weapon::Halberd,
            Weapon::Flail,
            Weapon::MorningStar,
            Weapon::Spear,
            Weapon::AdditionalHandWeapon,
            Weapon::HandWeapon,
        ];
        let usable = |w: &Weapon| match w {
            Weapon::Lance => mounted,
            Weapon::Halberd | Weapon::AdditionalHandWeapon => !mounted,
            _ => true,
        };
        let best = BEST
            .iter()
            .find(|w| usable(w) && self.weapons.contains(w))
            .copied()
            .unwrap_or(Weapon::HandWeapon);
        match (best, self.shield, mounted) {
            (Weapon::HandWeapon, true, false) => (Weapon::HandWeaponAndShield, false),
            (w, shield, _) => (w, shield),
        }
    }
}

/// Body armour from worst to best.
fn rank(b: BodyArmour) -> u8 {
    match b {
        BodyArmour::None => 0,
        BodyArmour::Light => 1,
        BodyArmour::Heavy => 2,
        BodyArmour::Gromril => 3,
    }
}

/// A selection's Weapon and Armour profiles.
fn gear_profiles(s: &Selection) -> impl Iterator<Item = &RawProfile> {
    s.profiles
        .iter()
        .filter(|p| p.kind == "Weapon" || p.kind == "Armour")
}

/// A Weapon profile as a missile weapon: a range with a number in it, a
/// Strength, shots if it writes them (`2x Multiple Shots`, `Fires X2`,
/// `Multiple Shots (2)`) and the rules it names that shooting plays.
fn missile_of(p: &RawProfile) -> Option<MissileRead> {
    let range = super::body::written(p, "Range");
    if !range.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let strength = MissileStrength::of(super::body::written(p, "Strength"))?;
    let text = super::body::written(p, "Special Rules");
    Some(MissileRead {
        strength,
        shots: shots(&text.to_lowercase()).unwrap_or(1),
        rules: MissileRules::named_in(text),
    })
}

/// The shots written in a missile's rules: a number beside an `x`, or in
/// brackets after `multiple shots`.
fn shots(rules: &str) -> Option<u8> {
    if !(rules.contains("multiple") || rules.contains("fires") || rules.contains("shots")) {
        return None;
    }
    // A number just before or after an `x`: `2x`, `2 x`, `x2`, `X 3`.
    let beside_x = rules.match_indices('x').find_map(|(i, _)| {
        let before = rules[..i].trim_end();
        let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let after = rules[i + 1..].trim_start();
        let lead = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        before[before.len() - digits..]
            .parse::<u8>()
            .ok()
            .or_else(|| after[..lead].parse::<u8>().ok())
    });
    let bracketed = rules
        .split_once("multiple shots (")
        .and_then(|(_, r)| r.split(')').next())
        .and_then(|n| n.trim().parse::<u8>().ok());
    beside_x.or(bracketed).filter(|n| (2..=10).contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shots_are_read_as_written() {
        assert_eq!(shots("2x multiple shots poisoned attacks"), Some(2));
        assert_eq!(shots("2 x multipleshot"), Some(2));
        assert_eq!(shots("fires x2"), Some(2));
        assert_eq!(shots("3xmultiple shots, armour piercing"), Some(3));
        assert_eq!(
            shots("pistol. multiple shots (2). armour piercing."),
            Some(2)
        );
        assert_eq!(shots("armour piercing, move or fire"), None);
    }

    #[test]
    fn strengths_are_read_as_written() {
        assert_eq!(MissileStrength::of("4"), Some(MissileStrength::Fixed(4)));
        assert_eq!(MissileStrength::of("S4"), Some(MissileStrength::Fixed(4)));
        assert_eq!(
            MissileStrength::of("As user"),
            Some(MissileStrength::User(0))
        );
        assert_eq!(
            MissileStrength::of("User+1"),
            Some(MissileStrength::User(1))
        );
        assert_eq!(MissileStrength::of("5-1 per rank"), None);
    }
}
