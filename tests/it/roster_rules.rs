//! The army books' rules and items as a roster names them, played by the
//! model's own effects (`data/names/`): each checked by hand against the
//! rule's text (the catalogues' descriptions, the rulebook's).

use crate::common::roster::{army_roster, cost, item, model, rule, sel, with, EMPIRE_SOLDIER};
use mathhammer::profile::ProfileFile;
use mathhammer::roster::Roster;
use mathhammer::rules::special::SpecialRule;
use mathhammer::rules::weapons::Weapon;

/// An orc's profile (Orcs and Goblins army book).
const ORC: &str = "4 3 3 3 4 1 2 1 7 - - 1 25x25";
/// A dwarf's (Dwarfs army book).
const DWARF: &str = "3 4 3 3 4 1 2 1 9 - - 1 20x20";

/// Unit `name` of `models` models with profile `values`, holding `held`.
fn unit(name: &str, values: &str, models: u32, held: &[String]) -> String {
    let m = sel("model", name, models, &[model(name, values)], held);
    with(sel("unit", name, 1, &[], &[m]), &cost(10 * models))
}

fn played(r: &Roster, n: usize) -> &ProfileFile {
    r.units[n].played.as_ref().unwrap()
}

#[test]
fn savage_orcs_are_frenzied_and_wear_warpaint_and_choppas() {
    // Orcs and Goblins: "Frenzy: Savage Orcs", Warpaint a 6+ ward, and an
    // orc on foot with a single choppa +1 S when he charges.
    let boyz = rule(
        unit(
            "Savage Orc Boyz",
            ORC,
            20,
            &[item("Choppa"), item("Warpaint")],
        ),
        "Frenzy: Savage Orcs ",
    );
    let r = army_roster("Orcs and Goblins", 200, &[boyz]);
    let f = played(&r, 0);
    assert!(f.rules.contains(&SpecialRule::Frenzy), "{:?}", f.rules);
    assert_eq!(f.ward.map(|w| w.0), Some(6));
    assert_eq!(f.weapon, Weapon::Choppa);
    assert!(
        r.units[0].rules_not_played.is_empty(),
        "{:?}",
        r.units[0].rules_not_played
    );
}

#[test]
fn a_dwarf_hates_greenskins_and_flees_as_a_dwarf() {
    // Dwarfs (2001): Ancestral Grudge, hatred of every greenskin; Resolute,
    // flee and pursue 2D6-1".
    let warriors = rule(
        rule(
            unit("Dwarf Warriors", DWARF, 20, &[]),
            "Ancestral Grudge (hate Greenskins)",
        ),
        "Resolute",
    );
    let r = army_roster("Dwarfs (2001)", 200, &[warriors]);
    let f = played(&r, 0);
    assert_eq!(f.hates, ["Orcs and Goblins"]);
    assert_eq!(f.army.as_deref(), Some("Dwarfs (2001)"));
    assert!(f.rules.contains(&SpecialRule::Resolute), "{:?}", f.rules);
}

#[test]
fn a_magic_weapon_and_a_talisman_change_the_bearer() {
    // The rulebook's common items: the Sword of Might +1 S, the Talisman
    // of Protection a 6+ ward, the Enchanted Shield a shield.
    let hero = unit(
        "Captain",
        EMPIRE_SOLDIER,
        1,
        &[item("Sword of Might"), item("Talisman of Protection")],
    );
    let r = army_roster("The Empire", 60, &[hero]);
    let f = played(&r, 0);
    assert_eq!(f.profile.s.0, 4);
    assert_eq!(f.ward.map(|w| w.0), Some(6));
    assert_eq!(
        r.units[0].rules_played,
        ["Sword of Might", "Talisman of Protection"]
    );
}

#[test]
fn the_general_and_the_battle_standard_are_the_models_own() {
    let general = unit("Captain", EMPIRE_SOLDIER, 1, &[item("General")]);
    let bsb = unit(
        "Captain",
        EMPIRE_SOLDIER,
        1,
        &[item("Battle Standard Bearer")],
    );
    let r = army_roster("The Empire", 120, &[general, bsb]);
    assert!(played(&r, 0).general && !played(&r, 0).battle_standard);
    assert!(played(&r, 1).battle_standard && !played(&r, 1).general);
}

#[test]
fn a_banner_adds_to_its_sides_combat_result() {
    let halberdiers = unit("Halberdiers", EMPIRE_SOLDIER, 20, &[item("War Banner")]);
    let r = army_roster("The Empire", 200, &[halberdiers]);
    assert_eq!(played(&r, 0).combat_resolution.0, 1);
}

#[test]
fn one_name_means_what_its_army_book_says() {
    // Resolute: the Dwarfs' flee and pursuit; the Empire's knights'
    // stubbornness in the first round (issue 47).
    for name in ["Resolute (Knights)", "Resolute"] {
        let knights = rule(unit("Knights", EMPIRE_SOLDIER, 5, &[]), name);
        let r = army_roster("The Empire", 100, &[knights]);
        let rules = &played(&r, 0).rules;
        assert!(!rules.contains(&SpecialRule::Resolute), "{name}");
        assert!(rules.contains(&SpecialRule::StubbornFirstRound), "{name}");
    }
}

#[test]
fn names_of_the_mercenaries_catalogue_are_every_armys() {
    // Every army book's catalogue links the Mercenaries catalogue: a Dogs
    // of War roster's Regiment of Renown reads its names.
    let company = rule(
        unit("Cursed Company", EMPIRE_SOLDIER, 10, &[]),
        "Undead (Regiments of Renown)",
    );
    let company = rule(company, "The Banner of Malediction (Magic Standard)");
    let r = army_roster("Dogs of War", 100, &[company]);
    let rules = &played(&r, 0).rules;
    assert!(rules.contains(&SpecialRule::Undead), "{:?}", r.units[0]);
    // Its banner: one wound fewer when beaten (RULES.md Undead).
    assert!(rules.contains(&SpecialRule::CrumblesOneFewer));
}

#[test]
fn the_generals_leadership_is_lent_when_he_is_near() {
    // RULES.md Break test: units within 30 cm of the General test on his
    // Ld. The Empire list's Captain (Ld 8) is its General; the orcs' Big
    // Boss (Ld 8) theirs: with --general-near each side's unit tests on 8.
    let dir = std::env::temp_dir().join(format!("mh-general-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("near.toml");
    // Each General stands apart from the unit (his own leads it otherwise).
    let args = [
        "combat",
        "--attacker",
        "scenarios/rosters/empire_500.ros:Halberdiers",
        "--defender",
        "scenarios/rosters/orcs_500.ros:Orc Boyz",
        "--join",
        "attacker:1=alone",
        "--join",
        "defender:1=alone",
    ];
    let scenario = |near: bool| {
        let mut a: Vec<&str> = args.to_vec();
        let path = file.to_str().unwrap();
        a.extend(["--write-scenario", path]);
        if near {
            a.push("--general-near");
        }
        let report = crate::common::run::json(&a);
        (std::fs::read_to_string(&file).unwrap(), report)
    };
    let (alone, far) = scenario(false);
    let (with_him, near) = scenario(true);
    assert!(!alone.contains("general_ld"), "{alone}");
    assert_eq!(with_him.matches("general_ld = 8").count(), 2, "{with_him}");
    // Both sides hold more often on Ld 8 than on 7: the fight lasts longer.
    let rounds = |r: &serde_json::Value| r["mean_rounds"].as_f64().unwrap();
    assert!(
        rounds(&near) > rounds(&far),
        "{} {}",
        rounds(&near),
        rounds(&far)
    );
}

#[test]
fn a_general_near_a_list_without_one_is_refused() {
    let r = army_roster(
        "The Empire",
        200,
        &[unit("Halberdiers", EMPIRE_SOLDIER, 20, &[])],
    );
    assert_eq!(r.general_ld(), None);
    let err = crate::common::run::error(&[
        "combat",
        "--attacker",
        "scenarios/rosters/empire_500.ros:Halberdiers",
        "--defender",
        "scenarios/profiles/orc_boy.toml:20",
        "--general-near",
    ]);
    assert!(
        err.contains("--general-near") && err.contains("not a roster's unit"),
        "{err}"
    );
}

#[test]
fn a_matchup_lends_each_lists_general_when_he_is_near() {
    let args = [
        "matchup",
        "scenarios/rosters/empire_500.ros",
        "scenarios/rosters/orcs_500.ros",
        "--json",
    ];
    let far = crate::common::run::stdout(&args);
    let near = crate::common::run::stdout(&[&args[..], &["--general-near"]].concat());
    assert_ne!(far, near);
    assert!(near.contains("\"not_played\""), "{near}");
}

#[test]
fn an_item_gives_its_weapon_profiles_missile_and_the_tables_effects() {
    // "Javelin and Shield": the table's shield, and the Weapon profile's
    // javelin (range 8", its S4 over the table's user Strength) for stand
    // and shoot.
    let javelin = crate::common::roster::gear_profile(
        "Javelin",
        "Weapon",
        &[("Range", "8\""), ("Strength", "4")],
    );
    let gear = sel("upgrade", "Javelin and Shield", 1, &[javelin], &[]);
    let skinks = unit("Skinks", "6 2 3 3 2 1 4 1 5 - - 1 20x20", 10, &[gear]);
    let r = army_roster("Lizardmen", 60, &[skinks]);
    let f = played(&r, 0);
    assert_eq!(f.weapon, Weapon::HandWeaponAndShield);
    assert_eq!(f.missile.map(|m| m.s.0), Some(4));
}

#[test]
fn a_master_moulders_whip_is_an_additional_hand_weapon() {
    // Skaven: a whip counts as an additional hand weapon while its bearer
    // is in base contact, as a character in the front rank is: a Master
    // Moulder's A 3 and 1 more, 4 attacks; its reach from behind the rats'
    // ranks is what is left.
    let moulder = sel(
        "unit",
        "Master Moulder",
        1,
        &[model("Master Moulder", "5 5 3 4 4 2 6 3 6 - - 1 20x20")],
        &[item("Whip")],
    );
    let r = army_roster("Skaven", 100, &[with(moulder, &cost(100))]);
    let f = played(&r, 0);
    assert_eq!(f.weapon, Weapon::AdditionalHandWeapon);
    let a = u32::from(f.profile.a.0) + u32::from(f.weapon.extra_attacks(f.troop));
    assert_eq!(a, 4);
    let left = format!("{:?}", r.units[0].played_in_part);
    assert!(left.contains("Whip"), "{left}");
}

#[test]
fn a_unit_strength_its_book_names_is_its_models() {
    // Lizardmen: a Stegadon's "Unit Strength 8" where its profile gives
    // none (a monster's would be its Wounds, 5). RULES.md Profiles.
    const STEGADON: &str = "6 3 0 5 6 5 2 4 5 - - - 50x100";
    let beast = |rules: &[&str]| {
        let mut u = unit("Stegadon", STEGADON, 1, &[]);
        for r in rules {
            u = rule(u, r);
        }
        let r = army_roster("Lizardmen", 235, &[u]);
        played(&r, 0).unit_strength_per_model.map(|u| u.0)
    };
    assert_eq!(beast(&["Unit Strength 8"]), Some(8));
    assert_eq!(beast(&[]), None);
}

#[test]
fn a_unicorns_impale_and_the_kin_of_the_bear_god_are_charge_rules_played() {
    // Bretonnia and Wood Elves: "When a unicorn charges into combat it
    // receives +2 to its Strength" (Tuskgor Charge's); Kislev's Kin of the
    // Bear God, "+1 Attack in the turn they charge" (Sotek's).
    let rules = |army: &str, name: &str| {
        let u = rule(unit("Riders", DWARF, 5, &[]), name);
        let r = army_roster(army, 50, &[u]);
        played(&r, 0).rules.clone()
    };
    assert!(rules("Bretonnia", "Impale").contains(&SpecialRule::TuskgorCharge));
    assert!(!rules("Dark Elves", "Impale").contains(&SpecialRule::TuskgorCharge));
    assert!(rules("Kislev", "Kin of the Bear God").contains(&SpecialRule::ChargeAttack));
}

#[test]
fn fast_cavalry_is_played_and_its_movement_told_not_played() {
    // The rulebook's Fast Cavalry: no rank bonus (played); its free reform
    // and shooting on the march are movement the tool does not play.
    let u = rule(unit("Wolf Riders", DWARF, 5, &[]), "Fast Cavalry");
    let r = army_roster("Orcs and Goblins", 50, &[u]);
    assert!(played(&r, 0).rules.contains(&SpecialRule::FastCavalry));
    let told = &r.units[0];
    assert!(told.rules_played.iter().any(|n| n.contains("Fast Cavalry")));
}

#[test]
fn a_daemonic_mount_makes_its_rider_cause_fear() {
    // Hordes of Chaos: "Daemonic Mounts follow the Daemon rules", and
    // daemons cause fear; a rider whose mount causes fear causes fear.
    let u = rule(unit("Exalted Champion", DWARF, 1, &[]), "Daemonic Mount");
    let r = army_roster("Forces of Chaos", 50, &[u]);
    assert!(played(&r, 0).rules.contains(&SpecialRule::Fear));
}

#[test]
fn an_assassin_lends_no_leadership() {
    // Skaven and Dark Elves: "units in the army can never use" an
    // Assassin's Leadership (RULES.md Break test).
    let u = rule(unit("Assassin", DWARF, 1, &[]), "Leadership (Assassins)");
    let r = army_roster("Dark Elves", 50, &[u]);
    assert!(played(&r, 0)
        .rules
        .contains(&SpecialRule::LendsNoLeadership));
}
