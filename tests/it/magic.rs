//! Magical attacks and Ethereal, the Daemonic Aura, Flammable, Slayer and
//! Predatory Fighters (issue 47), each by hand from its army book's text
//! (RULES.md Magical attacks and Ethereal; Special attacks and
//! psychology; Weapons), through the exact engine.

use crate::combat::{combat, unit, Scripted};
use mathhammer::exact::attacks::chain_odds;
use mathhammer::rules::attack::{AttackChain, Damage};
use mathhammer::rules::fighter::{impact_hit, Defender, Save, Striker};
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::special::{Rules, SpecialRule};
use mathhammer::rules::to_hit::ShootingModifiers;
use mathhammer::rules::weapons::{Moment, Weapon};

const EPS: f64 = 1e-14;
const ROUND_2: Moment = Moment {
    round: 2,
    charging: false,
};

fn striker(s: u8, weapon: Weapon, rules: &[SpecialRule]) -> Striker {
    Striker {
        ws: 4,
        bs: 3,
        s,
        a: 1,
        a_dice: None,
        crew: 1,
        troop: TroopType::Infantry,
        weapon,
        rules: Rules::new(rules, "test").unwrap(),
        hit_modifier: 0,
    }
}

/// A WS4 target of Toughness `t`, its save given outright.
fn target(t: u8, w: u8, save: Option<u8>) -> Defender {
    Defender {
        ws: 4,
        t,
        w,
        troop: TroopType::Infantry,
        save: Save::Given(save),
        weapon: Weapon::HandWeapon,
        ward: None,
        regeneration: false,
        reroll_saves: false,
        ethereal: false,
        daemonic_aura: false,
        flammable: false,
        regeneration_not_magic: false,
        foes_minus_one_to_hit: false,
        undead_or_daemon: false,
        against_missiles: Default::default(),
        hardiness: Default::default(),
    }
}

fn unsaved(chain: &AttackChain) -> f64 {
    chain_odds(chain).p_unsaved
}

/// P(an attack of `chain` deals `wounds` wounds).
fn p_wounds(chain: &AttackChain, wounds: u8) -> f64 {
    let odds = chain_odds(chain);
    let found = odds
        .damage
        .iter()
        .find(|(d, _)| *d == Damage::Wounds(wounds));
    found.map_or(0.0, |(_, p)| *p)
}

fn assert_close(a: f64, b: f64) {
    assert!((a - b).abs() < EPS, "{a} vs {b}");
}

#[test]
fn an_ethereal_creature_is_harmed_only_by_magical_and_ethereal_attacks() {
    // RULES.md Magical attacks and Ethereal: WS4 against WS4 hits on 4+,
    // S4 against T4 wounds on 4+, no save: 1/2 x 1/2 = 1/4 unsaved, but
    // only for magical attacks or an Ethereal creature's.
    let ghost = Defender {
        ethereal: true,
        ..target(4, 1, None)
    };
    let hand = Weapon::HandWeapon;
    let mundane = striker(4, hand, &[]).close_combat(&ghost, ROUND_2);
    assert_eq!(unsaved(&mundane), 0.0);
    assert_eq!(chain_odds(&mundane).p_hit, 0.5, "it is hit, not harmed");
    // Poison's sixes wound no ghost either.
    let poison = striker(4, hand, &[SpecialRule::Poison]).close_combat(&ghost, ROUND_2);
    assert_eq!(unsaved(&poison), 0.0);
    let magical = striker(4, hand, &[SpecialRule::MagicalAttacks]);
    assert_close(unsaved(&magical.close_combat(&ghost, ROUND_2)), 0.25);
    let wraith = striker(4, hand, &[SpecialRule::Ethereal]);
    assert_close(unsaved(&wraith.close_combat(&ghost, ROUND_2)), 0.25);
    // Mundane shots and a chariot's impact hits pass through; magical
    // shots (BS3: 4+) wound on 4+: 1/2 x 1/2.
    let shots = ShootingModifiers::default();
    assert_eq!(
        unsaved(&striker(4, hand, &[]).shooting(&ghost, &shots)),
        0.0
    );
    assert_close(unsaved(&magical.shooting(&ghost, &shots)), 0.25);
    assert_eq!(unsaved(&impact_hit(5, &ghost)), 0.0);
    // Not Ethereal, the target takes the mundane blow: 1/4.
    let man = target(4, 1, None);
    assert_close(
        unsaved(&striker(4, hand, &[]).close_combat(&man, ROUND_2)),
        0.25,
    );
}

#[test]
fn a_daemonic_aura_fails_against_magical_attacks() {
    // RULES.md Magical attacks and Ethereal: a daemon's 5+ ward, not
    // against magical attacks. S4 against T4, no armour: 1/4 wound;
    // mundane, the ward saves 1/3: 1/4 x 2/3 = 1/6; magical, 1/4.
    let daemon = Defender {
        ward: Some(5),
        daemonic_aura: true,
        ..target(4, 1, None)
    };
    let hand = Weapon::HandWeapon;
    let mundane = striker(4, hand, &[]).close_combat(&daemon, ROUND_2);
    assert_close(unsaved(&mundane), 1.0 / 6.0);
    let magical = striker(4, hand, &[SpecialRule::MagicalAttacks]);
    assert_close(unsaved(&magical.close_combat(&daemon, ROUND_2)), 0.25);
    // A better ward is no aura's: a 4+ saves 1/2 of magical blows too.
    let warded = Defender {
        ward: Some(4),
        ..daemon
    };
    assert_close(unsaved(&magical.close_combat(&warded, ROUND_2)), 0.125);
    // Without the aura a 5+ ward saves against magical attacks: 1/6.
    let talisman = Defender {
        daemonic_aura: false,
        ..daemon
    };
    assert_close(
        unsaved(&magical.close_combat(&talisman, ROUND_2)),
        1.0 / 6.0,
    );
}

#[test]
fn a_flammable_creature_takes_two_wounds_for_each_a_flaming_attack_causes() {
    // RULES.md Special attacks and psychology: every unsaved wound of a
    // flaming attack counts twice. S4 against T4, no save: 1/4 of the
    // attacks cause 2 wounds; with D3 multiple wounds, 2, 4 or 6, each
    // 1/4 x 1/3 = 1/12.
    let mummy = Defender {
        flammable: true,
        ..target(4, 3, None)
    };
    let hand = Weapon::HandWeapon;
    let torch = striker(4, hand, &[SpecialRule::Flaming]).close_combat(&mummy, ROUND_2);
    assert_close(p_wounds(&torch, 2), 0.25);
    assert_eq!(p_wounds(&torch, 1), 0.0);
    let d3 = striker(
        4,
        hand,
        &[SpecialRule::Flaming, SpecialRule::MultipleWoundsD3],
    );
    let d3 = d3.close_combat(&mummy, ROUND_2);
    for n in [2, 4, 6] {
        assert_close(p_wounds(&d3, n), 1.0 / 12.0);
    }
    // Not flaming: one wound each.
    let sword = striker(4, hand, &[]).close_combat(&mummy, ROUND_2);
    assert_close(p_wounds(&sword, 1), 0.25);
}

#[test]
fn a_slayers_strength_rises_to_his_foes_toughness_up_to_six() {
    // RULES.md Special attacks and psychology, the book's example: a
    // Slayer with a great axe (S3 + 2 = S5) against a Dragon (T6, 3+
    // scales). WS4 against WS4: 4+ to hit. As S6: 4+ to wound, the save
    // 3+ at -3 is 6+: 1/2 x 1/2 x 5/6 = 5/24. Without the rule, S5: 5+ to
    // wound, 5+ to save: 1/2 x 1/3 x 2/3 = 1/9.
    let dragon = target(6, 6, Some(3));
    let great = Weapon::GreatWeapon;
    let slayer = striker(3, great, &[SpecialRule::Slayer]);
    assert_close(unsaved(&slayer.close_combat(&dragon, ROUND_2)), 5.0 / 24.0);
    let dwarf = striker(3, great, &[]);
    assert_close(unsaved(&dwarf.close_combat(&dragon, ROUND_2)), 1.0 / 9.0);
    // A weedy goblin (T3): his own S5, 2+ to wound (5/6), no save: 5/12.
    let goblin = target(3, 1, None);
    assert_close(unsaved(&slayer.close_combat(&goblin, ROUND_2)), 5.0 / 12.0);
    // At most S6: S3 against T8 wounds on 6+ (T - S = 2): 1/2 x 1/6.
    let hand = Weapon::HandWeapon;
    let tough = target(8, 6, None);
    let bare = striker(3, hand, &[SpecialRule::Slayer]);
    assert_close(unsaved(&bare.close_combat(&tough, ROUND_2)), 1.0 / 12.0);
}

#[test]
fn predatory_fighters_strike_once_from_the_second_rank() {
    // RULES.md Weapons: Saurus (A2) with spears, 20 models five wide,
    // charged: the front rank strikes 5 x 2, the second rank once each, 5:
    // 15 attacks, not 20.
    let saurus = |rules: &str| {
        let text = unit(
            "defender",
            20,
            5,
            3,
            3,
            &format!("weapon = \"spear\"\n{rules}"),
        );
        text.replace("a = 1", "a = 2")
    };
    let charge = "charger = \"attacker\"\ndistance = 5\nrounds = 1";
    let attacks = |rules: &str, kills: Vec<u32>| {
        let c = combat(&unit("attacker", 10, 5, 3, 3, ""), &saurus(rules), charge);
        let mut fate = Scripted {
            kills,
            ..Scripted::default()
        };
        c.fight(&mut fate);
        fate.strikes[1].2
    };
    let predatory = "rules = [\"predatory-fighters\"]";
    assert_eq!(attacks(predatory, vec![0]), 15);
    assert_eq!(attacks("", vec![0]), 20);
    // Three of the front rank slain strike not: 2 x 2 + 5 x 1 = 9.
    assert_eq!(attacks(predatory, vec![3]), 9);
    // Seven slain: the front rank's five and two of the second: 3 x 1.
    assert_eq!(attacks(predatory, vec![7]), 3);
}

/// A fight's first round: 5 charging swordsmen (WS4 S4 A1, `rules`) at 5
/// Ghosts (WS4 S3 T4, Ethereal), both five wide, written under the tests'
/// temporary folder as `name`.
fn ghost_fight(name: &str, rules: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("magic");
    std::fs::create_dir_all(&dir).unwrap();
    let side = |side: &str, s: u8, rules: &str| {
        format!(
            "[{side}]\nname = \"{side}\"\nmodels = 5\nfrontage = 5\nrules = [{rules}]\n\
             [{side}.profile]\nm = 10\nws = 4\nbs = 3\ns = {s}\nt = 4\nw = 1\ni = 3\na = 1\nld = 8\n"
        )
    };
    let text = format!(
        "name = \"ghosts\"\n{}\n{}\n[situation]\ncharger = \"attacker\"\ndistance = 5\nrounds = 1\n",
        side("attacker", 4, rules),
        side("defender", 3, "\"ethereal\""),
    );
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_fight_with_ghosts_counts_only_magical_blows() {
    use crate::common::run::{engines_agree, json};
    // Mundane blows wound no Ghost; the Ghosts' 5 blows (S3 at T4: 1/2 x
    // 1/3) slay 5/6 of a swordsman on average.
    let mean = |r: &serde_json::Value, key: &str| r[key].as_f64().unwrap();
    let file = ghost_fight("mundane.toml", "");
    let r = json(&["combat", &file, "--method", "exact"]);
    assert_eq!(mean(&r, "mean_defender_casualties"), 0.0);
    assert!((mean(&r, "mean_attacker_casualties") - 5.0 / 6.0).abs() < 1e-12);
    // Magical blows strike first: 5 x 1/4 = 1.25 Ghosts slain; the rest
    // strike back, (5 - 1.25) / 6 = 0.625 swordsmen.
    let file = ghost_fight("magical.toml", "\"magical-attacks\"");
    let r = json(&["combat", &file, "--method", "exact"]);
    assert!((mean(&r, "mean_defender_casualties") - 1.25).abs() < 1e-12);
    assert!((mean(&r, "mean_attacker_casualties") - 0.625).abs() < 1e-12);
    let all = ["--method", "all", "--trials", "40000", "--seed", "47"];
    let r = json(&[&["combat", file.as_str()][..], &all[..]].concat());
    let keys = ["p_attacker_wins", "p_defender_wins", "p_defender_breaks"];
    engines_agree(&r, &keys, "magical blows at ghosts");
}

#[test]
fn attacks_at_a_target_file_play_its_ethereal_and_flammable_rules() {
    use crate::common::run::json;
    // RULES.md Magical attacks and Ethereal: 4 attacks WS4 S4 at a WS4
    // T4 ghost: mundane, none wounds; magical, 4 x 1/4 = 1 on average.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("magic");
    std::fs::create_dir_all(&dir).unwrap();
    let target = |name: &str, rules: &str, w: u8| {
        let path = dir.join(name);
        let text = format!(
            "name = \"{name}\"\nrules = [{rules}]\n[profile]\n\
             m = 10\nws = 4\nbs = 0\ns = 3\nt = 4\nw = {w}\ni = 3\na = 1\nld = 4\n"
        );
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let ghost = target("ghost.toml", "\"ethereal\"", 1);
    let attacks = |target: &str, rules: &str| {
        let mut args = vec!["attacks", "--models", "4", "--attacks", "1", "--ws", "4"];
        args.extend(["--s", "4", "--target", target, "--method", "exact"]);
        if !rules.is_empty() {
            args.extend(["--rules", rules]);
        }
        json(&args)
    };
    let figure = |r: &serde_json::Value, key: &str| r[key].as_f64().unwrap();
    assert_eq!(figure(&attacks(&ghost, ""), "mean_wounds"), 0.0);
    let magical = attacks(&ghost, "magical-attacks");
    assert!((figure(&magical, "mean_wounds") - 1.0).abs() < 1e-12);
    // RULES.md Special attacks and psychology: a Flammable mummy (W2):
    // each flaming blow's unsaved wound counts two and slays it, 4 x 1/4
    // = 1 slain on average (a mundane blow slays one only with a second).
    let mummy = target("mummy.toml", "\"flammable\"", 2);
    let flaming = attacks(&mummy, "flaming");
    assert!((figure(&flaming, "mean_wounds") - 2.0).abs() < 1e-12);
    assert!((figure(&flaming, "mean_kills") - 1.0).abs() < 1e-12);
}

#[test]
fn a_roster_gives_magic_weapons_daemons_ghosts_and_saurus_their_rules() {
    use crate::common::roster::EMPIRE_SOLDIER;
    use crate::common::roster::{army_roster, cost, item, model, rule, sel, with};
    let unit = |name: &str, values: &str, models: u32, held: &[String]| {
        let m = sel("model", name, models, &[model(name, values)], held);
        with(sel("unit", name, 1, &[], &[m]), &cost(10 * models))
    };
    let rules = |army: &str, unit: String| {
        let r = army_roster(army, 100, &[unit]);
        r.units[0].played.as_ref().unwrap().rules.clone()
    };
    // A magic weapon makes its bearer's attacks magical; a mundane one not.
    let captain = unit("Captain", EMPIRE_SOLDIER, 1, &[item("Sword of Might")]);
    assert!(rules("The Empire", captain).contains(&SpecialRule::MagicalAttacks));
    let captain = unit("Captain", EMPIRE_SOLDIER, 1, &[item("Halberd")]);
    assert!(!rules("The Empire", captain).contains(&SpecialRule::MagicalAttacks));
    // Every daemon of the Hordes of Chaos: Daemonic attacks and the aura.
    let bloodletter = "4 5 0 4 3 1 4 1 8 - - 1 25x25";
    let daemons = rules(
        "Forces of Chaos",
        unit("Bloodletters", bloodletter, 10, &[]),
    );
    for r in [SpecialRule::MagicalAttacks, SpecialRule::DaemonicAura] {
        assert!(daemons.contains(&r), "{daemons:?}");
    }
    // The names a roster writes: Ethereal, Flammable, Slayer, Predatory
    // Fighters.
    let ghost = "6 2 0 3 4 3 1 3 4 - - 1 40x40";
    for (army, name, written, played) in [
        (
            "Vampire Counts",
            "Spirit Host",
            "Ethereal",
            SpecialRule::Ethereal,
        ),
        (
            "Tomb Kings",
            "Tomb King",
            "Flammable",
            SpecialRule::Flammable,
        ),
        (
            "Dwarfs (2001)",
            "Troll Slayers",
            "Slayer",
            SpecialRule::Slayer,
        ),
        (
            "Lizardmen",
            "Saurus Warriors",
            "Predatory Fighters",
            SpecialRule::PredatoryFighters,
        ),
    ] {
        let found = rules(army, rule(unit(name, ghost, 5, &[]), written));
        assert!(found.contains(&played), "{name}: {found:?}");
    }
}
