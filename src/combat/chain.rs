//! Exact whole fights: the fight as a Markov chain over its states between
//! rounds.
//!
//! **What it computes.** The exact distribution of everything a fight
//! records, to its round cap: how it ended, each round's result and
//! casualties, each unit's fate, friends' panic, rallies.
//!
//! **How.** Between rounds a fight is a small state: what stands of each
//! unit (models, wounds on the wounded model, characters, champion), who is
//! still in the fight and whom it faces, the last round's winner, frenzy, a
//! challenge under way, and what has been recorded so far but the rounds
//! (casualties, fates, friends' tests, rally Lds). The charge turn is
//! enumerated once from the start (`ExactRuns`); then each round is
//! played from every distinct state the last one left, the results are
//! tallied with the state's probability, and equal states are merged (in
//! the order first met, so sums are bit for bit the same on every run).
//! Within a round the phases are enumerated one at a time, merging after
//! each: its start (the roll-off for strike order), each strike step
//! (`Combat::blow`: one casualty distribution), its end (resolution, break
//! tests, pursuit, panic). From round 2 on, a state's transition is
//! memoised: it no longer depends on the round. The phases are the fight's
//! own procedure (`Combat::next_round`): no rule is written here.
//!
//! # Performance
//! The flagship (5 Boar Boyz, 20 Spearmen, 10 rounds) has 38 states after
//! round 1 and 222 from round 5; its whole fight takes about 55 ms. Eleven
//! of the fourteen shipped scenarios run whole within [`CHAIN_BUDGET`];
//! the three fights of three units or characters on both sides pass it
//! and fall back to round 1. A round that would pass the budget at the
//! last round's work a state is refused before it is played.

use super::exact::ExactRuns;
use super::fight::{Combat, End, Record, RoundRecord, State};
use rustc_hash::FxHashMap as HashMap;
use std::hash::Hash;

/// What the chain hands its tally, with a probability.
#[derive(Clone, Copy, Debug)]
pub enum Tallied<'a> {
    /// Round `r` (from 0) was fought with this result.
    Round(usize, &'a RoundRecord),
    /// The fight ended after `rounds` rounds with this record (its rounds
    /// left out: they were tallied one by one).
    End {
        /// What the fight recorded, but its rounds.
        record: &'a Record,
        /// The rounds it fought.
        rounds: usize,
    },
}

/// Work the chain may spend on one fight: about a second on a 2-core VM,
/// in the units of [`super::exact::EXACT_BUDGET`] (measured: the
/// flagship's whole fight counts 56 M and takes 55 ms).
pub const CHAIN_BUDGET: u64 = 1_000_000_000;

/// Tallies every outcome of `combat`'s whole fight with its exact
/// probability through `tally`; false (having tallied part of it) once the
/// work would pass [`CHAIN_BUDGET`].
pub fn exact_fight(combat: &Combat, tally: impl FnMut(Tallied, f64)) -> bool {
    exact_fight_within(combat, CHAIN_BUDGET, tally)
}

/// [`exact_fight`] within `budget` work.
pub fn exact_fight_within(combat: &Combat, budget: u64, tally: impl FnMut(Tallied, f64)) -> bool {
    let mut runs = ExactRuns::new(combat, budget);
    match combat.setup.units.len() {
        2 => chain::<2>(combat, &mut runs, tally),
        3 => chain::<3>(combat, &mut runs, tally),
        _ => chain::<4>(combat, &mut runs, tally),
    }
    .is_some()
}

/// A fight between rounds: its state and its record so far (no rounds).
type Between<const N: usize> = (State<N>, Record);

/// A fight within a round's blows: its state, its record and the wounds
/// each side has caused.
type Blows<const N: usize> = (State<N>, Record, [u32; 2]);

/// Distinct states with their probabilities, in the order first met.
struct States<T> {
    list: Vec<(T, f64)>,
    index: HashMap<T, usize>,
}

impl<T: Clone + Eq + Hash> States<T> {
    fn new() -> Self {
        States {
            list: Vec::new(),
            index: HashMap::default(),
        }
    }

    fn add(&mut self, state: T, p: f64) {
        match self.index.get(&state) {
            Some(&i) => self.list[i].1 += p,
            None => {
                self.index.insert(state.clone(), self.list.len());
                self.list.push((state, p));
            }
        }
    }
}

/// A round's outcome from one state: the state and record it leaves
/// (rounds dropped), how the fight ended if it did, and the round's record.
type Next<const N: usize> = (State<N>, Record, Option<End>, RoundRecord);

/// Round `round` from `start`: its start, its blows one strike step at a
/// time (merging equal states after each: a round's steps are many, their
/// outcomes few once merged), and its end. Every outcome with its
/// probability.
fn transition<const N: usize>(
    combat: &Combat,
    runs: &mut ExactRuns,
    round: u32,
    (state, record): &Between<N>,
) -> Option<Vec<(Next<N>, f64)>> {
    let started = runs.runs(|fate| {
        let mut state = *state;
        let order = combat.round_start(fate, round, &mut state);
        (state, order)
    })?;
    let mut out = States::new();
    for ((state, order), p) in started {
        let mut mid: States<Blows<N>> = States::new();
        mid.add((state, record.clone(), [0; 2]), p);
        for &id in combat.steps_in_order(order) {
            let mut next = States::new();
            for ((state, record, wounds), p) in &mid.list {
                let struck = runs.runs(|fate| {
                    let (mut state, mut record, mut wounds) = (*state, record.clone(), *wounds);
                    combat.blow(fate, id, round, &mut state, &mut record, &mut wounds);
                    (state, record, wounds)
                })?;
                for (blows, q) in struck {
                    next.add(blows, p * q);
                }
            }
            mid = next;
        }
        for ((state, record, wounds), p) in &mid.list {
            let ended = runs.runs(|fate| {
                let (mut state, mut record) = (*state, record.clone());
                let end = combat.round_end(fate, &mut state, &mut record, *wounds);
                (state.between_rounds(round + 1), record, end)
            })?;
            for ((state, mut record, end), q) in ended {
                // Every round played records itself.
                let rr = record.rounds.pop().unwrap_or_default();
                out.add((state, record, end, rr), p * q);
            }
        }
    }
    Some(out.list)
}

fn chain<const N: usize>(
    combat: &Combat,
    runs: &mut ExactRuns,
    mut tally: impl FnMut(Tallied, f64),
) -> Option<()> {
    let start = combat.start_state::<N>();
    let opened = runs.runs(|fate| {
        let (mut state, mut record) = (start, Record::default());
        let end = combat.opening(fate, &mut state, &mut record);
        (state.between_rounds(1), record, end)
    })?;
    let mut live = States::new();
    for ((state, mut record, end), p) in opened {
        match end {
            Some(end) => {
                record.end = end;
                tally(
                    Tallied::End {
                        record: &record,
                        rounds: 0,
                    },
                    p,
                );
            }
            None => live.add((state, record), p),
        }
    }
    // Work per state of the last round (none before round 1: the budget
    // alone stops it).
    let mut per_state = 0u64;
    // From round 2 on a round's transition depends on its state alone.
    let mut later: HashMap<Between<N>, Vec<(Next<N>, f64)>> = HashMap::default();
    for round in 1..=combat.setup.rounds {
        // Refused at once if this round would pass the budget at the last
        // round's work a state (new states cost it, known ones nothing),
        // rather than after spending it.
        let states = live.list.len() as u64;
        let projected = per_state.saturating_mul(states);
        if runs.work().saturating_add(projected) > runs.budget() {
            return None;
        }
        let before = runs.work();
        let mut next = States::new();
        for (between, p) in &live.list {
            let fresh;
            let outcomes = match later.get(between) {
                Some(known) => known,
                None => {
                    fresh = transition(combat, runs, round, between)?;
                    if round == 1 {
                        &fresh
                    } else {
                        later.entry(between.clone()).or_insert(fresh)
                    }
                }
            };
            for ((state, record, end, rr), q) in outcomes {
                let pq = p * q;
                tally(Tallied::Round(round as usize - 1, rr), pq);
                match end {
                    Some(end) => {
                        let record = Record {
                            end: *end,
                            ..record.clone()
                        };
                        let rounds = round as usize;
                        tally(
                            Tallied::End {
                                record: &record,
                                rounds,
                            },
                            pq,
                        );
                    }
                    None => next.add((*state, record.clone()), pq),
                }
            }
        }
        per_state = (runs.work() - before) / states.max(1);
        live = next;
    }
    let rounds = combat.setup.rounds as usize;
    for ((_, mut record), p) in live.list {
        record.end = End::Unresolved;
        tally(
            Tallied::End {
                record: &record,
                rounds,
            },
            p,
        );
    }
    Some(())
}
