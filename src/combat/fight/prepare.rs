//! What a fight's rules decide of its units before the charge, once, as
//! it is set up: hatred of the enemies' armies (and Crush the Weak),
//! immunities a character lends his unit, friends the fight spares, Bull
//! Charges and impact hits that need a charge of some length, Defensive
//! Stakes met, skirmishers turning to face their chargers, regeneration on
//! the ground it stands on, and whether trolls vomit. The rounds then read
//! the units as these leave them. RULES.md Charges, Special attacks and
//! psychology.

use super::setup::Setup;
use crate::combat::unit::Unit;
use crate::rules::gear::BullCharge;
use crate::rules::place::{Facing, Ground};
use crate::rules::special::{crushed_as_weak, hates_army, Psychology};
use crate::rules::stakes::charge_bonus_kept;
use crate::rules::weapons::Moment;

impl Setup {
    /// The fight's units hate the enemies whose army they name (`hates`),
    /// their characters too, as hatred of their own; they are immune to
    /// panic in a fight with an enemy of an army `immune_to_panic_against`
    /// names. RULES.md Special attacks and psychology, Panic.
    pub(super) fn hate_named_armies(&mut self) {
        let armies = |u: &Unit| -> Vec<String> {
            let own = u.army.iter();
            let heroes = u.characters.iter().filter_map(|c| c.body.army.as_ref());
            own.chain(heroes).cloned().collect()
        };
        let sides: Vec<usize> = self.places.iter().map(|p| p.side).collect();
        let of: Vec<Vec<String>> = self.units.iter().map(armies).collect();
        // Crush the Weak: enemies whose rank and file's basic Ld is 6 or
        // less (RULES.md Special attacks and psychology).
        let weak: Vec<bool> = self
            .units
            .iter()
            .map(|e| crushed_as_weak(e.own_ld))
            .collect();
        for (u, unit) in self.units.iter_mut().enumerate() {
            let weak_enemy = (0..sides.len()).any(|e| sides[e] != sides[u] && weak[e]);
            if weak_enemy && unit.or_its_characters(|p| p.crushes_the_weak) {
                // The bearer and the unit he leads, not its other
                // characters.
                unit.rules.hatred = true;
                if let Some(c) = unit.champion_body.as_mut() {
                    c.rules.hatred = true;
                }
                for c in &mut unit.characters {
                    c.body.rules.hatred |= c.body.psychology.crushes_the_weak;
                }
            }
            let enemies: Vec<&String> = (0..sides.len())
                .filter(|&e| sides[e] != sides[u])
                .flat_map(|e| of[e].iter())
                .collect();
            let names_an_enemy = |armies: &[String]| enemies.iter().any(|a| hates_army(armies, a));
            if names_an_enemy(&unit.hates) {
                unit.rules.hatred = true;
            }
            // Stoic: immune to panic against the armies it names (RULES.md
            // Panic).
            if names_an_enemy(&unit.immune_to_panic_against) {
                unit.psychology.immune_to_panic = true;
            }
            for c in &mut unit.characters {
                if names_an_enemy(&c.body.hates) {
                    c.body.rules.hatred = true;
                }
            }
            // A champion's own hatred (RULES.md Characters, champions and
            // challenges).
            if let Some(c) = unit.champion_body.as_mut() {
                c.rules.hatred |= names_an_enemy(&c.hates);
            }
        }
    }

    /// A character's immunity that reaches his unit (the Aura of the Fey
    /// Queen, the Crown of Bretonnia: panic; Horned Rat Incarnate:
    /// psychology; Royal Blood with Hammerers: fear and terror) is the
    /// unit's for the whole fight, as the Banner of the Swarm's bonus is.
    /// RULES.md Panic, Special attacks and psychology.
    pub(super) fn characters_lend_immunity(&mut self) {
        for unit in &mut self.units {
            let lends = |rule: fn(&Psychology) -> bool| {
                unit.characters.iter().any(|c| rule(&c.body.psychology))
            };
            let panic = lends(|p| p.unit_immune_to_panic);
            let psychology = lends(|p| p.unit_immune_to_psychology);
            // The Hammerers joined by a character of Royal Blood.
            let royal = lends(|p| p.royal_blood) && unit.psychology.fearless_with_royal_blood;
            unit.psychology.immune_to_panic |= panic;
            unit.psychology.immune |= psychology;
            unit.psychology.immune_to_fear |= royal;
        }
    }

    /// Each friend near the fight learns which of the fight's units spare
    /// it a panic test when they rout (RULES.md Panic, "Friends who cause
    /// no panic").
    pub(super) fn spare_friends(&mut self) {
        let kinds: Vec<_> = self.units.iter().map(|u| &u.panic).collect();
        for f in &mut self.friends {
            f.spare(&kinds);
        }
    }

    /// Which units bull charge: a charging unit of three Ogres or more
    /// (its models with the rule, its characters with it) after a charge
    /// of 6" or more; the others' Bull Charge is taken away. **\[ruling\]**
    /// a redirected charge keeps what its first charge decided. RULES.md
    /// Special attacks and psychology, Bull Charge.
    pub(super) fn bull_charges(&mut self) {
        let edition = self.edition;
        for (unit, place) in self.units.iter_mut().zip(&self.places) {
            let own = unit.bull_charge.map_or(0, |_| unit.models);
            let heroes = || unit.characters.iter().filter_map(|c| c.body.bull_charge);
            let ogres = own + heroes().count() as u32;
            let alone = unit
                .bull_charge
                .into_iter()
                .chain(heroes())
                .any(|b| b.alone);
            if !(place.charge_bonus() && BullCharge::charges(ogres, alone, place.distance, edition))
            {
                unit.bull_charge = None;
                for c in &mut unit.characters {
                    c.body.bull_charge = None;
                }
            }
            // The unit's Bull Standard is its characters' too.
            if unit.bull_charge.is_some_and(|b| b.reroll_wounds) {
                for b in unit
                    .characters
                    .iter_mut()
                    .filter_map(|c| c.body.bull_charge.as_mut())
                {
                    b.reroll_wounds = true;
                }
            }
        }
    }

    /// Impact hits that need a longer charge than the unit's (Thunderous
    /// Charge: more than 7") are taken away. RULES.md Special attacks and
    /// psychology, Impact hits.
    pub(super) fn impact_charges(&mut self) {
        let edition = self.edition;
        for (unit, place) in self.units.iter_mut().zip(&self.places) {
            if unit
                .impact
                .is_some_and(|h| !h.after_charge_of(place.distance, edition))
            {
                unit.impact = None;
            }
        }
    }

    /// Chargers whose every contact is a front with Defensive Stakes
    /// standing charge without their bonus (RULES.md Charges, Defensive
    /// Stakes).
    pub(super) fn stakes_meet_chargers(&mut self) {
        for u in 0..self.units.len() {
            let met: Vec<(bool, Facing)> = self
                .contacts
                .iter()
                .filter(|c| c.striker == u)
                .map(|c| (self.units[c.struck].defensive_stakes, c.face))
                .collect();
            let kept = charge_bonus_kept(self.defensive_stakes, &met);
            self.places[u].stakes_met = self.places[u].charging && !kept;
        }
    }

    /// Skirmishers charged when not yet fighting turn to face their
    /// chargers: the charge strikes their front (RULES.md Skirmishers).
    pub(super) fn skirmishers_face_chargers(&mut self) {
        let engaged = |u: usize| {
            self.contacts.iter().any(|c| {
                (c.struck == u && !self.places[c.striker].charging)
                    || (c.striker == u && !self.places[c.struck].charging)
            })
        };
        let turn: Vec<bool> = self
            .contacts
            .iter()
            .map(|c| {
                self.units[c.struck].skirmishers
                    && self.places[c.striker].charging
                    && c.face != Facing::Front
                    && !engaged(c.struck)
            })
            .collect();
        for (c, turn) in self.contacts.iter_mut().zip(turn) {
            if turn {
                c.face = Facing::Front;
            }
        }
    }
}

impl Setup {
    /// Fenbeasts regenerate where the fight stands in a marsh: their
    /// Special Regenerate, on each body of its units (RULES.md Special
    /// attacks and psychology, Special Regenerate).
    pub(super) fn regenerate_on_ground(&mut self) {
        let marsh = self.ground == Ground::Marsh;
        let on = |u: &mut Unit| u.regeneration |= marsh && u.regenerates_in_marsh;
        for unit in &mut self.units {
            on(unit);
            unit.champion_body.as_deref_mut().map(on);
            unit.characters.iter_mut().for_each(|c| on(&mut c.body));
        }
    }

    /// Units that may vomit (Troll Vomit) vomit for the whole fight or
    /// attack, as `troll_vomit` chooses: by default when it pays against
    /// their first foe in the fight's first round
    /// ([`VomitChoice::vomits`]); their champions alike. RULES.md Special
    /// attacks and psychology.
    pub(super) fn trolls_choose_to_vomit(&mut self) {
        for u in 0..self.units.len() {
            if !self.units[u].rules.troll_vomit {
                continue;
            }
            let side = self.places[u].side;
            let moment = Moment {
                round: 1,
                charging: self.places[u].charge_bonus(),
            };
            let foe = (0..self.units.len())
                .find(|&e| self.places[e].side != side)
                .map(|e| self.units[e].defender());
            let unit = &mut self.units[u];
            let vomits = foe.is_some_and(|f| {
                self.troll_vomit
                    .vomits(&unit.striker(false, false), &f, moment)
            });
            unit.rules.troll_vomit = vomits;
            if let Some(c) = unit.champion_body.as_mut() {
                c.rules.troll_vomit &= vomits;
            }
        }
    }
}
