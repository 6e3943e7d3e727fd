//! A unit named on the command line, as `combat --attacker`, `attacks
//! --attacker` and `matchup` take it: `FILE.ros:NAME` or `FILE.ros:N` (a
//! roster's unit by name or number, `.rosz` too), `ARMY:UNIT` (an army
//! book's unit from the library, [`crate::library`]: where no file has
//! the name, the army's book is the unit's list), each with `:MODELS`,
//! `FILE.toml:MODELS` (a profile file and a model count) or `FILE.toml`
//! (one model). It becomes the same unit table a scenario file gives
//! (`roster = "empire"`, `unit = "halberdiers"` for a library pick), so
//! the fight is built by one path.
//!
//! # Example
//!
//! ```
//! use mathhammer::scenario::reference::unit_reference;
//! let boyz = unit_reference("scenarios/rosters/orcs_500.ros:Orc Boyz", "--attacker").unwrap();
//! assert_eq!(boyz.part.roster.as_deref(), Some("scenarios/rosters/orcs_500.ros"));
//! let spearmen = unit_reference("scenarios/profiles/empire_spearman.toml:20", "--defender").unwrap();
//! assert_eq!(spearmen.models.map(|m| m.0), Some(20));
//! let halberdiers = unit_reference("empire:halberdiers:20", "--defender").unwrap();
//! assert_eq!(halberdiers.part.roster.as_deref(), Some("empire"));
//! assert_eq!(halberdiers.models.map(|m| m.0), Some(20));
//! ```

use super::combat::{Count, Situation, UnitSpec};
use super::part::ProfilePart;
use crate::error::InputError;
use crate::library::{source, ArmyBook, Source};
use crate::roster::UnitKey;
use crate::rules::place::{Facing, ReactionName, SideName};
use crate::text;
use crate::words::text::Text;

/// The extensions a reference's file may have, in any case: rosters, then
/// profiles.
const ROSTERS: [&str; 2] = [".rosz", ".ros"];
const PROFILE: [&str; 1] = [".toml"];

/// Where `text`'s file of one of `extensions` (in any case: `ORCS.ROS`)
/// ends: at its first such extension that ends `text` or comes before a
/// `:`.
fn file_end(text: &str, extensions: &[&str]) -> Option<usize> {
    // ASCII lower case keeps every byte where it was.
    let lower = text.to_ascii_lowercase();
    extensions
        .iter()
        .flat_map(|ext| lower.match_indices(ext).map(|(at, _)| at + ext.len()))
        .filter(|&end| end == lower.len() || lower[end..].starts_with(':'))
        .min()
}

/// `text` split at its file's end: the file, and what follows its `:`, if
/// anything does.
fn split_at_file<'a>(text: &'a str, extensions: &[&str]) -> Option<(&'a str, Option<&'a str>)> {
    let end = file_end(text, extensions)?;
    Some((
        &text[..end],
        text.get(end + 1..).filter(|_| end < text.len()),
    ))
}

/// Whether `text` names a roster (`FILE.ros` or `FILE.rosz`, any case,
/// with or without its unit) or an army book's unit (`ARMY:UNIT`), not a
/// profile file.
pub fn names_roster(text: &str) -> bool {
    file_end(text, &ROSTERS).is_some() || library_pick(text).is_some()
}

/// `text` as `ARMY:UNIT[:MODELS]` (the army, the rest), if it is one: it
/// has no roster's or profile's extension and names no file.
fn library_pick(text: &str) -> Option<(&str, &str)> {
    if file_end(text, &ROSTERS).is_some()
        || file_end(text, &PROFILE).is_some()
        || std::path::Path::new(text).is_file()
    {
        return None;
    }
    text.split_once(':')
}

/// Whether `text`, read in a file of folder `dir`, picks an army book's
/// unit (`ARMY:UNIT[:MODELS]`, no file by the army's name there), not a
/// file named from that folder.
pub fn picks_from_library(text: &str, dir: &std::path::Path) -> bool {
    library_pick(text).is_some_and(|(army, _)| !dir.join(army).is_file())
}

/// The unit table `text` names (`flag` names it in errors).
pub fn unit_reference(text: &str, flag: &str) -> Result<UnitSpec, InputError> {
    let bad = |why: Text| {
        InputError::new(
            flag,
            text!("'{}': {} (accepted: FILE.ros:NAME, FILE.ros:NUMBER, FILE.ros:NAME:MODELS, ARMY:UNIT, ARMY:UNIT:MODELS, FILE.toml:MODELS or FILE.toml)", text, why),
        )
    };
    let listed = split_at_file(text, &ROSTERS).or_else(|| {
        let (army, unit) = library_pick(text)?;
        Some((army, Some(unit)))
    });
    if let Some((file, unit)) = listed {
        let unit = unit.ok_or_else(|| bad(text!("a roster needs its unit after a ':'")))?;
        // `NAME:25` or `3:25`: the unit with 25 models.
        let (unit, models) = match unit.rsplit_once(':') {
            Some((unit, models)) => (unit, Some(model_count(models).map_err(&bad)?)),
            None => (unit, None),
        };
        if unit.trim().is_empty() {
            return Err(bad(text!("no unit after the ':'")));
        }
        let key = UnitKey::parse(unit);
        // The army and its unit are named where the text is typed.
        let unknown = |why: Text| InputError::new(flag, text!("'{}': {}", text, why));
        let from = source(std::path::Path::new(""), file).map_err(unknown)?;
        if let Source::Army(army) = from {
            in_range(army, &key, models).map_err(unknown)?;
        }
        let part = ProfilePart {
            roster: Some(file.to_string()),
            unit: Some(key),
            ..ProfilePart::default()
        };
        return Ok(UnitSpec::one_model(part).with_models(models));
    }
    let (file, models) = match split_at_file(text, &PROFILE) {
        Some((file, Some(models))) => (file, model_count(models).map_err(bad)?.0),
        Some((file, None)) => (file, 1),
        None => return Err(bad(text!("not a roster or a profile file"))),
    };
    let part = ProfilePart {
        profile_file: Some(file.to_string()),
        ..ProfilePart::default()
    };
    Ok(UnitSpec::one_model(part).with_models(Some(Count(models))))
}

/// Whether army `army` has the unit `key` names, and `models` (if given)
/// are as many as the book lets it hold.
fn in_range(army: &ArmyBook, key: &UnitKey, models: Option<Count<1, 500>>) -> Result<(), Text> {
    let entry = army.entry(key)?;
    let (least, most) = ArmyBook::models(entry);
    let name = entry.name.clone();
    match (models, most) {
        (Some(Count(n)), Some(most)) if n < least || n > most => Err(text!(
            "{} models of '{}' (accepted: {} to {})",
            n,
            name,
            least,
            most
        )),
        (Some(Count(n)), None) if n < least => Err(text!(
            "{} models of '{}' (accepted: {} or more)",
            n,
            name,
            least
        )),
        _ => Ok(()),
    }
}

/// A model count written after a reference's `:`, from 1 to 500.
fn model_count(models: &str) -> Result<Count<1, 500>, Text> {
    models
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=500).contains(n))
        .map(Count)
        .ok_or_else(|| text!("'{}' is not a model count from 1 to 500", models))
}

impl UnitSpec {
    /// This table with `models` (none: the roster's).
    fn with_models(self, models: Option<Count<1, 500>>) -> UnitSpec {
        UnitSpec {
            models,
            frontage: None,
            ..self
        }
    }
}

/// A frontal charge by the attacker from `distance`, the defender reacting
/// with `reaction`: the fight `combat --attacker A --defender D` plays.
pub fn frontal_charge(distance: f64, reaction: ReactionName) -> Situation {
    Situation {
        charger: SideName::Attacker,
        facing: Facing::Front,
        distance: super::combat::Distance(distance),
        reaction,
        ..Situation::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_situation_is_an_empty_situation_table() {
        let empty: Situation = toml::from_str("").unwrap();
        assert_eq!(format!("{:?}", Situation::default()), format!("{empty:?}"));
    }
}
