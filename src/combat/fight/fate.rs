//! The randomness of a fight, as events each engine realises its own way.

use super::{Step, Strikes};
use crate::dice::Roll;
use crate::rules::casualties::Casualties;
use crate::rules::leadership::LeadershipTest;
use crate::rules::movement::Flight;

/// The randomness of a fight. Each engine realises these events its own way;
/// the rules deciding them are the same functions.
pub trait Fate {
    /// A strike step: its strikes `n` (attacks, and models rolling its dice
    /// for more: [`Step::count`]) at a unit whose wounded model has
    /// `damage` wounds and which has `cap` models left. Returns the
    /// casualties it suffers (`kills <= cap`).
    fn strike(&mut self, step: &Step, n: Strikes, damage: u8, cap: u32) -> Casualties;
    /// A leadership test (with its re-roll, if any).
    fn test(&mut self, test: &LeadershipTest) -> bool;
    /// A unit fleeing `flee`: caught by any of the `chargers` (each
    /// `(distance, charge range)`, catching when its range reaches the
    /// gap) or of the `pursuers` (each rolling its dice, catching on a
    /// pursuit at least the flee)? One flee roll for all of them.
    fn caught(&mut self, flee: &Flight, chargers: &[(f64, f64)], pursuers: &[&Flight]) -> bool;
    /// A random mover's move: the total of `roll` (its dice, inches:
    /// RULES.md Charges).
    fn random_move(&mut self, roll: &Roll) -> u8;
    /// A roll's total: a Giant's dice (its table, its tests, its 2D6
    /// wounds: RULES.md Giants).
    fn roll(&mut self, roll: &Roll) -> u8;
    /// A D6 roll-off: does side 0 win it?
    fn roll_off(&mut self) -> bool;
    /// An animosity test, rolled again after a 1 if the unit is
    /// `quelled` (Quell Animosity), and after a 1 the Animosity table:
    /// does it stop the unit's charge
    /// ([`crate::rules::animosity::stops_charge`])?
    fn animosity(&mut self, quelled: bool) -> bool;
    /// Strikes `n` of `step` in a challenge at a fighter with `remaining`
    /// Wounds: the wounds they deal, overkill included, at most `remaining`
    /// + 5 ([`crate::rules::casualties::overkill`]).
    fn duel(&mut self, step: &Step, n: Strikes, remaining: u32) -> u32;
    /// [`Fate::strike`] at a model still holding its one re-roll of a
    /// failed armour save this turn ([`Step::foe_one_save`]; RULES.md
    /// Saves, One failed save a turn): also whether the strikes spent it.
    fn strike_saving(
        &mut self,
        step: &Step,
        n: Strikes,
        damage: u8,
        cap: u32,
    ) -> (Casualties, bool);
    /// [`Fate::duel`] at such a fighter: also whether the strikes spent
    /// his re-roll.
    fn duel_saving(&mut self, step: &Step, n: Strikes, remaining: u32) -> (u32, bool);
}
