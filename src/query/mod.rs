//! The queries players ask, one file per subcommand. Each query is a
//! validated model plus three evaluators that share the rule functions of
//! [`crate::rules`]: `exact` (PMFs), and a Monte Carlo kernel run with the
//! fast or the dice-level dice source.

pub mod attacks;
pub mod charge;
pub mod combat;
pub mod flee;
#[doc(hidden)]
pub mod kernels;
pub mod leadership;
pub(crate) mod measure;
pub mod panic;
pub mod shooting_panic;

use crate::dice::{PlainDice, TableDice};
use crate::error::InputError;
use crate::plot::Figure;
use crate::report::{Engine, Field, Key, Outcome, Report, Text, Value};
use crate::sim::{run_sampling, Estimate, Kernel, Run, Sampling};

/// A question players ask, as one validated model: what every subcommand's
/// query implements, so that the command line, a query file, a sweep and a
/// comparison run any of them alike. A new query is one file that
/// implements it, registered once in `sweep::Query` and once in `cli`.
pub trait Question {
    /// The subcommand, for tables (`charge`).
    fn kind(&self) -> &'static str;
    /// Checks the model's values; an error names the flag or field.
    fn validate(&self) -> Result<(), InputError> {
        Ok(())
    }
    /// Evaluates it with every engine `settings` asks for.
    fn report(&self, settings: &Settings) -> Report;
    /// The charts of its report (`--plot`): by default the probabilities as
    /// bars and every distribution as P(= k) bars and P(>= k) lines.
    fn figure(&self, report: &Report) -> Figure {
        crate::plot::report_figure(report)
    }
    /// The method used when `--method` is not given.
    fn default_method(&self) -> Method {
        Method::Exact
    }
    /// The figures a sweep or comparison shows, by report key, in order
    /// (keys a report lacks are skipped): the same for every point.
    fn headline(&self) -> Vec<Key>;
    /// The figures this answer leads with (the readable table's first
    /// block, the page's headline), chosen by what `report` found: a
    /// handful that decide, none zero in every engine (those stay in the
    /// table). By default the sweep's figures that are not zero.
    fn lead(&self, report: &Report) -> Vec<Key> {
        report.not_zero(self.headline())
    }
    /// The words of the labels that stand for units (`attacker`) and the
    /// units' names (or roles) to show instead, in the headline and the
    /// tables (none: the labels as they are).
    fn headline_names(&self) -> Vec<(Text, Text)> {
        Vec::new()
    }
}

/// Which evaluators to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    #[default]
    /// The exact engine.
    Exact,
    /// Fast Monte Carlo.
    MonteCarlo,
    /// Dice-level Monte Carlo.
    Dice,
    /// All three, side by side.
    All,
    /// The exact engine if the query fits its budget when chosen (a
    /// combat's [`crate::combat::chain::AUTO_BUDGET`]), else fast Monte
    /// Carlo; the outcome's `note` says which and why.
    Auto,
}

impl Method {
    /// The engines it runs, in order (`Auto`: the one it tries first).
    pub fn engines(self) -> Vec<Engine> {
        match self {
            Method::Exact | Method::Auto => vec![Engine::Exact],
            Method::MonteCarlo => vec![Engine::MonteCarlo],
            Method::Dice => vec![Engine::Dice],
            Method::All => vec![Engine::Exact, Engine::MonteCarlo, Engine::Dice],
        }
    }
}

/// How a query is evaluated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Which engines run.
    pub method: Method,
    /// How the Monte Carlo engines sample.
    pub sampling: Sampling,
    /// How the fast engine plays a whole fight (`combat` only).
    pub sampler: Sampler,
}

/// How the fast Monte Carlo engine plays a whole fight (`--sampler`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Sampler {
    /// Whole rounds where the exact chain costs a small share of the run's
    /// fights ([`combat::ROUND_WORK_PER_FIGHT`]), else strike steps.
    #[default]
    Auto,
    /// Whole rounds drawn from the exact chain's transitions
    /// ([`crate::combat::rounds`]); refused past the exact engine's budget.
    WholeRounds,
    /// Strike step by strike step: independent of the exact engine.
    Steps,
}

impl Settings {
    /// One outcome per engine of `--method`, in order: `exact()` for the exact
    /// engine, `simulated(engine)` for the Monte Carlo ones.
    pub fn outcomes(
        &self,
        exact: impl Fn() -> Outcome,
        simulated: impl Fn(Engine) -> Outcome,
    ) -> Vec<Outcome> {
        if self.method == Method::Auto {
            return vec![auto(exact(), || simulated(Engine::MonteCarlo))];
        }
        // Notes are auto's alone.
        self.method
            .engines()
            .into_iter()
            .map(|engine| match engine {
                Engine::Exact => exact(),
                _ => simulated(engine),
            })
            .map(|o| Outcome { note: None, ..o })
            .collect()
    }
}

/// `--method auto`: the exact outcome unless the exact engine declined,
/// else `monte_carlo()`; the one chosen says so in its note, in a player's
/// words (the exact engine's own note says what it worked out; why it
/// declined is `--method exact`'s error).
fn auto(exact: Outcome, monte_carlo: impl FnOnce() -> Outcome) -> Outcome {
    match exact.refusal() {
        None => {
            let note = match exact.note.clone() {
                Some(what) => crate::text!("worked out exactly: {}", what),
                None => crate::text!("worked out exactly"),
            };
            Outcome {
                note: Some(note),
                ..exact
            }
        }
        Some(_) => {
            let o = monte_carlo();
            let trials = match o.field("trials") {
                Some(Value::Int(n)) => *n,
                _ => 0,
            };
            let note = crate::text!(
                "estimated by playing it out {} times at random: too many ways it can go to work out exactly",
                trials
            );
            Outcome {
                note: Some(note),
                ..o
            }
        }
    }
}

/// Runs `kernel` on a Monte Carlo engine (`Engine::Exact` is not one).
/// `widest` gives the widest reported half-width of a tally, for `--precision`.
pub(crate) fn simulate<K: Kernel>(
    engine: Engine,
    kernel: &K,
    sampling: &Sampling,
    widest: impl Fn(&K::Tally, u64) -> f64,
) -> Run<K::Tally> {
    match engine {
        Engine::MonteCarlo => run_sampling::<K, TableDice>(kernel, sampling, widest),
        Engine::Dice => run_sampling::<K, PlainDice>(kernel, sampling, widest),
        Engine::Exact => panic!("the exact engine does not simulate"),
    }
}

/// The fields every Monte Carlo outcome ends with.
pub(crate) fn run_fields(trials: u64, seed: u64) -> Vec<Field> {
    vec![
        Field::new("trials", crate::text!("trials"), Value::Int(trials)),
        Field::new("seed", crate::text!("seed"), Value::Int(seed)),
    ]
}

/// The widest half-width among some estimates.
pub(crate) fn widest<'a>(estimates: impl IntoIterator<Item = &'a Estimate>) -> f64 {
    estimates
        .into_iter()
        .map(Estimate::half_width)
        .fold(0.0, f64::max)
}

/// Whether a unit's name reads as many (`Spearmen`, `Orc Boyz`, `Big
/// 'Uns`, `Knights of the Realm`), so that a label agrees with it ("P(Spearmen
/// win)"), where a profile's name is one model's (`Empire spearman`) and
/// a unit's may be a body's (`Temple Guard`): the last word before any
/// "of" ends as an English plural does.
pub(crate) fn plural_name(name: &str) -> bool {
    let head = name.split(" of ").next().unwrap_or(name);
    let last = head.split_whitespace().last().unwrap_or("").to_lowercase();
    let last = last.trim_end_matches(|c: char| !c.is_alphabetic());
    ["s", "z", "men", "ren"]
        .iter()
        .any(|end| last.ends_with(end))
}
