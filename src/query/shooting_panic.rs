//! The panic a shooting causes (RULES.md Panic; seed 003), as `shoot`
//! reports it with `--target-models`: the target tests at the end of the
//! phase if it lost 25% of the models it had when the phase began and still
//! stands, and friends within 10 cm test if it was destroyed (unless it was
//! a single model of fewer than 5 Wounds). A failed test flees.
//!
//! P(a test) is read from the casualty distribution, so it is exact or an
//! estimate with the engine; P(flees) multiplies it by the exact P(fail)
//! of the panic test (`exact::leadership`): 2D6 > Ld, or for a
//! cold-blooded target the two lowest of 3D6 > Ld (RULES.md Break test),
//! the Ld test being independent of the shooting.

use crate::exact::leadership::p_pass;
use crate::report::{Field, Value};
use crate::rules::panic::{destruction_causes_panic, fewest_heavy_casualties};
use crate::rules::LeadershipTest;
use std::ops::Range;

/// Key of P(the target tests for panic).
pub const P_PANIC_TEST: &str = "p_panic_test";
/// Key of P(the target flees in panic).
pub const P_FLEES: &str = "p_flees";
/// Key of P(a friend within 10 cm tests for panic).
pub const P_FRIEND_TESTS: &str = "p_friend_tests";
/// Key of P(that friend flees in panic).
pub const P_FRIEND_FLEES: &str = "p_friend_flees";

/// Whom a shooting may panic, and their Ld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShootingPanic {
    /// The target takes panic tests: not immune to psychology, not
    /// frenzied, not unbreakable (RULES.md Special attacks and
    /// psychology). Without them it never tests.
    pub target_tests: bool,
    /// The target is cold-blooded: it tests on 3D6, the highest discarded
    /// (RULES.md Break test).
    pub target_cold_blooded: bool,
    /// The target's Ld (its own, a character's or the General's in range):
    /// with it, P(the target flees).
    pub target_ld: Option<u8>,
    /// A friend within 10 cm of the target: its Ld.
    pub friend_ld: Option<u8>,
}

impl ShootingPanic {
    /// The target's panic test on `ld`: 2D6, or 3D6 less the highest if it
    /// is cold-blooded (RULES.md Break test, Panic).
    pub fn target_test(&self, ld: u8) -> LeadershipTest {
        LeadershipTest::on(ld, self.target_cold_blooded)
    }

    /// The fact every engine shares: the casualties that make a unit of
    /// `models` test.
    pub(super) fn facts(&self, models: u32) -> Field {
        Field::new(
            "panic_casualties",
            crate::text!("casualties that cause a panic test (25%)"),
            Value::Num(f64::from(fewest_heavy_casualties(models)), ""),
        )
    }

    /// The figures of a target of `models` models of `wounds` Wounds, given
    /// P(lo <= casualties < hi) as `slain(lo..hi)`.
    pub(super) fn fields(
        &self,
        models: u32,
        wounds: u8,
        slain: impl Fn(Range<u32>) -> Value,
    ) -> Vec<Field> {
        let tests = match self.target_tests {
            true => slain(fewest_heavy_casualties(models)..models),
            false => Value::Prob(0.0),
        };
        let flees = self
            .target_ld
            .map(|ld| times(&tests, 1.0 - p_pass(&self.target_test(ld))));
        let mut fields = vec![Field::new(
            P_PANIC_TEST,
            crate::text!("P(the target tests for panic: 25% lost)"),
            tests,
        )];
        fields.extend(
            flees.map(|f| Field::new(P_FLEES, crate::text!("P(the target flees in panic)"), f)),
        );
        if let Some(ld) = self.friend_ld {
            let destroyed = match destruction_causes_panic(models, wounds) {
                true => slain(models..models + 1),
                false => Value::Prob(0.0),
            };
            let flees = times(&destroyed, 1.0 - p_pass(&LeadershipTest::new(ld)));
            fields.push(Field::new(
                P_FRIEND_TESTS,
                crate::text!("P(a friend within 10 cm tests for panic)"),
                destroyed,
            ));
            fields.push(Field::new(
                P_FRIEND_FLEES,
                crate::text!("P(the friend flees in panic)"),
                flees,
            ));
        }
        fields
    }
}

/// `v` times an exact factor `k` (an estimate's interval scaled with it).
fn times(v: &Value, k: f64) -> Value {
    match v {
        Value::Prob(p) => Value::Prob(p * k),
        Value::ProbEst(e) => Value::ProbEst(e.scaled(k)),
        other => other.clone(),
    }
}
