//! Friends near a fight (RULES.md Panic; seed 003): units of either side
//! that stand near the fight but are not in it. They test for panic when a
//! unit of their side in the fight breaks or is destroyed within 15 cm
//! (6"), is caught fleeing a charge within 10 cm (4") with a greater unit
//! strength than theirs, or is destroyed by stand and shoot within 10 cm.
//! A friend that fails flees and tests no more; it does not change the
//! fight. At its side's next start of turn one that stood tests again for
//! the fight's units still fleeing within 10 cm with a greater unit
//! strength, and one that fled rallies (seed 004). Each distance is to the
//! unit that broke, fled or fell.

use crate::rules::leadership::LeadershipTest;
use crate::rules::panic::{rout_panics, PanicKinds, Rout};

/// The most friends a scenario may place (kept as bits of a byte).
pub const MAX_FRIENDS: usize = 8;

/// A friendly unit near the fight.
#[derive(Clone, Debug, PartialEq)]
pub struct Friend {
    /// Its name.
    pub name: String,
    /// Its side: 0 the attacker's, 1 the defender's.
    pub side: usize,
    /// Its unit strength.
    pub unit_strength: u32,
    /// The best Ld it may test on: its own, a character's, the General's
    /// within 30 cm.
    pub ld: u8,
    /// Its Ld without the General's, once his unit in the fight has
    /// broken, fled or fallen (seed 004).
    pub own_ld: u8,
    /// It takes panic tests (not immune to psychology, not unbreakable).
    pub tests: bool,
    /// Cold-blooded: its tests on 3D6, the highest discarded.
    pub cold_blooded: bool,
    /// Its distance to each unit of the fight, by index (cm, or inches in
    /// the imperial edition): infinite for the other side's and for units
    /// of its side it is not near.
    pub distances: [f64; crate::combat::fight::MAX_UNITS],
    /// Its kinds, the kinds of friends whose rout it ignores and the only
    /// kinds its rout moves to panic (RULES.md Panic).
    pub panic: PanicKinds,
    /// The fight's units whose flight, and whose destruction, make it take
    /// no panic test, worked out at set-up from both sides' kinds
    /// ([`rout_panics`]).
    pub spared: [[bool; crate::combat::fight::MAX_UNITS]; 2],
}

impl Friend {
    /// Whether unit `u` of the fight is within `reach` of it and its rout
    /// `rout` may make it test (RULES.md Panic).
    pub fn moved_by(&self, u: usize, reach: f64, rout: Rout) -> bool {
        self.distances[u] <= reach && !self.spared[rout as usize][u]
    }

    /// Works out which of the fight's units (`units`: each one's kinds)
    /// spare it a panic test when they rout.
    pub fn spare(&mut self, units: &[&PanicKinds]) {
        for rout in [Rout::Fled, Rout::Destroyed] {
            for (u, kinds) in units.iter().enumerate() {
                self.spared[rout as usize][u] = !rout_panics(kinds, &self.panic, rout);
            }
        }
    }

    /// Its panic test (and rally) on its best Ld, the General's counted
    /// only if `general` (he is not fleeing). RULES.md Break test.
    pub fn ld_test(&self, general: bool) -> LeadershipTest {
        let ld = match general {
            true => self.ld,
            false => self.own_ld,
        };
        LeadershipTest::on(ld, self.cold_blooded)
    }
}
