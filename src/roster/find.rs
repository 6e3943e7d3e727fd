//! Naming a roster's unit: by its name as the list spells it, or by its
//! number in the listing. A name that matches nothing is answered with the
//! closest names of the list (strsim's Jaro-Winkler), so a typo is fixed
//! from the error alone.

use super::{Roster, RosterUnit};
use crate::text;
use crate::words::text::Text;
use serde::{Deserialize, Deserializer};
use std::fmt;

/// A unit of a roster, as a scenario's `unit = ...` or `FILE:NAME` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnitKey {
    /// Its number in `mathhammer roster FILE`, from 1.
    Number(usize),
    /// Its name, matched without regard to case.
    Name(String),
}

impl UnitKey {
    /// A key from a command line's text: digits are a number.
    pub fn parse(text: &str) -> UnitKey {
        match text.trim().parse::<usize>() {
            Ok(n) => UnitKey::Number(n),
            Err(_) => UnitKey::Name(text.trim().to_string()),
        }
    }
}

impl fmt::Display for UnitKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitKey::Number(n) => write!(f, "{n}"),
            UnitKey::Name(name) => write!(f, "'{name}'"),
        }
    }
}

impl<'de> Deserialize<'de> for UnitKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = UnitKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a unit's name or its number in the roster")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<UnitKey, E> {
                usize::try_from(v)
                    .ok()
                    .filter(|n| *n >= 1)
                    .map(UnitKey::Number)
                    .ok_or_else(|| E::custom(text!("{} is out of range (accepted: 1 or more)", v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<UnitKey, E> {
                Ok(UnitKey::Name(v.to_string()))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The most names an error suggests.
const SUGGESTIONS: usize = 3;

impl Roster {
    /// The unit `key` names, or why none: a number past the list, a name
    /// the list does not have (with the closest it has), a name two units
    /// share (use the number).
    pub fn unit(&self, key: &UnitKey) -> Result<&RosterUnit, Text> {
        match key {
            UnitKey::Number(n) => self.units.get(n.wrapping_sub(1)).ok_or_else(|| {
                text!(
                    "no unit {} (accepted: a unit's name, or its number from 1 to {})",
                    n,
                    self.units.len()
                )
            }),
            UnitKey::Name(name) => {
                let same: Vec<&RosterUnit> = self
                    .units
                    .iter()
                    .filter(|u| u.name.eq_ignore_ascii_case(name.trim()))
                    .collect();
                match same[..] {
                    [unit] => Ok(unit),
                    [] => Err(text!("no unit '{}' in the list ({}; accepted: a unit's name, or its number from 1 to {})", name, self.closest(name), self.units.len())),
                    _ => Err(text!("{} units are named '{}' (accepted: their numbers, {})", same.len(), name, same.iter()
                            .map(|u| u.number.to_string())
                            .collect::<Vec<_>>()
                            .join(", "))),
                }
            }
        }
    }

    /// The names closest to `name`, most alike first, with their numbers.
    fn closest(&self, name: &str) -> Text {
        let wanted = name.to_lowercase();
        let mut scored: Vec<(f64, &RosterUnit)> = self
            .units
            .iter()
            .map(|u| (strsim::jaro_winkler(&wanted, &u.name.to_lowercase()), u))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.number.cmp(&b.1.number)));
        let names: Vec<String> = scored
            .iter()
            .take(SUGGESTIONS)
            .map(|(_, u)| format!("'{}' ({})", u.name, u.number))
            .collect();
        match names.is_empty() {
            true => text!("none: the list has no units"),
            false => text!("closest: {}", names.join(", ")),
        }
    }
}
