//! `--plot FILE.json`: the figure itself, to draw elsewhere (the web page
//! draws its charts from it, so its module carries no drawing code). The
//! keys are `palette` (the series colours, `"#1f77b4"`, [`PALETTE`]) and
//! the [`Figure`]'s fields: `title` and `panels`, each panel with
//! `title`, `x_label`, `y_label`, `value_range` (the value axis, `[low,
//! high]`, [`Panel::value_range`]), `axis` (`"numbers"`, `{"categories":
//! [names]}`, `{"map": [{name, corners}]}` or `{"grid": {rows, columns}}`),
//! `probability`, `wide` and `series` (`name`, `mark`: `"line"` or
//! `"bars"`, `colour` (an index into `palette`), and `points` of `x`, `y` and `interval`, `[low,
//! high]` or null). Words are in the figure's language.
//!
//! # Example
//! ```
//! use mathhammer::plot::{Axis, Figure, Mark, Panel, Point, Series};
//! let figure = Figure {
//!     title: "Charge".to_string(),
//!     panels: vec![Panel {
//!         title: "P(contact)".to_string(),
//!         x_label: String::new(),
//!         y_label: "probability".to_string(),
//!         axis: Axis::Categories(vec!["contact".to_string()]),
//!         probability: true,
//!         wide: true,
//!         series: vec![Series {
//!             name: "exact".to_string(),
//!             mark: Mark::Bars,
//!             colour: 0,
//!             points: vec![Point { x: 0.0, y: 0.5, interval: None }],
//!         }],
//!     }],
//! };
//! let json: serde_json::Value = serde_json::from_str(&figure.to_json()).unwrap();
//! assert_eq!(json["palette"][0], "#1f77b4");
//! assert_eq!(json["panels"][0]["axis"]["categories"][0], "contact");
//! assert_eq!(json["panels"][0]["series"][0]["points"][0]["y"], 0.5);
//! assert_eq!(json["panels"][0]["value_range"][1], 0.54);
//! ```

use super::{Figure, Panel, PALETTE};

/// The figure with the colours its series name by index.
#[derive(serde::Serialize)]
struct Drawn<'a> {
    palette: Vec<String>,
    title: &'a str,
    panels: Vec<DrawnPanel<'a>>,
}

/// A panel with its value axis, so that every drawing uses the same.
#[derive(serde::Serialize)]
struct DrawnPanel<'a> {
    #[serde(flatten)]
    panel: &'a Panel<String>,
    value_range: [f64; 2],
}

impl Figure<String> {
    /// The figure as JSON text, indented, ending in a newline.
    pub fn to_json(&self) -> String {
        let drawn = Drawn {
            palette: PALETTE
                .iter()
                .map(|[r, g, b]| format!("#{r:02x}{g:02x}{b:02x}"))
                .collect(),
            title: &self.title,
            panels: self
                .panels
                .iter()
                .map(|panel| {
                    let range = panel.value_range();
                    DrawnPanel {
                        panel,
                        value_range: [range.start, range.end],
                    }
                })
                .collect(),
        };
        // Strings, numbers and lists only: nothing serde_json refuses
        // (a non-finite number is written null).
        let mut text = serde_json::to_string_pretty(&drawn).expect("a figure is plain data");
        text.push('\n');
        text
    }
}
