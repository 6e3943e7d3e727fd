//! Every figure a sweep or comparison shows is one its query reports: a key
//! renamed in a report and not in its headline would drop out of every sweep
//! without a word.

use mathhammer::cli::load_query;
use mathhammer::query::{Method, Settings};
use mathhammer::report::Engine;
use mathhammer::sim::Sampling;
use std::path::Path;

#[test]
fn every_headline_key_is_reported() {
    let files = [
        "scenarios/queries/boar_boyz_charge.toml",
        "scenarios/queries/halberdiers_vs_orcs.toml",
        "scenarios/boar_boyz_charge_spearmen.toml",
    ];
    let settings = Settings {
        method: Method::MonteCarlo,
        sampling: Sampling {
            trials: 2_000,
            seed: 1,
            precision: None,
            max_trials: 2_000,
        },
        sampler: Default::default(),
    };
    for file in files {
        let query = load_query(Path::new(file), &[]).unwrap();
        let report = query.report(&settings);
        let outcome = report.outcome(Engine::MonteCarlo).unwrap();
        for key in query.headline() {
            assert!(
                outcome.field(&key).is_some(),
                "{file}: the headline's {key} is not in the report"
            );
        }
    }
}
