//! Chariots, war machines and the other kinds of model in a unit, built
//! as their army books build them from the roster's structure and their
//! profiles' shapes: each unit's type, M, save against S3, weapon and
//! models written out from its army book.

use crate::common::roster::{
    category, gear_profile, great_cannon, item, model, plays, roles, roster, sel, with,
};
use mathhammer::roster::Role;
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::weapons::Weapon;

const COLD_ONE: &str = "7 3 0 4 4 1 3 1 3 - - 1 25x50";

/// Dark Elf Cold One Chariots as New Recruit writes them: the chariot,
/// its crew and its beasts on one model, its armour an Armour profile.
/// The army book: T5 W4, 4+, two crew (WS4 S3, an attack each), two Cold
/// Ones (S4, M 7"), D6 impact hits at S5. A unit of Goblin Wolf Chariots
/// holds a unit selection per chariot with its crew's models: 2 chariots
/// of 3 crew each.
#[test]
fn chariots_play_as_chariots_with_crew_beasts_and_impact_hits() {
    let cold_one_chariot = sel(
        "unit",
        "Cold One Chariots",
        1,
        &[],
        &[with(
            sel(
                "model",
                "Cold One chariot",
                1,
                &[
                    model("Chariot Crew", "- 4 4 3 - - 5 1 8 4+ - - -"),
                    model("Cold One", COLD_ONE),
                    gear_profile(
                        "Heavy Chariot",
                        "Armour",
                        &[("Saving Throw Modifier", "4+")],
                    ),
                    model("Cold one Chariot", "- - - 5 5 4 - D6 - - - 4* 50x100"),
                ],
                &[item("Spears")],
            ),
            &category("Chariot"),
        )],
    );
    let crew = || {
        sel(
            "model",
            "Goblin crew",
            3,
            &[model("3 Goblin crew", "- 2 3 3 - - 3 1 6 - - - -")],
            &[],
        )
    };
    let wolf_chariots = sel(
        "unit",
        "Goblin Wolf Chariots",
        1,
        &[
            model("Goblin Wolf Chariot", "9 - - 4 4 3 - 1d6 - 7 7 (4) 50x100"),
            model("Wolf", "9 3 0 3 3 1 3 1 3 7 7 1 25x50"),
        ],
        &[
            with(
                sel("unit", "Goblin Wolf chariot", 1, &[], &[crew()]),
                &category("Chariot"),
            ),
            with(
                sel("unit", "Goblin Wolf chariot", 1, &[], &[crew()]),
                &category("Chariot"),
            ),
        ],
    );
    let r = roster(0, &[cold_one_chariot, wolf_chariots]);
    assert_eq!(r.units.len(), 2, "the chariots of a unit are its models");
    let c = r.units[0].played.as_ref().unwrap();
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Chariot, 17.5, Some(4), Weapon::Spear, 1)
    );
    // Its two crew fight each with his A (RULES.md Profiles).
    assert_eq!(
        (c.profile.t.0, c.profile.w.0, c.profile.ws.0, c.profile.a.0),
        (5, 4, 4, 1)
    );
    assert_eq!(c.crew.0, 2);
    let (beasts, hits) = (c.mount.unwrap(), c.impact_hits.unwrap());
    assert_eq!((beasts.s.0, beasts.a.0, hits.s.0), (4, 2, 5));
    let w = r.units[1].played.as_ref().unwrap();
    assert_eq!(
        plays(&r.units[1]),
        (TroopType::Chariot, 22.5, None, Weapon::HandWeapon, 2)
    );
    // Three crew a chariot, an attack each; two wolves (the rulebook's
    // usual two, noted: the data gives no count).
    assert_eq!(
        (w.profile.t.0, w.profile.w.0, w.profile.a.0, w.crew.0),
        (4, 3, 1, 3)
    );
    let notes: Vec<String> = r.units[1].notes.iter().map(ToString::to_string).collect();
    assert!(notes.iter().any(|n| n.contains("no save")), "{notes:?}");
}

/// A Goblin Rock Lobba: the machine and its three crew are models; a
/// Great Cannon's crew are counted by its `3 Crew` upgrade. A war machine
/// fights as its crew (army books: Goblins WS2, Empire soldiers WS3).
#[test]
fn a_war_machine_fights_as_its_crew() {
    let lobba = with(
        sel(
            "unit",
            "Goblin Rock Lobba",
            1,
            &[],
            &[
                sel(
                    "model",
                    "Rock Lobba",
                    1,
                    &[model("Rock Lobba", "- - - - 7 3 - - - 7 7 - -")],
                    &[],
                ),
                sel(
                    "model",
                    "Goblin Crew",
                    3,
                    &[model("Goblin", "4 2 3 3 3 1 2 1 6 7 7 1 20x20")],
                    &[],
                ),
            ],
        ),
        &category("War Machine"),
    );
    let cannon = great_cannon();
    let r = roster(0, &[lobba, cannon]);
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Infantry, 10.0, None, Weapon::HandWeapon, 3)
    );
    assert_eq!(r.units[0].played.as_ref().unwrap().profile.ws.0, 2);
    assert_eq!(
        plays(&r.units[1]),
        (TroopType::Infantry, 10.0, None, Weapon::HandWeapon, 3)
    );
    assert_eq!(roles(&r.units[1])[0], ("War machines", Role::WarMachine));
}

/// Night Goblins with three Fanatics: the Fanatics' 2D6 M and Special WS
/// leave the Fanatics out, not the unit (20 Night Goblins, spears and
/// shields, 6+); a Salamander with its Skink handlers and a War Hydra with
/// its beastmasters are the monsters, their handlers listed; Rat Ogres in
/// packs with a Packmaster each.
#[test]
fn fanatics_and_handlers_are_listed_in_their_unit_which_plays_its_monster() {
    let night_goblins = sel(
        "unit",
        "Night Goblins",
        1,
        &[model("Night Goblin", "4 2 3 3 3 1 3 1 5 7 7 1 20x20")],
        &[
            sel("model", "Night Goblin", 20, &[], &[]),
            sel(
                "upgrade",
                "Fanatics",
                3,
                &[model("Fanatic", "2D6 Special  5 3 1 3 D6 10 7 7  ")],
                &[],
            ),
            item("Spears and Shield"),
        ],
    );
    let salamanders = sel(
        "unit",
        "Salamander Hunting Pack",
        1,
        &[],
        &[
            sel(
                "model",
                "Salamander",
                1,
                &[model("Salamander", "6 3 3 5 4 3 4 2 5 7 7 3 40x40")],
                &[],
            ),
            sel(
                "upgrade",
                "Skink Handlers",
                3,
                &[model("Skink Handler", "6 2 3 3 2 1 4 1 5 7 7 1 20x20")],
                &[],
            ),
        ],
    );
    let hydra = sel(
        "unit",
        "War Hydra",
        1,
        &[model("War Hydra", "6 4 0 5 5 6 2 5 6 7 7 6 50x50")],
        &[sel(
            "model",
            "Beastmaster",
            2,
            &[model("Dark Elf Warrior", "5 4 4 3 3 1 5 1 8 7 7 1 20x20")],
            &[],
        )],
    );
    let rat_ogres = sel(
        "unit",
        "Rat Ogres",
        1,
        &[],
        &[
            sel("model", "Ogre Pack", 2, &[], &[]),
            sel(
                "upgrade",
                "Packmaster each pack",
                1,
                &[model("Packmaster", "6 3 3 3 3 1 4 1 5 7 7 1 20x20")],
                &[],
            ),
            sel(
                "upgrade",
                "Rat Ogre",
                1,
                &[model("Rat Ogre", "6 3 0 5 4 3 3 3 5 7 7 3 40x40")],
                &[],
            ),
        ],
    );
    let r = roster(0, &[night_goblins, salamanders, hydra, rat_ogres]);
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Infantry, 10.0, Some(6), Weapon::Spear, 20)
    );
    assert_eq!(roles(&r.units[0])[1], ("Fanatic", Role::Other));
    let fanatic_note = r.units[0].notes[0].to_string();
    assert_eq!(
        fanatic_note,
        "Fanatic x3: another kind of model in the unit, not played in its fights"
    );
    assert_eq!(
        plays(&r.units[1]),
        (TroopType::LargeInfantry, 15.0, None, Weapon::HandWeapon, 1)
    );
    assert_eq!(roles(&r.units[1])[1], ("Skink Handler", Role::Other));
    assert_eq!(
        plays(&r.units[2]),
        (TroopType::Monster, 15.0, None, Weapon::HandWeapon, 1)
    );
    assert_eq!(roles(&r.units[2])[1], ("Dark Elf Warrior", Role::Other));
    assert_eq!(
        plays(&r.units[3]),
        (TroopType::LargeInfantry, 15.0, None, Weapon::HandWeapon, 2)
    );
}

/// A Tiranoc Chariot as the data writes it: the chariot on an upgrade, its
/// crew a fighter's profile, two Elven Steeds, its save bought as an
/// upgrade `Armour Save 5+` (High Elves army book: T4 W4, 5+, two crew,
/// two steeds at M 9").
#[test]
fn a_chariots_bought_save_and_fighter_crew_are_read() {
    let tiranoc = sel(
        "unit",
        "Tiranoc Chariot",
        1,
        &[],
        &[sel(
            "upgrade",
            "Tiranoc Chariot",
            1,
            &[model("Tiranoc Chariot", "- - - 5 4 4 - - - - - - 50x100")],
            &[
                item("Armour Save 5+"),
                sel(
                    "upgrade",
                    "Crew",
                    1,
                    &[model("Elven Basic", "5 4 4 3 3 1 5 1 8 11 7 1 20x20")],
                    &[],
                ),
                sel(
                    "upgrade",
                    "Elven Steed",
                    2,
                    &[model("Elven Steed", "9 3 0 3 3 1 4 1 5 7 7 1 25x50")],
                    &[],
                ),
            ],
        )],
    );
    let r = roster(0, &[tiranoc]);
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Chariot, 22.5, Some(5), Weapon::HandWeapon, 1)
    );
    let c = r.units[0].played.as_ref().unwrap();
    // Two crew (the rulebook's usual two: noted), two steeds (their upgrade's number).
    assert_eq!((c.profile.a.0, c.crew.0, c.mount.unwrap().a.0), (1, 2, 2));
}
