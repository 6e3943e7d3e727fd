//! Units built as their army books build them, from the roster's
//! structure (selection types, numbers, categories) and its profiles'
//! shapes, never from their names: hand-made rosters of each structure the
//! WFB6 data writes (a detachment, a champion with a profile, each kind of
//! mount, chariots, war machines, a Fanatic, handlers, models on several
//! selections), each unit's type, M, save against S3, weapon and models
//! written out from its army book. Names here are the books' facts; the
//! reader is never given them as a list.

use mathhammer::profile::ProfileFile;
use mathhammer::roster::{Role, Roster, RosterUnit};
use mathhammer::rules::fighter::Defender;
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::saves::modified_save;
use mathhammer::rules::weapons::Weapon;

const WFB6: &str = "Warhammer Fantasy Battles (6th definitive edition)";
const KEYS: [&str; 13] = [
    "Mv", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv", "Sv+", "US", "Base",
];

/// A profile of type `Profile`: `values` in the order of [`KEYS`].
fn model(name: &str, values: &str) -> String {
    let c: String = KEYS
        .iter()
        .zip(values.split(' '))
        .map(|(k, v)| format!("<characteristic name=\"{k}\">{v}</characteristic>"))
        .collect();
    format!("<profile name=\"{name}\" hidden=\"false\" typeName=\"Profile\"><characteristics>{c}</characteristics></profile>")
}

/// A profile of another type (`Weapon`, `Armour`) with its characteristics.
fn gear_profile(name: &str, kind: &str, values: &[(&str, &str)]) -> String {
    let c: String = values
        .iter()
        .map(|(k, v)| format!("<characteristic name=\"{k}\">{v}</characteristic>"))
        .collect();
    format!("<profile name=\"{name}\" hidden=\"false\" typeName=\"{kind}\"><characteristics>{c}</characteristics></profile>")
}

/// A selection: its `kind`, `name`, `number`, profiles, held selections
/// and extra XML (categories, costs).
fn sel(kind: &str, name: &str, number: u32, profiles: &[String], held: &[String]) -> String {
    let p = match profiles.is_empty() {
        true => String::new(),
        false => format!("<profiles>{}</profiles>", profiles.concat()),
    };
    let h = match held.is_empty() {
        true => String::new(),
        false => format!("<selections>{}</selections>", held.concat()),
    };
    format!("<selection name=\"{name}\" type=\"{kind}\" number=\"{number}\">{p}{h}</selection>")
}

/// An upgrade without a profile (gear, command).
fn item(name: &str) -> String {
    sel("upgrade", name, 1, &[], &[])
}

/// `s` with `extra` (categories, costs) inside it.
fn with(s: String, extra: &str) -> String {
    let at = s.rfind("</selection>").unwrap();
    format!("{}{extra}{}", &s[..at], &s[at..])
}

fn category(name: &str) -> String {
    format!("<categories><category name=\"{name}\" primary=\"false\"/></categories>")
}

fn cost(points: u32) -> String {
    format!("<costs><cost name=\"pts\" value=\"{points}\"/></costs>")
}

/// A roster of `units`, its total `points`.
fn roster(points: u32, units: &[String]) -> Roster {
    let xml = format!(
        "<roster name=\"t\" gameSystemName=\"{WFB6}\"><costs><cost name=\"pts\" value=\"{points}\"/></costs>\
         <forces><force><selections>{}</selections></force></forces></roster>",
        units.concat()
    );
    Roster::from_bytes("t.ros", xml.as_bytes()).unwrap()
}

/// What a unit plays as: type, M in cm, save against S3 in close combat,
/// weapon, models.
fn plays(u: &RosterUnit) -> (TroopType, f64, Option<u8>, Weapon, u32) {
    let f = u
        .played
        .as_ref()
        .unwrap_or_else(|why| panic!("{} left out: {why}", u.name));
    (
        f.troop,
        f.profile.m.0,
        save_against_s3(f),
        f.weapon,
        u.models,
    )
}

fn save_against_s3(f: &ProfileFile) -> Option<u8> {
    let d = Defender {
        ws: f.profile.ws.0,
        t: f.profile.t.0,
        w: f.profile.w.0,
        troop: f.troop,
        save: f.save(),
        weapon: f.weapon,
        ward: f.ward.map(|w| w.0),
        regeneration: f.regeneration,
        reroll_saves: false,
    };
    modified_save(d.armour_save(true), 3, false)
}

fn roles(u: &RosterUnit) -> Vec<(&str, Role)> {
    u.profiles
        .iter()
        .map(|p| (p.name.as_str(), p.role))
        .collect()
}

const EMPIRE_SOLDIER: &str = "4 3 3 3 3 1 3 1 7 7 7 1 20x20";
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
