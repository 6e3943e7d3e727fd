//! Exact whole fights: the fight as a Markov chain over its states between
//! rounds.
//!
//! **What it computes.** The exact distribution of everything a fight
//! records, to its round cap: how it ended, each round's result and
//! casualties, each unit's fate, friends' panic, rallies.
//!
//! **How.** Between rounds a fight is a small state: what stands of each
//! unit (models, wounds on the wounded model, characters, champion), who is
//! still in the fight and whom it faces, the last round's winner (only
//! where the strike order has ties between the sides for it to break),
//! frenzy, a challenge under way, and what has been recorded so far but
//! the rounds (casualties, fates, friends' tests, rally Lds). The charge turn is
//! enumerated once from the start (`ExactRuns`); then each round is
//! played from every distinct state the last one left, the results are
//! tallied with the state's probability, and equal states are merged (in
//! the order first met, so sums are bit for bit the same on every run).
//! Within a round the phases are enumerated one at a time, merging after
//! each: its start (the roll-off for strike order), each strike step
//! (`Combat::blow`: one casualty distribution), its end (resolution, break
//! tests, pursuit, panic; what the blows settle, the casualties and who
//! won by how much, worked out once a state, only what rolls played path
//! by path). Within the blows a state keeps only what the
//! rest of the round reads: the wounds caused as their difference, a
//! unit's losses as one sum once it strikes no more, and no record (the
//! characters slain follow from the state). From round 2 on, a state's
//! transition is memoised: it no longer depends on the round. The phases are the fight's
//! own procedure (`Combat::next_round`): no rule is written here.
//!
//! Each distinct state, round record and ended record gets an id when
//! first met, and a state's memoised round is a list of edges between ids:
//! from round 2 on, a round is sums over edges, with nothing hashed.
//!
//! # Performance
//! The flagship (5 Boar Boyz, 20 Spearmen, 10 rounds) has 38 states after
//! round 1 and 222 from round 5; its whole fight takes about 8 ms. Every
//! shipped scenario runs whole within [`AUTO_BUDGET`]: the slowest, three
//! units with 6,749 states by round 10, in 0.75 s; a fight of two units
//! with characters on both sides (5,442 states) in 0.4 s (BENCHMARKS.md). A round that
//! would pass the budget at the last round's work a state is refused
//! before it is played.

use super::exact::{Distinct, ExactFate, ExactRuns};
use super::fight::{Combat, End, Record, RoundRecord, State};
use std::borrow::Cow;

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

/// Work the chain may spend on one fight when asked for it
/// (`--method exact`): about five seconds on a 2-core VM, in the units of
/// [`super::exact::EXACT_BUDGET`] (measured: 3.0 G for
/// `knights_hit_the_flank_of_engaged_orcs` in 0.78 s, 1.4 G for
/// `big_boss_leads_boyz` in 0.42 s).
pub const CHAIN_BUDGET: u64 = 20_000_000_000;

/// Work the chain may spend when it is chosen, not asked for
/// (`--method auto`): about a second, so every shipped fight is exact (the
/// three-unit flank fight, 3.0 G, the dearest) and a bigger one goes to
/// Monte Carlo after a fraction of it.
pub const AUTO_BUDGET: u64 = 4_000_000_000;

/// The most distinct states within a round, after any strike step: a
/// bound on memory (a state is about 300 bytes) and on time, which the
/// counted work misses there (each new state is a cache miss). The shipped
/// fights reach 784 (`two_units_charge_one`); two hordes of 500 reach
/// 3.4 M and took 49 s to pass the work budget before this bound.
pub const ROUND_STATES: usize = 100_000;

/// What a whole fight's chain took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainSize {
    /// Distinct states between rounds at the start of each round played.
    pub states: Vec<usize>,
    /// Work spent, in the units of the budget.
    pub work: u64,
}

/// Why a chain was refused: the round it would have passed its budget in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The round (from 1; 0: the charge turn) refused.
    pub round: u32,
    /// Its distinct states at its start.
    pub states: usize,
    /// The budget it would have passed.
    pub budget: u64,
}

/// Tallies every outcome of `combat`'s whole fight with its exact
/// probability through `tally`, within [`CHAIN_BUDGET`].
pub fn exact_fight(combat: &Combat, tally: impl FnMut(Tallied, f64)) -> Result<ChainSize, Refused> {
    exact_fight_within(combat, CHAIN_BUDGET, tally)
}

/// [`exact_fight`] within `budget` work; refused (having tallied part of
/// it) once a round would pass it.
pub fn exact_fight_within(
    combat: &Combat,
    budget: u64,
    tally: impl FnMut(Tallied, f64),
) -> Result<ChainSize, Refused> {
    played(combat, budget, false, tally).map(|(size, _)| size)
}

/// The whole fight's chain within `budget`, kept for sampling whole rounds
/// ([`super::rounds`]).
pub(super) fn kept_fight(combat: &Combat, budget: u64) -> Result<(ChainSize, Kept), Refused> {
    played(combat, budget, true, |_, _| {}).map(|(size, kept)| (size, kept.unwrap_or_default()))
}

/// The chain within `budget`, its tables kept if `keep`.
fn played(
    combat: &Combat,
    budget: u64,
    keep: bool,
    tally: impl FnMut(Tallied, f64),
) -> Result<(ChainSize, Option<Kept>), Refused> {
    let mut runs = ExactRuns::new(combat, budget);
    let mut states = Vec::new();
    let done = match combat.setup.units.len() {
        2 => chain::<2>(combat, &mut runs, &mut states, keep, tally),
        3 => chain::<3>(combat, &mut runs, &mut states, keep, tally),
        _ => chain::<4>(combat, &mut runs, &mut states, keep, tally),
    };
    match done {
        Some(kept) => Ok((
            ChainSize {
                states,
                work: runs.work(),
            },
            kept,
        )),
        None => Err(Refused {
            round: states.len() as u32,
            states: states.last().copied().unwrap_or(1),
            budget,
        }),
    }
}

/// A fight between rounds: its state and its record so far (no rounds).
type Between<const N: usize> = (State<N>, Record);

/// A fight within a round's blows: its state and the wounds each side has
/// caused. Its record is the round's start's: all a blow records (the
/// characters it slays) follows from the state, and is added at the
/// round's end ([`State::characters_slain_since`]).
type Blows<const N: usize> = (State<N>, [u32; 2]);

/// A round's outcome from one state: the state and record it leaves
/// (rounds dropped), how the fight ended if it did, and the round's record.
type Next<const N: usize> = (State<N>, Record, Option<End>, RoundRecord);

/// A round's outcome by ids: the state it leaves (or the ended record),
/// whether it ended, the round's record.
type EdgeKey = (usize, bool, usize);

/// The buffers a round is played in, kept from state to state (their
/// tables grow once, not once a state).
struct Buffers<const N: usize> {
    mid: Distinct<Blows<N>>,
    next: Distinct<Blows<N>>,
    out: Distinct<EdgeKey>,
}

/// Round `round` from `start`: its start, its blows one strike step at a
/// time (merging equal states after each: a round's steps are many, their
/// outcomes few once merged), and its end. Every outcome with its
/// probability, into `buf.out`, by the ids `id` gives it as it is met
/// (an outcome is hashed once, not once to merge and again for its ids).
fn transition<const N: usize>(
    combat: &Combat,
    runs: &mut ExactRuns,
    buf: &mut Buffers<N>,
    round: u32,
    (state, record): &Between<N>,
    mut id: impl FnMut(Next<N>) -> EdgeKey,
) -> Option<()> {
    let started = runs.runs(|fate| {
        let mut state = *state;
        let order = combat.round_start(fate, round, &mut state);
        (state, order)
    })?;
    buf.out.clear();
    let cap = combat.wounds_past_any_test();
    // Each state's attacks in the strike step under way.
    let mut counts = Vec::new();
    // What a blow records, unread: the characters it slays follow from
    // the state.
    let mut scratch = Record::default();
    for ((start, order), p) in started {
        buf.mid.clear();
        buf.mid.add((start, [0; 2]), p);
        let steps = combat.steps_in_order(order);
        // The units whose losses were last settled.
        let mut settled = 0u8;
        let mut i = 0;
        while i < steps.len() {
            let (mid, next) = (&buf.mid, &mut buf.next);
            let first = steps[i];
            // Each state's attacks of this step, counted once a state.
            counts.clear();
            let now = |id: usize, ((s, ..), _): &(Blows<N>, f64)| combat.attacks_now(id, s);
            counts.extend(mid.list.iter().map(|b| now(first, b)));
            let strikes = counts.iter().any(|&n| n > 0);
            // Steps that strike alike (a unit's rank and file and its
            // champion at the same foe) strike as one: their attacks
            // together give what they give one after the other, with fewer
            // states between. Steps between them that strike in no state
            // (attacks at characters no one declares any at) are passed
            // over: nothing a blow does makes them strike.
            let mut last = i;
            if strikes {
                for (j, &id) in steps.iter().enumerate().skip(i + 1) {
                    if combat.strike_alike(first, id) {
                        for (n, b) in counts.iter_mut().zip(&mid.list) {
                            *n += now(id, b);
                        }
                        last = j;
                    } else if mid.list.iter().any(|b| now(id, b) > 0) {
                        break;
                    }
                }
            }
            let after = &steps[last + 1..];
            i = last + 1;
            // Units that strike no more this round: which foe slew their
            // models limited only who strikes back.
            let struck: u8 = (0..N)
                .filter(|&u| after.iter().all(|&j| combat.striker(j) != u))
                .fold(0, |bits, u| bits | 1 << u);
            // Steps that strike in no state (attacks at a character no one
            // declares any at, a foe out of the fight) change nothing once
            // the same losses are settled: skipped whole.
            if struck == settled && !strikes {
                continue;
            }
            settled = struck;
            next.clear();
            for (((state, wounds), p), &n) in mid.list.iter().zip(&counts) {
                if n == 0 {
                    // What their blows would give: the state, losses settled.
                    let mut state = *state;
                    state.settle_losses(struck);
                    next.add((state, *wounds), *p);
                    continue;
                }
                let blow = |fate: &mut ExactFate| {
                    let (mut state, mut wounds) = (*state, *wounds);
                    combat.blow_with(
                        fate,
                        (first, round),
                        n,
                        &mut state,
                        &mut scratch,
                        &mut wounds,
                    );
                    state.settle_losses(struck);
                    (state, scored_wounds(wounds, cap))
                };
                let fits = runs.runs_into(blow, |blows, q| next.add(blows, p * q));
                if !fits || next.list.len() > ROUND_STATES {
                    return None;
                }
            }
            std::mem::swap(&mut buf.mid, &mut buf.next);
        }
        // The round's record is pushed onto this, lent to each run: an
        // allocation a run otherwise.
        let mut rounds = Vec::with_capacity(1);
        for ((state, wounds), p) in &buf.mid.list {
            // What the blows settle, once a state: only what rolls is
            // played path by path.
            let (mut state, mut settled_record) = (*state, record.clone());
            let characters = |u: usize| combat.setup.units[u].true_characters();
            for (u, slain) in state.characters_slain_since(&start, characters) {
                settled_record.characters_slain[u] += slain;
            }
            let settled = combat.settle(&mut state, &mut settled_record, *wounds);
            let end = |fate: &mut ExactFate| {
                let mut state = state;
                let mut record = Record {
                    rounds: std::mem::take(&mut rounds),
                    ..settled_record.clone()
                };
                let end = combat.round_end_settled(fate, round, &mut state, &mut record, settled);
                // Every round played records itself.
                let rr = record.rounds.pop().unwrap_or_default();
                rounds = std::mem::take(&mut record.rounds);
                (combat.between_rounds(state, round + 1), record, end, rr)
            };
            if !runs.runs_into(end, |next, q| buf.out.add(id(next), p * q)) {
                return None;
            }
        }
    }
    Some(())
}

/// The wounds each side caused as the round's result tells them apart
/// (RULES.md Combat resolution): only their difference counts, and none
/// past `cap` ([`Combat::wounds_past_any_test`]). States that differ only
/// in the wounds merge: the flank fight's blows end in far fewer states.
/// The round's record keeps the wounds so reduced (no report reads them).
fn scored_wounds([a, b]: [u32; 2], cap: u32) -> [u32; 2] {
    let low = a.min(b);
    [(a - low).min(cap), (b - low).min(cap)]
}

/// The work a state played next round is projected to cost, from the last
/// two rounds' (`[before last, last]`): the last, falling as it fell. A
/// state's round costs less as its units shrink (fewer attacks, fewer
/// casualties to spread): `two_units_charge_one` spent 1.57, 1.28, 0.75
/// and 0.26 M a state in rounds 2 to 5, and the last round's alone
/// projected its round 4 past the budget it kept to.
fn projected_per_state([before, last]: [u64; 2]) -> u64 {
    if before == 0 || last >= before {
        return last;
    }
    (last as f64 * last as f64 / before as f64) as u64
}

/// Probabilities summed by id, handed out in the order the ids were first
/// given one (so sums are the same bit for bit on every run).
#[derive(Default)]
struct Sums {
    p: Vec<f64>,
    touched: Vec<usize>,
}

impl Sums {
    fn add(&mut self, id: usize, q: f64) {
        if id >= self.p.len() {
            self.p.resize(id + 1, f64::NAN);
        }
        if self.p[id].is_nan() {
            self.p[id] = 0.0;
            self.touched.push(id);
        }
        self.p[id] += q;
    }

    /// Each id given a probability, with it, in order; then empty.
    fn drain(&mut self) -> Vec<(usize, f64)> {
        let out = self.touched.iter().map(|&i| (i, self.p[i])).collect();
        for i in self.touched.drain(..) {
            self.p[i] = f64::NAN;
        }
        out
    }
}

/// One outcome of a state's round, by ids: the state it leaves (or the
/// ended record), the round's record, and its probability.
#[derive(Clone, Debug)]
pub(super) struct Edge {
    /// The state the round leaves, or the ended record if `ended`.
    pub to: usize,
    /// Whether the fight ended in the round.
    pub ended: bool,
    /// The round's record (unused in the opening).
    pub round: usize,
    /// Its probability.
    pub q: f64,
}

/// A whole fight's chain as tables of ids: what sampling whole rounds
/// draws from ([`super::rounds`]).
#[derive(Debug, Default)]
pub(super) struct Kept {
    /// The charge turn's outcomes: a state, or an ended record.
    pub opening: Vec<Edge>,
    /// Round 1 of each state the charge turn leaves, by state id.
    pub first: Vec<Option<Vec<Edge>>>,
    /// A later round of each state, by state id.
    pub later: Vec<Option<Vec<Edge>>>,
    /// The round records, by id.
    pub rounds: Vec<RoundRecord>,
    /// The ended records, by id.
    pub ends: Vec<Record>,
    /// The record of a fight still on at the round cap, by state id.
    pub unresolved: Vec<Option<usize>>,
}

/// What the chain has met: states between rounds, ended records, round
/// records, each with an id, and each state's memoised round (from round 2).
struct Met<const N: usize> {
    states: Distinct<Between<N>>,
    ends: Distinct<Record>,
    rounds: Distinct<RoundRecord>,
    later: Vec<Option<Vec<Edge>>>,
    /// Round 1 by state id, when kept for sampling.
    first: Option<Vec<Option<Vec<Edge>>>>,
    buffers: Buffers<N>,
}

impl<const N: usize> Met<N> {
    /// Round `round` from state `between` as edges between ids.
    fn edges(
        &mut self,
        combat: &Combat,
        runs: &mut ExactRuns,
        round: u32,
        between: &Between<N>,
    ) -> Option<Vec<Edge>> {
        let Met {
            states,
            ends,
            rounds,
            buffers,
            ..
        } = self;
        let id = |(state, record, end, rr): Next<N>| {
            let round = rounds.id(rr);
            match end {
                Some(end) => (ends.id(Record { end, ..record }), true, round),
                None => (states.id((state, record)), false, round),
            }
        };
        transition(combat, runs, buffers, round, between, id)?;
        let edge = |((to, ended, round), q): (EdgeKey, f64)| Edge {
            to,
            ended,
            round,
            q,
        };
        Some(buffers.out.list.drain(..).map(edge).collect())
    }

    /// How many of the states `live` round `round` plays (the others'
    /// rounds are known).
    fn to_play(&self, round: u32, live: &[(usize, f64)]) -> usize {
        let known = |id: usize| round > 1 && self.later.get(id).is_some_and(Option::is_some);
        live.iter().filter(|&&(id, _)| !known(id)).count()
    }

    /// State `id`'s round `round`: played, or known from an earlier round.
    fn round(
        &mut self,
        combat: &Combat,
        runs: &mut ExactRuns,
        round: u32,
        id: usize,
    ) -> Option<Cow<'_, [Edge]>> {
        if self.later.len() <= id {
            self.later.resize_with(id + 1, || None);
        }
        if round > 1 && self.later[id].is_some() {
            return self.later[id].as_deref().map(Cow::Borrowed);
        }
        let between = self.states.list[id].0.clone();
        let edges = self.edges(combat, runs, round, &between)?;
        if round == 1 {
            // Round 1 depends on the round (fear's 6s): not memoised, and
            // kept only for sampling.
            let Some(first) = &mut self.first else {
                return Some(Cow::Owned(edges));
            };
            first.resize_with(first.len().max(id + 1), || None);
            first[id] = Some(edges);
            return first[id].as_deref().map(Cow::Borrowed);
        }
        self.later[id] = Some(edges);
        self.later[id].as_deref().map(Cow::Borrowed)
    }
}

/// The whole fight, each round's count of states pushed onto `sizes` as
/// it starts (a round refused included); its tables if `keep`.
fn chain<const N: usize>(
    combat: &Combat,
    runs: &mut ExactRuns,
    sizes: &mut Vec<usize>,
    keep: bool,
    mut tally: impl FnMut(Tallied, f64),
) -> Option<Option<Kept>> {
    let start = combat.start_state::<N>();
    let opened = runs.runs(|fate| {
        let (mut state, mut record) = (start, Record::default());
        let end = combat.opening(fate, &mut state, &mut record);
        (combat.between_rounds(state, 1), record, end)
    })?;
    let mut met = Met {
        states: Distinct::new(),
        ends: Distinct::new(),
        rounds: Distinct::new(),
        later: Vec::new(),
        first: keep.then(Vec::new),
        buffers: Buffers {
            mid: Distinct::new(),
            next: Distinct::new(),
            out: Distinct::new(),
        },
    };
    let mut opening = Vec::new();
    let mut live = Sums::default();
    for ((state, mut record, end), q) in opened {
        let round = 0;
        match end {
            Some(end) => {
                record.end = end;
                let rounds = 0;
                tally(
                    Tallied::End {
                        record: &record,
                        rounds,
                    },
                    q,
                );
                if keep {
                    let to = met.ends.id(record);
                    let ended = true;
                    opening.push(Edge {
                        to,
                        ended,
                        round,
                        q,
                    });
                }
            }
            None => {
                let to = met.states.id((state, record));
                live.add(to, q);
                if keep {
                    let ended = false;
                    opening.push(Edge {
                        to,
                        ended,
                        round,
                        q,
                    });
                }
            }
        }
    }
    let mut live = live.drain();
    // Work per state played in the last two rounds (none before round 1:
    // the budget alone stops it).
    let mut per_state = [0u64; 2];
    let (mut next, mut results, mut ended) = (Sums::default(), Sums::default(), Sums::default());
    for round in 1..=combat.setup.rounds {
        // Refused at once if this round would pass the budget at the work a
        // state played is projected to cost, rather than after spending
        // it. Only the states whose round is not yet known are played:
        // from round 3 most are known, and cost nothing.
        sizes.push(live.len());
        let played = met.to_play(round, &live) as u64;
        let projected = projected_per_state(per_state).saturating_mul(played);
        if runs.work().saturating_add(projected) > runs.budget() {
            return None;
        }
        let before = runs.work();
        for &(id, p) in &live {
            for edge in met.round(combat, runs, round, id)?.iter() {
                let pq = p * edge.q;
                results.add(edge.round, pq);
                match edge.ended {
                    true => ended.add(edge.to, pq),
                    false => next.add(edge.to, pq),
                }
            }
        }
        for (rr, p) in results.drain() {
            tally(
                Tallied::Round(round as usize - 1, &met.rounds.list[rr].0),
                p,
            );
        }
        for (e, p) in ended.drain() {
            let record = &met.ends.list[e].0;
            let rounds = round as usize;
            tally(Tallied::End { record, rounds }, p);
        }
        per_state = [per_state[1], (runs.work() - before) / played.max(1)];
        live = next.drain();
    }
    let rounds = combat.setup.rounds as usize;
    let mut unresolved = Vec::new();
    for (id, p) in live {
        let (state, record) = &met.states.list[id].0;
        let mut record = Record {
            end: End::Unresolved,
            ..record.clone()
        };
        combat.after_fight(state, &mut record);
        tally(
            Tallied::End {
                record: &record,
                rounds,
            },
            p,
        );
        if keep {
            unresolved.resize(unresolved.len().max(id + 1), None);
            unresolved[id] = Some(met.ends.id(record));
        }
    }
    Some(keep.then(|| Kept {
        opening,
        first: met.first.unwrap_or_default(),
        later: met.later,
        rounds: met.rounds.list.into_iter().map(|(r, _)| r).collect(),
        ends: met.ends.list.into_iter().map(|(r, _)| r).collect(),
        unresolved,
    }))
}
