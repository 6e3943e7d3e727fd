//! 95% confidence intervals for Monte Carlo estimates.
//!
//! Probabilities use the Wilson score interval (Wilson 1927; recommended over
//! the normal approximation by Brown, Cai & DasGupta 2001), which stays inside
//! [0, 1] and is sensible at 0 and n successes. Means use the normal
//! approximation `mean ± z·s/√n`; standard deviations the delta method on the
//! sample fourth moment. `z` comes from statrs' normal quantile.

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, Normal};
use std::sync::LazyLock;

/// The two-sided 95% normal quantile (1.959963...).
pub static Z95: LazyLock<f64> = LazyLock::new(|| Normal::standard().inverse_cdf(0.975));

/// A Monte Carlo estimate with its 95% interval and the trials behind it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The point estimate.
    pub estimate: f64,
    /// Its 95% interval.
    pub ci95: [f64; 2],
    /// Trials behind it.
    pub trials: u64,
}

impl Estimate {
    /// The Wilson interval of `successes` out of `trials`.
    pub fn proportion(successes: u64, trials: u64) -> Self {
        assert!(trials > 0 && successes <= trials);
        let n = trials as f64;
        let p = successes as f64 / n;
        let z = *Z95;
        let z2n = z * z / n;
        let center = (p + z2n / 2.0) / (1.0 + z2n);
        let half = z / (1.0 + z2n) * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt();
        Estimate {
            estimate: p,
            ci95: [(center - half).max(0.0), (center + half).min(1.0)],
            trials,
        }
    }

    /// The estimate of E[X] for a variable that is `weight` (0 to 1) in
    /// `count` trials of each pair of `weighted` and 0 in the others: a
    /// probability with one factor known exactly (P(broke and escaped) x
    /// P(passes the rally test), read per trial). The normal interval,
    /// clamped to [0, 1]; where every trial has the same value it has no
    /// spread, and the Wilson interval of the trials with a weight, scaled
    /// by it, is used instead.
    pub fn expectation(weighted: &[(u64, f64)], trials: u64) -> Self {
        assert!(trials > 0);
        let n = trials as f64;
        let hits: u64 = weighted.iter().map(|&(c, _)| c).sum();
        let mean = weighted.iter().map(|&(c, w)| c as f64 * w).sum::<f64>() / n;
        let m2 = weighted.iter().map(|&(c, w)| c as f64 * w * w).sum::<f64>() / n;
        let se = ((m2 - mean * mean).max(0.0) / n).sqrt();
        if se == 0.0 {
            let w = weighted
                .iter()
                .find(|&&(c, _)| c > 0)
                .map_or(1.0, |&(_, w)| w);
            let mut e = Estimate::proportion(hits, trials).scaled(w);
            e.estimate = mean;
            return e;
        }
        let z = *Z95;
        Estimate {
            estimate: mean,
            ci95: [(mean - z * se).max(0.0), (mean + z * se).min(1.0)],
            trials,
        }
    }

    /// The estimate of the complementary event (the Wilson interval is
    /// symmetric under p -> 1 - p, so this is its Wilson interval too).
    pub fn complement(&self) -> Self {
        Estimate {
            estimate: 1.0 - self.estimate,
            ci95: [1.0 - self.ci95[1], 1.0 - self.ci95[0]],
            trials: self.trials,
        }
    }

    /// Half the interval's width.
    /// The estimate and its interval times `k` (k > 0): a figure per 100
    /// points, say.
    pub fn scaled(&self, k: f64) -> Self {
        Estimate {
            estimate: self.estimate * k,
            ci95: [self.ci95[0] * k, self.ci95[1] * k],
            trials: self.trials,
        }
    }

    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        (self.ci95[1] - self.ci95[0]) / 2.0
    }

    /// Mean and standard deviation of an integer variable from its histogram
    /// (`counts[i]` trials gave the value `min + i`).
    pub fn moments(min: i64, counts: &[u64]) -> (Estimate, Estimate) {
        let n: u64 = counts.iter().sum();
        assert!(n > 0);
        let nf = n as f64;
        let values = || {
            counts
                .iter()
                .enumerate()
                .map(|(i, &c)| ((min + i as i64) as f64, c as f64))
        };
        let mean = values().map(|(v, c)| v * c).sum::<f64>() / nf;
        let m2 = values().map(|(v, c)| (v - mean).powi(2) * c).sum::<f64>() / nf;
        let m4 = values().map(|(v, c)| (v - mean).powi(4) * c).sum::<f64>() / nf;
        let z = *Z95;
        let sd = m2.sqrt();
        let mean_half = z * (m2 / nf).sqrt();
        let sd_half = if sd > 0.0 {
            z * ((m4 - m2 * m2).max(0.0) / nf).sqrt() / (2.0 * sd)
        } else {
            0.0
        };
        (
            Estimate {
                estimate: mean,
                ci95: [mean - mean_half, mean + mean_half],
                trials: n,
            },
            Estimate {
                estimate: sd,
                ci95: [(sd - sd_half).max(0.0), sd + sd_half],
                trials: n,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_is_the_normal_quantile() {
        assert!((*Z95 - 1.959_963_984_540_054).abs() < 1e-9);
    }

    #[test]
    fn wilson_interval_by_hand() {
        // 50 of 100: center 0.5, half-width z·sqrt(0.25/100 + z²/40000)/(1+z²/100).
        let e = Estimate::proportion(50, 100);
        let z = *Z95;
        let half = z * (0.0025f64 + z * z / 40_000.0).sqrt() / (1.0 + z * z / 100.0);
        assert!((e.ci95[0] - (0.5 - half)).abs() < 1e-12);
        assert!((e.ci95[1] - (0.5 + half)).abs() < 1e-12);
        // No successes: the interval starts at 0 and is not degenerate.
        let zero = Estimate::proportion(0, 1000);
        assert_eq!(zero.ci95[0], 0.0);
        assert!(zero.ci95[1] > 0.003 && zero.ci95[1] < 0.004);
    }

    #[test]
    fn complement_mirrors_the_interval() {
        let e = Estimate::proportion(30, 200);
        let c = Estimate::proportion(170, 200);
        let m = e.complement();
        assert!((m.ci95[0] - c.ci95[0]).abs() < 1e-12 && (m.ci95[1] - c.ci95[1]).abs() < 1e-12);
    }

    #[test]
    fn moments_of_a_histogram() {
        // Values 1 and 3, 50 each: mean 2, sd 1.
        let (mean, sd) = Estimate::moments(1, &[50, 0, 50]);
        assert!((mean.estimate - 2.0).abs() < 1e-12);
        assert!((sd.estimate - 1.0).abs() < 1e-12);
        assert!(mean.ci95[0] < 2.0 && mean.ci95[1] > 2.0);
    }
}
