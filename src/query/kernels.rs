//! Monte Carlo kernels shared by several queries. Each is written once
//! against [`DiceSource`], so the fast and the dice-level engines play the
//! very same trial.

use crate::dice::source::PreparedRoll;
use crate::dice::{DiceSource, Roll};
use crate::sim::Kernel;

/// One roll per trial (a flee roll, say), tallied as a histogram indexed by
/// the roll's value. Every outcome that depends on that roll alone is a sum
/// of histogram bins, so the reach table and every figure of a charge or a
/// flee come from one run. With no roll (a target that holds) every trial
/// records 0.
pub struct RollKernel {
    roll: Option<PreparedRoll>,
    bins: usize,
}

impl RollKernel {
    /// A kernel of `roll` (`None`: one bin, always 0).
    pub fn new(roll: Option<Roll>) -> Self {
        let bins = roll.map_or(1, |r| max_value(&r) + 1);
        RollKernel {
            roll: roll.map(PreparedRoll::new),
            bins,
        }
    }
}

impl Kernel for RollKernel {
    type Tally = Vec<u64>;

    fn tally(&self) -> Vec<u64> {
        vec![0; self.bins]
    }

    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, hist: &mut Vec<u64>) -> S {
        match &self.roll {
            Some(roll) => {
                for _ in 0..trials {
                    hist[dice.roll(roll) as usize] += 1;
                }
            }
            None => hist[0] += trials,
        }
        dice
    }
}

/// Two independent rolls per trial (a flee roll and a pursuit roll), tallied
/// as a joint histogram: bin `a * stride + b` counts first roll `a` with
/// second roll `b`.
pub struct PairKernel {
    first: PreparedRoll,
    second: PreparedRoll,
    stride: usize,
}

impl PairKernel {
    /// A kernel of `first` and `second`.
    pub fn new(first: Roll, second: Roll) -> Self {
        PairKernel {
            stride: max_value(&second) + 1,
            first: PreparedRoll::new(first),
            second: PreparedRoll::new(second),
        }
    }

    /// Bins of the first roll's values.
    pub fn first_bins(&self) -> usize {
        max_value(&self.first.roll) + 1
    }

    /// Bins per value of the first roll.
    pub fn stride(&self) -> usize {
        self.stride
    }
}

impl Kernel for PairKernel {
    type Tally = Vec<u64>;

    fn tally(&self) -> Vec<u64> {
        vec![0; self.first_bins() * self.stride]
    }

    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, hist: &mut Vec<u64>) -> S {
        for _ in 0..trials {
            let a = dice.roll(&self.first) as usize;
            let b = dice.roll(&self.second) as usize;
            hist[a * self.stride + b] += 1;
        }
        dice
    }
}

/// The largest value a roll can read (6 per die; custom readings are checked
/// against that too).
fn max_value(roll: &Roll) -> usize {
    6 * roll.dice as usize
}
