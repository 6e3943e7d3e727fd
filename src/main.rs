//! The `mathhammer` binary: parse, run, print. Every input error is one line
//! on stderr and exit code 2.

use std::process::ExitCode;

fn main() -> ExitCode {
    let done = mathhammer::app::run_args(std::env::args_os());
    eprint!("{}", done.stderr);
    write_out(&done.stdout).unwrap_or(ExitCode::from(done.code))
}

/// Prints the output. A reader that stops early (`| head`) is not an error;
/// any other failure to write is reported on stderr: exit code 1.
fn write_out(out: &str) -> Option<ExitCode> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => None,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => None,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            Some(ExitCode::from(1))
        }
    }
}
