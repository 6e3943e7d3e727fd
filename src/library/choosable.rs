//! A unit's options a player may choose: every entry its groups and
//! entries offer (its rank and file and its detachments aside), each with
//! the options that hold it (a magic standard, its bearer) and its path of
//! groups and holders; one found by its name as units are
//! (`roster::find`), or by the groups and holders before it
//! (`Champion::Shield`); and the `choices` `units ARMY UNIT --json` lists
//! for the page. What `choose` makes of them.

use super::format::{Entry, Group};
use super::pick::Shared;
use super::ArmyBook;
use crate::roster::stands_alone;
use crate::text;
use crate::words::text::Text;

/// The deepest options are looked for (a magic banner under its bearer).
const MAX_DEPTH: usize = 6;

/// An option of a unit: its entry, the options that hold it, its path.
pub(crate) struct BookOption<'a> {
    pub entry: &'a Entry,
    /// The options it is chosen under, outermost first.
    pub holders: Vec<&'a Entry>,
    /// Its groups' and holders' names, joined by `::`, and its own.
    pub path: String,
}

/// Every option of unit `unit` of army `army`: its entries but its rank
/// and file and its detachments (units of their own), its groups'
/// members, and theirs.
pub(crate) fn options<'a>(shared: &'a Shared, army: &str, unit: &'a Entry) -> Vec<BookOption<'a>> {
    let mut walk = Walk {
        shared,
        army,
        out: Vec::new(),
    };
    let rank_and_file = unit.entries.iter().find(|e| e.kind == "model");
    let own = (unit.entries.iter()).filter(|e| !rank_and_file.is_some_and(|r| std::ptr::eq(r, *e)));
    for e in own {
        walk.option(e, "", &[]);
    }
    for g in &unit.groups {
        walk.group(g, "", &[]);
    }
    walk.out
}

/// The options met so far, and where shared groups are looked up.
struct Walk<'a, 's> {
    shared: &'a Shared<'a>,
    army: &'s str,
    out: Vec<BookOption<'a>>,
}

impl<'a> Walk<'a, '_> {
    fn option(&mut self, e: &'a Entry, path: &str, holders: &[&'a Entry]) {
        // An option capped at 0 is one a condition of the book allows (a
        // mark of Khorne in a Khorne army): named, it is taken.
        if holders.len() > MAX_DEPTH {
            return;
        }
        // Built (with all it holds) only where it may be a detachment.
        if holders.is_empty() && stands_alone(self.army, &self.shared.entry(e, 1, "", 0)) {
            return;
        }
        let path = joined(path, &e.name);
        let mut inner = holders.to_vec();
        inner.push(e);
        self.out.push(BookOption {
            entry: e,
            holders: holders.to_vec(),
            path: path.clone(),
        });
        for c in &e.entries {
            self.option(c, &path, &inner);
        }
        for g in &e.groups {
            self.group(g, &path, &inner);
        }
    }

    fn group(&mut self, link: &'a Group, path: &str, holders: &[&'a Entry]) {
        let Some(g) = self
            .shared
            .resolve(link)
            .filter(|_| holders.len() <= MAX_DEPTH)
        else {
            return;
        };
        let path = joined(path, &g.name);
        for e in &g.entries {
            self.option(e, &path, holders);
        }
        for x in &g.groups {
            self.group(x, &path, holders);
        }
    }
}

fn joined(path: &str, name: &str) -> String {
    match path {
        "" => name.to_string(),
        p => format!("{p}::{name}"),
    }
}

impl ArmyBook {
    /// What a player may choose of unit `entry` (`units ARMY UNIT --json`'s
    /// `choices`, the page's boxes): each option every pick does not hold
    /// already, by its path (what `--attacker-option` takes), its name, its
    /// group (the path before it) and its points, each and a model.
    pub(crate) fn choices_json(&self, entry: &Entry) -> Result<Vec<serde_json::Value>, Text> {
        let shared = self.shared()?;
        let choices = (options(&shared, &self.book, entry).into_iter())
            .filter(|o| o.entry.min == 0)
            .map(|o| {
                let group = o.path.rsplit_once("::").map_or("", |(g, _)| g);
                serde_json::json!({
                    "path": o.path, "name": o.entry.name, "group": group,
                    "points": o.entry.pts, "points_per_model": o.entry.pts_per_model,
                })
            });
        Ok(choices.collect())
    }
}

/// The option `typed` names among `all` (of unit `unit`): by its name as
/// units are found, the shallowest where several share it; the parts
/// before a `::` each name a group or an option holding it, in order
/// (`Champion::Shield`, `Command group::War Banner`).
pub(super) fn named<'a, 'b>(
    all: &'b [BookOption<'a>],
    typed: &str,
    unit: &str,
) -> Result<&'b BookOption<'a>, Text> {
    use crate::roster::find::{closest, fit, Fit};
    let mut parts: Vec<&str> = typed.split("::").map(str::trim).collect();
    let last = parts.pop().unwrap_or_default();
    let along = |o: &BookOption| {
        let segments: Vec<&str> = o.path.split("::").collect();
        let mut path = segments[..segments.len() - 1].iter();
        parts
            .iter()
            .all(|p| path.any(|seg| matches!(fit(&[seg], p), Fit::One(_))))
    };
    let at: Vec<usize> = (0..all.len()).filter(|i| along(&all[*i])).collect();
    if at.is_empty() {
        // No group or holder of those names: the closest paths.
        let paths: Vec<&str> = all.iter().map(|o| o.path.as_str()).collect();
        let near = closest(&paths, typed, super::SUGGESTIONS);
        let near: Vec<String> = near.iter().map(|i| format!("'{}'", paths[*i])).collect();
        return Err(text!(
            "no option '{}' of '{}' (closest: {}; accepted: an option as mathhammer units ARMY UNIT lists it)",
            typed,
            unit,
            near.join(", ")
        ));
    }
    let names: Vec<&str> = at.iter().map(|i| all[*i].entry.name.as_str()).collect();
    let quoted = |found: &[usize]| {
        (found.iter())
            .map(|i| format!("'{}'", all[at[*i]].path))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let found = match fit(&names, last) {
        Fit::One(i) => vec![i],
        Fit::Same(found) | Fit::Several(found) => found,
        Fit::None => {
            return Err(text!(
                "no option '{}' of '{}' (closest: {}; accepted: an option as mathhammer units ARMY UNIT lists it)",
                typed,
                unit,
                quoted(&closest(&names, last, super::SUGGESTIONS))
            ))
        }
    };
    let depth = |i: &usize| all[at[*i]].holders.len();
    let least = found.iter().map(depth).min().unwrap_or(0);
    let shallow: Vec<usize> = found.into_iter().filter(|i| depth(i) == least).collect();
    let first = &all[at[shallow[0]]];
    match shallow
        .iter()
        .all(|i| std::ptr::eq(all[at[*i]].entry, first.entry))
    {
        true => Ok(first),
        false => Err(text!(
            "'{}' fits {} options of '{}': {} (accepted: more of a name, or GROUP::NAME)",
            typed,
            shallow.len(),
            unit,
            quoted(&shallow)
        )),
    }
}
