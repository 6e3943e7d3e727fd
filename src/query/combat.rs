//! `mathhammer combat FILE`: the whole fight, from the charge to the rout.
//! RULES.md (all of it); seeds 000, 002, 003.
//!
//! Every engine fills the same tally layout ([`Layout`]): the Monte Carlo
//! engines with counts of trials, the exact engine with probabilities. Each
//! reported figure is then defined once, as a set of tally cells, and read by
//! a `Measure` as an exact probability or as an estimate with its interval.

use super::{run_fields, simulate, widest, Method, Question, Settings};
use crate::combat::engines::{exact_records, DiceFate, FastFate, Rolls, StrikeTables};
use crate::combat::fight::{Combat, End, Record, UnitEnd};
use crate::dice::DiceSource;
use crate::report::{per_100_points, Column, Engine, Field, Key, Outcome, Report, Table, Value};
use crate::sim::{Estimate, Kernel, Tally};

/// Where each count lives in a combat tally.
#[derive(Clone, Debug)]
pub struct Layout {
    rounds: usize,
    /// Models of each unit.
    models: Vec<usize>,
    /// Characters of each unit.
    characters: Vec<usize>,
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
}

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
            .map(|u| u.characters.len())
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
        }
    }

    fn units(&self) -> usize {
        self.models.len()
    }

    /// One block of every unit's models histogram.
    fn block(&self) -> usize {
        self.model_offsets[self.units()]
    }

    /// Round r's results: attacker won, defender won, draw.
    fn round_result(&self, r: usize, k: usize) -> usize {
        ENDS + 3 * r + k
    }

    /// Rounds played: 0..=rounds.
    fn rounds_played(&self, n: usize) -> usize {
        ENDS + 3 * self.rounds + n
    }

    /// Unit u's end, as the k-th of [`UnitEnd::ALL`].
    fn unit_end(&self, u: usize, k: usize) -> usize {
        self.ends_at + u * UnitEnd::ALL.len() + k
    }

    /// Total casualties of unit u: 0..=models.
    fn total(&self, u: usize, k: usize) -> usize {
        self.totals_at + self.model_offsets[u] + k
    }

    /// Casualties of unit u in round r (when fought).
    fn in_round(&self, r: usize, u: usize, k: usize) -> usize {
        self.rounds_at + r * self.block() + self.model_offsets[u] + k
    }

    /// Characters of unit u slain: 0..=its characters.
    fn slain(&self, u: usize, k: usize) -> usize {
        self.slain_at + self.character_offsets[u] + k
    }

    /// Cells in the tally.
    pub fn len(&self) -> usize {
        self.slain_at + self.character_offsets[self.units()]
    }

    /// Whether the tally has no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `weight` for `record` through `bump(cell, weight)`.
    fn add<W: Copy>(&self, record: &Record, weight: W, mut bump: impl FnMut(usize, W)) {
        bump(End::index(record.end), weight);
        for (r, rr) in record.rounds.iter().enumerate() {
            let k = rr.winner.unwrap_or(2);
            bump(self.round_result(r, k), weight);
            for u in 0..self.units() {
                bump(self.in_round(r, u, rr.casualties[u] as usize), weight);
            }
        }
        bump(self.rounds_played(record.rounds.len()), weight);
        for u in 0..self.units() {
            let end = UnitEnd::ALL.iter().position(|&e| e == record.units[u]);
            bump(self.unit_end(u, end.unwrap_or(0)), weight);
            bump(self.total(u, record.casualties[u] as usize), weight);
            bump(self.slain(u, record.characters_slain[u] as usize), weight);
        }
    }

    /// Cells of unit u's ends among `ends`.
    fn unit_ends(&self, u: usize, ends: &[UnitEnd]) -> Vec<usize> {
        UnitEnd::ALL
            .iter()
            .enumerate()
            .filter(|(_, e)| ends.contains(e))
            .map(|(k, _)| self.unit_end(u, k))
            .collect()
    }
}

/// Reads tally cells as reported values.
trait Measure {
    /// P(the trial falls in any of `cells`).
    fn prob(&self, cells: &[usize]) -> Value;
    /// Mean and sd of a histogram stored in `cells` (values 0, 1, ...),
    /// over the trials it counts.
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value);
}

struct ExactMeasure<'a>(&'a [f64]);

impl Measure for ExactMeasure<'_> {
    fn prob(&self, cells: &[usize]) -> Value {
        Value::Prob(
            cells
                .iter()
                .map(|&c| self.0[c])
                .sum::<f64>()
                .clamp(0.0, 1.0),
        )
    }
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value) {
        let h = &self.0[cells];
        let total: f64 = h.iter().sum();
        if total <= 0.0 {
            return (Value::Absent, Value::Absent);
        }
        let mean = h.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>() / total;
        let var = h
            .iter()
            .enumerate()
            .map(|(k, p)| (k as f64 - mean).powi(2) * p)
            .sum::<f64>()
            / total;
        (Value::Num(mean, ""), Value::Num(var.sqrt(), ""))
    }
}

struct CountMeasure<'a> {
    counts: &'a [u64],
    trials: u64,
}

impl Measure for CountMeasure<'_> {
    fn prob(&self, cells: &[usize]) -> Value {
        Value::ProbEst(Estimate::proportion(
            cells.iter().map(|&c| self.counts[c]).sum(),
            self.trials,
        ))
    }
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value) {
        let h = &self.counts[cells];
        if h.iter().sum::<u64>() == 0 {
            return (Value::Absent, Value::Absent);
        }
        let (mean, sd) = Estimate::moments(0, h);
        (Value::NumEst(mean, ""), Value::NumEst(sd, ""))
    }
}

/// A combat query.
#[derive(Clone, Debug)]
pub struct CombatQuery {
    /// The fight.
    pub combat: Combat,
    /// The scenario's name.
    pub name: String,
}

impl CombatQuery {
    /// Each unit's key: `attacker` and `defender` for the main units, then
    /// `attacker_2`, `defender_2`, ... in the order the scenario lists them.
    pub fn unit_keys(&self) -> Vec<String> {
        let mut seen = [0; 2];
        self.combat
            .setup
            .places
            .iter()
            .map(|p| {
                seen[p.side] += 1;
                let side = SIDES[p.side];
                match seen[p.side] {
                    1 => side.to_string(),
                    k => format!("{side}_{k}"),
                }
            })
            .collect()
    }

    /// The scenario's own names: the fight's, each unit's and character's.
    fn names(&self) -> Vec<String> {
        let mut names = vec![self.name.clone()];
        for unit in &self.combat.setup.units {
            names.push(unit.name.clone());
            names.extend(unit.characters.iter().map(|c| c.body.name.clone()));
        }
        names
    }

    /// What `side`'s units cost: models x their profile's `points`, and each
    /// character's; `None` unless every one of them has points. Command
    /// groups are not costed.
    pub fn side_points(&self, side: usize) -> Option<f64> {
        let mut total = 0.0;
        for (unit, place) in self
            .combat
            .setup
            .units
            .iter()
            .zip(&self.combat.setup.places)
        {
            if place.side != side {
                continue;
            }
            total += unit.points? * f64::from(unit.models);
            for c in &unit.characters {
                total += c.body.points?;
            }
        }
        Some(total)
    }

    /// The cells of ends where `side` won the fight ([`End::loser`]).
    fn wins(&self, side: usize) -> Vec<usize> {
        let charger = self.combat.charger;
        End::ALL
            .iter()
            .filter(|e| e.loser(charger) == Some(1 - side))
            .map(|e| e.index())
            .collect()
    }

    /// Every figure, read through `m`; `overall`: the tally covers the whole
    /// fight (not only its first round).
    fn outcome(&self, engine: Engine, m: &dyn Measure, layout: &Layout, overall: bool) -> Outcome {
        let keys = self.unit_keys();
        let labels: Vec<String> = keys.iter().map(|k| k.replace('_', " ")).collect();
        let units = layout.units();
        // How the fight ended in the charge turn (with several units, the
        // others may fight on after a unit flees: then the fight ends later).
        let end = |key: &'static str, e: End| {
            Field::new(key, format!("P({})", e.label()), m.prob(&[e.index()]))
        };
        let mut fields = vec![
            end("p_charge_fails", End::ChargeFailed),
            end("p_charger_fled", End::ChargerFled),
            end("p_charger_shot_down", End::ChargerShotDown),
            end("p_target_fled", End::TargetFled),
            end("p_target_caught", End::TargetCaught),
        ];
        if overall {
            for (side, name) in SIDES.iter().enumerate() {
                fields.push(Field::new(
                    p_wins(side),
                    format!("P({name} wins)"),
                    m.prob(&self.wins(side)),
                ));
            }
            fields.push(end("p_unresolved", End::Unresolved));
            for u in 0..units {
                let (key, name) = (&keys[u], &labels[u]);
                let fled = layout.unit_ends(u, &[UnitEnd::Fled, UnitEnd::CaughtFleeing]);
                fields.push(Field::new(
                    UnitFigure::Flees.key(key),
                    format!("P({name} flees before the combat)"),
                    m.prob(&fled),
                ));
                let broke = layout.unit_ends(u, &[UnitEnd::Broke, UnitEnd::Caught]);
                fields.push(Field::new(
                    UnitFigure::Breaks.key(key),
                    format!("P({name} breaks)"),
                    m.prob(&broke),
                ));
                fields.push(Field::new(
                    UnitFigure::Caught.key(key),
                    format!("P({name} breaks and is caught)"),
                    m.prob(&layout.unit_ends(u, &[UnitEnd::Caught])),
                ));
                let destroyed = [UnitEnd::Caught, UnitEnd::WipedOut, UnitEnd::CaughtFleeing];
                fields.push(Field::new(
                    UnitFigure::Destroyed.key(key),
                    format!("P({name} destroyed)"),
                    m.prob(&layout.unit_ends(u, &destroyed)),
                ));
            }
            for u in 0..units {
                let n = layout.characters[u];
                if n > 0 {
                    let slain: Vec<usize> = (1..=n).map(|k| layout.slain(u, k)).collect();
                    fields.push(Field::new(
                        UnitFigure::CharacterSlain.key(&keys[u]),
                        format!("P({} loses a character)", labels[u]),
                        m.prob(&slain),
                    ));
                }
            }
            for u in 0..units {
                let (mean, _) =
                    m.moments(layout.total(u, 0)..layout.total(u, layout.models[u] + 1));
                fields.push(Field::new(
                    UnitFigure::MeanCasualties.key(&keys[u]),
                    format!("mean {} casualties", labels[u]),
                    mean,
                ));
            }
            let (rounds, _) =
                m.moments(layout.rounds_played(0)..layout.rounds_played(layout.rounds + 1));
            fields.push(Field::new("mean_rounds", "mean rounds fought", rounds));
        }
        let shown_rounds = if overall { layout.rounds } else { 1 };
        let mut rows = Vec::new();
        for r in 0..shown_rounds {
            let fought: Vec<usize> = (0..3).map(|k| layout.round_result(r, k)).collect();
            let mut cells = vec![
                m.prob(&fought),
                m.prob(&[layout.round_result(r, 0)]),
                m.prob(&[layout.round_result(r, 2)]),
                m.prob(&[layout.round_result(r, 1)]),
            ];
            for u in 0..units {
                let (mean, _) = m
                    .moments(layout.in_round(r, u, 0)..layout.in_round(r, u, layout.models[u] + 1));
                cells.push(mean);
            }
            rows.push((Value::Num((r + 1) as f64, ""), cells));
        }
        let mut columns = vec![
            Column::new("p_fought", "P(fought)"),
            Column::new("p_attacker_wins", "P(attacker wins)"),
            Column::new("p_draw", "P(draw)"),
            Column::new("p_defender_wins", "P(defender wins)"),
        ];
        for u in 0..units {
            columns.push(Column::new(
                format!("{}_casualties", keys[u]),
                format!("{} lost", labels[u]),
            ));
        }
        let mut tables = Vec::new();
        if overall {
            // The partition: every fight ends in exactly one of these.
            let rows = End::ALL
                .iter()
                .map(|e| (Value::Text(e.label().into()), vec![m.prob(&[e.index()])]))
                .collect();
            tables.push(Table {
                detail: false,
                key: "outcomes".into(),
                title: "How the fight ends (each fight in exactly one)".into(),
                index: Column::new("outcome", "outcome"),
                columns: vec![Column::new("p", "P")],
                rows,
            });
        }
        tables.push(Table {
            detail: false,
            key: "rounds".into(),
            title: "By round (casualties: mean over the fights that reached the round)".into(),
            index: Column::new("round", "round"),
            columns,
            rows,
        });
        if overall {
            for u in 0..units {
                let n = layout.models[u];
                let rows = (0..=n)
                    .map(|k| {
                        let eq = m.prob(&[layout.total(u, k)]);
                        let ge: Vec<usize> = (k..=n).map(|j| layout.total(u, j)).collect();
                        (Value::Num(k as f64, ""), vec![eq, m.prob(&ge)])
                    })
                    .collect();
                tables.push(Table {
                    detail: false,
                    key: format!("{}_casualties_pmf", keys[u]).into(),
                    title: format!(
                        "{} models lost ({})",
                        labels[u], self.combat.setup.units[u].name
                    ),
                    index: Column::new("models", "models"),
                    columns: vec![
                        Column::new("p", "P(= k)"),
                        Column::new("p_at_least", "P(>= k)"),
                    ],
                    rows,
                });
            }
        }
        // Casualties by round: P(the round is fought and a unit loses k).
        let most = layout.models.iter().copied().max().unwrap_or(0);
        let mut rows = Vec::new();
        for r in 0..shown_rounds {
            for k in 0..=most {
                let mut cells = vec![Value::Num(k as f64, "")];
                for u in 0..units {
                    if k <= layout.models[u] {
                        let or_more: Vec<usize> = (k..=layout.models[u])
                            .map(|j| layout.in_round(r, u, j))
                            .collect();
                        cells.push(m.prob(&[layout.in_round(r, u, k)]));
                        cells.push(m.prob(&or_more));
                    } else {
                        cells.extend([Value::Absent, Value::Absent]);
                    }
                }
                rows.push((Value::Num((r + 1) as f64, ""), cells));
            }
        }
        let mut columns = vec![Column::new("models", "models")];
        for u in 0..units {
            columns.push(Column::new(
                format!("p_{}", keys[u]),
                format!("P({} loses k)", labels[u]),
            ));
            columns.push(Column::new(
                format!("p_{}_at_least", keys[u]),
                format!("P({} loses k or more)", labels[u]),
            ));
        }
        tables.push(Table {
            detail: true,
            key: "round_casualties_pmf".into(),
            title: "Models lost by round: P(the round is fought and a unit loses k)".into(),
            index: Column::new("round", "round"),
            columns,
            rows,
        });
        Outcome {
            engine,
            fields,
            tables,
        }
    }

    /// Every engine of `settings`, as a report.
    pub fn report(&self, settings: &Settings) -> Report {
        let layout = Layout::new(&self.combat);
        let outcomes = settings.outcomes(
            || self.exact_outcome(),
            |engine| {
                let trials = &settings.sampling;
                let kernel = CombatKernel::new(&self.combat, engine == Engine::MonteCarlo);
                let run = simulate(engine, &kernel, trials, |t, n| {
                    let m = CountMeasure {
                        counts: t,
                        trials: n,
                    };
                    let o = self.outcome(engine, &m, &layout, true);
                    widest(
                        o.fields
                            .iter()
                            .filter_map(|f| match &f.value {
                                Value::ProbEst(e) => Some(e),
                                _ => None,
                            })
                            .collect::<Vec<_>>(),
                    )
                });
                let m = CountMeasure {
                    counts: &run.tally,
                    trials: run.trials,
                };
                let mut o = self.outcome(engine, &m, &layout, true);
                o.fields.extend(run_fields(run.trials, trials.seed));
                o
            },
        );
        let mut facts: Vec<Field> = self
            .unit_keys()
            .into_iter()
            .enumerate()
            .map(|(u, key)| {
                let unit = &self.combat.setup.units[u];
                let mut text = format!("{} {} ({} wide)", unit.models, unit.name, unit.frontage);
                if u >= 2 {
                    // Where a further unit fights: its contact with the
                    // enemy's main unit.
                    let place = &self.combat.setup.places[u];
                    let face = self.combat.setup.contacts[u - 1].face;
                    let enemy = SIDES[1 - place.side];
                    text += &match place.charging {
                        true => format!(
                            ", charges the {enemy}'s {} from {} {}",
                            face.name(),
                            place.distance,
                            self.combat.setup.edition.unit()
                        ),
                        false => format!(", fights the {enemy}'s {}", face.name()),
                    };
                }
                Field::new(key.clone(), key.replace('_', " "), Value::Text(text))
            })
            .collect();
        let mut outcomes = outcomes;
        for (side, name) in SIDES.iter().enumerate() {
            if let Some(cost) = self.side_points(side) {
                facts.push(Field::new(
                    format!("{name}_points"),
                    format!("{name} points"),
                    Value::Num(cost, ""),
                ));
                for o in &mut outcomes {
                    o.add_per_100_points(&p_wins(side), cost);
                }
            }
        }
        facts.push(Field::new(
            "rounds_cap",
            "rounds at most",
            Value::Int(u64::from(self.combat.setup.rounds)),
        ));
        Report {
            names: self.names(),
            query: "combat",
            summary: format!("Combat: {}", self.name),
            facts,
            outcomes,
        }
    }

    /// The exact engine plays the first round (the charge turn included);
    /// with a cap of one round that is the whole fight.
    fn exact_outcome(&self) -> Outcome {
        let first = self.combat.with_rounds(1);
        let layout = Layout::new(&first);
        match exact_records(&first) {
            Some(records) => {
                let mut p = vec![0.0; layout.len()];
                for (record, q) in &records {
                    layout.add(record, *q, |cell, w| p[cell] += w);
                }
                self.outcome(
                    Engine::Exact,
                    &ExactMeasure(&p),
                    &layout,
                    self.combat.setup.rounds == 1,
                )
            }
            None => Outcome::refused(
                Engine::Exact,
                "too many outcomes to enumerate within its budget of about a second (accepted: --method monte-carlo or dice)",
            ),
        }
    }
}

/// The sides' names, as keys and labels.
const SIDES: [&str; 2] = ["attacker", "defender"];

/// The key of P(`side` wins the fight).
pub fn p_wins(side: usize) -> Key {
    format!("p_{}_wins", SIDES[side]).into()
}

/// A figure reported for each unit of the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitFigure {
    /// P(it flees before the combat).
    Flees,
    /// P(it breaks).
    Breaks,
    /// P(it breaks and is caught).
    Caught,
    /// P(it is destroyed).
    Destroyed,
    /// P(it loses a character).
    CharacterSlain,
    /// Its mean casualties.
    MeanCasualties,
}

impl UnitFigure {
    /// Its key for the unit keyed `unit` ([`CombatQuery::unit_keys`]).
    pub fn key(self, unit: &str) -> Key {
        match self {
            UnitFigure::Flees => format!("p_{unit}_flees"),
            UnitFigure::Breaks => format!("p_{unit}_breaks"),
            UnitFigure::Caught => format!("p_{unit}_caught"),
            UnitFigure::Destroyed => format!("p_{unit}_destroyed"),
            UnitFigure::CharacterSlain => format!("p_{unit}_character_slain"),
            UnitFigure::MeanCasualties => format!("mean_{unit}_casualties"),
        }
        .into()
    }
}

impl Question for CombatQuery {
    fn kind(&self) -> &'static str {
        "combat"
    }
    fn report(&self, settings: &Settings) -> Report {
        CombatQuery::report(self, settings)
    }
    /// Monte Carlo: the exact engine plays the first round only.
    fn default_method(&self) -> Method {
        Method::MonteCarlo
    }
    fn headline(&self) -> Vec<Key> {
        let [attacker, defender] = SIDES;
        vec![
            p_wins(0),
            per_100_points(&p_wins(0)),
            p_wins(1),
            UnitFigure::Breaks.key(defender),
            UnitFigure::Caught.key(defender),
            UnitFigure::Breaks.key(attacker),
            UnitFigure::MeanCasualties.key(attacker),
            UnitFigure::MeanCasualties.key(defender),
        ]
    }
}

/// Whole fights: with strike tables (the fast engine) or rolling every die.
pub struct CombatKernel {
    combat: Combat,
    rolls: Rolls,
    tables: Option<StrikeTables>,
    layout: Layout,
}

impl CombatKernel {
    /// The kernel of `combat`: strike tables if `fast`, else every die rolled.
    pub fn new(combat: &Combat, fast: bool) -> Self {
        CombatKernel {
            combat: combat.clone(),
            rolls: Rolls::for_combat(combat),
            tables: fast.then(|| StrikeTables::new(combat)),
            layout: Layout::new(combat),
        }
    }
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

    fn run<S: DiceSource>(&self, dice: S, trials: u64, tally: &mut CombatTally) -> S {
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
        match &self.tables {
            Some(tables) => {
                let mut fate = FastFate::new(dice, &self.rolls, tables);
                play(&mut |r| self.combat.fight_into(&mut fate, r));
                fate.dice
            }
            None => {
                let mut fate = DiceFate::new(dice, &self.rolls);
                play(&mut |r| self.combat.fight_into(&mut fate, r));
                fate.dice
            }
        }
    }
}
