//! A Giant's turn to fight: its table's D6 for its foe's size and what each
//! result does, with what carries into the next round kept in
//! [`State::giant`]: jumping on, a club stuck or lying on the ground. And
//! its fall when beaten. RULES.md Giants.

use super::{Combat, Fate, Record, State, Step, StepKind, StepSet, Strikes, Target};
use crate::dice::Roll;
use crate::rules::attack::Damage;
use crate::rules::attack::{AttackChain, HitNeed};
use crate::rules::casualties::Casualties;
use crate::rules::fighter::impact_hit;
use crate::rules::giant::{
    attack, big_thing, falls_over, passes_initiative, picked_up, GiantAttack, PickedUp,
    GIANT_HITS_STRENGTH, THROWN_HITS_STRENGTH,
};
use crate::rules::random::{Dice, Die};
use crate::rules::special::{MultipleWounds, Reroll};
use crate::rules::strike_order::Band;
use crate::rules::weapons::Moment;

/// Bits of [`State::giant`] for unit `u`: it jumps up and down again.
pub(super) const fn jumping(u: usize) -> u16 {
    1 << (4 * u)
}
/// It cannot attack this round (its club stuck, or on the ground).
pub(super) const fn resting(u: usize) -> u16 {
    2 << (4 * u)
}
/// It cannot attack next round.
pub(super) const fn rests_next(u: usize) -> u16 {
    4 << (4 * u)
}
/// It yelled and bawled this round.
pub(super) const fn yelled(u: usize) -> u16 {
    8 << (4 * u)
}
/// Every unit's [`jumping`], [`rests_next`] and [`yelled`] bits.
pub(super) const JUMPING: u16 = 0x1111;
pub(super) const RESTS_NEXT: u16 = 0x4444;
pub(super) const YELLED: u16 = 0x8888;

/// The strike steps a Giant's table plays through at one foe, kept out of
/// the strike order (its table's step, [`StepKind::Giant`], calls them).
#[derive(Clone, Copy, Debug)]
pub(super) struct GiantSteps {
    /// The table's step.
    table: usize,
    /// D6 Strength 6 hits (Swing with Club).
    swing: usize,
    /// 2D6 Strength 6 hits (Jump Up and Down).
    jump: usize,
    /// Wounds without a roll or armour save on one model (Thump with
    /// Club, 'Eadbutt): as many strikes as wounds.
    blow: usize,
    /// D6 Strength 3 hits (a victim thrown back into its unit).
    thrown: usize,
    /// The victim's one attack fending off the Giant's hand.
    fend: usize,
}

/// The D6.
const D6: Roll = Roll::sum(1);

impl Combat {
    /// The steps a Giant's table step `table` of set `set` plays through.
    pub(super) fn add_giant_steps(&mut self, table: usize, set: StepSet) {
        let giant = self.steps[table].clone();
        let (g, e) = (giant.unit, giant.foe);
        let (unit, enemy) = (&self.setup.units[g], &self.setup.units[e]);
        let target = enemy.defender();
        let hits = |s| impact_hit(s, &target);
        let blow = AttackChain {
            hit: HitNeed::Automatic,
            reroll_hits: Reroll::None,
            poison: false,
            wound: Some(0),
            reroll_wounds: Reroll::None,
            killing_blow: false,
            save: None,
            reroll_saves: false,
            ward: target.ward_against(&Default::default()),
            regeneration: target.regenerates_against(&Default::default()),
            multiple_wounds: MultipleWounds::One,
            doubled: false,
        }
        .harming(target.harmed_by(&Default::default()));
        let moment = Moment {
            round: if set == StepSet::Later { 2 } else { 1 },
            charging: self.setup.places[e].charge_bonus() && set != StepSet::Later,
        };
        let fend = enemy
            .striker(false, false)
            .close_combat(&unit.defender(), moment);
        let sub = |chain: AttackChain, dice: Option<u8>, per_model: u32| Step {
            id: 0,
            foe_one_save: target.hardiness.saves_again_once(&chain),
            kind: StepKind::Impact,
            band: Band::Impact,
            initiative: 0,
            chain,
            per_model: [per_model; 2],
            dice: dice.map(|count| super::StepDice {
                dice: Dice {
                    count,
                    die: Die::D6,
                },
                plus: [0; 2],
            }),
            ..giant.clone()
        };
        let fend = Step {
            unit: e,
            side: 1 - giant.side,
            foe: g,
            target_w: unit.profile.w,
            target_models: unit.models,
            foe_champion_apart: unit.champion_apart(),
            foe_one_save: unit.defender().hardiness.saves_again_once(&fend),
            ..sub(fend, None, 1)
        };
        let strength = GIANT_HITS_STRENGTH;
        let made = [
            sub(hits(strength), Some(1), 1),
            sub(hits(strength), Some(2), 1),
            // 2D6 wounds at most: the fast engine's tables reach 12.
            sub(blow, None, 12),
            sub(hits(THROWN_HITS_STRENGTH), Some(1), 1),
            fend,
        ];
        let ids = made.map(|step| {
            let id = self.steps.len();
            self.steps.push(Step { id, ..step });
            id
        });
        let [swing, jump, blow, thrown, fend] = ids;
        self.giants.push(GiantSteps {
            table,
            swing,
            jump,
            blow,
            thrown,
            fend,
        });
    }

    /// Whether round `round` is side `side`'s own turn: the charger's
    /// first, **[ruling]** the attacker's when no one charges (RULES.md
    /// Giants).
    fn own_turn(&self, side: usize, round: u32) -> bool {
        let first = self.charger.unwrap_or(0);
        (round % 2 == 1) == (side == first)
    }

    /// Giant `g` fell over in round `round`: it cannot attack next round
    /// unless that round is its own turn (it gets up in its Movement
    /// phase). RULES.md Giants.
    fn lies_down<const N: usize>(&self, g: usize, round: u32, state: &mut State<N>) {
        state.giant &= !jumping(g);
        if self.own_turn(self.facts[g].side, round) {
            state.giant |= rests_next(g);
        }
    }

    /// One wound on Giant `g` with no save (its fall), a casualty of its
    /// foe `e`'s side: the wounds it counts.
    fn wound_giant<const N: usize>(&self, g: usize, e: usize, state: &mut State<N>) -> u32 {
        let w = self.setup.units[g].profile.w;
        let before = Casualties {
            kills: 0,
            damage: state.damage[g],
        };
        let c = before.apply(Damage::Wounds(1), w, Some(state.alive[g]));
        state.alive[g] -= c.kills;
        state.lost[g][e] += c.kills as u16;
        state.damage[g] = c.damage;
        c.combat_result_wounds(w) - u32::from(before.damage)
    }

    /// Giant table step `id` of round `round`: its D6 on the table for
    /// its foe's size (or jumping on), and what the result does. The
    /// wounds each side causes count for it in `wounds`. RULES.md Giants.
    #[inline(never)]
    pub(super) fn giant_blow<const N: usize>(
        &self,
        fate: &mut impl Fate,
        id: usize,
        round: u32,
        state: &mut State<N>,
        record: &mut Record,
        wounds: &mut [u32; 2],
    ) {
        let Some(s) = self.giants.iter().find(|s| s.table == id).copied() else {
            return;
        };
        let step = &self.steps[id];
        let (g, e, side) = (step.unit, step.foe, step.side);
        let big = big_thing(self.setup.units[e].troop);
        let result = match state.giant & jumping(g) != 0 && !big {
            true => GiantAttack::JumpUpAndDown,
            false => {
                let table = self.setup.units[g].psychology.giant.unwrap_or_default();
                attack(fate.roll(&D6), big, table)
            }
        };
        let calm = |n| Strikes { n, frenzied: false };
        match result {
            GiantAttack::YellAndBawl => {
                state.giant |= yelled(g);
                for &(f, _) in self.foes[g].iter() {
                    state.contact[g][f] = 0;
                    state.contact[f][g] = 0;
                }
            }
            GiantAttack::SwingWithClub => {
                wounds[side] +=
                    self.giant_strike(fate, &self.steps[s.swing], calm(1), state, record);
            }
            GiantAttack::JumpUpAndDown => {
                if falls_over(fate.roll(&D6)) {
                    wounds[1 - side] += self.wound_giant(g, e, state);
                    self.lies_down(g, round, state);
                } else {
                    state.giant |= jumping(g);
                    wounds[side] +=
                        self.giant_strike(fate, &self.steps[s.jump], calm(1), state, record);
                }
            }
            GiantAttack::ThumpWithClub => {
                let i = self.setup.units[e].profile.i;
                if passes_initiative(fate.roll(&D6), i) {
                    return;
                }
                let (a, b) = (fate.roll(&D6), fate.roll(&D6));
                if a == b {
                    state.giant |= rests_next(g);
                }
                wounds[side] += self.one_model(fate, s.blow, u32::from(a + b), state);
            }
            GiantAttack::Eadbutt => wounds[side] += self.one_model(fate, s.blow, 1, state),
            GiantAttack::PickUpAnd => self.pick_up(fate, s, state, record, wounds),
        }
    }

    /// `n` wounds of blow step `blow` on one model of its foe's rank and
    /// file (the wounded one first): the wounds they count.
    fn one_model<const N: usize>(
        &self,
        fate: &mut impl Fate,
        blow: usize,
        n: u32,
        state: &mut State<N>,
    ) -> u32 {
        let step = &self.steps[blow];
        let (g, e) = (step.unit, step.foe);
        if state.alive[e] == 0 || n == 0 {
            return 0;
        }
        let before = state.damage[e];
        let c = fate.strike(step, Strikes { n, frenzied: false }, before, 1);
        state.alive[e] -= c.kills;
        state.lost[e][g] += c.kills as u16;
        state.damage[e] = c.damage;
        if state.alive[e] == 0 {
            state.champion[e] = None;
        }
        c.combat_result_wounds(step.target_w) - u32::from(before)
    }

    /// Pick Up and...: a model of the rank and file fends off the Giant's
    /// hand with one attack (a wound on the Giant and it lets go), else
    /// the Pick Up table; on a 6 the Giant picks up another.
    fn pick_up<const N: usize>(
        &self,
        fate: &mut impl Fate,
        s: GiantSteps,
        state: &mut State<N>,
        record: &mut Record,
        wounds: &mut [u32; 2],
    ) {
        let step = &self.steps[s.table];
        let (g, e, side) = (step.unit, step.foe, step.side);
        let w = step.target_w;
        let calm = Strikes {
            n: 1,
            frenzied: false,
        };
        while state.alive[e] > 0 && state.alive[g] > 0 {
            let fended = self.giant_strike(fate, &self.steps[s.fend], calm, state, record);
            if fended > 0 {
                wounds[1 - side] += fended;
                return;
            }
            let what = picked_up(fate.roll(&D6));
            let damage = match what {
                PickedUp::Thrown => Damage::Wounds(1),
                PickedUp::Taken | PickedUp::PickAnother => Damage::KillingBlow,
            };
            let before = Casualties {
                kills: 0,
                damage: state.damage[e],
            };
            let c = before.apply(damage, w, Some(state.alive[e]));
            state.alive[e] -= c.kills;
            state.lost[e][g] += c.kills as u16;
            state.damage[e] = c.damage;
            if state.alive[e] == 0 {
                state.champion[e] = None;
            }
            wounds[side] += c.combat_result_wounds(w) - u32::from(before.damage);
            match what {
                PickedUp::Thrown => {
                    wounds[side] +=
                        self.giant_strike(fate, &self.steps[s.thrown], calm, state, record);
                    return;
                }
                PickedUp::Taken => return,
                PickedUp::PickAnother => {}
            }
        }
    }

    /// [`Combat::strike`] for a Giant's results, out of line: the round's
    /// blows keep theirs inlined.
    #[inline(never)]
    fn giant_strike<const N: usize>(
        &self,
        fate: &mut impl Fate,
        step: &Step,
        n: Strikes,
        state: &mut State<N>,
        record: &mut Record,
    ) -> u32 {
        self.strike(fate, step, n, state, record)
    }

    /// Whether Giant step `id` acts in `state`: 1 unless its Giant rests
    /// this round. RULES.md Giants.
    #[inline]
    pub(super) fn giant_acts<const N: usize>(&self, id: usize, state: &State<N>) -> u32 {
        u32::from(state.giant & resting(self.steps[id].unit) == 0)
    }

    /// The side whose Giants yelled and bawled this round, if only one
    /// side's did (both sides': a draw, `Some(None)`). RULES.md Giants.
    #[inline]
    pub(super) fn yelling_side<const N: usize>(&self, state: &State<N>) -> Option<Option<usize>> {
        if state.giant & YELLED == 0 {
            return None;
        }
        self.yelled_by(state)
    }

    /// [`Combat::yelling_side`] once some Giant yelled.
    #[cold]
    #[inline(never)]
    fn yelled_by<const N: usize>(&self, state: &State<N>) -> Option<Option<usize>> {
        let by = |side: usize| {
            (0..N).any(|u| self.facts[u].side == side && state.giant & yelled(u) != 0)
        };
        Some(match (by(0), by(1)) {
            (true, true) => None,
            (true, false) => Some(0),
            _ => Some(1),
        })
    }

    /// Each Giant of the beaten side `loser` still fighting tests to fall
    /// over: a fall is a wound on it, no save, and a point more lost by;
    /// it lies on the ground ([`Combat::lies_down`]). Returns the points
    /// added and the Giants the fall slew. RULES.md Giants.
    #[cold]
    #[inline(never)]
    pub(super) fn beaten_giants_fall<const N: usize>(
        &self,
        fate: &mut impl Fate,
        loser: usize,
        round: u32,
        state: &mut State<N>,
    ) -> (u32, [bool; N]) {
        let mut slain = [false; N];
        let mut added = 0;
        for (g, slain) in slain.iter_mut().enumerate() {
            let unit = &self.setup.units[g];
            if unit.psychology.giant.is_none() || self.facts[g].side != loser || !state.fights(g) {
                continue;
            }
            if state.alive[g] == 0 || !falls_over(fate.roll(&D6)) {
                continue;
            }
            let foe = self.foes[g].first().map_or(g, |&(f, _)| f);
            added += self.wound_giant(g, foe, state);
            self.lies_down(g, round, state);
            *slain = state.alive[g] == 0;
        }
        (added, slain)
    }
}

/// Targets a Giant's table strikes at: its foe's rank and file.
pub(super) fn giant_targets(kind: StepKind, target: Target) -> bool {
    kind != StepKind::Giant || target == Target::RankAndFile
}
