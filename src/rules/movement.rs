//! Charges, fleeing and pursuit: RULES.md "Charges" and "Fleeing and
//! pursuit"; seed 000 (charges, fleeing from a charge) and seed 001 (barding,
//! wheeling).

use super::Edition;
use crate::dice::Roll;
use crate::error::{check_range, InputError};
use crate::text;

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

/// A random mover's move when its dice roll `rolled`, in `edition`'s unit:
/// the dice are inches, as army books print them, 2.5 cm to the inch in
/// the metric game as a profile's M (**\[ruling\]**). RULES.md Charges.
pub fn random_move(rolled: u8, edition: Edition) -> f64 {
    edition.from_cm(2.5 * f64::from(rolled))
}

/// A random mover's charge range when its dice roll `rolled`: the move
/// itself, not twice it (a Chaos Spawn "counts as charging" when its move
/// takes it into an enemy), halved by difficult terrain on the path; the
/// wheel distance comes off it. RULES.md Charges.
pub fn random_charge_range(
    rolled: u8,
    edition: Edition,
    difficult_terrain: bool,
    wheel: f64,
) -> f64 {
    let m = random_move(rolled, edition);
    let range = if difficult_terrain { m / 2.0 } else { m };
    range - wheel
}

/// A declared charge's path fits the game: the distance within the table's
/// reach for the edition, the wheel within `full`, the charge range before
/// the wheel (a random mover's: its longest). One check for the `charge`
/// query and a scenario's chargers; `fields` name the distance and the
/// wheel in errors. RULES.md Charges.
pub fn check_charge_path(
    edition: Edition,
    full: f64,
    distance: f64,
    wheel: f64,
    fields: [&str; 2],
) -> Result<(), InputError> {
    let unit = edition.unit();
    check_range(
        fields[0],
        distance,
        0.0,
        edition.max_distance(),
        false,
        unit,
    )?;
    if !(wheel.is_finite() && (0.0..=full).contains(&wheel)) {
        return Err(InputError::new(
            fields[1],
            text!(
                "{} is out of range (accepted: 0 up to the charge range, {} {})",
                crate::error::shown(wheel),
                full,
                unit
            ),
        ));
    }
    Ok(())
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

/// **\[ruling\]** A fleeing target is caught (and destroyed) when the charger's
/// range reaches the gap after the flee: `distance + flee <= range`, the
/// flee its roll as [`Flight::distance`] reads it. RULES.md Charges; seed
/// 000 example (Boar Boyz 36 cm vs Spearmen fleeing 13).
pub fn charge_catches(distance: f64, flee: f64, range: f64) -> bool {
    distance + flee <= range + EPS
}

/// Flee and pursuit dice: 5D6 cm if M <= 15 cm, else 8D6 cm (and always 8D6
/// for fliers); imperial 2D6" / 3D6". RULES.md Fleeing and pursuit; seed 000.
pub fn flee_roll(m: f64, flies: bool, edition: Edition) -> Roll {
    let fast = flies || m > edition.fast_move_above() + EPS;
    Roll::sum(edition.flee_dice_count(fast))
}

/// Pursuit dice: the flee's ([`flee_roll`]) and `extra` D6" more
/// (Bloodgreed, the Jaguar Standard). RULES.md Fleeing and pursuit.
pub fn pursuit_roll(m: f64, flies: bool, extra: u32, edition: Edition) -> Roll {
    let fast = flies || m > edition.fast_move_above() + EPS;
    Roll::sum(edition.pursuit_dice_count(fast, extra))
}

/// The fleeing unit is destroyed if the pursuit is at least its flee (each
/// its roll as [`Flight::distance`] reads it). RULES.md Fleeing and
/// pursuit.
pub fn pursuit_catches(pursuit: f64, flee: f64) -> bool {
    pursuit + EPS >= flee
}

/// How far a unit flees or pursues: its dice ([`flee_roll`]) less a fixed
/// distance (the resolute's 1", [`flight_less`]). RULES.md Fleeing and
/// pursuit.
#[derive(Clone, Copy, Debug)]
pub struct Flight {
    /// The dice.
    pub roll: Roll,
    /// Taken from their total, in the edition's unit.
    pub less: f64,
}

impl Flight {
    /// A flight of `roll` alone.
    pub fn of(roll: Roll) -> Flight {
        Flight { roll, less: 0.0 }
    }

    /// The distance a total of `rolled` on its dice covers.
    #[inline]
    pub fn distance(&self, rolled: u8) -> f64 {
        f64::from(rolled) - self.less
    }

    /// The same dice and distance taken off.
    pub fn same_as(&self, other: &Flight) -> bool {
        self.roll.same_as(&other.roll) && self.less == other.less
    }
}

/// What a resolute unit's flee and pursuit lose: 1" ("2D6-1\" instead of
/// the normal 2D6\"", the Dwarfs' army book), 2.5 cm in the metric game
/// (the 2.5 cm to the inch of [`Edition::from_cm`]), whatever its dice.
/// RULES.md Fleeing and pursuit.
pub fn flight_less(resolute: bool, edition: Edition) -> f64 {
    match resolute {
        true => edition.from_cm(2.5),
        false => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charge_range_is_twice_m() {
        // Seed 000: "una unidad con un movimiento normal de 10cm tendrá un
        // movimiento de carga de 20cm".
        assert_eq!(charge_range(10.0, false, 0.0), 20.0);
        // ... "cargar hasta una distancia de 10cm" through difficult terrain.
        assert_eq!(charge_range(10.0, true, 0.0), 10.0);
        // Seed 000: "si una unidad puede cargar hasta 30cm, puede mover 10cm,
        // pivotar 10cm ... y luego mover hasta 10cm más".
        assert_eq!(charge_range(15.0, false, 10.0), 20.0);
    }

    #[test]
    fn barding_costs_two_cm_or_one_inch() {
        // Seed 001: a knight's horse M20 with barding moves 18 cm.
        assert_eq!(movement(20.0, true, Edition::Metric), 18.0);
        assert_eq!(movement(8.0, true, Edition::Imperial), 7.0);
        assert_eq!(movement(20.0, false, Edition::Metric), 20.0);
    }

    #[test]
    fn failed_charge_moves_m() {
        assert_eq!(failed_charge_move(18.0, false), 18.0);
        assert_eq!(failed_charge_move(18.0, true), 9.0);
    }

    #[test]
    fn flee_dice_by_edition_and_speed() {
        let m = Edition::Metric;
        let i = Edition::Imperial;
        // Seed 000: 5D6 cm if M <= 15 cm, 8D6 cm above or flying.
        assert_eq!(flee_roll(10.0, false, m).dice, 5);
        assert_eq!(flee_roll(15.0, false, m).dice, 5);
        assert_eq!(flee_roll(16.0, false, m).dice, 8);
        assert_eq!(flee_roll(10.0, true, m).dice, 8);
        // RULES.md: imperial 2D6" if M <= 6", else 3D6".
        assert_eq!(flee_roll(6.0, false, i).dice, 2);
        assert_eq!(flee_roll(7.0, false, i).dice, 3);
        assert_eq!(flee_roll(4.0, true, i).dice, 3);
    }

    #[test]
    fn boar_boyz_catch_spearmen_who_flee_13() {
        // Seed 000 example: Boar Boyz M18 charge 36 cm; Spearmen flee 5D6 = 13.
        let range = charge_range(18.0, false, 0.0);
        assert_eq!(range, 36.0);
        // [ruling] caught when distance + roll <= range: from 23 cm, yes.
        assert!(charge_catches(23.0, 13.0, range));
        assert!(!charge_catches(24.0, 13.0, range));
        // "muy obvio que llega (por ejemplo si estaban a 3cm y obtienen un 13)".
        assert!(charge_catches(3.0, 13.0, range));
        // "muy obvio que no llega (si estaban a 25cm y obtienen un 13)".
        assert!(!charge_catches(25.0, 13.0, range));
    }

    #[test]
    fn decimal_distances_compare_exactly() {
        // 0.1 + 0.2 style rounding must not lose a charge that just reaches.
        assert!(charge_catches(20.3, 15.0, 35.3));
        assert!(charge_reaches(35.3, 17.65 * 2.0));
        assert!(!charge_reaches(35.31, 35.3));
    }

    #[test]
    fn pursuit_catches_on_equal_rolls() {
        // RULES.md: destroyed if the pursuit roll >= its flee roll.
        assert!(pursuit_catches(17.0, 17.0));
        assert!(pursuit_catches(18.0, 17.0));
        assert!(!pursuit_catches(16.0, 17.0));
    }

    #[test]
    fn the_resolute_flee_and_pursue_an_inch_shorter() {
        // The Dwarfs' book: 2D6-1" instead of 2D6"; 2.5 cm off 5D6 cm.
        let i = Flight {
            roll: flee_roll(3.0, false, Edition::Imperial),
            less: flight_less(true, Edition::Imperial),
        };
        assert_eq!(i.roll.dice, 2);
        assert_eq!(i.distance(7), 6.0);
        let m = Flight {
            roll: flee_roll(8.0, false, Edition::Metric),
            less: flight_less(true, Edition::Metric),
        };
        assert_eq!(m.distance(17), 14.5);
        assert_eq!(flight_less(false, Edition::Metric), 0.0);
        // A resolute pursuer's 8 (7") does not catch a flee of 8; a flee
        // of 7 it does.
        assert!(!pursuit_catches(i.distance(8), 8.0));
        assert!(pursuit_catches(i.distance(8), 7.0));
    }
}
