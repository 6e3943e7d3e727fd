//! The files of `data/units/` as serde reads them: every key known
//! (`deny_unknown_fields`), so a file the script writes otherwise fails the
//! library's tests, not a player's pick.

use serde::Deserialize;
use std::collections::BTreeMap;

/// `data/units/armies.toml`: the army books, in the guide's order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Armies {
    pub army: Vec<ArmyEntry>,
}

/// An army book of `armies.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ArmyEntry {
    /// Its file, `data/units/<key>.json`.
    pub key: String,
    /// Its name as a roster's units' `army` writes it.
    pub book: String,
    /// Other words a player may type for it.
    #[serde(default)]
    pub words: Vec<String>,
    /// Its name in the Spanish rulebook, where it gives one.
    pub spanish: Option<String>,
}

/// An army book's units (`data/units/<key>.json`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ArmyFile {
    #[allow(dead_code)]
    pub written_by: String,
    /// The book, as `armies.toml` names it.
    pub army: String,
    /// The selections a list of the army must hold that are not units.
    #[serde(default)]
    pub army_rules: Vec<Entry>,
    /// Groups linked from more than one place, by key.
    #[serde(default)]
    pub shared: BTreeMap<String, Group>,
    /// Its units and characters, in the catalogue's order.
    #[serde(default)]
    pub units: Vec<Entry>,
}

/// `data/units/common.json`: the game system's groups every book links,
/// and the hirelings (the Mercenaries' regiments) every book may hire.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CommonFile {
    #[allow(dead_code)]
    pub written_by: String,
    #[serde(default)]
    pub shared: BTreeMap<String, Group>,
    /// Units written once for every book that hires them, by key.
    #[serde(default)]
    pub hirelings: BTreeMap<String, Entry>,
}

impl ArmyFile {
    /// Its units with each reference to a hireling (`"hire": KEY`) made
    /// the hireling, in the categories the reference gives where it gives
    /// some (a book hiring a Rare regiment as a Special choice); or why
    /// one cannot be.
    pub(super) fn hire(&mut self, hirelings: &BTreeMap<String, Entry>) -> Result<(), String> {
        for unit in &mut self.units {
            let Some(key) = unit.hire.take() else {
                continue;
            };
            let hireling = (hirelings.get(&key)).ok_or_else(|| {
                format!("'{}' hires '{key}', which common.json has not", unit.name)
            })?;
            let only_named = unit.entries.is_empty()
                && unit.groups.is_empty()
                && unit.profiles.is_empty()
                && unit.rules.is_empty()
                && (unit.min, unit.max, unit.pts) == (0, None, 0.0);
            if hireling.name != unit.name || !only_named {
                return Err(format!(
                    "'{}' hires '{key}' ('{}'): a hired unit writes its hireling's name, its type and its categories only",
                    unit.name, hireling.name
                ));
            }
            let categories = std::mem::take(&mut unit.categories);
            *unit = hireling.clone();
            if !categories.is_empty() {
                unit.categories = categories;
            }
        }
        Ok(())
    }
}

/// An entry a list may choose: a unit, a model or an upgrade.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Entry {
    pub name: String,
    /// `unit`, `model` or `upgrade`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The fewest its parent holds.
    #[serde(default)]
    pub min: u32,
    /// The most its parent holds (none: no limit).
    #[serde(default)]
    pub max: Option<u32>,
    /// Its points, each.
    #[serde(default)]
    pub pts: f64,
    /// Its points for each rank-and-file model of the unit it is bought
    /// for (a shield for every model), beside `pts`.
    #[serde(default)]
    pub pts_per_model: f64,
    #[serde(default)]
    pub categories: Vec<String>,
    #[serde(default)]
    pub profiles: Vec<Profile>,
    #[serde(default)]
    pub rules: Vec<String>,
    #[serde(default)]
    pub entries: Vec<Entry>,
    #[serde(default)]
    pub groups: Vec<Group>,
    /// A unit of a book that is a hireling of `common.json` (its key):
    /// the file writes its name, type and categories only.
    pub hire: Option<String>,
}

/// A profile: its name, type and characteristics as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Profile {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub values: Vec<(String, String)>,
}

/// A group of entries to choose from, or a reference to a shared one
/// (`shared`: its key, `common:KEY` for the game system's).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Group {
    pub name: String,
    pub shared: Option<String>,
    #[serde(default)]
    pub min: u32,
    #[serde(default)]
    pub max: Option<u32>,
    /// The member chosen where it must hold one.
    pub default: Option<String>,
    #[serde(default)]
    pub entries: Vec<Entry>,
    #[serde(default)]
    pub groups: Vec<Group>,
}
