//! `sweep` and `compare` as a terminal shows them: within 80 columns by
//! default (a row per figure, a column per point or run, in blocks that
//! fit), the table of a row per point (or figure) with every key and
//! interval with `--wide`, and `compare --csv`'s columns named by the runs.

use crate::common::run::{json, mathhammer, stdout};

/// Few fast Monte Carlo trials: the layout, not the figures, is tested.
const FEW: [&str; 4] = ["--method", "monte-carlo", "--trials", "2000"];

/// The README's sweeps and comparisons: one varied key (numbers, names),
/// two, a query file's, a roster's units picked by flags; two files, four,
/// and variants of a picked fight.
fn cases() -> Vec<Vec<&'static str>> {
    let picked = [
        "--attacker",
        "scenarios/rosters/empire_500.ros:Halberdiers",
        "--defender",
        "scenarios/rosters/orcs_500.ros:2",
    ];
    let sweep = |args: &[&'static str]| [&["sweep"][..], args].concat();
    let compare = |args: &[&'static str]| [&["compare"][..], args, &FEW].concat();
    vec![
        sweep(&[
            "scenarios/boar_boyz_charge_spearmen.toml",
            "--vary",
            "attacker.models=5..8",
            "--vary",
            "defender.models=15..30:5",
        ]),
        sweep(&[
            "scenarios/ogres_charge_halberdiers.toml",
            "--vary",
            "defender.weapon=halberd,spear",
        ]),
        sweep(&[
            "scenarios/queries/boar_boyz_charge.toml",
            "--vary",
            "distance=10..36:2",
        ]),
        sweep(&[&picked[..], &["--vary", "attacker.models=20..30:5"]].concat()),
        compare(&[
            "scenarios/queries/halberdiers_vs_orcs.toml",
            "scenarios/queries/spearmen_vs_orcs.toml",
        ]),
        compare(&[
            "scenarios/boar_boyz_charge_spearmen.toml",
            "scenarios/boar_boyz_charge_crossbowmen.toml",
            "scenarios/ogres_charge_halberdiers.toml",
            "scenarios/knights_charge_halberdiers.toml",
        ]),
        compare(
            &[
                &picked[..],
                &[
                    "--variant",
                    "attacker.models=25;attacker.weapon=spear",
                    "--variant",
                    "attacker.models=30",
                ],
            ]
            .concat(),
        ),
    ]
}

#[test]
fn sweeps_and_comparisons_fit_80_columns_unless_wide() {
    for case in cases() {
        for lang in ["en", "es"] {
            let args = [&case[..], &["--lang", lang, "--quiet"]].concat();
            let fitted = stdout(&args);
            let long: Vec<&str> = (fitted.lines())
                .filter(|l| l.chars().count() > 80)
                .collect();
            assert!(long.is_empty(), "{args:?}:\n{}", long.join("\n"));
            // Each is a case the table of a row per point cannot fit.
            let wide = stdout(&[&args[..], &["--wide"]].concat());
            assert!(wide.lines().any(|l| l.chars().count() > 80), "{args:?}");
            assert_ne!(fitted, wide, "{args:?}");
        }
    }
}

#[test]
fn fitted_figures_are_rows_labelled_without_their_keys() {
    let sweep = stdout(&[
        "sweep",
        "scenarios/queries/boar_boyz_charge.toml",
        "--vary",
        "distance=18..22:2",
    ]);
    // A row per figure, a column per point: 3,108 of 7,776 at 20.
    let contact = (sweep.lines())
        .find(|l| l.starts_with("P(contact)"))
        .unwrap_or_else(|| panic!("{sweep}"));
    let cells: Vec<&str> = contact.split_whitespace().skip(1).collect();
    assert_eq!(cells, ["60.0%", "40.0%", "22.1%"], "{contact}");
    let args = [
        "compare",
        "scenarios/queries/halberdiers_vs_orcs.toml",
        "scenarios/queries/spearmen_vs_orcs.toml",
    ];
    let fitted = stdout(&args);
    let slain = (fitted.lines())
        .find(|l| l.starts_with("mean models slain "))
        .unwrap_or_else(|| panic!("{fitted}"));
    assert_eq!(
        slain.split_whitespace().skip(3).collect::<Vec<_>>(),
        ["3.33", "1.67", "-1.67"]
    );
    assert!(!fitted.contains("mean_kills"), "{fitted}");
    let wide = stdout(&[&args[..], &["--wide"]].concat());
    assert!(wide.contains("mean models slain (mean_kills)"), "{wide}");
}

#[test]
fn compare_csv_names_its_columns_by_the_runs() {
    let header = |args: &[&str]| stdout(args).lines().next().unwrap_or_default().to_string();
    let files = header(&[
        "compare",
        "scenarios/queries/halberdiers_vs_orcs.toml",
        "scenarios/queries/spearmen_vs_orcs.toml",
        "--csv",
    ]);
    assert_eq!(
        files,
        "figure,halberdiers_vs_orcs,spearmen_vs_orcs,\
         spearmen_vs_orcs_minus_halberdiers_vs_orcs,spearmen_vs_orcs_different"
    );
    // A variant's changes, quoted where CSV must; a name two runs share
    // numbered by its run.
    let args = [
        &[
            "compare",
            "--attacker",
            "scenarios/rosters/empire_500.ros:Halberdiers",
            "--defender",
            "scenarios/rosters/orcs_500.ros:2",
            "--variant",
            "attacker.rules=[\"hatred\",\"frenzy\"]",
            "--variant",
            "attacker.models=25",
            "--variant",
            "attacker.models=25",
        ][..],
        &FEW,
    ]
    .concat();
    let variants = header(&[&args[..], &["--csv"]].concat());
    let hatred = "\"attacker.rules=[\"\"hatred\"\",\"\"frenzy\"\"]\"";
    assert!(
        variants.starts_with(&format!(
            "figure,as picked,as picked_lo,as picked_hi,{hatred},"
        )),
        "{variants}"
    );
    for column in [
        "\"attacker.rules=[\"\"hatred\"\",\"\"frenzy\"\"]_minus_as picked\"",
        "attacker.models=25 (3)_minus_as picked",
        "attacker.models=25 (4)_significant",
    ] {
        assert!(variants.contains(&format!(",{column}")), "{variants}");
    }
    // JSON keeps its keys.
    let rows = json(&args);
    assert!(rows["compare"][0].get("d_minus_a").is_some(), "{rows}");
}

#[test]
fn wide_is_idle_with_json_csv_or_html() {
    for format in ["--json", "--csv", "--html"] {
        let out = mathhammer()
            .args([
                "compare",
                "scenarios/queries/halberdiers_vs_orcs.toml",
                "scenarios/queries/spearmen_vs_orcs.toml",
                "--wide",
                format,
            ])
            .output()
            .unwrap();
        let notes = String::from_utf8_lossy(&out.stderr);
        assert!(
            notes.contains("--wide does nothing with --json, --csv or --html"),
            "{format}: {notes}"
        );
    }
}
