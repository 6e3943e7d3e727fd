//! Animosity (the 6th edition Orcs and Goblins army book; seed 004 names it
//! among the start-of-turn effects, after the psychology tests): a unit of
//! five or more greenskins with the rule, not engaged and not fleeing,
//! rolls a D6 at the start of its turn; on a 1 it rolls on the Animosity
//! table. A 1 (Get 'em: it shoots at or brawls with other greenskins) and
//! 2 to 5 (Squabble) leave it doing nothing else that turn, so it declares
//! no charge; **\[ruling\]** a 6 (We'll show 'em: it surges at the enemy)
//! lets its charge go ahead. RULES.md Panic (start of turn).
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::animosity::{p_stops_charge, stops_charge};
//! assert!(stops_charge(1, 3) && !stops_charge(1, 6) && !stops_charge(2, 1));
//! assert!((p_stops_charge() - 5.0 / 36.0).abs() < 1e-15);
//! ```

/// The fewest models a unit must have to test.
pub const MIN_MODELS: u32 = 5;

/// Whether the test's D6 (`test`) and, after a 1, the table's D6
/// (`table`) stop the unit's charge this turn.
pub fn stops_charge(test: u8, table: u8) -> bool {
    test == 1 && table <= 5
}

/// P(the animosity test stops the charge), over the two dice.
pub fn p_stops_charge() -> f64 {
    let stopped = (1..=6u8)
        .flat_map(|t| (1..=6u8).map(move |r| stops_charge(t, r)))
        .filter(|&s| s)
        .count();
    stopped as f64 / 36.0
}

/// Whether a unit of `models` models with the rule tests (engaged and
/// fleeing units are not charging, so never asked).
pub fn tests(animosity: bool, models: u32) -> bool {
    animosity && models >= MIN_MODELS
}
