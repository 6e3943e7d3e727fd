//! Trials (and a matchup's fights) finished so far in this process, for the
//! progress bar: the runner adds each chunk as it ends (one atomic add per
//! 65,536 trials, nothing a benchmark can see). The binary reads it from
//! another thread; the web page, whose one thread the run holds, is told
//! through a listener. Numbers do not depend on it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

static DONE: AtomicU64 = AtomicU64::new(0);

/// Told the trials and runs finished so far, at each chunk's and each run's
/// end (the web page's progress).
static LISTENER: OnceLock<fn(u64, u64)> = OnceLock::new();

/// Calls `listener` with [`done`] and [`runs`] each time either grows (the
/// first listener set stays). Only the web page listens.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn listen(listener: fn(u64, u64)) {
    let _ = LISTENER.set(listener);
}

fn tell() {
    if let Some(listener) = LISTENER.get() {
        listener(done(), runs());
    }
}

/// Counts `trials` more as played.
pub fn add(trials: u64) {
    DONE.fetch_add(trials, Ordering::Relaxed);
    tell();
}

/// Trials played so far.
pub fn done() -> u64 {
    DONE.load(Ordering::Relaxed)
}

static RUNS: AtomicU64 = AtomicU64::new(0);

/// Counts one more run (a matchup's fight) as finished.
pub fn add_run() {
    RUNS.fetch_add(1, Ordering::Relaxed);
    tell();
}

/// Runs finished so far.
pub fn runs() -> u64 {
    RUNS.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listener_is_told_each_chunk_and_run() {
        static TRIALS: AtomicU64 = AtomicU64::new(0);
        static RUNS: AtomicU64 = AtomicU64::new(0);
        listen(|trials, runs| {
            TRIALS.fetch_max(trials, Ordering::Relaxed);
            RUNS.fetch_max(runs, Ordering::Relaxed);
        });
        let before = done();
        add(65_536);
        assert!(TRIALS.load(Ordering::Relaxed) >= before + 65_536);
        let runs_before = runs();
        add_run();
        assert!(RUNS.load(Ordering::Relaxed) > runs_before);
    }
}
