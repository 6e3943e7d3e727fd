//! The page's words (issue 40): a page answer's notes and error message
//! name no flag as typed (`--move`: on the page its field, “move”), in
//! English and Spanish, over bad input and idle flags of every tab; the
//! error's field stays the flag, and stderr the command line's line.

use serde_json::{json, Value};

const HALBERDIERS: &str = "scenarios/rosters/empire_500.ros:Halberdiers";
const BOYZ: &str = "scenarios/rosters/orcs_500.ros:2";

/// Bad input of every tab, and the field each error is placed by.
#[rustfmt::skip]
fn bad_inputs() -> Vec<(Vec<&'static str>, &'static str)> {
    vec![
        (vec!["charge", "--move", "0", "--distance", "5"], "--move"),
        (vec!["charge", "--distance", "5"], "--move"),
        (vec!["charge", "--move", "10"], "--distance"),
        (vec!["charge", "--move", "10", "--distance", "5", "--bogus"], "--bogus"),
        (vec!["charge", "--move", "10", "--distance", "5", "--reaction", "flee"], "--target-move"),
        (vec!["charge", "--move", "x", "--distance", "5"], "--move"),
        (vec!["charge", "--move", "10", "--distance", "5", "--reaction", "run"], "--reaction"),
        (vec!["charge", "--move", "10", "--distance", "5", "--method", "guess"], "--method"),
        (vec!["charge", "--move", "10", "--distance", "5", "--wheel", "25"], "--wheel"),
        (vec!["charge", "--move", "10", "--distance", "5", "--move", "12"], "--move"),
        (vec!["charge", "--move", "10", "--distance", "5", "--trials", "0"], "--trials"),
        (vec!["charge", "--move", "10", "--distance", "5", "--confidence", "2"], "--confidence"),
        (vec!["charge", "--move", "2", "--distance", "5", "--barding"], "--barding"),
        (vec!["charge", "--move", "10", "--distance", "5", "extra"], ""),
        (vec!["flee", "--move", "0"], "--move"),
        (vec!["flee", "--move", "10", "--pursuer-flies"], "--pursuer-move"),
        (vec!["leadership", "--ld", "11"], "--ld"),
        (vec!["attacks", "--s", "3", "--target-ws", "3", "--target-t", "3"], "--ws"),
        (vec!["shoot", "--models", "10", "--s", "3", "--target-ws", "3", "--target-t", "3"], "--bs"),
        (vec!["sweep", "scenarios/boar_boyz_charge_spearmen.toml", "--vary", "attacker.models=20, 25", "--method", "all"], "--method"),
        (vec!["charj"], ""),
        (vec!["leadership"], "--ld"),
        (vec!["attacks", "--models", "-1", "--ws", "3", "--s", "3", "--target-ws", "3", "--target-t", "3"], "--models"),
        (vec!["attacks", "--ws", "3", "--s", "3", "--target-ws", "3", "--target-t", "3", "--rules", "fear"], "--rules"),
        (vec!["attacks", "--ws", "3", "--s", "3", "--target-ws", "3", "--target-t", "3", "--charging", "--round", "2"], "--charging"),
        (vec!["attacks", "--attacker", "nowhere.toml", "--target-ws", "3", "--target-t", "3"], "--attacker"),
        (vec!["shoot", "--models", "10", "--bs", "3", "--s", "3", "--target", "scenarios/profiles/orc_boy.toml", "--target-ld", "7"], "--target-ld"),
        (vec!["shoot", "--models", "10", "--bs", "0", "--s", "3", "--target-ws", "3", "--target-t", "3"], "--bs"),
        (vec!["combat"], ""),
        (vec!["combat", "scenarios/boar_boyz_charge_spearmen.toml", "--attacker", HALBERDIERS], "--defender"),
        (vec!["combat", "scenarios/boar_boyz_charge_spearmen.toml", "--set", "attacker.points=-5"], "--set"),
        (vec!["combat", "scenarios/boar_boyz_charge_spearmen.toml", "--set", "nonsense"], "--set"),
        (vec!["combat", "--attacker", HALBERDIERS, "--defender", BOYZ, "--attacker-models", "0"], "--attacker-models"),
        (vec!["combat", "--attacker", HALBERDIERS], "--defender"),
        (vec!["combat", "--attacker", "scenarios/rosters/empire_500.ros:Nobody", "--defender", BOYZ], "--attacker"),
        (vec!["panic"], "--fleeing-us"),
        (vec!["panic", "--unit-strength", "15", "--ld", "7"], "--fleeing-us"),
        (vec!["sweep", "scenarios/boar_boyz_charge_spearmen.toml", "--vary", "attacker.models=1..1e30"], "--vary"),
        (vec!["sweep", "scenarios/boar_boyz_charge_spearmen.toml", "--vary", "attacker.models=1, 2", "--vary", "attacker.models=3"], "--vary"),
        (vec!["sweep", "scenarios/boar_boyz_charge_spearmen.toml"], "--vary"),
        (vec!["compare", "--attacker", HALBERDIERS, "--defender", BOYZ], "--variant"),
        (vec!["compare", "scenarios/boar_boyz_charge_spearmen.toml", "--variant", "attacker.models=25"], ""),
        (vec!["matchup", "scenarios/rosters/orcs_500.ros"], ""),
        (vec!["matchup", "scenarios/rosters/orcs_500.ros", "scenarios/rosters/empire_500.ros", "--distance", "-3"], "--distance"),
    ]
}

/// What the page gets for `args` under `--lang lang`.
fn page(args: &[&str], lang: &str) -> Value {
    let mut words: Vec<&str> = args.to_vec();
    words.extend(["--lang", lang]);
    let request = json!({ "args": words });
    serde_json::from_str(&mathhammer::web::answer(&request.to_string())).unwrap()
}

/// The field of an error the page places: the flag (`--method exact`
/// for its engine), or none for a word no flag takes or an argument.
fn placed_by(field: &str, expected: &str) -> bool {
    field == expected || field.starts_with(&format!("{expected} "))
}

#[test]
fn a_page_error_names_no_flag_as_typed_and_keeps_its_field() {
    let mut wrong = Vec::new();
    for (args, field) in bad_inputs() {
        // No English left under Spanish: the two messages differ.
        let [en, es] = ["en", "es"].map(|lang| page(&args, lang)["error"]["message"].clone());
        if en == es {
            wrong.push(format!("{args:?}: the same in English and Spanish: {en}"));
        }
        for lang in ["en", "es"] {
            let v = page(&args, lang);
            let message = v["error"]["message"].as_str().unwrap_or_default();
            let got = v["error"]["field"].as_str().unwrap_or_default();
            let stderr = v["stderr"].as_str().unwrap_or_default();
            if v["code"] != 2
                || message.is_empty()
                || message.contains("--")
                || message.contains("monte-carlo")
                || !placed_by(got, field)
                || !stderr.starts_with("error: ")
            {
                wrong.push(format!(
                    "{args:?} {lang}: field {got:?}, {message:?}; {stderr:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_query_files_error_names_its_keys() {
    let file = "query = \"charge\"\nmove = 10\ndistance = 5\nreaction = \"flee\"\n";
    for lang in ["en", "es"] {
        let request = json!({
            "args": ["sweep", "typed.toml", "--vary", "distance=5,6", "--lang", lang],
            "files": {"typed.toml": file},
        });
        let v: Value =
            serde_json::from_str(&mathhammer::web::answer(&request.to_string())).unwrap();
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains("reaction flee"), "{v}");
        assert!(!message.contains("--") && !message.contains('“'), "{v}");
        assert!(
            v["error"]["field"]
                .as_str()
                .unwrap()
                .starts_with("typed.toml"),
            "{v}"
        );
    }
}

#[test]
fn the_command_lines_words_stay_on_stderr() {
    let v = page(&["charge", "--distance", "5"], "en");
    assert_eq!(v["error"]["message"], "missing: “move” (required)");
    assert_eq!(
        v["stderr"],
        "error: the following required arguments were not provided: --move <M>\n"
    );
    let v = page(&["charge", "--distance", "5"], "es");
    assert_eq!(v["error"]["message"], "falta: «movimiento» (obligatorio)");
    assert_eq!(
        v["stderr"],
        "error: faltan estos argumentos obligatorios: --move <M>\n"
    );
    let v = page(&["panic", "--unit-strength", "15", "--ld", "7"], "es");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("«potencia de unidades en huida»"),
        "{message}"
    );
}

/// Flags that do nothing, and auto's choice: notes on every tab.
#[rustfmt::skip]
fn noted() -> Vec<Vec<&'static str>> {
    vec![
        vec!["charge", "--move", "10", "--distance", "12", "--target-move", "8"],
        vec!["charge", "--move", "10", "--distance", "12", "--method", "exact", "--trials", "1000", "--seed", "3"],
        vec!["flee", "--move", "10", "--method", "exact", "--seed", "3"],
        vec!["leadership", "--ld", "7", "--method", "exact", "--trials", "1000"],
        vec!["attacks", "--ws", "3", "--s", "3", "--target-ws", "3", "--target-t", "3", "--method", "exact", "--trials", "1000"],
        vec!["shoot", "--models", "10", "--bs", "3", "--s", "3", "--target-ws", "3", "--target-t", "3", "--method", "exact", "--seed", "1"],
        vec!["combat", "scenarios/boar_boyz_charge_spearmen.toml"],
        vec!["combat", "scenarios/boar_boyz_charge_spearmen.toml", "--method", "exact", "--sampler", "whole-rounds"],
        vec!["combat", "scenarios/boar_boyz_charge_spearmen.toml", "--method", "exact", "--trials", "1000"],
        vec!["panic", "--unit-strength", "15", "--ld", "7", "--fleeing-us", "10", "--method", "exact", "--trials", "1000"],
        vec!["sweep", "scenarios/boar_boyz_charge_spearmen.toml", "--vary", "attacker.models=20, 25", "--set", "situation.rounds=1"],
        vec!["matchup", "scenarios/rosters/orcs_500.ros", "scenarios/rosters/empire_500.ros", "--wide", "--json", "--quiet", "--method", "exact"],
    ]
}

#[test]
fn a_page_note_names_no_flag_as_typed_nor_a_method_by_its_value() {
    let mut wrong = Vec::new();
    let mut seen = 0;
    for args in noted() {
        let [en, es] = ["en", "es"].map(|lang| page(&args, lang)["notes"].clone());
        if en == es {
            wrong.push(format!("{args:?}: the same in English and Spanish: {en}"));
        }
        for lang in ["en", "es"] {
            let v = page(&args, lang);
            let notes: Vec<&str> = v["notes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap())
                .collect();
            let stderr = v["stderr"].as_str().unwrap_or_default();
            // One note for each line of stderr, which keeps the command
            // line's words.
            if v["code"] != 0 || notes.is_empty() || notes.len() != stderr.lines().count() {
                wrong.push(format!("{args:?} {lang}: {v}"));
            }
            for note in &notes {
                seen += 1;
                if note.contains("--") || note.contains("monte-carlo") || note.starts_with("not") {
                    wrong.push(format!("{args:?} {lang}: {note:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(seen >= 24, "{seen} notes");
    let v = page(&noted()[6], "es");
    assert_eq!(v["stderr"].as_str().unwrap().lines().count(), 1);
    let note = v["notes"][0].as_str().unwrap();
    assert!(note.starts_with("calculado con exactitud"), "{note}");
}

#[test]
fn the_forms_help_names_fields_not_flags() {
    let forms: Value = serde_json::from_str(&mathhammer::web::forms()).unwrap();
    let mut helps = Vec::new();
    for form in forms.as_array().unwrap() {
        for field in form["fields"].as_array().unwrap() {
            for lang in ["en", "es"] {
                helps.push(field["help"][lang].as_str().unwrap().to_string());
            }
        }
    }
    let flagged: Vec<&String> = helps.iter().filter(|h| h.contains("--")).collect();
    assert!(flagged.is_empty(), "{flagged:#?}");
    assert!(helps.iter().any(|h| h.contains("“attacker”")));
    assert!(helps
        .iter()
        .any(|h| h.contains("«miniaturas del atacante»")));
}

#[test]
fn the_methods_have_words_in_both_languages() {
    let words: Value = serde_json::from_str(&mathhammer::web::page_words()).unwrap();
    let methods = words["methods"].as_array().unwrap();
    let values: Vec<&str> = methods
        .iter()
        .map(|m| m["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["exact", "auto", "monte-carlo", "dice", "all"]);
    assert_eq!(methods[2]["label"]["en"], "Monte Carlo");
    assert_eq!(methods[3]["label"]["en"], "dice by dice");
    assert_eq!(methods[3]["label"]["es"], "dado a dado");
    assert_eq!(methods[0]["label"]["es"], "exacto");
}

#[test]
fn the_pages_report_names_methods_in_words() {
    let args = [
        "leadership",
        "--ld",
        "7",
        "--method",
        "all",
        "--trials",
        "1000",
        "--html",
    ];
    let v = page(&args, "en");
    let html = v["stdout"].as_str().unwrap();
    assert!(
        html.contains("Monte Carlo") && html.contains("dice by dice"),
        "{html}"
    );
    assert!(!html.contains("monte-carlo"), "{html}");
    let v = page(&args, "es");
    assert!(v["stdout"].as_str().unwrap().contains("dado a dado"));
    // The table keeps the command line's names.
    let v = page(&args[..7], "en");
    assert!(v["stdout"].as_str().unwrap().contains("monte-carlo"));
}

#[test]
fn a_battle_line_of_flags_is_named_in_the_language_asked() {
    let args = [
        "panic",
        "--unit-strength",
        "15",
        "--ld",
        "7",
        "--fleeing-us",
        "10",
        "--html",
    ];
    let html = page(&args, "es")["stdout"].as_str().unwrap().to_string();
    assert!(
        html.contains("Línea de batalla: una unidad con unidades amigas en huida a 10 cm o menos"),
        "{html}"
    );
    assert!(html.contains("P(en huida 1 ha huido al final)"), "{html}");
    assert!(
        !html.contains("fleeing 1") && !html.contains("a unit with"),
        "{html}"
    );
    let html = page(&args, "en")["stdout"].as_str().unwrap().to_string();
    assert!(html.contains("P(fleeing 1 has fled by the end)"), "{html}");
}
