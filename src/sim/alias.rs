//! Walker's alias method: one draw from a fixed discrete distribution with
//! one 64-bit random word.
//!
//! **What it computes.** A sample from `p` (probabilities of outcomes
//! `0..n`), used by the fast engine to draw a whole stage (say, the
//! casualties of 20 attacks) from its exact distribution.
//!
//! **How.** Vose's construction (M. D. Vose, "A linear algorithm for
//! generating random numbers with a given distribution", IEEE TSE 1991)
//! splits the n·p mass into n columns of height 1, each holding at most two
//! outcomes: its own (below `threshold`) and one `alias`. A draw multiplies
//! the word by n: the high 64 bits of the 128-bit product pick the column
//! uniformly, the low 64 bits are the position within it, compared with the
//! column's threshold (scaled to 2^64).
//!
//! **Bias.** The column is uniform up to n/2^64 and the position is uniform
//! on a grid of step n; each outcome's probability is off by at most
//! ~2n·2^-64 (about 2e-17 for n = 100), below the 2^-53 resolution of the
//! `f64` probabilities the table is built from.

/// An alias table over outcomes `0..n`.
#[derive(Clone, Debug)]
pub struct AliasTable {
    /// Per column: position threshold (scaled to 2^64) and alias outcome.
    columns: Box<[(u64, u32)]>,
}

impl AliasTable {
    /// Builds the table; `p` need not be normalised. Panics if empty or all
    /// zero.
    pub fn new(p: &[f64]) -> Self {
        let n = p.len();
        let total: f64 = p.iter().sum();
        assert!(n > 0 && total > 0.0, "alias table of an empty distribution");
        assert!(
            u32::try_from(n).is_ok(),
            "alias table of over 2^32 outcomes"
        );
        let mut height: Vec<f64> = p.iter().map(|&x| x * n as f64 / total).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| height[i] < 1.0);
        let mut columns = vec![(u64::MAX, 0u32); n];
        for (i, c) in columns.iter_mut().enumerate() {
            c.1 = i as u32;
        }
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            columns[s] = (scale(height[s]), l as u32);
            height[l] -= 1.0 - height[s];
            if height[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // Columns left over are full (their heights are 1 up to rounding).
        AliasTable {
            columns: columns.into_boxed_slice(),
        }
    }

    /// One outcome from one random word.
    #[inline(always)]
    pub fn sample(&self, word: u64) -> usize {
        let (column, position) = wide_mul(word, self.columns.len() as u32);
        let column = column as usize;
        let (threshold, alias) = self.columns[column];
        // A select, not a branch: the comparison is a coin flip.
        let own = usize::from(position < threshold);
        own * column + (1 - own) * alias as usize
    }

    /// The probability each outcome is drawn with (for tests).
    #[cfg(test)]
    fn probabilities(&self) -> Vec<f64> {
        let n = self.columns.len() as f64;
        let mut p = vec![0.0; self.columns.len()];
        for (i, &(t, a)) in self.columns.iter().enumerate() {
            let own = t as f64 / 2f64.powi(64);
            p[i] += own / n;
            p[a as usize] += (1.0 - own) / n;
        }
        p
    }
}

/// The 128-bit product `word * n` as its high and low 64-bit halves.
#[inline(always)]
fn wide_mul(word: u64, n: u32) -> (u64, u64) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let product = u128::from(word) * u128::from(n);
        ((product >> 64) as u64, product as u64)
    }
    #[cfg(target_arch = "wasm32")]
    {
        wide_mul_by_halves(word, n)
    }
}

/// [`wide_mul`] from two 32x32-bit products: WebAssembly has no 128-bit
/// multiply (a u128 product is a library call there), and this is the
/// same number. Measured in Chromium, one run: whole-round sampling of the
/// flagship 22.7 -> 27.9 M fights/s; step by step unchanged.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
fn wide_mul_by_halves(word: u64, n: u32) -> (u64, u64) {
    const LOW: u64 = 0xffff_ffff;
    let (low, high) = ((word & LOW) * u64::from(n), (word >> 32) * u64::from(n));
    let middle = (low >> 32) + (high & LOW);
    ((high >> 32) + (middle >> 32), (middle << 32) | (low & LOW))
}

/// A height in [0, 1] as a 64-bit threshold.
fn scale(h: f64) -> u64 {
    if h >= 1.0 {
        u64::MAX
    } else {
        (h.max(0.0) * 2f64.powi(64)) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_reproduces_its_distribution() {
        let p = [0.5, 0.25, 0.125, 0.0, 0.125];
        let t = AliasTable::new(&p);
        for (a, b) in t.probabilities().iter().zip(p) {
            assert!((a - b).abs() < 1e-15, "{a} vs {b}");
        }
        let binomial: Vec<f64> = (0..=20)
            .map(|k| {
                let c = (0..k).fold(1.0, |acc, i| acc * (20 - i) as f64 / (i + 1) as f64);
                c * (1.0f64 / 6.0).powi(k) * (5.0f64 / 6.0).powi(20 - k)
            })
            .collect();
        let t = AliasTable::new(&binomial);
        for (a, b) in t.probabilities().iter().zip(&binomial) {
            assert!((a - b).abs() < 1e-15, "{a} vs {b}");
        }
    }

    #[test]
    fn the_product_by_halves_is_the_128_bit_product() {
        let words = [
            0,
            1,
            u64::MAX,
            u64::MAX / 3,
            0x8000_0000_0000_0000,
            0xdead_beef_f00d_cafe,
        ];
        for word in words {
            for n in [1, 2, 6, 36, 1000, u32::MAX] {
                let product = u128::from(word) * u128::from(n);
                let expected = ((product >> 64) as u64, product as u64);
                assert_eq!(wide_mul_by_halves(word, n), expected, "{word} x {n}");
            }
        }
    }

    #[test]
    fn extreme_words_pick_valid_outcomes() {
        let t = AliasTable::new(&[0.0, 1.0, 0.0]);
        for w in [0, 1, u64::MAX / 3, u64::MAX / 2, u64::MAX] {
            assert_eq!(t.sample(w), 1);
        }
        let certain = AliasTable::new(&[2.0]);
        assert_eq!(certain.sample(u64::MAX), 0);
    }
}
