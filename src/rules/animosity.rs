//! Animosity (the 6th edition Orcs and Goblins army book; seed 004 names it
//! among the start-of-turn effects, after the psychology tests): a unit of
//! infantry or cavalry of five or more greenskins with the rule, not
//! engaged and not fleeing, rolls a D6 at the start of its turn; on a 1 it
//! rolls on the Animosity table. Chariots, monsters and war machines never
//! test (the book: "Trolls, Snotlings, war machines and chariots do not"),
//! nor, **\[ruling\]**, large infantry (the book names infantry and
//! cavalry); a character alone is one model, too few. A 1 (Get 'em: it
//! shoots at or brawls with other greenskins) and 2 to 5 (Squabble) leave
//! it doing nothing else that turn, so it declares no charge;
//! **\[ruling\]** a 6 (We'll show 'em: it surges at the enemy) lets its
//! charge go ahead. RULES.md Panic (start of turn).
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::animosity::{p_stops_charge, stops_charge, tests};
//! use mathhammer::rules::profile::TroopType;
//! assert!(stops_charge(1, 3) && !stops_charge(1, 6) && !stops_charge(2, 1));
//! assert!((p_stops_charge() - 5.0 / 36.0).abs() < 1e-15);
//! assert!(tests(true, TroopType::Cavalry, 5) && !tests(true, TroopType::Chariot, 5));
//! ```

use super::profile::TroopType;

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

/// Whether a unit `quelled` (led by a character with Quell Animosity)
/// rolls its test again after a failed one (a 1). The Orcs and Goblins
/// army book; RULES.md Panic (start of turn).
pub fn rolls_again(quelled: bool, test: u8) -> bool {
    quelled && test == 1
}

/// P(the animosity test stops the charge) of a unit `quelled` or not: a
/// quelled unit's failed test is rolled again, and only a second 1 goes
/// to the table ([`rolls_again`]).
pub fn p_stops_charge_of(quelled: bool) -> f64 {
    match quelled {
        true => p_stops_charge() / 6.0,
        false => p_stops_charge(),
    }
}

/// Whether units of `troop` take the test: infantry and cavalry only.
/// RULES.md Panic (start of turn).
pub fn troop_tests(troop: TroopType) -> bool {
    matches!(troop, TroopType::Infantry | TroopType::Cavalry)
}

/// Whether a unit of `troop` of `models` models with the rule tests
/// (engaged and fleeing units are not charging, so never asked). RULES.md
/// Panic (start of turn).
pub fn tests(animosity: bool, troop: TroopType, models: u32) -> bool {
    animosity && troop_tests(troop) && models >= MIN_MODELS
}
