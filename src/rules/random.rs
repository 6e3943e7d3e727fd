//! Random values: dice a model rolls for itself each time it uses them. A
//! chariot's impact hits (a D6 a chariot), random attacks (a Chaos Spawn's
//! D6+1, rolled by each model each round) and a random move (its 2D6")
//! are all [`Dice`]: the one roll every engine reads, as is a Leadbelcher
//! cannon's Artillery dice of shots. RULES.md Special attacks and
//! psychology (impact hits, random attacks), Charges (random moves),
//! Shooting (the Artillery dice).
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::random::{Dice, Die};
//! let (spawn, plus) = Dice::written("D6+1").unwrap();
//! assert_eq!((spawn, plus), (Dice::one(Die::D6), 1));
//! // Three Spawn in contact roll 3D6 (and add 3).
//! assert_eq!(spawn.roll(3).unwrap().to_string(), "3D6");
//! assert_eq!(Dice::written("2D6").unwrap(), (Dice { count: 2, die: Die::D6 }, 0));
//! assert!(Dice::written("D7").is_none());
//! ```

use crate::dice::{d3_total, Roll, MAX_CUSTOM_DICE};
use serde::{Deserialize, Serialize};

/// The die a random value rolls: a D6, a D3 (a D6 halved, rounding up),
/// or an Artillery dice (2, 4, 6, 8, 10 or a misfire, read as 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Die {
    /// A D3.
    D3,
    /// A D6.
    D6,
    /// An Artillery dice: 2, 4, 6, 8, 10 or a misfire, each one time in
    /// six; a misfire counts 0 (RULES.md Shooting, Artillery dice).
    Artillery,
}

impl Die {
    /// The most of these dice read in one roll: 16 D6 (the dice tables'
    /// largest roll) or 5 D3 or Artillery dice (read from 5 D6,
    /// enumerated).
    pub fn most(self) -> u32 {
        match self {
            Die::D3 | Die::Artillery => MAX_CUSTOM_DICE,
            Die::D6 => 16,
        }
    }

    /// The roll of `n` of these dice, summed (1 to [`Self::most`]; none
    /// past it).
    pub fn roll(self, n: u32) -> Option<Roll> {
        if n == 0 || n > self.most() {
            return None;
        }
        Some(match self {
            Die::D6 => Roll::sum(n),
            Die::D3 => Roll::custom(n, d3_total, "D3s"),
            Die::Artillery => Roll::custom(n, artillery_total, "Artillery dice"),
        })
    }

    /// Its highest face.
    pub fn faces(self) -> u8 {
        match self {
            Die::D3 => 3,
            Die::D6 => 6,
            Die::Artillery => 10,
        }
    }

    /// "D3", "D6" or "Artillery dice".
    pub fn name(self) -> &'static str {
        match self {
            Die::D3 => "D3",
            Die::D6 => "D6",
            Die::Artillery => "Artillery dice",
        }
    }
}

/// The total of some Artillery dice, each read from a D6: faces 1 to 5
/// are 2, 4, 6, 8, 10 and a 6 the misfire, 0 (RULES.md Shooting,
/// Artillery dice).
fn artillery_total(faces: &[u8]) -> u8 {
    faces.iter().map(|&f| if f == 6 { 0 } else { 2 * f }).sum()
}

/// The dice one model rolls for a random value: `count` of `die` (a
/// Spawn's attacks: one D6; a Squig's move: two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub struct Dice {
    /// Dice a model rolls.
    pub count: u8,
    /// Which.
    pub die: Die,
}

impl Dice {
    /// One `die`.
    pub const fn one(die: Die) -> Dice {
        Dice { count: 1, die }
    }

    /// The most one model's dice roll: 12 for 2D6.
    pub fn highest(self) -> u8 {
        self.count.saturating_mul(self.die.faces())
    }

    /// The most models whose dice are read in one roll.
    pub fn most_models(self) -> u32 {
        self.die.most() / u32::from(self.count.max(1))
    }

    /// The roll of `models` models' dice, summed (1 to
    /// [`Self::most_models`]; none past it or for no model).
    pub fn roll(self, models: u32) -> Option<Roll> {
        self.die.roll(models.checked_mul(u32::from(self.count))?)
    }

    /// A value as written, `D6+1`, `2D6`, `1d3`: its dice and the number
    /// added to them (0 to 20), if it is dice the tool rolls (D3 or D6, one
    /// to three of them a model).
    pub fn written(s: &str) -> Option<(Dice, u8)> {
        let t = s.trim();
        let (count, rest) = t.split_once(['D', 'd'])?;
        let count = match count.trim() {
            "" => 1,
            n => n.parse::<u8>().ok().filter(|c| (1..=3).contains(c))?,
        };
        let (sides, plus) = match rest.split_once('+') {
            Some((sides, plus)) => (sides, plus.trim().parse::<u8>().ok()?),
            None => (rest, 0),
        };
        let die = match sides.trim() {
            "3" => Die::D3,
            "6" => Die::D6,
            _ => return None,
        };
        (plus <= 20).then_some((Dice { count, die }, plus))
    }
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.count {
            1 => f.write_str(self.die.name()),
            n if self.die == Die::Artillery => write!(f, "{n} {}", self.die.name()),
            n => write!(f, "{n}{}", self.die.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_stop_at_the_most_read_in_one_roll() {
        let d6 = Dice::one(Die::D6);
        assert!(d6.roll(16).is_some_and(|r| r.same_as(&Roll::sum(16))));
        assert!(d6.roll(17).is_none());
        assert!(d6.roll(0).is_none());
        let two = Dice {
            count: 2,
            die: Die::D6,
        };
        assert_eq!(two.most_models(), 8);
        assert!(two.roll(3).is_some_and(|r| r.same_as(&Roll::sum(6))));
        assert!(two.roll(9).is_none());
        let d3 = Dice::one(Die::D3);
        assert!(d3.roll(5).is_some());
        assert!(d3.roll(6).is_none());
    }

    #[test]
    fn values_written_as_dice() {
        let d = |count, die| Dice { count, die };
        assert_eq!(Dice::written("D6+1"), Some((d(1, Die::D6), 1)));
        assert_eq!(Dice::written("1d6"), Some((d(1, Die::D6), 0)));
        assert_eq!(Dice::written(" 2D6 "), Some((d(2, Die::D6), 0)));
        assert_eq!(Dice::written("D3"), Some((d(1, Die::D3), 0)));
        assert_eq!(Dice::written("D6 + 2"), Some((d(1, Die::D6), 2)));
        for bad in [
            "D7", "4D6", "0D6", "D6-1", "6", "D", "D6+x", "D6+21", "Special",
        ] {
            assert_eq!(Dice::written(bad), None, "{bad}");
        }
        assert_eq!(d(2, Die::D6).to_string(), "2D6");
        assert_eq!(d(1, Die::D3).to_string(), "D3");
    }

    #[test]
    fn an_artillery_dice_rolls_two_to_ten_or_a_misfire() {
        // RULES.md Shooting, Artillery dice: 2, 4, 6, 8, 10 or a misfire
        // (0), each 1/6: mean 30/6 = 5; two dice: 0 only on two misfires,
        // 1/36, and 20 only on two 10s, 1/36.
        let counts = |n: u32| {
            let roll = Dice::one(Die::Artillery).roll(n).unwrap();
            let mut counts = [0u32; 21];
            crate::dice::for_each_outcome(n, |_, faces| counts[roll.read(faces) as usize] += 1);
            counts
        };
        let one = counts(1);
        assert_eq!(one.iter().sum::<u32>(), 6);
        assert!([0, 2, 4, 6, 8, 10].iter().all(|&v| one[v] == 1));
        let mean = (0..=10).map(|v| v as u32 * one[v]).sum::<u32>();
        assert_eq!(mean, 30);
        let two = counts(2);
        assert_eq!((two[0], two[20], two[10]), (1, 1, 6));
        assert!(Dice::one(Die::Artillery).roll(6).is_none());
    }
}
