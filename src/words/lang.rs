//! `--lang es`: the readable table and the chart in Spanish. A report's
//! words are [`Text`](super::text::Text)s: templates of ours, each the key of its
//! translation in `spanish.rs`, with the values in them (numbers, dice,
//! names from files) kept as written. Translation looks a whole key up and
//! never rewrites text, so a unit's name from a scenario file is printed as
//! written. JSON and CSV keep their English keys and values: they are read
//! by programs.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The language of labels in the table output and charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Lang {
    /// English (the default).
    #[default]
    #[value(aliases = ["en", "english", "ingles"])]
    En,
    /// Spanish: the terms of the Spanish rulebook.
    #[value(aliases = ["es", "spanish", "espanol", "español", "castellano"])]
    Es,
}

impl Lang {
    /// Our words `key` (a template or a game term) in this language; a key
    /// without an entry is printed in English.
    pub fn words(self, key: &'static str) -> &'static str {
        match self {
            Lang::En => key,
            Lang::Es => spanish().get(key).copied().unwrap_or(key),
        }
    }

    /// The page's words `en` (a form's label, help or choice, a tab's
    /// title) in this language, if the forms' table has them (never in
    /// English: they are English).
    pub fn form_words(self, en: &str) -> Option<&'static str> {
        match self {
            Lang::En => None,
            Lang::Es => super::spanish_forms::SPANISH_FORMS
                .binary_search_by_key(&en, |(k, _)| k)
                .ok()
                .map(|i| super::spanish_forms::SPANISH_FORMS[i].1),
        }
    }

    /// Every English key of the forms' table (its test finds each a use).
    #[cfg(test)]
    pub(crate) fn form_keys() -> impl Iterator<Item = &'static str> {
        super::spanish_forms::SPANISH_FORMS.iter().map(|(k, _)| *k)
    }

    /// A value the user typed (a `--vary` value) in this language: one of
    /// our terms, whole, is translated; anything else is kept.
    pub fn term(self, value: &str) -> String {
        match self {
            Lang::En => value.to_string(),
            Lang::Es => spanish()
                .get(value)
                .map_or_else(|| value.to_string(), |s| s.to_string()),
        }
    }
}

/// The Spanish table, indexed once per process.
fn spanish() -> &'static HashMap<&'static str, &'static str> {
    static TABLE: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    TABLE.get_or_init(|| {
        super::spanish::SPANISH
            .iter()
            .chain(super::spanish_errors::SPANISH_ERRORS)
            .copied()
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::super::spanish::SPANISH;
    use super::super::spanish_errors::SPANISH_ERRORS;
    use super::*;
    use crate::report::Text;
    use crate::text;

    /// The game terms reports name through [`Text::words`].
    fn rule_terms() -> Vec<&'static str> {
        use clap::ValueEnum;
        let mut terms: Vec<&'static str> = Vec::new();
        terms.extend(
            crate::rules::weapons::Weapon::value_variants()
                .iter()
                .map(|w| w.name()),
        );
        terms.extend(
            crate::rules::profile::TroopType::value_variants()
                .iter()
                .map(|t| t.name()),
        );
        terms.extend(
            crate::rules::place::Facing::value_variants()
                .iter()
                .map(|f| f.name()),
        );
        terms.extend(
            crate::rules::place::ReactionName::value_variants()
                .iter()
                .map(|r| r.name()),
        );
        terms.extend(
            crate::rules::saves::BodyArmour::value_variants()
                .iter()
                .map(|a| a.name()),
        );
        terms.extend(crate::combat::fight::End::ALL.iter().map(|e| e.label()));
        terms
    }

    /// The template of every `text!` in the source files under `src/`.
    fn source_templates() -> Vec<String> {
        let mut found = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    templates_in(&std::fs::read_to_string(&path).unwrap(), &mut found);
                }
            }
        }
        found
    }

    /// The string literal after each `text!(` in `code`.
    fn templates_in(code: &str, found: &mut Vec<String>) {
        for (i, _) in code.match_indices(concat!("text", "!(")) {
            let rest = code[i + 6..].trim_start();
            let Some(rest) = rest.strip_prefix('"') else {
                continue;
            };
            let mut literal = String::new();
            let mut chars = rest.chars();
            while let Some(c) = chars.next() {
                match c {
                    '"' => break,
                    '\\' => literal.push(chars.next().unwrap_or('\\')),
                    c => literal.push(c),
                }
            }
            found.push(literal);
        }
    }

    #[test]
    fn every_template_and_term_has_its_spanish_and_every_entry_a_use() {
        let table = spanish();
        let mut used: Vec<String> = source_templates();
        used.extend(rule_terms().into_iter().map(str::to_string));
        used.extend(super::super::serde::PHRASES.iter().map(|p| p.to_string()));
        used.extend(
            (super::super::page::OF_A_NAME.iter())
                .flat_map(|(_, one, many)| [one.to_string(), many.to_string()]),
        );
        let missing: Vec<&String> = used
            .iter()
            .filter(|k| !table.contains_key(k.as_str()))
            .collect();
        assert!(missing.is_empty(), "no Spanish for {missing:?}");
        let unused: Vec<&str> = SPANISH
            .iter()
            .chain(SPANISH_ERRORS)
            .map(|(k, _)| *k)
            .filter(|k| !used.iter().any(|u| u == k))
            .collect();
        assert!(unused.is_empty(), "entries nothing prints: {unused:?}");
        assert_eq!(
            table.len(),
            SPANISH.len() + SPANISH_ERRORS.len(),
            "a key given twice"
        );
        for list in [
            SPANISH,
            SPANISH_ERRORS,
            super::super::spanish_forms::SPANISH_FORMS,
        ] {
            assert!(
                list.windows(2).all(|w| w[0].0 < w[1].0),
                "keys out of order"
            );
        }
    }

    #[test]
    fn on_the_page_no_template_of_ours_names_a_flag_as_typed() {
        let templates = source_templates();
        for key in super::super::page::page_template_keys() {
            assert!(templates.iter().any(|t| t == key), "no template {key:?}");
        }
        for template in &templates {
            // Its key as a `&'static str`: the table's, or leaked (a test).
            let key: &'static str = Box::leak(template.clone().into_boxed_str());
            let places = key.matches("{}").count();
            let text = Text::template(key, vec![Text::default(); places]);
            for lang in [Lang::En, Lang::Es] {
                let page = text.render_page(lang);
                assert!(!page.contains("--"), "{page:?}");
            }
        }
    }

    #[test]
    fn a_help_names_the_same_flags_in_either_language() {
        let flags = |words: &str| -> Vec<String> {
            let mut found = Vec::new();
            for (i, _) in words.match_indices("--") {
                let long: String = words[i + 2..]
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                    .collect();
                found.push(long);
            }
            found
        };
        for (en, es) in super::super::spanish_forms::SPANISH_FORMS {
            assert_eq!(flags(en), flags(es), "{es}");
        }
    }

    #[test]
    fn templates_translate_by_key_and_keep_the_users_values() {
        let defender_2 = text!("{} {}", text!("defender"), 2);
        assert_eq!(
            text!("P({} breaks and is caught)", defender_2.clone()).render(Lang::Es),
            "P(defensor 2 se desmoraliza y es alcanzado)"
        );
        assert_eq!(
            text!("mean {} casualties", text!("attacker")).render(Lang::Es),
            "bajas medias del atacante"
        );
        // A name from a file is kept, even when it holds our words.
        let name = "Flail of the charge".to_string();
        assert_eq!(
            text!("{} models lost ({})", text!("attacker"), &name).render(Lang::Es),
            "miniaturas perdidas por el atacante (Flail of the charge)"
        );
        assert_eq!(
            text!("Combat: {}", &name).render(Lang::Es),
            "Combate: Flail of the charge"
        );
        // A characteristic takes the Spanish abbreviation.
        let target = text!(
            "{} (T{} W{}, {}, {})",
            text!("the target"),
            4,
            1,
            Text::words("infantry"),
            text!("{}+ save", 4)
        );
        assert_eq!(
            target.render(Lang::Es),
            "el objetivo (R4 H1, infantería, 4+ salvación)"
        );
        assert_eq!(
            target.render(Lang::En),
            "the target (T4 W1, infantry, 4+ save)"
        );
    }

    #[test]
    fn a_typed_value_is_translated_only_when_it_is_a_term_whole() {
        assert_eq!(Lang::Es.term("halberd"), "alabarda");
        assert_eq!(Lang::Es.term("attacker.models"), "attacker.models");
        assert_eq!(Lang::Es.term("halberd and shield"), "halberd and shield");
        assert_eq!(Lang::En.term("halberd"), "halberd");
    }
}
