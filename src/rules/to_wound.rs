//! Rolls to wound: Strength against Toughness. RULES.md "To wound".

/// Let d = T - S: d <= -2 needs 2+, -1 3+, 0 4+, +1 5+, +2 or +3 6+, and
/// d >= +4 cannot wound (`None`). A 1 always fails.
pub fn to_wound(strength: u8, toughness: u8) -> Option<u8> {
    match i32::from(toughness) - i32::from(strength) {
        d if d <= -2 => Some(2),
        -1 => Some(3),
        0 => Some(4),
        1 => Some(5),
        2 | 3 => Some(6),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_against_toughness() {
        assert_eq!(to_wound(3, 3), Some(4));
        assert_eq!(to_wound(4, 3), Some(3));
        assert_eq!(to_wound(5, 3), Some(2));
        assert_eq!(to_wound(10, 1), Some(2));
        assert_eq!(to_wound(3, 4), Some(5));
        assert_eq!(to_wound(3, 5), Some(6));
        assert_eq!(to_wound(3, 6), Some(6));
        assert_eq!(to_wound(3, 7), None);
        assert_eq!(to_wound(1, 10), None);
    }
}
