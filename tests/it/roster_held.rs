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

/// Ruglud's Armoured Orcs as the data writes them (Dogs of War: eight
/// Armoured Orcs WS3 S3 T4, heavy armour, choppas; Ruglud WS5 S4 T5 W2 A3
/// on a model selection of his own in the command group, with
/// Lucrezzia's Kiss; Maggot, the standard bearer, of his own profile,
/// carrying the banner "Maggot"; a musician).
fn rugluds_orcs() -> String {
    let gear = || vec![item("Choppa"), item("Heavy Armour")];
    let kiss = rule(
        rule(item("Lucrezzia's Kiss [DOGS OF WAR]"), "Lucrezzia's Kiss"),
        "Killing Blow",
    );
    let mut his = gear();
    his.push(kiss);
    sel(
        "unit",
        "Ruglud's Armoured Orcs",
        1,
        &[],
        &[
            sel(
                "model",
                "Armoured Orc",
                8,
                &[model("Armoured Orc", "4 3 3 3 4 1 2 1 7 5 7 1 -")],
                &gear(),
            ),
            item("Musician"),
            sel(
                "model",
                "Ruglud",
                1,
                &[model("Ruglud", "4 5 3 4 5 2 3 3 8 5 7 1 -")],
                &his,
            ),
            rule(
                sel(
                    "model",
                    "Maggot (SB)",
                    1,
                    &[model("Maggot (SB)", "4 2 3 3 3 1 2 1 6 7 3 1 -")],
                    &[],
                ),
                "Maggot",
            ),
        ],
    )
}

/// A regiment's leader on a model selection of his own beside its rank
/// and file is its champion, his Killing Blow (Lucrezzia's Kiss) his
/// own; its standard bearer of his own profile carries the unit's
/// banner (RULES.md Characters, champions and challenges; Combat
/// resolution). Seen failing before: Ruglud and Maggot were other
/// models, the Kiss, the Killing Blow and Maggot "held by" them, the
/// unit without its standard.
#[test]
fn a_regiments_leader_of_a_model_of_his_own_is_its_champion() {
    let file = roster_file(
        "ruglud.ros",
        "Mercenaries (6th definitive edition)",
        &[rugluds_orcs()],
    );
    let r = read(&file);
    let u = &r.units[0];
    assert!(held(u).is_empty(), "{:?}", u.rules_not_played);
    assert!(u.champion && u.standard && u.musician);
    let f = u.played.as_ref().unwrap();
    let ruglud = f.champion.as_deref().expect("Ruglud's own body");
    assert_eq!(ruglud.name, "Ruglud");
    assert!(u.played_in_part.iter().any(|n| n.name == "Maggot"));
    // Five a rank in contact with 20 WS3 T6 men (4+ save) who strike no
    // blow: Ruglud and four Orcs. An Orc's blow: WS3 against WS3 hits on
    // 4+ (1/2), S3 against T6 wounds on 6+ (1/6), the 4+ save fails 1/2:
    // 1/24, four of them 1/6. Ruglud's: WS5 hits on 3+ (2/3), S4 wounds
    // on 6+ (1/6), and a 6 to wound is his Killing Blow, no save: 1/9,
    // three of them 1/3. In all 1/2 (5/24 when he was none of theirs).
    let men = "[defender]\nname = \"men\"\nmodels = 20\nfrontage = 5\nsave = 4\n\
               rules = [\"unbreakable\"]\n[defender.profile]\nm = 10\nws = 3\nbs = 3\n\
               s = 3\nt = 6\nw = 1\ni = 1\na = 0\nld = 7\n";
    let text = format!(
        "name = \"ruglud\"\n[attacker]\nroster = \"{}\"\nunit = 1\nfrontage = 5\n{men}\
         [situation]\ncharger = \"none\"\nrounds = 1\n",
        file.display()
    );
    let casualties = crate::common::exact_of(&text, "mean_defender_casualties");
    assert!((casualties - 0.5).abs() < 1e-12, "{casualties}");
}

/// Golgfag's Ogres as the data writes them (Dogs of War: four Ogres WS3
/// S4 T4 W3 A3, heavy armour; Skaff, the standard bearer, of his own
/// profile (A4) on the `Standard Bearer` upgrade, written first; Golgfag
/// WS5 S5 T5 W4 I3 A5 on the `Champion` upgrade).
fn golgfags_ogres() -> String {
    let upgrade =
        |name: &str, who: &str, values: &str| sel("upgrade", name, 1, &[model(who, values)], &[]);
    sel(
        "unit",
        "Golgfag's Ogres",
        1,
        &[],
        &[
            sel(
                "model",
                "Ogre",
                4,
                &[model("Ogre", "6 3 2 4 4 3 2 3 7 5 7 3 40x40")],
                &[],
            ),
            item("Heavy Armour"),
            upgrade("Standard Bearer", "Skaff (SB)", "6 3 2 4 4 3 2 4 7 5 7 3 -"),
            item("Musician"),
            upgrade("Champion", "Golgfag", "6 5 2 5 5 4 3 5 8 5 7 3 40x40"),
        ],
    )
}

/// Of a unit's models of their own profile, the strongest is its
/// champion, whatever the roster's order (Golgfag, not Skaff, his
/// standard bearer, written first), and a standard bearer of his own
/// profile carries the unit's standard (RULES.md Characters, champions
/// and challenges; Combat resolution). Seen failing before: Skaff was
/// the champion, Golgfag another model, the unit without its standard.
#[test]
fn the_strongest_of_a_regiments_named_models_is_its_champion() {
    let file = roster_file(
        "golgfag.ros",
        "Mercenaries (6th definitive edition)",
        &[golgfags_ogres()],
    );
    let r = read(&file);
    let u = &r.units[0];
    let f = u.played.as_ref().unwrap();
    let golgfag = f.champion.as_deref().expect("Golgfag's own body");
    assert_eq!(golgfag.name, "Golgfag");
    assert!(u.standard && u.musician);
    // Three a rank in contact with 20 WS3 T6 men (4+ save) who strike no
    // blow: Golgfag, Skaff (his own body, as his regiment's other named
    // model: RULES.md Characters in units, Other kinds of model in a
    // unit) and an Ogre. An Ogre's blow: WS3 against WS3 hits on 4+
    // (1/2), S4 against T6 wounds on 6+ (1/6), the save 5+ at S4 fails
    // 2/3: 1/18; the Ogre's three and Skaff's four, 7/18. Golgfag's: WS5
    // hits on 3+ (2/3), S5 wounds on 5+ (1/3), the save 6+ at S5 fails
    // 5/6: 5/27, five of them 25/27. In all 7/18 + 25/27 = 71/54 (34/27
    // with Skaff one of the Ogres, two of them in contact; 5/9 when he
    // was the champion).
    let men = "[defender]\nname = \"men\"\nmodels = 20\nfrontage = 5\nsave = 4\n\
               rules = [\"unbreakable\"]\n[defender.profile]\nm = 10\nws = 3\nbs = 3\n\
               s = 3\nt = 6\nw = 1\ni = 1\na = 0\nld = 7\n";
    let text = format!(
        "name = \"golgfag\"\n[attacker]\nroster = \"{}\"\nunit = 1\nfrontage = 3\n{men}\
         [situation]\ncharger = \"none\"\nrounds = 1\n",
        file.display()
    );
    let casualties = crate::common::exact_of(&text, "mean_defender_casualties");
    assert!((casualties - 71.0 / 54.0).abs() < 1e-12, "{casualties}");
    let skaff: Vec<&str> = f.others.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(skaff, ["Skaff (SB)"]);
    // His banner is the unit's: it counts once, not again on his body.
    assert_eq!(f.others[0].combat_resolution.0, 0);
}

/// Malakai Makaisson's Goblin-Hewer as the data writes it: Malakai and
/// his Slayer crew (another kind of model the fights do not play) each
/// with a great weapon whose Strikes Last is the weapon's. The name is
/// told once, as part of the great weapon, not again as the crew's (issue
/// 47: every name told once). Seen failing before: also "held by
/// Crewman".
#[test]
fn a_name_folded_into_the_units_item_is_not_told_again_as_another_models() {
    let great_weapon = || {
        rule(
            rule(
                sel(
                    "upgrade",
                    "Great Weapon",
                    1,
                    &[crate::common::roster::gear_profile(
                        "Great Weapon",
                        "Weapon",
                        &[("Range", "Close Combat"), ("Strength", "+2")],
                    )],
                    &[],
                ),
                "Requires Two Hands",
            ),
            "Strikes Last",
        )
    };
    let hewer = with(
        sel(
            "unit",
            "Malakai Makaisson's Goblin-Hewer",
            1,
            &[],
            &[
                sel(
                    "model",
                    "Malakai Makaisson",
                    1,
                    &[model("Malakai", "3 5 5 4 4 2 3 3 10 7 7 1 -")],
                    &[great_weapon()],
                ),
                sel(
                    "model",
                    "Slayer crew",
                    2,
                    &[model("Crewman", "3 4 3 3 4 1 2 1 10 7 7 1 -")],
                    &[great_weapon()],
                ),
            ],
        ),
        &category("War Machine"),
    );
    let file = roster_file(
        "hewer.ros",
        "Dwarfs (2005) (6th definitive edition)",
        &[hewer],
    );
    let r = read(&file);
    let u = &r.units[0];
    assert!(held(u).is_empty(), "{:?}", u.rules_not_played);
    let strikes_last: Vec<_> = u
        .rules_folded
        .iter()
        .chain(&u.rules_not_played)
        .chain(&u.rules_without_effect)
        .filter(|n| n.name == "Strikes Last")
        .collect();
    assert_eq!(strikes_last.len(), 1, "{u:?}");
    assert_eq!(strikes_last[0].why, "Great Weapon");
}
