//! The unit library: every unit and character of the 6th edition army
//! books (`data/units/`, our own files written by `scripts/wfb6-units`
//! from the catalogues), picked by name as `ARMY:UNIT[:MODELS]` wherever a
//! roster's unit is.
//!
//! **What.** The army books (`armies.toml`), each army's units as the
//! catalogue's tree of entries (`format`), an army named as players type
//! it (`armies`) and a unit of it by the roster's rules of naming
//! (`roster::find`).
//!
//! **How.** A unit's default pick (`pick`) is the selections a roster of
//! it would hold, with its army's own selections; `Roster::chosen` reads
//! them by the roster reader's path, so the unit plays as the same unit
//! read from a roster file and nothing downstream knows where it came
//! from. The files are in the program (`include_str!`); each army's is
//! parsed on its first use (`OnceLock`).
//!
//! # Example
//!
//! ```
//! use mathhammer::library::Library;
//! use mathhammer::roster::UnitKey;
//! let empire = Library::shipped().army("empire").unwrap();
//! let halberdiers = empire.unit(&UnitKey::parse("halberdiers")).unwrap();
//! assert_eq!((halberdiers.army.as_str(), halberdiers.models), ("The Empire", 10));
//! assert_eq!(halberdiers.points, 60.0);
//! ```

mod any_order;
mod armies;
mod choosable;
mod choose;
mod format;
pub mod listing;
mod options;
mod pick;

use crate::error::InputError;
use crate::roster::{Roster, RosterUnit, UnitKey};
use crate::text;
use crate::words::text::Text;
pub use choose::{Asked, Choices, Refused};
use format::{ArmyFile, CommonFile, Entry};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The most names an error suggests.
const SUGGESTIONS: usize = 3;

/// The army books' units.
#[derive(Debug)]
pub struct Library {
    armies: Vec<ArmyBook>,
}

/// An army book of the library.
#[derive(Debug)]
pub struct ArmyBook {
    /// Its key: the file `data/units/<key>.json`.
    pub key: String,
    /// Its name, as a roster's units' army writes it.
    pub book: String,
    /// Other words a player may type for it.
    pub words: Vec<String>,
    /// Its name in the Spanish rulebook, where it gives one.
    pub spanish: Option<String>,
    text: &'static str,
    file: OnceLock<Result<ArmyFile, String>>,
    /// `common.json`, read once for every army.
    common: Arc<Common>,
}

/// `common.json` (the game system's shared groups and the hirelings),
/// parsed on its first use.
#[derive(Debug)]
struct Common {
    text: &'static str,
    read: OnceLock<Result<CommonFile, String>>,
}

/// The library's files, as a [`Library`] reads them: `armies.toml`,
/// `common.json`, and each army's file by its key.
pub struct Files {
    /// `armies.toml`.
    pub armies: &'static str,
    /// `common.json`.
    pub common: &'static str,
    /// Each army's file, by key.
    pub units: &'static [(&'static str, &'static str)],
}

impl Library {
    /// The library the program carries (read on first use).
    pub fn shipped() -> &'static Library {
        static SHIPPED: OnceLock<Library> = OnceLock::new();
        SHIPPED.get_or_init(|| Library::of(&shipped::FILES).expect("the shipped armies.toml reads"))
    }

    /// The library of `files`, or why `armies.toml` or an army's file is
    /// missing (its files are parsed on first use).
    pub fn of(files: &Files) -> Result<Library, String> {
        let armies: format::Armies = toml::from_str(files.armies).map_err(|e| e.to_string())?;
        let common = Arc::new(Common {
            text: files.common,
            read: OnceLock::new(),
        });
        let armies = (armies.army.into_iter())
            .map(|a| {
                let text = (files.units.iter())
                    .find(|(key, _)| *key == a.key)
                    .map(|(_, text)| *text)
                    .ok_or_else(|| format!("no file for army '{}'", a.key))?;
                Ok(ArmyBook {
                    key: a.key,
                    book: a.book,
                    words: a.words,
                    spanish: a.spanish,
                    text,
                    file: OnceLock::new(),
                    common: Arc::clone(&common),
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Library { armies })
    }

    /// The army books, in the guide's order.
    pub fn armies(&self) -> &[ArmyBook] {
        &self.armies
    }

    /// The army book `typed` names (the module's ways), or why none.
    pub fn army(&self, typed: &str) -> Result<&ArmyBook, Text> {
        armies::named(&self.armies, typed)
    }
}

impl ArmyBook {
    /// `common.json`, parsed on first use.
    fn common_file(&self) -> Result<&CommonFile, Text> {
        let read = (self.common.read)
            .get_or_init(|| serde_json::from_str(self.common.text).map_err(|e| e.to_string()));
        read.as_ref()
            .map_err(|e| text!("the library's common.json cannot be read: {}", e.clone()))
    }

    /// The game system's shared groups.
    fn common(&self) -> Result<&BTreeMap<String, format::Group>, Text> {
        Ok(&self.common_file()?.shared)
    }

    /// Its file, parsed on first use, its hired units made the hirelings
    /// of `common.json`.
    pub(crate) fn file(&self) -> Result<&ArmyFile, Text> {
        let common = self.common_file()?;
        let read = self.file.get_or_init(|| {
            let mut file: ArmyFile = serde_json::from_str(self.text).map_err(|e| e.to_string())?;
            if file.army != self.book {
                return Err(format!("its army is '{}', not '{}'", file.army, self.book));
            }
            file.hire(&common.hirelings)?;
            Ok(file)
        });
        read.as_ref().map_err(|e| {
            text!(
                "the library's {}.json cannot be read: {}",
                self.key.clone(),
                e.clone()
            )
        })
    }

    /// Every name its units and their options carry that the names table
    /// must know: rules, upgrades and profiles other than models', each
    /// once, sorted.
    pub fn names(&self) -> Result<Vec<String>, Text> {
        let file = self.file()?;
        let mut out = std::collections::BTreeSet::new();
        let groups = file.shared.values().chain(self.common()?.values());
        let entries = file.units.iter().chain(&file.army_rules);
        for e in entries.chain(groups.flat_map(|g| &g.entries)) {
            names_of(e, &mut out);
        }
        Ok(out.into_iter().collect())
    }

    /// The names of its units, in the book's order.
    pub fn unit_names(&self) -> Result<Vec<&str>, Text> {
        Ok(self.file()?.units.iter().map(|u| u.name.as_str()).collect())
    }

    /// Its unit `key` names (by name as people type it, or by its number
    /// in the book's order) at its default pick, as a roster's unit.
    pub fn unit(&self, key: &UnitKey) -> Result<RosterUnit, Text> {
        self.picked(self.entry(key)?)
    }

    /// Its unit `key` names with `choices` made (see [`Choices`]), or the
    /// first the book refuses.
    pub fn unit_chosen(&self, key: &UnitKey, choices: &Choices) -> Result<RosterUnit, Refused> {
        let entry = self.entry(key).map_err(|why| Refused {
            asked: Asked::Unit,
            why,
        })?;
        self.chosen(entry, choices)
    }

    /// The entry of its unit `key` names.
    pub(crate) fn entry(&self, key: &UnitKey) -> Result<&Entry, Text> {
        let file = self.file()?;
        let names = self.unit_names()?;
        let at = match key {
            UnitKey::Number(n) => {
                n.checked_sub(1)
                    .filter(|i| *i < names.len())
                    .ok_or_else(|| {
                        text!(
                    "no unit {} in {} (accepted: a unit's name, or its number from 1 to {})",
                    *n,
                    self.book.clone(),
                    names.len()
                )
                    })?
            }
            UnitKey::Name(name) => self.named(&names, name)?,
        };
        Ok(&file.units[at])
    }

    /// The place of the unit `name` fits among `names` (`roster::find`'s
    /// ways), or why none.
    fn named(&self, names: &[&str], name: &str) -> Result<usize, Text> {
        use crate::roster::find::{closest, fit, Fit};
        let quoted = |at: &[usize]| {
            at.iter()
                .map(|i| format!("'{}'", names[*i]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match fit(names, name) {
            Fit::One(i) => Ok(i),
            Fit::Same(at) | Fit::Several(at) => Err(text!(
                "'{}' fits {} units of {}: {} (accepted: more of a name)",
                name,
                at.len(),
                self.book.clone(),
                quoted(&at)
            )),
            Fit::None => match any_order::fitting(names, name)[..] {
                [one] => Ok(one),
                ref reordered => Err(text!(
                    "no unit '{}' in {} (closest: {}; accepted: a unit's name as the book writes it; mathhammer units {} lists them)",
                    name,
                    self.book.clone(),
                    quoted(&suggested(reordered, &closest(names, name, SUGGESTIONS))),
                    self.key.clone()
                )),
            },
        }
    }

    /// Unit `entry` at its default pick, as a roster's unit.
    pub(crate) fn picked(&self, entry: &Entry) -> Result<RosterUnit, Text> {
        let roster = self.list_of(entry)?;
        (roster.units.into_iter().next())
            .ok_or_else(|| text!("'{}' holds no unit the tool reads", entry.name.clone()))
    }

    /// A list of unit `entry` alone at its default pick (its detachments
    /// after it), with its army's own selections.
    pub(crate) fn list_of(&self, entry: &Entry) -> Result<Roster, Text> {
        let shared = self.shared()?;
        Ok(Roster::chosen(&entry.name, &self.book, shared.list(entry)))
    }

    /// Where its shared groups are looked up.
    fn shared(&self) -> Result<pick::Shared<'_>, Text> {
        Ok(pick::Shared {
            army: self.file()?,
            common: self.common()?,
        })
    }

    /// The fewest and most models of unit `entry` (none: no limit): its
    /// first model entry's, or one for a unit without (a character).
    pub(crate) fn models(entry: &Entry) -> (u32, Option<u32>) {
        match entry.entries.iter().find(|e| e.kind == "model") {
            Some(m) => (m.min.max(1), m.max),
            None => (1, Some(1)),
        }
    }
}

/// The units an error suggests: those a name's words fit in another
/// order first, then the closest.
fn suggested(reordered: &[usize], closest: &[usize]) -> Vec<usize> {
    let mut out = reordered.to_vec();
    out.extend(closest.iter().filter(|i| !reordered.contains(i)));
    out.truncate(SUGGESTIONS.max(reordered.len()));
    out
}

/// The names entry `e` and what it holds carry (see [`ArmyBook::names`]):
/// an upgrade's that is no model and no spell (a model's name is no gear),
/// its rules, its weapons', armour's and magic items' profiles.
fn names_of(e: &Entry, out: &mut std::collections::BTreeSet<String>) {
    let model_or_spell = e
        .profiles
        .iter()
        .any(|p| matches!(p.kind.as_str(), "Profile" | "Spell"));
    if e.kind == "upgrade" && !model_or_spell {
        out.insert(e.name.clone());
    }
    out.extend(e.rules.iter().cloned());
    let gear = e
        .profiles
        .iter()
        .filter(|p| matches!(p.kind.as_str(), "Weapon" | "Armour" | "Magic Items"));
    out.extend(gear.map(|p| p.name.clone()));
    let groups = e.groups.iter().flat_map(|g| &g.entries);
    for c in e.entries.iter().chain(groups) {
        names_of(c, out);
    }
}

/// Where a reference's list comes from: `file` (as a reference writes it,
/// from folder `dir`) is a roster file if one is there by that name or it
/// has a roster's extension, else an army book's name.
pub enum Source {
    /// A roster file.
    File,
    /// An army book of the shipped library.
    Army(&'static ArmyBook),
}

/// The source `file` (from folder `dir`) names, or why none.
pub fn source(dir: &Path, file: &str) -> Result<Source, Text> {
    let lower = file.to_ascii_lowercase();
    if lower.ends_with(".ros") || lower.ends_with(".rosz") || dir.join(file).is_file() {
        return Ok(Source::File);
    }
    Library::shipped().army(file).map(Source::Army)
}

/// The unit `key` names in `file` (a roster file or an army book, from
/// folder `dir`): an error reading the file or naming the army is
/// `file_field`'s, a key the list has not `unit_field`'s.
/// An army book's unit is built with `choices`; a refusal is the key's
/// beside `unit_field` (`attacker.weapon` beside `attacker.unit`).
pub fn listed_unit(
    dir: &Path,
    file: &str,
    key: &UnitKey,
    (file_field, unit_field): (&str, &str),
    choices: &Choices,
) -> Result<RosterUnit, InputError> {
    match source(dir, file).map_err(|why| InputError::new(file_field, why))? {
        Source::Army(army) => army.unit_chosen(key, choices).map_err(|r| {
            let field = match (r.asked, unit_field.rsplit_once('.')) {
                (Asked::Unit, _) | (_, None) => unit_field.to_string(),
                (asked, Some((side, _))) => format!("{side}.{}", asked.key()),
            };
            InputError::new(field, text!("{}: {}", file, r.why))
        }),
        Source::File => {
            let roster =
                Roster::read(&dir.join(file)).map_err(|e| InputError::new(file_field, e.text()))?;
            let unit = roster
                .unit(key)
                .map_err(|why| InputError::new(unit_field, text!("{}: {}", file, why)))?;
            Ok(unit.clone())
        }
    }
}

#[path = "shipped.rs"]
mod shipped;

#[cfg(test)]
mod tests;
