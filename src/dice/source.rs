//! Where a simulation's dice come from. A Monte Carlo kernel is written once
//! against [`DiceSource`]; the fast engine runs it with [`TableDice`], the
//! dice-level reference with [`PlainDice`].

use super::table::{BitStream, DiceTable};
use super::{Roll, FACES};
use rand::{Rng, RngCore};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A roll prepared for every engine: the rule's [`Roll`] and its exact table.
#[derive(Clone, Debug)]
pub struct PreparedRoll {
    /// The roll.
    pub roll: Roll,
    table: DiceTable,
}

impl PreparedRoll {
    /// `roll` with its table.
    pub fn new(roll: Roll) -> Self {
        PreparedRoll {
            table: DiceTable::new(&roll),
            roll,
        }
    }
}

/// A source of rolls for Monte Carlo kernels.
pub trait DiceSource: Send {
    /// Engine name used in reports.
    const NAME: &'static str;
    /// A source drawing from `rng`.
    fn from_rng(rng: Xoshiro256PlusPlus) -> Self;
    /// One draw of `roll`.
    fn roll(&mut self, roll: &PreparedRoll) -> u8;
    /// One raw 64-bit word (for samplers that are not dice, e.g. alias tables).
    fn next_u64(&mut self) -> u64;
}

/// Fast exact source: each roll is one lookup in the roll's [`DiceTable`].
#[derive(Clone)]
pub struct TableDice(BitStream<Xoshiro256PlusPlus>);

impl DiceSource for TableDice {
    const NAME: &'static str = "monte-carlo";
    fn from_rng(rng: Xoshiro256PlusPlus) -> Self {
        TableDice(BitStream::new(rng))
    }
    #[inline(always)]
    fn roll(&mut self, roll: &PreparedRoll) -> u8 {
        roll.table.sample(&mut self.0)
    }
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        self.0.rng().next_u64()
    }
}

/// Reference source: every die rolled with `random_range(1..=6)`, then read
/// by the rule's own reading.
#[derive(Clone)]
pub struct PlainDice(Xoshiro256PlusPlus);

impl DiceSource for PlainDice {
    const NAME: &'static str = "dice";
    fn from_rng(rng: Xoshiro256PlusPlus) -> Self {
        PlainDice(rng)
    }
    #[inline]
    fn roll(&mut self, roll: &PreparedRoll) -> u8 {
        // Rolls are at most 16 dice (8D6 flee, 16 chariots' impact hits).
        let mut faces = [0u8; 16];
        let faces = &mut faces[..roll.roll.dice as usize];
        for face in faces.iter_mut() {
            *face = self.0.random_range(1..=FACES);
        }
        roll.roll.read(faces)
    }
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}
