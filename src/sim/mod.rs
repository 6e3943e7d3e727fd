//! The Monte Carlo engines: reproducible random streams ([`stream`]), the
//! parallel chunked runner (`runner.rs`: [`run`], [`Kernel`]) and confidence intervals
//! ([`Estimate`]). A query writes one [`Kernel`] per trial type; running it
//! with [`crate::dice::TableDice`] is the fast engine, with
//! [`crate::dice::PlainDice`] the dice-level reference.

pub(crate) mod alias;
pub(crate) mod interval;
pub(crate) mod progress;
pub(crate) mod runner;
pub mod stream;
pub mod strike;

pub use interval::{Estimate, Z95};
pub use runner::{run, run_sampling, Kernel, Run, Sampling, Tally};
