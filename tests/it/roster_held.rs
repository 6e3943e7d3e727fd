//! Names a unit's other models hold (issue 47): a ridden monster's rules
//! are its rider's unit's, a regiment's champion plays his own gear, and
//! what the fights cannot give a model of its own is told with why. Each
//! roster is written as the WFB6 data writes the unit, its profiles and
//! names the army books'.

use crate::common::roster::{army_roster_xml, category, item, model, rule, sel, with};
use crate::common::run::json;
use mathhammer::roster::{Role, Roster, RosterUnit};
use mathhammer::rules::profile::TroopType;
use std::path::PathBuf;

/// `units` of army book `army` in a roster file of this test's folder.
fn roster_file(name: &str, army: &str, units: &[String]) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("roster_held");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, army_roster_xml(army, units)).unwrap();
    path
}

fn read(path: &std::path::Path) -> Roster {
    Roster::read(path).unwrap()
}

/// The names told "held by" another model.
fn held(u: &RosterUnit) -> Vec<&str> {
    u.rules_not_played
        .iter()
        .filter(|n| n.why.contains("held by"))
        .map(|n| n.name.as_str())
        .collect()
}

/// An Orc Warboss on a Wyvern as the data writes him (Orcs & Goblins
/// army book: Warboss M4 WS6 S4 T5 W3, choppa; Wyvern M4 WS5 S6 T5 W5,
/// Fly, Scaly Skin 4+, Terror), the Wyvern chosen from his mounts
/// (`group`), or with no groups written (BattleScribe's export).
fn warboss_on_wyvern(groups: bool) -> String {
    let rules = ["Fly", "Large Target", "Scaly Skin 4+", "Terror"];
    let group = if groups { " group=\"Mounts\"" } else { "" };
    let wyvern = sel(
        "upgrade",
        "Wyvern",
        1,
        &[model("Wyvern", "4 5 0 6 5 5 3 2 6 4 7 5 50x50")],
        &[],
    )
    .replacen("number=\"1\"", &format!("number=\"1\"{group}"), 1);
    let wyvern = rules.iter().fold(wyvern, |s, r| rule(s, r));
    with(
        sel(
            "unit",
            "Orc Warboss",
            1,
            &[model("Orc Warboss", "4 6 3 4 5 3 4 4 9 7 7 - -")],
            &[item("Choppa"), wyvern],
        ),
        &category("Characters"),
    )
}

/// A monster chosen as a character's mount walks no faster than he does
/// (a Wyvern's M4 is an Orc Warboss's): it is still his mount, and its
/// Scaly Skin, Fly and Terror are his unit's (RULES.md Profiles: a
/// monster ridden a monster). Seen failing before: the Wyvern was
/// another model, its names "held by Wyvern", the Warboss infantry.
#[test]
fn a_monster_no_faster_than_its_rider_is_still_his_mount() {
    for groups in [true, false] {
        let file = roster_file(
            &format!("warboss_{groups}.ros"),
            "Orcs and goblins (6th definitive edition)",
            &[warboss_on_wyvern(groups)],
        );
        let r = read(&file);
        let u = &r.units[0];
        let roles: Vec<Role> = u.profiles.iter().map(|p| p.role).collect();
        assert_eq!(roles, [Role::RankAndFile, Role::Mount], "groups {groups}");
        let f = u.played.as_ref().unwrap();
        assert_eq!(f.troop, TroopType::Monster);
        // The Wyvern's M 4" (10 cm), its 2 attacks at S6 beside his.
        assert_eq!(f.profile.m.0, 10.0);
        let mount = f.mount.unwrap();
        assert_eq!((mount.a.0, mount.s.0), (2, 6));
        assert!(held(u).is_empty(), "{:?}", u.rules_not_played);
        for name in ["Fly", "Scaly Skin 4+", "Terror"] {
            assert!(u.rules_played.iter().any(|n| n == name), "{name}");
        }
        // An Orc Boy's attack (WS3 S3) at him: to hit 4+ (WS3 against
        // WS6) 1/2, to wound 6+ (S3 against T5) 1/6, and the Wyvern's
        // Scaly Skin 4+ saves half: 1/2 x 1/6 x 1/2 = 1/24 unsaved (1/12
        // when the Wyvern was no mount of his and he had no save).
        let target = format!("{}:Orc Warboss", file.display());
        let r = json(&[
            "attacks",
            "--attacker",
            "scenarios/profiles/orc_boy.toml",
            "--target",
            &target,
            "--method",
            "exact",
        ]);
        let unsaved = r["p_unsaved"].as_f64().unwrap();
        assert!((unsaved - 1.0 / 24.0).abs() < 1e-12, "{unsaved}");
    }
}

/// A Wood Elf Noble on a Great Eagle (Wood Elves army book: Noble M5;
/// Great Eagle M2, W3, Fly) moves as the eagle walks, M 2" (5 cm), not at
/// his own pace as a slower steed's rider on foot does (RULES.md
/// Profiles: a flying mount's M is its walk). Seen failing before: M
/// 12.5 cm, his own.
#[test]
fn a_ridden_monster_carries_its_rider_at_its_own_pace() {
    let eagle = rule(
        sel(
            "upgrade",
            "Great Eagle",
            1,
            &[model("Great Eagle", "2 5 0 4 4 3 4 2 8 7 7 3 -")],
            &[],
        )
        .replacen("number=\"1\"", "number=\"1\" group=\"Mounts\"", 1),
        "Fly",
    );
    let noble = with(
        sel(
            "unit",
            "Wood Elf Noble",
            1,
            &[model("Noble", "5 6 6 4 3 2 7 3 9 7 7 1 20x20")],
            &[item("Hand Weapon"), eagle],
        ),
        &category("Characters"),
    );
    let file = roster_file("noble.ros", "Wood Elves (6th definitive edition)", &[noble]);
    let r = read(&file);
    let f = r.units[0].played.as_ref().unwrap();
    assert_eq!(f.troop, TroopType::Monster);
    assert!(f.flies);
    assert_eq!(f.profile.m.0, 5.0);
}
