//! The `mathhammer` binary: parse, run, print. Every input error is one line
//! on stderr and exit code 2.

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use mathhammer::cli::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            let mut line = one_line(&e.render().to_string());
            if e.kind() == ErrorKind::InvalidSubcommand {
                let names: Vec<String> = Cli::command()
                    .get_subcommands()
                    .map(|c| c.get_name().to_string())
                    .collect();
                line += &format!(" (accepted: {})", names.join(", "));
            }
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    match mathhammer::app::run(&cli) {
        Ok(out) => {
            for note in &out.notes {
                eprintln!("{note}");
            }
            write_out(&out.stdout)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Prints the output. A reader that stops early (`| head`) is not an error;
/// any other failure to write is reported on stderr, exit code 1.
fn write_out(out: &str) -> ExitCode {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// clap's message on one line: its paragraphs joined, without the usage and
/// "for more information" trailers.
fn one_line(message: &str) -> String {
    message
        .split("\n\n")
        .filter(|p| !p.starts_with("Usage:") && !p.starts_with("For more information"))
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}
