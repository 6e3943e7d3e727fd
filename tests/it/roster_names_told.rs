//! Every name a roster's unit carries is told once (issue 47): played,
//! played in part, part of an item, no effect with why, or not played
//! with why; none silent.

use crate::common::roster::{army_roster, cost, item, model, rule, sel, with, EMPIRE_SOLDIER};
use mathhammer::roster::{Roster, RosterUnit};

/// Every name `u` tells, in all its lists.
fn told(u: &RosterUnit) -> Vec<&str> {
    let named = u
        .rules_without_effect
        .iter()
        .chain(&u.rules_not_played)
        .chain(&u.rules_folded)
        .map(|n| n.name.as_str());
    u.equipment
        .iter()
        .chain(&u.rules_played)
        .map(String::as_str)
        .chain(named)
        .collect()
}

/// Greatswords: a great weapon whose selection writes its own rules
/// (`Requires Two Hands`, `Strikes Last`), and a Count's Champion holding
/// a magic sword and the unit's own rule again.
fn greatswords_roster() -> Roster {
    let great_weapon = rule(
        rule(item("Great Weapon"), "Requires Two Hands"),
        "Strikes Last",
    );
    let champion = sel(
        "upgrade",
        "Count's Champion",
        1,
        &[model("Count's Champion", "4 4 3 3 3 1 3 2 8 - - 1 20x20")],
        &[
            rule(item("Sword of Might"), "Magical Attacks"),
            item("Full Plate Armour"),
        ],
    );
    let unit = sel(
        "unit",
        "Greatswords",
        1,
        &[model("Greatsword", EMPIRE_SOLDIER)],
        &[
            sel("model", "Greatsword", 10, &[], &[]),
            great_weapon,
            item("Full Plate Armour"),
            champion,
        ],
    );
    army_roster("The Empire", 110, &[with(unit, &cost(110))])
}

fn greatswords() -> RosterUnit {
    greatswords_roster().units[0].clone()
}

#[test]
fn an_items_own_rules_are_part_of_it() {
    let u = greatswords();
    let folded: Vec<(&str, &str)> = u
        .rules_folded
        .iter()
        .map(|n| (n.name.as_str(), n.why.as_str()))
        .collect();
    assert_eq!(
        folded,
        [
            ("Requires Two Hands", "Great Weapon"),
            ("Strikes Last", "Great Weapon")
        ]
    );
}

#[test]
fn another_models_names_are_told_once_by_the_model() {
    let u = greatswords();
    // The champion's sword is his, played in his own fights (WS4 and his
    // own gear: a body of his own); its rule is told as the table tells
    // it; his armour is the unit's too, told once as the unit's
    // equipment.
    let held: Vec<&str> = u
        .rules_not_played
        .iter()
        .filter(|n| n.why.starts_with("held by Count's Champion"))
        .map(|n| n.name.as_str())
        .collect();
    assert!(held.is_empty(), "{held:?}");
    let mut played = u.equipment.iter().chain(&u.rules_played);
    assert!(played.any(|n| n == "Sword of Might"), "{:?}", u.equipment);
    let mut names = told(&u);
    let all = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), all, "a name told twice: {names:?}");
    for name in [
        "Great Weapon",
        "Full Plate Armour",
        "Requires Two Hands",
        "Strikes Last",
        "Sword of Might",
        "Magical Attacks",
    ] {
        assert!(names.contains(&name), "{name} not told: {names:?}");
    }
}

#[test]
fn the_json_listing_gives_what_is_part_of_an_item() {
    let listing: serde_json::Value =
        serde_json::from_str(&mathhammer::roster::listing::json(&greatswords_roster())).unwrap();
    let folded = &listing["units"][0]["rules_folded"];
    assert_eq!(folded[0]["name"], "Requires Two Hands");
    assert_eq!(folded[0]["into"], "Great Weapon");
}
