//! Dice: what a rule rolls ([`Roll`]: how many D6 and how they are read), and
//! the two ways a simulation rolls it ([`DiceSource`]):
//!
//! * [`TableDice`] draws the whole roll from a lookup table over every outcome
//!   of the dice, a few bits of one `u64` per roll (fast, exact; see `dice/table.rs`);
//! * [`PlainDice`] rolls every die with `random_range(1..=6)` (the deliberately
//!   plain reference the tests check the fast engine against).
//!
//! The exact engine reads the same [`Roll`] through
//! [`crate::exact::Pmf::of_roll`].

pub mod source;
pub(crate) mod table;

pub use source::{DiceSource, PlainDice, TableDice};
pub use table::DiceTable;

use std::fmt;

/// Faces of the one die the game uses.
pub const FACES: u8 = 6;

/// Largest number of dice a [`Reading::Custom`] roll may use (tables hold 6^k
/// outcomes; sums of more dice are split into parts).
pub const MAX_CUSTOM_DICE: u32 = 5;

/// How a roll of several D6 becomes one number.
#[derive(Clone, Copy)]
pub enum Reading {
    /// The total of the dice (flee and pursuit rolls, 2D6 tests).
    Sum,
    /// A rule's own reading of the individual dice, e.g. cold-blooded's
    /// "roll 3D6 and discard the highest" (at most [`MAX_CUSTOM_DICE`] dice).
    Custom(fn(&[u8]) -> u8),
}

/// A roll of `dice` D6 read through `reading`: the unit every engine samples.
#[derive(Clone, Copy)]
pub struct Roll {
    /// How many D6.
    pub dice: u32,
    /// How the dice are read.
    pub reading: Reading,
    label: &'static str,
}

impl Roll {
    /// `n`D6 summed.
    pub const fn sum(dice: u32) -> Self {
        Roll {
            dice,
            reading: Reading::Sum,
            label: "",
        }
    }

    /// `dice` D6 read by a rule's own function; `label` names it in reports.
    pub const fn custom(dice: u32, reading: fn(&[u8]) -> u8, label: &'static str) -> Self {
        assert!(dice >= 1 && dice <= MAX_CUSTOM_DICE);
        Roll {
            dice,
            reading: Reading::Custom(reading),
            label,
        }
    }

    /// The same dice read the same way (custom readings are told apart by
    /// their label).
    pub fn same_as(&self, other: &Roll) -> bool {
        self.dice == other.dice
            && match (self.reading, other.reading) {
                (Reading::Sum, Reading::Sum) => true,
                (Reading::Custom(_), Reading::Custom(_)) => self.label == other.label,
                _ => false,
            }
    }

    /// The value of this roll for the faces `faces` (each 1..=6).
    #[inline]
    pub fn read(&self, faces: &[u8]) -> u8 {
        debug_assert_eq!(faces.len(), self.dice as usize);
        match self.reading {
            Reading::Sum => faces.iter().sum(),
            Reading::Custom(f) => f(faces),
        }
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reading {
            Reading::Sum if self.dice == 1 => f.write_str("D6"),
            Reading::Sum => write!(f, "{}D6", self.dice),
            Reading::Custom(_) => f.write_str(self.label),
        }
    }
}

impl fmt::Debug for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Roll({self})")
    }
}

/// Calls `visit` with every one of the 6^`dice` ordered outcomes of `dice` D6,
/// in base-6 order (the first die changes fastest). Index `i` of the
/// enumeration is the outcome whose faces are the base-6 digits of `i`, plus 1.
pub fn for_each_outcome(dice: u32, mut visit: impl FnMut(usize, &[u8])) {
    let n = 6usize.pow(dice);
    let mut faces = vec![0u8; dice as usize];
    for i in 0..n {
        decode_outcome(i, &mut faces);
        visit(i, &faces);
    }
}

/// Writes the faces of outcome `index` (base-6 digits, least significant
/// first, each plus 1) into `faces`.
pub fn decode_outcome(mut index: usize, faces: &mut [u8]) {
    for face in faces.iter_mut() {
        *face = (index % 6) as u8 + 1;
        index /= 6;
    }
}

/// The total of some D3s (each D6 halved, rounding up), for [`Roll::custom`].
pub fn d3_total(faces: &[u8]) -> u8 {
    faces.iter().map(|f| f.div_ceil(2)).sum()
}
