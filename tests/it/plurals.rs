//! Titles agree with their counts in English and Spanish (issue 40): one
//! model charges ("1 Orc Big Boss charges", "carga"), many charge; one
//! point, one variant, one attacker.

const BOSS: &str = "scenarios/rosters/orcs_500.ros:1";
const BOYZ: &str = "scenarios/rosters/orcs_500.ros:2";
const HALBERDIERS: &str = "scenarios/rosters/empire_500.ros:Halberdiers";

/// The first line `args` print, in `lang`.
fn title(args: &[&str], lang: &str) -> String {
    let words = [&["mathhammer"][..], args, &["--lang", lang]].concat();
    let done = mathhammer::app::run_args(words);
    assert_eq!(done.code, 0, "{args:?}: {}", done.stderr);
    done.stdout.lines().next().unwrap_or_default().to_string()
}

#[test]
fn a_combat_title_agrees_with_its_charging_unit() {
    let fight = |attacker, charger| {
        let args = [
            "combat",
            "--attacker",
            attacker,
            "--defender",
            HALBERDIERS,
            "--charger",
            charger,
            "--set",
            "situation.rounds=1",
        ];
        [title(&args, "en"), title(&args, "es")]
    };
    assert_eq!(
        fight(BOSS, "attacker"),
        [
            "Combat: 1 Orc Big Boss charges 20 Halberdiers with Captain of the Empire",
            "Combate: 1 Orc Big Boss carga contra 20 Halberdiers con Captain of the Empire"
        ]
    );
    assert_eq!(
        fight(BOYZ, "attacker"),
        [
            "Combat: 20 Orc Boyz with Orc Big Boss charge 20 Halberdiers with Captain of the Empire",
            "Combate: 20 Orc Boyz con Orc Big Boss cargan contra 20 Halberdiers con Captain of the Empire"
        ]
    );
    assert_eq!(
        fight(BOSS, "none"),
        [
            "Combat: 1 Orc Big Boss fights 20 Halberdiers with Captain of the Empire",
            "Combate: 1 Orc Big Boss lucha contra 20 Halberdiers con Captain of the Empire"
        ]
    );
    assert_eq!(
        fight(BOYZ, "none"),
        [
            "Combat: 20 Orc Boyz with Orc Big Boss fight 20 Halberdiers with Captain of the Empire",
            "Combate: 20 Orc Boyz con Orc Big Boss luchan contra 20 Halberdiers con Captain of the Empire"
        ]
    );
    // A model leading his unit makes it many.
    let led = [
        "combat",
        "--attacker",
        "scenarios/rosters/orcs_500.ros:Orc Boyz:1",
        "--attacker-character",
        BOSS,
        "--defender",
        HALBERDIERS,
        "--set",
        "situation.rounds=1",
    ];
    assert!(
        title(&led, "en").contains(" charge 20 "),
        "{}",
        title(&led, "en")
    );
}

#[test]
fn a_sweep_of_one_point_says_one_point() {
    let sweep = |values| {
        let args = [
            "sweep",
            "--attacker",
            BOYZ,
            "--defender",
            HALBERDIERS,
            "--vary",
            values,
            "--set",
            "situation.rounds=1",
            "--method",
            "exact",
        ];
        [title(&args, "en"), title(&args, "es")]
    };
    let [en, es] = sweep("attacker.models=20");
    assert!(en.ends_with("(combat): 1 point"), "{en}");
    assert!(es.ends_with("(combate): 1 punto"), "{es}");
    let [en, es] = sweep("attacker.models=20,25");
    assert!(en.ends_with(": 2 points, the same seed for each"), "{en}");
    assert!(
        es.ends_with(": 2 puntos, la misma semilla en cada uno"),
        "{es}"
    );
}

#[test]
fn a_comparison_with_one_variant_says_one_variant() {
    let compare = |variants: &[&str]| {
        let mut args = vec![
            "compare",
            "--attacker",
            BOYZ,
            "--defender",
            HALBERDIERS,
            "--set",
            "situation.rounds=1",
            "--method",
            "exact",
        ];
        for v in variants {
            args.extend(["--variant", v]);
        }
        [title(&args, "en"), title(&args, "es")]
    };
    let [en, es] = compare(&["attacker.models=25"]);
    assert!(
        en.ends_with("and 1 variant, the same seed for both"),
        "{en}"
    );
    assert!(
        es.ends_with("y 1 variante, la misma semilla para ambos"),
        "{es}"
    );
    let [en, es] = compare(&["attacker.models=25", "attacker.models=30"]);
    assert!(
        en.ends_with("and 2 variants, the same seed for each"),
        "{en}"
    );
    assert!(
        es.ends_with("y 2 variantes, la misma semilla para cada una"),
        "{es}"
    );
}

#[test]
fn one_attacker_is_the_attacker_and_one_shot_a_shot() {
    let target = ["--target-ws", "3", "--target-t", "3", "--s", "3"];
    let attacks = |models| {
        let args = [&["attacks", "--ws", "3", "--models", models][..], &target].concat();
        [title(&args, "en"), title(&args, "es")]
    };
    assert_eq!(attacks("1")[0], "Attacks: 1 x the attacker (WS3 S3, hand weapon) at the target (T3 W1, infantry, no save); round 1");
    assert!(
        attacks("1")[1].contains("1 x el atacante ("),
        "{:?}",
        attacks("1")
    );
    assert!(attacks("10")[0].contains("10 x the attackers ("));
    assert!(attacks("10")[1].contains("10 x los atacantes ("));
    let shoot = |shots| {
        let args = [
            &["shoot", "--bs", "3", "--models", "1", "--shots", shots][..],
            &target,
        ]
        .concat();
        [title(&args, "en"), title(&args, "es")]
    };
    assert!(
        shoot("1")[0].contains("1 x the attacker (1 shot each"),
        "{:?}",
        shoot("1")
    );
    assert!(
        shoot("2")[1].contains("(2 disparos cada uno"),
        "{:?}",
        shoot("2")
    );
}

#[test]
fn a_headline_words_a_units_name_as_a_name() {
    let headline = |lang| {
        let args = [
            "combat",
            "--attacker",
            BOSS,
            "--defender",
            HALBERDIERS,
            "--set",
            "situation.rounds=1",
            "--html",
        ];
        let words = [&["mathhammer"][..], &args, &["--lang", lang]].concat();
        let html = mathhammer::app::run_args(words).stdout;
        let start = html.find("<dl class=\"headline\">").unwrap();
        html[start..html.find("</dl>").unwrap()].to_string()
    };
    // A unit of many models named as many agrees with its name
    // ("Halberdiers win"); a lone model with his ("Orc Big Boss breaks").
    let en = headline("en");
    for label in [
        "P(Halberdiers win)",
        "P(Orc Big Boss breaks)",
        "mean casualties of Halberdiers",
    ] {
        assert!(en.contains(&format!("<dt>{label}")), "{label}: {en}");
    }
    // A name takes no article: "de Halberdiers", not "del".
    let es = headline("es");
    for label in [
        "P(Halberdiers ganan)",
        "P(Orc Big Boss se desmoraliza)",
        "bajas medias de Halberdiers",
    ] {
        assert!(es.contains(&format!("<dt>{label}")), "{label}: {es}");
    }
}

/// `--method auto`'s note says what was worked out in a player's words,
/// no count of the chain's states.
#[test]
fn the_exact_engines_note_says_every_way_the_fight_can_go() {
    let note = |lang| {
        let args = [
            "mathhammer",
            "combat",
            "--attacker",
            BOYZ,
            "--defender",
            HALBERDIERS,
            "--set",
            "situation.rounds=1",
            "--lang",
            lang,
        ];
        mathhammer::app::run_args(args).notes.join("\n")
    };
    assert_eq!(note("en"), "worked out exactly: every way the fight can go");
    assert_eq!(
        note("es"),
        "calculado con exactitud: todas las maneras en que puede acabar el combate"
    );
}
