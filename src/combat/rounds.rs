//! Sampling whole rounds: a fight drawn a round at a time from the exact
//! chain's transitions, not a strike step at a time.
//!
//! **What it computes.** Random whole fights with the same distribution as
//! the step-by-step engines', each as its rounds' records and its ending,
//! counted by id ([`WholeRounds::fight`]) and handed to a tally as the
//! exact chain's [`Tallied`] ([`WholeRounds::each`]).
//!
//! **How.** The chain ([`super::chain`]) is played once, keeping its
//! tables: the charge turn's outcomes, each state's round 1 and its later
//! rounds as edges between ids. Each becomes an alias table (Walker's
//! method, `sim::alias`), so a fight is one draw for the charge turn and
//! one a round: a few random words, where the step-by-step engine draws
//! every strike step, test and pursuit. Counts are kept per (round, round record)
//! and per (rounds played, ended record), and turned into the report's
//! cells once a chunk.
//!
//! **Independence.** It is the exact engine's transitions, sampled: the
//! agreement tests check it against the exact engine, but they check the
//! exact engine against the step-by-step engines, which share nothing with
//! it but the fight's procedure.
//!
//! # Example
//! ```
//! use mathhammer::combat::rounds::WholeRounds;
//! use mathhammer::scenario::combat::load_combat;
//! use std::path::Path;
//!
//! let path = Path::new("scenarios/boar_boyz_charge_spearmen.toml");
//! let fight = load_combat(path, &[]).unwrap();
//! let sampler = WholeRounds::new(&fight.combat, 1_000_000_000).unwrap();
//! assert_eq!(sampler.most_states(), 222);
//! ```
//!
//! # Performance
//! The flagship (222 states at most) takes about 8 ms to build; see
//! BENCHMARKS.md for fights a second against the step-by-step engine.

use super::chain::{kept_fight, ChainSize, Edge, Kept, Refused, Tallied};
use super::fight::{Combat, Record, RoundRecord};
use crate::dice::DiceSource;
use crate::sim::alias::AliasTable;

/// One outcome of a draw: where the fight goes and the round's record.
#[derive(Clone, Copy, Debug)]
struct Hop {
    to: usize,
    ended: bool,
    round: usize,
}

/// A state's round (or the charge turn) as an alias table over its hops.
#[derive(Clone, Debug)]
struct Draw {
    alias: AliasTable,
    hops: Box<[Hop]>,
}

impl Draw {
    fn new(edges: &[Edge]) -> Option<Self> {
        let q: Vec<f64> = edges.iter().map(|e| e.q).collect();
        (q.iter().sum::<f64>() > 0.0).then(|| Draw {
            alias: AliasTable::new(&q),
            hops: edges
                .iter()
                .map(|e| Hop {
                    to: e.to,
                    ended: e.ended,
                    round: e.round,
                })
                .collect(),
        })
    }

    #[inline(always)]
    fn hop(&self, word: u64) -> Hop {
        self.hops[self.alias.sample(word)]
    }
}

/// Each table of `edges` by state id, as a draw.
fn draws(edges: &[Option<Vec<Edge>>]) -> Vec<Option<Draw>> {
    edges
        .iter()
        .map(|e| e.as_deref().and_then(Draw::new))
        .collect()
}

/// A whole fight's chain, ready to sample whole rounds from.
#[derive(Clone, Debug)]
pub struct WholeRounds {
    opening: Draw,
    first: Vec<Option<Draw>>,
    later: Vec<Option<Draw>>,
    /// The ended record of a fight still on at the cap, by state id.
    unresolved: Vec<Option<usize>>,
    rounds: Vec<RoundRecord>,
    ends: Vec<Record>,
    cap: usize,
    size: ChainSize,
}

impl WholeRounds {
    /// Plays `combat`'s chain within `budget` (in the units of
    /// [`super::chain::CHAIN_BUDGET`]) and keeps its tables; refused, as
    /// the exact engine is, past it.
    pub fn new(combat: &Combat, budget: u64) -> Result<Self, Refused> {
        let (size, kept) = kept_fight(combat, budget)?;
        let Kept {
            opening,
            first,
            later,
            rounds,
            ends,
            unresolved,
        } = kept;
        let opening = Draw::new(&opening).ok_or(Refused {
            round: 0,
            states: 1,
            budget,
        })?;
        Ok(WholeRounds {
            opening,
            first: draws(&first),
            later: draws(&later),
            unresolved,
            rounds,
            ends,
            cap: combat.setup.rounds as usize,
            size,
        })
    }

    /// The most distinct states between rounds.
    pub fn most_states(&self) -> usize {
        self.size.states.iter().max().copied().unwrap_or(1)
    }

    /// The counts a run of fights keeps ([`WholeRounds::fight`]).
    pub fn counts(&self) -> Vec<u64> {
        vec![0; self.end_cell(self.cap + 1, 0)]
    }

    fn round_cell(&self, r: usize, round: usize) -> usize {
        r * self.rounds.len() + round
    }

    fn end_cell(&self, played: usize, end: usize) -> usize {
        self.round_cell(self.cap, 0) + played * self.ends.len() + end
    }

    /// One whole fight drawn from `dice`, counted into `counts`.
    #[inline]
    pub fn fight(&self, dice: &mut impl DiceSource, counts: &mut [u64]) {
        let hop = self.opening.hop(dice.next_u64());
        if hop.ended {
            counts[self.end_cell(0, hop.to)] += 1;
            return;
        }
        let mut id = hop.to;
        for r in 0..self.cap {
            let draw = if r == 0 { &self.first } else { &self.later };
            // Every state a fight reaches was played by the chain in that
            // round: its table is there.
            let Some(draw) = &draw[id] else {
                unreachable!("state {id} reached in round {r} but not played");
            };
            let hop = draw.hop(dice.next_u64());
            counts[self.round_cell(r, hop.round)] += 1;
            if hop.ended {
                counts[self.end_cell(r + 1, hop.to)] += 1;
                return;
            }
            id = hop.to;
        }
        let Some(end) = self.unresolved[id] else {
            unreachable!("state {id} reached at the cap but not recorded");
        };
        counts[self.end_cell(self.cap, end)] += 1;
    }

    /// Every count of `counts` as what the exact chain tallies.
    pub fn each(&self, counts: &[u64], mut visit: impl FnMut(Tallied, u64)) {
        for r in 0..self.cap {
            for (id, rr) in self.rounds.iter().enumerate() {
                let n = counts[self.round_cell(r, id)];
                if n > 0 {
                    visit(Tallied::Round(r, rr), n);
                }
            }
        }
        for rounds in 0..=self.cap {
            for (id, record) in self.ends.iter().enumerate() {
                let n = counts[self.end_cell(rounds, id)];
                if n > 0 {
                    visit(Tallied::End { record, rounds }, n);
                }
            }
        }
    }
}
