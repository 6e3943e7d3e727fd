//! The page's forms, from the command line's own definitions: each query
//! the page asks (a tab), its fields the subcommand's flags and arguments
//! with their help, accepted values and defaults, and every word of them in
//! English and Spanish (`words/spanish_forms.rs`). The page builds its
//! tabs and fields from this and writes none of them itself.
//!
//! # Example
//! ```
//! let forms: serde_json::Value = serde_json::from_str(&mathhammer::web::forms()).unwrap();
//! let charge = &forms[0];
//! assert_eq!(charge["query"], "charge");
//! assert_eq!(charge["title"]["es"], "Carga");
//! assert_eq!(charge["fields"][0]["flag"], "--move");
//! assert_eq!(charge["fields"][0]["label"]["es"], "movimiento");
//! ```

use crate::words::lang::Lang;
use crate::words::page::named;
use serde::Serialize;

/// The page's queries, a tab each, in the tabs' order.
const QUERIES: [&str; 10] = [
    "charge",
    "flee",
    "leadership",
    "attacks",
    "shoot",
    "combat",
    "panic",
    "sweep",
    "compare",
    "matchup",
];

/// Flags the page sets itself (its engine and output controls, the
/// overrides of its scenario editor and the scenario a picked fight makes
/// for it), left out of the forms.
const PAGE_FLAGS: [&str; 15] = [
    "set",
    "html",
    "method",
    "trials",
    "seed",
    "threads",
    "precision",
    "max-trials",
    "sampler",
    "json",
    "csv",
    "quiet",
    "lang",
    "plot",
    "write-scenario",
];

/// Flags a player rarely changes (the page folds them under "more
/// options", beside its engine's method, trials and seed): the charge's
/// wheel, reach table and confidence, barding and flyers, the imperial
/// edition, the rulings,
/// a matchup's whole names, and the gear and command group a picked unit
/// takes from its roster or profile.
const MORE_OPTIONS: [&str; 23] = [
    "join",
    "wheel",
    "barding",
    "target-flies",
    "flies",
    "pursuer-flies",
    "reach-table",
    "confidence",
    "inches",
    "insane-courage",
    "fleeing-friends-equal-panics",
    "ground",
    "wide",
    "attacker-frontage",
    "attacker-weapon",
    "attacker-armour",
    "attacker-shield",
    "attacker-command",
    "defender-frontage",
    "defender-weapon",
    "defender-armour",
    "defender-shield",
    "defender-command",
];

/// Each query's first values on the page, so that a tab opens on a
/// question it can answer: Boar Boyz (M 18 cm) charging 20 cm at a unit
/// of M 10 that flees; a pursuit of it; Ld 7; ten Orc Boyz fighting, and
/// ten shooting with BS 3 and S 4, at Empire Spearmen; the rulebook's
/// twenty Orc Boyz charging twenty Empire Spearmen; a unit beside a
/// fleeing friend of unit strength 10; the first file's fight with 15
/// attackers and with 25. The files are their menus' first.
const EXAMPLES: [(&str, &[(&str, &str)]); 8] = [
    (
        "charge",
        &[
            ("--move", "18"),
            ("--distance", "20"),
            ("--reaction", "flee"),
            ("--target-move", "10"),
        ],
    ),
    ("flee", &[("--move", "10"), ("--pursuer-move", "18")]),
    ("leadership", &[("--ld", "7")]),
    (
        "attacks",
        &[
            ("--attacker", "scenarios/profiles/orc_boy.toml"),
            ("--models", "10"),
            ("--target", "scenarios/profiles/empire_spearman.toml"),
        ],
    ),
    (
        "shoot",
        &[
            ("--models", "10"),
            ("--bs", "3"),
            ("--s", "4"),
            ("--target", "scenarios/profiles/empire_spearman.toml"),
        ],
    ),
    (
        "combat",
        &[
            ("--attacker", "scenarios/profiles/orc_boy.toml"),
            ("--attacker-models", "20"),
            ("--defender", "scenarios/profiles/empire_spearman.toml"),
            ("--defender-models", "20"),
        ],
    ),
    ("panic", &[("--fleeing-us", "10")]),
    ("sweep", &[("--vary", "attacker.models=15,25")]),
];

/// A word of the page in both its languages.
#[derive(Debug, Serialize)]
struct Words {
    en: String,
    es: String,
}

impl Words {
    /// `en` and its Spanish from the forms' table (English where it has
    /// none: a unit test names any such word).
    fn of(en: impl Into<String>) -> Words {
        let en = en.into();
        let es = Lang::Es.form_words(&en).unwrap_or(&en).to_string();
        Words { en, es }
    }

    /// These words with each flag in them named as its field (help that
    /// says `--attacker`, on the page “attacker”).
    fn named(self) -> Words {
        Words {
            en: named(&self.en, Lang::En).into_owned(),
            es: named(&self.es, Lang::Es).into_owned(),
        }
    }
}

/// One query's tab and form.
#[derive(Debug, Serialize)]
struct Form {
    query: &'static str,
    title: Words,
    fields: Vec<Field>,
}

/// One flag or argument of a subcommand, for a form field.
#[derive(Debug, Serialize)]
struct Field {
    /// `--move`; an argument's name (`file`) when it has no flag.
    flag: String,
    /// An argument given by its place, without a flag.
    positional: bool,
    label: Words,
    help: Words,
    /// Whether it takes a value (else it is a switch).
    value: bool,
    /// What its value stands for (`FILE`, `M`, `UNIT`, ...).
    value_name: Option<String>,
    /// Its accepted values, where they are a list.
    choices: Vec<Choice>,
    default: Option<String>,
    /// Several values, comma-separated.
    list: bool,
    /// Several values, each its own word (compare's files).
    several: bool,
    required: bool,
    /// The shipped files it may name, for an argument that is a file.
    files: Vec<&'static str>,
    /// Rarely changed: folded under "more options".
    more: bool,
    /// Its value in the tab's first question (`EXAMPLES`), if it has one.
    example: Option<&'static str>,
}

/// An accepted value and how the page shows it.
#[derive(Debug, Serialize)]
struct Choice {
    value: String,
    label: Words,
}

/// Each of the page's queries as a tab and its form, from the command
/// line's own definitions (JSON: `[{"query": "charge", "title": {"en":
/// ..., "es": ...}, "fields": [field, ...]}, ...]`), so the page's forms
/// are the CLI's flags, with their help and accepted values (combat's: a
/// fight of two units picked, `--attacker` and `--defender`).
pub fn forms() -> String {
    let cli = crate::cli::Cli::command_line();
    let forms: Vec<Form> = QUERIES
        .iter()
        .filter_map(|&query| {
            let command = cli.find_subcommand(query)?;
            let fields = command
                .get_arguments()
                .filter(|a| {
                    a.get_long()
                        .map_or(a.is_positional(), |l| !PAGE_FLAGS.contains(&l))
                })
                .filter(|a| a.get_long() != Some("help"))
                // The page's sweep and comparison are HTML, not the
                // 80-column table that --wide widens.
                .filter(|a| !(query != "matchup" && a.get_long() == Some("wide")))
                // The page sends combat's scenario file from its own editor.
                .filter(|a| !(query == "combat" && a.is_positional()))
                .map(|a| field(query, a))
                .collect();
            Some(Form {
                query,
                title: Words::of(capitalised(query)),
                fields,
            })
        })
        .collect();
    serde_json::to_string(&forms).unwrap_or_default()
}

/// `words` with a capital first letter: a tab's title is its query's
/// name so (`Flee`, where a reaction's choice is `flee`: their Spanish
/// differ).
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn field(query: &str, a: &clap::Arg) -> Field {
    let help = a.get_help().map(|h| h.to_string()).unwrap_or_default();
    let value_name = a
        .get_value_names()
        .and_then(|v| v.first())
        .map(|n| n.to_string());
    let (flag, label) = match a.get_long() {
        Some(long) => (format!("--{long}"), long.replace('-', " ")),
        None => (a.get_id().to_string(), argument_label(query, a)),
    };
    let example = example(query, &flag);
    Field {
        flag,
        positional: a.is_positional(),
        label: Words::of(label),
        help: Words::of(unsaid_file(help.lines().next().unwrap_or_default())).named(),
        value: a.get_action().takes_values(),
        value_name,
        choices: a
            .get_possible_values()
            .iter()
            .filter(|v| a.get_action().takes_values() && accepted(a, v))
            .map(|v| Choice {
                value: v.get_name().to_string(),
                label: Words::of(v.get_name().replace('-', " ")),
            })
            .collect(),
        default: a
            .get_default_values()
            .first()
            .map(|d| d.to_string_lossy().into_owned()),
        list: a.get_value_delimiter().is_some(),
        several: a.get_num_args().is_some_and(|n| n.max_values() > 1),
        // Sweep's and compare's files may be left out for units picked
        // by flags, but the page starts them on shipped files as before.
        required: a.is_required_set()
            || (a.is_positional() && matches!(query, "sweep" | "compare")),
        files: match a.is_positional() {
            true => shipped_files(query),
            false => Vec::new(),
        },
        more: a.get_long().is_some_and(|l| MORE_OPTIONS.contains(&l)),
        example,
    }
}

/// Whether flag `a` takes `value`, as the page offers it: the values its
/// help does not hide, but for `shoot --target-rules` the rules that
/// change a panic test alone (its type, every special rule, lists more, and
/// hides the psychology rules it takes).
fn accepted(a: &clap::Arg, value: &clap::builder::PossibleValue) -> bool {
    match a.get_long() {
        Some("target-rules") => crate::cli::attacks::PANIC_RULES
            .iter()
            .any(|r| r.name() == value.get_name()),
        _ => !value.is_hide_set(),
    }
}

/// `flag`'s value in `query`'s first question, if it has one.
fn example(query: &str, flag: &str) -> Option<&'static str> {
    let (_, values) = EXAMPLES.iter().find(|(q, _)| *q == query)?;
    values.iter().find(|(f, _)| *f == flag).map(|(_, v)| *v)
}

/// A flag's help as the page's picked fight reads it: that fight has no
/// FILE, so "Without a FILE: " goes unsaid.
fn unsaid_file(help: &str) -> String {
    match help.strip_prefix("Without a FILE: ") {
        Some(rest) => capitalised(rest),
        None => help.to_string(),
    }
}

/// An argument without a flag, by what it is.
fn argument_label(query: &str, a: &clap::Arg) -> String {
    match (query, a.get_id().as_str()) {
        ("matchup", "a") => "list A".into(),
        ("matchup", "b") => "list B".into(),
        ("compare", _) => "files".into(),
        (_, id) => id.replace('_', " "),
    }
}

/// The shipped files a query's argument may name: rosters for a matchup,
/// battle lines for panic, query files and combat scenarios otherwise.
fn shipped_files(query: &str) -> Vec<&'static str> {
    let fits = |path: &str| match query {
        "matchup" => path.ends_with(".ros"),
        "panic" => path.starts_with("scenarios/lines/"),
        _ => {
            path.ends_with(".toml")
                && !path.starts_with("scenarios/profiles/")
                && !path.starts_with("scenarios/lines/")
        }
    };
    super::SHIPPED
        .iter()
        .map(|(path, _)| *path)
        .filter(|path| fits(path))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms_json() -> serde_json::Value {
        serde_json::from_str(&forms()).unwrap()
    }

    fn form(q: &str) -> serde_json::Value {
        forms_json()
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["query"] == q)
            .unwrap()
            .clone()
    }

    fn flags(q: &str) -> Vec<String> {
        form(q)["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["flag"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn forms_are_the_subcommands_flags() {
        let queries: Vec<_> = forms_json()
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["query"].clone())
            .collect();
        assert_eq!(queries, QUERIES);
        let charge = flags("charge");
        assert!(charge.contains(&"--move".into()) && charge.contains(&"--reach-table".into()));
        assert!(!charge.contains(&"--trials".into()) && !charge.contains(&"--help".into()));
        let reaction = &form("charge")["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["flag"] == "--reaction")
            .unwrap()
            .clone();
        let values: Vec<_> = reaction["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].clone())
            .collect();
        assert_eq!(values, ["hold", "flee"]);
        assert_eq!(reaction["choices"][1]["label"]["es"], "huir");
        assert!(flags("shoot").contains(&"--target".into()));
        assert_eq!(flags("combat"), PICKED);
        assert_eq!(
            flags("matchup"),
            [
                "a",
                "b",
                "--both",
                "--general-near",
                "--distance",
                "--reaction",
                "--facing",
                "--wide",
                "--join"
            ]
        );
        // A sweep or comparison of a file, or of units picked and tuned.
        let sweep: Vec<String> = flags("sweep");
        assert_eq!(sweep[..2], ["file", "--vary"]);
        assert_eq!(sweep[2..], PICKED);
        let compare: Vec<String> = flags("compare");
        assert_eq!(compare[..2], ["files", "--variant"]);
        assert_eq!(compare[2..], PICKED);
    }

    /// The flags that pick and tune a fight's units, in the forms' order.
    const PICKED: [&str; 25] = [
        "--attacker",
        "--attacker-models",
        "--attacker-frontage",
        "--attacker-weapon",
        "--attacker-armour",
        "--attacker-shield",
        "--attacker-command",
        "--attacker-option",
        "--attacker-character",
        "--defender",
        "--defender-models",
        "--defender-frontage",
        "--defender-weapon",
        "--defender-armour",
        "--defender-shield",
        "--defender-command",
        "--defender-option",
        "--defender-character",
        "--distance",
        "--reaction",
        "--charger",
        "--facing",
        "--ground",
        "--general-near",
        "--join",
    ];

    #[test]
    fn shootings_target_rules_offer_the_rules_that_change_a_panic_test() {
        let shoot = form("shoot");
        let rules = shoot["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["flag"] == "--target-rules")
            .unwrap();
        let mut values: Vec<_> = rules["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        values.sort_unstable();
        assert_eq!(
            values,
            [
                "cold-blooded",
                "frenzy",
                "immune-to-psychology",
                "unbreakable"
            ]
        );
    }

    #[test]
    fn arguments_list_the_shipped_files_they_may_name() {
        let files = |q: &str| form(q)["fields"][0]["files"].clone();
        assert_eq!(
            files("matchup"),
            serde_json::json!([
                "scenarios/rosters/empire_500.ros",
                "scenarios/rosters/orcs_500.ros"
            ])
        );
        assert!(files("panic")
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.as_str().unwrap().starts_with("scenarios/lines/")));
        assert_eq!(form("compare")["fields"][0]["several"], true);
        // Started on shipped files, though units picked need none.
        assert_eq!(form("compare")["fields"][0]["required"], true);
        assert_eq!(form("sweep")["fields"][0]["required"], true);
        assert!(files("sweep")
            .as_array()
            .unwrap()
            .contains(&"scenarios/queries/boar_boyz_charge.toml".into()));
    }

    #[test]
    fn each_tabs_example_is_its_own_flags_and_answers() {
        for (query, values) in EXAMPLES {
            let mut args = vec![query.to_string()];
            // A file the tab starts on (its menu's first), as the page sends it.
            let first = form(query)["fields"][0].clone();
            if first["positional"] == true && first["required"] == true {
                args.push(first["files"][0].as_str().unwrap().to_string());
            }
            for (flag, value) in values {
                assert!(flags(query).contains(&flag.to_string()), "{query} {flag}");
                args.extend([flag.to_string(), value.to_string()]);
            }
            let request = serde_json::json!({ "args": args });
            let v: serde_json::Value =
                serde_json::from_str(&super::super::answer(&request.to_string())).unwrap();
            assert_eq!(v["code"], 0, "{query}: {v}");
        }
        let every: Vec<String> = QUERIES.iter().flat_map(|q| flags(q)).collect();
        for flag in MORE_OPTIONS {
            assert!(every.contains(&format!("--{flag}")), "{flag}");
        }
        let charge = form("charge");
        let folded: Vec<_> = charge["fields"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["more"] == true)
            .map(|f| f["flag"].clone())
            .collect();
        assert_eq!(
            folded,
            [
                "--target-flies",
                "--barding",
                "--wheel",
                "--reach-table",
                "--confidence",
                "--inches"
            ]
        );
        assert_eq!(charge["fields"][0]["example"], "18");
    }

    /// Every word of every form, in English.
    fn every_word(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) if m.contains_key("en") => {
                out.push(m["en"].as_str().unwrap().to_string())
            }
            serde_json::Value::Object(m) => m.values().for_each(|v| every_word(v, out)),
            serde_json::Value::Array(a) => a.iter().for_each(|v| every_word(v, out)),
            _ => {}
        }
    }

    #[test]
    fn every_word_of_the_forms_has_its_spanish() {
        let mut words = Vec::new();
        every_word(&forms_json(), &mut words);
        // A help's flags are named as their fields on the page.
        let shown = |k: &str| named(k, Lang::En).into_owned();
        let missing: Vec<&String> = words
            .iter()
            .filter(|w| !Lang::form_keys().any(|k| shown(k) == **w))
            .collect();
        assert!(missing.is_empty(), "no Spanish for {missing:#?}");
        let unused: Vec<&str> = Lang::form_keys()
            .filter(|k| !words.iter().any(|w| *w == shown(k)))
            .collect();
        assert!(unused.is_empty(), "entries no form shows: {unused:?}");
    }
}
