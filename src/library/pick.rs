//! A unit's default pick (every entry and group at its fewest, a group
//! that must hold one its `default` or first member, a unit with no
//! models one of its first model entry; a group whose compulsory members
//! hold as many as it must, nothing more), as the selections a roster of it
//! would hold: as `scripts/wfb6-rosters` writes a list of every unit at
//! its minimum, so the two read alike. A pick with options chosen
//! (`choose`) holds those too, each in place of what its group held where
//! the group cannot hold both, and the unit's models as many as asked.

use super::format::{ArmyFile, Entry, Group};
use crate::roster::Chosen;

/// The deepest entries nest (the catalogues' deepest are about ten): a
/// shared group that holds itself stops here.
const MAX_DEPTH: usize = 12;

/// Where shared groups are looked up: the army's file, then the game
/// system's (`common:KEY`).
pub(super) struct Shared<'a> {
    pub army: &'a ArmyFile,
    pub common: &'a std::collections::BTreeMap<String, Group>,
}

impl Shared<'_> {
    /// The group `g` is, or refers to (none: a key neither file has).
    pub(super) fn resolve<'g>(&'g self, g: &'g Group) -> Option<&'g Group> {
        match &g.shared {
            None => Some(g),
            Some(key) => match key.strip_prefix("common:") {
                Some(key) => self.common.get(key),
                None => self.army.shared.get(key),
            },
        }
    }

    /// The selections a list of unit `unit` alone holds at its default
    /// pick: the unit, then the army's own selections.
    pub fn list(&self, unit: &Entry) -> Vec<Chosen> {
        self.list_with(unit, &[], None)
    }

    /// The selections a list of unit `unit` alone holds with the options
    /// `chosen` (its entries) and `models` rank-and-file models (none: its
    /// fewest): the unit, then the army's own selections.
    pub fn list_with(&self, unit: &Entry, chosen: &[&Entry], models: Option<u32>) -> Vec<Chosen> {
        let rank_and_file = unit.entries.iter().find(|e| e.kind == "model");
        let picker = Picker {
            shared: self,
            chosen,
            models,
            unit_models: models.or(rank_and_file.map(|m| m.min)).unwrap_or(1),
            rank_and_file,
        };
        let mut out = vec![picker.entry(unit, 1, "", 0)];
        out.extend(self.army.army_rules.iter().map(|r| self.entry(r, 1, "", 0)));
        out
    }

    /// Entry `e` chosen `number` times from group `group` (its path), at
    /// its default.
    pub fn entry(&self, e: &Entry, number: u32, group: &str, depth: usize) -> Chosen {
        let picker = Picker {
            shared: self,
            chosen: &[],
            models: None,
            unit_models: 1,
            rank_and_file: None,
        };
        picker.entry(e, number, group, depth)
    }
}

/// A unit's pick: its options chosen and its models.
struct Picker<'a> {
    shared: &'a Shared<'a>,
    /// The options chosen beyond the default pick.
    chosen: &'a [&'a Entry],
    /// Its rank-and-file models, where asked.
    models: Option<u32>,
    /// Its rank-and-file models as picked: what an option priced per
    /// model costs by.
    unit_models: u32,
    /// Its rank-and-file model entry.
    rank_and_file: Option<&'a Entry>,
}

impl Picker<'_> {
    fn is_chosen(&self, e: &Entry) -> bool {
        self.chosen.iter().any(|c| std::ptr::eq(*c, e))
    }

    /// How many of `c` a pick holds where its parent holds it: the models
    /// asked of the rank and file, else its fewest (at least one, chosen).
    fn number_of(&self, c: &Entry) -> u32 {
        match (self.models, self.rank_and_file) {
            (Some(n), Some(r)) if std::ptr::eq(r, c) => n,
            _ => c.min.max(1),
        }
    }

    /// Entry `e` chosen `number` times from group `group` (its path).
    pub fn entry(&self, e: &Entry, number: u32, group: &str, depth: usize) -> Chosen {
        Chosen {
            name: e.name.clone(),
            kind: e.kind.clone(),
            number,
            group: group.to_string(),
            categories: e.categories.clone(),
            points: e.pts * f64::from(number) + e.pts_per_model * f64::from(self.unit_models),
            rules: e.rules.clone(),
            profiles: (e.profiles.iter())
                .map(|p| (p.name.clone(), p.kind.clone(), p.values.clone()))
                .collect(),
            children: match depth < MAX_DEPTH {
                true => self.children(e, depth + 1),
                false => Vec::new(),
            },
        }
    }

    /// What entry `e` holds at its default: its entries at their fewest,
    /// then its groups'; a unit with no models one of its first model entry.
    fn children(&self, e: &Entry, depth: usize) -> Vec<Chosen> {
        let mut out: Vec<Chosen> = (e.entries.iter())
            .filter(|c| c.min > 0 || self.is_chosen(c))
            .map(|c| self.entry(c, self.number_of(c), "", depth))
            .collect();
        let has_models = out.iter().any(|c| c.kind == "model");
        for g in &e.groups {
            out.extend(self.group(g, "", depth));
        }
        if e.kind == "unit" && !has_models {
            if let Some(first) = e.entries.iter().find(|c| c.kind == "model") {
                out.push(self.entry(first, self.number_of(first), "", depth));
            }
        }
        out
    }

    /// What group `g` (within groups `path`) holds at its default: its
    /// default member where it must hold some, and its members' own
    /// fewest.
    fn group(&self, link: &Group, path: &str, depth: usize) -> Vec<Chosen> {
        let Some(g) = self.shared.resolve(link).filter(|_| depth < MAX_DEPTH) else {
            return Vec::new();
        };
        let path = match path {
            "" => g.name.clone(),
            p => format!("{p}::{}", g.name),
        };
        let least = match link.min {
            0 => g.min,
            n => n,
        };
        let mut out = Vec::new();
        let named = |name: &str| Some(name) == g.default.as_deref();
        // Its members every pick holds, and options chosen in it, stand in
        // for its default where they are as many as it must hold (a hand
        // weapon each holds a Weapons group of one or two).
        let compulsory: u32 = g.entries.iter().map(|e| e.min).sum();
        let held = self.chosen_in(g, depth) + compulsory;
        let entry_pick = (least > held)
            .then(|| {
                let default = g.entries.iter().position(|e| named(&e.name));
                let group = g.groups.iter().position(|x| named(&x.name));
                match (default, group) {
                    (Some(e), _) => Some(Ok(e)),
                    (None, Some(x)) => Some(Err(x)),
                    // The first a list may take (none capped at 0: a
                    // mark only a condition the library does not follow
                    // allows).
                    (None, None) if g.entries.iter().any(|e| e.max != Some(0)) => {
                        g.entries.iter().position(|e| e.max != Some(0)).map(Ok)
                    }
                    (None, None) => (!g.groups.is_empty()).then_some(Err(0)),
                }
            })
            .flatten();
        match entry_pick {
            Some(Ok(e)) => {
                let e = &g.entries[e];
                let number = if e.kind == "model" { least } else { 1 };
                out.push(self.entry(e, number, &path, depth + 1));
            }
            Some(Err(x)) => out.extend(self.group(&g.groups[x], &path, depth + 1)),
            None => {}
        }
        for (i, e) in g.entries.iter().enumerate() {
            if (e.min > 0 || self.is_chosen(e)) && entry_pick != Some(Ok(i)) {
                out.push(self.entry(e, self.number_of(e), &path, depth + 1));
            }
        }
        for (i, x) in g.groups.iter().enumerate() {
            if entry_pick != Some(Err(i)) {
                out.extend(self.group(x, &path, depth + 1));
            }
        }
        out
    }

    /// How many options chosen group `g` holds, in its groups too.
    fn chosen_in(&self, g: &Group, depth: usize) -> u32 {
        let own = g.entries.iter().filter(|e| self.is_chosen(e)).count() as u32;
        let inner = (g.groups.iter())
            .filter_map(|x| self.shared.resolve(x).filter(|_| depth < MAX_DEPTH))
            .map(|x| self.chosen_in(x, depth + 1));
        own + inner.sum::<u32>()
    }
}
