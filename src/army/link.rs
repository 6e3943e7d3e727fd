//! A roster cut for a shared link ([`crate::roster::for_link`]) that
//! fields its characters where the whole list does: the picked units keep
//! the characters fielded in them, and a cut that would field a kept
//! character elsewhere (its largest unit is not the whole list's) is not
//! made: the link carries the whole list.

use super::Army;
use crate::error::InputError;
use crate::roster::{ForLink, Roster};

/// Roster `text` cut for a link: with `units` (a picked fight's numbers),
/// those units, the characters the list fields in them and its General,
/// if the cut list fields each kept character where the whole list does;
/// else, or with `None`, the whole list.
pub fn for_link(text: &str, units: Option<&[usize]>) -> Result<ForLink, InputError> {
    let cut_at = |units: Option<&[usize]>| {
        crate::roster::for_link(text, units).map_err(|e| e.in_file("roster"))
    };
    let Some(units) = units else {
        return cut_at(None);
    };
    let whole = Roster::from_bytes("roster", text.as_bytes())?;
    let army = Army::field(&whole, &[])?;
    let mut kept = units.to_vec();
    for &u in units.iter().filter(|&&u| u <= whole.units.len()) {
        kept.extend(army.characters_in(u).iter().map(|c| c.number));
    }
    let cut = cut_at(Some(&kept))?;
    let read = Roster::from_bytes("roster", cut.text.as_bytes())?;
    let fielded = Army::field(&read, &[])?;
    // Each kept character's unit, in the cut's numbers (none: alone or not
    // kept), as the whole list fields him and as the cut does.
    let same = army.stands.iter().all(|s| {
        let Some(&character) = cut.numbers.get(&s.character) else {
            return true;
        };
        let there = s.unit.and_then(|n| cut.numbers.get(&n).copied());
        fielded.stand_of(character).is_some_and(|c| c.unit == there)
    });
    match same {
        true => Ok(cut),
        false => cut_at(None),
    }
}
