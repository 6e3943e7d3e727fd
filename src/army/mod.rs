//! An army as its player fields it: a roster's units, the characters
//! fielded in each (and those standing alone), where each stands and why
//! in a player's words. A roster (and, through it, whatever fills one)
//! is the input; the scenarios, the picked fights and the matchup read
//! the army, so nothing downstream knows where a unit came from.
//!
//! **What.** A character stands where the rules let him and players put
//! him (RULES.md Characters in units, `place`): on foot with a unit of
//! infantry of his army, mounted with a unit of cavalry, the General and
//! the battle standard with the largest such unit, at most
//! [`MAX_CHARACTERS`](crate::combat::unit::MAX_CHARACTERS) a unit; on a
//! monster or in a chariot alone; an engineer with a war machine; a
//! skirmishing character with skirmishers. `--join CHARACTER=UNIT` puts a
//! character where the player says, unless the rules forbid it (`join`).
//!
//! # Example
//!
//! ```
//! use mathhammer::army::Army;
//! use mathhammer::roster::Roster;
//! let roster = Roster::read("scenarios/rosters/empire_500.ros".as_ref()).unwrap();
//! let army = Army::field(&roster, &[]).unwrap();
//! let captain = &army.stands[0];
//! assert_eq!(roster.units[captain.character - 1].name, "Captain of the Empire");
//! assert!(captain.unit.is_some());
//! ```

pub mod join;
pub mod link;
pub mod listing;
mod place;

pub use join::{Join, Target};

use crate::error::InputError;
use crate::roster::{Roster, RosterUnit};
use crate::words::text::Text;

/// A roster's army as fielded: where each of its characters stands.
#[derive(Clone, Debug)]
pub struct Army<'r> {
    /// The roster it is fielded from.
    pub roster: &'r Roster,
    /// Where each character stands, in the roster's order.
    pub stands: Vec<Stand>,
}

/// Where a character stands, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Stand {
    /// The character's number in the roster.
    pub character: usize,
    /// The number of the unit he is fielded in; `None`: he stands alone.
    pub unit: Option<usize>,
    /// Why, in a player's words.
    pub why: Text,
    /// The player put him there (`--join`).
    pub joined: bool,
}

impl<'r> Army<'r> {
    /// The army of `roster` with its characters fielded as players field
    /// them, those `joins` names where they say (each checked against the
    /// rules: a join they forbid is `--join`'s error).
    pub fn field(roster: &'r Roster, joins: &[&Join]) -> Result<Army<'r>, InputError> {
        let chosen = joins
            .iter()
            .map(|j| j.resolve(roster))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Army {
            roster,
            stands: place::field(roster, &chosen)?,
        })
    }

    /// The unit numbered `number`.
    fn unit(&self, number: usize) -> &'r RosterUnit {
        &self.roster.units[number - 1]
    }

    /// The characters fielded in unit `number`, in the roster's order.
    pub fn characters_in(&self, number: usize) -> Vec<&'r RosterUnit> {
        self.stands
            .iter()
            .filter(|s| s.unit == Some(number))
            .map(|s| self.unit(s.character))
            .collect()
    }

    /// Where character `number` stands (`None` if he is no character).
    pub fn stand_of(&self, number: usize) -> Option<&Stand> {
        self.stands.iter().find(|s| s.character == number)
    }

    /// Whether unit `number` is a unit on the table of its own: a unit of
    /// troops, or a character standing alone (not one fielded in a unit).
    pub fn on_its_own(&self, number: usize) -> bool {
        self.stand_of(number).is_none_or(|s| s.unit.is_none())
    }

    /// Whether unit `number` is a character standing alone.
    pub fn stands_alone(&self, number: usize) -> bool {
        self.stand_of(number).is_some_and(|s| s.unit.is_none())
    }
}
