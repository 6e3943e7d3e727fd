//! Panic after a rout (RULES.md Panic; seed 003): of friends near the
//! fight, after the charge and after each round's break tests, and of units
//! fighting on beside one of their side that broke. A unit tests at most
//! once a phase; one that fails flees and tests no more. A unit that flees
//! through panic or fear makes nobody test; one that breaks does.

use super::{Combat, Fate, Record, State, UnitEnd, MAX_UNITS};
use crate::combat::friend::Friend;
use crate::rules::panic::{
    caught_friends_cause_panic, destruction_causes_panic, fleeing_friends_cause_panic, rout_panics,
    Rout, BROKEN_FRIEND_CM, DESTROYED_FRIEND_CM, FLEEING_FRIEND_CM, GRUMBLERS_REACH_CM,
};

impl Combat {
    /// After the charge: friends within 10 cm of their side's units caught
    /// fleeing it, if those exceed them in unit strength, or of a charger
    /// destroyed by stand and shoot.
    #[inline(never)]
    pub(super) fn friends_after_charge(&self, fate: &mut impl Fate, record: &mut Record) {
        let near = self.setup.edition.from_cm(DESTROYED_FRIEND_CM);
        for side in 0..2 {
            // Each unit's unit strength if it was caught fleeing; whether it
            // was shot down. No allocation: friends test in every trial.
            let mut caught = [0u32; MAX_UNITS];
            let mut shot_down = [false; MAX_UNITS];
            for u in self.units_of(side) {
                let unit = &self.setup.units[u];
                caught[u] = match record.units[u] == UnitEnd::CaughtFleeing {
                    true => unit.unit_strength(unit.models),
                    false => 0,
                };
                shot_down[u] =
                    record.units[u] == UnitEnd::WipedOut && self.panics_friends_when_destroyed(u);
            }
            self.friends_test(fate, record, side, |f| {
                let caught_us: u32 = (0..MAX_UNITS)
                    .filter(|&u| f.moved_by(u, near, Rout::Fled))
                    .map(|u| caught[u])
                    .sum();
                (0..MAX_UNITS).any(|u| shot_down[u] && f.moved_by(u, near, Rout::Destroyed))
                    || caught_friends_cause_panic(caught_us, f.unit_strength)
            });
        }
    }

    /// After a round's break tests and pursuit: friends within 15 cm of
    /// their side's units that broke or were destroyed in it (`before`:
    /// the units' ends as the round began).
    #[inline(never)]
    pub(super) fn friends_after_round(
        &self,
        fate: &mut impl Fate,
        before: &[UnitEnd; MAX_UNITS],
        record: &mut Record,
    ) {
        let near = self.setup.edition.from_cm(BROKEN_FRIEND_CM);
        for side in 0..2 {
            let mut routed = [None; MAX_UNITS];
            for u in self.units_of(side) {
                routed[u] = match record.units[u] {
                    _ if before[u] == record.units[u] => None,
                    UnitEnd::Broke | UnitEnd::Caught => Some(Rout::Fled),
                    UnitEnd::WipedOut if self.panics_friends_when_destroyed(u) => {
                        Some(Rout::Destroyed)
                    }
                    _ => None,
                };
            }
            if routed.iter().any(Option::is_some) {
                self.friends_test(fate, record, side, |f| {
                    (0..MAX_UNITS).any(|u| routed[u].is_some_and(|r| f.moved_by(u, near, r)))
                });
            }
        }
    }

    /// At their side's next start of turn, once the fight is over (RULES.md
    /// Panic; seed 004): each friend still standing that may test takes a
    /// panic test if the fight's units of its side that fled or broke and
    /// got away, within 10 cm of it, exceed its unit strength together.
    /// **\[ruling\]** a scenario places no unit, so each is measured from
    /// where it stood in the fight. The test is read exactly, not rolled
    /// (as the rallies are): `record.friends_next_turn` names who takes it.
    pub(crate) fn friends_at_next_turn<const N: usize>(
        &self,
        state: &State<N>,
        record: &mut Record,
    ) {
        let near = self.setup.edition.from_cm(FLEEING_FRIEND_CM);
        let equal_panics = self.setup.fleeing_friends_equal_panics;
        record.friends_next_turn = 0;
        for (i, f) in self.setup.friends.iter().enumerate() {
            let bit = 1u8 << i;
            if !f.tests || record.friends_fled & bit != 0 {
                continue;
            }
            let fleeing: u32 = (0..N)
                .filter(|&u| {
                    self.facts[u].side == f.side
                        && matches!(record.units[u], UnitEnd::Fled | UnitEnd::Broke)
                        && f.moved_by(u, near, Rout::Fled)
                })
                .map(|u| state.unit_strength(self, u))
                .sum();
            if fleeing_friends_cause_panic(fleeing, f.unit_strength, equal_panics) {
                record.friends_next_turn |= bit;
            }
        }
    }

    /// Units fighting on beside a unit of their side that broke or was
    /// destroyed this round (`routed`: broken, wiped out) test for panic
    /// after the break tests (RULES.md Panic; seed 003: they are within
    /// 15 cm); one that fails flees, and the enemy it fought may pursue it
    /// if it won the round. A unit fleeing in panic makes nobody else test.
    /// Returns the units that fled.
    pub(super) fn fellows_panic<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &mut State<N>,
        record: &mut Record,
        [broken, wiped]: [&[bool; N]; 2],
        winner: Option<usize>,
    ) -> [bool; N] {
        let mut fled = [false; N];
        // Two units: each side's only unit has no fellow.
        if N == 2 || !(broken.contains(&true) || wiped.contains(&true)) {
            return fled;
        }
        for side in 0..2 {
            let routed: [Option<Rout>; N] =
                std::array::from_fn(|u| match self.facts[u].side == side {
                    true if broken[u] => Some(Rout::Fled),
                    true if wiped[u] && self.panics_friends_when_destroyed(u) => {
                        Some(Rout::Destroyed)
                    }
                    _ => None,
                });
            if routed.iter().all(Option::is_none) {
                continue;
            }
            for v in (0..N).filter(|&v| self.facts[v].side == side && state.fights(v)) {
                // Whose rout moves v (RULES.md Panic, "Friends who cause
                // no panic").
                let units = &self.setup.units;
                let moves = |u: usize, r| rout_panics(&units[u].panic, &units[v].panic, r);
                let moved = (0..N).any(|u| routed[u].is_some_and(|r| moves(u, r)));
                if !moved || !state.psychology(self, v).panics() {
                    continue;
                }
                fled[v] = !fate.test(&state.panic_test(self, v, &record.units));
            }
        }
        if !fled.contains(&true) {
            return fled;
        }
        let won = |e: usize| winner == Some(self.facts[e].side);
        let pursues = self.pursuers(fate, state, record, &fled, won);
        for u in (0..N).filter(|&u| fled[u]) {
            match self.caught_by(fate, u, &[], &pursues) {
                true => {
                    // As a unit caught fleeing a charge: every model lost.
                    record.casualties[u] = self.setup.units[u].models;
                    record.units[u] = UnitEnd::CaughtFleeing;
                }
                false => self.fled(u, state, record),
            }
            state.leave(u);
        }
        fled
    }

    /// The units of `side` in the fight.
    fn units_of(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.setup.units.len()).filter(move |&u| self.setup.places[u].side == side)
    }

    /// Whether unit `u`, destroyed, makes friends test: not a lone model of
    /// fewer than 5 Wounds.
    fn panics_friends_when_destroyed(&self, u: usize) -> bool {
        let unit = &self.setup.units[u];
        let models = unit.models + unit.characters.len() as u32;
        destruction_causes_panic(models, unit.profile.w)
    }

    /// Whether friend `f` stands within 6" of a unit of its side in the
    /// fight that lets friends re-roll failed panic tests (Old Grumblers:
    /// its own or a character's) and has not broken, fled or fallen.
    /// RULES.md Panic.
    fn grumbled_at(&self, f: &Friend, record: &Record) -> bool {
        let near = self.setup.edition.from_cm(GRUMBLERS_REACH_CM);
        self.setup.units.iter().enumerate().any(|(u, unit)| {
            f.distances[u] <= near
                && !record.units[u].fled_or_fell()
                && (unit.psychology.friends_reroll_panic
                    || (unit.characters.iter()).any(|c| c.body.psychology.friends_reroll_panic))
        })
    }

    /// One panic test for each friend of `side` that is `near` the cause,
    /// still stands and may test: on the General's Ld only while he is not
    /// fleeing (RULES.md Break test; seed 004).
    fn friends_test(
        &self,
        fate: &mut impl Fate,
        record: &mut Record,
        side: usize,
        near: impl Fn(&Friend) -> bool,
    ) {
        for (i, f) in self.setup.friends.iter().enumerate() {
            let bit = 1u8 << i;
            if f.side != side || !f.tests || record.friends_fled & bit != 0 || !near(f) {
                continue;
            }
            record.friends_tested |= bit;
            let general = !self.general_gone(side, &record.units);
            let test = f.ld_test(general).psychology(self.grumbled_at(f, record));
            if !fate.test(&test) {
                record.friends_fled |= bit;
            }
        }
    }
}
