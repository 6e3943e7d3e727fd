//! Other kinds of model that fight in their unit (issue 47): a Skaven
//! pack's Packmasters, each a body of his own with his own profile and
//! gear beside the beasts (Skaven army book, Mixed Units; RULES.md
//! Characters in units, Other kinds of model in a unit). Units written as
//! the Skaven data writes them; figures worked out by hand; the Monte Carlo
//! engines agree with the exact.

use crate::common::roster::{army_xml, item, model, rule, sel};
use crate::common::run::{engines_agree, json};
use crate::common::{combat_of, exact_of};
use mathhammer::roster::Roster;
use mathhammer::rules::saves::BodyArmour;
use mathhammer::rules::weapons::Weapon;

/// The Skaven data's profiles: a Giant Rat (M 6, WS 3, S 3, T 3, W 1, I 4,
/// A 1, Ld 3), a Packmaster (WS 3, S 3, T 3, W 1, I 4, A 1, Ld 5), a Rat
/// Ogre (WS 3, S 5, T 4, W 3, I 3, A 3, Ld 5).
const GIANT_RAT: &str = "6 3 0 3 3 1 4 1 3 7 7 1 20x20";
const PACKMASTER: &str = "6 3 3 3 3 1 4 1 5 7 7 1 20x20";
const RAT_OGRE: &str = "6 3 0 5 4 3 3 3 5 7 7 3 40x40";

/// What a Packmaster holds in the data: light armour, a whip, a hand
/// weapon.
fn packmaster_gear() -> Vec<String> {
    vec![item("Light Armour"), item("Whip"), item("Hand Weapon")]
}

/// Giant Rats bought in `packs` packs, both profiles on the unit, with the
/// Mixed Units rule: 6 rats and a Packmaster a pack.
fn giant_rats(packs: u32) -> String {
    rule(
        sel(
            "unit",
            "Giant Rats",
            1,
            &[
                model("Giant Rat", GIANT_RAT),
                model("Packmaster", PACKMASTER),
            ],
            &[
                sel("model", "Giant Rat Pack", packs, &[], &[]),
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
        "Mixed Units",
    )
}

/// Rat Ogres in `packs` packs, a Rat Ogre and a Packmaster each an
/// upgrade holding its profile, with Mixed Units and Fear.
fn rat_ogres(packs: u32) -> String {
    let ogres = sel(
        "unit",
        "Rat Ogres",
        1,
        &[],
        &[
            sel("model", "Ogre Pack", packs, &[], &[]),
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
                &[model("Rat Ogre", RAT_OGRE)],
                &[],
            ),
        ],
    );
    rule(rule(ogres, "Mixed Units"), "Fear")
}

fn skaven(units: &[String]) -> Roster {
    let xml = army_xml("Skaven", 0, units);
    Roster::from_bytes("t.ros", xml.as_bytes()).unwrap()
}

/// A pack's Packmasters are fielded, one body a pack, each with his own
/// gear (a whip: an additional hand weapon on foot; light armour, 6+) and
/// Ld, not the beasts' rules (Fear is the Rat Ogres'); the names they
/// hold are told played, none "held by" another kind of model.
#[test]
fn a_packs_packmasters_fight_with_their_own_gear() {
    let r = skaven(&[giant_rats(3), rat_ogres(2)]);
    for (u, (beasts, masters)) in r.units.iter().zip([(18, 3), (2, 2)]) {
        let played = u.played.as_ref().expect("played");
        assert_eq!(u.models, beasts, "{}", u.name);
        assert_eq!(played.others.len(), masters, "{}", u.name);
        for p in &played.others {
            assert_eq!(p.name, "Packmaster");
            assert_eq!(
                (p.weapon, p.armour, p.shield),
                (Weapon::AdditionalHandWeapon, BodyArmour::Light, false)
            );
            assert_eq!((p.profile.ws.0, p.profile.a.0, p.profile.ld.0), (3, 1, 5));
            assert!(p.rules.is_empty(), "{:?}", p.rules);
            assert!(p.others.is_empty());
        }
        let held: Vec<&str> = (u.rules_not_played.iter())
            .filter(|n| n.why.contains("held by"))
            .map(|n| n.name.as_str())
            .collect();
        assert!(held.is_empty(), "{}: {held:?}", u.name);
        assert!(u.rules_played.iter().any(|n| n == "Whip"), "{}", u.name);
    }
    // Four packs' four Packmasters are more than a roster fields: the
    // pack fights without them, says so, and their names stay held.
    let r = skaven(&[giant_rats(4)]);
    let u = &r.units[0];
    assert!(u.played.as_ref().unwrap().others.is_empty());
    assert!(
        u.notes
            .iter()
            .any(|n| n.to_string().contains("not fielded")),
        "{:?}",
        u.notes
    );
    assert!(u.rules_not_played.iter().any(|n| n.why.contains("held by")));
}

/// A scenario: the Giant Rats of `roster` (one pack: 6 rats and a
/// Packmaster), engaged with 20 WS 3 T 3 men saving on 5+ who strike
/// `a` blows and never break (or `defender_extra`), for `rounds` rounds.
fn rats_at_men(roster: &std::path::Path, a: u8, extra: &str, rounds: u32) -> String {
    format!(
        "name = \"pack\"\n[attacker]\nroster = \"{}\"\nunit = \"Giant Rats\"\n\
         [defender]\nname = \"Men\"\nmodels = 20\nfrontage = 5\nsave = 5\n{extra}\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = {a}\nld = 7\n\
         [situation]\ncharger = \"none\"\nrounds = {rounds}\n",
        roster.display()
    )
}

fn pack_file(name: &str, packs: u32) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("rosters");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, army_xml("Skaven", 0, &[giant_rats(packs)])).unwrap();
    path
}

#[test]
fn a_packmaster_strikes_beside_his_rats() {
    // One pack engaged five wide: the Packmaster fills one of the five
    // places in contact, four rats the others. A rat's blow: WS 3 against
    // WS 3 hits on 4+ (1/2), S 3 against T 3 wounds on 4+ (1/2), the 5+
    // save fails 2/3: 1/6; four rats, 4/6. The Packmaster's whip is an
    // additional hand weapon: A 1 + 1, each blow 1/6, 2/6. First-round
    // casualties 4/6 + 2/6 = 1 (5/6, five rats' blows, with him left out).
    let file = pack_file("one_pack.ros", 1);
    let text = rats_at_men(&file, 0, "rules = [\"unbreakable\"]", 1);
    let mean = exact_of(&text, "mean_defender_casualties");
    assert!((mean - 1.0).abs() < 1e-12, "{mean}");
    // He is no character: the men's champion (+1 A, at the rats) issues a
    // challenge nobody accepts, and the figure stays 1; had the Packmaster
    // taken it, his two blows would go at the champion alone (at most one
    // casualty, 1 - (5/6)^2 = 11/36): 4/6 + 11/36.
    let challenged = text
        .replace(
            "rules = [\"unbreakable\"]",
            "rules = [\"unbreakable\"]\nchampion = true",
        )
        .replace("rounds = 1", "rounds = 1\nchallenge = \"defender\"");
    let mean = exact_of(&challenged, "mean_defender_casualties");
    assert!((mean - 1.0).abs() < 1e-12, "{mean}");
    let q = combat_of(&text).unwrap();
    let unit = &q.combat.setup.units[0];
    assert_eq!(unit.characters.len(), 1);
    assert!(!unit.characters[0].character);
    assert_eq!(unit.true_characters(), 0);
}

#[test]
fn attacks_declared_at_a_packmaster_leave_his_rats() {
    // Men of I 5 strike first, five in contact with the Packmaster and four
    // rats. A blow at a rat: WS 3 against WS 3 hits on 4+ (1/2), S 3
    // against T 3 wounds on 4+ (1/2), no save: 1/4. None declared at him
    // (the default), five blows at the rats: 5/4 rats slain; one declared
    // at him each round (`attacks_on_others = 1`), four: 1.
    let file = pack_file("one_pack_struck.ros", 1);
    let text = rats_at_men(&file, 1, "rules = [\"unbreakable\"]", 1).replace("i = 3", "i = 5");
    let mean = exact_of(&text, "mean_attacker_casualties");
    assert!((mean - 1.25).abs() < 1e-12, "{mean}");
    let declared = text.replace(
        "unit = \"Giant Rats\"",
        "unit = \"Giant Rats\"\nattacks_on_others = 1",
    );
    let mean = exact_of(&declared, "mean_attacker_casualties");
    assert!((mean - 1.0).abs() < 1e-12, "{mean}");
}

#[test]
fn the_engines_agree_on_a_pack_with_its_packmasters() {
    // Three packs (18 rats, 3 Packmasters) against men who strike back and
    // may break: the Packmasters' Ld 5 is lent while one stands.
    let file = pack_file("three_packs.ros", 3);
    let text = rats_at_men(&file, 1, "", 4).replace(
        "unit = \"Giant Rats\"",
        "unit = \"Giant Rats\"\nattacks_on_others = 1",
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("scenarios");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("three_packs.toml");
    std::fs::write(&path, text).unwrap();
    let r = json(&["combat", path.to_str().unwrap(), "--method", "all"]);
    engines_agree(
        &r,
        &[
            "p_attacker_wins",
            "p_attacker_breaks",
            "p_defender_wins",
            "p_defender_breaks",
        ],
        "three packs",
    );
}
