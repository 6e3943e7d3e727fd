//! Runs a parsed command line: builds the query, runs it in a thread pool of
//! the requested size, and renders the report.

use crate::cli::{Cli, Command, EngineArgs};
use crate::error::InputError;
use crate::report::{Format, Report};

/// The whole output of a command line, or the input error that stopped it.
pub fn run(cli: &Cli) -> Result<String, InputError> {
    let (report, format) = match &cli.command {
        Command::Charge(a) => {
            let charge = a.charge()?;
            charge.validate()?;
            (
                in_pool(&a.engine, || charge.report(&a.engine.settings()))?,
                a.output.format(),
            )
        }
        Command::Flee(a) => {
            let flee = a.flee();
            flee.validate()?;
            (
                in_pool(&a.engine, || flee.report(&a.engine.settings()))?,
                a.output.format(),
            )
        }
        Command::Attacks(a) => {
            let q = a.attacks()?;
            (
                in_pool(&a.engine, || q.report(&a.engine.settings()))?,
                a.output.format(),
            )
        }
        Command::Shoot(a) => {
            let q = a.attacks()?;
            (
                in_pool(&a.engine, || q.report(&a.engine.settings()))?,
                a.output.format(),
            )
        }
        Command::Combat(a) => {
            let q = crate::scenario::combat::load_combat(&a.scenario, &a.sets)?;
            let settings = a.engine.settings_or(crate::query::Method::MonteCarlo);
            (
                in_pool(&a.engine, || q.report(&settings))?,
                a.output.format(),
            )
        }
        Command::Leadership(a) => {
            let ld = a.leadership();
            ld.validate()?;
            (
                in_pool(&a.engine, || ld.report(&a.engine.settings()))?,
                a.output.format(),
            )
        }
    };
    Ok(render(&report, format))
}

/// Renders a report in a format.
pub fn render(report: &Report, format: Format) -> String {
    format.exporter().render(report)
}

/// Runs `work` in a rayon pool of `--threads` threads (all cores by default).
fn in_pool(
    engine: &EngineArgs,
    work: impl FnOnce() -> Report + Send,
) -> Result<Report, InputError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = engine.threads {
        builder = builder.num_threads(usize::from(t));
    }
    let pool = builder
        .build()
        .map_err(|e| InputError::new("--threads", format!("cannot start the thread pool: {e}")))?;
    Ok(pool.install(work))
}
