//! The Monte Carlo kernels of `attacks` and `shoot`: the fast one draws
//! each group's casualties whole from its exact distribution, the
//! dice-level one rolls every die of every attack.

use super::Attacks;
use crate::dice::source::PreparedRoll;
use crate::dice::{DiceSource, Roll};
use crate::exact::attacks::chain_odds;
use crate::rules::attack::AttackChain;
use crate::rules::casualties::Casualties;
use crate::sim::strike::StrikeTable;
use crate::sim::Kernel;

/// Fast engine: per group, a [`StrikeTable`] of its exact casualties
/// (unlimited models); a trial draws each group in turn and caps kills at
/// the unit's size. Capping at the end is exact: kills only grow, and a unit
/// at its size takes nothing more. A trial works on state indices
/// ([`StrikeTable::after_index`]): no division, no decoding. Tally: histogram
/// of casualty states.
pub struct FastAttacksKernel {
    groups: Vec<StrikeTable>,
    /// The state of a destroyed unit (every model slain), or past the last.
    cap_state: usize,
    states: usize,
}

impl FastAttacksKernel {
    /// The kernel of `q`.
    pub fn new(q: &Attacks) -> Self {
        let w = q.target_wounds;
        let groups = q
            .groups
            .iter()
            .map(|g| StrikeTable::new(&chain_odds(&g.chain).damage, &g.count.pmf(), w, None))
            .collect();
        let destroyed = Casualties {
            kills: q.max_kills(),
            damage: 0,
        };
        FastAttacksKernel {
            groups,
            cap_state: destroyed.index(w),
            states: q.states(),
        }
    }
}

impl Kernel for FastAttacksKernel {
    type Tally = Vec<u64>;

    fn tally(&self) -> Vec<u64> {
        vec![0; self.states]
    }

    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, hist: &mut Vec<u64>) -> S {
        for _ in 0..trials {
            let (mut state, mut damage) = (0usize, 0u8);
            for table in &self.groups {
                (state, damage) = table.after_index(state, damage, dice.next_u64());
            }
            // Every state past the destroyed unit's is that state, capped.
            hist[state.min(self.cap_state)] += 1;
        }
        dice
    }
}

/// Dice-level engine: every attack of every group rolled die by die through
/// [`AttackChain::resolve`] and allocated with [`Casualties::apply`]. Tally:
/// histogram of casualty states, then per group (attacks, hits, wounds,
/// unsaved).
pub struct DiceAttacksKernel {
    groups: Vec<(AttackChain, u32, Option<PreparedRoll>)>,
    d6: PreparedRoll,
    wounds: u8,
    cap: Option<u32>,
    states: usize,
}

impl DiceAttacksKernel {
    /// The kernel of `q`.
    pub fn new(q: &Attacks) -> Self {
        DiceAttacksKernel {
            groups: q
                .groups
                .iter()
                .map(|g| (g.chain, g.count.fixed, g.count.roll.map(PreparedRoll::new)))
                .collect(),
            d6: PreparedRoll::new(Roll::sum(1)),
            wounds: q.target_wounds,
            cap: q.target_models,
            states: q.states(),
        }
    }
}

impl Kernel for DiceAttacksKernel {
    type Tally = Vec<u64>;

    fn tally(&self) -> Vec<u64> {
        vec![0; self.states + 4 * self.groups.len()]
    }

    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, tally: &mut Vec<u64>) -> S {
        let (hist, steps) = tally.split_at_mut(self.states);
        for _ in 0..trials {
            let mut c = Casualties::default();
            for (g, (chain, fixed, roll)) in self.groups.iter().enumerate() {
                let n = fixed + roll.as_ref().map_or(0, |r| u32::from(dice.roll(r)));
                for _ in 0..n {
                    let r = chain.resolve(&mut || dice.roll(&self.d6));
                    let s = &mut steps[4 * g..4 * g + 4];
                    s[0] += 1;
                    s[1] += u64::from(r.hit);
                    s[2] += u64::from(r.wounded);
                    s[3] += u64::from(r.unsaved);
                    c = c.apply(r.damage, self.wounds, self.cap);
                }
            }
            hist[c.index(self.wounds)] += 1;
        }
        dice
    }
}
