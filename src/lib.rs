//! # mathhammer
//!
//! Exact probabilities and reproducible parallel Monte Carlo estimates for
//! Warhammer Fantasy Battle 6th edition.
//!
//! * [`rules`]: the game's rules, one function each (the single source of
//!   truth every engine calls);
//! * [`dice`]: what is rolled, and the exact table sampler;
//! * [`exact`]: probability mass functions (the exact engine);
//! * [`sim`]: the parallel, chunked, seeded Monte Carlo runner and intervals;
//! * [`query`]: the questions players ask (`charge`, `flee`, `leadership`,
//!   `attacks`, `combat`);
//! * [`combat`]: whole fights of two to four units, written once against a
//!   `Fate` that each engine realises;
//! * [`scenario`]: scenario, profile and query files;
//! * [`sweep`]: sweeps and comparisons over many runs;
//! * [`report`]: table, JSON and CSV output, and Spanish labels;
//! * [`plot`]: charts of a report as SVG.
//!
//! ```
//! use mathhammer::query::charge::{Charge, Reaction};
//! use mathhammer::rules::Edition;
//!
//! // Boar Boyz (M18) charge Spearmen (M10) 20 cm away, who flee 5D6 cm.
//! let charge = Charge {
//!     edition: Edition::Metric,
//!     charger_move: 18.0,
//!     barding: false,
//!     difficult_terrain: false,
//!     wheel: 0.0,
//!     distance: 20.0,
//!     reaction: Reaction::Flee { target_move: 10.0, target_flies: false },
//!     confidence: None,
//!     reach_table: false,
//! };
//! let odds = charge.exact();
//! // Caught if 20 + 5D6 <= 36, i.e. 5D6 <= 16: 3,108 of 7,776 outcomes.
//! assert!((odds.p_caught - 3108.0 / 7776.0).abs() < 1e-12);
//! ```
//!
//! A whole fight from a scenario file, read back as numbers:
//!
//! ```
//! use mathhammer::query::{Method, Settings};
//! use mathhammer::report::{Engine, Value};
//! use mathhammer::scenario::combat::load_combat;
//! use mathhammer::sim::Sampling;
//! use std::path::Path;
//!
//! let path = Path::new("scenarios/boar_boyz_charge_spearmen.toml");
//! // Any field may be overridden, as with `--set` on the command line.
//! let fight = load_combat(path, &["defender.models=15".to_string()]).unwrap();
//! let settings = Settings {
//!     method: Method::MonteCarlo,
//!     sampling: Sampling { trials: 20_000, seed: 1, precision: None, max_trials: 20_000 },
//! };
//! let report = fight.report(&settings);
//! let outcome = report.outcome(Engine::MonteCarlo).unwrap();
//! let Some(Value::ProbEst(win)) = outcome.field("p_attacker_wins") else { panic!() };
//! // An estimate with its 95% interval; the same seed gives the same numbers.
//! assert!(win.ci95[0] <= win.estimate && win.estimate <= win.ci95[1]);
//! assert!(win.estimate > 0.1 && win.estimate < 0.4);
//! ```
//!
//! Any query's chart, as `--plot` draws it, in Spanish as `--lang es`:
//!
//! ```
//! use mathhammer::query::{Method, Settings};
//! use mathhammer::report::lang::Lang;
//! use mathhammer::sim::Sampling;
//! use mathhammer::cli::load_query;
//! use std::path::Path;
//!
//! let query = load_query(Path::new("scenarios/queries/boar_boyz_charge.toml"), &[]).unwrap();
//! let settings = Settings {
//!     method: Method::Exact,
//!     sampling: Sampling { trials: 1, seed: 1, precision: None, max_trials: 1 },
//! };
//! let figure = query.figure(&query.report(&settings)).render(Lang::Es);
//! let svg = figure.to_svg().unwrap();
//! assert!(svg.starts_with("<svg") && svg.contains("P(contacto)"));
//! ```

#![deny(missing_docs)]

pub mod app;
pub mod cli;
pub mod combat;
pub mod dice;
pub mod error;
pub mod exact;
pub mod plot;
pub mod query;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod sim;
pub mod sweep;
