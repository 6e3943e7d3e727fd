//! The `mathhammer` binary: parse, run, print. Every input error is one line
//! on stderr and exit code 2.

use clap::error::ErrorKind;
use clap::CommandFactory;
use mathhammer::cli::{one_line, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::ValueValidation | ErrorKind::InvalidValue
            ) =>
        {
            eprintln!("error: {}", bad_value(&e));
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

/// A value its flag's parser refused, as the project's one line:
/// `--models: -1 is out of range (accepted: 1 to 1000)`.
fn bad_value(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let flag = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => arg.split(' ').next().unwrap_or(arg).to_string(),
        _ => String::new(),
    };
    let value = match e.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(v)) => v.clone(),
        _ => String::new(),
    };
    match (std::error::Error::source(e), e.get(ContextKind::ValidValue)) {
        (Some(why), _) if !flag.is_empty() => format!("{flag}: {why}"),
        (None, Some(ContextValue::Strings(names))) if !flag.is_empty() => {
            format!(
                "{flag}: '{value}' is not one of its values (accepted: {})",
                names.join(", ")
            )
        }
        _ => one_line(&e.render().to_string())
            .trim_start_matches("error: ")
            .to_string(),
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
