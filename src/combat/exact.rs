//! The exact engine of a fight: every choice offered with its exact
//! probability (`ExactFate`), replayed by `exact::tree::enumerate_choices`
//! (`ExactRuns`), for one procedure from a start ([`exact_records`]: the
//! whole fight path by path) or round by round ([`super::chain`]: the fight
//! as a Markov chain over its states between rounds).

pub(super) use super::distinct::Distinct;
use super::engines::{duel_pmf, step_odds, strike_count, strike_pmf, DamageOdds, Outcomes};
use super::fight::{Combat, Fate, Record, Step, Strikes};
use super::one_save::{duel_saving_pmf, steps_saving_odds, strike_saving_outcomes};
use crate::dice::Roll;
use crate::exact::attacks::SavingOdds;
use crate::exact::leadership::p_pass;
use crate::exact::tree::Paths;
use crate::exact::Pmf;
use crate::rules::casualties::{Casualties, OVERKILL_CAP};
use crate::rules::leadership::LeadershipTest;
use crate::rules::movement::{charge_catches, pursuit_catches, Flight};
use rustc_hash::FxHashMap as HashMap;
use std::cell::Cell;
use std::hash::Hash;

/// Exact fate: each event offers its exact distribution to `choose`.
pub(super) struct ExactFate<'c> {
    choose: &'c mut dyn FnMut(&[f64]) -> usize,
    /// Each step's per-attack damage odds.
    odds: &'c [DamageOdds],
    /// Keyed by (step, slot of its strikes, damage, models left).
    strikes: &'c mut HashMap<(usize, usize, u8, u32), Outcomes>,
    /// Each step's odds while its foe holds his one re-roll of a failed
    /// armour save a turn, and those strikes' outcomes, keyed as
    /// `strikes` (RULES.md Saves, One failed save a turn).
    saving: &'c mut Saving,
    /// Catches worked out: a fight has a handful.
    catches: &'c mut Vec<Catch>,
    /// Leadership tests worked out, with P(pass): a fight has a handful.
    tests: &'c mut Vec<(LeadershipTest, f64)>,
    /// Work spent so far, and the most it may spend ([`EXACT_BUDGET`]).
    work: &'c Cell<u64>,
    budget: u64,
}

/// The strikes of steps whose foe holds his one re-roll of a failed armour
/// save a turn: each step's odds then, and the outcomes worked out.
#[derive(Default)]
pub(super) struct Saving {
    odds: Vec<SavingOdds>,
    outcomes: HashMap<(usize, usize, u8, u32), SavingOutcomes>,
}

/// A strike's exact outcomes at a body holding the re-roll: probabilities,
/// and the casualties with whether it was spent.
type SavingOutcomes = (Vec<f64>, Vec<(Casualties, bool)>);

/// A catch's odds: the flight, the chargers, the pursuers' flights, and
/// P(caught).
type Catch = (Flight, Vec<(f64, f64)>, Vec<Flight>, f64);

/// P(a unit fleeing `flee` is caught by one of `chargers` (distance,
/// range) or `pursuers`), over every flee roll.
fn p_caught(flee: &Flight, chargers: &[(f64, f64)], pursuers: &[&Flight]) -> f64 {
    // Each flee roll: caught by a charger's reach, else escaped only if
    // every pursuer (rolling independently) falls short.
    let pursuits: Vec<(Pmf, &Flight)> = pursuers
        .iter()
        .map(|r| (Pmf::of_roll(&r.roll), *r))
        .collect();
    Pmf::of_roll(&flee.roll)
        .iter()
        .map(|(x, q)| {
            let f = flee.distance(x as u8);
            let reached = chargers
                .iter()
                .any(|&(distance, range)| charge_catches(distance, f, range));
            if reached {
                return q;
            }
            let escapes: f64 = pursuits
                .iter()
                .map(|(p, r)| 1.0 - p.prob(|y| pursuit_catches(r.distance(y as u8), f)))
                .product();
            q * (1.0 - escapes)
        })
        .sum()
}

impl ExactFate<'_> {
    fn event(&mut self, p: f64) -> bool {
        (self.choose)(&[1.0 - p, p]) == 1
    }
}

impl Fate for ExactFate<'_> {
    fn strike(&mut self, step: &Step, n: Strikes, damage: u8, cap: u32) -> Casualties {
        let key = (step.id, step.slot(n), damage, cap);
        if !self.strikes.contains_key(&key) {
            // The dynamic programme's multiply-adds: checked before it runs,
            // so a strike too big to enumerate is refused at once.
            let odds = &self.odds[step.id];
            let states = (u64::from(cap) + 1) * u64::from(step.target_w);
            let cost = (strike_count(step, n).max().max(0) as u64)
                .saturating_mul(states)
                .saturating_mul(odds.len() as u64);
            self.work.set(self.work.get().saturating_add(cost));
            if self.work.get() > self.budget {
                // Over budget: the search stops after this run.
                return Casualties { kills: 0, damage };
            }
            let pmf = strike_pmf(odds, step, n, damage, cap);
            let (p, states): Outcomes = pmf.iter().map(|(c, q)| (q, c)).unzip();
            self.strikes.insert(key, (p, states));
        }
        let (p, states) = &self.strikes[&key];
        let i = (self.choose)(p);
        states[i]
    }
    fn test(&mut self, test: &LeadershipTest) -> bool {
        let p = match self.tests.iter().find(|(t, _)| t == test) {
            Some(&(_, p)) => p,
            None => {
                let p = p_pass(test);
                self.tests.push((*test, p));
                p
            }
        };
        self.event(p)
    }
    fn caught(&mut self, flee: &Flight, chargers: &[(f64, f64)], pursuers: &[&Flight]) -> bool {
        let same = |c: &&Catch| {
            c.0.same_as(flee)
                && c.1 == chargers
                && c.2.len() == pursuers.len()
                && c.2.iter().zip(pursuers).all(|(a, b)| a.same_as(b))
        };
        let p = match self.catches.iter().find(same) {
            Some(c) => c.3,
            None => {
                let p = p_caught(flee, chargers, pursuers);
                let rolls = pursuers.iter().map(|r| **r).collect();
                self.catches.push((*flee, chargers.to_vec(), rolls, p));
                p
            }
        };
        self.event(p)
    }
    fn roll_off(&mut self) -> bool {
        self.event(0.5)
    }
    fn random_move(&mut self, roll: &Roll) -> u8 {
        let pmf = Pmf::of_roll(roll);
        let (values, p): (Vec<i64>, Vec<f64>) = pmf.iter().unzip();
        values[(self.choose)(&p)] as u8
    }
    fn roll(&mut self, roll: &Roll) -> u8 {
        self.random_move(roll)
    }
    fn animosity(&mut self, quelled: bool) -> bool {
        self.event(crate::rules::animosity::p_stops_charge_of(quelled))
    }
    fn duel(&mut self, step: &Step, n: Strikes, remaining: u32) -> u32 {
        (self.choose)(&duel_pmf(&self.odds[step.id], step, n, remaining)) as u32
    }
    fn strike_saving(
        &mut self,
        step: &Step,
        n: Strikes,
        damage: u8,
        cap: u32,
    ) -> (Casualties, bool) {
        let key = (step.id, step.slot(n), damage, cap);
        if !self.saving.outcomes.contains_key(&key) {
            // Twice the dynamic programme's work: kept and spent.
            let odds = &self.odds[step.id];
            let states = 2 * (u64::from(cap) + 1) * u64::from(step.target_w);
            let cost = (strike_count(step, n).max().max(0) as u64)
                .saturating_mul(states)
                .saturating_mul(odds.len() as u64);
            self.work.set(self.work.get().saturating_add(cost));
            if self.work.get() > self.budget {
                // Over budget: the search stops after this run.
                return (Casualties { kills: 0, damage }, false);
            }
            let saving = (&self.saving.odds[step.id], odds.as_slice());
            let outcomes = strike_saving_outcomes(saving, step, n, damage, cap);
            self.saving.outcomes.insert(key, outcomes);
        }
        let (p, outcomes) = &self.saving.outcomes[&key];
        outcomes[(self.choose)(p)]
    }
    fn duel_saving(&mut self, step: &Step, n: Strikes, remaining: u32) -> (u32, bool) {
        let odds = (&self.saving.odds[step.id], self.odds[step.id].as_slice());
        let i = (self.choose)(&duel_saving_pmf(odds, step, n, remaining)) as u32;
        let len = remaining + OVERKILL_CAP + 1;
        (i % len, i >= len)
    }
}

/// Work the exact engine may spend on one fight before it gives up, in
/// multiply-adds of its casualty dynamic programmes and `CHOICE_WORK` per
/// choice of each replay of the fight: about a second on a 2-core VM. Counted, not timed,
/// so the same fight is refused (or not) on every machine.
pub const EXACT_BUDGET: u64 = 1_000_000_000;

/// Work each choice of a replay of the fight's procedure counts for
/// (measured when it was set: replays of 7 to 8 choices took 6 to 7 us;
/// the chain of rounds now spends about 0.2 us a choice, so its budgets
/// are counted in these units, not in nanoseconds: BENCHMARKS.md, issue 13).
const CHOICE_WORK: u64 = 800;

/// Every distinct record of `combat` with its exact probability, or `None`
/// if enumerating them takes more than [`EXACT_BUDGET`]. Records come in the order
/// the enumeration first meets them and each probability is summed in
/// enumeration order, so the result is the same bit for bit on every run.
pub fn exact_records(combat: &Combat) -> Option<Vec<(Record, f64)>> {
    exact_records_within(combat, EXACT_BUDGET)
}

/// [`exact_records`] with a budget of `budget` work.
pub fn exact_records_within(combat: &Combat, budget: u64) -> Option<Vec<(Record, f64)>> {
    ExactRuns::new(combat, budget).runs(|fate| combat.fight(fate))
}

/// Replays of procedures on one fight, sharing its strike distributions
/// and one budget of work.
pub(super) struct ExactRuns {
    odds: Vec<DamageOdds>,
    strikes: HashMap<(usize, usize, u8, u32), Outcomes>,
    saving: Saving,
    catches: Vec<Catch>,
    tests: Vec<(LeadershipTest, f64)>,
    paths: Paths,
    work: Cell<u64>,
    budget: u64,
}

impl ExactRuns {
    /// Replays of `combat`'s procedures within `budget` work in all.
    pub(super) fn new(combat: &Combat, budget: u64) -> Self {
        ExactRuns {
            odds: step_odds(combat),
            strikes: HashMap::default(),
            saving: Saving {
                odds: steps_saving_odds(combat),
                outcomes: HashMap::default(),
            },
            catches: Vec::new(),
            tests: Vec::new(),
            paths: Paths::default(),
            work: Cell::new(0),
            budget,
        }
    }

    /// Work spent so far.
    pub(super) fn work(&self) -> u64 {
        self.work.get()
    }

    /// The most work it may spend.
    pub(super) fn budget(&self) -> u64 {
        self.budget
    }

    /// Every distinct result of `procedure` with its exact probability, or
    /// `None` once the work spent passes the budget. Results come in the
    /// order the enumeration first meets them, each probability summed in
    /// enumeration order: the same bit for bit on every run.
    pub(super) fn runs<T: Clone + Eq + Hash>(
        &mut self,
        procedure: impl FnMut(&mut ExactFate) -> T,
    ) -> Option<Vec<(T, f64)>> {
        let mut results = Distinct::new();
        self.runs_into(procedure, |t, p| results.add(t, p))
            .then_some(results.list)
    }

    /// Calls `visit` with the result of every run of `procedure` and its
    /// exact probability (equal results unmerged); false once the work
    /// spent passes the budget, having visited part of them.
    pub(super) fn runs_into<T>(
        &mut self,
        mut procedure: impl FnMut(&mut ExactFate) -> T,
        visit: impl FnMut(T, f64),
    ) -> bool {
        let (odds, strikes, saving) = (&self.odds, &mut self.strikes, &mut self.saving);
        let (catches, tests) = (&mut self.catches, &mut self.tests);
        let (work, budget) = (&self.work, self.budget);
        self.paths.enumerate(
            |choose| {
                let mut fate = ExactFate {
                    choose,
                    odds,
                    strikes: &mut *strikes,
                    saving: &mut *saving,
                    catches: &mut *catches,
                    tests: &mut *tests,
                    work,
                    budget,
                };
                procedure(&mut fate)
            },
            visit,
            |choices| {
                work.set(work.get().saturating_add(CHOICE_WORK * choices as u64));
                work.get() <= budget
            },
        )
    }
}
