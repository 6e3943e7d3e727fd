//! `sweep`, `compare` and `completions` as a user runs them: the grid, common
//! random numbers, the significance column, bad `--vary` expressions, and
//! snapshots of table, JSON and CSV output under a fixed seed.

use crate::common::run::{error, json, mathhammer, stdout, BOAR_BOYZ};

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

#[test]
fn a_sweep_is_the_grid_of_single_runs_with_the_same_seed() {
    let sweep = json(&[
        "sweep",
        FLAGSHIP,
        "--vary",
        "attacker.models=5..6",
        "--vary",
        "defender.models=15,20",
        "--method",
        "monte-carlo",
        "--trials",
        "20000",
        "--seed",
        "3",
    ]);
    let rows = sweep["sweep"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1]["attacker.models"], "5");
    assert_eq!(rows[1]["defender.models"], "20");
    // Common random numbers: the point is the single run with its values.
    let single = json(&[
        "combat",
        FLAGSHIP,
        "--set",
        "defender.models=20",
        "--method",
        "monte-carlo",
        "--trials",
        "20000",
        "--seed",
        "3",
    ]);
    assert_eq!(rows[1]["p_attacker_wins"], single["p_attacker_wins"]);
    // More spearmen, fewer boar boyz wins.
    let p = |i: usize| rows[i]["p_attacker_wins"]["estimate"].as_f64().unwrap();
    assert!(p(0) > p(1) && p(2) > p(3), "{rows:?}");
}

#[test]
fn a_sweep_of_a_query_file_is_exact() {
    let sweep = json(&[
        "sweep",
        "scenarios/queries/boar_boyz_charge.toml",
        "--vary",
        "distance=18..22:2",
    ]);
    let rows = sweep["sweep"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    // Seed 000: Boar Boyz (charge 36) catch Spearmen fleeing 5D6 from 20 cm
    // if the roll is 16 or less: 3,108 of 7,776.
    let p = rows[1]["p_caught"].as_f64().unwrap();
    assert!((p - 3108.0 / 7776.0).abs() < 1e-12, "{p}");
}

#[test]
fn a_query_files_inches_are_the_flags_inches() {
    let dir = std::env::temp_dir().join(format!("mh-inches-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, &[&str], &str); 2] = [
        (
            "query = \"flee\"\nmove = 4\ninches = true\n",
            &["flee", "--move", "4", "--inches"],
            "mean",
        ),
        (
            "query = \"charge\"\nmove = 7\ndistance = 10\nreaction = \"flee\"\ntarget_move = 4\ninches = true\n",
            &["charge", "--move", "7", "--distance", "10", "--reaction", "flee", "--target-move", "4", "--inches"],
            "p_caught",
        ),
    ];
    for (i, (text, flags, key)) in cases.iter().enumerate() {
        let path = dir.join(format!("q{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        let sweep = json(&["sweep", &path, "--vary", "inches=true,false"]);
        let rows = sweep["sweep"].as_array().unwrap();
        assert_eq!(rows[0][key], json(flags)[key], "{text}");
        assert_ne!(rows[0][key], rows[1][key], "{text}");
    }
}

#[test]
fn compare_sets_loadouts_side_by_side() {
    let c = json(&[
        "compare",
        "scenarios/queries/halberdiers_vs_orcs.toml",
        "scenarios/queries/spearmen_vs_orcs.toml",
    ]);
    let rows = c["compare"].as_array().unwrap();
    let wounds = &rows[0];
    // Halberds (S4) wound orcs (T4) on 4+, spears (S3) on 5+.
    let (a, b) = (wounds["a"].as_f64().unwrap(), wounds["b"].as_f64().unwrap());
    assert!((wounds["b_minus_a"].as_f64().unwrap() - (b - a)).abs() < 1e-12);
    assert!(b < a);
    // Exact figures: the column says whether they differ.
    assert_eq!(wounds["b_different"], "yes");
    assert!(wounds.get("b_significant").is_none());
    // Per 100 points: both cost 6 a model.
    assert!(rows.iter().any(|r| r["figure"]
        .as_str()
        .unwrap()
        .contains("mean_wounds_per_100_points")));
    // The same file twice under common random numbers: no difference at all.
    let same = json(&[
        "compare",
        FLAGSHIP,
        FLAGSHIP,
        "--method",
        "monte-carlo",
        "--trials",
        "20000",
        "--seed",
        "5",
    ]);
    for row in same["compare"].as_array().unwrap() {
        assert_eq!(row["b_minus_a"].as_f64(), Some(0.0), "{row}");
        assert_eq!(row["b_significant"], "no");
    }
    // And exact (--method auto's choice: both whole fights fit).
    let same = json(&["compare", FLAGSHIP, FLAGSHIP]);
    for row in same["compare"].as_array().unwrap() {
        assert_eq!(row["b_minus_a"].as_f64(), Some(0.0), "{row}");
        assert_eq!(row["b_different"], "no");
    }
}

/// `--method auto` runs every point of a sweep with one engine: exact when
/// each fits, each point then the exact single run; else Monte Carlo for
/// all, saying why on stderr.
#[test]
fn auto_sweeps_are_exact_if_every_point_fits_else_monte_carlo() {
    let out = mathhammer()
        .args([
            "sweep",
            FLAGSHIP,
            "--vary",
            "defender.models=15,20",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("worked out exactly"), "{stderr}");
    let sweep: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let single = json(&["combat", FLAGSHIP, "--set", "defender.models=15"]);
    let row = &sweep["sweep"][0];
    assert_eq!(row["p_attacker_wins"], single["p_attacker_wins"]);
    assert!(row["p_attacker_wins"].is_number(), "{row}");
    // Three units: with 35 orcs, past auto's budget of about a second at
    // round 5, so every point runs Monte Carlo.
    let knights = "scenarios/knights_hit_the_flank_of_engaged_orcs.toml";
    let out = mathhammer()
        .args([
            "sweep",
            knights,
            "--vary",
            "defender.models=25,35",
            "--trials",
            "2000",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("estimated by playing it out") && stderr.contains("(at run 2)"),
        "{stderr}"
    );
    let sweep: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for row in sweep["sweep"].as_array().unwrap() {
        assert!(row["p_attacker_wins"]["estimate"].is_number(), "{row}");
    }
}

#[test]
fn bad_vary_and_compare_input_is_named() {
    let e = error(&["sweep", FLAGSHIP, "--vary", "attacker.modles=5..6"]);
    assert!(e.contains("--vary") && e.contains("modles"), "{e}");
    let e = error(&["sweep", FLAGSHIP, "--vary", "attacker.models=6..5"]);
    assert!(e.contains("--vary") && e.contains("empty range"), "{e}");
    let e = error(&["sweep", FLAGSHIP, "--vary", "attacker.models=many,few"]);
    assert!(e.contains("--vary") && e.contains("models"), "{e}");
    let e = error(&["sweep", FLAGSHIP, "--vary", "attacker.models"]);
    assert!(e.contains("--vary") && e.contains("accepted"), "{e}");
    let e = error(&[
        "compare",
        FLAGSHIP,
        "scenarios/queries/boar_boyz_charge.toml",
    ]);
    assert!(
        e.contains("a charge query") && e.contains("accepted: combat"),
        "{e}"
    );
    let e = error(&[
        "sweep",
        FLAGSHIP,
        "--vary",
        "attacker.models=5,6",
        "--method",
        "all",
    ]);
    assert!(e.contains("--method") && e.contains("one engine"), "{e}");
}

#[test]
fn huge_grids_and_repeated_keys_are_refused_before_anything_runs() {
    for spec in ["attacker.models=1..1e30", "situation.distance=0..1:1e-300"] {
        let e = error(&["sweep", FLAGSHIP, "--vary", spec]);
        assert!(e.contains("--vary") && e.contains("at most 1000"), "{e}");
    }
    // Eight keys of 256 values: 256^8 wraps a 64-bit count to 0.
    let mut args = vec!["sweep".to_string(), FLAGSHIP.to_string()];
    for i in 0..8 {
        args.extend(["--vary".into(), format!("k{i}.x=1..256")]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let e = error(&args);
    assert!(
        e.contains("points in the grid") && e.contains("at most 1000"),
        "{e}"
    );
    let e = error(&[
        "sweep",
        FLAGSHIP,
        "--vary",
        "attacker.models=5,6",
        "--vary",
        "attacker.models=7",
    ]);
    assert!(e.contains("attacker.models is varied twice"), "{e}");
}

#[test]
fn a_query_files_own_errors_are_its_own() {
    let dir = std::env::temp_dir().join(format!("mh-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    // A missing key is the file's, named as the file's key.
    let q = file("no_move.toml", "query = \"charge\"\ndistance = 20\n");
    let e = error(&["sweep", &q, "--vary", "distance=1..3"]);
    assert!(
        !e.contains("--vary") && e.contains("no_move.toml") && e.contains("move"),
        "{e}"
    );
    // ... unless the sweep gives it.
    stdout(&["sweep", &q, "--vary", "move=8,10"]);
    // Engine and output flags do not belong in a query file.
    let q = file(
        "method.toml",
        "query = \"charge\"\nmove = 18\ndistance = 20\nmethod = \"dice\"\n",
    );
    let e = error(&["sweep", &q, "--vary", "distance=1..3"]);
    assert!(
        e.contains("method.toml: method") && e.contains("command line"),
        "{e}"
    );
    // A battle line's unknown key is the file's, at its line, as `panic`
    // says it.
    let l = file("l.toml", "query = \"panic\"\n\nbogus = 1\n");
    let e = error(&["sweep", &l, "--vary", "unit.1.models=5,6"]);
    assert!(
        e.starts_with(&format!("error: {l}:3:1: unknown field `bogus`")),
        "{e}"
    );
    assert_eq!(e, error(&["panic", &l]));
    // A missing table names the table, not the file's first key.
    let s = file(
        "no_defender.toml",
        "name = \"x\"\n[attacker]\nmodels = 1\n[situation]\n",
    );
    let e = error(&["combat", &s]);
    assert!(
        e.contains("missing field `defender`") && !e.contains("name:"),
        "{e}"
    );
    // A bad varied value is the --vary's.
    let q = file(
        "charge.toml",
        "query = \"charge\"\nmove = 18\ndistance = 20\n",
    );
    let e = error(&["sweep", &q, "--vary", "distance=x,y"]);
    assert!(e.contains("--vary") && e.contains("distance=x"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_and_version() {
    let bash = stdout(&["completions", "bash"]);
    assert!(
        bash.contains("_mathhammer") && bash.contains("sweep"),
        "{bash}"
    );
    let fish = stdout(&["completions", "fish"]);
    assert!(fish.contains("complete -c mathhammer"));
    let version = stdout(&["--version"]);
    assert!(version.starts_with("mathhammer "), "{version}");
}

#[test]
fn sweep_output_snapshots() {
    let args = [
        "sweep",
        FLAGSHIP,
        "--vary",
        "attacker.models=5,7",
        "--method",
        "monte-carlo",
        "--trials",
        "20000",
        "--seed",
        "9",
    ];
    // `--wide` prints the table as it was before the 80-column default.
    insta::assert_snapshot!("sweep_table", stdout(&[&args[..], &["--wide"]].concat()));
    insta::assert_snapshot!("sweep_fitted", stdout(&args));
    let mut csv = args.to_vec();
    csv.push("--csv");
    insta::assert_snapshot!("sweep_csv", stdout(&csv));
    let mut js = args.to_vec();
    js.push("--json");
    insta::assert_snapshot!("sweep_json", stdout(&js));
}

#[test]
fn spanish_terms_are_aliases_and_output_stays_english() {
    // The seeds' Spanish terms in flags, values and scenario files.
    let es = stdout(&[
        "charge",
        "--movimiento",
        "18",
        "--distancia",
        "20",
        "--reaccion",
        "huir",
        "--target-move",
        "10",
    ]);
    let en = stdout(BOAR_BOYZ);
    assert_eq!(es, en);
    assert!(es.contains("P(contact)"));
    let es = stdout(&[
        "attacks",
        "--miniaturas",
        "20",
        "--ws",
        "3",
        "--s",
        "3",
        "--arma",
        "alabarda",
        "--reglas",
        "odio,furia",
        "--target-ws",
        "3",
        "--target-t",
        "4",
    ]);
    let en = stdout(&[
        "attacks",
        "--models",
        "20",
        "--ws",
        "3",
        "--s",
        "3",
        "--weapon",
        "halberd",
        "--rules",
        "hatred,frenzy",
        "--target-ws",
        "3",
        "--target-t",
        "4",
    ]);
    assert_eq!(es, en);
    let shoot = [
        "shoot",
        "--models",
        "10",
        "--bs",
        "3",
        "--s",
        "3",
        "--target-t",
        "3",
    ];
    let mut es = shoot.to_vec();
    es.push("--hostigadores");
    let mut en = shoot.to_vec();
    en.push("--target-skirmishers");
    assert_eq!(stdout(&es), stdout(&en));
    // In a scenario file: weapons, rules, sides, facings and reactions.
    let sets = [
        "attacker.weapon=arma_a_dos_manos",
        "attacker.rules=[\"miedo\", \"terror\", \"tozudez\"]",
        "defender.weapon=lanza",
        "defender.rules=[\"inquebrantable\"]",
        "situation.charger=atacante",
        "situation.facing=flanco",
        "situation.reaction=mantener",
    ];
    let english = [
        "attacker.weapon=great-weapon",
        "attacker.rules=[\"fear\", \"terror\", \"stubborn\"]",
        "defender.weapon=spear",
        "defender.rules=[\"unbreakable\"]",
        "situation.charger=attacker",
        "situation.facing=flank",
        "situation.reaction=hold",
    ];
    let run = |sets: &[&str]| {
        let mut args = vec!["combat", FLAGSHIP, "--trials", "20000", "--json"];
        for s in sets {
            args.push("--set");
            args.push(s);
        }
        // The same fight, whatever the words its overrides were given in.
        let mut report: serde_json::Value = serde_json::from_str(&stdout(&args)).unwrap();
        report.as_object_mut().unwrap().remove("set");
        report
    };
    assert_eq!(run(&sets), run(&english));
}

#[test]
fn a_varied_value_the_file_refuses_is_named_once() {
    // The file refused the override itself: the error shows the value and
    // is the --vary's, without naming --set or the point a second time.
    let e = error(&[
        "sweep",
        FLAGSHIP,
        "--vary",
        "attacker.models=x,y",
        "--trials",
        "100",
    ]);
    assert!(
        e.starts_with("error: --vary: ") && e.contains("(attacker.models=x)"),
        "{e}"
    );
    assert!(!e.contains("--set") && !e.contains("(at "), "{e}");
}

#[test]
fn a_query_files_bad_values_are_named_by_their_keys() {
    let dir = std::env::temp_dir().join(format!("mh-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let attacks = "query = \"attacks\"\nws = 3\ns = 4\ntarget_t = 4\ntarget_ws = 3\n";
    let cases = [
        (
            "query = \"charge\"\nmove = 18\ndistance = inf\n",
            "distance: inf is not a number",
        ),
        (
            "query = \"charge\"\nmove = \"x\"\ndistance = 20\n",
            "move: x is not a move (accepted: e.g. 18 or 12.5, or dice rolled in inches such as 2D6)",
        ),
        (
            "query = \"charge\"\nmove = 18\nmovimiento = 18\ndistance = 3\n",
            "movimiento: the same as move, given twice",
        ),
        (
            "query = \"charge\"\nmove = 18\ndistance = 20\nreaction = \"flee\"\n",
            "target_move: required with reaction flee",
        ),
        (
            "query = \"leadership\"\nld = 7.5\n",
            "ld: 7.5 is not a whole number (accepted: 2 to 10)",
        ),
        (
            "query = \"leadership\"\nld = 7\nreroll = \"yes\"\n",
            "reroll: invalid type",
        ),
        (
            "query = \"leadership\"\nld = 7\nld_x = 1\n",
            "ld_x: not a key of this query (accepted: ld, modifier,",
        ),
        (
            "query = \"flee\"\nmove = 10\npursuer_flies = true\n",
            "pursuer_move: the following required arguments were not provided: pursuer_move",
        ),
        (
            "query = \"flee\"\nmove = 4\ninches = 3\n",
            "inches: invalid type: integer `3`, expected a boolean",
        ),
        (
            "query = \"flee\"\nmove = 4\nsampler = \"bogus\"\n",
            "sampler: how to run and print is given on the command line",
        ),
        (
            &format!("{attacks}models = 0\n"),
            "models: 0 is out of range (accepted: 1 to 1000)",
        ),
        (
            &format!("{attacks}weapon = \"halbard\"\n"),
            "weapon: 'halbard' is not one of its values (accepted: hand-weapon,",
        ),
        (
            &format!("{attacks}rules = [\"hatred\", \"fly\"]\n"),
            "rules: 'fly' is not one of its values (accepted:",
        ),
        (
            &format!("{attacks}target_armour = \"mithril\"\n"),
            "target_armour: unknown armour 'mithril'",
        ),
        (
            &format!("{attacks}target_ward = 7\n"),
            "target_ward: 7 is out of range (accepted: 2 to 6)",
        ),
        (
            "query = \"charge\"\nmove = { cm = 18 }\ndistance = 20\n",
            "move: invalid type: table, expected a number, a word, true/false or a list",
        ),
        (
            &format!("{attacks}rules = [[\"hatred\"]]\n"),
            "rules: invalid type: array, expected a number, a word, true/false or a list",
        ),
        (
            "query = \"charge\"\nmove = 18\ndistance = 20\nhtml = true\n",
            "html: how to run and print is given on the command line",
        ),
        (
            "query = \"leadership\"\nld = 7\nmodifier = -21\n",
            "modifier: -21 is out of range",
        ),
    ];
    for (i, (text, expected)) in cases.iter().enumerate() {
        let path = dir.join(format!("q{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        let e = error(&["compare", &path, &path]);
        assert!(e.contains(&format!("q{i}.toml: {expected}")), "{text}\n{e}");
    }
    // A file's values are the flags' values: aliases, lists as words, and
    // defaults taken from the flags' own.
    let path = dir.join("ok.toml");
    std::fs::write(
        &path,
        format!("{attacks}miniaturas = 10\nrules = \"hatred\"\ntarget_armour = \"light,shield\"\n"),
    )
    .unwrap();
    let from_file = json(&[
        "compare",
        &path.display().to_string(),
        &path.display().to_string(),
    ]);
    let flags = json(&[
        "attacks",
        "--ws",
        "3",
        "--s",
        "4",
        "--target-t",
        "4",
        "--models",
        "10",
        "--rules",
        "hatred",
        "--target-armour",
        "light,shield",
        "--target-ws",
        "3",
    ]);
    assert_eq!(
        from_file["compare"][0]["a"], flags["mean_wounds"],
        "{from_file}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_sweep_with_precision_reports_the_trials_that_ran() {
    let args = [
        "sweep",
        "scenarios/queries/boar_boyz_charge.toml",
        "--vary",
        "distance=18,20,36",
        "--method",
        "monte-carlo",
        "--precision",
        "0.003",
    ];
    let sweep = json(&args);
    let ran: Vec<u64> = sweep["sweep"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["p_contact"]["trials"].as_u64().unwrap())
        .collect();
    assert_eq!(sweep["trials_fewest"], *ran.iter().min().unwrap());
    assert_eq!(sweep["trials_most"], *ran.iter().max().unwrap());
    assert_ne!(ran.iter().min(), ran.iter().max(), "{ran:?}");
    assert_eq!(sweep["precision"], 0.003);
    assert!(sweep.get("trials").is_none(), "{sweep}");
    let text = stdout(&args);
    assert!(!text.contains("1000000"), "{text}");
    let compare = json(&[
        "compare",
        "scenarios/queries/boar_boyz_charge.toml",
        "scenarios/queries/boar_boyz_charge.toml",
        "--method",
        "monte-carlo",
        "--precision",
        "0.01",
    ]);
    assert_eq!(compare["trials_most"], 65536);
}
