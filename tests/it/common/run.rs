//! Running the binary as a user does.

use serde_json::Value;
use std::process::Command;

/// The rulebook's charge (seed 000): M18 Boar Boyz at M10 Spearmen 20 cm
/// away, who flee.
pub const BOAR_BOYZ: &[&str] = &[
    "charge",
    "--move",
    "18",
    "--distance",
    "20",
    "--reaction",
    "flee",
    "--target-move",
    "10",
];

/// The `mathhammer` binary built for the tests.
pub fn mathhammer() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mathhammer"))
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

/// The standard output of `mathhammer ARGS`, which must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = mathhammer().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The one-line error of a command that must fail with exit code 2 and
/// print nothing on stdout.
pub fn error(args: &[&str]) -> String {
    let out = mathhammer().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let e = String::from_utf8(out.stderr).unwrap();
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    e
}

/// Asserts that both Monte Carlo engines of a `--method all` JSON report
/// agree with its exact value of each of `keys` within 4 sigma
/// ([`super::within_4_sigma`]); `context` names the case in a failure.
pub fn engines_agree(r: &Value, keys: &[&str], context: &str) {
    for key in keys {
        let p = r["exact"][key].as_f64().unwrap();
        for engine in ["monte_carlo", "dice"] {
            let e = &r[engine][key];
            let estimate = mathhammer::sim::Estimate {
                estimate: e["estimate"].as_f64().unwrap(),
                ci95: [0.0; 2],
                trials: e["trials"].as_u64().unwrap(),
            };
            assert!(
                super::within_4_sigma(p, &estimate),
                "{context} {key} {engine}: {estimate:?} vs {p}"
            );
        }
    }
}

/// The exact JSON report of combat scenario `file`'s first round, with
/// `sets` as `--set` overrides.
pub fn exact_round_one(file: &str, sets: &[&str]) -> Value {
    let mut args = vec!["combat", file, "--set", "situation.rounds=1"];
    for s in sets {
        args.extend(["--set", s]);
    }
    args.extend(["--method", "exact"]);
    json(&args)
}

/// Asserts that an exact JSON report's `outcomes` sum to 1 within 1e-12
/// (RULES.md How a fight ends: every fight ends in exactly one).
pub fn assert_outcomes_sum_to_one(r: &Value) {
    let total: f64 = r["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["p"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
}

/// The flagship scenario (`scenarios/boar_boyz_charge_spearmen.toml`) with
/// `edit` made, written as `name` under the tests' temporary folder `dir`,
/// its profile files named by absolute path so that it reads from there.
pub fn flagship_with(dir: &str, name: &str, edit: impl Fn(&str) -> String) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let profiles = std::fs::canonicalize("scenarios/profiles").unwrap();
    let text = std::fs::read_to_string("scenarios/boar_boyz_charge_spearmen.toml")
        .unwrap()
        .replace(
            "profile_file = \"profiles/",
            &format!("profile_file = \"{}/", profiles.display()),
        );
    let path = dir.join(name);
    std::fs::write(&path, edit(&text)).unwrap();
    path
}

/// Shipped file `path` (`scenarios/...`) by its absolute path: a scenario
/// written under the tests' temporary folder names it so, since that folder
/// may be anywhere (`CARGO_TARGET_DIR` outside the checkout), and a path
/// relative to it would then lead nowhere.
pub fn shipped(path: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}
