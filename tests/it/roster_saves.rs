//! What a roster unit wears and how it saves, as the WFB6 catalogues write
//! it (issue 46): barding written as an Armour profile inside its steed's
//! selection, runes bought more than once, a ward written in a profile's
//! column, the `US` column, and "plays as" saying the save and ward the
//! fights play. Each unit is written out from its army book.

use crate::common::roster::{army_roster, cost, gear_profile, item, model, plays, rule, sel, with};
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::weapons::Weapon;

const KNIGHT: &str = "4 4 3 3 3 1 3 1 8 4 7 1 20x20";
const WARHORSE: &str = "8 3 0 3 3 1 3 1 5 +1 7 1 25x50";

fn armour(name: &str, modifier: &str) -> String {
    sel(
        "upgrade",
        name,
        1,
        &[gear_profile(
            name,
            "Armour",
            &[("Saving Throw Modifier", modifier)],
        )],
        &[],
    )
}

/// An Empire Warhorse as the Empire data links it to knights: its own
/// profile and a `Barding` Armour profile in one selection.
fn barded_warhorse() -> String {
    sel(
        "upgrade",
        "Empire Warhorse",
        1,
        &[
            model("Warhorse", WARHORSE),
            gear_profile("Barding", "Armour", &[("Saving Throw Modifier", "-1")]),
        ],
        &[],
    )
}

/// Empire Knightly Orders (Empire army book: full plate armour, shield,
/// lance, barded warhorse: 2+, M 8" less barding's 2 cm) and Knights of
/// the White Wolf (full plate, cavalry hammer, barded warhorse, no shield:
/// 3+), the barding inside the steed's selection; a Captain's barding
/// bought as a selection of its own under his horse still counts (2+ with
/// heavy armour and shield).
#[test]
fn barding_inside_a_steeds_selection_is_worn() {
    let knights = |name: &str, gear: &[String]| {
        let mut held = vec![sel("model", "Knight", 5, &[], &[]), barded_warhorse()];
        held.extend(gear.iter().cloned());
        sel("unit", name, 1, &[model("Elite", KNIGHT)], &held)
    };
    let orders = knights(
        "Knights of the Knightly Orders",
        &[
            armour("Full Plate Armour", "4"),
            item("Shield"),
            item("Lance"),
        ],
    );
    let white_wolf = knights(
        "Knights Of the White Wolf",
        &[armour("Full Plate Armour", "4"), item("Cavalry hammer")],
    );
    let captain = sel(
        "unit",
        "Captain",
        1,
        &[model("Captain", "4 5 5 4 4 2 5 3 8 7 7 1 20x20")],
        &[
            sel(
                "upgrade",
                "Empire Warhorse",
                1,
                &[model("Warhorse", WARHORSE)],
                &[item("Barding")],
            ),
            item("Heavy Armour"),
            item("Shield"),
            item("Hand Weapon"),
        ],
    );
    let r = army_roster("The Empire", 0, &[orders, white_wolf, captain]);
    let u = |n: usize| plays(&r.units[n]);
    assert_eq!(u(0), (TroopType::Cavalry, 18.0, Some(2), Weapon::Lance, 5));
    assert_eq!(
        u(1),
        (TroopType::Cavalry, 18.0, Some(3), Weapon::CavalryHammer, 5)
    );
    assert_eq!(
        u(2),
        (TroopType::Cavalry, 18.0, Some(2), Weapon::HandWeapon, 1)
    );
    assert!(r.units[0].equipment.iter().any(|e| e == "Barding"));
}

const DWARF_LORD: &str = "3 7 4 4 5 3 4 4 10 7 7 1 20x20";

fn lord(weapon: String) -> String {
    sel(
        "unit",
        "Dwarf Lord",
        1,
        &[model("Dwarf Lord", DWARF_LORD)],
        &[with(weapon, &cost(75)), item("Gromril Armour")],
    )
}

fn fury(number: u32) -> String {
    rule(
        sel("upgrade", "Rune of Fury", number, &[], &[]),
        "Rune of Fury",
    )
}

/// A Dwarf Lord (A 4) whose runic weapon bears three Runes of Fury, bought
/// as one selection of 3 or three of 1, each linking the rune's rule: the
/// army book lets the same rune be inscribed more than once, +1 A each,
/// so A 7; one Rune of Striking is +1 WS once. A name that does not stack
/// counts once however often it is written (a Sword of Might, +1 S, in a
/// selection of 2).
#[test]
fn the_same_rune_bought_three_times_counts_three_times() {
    let one_selection = sel("upgrade", "Runic Weapon", 1, &[], &[fury(3)]);
    let three = sel(
        "upgrade",
        "Runic Weapon",
        1,
        &[],
        &[fury(1), fury(1), fury(1)],
    );
    let r = army_roster("Dwarfs (2006)", 150, &[lord(one_selection), lord(three)]);
    for u in &r.units {
        let played = u.played.as_ref().unwrap();
        assert_eq!(played.profile.a.0, 7, "{}", u.name);
    }
    let once = sel(
        "upgrade",
        "Runic Weapon",
        1,
        &[],
        &[sel("upgrade", "Rune of Striking", 1, &[], &[])],
    );
    let might = sel("upgrade", "Sword of Might", 2, &[], &[]);
    let r = army_roster("Dwarfs (2006)", 150, &[lord(once), lord(might)]);
    let played = |n: usize| r.units[n].played.as_ref().unwrap().profile;
    assert_eq!((played(0).ws.0, played(0).a.0), (8, 4));
    assert_eq!(played(1).s.0, 5);
}
