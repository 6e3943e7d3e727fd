//! Shots an Artillery dice rolls (RULES.md Shooting, Artillery dice): a
//! Leadbelcher cannon standing and shooting, exact by hand and the three
//! engines agreeing.

use crate::common::run::{engines_agree, error, json};

/// A scenario file of `text` in the tests' own folder.
fn written(name: &str, text: &str) -> String {
    crate::common::written_in("artillery_dice", name, text)
}

/// `chargers` T3 W1 models without armour (Ld 10, unbreakable: no panic
/// to muddle the figure) charging `cannons` BS3 Leadbelchers 20 cm
/// away, who stand and shoot, their cannons' range long.
fn charged_cannons(chargers: u32, cannons: u32, missile: &str) -> String {
    format!(
        "name = \"leadbelchers\"\n[attacker]\nname = \"Men\"\nmodels = {chargers}\nfrontage = 5\n\
         rules = [\"unbreakable\"]\n\
         [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 10\n\
         [defender]\nname = \"Leadbelchers\"\nmodels = {cannons}\nfrontage = 3\nmissile = {missile}\n\
         [defender.profile]\nm = 6\nws = 3\nbs = 3\ns = 4\nt = 4\nw = 3\ni = 2\na = 3\nld = 7\n\
         [situation]\ncharger = \"attacker\"\ndistance = 20\nreaction = \"stand-and-shoot\"\nrounds = 1\n"
    )
}

const CANNON: &str = "{ s = 4, artillery_dice = true, long_range = true, armour_piercing = true }";

/// The expected charger's models shot down before contact: the exact
/// engine's casualties in a fight whose one round nobody reaches.
fn shot_down(file: &str) -> f64 {
    let r = json(&["combat", file, "--method", "exact"]);
    r["p_charger_shot_down"].as_f64().unwrap()
}

#[test]
fn leadbelchers_stand_and_shoot_an_artillery_dice_of_shots_each() {
    // One BS3 Leadbelcher: an Artillery dice of shots, X = 2, 4, 6, 8, 10
    // or a misfire (0), each 1/6. BS3 hits on 4+, -1 standing and
    // shooting: 5+, 1/3 (no -1 for long range: an Artillery dice's shots
    // take none). S4 wounds T3 on 3+, 2/3; no armour. Each shot slays
    // the lone charger with 2/9; he survives X shots with (7/9)^X.
    // P(shot down) = 1 - (1 + q^2 + q^4 + q^6 + q^8 + q^10)/6, q = 7/9.
    let q: f64 = 7.0 / 9.0;
    let survives: f64 = (0..=5).map(|k| q.powi(2 * k)).sum::<f64>() / 6.0;
    let file = written("one.toml", &charged_cannons(1, 1, CANNON));
    let p = shot_down(&file);
    assert!(
        (p - (1.0 - survives)).abs() < 1e-12,
        "{p} vs {}",
        1.0 - survives
    );
    // Three Leadbelchers roll three dice: he survives each's shots alone.
    let file = written("three.toml", &charged_cannons(1, 3, CANNON));
    let p = shot_down(&file);
    assert!((p - (1.0 - survives.powi(3))).abs() < 1e-12, "{p}");
    // The same cannon with the dice off fires one shot at 6+ (long range
    // counted): 1/6 x 2/3 = 1/9, far from the rule's 0.5988.
    let one_shot = CANNON.replace("artillery_dice = true, ", "");
    let file = written("one_shot.toml", &charged_cannons(1, 1, &one_shot));
    assert!((shot_down(&file) - 1.0 / 9.0).abs() < 1e-12);
}

#[test]
fn six_leadbelchers_are_refused_their_dice_rolled_at_once() {
    let file = written("six.toml", &charged_cannons(10, 6, CANNON));
    let e = error(&["combat", &file]);
    assert!(
        e.contains(
            "defender.models: 6 models whose shots are an Artillery dice each (accepted: at most 5"
        ),
        "{e}"
    );
}

#[test]
fn the_engines_agree_on_leadbelchers_standing_and_shooting() {
    // Ten chargers (casualties past 25% panic them: Ld 10 tests), three
    // cannons, one round of the fight after.
    let fight = charged_cannons(10, 3, CANNON).replace("rules = [\"unbreakable\"]\n", "");
    let file = written("agree.toml", &fight);
    let r = json(&[
        "combat", &file, "--method", "all", "--trials", "100000", "--seed", "47",
    ]);
    engines_agree(
        &r,
        &["p_charger_shot_down", "p_charger_fled"],
        "leadbelchers",
    );
}

/// Leadbelchers as a roster gives them: their cannon a Weapon profile
/// (`Multiple shots (Artillery dice)`), or its name alone (the names
/// table's entry).
fn leadbelchers(cannon: String) -> String {
    use crate::common::roster::{model, sel};
    sel(
        "unit",
        "Leadbelchers",
        1,
        &[],
        &[
            sel(
                "model",
                "Leadbelcher",
                4,
                &[model("Leadbelcher", "6 3 3 4 4 3 2 3 7 - - 3 40x40")],
                &[],
            ),
            cannon,
        ],
    )
}

/// A roster's Leadbelchers shoot their cannons' Artillery dice of S4
/// armour-piercing shots, whether their cannon has a profile or only its
/// name, and fight with it as an Ogre club (RULES.md Shooting, Artillery
/// dice). Seen failing before: one S4 shot each.
#[test]
fn a_rosters_leadbelchers_shoot_an_artillery_dice_each() {
    use crate::common::roster::{gear_profile, item, roster, sel};
    let profile = gear_profile(
        "Leadbelcher Cannon",
        "Weapon",
        &[
            ("Range", "12"),
            ("Strength", "4"),
            (
                "Special Rules",
                "Multiple shots (Artillery dice), Armour Piercing",
            ),
        ],
    );
    for cannon in [
        sel("upgrade", "Leadbelcher Cannon", 1, &[profile], &[]),
        item("Leadbelcher Cannon"),
    ] {
        let r = roster(200, &[leadbelchers(cannon)]);
        let f = r.units[0].played.as_ref().unwrap();
        let m = f.missile.unwrap().missile();
        assert_eq!((m.s, m.artillery_dice, m.armour_piercing), (4, true, true));
        assert_eq!(
            m.shots_dice().map(|d| d.to_string()).as_deref(),
            Some("Artillery dice")
        );
    }
}

/// A Treeman's Strangle-root Attack at stand and shoot: an Artillery dice
/// of S4 hits, no roll to hit (RULES.md Shooting, Artillery dice). Seen
/// failing before: shots rolled to hit at BS3 -1.
#[test]
fn a_treemans_strangle_roots_hit_an_artillery_dice_of_times() {
    // X = 2, 4, 6, 8, 10 or 0 hits, each 1/6; each wounds T3 on 3+, 2/3,
    // no armour: the lone charger survives with (1/3)^X.
    // P(shot down) = 1 - (1 + 3^-2 + 3^-4 + 3^-6 + 3^-8 + 3^-10)/6.
    let q: f64 = 1.0 / 3.0;
    let survives: f64 = (0..=5).map(|k| q.powi(2 * k)).sum::<f64>() / 6.0;
    let roots = "{ s = 4, artillery_dice = true, hits = true }";
    let file = written("roots.toml", &charged_cannons(1, 1, roots));
    let p = shot_down(&file);
    assert!(
        (p - (1.0 - survives)).abs() < 1e-12,
        "{p} vs {}",
        1.0 - survives
    );
    let r = json(&[
        "combat", &file, "--method", "all", "--trials", "100000", "--seed", "47",
    ]);
    engines_agree(&r, &["p_charger_shot_down"], "strangle-roots");
}

/// A roster's Treeman carries its Strangle-root Attack as a name: its
/// shots an Artillery dice of hits at S4.
#[test]
fn a_rosters_strangle_root_attack_is_an_artillery_dice_of_hits() {
    use crate::common::roster::{army_roster, item, model, sel};
    let treeman = sel(
        "unit",
        "Treeman",
        1,
        &[model("Treeman", "5 5 0 6 6 6 2 5 8 3+ - 6 50x50")],
        &[item("Strangle-root Attack")],
    );
    let r = army_roster("Wood Elves", 285, &[treeman]);
    let f = r.units[0].played.as_ref().unwrap();
    let m = f.missile.unwrap().missile();
    assert_eq!((m.s, m.artillery_dice, m.hits), (4, true, true));
}

/// `shoot` rolls a Leadbelcher cannon's Artillery dice: 3 Leadbelchers,
/// BS3 at 4+ (no -1 at long range), 15 shots on average, 1/2 x 2/3 of
/// them wounding T3 at S4: 5 wounds.
#[test]
fn shoot_rolls_an_artillery_dice_of_shots() {
    let profile = "name = \"Leadbelchers\"\nmissile = { s = 4, artillery_dice = true, armour_piercing = true }\n\
         [profile]\nm = 6\nws = 3\nbs = 3\ns = 4\nt = 4\nw = 3\ni = 2\na = 3\nld = 7\n";
    let file = written("leadbelchers.toml", profile);
    let r = json(&[
        "shoot",
        "--attacker",
        &file,
        "--models",
        "3",
        "--long-range",
        "--target-t",
        "3",
        "--method",
        "exact",
    ]);
    assert_eq!(r["p_hit"].as_f64(), Some(0.5));
    let wounds = r["mean_wounds"].as_f64().unwrap();
    assert!((wounds - 5.0).abs() < 1e-12, "{wounds}");
}
