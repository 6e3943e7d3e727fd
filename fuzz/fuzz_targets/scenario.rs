//! Any bytes as a combat scenario file: reading it gives a fight or one
//! one-line error, never a panic; a fight plays a few trials with each
//! Monte Carlo engine and its outcomes sum to the trials.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mathhammer::query::{Method, Settings};
use mathhammer::report::Engine;
use mathhammer::scenario::combat::ScenarioFile;
use mathhammer::sim::Sampling;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file: ScenarioFile = match mathhammer::scenario::parse(text, "fuzz.toml") {
        Ok(f) => f,
        Err(e) => return assert!(!e.to_string().contains('\n'), "{e}"),
    };
    let query = match file.combat(Path::new("scenarios")) {
        Ok(q) => q,
        Err(e) => return assert!(!e.to_string().contains('\n'), "{e}"),
    };
    for (method, engine) in [(Method::MonteCarlo, Engine::MonteCarlo), (Method::Dice, Engine::Dice)] {
        let settings = Settings {
            method,
            sampling: Sampling { trials: 20, seed: 1, precision: None, max_trials: 20 },
        };
        let report = query.report(&settings);
        let outcome = report.outcome(engine).expect("the engine ran");
        let partition = outcome.table("outcomes").expect("an outcomes table");
        let counts: u64 = partition
            .rows
            .iter()
            .filter_map(|r| r.1[0].estimate())
            .map(|e| (e.estimate * e.trials as f64).round() as u64)
            .sum();
        assert_eq!(counts, 20);
    }
});
