//! The web page's words for what the command line says in its own: a flag
//! named as the form's field it is (`--move` as “move”, «movimiento»: the
//! forms' labels, `long.replace('-', " ")` and their Spanish), a method in
//! words (`monte-carlo` as “Monte Carlo”), and the few templates whose
//! command-line words read badly so (`--target-move does nothing ...`). The
//! command line keeps its words; [`Voice::Page`](super::text::Voice)
//! renders these.

use super::lang::Lang;
use super::text::Text;
use crate::text;
use std::borrow::Cow;

/// The labels of the flags the page sets itself (absent from its forms),
/// and of the arguments its forms label by what they are (a matchup's
/// lists): long, English, Spanish. Sorted by long.
const PAGE_FIELDS: &[(&str, &str, &str)] = &[
    ("a", "list A", "lista A"),
    ("b", "list B", "lista B"),
    ("csv", "CSV", "CSV"),
    ("html", "HTML", "HTML"),
    ("json", "JSON", "JSON"),
    ("lang", "language", "idioma"),
    ("max-trials", "most trials", "máximo de pruebas"),
    ("method", "method", "método"),
    ("plot", "chart", "gráfico"),
    ("precision", "precision", "precisión"),
    ("quiet", "quiet", "silencio"),
    ("sampler", "sampler", "muestreo"),
    ("seed", "seed", "semilla"),
    ("set", "the scenario's fields", "los campos del escenario"),
    ("threads", "threads", "hilos"),
    ("trials", "trials", "pruebas"),
    ("write-scenario", "scenario saved", "escenario guardado"),
];

/// Templates whose page words are not their command line's with each flag
/// named (a method's value after `--method`, `--reaction flee`): the key,
/// its English and its Spanish on the page (a `--flag` left in them is
/// named as its field). Sorted by key.
const PAGE_TEMPLATES: &[(&str, &str, &str)] = &[
    (
        "'{}' takes {} values, not {}",
        "{} takes {} values, not {}",
        "{} lleva {} valores, no {}",
    ),
    (
        "--sampler does nothing with --method {} (only combat's fast Monte Carlo draws whole rounds)",
        "--sampler does nothing with the method {} (only combat's fast Monte Carlo draws whole rounds)",
        "--sampler no hace nada con el método {} (solo el Monte Carlo rápido de combat juega rondas enteras)",
    ),
    (
        "--target-move does nothing when the target holds (give --reaction flee)",
        "--target-move does nothing when the target holds (choose flee as --reaction)",
        "--target-move no hace nada cuando el objetivo aguanta (elige huir como --reaction)",
    ),
    (
        "; tip: '{}' exists",
        "; did you mean {}?",
        "; ¿quizás {}?",
    ),
    (
        "a sweep or comparison runs one engine (accepted: exact, monte-carlo, dice)",
        "a sweep or comparison runs one method (accepted: exact, Monte Carlo or dice by dice)",
        "un barrido o una comparación usa un solo método (aceptado: exacto, Monte Carlo o dado a dado)",
    ),
    (
        "changed by --set",
        "changed in the scenario's fields",
        "cambiado en los campos del escenario",
    ),
    (
        "describes units picked with --attacker and --defender (accepted: without a FILE; a FILE's fight is changed with --set)",
        "describes units picked with --attacker and --defender (accepted: without a file; a file's fight is changed in the scenario's fields)",
        "describe unidades elegidas con --attacker y --defender (aceptado: sin fichero; el combate de un fichero se cambia en los campos del escenario)",
    ),
    (
        "equal sign is needed when assigning values to '{}'",
        "{} needs its value after an equal sign",
        "{} necesita su valor tras un signo igual",
    ),
    (
        "needed without a FILE (accepted: a battle-line FILE, or --fleeing-us US for each friend fleeing within 10 cm)",
        "needed without a file (accepted: a battle-line file, or --fleeing-us for each friend fleeing within 10 cm)",
        "necesario sin fichero (aceptado: un fichero de línea de batalla, o --fleeing-us por cada unidad amiga que huya a 10 cm o menos)",
    ),
    (
        "required (or give {} FILE)",
        "required (or a profile file in {})",
        "obligatorio (o un fichero de perfil en {})",
    ),
    (
        "required with --reaction flee (accepted: the target's M, e.g. 10)",
        "required when the target flees (accepted: the target's M, e.g. 10)",
        "obligatorio cuando el objetivo huye (aceptado: el M del objetivo, p. ej. 10)",
    ),
    (
        "required: the roster gives no missile weapon with a Strength for this unit (accepted: 1 to 10, e.g. --s 4 for handguns, 3 for bows)",
        "required: the roster gives no missile weapon with a Strength for this unit (accepted: 1 to 10, e.g. 4 for handguns, 3 for bows)",
        "obligatorio: la lista de ejército no da a esta unidad ningún arma de proyectiles con Fuerza (aceptado: de 1 a 10, p. ej. 4 para arcabuces, 3 para arcos)",
    ),
    (
        "the argument '{}' cannot be used multiple times",
        "{} is given twice",
        "{} se da dos veces",
    ),
    (
        "the argument '{}' cannot be used with '{}'",
        "{} cannot be used with {}",
        "{} no puede usarse con {}",
    ),
    (
        "the following required arguments were not provided: {}",
        "missing: {} (required)",
        "falta: {} (obligatorio)",
    ),
    (
        "the whole fight passes its budget of {} of work or {} states within a round at round {} ({} states between rounds) (accepted: --method monte-carlo or dice, or --set situation.rounds=1 for the charge turn and round 1)",
        "the whole fight passes its budget of {} of work or {} states within a round at round {} ({} states between rounds) (accepted: the method Monte Carlo or dice by dice, or situation.rounds=1 in the scenario's fields for the charge turn and round 1)",
        "el combate entero supera su presupuesto de {} de trabajo o {} estados dentro de una ronda en la ronda {} ({} estados entre rondas) (aceptado: el método Monte Carlo o dado a dado, o situation.rounds=1 en los campos del escenario para el turno de carga y la ronda 1)",
    ),
    (
        "too many outcomes to enumerate within its budget of about a second (accepted: --method monte-carlo or dice)",
        "too many outcomes to enumerate within its budget of about a second (accepted: the method Monte Carlo or dice by dice)",
        "demasiados resultados que enumerar dentro de su presupuesto de un segundo aproximadamente (aceptado: el método Monte Carlo o dado a dado)",
    ),
    (
        "unexpected argument '{}' found",
        "{} is not a field of this question",
        "{} no es un campo de esta pregunta",
    ),
    (
        "unexpected value '{}' for '{}' found; no more were expected",
        "unexpected value '{}' for {}: it takes one",
        "valor inesperado '{}' para {}: lleva uno solo",
    ),
    (
        "{} do nothing with --method exact (only monte-carlo and dice sample)",
        "{} do nothing with the exact method (only Monte Carlo and dice by dice sample)",
        "{}: no hacen nada con el método exacto (solo Monte Carlo y dado a dado muestrean)",
    ),
];

/// The keys of the page's own templates (its test finds each a use).
#[cfg(test)]
pub(crate) fn page_template_keys() -> impl Iterator<Item = &'static str> {
    PAGE_TEMPLATES.iter().map(|(k, _, _)| *k)
}

/// The page's words of template `key` in `lang`, its flags still typed.
pub(crate) fn template(key: &'static str, lang: Lang) -> &'static str {
    match PAGE_TEMPLATES.binary_search_by_key(&key, |(k, _, _)| k) {
        Ok(i) => match lang {
            Lang::En => PAGE_TEMPLATES[i].1,
            Lang::Es => PAGE_TEMPLATES[i].2,
        },
        Err(_) => lang.words(key),
    }
}

/// `flag` (`--move`) as the page names it: its field's label in `lang`,
/// quoted (“move”, «movimiento»).
pub fn field(flag: &str, lang: Lang) -> String {
    let long = flag.trim_start_matches('-');
    let (en, es) = match PAGE_FIELDS.binary_search_by_key(&long, |(l, _, _)| l) {
        Ok(i) => (PAGE_FIELDS[i].1.to_string(), PAGE_FIELDS[i].2.to_string()),
        Err(_) => {
            let en = long.replace('-', " ");
            let es = Lang::Es.form_words(&en).unwrap_or(&en).to_string();
            (en, es)
        }
    };
    match lang {
        Lang::En => format!("“{en}”"),
        Lang::Es => format!("«{es}»"),
    }
}

/// `words` (our own: a template, a flag's help) with each flag in it
/// (`--move`: two hyphens and a lowercase letter, not inside a word)
/// named as its field in `lang`.
pub fn named(words: &str, lang: Lang) -> Cow<'_, str> {
    if !words.contains("--") {
        return Cow::Borrowed(words);
    }
    let mut out = String::new();
    let mut rest = words;
    while let Some(at) = rest.find("--") {
        let (before, after) = rest.split_at(at);
        let long_len = after[2..]
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(after.len() - 2);
        let long = after[2..2 + long_len].trim_end_matches('-');
        let inside_word = before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '-');
        out += before;
        if long.starts_with(|c: char| c.is_ascii_lowercase()) && !inside_word {
            out += &field(long, lang);
            rest = &after[2 + long.len()..];
        } else {
            out += "--";
            rest = &after[2..];
        }
    }
    out += rest;
    Cow::Owned(out)
}

/// The templates of a label that word a unit's name otherwise than a side
/// (Spanish: "bajas medias del atacante", but "de Halberdiers"; English:
/// "P(attacker wins)", but "P(Spearmen win)"): key, its template of a
/// unit of one model and of a unit of many (ours, with their Spanish).
/// Sorted by key.
pub(crate) const OF_A_NAME: &[(&str, &str, &str)] = &[
    (
        "P({} breaks and is caught)",
        "P({} breaks and is caught)",
        "P({} break and are caught)",
    ),
    ("P({} breaks)", "P({} breaks)", "P({} break)"),
    ("P({} destroyed)", "P({} destroyed)", "P({} are destroyed)"),
    (
        "P({} flees and escapes)",
        "P({} flees and escapes)",
        "P({} flee and escape)",
    ),
    (
        "P({} flees and is caught)",
        "P({} flees and is caught)",
        "P({} flee and are caught)",
    ),
    (
        "P({} flees, escapes and rallies)",
        "P({} flees, escapes and rallies)",
        "P({} flee, escape and rally)",
    ),
    (
        "P({} flees, not broken)",
        "P({} flees, not broken)",
        "P({} flee, not broken)",
    ),
    (
        "P({} loses a character)",
        "P({} loses a character)",
        "P({} lose a character)",
    ),
    ("P({} wins)", "P({} wins)", "P({} win)"),
    (
        "mean {} casualties",
        "mean casualties of {}",
        "mean casualties of {}",
    ),
    (
        "{} breaks and escapes",
        "{} breaks and escapes",
        "{} break and escape",
    ),
    (
        "{} breaks and is caught",
        "{} breaks and is caught",
        "{} break and are caught",
    ),
    ("{} lost", "losses of {}", "losses of {}"),
    (
        "{} models lost ({})",
        "models lost by {}",
        "models lost by {}",
    ),
    ("{} points", "points of {}", "points of {}"),
    ("{} wiped out", "{} wiped out", "{} are wiped out"),
];

/// Template `key` with a unit's name put in it, a unit of many models
/// (`plural`) or of one.
pub(crate) fn of_a_name(key: &'static str, plural: bool) -> &'static str {
    match OF_A_NAME.binary_search_by_key(&key, |(k, _, _)| k) {
        Ok(i) if plural => OF_A_NAME[i].2,
        Ok(i) => OF_A_NAME[i].1,
        Err(_) => key,
    }
}

/// The methods (`--method`'s values), each with its words for the page:
/// one table for the page's menu, its notes and its report's columns.
pub const METHODS: [&str; 5] = ["exact", "auto", "monte-carlo", "dice", "all"];

/// A method's words for a player (`monte-carlo`: “Monte Carlo”, `dice`:
/// “dice by dice”), or `None` for no method.
pub fn method_words(value: &str) -> Option<Text> {
    Some(match value {
        "exact" => text!("exact"),
        "auto" => text!("automatic"),
        "monte-carlo" => text!("Monte Carlo"),
        "dice" => text!("dice by dice"),
        "all" => text!("all three"),
        _ => return None,
    })
}

/// A method named by its value (`monte-carlo`, kept as typed) on the
/// command line and in words on the page.
pub fn method(value: &str) -> Text {
    match method_words(value) {
        Some(words) => Text::voiced(Text::kept(value), words),
        None => Text::kept(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_is_named_as_its_field_in_either_language() {
        let t = "needs --target-models (accepted: 1 to 1000); not -1 or a--b";
        assert_eq!(
            named(t, Lang::En),
            "needs “target models” (accepted: 1 to 1000); not -1 or a--b"
        );
        assert_eq!(
            named(t, Lang::Es),
            "needs «miniaturas del objetivo» (accepted: 1 to 1000); not -1 or a--b"
        );
        assert_eq!(field("--set", Lang::En), "“the scenario's fields”");
        assert_eq!(field("--method", Lang::Es), "«método»");
        assert_eq!(named("--move.", Lang::En), "“move”.");
    }

    #[test]
    fn the_tables_are_sorted_and_every_page_template_keeps_its_places() {
        assert!(PAGE_FIELDS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(PAGE_TEMPLATES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(OF_A_NAME.windows(2).all(|w| w[0].0 < w[1].0));
        let places = |s: &str| s.matches("{}").count();
        for (key, en, es) in PAGE_TEMPLATES {
            assert_eq!(places(key), places(en), "{en}");
            assert_eq!(places(key), places(es), "{es}");
        }
    }

    #[test]
    fn a_method_is_its_value_on_the_command_line_and_words_on_the_page() {
        let m = method("monte-carlo");
        assert_eq!(m.render(Lang::Es), "monte-carlo");
        assert_eq!(m.render_page(Lang::En), "Monte Carlo");
        assert_eq!(method("dice").render_page(Lang::Es), "dado a dado");
        assert!(METHODS.iter().all(|m| method_words(m).is_some()));
    }
}
