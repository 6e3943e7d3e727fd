//! `--lang es`: the readable table and the chart in Spanish, in the words of
//! the Spanish rulebook the seeds quote (carga, huida, persecución, se
//! desmoraliza, resultado del combate, bajas). Labels are built in English;
//! [`Lang::report`] and [`Lang::figure`] rewrite them phrase by phrase: at
//! each word boundary the longest English phrase of `PHRASES` that starts
//! there is replaced, in one pass, so a translation is never translated
//! again. JSON and CSV keep their English keys and values: they are read by
//! programs. Names from scenario and profile files are the user's own and
//! stay as written: a report and a figure list them ([`Report::names`]),
//! and the pass copies each one it meets unchanged.

use super::{Report, Value};

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

/// English phrase -> Spanish, for every label, title and fixed text the
/// queries print. Unit keys (attacker, defender 2, ...) come from
/// [`UNITS`]; longer phrases win over the words inside them.
const PHRASES: &[(&str, &str)] = &[
    // Summaries.
    ("Charge:", "Carga:"),
    ("at a target", "contra un objetivo a"),
    ("away that flees", "que huye"),
    ("away that holds", "que aguanta"),
    ("Flee:", "Huida:"),
    ("a unit", "una unidad"),
    ("flees from a pursuer", "huye de un perseguidor"),
    ("Leadership test:", "Chequeo de liderazgo:"),
    (
        "battle-standard re-roll",
        "repetición del portaestandarte de batalla",
    ),
    ("Attacks:", "Ataques:"),
    ("Shooting:", "Disparo:"),
    ("the attackers", "los atacantes"),
    ("shot each", "disparo cada uno"),
    ("shots each", "disparos cada uno"),
    ("Combat:", "Combate:"),
    ("Ld", "L"),
    ("Sweep of", "Barrido de"),
    ("the same seed for each", "la misma semilla en cada uno"),
    ("Comparison of", "Comparación de"),
    ("files", "ficheros"),
    ("combat files", "ficheros de combate"),
    ("charge files", "ficheros de carga"),
    ("flee files", "ficheros de huida"),
    ("leadership files", "ficheros de liderazgo"),
    ("attacks files", "ficheros de ataques"),
    ("combat", "combate"),
    ("charge", "carga"),
    ("flee", "huida"),
    ("leadership", "liderazgo"),
    ("from", "desde"),
    ("at", "contra"),
    ("barding", "bardas"),
    ("difficult terrain", "terreno difícil"),
    ("wheel", "rueda"),
    ("charging", "cargando"),
    ("flies", "vuela"),
    // Weapons and troop types (RULES.md; seed 002).
    ("additional hand weapon", "arma de mano adicional"),
    ("hand weapon and shield", "arma de mano y escudo"),
    ("hand weapon", "arma de mano"),
    ("great weapon", "arma a dos manos"),
    ("halberd", "alabarda"),
    ("flail", "mayal"),
    ("morning star", "lucero del alba"),
    ("spear", "lanza"),
    ("lance", "lanza de caballería"),
    ("large infantry", "infantería monstruosa"),
    ("infantry", "infantería"),
    ("cavalry", "caballería"),
    ("monster", "monstruo"),
    ("chariot", "carro"),
    ("war machine", "máquina de guerra"),
    ("no save", "sin salvación"),
    ("save", "salvación"),
    // Charge and flee.
    ("distances in", "distancias en"),
    ("charge range", "movimiento de carga"),
    ("a failed charge moves", "una carga fallida mueve"),
    ("flee dice", "dados de huida"),
    ("pursuit dice", "dados de persecución"),
    (
        "target caught and destroyed",
        "objetivo alcanzado y destruido",
    ),
    ("charge fails", "la carga falla"),
    ("farthest distance with", "distancia máxima con"),
    ("by distance", "por distancia"),
    ("against distance", "según la distancia"),
    ("distance to the target", "distancia al objetivo"),
    ("declared distance", "distancia declarada"),
    ("contact", "contacto"),
    ("mean flee distance", "distancia media de huida"),
    ("standard deviation", "desviación típica"),
    ("caught: pursuit >= flee", "alcanzada: persecución >= huida"),
    ("Flee distance", "Distancia de huida"),
    ("distance", "distancia"),
    ("holds", "aguanta"),
    ("flees", "huye"),
    // Leadership.
    (
        "passes on a total of at most",
        "se supera con un total de como máximo",
    ),
    ("pass", "lo supera"),
    ("fail", "falla"),
    // Attacks.
    ("number of attacks", "número de ataques"),
    ("number of shots", "número de disparos"),
    ("to hit", "para impactar"),
    ("to wound", "para herir"),
    ("strength", "fuerza"),
    ("armour save", "salvación por armadura"),
    ("ward save", "salvación especial"),
    ("none", "ninguna"),
    ("attackers' points", "puntos de los atacantes"),
    ("per attack", "por ataque"),
    ("Per attack, by group", "Por ataque, por grupo"),
    ("unsaved wound", "herida no salvada"),
    ("unsaved", "no salvada"),
    ("hit", "impacto"),
    ("wound", "herida"),
    ("mean wounds", "media de heridas"),
    ("sd of wounds", "desviación típica de heridas"),
    ("mean models slain", "media de miniaturas muertas"),
    (
        "sd of models slain",
        "desviación típica de miniaturas muertas",
    ),
    ("Models slain", "Miniaturas muertas"),
    (
        "Wounds on the wounded model left standing",
        "Heridas en la miniatura herida que queda en pie",
    ),
    ("Wounds", "Heridas"),
    ("wounds", "heridas"),
    ("combat result", "resultado del combate"),
    ("kills", "bajas"),
    ("group", "grupo"),
    ("attacks", "ataques"),
    ("shots", "disparos"),
    ("re-roll misses", "repetir fallos"),
    ("re-roll 1s", "repetir los 1"),
    ("a 6, then", "un 6, luego"),
    ("round", "ronda"),
    // Combat.
    ("rounds at most", "rondas como máximo"),
    ("wide", "de frente"),
    (
        "charger flees stand-and-shoot",
        "la unidad que carga huye ante aguantar y disparar",
    ),
    (
        "charger shot down by stand-and-shoot",
        "la unidad que carga cae ante aguantar y disparar",
    ),
    ("flees before the combat", "huye antes del combate"),
    ("breaks and escapes", "se desmoraliza y escapa"),
    ("both sides wiped out", "ambos bandos aniquilados"),
    ("wiped out", "aniquilado"),
    (
        "How the fight ends (each fight in exactly one)",
        "Cómo termina el combate (cada combate en exactamente uno)",
    ),
    ("outcome", "resultado"),
    ("target flees and escapes", "el objetivo huye y escapa"),
    (
        "target flees and is caught",
        "el objetivo huye y es alcanzado",
    ),
    (
        "still fighting after the last round",
        "siguen luchando tras la última ronda",
    ),
    ("breaks and is caught", "se desmoraliza y es alcanzado"),
    ("breaks", "se desmoraliza"),
    ("destroyed", "destruido"),
    ("loses a character", "pierde un personaje"),
    ("loses k", "pierde k"),
    ("wins", "gana"),
    ("mean rounds fought", "media de rondas luchadas"),
    (
        "By round (casualties: mean over the fights that reached the round)",
        "Por ronda (bajas: media de los combates que llegaron a la ronda)",
    ),
    (
        "Models lost by round: P(the round is fought and a unit loses k)",
        "Miniaturas perdidas por ronda: P(se lucha la ronda y una unidad pierde k)",
    ),
    ("with --json", "con --json"),
    ("fought", "se lucha"),
    ("draw", "empate"),
    ("models", "miniaturas"),
    ("front", "frente"),
    ("flank", "flanco"),
    ("rear", "retaguardia"),
    ("points", "puntos"),
    ("per 100 points", "por 100 puntos"),
    ("Probabilities", "Probabilidades"),
    ("probability", "probabilidad"),
    ("value", "valor"),
    ("bar", "barra"),
    // Engines and runs.
    ("exact", "exacto"),
    ("dice", "dados"),
    ("trials", "pruebas"),
    ("seed", "semilla"),
    ("engine", "motor"),
    ("trials per point", "pruebas por punto"),
    ("seed (every point)", "semilla (cada punto)"),
    (
        "Headline figures at each point",
        "Cifras principales en cada punto",
    ),
    (
        "Headline figures, each against the first file",
        "Cifras principales, cada una frente al primer fichero",
    ),
    ("Other figures", "Otras cifras"),
    ("point", "punto"),
    ("figure", "cifra"),
    ("significant?", "¿significativa?"),
    ("yes", "sí"),
    ("equal", "igual"),
];

/// The fight's units as labels say them, and in Spanish.
const UNITS: &[(&str, &str)] = &[
    ("attacker", "atacante"),
    ("defender", "defensor"),
    ("attacker 2", "atacante 2"),
    ("attacker 3", "atacante 3"),
    ("defender 2", "defensor 2"),
    ("defender 3", "defensor 3"),
];

/// Phrases about a unit `{u}`, where Spanish puts the words in another order.
const UNIT_PHRASES: &[(&str, &str)] = &[
    ("mean {u} casualties", "bajas medias del {u}"),
    ("{u} models lost", "miniaturas perdidas por el {u}"),
    ("{u} lost", "pérdidas del {u}"),
    ("{u} points", "puntos del {u}"),
    ("charges the {u}'s", "carga contra el {u} por su"),
    ("fights the {u}'s", "lucha contra el {u} por su"),
    ("{u}", "{u}"),
];

impl Lang {
    /// `text` in this language (no names of the user's in it).
    pub fn text(self, text: &str) -> String {
        match self {
            Lang::En => text.to_string(),
            Lang::Es => Dictionary::spanish().translate(text, &[]),
        }
    }

    /// The report with its labels, titles and texts in this language (keys
    /// unchanged).
    pub fn report(self, mut report: Report) -> Report {
        if self == Lang::En {
            return report;
        }
        let tr = self.translator(&report.names);
        let value = |v: &mut Value| {
            if let Value::Text(s) = v {
                *s = tr(s);
            }
        };
        report.summary = tr(&report.summary);
        for f in &mut report.facts {
            f.label = tr(&f.label);
            value(&mut f.value);
        }
        for o in &mut report.outcomes {
            for f in &mut o.fields {
                f.label = tr(&f.label);
                value(&mut f.value);
            }
            for t in &mut o.tables {
                t.title = tr(&t.title);
                t.index.label = tr(&t.index.label);
                for c in &mut t.columns {
                    c.label = tr(&c.label);
                }
                for (index, cells) in &mut t.rows {
                    value(index);
                    cells.iter_mut().for_each(value);
                }
            }
        }
        report
    }

    /// A translator of texts that may hold the user's `names` (kept as
    /// written).
    pub fn translator(self, names: &[String]) -> impl Fn(&str) -> String {
        let names = longest_first(names);
        move |s: &str| match self {
            Lang::En => s.to_string(),
            Lang::Es => Dictionary::spanish().translate(s, &names),
        }
    }
}

/// The user's names, non-empty and longest first (a name inside a longer
/// one does not cut it).
fn longest_first(names: &[String]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().filter(|n| !n.is_empty()).cloned().collect();
    v.sort_by_key(|n| std::cmp::Reverse(n.len()));
    v
}

/// Phrases longest first, so "breaks and is caught" wins over "breaks".
struct Dictionary {
    phrases: Vec<(String, String)>,
}

impl Dictionary {
    /// The Spanish dictionary, built and sorted once per process.
    fn spanish() -> &'static Dictionary {
        static SPANISH: std::sync::OnceLock<Dictionary> = std::sync::OnceLock::new();
        SPANISH.get_or_init(Dictionary::build_spanish)
    }

    fn build_spanish() -> Dictionary {
        let mut phrases: Vec<(String, String)> = PHRASES
            .iter()
            .map(|(en, es)| (en.to_string(), es.to_string()))
            .collect();
        for (u, u_es) in UNITS {
            for (en, es) in UNIT_PHRASES {
                phrases.push((en.replace("{u}", u), es.replace("{u}", u_es)));
            }
        }
        phrases.sort_by_key(|(en, _)| std::cmp::Reverse(en.len()));
        Dictionary { phrases }
    }

    /// One pass over `text`: at each word start, a name of the user's
    /// (`names`, longest first) is copied as written; otherwise the longest
    /// phrase that starts there and ends at a word end is replaced.
    fn translate(&self, text: &str, names: &[String]) -> String {
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text;
        let mut at_word_start = true;
        while let Some(c) = rest.chars().next() {
            if at_word_start && is_word(c) {
                if let Some(name) = names.iter().find(|n| rest.starts_with(n.as_str())) {
                    out += name;
                    rest = &rest[name.len()..];
                    at_word_start = !name.chars().last().is_some_and(is_word);
                    continue;
                }
                let found = self.phrases.iter().find(|(en, _)| {
                    rest.starts_with(en.as_str())
                        && !rest[en.len()..].chars().next().is_some_and(is_word)
                });
                if let Some((en, es)) = found {
                    out += es;
                    rest = &rest[en.len()..];
                    at_word_start = !en.chars().last().is_some_and(is_word);
                    continue;
                }
                let word = &rest[..rest.find(|c: char| !is_word(c)).unwrap_or(rest.len())];
                if let Some(stat) = characteristic(word) {
                    out += &stat;
                    rest = &rest[word.len()..];
                    at_word_start = false;
                    continue;
                }
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
            at_word_start = !is_word(c);
        }
        out
    }
}

/// The profile's characteristics as the Spanish rulebook abbreviates them.
const CHARACTERISTICS: &[(&str, &str)] = &[
    ("WS", "HA"),
    ("BS", "HP"),
    ("Ld", "L"),
    ("S", "F"),
    ("T", "R"),
    ("W", "H"),
];

/// `WS3` -> `HA3`, `T4` -> `R4`: a characteristic and its value as one word.
fn characteristic(word: &str) -> Option<String> {
    CHARACTERISTICS.iter().find_map(|(en, es)| {
        let value = word.strip_prefix(en)?;
        let digits = !value.is_empty() && value.chars().all(|c| c.is_ascii_digit());
        digits.then(|| format!("{es}{value}"))
    })
}

/// Letters, digits and the characters of file names and keys: a phrase
/// never starts or ends inside `boar_boyz_charge.toml` or `attacker.models`.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '/' | '\'' | '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es(text: &str) -> String {
        Lang::Es.text(text)
    }

    #[test]
    fn longest_phrases_win_and_are_not_translated_twice() {
        assert_eq!(
            es("P(defender breaks and is caught)"),
            "P(defensor se desmoraliza y es alcanzado)"
        );
        assert_eq!(es("P(attacker 2 breaks)"), "P(atacante 2 se desmoraliza)");
        assert_eq!(
            es("mean attacker 2 casualties"),
            "bajas medias del atacante 2"
        );
        // "exacto" is not translated again, and "P(= k)" is left alone.
        assert_eq!(es("P(= k) (exact)"), "P(= k) (exacto)");
    }

    #[test]
    fn names_and_paths_are_left_alone() {
        assert_eq!(
            es("Sweep of scenarios/boar_boyz_charge_spearmen.toml (combat)"),
            "Barrido de scenarios/boar_boyz_charge_spearmen.toml (combate)"
        );
        assert_eq!(es("attacker.models"), "attacker.models");
        // Words inside longer words are not phrases.
        assert_eq!(es("attackers"), "attackers");
    }

    #[test]
    fn characteristics_take_the_spanish_abbreviations() {
        assert_eq!(
            es("20 x Empire halberdier (WS3 S4, halberd) at Orc boy (T4 W1, infantry, 4+ save)"),
            "20 x Empire halberdier (HA3 F4, alabarda) contra Orc boy (R4 H1, infantería, 4+ salvación)"
        );
        assert_eq!(es("BS3, Ld 8 (-2 Ld)"), "HP3, L 8 (-2 L)");
        // Only a characteristic and digits: a dice roll or a word stays.
        assert_eq!(es("5D6 Sx4 S"), "5D6 Sx4 S");
    }

    #[test]
    fn the_users_names_are_kept() {
        let d = Dictionary::spanish();
        let names = longest_first(&[
            "5 knights charge 20 spearmen in the flank".into(),
            "Flail of the charge".into(),
        ]);
        assert_eq!(
            d.translate("Combat: 5 knights charge 20 spearmen in the flank", &names),
            "Combate: 5 knights charge 20 spearmen in the flank"
        );
        assert_eq!(
            d.translate("attacker models lost (Flail of the charge)", &names),
            "miniaturas perdidas por el atacante (Flail of the charge)"
        );
        // The same words outside the name are translated.
        assert_eq!(d.translate("the charge", &names), "the carga");
    }

    #[test]
    fn summaries_read_in_spanish() {
        assert_eq!(
            es("Charge: M 18 cm at a target 20 cm away that flees (M 10 cm)"),
            "Carga: M 18 cm contra un objetivo a 20 cm que huye (M 10 cm)"
        );
        assert_eq!(
            es("10 Orc boy (5 wide), charges the defender's flank from 8 cm"),
            "10 Orc boy (5 de frente), carga contra el defensor por su flanco desde 8 cm"
        );
    }
}
