//! Rallying (RULES.md Fleeing and pursuit): at the start of its own next
//! turn a fleeing unit tests 2D6 <= Ld (its own, a character's in it, or
//! the General's within 30 cm); a unit below 25% of its starting models
//! cannot rally.
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::rally::{can_rally, rally_ld};
//! // 20 Spearmen broke with 5 left: exactly 25%, they may test.
//! assert!(can_rally(20, 5) && !can_rally(20, 4));
//! // Ld 7; a musician adds 1 only under the later edition's ruling.
//! assert_eq!(rally_ld(7, true, false), 7);
//! assert_eq!(rally_ld(7, true, true), 8);
//! ```

use super::leadership::MAX_LD;

/// Whether a unit that began with `at_start` models and has `standing`
/// left may test to rally: 25% of them or more.
pub fn can_rally(at_start: u32, standing: u32) -> bool {
    4 * u64::from(standing) >= u64::from(at_start)
}

/// The Ld a unit rallies on: `ld`, plus 1 with a musician under the
/// **\[ruling\]** `musician_rallies` (a later edition's rule, off by
/// default in 6th), never above 10.
pub fn rally_ld(ld: u8, musician: bool, musician_rallies: bool) -> u8 {
    let most = u8::try_from(MAX_LD).unwrap_or(u8::MAX);
    ld.saturating_add(u8::from(musician && musician_rallies))
        .min(most)
}
