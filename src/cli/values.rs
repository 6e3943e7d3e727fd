//! Value parsers of the command line: each checks the form and range of one
//! value and, on bad input, says what it got and what is accepted, in the
//! project's one-line form (`--models: -1 is out of range (accepted: 1 to
//! 1000)`, printed by `main.rs`).

use super::MAX_TRIALS;
use crate::text;
use crate::words::text::Text;

/// A whole number from `lo` to `hi`, as a `T`.
///
/// # Example
///
/// ```
/// use mathhammer::cli::values::whole;
/// let models = whole::<u32>(1, 1000);
/// assert_eq!(models("20"), Ok(20));
/// assert_eq!(models("2e1"), Ok(20));
/// assert_eq!(models("-1").unwrap_err().to_string(), "-1 is out of range (accepted: 1 to 1000)");
/// assert_eq!(models("1e30").unwrap_err().to_string(), "1e30 is out of range (accepted: 1 to 1000)");
/// ```
pub fn whole<T: TryFrom<i64>>(
    lo: i64,
    hi: i64,
) -> impl Fn(&str) -> Result<T, Text> + Clone + Send + Sync + 'static {
    move |s: &str| {
        let accepted = || text!("accepted: {} to {}", lo, hi);
        let t = s.trim();
        let n = match (t.parse::<i64>(), t.parse::<f64>()) {
            (Ok(n), _) => n,
            (Err(_), Ok(x)) if x.is_finite() && x.fract() != 0.0 => {
                return Err(text!("{} is not a whole number ({})", t, accepted()))
            }
            // 7.0, 1e1 and -5.0 are whole numbers written as decimals.
            (Err(_), Ok(x)) if x.abs() <= hi.max(-lo) as f64 => x as i64,
            (Err(_), Ok(_)) => return Err(text!("{} is out of range ({})", t, accepted())),
            (Err(_), Err(_)) => return Err(text!("{} is not a number ({})", t, accepted())),
        };
        if !(lo..=hi).contains(&n) {
            return Err(text!("{} is out of range ({})", n, accepted()));
        }
        T::try_from(n).map_err(|_| text!("{} is out of range ({})", n, accepted()))
    }
}

/// A chart's path, in a format `--plot` writes ([`ChartFormat`]), checked
/// before anything runs.
///
/// [`ChartFormat`]: crate::plot::ChartFormat
pub fn chart_path(s: &str) -> Result<std::path::PathBuf, Text> {
    let path = std::path::PathBuf::from(s);
    match crate::plot::ChartFormat::of(&path) {
        Some(_) => Ok(path),
        None => Err(text!("accepted: {}", crate::plot::ChartFormat::accepted())),
    }
}

/// A finite decimal number.
pub fn number(s: &str) -> Result<f64, Text> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(text!(
            "{} is not a number (accepted: e.g. 18 or 12.5)",
            s.trim()
        )),
    }
}

/// clap's message on one line: its paragraphs joined, without the usage and
/// "for more information" trailers.
pub fn one_line(message: &str) -> String {
    message
        .split("\n\n")
        .filter(|p| !p.starts_with("Usage:") && !p.starts_with("For more information"))
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// A stream seed: any whole number from 0 to 2^64 - 1.
pub fn seed(s: &str) -> Result<u64, Text> {
    s.trim().replace('_', "").parse::<u64>().map_err(|_| {
        text!(
            "{} is not a seed (accepted: a whole number from 0 to {})",
            s,
            u64::MAX
        )
    })
}

/// A trial count: digits with optional `_`, scientific notation (`1e6`) or a
/// k/M/G suffix; 1 to 1e10.
pub fn trials(s: &str) -> Result<u64, Text> {
    let accepted = || text!("accepted: 1 to 1e10, e.g. 1000000, 1e6 or 10M");
    let t = s.trim().replace('_', "");
    let (digits, scale) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 1e3),
        Some('M') => (&t[..t.len() - 1], 1e6),
        Some('G') => (&t[..t.len() - 1], 1e9),
        _ => (t.as_str(), 1.0),
    };
    let x = digits
        .parse::<f64>()
        .map_err(|_| text!("{} is not a number of trials ({})", s, accepted()))?
        * scale;
    if !(x.is_finite() && x.fract() == 0.0 && x >= 1.0 && x <= MAX_TRIALS as f64) {
        return Err(text!("{} is out of range ({})", s, accepted()));
    }
    Ok(x as u64)
}

/// A half-width target strictly between 0 and 0.5.
pub fn precision(s: &str) -> Result<f64, Text> {
    match number(s) {
        Ok(p) if p > 0.0 && p < 0.5 => Ok(p),
        _ => Err(text!("{} is out of range (accepted: a probability half-width above 0 and below 0.5, e.g. 0.001)", s.trim())),
    }
}

/// A whole number from `LO` to `HI` as a `T`: the one range check of a flag
/// and of the query-file key of the same name ([`whole`] parses both).
///
/// # Example
///
/// ```
/// use mathhammer::cli::values::Whole;
/// let ld: Whole<u8, 2, 10> = "7".parse().unwrap();
/// assert_eq!(ld.0, 7);
/// assert!("11".parse::<Whole<u8, 2, 10>>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Whole<T, const LO: i64, const HI: i64>(pub T);

impl<T: TryFrom<i64>, const LO: i64, const HI: i64> std::str::FromStr for Whole<T, LO, HI> {
    type Err = Text;
    fn from_str(s: &str) -> Result<Self, Text> {
        whole::<T>(LO, HI)(s).map(Whole)
    }
}

impl<T: std::fmt::Display, const LO: i64, const HI: i64> std::fmt::Display for Whole<T, LO, HI> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A count of models in a unit.
pub type Models = Whole<u32, 1, 1000>;
/// Leadership, 2 to 10.
pub type Ld = Whole<
    u8,
    { crate::rules::leadership::MIN_LD as i64 },
    { crate::rules::leadership::MAX_LD as i64 },
>;
/// A characteristic of a profile (WS, BS, S, T).
pub type Characteristic = Whole<u8, 1, 10>;

/// A charger's M: a finite decimal number, or a random mover's dice rolled
/// in inches (`2D6`: RULES.md Charges), as a flag and its query-file key
/// take it.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Movement(pub f64, pub Option<crate::rules::random::Dice>);

impl std::str::FromStr for Movement {
    type Err = Text;
    fn from_str(s: &str) -> Result<Self, Text> {
        if let Some((dice, 0)) = crate::rules::random::Dice::written(s) {
            return Ok(Movement(0.0, Some(dice)));
        }
        match s.trim().parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(Movement(x, None)),
            _ => Err(text!(
                "{} is not a move (accepted: e.g. 18 or 12.5, or dice rolled in inches such as 2D6)",
                s.trim()
            )),
        }
    }
}

impl std::fmt::Display for Movement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.1 {
            Some(d) => d.fmt(f),
            None => self.0.fmt(f),
        }
    }
}

/// A finite decimal number: a flag's value and the query-file key of the
/// same name ([`number`] parses both).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Number(pub f64);

impl std::str::FromStr for Number {
    type Err = Text;
    fn from_str(s: &str) -> Result<Self, Text> {
        number(s).map(Number)
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
