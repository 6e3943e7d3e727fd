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

use super::profile::TroopType;

/// How near (cm) a friend that breaks or is destroyed in close combat
/// makes a unit test (seed 003: 15 cm).
pub const BROKEN_FRIEND_CM: f64 = 15.0;

/// How near a unit whose rule lets friends re-roll failed panic tests
/// (Old Grumblers, Exemplars of Sigmar) a friend must stand: 15 cm (6").
/// RULES.md Panic.
pub const GRUMBLERS_REACH_CM: f64 = 15.0;

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

/// Which friends a unit's rout moves to panic, and whose rout it shrugs
/// off (RULES.md Panic, "Friends who cause no panic"): its kinds as its
/// army book calls them (`[[units]]` of `data/names/`), the kinds of
/// friends whose fleeing, breaking or destruction it takes no panic test
/// for (Ignore Goblin Panic, Knights Vow), or whose fleeing and breaking
/// only (Ignore Hobgoblin panic), and the only kinds its own rout makes
/// test (Clanrat Slaves'; none: Largely Insignificant).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PanicKinds {
    /// The kinds of unit it is of (“Goblins”, “peasants”).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// The kinds of friends whose rout causes it no panic test.
    #[serde(default)]
    pub ignores: Vec<String>,
    /// The kinds of friends whose fleeing or breaking (not destruction)
    /// causes it no panic test.
    #[serde(default)]
    pub ignores_fleeing: Vec<String>,
    /// Its own rout makes only friends of these kinds test (`[]`: none);
    /// `None`: every friend.
    #[serde(default)]
    pub only_in: Option<Vec<String>>,
}

/// The kind of every unit of cavalry-sized models or smaller (infantry
/// and cavalry), by its troop type, not a book's list: Giants' Ignore
/// Little 'un Panic ignores it (RULES.md Panic, "Friends who cause no
/// panic").
pub const LITTLE_UNS: &str = "cavalry-sized or smaller";

impl PanicKinds {
    /// These kinds and, for a unit of `troop` models of cavalry size or
    /// smaller, [`LITTLE_UNS`].
    pub fn sized(&self, troop: TroopType) -> PanicKinds {
        let mut kinds = self.clone();
        let little = matches!(troop, TroopType::Infantry | TroopType::Cavalry);
        if little && !kinds.kinds.iter().any(|k| k == LITTLE_UNS) {
            kinds.kinds.push(LITTLE_UNS.to_string());
        }
        kinds
    }

    /// Adds `other`'s kinds and ignored kinds to these; its `only_in`
    /// narrows these (a unit some of whose rules each spare friends).
    pub fn add(&mut self, other: &PanicKinds) {
        let push = |to: &mut Vec<String>, from: &[String]| {
            for k in from {
                if !to.contains(k) {
                    to.push(k.clone());
                }
            }
        };
        push(&mut self.kinds, &other.kinds);
        push(&mut self.ignores, &other.ignores);
        push(&mut self.ignores_fleeing, &other.ignores_fleeing);
        if let Some(only) = &other.only_in {
            self.only_in = Some(match self.only_in.take() {
                Some(mine) => mine.into_iter().filter(|k| only.contains(k)).collect(),
                None => only.clone(),
            });
        }
    }
}

/// How a friend routed, as the panic rules that spare some friends tell
/// it apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rout {
    /// It fled or broke (caught fleeing or not).
    Fled,
    /// It was destroyed.
    Destroyed,
}

/// Whether the rout of a friend of kinds `causer` may make a unit of
/// kinds `tester` test for panic: not if the tester ignores one of the
/// causer's kinds (their flight alone, if so it says), nor if the causer
/// moves only other kinds than the tester's (RULES.md Panic, "Friends who
/// cause no panic").
pub fn rout_panics(causer: &PanicKinds, tester: &PanicKinds, rout: Rout) -> bool {
    let of = |kinds: &[String]| tester.kinds.iter().any(|k| kinds.contains(k));
    let ignores = |k: &String| {
        tester.ignores.contains(k) || (rout == Rout::Fled && tester.ignores_fleeing.contains(k))
    };
    let ignored = causer.kinds.iter().any(ignores);
    let spared = causer.only_in.as_deref().is_some_and(|only| !of(only));
    !ignored && !spared
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
