//! The exact engine against both step-by-step Monte Carlo engines, and
//! against whole rounds drawn from its own chain, over random whole
//! fights: every probability a report gives (its fields and every cell of
//! its tables) and every mean, as a number of standard errors.
//!
//! Two policies. [`Policy::Every`]: every figure within 4 standard errors
//! (the seeded subsets `cargo test` runs, a few thousand figures). Over
//! the full run's hundreds of thousands of figures a 4-sigma miss has
//! probability 6e-5 each, so a dozen are chance: [`Policy::Counted`]
//! fails on any figure beyond 6 sigma (chance: under 1e-3 over the whole
//! run) or on more figures beyond 4 than chance allows.

use super::*;
use mathhammer::query::Sampler;
use mathhammer::report::{Outcome, Value};
use mathhammer::sim::Estimate;

/// How misses are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Every figure within 4 standard errors.
    Every,
    /// None beyond 6; beyond 4 no more than chance allows.
    Counted,
}

/// What [`fights_compared`] compared: engine comparisons, the friends'
/// figures among them, the values of `p_redirected` above 0, the
/// comparisons of whole fights of two rounds or more, the figures (fields
/// and table cells) compared in all, those beyond 4 standard errors (with
/// [`Policy::Counted`]) and the largest miss, in standard errors.
#[derive(Clone, Debug, Default)]
pub struct Compared {
    pub fights: usize,
    pub friends: usize,
    pub redirected: usize,
    pub whole: usize,
    pub figures: usize,
    pub beyond_4: Vec<String>,
    pub worst: f64,
}

impl Compared {
    /// Records a figure `z` standard errors off, described by `what`.
    fn check(&mut self, policy: Policy, z: f64, what: impl FnOnce() -> String) {
        self.figures += 1;
        self.worst = self.worst.max(z);
        if z > 4.0 {
            assert!(
                policy == Policy::Counted && z <= 6.0,
                "{} ({z:.1} sigma)",
                what()
            );
            self.beyond_4.push(format!("{} ({z:.1} sigma)", what()));
        }
    }

    /// Both counts together, `self`'s misses first.
    fn merge(mut self, other: Compared) -> Compared {
        self.fights += other.fights;
        self.friends += other.friends;
        self.redirected += other.redirected;
        self.whole += other.whole;
        self.figures += other.figures;
        self.beyond_4.extend(other.beyond_4);
        self.worst = self.worst.max(other.worst);
        self
    }

    /// Fails if more figures missed by 4 sigma than chance allows: their
    /// count under chance is binomial (6.3e-5 a figure); allowed, its mean
    /// plus 4 of its sd plus 3.
    pub fn assert_misses_are_chance(&self) {
        let expected = self.figures as f64 * 6.3e-5;
        let allowed = expected + 4.0 * expected.sqrt() + 3.0;
        assert!(
            (self.beyond_4.len() as f64) <= allowed,
            "{} figures beyond 4 sigma of {} (chance: {expected:.1}, allowed {allowed:.0}): {:#?}",
            self.beyond_4.len(),
            self.figures,
            self.beyond_4
        );
    }
}

/// Standard errors between an exact probability `p` and an estimate, with
/// one trial's continuity correction (`within_4_sigma`'s); an exact 0 or 1
/// must be met exactly.
fn z_prob(p: f64, e: &Estimate) -> f64 {
    let n = e.trials as f64;
    let off = (e.estimate - p).abs();
    let sigma = (p * (1.0 - p) / n).sqrt();
    if sigma == 0.0 {
        return if off <= 1e-12 { 0.0 } else { f64::INFINITY };
    }
    if n * p.min(1.0 - p) < RARE {
        return z_rare(p, e);
    }
    ((off - 1.0 / n - 1e-12) / sigma).max(0.0)
}

/// Outcomes expected fewer times than this in a run (either way) are rare
/// ([`z_rare`]).
const RARE: f64 = 20.0;

/// The standard errors of a rare outcome's miss: the normal approximation
/// overstates it (3 in 1e5 trials at an exact 6e-7, the full run's case
/// 409, is a 3.6e-5 event, not 7.9 sigma), so the count seen is judged by
/// its exact binomial tail, given as the z of a normal tail as likely
/// (two-sided).
fn z_rare(p: f64, e: &Estimate) -> f64 {
    use statrs::distribution::{Binomial, DiscreteCDF};
    let n = e.trials as f64;
    let k = (e.estimate * n).round() as u64;
    let b = Binomial::new(p, e.trials).expect("a probability and trials");
    let tail = match k as f64 > n * p {
        true => b.sf(k - 1),
        false => b.cdf(k),
    };
    z_of_tail(tail)
}

/// Standard errors between an exact mean (of sd `sd`) and an estimate.
fn z_mean(mean: f64, sd: f64, e: &Estimate) -> f64 {
    let off = (e.estimate - mean).abs() - 1e-12;
    let se = sd / (e.trials as f64).sqrt();
    if se == 0.0 {
        return if off <= 0.0 { 0.0 } else { f64::INFINITY };
    }
    if mean > 0.0 {
        // A mean made of rare events of about `size` each (casualties
        // almost never suffered): their count is about Poisson, and the
        // normal approximation overstates a miss as for a rare outcome
        // (the full run's case 781: one casualty in 1e5 fights at an
        // exact mean of 2e-7 is a 2% event, not 6.7 sigma).
        let size = sd * sd / mean;
        let n = e.trials as f64;
        let expected = n * mean / size;
        if expected < RARE {
            let seen = (n * e.estimate / size).round().max(0.0) as u64;
            return z_poisson(expected, seen);
        }
    }
    (off / se).max(0.0)
}

/// [`z_rare`]'s z for `seen` events where a Poisson count of mean
/// `expected` is due.
fn z_poisson(expected: f64, seen: u64) -> f64 {
    use statrs::distribution::{DiscreteCDF, Poisson};
    let p = Poisson::new(expected).expect("a positive mean");
    let tail = match seen as f64 > expected {
        true => p.sf(seen - 1),
        false => p.cdf(seen),
    };
    z_of_tail(tail)
}

/// The z of a normal tail as likely as `tail` (one side of a count's
/// distribution, taken two-sided).
fn z_of_tail(tail: f64) -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal};
    let two_sided = (2.0 * tail).min(1.0);
    if two_sided <= 0.0 {
        return f64::INFINITY;
    }
    (-Normal::standard().inverse_cdf(two_sided / 2.0)).max(0.0)
}

/// Compares the Monte Carlo engines with the exact engine over `cases`
/// random fights drawn by `fight` (fast engine and whole rounds: 200,000
/// trials each, dice: 40,000; fights the exact engine declines are
/// skipped), every figure within 4 sigma.
pub fn fights_compared(
    seed: u64,
    cases: u64,
    fight: impl Fn(&mut Xoshiro256PlusPlus) -> String,
) -> Compared {
    fights_compared_with(seed, cases, [200_000, 40_000], Policy::Every, fight)
}

/// [`fights_compared`] with `trials` for the fast engine (step by step,
/// and whole rounds) and the dice engine, judged by `policy`. The fights
/// are drawn in order from one stream, compared on every core, and their
/// counts merged in order: the same figures on any thread count.
pub fn fights_compared_with(
    seed: u64,
    cases: u64,
    trials: [u64; 2],
    policy: Policy,
    fight: impl Fn(&mut Xoshiro256PlusPlus) -> String,
) -> Compared {
    use rayon::prelude::*;
    let mut r = rng(seed);
    let texts: Vec<String> = (0..cases).map(|_| fight(&mut r)).collect();
    let each: Vec<Compared> = texts
        .par_iter()
        .enumerate()
        .map(|(case, text)| one_fight_compared(case as u64, text, trials, policy))
        .collect();
    each.into_iter().fold(Compared::default(), Compared::merge)
}

/// One fight's comparisons (none if the exact engine declines it).
fn one_fight_compared(case: u64, text: &str, [fast, dice]: [u64; 2], policy: Policy) -> Compared {
    use mathhammer::scenario::combat::ScenarioFile;
    let mut c = Compared::default();
    let file: ScenarioFile = mathhammer::scenario::parse(text, "random.toml").unwrap();
    let Ok(q) = file.combat(std::path::Path::new(".")) else {
        return c;
    };
    let exact_report = q.report(&settings(Method::Exact, 1, 0));
    let exact_outcome = exact_report.outcome(Engine::Exact).unwrap();
    if exact_outcome.refusal().is_some() {
        return c;
    }
    // The step-by-step engines are the independent evaluators; whole
    // rounds sample the exact chain's own transitions.
    for (engine, method, sampler, trials) in [
        (Engine::MonteCarlo, Method::MonteCarlo, Sampler::Steps, fast),
        (Engine::Dice, Method::Dice, Sampler::Steps, dice),
        (
            Engine::MonteCarlo,
            Method::MonteCarlo,
            Sampler::WholeRounds,
            fast,
        ),
    ] {
        let report = q.report(&Settings {
            sampler,
            ..settings(method, trials, 6000 + case)
        });
        let outcome = report.outcome(engine).unwrap();
        assert!(
            outcome.refusal().is_none(),
            "case {case} {sampler:?} refused"
        );
        let context = format!("case {case} {engine:?} {sampler:?}");
        tables_agree(&mut c, policy, exact_outcome, outcome, &context, text);
        for f in &exact_outcome.fields {
            match (&f.value, outcome.field(&f.key).and_then(|v| v.estimate())) {
                (Value::Prob(p), Some(e)) => {
                    c.redirected += usize::from(f.key == "p_redirected" && *p > 0.0);
                    c.check(policy, z_prob(*p, &e), || {
                        format!("{context} {}: {p} vs {e:?}\n{text}", f.key)
                    });
                }
                (Value::Num(mean, _), Some(e)) if f.key.starts_with("mean_") => {
                    // The exact sd: a sample of a rare event has none.
                    let key = &f.key;
                    let sd = exact_sd(exact_outcome, key, *mean);
                    c.check(policy, z_mean(*mean, sd, &e), || {
                        format!("{context} {key}: {mean} (sd {sd}) vs {e:?}\n{text}")
                    });
                }
                _ => {}
            }
        }
        c.fights += 1;
        let rounds = exact_outcome.table("rounds").map_or(0, |t| t.rows.len());
        c.whole += usize::from(rounds > 1);
    }
    c
}

/// Every probability cell of `exact`'s tables against the same cell of
/// `outcome`'s (the outcomes, the rounds, the casualty distributions, each
/// round's casualties, the friends).
fn tables_agree(
    c: &mut Compared,
    policy: Policy,
    exact: &Outcome,
    outcome: &Outcome,
    context: &str,
    text: &str,
) {
    for x in &exact.tables {
        let t = outcome
            .table(&x.key)
            .unwrap_or_else(|| panic!("{context}: no table {}", x.key));
        assert_eq!(x.rows.len(), t.rows.len(), "{context}: rows of {}", x.key);
        for ((xi, xs), (_, ts)) in x.rows.iter().zip(&t.rows) {
            for (col, (xv, tv)) in x.columns.iter().zip(xs.iter().zip(ts)) {
                let (Value::Prob(p), Some(e)) = (xv, tv.estimate()) else {
                    continue;
                };
                c.friends += usize::from(x.key == "friends");
                c.check(policy, z_prob(*p, &e), || {
                    let (key, col) = (&x.key, &col.key);
                    format!("{context} {key}[{xi:?}].{col}: {p} vs {e:?}\n{text}")
                });
            }
        }
    }
}

/// The exact sd behind the mean field `key`: the casualty distribution's
/// (`mean_attacker_casualties` from `attacker_casualties_pmf`), or the
/// rounds fought's (from the `rounds` table's P(fought) = P(R >= r):
/// E[R^2] = sum (2r - 1) P(R >= r)).
pub fn exact_sd(outcome: &Outcome, key: &str, mean: f64) -> f64 {
    if key == "mean_rounds" {
        let table = outcome.table("rounds").unwrap();
        let second: f64 = table
            .rows
            .iter()
            .map(|(r, p)| (2.0 * r.exact().unwrap() - 1.0) * p[0].exact().unwrap())
            .sum();
        return (second - mean * mean).max(0.0).sqrt();
    }
    let Some(unit) = key
        .strip_prefix("mean_")
        .and_then(|k| k.strip_suffix("_casualties"))
    else {
        return (mean * (1.0 - mean)).max(0.0).sqrt();
    };
    let table = outcome.table(&format!("{unit}_casualties_pmf")).unwrap();
    let second: f64 = table
        .rows
        .iter()
        .map(|(k, p)| k.exact().unwrap().powi(2) * p[0].exact().unwrap())
        .sum();
    (second - mean * mean).max(0.0).sqrt()
}

#[test]
fn a_rare_outcomes_miss_is_judged_by_its_binomial_tail() {
    let seen = |k: u64| Estimate::proportion(k, 100_000);
    // The full run's case 409: 3 in 1e5 at 6e-7 (a Poisson mean of 0.06):
    // P(3 or more) = 3.6e-5, two-sided 7.2e-5, about 3.97 sigma.
    let z = z_prob(6.002767217342644e-7, &seen(3));
    assert!((3.9..4.05).contains(&z), "{z}");
    // None seen is no miss; 30 seen would be a real one.
    assert_eq!(z_prob(6e-7, &seen(0)), 0.0);
    assert!(z_prob(6e-7, &seen(30)) > 6.0);
    // A mean of rare casualties, case 781: 1 in 1e5 fights at 2e-7 (sd
    // 4.6e-4, casualties of about one) is a 2% event, about 2.1 sigma.
    let z = z_mean(1.977946030812913e-7, 4.6211501889100094e-4, &seen(1));
    assert!((1.9..2.3).contains(&z), "{z}");
    assert!(z_mean(2e-7, 4.6e-4, &seen(40)) > 6.0);
    // Common outcomes keep the normal approximation: 0.5 seen 0.502.
    let z = z_prob(0.5, &seen(50_200));
    assert!((1.2..1.3).contains(&z), "{z}");
}
