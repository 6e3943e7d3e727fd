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
//! * [`query`]: the questions players ask (`charge`, `flee`, `leadership`);
//! * [`report`]: table, JSON and CSV output.
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

pub mod app;
pub mod cli;
pub mod combat;
pub mod dice;
pub mod error;
pub mod exact;
pub mod query;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod sim;
pub mod sweep;
