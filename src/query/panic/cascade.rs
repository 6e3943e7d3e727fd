//! The battle line's procedure, written once for every engine (RULES.md
//! Panic, Fleeing and pursuit; seeds 003 and 004).
//!
//! 1. **The event's phase.** Friends within 15 cm of a unit that broke, or
//!    was destroyed (not a lone model of fewer than 5 W), in close combat
//!    test; within 10 cm of a unit caught fleeing a charge, if its unit
//!    strength exceeds theirs; a unit that lost 25% of its models to
//!    shooting tests itself, and friends within 10 cm test if it was
//!    destroyed. Each unit tests at most once; the tests are taken
//!    together, then each failure flees directly away from the cause;
//!    units fleeing from panic make nobody test.
//! 2. **Each later start of the side's turn.** Every unit not fleeing tests
//!    if the units fleeing within 10 cm when the turn began have a combined
//!    unit strength greater than its own (equal too, under the ruling);
//!    then each unit that was fleeing tests to rally (impossible below 25%
//!    of its models) and flees on if it fails; then units that failed their
//!    panic test flee directly away from the nearest fleeing friend that
//!    made them test (the player's choice, seed 003: we take the nearest).
//!
//! Choices made here where the rules leave them open: units that fail a
//! start-of-turn test count as fleeing from the next turn on; a fleeing
//! unit keeps running the way it faces; there is no table edge.

use super::{BattleLine, Event, LineUnit};
use crate::dice::Roll;
use crate::rules::leadership::LeadershipTest;
use crate::rules::measure::Footprint;
use crate::rules::panic::{
    caught_friends_cause_panic, fleeing_friends_cause_panic, heavy_casualties, Rout,
    BROKEN_FRIEND_CM, DESTROYED_FRIEND_CM, FLEEING_FRIEND_CM,
};
use crate::rules::rally::can_rally;

/// What decides a line: tests, and where fleeing units are along their
/// way. A fleeing unit's distance run is a `Spread`: one number for the
/// Monte Carlo engines (the rolls made), every total still possible with
/// its probability for the exact engine, narrowed only as far as the
/// questions asked of it need (within 10 cm of that unit or not).
pub trait LineFate {
    /// Where along its way a unit may be.
    type Spread: Clone;
    /// Not moved.
    fn still(&self) -> Self::Spread;
    /// Whether `test` is passed.
    fn test(&mut self, test: &LeadershipTest) -> bool;
    /// `spread` and one more flee roll of `roll` added to it.
    fn flee(&mut self, spread: &Self::Spread, roll: &Roll) -> Self::Spread;
    /// Whether the distance run satisfies `near`; `spread` narrowed to
    /// the distances that answer so.
    fn within(&mut self, spread: &mut Self::Spread, near: &dyn Fn(f64) -> bool) -> bool;
    /// Whether a pursuit roll of `pursuit` reaches the flee roll `spread`
    /// (RULES.md Fleeing and pursuit); `spread` narrowed likewise.
    fn caught(&mut self, spread: &mut Self::Spread, pursuit: &Roll) -> bool;
    /// One distance run: `spread` becomes it.
    fn settle(&mut self, spread: &mut Self::Spread) -> f64;
    /// How many distances `spread` holds still (1 once settled).
    fn spread_len(spread: &Self::Spread) -> usize;
}

/// One stage of a played line: units as bits (unit `u` is bit `u`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stage {
    /// Units that have taken a panic test so far.
    pub tested: u16,
    /// Units that have fled so far (panic, a break, or fleeing at the start).
    pub fled: u16,
    /// Units fleeing at the end of the stage.
    pub fleeing: u16,
    /// Units that have rallied so far.
    pub rallied: u16,
}

/// A played line: one [`Stage`] per reported stage.
pub type Trace = Vec<Stage>;

/// Where a unit is and what it is doing.
#[derive(Clone, Debug)]
struct Standing<S> {
    /// Where it began its flight, turned away from what it flees.
    at: Footprint,
    /// How far it has run since, straight ahead.
    run: S,
    fleeing: bool,
    destroyed: bool,
}

/// A line being played.
struct Play<'a, F: LineFate> {
    line: &'a BattleLine,
    fate: &'a mut F,
    units: Vec<Standing<F::Spread>>,
    stage: Stage,
    /// Playing the last stage reported.
    last: bool,
}

/// The units of `bits`, in order.
fn units(bits: u16) -> impl Iterator<Item = usize> {
    (0..16).filter(move |u| bits & 1 << u != 0)
}

/// Plays `line` with `fate`: the event's phase, then each start of turn.
pub fn play(line: &BattleLine, fate: &mut impl LineFate) -> Trace {
    let units = line
        .units
        .iter()
        .map(|u| Standing {
            at: u.at,
            run: fate.still(),
            fleeing: u.fleeing,
            destroyed: false,
        })
        .collect();
    let mut play = Play {
        line,
        fate,
        units,
        stage: Stage::default(),
        last: line.turns == 0,
    };
    play.stage.fled = play.fleeing_bits();
    play.stage.fleeing = play.stage.fled;
    let mut trace = Vec::with_capacity(line.stages());
    if !line.event.is_fleeing() {
        play.event_phase();
        play.stage.fleeing = play.fleeing_bits();
        trace.push(play.stage);
    }
    for turn in 1..=line.turns {
        play.last = turn == line.turns;
        play.start_of_turn();
        play.stage.fleeing = play.fleeing_bits();
        trace.push(play.stage);
    }
    trace
}

impl<F: LineFate> Play<'_, F> {
    fn unit(&self, u: usize) -> &LineUnit {
        &self.line.units[u]
    }

    fn fleeing_bits(&self) -> u16 {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, s)| s.fleeing && !s.destroyed)
            .fold(0, |bits, (u, _)| bits | 1 << u)
    }

    /// Where `u` stands: its run settled to one distance.
    fn place(&mut self, u: usize) -> Footprint {
        let s = &mut self.units[u];
        let d = self.fate.settle(&mut s.run);
        s.at.moved(d)
    }

    /// Whether `a` and `b` are within `within` of each other, edge to
    /// edge: a run not yet settled is narrowed to the answer, not settled.
    fn near(&mut self, a: usize, b: usize, within: f64) -> bool {
        // Settle the run with fewer distances left, narrow the other.
        let (a, b) = match F::spread_len(&self.units[a].run) < F::spread_len(&self.units[b].run) {
            true => (b, a),
            false => (a, b),
        };
        let other = self.place(b);
        let s = &mut self.units[a];
        let at = s.at;
        self.fate
            .within(&mut s.run, &|d| at.moved(d).gap(&other) <= within)
    }

    /// Units that may take a panic test now: standing, not fleeing, not
    /// immune, not `except`.
    fn may_test(&self, except: usize) -> u16 {
        (0..self.units.len())
            .filter(|&v| v != except && self.unit(v).tests)
            .filter(|&v| !self.units[v].fleeing && !self.units[v].destroyed)
            .fold(0, |bits, v| bits | 1 << v)
    }

    /// The units (bits) whose panic test `u`'s rout `rout` may call for:
    /// those it does not spare (RULES.md Panic, "Friends who cause no
    /// panic").
    fn moved_by(&self, u: usize, rout: Rout) -> u16 {
        (0..self.units.len())
            .filter(|&v| self.unit(v).spared_by[rout as usize] & 1 << u == 0)
            .fold(0, |bits, v| bits | 1 << v)
    }

    /// `v` takes a panic test: whether it fails.
    fn fails_panic_test(&mut self, v: usize) -> bool {
        self.stage.tested |= 1 << v;
        let test = self.unit(v).ld_test(self.lds(v).0);
        !self.fate.test(&test)
    }

    /// The Ld `u` tests and rallies on now: with the General's only while
    /// his unit is not fleeing or destroyed (seed 004, start of turn;
    /// RULES.md Break test). His own unit keeps his Ld: he is in it.
    fn lds(&self, u: usize) -> (u8, u8) {
        let unit = self.unit(u);
        let general_gone = self
            .line
            .general
            .is_some_and(|g| g != u && (self.units[g].fleeing || self.units[g].destroyed));
        match general_gone {
            true => unit.without_general,
            false => (unit.ld, unit.rally_ld),
        }
    }

    fn flee_from(&mut self, v: usize, cause: (f64, f64)) {
        // In the last stage nobody measures again: where it runs is moot.
        if !self.last {
            let at = self.place(v);
            self.units[v].at = at.flee_from(cause, 0.0);
            self.run_away(v);
        }
        self.units[v].fleeing = true;
        self.stage.fled |= 1 << v;
    }

    /// `v`'s run: one flee roll from where it turned.
    fn run_away(&mut self, v: usize) {
        let roll = self.unit(v).flee;
        let still = self.fate.still();
        self.units[v].run = self.fate.flee(&still, &roll);
    }

    /// Friends of `u` within `within` (whose unit strength `u`'s must
    /// exceed, if `greater`) test, fleeing from where `u` stood. The tests
    /// are taken together, then those that failed flee: a General among
    /// them lends his Ld to the others' tests (RULES.md Break test).
    fn friends_test(&mut self, u: usize, within: f64, greater: bool, rout: Rout) {
        let cause = self.place(u).centre();
        let us = self.unit(u).unit_strength;
        let mut failed = 0u16;
        for v in units(self.may_test(u) & self.moved_by(u, rout)) {
            if greater && !caught_friends_cause_panic(us, self.unit(v).unit_strength) {
                continue;
            }
            if self.near(u, v, within) && self.fails_panic_test(v) {
                failed |= 1 << v;
            }
        }
        for v in units(failed) {
            self.flee_from(v, cause);
        }
    }

    fn event_phase(&mut self) {
        match self.line.event {
            Event::Broken {
                unit,
                cause,
                pursuit,
            } => {
                // It flees before its friends test: a General with it lends
                // them no Ld (RULES.md Break test; seed 004).
                self.units[unit].fleeing = true;
                self.friends_test(unit, BROKEN_FRIEND_CM, false, Rout::Fled);
                self.flee_from(unit, cause);
                if let Some(pursuit) = pursuit {
                    if self.last {
                        self.run_away(unit);
                    }
                    let s = &mut self.units[unit];
                    s.destroyed = self.fate.caught(&mut s.run, &pursuit);
                }
            }
            Event::Destroyed { unit } => {
                self.units[unit].destroyed = true;
                if self.unit(unit).panics_when_destroyed {
                    self.friends_test(unit, BROKEN_FRIEND_CM, false, Rout::Destroyed);
                }
            }
            Event::Caught { unit } => {
                self.units[unit].destroyed = true;
                self.friends_test(unit, DESTROYED_FRIEND_CM, true, Rout::Fled);
            }
            Event::Shot {
                unit,
                casualties,
                cause,
            } => self.shot(unit, casualties, cause),
            Event::Fleeing => {}
        }
    }

    fn shot(&mut self, unit: usize, casualties: u32, cause: (f64, f64)) {
        let u = self.unit(unit);
        if casualties >= u.standing {
            self.units[unit].destroyed = true;
            if self.unit(unit).panics_when_destroyed {
                self.friends_test(unit, DESTROYED_FRIEND_CM, false, Rout::Destroyed);
            }
        } else if heavy_casualties(u.standing, casualties) && u.tests && self.fails_panic_test(unit)
        {
            self.flee_from(unit, cause);
        }
    }

    fn start_of_turn(&mut self) {
        let fleeing = self.fleeing_bits();
        let us_of = |play: &Self, bits: u16| -> u32 {
            units(bits).map(|f| play.unit(f).unit_strength).sum()
        };
        let all_us = us_of(self, fleeing);
        let equal = self.line.fleeing_friends_equal_panics;
        let mut panicked = Vec::new();
        for v in units(self.may_test(usize::MAX)) {
            let own = self.unit(v).unit_strength;
            // No measuring when even every fleeing friend could not do it.
            if !fleeing_friends_cause_panic(all_us, own, equal) {
                continue;
            }
            let moving = fleeing & !self.unit(v).spared_by[Rout::Fled as usize];
            let near = units(moving)
                .filter(|&f| self.near(f, v, FLEEING_FRIEND_CM))
                .fold(0u16, |bits, f| bits | 1 << f);
            if !fleeing_friends_cause_panic(us_of(self, near), own, equal) {
                continue;
            }
            if self.fails_panic_test(v) {
                let cause = match self.last {
                    true => (0.0, 0.0),
                    false => self.nearest(v, near),
                };
                panicked.push((v, cause));
            }
        }
        // A unit that failed is fleeing from now on (seed 004: "pasarán a
        // estar Huyendo"): a General among them lends no Ld to the rallies.
        // The panic tests above were taken together, before any flight.
        for &(v, _) in &panicked {
            self.units[v].fleeing = true;
        }
        for f in units(fleeing) {
            self.rally_or_flee_on(f);
        }
        for (v, cause) in panicked {
            self.flee_from(v, cause);
        }
    }

    /// The centre of the nearest of `near` (fleeing friends within 10 cm
    /// of `v`): what `v` flees from if it fails its test.
    fn nearest(&mut self, v: usize, near: u16) -> (f64, f64) {
        let own = self.place(v);
        let mut best = (f64::INFINITY, (0.0, 0.0));
        for f in units(near) {
            let at = self.place(f);
            let gap = at.gap(&own);
            if gap < best.0 {
                best = (gap, at.centre());
            }
        }
        best.1
    }

    fn rally_or_flee_on(&mut self, f: usize) {
        let u = self.unit(f);
        let (test, roll) = (u.ld_test(self.lds(f).1), u.flee);
        if can_rally(u.models, u.standing) && self.fate.test(&test) {
            self.units[f].fleeing = false;
            self.stage.rallied |= 1 << f;
        } else if !self.last {
            let run = self.fate.flee(&self.units[f].run, &roll);
            self.units[f].run = run;
        }
    }
}
