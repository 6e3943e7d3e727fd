//! A unit's default pick (every entry and group at its fewest, a group
//! that must hold one its `default` or first member, a unit with no
//! models one of its first model entry), as the selections a roster of it
//! would hold: as `scripts/wfb6-rosters` writes a list of every unit at
//! its minimum, so the two read alike.

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

    /// Entry `e` chosen `number` times from group `group` (its path).
    pub fn entry(&self, e: &Entry, number: u32, group: &str, depth: usize) -> Chosen {
        Chosen {
            name: e.name.clone(),
            kind: e.kind.clone(),
            number,
            group: group.to_string(),
            categories: e.categories.clone(),
            points: e.pts * f64::from(number),
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
            .filter(|c| c.min > 0)
            .map(|c| self.entry(c, c.min, "", depth))
            .collect();
        let has_models = out.iter().any(|c| c.kind == "model");
        for g in &e.groups {
            out.extend(self.group(g, "", depth));
        }
        if e.kind == "unit" && !has_models {
            if let Some(first) = e.entries.iter().find(|c| c.kind == "model") {
                out.push(self.entry(first, 1, "", depth));
            }
        }
        out
    }

    /// What group `g` (within groups `path`) holds at its default: its
    /// default member where it must hold some, and its members' own
    /// fewest.
    fn group(&self, link: &Group, path: &str, depth: usize) -> Vec<Chosen> {
        let Some(g) = self.resolve(link).filter(|_| depth < MAX_DEPTH) else {
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
        let entry_pick = (least > 0)
            .then(|| {
                let default = g.entries.iter().position(|e| named(&e.name));
                let group = g.groups.iter().position(|x| named(&x.name));
                match (default, group) {
                    (Some(e), _) => Some(Ok(e)),
                    (None, Some(x)) => Some(Err(x)),
                    (None, None) if !g.entries.is_empty() => Some(Ok(0)),
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
            if e.min > 0 && entry_pick != Some(Ok(i)) {
                out.push(self.entry(e, e.min, &path, depth + 1));
            }
        }
        for (i, x) in g.groups.iter().enumerate() {
            if entry_pick != Some(Err(i)) {
                out.extend(self.group(x, &path, depth + 1));
            }
        }
        out
    }

    /// The selections a list of unit `unit` alone holds: the unit at its
    /// default, then the army's own selections.
    pub fn list(&self, unit: &Entry) -> Vec<Chosen> {
        let mut out = vec![self.entry(unit, 1, "", 0)];
        out.extend(self.army.army_rules.iter().map(|r| self.entry(r, 1, "", 0)));
        out
    }
}
