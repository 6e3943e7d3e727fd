//! `mathhammer attacks` and `mathhammer shoot`: how much damage does this
//! unit do to that one? RULES.md To hit, To wound, Saves, Weapons, Special
//! attacks; seed 002.
//!
//! A query is a list of attack groups (the models' attacks, their mounts',
//! a chariot's impact hits) landing in order on one target unit. Engines:
//! exact (enumerated chains, then a dynamic programme over casualties),
//! fast Monte Carlo (each group's casualties drawn from alias tables of its
//! exact distribution, one table per wounds already on the wounded model, then
//! composed trial by trial), and dice-level (every die of every attack rolled
//! through the same [`AttackChain::resolve`]).

use super::shooting_panic::ShootingPanic;
use super::{run_fields, simulate, widest, Question, Settings};
use crate::dice::source::PreparedRoll;
use crate::dice::{DiceSource, Roll};
pub use crate::exact::attacks::Count;
use crate::exact::attacks::{chain_odds, CasualtyPmf, ChainOdds};
use crate::exact::Pmf;
use crate::report::{
    per_100_points, Column, Engine, Field, Key, Outcome, Report, Table, TableKind, Text, Value,
};
use crate::rules::attack::{AttackChain, HitNeed};
use crate::rules::casualties::Casualties;
use crate::rules::special::Reroll;
use crate::sim::strike::StrikeTable;
use crate::sim::{Estimate, Kernel};

/// Name of the impact-hits group.
pub const IMPACT_HITS: &str = "impact hits";

/// Attacks of one kind, all with the same chain.
#[derive(Clone, Debug)]
pub struct AttackGroup {
    /// "attacks", "mount attacks", "impact hits", "shots".
    pub name: &'static str,
    /// One attack, every modifier applied.
    pub chain: AttackChain,
    /// How many attacks.
    pub count: Count,
    /// Strength of the attacks (for the report).
    pub strength: u8,
}

/// An `attacks` or `shoot` query.
#[derive(Clone, Debug)]
pub struct Attacks {
    /// `attacks` or `shoot`.
    pub query: &'static str,
    /// One line saying what was asked.
    pub summary: Text,
    /// The groups, in the order they strike.
    pub groups: Vec<AttackGroup>,
    /// Wounds of each target model.
    pub target_wounds: u8,
    /// Models in the target unit; `None` for as many as it takes.
    pub target_models: Option<u32>,
    /// Points the attacking models cost (their profile's `points` x models),
    /// for the per-100-points figures.
    pub cost: Option<f64>,
    /// A shooting's panic (with `target_models`): the target's and a
    /// friend's tests.
    pub panic: Option<ShootingPanic>,
}

/// Exact results.
#[derive(Clone, Debug)]
pub struct AttacksOdds {
    /// Per group, per attack.
    pub groups: Vec<ChainOdds>,
    /// The target unit's casualties.
    pub casualties: CasualtyPmf,
}

/// The mean wounds caused (for combat resolution).
pub const MEAN_WOUNDS: &str = "mean_wounds";
/// The mean models slain.
pub const MEAN_KILLS: &str = "mean_kills";

impl Question for Attacks {
    fn kind(&self) -> &'static str {
        "attacks"
    }
    fn report(&self, settings: &Settings) -> Report {
        Attacks::report(self, settings)
    }
    fn headline(&self) -> Vec<Key> {
        vec![
            MEAN_WOUNDS.into(),
            MEAN_KILLS.into(),
            per_100_points(MEAN_WOUNDS),
            per_100_points(MEAN_KILLS),
        ]
    }
}

impl Attacks {
    /// The exact odds of every group and the casualties they cause.
    pub fn exact(&self) -> AttacksOdds {
        let groups: Vec<ChainOdds> = self.groups.iter().map(|g| chain_odds(&g.chain)).collect();
        let mut casualties = CasualtyPmf::start(self.target_wounds, self.target_models, 0);
        for (g, odds) in self.groups.iter().zip(&groups) {
            casualties = casualties.after(&odds.damage, &g.count.pmf());
        }
        AttacksOdds { groups, casualties }
    }

    /// The panic figures of a shooting with `--target-models`, given
    /// P(lo <= models slain < hi) as `slain(lo..hi)`.
    fn panic_fields(&self, slain: impl Fn(std::ops::Range<u32>) -> Value) -> Vec<Field> {
        match (self.panic, self.target_models) {
            (Some(panic), Some(models)) => panic.fields(models, self.target_wounds, slain),
            _ => Vec::new(),
        }
    }

    /// The group the headline per-attack figures describe: the models' own
    /// attacks (or shots), not the impact hits that strike before them.
    fn main_group(&self) -> usize {
        self.groups
            .iter()
            .position(|g| g.name != IMPACT_HITS)
            .unwrap_or(0)
    }

    /// The most models the attacks can slay (each attack slays at most one).
    fn max_kills(&self) -> u32 {
        let most: u32 = self.groups.iter().map(|g| g.count.pmf().max() as u32).sum();
        self.target_models.map_or(most, |m| m.min(most))
    }

    /// Histogram bins of casualty states.
    fn states(&self) -> usize {
        (self.max_kills() as usize + 1) * usize::from(self.target_wounds)
    }

    /// Every engine of `settings`, as a report.
    pub fn report(&self, settings: &Settings) -> Report {
        let outcomes = settings.outcomes(
            || self.exact_outcome(),
            |engine| self.simulated_outcome(engine, settings),
        );
        let main = self.main_group();
        let first = &self.groups[main];
        let mut facts = vec![
            Field::new(
                "attacks",
                number_of(first.name),
                Value::Text(first.count.label().into()),
            ),
            Field::new(
                "to_hit",
                crate::text!("to hit"),
                Value::Text(describe_hit(&first.chain)),
            ),
            Field::new(
                "strength",
                crate::text!("strength"),
                Value::Num(f64::from(first.strength), ""),
            ),
            Field::new(
                "to_wound",
                crate::text!("to wound"),
                Value::Text(need(first.chain.wound)),
            ),
            Field::new(
                "armour_save",
                crate::text!("armour save"),
                Value::Text(need(first.chain.save)),
            ),
            Field::new(
                "ward_save",
                crate::text!("ward save"),
                Value::Text(need(first.chain.ward)),
            ),
        ];
        for (_, g) in self.groups.iter().enumerate().filter(|&(i, _)| i != main) {
            facts.push(Field::new(
                "more_attacks",
                group_label(g.name),
                Value::Text(crate::text!("{} at S{}", g.count.label(), g.strength)),
            ));
        }
        if let (Some(panic), Some(models)) = (self.panic, self.target_models) {
            facts.push(panic.facts(models));
        }
        let mut outcomes = outcomes;
        if let Some(cost) = self.cost {
            facts.push(Field::new(
                "points",
                crate::text!("attackers' points"),
                Value::Num(cost, ""),
            ));
            for o in &mut outcomes {
                o.add_per_100_points(MEAN_WOUNDS, cost);
                o.add_per_100_points(MEAN_KILLS, cost);
            }
        }
        Report {
            query: self.query,
            summary: self.summary.clone(),
            facts,
            outcomes,
        }
    }

    fn exact_outcome(&self) -> Outcome {
        let odds = self.exact();
        let wounds = odds.casualties.combat_result_wounds();
        let kills = odds.casualties.kills();
        let first = &odds.groups[self.main_group()];
        let mut fields = outcome_fields(
            Some([first.p_hit, first.p_wound, first.p_unsaved].map(Value::Prob)),
            [wounds.mean(), wounds.sd(), kills.mean(), kills.sd()].map(|x| Value::Num(x, "")),
            self.target_models
                .map(|m| Value::Prob(kills.p_eq(i64::from(m)))),
        );
        fields.extend(
            self.panic_fields(|slain| Value::Prob(slain.map(|k| kills.p_eq(i64::from(k))).sum())),
        );
        let (max_wounds, max_kills) = self.max_rows();
        let exact_rows = |pmf: &Pmf, max: usize| {
            (0..=max as i64)
                .map(|k| (k, [Value::Prob(pmf.p_eq(k)), Value::Prob(pmf.p_ge(k))]))
                .collect::<Vec<_>>()
        };
        let wounded = (self.target_wounds > 1).then(|| {
            exact_rows(
                &odds.casualties.damage(),
                usize::from(self.target_wounds) - 1,
            )
        });
        let mut tables = distribution_tables(
            exact_rows(&wounds, max_wounds),
            exact_rows(&kills, max_kills),
            wounded,
        );
        tables.push(
            self.groups_table(
                odds.groups
                    .iter()
                    .map(|o| {
                        [
                            Value::Prob(o.p_hit),
                            Value::Prob(o.p_wound),
                            Value::Prob(o.p_unsaved),
                        ]
                    })
                    .collect(),
            ),
        );
        Outcome {
            engine: Engine::Exact,
            fields,
            tables,
        }
    }

    fn groups_table(&self, odds: Vec<[Value; 3]>) -> Table {
        Table {
            detail: false,
            kind: TableKind::Plain,
            key: "groups".into(),
            title: crate::text!("Per attack, by group"),
            index: Column::new("group", crate::text!("group")),
            columns: vec![
                Column::new("attacks", crate::text!("attacks")),
                Column::new("p_hit", crate::text!("P(hit)")),
                Column::new("p_wound", crate::text!("P(wound)")),
                Column::new("p_unsaved", crate::text!("P(unsaved)")),
            ],
            rows: self
                .groups
                .iter()
                .zip(odds)
                .map(|(g, [h, w, u])| {
                    (
                        Value::Text(group_label(g.name)),
                        vec![Value::Text(g.count.label().into()), h, w, u],
                    )
                })
                .collect(),
        }
    }

    /// The largest combat-result wounds and kills the attacks can cause:
    /// every engine lists its tables up to these, so they line up.
    fn max_rows(&self) -> (usize, usize) {
        let kills = self.max_kills() as usize;
        (kills * usize::from(self.target_wounds), kills)
    }

    /// Histograms of combat-result wounds, of kills and of the wounded
    /// model's wounds, from a histogram of casualty states.
    fn marginals(&self, states: &[u64]) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let w = self.target_wounds;
        let (max_wounds, max_kills) = self.max_rows();
        let mut wounds = vec![0; max_wounds + 1];
        let mut kills = vec![0; max_kills + 1];
        let mut damage = vec![0; usize::from(w)];
        // Slots past the last possible state (every model slain and one
        // wounded) are always empty.
        for (i, &n) in states.iter().enumerate().filter(|&(_, &n)| n > 0) {
            let c = Casualties::of_index(i, w);
            wounds[c.combat_result_wounds(w) as usize] += n;
            kills[c.kills as usize] += n;
            damage[usize::from(c.damage)] += n;
        }
        (wounds, kills, damage)
    }

    /// P(= k) and P(>= k) for every k of a histogram.
    fn estimate_rows(hist: &[u64], trials: u64) -> Vec<[Estimate; 2]> {
        (0..hist.len())
            .map(|k| {
                [
                    Estimate::proportion(hist[k], trials),
                    Estimate::proportion(hist[k..].iter().sum(), trials),
                ]
            })
            .collect()
    }

    fn widest(&self, tally: &[u64], trials: u64) -> f64 {
        let (wounds, kills, _) = self.marginals(&tally[..self.states()]);
        widest(
            Self::estimate_rows(&wounds, trials)
                .iter()
                .chain(&Self::estimate_rows(&kills, trials))
                .flatten(),
        )
    }

    fn simulated_outcome(&self, engine: Engine, settings: &Settings) -> Outcome {
        let sampling = &settings.sampling;
        let widest = |t: &Vec<u64>, n| self.widest(t, n);
        let run = match engine {
            Engine::Dice => simulate(engine, &DiceAttacksKernel::new(self), sampling, widest),
            _ => simulate(engine, &FastAttacksKernel::new(self), sampling, widest),
        };
        let states = self.states();
        let (wounds, kills, damage) = self.marginals(&run.tally[..states]);
        let (mean_w, sd_w) = Estimate::moments(0, &wounds);
        let (mean_k, sd_k) = Estimate::moments(0, &kills);
        // Per-attack steps are only seen by the dice-level engine; the fast
        // engine draws whole groups.
        let steps: Vec<[Value; 3]> = run.tally[states..]
            .chunks(4)
            .map(|c| {
                let attacks = c[0].max(1);
                [1, 2, 3].map(|j| Value::ProbEst(Estimate::proportion(c[j], attacks)))
            })
            .collect();
        let mut fields = outcome_fields(
            steps.get(self.main_group()).cloned(),
            [mean_w, sd_w, mean_k, sd_k].map(|e| Value::NumEst(e, "")),
            self.target_models.map(|m| {
                let destroyed = kills.get(m as usize).copied().unwrap_or(0);
                Value::ProbEst(Estimate::proportion(destroyed, run.trials))
            }),
        );
        fields.extend(self.panic_fields(|slain| {
            let count = slain.filter_map(|k| kills.get(k as usize)).sum();
            Value::ProbEst(Estimate::proportion(count, run.trials))
        }));
        fields.extend(run_fields(run.trials, sampling.seed));
        let rows = |hist: &[u64]| {
            Self::estimate_rows(hist, run.trials)
                .into_iter()
                .enumerate()
                .map(|(k, [eq, ge])| (k as i64, [Value::ProbEst(eq), Value::ProbEst(ge)]))
                .collect::<Vec<_>>()
        };
        let wounded = (self.target_wounds > 1).then(|| rows(&damage));
        let mut tables = distribution_tables(rows(&wounds), rows(&kills), wounded);
        if !steps.is_empty() {
            tables.push(self.groups_table(steps));
        }
        Outcome {
            engine,
            fields,
            tables,
        }
    }
}

fn pmf_table(key: &'static str, title: Text, index: (&'static str, Text), rows: Rows) -> Table {
    let rows = rows
        .into_iter()
        .map(|(k, p)| (Value::Num(k as f64, ""), p))
        .collect();
    Table::distribution(
        key,
        title,
        Column::new(index.0, index.1),
        [crate::text!("P(= k)"), crate::text!("P(>= k)")],
        rows,
    )
}

/// A distribution's rows: k, then P(= k) and P(>= k).
type Rows = Vec<(i64, [Value; 2])>;

/// The distribution tables of every engine: wounds, models slain and, for
/// multi-wound targets, the wounds on the one wounded model left standing
/// (0: none is wounded).
fn distribution_tables(wounds: Rows, kills: Rows, wounded: Option<Rows>) -> Vec<Table> {
    let mut tables = vec![
        pmf_table(
            "wounds_pmf",
            crate::text!("Wounds (combat result)"),
            ("wounds", crate::text!("wounds")),
            wounds,
        ),
        pmf_table(
            "kills_pmf",
            crate::text!("Models slain"),
            ("kills", crate::text!("kills")),
            kills,
        ),
    ];
    if let Some(rows) = wounded {
        tables.push(pmf_table(
            "wounded_model_pmf",
            crate::text!("Wounds on the wounded model left standing"),
            ("wounds", crate::text!("wounds")),
            rows,
        ));
    }
    tables
}

/// The fields of every engine, named once: the main group's per-attack
/// odds (engines that see single attacks), the means and sds of wounds and
/// kills, and P(unit destroyed) with `--target-models`.
fn outcome_fields(
    per_attack: Option<[Value; 3]>,
    [mean_w, sd_w, mean_k, sd_k]: [Value; 4],
    destroyed: Option<Value>,
) -> Vec<Field> {
    let mut fields = Vec::new();
    if let Some([hit, wound, unsaved]) = per_attack {
        fields.extend([
            Field::new("p_hit", crate::text!("P(hit) per attack"), hit),
            Field::new("p_wound", crate::text!("P(wound) per attack"), wound),
            Field::new(
                "p_unsaved",
                crate::text!("P(unsaved wound) per attack"),
                unsaved,
            ),
        ]);
    }
    fields.extend([
        Field::new(
            MEAN_WOUNDS,
            crate::text!("mean wounds (combat result)"),
            mean_w,
        ),
        Field::new("sd_wounds", crate::text!("sd of wounds"), sd_w),
        Field::new(MEAN_KILLS, crate::text!("mean models slain"), mean_k),
        Field::new("sd_kills", crate::text!("sd of models slain"), sd_k),
    ]);
    if let Some(d) = destroyed {
        fields.push(Field::new(
            "p_destroyed",
            crate::text!("P(unit destroyed)"),
            d,
        ));
    }
    fields
}

/// "4+", or "none".
/// "number of attacks": the count of a group's attacks, in words.
fn number_of(group: &'static str) -> Text {
    match group {
        "attacks" => crate::text!("number of attacks"),
        "shots" => crate::text!("number of shots"),
        other => crate::text!("number of {}", group_label(other)),
    }
}

/// A group's name in words.
fn group_label(group: &'static str) -> Text {
    match group {
        "attacks" => crate::text!("attacks"),
        "mount attacks" => crate::text!("mount attacks"),
        IMPACT_HITS => crate::text!("impact hits"),
        "shots" => crate::text!("shots"),
        other => Text::kept(other),
    }
}

fn need(n: Option<u8>) -> Text {
    n.map_or_else(|| crate::text!("none"), |n| crate::text!("{}+", n))
}

fn describe_hit(chain: &AttackChain) -> Text {
    let base = match chain.hit {
        HitNeed::Automatic => crate::text!("automatic"),
        HitNeed::Impossible => crate::text!("impossible"),
        HitNeed::CloseCombat(n) => crate::text!("{}+", n),
        HitNeed::Shooting(n) if n > 6 => crate::text!("{}+ (a 6, then {}+)", n, n - 3),
        HitNeed::Shooting(n) => crate::text!("{}+", n),
    };
    match chain.reroll_hits {
        Reroll::None => base,
        Reroll::Failures => crate::text!("{}, re-roll misses", base),
        Reroll::Ones => crate::text!("{}, re-roll 1s", base),
    }
}

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
