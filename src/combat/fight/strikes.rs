//! A round's strikes: each step's attacks from the models in contact, in
//! strike order, casualties removed before they strike back. RULES.md Order
//! of strikes, Weapons (spears), Characters champions and challenges.

use super::state::one_save_bit;
use super::{Combat, Fate, Fighter, Record, State, Step, StepKind, Strikes, Target};
use crate::combat::unit::Unit;
use crate::rules::casualties::Casualties;
use crate::rules::gear::ogres_with_behind;
use crate::rules::weapons::{Moment, Weapon};

/// The ranks behind the front rank that strike with a step of rank and
/// file: a spear's second, a pike's second to fourth, none at a foe in
/// its flank or rear (RULES.md Weapons). Worked out when the step is
/// built (its round, its charge and the face it strikes from are the
/// step's), not at each blow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RanksBehind {
    /// How many ranks behind the front strike (0 to 3).
    pub ranks: u32,
    /// Their models strike once each (Predatory Fighters, a step without
    /// dice: RULES.md Weapons).
    pub once: bool,
}

impl RanksBehind {
    /// Those of a step of `kind` that `unit` makes at `moment`, at a foe
    /// its front fights (`at_front`), its models rolling `dice` or not.
    pub(super) fn of(
        unit: &Unit,
        kind: StepKind,
        moment: Moment,
        at_front: bool,
        dice: bool,
    ) -> Self {
        if kind != StepKind::RankAndFile || !at_front {
            return RanksBehind::default();
        }
        RanksBehind {
            ranks: unit
                .weapon
                .fighting_ranks_of(unit.troop, moment, unit.spears_in_three_ranks)
                - 1,
            once: unit.predatory_fighters && !dice,
        }
    }

    /// Their models in contact: up to `contact` a rank, of the unit's
    /// `models` at the round's start in ranks `frontage` wide.
    #[inline(always)]
    fn models(self, contact: u32, models: u32, frontage: u32) -> u32 {
        let (mut striking, mut left) = (0, models);
        for _ in 0..self.ranks {
            left = left.saturating_sub(frontage);
            striking += contact.min(left);
        }
        striking
    }
}

impl Combat {
    /// Resolves strikes `n` of `step` on the state; returns the wounds they
    /// count for combat resolution.
    // Inlined into the round's blows, as it was before a Giant's results
    // called it too (they call it through `Combat::giant_strike`): out of
    // line it cost the flagship 8% more instructions (callgrind).
    #[inline(always)]
    pub(super) fn strike<const N: usize>(
        &self,
        fate: &mut impl Fate,
        step: &Step,
        n: Strikes,
        state: &mut State<N>,
        record: &mut Record,
    ) -> u32 {
        let (u, t) = (step.unit, step.foe);
        if let Some(duel) = state.duel.filter(|d| t < 2 && d[t].target() == step.target) {
            // A challenge: overkill counts, up to +5.
            let w = u32::from(step.target_w);
            let remaining = w - u32::from(state.fighter_damage(t, duel[t]));
            let dealt = Self::dealt(fate, step, n, remaining, &mut state.saves_spent[t]);
            if dealt >= remaining {
                match duel[t] {
                    Fighter::Character(e) => {
                        state.heroes[t][e] = None;
                        record.characters_slain[t] += 1;
                    }
                    Fighter::Champion => {
                        state.champion[t] = None;
                        state.alive[t] -= 1;
                        state.lost[t][u] += 1;
                    }
                }
            } else {
                let d = state.fighter_damage(t, duel[t]) + dealt as u8;
                match duel[t] {
                    Fighter::Character(e) => state.heroes[t][e] = Some(d),
                    Fighter::Champion => state.champion[t] = Some(d),
                }
            }
            return dealt;
        }
        match step.target {
            Target::Champion => {
                let Some(d) = state.champion[t] else { return 0 };
                let c = Self::struck(fate, step, n, (d, 1), &mut state.saves_spent[t]);
                if c.kills > 0 {
                    state.champion[t] = None;
                    state.alive[t] -= 1;
                    state.lost[t][u] += 1;
                } else {
                    state.champion[t] = Some(c.damage);
                }
                c.combat_result_wounds(step.target_w) - u32::from(d)
            }
            Target::RankAndFile => {
                let apart = u32::from(step.foe_champion_apart && state.champion[t].is_some());
                if state.alive[t] == apart {
                    return 0;
                }
                let left = (state.damage[t], state.alive[t] - apart);
                let c = Self::struck(fate, step, n, left, &mut state.saves_spent[t]);
                let wounds = c.combat_result_wounds(step.target_w) - u32::from(state.damage[t]);
                state.alive[t] -= c.kills;
                // At most 500 models a unit: checked when the scenario is read.
                state.lost[t][u] += c.kills as u16;
                state.damage[t] = c.damage;
                if state.alive[t] == 0 {
                    // The champion is the last of the rank and file.
                    state.champion[t] = None;
                }
                wounds
            }
            Target::Character(e) => {
                let Some(d) = state.heroes[t][e] else {
                    return 0;
                };
                let c = Self::struck(fate, step, n, (d, 1), &mut state.saves_spent[t]);
                state.heroes[t][e] = if c.kills > 0 {
                    // Another kind of model fielded apart is no character.
                    let character = self.setup.units[t].characters[e].character;
                    record.characters_slain[t] += u32::from(character);
                    None
                } else {
                    Some(c.damage)
                };
                c.combat_result_wounds(step.target_w) - u32::from(d)
            }
        }
    }

    /// The casualties strikes `n` of `step` cause on a body whose wounded
    /// model has taken `damage` wounds and which has `cap` models left;
    /// where it holds its one re-roll of a failed armour save this turn
    /// (its bit of `spent` clear), the strikes that may spend it (RULES.md
    /// Saves, One failed save a turn).
    #[inline(always)]
    pub(super) fn struck(
        fate: &mut impl Fate,
        step: &Step,
        n: Strikes,
        (damage, cap): (u8, u32),
        spent: &mut u8,
    ) -> Casualties {
        let bit = one_save_bit(step.target);
        if step.foe_one_save && *spent & bit == 0 {
            let (c, used) = fate.strike_saving(step, n, damage, cap);
            *spent |= bit * u8::from(used);
            return c;
        }
        fate.strike(step, n, damage, cap)
    }

    /// [`Fate::duel`]'s wounds dealt to a challenger with `remaining`
    /// Wounds, holding his one re-roll of a failed armour save as
    /// [`Combat::struck`] says.
    #[inline(always)]
    fn dealt(fate: &mut impl Fate, step: &Step, n: Strikes, remaining: u32, spent: &mut u8) -> u32 {
        let bit = one_save_bit(step.target);
        if step.foe_one_save && *spent & bit == 0 {
            let (dealt, used) = fate.duel_saving(step, n, remaining);
            *spent |= bit * u8::from(used);
            return dealt;
        }
        fate.duel(step, n, remaining)
    }

    /// Attacks a step makes now, at its target (models, for a step with
    /// dice: chariots' impact hits, random attacks). Casualties are
    /// removed before they strike: each one a unit lost to a foe this round
    /// is a model in contact with that foe that cannot strike, and models
    /// stepping up cannot strike this turn (seed 002 "Retirada de bajas").
    /// Characters and a champion fight in the front rank, at the unit's
    /// first foe, and are struck only by attacks declared at them, so they
    /// strike while they stand (RULES.md Characters, champions and
    /// challenges). Foot spears add the second rank, fighting to their front
    /// (RULES.md Weapons).
    ///
    /// A group's attacks go to the enemy's rank and file, less those its
    /// front enemy declared at its characters (`attacks_on_him`, from the
    /// rank and file); once the enemy's rank and file are gone at the start
    /// of a round, all of them go to its first character standing. Attacks
    /// at rank and file slain earlier in the round are lost. **[ruling]** a
    /// model with random attacks strikes one target with all it rolls:
    /// attacks declared at a character or champion are counted in its
    /// models (RULES.md Characters, champions and challenges).
    // Inlined into the step loop: 7% of a fight on the flagship (measured).
    #[inline(always)]
    pub(super) fn attacks<const N: usize>(
        &self,
        step: &Step,
        state: &State<N>,
        frenzied: bool,
    ) -> u32 {
        let (u, t) = (step.unit, step.foe);
        let total = self.group_attacks(step, state, frenzied);
        // In a challenge the two fighters strike only each other, and nobody
        // else strikes them (RULES.md Characters, champions and challenges).
        if let Some(duel) = state.duel.filter(|_| u < 2) {
            if step.kind == duel[u].kind() {
                let at_foe = t == 1 - u
                    && step.target == duel[t].target()
                    && state.fighter_standing(t, duel[t]);
                return if at_foe { total } else { 0 };
            }
        }
        let engaged = |target: Target| {
            t < 2
                && (state.duel.is_some_and(|d| d[t].target() == target)
                    || matches!(target, Target::Character(e) if state.stepped_back[t] == Some(e as u8)))
        };
        // Share the group's attacks between the enemy's characters and its
        // rank and file; only the enemy its front rank faces declares attacks
        // at them.
        let declares = step.kind == StepKind::RankAndFile && self.primary(t, state) == Some(u);
        let mut left = total;
        let rank_and_file_gone = state.start[t] == 0;
        for (e, c) in self.setup.units[t].characters.iter().enumerate() {
            if state.heroes[t][e].is_none() || engaged(Target::Character(e)) {
                continue;
            }
            let declared = if rank_and_file_gone {
                left
            } else if declares {
                c.attacks_on_him.min(left)
            } else {
                0
            };
            if step.target == Target::Character(e) {
                return declared;
            }
            left -= declared;
        }
        let champion_declared = if state.champion[t].is_some() && !engaged(Target::Champion) {
            // A champion of his own body is struck, once his rank and file
            // are gone, by every attack at them (RULES.md Characters,
            // champions and challenges).
            let declared = if state.start[t] == u32::from(step.foe_champion_apart) {
                left
            } else if declares {
                self.setup.units[t].attacks_on_champion
            } else {
                0
            };
            declared.min(left)
        } else {
            0
        };
        match step.target {
            Target::RankAndFile => left - champion_declared,
            Target::Champion => champion_declared,
            Target::Character(_) => 0,
        }
    }

    /// 1 while unit `u`'s champion stands with a body of his own: a model
    /// its rank and file's blows and casualties leave out.
    #[inline(always)]
    pub(super) fn champion_apart<const N: usize>(&self, u: usize, state: &State<N>) -> u32 {
        u32::from(self.facts[u].champion_apart && state.champion[u].is_some())
    }

    /// The attacks of `step`'s whole group this round (its models, for a
    /// step with dice: [`Step::per_model`]), before a challenge and
    /// declared attacks share them out: the models in contact that stand
    /// (a spear's second rank too), its champion, its characters.
    #[inline(always)]
    fn group_attacks<const N: usize>(&self, step: &Step, state: &State<N>, frenzied: bool) -> u32 {
        let (u, t) = (step.unit, step.foe);
        let unit = &self.setup.units[u];
        let per_model = step.per_model[usize::from(frenzied)];
        let contact = u32::from(state.contact[u][t]);
        let front_rank = self.primary(u, state) == Some(t);
        let champion_here = front_rank && state.champion[u].is_some();
        let heroes_here = if front_rank {
            state.heroes_standing(u) as u32
        } else {
            0
        };
        let front = contact
            .saturating_sub(u32::from(champion_here))
            .saturating_sub(heroes_here);
        let lost = u32::from(state.lost[u][t]);
        let rank_and_file = front.saturating_sub(lost);
        let champion = u32::from(champion_here && state.alive[u] > 0);
        let stepped_back = |i: usize| u < 2 && state.stepped_back[u] == Some(i as u8);
        match step.kind {
            StepKind::RankAndFile => {
                // The ranks behind the front that strike too (RULES.md
                // Weapons: `Step::behind`).
                let behind = step.behind;
                let second = behind.models(contact, state.start[u], unit.frontage);
                // [ruling] each casualty removes one model that could strike,
                // front rank or second; never more than stand (RULES.md
                // Order of strikes); Predatory Fighters' second rank
                // strikes once (RULES.md Weapons).
                let standing = state.alive[u] - champion;
                Weapon::rank_and_file_attacks(front, second, lost, standing, per_model, behind.once)
            }
            StepKind::Champion => champion * per_model,
            StepKind::Mount | StepKind::Impact => (rank_and_file + champion) * per_model,
            StepKind::Character(i) => {
                u32::from(front_rank && state.heroes[u][i].is_some() && !stepped_back(i))
                    * per_model
            }
            // A champion of his own body shoots his own weapon, or none
            // (RULES.md Shooting, Each model shoots his own weapon).
            StepKind::Shots => (state.alive[u] - self.champion_apart(u, state)) * per_model,
            StepKind::ChampionShots => u32::from(state.champion[u].is_some()) * per_model,
            StepKind::Giant => self.giant_acts(step.id, state),
            StepKind::BullCharge { character, behind } => {
                // Files in contact: the rank and file's first, then each
                // character's (RULES.md Special attacks and psychology,
                // Bull Charge).
                let ogres = state.start[u] + state.heroes_places_at_start(&self.facts[u].places, u);
                let striking =
                    |i: usize| front_rank && state.heroes[u][i].is_some() && !stepped_back(i);
                let files = rank_and_file + champion;
                let (from, to) = match character {
                    None => (0, files),
                    Some(i) if striking(i) => {
                        let before = (0..i).filter(|&j| striking(j)).count() as u32;
                        (files + before, files + before + 1)
                    }
                    Some(_) => (0, 0),
                };
                ogres_with_behind(from, to, behind, ogres, unit.frontage) * per_model
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RanksBehind;

    #[test]
    fn the_ranks_behind_count_their_models_in_contact() {
        let pikes = RanksBehind {
            ranks: 3,
            once: false,
        };
        // 25 pikemen five wide, five in contact: the second to fourth
        // ranks' 5 + 5 + 5.
        assert_eq!(pikes.models(5, 25, 5), 15);
        // 12 of them: 7 behind the front, the second rank's 5 and the
        // third's 2.
        assert_eq!(pikes.models(5, 12, 5), 7);
        // Three in contact a rank: 3 + 3 + 3.
        assert_eq!(pikes.models(3, 25, 5), 9);
        // A spear's second rank, of 8 models five wide: the 3 behind the
        // front.
        let spears = RanksBehind { ranks: 1, ..pikes };
        assert_eq!(spears.models(5, 8, 5), 3);
        // None behind, or none standing behind the front.
        assert_eq!(RanksBehind::default().models(5, 25, 5), 0);
        assert_eq!(pikes.models(5, 5, 5), 0);
    }
}
