//! `--vary key=spec`: the values one scenario field takes in a sweep, and
//! the grid of several. A spec is an inclusive range `15..30` (step 1),
//! `15..30:5`, `0.5..2:0.5`, or a list `spear,halberd,great-weapon`.

use crate::error::InputError;
use crate::text;
use crate::words::text::Text;

/// The most points one sweep may run.
pub const MAX_POINTS: usize = 1000;

/// One varied field and its values, each as `--set` would take it.
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    /// The scenario or query-file key.
    pub key: String,
    /// Its values, as written.
    pub values: Vec<String>,
}

impl Vary {
    /// Parses `key=spec`.
    pub fn parse(arg: &str) -> Result<Vary, InputError> {
        let bad = |why: Text| {
            InputError::new(
                "--vary",
                text!("'{}': {} (accepted: key=A..B, key=A..B:STEP or key=X,Y,Z, e.g. attacker.models=15..30:5)", arg, why),
            )
        };
        let (key, spec) = arg.split_once('=').ok_or_else(|| bad(text!("no '='")))?;
        let key = key.trim();
        if key.is_empty() || key.split('.').any(str::is_empty) {
            return Err(bad(text!("empty key")));
        }
        let spec = spec.trim();
        let values = match spec.split_once("..") {
            Some((from, to)) => {
                let (to, step) = match to.split_once(':') {
                    Some((to, step)) => (to, Some(step)),
                    None => (to, None),
                };
                let number = |s: &str| {
                    s.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| bad(text!("range bound '{}' is not a number", s.trim())))
                };
                let (a, b) = (number(from)?, number(to)?);
                let step = match step {
                    Some(s) => number(s)?,
                    None => 1.0,
                };
                if step <= 0.0 {
                    return Err(bad(text!("step {} must be above 0", step)));
                }
                if b < a {
                    return Err(bad(text!("empty range: {} is below {}", b, a)));
                }
                // Counted in f64 and checked before any cast: 1..1e30 or a
                // step of 1e-300 must not wrap a count.
                let count = ((b - a) / step + 1e-9).floor() + 1.0;
                if count.is_nan() || count > MAX_POINTS as f64 {
                    let shown = match count < 1e15 {
                        true => format!("{count}"),
                        false => format!("{count:e}"),
                    };
                    return Err(bad(text!("{} values (at most {})", shown, MAX_POINTS)));
                }
                let n = count as usize;
                let whole = [a, step].iter().all(|x| x.fract() == 0.0);
                (0..n)
                    .map(|i| {
                        let x = a + step * i as f64;
                        if whole {
                            format!("{}", x as i64)
                        } else {
                            format!("{}", (x * 1e9).round() / 1e9)
                        }
                    })
                    .collect::<Vec<_>>()
            }
            None => spec
                .split(',')
                .map(|v| v.trim().to_string())
                .collect::<Vec<_>>(),
        };
        if values.iter().any(String::is_empty) {
            return Err(bad(text!("an empty value")));
        }
        Ok(Vary {
            key: key.to_string(),
            values,
        })
    }

    /// `key=value` for `--set`.
    pub fn set(&self, value: &str) -> String {
        format!("{}={value}", self.key)
    }
}

/// Every combination of the varied values, the last key varying fastest:
/// each point's `(key, value)` pairs. A key varied twice, or a grid of more
/// than `MAX_POINTS` (counted without overflow), is refused before any
/// point is built.
pub fn grid(varies: &[Vary]) -> Result<Vec<Vec<(usize, usize)>>, InputError> {
    for (i, v) in varies.iter().enumerate() {
        if varies[..i].iter().any(|w| w.key == v.key) {
            return Err(InputError::new(
                "--vary",
                text!(
                    "{} is varied twice (accepted: each key once; list every value in one --vary)",
                    &v.key
                ),
            ));
        }
    }
    let size = varies
        .iter()
        .try_fold(1usize, |n, v| n.checked_mul(v.values.len()));
    if size.is_none_or(|n| n > MAX_POINTS) {
        let lens: Vec<String> = varies.iter().map(|v| v.values.len().to_string()).collect();
        return Err(InputError::new(
            "--vary",
            text!(
                "{} points in the grid (accepted: at most {})",
                lens.join(" x "),
                MAX_POINTS
            ),
        ));
    }
    let mut points = vec![Vec::new()];
    for (k, v) in varies.iter().enumerate() {
        points = points
            .into_iter()
            .flat_map(|p| {
                (0..v.values.len()).map(move |i| {
                    let mut q = p.clone();
                    q.push((k, i));
                    q
                })
            })
            .collect();
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_lists() {
        let v = Vary::parse("attacker.models=15..30:5").unwrap();
        assert_eq!(v.values, ["15", "20", "25", "30"]);
        assert_eq!(Vary::parse("d=1..3").unwrap().values, ["1", "2", "3"]);
        assert_eq!(
            Vary::parse("d=0.5..1.5:0.5").unwrap().values,
            ["0.5", "1", "1.5"]
        );
        let w = Vary::parse("attacker.weapon=spear,halberd").unwrap();
        assert_eq!(w.values, ["spear", "halberd"]);
        assert_eq!(grid(&[v.clone(), w]).unwrap().len(), 8);
        assert_eq!(v.set("20"), "attacker.models=20");
    }

    #[test]
    fn grids_are_counted_without_overflow_and_keys_once() {
        let big = Vary::parse("k=1..256").unwrap();
        let varies: Vec<Vary> = (0..8)
            .map(|i| Vary {
                key: format!("k{i}"),
                ..big.clone()
            })
            .collect();
        let e = grid(&varies).unwrap_err();
        assert!(
            e.message.to_string().contains("256 x 256")
                && e.message.to_string().contains("at most 1000"),
            "{e}"
        );
        let e = grid(&[big.clone(), big]).unwrap_err();
        assert!(e.message.to_string().contains("k is varied twice"), "{e}");
    }

    #[test]
    fn bad_specs_say_why() {
        for (arg, why) in [
            ("attacker.models", "no '='"),
            ("=1..2", "empty key"),
            ("a.b=30..15", "empty range"),
            ("a.b=1..x", "'x' is not a number"),
            ("a.b=1..5:0", "step 0 must be above 0"),
            ("a.b=1..5000", "at most 1000"),
            ("a.b=1..1e30", "at most 1000"),
            ("a.b=0..1:1e-300", "at most 1000"),
            ("a.b=0..1e308:1e-308", "at most 1000"),
            ("a.b=x,,y", "an empty value"),
        ] {
            let e = Vary::parse(arg).unwrap_err();
            assert_eq!(e.field, "--vary");
            assert!(
                e.message.to_string().contains(why) && e.message.to_string().contains("accepted"),
                "{e}"
            );
        }
    }
}
