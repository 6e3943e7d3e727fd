//! Property-based fuzzing of combat scenario files, from valid to broken:
//! a random fight of two to four units (tests/common) with random edits
//! (a value swapped for a hostile token, a line deleted, doubled or added, a
//! key misspelt). Whatever the text, reading it gives a fight or one
//! one-line error naming a field, never a panic; a fight's probabilities lie
//! in [0, 1] and its outcomes sum to 1 (exact: within 1e-12; Monte Carlo:
//! as counts, exactly). A few cases also go through the binary: exit 0 or 2,
//! one line on stderr. Bounded (few trials, small fights for the exact
//! engine) so CI stays fast; `fuzz/` has a cargo-fuzz target for long runs.

use crate::common::run::mathhammer;
use crate::common::{random_fight, rng, settings, HOSTILE_VALUES};
use mathhammer::query::combat::CombatQuery;
use mathhammer::query::Method;
use mathhammer::report::{Engine, Report, Value};
use mathhammer::scenario::combat::ScenarioFile;
use proptest::prelude::*;
use std::path::Path;

/// Values a careless or hostile file may hold: [`HOSTILE_VALUES`] and a
/// scenario's own names.
static TOKENS: std::sync::LazyLock<Vec<&str>> = std::sync::LazyLock::new(|| {
    let names = [
        "\"flank\"",
        "\"flee\"",
        "\"stand-and-shoot\"",
        "\"defender\"",
        "[\"fear\"]",
        "{}",
    ];
    HOSTILE_VALUES.iter().chain(&names).copied().collect()
});
/// Lines a file may gain.
const LINES: &[&str] = &[
    "rounds = 1",
    "[situation]",
    "[[unit]]",
    "reaction = \"flee\"",
    "reaction = \"stand-and-shoot\"",
    "charger = \"defender\"",
    "charger = \"none\"",
    "inches = true",
    "wheel = 5",
    "difficult_terrain = true",
    "last_round_winner = \"attacker\"",
    "flies = true",
    "distance = 400",
    "models = 500",
    "frontage = 50",
    "pursue = false",
    "missile = { s = 10, shots = 10 }",
    "ws = 0",
    "points = nan",
    "side = \"attacker\"",
    "charges = true",
    "challenge = \"attacker\"",
];

/// One edit of a scenario's lines.
#[derive(Clone, Debug)]
enum Edit {
    Value(usize, usize),
    Delete(usize),
    Double(usize),
    Misspell(usize),
    Insert(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<usize>(), 0..TOKENS.len()).prop_map(|(l, t)| Edit::Value(l, t)),
        1 => any::<usize>().prop_map(Edit::Delete),
        1 => any::<usize>().prop_map(Edit::Double),
        1 => any::<usize>().prop_map(Edit::Misspell),
        1 => (any::<usize>(), 0..LINES.len()).prop_map(|(l, t)| Edit::Insert(l, t)),
    ]
}

/// A random fight of `2 + extras` units with `edits` applied.
fn scenario(seed: u64, extras: usize, edits: &[Edit]) -> String {
    let text = random_fight(&mut rng(seed), extras);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for e in edits {
        let at = |l: usize| l % lines.len().max(1);
        match *e {
            Edit::Value(l, t) => {
                // Among the `key = value` lines.
                let keyed: Vec<usize> = (0..lines.len())
                    .filter(|&i| lines[i].contains('='))
                    .collect();
                if let Some(&i) = keyed.get(l % keyed.len().max(1)) {
                    let key = lines[i].split_once('=').map_or("", |k| k.0).to_string();
                    lines[i] = format!("{key}= {}", TOKENS[t]);
                }
            }
            Edit::Delete(l) if lines.len() > 1 => {
                lines.remove(at(l));
            }
            Edit::Delete(_) => {}
            Edit::Double(l) => {
                let i = at(l);
                lines.insert(i, lines[i].clone());
            }
            Edit::Misspell(l) => {
                let i = at(l);
                if let Some((key, value)) = lines[i].split_once('=') {
                    lines[i] = format!("{}x ={value}", key.trim_end());
                }
            }
            Edit::Insert(l, t) => lines.insert(at(l), LINES[t].to_string()),
        }
    }
    lines.join("\n") + "\n"
}

/// Every probability of every engine lies in [0, 1] (an estimate's interval
/// too), and the `outcomes` partition sums to 1.
fn check_report(report: &Report, text: &str) -> Result<(), TestCaseError> {
    for o in &report.outcomes {
        for f in &o.fields {
            let ok = match &f.value {
                Value::Prob(p) => (0.0..=1.0).contains(p),
                Value::ProbEst(e) => {
                    (0.0..=1.0).contains(&e.estimate) && e.ci95[0] >= 0.0 && e.ci95[1] <= 1.0
                }
                _ => true,
            };
            prop_assert!(ok, "{:?} {} = {:?}\n{text}", o.engine, f.key, f.value);
        }
        let Some(partition) = o.table("outcomes") else {
            continue;
        };
        match o.engine {
            Engine::Exact => {
                let total: f64 = partition.rows.iter().filter_map(|r| r.1[0].exact()).sum();
                prop_assert!((total - 1.0).abs() < 1e-12, "exact sums to {total}\n{text}");
            }
            _ => {
                let estimates: Vec<_> = partition
                    .rows
                    .iter()
                    .filter_map(|r| r.1[0].estimate())
                    .collect();
                let trials = estimates[0].trials;
                let counts: u64 = estimates
                    .iter()
                    .map(|e| (e.estimate * e.trials as f64).round() as u64)
                    .sum();
                prop_assert_eq!(counts, trials, "{}", text);
            }
        }
    }
    Ok(())
}

/// Reads and runs `text` in the library: a fight or a one-line error.
fn read_and_run(text: &str) -> Result<(), TestCaseError> {
    let one_line = |e: &mathhammer::error::InputError| {
        let s = e.to_string();
        !s.contains('\n') && !e.field.is_empty() && !e.message.is_empty()
    };
    let file: ScenarioFile = match mathhammer::scenario::parse(text, "fuzz.toml") {
        Ok(f) => f,
        Err(e) => {
            prop_assert!(one_line(&e), "{e}\n{text}");
            return Ok(());
        }
    };
    let query = match file.combat(Path::new("scenarios")) {
        Ok(q) => q,
        Err(e) => {
            prop_assert!(one_line(&e), "{e}\n{text}");
            return Ok(());
        }
    };
    check_report(&query.report(&settings(Method::MonteCarlo, 300, 7)), text)?;
    check_report(&query.report(&settings(Method::Dice, 100, 7)), text)?;
    // The exact engine on small fights (a big one is refused within its
    // budget, about a second: too slow for hundreds of cases).
    let models: u32 = query.combat.setup.units.iter().map(|u| u.models).sum();
    if models <= 24 {
        let one_round = CombatQuery {
            combat: query.combat.with_rounds(1),
            name: query.name.clone(),
            sets: Vec::new(),
        };
        check_report(&one_round.report(&settings(Method::Exact, 1, 1)), text)?;
    }
    Ok(())
}

/// [`read_and_run`], a panic being a failure like any other.
fn unpanicked(text: &str) -> Result<(), TestCaseError> {
    match std::panic::catch_unwind(|| read_and_run(text)) {
        Ok(result) => result,
        Err(_) => Err(TestCaseError::fail(format!("panicked on\n{text}"))),
    }
}

/// Every value of every line of a 2-, 3- and 4-unit fight swapped for every
/// hostile token, one at a time: exhaustive where the random edits sample.
#[test]
fn every_value_swapped_for_every_hostile_token() {
    let mut cases = 0;
    for (seed, extras) in [(11, 0), (12, 1), (13, 2)] {
        let lines = random_fight(&mut rng(seed), extras).lines().count();
        for l in 0..lines {
            for t in 0..TOKENS.len() {
                let text = scenario(seed, extras, &[Edit::Value(l, t)]);
                unpanicked(&text).unwrap_or_else(|e| panic!("{e}"));
                cases += 1;
            }
        }
    }
    assert!(cases > 2000, "{cases}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn any_scenario_text_reads_to_a_fight_or_one_line_error(
        seed in any::<u64>(),
        extras in 0usize..=2,
        edits in prop::collection::vec(edit(), 0..3),
    ) {
        let text = scenario(seed, extras, &edits);
        unpanicked(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_binary_exits_0_or_2_with_one_line(
        seed in any::<u64>(),
        extras in 0usize..=2,
        edits in prop::collection::vec(edit(), 0..3),
    ) {
        let text = scenario(seed, extras, &edits);
        let dir = std::env::temp_dir().join(format!("mh-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{seed}.toml"));
        std::fs::write(&path, &text).unwrap();
        let out = mathhammer()
            .args(["combat", path.to_str().unwrap(), "--trials", "200", "--json"])
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&path);
        let stderr = String::from_utf8_lossy(&out.stderr);
        prop_assert!(!stderr.contains("panicked"), "{stderr}\n{text}");
        match out.status.code() {
            Some(0) => {
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                // Exact (--method auto's choice when the fight fits) or
                // 200 trials: either way the outcomes partition.
                let total: f64 = v["outcomes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o["p"]["estimate"].as_f64().or(o["p"].as_f64()).unwrap())
                    .sum();
                prop_assert!((total - 1.0).abs() < 1e-9, "{}: {}", total, text);
            }
            Some(2) => {
                prop_assert!(out.stdout.is_empty(), "{text}");
                prop_assert_eq!(stderr.trim_end().lines().count(), 1, "{}\n{}", stderr, text);
                prop_assert!(stderr.starts_with("error: "), "{stderr}");
            }
            code => prop_assert!(false, "exit {code:?}: {stderr}\n{text}"),
        }
    }
}
