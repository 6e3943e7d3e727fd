//! Random values a model rolls for itself (issue 46; RULES.md Special
//! attacks and psychology, random attacks): attacks rolled by each model
//! each round, in `attacks` and whole fights, from a profile file or a
//! scenario table; and a chariot's crew, each with his A, however many
//! (RULES.md Profiles). Figures worked out by hand.

use crate::common::run::{error, json};

/// A Chaos Spawn (Hordes of Chaos): WS3 S4, A D6+1, and `more` lines.
fn spawn(more: &str) -> String {
    format!(
        "name = \"Chaos Spawn\"\ntype = \"monster\"\n{more}\n[profile]\nm = 0\nws = 3\nbs = 0\ns = 4\n\
         t = 5\nw = 3\ni = 2\na = \"D6+1\"\nld = 10\n"
    )
}

/// `text` written as `name` under the tests' temporary folder.
fn written(name: &str, text: &str) -> String {
    crate::common::written_in("random_dice", name, text)
}

#[test]
fn a_spawn_rolls_its_attacks() {
    // WS3 against WS3 hits on 4+, S4 against T3 wounds on 3+: each attack
    // wounds with 1/2 x 2/3 = 1/3. D6+1 attacks: 4.5 on average, 1.5
    // wounds; no wound with P = sum over k = 2..7 of (1/6)(2/3)^k =
    // (1/6)(4/9)(1 - (2/3)^6) / (1/3) = 1330/6561.
    let file = written("spawn.toml", &spawn(""));
    let r = json(&[
        "attacks",
        "--attacker",
        &file,
        "--target-ws",
        "3",
        "--target-t",
        "3",
        "--method",
        "exact",
    ]);
    assert_eq!(r["attacks"], "1 + D6");
    assert!((r["mean_wounds"].as_f64().unwrap() - 1.5).abs() < 1e-12);
    let none = r["wounds_pmf"][0]["p"].as_f64().unwrap();
    assert!((none - 1330.0 / 6561.0).abs() < 1e-12, "{none}");
    // Three Spawn roll 3D6 and add 3: 13.5 attacks, 4.5 wounds.
    let r = json(&[
        "attacks",
        "--attacker",
        &file,
        "--models",
        "3",
        "--target-ws",
        "3",
        "--target-t",
        "3",
        "--method",
        "exact",
    ]);
    assert_eq!(r["attacks"], "3 + 3D6");
    assert!((r["mean_wounds"].as_f64().unwrap() - 4.5).abs() < 1e-12);
    // --attacks gives a number in place of the dice.
    let r = json(&[
        "attacks",
        "--attacker",
        &file,
        "--attacks",
        "2",
        "--target-ws",
        "3",
        "--target-t",
        "3",
        "--method",
        "exact",
    ]);
    assert_eq!(r["attacks"], "2");
}

/// A fight of one Spawn against ten men who cannot strike back (A 0),
/// already engaged, one round: the men's casualties are the Spawn's
/// wounds.
fn spawn_against_men(rules: &str, a: &str) -> serde_json::Value {
    let fight = format!(
        "name = \"spawn\"\n[attacker]\nname = \"Spawn\"\nmodels = 1\nfrontage = 1\nrules = [{rules}]\n\
         [attacker.profile]\nm = 0\nws = 3\nbs = 0\ns = 4\nt = 5\nw = 3\ni = 2\na = {a}\nld = 10\n\
         [defender]\nname = \"Men\"\nmodels = 10\nfrontage = 5\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"none\"\nrounds = 1\n"
    );
    let file = written(&format!("spawn_{}.toml", rules.len() + a.len()), &fight);
    json(&["combat", &file, "--method", "exact"])
}

#[test]
fn a_spawn_rolls_its_attacks_in_a_fight_and_frenzy_adds_one() {
    // D6+1 attacks wounding on 1/3: 4.5 / 3 = 1.5 men slain on average.
    let r = spawn_against_men("\"unbreakable\"", "\"D6+1\"");
    let mean = r["mean_defender_casualties"].as_f64().unwrap();
    assert!((mean - 1.5).abs() < 1e-12, "{mean}");
    // Frenzied, D6+2: 5.5 / 3; no man slain with P = sum over k = 3..8 of
    // (1/6)(2/3)^k = (1/6)(8/27)(665/729) x 3 = 2660/19683.
    let r = spawn_against_men("\"unbreakable\", \"frenzy\"", "\"D6+1\"");
    let mean = r["mean_defender_casualties"].as_f64().unwrap();
    assert!((mean - 5.5 / 3.0).abs() < 1e-12, "{mean}");
    let none = r["defender_casualties_pmf"][0]["p"].as_f64().unwrap();
    assert!((none - 2660.0 / 19683.0).abs() < 1e-12, "{none}");
    // A D3 alone: 2 attacks on average, 2/3 of a man.
    let r = spawn_against_men("\"unbreakable\"", "\"D3\"");
    let mean = r["mean_defender_casualties"].as_f64().unwrap();
    assert!((mean - 2.0 / 3.0).abs() < 1e-12, "{mean}");
}

#[test]
fn a_champion_of_random_attacks_rolls_one_more() {
    // Two Spawn-like models with a champion, D6 each, the champion D6+1:
    // (3.5 + 4.5) / 3 = 8/3 men on average.
    let fight = "name = \"two\"\n[attacker]\nname = \"Beasts\"\nmodels = 2\nfrontage = 2\nchampion = true\n\
         rules = [\"unbreakable\"]\n\
         [attacker.profile]\nm = 0\nws = 3\nbs = 0\ns = 4\nt = 5\nw = 3\ni = 2\na = \"D6\"\nld = 10\n\
         [defender]\nname = \"Men\"\nmodels = 20\nfrontage = 5\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"none\"\nrounds = 1\n";
    let file = written("champion.toml", fight);
    let r = json(&["combat", &file, "--method", "exact"]);
    let mean = r["mean_defender_casualties"].as_f64().unwrap();
    assert!((mean - 8.0 / 3.0).abs() < 1e-12, "{mean}");
}

#[test]
fn bad_dice_are_refused_naming_the_key() {
    let e = error(&[
        "attacks",
        "--attacker",
        &written("d7.toml", &spawn("").replace("D6+1", "D7")),
        "--target-t",
        "3",
    ]);
    assert!(
        e.contains("a: 'D7' is not dice the tool rolls (accepted: a whole number from 0 to 10, or one to three D6 or D3 and a number added, such as \"D6+1\", \"D3\", \"2D6\")"),
        "{e}"
    );
    let e = error(&[
        "attacks",
        "--attacker",
        &written("a11.toml", &spawn("").replace("\"D6+1\"", "11")),
        "--target-t",
        "3",
    ]);
    assert!(
        e.contains(
            "a: 11 is out of range (accepted: 0 to 10, or dice such as \"D6+1\", \"D3\", \"2D6\")"
        ),
        "{e}"
    );
    // Seventeen models roll more dice than one roll reads.
    let e = error(&[
        "attacks",
        "--attacker",
        &written("many.toml", &spawn("")),
        "--models",
        "17",
        "--target-ws",
        "3",
        "--target-t",
        "3",
    ]);
    assert!(
        e.contains("--models: 17 models with random attacks (accepted: at most 16"),
        "{e}"
    );
}

#[test]
fn a_chariots_crew_strikes_each_with_his_a_however_many() {
    // Six crewmen of A2 (a Scraplauncher's gnoblars, say): 12 attacks a
    // chariot, more than one characteristic's 10; WS3 against WS3 hits on
    // 4+, S3 against T3 wounds on 4+: 12/4 = 3 wounds on average.
    let chariot = "name = \"Chariot\"\ntype = \"chariot\"\ncrew = 6\nsave = 5\n[profile]\nm = 15\n\
         ws = 3\nbs = 3\ns = 3\nt = 5\nw = 4\ni = 3\na = 2\nld = 6\n";
    let file = written("crew.toml", chariot);
    let target = ["--target-ws", "3", "--target-t", "3", "--method", "exact"];
    let r = json(&[&["attacks", "--attacker", &file][..], &target].concat());
    assert_eq!(r["attacks"], "12");
    assert!((r["mean_wounds"].as_f64().unwrap() - 3.0).abs() < 1e-12);
    // Frenzy adds an attack to each crewman: 6 x 3 = 18, 4.5 wounds.
    let frenzied = [
        &["attacks", "--attacker", &file, "--rules", "frenzy"][..],
        &target,
    ]
    .concat();
    let r = json(&frenzied);
    assert_eq!(r["attacks"], "18");
    assert!((r["mean_wounds"].as_f64().unwrap() - 4.5).abs() < 1e-12);
    let e = error(&[
        "attacks",
        "--attacker",
        &written("crew21.toml", &chariot.replace("crew = 6", "crew = 21")),
        "--target-ws",
        "3",
        "--target-t",
        "3",
    ]);
    assert!(
        e.contains("crew: 21 is out of range (accepted: 1 to 20)"),
        "{e}"
    );
}

#[test]
fn a_random_mover_charges_as_far_as_its_dice_roll() {
    // A Spawn's 2D6" is 2.5 cm an inch (RULES.md Charges [ruling]), its
    // charge range the move itself. 20 cm away a holding target is reached
    // on 8 or more: 15/36.
    let r = json(&[
        "charge",
        "--move",
        "2D6",
        "--distance",
        "20",
        "--method",
        "exact",
    ]);
    assert!((r["p_contact"].as_f64().unwrap() - 15.0 / 36.0).abs() < 1e-12);
    assert_eq!(r["charge_range"], "2D6: 5 to 30 cm");
    // A target fleeing 5D6 cm is caught if 20 + its flee is at most 2.5 x
    // the roll: a 10 (3/36) and a flee of 5 (1/7776), an 11 (2/36) and 7
    // or less (21/7776), a 12 (1/36) and 10 or less (252/7776).
    let r = json(&[
        "charge",
        "--move",
        "2D6",
        "--distance",
        "20",
        "--reaction",
        "flee",
        "--target-move",
        "10",
        "--method",
        "exact",
    ]);
    let caught = (3.0 + 2.0 * 21.0 + 252.0) / (36.0 * 7776.0);
    assert!((r["p_caught"].as_f64().unwrap() - caught).abs() < 1e-15);
    // In inches, 7" away: a 7 or more, 21/36.
    let r = json(&[
        "charge",
        "--move",
        "2D6",
        "--distance",
        "7",
        "--inches",
        "--method",
        "exact",
    ]);
    assert!((r["p_contact"].as_f64().unwrap() - 21.0 / 36.0).abs() < 1e-12);
    let e = error(&["charge", "--move", "2D6+1", "--distance", "7"]);
    assert!(e.contains("--move: 2D6+1 is not a move"), "{e}");
}

/// A one-model Spawn (W1 T3, M 2D6) charging a man `distance` cm away
/// who `reaction`s, with a bow (BS3, S3) if he stands and shoots.
fn spawn_charges(distance: u32, reaction: &str) -> serde_json::Value {
    let fight = spawn_charging(distance, reaction);
    let file = written(&format!("spawn_charges_{distance}_{reaction}.toml"), &fight);
    json(&["combat", &file, "--method", "exact"])
}

/// [`spawn_charges`]'s scenario.
fn spawn_charging(distance: u32, reaction: &str) -> String {
    format!(
        "name = \"spawn\"\n[attacker]\nname = \"Spawn\"\nmodels = 1\nrules = [\"unbreakable\"]\n\
         [attacker.profile]\nm = \"2D6\"\nws = 3\nbs = 0\ns = 4\nt = 3\nw = 1\ni = 2\na = \"D6+1\"\nld = 10\n\
         [defender]\nname = \"Man\"\nmodels = 1\nmissile = {{ s = 3, shots = 1 }}\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n\
         [situation]\ncharger = \"attacker\"\ndistance = {distance}\nreaction = \"{reaction}\"\nrounds = 1\n"
    )
}

#[test]
fn a_random_mover_charges_in_a_fight_as_its_dice_roll() {
    // 20 cm away, holding: the charge falls short on 7 or less, 21/36.
    let r = spawn_charges(20, "hold");
    assert!((r["p_charge_fails"].as_f64().unwrap() - 21.0 / 36.0).abs() < 1e-12);
    // Fleeing 5D6 cm: caught as in the charge query, 297/279936.
    let r = spawn_charges(20, "flee");
    let caught = (3.0 + 2.0 * 21.0 + 252.0) / (36.0 * 7776.0);
    assert!((r["p_target_caught"].as_f64().unwrap() - caught).abs() < 1e-15);
    // 10 cm away, standing and shooting: short on a 2 or 3 (3/36); the
    // bow shoots only if the Spawn started more than half its roll away,
    // 10 > 1.25 x the roll: on 4 to 7 (18/36). One shot at 5+ (4+, -1
    // standing and shooting), wounding on 4+: 1/6. Shot down: 18/36 x 1/6.
    let r = spawn_charges(10, "stand-and-shoot");
    assert!((r["p_charge_fails"].as_f64().unwrap() - 3.0 / 36.0).abs() < 1e-12);
    let shot = r["p_charger_shot_down"].as_f64().unwrap();
    assert!((shot - 1.0 / 12.0).abs() < 1e-12, "{shot}");
}

#[test]
fn a_random_move_is_written_as_dice_and_never_redirected() {
    let e = error(&[
        "attacks",
        "--attacker",
        &written(
            "m2d6plus.toml",
            &spawn("").replace("m = 0", "m = \"2D6+1\""),
        ),
        "--target-ws",
        "3",
        "--target-t",
        "3",
    ]);
    assert!(
        e.contains("m: '2D6+1' is not a move the tool plays (accepted: 0 to 100 cm, or one to three D6 or D3 rolled in inches, such as \"2D6\")"),
        "{e}"
    );
    // Its move is straight on, in a direction named before it rolls.
    let redirect = "[[unit]]\nname = \"Other\"\nmodels = 5\nside = \"defender\"\nredirect = true\ndistance = 15\n\
         [unit.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n";
    let fight =
        spawn_charging(20, "flee").replace("[situation]", &format!("{redirect}[situation]"));
    let e = error(&["combat", &written("redirect.toml", &fight)]);
    assert!(
        e.contains("unit.1.redirect: the charger moves at random, straight on: its charge is never redirected"),
        "{e}"
    );
}

/// Rosters: a Chaos Spawn, a Squig Herd and a Scraplauncher-like chariot
/// play (they were left out: "A is D6+1", "M is 2D6", "its crew's 12
/// attacks"), and dice the tool does not roll say so.
#[test]
fn rosters_field_random_movers_random_attackers_and_every_crewman() {
    use crate::common::roster::{category, model, roster, sel, with};
    // Hordes of Chaos: Spawn M 2D6 WS3 S4 T5 W3 I2 A D6+1 Ld10.
    let spawn = sel(
        "unit",
        "Spawn of Chaos",
        1,
        &[model(
            "Spawn of Chaos",
            "2D6 3 0 4 5 3 2 D6+1 10 7 7 3 40x40",
        )],
        &[],
    );
    // Orcs and Goblins: ten Squigs M 2D6 A 2.
    let squigs = sel(
        "unit",
        "Night Goblin Squig Herd",
        1,
        &[],
        &[sel(
            "model",
            "Squig",
            10,
            &[model("Squig", "2D6 4 0 5 3 1 3 2 3 7 7 1 20x20")],
            &[],
        )],
    );
    // A chariot whose crew's profile is A 6 and whose roster gives no
    // count: the rulebook's usual two crewmen, 12 attacks.
    let launcher = with(
        sel(
            "unit",
            "Scraplauncher",
            1,
            &[
                model("Scrap Chariot", "- - - 5 5 5 - D6 - - - (5) 50x100"),
                model("Gnoblar Scrappers", "- 2 3 2 - - 3 6 5 7 7 1 20x20"),
            ],
            &[],
        ),
        &category("Chariot"),
    );
    let odd = sel(
        "unit",
        "Odd Beast",
        1,
        &[model("Odd Beast", "6 3 0 4 5 3 2 2D8 10 7 7 3 40x40")],
        &[],
    );
    let r = roster(0, &[spawn, squigs, launcher, odd]);
    let played = |n: usize| {
        r.units[n]
            .played
            .as_ref()
            .unwrap_or_else(|why| panic!("{} left out: {why}", r.units[n].name))
    };
    let spawn = played(0);
    assert_eq!(spawn.profile.a.to_string(), "D6+1");
    assert_eq!(
        spawn.profile.m.1.map(|d| d.to_string()).as_deref(),
        Some("2D6")
    );
    let squigs = played(1);
    assert_eq!((r.units[1].models, squigs.profile.a.0), (10, 2));
    assert_eq!(
        squigs.profile.m.1.map(|d| d.to_string()).as_deref(),
        Some("2D6")
    );
    let launcher = played(2);
    assert_eq!((launcher.profile.a.0, launcher.crew.0), (6, 2));
    let why = r.units[3].played.as_ref().unwrap_err().to_string();
    assert_eq!(
        why,
        "Odd Beast's A is 2D8, dice the tool does not roll (accepted: one to three D6 or D3 and a number added, such as D6+1)"
    );
}
