//! A roster cut for a shared link ([`crate::roster::for_link`]) that
//! fields its characters where the whole list does: the picked units keep
//! the characters fielded in them, and the cut comes with the `--join`s
//! (in its own numbers) that put each kept character where he stood,
//! since a cut list alone could field him elsewhere (its largest unit is
//! not the whole list's).

use super::{Army, Join};
use crate::error::InputError;
use crate::roster::{ForLink, Roster};

/// Roster `text` cut for a link: with `units` (a picked fight's numbers),
/// those units, the characters the list fielded with `joins` puts in them,
/// and its General; with `None`, the whole list. With the cut, the
/// `--join`s that field each of its characters where the whole list does
/// (none for the whole list).
pub fn for_link(
    text: &str,
    units: Option<&[usize]>,
    joins: &[&Join],
) -> Result<(ForLink, Vec<String>), InputError> {
    let whole = Roster::from_bytes("roster", text.as_bytes())?;
    let army = Army::field(&whole, joins)?;
    let Some(units) = units else {
        let cut = crate::roster::for_link(text, None).map_err(|e| e.in_file("roster"))?;
        return Ok((cut, Vec::new()));
    };
    let mut kept = units.to_vec();
    for &u in units {
        kept.extend(army.characters_in(u).iter().map(|c| c.number));
    }
    let cut = crate::roster::for_link(text, Some(&kept)).map_err(|e| e.in_file("roster"))?;
    let pins = army
        .stands
        .iter()
        .filter_map(|s| {
            let character = cut.numbers.get(&s.character)?;
            let unit = s.unit.and_then(|n| cut.numbers.get(&n));
            Some(match unit {
                Some(n) => format!("{character}={n}"),
                None => format!("{character}=alone"),
            })
        })
        .collect();
    Ok((cut, pins))
}
