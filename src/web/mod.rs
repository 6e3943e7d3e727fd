//! The web page's entry point: a command line, run in memory.
//!
//! **What it computes.** Whatever the same command line prints: the page
//! sends the words of a command (`["charge", "--move", "18", ...]`) and
//! the files it names that the user typed, and gets back its standard
//! output, standard error, exit code and the files it wrote (`--plot`'s
//! chart, as JSON: the page draws it). So every number on the page is the
//! number the CLI prints.
//!
//! **How.** [`answer`] runs [`crate::app::run_args`] inside
//! [`crate::files::in_memory`], with the shipped scenarios, profiles and
//! query files ([`SHIPPED`]) under their paths (`scenarios/...`) and the
//! request's files over them. In JSON:
//!
//! ```text
//! request:  {"args": ["combat", "my.toml", "--json"], "files": {"my.toml": "..."}}
//! response: {"code": 0, "stdout": "...", "stderr": "...", "error": null, "notes": [...], "files": {"chart.json": "{\"title\": ..."}}
//! error:    {"code": 2, ..., "error": {"field": "--move", "message": "0 is out of range (...)"}}
//! ```
//!
//! `stdout` and `stderr` are the command line's, word for word; `notes`
//! and the error's `message` are in the page's words (no flag as typed: a
//! flag is named as the form's field, “move”; methods in words), its
//! `field` the flag or file at fault, by which the page places it.
//!
//! On `wasm32` it is exported to JavaScript as `answer(request)`, through
//! wasm-bindgen.
//!
//! # Example
//! ```
//! let response = mathhammer::web::answer(
//!     r#"{"args": ["charge", "--move", "18", "--distance", "20", "--reaction", "flee", "--target-move", "10", "--json"]}"#,
//! );
//! let v: serde_json::Value = serde_json::from_str(&response).unwrap();
//! assert_eq!(v["code"], 0);
//! assert!(v["stdout"].as_str().unwrap().contains("\"p_contact\": 0.399691358024691"));
//! ```

mod forms;
mod rosters;

use crate::files::{in_memory, Files};
pub use forms::forms;
pub use rosters::{roster_army, roster_for_link, roster_text};
use serde::{Deserialize, Serialize};

macro_rules! shipped {
    ($($path:literal,)*) => {
        &[$(($path, include_str!(concat!("../../", $path)))),*]
    };
}

/// The shipped scenario, profile, query and roster files, by path; the
/// page lists them and a command may name them.
pub const SHIPPED: &[(&str, &str)] = shipped![
    "scenarios/big_boss_leads_boyz.toml",
    "scenarios/boar_boyz_charge_crossbowmen.toml",
    "scenarios/boar_boyz_charge_spearmen.toml",
    "scenarios/boar_boyz_redirect_at_halberdiers.toml",
    "scenarios/chariot_charges_spearmen.toml",
    "scenarios/command_groups_engaged.toml",
    "scenarios/knights_charge_halberdiers.toml",
    "scenarios/knights_flank_spearmen.toml",
    "scenarios/knights_hit_the_flank_of_engaged_orcs.toml",
    "scenarios/lines/cavalry_flee_past_spearmen.toml",
    "scenarios/lines/goblins_caught_fleeing_a_charge.toml",
    "scenarios/lines/spearmen_break_in_the_line.toml",
    "scenarios/ogres_charge_halberdiers.toml",
    "scenarios/orcs_charge_dwarf_great_weapons.toml",
    "scenarios/profiles/bretonnian_knight.toml",
    "scenarios/profiles/dwarf_warrior.toml",
    "scenarios/profiles/empire_halberdier.toml",
    "scenarios/profiles/empire_spearman.toml",
    "scenarios/profiles/high_elf_spearman.toml",
    "scenarios/profiles/ogre_bull.toml",
    "scenarios/profiles/orc_boar_boy.toml",
    "scenarios/profiles/orc_boar_chariot.toml",
    "scenarios/profiles/orc_boy.toml",
    "scenarios/queries/boar_boyz_charge.toml",
    "scenarios/queries/halberdiers_vs_orcs.toml",
    "scenarios/queries/spearmen_vs_orcs.toml",
    "scenarios/rosters/empire_500.ros",
    "scenarios/rosters/orcs_500.ros",
    "scenarios/spearmen_break_beside_friends.toml",
    "scenarios/stubborn_dwarfs_hold.toml",
    "scenarios/two_units_charge_one.toml",
];

/// A command for the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// Its words, without the program's name.
    args: Vec<String>,
    /// Files it may read, by path, over the shipped ones.
    #[serde(default)]
    files: Files,
}

/// What it printed, and the files it wrote.
#[derive(Debug, Serialize)]
struct Response {
    code: u8,
    stdout: String,
    stderr: String,
    /// The input error, as a field and a message in the language asked for
    /// and the page's words (a flag named as its field).
    error: Option<crate::app::ErrorLine>,
    /// The notes, in the language asked for and the page's words.
    notes: Vec<String>,
    files: Files,
}

/// Runs the command `request` describes (JSON, above) and returns what it
/// printed (JSON). A request that is not such JSON is answered as bad input:
/// code 2 and one line on stderr.
pub fn answer(request: &str) -> String {
    let response = match serde_json::from_str::<Request>(request) {
        Ok(request) => run(request),
        Err(e) => {
            let message = format!("{e} (accepted: {{\"args\": [...], \"files\": {{...}}}})");
            Response {
                code: 2,
                stdout: String::new(),
                stderr: format!("error: request: {message}\n"),
                error: Some(crate::app::ErrorLine {
                    field: "request".into(),
                    message,
                }),
                notes: Vec::new(),
                files: Files::new(),
            }
        }
    };
    serde_json::to_string(&response).unwrap_or_default()
}

fn run(request: Request) -> Response {
    let mut files: Files = SHIPPED
        .iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect();
    files.extend(request.files);
    let before = files.clone();
    let args = std::iter::once("mathhammer".to_string()).chain(request.args);
    let (done, after) = in_memory(files, || crate::app::run_args(args));
    let written = after
        .into_iter()
        .filter(|(path, text)| before.get(path) != Some(text))
        .collect();
    Response {
        code: done.code,
        stdout: done.stdout,
        stderr: done.stderr,
        error: done.error,
        notes: done.notes,
        files: written,
    }
}

/// The page's words for what the command line names by its values, in
/// both languages: `--method`'s values (JSON: `{"methods": [{"value":
/// "monte-carlo", "label": {"en": "Monte Carlo", "es": "Monte Carlo"}},
/// ...]}`), the same words its notes, errors and report use.
pub fn page_words() -> String {
    use crate::words::lang::Lang;
    use crate::words::page::{method_words, METHODS};
    let methods: Vec<serde_json::Value> = METHODS
        .iter()
        .map(|&value| {
            let words = method_words(value).unwrap_or_default();
            serde_json::json!({
                "value": value,
                "label": {"en": words.render_page(Lang::En), "es": words.render_page(Lang::Es)},
            })
        })
        .collect();
    serde_json::json!({ "methods": methods }).to_string()
}

/// The shipped files as JSON (`{"scenarios/...": "text", ...}`), for the
/// page's pickers and editor.
pub fn shipped() -> String {
    let files: Files = SHIPPED
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    serde_json::to_string(&files).unwrap_or_default()
}

/// The WebAssembly export: [`answer`] for JavaScript, through
/// wasm-bindgen (whose generated loader the page imports). While it runs,
/// the page's `mathhammerProgress(trials, runs)` is told the trials and
/// runs this answer has finished (its Web Worker passes them on).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = answer)]
pub fn answer_for_js(request: &str) -> String {
    use crate::sim::progress;
    use std::sync::atomic::Ordering;
    progress::listen(|trials, runs| {
        let since = |now: u64, at: &std::sync::atomic::AtomicU64| {
            now.saturating_sub(at.load(Ordering::Relaxed)) as f64
        };
        // A page without the hook is not told: an error here is ignored.
        let _ = page_progress(
            since(trials, &progress_at::TRIALS),
            since(runs, &progress_at::RUNS),
        );
    });
    progress_at::TRIALS.store(progress::done(), Ordering::Relaxed);
    progress_at::RUNS.store(progress::runs(), Ordering::Relaxed);
    answer(request)
}

/// The counts when the current answer began.
#[cfg(target_arch = "wasm32")]
mod progress_at {
    use std::sync::atomic::AtomicU64;
    pub(super) static TRIALS: AtomicU64 = AtomicU64::new(0);
    pub(super) static RUNS: AtomicU64 = AtomicU64::new(0);
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The page's progress hook.
    #[wasm_bindgen(catch, js_name = mathhammerProgress)]
    fn page_progress(trials: f64, runs: f64) -> Result<(), wasm_bindgen::JsValue>;
}

/// [`forms`] for JavaScript.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = forms)]
pub fn forms_for_js() -> String {
    forms()
}

/// [`page_words`] for JavaScript.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = pageWords)]
pub fn page_words_for_js() -> String {
    page_words()
}

/// [`shipped`] for JavaScript.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = shipped)]
pub fn shipped_for_js() -> String {
    shipped()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_toml_and_roster_is_embedded() {
        fn tomls(dir: &std::path::Path, out: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    tomls(&path, out);
                } else if path.extension().is_some_and(|e| e == "toml" || e == "ros") {
                    out.push(crate::files::key(&path));
                }
            }
        }
        let mut on_disk = Vec::new();
        tomls(std::path::Path::new("scenarios"), &mut on_disk);
        on_disk.sort();
        let embedded: Vec<String> = SHIPPED.iter().map(|(p, _)| p.to_string()).collect();
        assert_eq!(embedded, on_disk);
    }

    #[test]
    fn a_bad_request_is_one_line_of_bad_input() {
        for bad in ["", "{", "{\"argz\": []}", "{\"args\": 3}"] {
            let v: serde_json::Value = serde_json::from_str(&answer(bad)).unwrap();
            assert_eq!(v["code"], 2, "{bad}");
            let stderr = v["stderr"].as_str().unwrap();
            assert!(stderr.starts_with("error: request: "), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }

    #[test]
    fn an_error_comes_with_its_field_and_message_in_the_language_asked() {
        let error = |args: serde_json::Value, files: serde_json::Value| {
            let request = serde_json::json!({ "args": args, "files": files });
            let v: serde_json::Value = serde_json::from_str(&answer(&request.to_string())).unwrap();
            assert_eq!(v["code"], 2, "{v}");
            let e = &v["error"];
            let (field, message) = (e["field"].as_str().unwrap(), e["message"].as_str().unwrap());
            // The line on stderr is the same error in the command line's
            // words (a line of clap's names its flags itself); the page's
            // names no flag as typed.
            let stderr = v["stderr"].as_str().unwrap();
            assert!(
                stderr.starts_with("error: ") && stderr.ends_with('\n'),
                "{v}"
            );
            assert!(!message.contains("--"), "{v}");
            (field.to_string(), message.to_string())
        };
        let none = serde_json::json!({});
        let (field, message) = error(
            serde_json::json!(["charge", "--move", "0", "--distance", "5", "--lang", "es"]),
            none.clone(),
        );
        assert_eq!(field, "--move");
        assert!(message.starts_with("0 está fuera de rango"), "{message}");
        let (field, _) = error(
            serde_json::json!(["charge", "--move", "10", "--distance", "-1"]),
            none.clone(),
        );
        assert_eq!(field, "--distance");
        let (field, message) = error(
            serde_json::json!(["combat", "scenarios/edited.toml"]),
            serde_json::json!({"scenarios/edited.toml": "[attacker]\nmodls = 3\n"}),
        );
        assert_eq!(field, "scenarios/edited.toml:2:1");
        assert!(message.starts_with("unknown field `modls`"), "{message}");
        // A line clap refuses is placed by the flag it names first.
        let (field, message) = error(
            serde_json::json!(["charge", "--distance", "5"]),
            none.clone(),
        );
        assert_eq!(field, "--move");
        assert_eq!(message, "missing: “move” (required)");
        let (field, message) = error(serde_json::json!(["charge", "--bogus"]), none.clone());
        assert_eq!(field, "--bogus");
        assert_eq!(message, "“bogus” is not a field of this question");
        let (field, _) = error(serde_json::json!(["charj"]), none);
        assert_eq!(field, "");
    }

    #[test]
    fn files_typed_and_charts_drawn_stay_in_memory() {
        let scenario = SHIPPED
            .iter()
            .find(|(p, _)| p.ends_with("boar_boyz_charge_spearmen.toml"))
            .unwrap()
            .1
            .replace("models = 20", "models = 25");
        // Beside the shipped scenarios, its profile files are found.
        let request = serde_json::json!({
            "args": ["combat", "scenarios/typed.toml", "--set", "situation.rounds=1", "--method", "exact", "--plot", "chart.json"],
            "files": {"scenarios/typed.toml": scenario},
        });
        let v: serde_json::Value = serde_json::from_str(&answer(&request.to_string())).unwrap();
        assert_eq!(v["code"], 0, "{v}");
        let files = v["files"].as_object().unwrap();
        assert_eq!(files.keys().collect::<Vec<_>>(), ["chart.json"]);
        let chart: serde_json::Value =
            serde_json::from_str(files["chart.json"].as_str().unwrap()).unwrap();
        assert!(
            chart["panels"][0]["series"][0]["points"].is_array(),
            "{chart}"
        );
        assert!(!std::path::Path::new("chart.json").exists());
    }
}
