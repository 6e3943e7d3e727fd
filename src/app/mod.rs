//! Runs a parsed command line: builds the query (or the sweep's or
//! comparison's queries), runs it in a thread pool of the requested size,
//! and renders the report.

use crate::cli::{Cli, Command, EngineArgs, ReactionArg};
use crate::error::InputError;
use crate::plot::{check_writable, Figure};
use crate::query::{Method, Settings};
use crate::report::lang::Lang;
use crate::report::{Engine, Format, Headline, Report, Text};
use crate::sweep::figure::{compare_figure, matchup_figure, sweep_figure};
use crate::sweep::matchup::{matchup_cells, matchup_report, run_cells};
use crate::sweep::{compare_report, sweep_report, Vary};

mod args;
pub(crate) use args::error_line;
pub use args::{run_args, ErrorLine, Finished};

/// What a command line prints: its output, and notes for stderr (flags
/// given that do nothing).
#[derive(Clone, Debug, Default)]
pub struct Output {
    /// The rendered report (table, JSON or CSV).
    pub stdout: String,
    /// Notes for stderr, without their `note: `: flags given that do
    /// nothing, `--method auto`'s choice.
    pub notes: Vec<Text>,
}

/// The whole output of a command line, or the input error that stopped it.
pub fn run(cli: &Cli) -> Result<Output, InputError> {
    let mut notes: Vec<Text> = Vec::new();
    // A single query's own figures, first in HTML.
    let mut headline = Headline::default();
    let output = cli.command.engine_output().map(|(_, output)| output);
    let lang = output.map_or(Lang::En, |o| o.lang);
    if let Some(path) = output.and_then(|o| o.plot.as_deref()) {
        check_writable(path)?;
    }
    if let Command::Combat(a) = &cli.command {
        a.check_write()?;
    }
    let format = output.map_or(Format::Table, |o| o.format());
    // The chart, drawn (in the output's language) only with --plot; in the
    // page's words beside the page's report (--html).
    let plot = |figure: &dyn Fn() -> Figure| match output.and_then(|o| o.plot.as_deref()) {
        Some(path) => {
            let drawn = match format {
                Format::Html => crate::words::text::in_page_words(|| figure().render(lang)),
                _ => figure().render(lang),
            };
            crate::plot::write(&drawn, path)
        }
        None => Ok(()),
    };
    let report = match &cli.command {
        #[cfg(feature = "completions")]
        Command::Completions(a) => {
            return Ok(Output {
                stdout: completions(a.shell),
                notes: Vec::new(),
            })
        }
        Command::Roster(a) => {
            let roster = crate::roster::Roster::read(&a.file)?;
            let joins = (a.joins.iter())
                .map(|j| crate::army::Join::parse(j, &[]))
                .collect::<Result<Vec<_>, _>>()?;
            let army = crate::army::Army::field(&roster, &joins.iter().collect::<Vec<_>>())?;
            let stdout = match a.json {
                true => army.json(),
                false => crate::words::escape::escaped_lines(
                    &(crate::roster::listing::text(&roster) + &army.text()),
                ),
            };
            return Ok(Output {
                stdout,
                notes: Vec::new(),
            });
        }
        Command::Units(a) => {
            let (army, unit) = (a.army.as_deref(), a.unit.as_deref());
            let stdout = crate::library::listing::units(army, unit, a.json, a.lang)?;
            return Ok(Output {
                stdout,
                notes: Vec::new(),
            });
        }
        Command::Sweep(a) => {
            let varies = a
                .varies
                .iter()
                .map(|v| Vary::parse(v))
                .collect::<Result<Vec<_>, _>>()?;
            let (points, swept) = a.points(&varies)?;
            let default = points[0].query.default_method();
            let settings = a.engine.settings_or(default);
            notes.extend(
                a.engine
                    .unused_with(settings.method, points[0].query.kind()),
            );
            let total = expected_trials(&settings, points.len());
            let mut sweep = with_progress(!a.output.quiet, Bar::Trials(total), || {
                in_pool(&a.engine, || {
                    sweep_report(&swept, &varies, &points, &settings)
                })
            })??;
            plot(&|| sweep_figure(&varies, &sweep.report))?;
            notes.extend(unused_flags(&cli.command));
            headline.names = names_alike(points.iter().map(|p| &p.query));
            match format == Format::Table && !a.wide {
                // Named before it is fitted, so its columns fit the names.
                true => {
                    sweep.report = headline.naming(&sweep.report).into_owned();
                    sweep.fitted(lang)
                }
                false => sweep.report,
            }
        }
        Command::Matchup(a) => {
            let lists = [
                crate::roster::Roster::read(&a.a)?,
                crate::roster::Roster::read(&a.b)?,
            ];
            let joins = (a.joins.iter())
                .map(|j| crate::army::Join::parse(j, &["a", "b"]))
                .collect::<Result<Vec<_>, _>>()?;
            let lists = [&lists[0], &lists[1]];
            let m = matchup_cells(lists, &joins, a.both, a.general_near, a.pick()?)?;
            let settings = a.engine.settings_or(Method::Auto);
            notes.extend(a.engine.unused_with(settings.method, "combat"));
            notes.extend(unused_flags(&cli.command));
            let runs = with_progress(!a.output.quiet, Bar::Fights(m.cells.len() as u64), || {
                in_pool(&a.engine, || {
                    run_cells(&m.cells, &settings, &crate::sim::progress::add_run)
                })
            })??;
            let report = matchup_report([&a.a, &a.b], &m, &runs, &settings, a.wide);
            plot(&|| matchup_figure(&report))?;
            report
        }
        Command::Compare(a) => {
            let (queries, compared) = a.queries()?;
            let settings = a.engine.settings_or(queries[0].default_method());
            notes.extend(a.engine.unused_with(settings.method, queries[0].kind()));
            let total = expected_trials(&settings, queries.len());
            let mut comparison = with_progress(!a.output.quiet, Bar::Trials(total), || {
                in_pool(&a.engine, || compare_report(&compared, &queries, &settings))
            })??;
            plot(&|| compare_figure(&comparison.report))?;
            notes.extend(unused_flags(&cli.command));
            headline.names = names_alike(queries.iter());
            match format {
                Format::Table if !a.wide => {
                    comparison.report = headline.naming(&comparison.report).into_owned();
                    comparison.fitted(lang)
                }
                Format::Csv => comparison.csv(),
                _ => comparison.report,
            }
        }
        command => {
            let query = command.query()?;
            let (engine, output) = command.engine_output().expect("a query subcommand");
            let settings = engine.settings_or(query.default_method());
            notes.extend(engine.unused_with(settings.method, query.kind()));
            notes.extend(unused_flags(command));
            notes.extend(frontage_notes(command, &query));
            let total = expected_trials(&settings, 1);
            let report = with_progress(!output.quiet, Bar::Trials(total), || {
                in_pool(engine, || query.report(&settings))
            })?;
            // The only engine asked for declined: nothing to print.
            if let [only] = &report.outcomes[..] {
                if let Some(why) = only.refusal() {
                    let method = format!("--method {}", only.engine.label());
                    return Err(InputError::new(method, why.clone()));
                }
            }
            plot(&|| query.figure(&report))?;
            // Written only by a run that succeeded.
            if let Command::Combat(a) = command {
                a.write_scenario()?;
            }
            headline = Headline {
                keys: query.lead(&report),
                names: query.headline_names(),
            };
            report
        }
    };
    // --method auto's choice, on stderr.
    notes.extend(report.outcomes.iter().filter_map(|o| o.note.clone()));
    Ok(Output {
        stdout: render_in(&report, format, lang, headline),
        notes,
    })
}

/// The units' names a sweep's or comparison's labels take (`P(Halberdiers
/// win)`, following who charges): its runs' where every run names the
/// same units, else none (each label its side's word).
fn names_alike<'a>(
    mut queries: impl Iterator<Item = &'a crate::sweep::Query>,
) -> Vec<(Text, Text)> {
    let first = queries
        .next()
        .map(|q| q.headline_names())
        .unwrap_or_default();
    match queries.all(|q| q.headline_names() == first) {
        true => first,
        false => Vec::new(),
    }
}

/// Flags of a query given that its other flags make idle.
fn unused_flags(command: &Command) -> Option<Text> {
    match command {
        Command::Charge(a) if a.target_move.is_some() && a.reaction == ReactionArg::Hold => Some(
            crate::text!("--target-move does nothing when the target holds (give --reaction flee)"),
        ),
        Command::Matchup(a) if a.wide && (a.output.json || a.output.csv) => Some(crate::text!(
            "--wide does nothing with --json or --csv (they carry every fight and whole names)"
        )),
        Command::Sweep(crate::cli::SweepArgs {
            wide: true, output, ..
        })
        | Command::Compare(crate::cli::CompareArgs {
            wide: true, output, ..
        }) if output.format() != Format::Table => Some(crate::text!(
            "--wide does nothing with --json, --csv or --html (they carry every figure whole)"
        )),
        _ => None,
    }
}

/// `--attacker-frontage` or `--defender-frontage` wider than the models
/// its unit fills, played as one rank of them (RULES.md Models in
/// contact): said, as the report's width is.
fn frontage_notes(command: &Command, query: &crate::sweep::Query) -> Vec<Text> {
    let (Command::Combat(a), crate::sweep::Query::Combat(q)) = (command, query) else {
        return Vec::new();
    };
    let asked = [
        a.pick.attacker_frontage.as_ref(),
        a.pick.defender_frontage.as_ref(),
    ];
    (asked.into_iter().zip(&q.combat.setup.units).enumerate())
        .filter_map(|(side, (asked, unit))| {
            let asked = asked?.0;
            let (wide, models, name) = (unit.frontage, unit.models, &unit.name);
            (wide < asked && wide >= models).then(|| match side {
                0 => {
                    crate::text!(
                    "--attacker-frontage {} is wider than the {} models of {} fill: played {} wide",
                    asked, models, name, wide
                )
                }
                _ => {
                    crate::text!(
                    "--defender-frontage {} is wider than the {} models of {} fill: played {} wide",
                    asked, models, name, wide
                )
                }
            })
        })
        .collect()
}

/// Renders a report in a format (table labels in English).
pub fn render(report: &Report, format: Format) -> String {
    render_in(report, format, Lang::En, Headline::default())
}

/// Renders a report in a format, its words in `lang`, the `headline`
/// figures first where the format shows them (HTML). HTML is the page's
/// report: in the page's words (methods in words, flags as fields).
pub fn render_in(report: &Report, format: Format, lang: Lang, headline: Headline) -> String {
    let exporter = format.exporter(lang, headline);
    match format {
        Format::Html => crate::words::text::in_page_words(|| exporter.render(report)),
        _ => exporter.render(report),
    }
}

/// A completion script for `shell` (clap_complete).
#[cfg(feature = "completions")]
fn completions(shell: clap_complete::Shell) -> String {
    let mut out = Vec::new();
    use clap::CommandFactory;
    clap_complete::generate(shell, &mut Cli::command(), "mathhammer", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Trials `runs` runs of `settings` play: `None` when `--precision` decides.
fn expected_trials(settings: &Settings, runs: usize) -> Option<u64> {
    if settings.sampling.precision.is_some() {
        return None;
    }
    let engines = match settings.method {
        // Monte Carlo if exact declines (the bar shows only then).
        Method::Auto => 1,
        method => method
            .engines()
            .into_iter()
            .filter(|e| *e != Engine::Exact)
            .count() as u64,
    };
    Some(settings.sampling.trials * engines * runs as u64)
}

/// Runs `work`, with a progress bar of trials played on stderr if it takes
/// over a second, stderr is a terminal and `show` (no `--quiet`). The bar
/// reads [`crate::sim::progress`] from its own thread and is cleared at the
/// end, so stdout is the same with or without it.
#[cfg(feature = "progress")]
fn with_progress<T>(show: bool, bar: Bar, work: impl FnOnce() -> T) -> T {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let (total, count, template): (_, fn() -> u64, _) = match bar {
        Bar::Trials(Some(n)) => (
            Some(n),
            crate::sim::progress::done,
            "{bar:40} {human_pos}/{human_len} trials, {per_sec}, {eta} left",
        ),
        Bar::Trials(None) => (
            None,
            crate::sim::progress::done,
            "{spinner} {human_pos} trials, {per_sec}",
        ),
        Bar::Fights(n) => (
            Some(n),
            crate::sim::progress::runs,
            "{bar:40} {pos}/{len} fights, {eta} left",
        ),
    };
    if !show || !std::io::stderr().is_terminal() || total == Some(0) {
        return work();
    }
    let start = count();
    let finished = Arc::new(AtomicBool::new(false));
    let watcher = {
        let finished = finished.clone();
        std::thread::spawn(move || {
            let begun = Instant::now();
            while begun.elapsed() < Duration::from_secs(1) {
                if finished.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr())
                .with_style(
                    ProgressStyle::with_template(template)
                        .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
            while !finished.load(Ordering::Relaxed) {
                bar.set_position(count() - start);
                std::thread::sleep(Duration::from_millis(100));
            }
            bar.finish_and_clear();
        })
    };
    let out = work();
    finished.store(true, Ordering::Relaxed);
    let _ = watcher.join();
    out
}

/// What a progress bar counts.
#[cfg_attr(not(feature = "progress"), allow(dead_code))]
enum Bar {
    /// Trials played, of this many if known.
    Trials(Option<u64>),
    /// A matchup's fights finished, of this many.
    Fights(u64),
}

/// Without the `progress` feature (WebAssembly): no bar.
#[cfg(not(feature = "progress"))]
fn with_progress<T>(_show: bool, _bar: Bar, work: impl FnOnce() -> T) -> T {
    work()
}

/// Without the `parallel` feature (WebAssembly): on this thread
/// (`--threads` is noted as idle).
#[cfg(not(feature = "parallel"))]
fn in_pool<T: Send>(_: &EngineArgs, work: impl FnOnce() -> T + Send) -> Result<T, InputError> {
    Ok(work())
}

/// Address space each pool thread maps: its stack (the system's 2 MB,
/// rayon's default), its guard page and its signal stack.
#[cfg(feature = "parallel")]
const STACK_ROOM: usize = (2 << 20) + (128 << 10);

/// Address space each malloc arena maps (glibc's 64 MB heap on 64 bits):
/// a thread's first allocation makes one, up to 8 a core.
#[cfg(feature = "parallel")]
const ARENA_ROOM: usize = 64 << 20;

/// Checks that the address space holds `threads` threads: their stacks
/// and arenas (and one arena more, mapped twice its size while it is
/// made) are asked for once and given back. A thread that cannot map its
/// signal stack dies starting and takes the process with it (an abort);
/// a count the memory limit cannot hold is refused here first, as one
/// line.
#[cfg(feature = "parallel")]
fn room_for_threads(threads: usize) -> Result<(), InputError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let arenas = threads.min(8 * cores) + 1;
    let mut room: Vec<u8> = Vec::new();
    room.try_reserve_exact(threads * STACK_ROOM + arenas * ARENA_ROOM)
        .map_err(|_| {
            InputError::new(
                "--threads",
                crate::text!(
                    "{} threads do not fit in the memory this run may take (accepted: fewer threads, or a higher memory limit)",
                    threads
                ),
            )
        })
}

/// Runs `work` in a rayon pool of `--threads` threads (all cores by default).
#[cfg(feature = "parallel")]
fn in_pool<T: Send>(engine: &EngineArgs, work: impl FnOnce() -> T + Send) -> Result<T, InputError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = engine.threads {
        room_for_threads(usize::from(t))?;
        builder = builder.num_threads(usize::from(t));
    }
    let pool = builder.build().map_err(|e| {
        InputError::new(
            "--threads",
            crate::text!("cannot start the thread pool: {}", e.to_string()),
        )
    })?;
    // Every thread started (its stacks mapped) before the work takes any
    // memory: one that could not start would abort the process mid-run.
    if engine.threads.is_some() {
        pool.broadcast(|_| ());
    }
    Ok(pool.install(work))
}
