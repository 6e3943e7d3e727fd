//! Runs a parsed command line: builds the query (or the sweep's or
//! comparison's queries), runs it in a thread pool of the requested size,
//! and renders the report.

use crate::cli::{Cli, Command, EngineArgs};
use crate::error::InputError;
use crate::report::{Format, Report};
use crate::sweep::{compare_queries, compare_report, sweep_points, sweep_report, Query, Vary};
use clap::CommandFactory;

/// The whole output of a command line, or the input error that stopped it.
pub fn run(cli: &Cli) -> Result<String, InputError> {
    let report = match &cli.command {
        Command::Completions(a) => return Ok(completions(a.shell)),
        Command::Sweep(a) => {
            let varies = a
                .varies
                .iter()
                .map(|v| Vary::parse(v))
                .collect::<Result<Vec<_>, _>>()?;
            let points = sweep_points(&a.file, &a.sets, &varies)?;
            let default = points[0].query.default_method();
            let settings = a.engine.settings_or(default);
            in_pool(&a.engine, || {
                sweep_report(&a.file, &varies, &points, &settings)
            })??
        }
        Command::Compare(a) => {
            let queries = compare_queries(&a.files, &a.sets)?;
            let settings = a.engine.settings_or(queries[0].default_method());
            in_pool(&a.engine, || compare_report(&a.files, &queries, &settings))??
        }
        command => {
            let query = Query::from_command(command)?;
            let (engine, _) = command.engine_output().expect("a query subcommand");
            let settings = engine.settings_or(query.default_method());
            in_pool(engine, || query.report(&settings))?
        }
    };
    let format = match cli.command.engine_output() {
        Some((_, output)) => output.format(),
        None => Format::Table,
    };
    Ok(render(&report, format))
}

/// Renders a report in a format.
pub fn render(report: &Report, format: Format) -> String {
    format.exporter().render(report)
}

/// A completion script for `shell` (clap_complete).
fn completions(shell: clap_complete::Shell) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "mathhammer", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Runs `work` in a rayon pool of `--threads` threads (all cores by default).
fn in_pool<T: Send>(engine: &EngineArgs, work: impl FnOnce() -> T + Send) -> Result<T, InputError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = engine.threads {
        builder = builder.num_threads(usize::from(t));
    }
    let pool = builder
        .build()
        .map_err(|e| InputError::new("--threads", format!("cannot start the thread pool: {e}")))?;
    Ok(pool.install(work))
}
