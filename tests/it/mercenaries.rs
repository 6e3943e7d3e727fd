//! The Mercenaries' and other books' named rules of issue 47 that the
//! fights play, each by hand from its army book's text (RULES.md Special
//! attacks and psychology), through the exact engine and the binary.

use crate::common::run::{engines_agree, error, exact_round_one, json};

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

/// `text` written as `name` under the tests' temporary folder.
fn written(name: &str, text: &str) -> String {
    crate::common::written_in("mercenaries", name, text)
}

/// A fight already under way: one attacker (WS3 S3 I5 A1, `attacker`'s
/// lines added) strikes first at five defenders (WS3 T3 W1 I1, no armour,
/// `defender`'s lines added) five wide.
fn one_blow(name: &str, attacker: &str, defender: &str) -> String {
    let profile =
        |i: u8| format!("m = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = {i}\na = 1\nld = 7\n");
    written(
        name,
        &format!(
            "name = \"{name}\"\n[attacker]\nname = \"attacker\"\nmodels = 1\n{attacker}\n\
             [attacker.profile]\n{}\n[defender]\nname = \"defender\"\nmodels = 5\n{defender}\n\
             [defender.profile]\n{}\n[situation]\ncharger = \"none\"\n",
            profile(5),
            profile(1)
        ),
    )
}

/// The defender's mean casualties in the first round, exact.
fn mean_casualties(file: &str, sets: &[&str]) -> f64 {
    exact_round_one(file, sets)["mean_defender_casualties"]
        .as_f64()
        .unwrap()
}

const MARSH: &str = "situation.ground=\"marsh\"";

fn assert_close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} vs {b}");
}

#[test]
fn fenbeasts_regenerate_in_a_marsh_only() {
    // RULES.md Special attacks and psychology, Special Regenerate: the
    // Fenbeasts' regeneration in marshes and fens only, never against
    // fire or magical attacks. The blow: 4+ to hit (WS3 against WS3),
    // 4+ to wound (S3 against T3), no armour: 1/2 x 1/2 = 1/4 on open
    // ground; in a marsh regenerated on a 4+: 1/4 x 1/2 = 1/8; magical
    // or flaming, 1/4 again (the next test).
    let file = one_blow("fenbeast.toml", "", "rules = [\"special-regenerate\"]");
    assert_close(mean_casualties(&file, &[]), 0.25);
    assert_close(mean_casualties(&file, &[MARSH]), 0.125);
    // The same fight picked by flags: --ground marsh.
    let profile = |name: &str, i: u8, rules: &str| {
        written(
            name,
            &format!(
                "name = \"{name}\"\nrules = [{rules}]\n[profile]\nm = 10\nws = 3\nbs = 3\n\
                 s = 3\nt = 3\nw = 1\ni = {i}\na = 1\nld = 7\n"
            ),
        )
    };
    let striker = profile("striker.toml", 5, "");
    let fenbeast = profile("fenbeast_profile.toml", 1, "\"special-regenerate\"");
    let picked = |ground: &str| {
        let r = json(&[
            "combat",
            "--attacker",
            &format!("{striker}:1"),
            "--defender",
            &format!("{fenbeast}:5"),
            "--charger",
            "none",
            "--ground",
            ground,
            "--set",
            "situation.rounds=1",
            "--method",
            "exact",
        ]);
        r["mean_defender_casualties"].as_f64().unwrap()
    };
    assert_close(picked("open"), 0.25);
    assert_close(picked("marsh"), 0.125);
}

#[test]
fn fenbeasts_regenerate_no_magical_or_flaming_wounds() {
    // RULES.md Special Regenerate: in a marsh, the blow of
    // fenbeasts_regenerate_in_a_marsh_only is unsaved 1/4 again when magical
    // or flaming; a troll's regeneration (the rulebook's) saves magical
    // wounds: 1/8.
    let file = one_blow("fenbeast.toml", "", "rules = [\"special-regenerate\"]");
    let magic = "attacker.rules=[\"magical-attacks\"]";
    assert_close(mean_casualties(&file, &[MARSH, magic]), 0.25);
    let fire = "attacker.rules=[\"flaming\"]";
    assert_close(mean_casualties(&file, &[MARSH, fire]), 0.25);
    let troll = one_blow("troll.toml", "", "regeneration = true");
    assert_close(mean_casualties(&troll, &[magic]), 0.125);
}

#[test]
fn the_engines_agree_on_fenbeasts_in_a_marsh() {
    let file = one_blow("fenbeast_all.toml", "", "rules = [\"special-regenerate\"]");
    let r = json(&[
        "combat",
        &file,
        "--set",
        "situation.ground=\"marsh\"",
        "--method",
        "all",
        "--trials",
        "40000",
        "--seed",
        "47",
    ]);
    engines_agree(
        &r,
        &["p_attacker_wins", "mean_defender_casualties"],
        "fenbeasts",
    );
}

#[test]
fn peasants_test_on_a_knights_leadership() {
    // RULES.md Break test, Peasants Duty: the flagship's Spearmen (Ld 7),
    // stubborn so that the round's margin does not count, with the duty
    // and a knight of Ld 9 within 15 cm: beaten, they break on 2D6 above
    // 9, 6/36 = 1/6, not above 7 (15/36).
    let round = |sets: &[&str]| {
        let r = exact_round_one(FLAGSHIP, sets);
        let lose = r["rounds"][0]["p_attacker_wins"].as_f64().unwrap();
        (lose, r["p_defender_breaks"].as_f64().unwrap())
    };
    let knight = "defender.knight_ld=9";
    let (lose, breaks) = round(&["defender.rules=[\"stubborn\", \"peasants-duty\"]", knight]);
    assert!(lose > 0.05, "{lose}");
    assert_close(breaks, lose / 6.0);
    let (lose, breaks) = round(&["defender.rules=[\"stubborn\", \"peasants-duty\"]"]);
    assert_close(breaks, lose * 15.0 / 36.0);
    // Not stubborn, the whole fight is that of Spearmen of Ld 9.
    let with_knight = exact_round_one(FLAGSHIP, &["defender.rules=[\"peasants-duty\"]", knight]);
    let ld9 = exact_round_one(FLAGSHIP, &["defender.profile.ld=9"]);
    for key in ["p_defender_breaks", "p_defender_caught", "p_attacker_wins"] {
        assert_close(
            with_knight[key].as_f64().unwrap(),
            ld9[key].as_f64().unwrap(),
        );
    }
    // A knight's Ld serves only a unit with the duty.
    let e = error(&["combat", FLAGSHIP, "--set", knight]);
    assert!(
        e.contains("defender.knight_ld") && e.contains("Peasants Duty"),
        "{e}"
    );
}

/// Ogre Bulls (WS3 S4 T4 W3 A3) with `gear`, as an Ogre Kingdoms roster
/// gives them: what they fight with.
fn ogre_bulls(gear: &[&str]) -> mathhammer::profile::ProfileFile {
    use crate::common::roster::{army_roster, cost, item, model, sel, with};
    let mut held = vec![sel("model", "Bulls", 4, &[], &[])];
    held.extend(gear.iter().map(|g| item(g)));
    let unit = sel(
        "unit",
        "Ogre Bulls",
        1,
        &[model("Bulls", "6 3 2 4 4 3 2 3 7 - - 3 40x40")],
        &held,
    );
    let roster = army_roster("Ogre Kingdoms", 140, &[with(unit, &cost(140))]);
    roster.units[0].played.clone().unwrap()
}

#[test]
fn an_ogre_club_pierces_armour_alone_and_an_ironfist_is_a_second_weapon() {
    use mathhammer::exact::attacks::chain_odds;
    use mathhammer::rules::fighter::Striker;
    use mathhammer::rules::special::{Rules, SpecialRule};
    use mathhammer::rules::weapons::{Moment, Weapon};
    // RULES.md Weapons, Ogre club and Ironfist. The flagship's Spearmen
    // (WS3 T3, light armour and shield: 5+) struck by a Bull (WS3 S4):
    // 4+ to hit, 3+ to wound; the club alone takes the save to none
    // (5+, +1 for S4, +1 for the club): 3 x 1/2 x 2/3 = 1 unsaved a Bull.
    // With its ironfist as a second weapon, the club's bonus lost: 4
    // attacks, saved on 6+: 4 x 1/2 x 2/3 x 5/6 = 10/9.
    let spearmen = mathhammer::scenario::parse::<mathhammer::profile::ProfileFile>(
        &std::fs::read_to_string("scenarios/profiles/empire_spearman.toml").unwrap(),
        "empire_spearman.toml",
    )
    .unwrap()
    .defender();
    let bull = |weapon: Weapon, rules: &[SpecialRule]| {
        let striker = Striker {
            ws: 3,
            bs: 2,
            s: 4,
            a: 3,
            a_dice: None,
            crew: 1,
            troop: mathhammer::rules::profile::TroopType::Infantry,
            weapon,
            rules: Rules::new(rules, "test").unwrap(),
            hit_modifier: 0,
        };
        let moment = Moment {
            round: 2,
            charging: false,
        };
        f64::from(striker.attacks())
            * chain_odds(&striker.close_combat(&spearmen, moment)).p_unsaved
    };
    let club = [SpecialRule::OgreClub];
    assert_close(bull(Weapon::HandWeapon, &club), 1.0);
    assert_close(bull(Weapon::AdditionalHandWeapon, &club), 10.0 / 9.0);
    // Its ironfist as a shield: a hand weapon and shield, no bonus: 3 x
    // 1/2 x 2/3 x 5/6 = 5/6.
    assert_close(bull(Weapon::HandWeaponAndShield, &club), 5.0 / 6.0);
    // A roster's Bulls with club and ironfist fight with both, the club
    // read as the rule it is; with the club alone, the club.
    let both = ogre_bulls(&["Ogre Club", "Light Armour", "Ogre Ironfist"]);
    assert_eq!(both.weapon, Weapon::AdditionalHandWeapon);
    assert!(
        both.rules.contains(&SpecialRule::OgreClub),
        "{:?}",
        both.rules
    );
    assert!(!both.rules.contains(&SpecialRule::ArmourPiercing));
    let alone = ogre_bulls(&["Ogre Club", "Light Armour"]);
    assert_eq!(alone.weapon, Weapon::HandWeapon);
}

#[test]
fn ice_weapons_are_magical_hand_weapons() {
    use crate::common::roster::{army_roster, cost, item, model, sel, with};
    use mathhammer::exact::attacks::chain_odds;
    use mathhammer::rules::special::{Rules, SpecialRule};
    use mathhammer::rules::weapons::{Moment, Weapon};
    // RULES.md Magical attacks and Ethereal: Ice Trolls' "Ice weapons count
    // as magical hand weapons". A troll (WS3 S5) at a Spirit Host (WS3 T4,
    // Ethereal): 4+ to hit, 3+ to wound, no save: 1/2 x 2/3 = 1/3 a blow;
    // a mundane blow harms it not at all.
    let ghost = mathhammer::rules::fighter::Defender {
        ethereal: true,
        ..mathhammer::scenario::parse::<mathhammer::profile::ProfileFile>(
            "name = \"Spirit Host\"\n[profile]\nm = 10\nws = 3\nbs = 0\ns = 3\nt = 4\nw = 3\ni = 1\na = 3\nld = 4\n",
            "ghost.toml",
        )
        .unwrap()
        .defender()
    };
    for army in ["Mercenaries", "Ogre Kingdoms"] {
        let trolls = sel(
            "unit",
            "Ice Trolls",
            1,
            &[model("Ice Troll", "6 3 1 5 4 3 1 3 4 - - 3 40x40")],
            &[sel("model", "Ice Troll", 3, &[], &[]), item("Ice Weapons")],
        );
        let r = army_roster(army, 150, &[with(trolls, &cost(150))]);
        let f = r.units[0].played.clone().unwrap();
        assert_eq!(f.weapon, Weapon::HandWeapon, "{army}");
        assert!(
            f.rules.contains(&SpecialRule::MagicalAttacks),
            "{army}: {:?}",
            f.rules
        );
        let blow = |rules: &[SpecialRule]| {
            let striker = mathhammer::rules::fighter::Striker {
                ws: 3,
                bs: 1,
                s: 5,
                a: 3,
                a_dice: None,
                crew: 1,
                troop: f.troop,
                weapon: f.weapon,
                rules: Rules::new(rules, "test").unwrap(),
                hit_modifier: 0,
            };
            let moment = Moment {
                round: 2,
                charging: false,
            };
            chain_odds(&striker.close_combat(&ghost, moment)).p_unsaved
        };
        assert_close(blow(&f.rules), 1.0 / 3.0);
        assert_close(blow(&[]), 0.0);
    }
}

#[test]
fn hunting_hounds_charge_through_woods_and_panic_only_hounds() {
    use crate::common::roster::{army_xml, cost, model, rule, sel, with};
    use mathhammer::rules::place::Terrain;
    // RULES.md Charges (terrain some units cross as open ground) and
    // Panic: the Empire's Hunting Hounds (M7: 17.5 cm) "suffer no
    // movement penalties for moving through woods" and "do not cause
    // Panic tests in friendly units except other Hounds". Charging 20 cm
    // through a wood they keep 2M = 35 cm and reach; without the rule
    // their range is M = 17.5 cm and the charge fails.
    let hounds = |rules: &[&str]| {
        let mut unit = sel(
            "unit",
            "Hunting Hounds",
            1,
            &[model("Hunting Hound", "7 4 0 3 3 1 3 1 6 - - 1 25x50")],
            &[sel("model", "Hunting Hound", 10, &[], &[])],
        );
        for r in rules {
            unit = rule(unit, r);
        }
        with(unit, &cost(60))
    };
    let roster = mathhammer::roster::Roster::from_bytes(
        "hounds.ros",
        army_xml(
            "The Empire",
            120,
            &[hounds(&["Relentless Chase"]), hounds(&[])],
        )
        .as_bytes(),
    )
    .unwrap();
    let played = roster.units[0].played.clone().unwrap();
    assert_eq!(played.open_ground, [Terrain::Woods]);
    assert_eq!(played.panic.kinds, ["Hunting Hounds"]);
    assert_eq!(
        played.panic.only_in,
        Some(vec!["Hunting Hounds".to_string()])
    );
    let file = written(
        "hounds.ros",
        &army_xml(
            "The Empire",
            120,
            &[hounds(&["Relentless Chase"]), hounds(&[])],
        ),
    );
    let fails = |unit: &str| {
        let r = json(&[
            "combat",
            "--attacker",
            &format!("{file}:{unit}"),
            "--defender",
            "scenarios/profiles/empire_spearman.toml:10",
            "--distance",
            "20",
            "--set",
            "situation.difficult_terrain=\"woods\"",
            "--set",
            "situation.rounds=1",
            "--method",
            "exact",
        ]);
        r["p_charge_fails"].as_f64().unwrap()
    };
    assert_close(fails("1"), 0.0);
    assert_close(fails("2"), 1.0);
}

#[test]
fn an_ogre_club_beside_a_shield_loses_its_bonus_however_written() {
    // RULES.md Weapons, Ogre club [ruling]: one WS3 S3 blow at a WS3 T3
    // spearman with light armour and shield (5+): 1/2 x 1/2 = 1/4
    // wounds; the club alone saved on 6+, 1/4 x 5/6 = 5/24 unsaved; with a
    // shield, written either way, on 5+: 1/4 x 2/3 = 1/6.
    let armoured = "weapon = \"spear\"\narmour = \"light\"\nshield = true";
    let club = |name: &str, gear: &str| {
        let attacker = format!("rules = [\"ogre-club\"]\n{gear}");
        mean_casualties(&one_blow(name, &attacker, armoured), &[])
    };
    assert_close(club("club.toml", "weapon = \"hand-weapon\""), 5.0 / 24.0);
    let shield = "weapon = \"hand-weapon\"\nshield = true";
    assert_close(club("club_shield.toml", shield), 1.0 / 6.0);
    let written = "weapon = \"hand-weapon-and-shield\"";
    assert_close(club("club_hwas.toml", written), 1.0 / 6.0);
}
