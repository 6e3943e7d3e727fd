//! The library read from a small one of ours (`tests/data/library/`).

use super::*;

macro_rules! army {
    ($key:literal) => {
        (
            $key,
            include_str!(concat!("../../tests/data/library/", $key, ".json")),
        )
    };
}

fn small() -> Library {
    Library::of(&Files {
        armies: include_str!("../../tests/data/library/armies.toml"),
        common: include_str!("../../tests/data/library/common.json"),
        units: &[
            army!("the-empire"),
            army!("orcs-and-goblins"),
            army!("dwarfs-2006"),
            army!("dwarfs-2001"),
        ],
    })
    .unwrap()
}

#[test]
fn an_army_is_named_as_players_type_it() {
    let library = small();
    let key = |typed: &str| library.army(typed).map(|a| a.key.as_str());
    assert_eq!(key("EMPIRE"), Ok("the-empire"));
    assert_eq!(key("the empire"), Ok("the-empire"));
    assert_eq!(key("orcs"), Ok("orcs-and-goblins"));
    assert_eq!(key("Orcs & Gob"), Ok("orcs-and-goblins"));
    assert_eq!(key("dwarfs"), Ok("dwarfs-2006"));
    assert_eq!(key("dwarfs 2001"), Ok("dwarfs-2001"));
    assert_eq!(key("dwarfs-2001"), Ok("dwarfs-2001"));
    assert_eq!(key("el imperio"), Ok("the-empire"));
    let unknown = library.army("elves").unwrap_err().to_string();
    assert!(
        unknown.contains("no army 'elves'") && unknown.contains("the-empire, orcs-and-goblins"),
        "{unknown}"
    );
    let tied = library.army("dwarf").unwrap_err().to_string();
    assert!(
        tied.contains("fits 2 armies: dwarfs-2006, dwarfs-2001"),
        "{tied}"
    );
}

#[test]
fn a_unit_is_named_as_a_rosters_unit_is() {
    let library = small();
    let empire = library.army("empire").unwrap();
    let names = |typed: &str| {
        empire
            .entry(&UnitKey::parse(typed))
            .map(|e| e.name.as_str())
    };
    assert_eq!(names("halberdier"), Ok("Halberdiers"));
    assert_eq!(names("2"), Ok("Captain"));
    let typo = names("halbardiers").unwrap_err().to_string();
    assert!(
        typo.contains("no unit 'halbardiers' in The Empire (closest: 'Halberdiers', 'Captain'"),
        "{typo}"
    );
    let orcs = library.army("orcs").unwrap();
    let both = orcs.entry(&UnitKey::parse("orc")).unwrap_err().to_string();
    assert!(both.contains("fits 2 units"), "{both}");
}

#[test]
fn a_unit_plays_at_its_default_pick() {
    let library = small();
    let empire = library.army("empire").unwrap();
    let halberdiers = empire
        .picked(empire.entry(&UnitKey::parse("halberdiers")).unwrap())
        .unwrap();
    assert_eq!((halberdiers.models, halberdiers.points), (10, 60.0));
    assert!(!halberdiers.champion, "no optional Sergeant at the default");
    let played = halberdiers.played.as_ref().unwrap();
    assert_eq!(played.weapon, crate::rules::weapons::Weapon::Halberd);
    assert_eq!(played.armour, crate::rules::saves::BodyArmour::Light);
    let captain = empire
        .picked(empire.entry(&UnitKey::parse("captain")).unwrap())
        .unwrap();
    assert!(captain.character);
    assert_eq!((captain.models, captain.points), (1, 50.0));
}

#[test]
fn the_army_rules_reach_its_units() {
    let library = small();
    let dwarfs = library.army("dwarfs 2001").unwrap();
    let warriors = dwarfs.picked(&dwarfs.file().unwrap().units[0]).unwrap();
    let from_army: Vec<&str> = (warriors.rules_from_army.iter())
        .map(|r| r.name.as_str())
        .collect();
    assert!(
        from_army.contains(&"Forces of Dwarfs' Army Rules"),
        "{from_army:?}"
    );
}

#[test]
fn a_unit_s_model_range_is_its_model_entry_s() {
    let library = small();
    let empire = library.army("empire").unwrap();
    let range = |name: &str| ArmyBook::models(empire.entry(&UnitKey::parse(name)).unwrap());
    assert_eq!(range("halberdiers"), (10, None));
    assert_eq!(range("captain"), (1, Some(1)));
}

#[test]
fn the_shipped_library_has_a_file_for_every_army_and_each_reads() {
    let library = Library::of(&shipped::FILES).unwrap();
    assert!(!library.armies().is_empty());
    for army in library.armies() {
        let file = army.file().unwrap_or_else(|e| panic!("{}: {e}", army.key));
        assert!(!file.units.is_empty(), "{}", army.key);
    }
    let keys: Vec<&str> = library.armies().iter().map(|a| a.key.as_str()).collect();
    let files: Vec<&str> = shipped::FILES.units.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys.len(), files.len(), "a file no army names: {files:?}");
}

#[test]
fn a_default_pick_takes_each_entry_and_group_at_its_fewest() {
    let army: ArmyFile = serde_json::from_str(
        r#"{"written_by":"by hand","army":"A","shared":{"banners":{"name":"Banners","entries":[{"name":"Flag","type":"upgrade","pts":5}]}},
            "army_rules":[{"name":"Army Rules","type":"upgrade","min":1}],
            "units":[{"name":"U","type":"unit","pts":1,
              "entries":[{"name":"Trooper","type":"model","min":5,"pts":2},{"name":"Horn","type":"upgrade"}],
              "groups":[{"name":"Weapons","min":1,"default":"Spear","entries":[{"name":"Axe","type":"upgrade"},{"name":"Spear","type":"upgrade","pts":1}],
                         "groups":[{"name":"Armour","entries":[{"name":"Light Armour","type":"upgrade","min":1}]}]},
                        {"shared":"banners","name":"Banners","min":1},
                        {"shared":"common:gifts","name":"Gifts","min":1}]}]}"#,
    )
    .unwrap();
    let common: std::collections::BTreeMap<String, format::Group> = serde_json::from_str(
        r#"{"gifts":{"name":"Gifts","entries":[{"name":"Gift","type":"upgrade","pts":3}]}}"#,
    )
    .unwrap();
    let shared = pick::Shared {
        army: &army,
        common: &common,
    };
    let list = shared.list(&army.units[0]);
    let unit = &list[0];
    let held: Vec<(&str, u32, &str, f64)> = (unit.children.iter())
        .map(|c| (c.name.as_str(), c.number, c.group.as_str(), c.points))
        .collect();
    assert_eq!(
        held,
        [
            ("Trooper", 5, "", 10.0),
            ("Spear", 1, "Weapons", 1.0),
            ("Light Armour", 1, "Weapons::Armour", 0.0),
            ("Flag", 1, "Banners", 5.0),
            ("Gift", 1, "Gifts", 3.0),
        ]
    );
    assert_eq!((unit.points, list[1].name.as_str()), (1.0, "Army Rules"));
}

#[test]
fn a_unit_with_no_model_at_its_fewest_has_one_of_its_first() {
    let army: ArmyFile = serde_json::from_str(
        r#"{"written_by":"by hand","army":"A","units":[{"name":"Pack","type":"unit",
            "entries":[{"name":"Rat","type":"model","pts":2},{"name":"Master","type":"model"}]}]}"#,
    )
    .unwrap();
    let common = Default::default();
    let shared = pick::Shared {
        army: &army,
        common: &common,
    };
    let pack = &shared.list(&army.units[0])[0];
    let held: Vec<(&str, u32)> = pack
        .children
        .iter()
        .map(|c| (c.name.as_str(), c.number))
        .collect();
    assert_eq!(held, [("Rat", 1)]);
}

#[test]
fn an_option_chosen_stands_in_for_its_groups_default_and_is_priced_per_model() {
    let army: ArmyFile = serde_json::from_str(
        r#"{"written_by":"by hand","army":"A","units":[{"name":"U","type":"unit",
              "entries":[{"name":"Trooper","type":"model","min":5,"pts":2},
                         {"name":"Shields","type":"upgrade","max":1,"pts_per_model":1}],
              "groups":[{"name":"Weapons","min":1,"max":1,"default":"Spear",
                         "entries":[{"name":"Axe","type":"upgrade","pts":3},{"name":"Spear","type":"upgrade"}]}]}]}"#,
    )
    .unwrap();
    let common = Default::default();
    let shared = pick::Shared {
        army: &army,
        common: &common,
    };
    let unit = &army.units[0];
    let (shields, axe) = (&unit.entries[1], &unit.groups[0].entries[0]);
    let list = shared.list_with(unit, &[shields, axe], Some(12));
    let held: Vec<(&str, u32, f64)> = (list[0].children.iter())
        .map(|c| (c.name.as_str(), c.number, c.points))
        .collect();
    // 12 troopers at 2, a shield each at 1, the axe in the spear's place.
    assert_eq!(
        held,
        [("Trooper", 12, 24.0), ("Shields", 1, 12.0), ("Axe", 1, 3.0)]
    );
    // Without a choice: the spear, the fewest troopers, no shields.
    let plain = shared.list(unit);
    let held: Vec<&str> = (plain[0].children.iter())
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(held, ["Trooper", "Spear"]);
}

#[test]
fn a_hired_unit_is_its_hireling_in_the_categories_its_book_gives() {
    let hirelings: std::collections::BTreeMap<String, Entry> = serde_json::from_str(
        r#"{"ogres":{"name":"Ogres","type":"unit","pts":40,"categories":["Rare","Regiment of Renown"],
            "entries":[{"name":"Ogre","type":"model","min":3}],
            "groups":[{"shared":"common:magic-banners-2","name":"Magic Banners"}]}}"#,
    )
    .unwrap();
    let book = |units: &str| -> ArmyFile {
        serde_json::from_str(&format!(
            r#"{{"written_by":"by hand","army":"A","units":[{units}]}}"#
        ))
        .unwrap()
    };
    let mut army = book(
        r#"{"name":"Ogres","type":"unit","hire":"ogres"},
           {"name":"Ogres","type":"unit","hire":"ogres","categories":["Special"]}"#,
    );
    army.hire(&hirelings).unwrap();
    let [rare, special] = &army.units[..] else {
        panic!("{:?}", army.units);
    };
    for hired in [rare, special] {
        assert_eq!(
            (hired.name.as_str(), hired.pts, hired.hire.as_ref()),
            ("Ogres", 40.0, None)
        );
        assert_eq!(hired.entries[0].min, 3);
        assert_eq!(
            hired.groups[0].shared.as_deref(),
            Some("common:magic-banners-2")
        );
    }
    assert_eq!(rare.categories, ["Rare", "Regiment of Renown"]);
    assert_eq!(special.categories, ["Special"]);
    let why = |units: &str| book(units).hire(&hirelings).unwrap_err();
    let unknown = why(r#"{"name":"Ogres","type":"unit","hire":"giants"}"#);
    assert!(
        unknown.contains("hires 'giants', which common.json has not"),
        "{unknown}"
    );
    let renamed = why(r#"{"name":"Trolls","type":"unit","hire":"ogres"}"#);
    assert!(renamed.contains("writes its hireling's name"), "{renamed}");
    let more = why(r#"{"name":"Ogres","type":"unit","hire":"ogres","pts":45}"#);
    assert!(more.contains("categories only"), "{more}");
}
