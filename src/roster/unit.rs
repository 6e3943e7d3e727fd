//! One roster unit: its profiles as read, and the unit as the tool plays
//! it (a [`ProfileFile`], the same model a profile file gives).
//!
//! **How.** The rank-and-file profile is the unit's own, else its first
//! `model` selection's; its models are the `model` selections' numbers
//! (one for a character). An upgrade with a profile of its own is a mount
//! if chosen from a group of mounts or it is not command, else the
//! champion. Gear and rules are matched by name (`names`); what the tool
//! does not play is listed by name, never dropped. M is read in inches
//! (the English army books) and played in cm (x 2.5); a barded mount's M
//! loses 2 cm, as profile files write it.

use super::names::{played, Played};
use super::xml::{RawProfile, Selection};
use super::{ModelProfile, RosterError, RosterUnit, Value};
use crate::profile::{
    MissileValues, MountValues, Move, Points, ProfileFile, ProfileValues, Ranged,
};
use crate::rules::profile::TroopType;
use crate::rules::saves::BodyArmour;
use crate::rules::weapons::Weapon;
use crate::text;
use crate::words::text::Text;

/// The characteristics a model profile may have, as the data names them.
const CHARACTERISTICS: [&str; 13] = [
    "M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv", "Sv+", "US", "Base",
];

/// Roster unit `number` (from 1) from selection `unit`.
pub(super) fn unit(number: usize, unit: &Selection) -> Result<RosterUnit, RosterError> {
    let in_unit = |e: RosterError| e.in_unit(&unit.name);
    let mut profiles = Vec::new();
    let rider = rider(unit);
    if let Some((p, models)) = rider {
        profiles.push(model_profile(p, models).map_err(in_unit)?);
    }
    let mut gear = Gear::default();
    walk(unit, &mut gear, &mut profiles).map_err(in_unit)?;
    let played = match rider {
        Some((p, models)) => gear.profile_file(unit, p, models).map_err(in_unit)?,
        None => Err(text!("no model profile (accepted: a unit with a Profile)")),
    };
    Ok(RosterUnit {
        number,
        name: unit.name.clone(),
        points: unit.total_points(),
        models: rider.map_or(0, |(_, m)| m),
        profiles,
        equipment: gear.equipment,
        rules_played: gear.rules_played,
        rules_not_played: gear.rules_not_played,
        champion: gear.champion,
        standard: gear.standard,
        musician: gear.musician,
        played,
    })
}

/// The rank-and-file profile and how many models have it.
fn rider(unit: &Selection) -> Option<(&RawProfile, u32)> {
    let models: u32 = unit
        .children
        .iter()
        .filter(|c| c.kind == "model")
        .map(|c| c.number)
        .sum();
    let count = if models > 0 {
        models
    } else {
        unit.number.max(1)
    };
    let own = unit.profiles.iter().find(|p| p.kind == "Profile");
    let of_model = unit
        .children
        .iter()
        .filter(|c| c.kind == "model")
        .flat_map(|c| c.profiles.iter())
        .find(|p| p.kind == "Profile");
    own.or(of_model).map(|p| (p, count))
}

/// What a unit's upgrades give it.
#[derive(Default)]
struct Gear {
    weapons: Vec<Weapon>,
    body: BodyArmour,
    shield: bool,
    barding: bool,
    natural: Option<u8>,
    ward: Option<u8>,
    regeneration: bool,
    rules: Vec<crate::rules::special::SpecialRule>,
    mount: Option<MountValues>,
    mount_m: Option<f64>,
    missile: Option<MissileValues>,
    champion: bool,
    standard: bool,
    musician: bool,
    equipment: Vec<String>,
    rules_played: Vec<String>,
    rules_not_played: Vec<String>,
}

/// Reads `s` and everything it holds into `gear`; mounts' and champions'
/// profiles into `profiles`.
fn walk(
    s: &Selection,
    gear: &mut Gear,
    profiles: &mut Vec<ModelProfile>,
) -> Result<(), RosterError> {
    for rule in &s.rules {
        gear.rule(rule);
    }
    for c in &s.children {
        let lower = c.name.to_lowercase();
        let profile = c.profiles.iter().find(|p| p.kind == "Profile");
        let command = c.group.to_lowercase().contains("command");
        if c.kind == "upgrade" {
            if lower.contains("standard bearer") && !lower.contains("battle") {
                gear.standard = true;
            } else if lower == "musician" {
                gear.musician = true;
            } else if let Some(p) = profile {
                profiles.push(model_profile(p, c.number)?);
                match command && !c.group.to_lowercase().contains("mount") {
                    true => gear.champion = true,
                    false => gear.mount_from(p)?,
                }
            } else {
                gear.item(c);
            }
        }
        walk(c, gear, profiles)?;
    }
    Ok(())
}

impl Gear {
    fn rule(&mut self, name: &str) {
        let listed = |list: &mut Vec<String>| {
            if !list.iter().any(|n| n == name) {
                list.push(name.to_string());
            }
        };
        match played(name) {
            Some(Played::Rule(r)) => {
                if !self.rules.contains(&r) {
                    self.rules.push(r);
                }
                listed(&mut self.rules_played);
            }
            Some(Played::Regeneration) => {
                self.regeneration = true;
                listed(&mut self.rules_played);
            }
            Some(Played::Natural(s)) => {
                self.natural = Some(s);
                listed(&mut self.rules_played);
            }
            Some(Played::Ward(s)) => {
                self.ward = Some(s);
                listed(&mut self.rules_played);
            }
            _ => listed(&mut self.rules_not_played),
        }
    }

    /// An upgrade without a model profile: gear, a magic item, an option.
    fn item(&mut self, c: &Selection) {
        let group = c.group.to_lowercase();
        let magic = group.contains("magic") && !group.contains("level");
        match played(&c.name) {
            Some(Played::Weapon(w)) => self.weapons.push(w),
            Some(Played::Body(b)) => {
                if self.body != BodyArmour::Heavy {
                    self.body = b;
                }
            }
            Some(Played::Shield) => self.shield = true,
            Some(Played::Barding) => self.barding = true,
            Some(Played::Natural(s)) => self.natural = Some(s),
            Some(Played::Missile) => self.missile_from(c),
            Some(Played::Rule(_) | Played::Regeneration | Played::Ward(_)) => {
                self.rule(&c.name);
                return;
            }
            Some(Played::NoEffectInFights) | None => {
                // Its rules, if any, say what it does; else it is listed.
                if c.rules.is_empty() {
                    let what = if magic { " (magic item)" } else { "" };
                    self.rules_not_played.push(format!("{}{what}", c.name));
                }
                return;
            }
        }
        self.equipment.push(c.name.clone());
    }

    /// A missile weapon's Strength and shots from its `Weapon` profile
    /// (`Strength` a number; `N x Multipleshot` in its rules: N shots); the
    /// strongest of several. One without a number (`As user`) is gear only.
    fn missile_from(&mut self, c: &Selection) {
        let Some(p) = c.profiles.iter().find(|p| p.kind == "Weapon") else {
            return;
        };
        let Some(s) = characteristic(p, "Strength")
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|s| (1..=10).contains(s))
        else {
            return;
        };
        let rules = characteristic(p, "Special Rules").to_lowercase();
        let shots = match rules.split_once('x') {
            Some((n, rest)) if rest.contains("multiple") => n.trim().parse::<u8>().ok(),
            _ => None,
        }
        .filter(|n| (1..=10).contains(n))
        .unwrap_or(1);
        if self.missile.is_none_or(|m| m.s.0 < s) {
            self.missile = Some(MissileValues {
                s: Ranged(s),
                shots: Ranged(shots),
                long_range: false,
            });
        }
    }

    /// A mount's profile: its close-combat characteristics and M.
    fn mount_from(&mut self, p: &RawProfile) -> Result<(), RosterError> {
        let needed = |k: &str, lo: u8, hi: u8| -> Result<u8, RosterError> {
            in_range(p, k, lo, hi)?.ok_or_else(|| {
                RosterError::field(
                    &p.name,
                    k,
                    text!("- is out of range (accepted: {} to {})", lo, hi),
                )
            })
        };
        self.mount = Some(MountValues {
            ws: Ranged(needed("WS", 1, 10)?),
            s: Ranged(needed("S", 1, 10)?),
            i: Ranged(needed("I", 1, 10)?),
            a: Ranged(needed("A", 0, 10)?),
        });
        self.mount_m = number(p, "M")?.map(|m| f64::from(m) * 2.5);
        self.equipment.push(p.name.clone());
        Ok(())
    }

    /// The unit as played, or why it cannot fight.
    fn profile_file(
        &self,
        unit: &Selection,
        rider: &RawProfile,
        models: u32,
    ) -> Result<Result<ProfileFile, Text>, RosterError> {
        // A model of several profiles (a chariot, its crew, its beasts) before
        // the crew's missing T and W.
        if unit.children.iter().any(|c| {
            c.kind == "model" && c.profiles.iter().filter(|p| p.kind == "Profile").count() > 1
        }) {
            return Ok(Err(text!(
                "a chariot's crew and beasts are not read from rosters yet"
            )));
        }
        let mut missing = Vec::new();
        let mut ranged = |k: &str, lo: u8, hi: u8| -> Result<u8, RosterError> {
            Ok(in_range(rider, k, lo, hi)?.unwrap_or_else(|| {
                missing.push(k.to_string());
                lo
            }))
        };
        let values = ProfileValues {
            m: Move(0.0),
            ws: Ranged(ranged("WS", 1, 10)?),
            bs: Ranged(ranged("BS", 0, 10)?),
            s: Ranged(ranged("S", 1, 10)?),
            t: Ranged(ranged("T", 1, 10)?),
            w: Ranged(ranged("W", 1, 20)?),
            i: Ranged(ranged("I", 1, 10)?),
            a: Ranged(ranged("A", 0, 10)?),
            ld: Ranged(ranged("Ld", 1, 10)?),
        };
        if !missing.is_empty() {
            return Ok(Err(text!(
                "its profile has no {} (a war machine's crew fights apart)",
                missing.join(", ")
            )));
        }
        let foot_m = number(rider, "M")?.map_or(0.0, |m| f64::from(m) * 2.5);
        let mounted = self.mount.is_some();
        let m = match self.mount_m {
            Some(m) if self.barding => m - 2.0,
            Some(m) => m,
            None => foot_m,
        };
        let troop = if mounted {
            TroopType::Cavalry
        } else if large_base(rider).unwrap_or(values.w.0 >= 3 && models > 1) {
            TroopType::LargeInfantry
        } else {
            TroopType::Infantry
        };
        let (weapon, shield) = self.weapon(mounted);
        Ok(Ok(ProfileFile {
            name: unit.name.clone(),
            troop,
            profile: ProfileValues {
                m: Move(m.clamp(0.0, 100.0)),
                ..values
            },
            weapon,
            armour: self.body,
            shield,
            barding: self.barding,
            flies: false,
            natural_armour: self.natural.map(Ranged),
            save: None,
            ward: self.ward.map(Ranged),
            regeneration: self.regeneration,
            rules: self.rules.clone(),
            mount: self.mount,
            impact_hits: None,
            missile: self.missile,
            points: (models > 0).then(|| Points(unit.total_points() / f64::from(models))),
        }))
    }

    /// The weapon it fights with (the most telling it carries), and whether
    /// its shield counts apart (with a hand weapon it parries instead).
    fn weapon(&self, mounted: bool) -> (Weapon, bool) {
        const BEST: [Weapon; 8] = [
            Weapon::Lance,
            Weapon::GreatWeapon,
            Weapon::Halberd,
            Weapon::Flail,
            Weapon::MorningStar,
            Weapon::Spear,
            Weapon::AdditionalHandWeapon,
            Weapon::HandWeapon,
        ];
        let usable = |w: &Weapon| mounted || *w != Weapon::Lance;
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

/// Characteristic `key` of `p` as a whole number, `None` if written `-` or
/// empty or absent; `M` also read as `Mv`.
fn number(p: &RawProfile, key: &str) -> Result<Option<u8>, RosterError> {
    whole(p, key, characteristic(p, key))
}

/// Characteristic `key` of `p` as written (`M` is `Mv` too), `""` if
/// absent.
fn characteristic<'a>(p: &'a RawProfile, key: &str) -> &'a str {
    p.characteristics
        .iter()
        .find(|(k, _)| k == key || (key == "M" && k == "Mv"))
        .map_or("", |(_, v)| v.as_str())
}

/// Whether the profile's `Base` (`40x40`) is a large model's: 40 mm or
/// more across its narrower side (an ogre's, a troll's; RULES.md
/// Profiles, the roster's troop type). `None` without a readable base: then 3 or more wounds in a unit
/// of several models say so (not a character's).
fn large_base(p: &RawProfile) -> Option<bool> {
    let (w, d) = characteristic(p, "Base").trim().split_once(['x', 'X'])?;
    let narrow = w
        .trim()
        .parse::<u32>()
        .ok()?
        .min(d.trim().parse::<u32>().ok()?);
    Some(narrow >= 40)
}

/// [`number`] within `lo..=hi`: a value past it is refused.
fn in_range(p: &RawProfile, key: &str, lo: u8, hi: u8) -> Result<Option<u8>, RosterError> {
    match number(p, key)? {
        Some(v) if !(lo..=hi).contains(&v) => Err(RosterError::field(
            &p.name,
            key,
            text!("{} is out of range (accepted: {} to {})", v, lo, hi),
        )),
        v => Ok(v),
    }
}

/// `raw`, written for characteristic `key` of `p`, as a whole number.
fn whole(p: &RawProfile, key: &str, raw: &str) -> Result<Option<u8>, RosterError> {
    match raw.trim() {
        "" | "-" => Ok(None),
        v => v.parse::<u8>().map(Some).map_err(|_| {
            RosterError::field(
                &p.name,
                key,
                text!(
                    "'{}' is not a number (accepted: a whole number, or - for none)",
                    v
                ),
            )
        }),
    }
}

/// A profile as read: each characteristic in the file's own values.
fn model_profile(p: &RawProfile, models: u32) -> Result<ModelProfile, RosterError> {
    let mut values = Vec::new();
    for (key, raw) in &p.characteristics {
        let key = if key == "Mv" { "M" } else { key.as_str() };
        if !CHARACTERISTICS.contains(&key) {
            return Err(RosterError::field(
                &p.name,
                key,
                text!(
                    "an unknown characteristic (accepted: Mv or {})",
                    CHARACTERISTICS.join(", ")
                ),
            ));
        }
        let value = match key {
            "Base" => Value::Text(raw.clone()),
            "Sv" | "Sv+" => match raw.trim().trim_end_matches('+').parse::<u8>() {
                Ok(v) => Value::Num(f64::from(v)),
                Err(_) => Value::Absent,
            },
            _ => match whole(p, key, raw)? {
                Some(v) => Value::Num(f64::from(v)),
                None => Value::Absent,
            },
        };
        values.push((key.to_string(), value));
    }
    Ok(ModelProfile {
        name: p.name.clone(),
        models,
        values,
    })
}
