//! `mathhammer flee`: how far a unit flees (or pursues), and how often a
//! pursuer catches it. RULES.md Fleeing and pursuit; seed 000.

use super::kernels::{PairKernel, RollKernel};
use super::{run_fields, simulate, widest, Question, Settings};
use crate::dice::Roll;
use crate::error::{check_range, InputError};
use crate::exact::Pmf;
use crate::report::{Column, Engine, Field, Key, Outcome, Report, Table, Text, Value};
use crate::rules::movement::{flee_roll, pursuit_catches};
use crate::rules::Edition;
use crate::sim::Estimate;

/// A unit's move for flee and pursuit dice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mover {
    /// M as on the profile (after barding).
    pub movement: f64,
    /// It flies.
    pub flies: bool,
}

/// A flee, optionally with a pursuer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flee {
    /// Metric (cm) or inches.
    pub edition: Edition,
    /// The fleeing unit.
    pub fleeing: Mover,
    /// The pursuer, if any.
    pub pursuer: Option<Mover>,
}

/// Exact flee statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct FleeOdds {
    /// The flee distance.
    pub pmf: Pmf,
    /// P(pursuit roll >= flee roll), with a pursuer.
    pub p_caught: Option<f64>,
}

/// The mean flee distance.
pub const MEAN: &str = "mean";
/// P(caught: the pursuit roll at least the flee roll).
pub const P_CAUGHT: &str = "p_caught";

impl Question for Flee {
    fn kind(&self) -> &'static str {
        "flee"
    }
    fn validate(&self) -> Result<(), InputError> {
        Flee::validate(self)
    }
    fn report(&self, settings: &Settings) -> Report {
        Flee::report(self, settings)
    }
    fn headline(&self) -> Vec<Key> {
        vec![MEAN.into(), P_CAUGHT.into()]
    }
}

impl Flee {
    /// Checks M and the edition's limits.
    pub fn validate(&self) -> Result<(), InputError> {
        let e = self.edition;
        check_range(
            "--move",
            self.fleeing.movement,
            0.0,
            e.max_move(),
            true,
            e.unit(),
        )?;
        if let Some(p) = self.pursuer {
            check_range(
                "--pursuer-move",
                p.movement,
                0.0,
                e.max_move(),
                true,
                e.unit(),
            )?;
        }
        Ok(())
    }

    /// The fleeing unit's dice.
    pub fn flee_roll(&self) -> Roll {
        flee_roll(self.fleeing.movement, self.fleeing.flies, self.edition)
    }

    /// The pursuer's dice, if any.
    pub fn pursuit_roll(&self) -> Option<Roll> {
        self.pursuer
            .map(|p| flee_roll(p.movement, p.flies, self.edition))
    }

    /// The exact flee distance and P(caught).
    pub fn exact(&self) -> FleeOdds {
        let pmf = Pmf::of_roll(&self.flee_roll());
        let p_caught = self.pursuit_roll().map(|r| {
            let pursuit = Pmf::of_roll(&r);
            pmf.iter()
                .map(|(f, pf)| pf * pursuit.prob(|p| pursuit_catches(p as f64, f as f64)))
                .sum()
        });
        FleeOdds { pmf, p_caught }
    }

    /// Flee distances a table lists: every value the flee roll can take.
    fn distances(&self) -> std::ops::RangeInclusive<i64> {
        let dice = i64::from(self.flee_roll().dice);
        dice..=6 * dice
    }

    /// Every engine of `settings`, as a report.
    pub fn report(&self, settings: &Settings) -> Report {
        let outcomes = settings.outcomes(
            || self.exact_outcome(),
            |engine| self.simulated_outcome(engine, settings),
        );
        let unit = self.edition.unit();
        let mut facts = vec![
            Field::new(
                "unit",
                crate::text!("distances in"),
                Value::Text(unit.into()),
            ),
            Field::new(
                "flee_dice",
                crate::text!("flee dice"),
                Value::Text(self.flee_roll().to_string().into()),
            ),
        ];
        if let Some(r) = self.pursuit_roll() {
            facts.push(Field::new(
                "pursuit_dice",
                crate::text!("pursuit dice"),
                Value::Text(r.to_string().into()),
            ));
        }
        Report {
            query: "flee",
            summary: self.summary(),
            facts,
            outcomes,
        }
    }

    fn summary(&self) -> Text {
        let unit = self.edition.unit();
        let describe = |m: Mover| {
            let movement = crate::report::trim_number(m.movement, 2);
            match m.flies {
                true => crate::text!("M {} {}, flies", movement, unit),
                false => crate::text!("M {} {}", movement, unit),
            }
        };
        match self.pursuer {
            None => crate::text!("Flee: a unit ({}) flees", describe(self.fleeing)),
            Some(p) => crate::text!(
                "Flee: a unit ({}) flees from a pursuer ({})",
                describe(self.fleeing),
                describe(p)
            ),
        }
    }

    fn outcome(
        &self,
        engine: Engine,
        mean: Value,
        sd: Value,
        caught: Option<Value>,
        rows: Vec<(Value, [Value; 2])>,
        extra: Vec<Field>,
    ) -> Outcome {
        let mut fields = vec![
            Field::new(MEAN, crate::text!("mean flee distance"), mean),
            Field::new("sd", crate::text!("standard deviation"), sd),
        ];
        if let Some(c) = caught {
            fields.push(Field::new(
                P_CAUGHT,
                crate::text!("P(caught: pursuit >= flee)"),
                c,
            ));
        }
        fields.extend(extra);
        Outcome {
            engine,
            fields,
            note: None,
            tables: vec![Table::distribution(
                "pmf",
                crate::text!("Flee distance"),
                Column::new(
                    "distance",
                    crate::text!("distance ({})", self.edition.unit()),
                ),
                [crate::text!("P(= d)"), crate::text!("P(>= d)")],
                rows,
            )],
        }
    }

    fn exact_outcome(&self) -> Outcome {
        let odds = self.exact();
        let unit = self.edition.unit();
        let rows = self
            .distances()
            .map(|d| {
                (
                    Value::Num(d as f64, ""),
                    [Value::Prob(odds.pmf.p_eq(d)), Value::Prob(odds.pmf.p_ge(d))],
                )
            })
            .collect();
        self.outcome(
            Engine::Exact,
            Value::Num(odds.pmf.mean(), unit),
            Value::Num(odds.pmf.sd(), unit),
            odds.p_caught.map(Value::Prob),
            rows,
            vec![],
        )
    }

    /// From a joint histogram (flee value × `stride` pursuit values; stride 1
    /// without a pursuer): the flee-roll histogram, P(= d) and P(>= d) for
    /// every distance, and P(caught).
    fn estimates(&self, joint: &[u64], stride: usize, trials: u64) -> FleeEstimates {
        let flee: Vec<u64> = joint.chunks(stride).map(|c| c.iter().sum()).collect();
        let rows = self
            .distances()
            .map(|d| {
                let d = d as usize;
                let at_least = flee[d..].iter().sum();
                [
                    Estimate::proportion(flee[d], trials),
                    Estimate::proportion(at_least, trials),
                ]
            })
            .collect();
        let caught = self.pursuer.map(|_| {
            let hits = joint
                .iter()
                .enumerate()
                .filter(|&(i, _)| pursuit_catches((i % stride) as f64, (i / stride) as f64))
                .map(|(_, c)| c)
                .sum();
            Estimate::proportion(hits, trials)
        });
        FleeEstimates { flee, rows, caught }
    }

    fn simulated_outcome(&self, engine: Engine, settings: &Settings) -> Outcome {
        let sampling = &settings.sampling;
        let widest_of = |e: &FleeEstimates| widest(e.rows.iter().flatten().chain(&e.caught));
        let (run, stride) = match self.pursuit_roll() {
            None => {
                let kernel = RollKernel::new(Some(self.flee_roll()));
                let run = simulate(engine, &kernel, sampling, |h, n| {
                    widest_of(&self.estimates(h, 1, n))
                });
                (run, 1)
            }
            Some(pursuit) => {
                let kernel = PairKernel::new(self.flee_roll(), pursuit);
                let stride = kernel.stride();
                let run = simulate(engine, &kernel, sampling, |h, n| {
                    widest_of(&self.estimates(h, stride, n))
                });
                (run, stride)
            }
        };
        let est = self.estimates(&run.tally, stride, run.trials);
        let (mean, sd) = Estimate::moments(0, &est.flee);
        let unit = self.edition.unit();
        let rows = self
            .distances()
            .zip(est.rows)
            .map(|(d, [eq, ge])| {
                (
                    Value::Num(d as f64, ""),
                    [Value::ProbEst(eq), Value::ProbEst(ge)],
                )
            })
            .collect();
        self.outcome(
            engine,
            Value::NumEst(mean, unit),
            Value::NumEst(sd, unit),
            est.caught.map(Value::ProbEst),
            rows,
            run_fields(run.trials, sampling.seed),
        )
    }
}

struct FleeEstimates {
    /// Histogram of flee rolls.
    flee: Vec<u64>,
    /// [P(= d), P(>= d)] per distance.
    rows: Vec<[Estimate; 2]>,
    caught: Option<Estimate>,
}
