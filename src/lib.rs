//! # mathhammer
//!
//! Exact probabilities and reproducible parallel Monte Carlo estimates for
//! Warhammer Fantasy Battle 6th edition.
//!
//! ## The library API
//!
//! Load a query or build one, run it, read typed results:
//!
//! * **Load**: [`load_query`] reads a query file (a subcommand's flags as
//!   TOML keys) or a combat scenario into a [`Query`], with `--set`-style
//!   overrides; [`scenario::combat::load_combat`] reads a scenario.
//! * **Build**: the models in [`query`] ([`query::charge::Charge`],
//!   [`query::flee::Flee`], [`query::leadership::Leadership`],
//!   [`query::attacks::Attacks`], [`query::combat::CombatQuery`]), each a
//!   [`Query`] variant; their inputs are the game's terms in [`rules`].
//! * **Run**: [`Query::report`] with [`Settings`] (a [`Method`],
//!   [`Sampling`]: trials and seed, the same seed giving the same numbers on
//!   any thread count, and a [`Sampler`]: how combat's fast engine plays a
//!   fight), and [`Query::figure`] for its chart.
//! * **Read**: a [`Report`] holds one [`Outcome`] per [`Engine`]; each
//!   figure is a [`Value`] under a stable key (the JSON key, e.g.
//!   [`query::charge::P_CONTACT`]): an exact probability or an estimate
//!   with its 95% interval. Labels are [`Text`]s, rendered in a [`Lang`];
//!   [`Format`] prints a report as the command line does.
//!
//! Bad input is an [`InputError`] naming the field and what it accepts.
//!
//! The engines' own modules (`combat`, `dice`, `exact`, `sim`, `sweep`)
//! and the binary's (`app`, `cli`) are public for the tests, benchmarks and
//! fuzz targets that check them, and hidden from these docs: they are not
//! part of the API.
//!
//! ```
//! use mathhammer::{load_query, Engine, Method, Sampling, Settings, Value};
//! use std::path::Path;
//!
//! // Boar Boyz (M18) charge Spearmen (M10) who flee: the query file's
//! // distance overridden to 20 cm.
//! let file = Path::new("scenarios/queries/boar_boyz_charge.toml");
//! let query = load_query(file, &["distance=20".to_string()]).unwrap();
//! let settings = Settings {
//!     method: Method::Exact,
//!     sampling: Sampling { trials: 1, seed: 1, precision: None, max_trials: 1 },
//!     sampler: Default::default(),
//! };
//! let report = query.report(&settings);
//! let exact = report.outcome(Engine::Exact).unwrap();
//! let Some(Value::Prob(p)) = exact.field(mathhammer::query::charge::P_CONTACT) else {
//!     panic!()
//! };
//! assert!((p - 0.399691).abs() < 1e-6);
//! ```
//!
//! A query built in code:
//!
//! ```
//! use mathhammer::query::charge::{Charge, Reaction};
//! use mathhammer::rules::Edition;
//!
//! // Boar Boyz (M18) charge Spearmen (M10) 20 cm away, who flee 5D6 cm.
//! let charge = Charge {
//!     edition: Edition::Metric,
//!     charger_move: 18.0,
//!     charger_dice: None,
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
//!     sampler: Default::default(),
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
//!     sampler: Default::default(),
//! };
//! let figure = query.figure(&query.report(&settings)).render(Lang::Es);
//! let svg = figure.to_svg().unwrap();
//! assert!(svg.starts_with("<svg") && svg.contains("P(contacto)"));
//! ```

#![deny(missing_docs)]

// The binary's command line and run.
#[doc(hidden)]
pub mod app;
#[doc(hidden)]
pub mod cli;
// The engines: public for the tests, benchmarks and fuzz targets.
#[doc(hidden)]
pub mod combat;
#[doc(hidden)]
pub mod dice;
#[doc(hidden)]
pub mod exact;
#[doc(hidden)]
pub mod sim;
#[doc(hidden)]
pub mod sweep;

/// An army as fielded: a roster's units and the characters in each.
pub mod army;
pub mod error;
pub mod files;
pub mod library;
pub mod plot;
pub mod profile;
pub mod query;
pub mod report;
/// Army lists: BattleScribe and New Recruit rosters (`.ros`, `.rosz`).
pub mod roster;
pub mod rules;
pub mod scenario;
pub mod web;
pub mod words;

pub use cli::load_query;
pub use error::InputError;
pub use plot::Figure;
pub use query::{Method, Sampler, Settings};
pub use report::lang::Lang;
pub use report::{Engine, Field, Format, Outcome, Report, Text, Value};
pub use sim::Sampling;
pub use sweep::Query;
