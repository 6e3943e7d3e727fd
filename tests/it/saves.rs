//! Armour saves better than 1+ (RULES.md Saves): the save before Strength
//! is not capped, so what is better than 1+ absorbs Strength; the roll
//! needed is capped at 2+ last (a 1 always fails). Every engine reads the
//! same roll needed; a report prints a save of 1+ or better as 1+.
//! Hand-checked.

use crate::common::run::{json, stdout};
use crate::common::within_4_sigma;
use mathhammer::sim::Estimate;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Scaly Skin 4+ (3 points), heavy armour (2) and a shield (1), with a
/// hand weapon: in close combat it parries (1), 7 points, a save of 0+.
const SCALY: &str = r#"name = "Scaly guard"
type = "infantry"
weapon = "hand-weapon-and-shield"
armour = "heavy"
natural_armour = 4

[profile]
m = 10
ws = 3
bs = 0
s = 4
t = 4
w = 1
i = 1
a = 1
ld = 8
"#;

/// `text` written as `name` in the tests' temporary folder.
fn written(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("saves");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// An estimate of a `--method all` report's value `v`.
fn estimate(v: &Value) -> Estimate {
    Estimate {
        estimate: v["estimate"].as_f64().unwrap(),
        ci95: [0.0; 2],
        trials: v["trials"].as_u64().unwrap(),
    }
}

#[test]
fn a_save_better_than_one_plus_absorbs_strength_in_every_engine() {
    // Ten WS3 S5 attacks at the scaly guard (WS3 T4): to hit 4+ (1/2), to
    // wound 3+ (2/3), the save 0+ against S5 (-2) is 2+: fails 1/6 (capped
    // at 1+ first it was 3+, failing 2/6). P(unsaved) = 1/2 x 2/3 x 1/6 =
    // 1/18; P(no wound of ten) = (17/18)^10.
    let target = written("scaly.toml", SCALY);
    let args = [
        "attacks",
        "--models",
        "10",
        "--ws",
        "3",
        "--s",
        "5",
        "--attacks",
        "1",
        "--target",
        target.to_str().unwrap(),
    ];
    let r = json(&args);
    assert_eq!(r["armour_save"], "2+");
    assert!(close(r["p_unsaved"].as_f64().unwrap(), 1.0 / 18.0), "{r}");
    let none = (17.0f64 / 18.0).powi(10);
    assert!(close(r["wounds_pmf"][0]["p"].as_f64().unwrap(), none));
    // Against S6 (-3): 3+, failing 2/6: P(unsaved) = 1/2 x 5/6 x 1/3.
    let mut at_s6 = args;
    at_s6[6] = "6";
    let s6 = json(&at_s6);
    assert_eq!(s6["armour_save"], "3+");
    assert!(close(s6["p_unsaved"].as_f64().unwrap(), 5.0 / 36.0));
    // The summary prints the save before Strength: 0+ as 1+.
    let table = stdout(&args);
    assert!(
        table.starts_with("Attacks: 10 x the attackers (WS3 S5, hand weapon) at Scaly guard (T4 W1, infantry, 1+ save)"),
        "{table}"
    );
    // Both Monte Carlo engines draw from the same roll needed.
    let all = json(&[&args[..], &["--method", "all", "--trials", "100000"]].concat());
    for engine in ["monte_carlo", "dice"] {
        let e = estimate(&all[engine]["wounds_pmf"][0]["p"]);
        assert!(within_4_sigma(none, &e), "{engine}: {e:?} vs {none}");
    }
    let e = estimate(&all["dice"]["p_unsaved"]);
    assert!(within_4_sigma(1.0 / 18.0, &e), "{e:?}");
}

#[test]
fn a_whole_fight_strikes_at_the_same_save() {
    // Five WS3 S5 chargers strike first at ten unbreakable scaly guards,
    // one round: each attack slays with 1/18 (above), so the guards lose
    // 5/18 of a model on average (5/9 with the save capped at 1+ first).
    let guard = written("guard.toml", SCALY);
    let fight = format!(
        "name = \"scaly\"\n\
         [attacker]\nname = \"chargers\"\nmodels = 5\nfrontage = 5\n\
         [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 5\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n\
         [defender]\nprofile_file = \"{}\"\nmodels = 10\nfrontage = 5\nrules = [\"unbreakable\"]\n\
         [situation]\ncharger = \"attacker\"\ndistance = 5\nrounds = 1\n",
        guard.display()
    );
    let path = written("fight.toml", &fight);
    let file = path.to_str().unwrap();
    let r = json(&["combat", file, "--method", "exact"]);
    let mean = r["mean_defender_casualties"].as_f64().unwrap();
    assert!(close(mean, 5.0 / 18.0), "{mean}");
    let all = json(&["combat", file, "--method", "all", "--trials", "100000"]);
    let none = (17.0f64 / 18.0).powi(5);
    let exact = all["exact"]["defender_casualties_pmf"][0]["p"]
        .as_f64()
        .unwrap();
    assert!(close(exact, none), "{exact}");
    for engine in ["monte_carlo", "dice"] {
        let e = estimate(&all[engine]["defender_casualties_pmf"][0]["p"]);
        assert!(within_4_sigma(none, &e), "{engine}: {e:?} vs {none}");
    }
}
