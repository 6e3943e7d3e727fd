//! A characteristic's value read for what it means: army-list data writes
//! more than plain numbers (`5(10)`, `(4)`, `3 (1 per crew)`, `2D6`,
//! `Special`).
//!
//! **How.** A number is played; a number with more written after it, or a
//! number in brackets alone, is that number with the rest noted (`5(10)`:
//! S 5, 10 with its weapon); dice (`2D6`, `1d6`, `D6+1`) are played only
//! where the tool plays random values (a chariot's impact hits), and
//! anything else (`Special`, `*`) is not played, with its reason.
//!
//! # Example
//!
//! `Read::of("5(10)")` is `Read::Noted(5, "(10)")`, `Read::of("2D6")` is
//! two six-sided dice (the module is private: its tests show the rest).

/// A characteristic as read.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Read {
    /// A plain number.
    Num(u8),
    /// A number with more written beside it, kept as a note.
    Noted(u8, String),
    /// Dice: `count`D`sides` + `plus`.
    Dice(Dice),
    /// `-` or nothing.
    Absent,
    /// Anything else (`Special`, `*`): not a value the tool plays.
    Other(String),
}

/// A dice value such as `2D6` or `D6+1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Dice {
    pub count: u8,
    pub sides: u8,
    pub plus: i16,
}

impl Read {
    /// `raw` as read.
    pub fn of(raw: &str) -> Read {
        let t = raw.trim();
        if t.is_empty() || t == "-" || t == "\u{2013}" {
            return Read::Absent;
        }
        if let Some(d) = dice(t) {
            return Read::Dice(d);
        }
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && !t[digits..].starts_with(['d', 'D']) {
            return match (t[..digits].parse::<u8>(), &t[digits..]) {
                (Ok(n), "") => Read::Num(n),
                (Ok(n), rest) => Read::Noted(n, rest.trim().to_string()),
                (Err(_), _) => Read::Other(t.to_string()),
            };
        }
        // A number in brackets alone, as a chariot's unit strength `(4)`.
        match t
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .map(|n| n.trim().parse::<u8>())
        {
            Some(Ok(n)) => Read::Noted(n, t.to_string()),
            _ => Read::Other(t.to_string()),
        }
    }

    /// The number played, if it is one.
    pub fn number(&self) -> Option<u8> {
        match self {
            Read::Num(n) | Read::Noted(n, _) => Some(*n),
            _ => None,
        }
    }

    /// Whether something is written (not `-` or nothing).
    pub fn given(&self) -> bool {
        *self != Read::Absent
    }
}

/// `t` as dice: `2D6`, `1d6`, `D3`, `D6+1`, `2D6-1`.
fn dice(t: &str) -> Option<Dice> {
    let (count, rest) = t.split_once(['D', 'd'])?;
    let count = match count.trim() {
        "" => 1,
        n => n.parse::<u8>().ok().filter(|c| *c > 0)?,
    };
    let (sides, plus) = match rest.find(['+', '-']) {
        Some(i) => (&rest[..i], rest[i..].trim().parse::<i16>().ok()?),
        None => (rest, 0),
    };
    let sides = sides.trim().parse::<u8>().ok().filter(|s| *s > 1)?;
    Some(Dice { count, sides, plus })
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = if self.count == 1 {
            String::new()
        } else {
            self.count.to_string()
        };
        match self.plus {
            0 => write!(f, "{count}D{}", self.sides),
            p => write!(f, "{count}D{}{p:+}", self.sides),
        }
    }
}

/// A save as written (`5+`, `4+(2+)`, `3`): the first number from 1 to 6,
/// `None` for none (`7`, `-`, `+1`: a bonus, not a save).
pub(super) fn save(raw: &str) -> Option<u8> {
    let t = raw.trim();
    if t.starts_with(['+', '-']) {
        return None;
    }
    match Read::of(t).number() {
        Some(n @ 1..=6) => Some(n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_for_what_they_mean() {
        assert_eq!(Read::of("4"), Read::Num(4));
        assert_eq!(Read::of(" 4 "), Read::Num(4));
        assert_eq!(Read::of("5(10)"), Read::Noted(5, "(10)".into()));
        assert_eq!(Read::of("(4)"), Read::Noted(4, "(4)".into()));
        assert_eq!(
            Read::of("3 (1 per crew)"),
            Read::Noted(3, "(1 per crew)".into())
        );
        assert_eq!(Read::of("4*"), Read::Noted(4, "*".into()));
        assert_eq!(Read::of("7+1"), Read::Noted(7, "+1".into()));
        let d = |count, sides, plus| Read::Dice(Dice { count, sides, plus });
        assert_eq!(Read::of("2D6"), d(2, 6, 0));
        assert_eq!(Read::of("1d6"), d(1, 6, 0));
        assert_eq!(Read::of("D6+1"), d(1, 6, 1));
        assert_eq!(Read::of("D3"), d(1, 3, 0));
        assert_eq!(Read::of("-"), Read::Absent);
        assert_eq!(Read::of(""), Read::Absent);
        assert_eq!(Read::of("Special"), Read::Other("Special".into()));
        assert_eq!(Read::of("*"), Read::Other("*".into()));
        assert_eq!(Read::of("999"), Read::Other("999".into()));
        assert_eq!(Read::of("0D6"), Read::Other("0D6".into()));
        assert_eq!(
            Dice {
                count: 2,
                sides: 6,
                plus: 0
            }
            .to_string(),
            "2D6"
        );
        assert_eq!(
            Dice {
                count: 1,
                sides: 6,
                plus: 2
            }
            .to_string(),
            "D6+2"
        );
    }

    #[test]
    fn saves_are_their_first_number() {
        assert_eq!(save("5+"), Some(5));
        assert_eq!(save("4+(2+)"), Some(4));
        assert_eq!(save("7"), None);
        assert_eq!(save("+1"), None);
        assert_eq!(save("-"), None);
    }
}
