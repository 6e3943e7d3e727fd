//! Charges, fleeing and pursuit: RULES.md "Charges" and "Fleeing and
//! pursuit"; seed 000 (charges, fleeing from a charge) and seed 001 (barding,
//! wheeling).

use super::Edition;
use crate::dice::Roll;

/// Distances are compared with this slack so `20.0 + 16 <= 36.0` holds
/// whatever the decimal input's rounding.
const EPS: f64 = 1e-9;

/// The unit's M after barding (-2 cm, -1" "for all purposes"). Seed 001.
pub fn movement(m: f64, barding: bool, edition: Edition) -> f64 {
    if barding {
        m - edition.barding_penalty()
    } else {
        m
    }
}

/// Charge range: twice M; difficult terrain on the path halves the move, so
/// the range is M; the wheel distance comes off it. Seed 000 "Cargas",
/// "Maniobras durante la carga".
pub fn charge_range(m: f64, difficult_terrain: bool, wheel: f64) -> f64 {
    let range = if difficult_terrain { m } else { 2.0 * m };
    range - wheel
}

/// A failed charge moves the normal M towards the target (halved in
/// difficult terrain), not the charge range. Seed 000 "Carga fallida".
pub fn failed_charge_move(m: f64, difficult_terrain: bool) -> f64 {
    if difficult_terrain {
        m / 2.0
    } else {
        m
    }
}

/// A charge at a target that holds reaches it if it is within range.
pub fn charge_reaches(distance: f64, range: f64) -> bool {
    distance <= range + EPS
}

/// **[ruling]** A fleeing target is caught (and destroyed) when the charger's
/// range reaches the gap after the flee: `distance + flee roll <= range`.
/// RULES.md Charges; seed 000 example (Boar Boyz 36 cm vs Spearmen fleeing 13).
pub fn charge_catches(distance: f64, flee_roll: u8, range: f64) -> bool {
    distance + f64::from(flee_roll) <= range + EPS
}

/// Flee and pursuit dice: 5D6 cm if M <= 15 cm, else 8D6 cm (and always 8D6
/// for fliers); imperial 2D6" / 3D6". RULES.md Fleeing and pursuit; seed 000.
pub fn flee_roll(m: f64, flies: bool, edition: Edition) -> Roll {
    let fast = flies || m > edition.fast_move_above() + EPS;
    Roll::sum(edition.flee_dice_count(fast))
}

/// The fleeing unit is destroyed if the pursuit roll is at least its flee
/// roll. RULES.md Fleeing and pursuit.
pub fn pursuit_catches(pursuit_roll: u8, flee_roll: u8) -> bool {
    pursuit_roll >= flee_roll
}
