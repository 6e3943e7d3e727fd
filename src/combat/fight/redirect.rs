//! A redirected charge (RULES.md Charges; seed 000 "Redirección de
//! cargas"): the main charger's first target fled and got away, so it
//! charges the unit the scenario marks instead, once. The new target takes
//! its own fear test and reacts as to a new charge; the charger's range is
//! measured from where it started.

use super::{Combat, End, Fate, Record, State, UnitEnd, NO_FOE};
use crate::rules::movement::charge_reaches;
use crate::rules::place::ReactionName;

impl Combat {
    /// The main charger redirects at the redirect target: it joins the
    /// fight and reacts (hold, flee, stand and shoot) after its fear test.
    /// Returns how the fight ended, if it did in the charge turn.
    pub(super) fn redirected_charge<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &mut State<N>,
        record: &mut Record,
    ) -> Option<End> {
        let (cs, redirect) = (self.charger?, self.setup.redirect?);
        let r = redirect.unit;
        record.redirected = true;
        state.join(r);
        // The first target's other chargers have no foe left.
        self.leave_unengaged(state);
        let flees = redirect.reaction == ReactionName::Flee
            || self.frightened_off(fate, r, &[cs], state, record);
        if flees {
            // Not engaged: only the charger may catch it.
            let charger = [(redirect.path.distance, self.redirect_range)];
            let caught = self.caught_by(fate, r, &charger, &[NO_FOE; N]);
            self.flees_charge(r, caught, state, record);
            return self.after_flight(caught, state);
        }
        if !charge_reaches(redirect.path.distance, self.redirect_range) {
            state.leave(cs);
            record.units[cs] = UnitEnd::ChargeFailed;
            self.leave_unengaged(state);
            return (!self.present(cs, state)).then_some(End::ChargeFailed);
        }
        match self.redirect_shots {
            Some(id) => self.stand_and_shoot_at(fate, id, state, record),
            None => None,
        }
    }
}
