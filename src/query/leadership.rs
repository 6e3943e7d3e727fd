//! `mathhammer leadership`: P(pass) of a leadership test (break, panic, fear,
//! rally). RULES.md Break test, Panic; seed 003.

use super::{run_fields, simulate, widest, Question, Settings};
use crate::dice::source::PreparedRoll;
use crate::dice::DiceSource;
use crate::error::InputError;
use crate::exact::leadership::p_pass;
use crate::report::{Engine, Field, Key, Outcome, Report, Text, Value};
use crate::rules::leadership::{MAX_LD, MIN_LD};
use crate::rules::LeadershipTest;
use crate::sim::{Estimate, Kernel};
use crate::text;

/// Accepted range of `--modifier`.
pub const MODIFIER_RANGE: std::ops::RangeInclusive<i32> = -20..=20;

/// A leadership query.
#[derive(Clone, Copy, Debug)]
pub struct Leadership {
    /// The test.
    pub test: LeadershipTest,
}

/// P(the test is passed).
pub const P_PASS: &str = "p_pass";

impl Question for Leadership {
    fn kind(&self) -> &'static str {
        "leadership"
    }
    fn validate(&self) -> Result<(), InputError> {
        Leadership::validate(self)
    }
    fn report(&self, settings: &Settings) -> Report {
        Leadership::report(self, settings)
    }
    fn headline(&self) -> Vec<Key> {
        vec![P_PASS.into()]
    }
}

impl Leadership {
    /// Checks Ld and the modifier.
    pub fn validate(&self) -> Result<(), InputError> {
        if !(MIN_LD..=MAX_LD).contains(&i32::from(self.test.ld)) {
            return Err(InputError::new(
                "--ld",
                text!(
                    "{} is out of range (accepted: {} to {})",
                    self.test.ld,
                    MIN_LD,
                    MAX_LD
                ),
            ));
        }
        if !MODIFIER_RANGE.contains(&self.test.modifier) {
            return Err(InputError::new(
                "--modifier",
                text!(
                    "{} is out of range (accepted: {} to {})",
                    self.test.modifier,
                    MODIFIER_RANGE.start(),
                    MODIFIER_RANGE.end()
                ),
            ));
        }
        Ok(())
    }

    /// Exact P(pass): one attempt from the PMF of the kept dice, then a
    /// failed attempt re-rolled once with a battle standard.
    pub fn exact(&self) -> f64 {
        p_pass(&self.test)
    }

    /// Every engine of `settings`, as a report.
    pub fn report(&self, settings: &Settings) -> Report {
        let outcomes = settings.outcomes(
            || Self::outcome(Engine::Exact, Value::Prob(self.exact()), vec![]),
            |engine| {
                let kernel = LeadershipKernel::new(self.test);
                let run = simulate(engine, &kernel, &settings.sampling, |t, n| {
                    widest(&[Estimate::proportion(t[0], n)])
                });
                let pass = Estimate::proportion(run.tally[0], run.trials);
                let extra = run_fields(run.trials, settings.sampling.seed);
                Self::outcome(engine, Value::ProbEst(pass), extra)
            },
        );
        let t = &self.test;
        let facts = vec![
            // Not `dice`: under --method all that key is the dice engine's.
            Field::new(
                "roll",
                crate::text!("dice"),
                Value::Text(t.roll().to_string().into()),
            ),
            Field::new(
                "target",
                crate::text!("passes on a total of at most"),
                Value::Num(f64::from(t.target()), ""),
            ),
        ];
        Report {
            query: "leadership",
            summary: self.summary(),
            facts,
            outcomes,
        }
    }

    fn outcome(engine: Engine, pass: Value, extra: Vec<Field>) -> Outcome {
        let fail = pass.complement();
        let mut fields = vec![
            Field::new(P_PASS, crate::text!("P(pass)"), pass),
            Field::new("p_fail", crate::text!("P(fail)"), fail),
        ];
        fields.extend(extra);
        Outcome {
            engine,
            fields,
            note: None,
            tables: vec![],
        }
    }

    fn summary(&self) -> Text {
        let t = &self.test;
        let mut rules = Vec::new();
        if t.modifier != 0 {
            rules.push(crate::text!("{} Ld", format!("{:+}", -t.modifier)));
        }
        for (on, name) in [
            (t.stubborn, crate::text!("stubborn")),
            (t.cold_blooded, crate::text!("cold-blooded")),
            (t.reroll, crate::text!("battle-standard re-roll")),
            (t.insane_courage, crate::text!("insane courage")),
        ] {
            if on {
                rules.push(name);
            }
        }
        let summary = crate::text!("Leadership test: Ld {}", t.ld);
        if rules.is_empty() {
            summary
        } else {
            summary.then(crate::text!(" ({})", Text::join(rules, ", ")))
        }
    }
}

/// One test per trial, scored by [`LeadershipTest::retaken`]. Tally:
/// `[passed]`.
pub struct LeadershipKernel {
    roll: PreparedRoll,
    test: LeadershipTest,
    /// Whether an attempt with each kept total passes (the rule, tabulated).
    passes: [bool; 32],
}

impl LeadershipKernel {
    /// The kernel of `test`.
    pub fn new(test: LeadershipTest) -> Self {
        LeadershipKernel {
            roll: PreparedRoll::new(test.roll()),
            test,
            passes: std::array::from_fn(|kept| test.passes(kept as u8)),
        }
    }
}

impl Kernel for LeadershipKernel {
    type Tally = [u64; 1];

    fn tally(&self) -> [u64; 1] {
        [0]
    }

    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, tally: &mut [u64; 1]) -> S {
        let mut passed = 0;
        let attempt = |dice: &mut S| self.passes[dice.roll(&self.roll) as usize];
        if self.test.reroll {
            // The re-roll is drawn every trial and read only after a failure:
            // the same distribution, without a branch that mispredicts on
            // nearly half the trials.
            for _ in 0..trials {
                let (first, second) = (attempt(&mut dice), attempt(&mut dice));
                passed += u64::from(self.test.retaken(first, || second));
            }
        } else {
            for _ in 0..trials {
                passed += u64::from(attempt(&mut dice));
            }
        }
        tally[0] += passed;
        dice
    }
}
