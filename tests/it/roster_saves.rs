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

/// Bloodletters (Hordes of Chaos army book: daemons, a 5+ ward save, no
/// armour) as the data writes them: the ward in the profile's `Sv+`
/// column. Greasus Goldtooth's column says 4+ (his book's Overtyrant's
/// Crown); a ward the column writes under a condition (Ghazak Khan's
/// `(4)`, once wounded) is not played and is said. Where the gear gives
/// no armour the `Sv` column's save is played (Chaos Dwarf Warriors, 5+
/// in their heavy armour), and a column no rule reads (`Sv 11`) is said.
#[test]
fn a_save_written_in_a_profiles_column_is_played() {
    let unit = |name: &str, values: &str| {
        sel(
            "unit",
            name,
            1,
            &[model(name, values)],
            &[sel("model", name, 10, &[], &[]), item("Hand Weapon")],
        )
    };
    let r = army_roster(
        "Forces of Chaos",
        0,
        &[
            unit("Bloodletters", "4 5 0 5 3 1 4 1 8 7 5 1 -"),
            unit("Ghazak Khan", "4 7 6 4 4 3 6 4 9 7 (4) 1 20x20"),
            unit("Chaos Dwarf Warriors", "3 4 3 3 4 1 2 1 9 5 7 1 20x20"),
            unit("Hobgoblins", "4 3 3 3 3 1 2 1 6 11 7 1 20x20"),
        ],
    );
    let saves = |n: usize| {
        let s = r.units[n].played.as_ref().unwrap().saves_as_played();
        (s.close_combat, s.ward)
    };
    assert_eq!(saves(0), (None, Some(5)));
    assert_eq!(saves(1), (None, None));
    assert_eq!(saves(2), (Some(5), None));
    assert_eq!(saves(3), (None, None));
    let noted = |n: usize, what: &str| {
        let notes: Vec<String> = r.units[n].notes.iter().map(|t| t.to_string()).collect();
        assert!(notes.iter().any(|t| t.contains(what)), "{notes:?}");
    };
    noted(1, "Sv+ (4): not a save the tool plays");
    noted(2, "Sv 5+: the profile's save played");
    noted(3, "Sv 11: not a save the tool plays");
    let greasus = sel(
        "unit",
        "Greasus Goldtooth",
        1,
        &[model("Greasus", "4 6 3 5(10) 6 6 1 3 9 7 4 6 50x100")],
        &[item("Hand Weapon")],
    );
    let r = army_roster("Ogre Kingdoms", 0, &[greasus]);
    let played = r.units[0].played.as_ref().unwrap();
    assert_eq!(
        (played.troop, played.ward.map(|w| w.0)),
        (TroopType::Monster, Some(4))
    );
}

/// The `US` column decides unit strength and troop type (6th edition
/// rulebook, Unit Strength: models not specified elsewhere 1, ogre-sized
/// 3, monsters their Wounds): a Gorger (Ogre Kingdoms, US 3) alone is
/// large infantry, whatever its base; Warhounds (Hordes of Chaos, US 2)
/// and Centigors (US 2) are infantry of 2 each; a Kroxigor the data
/// writes `US 30` is refused with a note and counted large infantry by
/// its 40 mm base in a list that writes one, by its 3 Wounds in a unit of
/// several in one that does not.
#[test]
fn the_us_column_decides_unit_strength_and_troop_type() {
    let one = |name: &str, values: &str, n: u32| {
        sel(
            "unit",
            name,
            1,
            &[model(name, values)],
            &[sel("model", name, n, &[], &[])],
        )
    };
    let r = army_roster(
        "Lizardmen",
        0,
        &[
            one("Gorger", "6 3 0 5 5 4 2 4 8 7 7 3 -", 1),
            one("Warhounds", "7 4 0 3 3 1 3 1 5 7 7 2 -", 10),
            one("Centigors", "8 4 3 4 4 1 2 1 7 7 7 2 -", 5),
            one("Kroxigor", "6 3 0 5 4 3 1 3 7 4 7 30 40x40", 3),
            one("Kroxigor", "6 3 0 5 4 3 1 3 7 - - - -", 3),
        ],
    );
    let played = |n: usize| {
        let p = r.units[n].played.as_ref().unwrap();
        (p.troop, p.unit_strength_per_model.map(|u| u.0))
    };
    assert_eq!(played(0), (TroopType::LargeInfantry, None));
    assert_eq!(played(1), (TroopType::Infantry, Some(2)));
    assert_eq!(played(2), (TroopType::Infantry, Some(2)));
    assert_eq!(played(3), (TroopType::LargeInfantry, None));
    assert_eq!(played(4), (TroopType::LargeInfantry, None));
    assert!(r.units[3]
        .notes
        .iter()
        .any(|t| t.to_string().contains("US 30: not a unit strength")));
}

/// A unit strength per model reaches the fight: 10 models of 2 each (US
/// 20) outnumber 15 infantry (US 15), so with no one slain, a rank each
/// side's bonus aside (+1 for 10 five wide, +2 for 15), the outnumbering
/// makes it a draw; of 1 each they are outnumbered and lose by 2 (RULES.md
/// Profiles, Combat resolution). The key reads alike in a unit's table and
/// in its profile file; a troop type the table sets brings its own.
#[test]
fn a_unit_strength_per_model_reaches_the_fight() {
    use crate::combat::{combat, unit, Scripted};
    use mathhammer::combat::fight::End;
    let engaged = "charger = \"none\"\nrounds = 1";
    let defender = unit("defender", 15, 5, 3, 3, "");
    let fight = |extra: &str| {
        let c = combat(&unit("attacker", 10, 5, 3, 3, extra), &defender, engaged);
        let mut fate = Scripted {
            fail_tests: true,
            ..Scripted::default()
        };
        c.fight(&mut fate).end
    };
    let lost = End::Broke {
        loser: 0,
        caught: false,
    };
    assert_eq!(fight("unit_strength_per_model = 2"), End::Unresolved);
    assert_eq!(fight(""), lost);
    // From a profile file; a troop type the table sets takes its own.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("roster_saves");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("warhound.toml");
    let profile = "name = \"Warhound\"\nunit_strength_per_model = 2\n\
                   [profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n";
    std::fs::write(&file, profile).unwrap();
    let from_file = format!("profile_file = {:?}", file.to_str().unwrap());
    assert_eq!(fight(&from_file), End::Unresolved);
    assert_eq!(fight(&format!("{from_file}\ntype = \"infantry\"")), lost);
}

/// "Plays as" says the save and ward the fights play, in `roster` and in
/// `roster --json` (`save`, `save_against_missiles`, `ward`): Knightly
/// Orders 2+; Bloodletters no save, ward 5+; Swordsmen in light armour
/// with a hand weapon and shield 4+ in close combat (the parry) and 5+
/// against missiles.
#[test]
fn plays_as_says_the_save_and_ward() {
    let roster = crate::common::roster::army_roster_xml(
        "The Empire",
        &[
            sel(
                "unit",
                "Knights",
                1,
                &[model("Elite", KNIGHT)],
                &[
                    sel("model", "Knight", 5, &[], &[]),
                    barded_warhorse(),
                    item("Full Plate Armour"),
                    item("Shield"),
                    item("Lance"),
                ],
            ),
            sel(
                "unit",
                "Bloodletters",
                1,
                &[model("Bloodletters", "4 5 0 5 3 1 4 1 8 7 5 1 -")],
                &[sel("model", "Bloodletters", 10, &[], &[])],
            ),
            sel(
                "unit",
                "Swordsmen",
                1,
                &[model("Swordsmen", "4 4 3 3 3 1 4 1 7 7 7 1 20x20")],
                &[
                    sel("model", "Swordsmen", 10, &[], &[]),
                    item("Light Armour"),
                    item("Hand Weapon"),
                    item("Shield"),
                ],
            ),
        ],
    );
    let path = std::env::temp_dir().join(format!("plays_as_{}.ros", std::process::id()));
    std::fs::write(&path, roster).unwrap();
    let file = path.to_str().unwrap();
    let text = crate::common::run::stdout(&["roster", file]);
    for said in [
        "lance, heavy armour, shield, barding, mount, save 2+\n",
        "hand-weapon, no save, ward 5+\n",
        "hand-weapon-and-shield, light armour, save 4+ (5+ against missiles)\n",
    ] {
        assert!(text.contains(said), "{said} in {text}");
    }
    let json = crate::common::run::json(&["roster", file]);
    let u = &json["units"];
    let saves = |n: usize| {
        (
            u[n]["save"].as_u64(),
            u[n]["save_against_missiles"].as_u64(),
            u[n]["ward"].as_u64(),
        )
    };
    assert_eq!(saves(0), (Some(2), Some(2), None));
    assert_eq!(saves(1), (None, None, Some(5)));
    assert_eq!(saves(2), (Some(4), Some(5), None));
    let _ = std::fs::remove_file(path);
}
