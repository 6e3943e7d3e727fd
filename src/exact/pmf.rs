//! Probability mass functions over a range of integers.
//!
//! **What it computes.** The exact distribution of a dice roll or of any
//! integer built from independent rolls (sums, comparisons, readings of
//! individual dice).
//!
//! **How.** A PMF is stored densely from its smallest value. Sums of dice are
//! convolutions of the single-die PMF (`O(n²·6)` for n dice); a custom reading
//! of k dice enumerates all 6^k equally likely outcomes. Probabilities are
//! `f64`; for dice they are integer counts over 6^n, represented exactly up to
//! 6^20 and then rounded once per convolution step (relative error ~1e-16).

use crate::dice::{for_each_outcome, Reading, Roll};

/// A probability mass function over the integers `min..min + p.len()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pmf {
    min: i64,
    p: Vec<f64>,
}

impl Pmf {
    /// The certain value `v`.
    pub fn point(v: i64) -> Self {
        Pmf {
            min: v,
            p: vec![1.0],
        }
    }

    /// One D6.
    pub fn d6() -> Self {
        Pmf {
            min: 1,
            p: vec![1.0 / 6.0; 6],
        }
    }

    /// The total of `n` D6 (n = 0 is the point 0). Up to 24 dice the counts
    /// of each total are convolved as integers (6^24 < 2^64) and divided once,
    /// so each probability is the correctly rounded count / 6^n.
    pub fn nd6(n: u32) -> Self {
        if n > 24 {
            return (0..n).fold(Pmf::point(0), |acc, _| acc.add(&Pmf::d6()));
        }
        let mut counts = vec![1u64];
        for _ in 0..n {
            let mut next = vec![0u64; counts.len() + 6];
            for (i, &c) in counts.iter().enumerate() {
                for slot in &mut next[i + 1..=i + 6] {
                    *slot += c;
                }
            }
            counts = next;
        }
        let total = 6f64.powi(n as i32);
        Pmf::from_weights(0, counts.iter().map(|&c| c as f64 / total).collect())
    }

    /// The exact distribution of a [`Roll`]: convolution for sums, enumeration
    /// of all 6^k outcomes for a rule's own reading.
    pub fn of_roll(roll: &Roll) -> Self {
        match roll.reading {
            Reading::Sum => Pmf::nd6(roll.dice),
            Reading::Custom(_) => {
                let mut counts = vec![0u64; 256];
                for_each_outcome(roll.dice, |_, faces| counts[roll.read(faces) as usize] += 1);
                let total = 6f64.powi(roll.dice as i32);
                Pmf::from_weights(0, counts.iter().map(|&c| c as f64 / total).collect())
            }
        }
    }

    /// A PMF from probabilities of `min, min+1, ...` (trimmed of zero tails).
    pub fn from_weights(min: i64, p: Vec<f64>) -> Self {
        let first = p.iter().position(|&x| x != 0.0).unwrap_or(0);
        let last = p.iter().rposition(|&x| x != 0.0).unwrap_or(0);
        Pmf {
            min: min + first as i64,
            p: p[first..=last].to_vec(),
        }
    }

    /// Smallest value with positive probability.
    pub fn min(&self) -> i64 {
        self.min
    }

    /// Largest value with positive probability.
    pub fn max(&self) -> i64 {
        self.min + self.p.len() as i64 - 1
    }

    /// P(X = v).
    pub fn p_eq(&self, v: i64) -> f64 {
        if v < self.min {
            return 0.0;
        }
        self.p.get((v - self.min) as usize).copied().unwrap_or(0.0)
    }

    /// P(X >= v).
    pub fn p_ge(&self, v: i64) -> f64 {
        self.prob(|x| x >= v)
    }

    /// P(X <= v).
    pub fn p_le(&self, v: i64) -> f64 {
        self.prob(|x| x <= v)
    }

    /// P(event(X)), clamped to [0, 1] against rounding.
    pub fn prob(&self, mut event: impl FnMut(i64) -> bool) -> f64 {
        let p: f64 = self.iter().filter(|&(v, _)| event(v)).map(|(_, p)| p).sum();
        p.clamp(0.0, 1.0)
    }

    /// (value, probability) over the support, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.p
            .iter()
            .enumerate()
            .map(move |(i, &p)| (self.min + i as i64, p))
    }

    /// The distribution of X + Y for independent X, Y (convolution).
    pub fn add(&self, other: &Pmf) -> Pmf {
        let mut p = vec![0.0; self.p.len() + other.p.len() - 1];
        for (i, &a) in self.p.iter().enumerate() {
            for (j, &b) in other.p.iter().enumerate() {
                p[i + j] += a * b;
            }
        }
        Pmf {
            min: self.min + other.min,
            p,
        }
    }

    /// P(X >= Y) for independent X (self) and Y.
    pub fn p_at_least(&self, other: &Pmf) -> f64 {
        self.iter().map(|(x, px)| px * other.p_le(x)).sum()
    }

    /// The mean.
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v as f64 * p).sum()
    }

    /// The variance.
    pub fn variance(&self) -> f64 {
        let m = self.mean();
        self.iter().map(|(v, p)| (v as f64 - m).powi(2) * p).sum()
    }

    /// The standard deviation.
    pub fn sd(&self) -> f64 {
        self.variance().sqrt()
    }

    /// Total probability (1 up to rounding).
    pub fn total(&self) -> f64 {
        self.p.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_d6_by_hand() {
        let p = Pmf::nd6(5);
        assert_eq!((p.min(), p.max()), (5, 30));
        assert!((p.mean() - 17.5).abs() < 1e-12);
        // Variance of one D6 is 35/12; five dice: 175/12.
        assert!((p.variance() - 175.0 / 12.0).abs() < 1e-12);
        // 5D6 >= 25: 252 of the 7,776 outcomes.
        assert!((p.p_ge(25) - 252.0 / 7776.0).abs() < 1e-15);
        assert_eq!(p.p_eq(5), 1.0 / 7776.0);
        assert!((p.total() - 1.0).abs() < 1e-15);
    }

    #[test]
    fn nd6_matches_brute_force_enumeration() {
        for n in 1..=6u32 {
            let mut counts = vec![0u64; 6 * n as usize + 1];
            crate::dice::for_each_outcome(n, |_, faces| {
                counts[faces.iter().map(|&f| f as usize).sum::<usize>()] += 1;
            });
            let pmf = Pmf::nd6(n);
            let total = 6f64.powi(n as i32);
            for (v, &c) in counts.iter().enumerate() {
                assert_eq!(pmf.p_eq(v as i64), c as f64 / total, "{n}D6 = {v}");
            }
        }
    }

    #[test]
    fn the_float_path_for_many_dice_agrees_with_counts() {
        let by_float = (0..24).fold(Pmf::point(0), |acc, _| acc.add(&Pmf::d6()));
        let by_count = Pmf::nd6(24);
        for v in 24..=144 {
            let (a, b) = (by_float.p_eq(v), by_count.p_eq(v));
            assert!((a - b).abs() <= 1e-12 * b.max(1e-300), "{v}: {a} vs {b}");
        }
    }

    #[test]
    fn p_at_least_of_two_rolls() {
        // P(D6 >= D6) = 21/36.
        assert!((Pmf::d6().p_at_least(&Pmf::d6()) - 21.0 / 36.0).abs() < 1e-15);
    }

    #[test]
    fn weights_are_trimmed() {
        let p = Pmf::from_weights(3, vec![0.0, 0.5, 0.5, 0.0]);
        assert_eq!((p.min(), p.max()), (4, 5));
        assert_eq!(p.p_eq(3), 0.0);
        assert_eq!(p.p_eq(99), 0.0);
    }
}
