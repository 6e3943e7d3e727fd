//! `--html`: the answer first (the query's headline figures), the figures
//! as tables with zero rows folded, in the language asked, every text
//! escaped.

use crate::common::run::{json, stdout};

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

#[test]
fn the_headline_comes_first_with_the_jsons_figures() {
    let args = ["combat", FLAGSHIP, "--method", "exact"];
    let html = stdout(&[&args[..], &["--html"]].concat());
    let v = json(&args);
    let wins = v["p_attacker_wins"].as_f64().unwrap();
    let headline = html.find("<dl class=\"headline\">").expect("a headline");
    let first_table = html.find("<table").unwrap();
    assert!(headline < first_table, "{html}");
    // In the units' names, to one decimal.
    let shown = format!("<dt>P(Orc boar boy wins)</dt><dd>{:.1}%</dd>", wins * 100.0);
    assert!(
        html[headline..first_table].contains(&shown),
        "{shown} in\n{html}"
    );
}

#[test]
fn the_headline_names_a_side_by_its_unit_only_when_that_is_one_unit() {
    let headline = |args: &[&str]| {
        let html = stdout(&[args, &["--html", "--method", "exact", "--lang", "es"]].concat());
        let end = html.find("</dl>").unwrap();
        html[..end].to_string()
    };
    let named = headline(&["combat", FLAGSHIP]);
    assert!(named.contains("<dt>P(Orc boar boy gana)</dt>"), "{named}");
    assert!(
        named.contains("<dt>P(Empire spearman se desmoraliza y es alcanzado)</dt>"),
        "{named}"
    );
    // Two units on a side: "attacker" is the side.
    let sides = headline(&["combat", "scenarios/two_units_charge_one.toml"]);
    assert!(sides.contains("<dt>P(atacante gana)</dt>"), "{sides}");
    // Two units of one name: told apart by their sides.
    let orcs = "scenarios/profiles/orc_boy.toml:10";
    let same = headline(&["combat", "--attacker", orcs, "--defender", orcs]);
    assert!(same.contains("<dt>P(atacante gana)</dt>"), "{same}");
}

#[test]
fn zero_figures_are_folded_and_others_are_not() {
    let html = stdout(&["combat", FLAGSHIP, "--method", "exact", "--html"]);
    let (main, folded) = html.split_once("<details>").expect("folded figures");
    // The charge always reaches here: its failure is zero, and folded.
    assert!(!main.contains("P(charge fails)"), "{main}");
    assert!(
        folded.contains("<th>P(charge fails)</th><td>0.0000%</td>"),
        "{folded}"
    );
    assert!(
        main.contains("<th>P(Orc boar boy wins)</th><td>5.1438%</td>"),
        "{main}"
    );
    assert!(folded.contains("<summary>All figures ("), "{folded}");
}

#[test]
fn html_is_in_the_language_asked_and_escapes_names() {
    let path = crate::common::run::flagship_with("html", "named.toml", |t| {
        t.replacen("[attacker]", "[attacker]\nname = \"<b>Boyz & co</b>\"", 1)
    });
    let html = stdout(&[
        "combat",
        path.to_str().unwrap(),
        "--method",
        "exact",
        "--html",
        "--lang",
        "es",
    ]);
    assert!(html.contains("&lt;b&gt;Boyz &amp; co&lt;/b&gt;"), "{html}");
    assert!(!html.contains("<b>"), "{html}");
    // The headline names the unit, escaped too.
    assert!(
        html.contains("<dt>P(&lt;b&gt;Boyz &amp; co&lt;/b&gt; gana)</dt>"),
        "{html}"
    );
    assert!(html.contains("<summary>Todas las cifras ("), "{html}");
}

#[test]
fn a_distribution_draws_its_bars() {
    let html = stdout(&["flee", "--move", "10", "--html"]);
    assert!(
        html.contains("<td class=\"bar\"><span style=\"width:100%\"></span></td>"),
        "{html}"
    );
}
