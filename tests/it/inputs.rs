//! The files a run reads, each through one capped reader: a huge file (a
//! sparse 100 MB one) or an endless one (`/dev/zero`) given wherever a
//! subcommand takes a file is refused with one line naming the cap, and
//! never read whole: each run here is held to 512 MB of address space,
//! where reading `/dev/zero` whole dies. A thread count past the cap, or
//! past what the memory holds, is one line too, never an abort.

use crate::common::run::mathhammer;
use std::path::{Path, PathBuf};

/// A fresh folder of the system's temporary folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mathhammer-in-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A sparse file of 100 MB at `path`: no disk taken, zeros read.
fn huge(path: &Path) -> String {
    let file = std::fs::File::create(path).unwrap();
    file.set_len(100 * 1024 * 1024).unwrap();
    path.to_str().unwrap().to_string()
}

/// The one-line error of `mathhammer ARGS`, run in 512 MB of address
/// space: exit code 2, never an abort.
fn bounded_error(args: &[&str]) -> String {
    error_within(524288, args)
}

/// The one-line error of `mathhammer ARGS`, run in `kb` KB of address
/// space: exit code 2, never an abort.
fn error_within(kb: u32, args: &[&str]) -> String {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(mathhammer().get_program())
        .args(args)
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {e}");
    assert!(out.stdout.is_empty());
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    e
}

/// Every subcommand's file inputs, given a file of `path`.
fn every_input(path: &str) -> Vec<Vec<String>> {
    let picked = format!("{path}:20");
    let cases: [&[&str]; 8] = [
        &["combat", path],
        &[
            "combat",
            "--attacker",
            &picked,
            "--defender",
            "scenarios/profiles/orc_boy.toml:10",
        ],
        &[
            "combat",
            "--attacker",
            "scenarios/profiles/orc_boy.toml:10",
            "--defender",
            path,
        ],
        &[
            "attacks",
            "--attacker",
            path,
            "--target",
            "scenarios/profiles/orc_boy.toml",
        ],
        &[
            "shoot",
            "--attacker",
            "scenarios/profiles/orc_boy.toml",
            "--target",
            path,
        ],
        &["sweep", path, "--vary", "attacker.models=10..20:5"],
        &["compare", "scenarios/boar_boyz_charge_spearmen.toml", path],
        &["panic", path],
    ];
    cases
        .iter()
        .map(|c| c.iter().map(|w| w.to_string()).collect())
        .collect()
}

#[test]
fn a_huge_toml_file_is_refused_at_its_cap() {
    let dir = folder("huge");
    let big = huge(&dir.join("big.toml"));
    for case in every_input(&big) {
        let words: Vec<&str> = case.iter().map(String::as_str).collect();
        let e = bounded_error(&words);
        assert!(
            e.contains("over 1 MB (accepted: a file up to 1 MB)"),
            "{words:?}: {e}"
        );
    }
    // A profile another file names: the error is its field's, naming it.
    let scenario = dir.join("fight.toml");
    let text = std::fs::read_to_string("scenarios/boar_boyz_charge_crossbowmen.toml")
        .unwrap()
        .replace(
            "profile_file = \"profiles/orc_boar_boy.toml\"",
            "profile_file = \"big.toml\"",
        );
    std::fs::write(&scenario, text).unwrap();
    let e = bounded_error(&["combat", scenario.to_str().unwrap()]);
    assert!(e.contains("big.toml is over 1 MB"), "{e}");
}

#[test]
fn an_endless_file_is_refused_at_its_cap() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    // `/dev/zero:20` names no profile file (no .toml): an army book.
    for case in every_input("/dev/zero")
        .into_iter()
        .filter(|c| c[1] != "--attacker")
    {
        let words: Vec<&str> = case.iter().map(String::as_str).collect();
        let e = bounded_error(&words);
        assert!(e.contains("over 1 MB"), "{words:?}: {e}");
    }
    let e = bounded_error(&["roster", "/dev/zero"]);
    assert!(
        e.contains("over 16 MB (accepted: a file up to 16 MB)"),
        "{e}"
    );
}

#[test]
fn a_huge_roster_is_refused_at_its_cap() {
    let dir = folder("roster");
    let big = huge(&dir.join("big.ros"));
    let picked = format!("{big}:1");
    let cases: [&[&str]; 3] = [
        &["roster", &big],
        &["matchup", &big, "scenarios/rosters/orcs_500.ros"],
        &[
            "combat",
            "--attacker",
            &picked,
            "--defender",
            "scenarios/profiles/orc_boy.toml:10",
        ],
    ];
    for case in cases {
        let e = bounded_error(case);
        assert!(e.contains("over 16 MB"), "{case:?}: {e}");
    }
}

#[test]
fn threads_past_the_cap_or_the_memory_are_one_line() {
    let fight = [
        "combat",
        "--attacker",
        "scenarios/profiles/orc_boy.toml:2",
        "--defender",
        "scenarios/profiles/orc_boy.toml:2",
        "--method",
        "exact",
    ];
    let with = |threads: &'static str| {
        let mut args = fight.to_vec();
        args.extend(["--threads", threads]);
        args
    };
    for huge in ["257", "1000", "100000"] {
        let e = error_within(4 << 20, &with(huge));
        assert!(
            e.contains("--threads") && e.contains("(accepted: 1 to 256)"),
            "{e}"
        );
    }
    // 256 threads' stacks and arenas take over 1 GB: refused up front (a
    // thread that cannot map its signal stack aborts the process).
    let e = error_within(1 << 20, &with("256"));
    assert!(
        e.contains("--threads: 256 threads do not fit in the memory"),
        "{e}"
    );
}
