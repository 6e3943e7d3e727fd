//! Trials (and a matchup's fights) finished so far in this process, for the
//! progress bar: the runner adds each chunk as it ends (one atomic add per 65,536 trials, nothing a
//! benchmark can see). The binary reads it from another thread; numbers do
//! not depend on it.

use std::sync::atomic::{AtomicU64, Ordering};

static DONE: AtomicU64 = AtomicU64::new(0);

/// Counts `trials` more as played.
pub fn add(trials: u64) {
    DONE.fetch_add(trials, Ordering::Relaxed);
}

/// Trials played so far (read by the progress bar alone).
#[cfg_attr(not(feature = "progress"), allow(dead_code))]
pub fn done() -> u64 {
    DONE.load(Ordering::Relaxed)
}

static RUNS: AtomicU64 = AtomicU64::new(0);

/// Counts one more run (a matchup's fight) as finished.
pub fn add_run() {
    RUNS.fetch_add(1, Ordering::Relaxed);
}

/// Runs finished so far (read by the progress bar alone).
#[cfg_attr(not(feature = "progress"), allow(dead_code))]
pub fn runs() -> u64 {
    RUNS.load(Ordering::Relaxed)
}
