//! The Monte Carlo kernel of a whole fight, and the choice of how the fast
//! engine plays it: strike step by strike step, or whole rounds drawn from
//! the exact chain ([`crate::combat::rounds`]).

use super::Layout;
use crate::combat::before;
use crate::combat::chain::{Refused, AUTO_BUDGET, CHAIN_BUDGET};
use crate::combat::engines::{DiceFate, FastFate, Rolls, StrikeTables};
use crate::combat::fight::{Combat, Record};
use crate::combat::rounds::WholeRounds;
use crate::dice::DiceSource;
use crate::query::{Method, Sampler, Settings};
use crate::report::{Engine, Field, Text, Value};
use crate::sim::alias::AliasTable;
use crate::sim::{Kernel, Sampling, Tally, Z95};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

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
/// fast engine), or drawing whole rounds from the exact chain. A fight
/// whose models roll before it has a part for each variant
/// ([`before::variants`]), drawn once a fight from a stream of its own
/// (RULES.md Rolls before the fight).
pub struct CombatKernel {
    parts: Vec<Part>,
    /// Which part each fight plays, by the variants' probabilities (none:
    /// one part).
    pick: Option<AliasTable>,
}

/// One fight as a kernel plays it.
struct Part {
    combat: Combat,
    rolls: Rolls,
    draws: Draws,
    layout: Layout,
}

/// How a kernel's parts draw their fights.
#[derive(Clone, Copy)]
enum How {
    Dice,
    Steps,
    /// Whole rounds, the chain within this budget.
    WholeRounds(u64),
}

impl CombatKernel {
    /// The kernel of `combat`: strike tables if `fast`, else every die rolled.
    pub fn new(combat: &Combat, fast: bool) -> Self {
        let how = if fast { How::Steps } else { How::Dice };
        match Self::with(combat, how) {
            Ok(kernel) => kernel,
            Err(_) => unreachable!("only whole rounds are refused"),
        }
    }

    /// The kernel of `combat` drawing whole rounds from its exact chain,
    /// played within `budget` (shared among its variants); refused past it.
    pub fn whole_rounds(combat: &Combat, budget: u64) -> Result<Self, Refused> {
        Self::with(combat, How::WholeRounds(budget))
    }

    fn with(combat: &Combat, how: How) -> Result<Self, Refused> {
        let layout = Layout::new(combat);
        let variants = before::variants(combat);
        if variants.is_empty() {
            let part = Part::new(combat, how, layout)?;
            return Ok(CombatKernel {
                parts: vec![part],
                pick: None,
            });
        }
        let how = match how {
            How::WholeRounds(budget) => How::WholeRounds(budget / variants.len() as u64),
            how => how,
        };
        let parts = (variants.iter())
            .map(|v| Part::new(&v.combat, how, layout.with_lost(&v.lost)))
            .collect::<Result<Vec<_>, _>>()?;
        let weights: Vec<f64> = variants.iter().map(|v| v.p).collect();
        Ok(CombatKernel {
            parts,
            pick: Some(AliasTable::new(&weights)),
        })
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
        let text = match &self.parts[0].draws {
            Draws::Dice => return None,
            Draws::Steps(_) => crate::text!("strike steps"),
            Draws::WholeRounds(_) => {
                let most = (self.parts.iter())
                    .filter_map(|p| match &p.draws {
                        Draws::WholeRounds(w) => Some(w.most_states()),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(1);
                crate::text!("whole rounds from the exact chain ({} states)", most as u64)
            }
        };
        Some(Field::new(
            "sampler",
            crate::text!("sampler"),
            Value::Text(text),
        ))
    }
}

impl Part {
    fn new(combat: &Combat, how: How, layout: Layout) -> Result<Self, Refused> {
        let draws = match how {
            How::Dice => Draws::Dice,
            How::Steps => Draws::Steps(StrikeTables::new(combat)),
            How::WholeRounds(budget) => Draws::WholeRounds(WholeRounds::new(combat, budget)?),
        };
        Ok(Part {
            combat: combat.clone(),
            rolls: Rolls::for_combat(combat),
            draws,
            layout,
        })
    }

    /// Plays `trials` fights into `tally`.
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
        CombatTally(vec![0; self.parts[0].layout.len()])
    }

    /// A fight whose models roll before it: each fight's variant drawn
    /// from a stream of its own (seeded by one word of the chunk's), the
    /// fights then played variant by variant (RULES.md Rolls before the
    /// fight).
    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, tally: &mut CombatTally) -> S {
        let Some(pick) = &self.pick else {
            return self.parts[0].run(dice, trials, tally);
        };
        let mut own = Xoshiro256PlusPlus::seed_from_u64(dice.next_u64());
        let mut counts = vec![0u64; self.parts.len()];
        for _ in 0..trials {
            counts[pick.sample(own.next_u64())] += 1;
        }
        for (part, &n) in self.parts.iter().zip(&counts) {
            dice = part.run(dice, n, tally);
        }
        dice
    }
}
