//! The army's own rules on the units they reach: the rules of a roster's
//! selections outside every unit (`Forces of Dwarfs' Army Rules`, `The
//! Laws of Undeath`) and those the army book gives every unit of a kind
//! (every Savage Orc is frenzied), each on the units of its army that the
//! names table says it covers (RULES.md The army's own rules).
//!
//! **How.** The roster's selections outside every unit are gathered first,
//! by army, each with the rules it links. A unit is of a kind (a
//! `[[units]]` of its army's part of `data/names/`) when its name or the
//! name of one of its fighting models is one the kind names (or the kind
//! names none: every unit of the army but those hired from outside the
//! book), and none it leaves out. The unit's gear adds each rule where the
//! roster has not already given it ([`Gear::army_rule`](super::gear::Gear)).

use super::names::{hired, kinds_of, looked_up, normalised, Found, UnitKind};
use super::xml::Selection;
use super::Role;

/// A rule the army gives a unit.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyRule {
    /// The rule's name, as the roster or the names table writes it.
    pub name: String,
    /// Where it comes from.
    pub from: RuleSource,
}

/// Where an army-wide rule comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum RuleSource {
    /// The roster's selection of this name, outside every unit.
    Army(String),
    /// The army book, whatever the roster says, to every unit of this
    /// kind (as the book calls them).
    ArmyBook(String),
}

/// A rule of one of the roster's selections outside every unit, and the
/// units it reaches.
#[derive(Clone, Debug, PartialEq)]
pub struct ForceRule {
    /// The army (catalogue) of the force it was chosen in.
    pub army: String,
    /// The selection.
    pub selection: String,
    /// The rule: the selection's own name or one it links.
    pub name: String,
    /// The numbers of the units it reaches.
    pub units: Vec<usize>,
}

/// The roster's selections outside every unit: army, selection, and its
/// own name and the rules it links.
#[derive(Default)]
pub(super) struct ArmySelections(Vec<(String, String, Vec<String>)>);

impl ArmySelections {
    /// Selection `s` of a force, outside every unit: the rules it links
    /// first (they say what its own name sums up), then its name.
    pub fn add(&mut self, s: &Selection) {
        let mut names: Vec<String> = Vec::new();
        for name in s.rules.iter().chain(std::iter::once(&s.name)) {
            if !named(&names, name) {
                names.push(name.clone());
            }
        }
        self.0.push((s.army.to_string(), s.name.clone(), names));
    }

    /// The rules the army's selections and its book give unit `s` of
    /// categories `categories` (its own and those of the units it is part
    /// of), whose models are `models` (names and roles), in order: the
    /// army's first.
    pub fn given(
        &self,
        s: &Selection,
        categories: &[String],
        models: &[(&str, Role)],
    ) -> Vec<ArmyRule> {
        let hired = hired(categories);
        let kinds: Vec<&UnitKind> = kinds_of(&s.army)
            .iter()
            .filter(|k| covers(k, s, hired, models))
            .copied()
            .collect();
        let mut out = Vec::new();
        for (army, selection, names) in &self.0 {
            if **army != *s.army {
                continue;
            }
            for name in names {
                if kinds.iter().any(|k| named(&k.army_rules, name)) {
                    out.push(ArmyRule {
                        name: name.clone(),
                        from: RuleSource::Army(selection.clone()),
                    });
                }
            }
        }
        for k in &kinds {
            out.extend(k.book_rules.iter().map(|name| ArmyRule {
                name: name.clone(),
                from: RuleSource::ArmyBook(k.kind.clone()),
            }));
        }
        out
    }

    /// The kinds of unit its book names for panic rules (`panic = true`)
    /// that unit `s` is of, as [`given`](Self::given) covers it (RULES.md
    /// Panic).
    pub fn kinds(
        &self,
        s: &Selection,
        categories: &[String],
        models: &[(&str, Role)],
    ) -> Vec<String> {
        let hired = hired(categories);
        kinds_of(&s.army)
            .iter()
            .filter(|k| k.panic && covers(k, s, hired, models))
            .map(|k| k.kind.clone())
            .collect()
    }

    /// Each rule of the selections that the fights play, with the units
    /// (numbers) of `given` (each unit's number and the rules it was
    /// given) it reached.
    pub fn reached(&self, given: &[(usize, &[ArmyRule])]) -> Vec<ForceRule> {
        let mut out = Vec::new();
        for (army, selection, names) in &self.0 {
            let played = |n: &&String| matches!(looked_up(army, n), Some(Found::Played(_)));
            for name in names.iter().filter(played) {
                let from = RuleSource::Army(selection.clone());
                let units = given
                    .iter()
                    .filter(|(_, rules)| rules.iter().any(|r| r.name == *name && r.from == from))
                    .map(|(n, _)| *n)
                    .collect();
                out.push(ForceRule {
                    army: army.clone(),
                    selection: selection.clone(),
                    name: name.clone(),
                    units,
                });
            }
        }
        out
    }
}

/// Whether `names` holds `name`, as the names table matches names.
fn named(names: &[String], name: &str) -> bool {
    let key = normalised(name).0;
    names.iter().any(|n| normalised(n).0 == key)
}

/// Whether kind `k` covers unit `s` (`hired` from outside its book or
/// not) with models `models`: named by the unit's name or one of its
/// fighting models' (a steed, a chariot's beasts or another kind of model
/// beside them are not the unit), or every unit of the army not hired; and
/// not left out.
fn covers(k: &UnitKind, s: &Selection, hired: bool, models: &[(&str, Role)]) -> bool {
    let fighting = models
        .iter()
        .filter(|(_, role)| !matches!(role, Role::Mount | Role::Beast | Role::Other))
        .map(|(name, _)| *name);
    let names: Vec<&str> = std::iter::once(s.name.as_str()).chain(fighting).collect();
    let any_in = |list: &[String]| names.iter().any(|n| named(list, n));
    let of_kind = match &k.names {
        Some(list) => any_in(list),
        None => !hired,
    };
    of_kind && !any_in(&k.except)
}
