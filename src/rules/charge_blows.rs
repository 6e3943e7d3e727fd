//! The army books' rules that change a model's blows on the charge or in
//! a combat's first round: Strength, killing blow, no armour save,
//! re-rolls. RULES.md Special attacks and psychology, On the charge and
//! in the first round. Read when a strike step's chain is built
//! (`Striker::close_combat`), never per blow.

use super::special::{Reroll, SpecialRule};
use super::weapons::Moment;

/// What a model's rules add to its blows on the charge or in the first
/// round of a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OnTheCharge {
    /// Strength added the turn it charges (Slavering Charge +1, the Spear
    /// of Kurnous and Hearthrender +2, the Star Lance +3).
    pub charge_s: u8,
    /// Strength added in the first round of each combat (the Ball and
    /// Chain's +3).
    pub first_round_s: u8,
    /// Killing blow the turn it charges (Hearthrender).
    pub killing_blow: bool,
    /// No armour save against its blows the turn it charges (the Star
    /// Lance).
    pub ignores_armour: bool,
    /// Re-rolls missed hits in the first round of each combat (Feint).
    pub reroll_hits_first_round: bool,
    /// Re-rolls failed wounds the turn it charges (the Sign of Sotek).
    pub reroll_wounds: bool,
    /// Re-rolls hits and wounds of 1 the turn it charges (Dragonhide).
    pub reroll_ones: bool,
}

impl OnTheCharge {
    /// The rules of `rules` that act on the charge or in the first round.
    pub fn of(rules: &[SpecialRule]) -> OnTheCharge {
        let has = |r| rules.contains(&r);
        let charge_s = [
            (SpecialRule::PlusOneStrengthCharging, 1),
            (SpecialRule::PlusTwoStrengthCharging, 2),
            (SpecialRule::PlusThreeStrengthCharging, 3),
        ]
        .iter()
        .filter(|(r, _)| has(*r))
        .map(|(_, s)| s)
        .sum();
        OnTheCharge {
            charge_s,
            first_round_s: 3 * u8::from(has(SpecialRule::PlusThreeStrengthFirstRound)),
            killing_blow: has(SpecialRule::KillingBlowCharging),
            ignores_armour: has(SpecialRule::IgnoresArmourCharging),
            reroll_hits_first_round: has(SpecialRule::RerollHitsFirstRound),
            reroll_wounds: has(SpecialRule::RerollWoundsCharging),
            reroll_ones: has(SpecialRule::RerollOnesCharging),
        }
    }

    /// Strength its rules add at `moment`: the charge's the turn it
    /// charges, the first round's in a combat's first round.
    pub fn strength(self, moment: Moment) -> u8 {
        let charge = u8::from(moment.charge_turn()) * self.charge_s;
        let first = u8::from(moment.round == 1) * self.first_round_s;
        charge + first
    }

    /// Whether its blows at `moment` have killing blow by these rules.
    pub fn killing_blow(self, moment: Moment) -> bool {
        self.killing_blow && moment.charge_turn()
    }

    /// Whether its blows at `moment` allow no armour save by these rules.
    pub fn ignores_armour(self, moment: Moment) -> bool {
        self.ignores_armour && moment.charge_turn()
    }

    /// The hits re-rolled at `moment`, `otherwise` its other rules': a
    /// re-roll of every miss beats a re-roll of 1s.
    pub fn reroll_hits(self, moment: Moment, otherwise: Reroll) -> Reroll {
        let all = self.reroll_hits_first_round && moment.round == 1;
        let ones = self.reroll_ones && moment.charge_turn();
        better(otherwise, all, ones)
    }

    /// The wounds re-rolled at `moment`, `otherwise` its other rules'.
    pub fn reroll_wounds(self, moment: Moment, otherwise: Reroll) -> Reroll {
        let all = self.reroll_wounds && moment.charge_turn();
        let ones = self.reroll_ones && moment.charge_turn();
        better(otherwise, all, ones)
    }
}

/// The better of `otherwise` and a re-roll of every failure (`all`) or of
/// 1s (`ones`).
fn better(otherwise: Reroll, all: bool, ones: bool) -> Reroll {
    match (otherwise, all, ones) {
        (_, true, _) | (Reroll::Failures, ..) => Reroll::Failures,
        (_, _, true) | (Reroll::Ones, ..) => Reroll::Ones,
        _ => Reroll::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reroll_of_every_miss_beats_one_of_ones() {
        assert_eq!(better(Reroll::Ones, true, false), Reroll::Failures);
        assert_eq!(better(Reroll::Failures, false, true), Reroll::Failures);
        assert_eq!(better(Reroll::None, false, true), Reroll::Ones);
        assert_eq!(better(Reroll::None, false, false), Reroll::None);
    }

    #[test]
    fn strength_on_the_charge_and_in_the_first_round() {
        let rules = OnTheCharge::of(&[
            SpecialRule::PlusTwoStrengthCharging,
            SpecialRule::PlusThreeStrengthFirstRound,
        ]);
        let at = |round, charging| rules.strength(Moment { round, charging });
        assert_eq!(at(1, true), 5);
        assert_eq!(at(1, false), 3);
        assert_eq!(at(2, false), 0);
    }
}
