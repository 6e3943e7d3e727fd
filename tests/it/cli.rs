//! The binary as a user runs it: every subcommand, JSON and CSV output, and
//! bad input (one line on stderr naming the flag, exit code 2, no panic).

use crate::common::run::{error, json, mathhammer, stdout, BOAR_BOYZ};
use serde_json::Value;

#[test]
fn charge_prints_a_table() {
    let out = stdout(BOAR_BOYZ);
    for line in [
        "charge range           36 cm",
        "flee dice              5D6",
        "39.9691%",
    ] {
        assert!(out.contains(line), "{out}");
    }
}

#[test]
fn charge_json_has_stable_keys() {
    let v = json(BOAR_BOYZ);
    assert_eq!(v["query"], "charge");
    assert_eq!(v["method"], "exact");
    assert_eq!(v["charge_range"], 36);
    assert_eq!(v["flee_dice"], "5D6");
    let p = v["p_contact"].as_f64().unwrap();
    assert!((p - 3108.0 / 7776.0).abs() < 1e-14);
    assert_eq!(v["p_caught"], v["p_contact"]);
    assert!((v["p_fail"].as_f64().unwrap() - (1.0 - p)).abs() < 1e-14);
}

#[test]
fn charge_all_methods_side_by_side() {
    let mut args = BOAR_BOYZ.to_vec();
    args.extend([
        "--method",
        "all",
        "--trials",
        "200000",
        "--reach-table",
        "--confidence",
        "0.9",
    ]);
    let v = json(&args);
    assert_eq!(v["method"], "all");
    for engine in ["monte_carlo", "dice"] {
        let e = &v[engine]["p_contact"];
        let ci = e["ci95"].as_array().unwrap();
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(lo < e["estimate"].as_f64().unwrap() && e["estimate"].as_f64().unwrap() < hi);
        assert_eq!(e["trials"], 200000);
        assert_eq!(v[engine]["seed"], 2000);
        assert_eq!(v[engine]["reach_table"].as_array().unwrap().len(), 36);
    }
    assert_eq!(v["exact"]["confident_distance"], 14);
    assert_eq!(v["exact"]["reach_table"][19]["distance"], 20);
    assert_eq!(
        v["exact"]["reach_table"][19]["p_contact"],
        v["exact"]["p_contact"]
    );
}

#[test]
fn charge_reach_table_csv() {
    let mut args = BOAR_BOYZ.to_vec();
    args.extend(["--reach-table", "--csv"]);
    let out = mathhammer().args(&args).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "distance,p_contact");
    assert_eq!(lines[1], "1,1");
    assert_eq!(lines.len(), 37);
    assert!(lines[20].starts_with("20,0.3996913580246"));
}

#[test]
fn charge_imperial_and_holding() {
    let v = json(&[
        "charge",
        "--move",
        "7",
        "--distance",
        "10",
        "--inches",
        "--reaction",
        "flee",
        "--target-move",
        "4",
    ]);
    assert_eq!(v["flee_dice"], "2D6");
    assert_eq!(v["unit"], "in");
    assert!((v["p_caught"].as_f64().unwrap() - 6.0 / 36.0).abs() < 1e-14);
    let v = json(&[
        "charge",
        "--move",
        "20",
        "--barding",
        "--distance",
        "36",
        "--wheel",
        "2",
    ]);
    assert_eq!(v["charge_range"], 34);
    assert_eq!(v["p_contact"], 0);
    assert_eq!(v["flee_dice"], Value::Null);
}

#[test]
fn flee_reports_distribution_and_catch() {
    let v = json(&["flee", "--move", "10", "--pursuer-move", "18"]);
    assert_eq!(v["unit"], "cm");
    assert_eq!(v["flee_dice"], "5D6");
    assert_eq!(v["pursuit_dice"], "8D6");
    assert_eq!(v["mean"], 17.5);
    let pmf = v["pmf"].as_array().unwrap();
    assert_eq!(pmf.len(), 26);
    assert_eq!(pmf[0]["distance"], 5);
    assert_eq!(pmf[0]["p_at_least"], 1);
    let p = v["p_caught"].as_f64().unwrap();
    assert!(p > 0.96 && p < 0.97);
    let out = stdout(&[
        "flee",
        "--move",
        "10",
        "--method",
        "monte-carlo",
        "--trials",
        "1e5",
    ]);
    assert!(
        out.contains("mean flee distance") && out.contains("P(>= d)"),
        "{out}"
    );
}

#[test]
fn leadership_reports_p_pass() {
    let v = json(&["leadership", "--ld", "7", "--modifier", "2", "--reroll"]);
    let once = 10.0 / 36.0;
    assert!((v["p_pass"].as_f64().unwrap() - (once + (1.0 - once) * once)).abs() < 1e-14);
    let v = json(&[
        "leadership",
        "--ld",
        "7",
        "--cold-blooded",
        "--method",
        "monte-carlo",
        "--trials",
        "1e5",
    ]);
    assert_eq!(v["roll"], "3D6 discard highest");
    assert!(v["p_pass"]["estimate"].as_f64().unwrap() > 0.8);
    let csv = stdout(&["leadership", "--ld", "8", "--csv"]);
    assert!(
        csv.starts_with("key,value\np_pass,0.72222222222222"),
        "{csv}"
    );
}

#[test]
fn same_seed_same_output_on_any_thread_count() {
    let run = |threads: &str| {
        let mut args = BOAR_BOYZ.to_vec();
        args.extend([
            "--method",
            "monte-carlo",
            "--trials",
            "300001",
            "--seed",
            "42",
            "--threads",
            threads,
            "--json",
        ]);
        mathhammer().args(&args).output().unwrap().stdout
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn precision_stops_when_narrow_enough() {
    let v = json(&[
        "leadership",
        "--ld",
        "7",
        "--method",
        "monte-carlo",
        "--precision",
        "0.002",
    ]);
    let ci = v["p_pass"]["ci95"].as_array().unwrap();
    assert!((ci[1].as_f64().unwrap() - ci[0].as_f64().unwrap()) / 2.0 <= 0.002);
}

#[test]
fn help_and_version() {
    assert!(stdout(&["--version"]).contains("mathhammer 0.1.0"));
    for cmd in ["charge", "flee", "leadership", "attacks", "shoot"] {
        assert!(stdout(&[cmd, "--help"]).contains("Examples:"), "{cmd}");
    }
}

#[test]
fn every_example_in_the_help_runs() {
    let dir = std::env::temp_dir().join(format!("mathhammer-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut ran = 0;
    for cmd in [
        "charge",
        "flee",
        "leadership",
        "attacks",
        "shoot",
        "combat",
        "sweep",
        "compare",
        "completions",
    ] {
        let out = mathhammer().args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let examples = help
            .split("Examples:\n")
            .nth(1)
            .expect("an Examples section");
        let lines: Vec<&str> = examples
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .map(|l| l.trim().trim_start_matches("mathhammer "))
            .collect();
        assert!(!lines.is_empty(), "{cmd}: no examples");
        for line in lines {
            // A redirect is the shell's, not ours; charts go to a
            // temporary folder; few trials keep the run short.
            let line = line.split(" > ").next().unwrap();
            let mut args: Vec<String> = line.split_whitespace().map(String::from).collect();
            for i in 1..args.len() {
                if args[i - 1] == "--plot" {
                    args[i] = dir.join(&args[i]).display().to_string();
                }
            }
            if !matches!(args[0].as_str(), "completions" | "leadership" | "charge") {
                args.extend(["--trials".into(), "2000".into()]);
            }
            let out = mathhammer().args(&args).output().unwrap();
            assert!(
                out.status.success() && !out.stdout.is_empty(),
                "{line}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 20, "{ran} examples");
}

/// Runs `line` (arguments split on spaces) and checks it is refused as bad
/// input: exit 2, exactly one line on stderr starting `error: ` and
/// containing `needle`, no panic, nothing on stdout.
fn assert_bad_input(line: &str, needle: &str) {
    let args: Vec<&str> = line.split_whitespace().collect();
    let out = mathhammer().args(&args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{line}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{line}: {stderr}");
    assert!(stderr.starts_with("error: "), "{line}: {stderr}");
    assert!(stderr.contains(needle), "{line}: {stderr} lacks {needle}");
    assert!(!stderr.contains("panicked"), "{line}");
    assert!(out.stdout.is_empty(), "{line}");
}

/// Bad input: exit 2, exactly one line on stderr that names the flag (and,
/// where there is a list or range, the accepted values), nothing on stdout.
#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases = [
        ("charge --move 0 --distance 5", "--move"),
        ("charge --move -5 --distance 5", "--move"),
        ("charge --move abc --distance 5", "--move"),
        ("charge --move 500 --distance 5", "--move"),
        ("charge --move 10 --distance -1", "--distance"),
        ("charge --move 10 --distance 5 --reaction run", "hold, flee"),
        (
            "charge --move 10 --distance 5 --reaction flee",
            "--target-move",
        ),
        (
            "charge --move 10 --distance 5 --reaction flee --target-move 0",
            "--target-move",
        ),
        ("charge --move 10 --distance 5 --wheel 25", "--wheel"),
        ("charge --move 2 --distance 5 --barding", "--barding"),
        (
            "charge --move 10 --distance 5 --confidence 1.5",
            "--confidence",
        ),
        ("charge --move 10 --distance 5 --trials 0", "--trials"),
        ("charge --move 10 --distance 5 --trials 1e12", "--trials"),
        ("charge --move 10 --distance 5 --trials lots", "--trials"),
        (
            "charge --move 10 --distance 5 --precision 0.7",
            "--precision",
        ),
        ("charge --move 10 --distance 5 --threads 0", "--threads: 0 is out of range"),
        (
            "charge --move 10 --distance 5 --method guess",
            "exact, monte-carlo, dice, all",
        ),
        ("charge --move 10 --distance 5 --json --csv", "--csv"),
        ("charge --distance 5", "--move"),
        ("charge --move 10 --distance 5 --flies", "--flies"),
        ("flee --move 0", "--move"),
        ("flee --move 10 --pursuer-move -3", "--pursuer-move"),
        ("flee --move 10 --pursuer-flies", "--pursuer-move"),
        ("leadership --ld 11", "--ld: 11 is out of range (accepted: 2 to 10)"),
        ("leadership --ld 1e30", "--ld: 1e30 is out of range (accepted: 2 to 10)"),
        ("leadership --ld 7.5", "--ld: 7.5 is not a whole number"),
        (
            "attacks --models -1 --ws 3 --s 3 --target-ws 3 --target-t 3",
            "--models: -1 is out of range (accepted: 1 to 1000)",
        ),
        (
            "attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --target-ward 7",
            "--target-ward: 7 is out of range (accepted: 2 to 6)",
        ),
        (
            "shoot --models 5 --bs 3 --s 3 --shots 0 --target-t 3",
            "--shots: 0 is out of range (accepted: 1 to 20)",
        ),
        ("charge --move 10 --distance 5 --seed -1", "--seed: -1 is not a seed"),
        ("charge --move 10 --distance 5 --threads 5000", "--threads: 5000 is out of range"),
        (
            "attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --rules fear,stubborn",
            "--rules: fear does not change an attack",
        ),
        (
            "attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --target-armour none,heavy",
            "--target-armour: none cannot be worn with other gear",
        ),
        (
            "attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --target-armour light,heavy",
            "--target-armour: light and heavy: one body armour at most",
        ),
        (
            "combat scenarios/boar_boyz_charge_spearmen.toml --set situation.inches=true --set situation.distance=400",
            "situation.distance: 400 is out of range (accepted: from 0 up to 200 in)",
        ),
        (
            "combat scenarios/boar_boyz_charge_spearmen.toml --set situation.wheel=50",
            "situation.wheel: 50 is out of range",
        ),
        (
            "combat scenarios/boar_boyz_charge_spearmen.toml --set attacker.points=nan",
            "accepted: 0 to 10000 points per model",
        ),
        (
            "combat scenarios/boar_boyz_charge_spearmen.toml --set attacker.points=-3",
            "accepted: 0 to 10000 points per model",
        ),
        (
            "combat scenarios/boar_boyz_charge_spearmen.toml --set attacker.points=inf",
            "accepted: 0 to 10000 points per model",
        ),
        (
            "combat scenarios/boar_boyz_charge_spearmen.toml --plot /nonexistent/dir/fight.svg --trials 1e9",
            "--plot: cannot write /nonexistent/dir/fight.svg",
        ),
        ("leadership --ld 1", "--ld"),
        ("leadership --ld -3", "--ld"),
        ("leadership --ld 7 --modifier 50", "--modifier"),
        // Every numeric flag reads every number form, a hyphen first too.
        ("leadership --ld 7 --modifier -inf", "--modifier: -inf is out of range"),
        ("leadership --ld 7 --modifier", "--modifier: needs a value"),
        ("charge --move 8 --distance 3 --wheel -5e-1", "--wheel: -0.5 is out of range"),
        ("leadership --ld 7.5e0", "--ld: 7.5e0 is not a whole number"),
        ("leadership --ld -7e0", "--ld: -7 is out of range"),
        (
            "attack",
            "accepted: charge, flee, leadership, attacks, shoot",
        ),
    ];
    for (line, needle) in cases {
        assert_bad_input(line, needle);
    }
}

#[test]
fn whole_numbers_written_as_decimals_are_whole() {
    let same = |a: &[&str], b: &[&str]| assert_eq!(json(a), json(b), "{a:?}");
    same(&["leadership", "--ld", "7.0"], &["leadership", "--ld", "7"]);
    same(
        &["leadership", "--ld", "7", "--modifier", "-5.0"],
        &["leadership", "--ld", "7", "--modifier", "-5"],
    );
    let attacks = [
        "attacks",
        "--ws",
        "3",
        "--s",
        "3",
        "--target-ws",
        "3",
        "--target-t",
        "3",
    ];
    same(
        &[&attacks[..], &["--models", "1e1"]].concat(),
        &[&attacks[..], &["--models", "10"]].concat(),
    );
}

#[test]
fn an_error_echoes_a_huge_value_short() {
    let digits = format!("1{}", "0".repeat(300));
    for huge in ["1e300", digits.as_str()] {
        assert_eq!(
            error(&["charge", "--move", huge, "--distance", "5"]),
            "error: --move: 1e300 is out of range (accepted: above 0 up to 100 cm)\n"
        );
    }
    let word = "x".repeat(300);
    let e = error(&[
        "charge",
        "--move",
        "8",
        "--distance",
        "5",
        "--reaction",
        &word,
    ]);
    assert!(e.len() < 200, "{e}");
    assert!(e.contains("(300 characters)"), "{e}");
}

/// A file's path is shown whole, however long: cut short, it names no file
/// (a huge value is still cut).
#[test]
fn an_error_shows_a_files_path_whole() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("a-folder-whose-name-is-long-enough-to-pass-sixty-four-characters")
        .join("and-one-more-folder");
    std::fs::create_dir_all(&dir).unwrap();
    let roster = dir.join("orcs.ros").display().to_string();
    std::fs::copy("scenarios/rosters/orcs_500.ros", &roster).unwrap();
    let missing = dir.join("missing.toml").display().to_string();
    let boys = format!("{roster}:Orc Boys");
    let none = dir.join("none.ros").display().to_string();
    for (args, path) in [
        (vec!["combat", missing.as_str()], &missing),
        (vec!["roster", none.as_str()], &none),
        (
            vec![
                "combat",
                "--attacker",
                &boys,
                "--defender",
                "scenarios/rosters/orcs_500.ros:1",
            ],
            &roster,
        ),
    ] {
        let e = error(&args);
        assert!(e.contains(&format!("{path}:")), "{args:?}: {e}");
        assert!(!e.contains(" characters)"), "{args:?}: {e}");
    }
}

#[test]
fn range_errors_name_the_accepted_values() {
    assert_eq!(
        error(&["charge", "--move", "10", "--distance", "5", "--wheel", "25"]),
        "error: --wheel: 25 is out of range (accepted: 0 up to the charge range, 20 cm)\n"
    );
    assert_eq!(
        error(&["charge", "--move", "50", "--inches", "--distance", "5"]),
        "error: --move: 50 is out of range (accepted: above 0 up to 40 in)\n"
    );
}

#[test]
fn attacks_json_has_the_chain_keys() {
    let v = json(&[
        "attacks",
        "--models",
        "20",
        "--ws",
        "3",
        "--s",
        "3",
        "--weapon",
        "halberd",
        "--target-ws",
        "3",
        "--target-t",
        "4",
        "--target-armour",
        "6",
    ]);
    assert_eq!(v["query"], "attacks");
    assert_eq!(v["p_hit"], 0.5);
    assert_eq!(v["p_wound"], 0.25);
    assert_eq!(v["p_unsaved"], 0.25);
    assert_eq!(v["mean_wounds"], 5);
    assert_eq!(v["mean_kills"], 5);
    let pmf = v["wounds_pmf"].as_array().unwrap();
    assert_eq!(pmf.len(), 21);
    assert_eq!(pmf[0]["wounds"], 0);
    assert!((pmf[0]["p"].as_f64().unwrap() - 0.75f64.powi(20)).abs() < 1e-15);
    assert_eq!(v["kills_pmf"][0]["p_at_least"], 1);
}

#[test]
fn attacks_from_profile_files() {
    let v = json(&[
        "attacks",
        "--attacker",
        "scenarios/profiles/bretonnian_knight.toml",
        "--models",
        "5",
        "--charging",
        "--target",
        "scenarios/profiles/empire_spearman.toml",
        "--target-models",
        "20",
    ]);
    // Lance S5: 5 x 2/3 x 5/6; horses: 5 x 1/2 x 1/2 x 2/3.
    let mean = 5.0 * 2.0 / 3.0 * 5.0 / 6.0 + 5.0 / 6.0;
    assert!((v["mean_wounds"].as_f64().unwrap() - mean).abs() < 1e-12);
    assert_eq!(v["strength"], 5);
    assert_eq!(v["armour_save"], "none");
    let v = json(&[
        "attacks",
        "--attacker",
        "scenarios/profiles/orc_boar_chariot.toml",
        "--charging",
        "--target",
        "scenarios/profiles/empire_spearman.toml",
        "--method",
        "monte-carlo",
        "--trials",
        "1e5",
    ]);
    let m = v["mean_wounds"]["estimate"].as_f64().unwrap();
    assert!((m - 43.0 / 12.0).abs() < 0.05, "{m}");
}

#[test]
fn shoot_with_modifiers() {
    let v = json(&[
        "shoot",
        "--models",
        "10",
        "--bs",
        "3",
        "--s",
        "3",
        "--long-range",
        "--moved",
        "--cover",
        "soft",
        "--target-t",
        "3",
    ]);
    // 7+: a 6 then 4+.
    assert!((v["p_hit"].as_f64().unwrap() - 1.0 / 12.0).abs() < 1e-15);
    assert_eq!(v["to_hit"], "7+ (a 6, then 4+)");
    let out = stdout(&[
        "shoot",
        "--models",
        "10",
        "--bs",
        "3",
        "--s",
        "4",
        "--target",
        "scenarios/profiles/empire_halberdier.toml",
    ]);
    let save = out.lines().find(|l| l.starts_with("armour save")).unwrap();
    assert_eq!(
        save.split_whitespace().collect::<Vec<_>>(),
        ["armour", "save", "6+"]
    );
}

#[test]
fn attack_bad_input_names_the_field() {
    let cases = [
        ("attacks --ws 3 --s 3 --target-ws 3", "--target-t"),
        ("attacks --s 3 --target-ws 3 --target-t 3", "--ws: required (or give --attacker FILE)"),
        ("attacks --ws 0 --s 3 --target-ws 3 --target-t 3", "--ws"),
        ("attacks --ws 3 --s 11 --target-ws 3 --target-t 3", "--s: 11 is out of range (accepted: 1 to 10)"),
        ("attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --rules posion", "killing-blow"),
        ("attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --weapon trident", "halberd"),
        ("attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --type cavalry --weapon halberd", "--weapon: halberd is used on foot only"),
        ("attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --target-armour mithril", "none, light, heavy, shield, barding"),
        ("attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --target-armour 7", "accepted: a save 1 to 6"),
        ("attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --round 2 --charging", "--charging"),
        ("attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --rules multiple-wounds-d3,multiple-wounds-d6", "cannot be combined"),
        ("attacks --attacker scenarios/profiles/missing.toml --target-ws 3 --target-t 3", "--attacker: cannot read scenarios/profiles/missing.toml"),
        ("shoot --s 3 --target-t 3", "--bs"),
        ("shoot --bs 3 --s 3 --target-t 3 --cover thick", "soft, hard"),
    ];
    for (line, needle) in cases {
        assert_bad_input(line, needle);
    }
}

#[test]
fn bad_profile_file_points_at_the_line() {
    let dir = std::env::temp_dir().join(format!("mathhammer-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    let text = std::fs::read_to_string("scenarios/profiles/orc_boy.toml")
        .unwrap()
        .replace("ws = 3", "ws = 0");
    std::fs::write(&bad, text).unwrap();
    let out = mathhammer()
        .args([
            "attacks",
            "--attacker",
            bad.to_str().unwrap(),
            "--target-ws",
            "3",
            "--target-t",
            "3",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("bad.toml:")
            && stderr.contains(": ws: 0 is out of range (accepted: 1 to 10)"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    // `mathhammer ... | head -1`: the pipe closes before the 200 kB of JSON
    // are written; the binary exits quietly instead of panicking.
    use std::process::{Command as Process, Stdio};
    let mut child = Process::new(env!("CARGO_BIN_EXE_mathhammer"))
        .args([
            "combat",
            "scenarios/two_units_charge_one.toml",
            "--method",
            "all",
            "--trials",
            "1e4",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn precision_starts_small_and_never_passes_max_trials() {
    let ld = ["leadership", "--ld", "7", "--method", "monte-carlo"];
    let trials = |extra: &[&str]| {
        let v = json(&[&ld[..], extra].concat());
        v["p_pass"]["trials"].as_u64().unwrap()
    };
    // One chunk is narrow enough for 0.01: it stops there.
    assert_eq!(trials(&["--precision", "0.01"]), 65_536);
    // A cap inside a chunk is met exactly, never passed.
    assert_eq!(
        trials(&["--precision", "0.0001", "--max-trials", "100000"]),
        100_000
    );
    assert_eq!(
        trials(&["--precision", "0.0001", "--max-trials", "1000"]),
        1000
    );
    // --trials and --precision say different things: refused.
    assert_bad_input(
        "leadership --ld 7 --method monte-carlo --precision 0.01 --trials 5",
        "--trials",
    );
    assert_bad_input("leadership --ld 7 --max-trials 5", "--precision");
}

#[test]
fn flags_that_do_nothing_get_a_note() {
    let note = |args: &[&str]| {
        let out = mathhammer().args(args).output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    let exact = note(&["leadership", "--ld", "7", "--trials", "100", "--seed", "4"]);
    assert!(
        exact.contains("--trials, --seed do nothing with --method exact"),
        "{exact}"
    );
    let holds = note(&[
        "charge",
        "--move",
        "10",
        "--distance",
        "5",
        "--target-move",
        "8",
    ]);
    assert!(holds.contains("--target-move does nothing"), "{holds}");
    // Nothing idle, nothing said.
    assert!(note(&[
        "leadership",
        "--ld",
        "7",
        "--method",
        "all",
        "--trials",
        "100"
    ])
    .is_empty());
}

#[test]
fn a_bonus_never_lifts_ld_above_ten() {
    // RULES.md Break test: Ld 10 with a +3 bonus still fails on 11 and 12.
    let v = json(&["leadership", "--ld", "10", "--modifier", "-3"]);
    assert!((v["p_pass"].as_f64().unwrap() - 33.0 / 36.0).abs() < 1e-12);
}

#[test]
fn one_characteristic_and_a_list_of_rules_can_be_set() {
    let flagship = "scenarios/boar_boyz_charge_spearmen.toml";
    let ws5 = json(&[
        "combat",
        flagship,
        "--set",
        "attacker.profile.ws=5",
        "--trials",
        "1000",
    ]);
    // The whole fight fits the exact chain: --method auto's choice.
    assert!(ws5["p_attacker_wins"].as_f64().is_some());
    for rules in [
        "attacker.rules=[fear]",
        "attacker.rules=[fear, hatred]",
        "attacker.rules=fear,hatred",
    ] {
        json(&["combat", flagship, "--set", rules, "--trials", "1000"]);
    }
    // A sweep varies one characteristic.
    let v = json(&[
        "sweep",
        flagship,
        "--vary",
        "attacker.profile.ws=3..4",
        "--trials",
        "1000",
    ]);
    assert_eq!(v["sweep"].as_array().map(Vec::len), Some(2), "{v}");
}

/// The names the README lists after `marker`, up to the closing `)`.
fn readme_list(marker: &str) -> Vec<String> {
    let readme = std::fs::read_to_string("GUIDE.md").unwrap();
    let start = readme
        .find(marker)
        .unwrap_or_else(|| panic!("the README lists {marker}"));
    let list = &readme[start + marker.len()..];
    let list = &list[..list.find(')').unwrap()];
    let list = list.split_once(':').map_or(list, |(_, names)| names);
    list.split(',')
        .map(|n| n.trim().trim_matches('`').to_string())
        .collect()
}

/// Every name `T` parses, as the command line spells it.
fn parser_names<T: clap::ValueEnum>(keep: impl Fn(&T) -> bool) -> Vec<String> {
    T::value_variants()
        .iter()
        .filter(|v| keep(v))
        .filter_map(|v| v.to_possible_value())
        .map(|p| p.get_name().to_string())
        .collect()
}

#[test]
fn the_readmes_lists_of_names_are_the_parsers() {
    use mathhammer::rules::profile::TroopType;
    use mathhammer::rules::special::SpecialRule;
    use mathhammer::rules::weapons::Weapon;
    assert_eq!(
        readme_list("`--rules` (comma"),
        parser_names::<SpecialRule>(|r| r.changes_attacks())
    );
    assert_eq!(
        readme_list("`--weapon` ("),
        parser_names::<Weapon>(|_| true)
    );
    assert_eq!(
        readme_list("`--type` ("),
        parser_names::<TroopType>(|_| true)
    );
}

#[test]
fn attacks_help_lists_the_rules_it_takes_and_no_other() {
    use mathhammer::rules::special::SpecialRule;
    let help = stdout(&["attacks", "--help"]);
    let rules = &help[help.find("--rules").unwrap()..help.find("--hit-modifier").unwrap()];
    let listed: Vec<&str> = rules
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(listed, parser_names::<SpecialRule>(|r| r.changes_attacks()));
}

/// Under `--method all` each engine's values sit under `exact`,
/// `monte_carlo` and `dice` beside the report's facts, so no fact or
/// field of any query may take one of those keys (leadership's `dice`,
/// the roll, was overwritten by the dice engine's object).
#[test]
fn no_fact_or_field_takes_an_engine_key() {
    let queries: [&[&str]; 7] = [
        BOAR_BOYZ,
        &["flee", "--move", "10", "--pursuer-move", "18"],
        &["leadership", "--ld", "7", "--cold-blooded"],
        &[
            "attacks",
            "--attacker",
            "scenarios/profiles/empire_halberdier.toml",
            "--models",
            "20",
            "--target",
            "scenarios/profiles/orc_boy.toml",
            "--target-models",
            "20",
        ],
        &[
            "shoot",
            "--models",
            "10",
            "--bs",
            "3",
            "--s",
            "4",
            "--target",
            "scenarios/profiles/empire_spearman.toml",
            "--target-models",
            "12",
            "--target-ld",
            "7",
        ],
        &["combat", "scenarios/boar_boyz_charge_spearmen.toml"],
        &["panic", "scenarios/lines/cavalry_flee_past_spearmen.toml"],
    ];
    for args in queries {
        let exact = json(&[args, &["--method", "exact"]].concat());
        for key in ["exact", "monte_carlo", "dice"] {
            assert!(
                exact.get(key).is_none(),
                "{args:?}: a fact or field named {key}"
            );
        }
    }
    let all = json(&[
        "leadership",
        "--ld",
        "8",
        "--method",
        "all",
        "--trials",
        "1000",
    ]);
    assert_eq!(all["roll"], "2D6");
    assert!(all["dice"]["p_pass"]["estimate"].is_number(), "{all}");
}

#[test]
fn a_target_immune_to_panic_never_tests() {
    let ten_shots = "shoot --models 10 --bs 3 --s 4 --target-models 10 --target-ld 7";
    let shoot: Vec<&str> = ten_shots.split(' ').chain(["--target-t", "3"]).collect();
    let plain = json(&shoot);
    assert!(plain["p_flees"].as_f64().unwrap() > 0.2, "{plain}");
    for rules in [
        "immune-to-psychology",
        "unbreakable",
        "frenzy",
        "inquebrantable",
    ] {
        let r = json(&[&shoot[..], &["--target-rules", rules]].concat());
        assert_eq!(
            (r["p_panic_test"].as_f64(), r["p_flees"].as_f64()),
            (Some(0.0), Some(0.0)),
            "{rules}"
        );
    }
    // From the target's profile file too.
    let dir = std::env::temp_dir().join(format!("mh-immune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile = dir.join("undead.toml");
    let spearman = std::fs::read_to_string("scenarios/profiles/empire_spearman.toml").unwrap();
    std::fs::write(&profile, format!("rules = [\"unbreakable\"]\n{spearman}")).unwrap();
    let from_file: Vec<&str> = ten_shots
        .split(' ')
        .chain(["--target", profile.to_str().unwrap()])
        .collect();
    let r = json(&from_file);
    assert_eq!(r["p_flees"].as_f64(), Some(0.0), "{r}");
    let e = error(&[&shoot[..], &["--target-rules", "hatred"]].concat());
    assert!(
        e.contains("--target-rules: hatred does not change a panic test"),
        "{e}"
    );
}

#[test]
fn a_probability_per_100_points_reads_as_a_percentage_per_100_points() {
    let flagship = ["combat", "scenarios/boar_boyz_charge_spearmen.toml"];
    let table = stdout(&flagship);
    let line = table
        .lines()
        .find(|l| l.starts_with("P(Orc boar boy wins) per 100 points"))
        .unwrap();
    assert!(line.ends_with(" 4.4728%"), "{line}");
    let r = json(&flagship);
    let p = r["p_attacker_wins"].as_f64().unwrap();
    let per_100 = r["p_attacker_wins_per_100_points"].as_f64().unwrap();
    assert!((per_100 - p * 100.0 / 115.0).abs() < 1e-12, "{per_100}");
}

#[test]
fn a_json_only_table_leaves_no_line_in_the_table_view() {
    let flagship = ["combat", "scenarios/boar_boyz_charge_spearmen.toml"];
    let table = stdout(&flagship);
    assert!(
        !table.contains("round_casualties_pmf") && !table.contains("Models lost by round"),
        "{table}"
    );
    assert!(json(&flagship)["round_casualties_pmf"]
        .as_array()
        .is_some_and(|rows| !rows.is_empty()));
    // Every table the text shows has rows under its title.
    let blocks: Vec<&str> = table.split("\n\n").collect();
    for block in blocks.iter().skip(1) {
        assert!(
            block.trim_end().lines().count() >= 2,
            "a title alone: {block:?}"
        );
    }
}

#[test]
fn the_readmes_subcommand_aliases_are_the_parsers() {
    let readme = std::fs::read_to_string("GUIDE.md").unwrap();
    let line = readme
        .split("- subcommands: ")
        .nth(1)
        .unwrap()
        .split(';')
        .next()
        .unwrap();
    let mut listed: Vec<&str> = line.split('`').skip(1).step_by(2).collect();
    listed.sort();
    let command = mathhammer::cli::Cli::command_line();
    let mut aliases: Vec<&str> = command
        .get_subcommands()
        .flat_map(|c| c.get_visible_aliases())
        .collect();
    aliases.sort();
    assert_eq!(listed, aliases);
}

#[test]
fn notes_follow_the_language_and_help_lists_only_flags_that_do_something() {
    let out = mathhammer()
        .args([
            "panic",
            "scenarios/lines/spearmen_break_in_the_line.toml",
            "--lang",
            "es",
            "--sampler",
            "steps",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "nota: --sampler no hace nada en panic (solo el Monte Carlo rápido de combat juega rondas enteras)\n\
         nota: calculado con exactitud\n"
    );
    assert!(!stdout(&["panic", "--help"]).contains("--sampler"));
    assert!(stdout(&["combat", "--help"]).contains("--sampler"));
}

#[test]
fn armour_gear_is_read_in_spanish_too() {
    // The page's Spanish help names the gear in Spanish (`ligera,escudo`).
    let save = |armour: &str| {
        json(&[
            "attacks",
            "--ws",
            "3",
            "--s",
            "4",
            "--target-ws",
            "3",
            "--target-t",
            "3",
            "--target-armour",
            armour,
        ])["p_unsaved"]
            .clone()
    };
    assert_eq!(save("ligera,escudo"), save("light,shield"));
    assert_eq!(save("pesada,barda"), save("heavy,barding"));
    assert_eq!(save("ninguna"), save("none"));
    assert_ne!(save("ligera,escudo"), save("none"));
}
