//! Value parsers of the command line: each checks the form and range of one
//! value and, on bad input, says what it got and what is accepted, in the
//! project's one-line form (`--models: -1 is out of range (accepted: 1 to
//! 1000)`, printed by `main.rs`).

use super::MAX_TRIALS;

/// A whole number from `lo` to `hi`, as a `T`.
///
/// # Example
///
/// ```
/// use mathhammer::cli::values::whole;
/// let models = whole::<u32>(1, 1000);
/// assert_eq!(models("20"), Ok(20));
/// assert_eq!(models("-1").unwrap_err(), "-1 is out of range (accepted: 1 to 1000)");
/// assert_eq!(models("1e30").unwrap_err(), "1e30 is out of range (accepted: 1 to 1000)");
/// ```
pub fn whole<T: TryFrom<i64>>(
    lo: i64,
    hi: i64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |s: &str| {
        let accepted = format!("accepted: {lo} to {hi}");
        let t = s.trim();
        let n = match (t.parse::<i64>(), t.parse::<f64>()) {
            (Ok(n), _) => n,
            (Err(_), Ok(x)) if x.is_finite() && x.fract() != 0.0 => {
                return Err(format!("{t} is not a whole number ({accepted})"))
            }
            (Err(_), Ok(_)) => return Err(format!("{t} is out of range ({accepted})")),
            (Err(_), Err(_)) => return Err(format!("{t} is not a number ({accepted})")),
        };
        if !(lo..=hi).contains(&n) {
            return Err(format!("{n} is out of range ({accepted})"));
        }
        T::try_from(n).map_err(|_| format!("{n} is out of range ({accepted})"))
    }
}

/// A path ending in `.svg`, checked before anything runs.
pub fn svg_path(s: &str) -> Result<std::path::PathBuf, String> {
    let path = std::path::PathBuf::from(s);
    if crate::plot::is_svg_name(&path) {
        Ok(path)
    } else {
        Err("accepted: a file name ending in .svg, e.g. charge.svg".into())
    }
}

/// A finite decimal number.
pub fn number(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!(
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
pub fn seed(s: &str) -> Result<u64, String> {
    s.trim().replace('_', "").parse::<u64>().map_err(|_| {
        format!(
            "{s} is not a seed (accepted: a whole number from 0 to {})",
            u64::MAX
        )
    })
}

/// A trial count: digits with optional `_`, scientific notation (`1e6`) or a
/// k/M/G suffix; 1 to 1e10.
pub fn trials(s: &str) -> Result<u64, String> {
    let accepted = "accepted: 1 to 1e10, e.g. 1000000, 1e6 or 10M";
    let t = s.trim().replace('_', "");
    let (digits, scale) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 1e3),
        Some('M') => (&t[..t.len() - 1], 1e6),
        Some('G') => (&t[..t.len() - 1], 1e9),
        _ => (t.as_str(), 1.0),
    };
    let x = digits
        .parse::<f64>()
        .map_err(|_| format!("{s} is not a number of trials ({accepted})"))?
        * scale;
    if !(x.is_finite() && x.fract() == 0.0 && x >= 1.0 && x <= MAX_TRIALS as f64) {
        return Err(format!("{s} is out of range ({accepted})"));
    }
    Ok(x as u64)
}

/// A half-width target strictly between 0 and 0.5.
pub fn precision(s: &str) -> Result<f64, String> {
    match number(s) {
        Ok(p) if p > 0.0 && p < 0.5 => Ok(p),
        _ => Err(format!(
            "{} is out of range (accepted: a probability half-width above 0 and below 0.5, e.g. 0.001)",
            s.trim()
        )),
    }
}
