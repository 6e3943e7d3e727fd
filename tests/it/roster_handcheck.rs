//! Units the hand check of 40 units against the army books found
//! built wrong (issue 46): a ridden monster's unit strength, a model whose
//! profile its own upgrade holds (a war machine's crew bought as an
//! upgrade of two, a Dragon Prince riding his Drake) and a rider on a
//! flying steed whose M on the ground is below his. Each unit's facts are
//! written out from its army book and the rulebook's unit strength table;
//! names are the books' facts, never a list the reader is given.

use crate::common::roster::{
    army_roster, category, gear_profile, item, model, plays, roles, rule, sel, with,
};
use mathhammer::roster::{Role, RosterUnit};
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::weapons::Weapon;

/// A unit's unit strength per model where the roster sets it apart from
/// its troop type's.
fn unit_strength(u: &RosterUnit) -> Option<u8> {
    let f = u.played.as_ref().expect("played");
    f.unit_strength_per_model.map(|n| n.0)
}

/// An Elector Count on a Griffon (Empire army book: the Griffon W 4; the
/// rulebook's unit strength table: a ridden monster is its own unit
/// strength, its Wounds, and 1 per rider): a monster of unit strength 5,
/// not the 3 of the Count's own Wounds. On a Warhorse he is cavalry, the
/// table's 2.
#[test]
fn a_ridden_monster_counts_its_wounds_and_its_rider() {
    let count = |mount: String| {
        sel(
            "unit",
            "Elector Count",
            1,
            &[model("Elector Count", "4 5 5 4 4 3 5 3 9 7 7 1 20x20")],
            &[mount, item("Hand Weapon")],
        )
    };
    let griffon = with(
        sel(
            "upgrade",
            "Griffon",
            1,
            &[model("Griffon", "6 5 0 5 5 4 5 4 7 7 7 4 50x50")],
            &[],
        ),
        "",
    );
    let horse = sel(
        "upgrade",
        "Empire Warhorse",
        1,
        &[model("Warhorse", "8 3 0 3 3 1 3 1 5 +1 7 1 25x50")],
        &[],
    );
    let r = army_roster("The Empire", 0, &[count(griffon), count(horse)]);
    assert_eq!(
        r.units[0].played.as_ref().unwrap().troop,
        TroopType::Monster
    );
    assert_eq!(unit_strength(&r.units[0]), Some(5));
    assert_eq!(
        r.units[1].played.as_ref().unwrap().troop,
        TroopType::Cavalry
    );
    assert_eq!(unit_strength(&r.units[1]), None);
}

/// A Reaper Bolt Thrower as the Dark Elves data writes it: a model of the
/// machine and its team, its two crew an upgrade of number 2 (Dark Elves
/// army book: two crew, light armour and hand weapons). Its crew fight for
/// it: 2 models, not the team's 1.
#[test]
fn a_war_machines_crew_bought_as_an_upgrade_of_two_are_two() {
    let reaper = with(
        sel(
            "unit",
            "Reaper Bolt Thrower",
            1,
            &[],
            &[with(
                sel(
                    "model",
                    "Reaper Bolt Thrower team",
                    1,
                    &[],
                    &[
                        sel(
                            "upgrade",
                            "Crew",
                            2,
                            &[model("Crew", "5 4 4 3 3 1 5 1 8 6 7 - 20x20")],
                            &[item("Light Armour"), item("Hand Weapon")],
                        ),
                        sel(
                            "upgrade",
                            "Reaper",
                            1,
                            &[model("Reaper BT", "- - - - 7 3 - - - 7 7 2 50x50")],
                            &[],
                        ),
                    ],
                ),
                &category("War Machine"),
            )],
        ),
        &category("Rare"),
    );
    let r = army_roster("Dark Elves", 0, &[reaper]);
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Infantry, 12.5, Some(6), Weapon::HandWeapon, 2)
    );
}

/// Dragon Princes of Caledor riding Drakes, as the High Elves data writes
/// them: the Dragon Prince a model whose upgrade of his name holds his
/// profile (WS 5, S 4, W 3, A 2; lance, shield, dragon armour), his Drake
/// a model inside his (M 6", S 5, W 5, A 4, flies). The Prince rides his Drake: a
/// monster with his characteristics and the Drake's attacks, of unit
/// strength 6 (its 5 Wounds and its rider), not a Drake alone.
#[test]
fn a_rider_whose_profile_his_model_holds_on_an_upgrade_rides_his_monster() {
    let drake = rule(
        sel(
            "model",
            "Drake",
            1,
            &[model("Drake", "6 5 0 5 5 5 3 4 7 4 7 3 -")],
            &[],
        ),
        "Fly",
    );
    let prince = sel(
        "upgrade",
        "Dragon Prince",
        1,
        &[model("Dragon Prince", "5 5 5 4 3 3 6 2 9 4 7 1 -")],
        &[
            item("Lance"),
            item("Shield"),
            sel(
                "upgrade",
                "Dragon Armour",
                1,
                &[gear_profile(
                    "Dragon Armour",
                    "Armour",
                    &[("Saving Throw Modifier", "5")],
                )],
                &[],
            ),
        ],
    );
    let unit = sel(
        "unit",
        "Dragon Princes of Caledor (Drake riders)",
        1,
        &[],
        &[sel("model", "Dragon Prince", 1, &[], &[prince, drake])],
    );
    let r = army_roster("High Elves", 0, &[unit]);
    let u = &r.units[0];
    let f = u.played.as_ref().expect("played");
    assert_eq!(f.troop, TroopType::Monster);
    assert_eq!((f.profile.ws.0, f.profile.s.0, f.profile.a.0), (5, 4, 2));
    let mount = f.mount.expect("the Drake");
    assert_eq!((mount.s.0, mount.a.0), (5, 4));
    assert_eq!(f.weapon, Weapon::Lance);
    assert_eq!(u.models, 1);
    assert_eq!(unit_strength(u), Some(6));
}

/// Warhawk Riders as the Wood Elves data writes them: the Warhawk's
/// profile on the unit, M 1" (it flies: its M is its walk), the riders'
/// on their models, M 5" (Wood Elves army book: flying cavalry, spears,
/// no armour; a rider's steed adds 1 to his save). They ride their
/// Warhawks: cavalry, 6+ against S3, at the riders' pace on the ground.
#[test]
fn a_rider_on_a_flying_steed_rides_it_whatever_its_walk() {
    let riders = rule(
        sel(
            "unit",
            "Warhawk Riders",
            1,
            &[model("Warhawk", "1 4 0 4 3 - 5 1 5 7 7 1 40x40")],
            &[
                sel(
                    "model",
                    "Warhawk Riders",
                    3,
                    &[model("Warhawk Rider", "5 4 4 3 3 2 5 1 8 7 7 1 -")],
                    &[],
                ),
                item("Long Bow"),
                item("Spear (Mounted)"),
            ],
        ),
        "Fly",
    );
    let r = army_roster("Wood Elves", 0, &[riders]);
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Cavalry, 12.5, Some(6), Weapon::Spear, 3)
    );
    assert!(r.units[0].played.as_ref().unwrap().mount.is_some());
}

/// Night Goblins with one Fanatic bought, as the Orcs and Goblins data
/// writes him (M 2D6, WS Special, A D6): the Fanatic is released from the
/// unit, never its champion (Orcs and Goblins army book: a Night Goblin
/// Boss is the champion). 20 Night Goblins, no champion's extra attack.
#[test]
fn a_fanatic_is_never_his_units_champion() {
    let night_goblins = sel(
        "unit",
        "Night Goblins",
        1,
        &[model("Night Goblin", "4 2 3 3 3 1 3 1 5 7 7 1 20x20")],
        &[
            sel("model", "Night Goblin", 20, &[], &[]),
            sel(
                "upgrade",
                "Fanatic",
                1,
                &[model("Fanatic", "2D6 Special  5 3 1 3 D6 10 7 7  ")],
                &[],
            ),
            item("Hand Weapons and Shields"),
        ],
    );
    let r = army_roster("Orcs and Goblins", 0, &[night_goblins]);
    let u = &r.units[0];
    assert_eq!(
        plays(u),
        (
            TroopType::Infantry,
            10.0,
            Some(5),
            Weapon::HandWeaponAndShield,
            20
        )
    );
    assert!(!u.champion);
    assert_eq!(roles(u)[1], ("Fanatic", Role::Other));
}

/// Gotrek and Felix as the data writes them: a unit of two model
/// selections, each with his own profile (Gotrek M 3", WS 7, T 5, W 3, A 4;
/// Felix M 4", WS 5, T 4, W 2, A 3). Felix walks beside Gotrek: never his
/// steed (he made him cavalry with a mount's +1 save), another model of
/// the unit, listed.
#[test]
fn two_models_side_by_side_are_never_a_rider_and_his_steed() {
    let unit = sel(
        "unit",
        "Gotrek Gurnisson &amp; Felix Jaeger",
        1,
        &[],
        &[
            sel(
                "model",
                "Gotrek Gurnisson",
                1,
                &[model("Gotrek", "3 7 2 4 5 3 5 4 10 7 4 1 -")],
                &[item("Hand Weapon")],
            ),
            sel(
                "model",
                "Felix Jaeger",
                1,
                &[model("Felix", "4 5 5 4 4 2 5 3 8 6 7 1 -")],
                &[item("Hand Weapon")],
            ),
        ],
    );
    let r = army_roster("Dogs of War", 0, &[unit]);
    let u = &r.units[0];
    assert_eq!(
        plays(u),
        (TroopType::Infantry, 7.5, None, Weapon::HandWeapon, 1)
    );
    assert!(u.played.as_ref().unwrap().mount.is_none());
    assert_eq!(roles(u)[1], ("Felix", Role::Other));
}
