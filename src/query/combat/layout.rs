//! The tally every engine of a fight fills: where each count lives, and
//! how a count (or an exact probability) is read as a reported value.

use crate::combat::before::Lost;
use crate::combat::chain::Tallied;
use crate::combat::fight::{Combat, End, Record, RoundRecord, UnitEnd, MAX_UNITS};

/// Where each count lives in a combat tally.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Rounds the tally covers.
    pub(super) rounds: usize,
    /// Models of each unit.
    pub(super) models: Vec<usize>,
    /// Characters of each unit.
    pub(super) characters: Vec<usize>,
    /// Where each unit's models histogram starts within a block of all
    /// units' (one block per round, one overall).
    model_offsets: Vec<usize>,
    /// The same for characters-slain histograms.
    character_offsets: Vec<usize>,
    /// Where the unit ends, totals, rounds and slain cells start (kept, not
    /// recomputed: every trial bumps them).
    ends_at: usize,
    totals_at: usize,
    rounds_at: usize,
    slain_at: usize,
    /// Friends near the fight: five cells each ([`Layout::friend`]), after
    /// the characters' cells.
    pub(super) friends: usize,
    /// Each friend's side.
    friend_sides: Vec<usize>,
    /// The unit each side's General is with, if in the fight.
    generals: [Option<usize>; 2],
    /// What each unit lost before the fight, in a variant of a fight
    /// whose models roll before it (nothing by default), counted with its
    /// casualties (RULES.md Rolls before the fight).
    lost: [Lost; MAX_UNITS],
}

/// Cells per friend ([`Layout::friend`]).
const FRIEND_CELLS: usize = 5;

/// The Lds a unit may rally on, 2 to 10: a cell each per unit.
const RALLY_LDS: usize = 9;

/// Ends, in tally order ([`End::ALL`]).
const ENDS: usize = End::ALL.len();

/// Histogram offsets of counts 0..=n[u] laid end to end, and their total.
fn offsets(n: &[usize]) -> Vec<usize> {
    let mut at = 0;
    let mut out: Vec<usize> = n
        .iter()
        .map(|&k| {
            let here = at;
            at += k + 1;
            here
        })
        .collect();
    out.push(at);
    out
}

impl Layout {
    /// The layout of `combat`'s tally.
    pub fn new(combat: &Combat) -> Self {
        let models: Vec<usize> = combat
            .setup
            .units
            .iter()
            .map(|u| u.models as usize)
            .collect();
        let characters: Vec<usize> = combat
            .setup
            .units
            .iter()
            .map(|u| u.true_characters())
            .collect();
        let rounds = combat.setup.rounds as usize;
        let model_offsets = offsets(&models);
        let block = model_offsets[models.len()];
        let ends_at = ENDS + 3 * rounds + rounds + 1;
        let totals_at = ends_at + models.len() * UnitEnd::ALL.len();
        let rounds_at = totals_at + block;
        Layout {
            rounds,
            character_offsets: offsets(&characters),
            ends_at,
            totals_at,
            rounds_at,
            slain_at: rounds_at + rounds * block,
            model_offsets,
            models,
            characters,
            friends: combat.setup.friends.len(),
            friend_sides: combat.setup.friends.iter().map(|f| f.side).collect(),
            generals: [combat.general(0), combat.general(1)],
            lost: [Lost::default(); MAX_UNITS],
        }
    }

    /// This layout for a variant of its fight whose units lost `lost`
    /// before it: its records tallied as the whole fight's.
    pub(super) fn with_lost(&self, lost: &[Lost]) -> Layout {
        let mut with = self.clone();
        for (to, from) in with.lost.iter_mut().zip(lost) {
            *to = *from;
        }
        with
    }

    pub(super) fn units(&self) -> usize {
        self.models.len()
    }

    /// One block of every unit's models histogram.
    pub(super) fn block(&self) -> usize {
        self.model_offsets[self.units()]
    }

    /// Round r's results: attacker won, defender won, draw.
    pub(super) fn round_result(&self, r: usize, k: usize) -> usize {
        ENDS + 3 * r + k
    }

    /// Rounds played: 0..=rounds.
    pub(super) fn rounds_played(&self, n: usize) -> usize {
        ENDS + 3 * self.rounds + n
    }

    /// Unit u's end, as the k-th of [`UnitEnd::ALL`].
    pub(super) fn unit_end(&self, u: usize, k: usize) -> usize {
        self.ends_at + u * UnitEnd::ALL.len() + k
    }

    /// Total casualties of unit u: 0..=models.
    pub(super) fn total(&self, u: usize, k: usize) -> usize {
        self.totals_at + self.model_offsets[u] + k
    }

    /// Casualties of unit u in round r (when fought).
    pub(super) fn in_round(&self, r: usize, u: usize, k: usize) -> usize {
        self.rounds_at + r * self.block() + self.model_offsets[u] + k
    }

    /// Characters of unit u slain: 0..=its characters.
    pub(super) fn slain(&self, u: usize, k: usize) -> usize {
        self.slain_at + self.character_offsets[u] + k
    }

    /// Friend f took a panic test in the fight or takes one at its next
    /// start of turn (k = 0); fled in the fight (k = 1), or takes the next
    /// turn's test without having fled (k = 2), its side's General not
    /// fleeing at the fight's end; the same two with him broken, fled or
    /// fallen by then (k = 3, 4): it then rallies or tests on its own Ld
    /// (seed 004).
    pub(super) fn friend(&self, f: usize, k: usize) -> usize {
        self.slain_at + self.character_offsets[self.units()] + FRIEND_CELLS * f + k
    }

    /// Unit u broke and escaped and rallies on Ld `ld` (2 to 10).
    pub(super) fn rally(&self, u: usize, ld: u8) -> usize {
        self.friend(self.friends, 0) + u * RALLY_LDS + usize::from(ld) - 2
    }

    /// Unit u's rally cells and each one's Ld.
    pub(super) fn rally_cells(&self, u: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        (2..=10).map(move |ld| (self.rally(u, ld), ld))
    }

    /// The main charger redirected its charge.
    pub(super) fn redirected(&self) -> usize {
        self.rally(self.units(), 2)
    }

    /// Cells in the tally.
    pub fn len(&self) -> usize {
        self.redirected() + 1
    }

    /// Whether the tally has no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `weight` for `record` through `bump(cell, weight)`.
    pub fn add<W: Copy>(&self, record: &Record, weight: W, mut bump: impl FnMut(usize, W)) {
        for (r, rr) in record.rounds.iter().enumerate() {
            self.add_round(r, rr, weight, &mut bump);
        }
        self.add_end(record, record.rounds.len(), weight, bump);
    }

    /// Adds `weight` for what the exact chain tallies ([`Tallied`]).
    pub fn add_tallied<W: Copy>(&self, t: Tallied, weight: W, mut bump: impl FnMut(usize, W)) {
        match t {
            Tallied::Round(r, rr) => self.add_round(r, rr, weight, &mut bump),
            Tallied::End { record, rounds } => self.add_end(record, rounds, weight, bump),
        }
    }

    /// Round `r` (from 0) was fought with result `rr`.
    fn add_round<W: Copy>(
        &self,
        r: usize,
        rr: &RoundRecord,
        weight: W,
        bump: &mut impl FnMut(usize, W),
    ) {
        let k = rr.winner.unwrap_or(2);
        bump(self.round_result(r, k), weight);
        for u in 0..self.units() {
            bump(self.in_round(r, u, rr.casualties[u] as usize), weight);
        }
    }

    /// The fight ended after `rounds` rounds with `record` (its rounds not
    /// read).
    fn add_end<W: Copy>(
        &self,
        record: &Record,
        rounds: usize,
        weight: W,
        mut bump: impl FnMut(usize, W),
    ) {
        bump(End::index(record.end), weight);
        bump(self.rounds_played(rounds), weight);
        for u in 0..self.units() {
            let end = UnitEnd::ALL.iter().position(|&e| e == record.units[u]);
            bump(self.unit_end(u, end.unwrap_or(0)), weight);
            let lost = self.lost[u];
            let casualties = record.casualties[u] + lost.models;
            bump(self.total(u, casualties as usize), weight);
            let slain = record.characters_slain[u] + lost.characters;
            bump(self.slain(u, slain as usize), weight);
        }
        for u in 0..self.units() {
            if record.rally_ld[u] >= 2 {
                bump(self.rally(u, record.rally_ld[u]), weight);
            }
        }
        if record.redirected {
            bump(self.redirected(), weight);
        }
        let gone = self
            .generals
            .map(|g| g.is_some_and(|g| record.units[g].fled_or_fell()));
        for f in 0..self.friends {
            let bit = 1 << f;
            let later = 2 * usize::from(gone[self.friend_sides[f]]);
            if (record.friends_tested | record.friends_next_turn) & bit != 0 {
                bump(self.friend(f, 0), weight);
            }
            if record.friends_fled & bit != 0 {
                bump(self.friend(f, 1 + later), weight);
            }
            if record.friends_next_turn & bit != 0 {
                bump(self.friend(f, 2 + later), weight);
            }
        }
    }

    /// Cells of unit u's ends among `ends`.
    pub(super) fn unit_ends(&self, u: usize, ends: &[UnitEnd]) -> Vec<usize> {
        UnitEnd::ALL
            .iter()
            .enumerate()
            .filter(|(_, e)| ends.contains(e))
            .map(|(k, _)| self.unit_end(u, k))
            .collect()
    }
}
