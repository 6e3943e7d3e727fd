//! Terminal bars for distributions in the readable table: a bar of
//! Unicode block elements whose length is the value, in eighths of a
//! character (U+2588 full block down to U+258F one-eighth block), so a
//! 24-character bar resolves 192 steps.

/// The partial blocks for 1/8 .. 7/8 of a character.
const EIGHTHS: [char; 7] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/// A bar `width` characters long at `value == max`, shorter in proportion
/// (rounded to the nearest eighth); empty for 0, a non-positive `max` or a
/// value that is not a number.
pub fn bar(value: f64, max: f64, width: usize) -> String {
    if !(value > 0.0 && max > 0.0) {
        return String::new();
    }
    let eighths = ((value / max).min(1.0) * (width * 8) as f64).round() as usize;
    let (full, part) = (eighths / 8, eighths % 8);
    let mut s = "█".repeat(full);
    if part > 0 {
        s.push(EIGHTHS[part - 1]);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::bar;

    #[test]
    fn bars_are_proportional_in_eighths() {
        assert_eq!(bar(1.0, 1.0, 4), "████");
        assert_eq!(bar(0.5, 1.0, 4), "██");
        assert_eq!(bar(0.125 / 4.0 * 3.0, 0.125, 4), "███");
        assert_eq!(bar(1.0 / 32.0, 1.0, 4), "▏");
        assert_eq!(bar(0.3, 1.0, 4), "█▎"); // 9.6 eighths round to 10: 8 + 2
        assert_eq!(bar(0.0, 1.0, 4), "");
        assert_eq!(bar(f64::NAN, 1.0, 4), "");
        assert_eq!(bar(2.0, 1.0, 4), "████");
    }
}
