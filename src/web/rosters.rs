//! Rosters on the page: a dropped file read into the text the page sends
//! with a question (with the units the list leaves out, in a player's
//! words), and a roster cut for a shared link.

use crate::error::InputError;
use crate::roster::{plain, Roster};
use crate::words::lang::Lang;
use serde_json::json;

/// A roster file given to the page, as the text it sends with a question:
/// a `.rosz` unzipped by the roster reader, a `.ros` as it is, with the
/// units the list leaves out and why, in `lang` (`en`, `es`). JSON:
///
/// ```text
/// {"text": "<?xml ...", "left_out": [{"unit": "3. Slave Giant", "why": "Slave Giant: attacks by its army book's own rules, not played yet"}]}
/// {"error": {"field": "army.rosz", "message": "army.rosz is not a BattleScribe roster: it is a picture (...)"}}
/// ```
///
/// An error's message is a whole sentence: for a file that is not a roster
/// at all (a picture, a zip without a roster, XML of another kind) or whose
/// XML breaks off, it names the file and says what it is; else it is the
/// reader's, as [`answer`](super::answer) gives errors. The roster reader tells a zip by its content, so the file
/// is read under its own name (`army.rosz`) as the CLI reads it.
pub fn roster_text(file: &str, bytes: &[u8], lang: &str) -> String {
    use clap::ValueEnum;
    let lang = Lang::from_str(lang, true).unwrap_or_default();
    // Unzipped once: the roster is read from the text the page keeps.
    let read = Roster::xml_text(file, bytes)
        .and_then(|text| Ok((Roster::from_bytes(file, text.as_bytes())?, text)));
    let response = match read {
        Ok((roster, text)) => {
            let left_out: Vec<_> = roster
                .units
                .iter()
                .filter_map(|u| {
                    let why = plain::why_left_out(u)?;
                    let unit = format!("{}. {}", u.number, u.name);
                    Some(json!({"unit": unit, "why": why.render(lang)}))
                })
                .collect();
            json!({ "text": text, "left_out": left_out })
        }
        Err(e) => {
            let e = match plain::not_a_roster(file, bytes, &e.message) {
                Some(sentence) => InputError::new(file, sentence),
                None => e,
            };
            json!({ "error": crate::app::error_line(&e, lang) })
        }
    };
    response.to_string()
}

/// Roster text `text` (as [`roster_text`] gave it) cut for a shared link
/// ([`crate::army::link::for_link`]): with `units` a JSON list of unit
/// numbers (a picked fight's), those units, the characters fielded in them
/// and the list's General, where the cut fields its characters as the
/// whole list does; with `null` (or a cut that would not) the whole list.
/// JSON: `{"text": "<roster ...", "numbers": {"7": 2}}` (each kept unit's
/// number in the cut roster, by its number in `text`), or `{"error":
/// {"field", "message"}}`.
pub fn roster_for_link(text: &str, units: &str) -> String {
    let response = match serde_json::from_str::<Option<Vec<usize>>>(units) {
        Err(e) => json!({"error": {"field": "units", "message": format!(
            "{e} (accepted: null or a list of unit numbers, e.g. [7, 3])"
        )}}),
        Ok(units) => match crate::army::link::for_link(text, units.as_deref()) {
            Ok(cut) => json!({"text": cut.text, "numbers": cut.numbers}),
            Err(e) => json!({"error": crate::app::error_line(&e, Lang::En)}),
        },
    };
    response.to_string()
}

/// Roster text `text` (read as file `file`) fielded as an army with the
/// player's `joins` (a JSON list of `CHARACTER=UNIT`, as `--join` takes
/// them), for the page's character pickers: the JSON of `roster FILE
/// --json --join ...` ([`crate::army::Army::json`]: each character's
/// `stands_in` and `may_join`, each unit's `plays_as`) with each
/// character's `why` in `lang` and the page's words; or `{"error":
/// {"field", "message"}}`, a join refused as `--join` refuses it.
pub fn roster_army(file: &str, text: &str, joins: &str, lang: &str) -> String {
    use clap::ValueEnum;
    let lang = Lang::from_str(lang, true).unwrap_or_default();
    let fielded = || -> Result<serde_json::Value, InputError> {
        let joins: Vec<String> = serde_json::from_str(joins).map_err(|e| {
            InputError::new(
                "joins",
                crate::words::text::Text::kept(format!(
                    "{e} (accepted: a list of CHARACTER=UNIT, e.g. [\"3=5\"])"
                )),
            )
        })?;
        let roster = Roster::from_bytes(file, text.as_bytes())?;
        let joins = (joins.iter())
            .map(|j| crate::army::Join::parse(j, &[]))
            .collect::<Result<Vec<_>, _>>()?;
        let army = crate::army::Army::field(&roster, &joins.iter().collect::<Vec<_>>())?;
        let mut out = army.json_value();
        for (entry, stand) in out["characters"]
            .as_array_mut()
            .into_iter()
            .flatten()
            .zip(&army.stands)
        {
            entry["why"] = json!(stand.why.render_page(lang));
        }
        Ok(out)
    };
    let response = match fielded() {
        Ok(army) => army,
        Err(e) => json!({ "error": crate::app::error_line(&e, lang) }),
    };
    response.to_string()
}

/// [`roster_text`] for JavaScript.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = rosterText)]
pub fn roster_text_for_js(file: &str, bytes: &[u8], lang: &str) -> String {
    roster_text(file, bytes, lang)
}

/// [`roster_for_link`] for JavaScript.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = rosterForLink)]
pub fn roster_for_link_for_js(text: &str, units: &str) -> String {
    roster_for_link(text, units)
}

/// [`roster_army`] for JavaScript.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = rosterArmy)]
pub fn roster_army_for_js(file: &str, text: &str, joins: &str, lang: &str) -> String {
    roster_army(file, text, joins, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPIRE: &str = "scenarios/rosters/empire_500.ros";

    fn army(joins: &str, lang: &str) -> serde_json::Value {
        let text = std::fs::read_to_string(EMPIRE).unwrap();
        serde_json::from_str(&roster_army(EMPIRE, &text, joins, lang)).unwrap()
    }

    /// The page's army is `roster --json --join`'s, its reasons in the
    /// page's language and words.
    #[test]
    fn the_pages_army_is_the_command_lines_with_its_words_in_the_pages_language() {
        let cli = |joins: &[&str]| {
            let mut args = vec!["roster", EMPIRE, "--json"];
            for j in joins {
                args.extend(["--join", j]);
            }
            let request = json!({ "args": args });
            let v: serde_json::Value =
                serde_json::from_str(&super::super::answer(&request.to_string())).unwrap();
            serde_json::from_str::<serde_json::Value>(v["stdout"].as_str().unwrap()).unwrap()
        };
        let english = army("[\"1=alone\"]", "en");
        let mut expected = cli(&["1=alone"]);
        // The command line names the flag as typed, the page as its field.
        assert_eq!(
            expected["characters"][0]["why"],
            "alone, as --join puts him"
        );
        expected["characters"][0]["why"] = json!("alone, as “join” puts him");
        assert_eq!(english, expected);
        assert!(english["characters"][0]["may_join"].is_array());
        let spanish = army("[]", "es");
        let why = spanish["characters"][0]["why"].as_str().unwrap();
        let cli_why = cli(&[])["characters"][0]["why"].clone();
        assert_ne!(why, cli_why, "{why}");
        assert_eq!(
            spanish["characters"][0]["stands_in"],
            cli(&[])["characters"][0]["stands_in"]
        );
    }

    /// A join refused is `--join`'s error, in the page's language.
    #[test]
    fn a_join_refused_is_the_flags_error() {
        let v = army("[\"1=Nobody\"]", "es");
        assert_eq!(v["error"]["field"], "--join", "{v}");
        let v = army("[1]", "en");
        assert_eq!(v["error"]["field"], "joins", "{v}");
    }
}
