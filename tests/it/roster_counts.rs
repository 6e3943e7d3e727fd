//! Units built from their selections as the WFB6 catalogues write them
//! (issue 46): every model counted from the selections that hold or name
//! its profile, packs multiplied, several chariots or monsters in one
//! selection or one unit, a detachment bought as an upgrade, beasts that
//! walk beside a model never its mount, a chariot's crew led by the one
//! with an Ld. Each unit's type, M, save against S3, weapon and models are
//! written out from its army book; names are the books' facts, never a
//! list the reader is given.

use crate::common::roster::{
    army_roster, category, cost, gear_profile, item, model, plays, roles, roster, rule, sel, with,
    EMPIRE_SOLDIER,
};
use mathhammer::roster::{Role, RosterUnit};
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::special::SpecialRule;
use mathhammer::rules::weapons::Weapon;

/// Kroxigor as the Lizardmen data writes them (M 6", WS 3, S 5, T 4, W 3,
/// A 3, Ld 7), no base and no unit strength, as an older list does.
const KROXIGOR: &str = "6 3 0 5 4 3 1 3 7 - - - -";

fn scaly_skin() -> String {
    item("Scaly Skin (4+)")
}

/// Kroxigor bought as an upgrade of number 3 on a unit holding their
/// profile, the upgrade holding it too or not: 3 Kroxigor (Lizardmen army
/// book: large infantry, M 6", great weapons, Scaly Skin 4+).
#[test]
fn kroxigor_are_counted_by_the_upgrade_that_buys_them() {
    let unit = |upgrade_holds_profile: bool| {
        let profiles = match upgrade_holds_profile {
            true => vec![model("Kroxigor", KROXIGOR)],
            false => vec![],
        };
        sel(
            "unit",
            "Kroxigor",
            1,
            &[model("Kroxigor", KROXIGOR)],
            &[
                with(sel("upgrade", "Kroxigor", 3, &profiles, &[]), &cost(174)),
                item("Great Weapon"),
                scaly_skin(),
            ],
        )
    };
    let r = army_roster("Lizardmen", 174, &[unit(true), unit(false)]);
    for u in &r.units {
        assert_eq!(
            plays(u),
            (
                TroopType::LargeInfantry,
                15.0,
                Some(4),
                Weapon::GreatWeapon,
                3
            ),
            "{}",
            u.name
        );
        assert!(roles(u).iter().all(|(_, role)| *role == Role::RankAndFile));
        assert!(u.rules_not_played.iter().all(|n| n.name != "Kroxigor"));
    }
    // Counts no number can hold leave the unit out, never wrap.
    let huge = || {
        sel(
            "upgrade",
            "Kroxigor",
            u32::MAX,
            &[model("Kroxigor", KROXIGOR)],
            &[],
        )
    };
    let too_many = sel(
        "unit",
        "Kroxigor",
        1,
        &[model("Kroxigor", KROXIGOR)],
        &[huge(), huge()],
    );
    let packs = sel(
        "unit",
        "Giant Rats",
        1,
        &[model("Giant Rat", GIANT_RAT)],
        &[
            sel("model", "Giant Rat Pack", u32::MAX, &[], &[]),
            sel("upgrade", "6 Giant Rats each pack", 1, &[], &[]),
        ],
    );
    let r = army_roster("Lizardmen", 0, &[too_many, packs]);
    for u in &r.units {
        let why = u.played.as_ref().unwrap_err().to_string();
        assert!(why.contains("more models than can be counted"), "{why}");
    }
}

const GIANT_RAT: &str = "6 3 0 3 3 1 4 1 3 7 7 1 20x20";
const PACKMASTER: &str = "6 3 3 3 3 1 4 1 5 7 7 1 20x20";

fn packmaster_gear() -> [String; 2] {
    [item("Light Armour"), item("Whip")]
}

/// Giant Rats as the Skaven data writes them: both profiles on the unit,
/// a `Giant Rat Pack` model selection counting packs, and upgrades saying
/// what each pack holds. The army book: a pack is 6 Giant Rats (M 6", no
/// armour) and a Packmaster (light armour, whip); 3 packs are 18 rats and
/// 3 Packmasters, another kind of model in the unit.
#[test]
fn giant_rats_are_bought_in_packs() {
    let rats = sel(
        "unit",
        "Giant Rats",
        1,
        &[
            model("Giant Rat", GIANT_RAT),
            model("Packmaster", PACKMASTER),
        ],
        &[
            with(sel("model", "Giant Rat Pack", 3, &[], &[]), &cost(90)),
            sel("upgrade", "6 Giant Rats each pack", 1, &[], &[]),
            sel(
                "upgrade",
                "Packmaster each pack",
                1,
                &[],
                &packmaster_gear(),
            ),
        ],
    );
    let r = army_roster("Skaven", 90, &[rats]);
    let u = &r.units[0];
    assert_eq!(
        plays(u),
        (TroopType::Infantry, 15.0, None, Weapon::HandWeapon, 18)
    );
    assert_eq!(
        roles(u),
        [
            ("Giant Rat", Role::RankAndFile),
            ("Packmaster", Role::Other)
        ]
    );
    assert_eq!((u.profiles[0].models, u.profiles[1].models), (18, 3));
    assert!(!u.champion);
    assert!(u.equipment.iter().all(|e| e != "Light Armour"));
    // The unit's own rules are its rank and file's, whichever of its
    // profiles it writes first (Frothing Giant Rats, frenzied).
    let frothing = rule(
        sel(
            "unit",
            "Frothing Giant Rats",
            1,
            &[
                model("Packmaster", PACKMASTER),
                model("Giant Rat", GIANT_RAT),
            ],
            &[
                sel("model", "Giant Rat Pack", 2, &[], &[]),
                sel("upgrade", "6 Giant Rats each pack", 1, &[], &[]),
                sel(
                    "upgrade",
                    "Packmaster each pack",
                    1,
                    &[],
                    &packmaster_gear(),
                ),
            ],
        ),
        "Frenzy",
    );
    let r = army_roster("Skaven", 0, &[frothing]);
    let played = r.units[0].played.as_ref().unwrap();
    assert_eq!(r.units[0].models, 12);
    assert_eq!(played.rules, [SpecialRule::Frenzy]);
}

/// Rat Ogres as the Skaven data writes them: an `Ogre Pack` model
/// selection counting packs, the Rat Ogre and the Packmaster each an
/// upgrade holding its profile. The army book: a Rat Ogre (large infantry,
/// M 6", S 5, W 3, A 3) and a Packmaster in each pack; 2 packs are 2 Rat
/// Ogres, their Packmasters not their champion but another kind of model.
#[test]
fn rat_ogres_and_their_packmasters_are_counted_from_their_own_selections() {
    let rat_ogres = sel(
        "unit",
        "Rat Ogres",
        1,
        &[],
        &[
            with(sel("model", "Ogre Pack", 2, &[], &[]), &cost(100)),
            sel(
                "upgrade",
                "Packmaster each pack",
                1,
                &[model("Packmaster", PACKMASTER)],
                &packmaster_gear(),
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
    let r = army_roster("Skaven", 100, &[rat_ogres]);
    let u = &r.units[0];
    assert_eq!(
        plays(u),
        (TroopType::LargeInfantry, 15.0, None, Weapon::HandWeapon, 2)
    );
    assert!(!u.champion);
    assert_eq!(
        roles(u),
        [("Packmaster", Role::Other), ("Rat Ogre", Role::RankAndFile)]
    );
    assert_eq!(u.profiles[0].models, 2);
}

/// A unit of Goblin Wolf Chariots bought as one chariot selection of
/// number 2, its crew one selection of the six (or of three, each
/// chariot's). The army book: each chariot has 3 Goblin crew (an attack
/// each), so the unit is 2 chariots of 3 attacks each, not one of 6.
#[test]
fn two_chariots_bought_as_one_selection_are_two_with_their_own_crews() {
    let chariots = |crew: u32| {
        sel(
            "unit",
            "Goblin Wolf Chariots",
            1,
            &[
                model("Goblin Wolf Chariot", "9 - - 4 4 3 - 1d6 - 7 7 (4) 50x100"),
                model("3 Goblin crew", "- 2 3 3 - - 3 1 6 7 7 2 20x20"),
            ],
            &[with(
                sel(
                    "unit",
                    "Goblin Wolf chariot",
                    2,
                    &[],
                    &[sel(
                        "model",
                        "Goblin crew",
                        crew,
                        &[model("3 Goblin crew", "- 2 3 3 - - 3 1 6 7 7 - -")],
                        &[],
                    )],
                ),
                &category("Chariot"),
            )],
        )
    };
    let r = army_roster("Orcs and Goblins", 0, &[chariots(6), chariots(3)]);
    for u in &r.units {
        let played = u.played.as_ref().unwrap();
        assert_eq!((played.troop, u.models), (TroopType::Chariot, 2));
        // Each chariot's 3 crew, an attack each.
        let crew = (played.profile.a.0, played.crew.0);
        assert_eq!(crew, (1, 3), "{}", u.name);
    }
}

/// Fenbeasts (Dogs of War) as the data writes them: a unit selection with
/// no profile of its own holding a unit selection per Fenbeast (or one of
/// number 3): one unit of 3 Fenbeasts, not three units of one. Two
/// characters bought together (units of two names in one box) stay two.
#[test]
fn several_monsters_in_one_unit_are_one_unit() {
    let fenbeast = |n: u32| {
        sel(
            "unit",
            "Fenbeast",
            n,
            &[model("Fenbeast", "6 3 - 5 5 4 2 3 10 7 7 4 -")],
            &[],
        )
    };
    let one_selection = sel("unit", "Fenbeasts", 1, &[], &[fenbeast(3)]);
    let three = sel(
        "unit",
        "Fenbeasts",
        1,
        &[],
        &[fenbeast(1), fenbeast(1), fenbeast(1)],
    );
    let hero = |name: &str| {
        sel(
            "unit",
            name,
            1,
            &[model(name, "4 5 5 4 4 2 5 3 8 7 7 1 20x20")],
            &[],
        )
    };
    let pair = sel(
        "unit",
        "Johann van Hal &amp; Wilhelm Hasburg",
        1,
        &[],
        &[hero("Johann van Hal"), hero("Wilhem Hasburg")],
    );
    let r = roster(0, &[one_selection, three, pair]);
    let names: Vec<&str> = r.units.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(
        names,
        ["Fenbeasts", "Fenbeasts", "Johann van Hal", "Wilhem Hasburg"]
    );
    assert_eq!((r.units[0].models, r.units[1].models), (3, 3));
}

/// Empire Spearmen with a Handgunner Detachment as the Empire data writes
/// it: an upgrade holding the soldier's profile and its own model
/// selection. Two units: 24 Spearmen (spears, light armour and shield:
/// 5+) and their 8 Handgunners, not 32 Spearmen. An upgrade the data puts
/// in the `Detachment` category without a profile (an armour save) is no
/// unit.
#[test]
fn a_detachment_bought_as_an_upgrade_is_a_unit_of_its_own() {
    let detachment = sel(
        "upgrade",
        "Handgunner Detachment",
        1,
        &[model("Handgunner", EMPIRE_SOLDIER)],
        &[
            with(sel("model", "Handgunner", 8, &[], &[]), &cost(64)),
            item("Hand Weapon"),
            sel(
                "upgrade",
                "Empire handgun",
                1,
                &[gear_profile(
                    "Empire handgun",
                    "Weapon",
                    &[("Range", "24\""), ("Strength", "4")],
                )],
                &[],
            ),
        ],
    );
    let spearmen = sel(
        "unit",
        "Spearmen",
        1,
        &[model("Empire soldier", EMPIRE_SOLDIER)],
        &[
            with(sel("model", "Spearmen", 24, &[], &[]), &cost(144)),
            item("Spear Infantry"),
            item("Light Armour"),
            item("Shield"),
            with(item("Armour Save:4+"), &category("Detachment")),
            detachment,
        ],
    );
    let r = army_roster("The Empire", 208, &[spearmen]);
    assert_eq!(r.units.len(), 2);
    let (parent, child) = (&r.units[0], &r.units[1]);
    assert_eq!(
        plays(parent),
        (TroopType::Infantry, 10.0, Some(5), Weapon::Spear, 24)
    );
    assert_eq!(parent.points, 144.0);
    assert_eq!(
        (child.parent, child.models, child.points),
        (Some(1), 8, 64.0)
    );
    assert_eq!(r.unaccounted(), None);
}

fn hunter(sabretusks: u32) -> String {
    sel(
        "unit",
        "Hunter",
        1,
        &[model("Hunter", "6 5 4 5 5 4 3 4 9 7 7 3 40x40")],
        &[
            sel(
                "upgrade",
                "Sabertusk",
                sabretusks,
                &[model("Sabertusk", "8 4 0 4 4 2 4 3 4 7 7 1 25x50")],
                &[],
            ),
            item("Light Armour"),
            item("Ogre Club"),
        ],
    )
}

/// An Ogre Hunter with one or two Sabretusks (Ogre Kingdoms army book:
/// the beasts go with him, each a model of its own): he fights on foot, an
/// Ogre (large infantry, M 6", light armour 6+), never cavalry on his
/// hounds. A priest bought into a unit of Spearmen brings his horse: it
/// is his, and the Spearmen stay on foot.
#[test]
fn beasts_that_go_with_a_model_are_never_its_mount() {
    let priest = sel(
        "upgrade",
        "Priest of Ulric",
        1,
        &[model("Priest of Ulric", "4 4 3 4 4 2 4 2 8 7 7 1 -")],
        &[sel(
            "upgrade",
            "Empire Warhorse",
            1,
            &[model("Warhorse", "8 3 0 3 3 1 3 1 5 +1 7 1 25x50")],
            &[],
        )],
    );
    let spearmen = sel(
        "unit",
        "Spearmen",
        1,
        &[model("Empire soldier", EMPIRE_SOLDIER)],
        &[
            sel("model", "Spearmen", 10, &[], &[]),
            priest,
            item("Spear Infantry"),
            item("Light Armour"),
        ],
    );
    let r = army_roster("Ogre Kingdoms", 0, &[hunter(1), hunter(2)]);
    for u in &r.units {
        assert_eq!(
            plays(u),
            (
                TroopType::LargeInfantry,
                15.0,
                Some(6),
                Weapon::HandWeapon,
                1
            )
        );
        assert!(u.played.as_ref().unwrap().mount.is_none());
        assert_eq!(roles(u)[1], ("Sabertusk", Role::Other));
    }
    let r = army_roster("The Empire", 0, &[spearmen]);
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Infantry, 10.0, Some(6), Weapon::Spear, 10)
    );
}

/// A Tuskgor Chariot (Beasts of Chaos army book: a Bestigor, Ld 7, and an
/// Ungor, who has none, drawn by two Tuskgors at M 7"; T 4, W 4, 4+): led
/// by its Bestigor, its two crew an attack each.
#[test]
fn a_chariot_takes_its_ld_from_the_crew_member_who_has_one() {
    let chariot = with(
        sel(
            "unit",
            "Tuskgor Chariot",
            1,
            &[
                model("Tuskgor Chariot", "- - - 5 4 4 - - - 4 7 (4) -"),
                model("Ungor Rider", "- 4 - 3 - - 3 1 - 7 7 - -"),
                model("Tuskgor", "7 3 - 3 - - 2 1 - 7 7 1 -"),
                model("Bestigor Rider", "- 4 - 4 - - 3 1 7 7 7 1 -"),
            ],
            &[
                sel("upgrade", "Tuskgor beasts", 2, &[], &[]),
                item("Armour Save 4+"),
                sel(
                    "upgrade",
                    "Ungor Driver",
                    1,
                    &[],
                    &[item("Spear (Mounted)")],
                ),
                sel("upgrade", "Bestigor Crew", 1, &[], &[item("Great Weapon")]),
            ],
        ),
        &category("Chariot"),
    );
    let r = army_roster("Forces of Chaos", 0, &[chariot]);
    let u: &RosterUnit = &r.units[0];
    let played = u.played.as_ref().unwrap();
    assert_eq!((played.troop, u.models), (TroopType::Chariot, 1));
    let crew = (played.profile.a.0, played.crew.0);
    assert_eq!((played.profile.ld.0, crew), (7, (1, 2)));
    assert_eq!(played.profile.m.0, 17.5);
    assert_eq!(played.save.map(|s| s.0), Some(4));
}

#[test]
fn a_pack_of_mixed_units_tests_on_its_packmasters_ld() {
    // Skaven, Mixed Units: "The rats use the Packmasters leadership": Ld 5,
    // not the rats' 3; without the rule, the rats' own. Fielded, the
    // Packmasters lend it while they stand, as a character does (the rats'
    // file keeps their 3); four packs' four Packmasters are more than a
    // roster fields, and the pack tests on their Ld 5 (RULES.md Characters
    // in units, Other kinds of model in a unit).
    let pack = |rules: &[&str], packs: u32| {
        let mut rats = sel(
            "unit",
            "Giant Rats",
            1,
            &[
                model("Giant Rat", GIANT_RAT),
                model("Packmaster", PACKMASTER),
            ],
            &[
                with(sel("model", "Giant Rat Pack", packs, &[], &[]), &cost(60)),
                sel("upgrade", "6 Giant Rats each pack", 1, &[], &[]),
                sel(
                    "upgrade",
                    "Packmaster each pack",
                    1,
                    &[],
                    &packmaster_gear(),
                ),
            ],
        );
        for r in rules {
            rats = rule(rats, r);
        }
        let r = army_roster("Skaven", 60, &[rats]);
        let played = r.units[0].played.as_ref().unwrap();
        let others: Vec<u8> = played.others.iter().map(|o| o.profile.ld.0).collect();
        (played.profile.ld.0, others)
    };
    assert_eq!(pack(&["Mixed Units"], 2), (3, vec![5, 5]));
    assert_eq!(pack(&["Mixed Units"], 4), (5, vec![]));
    assert_eq!(pack(&[], 2), (3, vec![]));
}
