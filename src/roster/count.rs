//! Models counted where no selection's number counts them alone: a profile
//! on the unit counted by the upgrades that name it (`Kroxigor` x3), a unit
//! bought in packs (`Giant Rat Pack` x3 with `6 Giant Rats each pack` and
//! `Packmaster each pack`: 18 Giant Rats and 3 Packmasters), and a count
//! written at the start of a name (`3 Goblin crew`).
//!
//! **How.** Names are compared by their words, case, punctuation and a
//! plural s aside. An upgrade without a model profile names one of the
//! unit's own profiles when its words, less a count at their start, are
//! the profile's, or the profile's then `each` and one more word (`each
//! pack`). A unit is bought in packs when a selection in it is named so
//! (`... each pack`): its `model` selections without a profile then count
//! packs, not models, and each profile named per pack, or held by an
//! upgrade directly under the unit (a Rat Ogre, a Packmaster), is that many
//! in every pack.

use super::body::{too_many, Bodies, Place};
use super::xml::Selection;
use super::RosterError;
use std::collections::{HashMap, HashSet};

/// A count written at the start of a name (`2 Orc Crew`, `3 Crew`): the
/// data's way to give a count where no selection's number does.
pub(super) fn leading_count(name: &str) -> Option<u32> {
    let digits: String = name
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok().filter(|n| (1..=20).contains(n))
}

/// A name's words, lower case, a count at their start left out.
fn words(name: &str) -> Vec<String> {
    let all: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    match all.first() {
        Some(w) if w.chars().all(|c| c.is_ascii_digit()) => all[1..].to_vec(),
        _ => all,
    }
}

/// A word without a plural s.
fn singular(w: &str) -> String {
    w.strip_suffix('s').unwrap_or(w).to_string()
}

/// Whether two words are one, a plural s aside.
fn alike(a: &str, b: &str) -> bool {
    a == b || a.strip_suffix('s') == Some(b) || b.strip_suffix('s') == Some(a)
}

/// Whether selection name `name` names profile `profile`: `Some(true)` if
/// per pack (`6 Giant Rats each pack`), `Some(false)` if as a whole
/// (`Kroxigor`), else `None`.
fn names(name: &str, profile: &str) -> Option<bool> {
    let (s, p) = (words(name), words(profile));
    if p.is_empty() || s.len() < p.len() || !s.iter().zip(&p).all(|(a, b)| alike(a, b)) {
        return None;
    }
    match &s[p.len()..] {
        [] => Some(false),
        [each, _] if each == "each" => Some(true),
        _ => None,
    }
}

/// Whether a selection's name says it is bought per pack (`... each pack`).
fn per_pack(name: &str) -> bool {
    let w = words(name);
    w.len() >= 3 && w[w.len() - 2] == "each"
}

/// Counts `unit`'s bodies its names count: packs multiplied, the unit's
/// own profiles by the upgrades of `unprofiled` that name them.
pub(super) fn by_names<'a>(
    unit: &'a Selection,
    out: &mut Bodies<'a>,
    unprofiled: &[&'a Selection],
) -> Result<(), RosterError> {
    let in_packs = unprofiled.iter().any(|s| per_pack(&s.name))
        || out
            .list
            .iter()
            .any(|b| b.place == Place::Upgrade && per_pack(&b.at.name));
    let packs = match in_packs {
        true => out.plain_models.max(1),
        false => 1,
    };
    if in_packs {
        let direct: HashSet<*const Selection> =
            unit.children.iter().map(|c| c as *const _).collect();
        for b in out.list.iter_mut() {
            if b.place == Place::Upgrade && direct.contains(&(b.at as *const _)) {
                b.count = b.count.checked_mul(packs).ok_or_else(too_many)?;
                b.each = true;
            }
        }
        // Its model selections count packs, not models.
        out.plain_models = 0;
    }
    let own: Vec<usize> = (0..out.list.len())
        .filter(|&i| out.list[i].place == Place::Unit)
        .collect();
    // The unit's own profiles by their first word (a plural s aside): an
    // upgrade is compared with those its own first word may name.
    let mut by_word: HashMap<String, Vec<usize>> = HashMap::new();
    for &i in &own {
        if let Some(w) = words(&out.list[i].profile.name).first() {
            by_word.entry(singular(w)).or_default().push(i);
        }
    }
    let mut counts = vec![None::<(u32, bool)>; out.list.len()];
    let mut unmatched = Vec::new();
    for &s in unprofiled {
        let first = words(&s.name).first().map(|w| singular(w));
        let candidates = first
            .and_then(|w| by_word.get(&w))
            .map_or(&[][..], Vec::as_slice);
        let named = candidates
            .iter()
            .filter_map(|&i| Some((i, names(&s.name, &out.list[i].profile.name)?)))
            .max_by_key(|(i, _)| words(&out.list[*i].profile.name).len());
        match named {
            Some((i, each)) => {
                add(&mut counts[i], s, each, packs)?;
                out.namers.push((s, i));
            }
            None if in_packs && per_pack(&s.name) && leading_count(&s.name).is_some() => {
                unmatched.push(s)
            }
            None => {}
        }
    }
    // A pack's count that names no profile (Throtlings' `6 Giant Rats each
    // pack`) is the one profile of the unit's left unnamed.
    let unnamed: Vec<usize> = own
        .iter()
        .copied()
        .filter(|&i| counts[i].is_none())
        .collect();
    if let ([i], [s]) = (unnamed.as_slice(), unmatched.as_slice()) {
        add(&mut counts[*i], s, true, packs)?;
        out.namers.push((s, *i));
    }
    for (b, c) in out.list.iter_mut().zip(counts) {
        if let Some((n, each)) = c {
            b.count = n;
            b.named = true;
            b.each = each;
        }
    }
    Ok(())
}

/// Adds the models selection `s` counts (its number, times a count at the
/// start of its name, times `packs` if `each`) to `to`.
fn add(
    to: &mut Option<(u32, bool)>,
    s: &Selection,
    each: bool,
    packs: u32,
) -> Result<(), RosterError> {
    let per = leading_count(&s.name).unwrap_or(1);
    let n = per
        .checked_mul(s.number)
        .and_then(|n| n.checked_mul(if each { packs } else { 1 }))
        .ok_or_else(too_many)?;
    let (sum, was) = to.unwrap_or((0, false));
    *to = Some((sum.checked_add(n).ok_or_else(too_many)?, was || each));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_at_the_start_of_a_name() {
        assert_eq!(leading_count("2 Orc Crew"), Some(2));
        assert_eq!(leading_count("3 Goblin crew"), Some(3));
        assert_eq!(leading_count("Orc Crew"), None);
    }

    #[test]
    fn a_name_names_a_profile_whole_or_per_pack() {
        assert_eq!(names("Kroxigor", "Kroxigor"), Some(false));
        assert_eq!(names("6 Giant Rats each pack", "Giant Rat"), Some(true));
        assert_eq!(names("Packmaster each pack", "Packmaster"), Some(true));
        assert_eq!(names("Knights Vow", "Knight"), None);
        assert_eq!(names("Kroxigor", "Kroxigor Ancient"), None);
        assert!(per_pack("Packmaster each pack"));
        assert!(!per_pack("Each"));
    }
}
