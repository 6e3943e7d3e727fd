//! Running the binary as a user does.

use assert_cmd::Command;
use serde_json::Value;

/// The `mathhammer` binary built for the tests.
pub fn mathhammer() -> Command {
    Command::cargo_bin("mathhammer").unwrap()
}

/// The JSON output of `mathhammer ARGS --json`, which must succeed.
pub fn json(args: &[&str]) -> Value {
    let out = mathhammer().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}
