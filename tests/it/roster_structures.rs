//! Units built as their army books build them, from the roster's
//! structure (selection types, numbers, categories) and its profiles'
//! shapes, never from their names: hand-made rosters of each structure the
//! WFB6 data writes (a detachment, a champion with a profile, each kind of
//! mount, chariots, war machines, a Fanatic, handlers, models on several
//! selections), each unit's type, M, save against S3, weapon and models
//! written out from its army book. Names here are the books' facts; the
//! reader is never given them as a list.

use crate::common::roster::{
    category, cost, gear_profile, item, model, plays, roles, roster, sel, with, EMPIRE_SOLDIER,
};
use mathhammer::roster::Role;
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::weapons::Weapon;

const WARHORSE: &str = "8 3 0 3 3 1 3 1 5 +1 7 1 25x50";

fn halberd() -> String {
    sel(
        "upgrade",
        "Halberds",
        1,
        &[gear_profile(
            "Halberd",
            "Weapon",
            &[("Range", "CC only"), ("Strength", "As User +1")],
        )],
        &[],
    )
}

fn handgun() -> String {
    sel(
        "upgrade",
        "Handgun",
        1,
        &[gear_profile(
            "Empire handgun",
            "Weapon",
            &[
                ("Range", "24\""),
                ("Strength", "4"),
                ("Special Rules", "Move or fire; armour piercing"),
            ],
        )],
        &[],
    )
}

/// Empire Halberdiers with a Handgunner Detachment: two units, the
/// detachment its parent's (Empire army book: halberd and light armour,
/// 6+; the detachment's handguns S4).
#[test]
fn a_detachment_is_a_unit_of_its_own_its_parent_named() {
    let detachment = with(
        sel(
            "unit",
            "Handgunner Detachment",
            1,
            &[model("Empire soldier", EMPIRE_SOLDIER)],
            &[
                with(sel("model", "Handgunner", 10, &[], &[]), &cost(80)),
                handgun(),
                item("Hand Weapon"),
            ],
        ),
        &category("Detachment"),
    );
    let halberdiers = sel(
        "unit",
        "Halberdiers",
        1,
        &[model("Empire soldier", EMPIRE_SOLDIER)],
        &[
            with(sel("model", "Halberdiers", 20, &[], &[]), &cost(120)),
            halberd(),
            item("Light Armour"),
            detachment,
        ],
    );
    let r = roster(200, &[halberdiers]);
    assert_eq!(r.units.len(), 2);
    let (parent, child) = (&r.units[0], &r.units[1]);
    assert_eq!(
        plays(parent),
        (TroopType::Infantry, 10.0, Some(6), Weapon::Halberd, 20)
    );
    assert_eq!(parent.points, 120.0);
    assert_eq!(child.parent, Some(1));
    assert_eq!(
        plays(child),
        (TroopType::Infantry, 10.0, None, Weapon::HandWeapon, 10)
    );
    assert_eq!(
        child.played.as_ref().unwrap().missile.map(|m| m.s.0),
        Some(4)
    );
    assert_eq!((r.unit_points(), r.unaccounted()), (200.0, None));
}

/// Empire Knights as BattleScribe writes them (no entry groups): the
/// First Knight's profile is their champion, the Warhorse their steed;
/// full plate (heavy armour), shield, barding and the steed: 2+ (Empire
/// army book), M 8" less barding's 2 cm.
#[test]
fn a_champion_with_a_profile_is_never_a_mount() {
    let knight = "4 4 3 3 3 1 3 1 8 4 7 1 20x20";
    let knights = sel(
        "unit",
        "Knights of the Knightly Orders",
        1,
        &[model("Knight", knight)],
        &[
            sel("model", "Knight", 5, &[], &[]),
            sel(
                "upgrade",
                "First Knight",
                1,
                &[model("Knight Champion", "4 4 3 3 3 1 3 2 8 4 7 1 20x20")],
                &[],
            ),
            sel(
                "upgrade",
                "Warhorse",
                1,
                &[model("Warhorse", WARHORSE)],
                &[item("Barding")],
            ),
            item("Full Plate Armour"),
            item("Shield"),
            item("Lance"),
        ],
    );
    let r = roster(0, &[knights]);
    let u = &r.units[0];
    assert_eq!(
        plays(u),
        (TroopType::Cavalry, 18.0, Some(2), Weapon::Lance, 5)
    );
    assert_eq!(
        roles(u),
        [
            ("Knight", Role::RankAndFile),
            ("Knight Champion", Role::Champion),
            ("Warhorse", Role::Mount)
        ]
    );
    assert!(u.champion);
}

/// Each way the data writes a steed: beside its rider on the unit (Savage
/// Orc Boar Boyz), an upgrade beside riders on their models (Dark
/// Riders), on the unit beside riders on their models (Pistoliers), a
/// steed with no T or W of its own (Pegasus Knights), a monster chosen
/// from a character's mounts (a Griffon), and a spider and a giant rat.
#[test]
fn every_kind_of_mount_makes_its_riders_cavalry_or_a_monster_rider() {
    let boar_boyz = sel(
        "unit",
        "Savage Orc Boar Boyz",
        1,
        &[
            model("Savage Orc", "4 3 3 3 4 1 2 1 7 7 7 1 25x25"),
            model("War Boar", "7 3 0 3 4 1 3 1 3 7 7 1 25x50"),
        ],
        &[
            sel("model", "Savage Orc Boar Boy", 5, &[], &[]),
            item("Spears"),
            item("Shield"),
        ],
    );
    let dark_riders = sel(
        "unit",
        "Dark Riders",
        1,
        &[],
        &[
            sel(
                "model",
                "Dark Riders",
                5,
                &[model("Dark Riders", "5 4 4 3 3 1 5 1 8 5+ - 1 -")],
                &[],
            ),
            sel(
                "upgrade",
                "Dark steed",
                1,
                &[model("Dark Steed", "9 3 0 3 3 1 4 1 5 - - 1 25x50")],
                &[],
            ),
            item("Light Armour"),
            item("Spears"),
            sel(
                "upgrade",
                "Repeater Crossbow",
                1,
                &[gear_profile(
                    "Repeater crossbow",
                    "Weapon",
                    &[
                        ("Range", "24\""),
                        ("Strength", "3"),
                        ("Special Rules", "Fires X2"),
                    ],
                )],
                &[],
            ),
        ],
    );
    let pistoliers = sel(
        "unit",
        "Pistoliers",
        1,
        &[model("Warhorse", WARHORSE)],
        &[
            sel(
                "model",
                "Pistolier",
                5,
                &[model("Empire soldier", EMPIRE_SOLDIER)],
                &[],
            ),
            sel(
                "upgrade",
                "Marksman",
                1,
                &[model("Marksman", "4 3 4 3 3 1 3 1 7 7 7 - -")],
                &[],
            ),
            item("Light Armour"),
            item("Brace of Pistols"),
        ],
    );
    let pegasus_knights = sel(
        "unit",
        "Pegasus Knights",
        1,
        &[model("Pegasus Knights", "4 4 3 3 4 2 4 1 8 3 7 1 40x40")],
        &[
            sel("model", "Pegasus Knights", 3, &[], &[]),
            sel(
                "upgrade",
                "Pegasus",
                1,
                &[model("Pegasus", "8 3 0 4 - - 4 2 7 7 7 - -")],
                &[],
            ),
            item("Heavy Armour"),
            item("Shield"),
            item("Lance"),
        ],
    );
    let general = with(
        sel(
            "unit",
            "Elector Count",
            1,
            &[model("Elector Count", "4 5 5 4 4 3 5 3 9 7 7 1 20x20")],
            &[
                with(
                    sel(
                        "upgrade",
                        "Griffon",
                        1,
                        &[model("Griffon", "6 5 0 5 5 4 5 4 8 7 7 4 50x50")],
                        &[],
                    ),
                    "",
                ),
                item("Heavy Armour"),
                item("Hand Weapon"),
            ],
        ),
        "",
    );
    let spiders = sel(
        "unit",
        "Goblin Spider Riders",
        1,
        &[
            model("Goblin", "4 2 3 3 3 1 2 1 6 7 7 1 20x20"),
            model("Spider", "7 3 3 3 3 1 3 1 3 7 7 1 25x50"),
        ],
        &[
            sel("model", "Goblin Spider rider", 5, &[], &[]),
            item("Hand Weapons"),
            item("Shields"),
        ],
    );
    let rat_riders = sel(
        "unit",
        "Rat Riders",
        1,
        &[],
        &[
            sel(
                "model",
                "Rat Riders",
                5,
                &[model("Rat Rider", "5 3 3 3 3 1 4 1 5 7 7 1 -")],
                &[],
            ),
            sel(
                "upgrade",
                "Giant Rat",
                1,
                &[model("Giant Rat", "6 3 0 3 3 1 4 1 3 7 7 1 25x50")],
                &[],
            ),
            item("Spear"),
        ],
    );
    let r = roster(
        0,
        &[
            boar_boyz,
            dark_riders,
            pistoliers,
            pegasus_knights,
            general,
            spiders,
            rat_riders,
        ],
    );
    let u = |n: usize| plays(&r.units[n]);
    // Savage Orc Boar Boyz: M 7" boar; shield and steed 5+; foot spears
    // are spears mounted.
    assert_eq!(u(0), (TroopType::Cavalry, 17.5, Some(5), Weapon::Spear, 5));
    // Dark Riders: M 9" steed, light armour and steed 5+, spears; their
    // repeater crossbows shoot twice at S3.
    assert_eq!(u(1), (TroopType::Cavalry, 22.5, Some(5), Weapon::Spear, 5));
    let missile = r.units[1].played.as_ref().unwrap().missile.unwrap();
    assert_eq!((missile.s.0, missile.shots.0), (3, 2));
    // Pistoliers: their own profile rides the Warhorse (Ld 7, BS 3), not
    // the horse's; light armour and steed 5+; pistols S4 twice (a brace).
    assert_eq!(
        u(2),
        (TroopType::Cavalry, 20.0, Some(5), Weapon::HandWeapon, 5)
    );
    let pistolier = r.units[2].played.as_ref().unwrap();
    assert_eq!((pistolier.profile.ld.0, pistolier.profile.bs.0), (7, 3));
    assert!(r.units[2].champion);
    // Pegasus Knights: M 8", heavy armour, shield and steed 3+, lances.
    assert_eq!(u(3), (TroopType::Cavalry, 20.0, Some(3), Weapon::Lance, 3));
    // An Elector Count on a Griffon: a monster rider at the Griffon's M 6".
    assert_eq!(
        u(4),
        (TroopType::Monster, 15.0, Some(5), Weapon::HandWeapon, 1)
    );
    // Goblin Spider Riders: M 7", shield and steed 5+.
    assert_eq!(
        u(5),
        (TroopType::Cavalry, 17.5, Some(5), Weapon::HandWeapon, 5)
    );
    // Skaven Rat Riders: M 6" giant rats, steed 6+, spears.
    assert_eq!(u(6), (TroopType::Cavalry, 15.0, Some(6), Weapon::Spear, 5));
    for n in 0..7 {
        let mount = r.units[n].played.as_ref().unwrap().mount;
        assert!(mount.is_some(), "{}", r.units[n].name);
    }
}

/// Models of one profile written on several selections (some with other
/// gear) are one rank and file; a model count the numbers cannot hold
/// (20 and 4,294,967,295), or of 0, leaves its unit out, not the list.
#[test]
fn models_are_counted_across_selections_and_checked() {
    let skink = || model("Skink", "6 2 3 3 2 1 4 1 5 7 7 1 20x20");
    let split = sel(
        "unit",
        "Skinks",
        1,
        &[],
        &[
            sel("model", "Skink", 8, &[skink()], &[]),
            sel("model", "Skink", 4, &[skink()], &[item("Javelin")]),
        ],
    );
    let overflow = sel(
        "unit",
        "Too many",
        1,
        &[skink()],
        &[
            sel("model", "Skink", 20, &[], &[]),
            sel("model", "Skink", u32::MAX, &[], &[]),
        ],
    );
    let none = sel(
        "unit",
        "None",
        1,
        &[skink()],
        &[sel("model", "Skink", 0, &[], &[])],
    );
    let r = roster(0, &[split, overflow, none]);
    assert_eq!(r.units[0].models, 12);
    let why = |n: usize| r.units[n].played.as_ref().unwrap_err().to_string();
    assert!(
        why(1).contains("more models than can be counted"),
        "{}",
        why(1)
    );
    assert!(
        why(2).contains("0 models (accepted: 1 or more)"),
        "{}",
        why(2)
    );
}
