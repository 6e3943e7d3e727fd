//! `--plot FILE.svg` as a user runs it: every chart parses as SVG, names its
//! series and axes, renders to pixels in each series' colour (resvg), and
//! plots the numbers the report prints; `--plot FILE.json` is the same
//! figure as data; a bad path is a one-line error that leaves no file
//! behind.

use crate::common::run::{error, json, stdout, BOAR_BOYZ};
use resvg::{tiny_skia, usvg};
use std::path::PathBuf;

/// A fresh path in the system's temporary folder for one test's chart.
fn chart_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mathhammer-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.svg"));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `args --plot PATH` and returns the SVG text written.
fn plot(name: &str, args: &[&str]) -> String {
    let path = chart_path(name);
    let mut all = args.to_vec();
    let p = path.to_str().unwrap();
    all.extend(["--plot", p]);
    stdout(&all);
    let svg = std::fs::read_to_string(&path).unwrap();
    // To look at the charts: MATHHAMMER_CHART_PNG=folder cargo test --test plot
    if let Some(dir) = std::env::var_os("MATHHAMMER_CHART_PNG") {
        let png = PathBuf::from(dir).join(format!("{name}.png"));
        render(&svg).save_png(&png).unwrap();
    }
    svg
}

/// The SVG (which must parse) drawn into pixels. Without fonts, so text is
/// not drawn: the tests read it from the SVG.
fn render(svg: &str) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses");
    let size = tree.size().to_int_size();
    assert!(size.width() >= 800 && size.height() >= 300, "{size:?}");
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The series colours of the palette (src/plot/mod.rs): exact, monte-carlo,
/// dice, then further series.
const BLUE: [u8; 3] = [31, 119, 180];
const ORANGE: [u8; 3] = [255, 127, 14];
const GREEN: [u8; 3] = [44, 160, 44];

/// Renders the SVG and counts the pixels of each colour.
fn pixels_of(svg: &str, colours: &[[u8; 3]]) -> Vec<usize> {
    let pixmap = render(svg);
    let data = pixmap.data();
    let painted = data
        .chunks(4)
        .filter(|p| p[3] > 0 && p[..3] != [255, 255, 255])
        .count();
    assert!(
        painted * 50 > data.len() / 4,
        "under 2% of the chart is drawn: {painted} pixels"
    );
    colours
        .iter()
        .map(|c| {
            data.chunks(4)
                .filter(|p| p[..3] == c[..] && p[3] == 255)
                .count()
        })
        .collect()
}

/// Every colour is drawn (at least a line's worth of pixels).
fn draws(svg: &str, colours: &[[u8; 3]]) {
    for (c, n) in colours.iter().zip(pixels_of(svg, colours)) {
        assert!(n >= 50, "colour {c:?} has only {n} pixels");
    }
}

/// The text elements of the SVG (titles, axis labels, legends, ticks).
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = t.split_once('>')?.1;
            Some(body.split_once("</text>")?.0.to_string())
        })
        .map(|t| {
            t.replace("&gt;", ">")
                .replace("&lt;", "<")
                .replace("&amp;", "&")
        })
        .collect()
}

fn has_text(svg: &str, wanted: &str) {
    let all = texts(svg);
    assert!(
        all.iter().any(|t| t.contains(wanted)),
        "no text {wanted:?} in {all:?}"
    );
}

#[test]
fn charge_plots_one_curve_per_reaction() {
    let svg = plot("charge", BOAR_BOYZ);
    for t in [
        "holds, exact",
        "flees (5D6 cm), exact",
        "declared distance (20 cm)",
        "distance to the target (cm)",
        "P(contact)",
        "100%",
    ] {
        has_text(&svg, t);
    }
    draws(&svg, &[BLUE, ORANGE]);
}

#[test]
fn charge_curve_is_the_exact_odds() {
    use mathhammer::query::Method;
    use mathhammer::sweep::Query;
    let settings = crate::common::settings(Method::Exact, 1, 1);
    let query = Query::Charge(crate::common::boar_boyz(20.0));
    let report = query.report(&settings);
    let figure = query.figure(&report);
    let flees = &figure.panels[0].series[1];
    assert!(
        flees.name.to_string().starts_with("flees (5D6"),
        "{}",
        flees.name
    );
    let at = |d: f64| {
        flees
            .points
            .iter()
            .find(|p| (p.x - d).abs() < 1e-9)
            .unwrap()
            .y
    };
    // The curve at the declared distance is the reported P(contact)
    // (39.9691%), and at 36 cm only a roll of 0 would do.
    let p = report.outcomes[0]
        .field("p_contact")
        .unwrap()
        .exact()
        .unwrap();
    assert!((at(20.0) - p).abs() < 1e-12 && (p - 0.399691).abs() < 1e-6);
    assert_eq!(at(36.0), 0.0);
    // Holding, contact is certain up to the range and impossible beyond it.
    let holds = &figure.panels[0].series[0];
    let y = |x: f64| {
        holds
            .points
            .iter()
            .find(|p| (p.x - x).abs() < 1e-9)
            .unwrap()
            .y
    };
    assert_eq!((y(36.0), y(36.1)), (1.0, 0.0));
}

#[test]
fn flee_plots_the_distribution_and_its_x_or_more() {
    let args = [
        "flee",
        "--move",
        "10",
        "--pursuer-move",
        "18",
        "--method",
        "all",
        "--trials",
        "2e4",
    ];
    let svg = plot("flee", &args);
    for t in [
        "Flee distance: P(= d)",
        "Flee distance: P(>= d)",
        "distance (cm)",
        "exact",
        "monte-carlo",
        "dice",
    ] {
        has_text(&svg, t);
    }
    draws(&svg, &[BLUE, ORANGE, GREEN]);
}

#[test]
fn attacks_plot_wounds_and_kills() {
    let svg = plot(
        "attacks",
        &[
            "attacks",
            "--attacker",
            "scenarios/profiles/empire_halberdier.toml",
            "--models",
            "20",
            "--target",
            "scenarios/profiles/orc_boy.toml",
        ],
    );
    for t in [
        "Wounds (combat result): P(= k) (exact)",
        "Models slain: P(>= k) (exact)",
        "wounds",
        "kills",
    ] {
        has_text(&svg, t);
    }
    draws(&svg, &[BLUE]);
}

#[test]
fn combat_plots_outcomes_and_casualties() {
    let svg = plot(
        "combat",
        &[
            "combat",
            "scenarios/two_units_charge_one.toml",
            "--method",
            "monte-carlo",
            "--trials",
            "2e4",
        ],
    );
    for t in [
        "attacker wins",
        "defender breaks and is caught",
        "attacker 2 destroyed",
        "defender models lost (Empire spearman): P(= k) (monte-carlo)",
        "attacker 2 models lost (Orc boy): P(>= k) (monte-carlo)",
    ] {
        has_text(&svg, t);
    }
    draws(&svg, &[ORANGE]);
}

#[test]
fn sweep_plots_each_headline_against_the_varied_value() {
    let svg = plot(
        "sweep",
        &[
            "sweep",
            "scenarios/boar_boyz_charge_spearmen.toml",
            "--vary",
            "attacker.models=4..6",
            "--vary",
            "defender.models=15,25",
            "--trials",
            "5000",
        ],
    );
    for t in [
        "P(attacker wins)",
        "mean defender casualties",
        "attacker.models",
        "defender.models=15",
        "defender.models=25",
    ] {
        has_text(&svg, t);
    }
    draws(&svg, &[BLUE, ORANGE]);
    // A list of weapons is a category axis.
    let svg = plot(
        "sweep_weapons",
        &[
            "sweep",
            "scenarios/ogres_charge_halberdiers.toml",
            "--vary",
            "defender.weapon=halberd,spear",
            "--trials",
            "5000",
        ],
    );
    has_text(&svg, "halberd");
    has_text(&svg, "spear");
    // Three numbers are bars, not a line through values never played;
    // four or more are a line.
    let series_line = |svg: &str| svg.contains("stroke=\"#1F77B4\" stroke-width=\"2\" points=");
    let sweep = |name: &str, models: &str| {
        plot(
            name,
            &[
                "sweep",
                "scenarios/boar_boyz_charge_spearmen.toml",
                "--vary",
                models,
            ],
        )
    };
    let three = sweep("sweep_three", "attacker.models=4..6");
    assert!(
        !series_line(&three) && three.matches("<rect").count() > 6,
        "no bars"
    );
    has_text(&three, "5");
    assert!(series_line(&sweep("sweep_four", "attacker.models=4..7")));
}

#[test]
fn compare_plots_each_file() {
    let svg = plot(
        "compare",
        &[
            "compare",
            "scenarios/boar_boyz_charge_spearmen.toml",
            "scenarios/boar_boyz_charge_crossbowmen.toml",
            "--trials",
            "5000",
        ],
    );
    has_text(&svg, "boar_boyz_charge_spearmen");
    has_text(&svg, "boar_boyz_charge_crossbowmen");
    has_text(&svg, "P(attacker wins)");
    draws(&svg, &[BLUE, ORANGE]);
}

#[test]
fn the_plot_does_not_change_stdout() {
    let args = ["flee", "--move", "10", "--pursuer-move", "18"];
    let path = chart_path("same_stdout");
    let mut with = args.to_vec();
    with.extend(["--plot", path.to_str().unwrap()]);
    assert_eq!(stdout(&args), stdout(&with));
    assert_eq!(json(&args), json(&with));
}

#[test]
fn bad_plot_paths_are_one_line_errors_and_leave_no_file() {
    let e = error(&["flee", "--move", "10", "--plot", "flee.png"]);
    assert!(e.contains("--plot") && e.contains(".svg or .json"), "{e}");
    let dir = chart_path("missing").with_file_name("no-such-folder");
    let target = dir.join("flee.svg");
    let e = error(&["flee", "--move", "10", "--plot", target.to_str().unwrap()]);
    assert!(e.contains("--plot") && e.contains("cannot write"), "{e}");
    assert!(!dir.exists());
}

#[test]
fn a_control_character_in_a_name_still_writes_xml() {
    let svg = plot(
        "control",
        &[
            "combat",
            "scenarios/boar_boyz_charge_spearmen.toml",
            "--set",
            "attacker.name=\"x\\u0001y\"",
        ],
    );
    render(&svg);
    has_text(&svg, "x\u{fffd}y");
}

#[test]
fn the_json_chart_is_the_svg_charts_figure_with_the_reports_numbers() {
    let args = [
        "combat",
        "scenarios/boar_boyz_charge_spearmen.toml",
        "--method",
        "all",
        "--trials",
        "4000",
    ];
    let svg = plot("figure", &args);
    let path = chart_path("figure").with_extension("json");
    let mut with = args.to_vec();
    with.extend(["--plot", path.to_str().unwrap()]);
    stdout(&with);
    let figure: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let panels = figure["panels"].as_array().unwrap();
    assert!(panels.len() >= 3, "{figure}");
    for panel in panels {
        let title = panel["title"].as_str().unwrap();
        has_text(&svg, title.split(" (").next().unwrap());
    }
    // The first panel's bars are the report's probabilities: the exact
    // series' P(attacker wins) is the exact engine's field, and the Monte
    // Carlo series carries its interval.
    let report = json(&args);
    let first = &panels[0];
    let names = first["axis"]["categories"].as_array().unwrap();
    let wins = names
        .iter()
        .position(|n| n == "attacker wins")
        .unwrap_or_else(|| panic!("{names:?}"));
    let series = first["series"].as_array().unwrap();
    let (exact, monte_carlo) = (&series[0], &series[1]);
    assert_eq!(exact["name"], "exact");
    let drawn = exact["points"][wins]["y"].as_f64().unwrap();
    let printed = report["exact"]["p_attacker_wins"].as_f64().unwrap();
    assert!((drawn - printed).abs() < 1e-12, "{drawn} {printed}");
    assert!(exact["points"][wins]["interval"].is_null());
    let interval = monte_carlo["points"][wins]["interval"].as_array().unwrap();
    assert!(interval[0].as_f64() < interval[1].as_f64(), "{interval:?}");
}
