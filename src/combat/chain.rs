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
//! enumerated once from every distinct state the last one left, the
//! results are tallied with the state's probability, and equal states are
//! merged (in the order first met, so sums are bit for bit the same on
//! every run). The rounds are the fight's own procedure
//! (`Combat::next_round`): no rule is written here.
//!
//! # Performance
//! A round costs what round 1 costs the path-by-path enumeration (every
//! path through its strike steps), once per distinct state. The flagship
//! has 38 states after round 1 and about 200 from round 3, at about 3 ms
//! a state: too much for its 10 rounds, so it is refused after round 1
//! (the rounds left are projected at the last round's work a state) and
//! the query falls back to the charge turn and round 1. Small fights (a
//! few models a side, one or two attacks) run whole in milliseconds. The
//! budget is [`CHAIN_BUDGET`], counted in the path-by-path engine's work.

use super::exact::ExactRuns;
use super::fight::{Combat, End, Record, RoundRecord, State};
use std::collections::HashMap;

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

/// Work the chain may spend on one fight: about 0.2 s on a 2-core VM, in
/// the units of [`super::exact::EXACT_BUDGET`].
pub const CHAIN_BUDGET: u64 = 200_000_000;

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

/// Distinct states with their probabilities, in the order first met.
struct States<const N: usize> {
    list: Vec<(Between<N>, f64)>,
    index: HashMap<Between<N>, usize>,
}

impl<const N: usize> States<N> {
    fn new() -> Self {
        States {
            list: Vec::new(),
            index: HashMap::new(),
        }
    }

    fn add(&mut self, between: Between<N>, p: f64) {
        match self.index.get(&between) {
            Some(&i) => self.list[i].1 += p,
            None => {
                self.index.insert(between.clone(), self.list.len());
                self.list.push((between, p));
            }
        }
    }
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
    // Work per state of a round: the charge turn's, to begin with.
    let mut per_state = runs.work();
    for round in 1..=combat.setup.rounds {
        // Refused at once if the rounds left would pass the budget at this
        // round's work, rather than after spending it.
        let left = u64::from(combat.setup.rounds - round + 1);
        let states = live.list.len() as u64;
        let projected = per_state.saturating_mul(states).saturating_mul(left);
        if runs.work().saturating_add(projected) > runs.budget() {
            return None;
        }
        let before = runs.work();
        let mut next = States::new();
        for ((state, record), p) in &live.list {
            let played = runs.runs(|fate| {
                let (mut state, mut record) = (*state, record.clone());
                let end = combat.next_round(fate, round, &mut state, &mut record);
                (state.between_rounds(round + 1), record, end)
            })?;
            for ((state, mut record, end), q) in played {
                let pq = p * q;
                // Every round played records itself: tallied here, then
                // dropped so that equal states merge.
                if let Some(rr) = record.rounds.pop() {
                    tally(Tallied::Round(round as usize - 1, &rr), pq);
                }
                match end {
                    Some(end) => {
                        record.end = end;
                        let rounds = round as usize;
                        tally(
                            Tallied::End {
                                record: &record,
                                rounds,
                            },
                            pq,
                        );
                    }
                    None => next.add((state, record), pq),
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
