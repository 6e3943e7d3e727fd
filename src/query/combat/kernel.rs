//! The Monte Carlo kernel of a whole fight, and the choice of how the fast
//! engine plays it: strike step by strike step, or whole rounds drawn from
//! the exact chain ([`crate::combat::rounds`]).

use super::Layout;
use crate::combat::chain::{Refused, AUTO_BUDGET, CHAIN_BUDGET};
use crate::combat::engines::{DiceFate, FastFate, Rolls, StrikeTables};
use crate::combat::fight::{Combat, Record};
use crate::combat::rounds::WholeRounds;
use crate::dice::DiceSource;
use crate::query::{Method, Sampler, Settings};
use crate::report::{Engine, Field, Text, Value};
use crate::sim::{Kernel, Sampling, Tally, Z95};

/// Work the chain may spend, for sampling whole rounds under
/// `--sampler auto`, for each fight the run will play: about a quarter of
/// what a step-by-step fight costs on one thread (measured: the flagship's
/// step-by-step fight about 340 ns, the chain about 4 G of work a second),
/// so whole rounds are chosen where building the chain pays for itself.
pub const ROUND_WORK_PER_FIGHT: u64 = 350;

/// How a kernel draws a fight.
enum Draws {
    /// Every die rolled.
    Dice,
    /// Strike steps from alias tables (the fast engine).
    Steps(StrikeTables),
    /// Whole rounds from the exact chain's tables.
    WholeRounds(WholeRounds),
}

/// Whole fights: rolling every die, drawing strike steps from tables (the
/// fast engine), or drawing whole rounds from the exact chain.
pub struct CombatKernel {
    combat: Combat,
    rolls: Rolls,
    draws: Draws,
    layout: Layout,
}

impl CombatKernel {
    /// The kernel of `combat`: strike tables if `fast`, else every die rolled.
    pub fn new(combat: &Combat, fast: bool) -> Self {
        let draws = match fast {
            true => Draws::Steps(StrikeTables::new(combat)),
            false => Draws::Dice,
        };
        Self::with(combat, draws)
    }

    /// The kernel of `combat` drawing whole rounds from its exact chain,
    /// played within `budget`; refused past it.
    pub fn whole_rounds(combat: &Combat, budget: u64) -> Result<Self, Refused> {
        let rounds = WholeRounds::new(combat, budget)?;
        Ok(Self::with(combat, Draws::WholeRounds(rounds)))
    }

    fn with(combat: &Combat, draws: Draws) -> Self {
        CombatKernel {
            combat: combat.clone(),
            rolls: Rolls::for_combat(combat),
            draws,
            layout: Layout::new(combat),
        }
    }

    /// The kernel `engine` runs under `settings`: for the fast engine,
    /// whole rounds or strike steps as `--sampler` asks. Refused if whole
    /// rounds were asked for and the chain passes its budget.
    pub fn for_settings(
        combat: &Combat,
        engine: Engine,
        settings: &Settings,
    ) -> Result<Self, Refused> {
        if engine != Engine::MonteCarlo {
            return Ok(Self::new(combat, false));
        }
        match settings.sampler {
            Sampler::Steps => Ok(Self::new(combat, true)),
            Sampler::WholeRounds => Self::whole_rounds(combat, CHAIN_BUDGET),
            // Under --method auto the exact engine was declined at a
            // budget no smaller: so would the chain be.
            Sampler::Auto if settings.method == Method::Auto => Ok(Self::new(combat, true)),
            Sampler::Auto => {
                let budget = auto_budget(&settings.sampling);
                Ok(Self::whole_rounds(combat, budget).unwrap_or_else(|_| Self::new(combat, true)))
            }
        }
    }

    /// How it draws a fight, as a report field.
    pub fn sampler_field(&self) -> Option<Field> {
        let text = match &self.draws {
            Draws::Dice => return None,
            Draws::Steps(_) => crate::text!("strike steps"),
            Draws::WholeRounds(w) => crate::text!(
                "whole rounds from the exact chain ({} states)",
                w.most_states() as u64
            ),
        };
        Some(Field::new(
            "sampler",
            crate::text!("sampler"),
            Value::Text(text),
        ))
    }
}

/// The chain's budget under `--sampler auto`: [`ROUND_WORK_PER_FIGHT`]
/// for each fight the run is expected to play (with `--precision`, the
/// fights its target needs at P = 1/2, within the cap), at most
/// [`AUTO_BUDGET`].
fn auto_budget(sampling: &Sampling) -> u64 {
    let fights = match sampling.precision {
        None => sampling.trials,
        Some(p) => ((*Z95 * 0.5 / p).powi(2).ceil() as u64).min(sampling.max_trials),
    };
    fights.saturating_mul(ROUND_WORK_PER_FIGHT).min(AUTO_BUDGET)
}

/// Why whole rounds were refused, in words.
pub(super) fn whole_rounds_refusal(r: Refused) -> Text {
    crate::text!(
        "--sampler whole-rounds needs the exact chain, which passes its budget at round {} ({} states between rounds) (accepted: --sampler steps or auto)",
        u64::from(r.round),
        r.states as u64
    )
}

/// A combat tally: counts in [`Layout`] cells.
#[derive(Clone, Debug)]
pub struct CombatTally(pub Vec<u64>);

impl std::ops::Deref for CombatTally {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        &self.0
    }
}

impl Tally for CombatTally {
    fn merge(&mut self, other: &Self) {
        self.0.merge(&other.0);
    }
}

impl Kernel for CombatKernel {
    type Tally = CombatTally;

    fn tally(&self) -> CombatTally {
        CombatTally(vec![0; self.layout.len()])
    }

    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, tally: &mut CombatTally) -> S {
        let mut record = Record {
            rounds: Vec::with_capacity(self.layout.rounds),
            ..Record::default()
        };
        let mut play = |fight: &mut dyn FnMut(&mut Record)| {
            for _ in 0..trials {
                fight(&mut record);
                self.layout.add(&record, 1u64, |c, w| tally.0[c] += w);
            }
        };
        match &self.draws {
            Draws::WholeRounds(rounds) => {
                let mut counts = rounds.counts();
                for _ in 0..trials {
                    rounds.fight(&mut dice, &mut counts);
                }
                rounds.each(&counts, |t, n| {
                    self.layout.add_tallied(t, n, |c, w| tally.0[c] += w)
                });
                dice
            }
            Draws::Steps(tables) => {
                let mut fate = FastFate::new(dice, &self.rolls, tables);
                play(&mut |r| self.combat.fight_into(&mut fate, r));
                fate.dice
            }
            Draws::Dice => {
                let mut fate = DiceFate::new(dice, &self.rolls);
                play(&mut |r| self.combat.fight_into(&mut fate, r));
                fate.dice
            }
        }
    }
}
