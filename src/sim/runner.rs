//! The parallel Monte Carlo runner.
//!
//! Trials are cut into chunks of [`CHUNK_TRIALS`]; chunk `i` runs on its own
//! stream ([`chunk_rng`]) over rayon (in turn without the `parallel`
//! feature), and the chunks' integer tallies are
//! merged in chunk order. The same seed therefore gives bit-identical results
//! on any number of threads. With a precision target the run doubles (whole
//! chunks, continuing the same chunk sequence) until every reported interval
//! is narrow enough or the trial cap is reached.

use super::stream::{chunk_rng, CHUNK_TRIALS};
use crate::dice::DiceSource;
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// Integer counts a kernel accumulates; merging must be exact.
pub trait Tally: Send {
    /// Adds `other` (a later chunk's tally) to this one.
    fn merge(&mut self, other: &Self);
}

impl Tally for Vec<u64> {
    fn merge(&mut self, other: &Self) {
        for (a, b) in self.iter_mut().zip(other) {
            *a += b;
        }
    }
}

impl<const N: usize> Tally for [u64; N] {
    fn merge(&mut self, other: &Self) {
        for (a, b) in self.iter_mut().zip(other) {
            *a += b;
        }
    }
}

/// One kind of trial, written once for every dice source.
pub trait Kernel: Sync {
    /// What a trial adds to.
    type Tally: Tally;
    /// An empty tally.
    fn tally(&self) -> Self::Tally;
    /// Plays `trials` trials with dice from `dice`, adding to `tally`, and
    /// hands the source back. The kernel owns the source while it runs, so
    /// the generator's state stays in registers: borrowed, it was kept in
    /// memory and the fast engine lost 15-20% (SAMPLING.md saw 3x).
    fn run<S: DiceSource>(&self, dice: S, trials: u64, tally: &mut Self::Tally) -> S;
}

/// How many trials to play, and from which seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    /// Trials to play (without `precision`).
    pub trials: u64,
    /// The seed of every stream.
    pub seed: u64,
    /// Instead of `trials`: play one chunk, then keep doubling the run until
    /// every reported interval's half-width is at most this.
    pub precision: Option<f64>,
    /// Hard cap on trials with `precision`: never passed.
    pub max_trials: u64,
}

/// A finished run: its tally and how many trials made it.
#[derive(Clone, Debug)]
pub struct Run<T> {
    /// The merged tally.
    pub tally: T,
    /// Trials played.
    pub trials: u64,
}

/// Plays chunk `chunk` (`trials` of them) on its own stream. Kept out of line
/// so the generator lives in registers, not in the rayon closure's frame
/// (SAMPLING.md: a 3x slowdown otherwise).
#[inline(never)]
fn run_chunk<K: Kernel, S: DiceSource>(kernel: &K, seed: u64, chunk: u64, trials: u64) -> K::Tally {
    let mut tally = kernel.tally();
    kernel.run(S::from_rng(chunk_rng(seed, chunk)), trials, &mut tally);
    tally
}

/// Plays trials `from..to` of the run seeded `seed` (`from` a chunk boundary)
/// in the current rayon pool.
fn run_range<K: Kernel, S: DiceSource>(kernel: &K, seed: u64, from: u64, to: u64) -> K::Tally {
    debug_assert_eq!(from % CHUNK_TRIALS, 0);
    let chunks = (from / CHUNK_TRIALS)..to.div_ceil(CHUNK_TRIALS);
    // One thread without rayon (WebAssembly): the same chunks, merged in
    // the same order, so the same numbers.
    #[cfg(feature = "parallel")]
    let chunks = chunks.into_par_iter();
    let tallies: Vec<K::Tally> = chunks
        .map(|c| {
            let n = (to - c * CHUNK_TRIALS).min(CHUNK_TRIALS);
            let tally = run_chunk::<K, S>(kernel, seed, c, n);
            super::progress::add(n);
            tally
        })
        .collect();
    let mut total = kernel.tally();
    for t in &tallies {
        total.merge(t);
    }
    total
}

/// Plays `trials` trials seeded `seed` in the current rayon pool.
pub fn run<K: Kernel, S: DiceSource>(kernel: &K, seed: u64, trials: u64) -> K::Tally {
    run_range::<K, S>(kernel, seed, 0, trials)
}

/// Plays as `sampling` asks. Without a precision target: exactly
/// `sampling.trials`. With one: one chunk, then doubling (whole chunks)
/// until `widest(tally, trials)` (the widest reported half-width) is at most
/// the target, never past `max_trials` (the last step may stop inside a
/// chunk to meet it).
pub fn run_sampling<K: Kernel, S: DiceSource>(
    kernel: &K,
    sampling: &Sampling,
    widest: impl Fn(&K::Tally, u64) -> f64,
) -> Run<K::Tally> {
    let Some(target) = sampling.precision else {
        return Run {
            tally: run::<K, S>(kernel, sampling.seed, sampling.trials),
            trials: sampling.trials,
        };
    };
    let cap = sampling.max_trials.max(1);
    let mut done = CHUNK_TRIALS.min(cap);
    let mut tally = run_range::<K, S>(kernel, sampling.seed, 0, done);
    while done < cap && widest(&tally, done) > target {
        let next = done.saturating_mul(2).min(cap);
        tally.merge(&run_range::<K, S>(kernel, sampling.seed, done, next));
        done = next;
    }
    Run {
        tally,
        trials: done,
    }
}
