//! Leadership tests: RULES.md "Break test" and "Panic"; seed 003 (panic is an
//! Ld test on 2D6).

use crate::dice::Roll;
use serde::Serialize;

/// The lowest Ld a test may be taken on.
pub const MIN_LD: i32 = 2;

/// The highest Ld a test may be taken on. RULES.md Break test.
pub const MAX_LD: i32 = 10;

/// The Ld of a unit in base contact with an Aura of Slaanesh: 1 less, at
/// least 2 (an Ld below 2 stays as it is). RULES.md Break test.
pub fn under_aura_of_slaanesh(ld: u8) -> u8 {
    if i32::from(ld) > MIN_LD {
        ld - 1
    } else {
        ld
    }
}

/// The Ld of an enemy of Be'lakor within 6" of him, or rallying anywhere
/// (Whispers in the Darkness): 1 less, at least 2, as under an Aura of
/// Slaanesh. RULES.md Break test.
pub fn whispered(ld: u8) -> u8 {
    under_aura_of_slaanesh(ld)
}

/// One Ld test and the rules that bend it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LeadershipTest {
    /// Leadership, [`MIN_LD`] to [`MAX_LD`].
    pub ld: u8,
    /// Subtracted from Ld (a break test's combat-result difference, added to
    /// the roll, is the same thing).
    pub modifier: i32,
    /// Stubborn: test on unmodified Ld. RULES.md Break test.
    pub stubborn: bool,
    /// **\[ruling\]** 7th-edition insane courage: a double 1 always passes. Off
    /// by default in 6th. RULES.md Break test.
    pub insane_courage: bool,
    /// Cold-blooded: roll 3D6 and discard the highest.
    pub cold_blooded: bool,
    /// A battle standard within range: re-roll a failed test once. RULES.md
    /// Break test.
    pub reroll: bool,
}

impl LeadershipTest {
    /// A plain 2D6 test against `ld`.
    pub fn new(ld: u8) -> Self {
        LeadershipTest {
            ld,
            modifier: 0,
            stubborn: false,
            insane_courage: false,
            cold_blooded: false,
            reroll: false,
        }
    }

    /// A test against `ld`: on 2D6, or on 3D6 with the highest discarded if
    /// `cold_blooded` (Lizardmen, for every Ld test).
    pub fn on(ld: u8, cold_blooded: bool) -> Self {
        LeadershipTest {
            cold_blooded,
            ..LeadershipTest::new(ld)
        }
    }

    /// This test taken as a psychology test (fear, terror, panic,
    /// stupidity) by a unit that `rerolls` failed psychology tests (the
    /// Mark of Chaos Undivided): a failure is re-rolled once. RULES.md
    /// Special attacks and psychology.
    pub fn psychology(self, rerolls: bool) -> Self {
        LeadershipTest {
            reroll: self.reroll || rerolls,
            ..self
        }
    }

    /// The dice of one attempt.
    pub fn roll(&self) -> Roll {
        if self.cold_blooded {
            Roll::custom(3, discard_highest, "3D6 discard highest")
        } else {
            Roll::sum(2)
        }
    }

    /// The value the kept dice must not exceed: Ld minus the modifier, or the
    /// unmodified Ld when stubborn; never above 10, however large a bonus
    /// (a negative modifier). RULES.md Break test.
    pub fn target(&self) -> i32 {
        let ld = i32::from(self.ld);
        if self.stubborn {
            ld.min(MAX_LD)
        } else {
            (ld - self.modifier).min(MAX_LD)
        }
    }

    /// Takes the test with attempts from `attempt` (each the kept total of
    /// one roll of [`Self::roll`]): a failure is re-rolled once with a battle
    /// standard.
    pub fn take(&self, mut attempt: impl FnMut() -> u8) -> bool {
        self.retaken(self.passes(attempt()), || self.passes(attempt()))
    }

    /// The test's result from its first attempt's result and, read only
    /// after a failure with a battle standard, a second attempt's.
    #[inline]
    pub fn retaken(&self, first: bool, second: impl FnOnce() -> bool) -> bool {
        first || (self.reroll && second())
    }

    /// P(pass) from `p_attempt`, the chance one attempt passes: the same
    /// re-roll as [`Self::take`], in probabilities.
    pub fn p_pass(&self, p_attempt: f64) -> f64 {
        if self.reroll {
            p_attempt + (1.0 - p_attempt) * p_attempt
        } else {
            p_attempt
        }
    }

    /// Whether one attempt with kept total `kept` passes. A kept total of 2 is
    /// a double 1 (also for cold-blooded, whose two lowest dice are kept).
    pub fn passes(&self, kept: u8) -> bool {
        (self.insane_courage && kept == 2) || i32::from(kept) <= self.target()
    }
}

/// What a losing unit's break test is. RULES.md Break test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BreakTest {
    /// Unbreakable: never breaks.
    Holds,
    /// Defeated by fear-causing enemies of greater unit strength: breaks
    /// without a test.
    Breaks,
    /// Rolls 2D6 + the difference against its best Ld.
    Test(LeadershipTest),
}

/// A losing unit at its break test: its best Ld and what bends the test.
/// RULES.md Break test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Breaking {
    /// The best of its own Ld, a character's or the General's in range.
    pub ld: u8,
    /// Stubborn: tests on unmodified Ld.
    pub stubborn: bool,
    /// Unbreakable: never breaks.
    pub unbreakable: bool,
    /// Beaten by fear-causing enemies of greater unit strength.
    pub broken_by_fear: bool,
    /// A battle standard in range: a failed test is re-rolled.
    pub battle_standard: bool,
    /// **\[ruling\]** 7th-edition insane courage.
    pub insane_courage: bool,
    /// Cold-blooded: 3D6, the highest discarded.
    pub cold_blooded: bool,
}

impl Breaking {
    /// Its break test after losing by `lost_by`.
    pub fn test(&self, lost_by: u32) -> BreakTest {
        if self.unbreakable {
            BreakTest::Holds
        } else if self.broken_by_fear {
            BreakTest::Breaks
        } else {
            BreakTest::Test(LeadershipTest {
                modifier: lost_by as i32,
                stubborn: self.stubborn,
                insane_courage: self.insane_courage,
                cold_blooded: self.cold_blooded,
                reroll: self.battle_standard,
                ..LeadershipTest::new(self.ld)
            })
        }
    }
}

/// The Ld a unit of Ld `own` may use with its Peasants Duty (`duty`) and
/// a knight's `knight` within 15 cm who is not fleeing: the better of
/// them; it is its own for every test, the General's apart. RULES.md Break
/// test.
pub fn with_knight(own: u8, knight: Option<u8>, duty: bool) -> u8 {
    match knight {
        Some(k) if duty => own.max(k),
        _ => own,
    }
}

/// The Ld a unit of Ld `own` tests on with the General's `general` within
/// 30 cm: the better of them, or its own if it is Independent (the
/// Cursed Company never uses the General's Ld). RULES.md Break test.
pub fn with_general(own: u8, general: Option<u8>, independent: bool) -> u8 {
    match general {
        Some(g) if !independent => own.max(g),
        _ => own,
    }
}

/// Cold-blooded: the total of 3D6 less the highest die.
pub fn discard_highest(faces: &[u8]) -> u8 {
    let sum: u8 = faces.iter().sum();
    sum - faces.iter().max().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifier_comes_off_ld_unless_stubborn() {
        let t = LeadershipTest {
            modifier: 3,
            ..LeadershipTest::new(8)
        };
        assert_eq!(t.target(), 5);
        assert!(t.passes(5) && !t.passes(6));
        let stubborn = LeadershipTest {
            stubborn: true,
            ..t
        };
        assert_eq!(stubborn.target(), 8);
    }

    #[test]
    fn a_bonus_never_lifts_ld_above_ten() {
        // RULES.md Break test: "Ld is never above 10".
        let t = LeadershipTest {
            modifier: -3,
            ..LeadershipTest::new(10)
        };
        assert_eq!(t.target(), 10);
        assert!(t.passes(10) && !t.passes(11));
        let t = LeadershipTest {
            modifier: -2,
            ..LeadershipTest::new(9)
        };
        assert_eq!(t.target(), 10);
    }

    #[test]
    fn insane_courage_passes_a_double_one_only_when_on() {
        let t = LeadershipTest {
            modifier: 9,
            ..LeadershipTest::new(7)
        };
        assert!(!t.passes(2));
        let ic = LeadershipTest {
            insane_courage: true,
            ..t
        };
        assert!(ic.passes(2) && !ic.passes(3));
    }

    #[test]
    fn cold_blooded_discards_the_highest_die() {
        assert_eq!(discard_highest(&[6, 1, 2]), 3);
        assert_eq!(discard_highest(&[5, 5, 5]), 10);
        assert_eq!(discard_highest(&[1, 1, 6]), 2);
    }
}
