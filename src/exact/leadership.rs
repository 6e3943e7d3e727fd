//! The exact P(pass) of a leadership test: one attempt's probability from
//! the PMF of its kept dice, then the test's own re-roll rule
//! ([`LeadershipTest::p_pass`]). RULES.md Break test, Panic.

use super::Pmf;
use crate::rules::LeadershipTest;

/// P(pass) of `test`, exactly.
///
/// # Example
///
/// ```
/// use mathhammer::exact::leadership::p_pass;
/// use mathhammer::rules::LeadershipTest;
///
/// // 2D6 <= 7: 21 of 36 rolls.
/// assert!((p_pass(&LeadershipTest::new(7)) - 21.0 / 36.0).abs() < 1e-12);
/// ```
pub fn p_pass(test: &LeadershipTest) -> f64 {
    let once = Pmf::of_roll(&test.roll()).prob(|k| test.passes(k as u8));
    test.p_pass(once)
}
