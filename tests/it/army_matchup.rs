//! A matchup of armies as fielded (RULES.md Characters in units): no war
//! machine charges, no unit's best target is a character who stands in a
//! unit, each answer names the characters in the units it sends, and a
//! frenzied unit is planned as charging.

use crate::common::roster::{category, cost, item, model, mount, roster_file, rule, sel, with};
use crate::common::run::json;
use serde_json::Value;

const SOLDIER: &str = "4 3 3 3 3 1 3 1 7 - - 1 20x20";
const CAPTAIN: &str = "4 5 5 4 4 2 5 3 8 - - 1 20x20";

fn hero(name: &str, held: &[String]) -> String {
    with(
        sel("unit", name, 1, &[model(name, CAPTAIN)], held),
        &category("Heroes"),
    )
}

fn troops(name: &str, models: u32, values: &str, held: &[String]) -> String {
    let mut all = vec![with(
        sel("model", name, models, &[], &[]),
        &cost(models * 6),
    )];
    all.extend_from_slice(held);
    sel("unit", name, 1, &[model(name, values)], &all)
}

/// An Empire list: its General and battle standard, a Captain, a mounted
/// hero with no cavalry to ride with (alone), Spearmen, Halberdiers, a
/// Great Cannon and its crew, frenzied Flagellants.
fn empire() -> std::path::PathBuf {
    let cannon = with(
        sel(
            "unit",
            "Great Cannon",
            1,
            &[
                model("War machines", "- - - - 7 3 - - - 7 7 - 40x40"),
                model("Empire soldier", SOLDIER),
            ],
            &[sel("upgrade", "3 Crew", 1, &[], &[item("Hand Weapon")])],
        ),
        &category("War Machine"),
    );
    let units = [
        hero("General Hans", &[item("General")]),
        hero("Standard Bearer", &[item("Battle Standard Bearer")]),
        hero("Captain", &[item("Great Weapon")]),
        hero(
            "Rider",
            &[mount("Warhorse", "8 3 0 3 3 1 3 1 5 - - 1 25x50")],
        ),
        troops("Spearmen", 20, SOLDIER, &[item("Spear")]),
        troops("Halberdiers", 25, SOLDIER, &[item("Halberd")]),
        cannon,
        rule(
            troops(
                "Flagellants",
                5,
                "4 2 2 3 4 1 3 1 10 - - 1 20x20",
                &[item("Flail")],
            ),
            "Frenzy",
        ),
    ];
    roster_file("army_matchup_empire.ros", 0, &units)
}

/// An Orc list: a Warboss, Orc Boyz, Black Orcs.
fn orcs() -> std::path::PathBuf {
    let units = [
        hero("Orc Warboss", &[item("Great Weapon")]),
        troops(
            "Orc Boyz",
            20,
            "4 3 3 3 4 1 2 1 7 - - 1 20x20",
            &[item("Shield")],
        ),
        troops(
            "Black Orcs",
            20,
            "4 4 3 4 4 1 2 1 8 - - 1 20x20",
            &[item("Great Weapon")],
        ),
    ];
    roster_file("army_matchup_orcs.ros", 0, &units)
}

/// The numbers of the characters of list `list` and the unit each stands
/// in (none: alone), from the matchup's table of where they stand.
fn stands(r: &Value, list: &str) -> Vec<(u64, Option<u64>)> {
    let number = |v: &Value| -> Option<u64> { v.as_str()?.split_once('.')?.0.parse().ok() };
    r["characters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["list"] == list)
        .map(|c| (number(&c["character"]).unwrap(), number(&c["stands"])))
        .collect()
}

/// A label's own number: `5. Spearmen +1` is 5.
fn number(label: &str) -> u64 {
    label.split_once('.').unwrap().0.parse().unwrap()
}

/// The characters a label names as sent with its unit: `+1 +3`.
fn sent(label: &str) -> Vec<u64> {
    label
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('+')?.parse().ok())
        .collect()
}

#[test]
fn a_matchup_sends_units_with_their_characters_and_never_a_war_machine() {
    let (empire, orcs) = (empire(), orcs());
    let r = json(&[
        "matchup",
        empire.to_str().unwrap(),
        orcs.to_str().unwrap(),
        "--both",
    ]);
    let empire_stands = stands(&r, "A");
    // The General and the battle standard with the Halberdiers (6), the
    // Captain with the Spearmen (5), the Rider alone.
    assert_eq!(
        empire_stands,
        [(1, Some(6)), (2, Some(6)), (3, Some(5)), (4, None)]
    );
    let in_units = |list: &str| -> Vec<u64> {
        stands(&r, list)
            .into_iter()
            .filter(|(_, u)| u.is_some())
            .map(|(c, _)| c)
            .collect()
    };
    let fielded = |list: &str, unit: u64| -> Vec<u64> {
        stands(&r, list)
            .into_iter()
            .filter(|(_, u)| *u == Some(unit))
            .map(|(c, _)| c)
            .collect()
    };
    // No war machine charges: the Great Cannon (7) is charged only.
    let cells = r["cells"].as_array().unwrap();
    assert!(cells
        .iter()
        .all(|c| !(c["charger"] == "A" && c["charger_unit"] == 7)));
    assert!(cells
        .iter()
        .any(|c| c["charger"] == "B" && c["charged_unit"] == 7));
    // No character standing in a unit fights a cell of his own.
    for c in cells {
        let (mine, theirs) = match c["charger"].as_str().unwrap() {
            "A" => ("A", "B"),
            _ => ("B", "A"),
        };
        let charger = c["charger_unit"].as_u64().unwrap();
        let charged = c["charged_unit"].as_u64().unwrap();
        assert!(!in_units(mine).contains(&charger), "{c}");
        assert!(!in_units(theirs).contains(&charged), "{c}");
    }
    // Best targets: never a character in a unit; each charger named with
    // the characters it sends.
    for (table, sends, target) in [
        ("best_targets", "charger", "target"),
        ("best_answers", "charger", "target"),
    ] {
        for row in r[table].as_array().unwrap() {
            let (label, aimed) = (row[sends].as_str().unwrap(), row[target].as_str().unwrap());
            assert_eq!(sent(label), fielded("A", number(label)), "{table}: {row}");
            assert!(!in_units("B").contains(&number(aimed)), "{table}: {row}");
        }
    }
    // Nor is the Cannon a row of chargers; the Rider alone is one.
    let chargers: Vec<&str> = r["best_targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["charger"].as_str().unwrap())
        .collect();
    assert!(!chargers.iter().any(|c| number(c) == 7), "{chargers:?}");
    assert!(chargers.contains(&"4. Rider (alone)"), "{chargers:?}");
    // The plans name what they send; the Cannon has no row, and the
    // frenzied Flagellants (8) charge.
    for (plan, list) in [("plan_a", "A"), ("plan_b", "B")] {
        for row in r[plan].as_array().unwrap() {
            let charger = row["charger"].as_str().unwrap();
            if charger == "total" {
                continue;
            }
            assert_eq!(sent(charger), fielded(list, number(charger)), "{row}");
            assert!(!(list == "A" && number(charger) == 7), "{row}");
        }
    }
    let flagellants = r["plan_a"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["charger"] == "8. Flagellants")
        .unwrap();
    assert_ne!(flagellants["target"], "holds back", "{flagellants}");
}
