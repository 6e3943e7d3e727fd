//! The files a run writes (`--plot`, `--write-scenario`), as a user's
//! disk holds them: a plain file or a new path written whole, a symlink
//! followed to its file, a FIFO or a device written to and never
//! replaced, a folder or a read-only file refused with one line, and
//! nothing written by a run that fails.

use crate::common::run::{error, mathhammer};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

/// A fresh folder of the system's temporary folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mathhammer-out-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A picked fight's flags, quick to play.
const PICKED: [&str; 5] = [
    "combat",
    "--attacker",
    "scenarios/profiles/orc_boy.toml:10",
    "--defender",
    "scenarios/profiles/empire_spearman.toml:10",
];

/// Runs `args` and `flag path`, which must succeed.
fn writes(args: &[&str], flag: &str, path: &Path) {
    let out = mathhammer()
        .args(args)
        .args([flag, path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The flee whose chart `--plot` draws.
const FLEE: [&str; 3] = ["flee", "--move", "10"];

#[test]
fn a_symlink_is_followed_and_stays_a_link() {
    let dir = folder("link");
    let target = dir.join("target.svg");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink("target.svg", &link).unwrap();
    writes(&FLEE, "--plot", &link);
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&target)
        .unwrap()
        .starts_with("<svg"));
    // A link to a file not made yet makes it.
    let ahead = dir.join("ahead.toml");
    std::os::unix::fs::symlink("made.toml", &ahead).unwrap();
    writes(&PICKED, "--write-scenario", &ahead);
    assert!(ahead.symlink_metadata().unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(dir.join("made.toml"))
        .unwrap()
        .contains("[attacker]"));
}

#[test]
fn a_fifo_is_written_to_and_never_replaced() {
    let dir = folder("fifo");
    let fifo = dir.join("chart.svg");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    let reading = fifo.clone();
    let reader = std::thread::spawn(move || std::fs::read_to_string(reading).unwrap());
    writes(&FLEE, "--plot", &fifo);
    // Checked first: a FIFO replaced leaves its reader waiting.
    assert!(fifo.metadata().unwrap().file_type().is_fifo());
    assert!(reader.join().unwrap().starts_with("<svg"));
    // --write-scenario takes a FIFO of any name.
    let plain = dir.join("scenario");
    std::process::Command::new("mkfifo")
        .arg(&plain)
        .status()
        .unwrap();
    let reading = plain.clone();
    let reader = std::thread::spawn(move || std::fs::read_to_string(reading).unwrap());
    writes(&PICKED, "--write-scenario", &plain);
    assert!(plain.metadata().unwrap().file_type().is_fifo());
    assert!(reader.join().unwrap().contains("[defender]"));
}

#[test]
fn plot_to_standard_output() {
    let out = mathhammer()
        .args(FLEE)
        .args(["--plot", "/dev/stdout"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
}

#[test]
fn a_device_is_written_to_and_never_replaced() {
    let dir = folder("device");
    let null = dir.join("null.svg");
    // Only root makes a device node: skipped otherwise.
    let made = std::process::Command::new("mknod")
        .args([null.to_str().unwrap(), "c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("cannot make a device node here (not root): skipped");
        return;
    }
    writes(&FLEE, "--plot", &null);
    assert!(null.metadata().unwrap().file_type().is_char_device());
    writes(&PICKED, "--write-scenario", &null);
    assert!(null.metadata().unwrap().file_type().is_char_device());
}

#[test]
fn a_folder_is_refused_naming_the_flag() {
    let dir = folder("folder");
    let inside = dir.join("x.svg");
    std::fs::create_dir(&inside).unwrap();
    let mut args = FLEE.to_vec();
    args.extend(["--plot", inside.to_str().unwrap()]);
    let e = error(&args);
    assert!(e.contains("--plot") && e.contains("is a folder"), "{e}");
    let mut args = PICKED.to_vec();
    args.extend(["--write-scenario", inside.to_str().unwrap()]);
    let e = error(&args);
    assert!(
        e.contains("--write-scenario") && e.contains("is a folder"),
        "{e}"
    );
    assert!(inside.is_dir());
}

#[test]
fn a_read_only_file_is_refused_and_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("read-only");
    let kept = dir.join("kept.toml");
    std::fs::write(&kept, "old").unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Root writes any file: nothing to refuse then.
    if std::fs::OpenOptions::new().write(true).open(&kept).is_ok() {
        eprintln!("running as root: skipped");
        return;
    }
    let mut args = PICKED.to_vec();
    args.extend(["--write-scenario", kept.to_str().unwrap()]);
    let e = error(&args);
    assert!(
        e.contains("--write-scenario") && e.contains("cannot write"),
        "{e}"
    );
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "old");
}

#[test]
fn a_plain_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("mode");
    let chart = dir.join("chart.svg");
    std::fs::write(&chart, "old").unwrap();
    std::fs::set_permissions(&chart, std::fs::Permissions::from_mode(0o640)).unwrap();
    writes(&FLEE, "--plot", &chart);
    let meta = chart.metadata().unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert!(std::fs::read_to_string(&chart).unwrap().starts_with("<svg"));
    // Nothing left beside it.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

/// Runs that fail, each with `--write-scenario` and `--plot`: exit code
/// 2, and neither file written.
#[test]
fn a_run_that_fails_writes_nothing() {
    let dir = folder("failed");
    let cases: [&[&str]; 5] = [
        &["--set", "defender.profile.t=25"],
        &["--set", "attacker.no_such_key=1"],
        &["--set", "attacker.models=0"],
        &["--distance", "501"],
        &["--method", "exact", "--set", "situation.no_such_key=1"],
    ];
    for (i, case) in cases.iter().enumerate() {
        let scenario = dir.join(format!("ws{i}.toml"));
        let chart = dir.join(format!("ws{i}.svg"));
        let mut args = PICKED.to_vec();
        args.extend(*case);
        args.extend(["--write-scenario", scenario.to_str().unwrap()]);
        args.extend(["--plot", chart.to_str().unwrap()]);
        error(&args);
        assert!(!scenario.exists(), "{case:?} wrote {}", scenario.display());
        assert!(!chart.exists(), "{case:?} wrote {}", chart.display());
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}
