//! `matchup`'s answers and its readable forms: the charge plan is the best
//! assignment of the fights, identical units fold into one row, every
//! charge is set by `--distance`, `--reaction` and `--facing`, the table
//! keeps to 80 columns, CSV and JSON carry both halves with the units'
//! numbers, and the HTML shows the answers first.

use crate::common::run::{error, json, mathhammer, stdout};
use serde_json::Value;

const ORCS: &str = "scenarios/rosters/orcs_500.ros";
const EMPIRE: &str = "scenarios/rosters/empire_500.ros";
const ORCS_2000: &str = "benches/rosters/orcs_2000.ros";
const EMPIRE_2000: &str = "benches/rosters/empire_2000.ros";

/// The cells' rows of list `charger` (`A` or `B`).
fn charges<'a>(r: &'a Value, charger: &str) -> Vec<&'a Value> {
    r["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["charger"] == charger)
        .collect()
}

/// Each unit of a list in the key, in its order: its number and its
/// points (its characters' with them).
fn points(r: &Value, list: &str) -> Vec<(u64, f64)> {
    r["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["list"] == list)
        .map(|u| {
            let label = u["unit"].as_str().unwrap();
            let number = label.split_once('.').unwrap().0.parse().unwrap();
            (number, u["points"].as_f64().unwrap())
        })
        .collect()
}

/// The most any plan makes, by trying every one: charger `i` on target
/// `j` or holding back, no target twice (a brute force over the partial
/// assignments, small for five units a side).
fn best_by_hand(values: &[Vec<f64>], i: usize, taken: &mut Vec<bool>) -> f64 {
    if i == values.len() {
        return 0.0;
    }
    let mut best = best_by_hand(values, i + 1, taken);
    for j in 0..values[i].len() {
        if !taken[j] {
            taken[j] = true;
            best = best.max(values[i][j] + best_by_hand(values, i + 1, taken));
            taken[j] = false;
        }
    }
    best
}

#[test]
fn each_lists_plan_is_the_best_assignment_of_its_fights() {
    let r = json(&["matchup", ORCS, EMPIRE, "--both"]);
    for (list, enemy, plan) in [("A", "B", "plan_a"), ("B", "A", "plan_b")] {
        let (mine, theirs) = (points(&r, list), points(&r, enemy));
        let cells = charges(&r, list);
        let values: Vec<Vec<f64>> = (0..mine.len())
            .map(|i| {
                (0..theirs.len())
                    .map(|j| {
                        let c = cells[i * theirs.len() + j];
                        assert_eq!(c["charger_unit"], mine[i].0);
                        assert_eq!(c["charged_unit"], theirs[j].0);
                        let p = |k: &str| c[k].as_f64().unwrap();
                        p("p_attacker_wins") * theirs[j].1 - p("p_defender_wins") * mine[i].1
                    })
                    .collect()
            })
            .collect();
        let best = best_by_hand(&values, 0, &mut vec![false; theirs.len()]);
        let rows = r[plan].as_array().unwrap();
        let total = rows.last().unwrap();
        assert_eq!(total["charger"], "total");
        let total = total["expected_points"].as_f64().unwrap();
        assert!(
            (total - best).abs() < 0.01,
            "{list}: {total} against {best}"
        );
        // Each unit has its row, and no target is charged twice.
        assert_eq!(rows.len(), mine.len() + 1);
        let targets: Vec<&str> = rows[..mine.len()]
            .iter()
            .map(|row| row["target"].as_str().unwrap())
            .filter(|t| *t != "holds back")
            .collect();
        let mut distinct = targets.clone();
        distinct.dedup();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), targets.len(), "{targets:?}");
        // Each charge's worth is its cell's.
        for (i, row) in rows[..mine.len()].iter().enumerate() {
            let worth = row["expected_points"].as_f64().unwrap();
            assert!(worth >= 0.0, "a charge losing points: {row}");
            if let Some(t) = row["target"].as_str().and_then(|t| t.split_once('.')) {
                let number: u64 = t.0.parse().unwrap();
                let j = theirs.iter().position(|u| u.0 == number).unwrap();
                assert!((worth - values[i][j]).abs() < 1e-9, "{row}");
            }
        }
    }
    // The orcs' plan, as the README shows it: the Orc Boyz named with the
    // Big Boss who leads them.
    let a = &r["plan_a"];
    assert_eq!(a[0]["charger"], "2. Orc Boyz +1");
    assert_eq!(a[0]["target"], "3. Spearmen");
    assert_eq!(a[1]["target"], "holds back");
}

/// The orcs' list with its Orc Boyz twice (units 2 and 3), written in the
/// test's folder.
fn orcs_with_two_mobs() -> std::path::PathBuf {
    let orcs = std::fs::read_to_string(ORCS).unwrap();
    let lines: Vec<&str> = orcs.lines().collect();
    assert!(lines[3].contains(r#"<selection name="Orc Boyz""#));
    let text = [
        lines[0], lines[1], lines[2], lines[3], lines[3], lines[6], lines[7],
    ]
    .join("\n");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("matchup_answers");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two_mobs.ros");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn identical_units_fold_into_one_row_and_each_has_its_charge() {
    let path = orcs_with_two_mobs();
    let list = path.to_str().unwrap();
    // The Big Boss apart, the mobs are alike (he would lead the first).
    let alone = ["--join", "Orc Big Boss=alone"];
    let r = json(&[&["matchup", list, EMPIRE, "--both"][..], &alone].concat());
    // Three kinds of unit against four (the Empire's Captain leads its
    // Halberdiers), both ways: 24 fights for 32 pairs.
    assert_eq!(r["fights"], 24);
    assert_eq!(r["cells"].as_array().unwrap().len(), 32);
    let matrix = r["a_charges_b"].as_array().unwrap();
    assert_eq!(matrix.len(), 3);
    assert_eq!(matrix[0]["attacker"], "2, 3. Orc Boyz");
    let columns = r["b_charges_a"][0].as_object().unwrap();
    assert!(columns.contains_key("unit_2_3"), "{columns:?}");
    // Both mobs' fights are the whole list's Orc Boyz'.
    let whole = json(&[&["matchup", ORCS, EMPIRE][..], &alone].concat());
    let boyz = &charges(&whole, "A")[0..4];
    for number in [2, 3] {
        let mine: Vec<&Value> = charges(&r, "A")
            .into_iter()
            .filter(|c| c["charger_unit"] == number)
            .collect();
        assert_eq!(mine.len(), 4);
        for (m, w) in mine.iter().zip(boyz) {
            assert_eq!(m["p_attacker_wins"], w["p_attacker_wins"]);
            assert_eq!(m["charger_name"], "Orc Boyz");
        }
    }
    // The plan gives each mob a row of its own.
    let plan: Vec<&str> = r["plan_a"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["charger"].as_str().unwrap())
        .collect();
    assert_eq!(
        plan,
        [
            "2. Orc Boyz",
            "3. Orc Boyz",
            "4. Big 'Uns",
            "1. Orc Big Boss (alone)",
            "total"
        ]
    );
    let text = stdout(&[&["matchup", list, EMPIRE, "--quiet"][..], &alone].concat());
    assert!(text.contains("\n2, 3. Orc Boyz "), "{text}");
}

#[test]
fn distance_reaction_and_facing_set_every_charge_as_combat_sets_its_own() {
    let pick = [
        "--distance",
        "12",
        "--reaction",
        "flee",
        "--facing",
        "flank",
    ];
    let mut args = vec!["matchup", ORCS, EMPIRE];
    args.extend(pick);
    let r = json(&args);
    assert_eq!(
        r["charges"],
        "in the flank, from 12 cm, the charged unit fleeing"
    );
    // The frenzied Flagellants cannot flee: they hold, and the report
    // says so. The Orc Boyz (with their Big Boss) charging them:
    assert_eq!(r["holding_instead"], "B 5. Flagellants (cannot react so)");
    let flagellants = charges(&r, "A")[3];
    let (attacker, defender) = (format!("{ORCS}:2"), format!("{EMPIRE}:5"));
    let held = json(&[
        "combat",
        "--attacker",
        &attacker,
        "--defender",
        &defender,
        "--distance",
        "12",
        "--facing",
        "flank",
    ]);
    assert_eq!(flagellants["p_attacker_wins"], held["p_attacker_wins"]);
    // Orc Boar Boyz (4) charging Spearmen (3).
    let cell = charges(&r, "A")[2 * 4 + 1];
    let (attacker, defender) = (format!("{ORCS}:4"), format!("{EMPIRE}:3"));
    let mut args = vec!["combat", "--attacker", &attacker, "--defender", &defender];
    args.extend(pick);
    let single = json(&args);
    for key in mathhammer::sweep::matchup::CELL_FIGURES {
        assert_eq!(cell[key], single[key], "{key}");
    }
    // Not the default charge's figures.
    let plain = json(&["matchup", ORCS, EMPIRE]);
    assert_ne!(
        charges(&plain, "A")[9]["p_attacker_wins"],
        cell["p_attacker_wins"]
    );
    // The Spanish aliases are the same flags.
    let spanish = json(&[
        "matchup",
        ORCS,
        EMPIRE,
        "--distancia",
        "12",
        "--reaccion",
        "huir",
        "--encaramiento",
        "flanco",
    ]);
    assert_eq!(spanish["cells"], r["cells"]);
    let e = error(&["matchup", ORCS, EMPIRE, "--distance", "600"]);
    assert!(
        e.contains("--distance: 600 is out of range (accepted: 0 to 500)"),
        "{e}"
    );
    let e = error(&["matchup", ORCS, EMPIRE, "--facing", "side"]);
    assert!(e.contains("--facing"), "{e}");
}

#[test]
fn the_default_table_keeps_to_80_columns() {
    for (a, b) in [
        (ORCS, EMPIRE),
        (EMPIRE, ORCS),
        (ORCS_2000, EMPIRE_2000),
        (EMPIRE_2000, ORCS_2000),
    ] {
        for lang in ["en", "es"] {
            let text = stdout(&["matchup", a, b, "--both", "--quiet", "--lang", lang]);
            for line in text.lines() {
                assert!(
                    line.chars().count() <= 80,
                    "{a} {b} {lang}: {} characters: {line}",
                    line.chars().count()
                );
            }
        }
    }
    // 17 columns do not fit one block: the matrix comes in blocks that
    // each name the chargers again.
    let text = stdout(&["matchup", ORCS_2000, EMPIRE_2000, "--quiet"]);
    let matrix = text
        .split("P(charger wins): list A charging list B\n")
        .nth(1)
        .unwrap();
    let blocks = matrix
        .split("\n\n")
        .take_while(|b| b.starts_with("charger"));
    assert!(blocks.count() >= 2, "{matrix}");
    // --wide: the whole names heading the columns, and every fight.
    let wide = stdout(&["matchup", ORCS, EMPIRE, "--quiet", "--wide"]);
    assert!(
        wide.contains("  1. Captain of the Empire  2. Halberdiers"),
        "{wide}"
    );
    assert!(wide.contains("\nEach fight\n"), "{wide}");
    assert!(!stdout(&["matchup", ORCS, EMPIRE, "--quiet"]).contains("\nEach fight\n"));
    // JSON and CSV carry it all: --wide is noted as doing nothing there.
    let out = mathhammer()
        .args(["matchup", ORCS, EMPIRE, "--quiet", "--wide", "--csv"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let notes = String::from_utf8(out.stderr).unwrap();
    assert!(
        notes.contains("--wide does nothing with --json or --csv"),
        "{notes}"
    );
}

#[test]
fn csv_and_json_carry_both_halves_with_the_units_numbers_and_names() {
    let csv = stdout(&["matchup", ORCS, EMPIRE, "--both", "--csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with(
            "cell,charger,charger_unit,charger_name,charged_unit,charged_name,p_attacker_wins,"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].ends_with(",p_charge_declared,method"),
        "{}",
        lines[0]
    );
    // Four units a side (each General leads one), both ways.
    assert_eq!(lines.len(), 1 + 32);
    assert!(lines[1].starts_with("1,A,2,Orc Boyz,2,Halberdiers,"));
    assert!(lines[32].starts_with("32,B,5,Flagellants,5,Big 'Uns,"));
    assert_eq!(lines.iter().filter(|l| l.contains(",B,")).count(), 16);
    let r = json(&["matchup", ORCS, EMPIRE, "--both"]);
    let b = charges(&r, "B");
    assert_eq!(b.len(), 16);
    assert_eq!(b[7]["charger_unit"], 3);
    assert_eq!(b[7]["charger_name"], "Spearmen");
    assert_eq!(b[7]["charged_unit"], 5);
    assert_eq!(b[7]["charged_name"], "Big 'Uns");
    // The CSV's row is the JSON's.
    let p = b[7]["p_attacker_wins"].as_f64().unwrap();
    assert!(lines[17 + 7].contains(&format!(",{p},")), "{}", lines[24]);
}

#[test]
fn a_charge_that_may_not_be_declared_says_how_often_it_is_and_why() {
    let r = json(&["matchup", ORCS, EMPIRE]);
    let declared = r["charge_declared"].as_array().unwrap();
    // The Orc Boyz are named with the Big Boss who leads them.
    let units: Vec<&str> = declared
        .iter()
        .map(|d| d["unit"].as_str().unwrap())
        .collect();
    assert_eq!(
        units,
        [
            "2. Orc Boyz +1",
            "3. Orc Arrer Boyz",
            "4. Orc Boar Boyz",
            "5. Big 'Uns"
        ]
    );
    for d in declared {
        assert_eq!(d["why"], "animosity");
        assert!((d["p_charge_declared"].as_f64().unwrap() - 31.0 / 36.0).abs() < 1e-12);
    }
    let text = stdout(&["matchup", ORCS, EMPIRE, "--quiet"]);
    assert!(
        text.contains("A     2. Orc Boyz +1                  86.1%  animosity"),
        "{text}"
    );
    // The Empire has none: an empty list in JSON, no table in the text.
    let r = json(&["matchup", EMPIRE, ORCS]);
    assert_eq!(r["charge_declared"], serde_json::json!([]));
    let text = stdout(&["matchup", EMPIRE, ORCS, "--quiet"]);
    assert!(text.contains("Charge plan of list A"), "{text}");
    assert!(!text.contains("Charges not always declared"), "{text}");
}

#[test]
fn the_html_shows_the_answers_before_the_heat_maps() {
    let out = mathhammer()
        .args(["matchup", ORCS, EMPIRE, "--both", "--html"])
        .output()
        .unwrap();
    let html = String::from_utf8(out.stdout).unwrap();
    let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("no {s} in {html}"));
    assert!(at("Best target of each unit of list A") < at("class=\"table heat\""));
    assert!(at("Charge plan of list A") < at("Charge plan of list B"));
    assert!(at("Charge plan of list B") < at("class=\"table heat\""));
    // The answers a line each, which a phone shows whole.
    assert!(
        html.contains("<li><b>2. Halberdiers</b> → 2. Orc Boyz +1: 55.6%, 24.9%</li>"),
        "{html}"
    );
    // The heat map: its legend, headers held in place (a `thead`, a box of
    // its own), named by the charged units, cells in whole percent with the
    // figure in their titles.
    assert!(at("class=\"heat-legend\"") < at("<div class=\"heat-scroll\">"));
    assert!(
        html.contains("<thead><tr><th>charger</th><th>2. Halberdiers +1</th>"),
        "{html}"
    );
    // How it was run after the answers.
    assert!(at("class=\"table heat\"") < at("by Monte Carlo"));
    assert!(
        html.contains("title=\"1.8341%\" data-row=\"1\" data-column=\"unit_2\">2%</td>"),
        "{html}"
    );
    // An empty table (no unit left out) is not shown.
    assert!(!html.contains("Units left out"), "{html}");
}
