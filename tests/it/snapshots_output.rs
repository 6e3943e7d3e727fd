//! Whole outputs under fixed seeds, as insta snapshots: the readable table,
//! JSON and CSV of every query, so a change to any printed number, label or
//! column shows up in review (`cargo insta review`, or INSTA_UPDATE=always
//! for an intended change). The sweep's and the flagship fight's JSON have
//! their own snapshots in tests/sweep.rs and tests/scenarios.rs.

use crate::common::run::{stdout, BOAR_BOYZ};

/// The table, JSON and CSV of `args`, each as a snapshot `{name}_{format}`.
fn snapshot_all(name: &str, args: &[&str]) {
    insta::assert_snapshot!(format!("{name}_table"), stdout(args));
    let with = |flag: &str| stdout(&[args, &[flag]].concat());
    insta::assert_snapshot!(format!("{name}_json"), with("--json"));
    insta::assert_snapshot!(format!("{name}_csv"), with("--csv"));
}

/// Every engine side by side, few trials, a fixed seed.
const ALL: [&str; 6] = ["--method", "all", "--trials", "4000", "--seed", "11"];

#[test]
fn charge_outputs() {
    let args = [BOAR_BOYZ, &["--reach-table", "--confidence", "0.9"], &ALL].concat();
    snapshot_all("charge", &args);
}

#[test]
fn flee_outputs() {
    let args = [&["flee", "--move", "10", "--pursuer-move", "18"][..], &ALL].concat();
    snapshot_all("flee", &args);
}

#[test]
fn leadership_outputs() {
    let args = [
        &["leadership", "--ld", "8", "--modifier", "2", "--reroll"][..],
        &ALL,
    ]
    .concat();
    snapshot_all("leadership", &args);
}

#[test]
fn attacks_outputs() {
    let args = [
        &[
            "attacks",
            "--attacker",
            "scenarios/profiles/ogre_bull.toml",
            "--models",
            "3",
            "--charging",
            "--target",
            "scenarios/profiles/empire_halberdier.toml",
        ][..],
        &ALL,
    ]
    .concat();
    snapshot_all("attacks", &args);
}

#[test]
fn shoot_outputs() {
    let args = [
        "shoot",
        "--models",
        "10",
        "--bs",
        "3",
        "--s",
        "4",
        "--rules",
        "armour-piercing",
        "--long-range",
        "--target",
        "scenarios/profiles/bretonnian_knight.toml",
    ];
    snapshot_all("shoot", &args);
}

#[test]
fn combat_outputs() {
    let args = [
        "combat",
        "scenarios/two_units_charge_one.toml",
        "--method",
        "monte-carlo",
        "--trials",
        "4000",
        "--seed",
        "11",
    ];
    snapshot_all("combat", &args);
}

#[test]
fn compare_outputs() {
    let args = [
        "compare",
        "scenarios/queries/halberdiers_vs_orcs.toml",
        "scenarios/queries/spearmen_vs_orcs.toml",
    ];
    // `--wide` prints the table as it was before the 80-column default.
    insta::assert_snapshot!("compare_table", stdout(&[&args[..], &["--wide"]].concat()));
    insta::assert_snapshot!("compare_fitted", stdout(&args));
    let with = |flag: &str| stdout(&[&args[..], &[flag]].concat());
    insta::assert_snapshot!("compare_json", with("--json"));
    insta::assert_snapshot!("compare_csv", with("--csv"));
}

#[test]
fn spanish_table_output() {
    let args = [
        "combat",
        "scenarios/boar_boyz_charge_spearmen.toml",
        "--lang",
        "es",
    ];
    insta::assert_snapshot!("combat_table_es", stdout(&args));
}
