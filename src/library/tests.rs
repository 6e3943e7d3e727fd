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
