//! The shipped combat scenarios run (and their engines agree on the first
//! round and the whole fight); bad scenario files give one clear error; one scenario's JSON under
//! a fixed seed is snapshot-tested.

use crate::common::run::{engines_agree, mathhammer};
use serde_json::Value;
use std::path::Path;

fn scenario_files() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_scenario_runs_and_its_engines_agree() {
    let files = scenario_files();
    assert!(files.len() >= 8, "{} scenarios", files.len());
    let mut whole = 0;
    for f in files {
        let out = mathhammer()
            .arg("combat")
            .arg(&f)
            .args([
                "--method", "all", "--trials", "40000", "--seed", "11", "--json",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let exact = &v["exact"]["rounds"][0];
        let mc = &v["monte_carlo"]["rounds"][0];
        for key in ["p_fought", "p_attacker_wins", "p_draw", "p_defender_wins"] {
            let p = exact[key].as_f64().unwrap();
            let e = mc[key]["estimate"].as_f64().unwrap();
            let sigma = (p * (1.0 - p) / 40000.0).sqrt();
            assert!(
                (p - e).abs() <= 4.0 * sigma + 1e-12,
                "{} {key}: {p} vs {e}",
                f.display()
            );
        }
        for key in ["p_attacker_wins", "p_defender_wins", "mean_rounds"] {
            assert!(
                v["monte_carlo"][key]["estimate"].is_number(),
                "{} {key}",
                f.display()
            );
        }
        // Every shipped fight is exact whole (the chain of rounds, within
        // --method exact's budget): the same odds as both Monte Carlo engines.
        let keys = ["p_attacker_wins", "p_defender_wins", "p_unresolved"];
        engines_agree(&v, &keys, &f.display().to_string());
        whole += 1;
    }
    assert!(whole >= 14, "only {whole} shipped fights");
}

#[test]
fn flagship_json_snapshot() {
    let out = mathhammer()
        .args([
            "combat",
            "scenarios/boar_boyz_charge_spearmen.toml",
            "--method",
            "monte-carlo",
            "--trials",
            "50000",
            "--seed",
            "7",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[test]
fn casualties_by_round_add_up_to_k_or_more_and_to_the_round_being_fought() {
    let v = crate::common::run::json(&[
        "combat",
        "scenarios/two_units_charge_one.toml",
        "--method",
        "monte-carlo",
        "--trials",
        "20000",
    ]);
    let est = |x: &Value| x["estimate"].as_f64().unwrap();
    let rows = v["round_casualties_pmf"].as_array().unwrap();
    let rounds = v["rounds"].as_array().unwrap();
    let mut checked = 0;
    for unit in ["attacker", "defender", "attacker_2"] {
        for (i, row) in rows.iter().enumerate() {
            let Some(at_least) = row
                .get(format!("p_{unit}_at_least"))
                .filter(|x| !x.is_null())
            else {
                continue;
            };
            let round = row["round"].as_u64().unwrap();
            let tail: f64 = rows[i..]
                .iter()
                .take_while(|r| r["round"].as_u64() == Some(round))
                .filter_map(|r| r.get(format!("p_{unit}")).filter(|x| !x.is_null()))
                .map(est)
                .sum();
            assert!((est(at_least) - tail).abs() < 1e-9, "{unit} {row}");
            if row["models"] == 0 {
                // Every fought round loses 0 or more models.
                let fought = est(&rounds[round as usize - 1]["p_fought"]);
                assert!((est(at_least) - fought).abs() < 1e-9, "{unit} {row}");
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

fn error_for(text: &str, sets: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!(
        "mathhammer-scenario-{}-{}",
        std::process::id(),
        text.len()
    ));
    std::fs::create_dir_all(dir.join("profiles")).unwrap();
    std::fs::copy(
        "scenarios/profiles/orc_boy.toml",
        dir.join("profiles/orc_boy.toml"),
    )
    .unwrap();
    let file = dir.join("bad.toml");
    std::fs::write(&file, text).unwrap();
    let mut cmd = mathhammer();
    cmd.arg("combat").arg(&file);
    for s in sets {
        cmd.args(["--set", s]);
    }
    let out = cmd.output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

const GOOD: &str = r#"name = "test"

[attacker]
profile_file = "profiles/orc_boy.toml"
models = 10

[defender]
profile_file = "profiles/orc_boy.toml"
models = 10

[situation]
charger = "attacker"
distance = 10
"#;

#[test]
fn bad_scenarios_name_file_line_and_field() {
    let e = error_for(
        &GOOD.replace("models = 10\n\n[defender]", "modles = 10\n\n[defender]"),
        &[],
    );
    assert!(
        e.contains("bad.toml:5:1: unknown field `modles`") && e.contains("`models`"),
        "{e}"
    );
    let e = error_for(
        &GOOD.replace("models = 10\n\n[defender]", "models = 0\n\n[defender]"),
        &[],
    );
    assert!(
        e.contains("bad.toml:5:10: models: 0 is out of range (accepted: 1 to 500)"),
        "{e}"
    );
    let e = error_for(&GOOD.replace("distance = 10", "distance = -4"), &[]);
    assert!(
        e.contains("bad.toml:13:12: distance: -4 is out of range"),
        "{e}"
    );
    let e = error_for(
        &GOOD.replace("charger = \"attacker\"", "charger = \"both\""),
        &[],
    );
    assert!(
        e.contains("charger") && e.contains("`attacker`, `defender`, `none`"),
        "{e}"
    );
    let e = error_for(
        &GOOD.replace(
            "orc_boy.toml\"\nmodels = 10\n\n[situation]",
            "orc_boi.toml\"\nmodels = 10\n\n[situation]",
        ),
        &[],
    );
    assert!(
        e.contains("bad.toml: defender.profile_file: cannot read ") && e.contains("orc_boi.toml"),
        "{e}"
    );
    let e = error_for(
        &GOOD.replace("rules = []", ""),
        &[
            "defender.rules=[\"unbreakable\"]",
            "situation.reaction=flee",
        ],
    );
    assert!(
        e.contains(
            "situation.reaction: the charged unit is frenzied, immune to psychology, unbreakable or Undead"
        ),
        "{e}"
    );
    let e = error_for(GOOD, &["situation.reaction=stand-and-shoot"]);
    assert!(
        e.contains("stand-and-shoot needs the charged unit's missile"),
        "{e}"
    );
    let e = error_for(GOOD, &["attacker.frontage"]);
    assert!(e.contains("--set: 'attacker.frontage': no '='"), "{e}");
    let e = error_for(GOOD, &["attacker.impact_hits={ dice = \"D3\", s = 4 }"]);
    assert!(
        e.contains("attacker.models: 10 models with impact hits (accepted: at most 5)"),
        "{e}"
    );
    let e = error_for(GOOD, &["attacker.weapon=halberd", "attacker.type=cavalry"]);
    assert!(
        e.contains("attacker.weapon: halberd is used on foot only"),
        "{e}"
    );
}

/// A further unit in the fight, as a `[[unit]]` entry with `place` lines.
fn with_unit(place: &str) -> String {
    GOOD.replace(
        "[situation]",
        &format!("[[unit]]\nprofile_file = \"profiles/orc_boy.toml\"\nmodels = 5\n{place}\n\n[situation]"),
    )
}

#[test]
fn bad_further_units_are_named() {
    let e = error_for(
        &with_unit("side = \"attacker\"\npursuit_target = \"attacker\""),
        &[],
    );
    assert!(
        e.contains("unit.1.pursuit_target: attacker is on its own side (accepted: defender)"),
        "{e}"
    );
    let e = error_for(
        &with_unit("side = \"attacker\"\npursuit_target = \"unit.7\""),
        &[],
    );
    assert!(e.contains("unit.7 is not a unit of the fight"), "{e}");
    let e = error_for(&with_unit("facing = \"flank\""), &[]);
    assert!(
        e.contains("unit.1.side: missing or none (accepted: attacker, defender)"),
        "{e}"
    );
    let e = error_for(&with_unit("side = \"attacker\"\ncharges = true"), &[]);
    assert!(
        e.contains("unit.1.distance: missing for a unit that charges (accepted: 0 to 500)"),
        "{e}"
    );
    // The charger was not in combat before its charge: nobody fights it yet.
    let e = error_for(&with_unit("side = \"defender\""), &[]);
    assert!(
        e.contains("unit.1.side: it would fight the main charger") && e.contains("accepted"),
        "{e}"
    );
    let both = with_unit("side = \"defender\"\ncharges = true\ndistance = 5").replace(
        "[situation]",
        "[[unit]]\nprofile_file = \"profiles/orc_boy.toml\"\nmodels = 5\nside = \"attacker\"\ncharges = true\ndistance = 5\n\n[situation]",
    );
    let e = error_for(&both, &["situation.charger=none"]);
    assert!(
        e.contains(
            "unit.charges: units of both sides charge (accepted: chargers on one side only)"
        ),
        "{e}"
    );
    let e = error_for(
        &GOOD.replace(
            "models = 10\n\n[defender]",
            "models = 10\nfacing = \"flank\"\n\n[defender]",
        ),
        &[],
    );
    assert!(
        e.contains("attacker.facing: only for [[unit]] entries"),
        "{e}"
    );
    let three = with_unit("side = \"attacker\"").replace("[situation]", "[[unit]]\nprofile_file = \"profiles/orc_boy.toml\"\nmodels = 5\nside = \"attacker\"\n\n[[unit]]\nprofile_file = \"profiles/orc_boy.toml\"\nmodels = 5\nside = \"attacker\"\n\n[situation]");
    let e = error_for(&three, &[]);
    assert!(
        e.contains(
            "unit: 3 more units (accepted: at most 2 besides the attacker and the defender)"
        ),
        "{e}"
    );
    // An engaged unit may only hold.
    let e = error_for(
        &with_unit("side = \"attacker\"\nfacing = \"flank\""),
        &["situation.reaction=flee"],
    );
    assert!(
        e.contains("situation.reaction: the charged unit is already in combat and can only hold"),
        "{e}"
    );
}

/// A file another file names is blamed through the field that named it:
/// a file that is not there, a scenario given as a profile, a date given
/// as a path.
#[test]
fn a_referenced_files_error_names_the_referring_file_and_field() {
    use crate::common::run::error;
    const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";
    let set = |value: &str| error(&["combat", FLAGSHIP, "--set", value]);
    assert_eq!(
        set("attacker.profile_file=\"hold\""),
        format!("error: {FLAGSHIP}: attacker.profile_file: cannot read scenarios/hold: no such file or directory\n")
    );
    let e = set("defender.profile_file=\"knights_flank_spearmen.toml\"");
    assert!(
        e.starts_with(&format!("error: {FLAGSHIP}: defender.profile_file: scenarios/knights_flank_spearmen.toml is a scenario or query file")),
        "{e}"
    );
    let e = set("attacker.profile_file=1979-05-27");
    assert!(
        e.contains("invalid type: datetime, expected a file name in quotes"),
        "{e}"
    );
    let e = error(&["attacks", "--attacker", FLAGSHIP, "--target-t", "3"]);
    assert!(
        e.starts_with("error: --attacker: scenarios/boar_boyz"),
        "{e}"
    );
    // A query file's file keys: a string or the wrong type.
    let dir = std::env::temp_dir().join(format!("mh-referred-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("q.toml");
    std::fs::write(
        &file,
        "query = \"attacks\"\nattacker = 1979-05-27\ntarget_t = 3\n",
    )
    .unwrap();
    let q = file.display().to_string();
    let e = error(&["compare", &q, &q]);
    assert!(
        e.starts_with(&format!("error: {q}: attacker: invalid type: datetime")),
        "{e}"
    );
    // Every list of tables is numbered as --set numbers it, from 1.
    let e = error(&[
        "panic",
        "scenarios/lines/spearmen_break_in_the_line.toml",
        "--set",
        "unit.2.profile_file=\"x\"",
    ]);
    assert!(e.contains(": unit.2.profile_file: cannot read"), "{e}");
}

/// A `--set` changes the fight: the title is the fight as played, the
/// report names the overrides, and the command group kept is shown.
#[test]
fn a_set_fight_is_titled_as_played_and_says_what_changed() {
    let flagship = "scenarios/boar_boyz_charge_spearmen.toml";
    let out = crate::common::run::stdout(&["combat", flagship, "--set", "attacker.models=20"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Combat: 20 Orc boar boy charge 20 Empire spearman"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("charger ")
            && l.ends_with(" 20 Orc boar boy (5 wide), champion, standard, musician")),
        "{out}"
    );
    assert!(
        (lines.iter())
            .any(|l| l.starts_with("changed by --set ") && l.ends_with(" attacker.models=20")),
        "{out}"
    );
    let r = crate::common::run::json(&["combat", flagship, "--set", "attacker.models=20"]);
    assert_eq!(r["set"], "attacker.models=20");
    let plain = crate::common::run::stdout(&["combat", flagship]);
    assert!(
        plain.starts_with("Combat: 5 Boar Boyz charge 20 Spearmen from 20 cm\n"),
        "{plain}"
    );
    assert!(!plain.contains("--set"));
}
