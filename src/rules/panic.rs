//! Panic (RULES.md Panic; seeds 003 and 004): what makes a unit test and
//! whom a destroyed unit makes test. The test itself is a plain Ld test on
//! 2D6 ([`LeadershipTest::new`](super::LeadershipTest::new)): a battle
//! standard re-rolls break tests only.
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::panic::{fewest_heavy_casualties, heavy_casualties};
//! // Seed 003: 12 models at the start of the shooting phase test on 3.
//! assert_eq!(fewest_heavy_casualties(12), 3);
//! assert!(heavy_casualties(12, 3) && !heavy_casualties(12, 2));
//! // Four ogres test when one falls.
//! assert!(heavy_casualties(4, 1));
//! ```

/// How near (cm) a friend that breaks or is destroyed in close combat
/// makes a unit test (seed 003: 15 cm).
pub const BROKEN_FRIEND_CM: f64 = 15.0;

/// How near (cm) a friend caught fleeing a charge, or destroyed by
/// shooting, makes a unit test (seed 003: 10 cm).
pub const DESTROYED_FRIEND_CM: f64 = 10.0;

/// How near (cm) fleeing friends make a unit test at the start of its turn
/// (seed 004: 10 cm).
pub const FLEEING_FRIEND_CM: f64 = 10.0;

/// Whether friends caught fleeing a charge, of `caught` unit strength
/// together, make a unit of unit strength `own` test: only if they exceed
/// it (seed 003, "supera").
pub fn caught_friends_cause_panic(caught: u32, own: u32) -> bool {
    caught > own
}

/// Whether friends fleeing within 10 cm at the start of a unit's turn, of
/// `fleeing` unit strength together, make it (of unit strength `own`) test:
/// **\[ruling\]** seed 003 says they must exceed it ("estrictamente
/// mayor"), seed 004 that they may equal it ("igual o superior"); the
/// second reading is `equal_panics`.
pub fn fleeing_friends_cause_panic(fleeing: u32, own: u32, equal_panics: bool) -> bool {
    fleeing > own || (equal_panics && fleeing > 0 && fleeing == own)
}

/// The fewest casualties, of the `at_start` models a unit had when the
/// phase began, that make it test: 25% (RULES.md Shooting; seed 003).
pub fn fewest_heavy_casualties(at_start: u32) -> u32 {
    at_start.div_ceil(4)
}

/// Whether losing `lost` of `at_start` models in a phase other than close
/// combat makes a unit test for panic: 25% or more.
pub fn heavy_casualties(at_start: u32, lost: u32) -> bool {
    lost >= fewest_heavy_casualties(at_start)
}

/// Whether a unit of `models` models of `wounds` Wounds each, destroyed,
/// makes friends near it test: not a single model of fewer than 5 Wounds
/// on its profile (seed 003).
pub fn destruction_causes_panic(models: u32, wounds: u8) -> bool {
    !(models == 1 && wounds < 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_rounds_up() {
        for at_start in 1..=200 {
            let n = fewest_heavy_casualties(at_start);
            assert!(4 * n >= at_start && 4 * (n - 1) < at_start, "{at_start}");
        }
    }

    #[test]
    fn a_lone_hero_of_fewer_than_five_wounds_causes_no_panic() {
        assert!(!destruction_causes_panic(1, 3));
        assert!(destruction_causes_panic(1, 5));
        assert!(destruction_causes_panic(2, 1));
    }
}
