//! `--lang es`: the table and chart labels in the Spanish rulebook's words;
//! JSON and CSV unchanged; English by default.

use crate::common::run::{error, json, stdout, BOAR_BOYZ};

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

fn spanish(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.extend(["--lang", "es"]);
    stdout(&all)
}

/// Whether `phrase` occurs in `text` as whole words ("exact" is not in
/// "exacto").
fn has_words(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + phrase.len()..].chars().next();
        // A JSON key (round_casualties_pmf) is not an English label.
        let word = |c: char| c.is_alphanumeric() || c == '_';
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Every Spanish label is there and none of the English ones it replaces.
fn reads(out: &str, spanish: &[&str], english: &[&str]) {
    for s in spanish {
        assert!(out.contains(s), "no {s:?} in\n{out}");
    }
    for e in english {
        assert!(!has_words(out, e), "{e:?} left in English in\n{out}");
    }
}

#[test]
fn a_fight_reads_in_spanish() {
    let out = spanish(&[
        "combat",
        FLAGSHIP,
        "--method",
        "monte-carlo",
        "--trials",
        "2000",
    ]);
    reads(
        &out,
        &[
            "Combate: ",
            // Each unit by its name, the sides' names differing.
            "P(Orc boar boy gana)",
            "P(Empire spearman se desmoraliza y es alcanzado)",
            "bajas medias de Orc boar boy",
            "miniaturas perdidas por Empire spearman",
            "cargador ",
            "Por ronda",
            "pruebas",
            "semilla",
            "barra",
            "Cómo termina el combate",
            "ambos bandos aniquilados",
            "huye sin desmoralizarse",
        ],
        &[
            "wins",
            "breaks",
            "escapes",
            "wiped out",
            "outcome",
            "before",
            "shot down",
            "caught",
            "casualties",
            "models lost",
            "trials",
            "seed",
            "bar",
        ],
    );
}

#[test]
fn charges_flights_and_attacks_read_in_spanish() {
    let charge = spanish(&[BOAR_BOYZ, &["--method", "all", "--trials", "1000"]].concat());
    reads(
        &charge,
        &[
            "Carga: ",
            "P(contacto)",
            "movimiento de carga",
            "exacto",
            "dados",
        ],
        &["contact", "charge range", "exact", "dice"],
    );
    let flee = spanish(&["flee", "--move", "10", "--pursuer-move", "18"]);
    reads(
        &flee,
        &["Huida: ", "Distancia de huida", "dados de persecución"],
        &["Flee distance", "pursuit dice", "mean"],
    );
    let attacks = spanish(&[
        "attacks",
        "--models",
        "20",
        "--ws",
        "3",
        "--s",
        "3",
        "--weapon",
        "alabarda",
        "--target-ws",
        "3",
        "--target-t",
        "4",
    ]);
    reads(
        &attacks,
        &[
            "Ataques: ",
            "alabarda",
            "para impactar",
            "Miniaturas muertas",
        ],
        &["halberd", "to hit", "Models slain", "wounds"],
    );
}

#[test]
fn machine_output_and_the_default_stay_english() {
    let args = ["flee", "--move", "10", "--pursuer-move", "18"];
    let mut es = args.to_vec();
    es.extend(["--lang", "es"]);
    assert_eq!(json(&args), json(&es));
    let csv = |a: &[&str]| stdout(&[a, &["--csv"]].concat());
    assert_eq!(csv(&args), csv(&es));
    assert!(stdout(&args).contains("Flee distance"));
    // Spanish names of the language itself are accepted.
    assert!(stdout(&[&args[..], &["--lang", "español"]].concat()).contains("Distancia de huida"));
    let e = error(&["flee", "--move", "10", "--lang", "fr"]);
    assert!(
        e.contains("--lang") && e.contains("en") && e.contains("es"),
        "{e}"
    );
}

#[test]
fn names_from_files_stay_as_written() {
    // A unit named with words the dictionary knows ("charge", "flee").
    let dir = std::env::temp_dir().join(format!("mh-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profiles = std::fs::canonicalize("scenarios/profiles").unwrap();
    let path = dir.join("flail.toml");
    std::fs::write(
        &path,
        format!(
            "name = \"Flail of the charge\"\n[attacker]\nprofile_file = \"{0}/orc_boar_boy.toml\"\n\
             name = \"Flail of the charge\"\nmodels = 5\n[defender]\nprofile_file = \"{0}/empire_spearman.toml\"\n\
             name = \"Spearmen who flee at the charge\"\nmodels = 20\n[situation]\ncharger = \"attacker\"\ndistance = 20\n",
            profiles.display()
        ),
    )
    .unwrap();
    let out = spanish(&["combat", path.to_str().unwrap(), "--trials", "1000"]);
    assert!(out.contains("Combate: Flail of the charge"), "{out}");
    assert!(out.contains("5 Flail of the charge (5 de frente)"), "{out}");
    assert!(
        out.contains("miniaturas perdidas por Spearmen who flee at the charge"),
        "{out}"
    );
    assert!(!out.contains("carga (5") && !out.contains("huida"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
