//! `--join CHARACTER=UNIT`: a character put where the player says, by
//! the names or numbers units are picked by (`roster::find`), or
//! `CHARACTER=alone`; with two lists, `A:` or `B:` (`attacker:`,
//! `defender:`) before it names the list where both have such a
//! character. Read here; checked against the rules where the army is
//! fielded (`place`).

use crate::error::InputError;
use crate::roster::{Roster, UnitKey};
use crate::text;
use crate::words::text::Text;

/// The flag.
pub const FLAG: &str = "--join";

/// A `--join` as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Join {
    /// What was typed.
    pub typed: String,
    /// The list it names (`a`, `b`, `attacker`, `defender`), if it names one.
    pub list: Option<String>,
    /// The character.
    pub character: UnitKey,
    /// Where he stands.
    pub target: Target,
}

/// Where a `--join` puts its character.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// In this unit.
    Unit(UnitKey),
    /// Alone.
    Alone,
}

/// A join found in its roster: the character's number and the unit's
/// (`None`: alone), with what was typed.
pub(crate) struct Chosen {
    pub typed: String,
    pub character: usize,
    pub unit: Option<usize>,
}

impl Join {
    /// `typed` read: `CHARACTER=UNIT` or `CHARACTER=alone`, after one of
    /// `lists` and a `:` if it names a list.
    pub fn parse(typed: &str, lists: &[&str]) -> Result<Join, InputError> {
        let bad = |why: Text| refused(typed, why, accepted(lists));
        let (list, rest) = match typed.split_once(':') {
            Some((l, rest)) if lists.iter().any(|x| x.eq_ignore_ascii_case(l.trim())) => {
                (Some(l.trim().to_lowercase()), rest)
            }
            _ => (None, typed),
        };
        let Some((character, unit)) = rest.split_once('=') else {
            return Err(bad(text!("no '=' between the character and his unit")));
        };
        let (character, unit) = (character.trim(), unit.trim());
        if character.is_empty() || unit.is_empty() {
            return Err(bad(text!(
                "a character and a unit are needed on either side of '='"
            )));
        }
        let target = match unit.eq_ignore_ascii_case("alone") || unit.eq_ignore_ascii_case("solo") {
            true => Target::Alone,
            false => Target::Unit(UnitKey::parse(unit)),
        };
        Ok(Join {
            typed: typed.to_string(),
            list,
            character: UnitKey::parse(character),
            target,
        })
    }

    /// The join found in `roster`: its character (one of the list's
    /// characters) and its unit.
    pub(crate) fn resolve(&self, roster: &Roster) -> Result<Chosen, InputError> {
        let character = roster
            .unit(&self.character)
            .map_err(|why| self.refused(why, characters(roster)))?;
        if !character.character {
            let why = text!("'{}' is not a character", &character.name);
            return Err(self.refused(why, characters(roster)));
        }
        let unit = match &self.target {
            Target::Alone => None,
            Target::Unit(key) => Some(
                roster
                    .unit(key)
                    .map_err(|why| self.refused(why, text!("a unit of the list, or alone")))?
                    .number,
            ),
        };
        Ok(Chosen {
            typed: self.typed.clone(),
            character: character.number,
            unit,
        })
    }

    /// This join refused: why, and what is accepted.
    pub(crate) fn refused(&self, why: Text, accepted: Text) -> InputError {
        refused(&self.typed, why, accepted)
    }

    /// Whether its character is one of `roster`'s characters.
    fn fits(&self, roster: &Roster) -> bool {
        roster.unit(&self.character).is_ok_and(|u| u.character)
    }
}

/// `--join`'s error: what was typed, why, and what is accepted.
pub(crate) fn refused(typed: &str, why: Text, accepted: Text) -> InputError {
    InputError::new(FLAG, text!("'{}': {} (accepted: {})", typed, why, accepted))
}

/// What `--join` accepts, with the lists' names `lists`.
fn accepted(lists: &[&str]) -> Text {
    match lists {
        [] => text!("CHARACTER=UNIT or CHARACTER=alone, each by name or number"),
        _ => text!(
            "CHARACTER=UNIT or CHARACTER=alone, each by name or number, after {}: for one list",
            Text::kept(lists.join(": or "))
        ),
    }
}

/// A roster's characters, as an error lists them.
fn characters(roster: &Roster) -> Text {
    let all: Vec<String> = roster
        .units
        .iter()
        .filter(|u| u.character)
        .map(|u| format!("{}. {}", u.number, u.name))
        .collect();
    match all.is_empty() {
        true => text!("a character, and the list has none"),
        false => text!(
            "one of the list's characters: {}",
            Text::kept(all.join(", "))
        ),
    }
}

/// `joins` shared out among `lists` (each the names it goes by and its
/// roster): a join naming a list goes to it; else to the one list with a
/// character it names. One that fits no list, or several, is refused.
pub fn for_lists<'j>(
    joins: &'j [Join],
    lists: &[(Vec<&str>, &Roster)],
) -> Result<Vec<Vec<&'j Join>>, InputError> {
    let names: Vec<&str> = lists.iter().flat_map(|(n, _)| n.iter().copied()).collect();
    let mut out = vec![Vec::new(); lists.len()];
    for join in joins {
        let named = join.list.as_deref().and_then(|l| {
            lists
                .iter()
                .position(|(n, _)| n.iter().any(|n| n.eq_ignore_ascii_case(l)))
        });
        let fitting: Vec<usize> = match named {
            Some(i) => vec![i],
            None => (0..lists.len())
                .filter(|&i| join.fits(lists[i].1))
                .collect(),
        };
        match fitting.as_slice() {
            [i] => out[*i].push(join),
            // No list has him: the first list says why (its characters).
            [] => {
                join.resolve(lists[0].1)?;
                return Err(join.refused(text!("no list has this character"), accepted(&names)));
            }
            _ => {
                return Err(
                    join.refused(text!("both lists have such a character"), accepted(&names))
                )
            }
        }
    }
    Ok(out)
}
