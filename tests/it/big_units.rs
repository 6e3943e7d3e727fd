//! Units as big as the format accepts: set-up builds only what a fight
//! uses, and the exact engine refuses within its budget instead of running
//! for half a minute (counted work, not time: no timing assertions).

use crate::common::run::mathhammer;
use mathhammer::combat::engines::{FastFate, Rolls, StrikeTables};
use mathhammer::combat::exact::{exact_records, exact_records_within};
use mathhammer::combat::fight::Combat;
use mathhammer::dice::source::TableDice;
use mathhammer::dice::DiceSource;
use mathhammer::scenario::combat::{load_combat, ScenarioFile};
use mathhammer::sim::stream::chunk_rng;
use std::path::Path;

/// Three units of 500 models, 50 wide, A10 W10: thousands of possible
/// attack counts per strike step.
const HORDES: &str = r#"
name = "hordes"
[attacker]
name = "horde"
models = 500
frontage = 50
[attacker.profile]
m = 10
ws = 3
bs = 3
s = 3
t = 4
w = 10
i = 2
a = 10
ld = 7
[defender]
name = "wall"
models = 500
frontage = 50
weapon = "spear"
[defender.profile]
m = 10
ws = 3
bs = 3
s = 3
t = 3
w = 10
i = 3
a = 10
ld = 7
[[unit]]
name = "flankers"
side = "attacker"
facing = "flank"
charges = true
distance = 8
models = 500
frontage = 50
[unit.profile]
m = 10
ws = 3
bs = 3
s = 3
t = 4
w = 10
i = 2
a = 10
ld = 7
[situation]
charger = "attacker"
distance = 10
"#;

fn hordes() -> Combat {
    let file: ScenarioFile = mathhammer::scenario::parse(HORDES, "hordes.toml").unwrap();
    file.combat(Path::new(".")).unwrap().combat
}

#[test]
fn strike_tables_are_built_when_a_fight_first_needs_them() {
    let combat = hordes();
    let tables = StrikeTables::new(&combat);
    assert_eq!(tables.built(), 0);
    let rolls = Rolls::for_combat(&combat);
    let mut fate = FastFate::new(TableDice::from_rng(chunk_rng(1, 0)), &rolls, &tables);
    for _ in 0..100 {
        combat.fight(&mut fate);
    }
    // A hundred fights use a few dozen attack counts of the thousands a
    // step could make; building them all up front took 30 s to 2 min.
    let built = tables.built();
    assert!(built > 0 && built < 200, "{built} tables built");
}

#[test]
fn the_exact_engine_refuses_a_fight_beyond_its_budget() {
    assert!(exact_records(&hordes().with_rounds(1)).is_none());
    // The budget is work counted, so the same fight is refused or not on
    // every machine: a small fight fits, and not in a tiny budget.
    let small = load_combat(Path::new("scenarios/two_units_charge_one.toml"), &[]).unwrap();
    let one_round = small.combat.with_rounds(1);
    assert!(exact_records(&one_round).is_some());
    assert!(exact_records_within(&one_round, 1_000_000).is_none());
    // Asked for alone, the refusal is the command's one-line error.
    let dir = std::env::temp_dir().join(format!("mh-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hordes.toml");
    std::fs::write(&path, HORDES).unwrap();
    let out = mathhammer()
        .args(["combat", path.to_str().unwrap(), "--method", "exact"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: --method exact:") && stderr.contains("--method monte-carlo"),
        "{stderr}"
    );
    assert_eq!(stderr.trim_end().lines().count(), 1);
    // Under --method auto (combat's default) the same fight runs Monte
    // Carlo, and stderr says why.
    let out = mathhammer()
        .args([
            "combat",
            path.to_str().unwrap(),
            "--trials",
            "2000",
            "--json",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.starts_with("note: estimated by playing it out ")
            && stderr.contains("too many ways it can go to work out exactly"),
        "{stderr}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["p_attacker_wins"]["estimate"].is_number(), "{v}");
    std::fs::remove_dir_all(&dir).unwrap();
}
