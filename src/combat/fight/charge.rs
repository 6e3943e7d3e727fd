//! The charge turn: panic and fear tests, the charged unit's reaction,
//! the catch of a unit that flees, a charge that falls short. RULES.md
//! Charges, Fleeing and pursuit, Panic; seeds 000, 003.

use super::{Combat, End, Fate, Record, StartOfTurn, State, Strikes, UnitEnd, MAX_UNITS, NO_FOE};
use crate::dice::Roll;
use crate::rules::animosity;
use crate::rules::movement::charge_reaches;
use crate::rules::panic::{fleeing_friends_cause_panic, heavy_casualties};
use crate::rules::place::{Facing, ReactionName};

impl Combat {
    /// The charge turn; `Some(end)` if the fight ends there. The charging
    /// side charges the enemy's main unit.
    pub(super) fn charge<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &mut State<N>,
        record: &mut Record,
    ) -> Option<End> {
        let cs = self.charger?;
        // Every charger's start of turn, the main charger's first (most
        // scenarios have nothing to test: skipped at once).
        let (mut stayed, mut squabbled) = (false, false);
        // The start of turn's tests are taken together, on the General's
        // Ld as the turn began, even if his unit flees in them (RULES.md
        // Break test [ruling]).
        let began = record.units;
        for &u in self.chargers.iter().filter(|_| self.starts_of_turn) {
            let declared = self.declares(fate, u, state, record, &began);
            if declared != Declared::Yes {
                state.leave(u);
                stayed = true;
                squabbled |= u == cs && declared == Declared::Squabbled;
            }
        }
        if stayed {
            self.leave_unengaged(state);
            if !self.present(cs, state) {
                return Some(match squabbled {
                    true => End::Squabbled,
                    false => End::ChargeNotDeclared,
                });
            }
        }
        let ranges = self.charge_ranges(fate, state);
        if self.charged_unit_flees(fate, 1 - cs, &ranges, state, record) {
            return self.flight_from_charge(fate, &ranges, state, record);
        }
        let mut failed = false;
        for &u in &self.chargers {
            if state.fights(u) && !self.reaches(u, &ranges) {
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
        match self
            .shots
            .filter(|_| state.fights(cs) && self.far_enough(cs, &ranges))
        {
            Some(id) => self.stand_and_shoot_at(fate, id, state, record),
            None => None,
        }
    }

    /// Each charger's charge range this turn: from its M, or a random
    /// mover's from the roll of its move (RULES.md Charges: its move
    /// itself, the target reacting to the roll).
    fn charge_ranges<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &State<N>,
    ) -> [f64; MAX_UNITS] {
        let mut ranges = [0.0; MAX_UNITS];
        for &u in &self.chargers {
            ranges[u] = match self.move_rolls[u] {
                Some(roll) if state.fights(u) => {
                    let rolled = fate.random_move(&roll);
                    self.setup.places[u].random_charge_range(rolled, self.setup.edition)
                }
                _ => self.ranges[u],
            };
        }
        ranges
    }

    /// Whether charger `u` starts far enough for its target to stand and
    /// shoot: more than half its range before any wheel away (checked
    /// when the scenario is read for a charger with an M; a random mover's
    /// as it rolled, this turn's `ranges`). RULES.md Charges.
    fn far_enough(&self, u: usize, ranges: &[f64; MAX_UNITS]) -> bool {
        let place = &self.setup.places[u];
        self.move_rolls[u].is_none() || place.distance > (ranges[u] + place.wheel) / 2.0
    }

    /// Charger `cs`'s start-of-turn tests, in order, before it may declare
    /// (RULES.md Panic; seed 004): panic from friends fleeing within 10 cm
    /// of greater unit strength, terror from an enemy within 15 cm (a
    /// failure of either flees), stupidity (a failure declares nothing),
    /// then animosity (after the psychology tests; `rules::animosity`),
    /// then a Gnoblars' bickering.
    /// Whether it declares its charge.
    fn declares<const N: usize>(
        &self,
        fate: &mut impl Fate,
        cs: usize,
        state: &State<N>,
        record: &mut Record,
        began: &[UnitEnd; MAX_UNITS],
    ) -> Declared {
        let turn = self.setup.places[cs].start_of_turn;
        let unit = &self.setup.units[cs];
        let p = &unit.psychology;
        if !self.tests_at_start_of_turn(cs) {
            return Declared::Yes;
        }
        let fears = p.takes_terror_tests();
        let own = state.unit_strength(self, cs);
        let ld = state.psychology_test(self, cs, began);
        let panic_ld = state.panic_test(self, cs, began);
        let equal_panics = self.setup.fleeing_friends_equal_panics;
        let panics =
            p.panics() && fleeing_friends_cause_panic(turn.fleeing_friends_us, own, equal_panics);
        // Fear- and terror-causers never test for terror (RULES.md Charges).
        let terrified = turn.terror_nearby && fears && !p.fear;
        if (panics && !fate.test(&panic_ld)) || (terrified && !fate.test(&ld)) {
            self.fled(cs, state, record);
            return Declared::No;
        }
        if p.stupid && !fate.test(&ld) {
            record.units[cs] = UnitEnd::ChargeFailed;
            return Declared::No;
        }
        // Quell Animosity: a unit with it takes no test; one led by a
        // character with it rolls a failed test again (RULES.md Panic).
        let quelled = (unit.characters.iter()).any(|c| c.body.psychology.quells_animosity);
        let tests = p.takes_animosity_tests();
        if animosity::tests(tests, unit.troop, state.alive[cs]) && fate.animosity(quelled) {
            record.units[cs] = UnitEnd::ChargeFailed;
            return Declared::Squabbled;
        }
        // Bicker: on a 1 the Gnoblars do nothing this turn (RULES.md Panic).
        if p.bickers && fate.roll(&Roll::sum(1)) == 1 {
            record.units[cs] = UnitEnd::ChargeFailed;
            return Declared::No;
        }
        Declared::Yes
    }

    /// Whether charger `u` has a start-of-turn test to take.
    pub(super) fn tests_at_start_of_turn(&self, u: usize) -> bool {
        let unit = &self.setup.units[u];
        let p = &unit.psychology;
        self.setup.places[u].start_of_turn != StartOfTurn::default()
            || p.stupid
            || p.bickers
            || (p.takes_animosity_tests() && animosity::troop_tests(unit.troop))
    }

    /// Whether unit `u`'s charge reaches, with this turn's `ranges`.
    /// RULES.md Charges.
    fn reaches(&self, u: usize, ranges: &[f64; MAX_UNITS]) -> bool {
        charge_reaches(self.setup.places[u].distance, ranges[u])
    }

    /// Whether the charged unit (the enemy's main unit) is engaged already.
    fn target_engaged(&self, t: usize) -> bool {
        self.foes[t]
            .iter()
            .any(|&(e, _)| !self.setup.places[e].charging)
    }

    /// Whether the charged unit flees: as its reaction, from panic (engaged
    /// and charged in the flank or rear by US 5+: RULES.md Panic; seed 003,
    /// only once the charge is known to reach), or from a failed fear or
    /// terror test (RULES.md Special attacks), which otherwise leaves it
    /// needing 6s to hit.
    fn charged_unit_flees<const N: usize>(
        &self,
        fate: &mut impl Fate,
        t: usize,
        ranges: &[f64; MAX_UNITS],
        state: &mut State<N>,
        record: &Record,
    ) -> bool {
        let target = &self.setup.units[t];
        if self.setup.reaction == ReactionName::Flee {
            return true;
        }
        // Charged in the flank or rear while engaged, or by a Glorious
        // Charge, by unit strength 5 or more (RULES.md Panic).
        let engaged = self.target_engaged(t);
        let panicked = self.chargers.iter().any(|&u| {
            if !state.fights(u) {
                return false;
            }
            let face = self.foes[u]
                .iter()
                .find(|f| f.0 == t)
                .map(|f| self.setup.contacts[f.1].face);
            let flanked = engaged && face.is_some_and(|f| f != Facing::Front);
            (flanked || self.setup.units[u].psychology.glorious_charge)
                && face.is_some()
                && self.reaches(u, ranges)
                && state.unit_strength(self, u) >= 5
        });
        if panicked
            && target.psychology.panics()
            && !fate.test(&state.panic_test(self, t, &record.units))
        {
            return true;
        }
        self.frightened_off(fate, t, &self.chargers, state, record)
    }

    /// Unit `t`'s fear or terror test when `chargers` (those still in the
    /// fight) charge it (RULES.md Special attacks): whether it flees. A
    /// failure flees from terror or a fear-causer of greater unit strength,
    /// else leaves it needing 6s to hit in the first round.
    pub(super) fn frightened_off<const N: usize>(
        &self,
        fate: &mut impl Fate,
        t: usize,
        chargers: &[usize],
        state: &mut State<N>,
        record: &Record,
    ) -> bool {
        let target = &self.setup.units[t];
        let fearsome = || {
            chargers
                .iter()
                .copied()
                .filter(|&u| state.fights(u) && state.frightens(self, u, t))
        };
        if fearsome().next().is_none() || target.psychology.fearless() {
            return false;
        }
        if fate.test(&state.psychology_test(self, t, &record.units)) {
            return false;
        }
        let terror = fearsome().any(|u| self.setup.units[u].psychology.terror);
        let bigger =
            fearsome().any(|u| state.unit_strength(self, t) < state.unit_strength(self, u));
        state.scared[t] = !(terror || bigger);
        terror || bigger
    }

    /// The charged unit flees: the chargers (and, fleeing a combat, the enemy
    /// it fought if that enemy won the previous round: seed 003) may catch
    /// it; units still fighting each other fight on without it.
    fn flight_from_charge<const N: usize>(
        &self,
        fate: &mut impl Fate,
        ranges: &[f64; MAX_UNITS],
        state: &mut State<N>,
        record: &mut Record,
    ) -> Option<End> {
        let cs = self.charger?;
        let t = 1 - cs;
        let won_last = |e: usize| {
            !self.setup.places[e].charging
                && self.setup.last_round_winner == Some(self.facts[e].side)
        };
        let mut fled = [false; N];
        fled[t] = true;
        let pursues = match self.target_engaged(t) {
            true => self.pursuers(fate, state, record, &fled, won_last),
            false => [NO_FOE; N],
        };
        let mut catchers = [(0.0, 0.0); MAX_UNITS];
        let mut k = 0;
        for &u in self.chargers.iter().filter(|&&u| state.fights(u)) {
            catchers[k] = (self.setup.places[u].distance, ranges[u]);
            k += 1;
        }
        let caught = self.caught_by(fate, t, &catchers[..k], &pursues);
        self.flees_charge(t, caught, state, record);
        if !caught && self.setup.redirect.is_some() && state.fights(cs) {
            return self.redirected_charge(fate, state, record);
        }
        self.after_flight(caught, state)
    }

    /// Unit `u` fled a charge, `caught` (destroyed) or not: it leaves the
    /// fight.
    pub(super) fn flees_charge<const N: usize>(
        &self,
        u: usize,
        caught: bool,
        state: &mut State<N>,
        record: &mut Record,
    ) {
        if caught {
            record.casualties[u] = self.setup.units[u].models;
            record.units[u] = UnitEnd::CaughtFleeing;
        } else {
            self.fled(u, state, record);
        }
        state.leave(u);
    }

    /// After a charged unit fled: units with no foe left leave; the fight
    /// ends unless units of both sides still fight each other.
    pub(super) fn after_flight<const N: usize>(
        &self,
        caught: bool,
        state: &mut State<N>,
    ) -> Option<End> {
        let cs = self.charger?;
        self.leave_unengaged(state);
        if self.present(1 - cs, state) && self.present(cs, state) {
            return None;
        }
        Some(if caught {
            End::TargetCaught
        } else {
            End::TargetFled
        })
    }

    /// The main charger meets stand and shoot (`volley`'s steps, one after
    /// the other): with 25% casualties it takes a panic test before
    /// contact (RULES.md Shooting).
    pub(super) fn stand_and_shoot_at<const N: usize>(
        &self,
        fate: &mut impl Fate,
        volley: super::volley::Volley,
        state: &mut State<N>,
        record: &mut Record,
    ) -> Option<End> {
        let c = self.charger?;
        let charger = &self.setup.units[c];
        state.begin_round();
        let mut kills = 0;
        for id in volley.steps() {
            let step = &self.steps[id];
            let n = self.attacks(step, state, false);
            if state.alive[c] == 0 {
                break;
            }
            let strikes = Strikes { n, frenzied: false };
            let left = (state.damage[c], state.alive[c]);
            let hit = Self::struck(fate, step, strikes, left, &mut state.saves_spent[c]);
            state.alive[c] -= hit.kills;
            state.damage[c] = hit.damage;
            record.casualties[c] += hit.kills;
            kills += hit.kills;
        }
        let shot_down = state.alive[c] == 0;
        let flees = shot_down
            || (heavy_casualties(charger.models, kills)
                && charger.psychology.panics()
                && !fate.test(&state.panic_test(self, c, &record.units)));
        if !flees {
            return None;
        }
        match shot_down {
            true => record.units[c] = UnitEnd::WipedOut,
            false => self.fled(c, state, record),
        }
        state.leave(c);
        self.leave_unengaged(state);
        if self.present(c, state) {
            return None;
        }
        Some(if shot_down {
            End::ChargerShotDown
        } else {
            End::ChargerFled
        })
    }
}

/// Whether a charger declares its charge after its start-of-turn tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Declared {
    Yes,
    /// A psychology test stopped it (it fled, or stood stupid).
    No,
    /// Its animosity stopped it.
    Squabbled,
}
