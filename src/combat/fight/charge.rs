//! The charge turn: panic and fear tests, the charged unit's reaction,
//! the catch of a unit that flees, a charge that falls short. RULES.md
//! Charges, Fleeing and pursuit, Panic; seeds 000, 003.

use super::{Combat, End, Fate, Record, State, UnitEnd};
use crate::rules::leadership::LeadershipTest;
use crate::rules::movement::charge_reaches;
use crate::rules::place::{Facing, ReactionName};

impl Combat {
    /// The charge turn; `Some(end)` if the fight ends there. The charging
    /// side charges the enemy's main unit.
    pub(super) fn charge<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &mut State<N>,
        scared: &mut [bool; N],
        record: &mut Record,
    ) -> Option<End> {
        let cs = self.charger?;
        let t = 1 - cs;
        let target = &self.setup.units[t];
        let chargers = &self.chargers;
        let reaches = |u: usize| charge_reaches(self.setup.places[u].distance, self.ranges[u]);
        let mut flees = self.setup.reaction == ReactionName::Flee;
        // Engaged and charged in the flank or rear by US 5+: panic. RULES.md
        // Panic; seed 003 (only once the charge is known to reach).
        let engaged = self.foes[t]
            .iter()
            .any(|&(e, _)| !self.setup.places[e].charging);
        let flanked = chargers.iter().any(|&u| {
            let face = self.foes[u]
                .iter()
                .find(|f| f.0 == t)
                .map(|f| self.setup.contacts[f.1].face);
            face.is_some_and(|f| f != Facing::Front)
                && reaches(u)
                && state.unit_strength(self, u) >= 5
        });
        if !flees
            && engaged
            && flanked
            && !(target.psychology.immune || target.psychology.unbreakable)
            && !fate.test(&LeadershipTest::new(state.leadership(self, t)))
        {
            flees = true;
        }
        // Fear and terror tests of the charged unit. RULES.md Special attacks.
        let fearsome = || {
            chargers
                .iter()
                .copied()
                .filter(|&u| self.setup.units[u].psychology.fear)
        };
        if !flees && fearsome().next().is_some() && !target.psychology.fearless() {
            let passed = fate.test(&LeadershipTest::new(state.leadership(self, t)));
            if !passed {
                let terror = fearsome().any(|u| self.setup.units[u].psychology.terror);
                let bigger =
                    fearsome().any(|u| state.unit_strength(self, t) < state.unit_strength(self, u));
                if terror || bigger {
                    flees = true;
                } else {
                    scared[t] = true;
                }
            }
        }
        if flees {
            // Fleeing a combat, it may also be pursued by the enemy it fought
            // if that enemy won the previous round (seed 003).
            let won_last = |e: usize| {
                !self.setup.places[e].charging
                    && self.setup.last_round_winner == Some(self.facts[e].side)
            };
            let mut fled = [false; N];
            fled[t] = true;
            let pursues = match engaged {
                true => self.pursuers(fate, state, &fled, won_last),
                false => [false; N],
            };
            let caught = self.caught_by(fate, t, &self.catchers, &pursues);
            record.units[t] = if caught {
                record.casualties[t] = target.models;
                UnitEnd::CaughtFleeing
            } else {
                UnitEnd::Fled
            };
            // Units still fighting each other (a fight of several units)
            // fight on without it.
            state.leave(t);
            self.leave_unengaged(state);
            if self.present(t, state) && self.present(cs, state) {
                return None;
            }
            return Some(if caught {
                End::TargetCaught
            } else {
                End::TargetFled
            });
        }
        let mut failed = false;
        for &u in chargers {
            if !reaches(u) {
                state.leave(u);
                record.units[u] = UnitEnd::ChargeFailed;
                failed = true;
            }
        }
        if failed {
            self.leave_unengaged(state);
        }
        if !self.present(cs, state) {
            return Some(End::ChargeFailed);
        }
        // The main charger meets stand and shoot.
        if let Some(id) = self.shots.filter(|_| state.fights(cs)) {
            let c = cs;
            let charger = &self.setup.units[c];
            let step = &self.steps[id];
            state.begin_round();
            let n = self.attacks(step, state, false, 1);
            let hit = fate.strike(step, n, 0, state.alive[c]);
            state.alive[c] -= hit.kills;
            state.damage[c] = hit.damage;
            record.casualties[c] += hit.kills;
            // 25% casualties: a panic test before contact. RULES.md Shooting.
            let flees = state.alive[c] == 0
                || (4 * hit.kills >= charger.models
                    && !(charger.psychology.immune || charger.psychology.unbreakable)
                    && !fate.test(&LeadershipTest::new(state.leadership(self, c))));
            if flees {
                let shot_down = state.alive[c] == 0;
                state.leave(c);
                record.units[c] = if shot_down {
                    UnitEnd::WipedOut
                } else {
                    UnitEnd::Fled
                };
                self.leave_unengaged(state);
                if !self.present(cs, state) {
                    return Some(if shot_down {
                        End::ChargerShotDown
                    } else {
                        End::ChargerFled
                    });
                }
            }
        }
        None
    }
}
