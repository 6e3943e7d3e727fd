//! One fight, from the charge to the rout, written once against [`Fate`]:
//! the exact engine enumerates its choices, the fast engine samples them from
//! exact tables, the dice-level engine rolls every die.
//!
//! Order (RULES.md Charges, Order of strikes, Combat resolution, Break test,
//! Fleeing and pursuit; seeds 000, 002, 003):
//! 1. The charge: fear or terror test of the charged unit; its reaction (hold,
//!    stand and shoot with the charger's 25% panic test, flee and the catch);
//!    a charge out of range fails.
//! 2. Rounds: strike steps by band, Initiative, last round's winner and a
//!    roll-off; casualties are removed before they strike back; combat
//!    resolution; the loser's break test; flee and pursuit.

use super::unit::Unit;
use crate::dice::{d3_total, Roll};
use crate::rules::attack::AttackChain;
use crate::rules::casualties::Casualties;
use crate::rules::combat_result::{decide, flank_bonus, rank_bonus, Score, Winner};
use crate::rules::fighter::impact_hit;
use crate::rules::leadership::{break_test, BreakTest, LeadershipTest};
use crate::rules::movement::{charge_range, flee_roll, movement};
use crate::rules::strike_order::{band, Band};
use crate::rules::to_hit::ShootingModifiers;
use crate::rules::weapons::Moment;
use crate::rules::Edition;
use crate::scenario::combat::{Facing, ReactionName};
use crate::scenario::profile::ImpactDice;

/// The most rounds a fight may last.
pub const MAX_ROUNDS: u32 = 50;

/// What makes a strike step's attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Impact hits: dice per chariot in contact.
    Impact(ImpactDice),
    /// The rank and file (and a spear's second rank).
    RankAndFile,
    /// The champion's attacks (A + 1).
    Champion,
    /// Steeds of the models in contact.
    Mount,
    /// Stand and shoot.
    Shots,
}

/// One group of attacks that strike together.
#[derive(Clone, Debug)]
pub struct Step {
    /// Index into [`Combat::steps`] (for engines' caches).
    pub id: usize,
    /// 0 attacker, 1 defender: who strikes.
    pub side: usize,
    pub kind: StepKind,
    pub band: Band,
    pub initiative: u8,
    pub chain: AttackChain,
    /// Attacks per striking model, with and without frenzy.
    pub per_model: [u32; 2],
}

impl Step {
    /// The roll of impact hits for `chariots` chariots.
    pub fn impact_roll(&self, chariots: u32) -> Option<Roll> {
        match self.kind {
            StepKind::Impact(ImpactDice::D6) => Some(Roll::sum(chariots)),
            StepKind::Impact(ImpactDice::D3) => {
                Some(Roll::custom(chariots.clamp(1, 5), d3_total, "D3s"))
            }
            _ => None,
        }
    }
}

/// How a fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The charger could not reach (or failed to catch a fleeing target).
    ChargeFailed,
    /// The charger fled from stand-and-shoot casualties.
    ChargerFled,
    /// The charged unit fled and got away.
    TargetFled,
    /// The charged unit fled and was caught: destroyed.
    TargetCaught,
    /// `loser` broke; `caught` if the pursuit destroyed it.
    Broke { loser: usize, caught: bool },
    /// `loser` was wiped out in combat.
    WipedOut { loser: usize },
    /// Both units destroyed in the same round.
    BothDestroyed,
    /// Still fighting when the round cap came.
    Unresolved,
}

/// One round's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct RoundRecord {
    /// Winner of the round (`None` for a draw).
    pub winner: Option<usize>,
    /// Models each side lost this round.
    pub casualties: [u32; 2],
    /// Combat-result wounds each side caused.
    pub wounds: [u32; 2],
}

/// Everything a trial records.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub end: End,
    pub rounds: Vec<RoundRecord>,
    /// Models lost in all (the charge turn's shooting included).
    pub casualties: [u32; 2],
}

/// The randomness of a fight. Each engine realises these events its own way;
/// the rules deciding them are the same functions.
pub trait Fate {
    /// A strike step: `n` attacks (or chariots, for impact hits) at a unit
    /// whose wounded model has `damage` wounds and which has `cap` models
    /// left. Returns the casualties it suffers (`kills <= cap`).
    fn strike(&mut self, step: &Step, n: u32, damage: u8, cap: u32) -> Casualties;
    /// A leadership test (with its re-roll, if any).
    fn test(&mut self, test: &LeadershipTest) -> bool;
    /// A unit fleeing a charge from `distance` with `flee` dice: caught by a
    /// charge of `range`?
    fn caught_fleeing(&mut self, distance: f64, range: f64, flee: &Roll) -> bool;
    /// A broken unit fleeing with `flee` dice: caught by `pursuit` dice?
    fn caught_pursuing(&mut self, flee: &Roll, pursuit: &Roll) -> bool;
    /// A D6 roll-off: does side 0 win it?
    fn roll_off(&mut self) -> bool;
}

/// A fight between two units, with its strike steps prepared.
#[derive(Clone, Debug)]
pub struct Combat {
    pub sides: [Unit; 2],
    /// Who charges this turn, if anyone.
    pub charger: Option<usize>,
    pub facing: Facing,
    pub distance: f64,
    pub reaction: ReactionName,
    pub high_ground: Option<usize>,
    pub rounds: u32,
    pub edition: Edition,
    pub insane_courage: bool,
    /// Every step; `sets` index into it.
    pub steps: Vec<Step>,
    /// Steps of each side: [side][set], sets as [`StepSet`].
    sets: [[Vec<usize>; 3]; 2],
    /// The charged unit's stand-and-shoot step.
    shots: Option<usize>,
    /// Strike orders for each pair of step sets [attacker's][defender's].
    orders: [[StrikeOrder; 3]; 3],
}

/// Step ids in striking order with ties between the sides going to side 0,
/// the same going to side 1, and whether there are such ties.
type StrikeOrder = (Vec<usize>, Vec<usize>, bool);

/// Which steps a side uses in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StepSet {
    First = 0,
    /// First round after failing a fear test: 6s to hit.
    FirstScared = 1,
    Later = 2,
}

impl Combat {
    /// Prepares the fight; `charger` strikes first in round 1.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        sides: [Unit; 2],
        charger: Option<usize>,
        facing: Facing,
        distance: f64,
        reaction: ReactionName,
        high_ground: Option<usize>,
        rounds: u32,
        edition: Edition,
        insane_courage: bool,
    ) -> Combat {
        let mut c = Combat {
            sides,
            charger,
            facing,
            distance,
            reaction,
            high_ground,
            rounds,
            edition,
            insane_courage,
            steps: Vec::new(),
            sets: Default::default(),
            shots: None,
            orders: Default::default(),
        };
        for side in 0..2 {
            for set in [StepSet::First, StepSet::FirstScared, StepSet::Later] {
                let ids = c.make_steps(side, set);
                c.sets[side][set as usize] = ids;
            }
        }
        for a in 0..3 {
            for d in 0..3 {
                c.orders[a][d] = c.strike_orders(a, d);
            }
        }
        if let (Some(ch), ReactionName::StandAndShoot) = (charger, reaction) {
            let shooter = 1 - ch;
            if let Some(m) = c.sides[shooter].missile {
                let striker = crate::rules::fighter::Striker {
                    s: m.s.0,
                    ..c.sides[shooter].striker(true, false)
                };
                let modifiers = ShootingModifiers {
                    stand_and_shoot: true,
                    long_range: m.long_range,
                    ..Default::default()
                };
                let chain = striker.shooting(&c.sides[ch].defender(), &modifiers);
                let id = c.steps.len();
                c.steps.push(Step {
                    id,
                    side: shooter,
                    kind: StepKind::Shots,
                    band: Band::Impact,
                    initiative: 0,
                    chain,
                    per_model: [u32::from(m.shots.0); 2],
                });
                c.shots = Some(id);
            }
        }
        c
    }

    /// The strike order of the attacker's step set `a` and the defender's
    /// `d`: by band, then Initiative; ties between the sides go to last
    /// round's winner or a roll-off, so both orders are kept.
    fn strike_orders(&self, a: usize, d: usize) -> StrikeOrder {
        let mut ids: Vec<usize> = self.sets[0][a]
            .iter()
            .chain(&self.sets[1][d])
            .copied()
            .collect();
        let key = |i: &usize| {
            (
                self.steps[*i].band,
                std::cmp::Reverse(self.steps[*i].initiative),
            )
        };
        ids.sort_by_key(key);
        let tied = ids
            .windows(2)
            .any(|w| self.steps[w[0]].side != self.steps[w[1]].side && key(&w[0]) == key(&w[1]));
        let ordered = |first: usize| {
            let mut o = ids.clone();
            o.sort_by_key(|i| (key(i), self.steps[*i].side != first));
            o
        };
        (ordered(0), ordered(1), tied)
    }

    /// The same fight with a cap of `rounds` rounds.
    pub fn with_rounds(&self, rounds: u32) -> Combat {
        Combat {
            rounds,
            ..self.clone()
        }
    }

    fn make_steps(&mut self, side: usize, set: StepSet) -> Vec<usize> {
        let unit = &self.sides[side];
        let target = self.sides[1 - side].defender();
        let charging = self.charger == Some(side) && set != StepSet::Later;
        let moment = Moment {
            round: if set == StepSet::Later { 2 } else { 1 },
            charging,
        };
        let scared = set == StepSet::FirstScared;
        let p = &unit.psychology;
        let mut out = Vec::new();
        let mut push = |steps: &mut Vec<Step>, kind, band, initiative, chain, per_model| {
            let id = steps.len();
            steps.push(Step {
                id,
                side,
                kind,
                band,
                initiative,
                chain,
                per_model,
            });
            out.push(id);
        };
        if let (Some(hits), true) = (unit.impact, charging) {
            push(
                &mut self.steps,
                StepKind::Impact(hits.dice),
                Band::Impact,
                unit.profile.i,
                impact_hit(hits.s.0, &target),
                [1, 1],
            );
        }
        let calm = unit.striker(false, scared);
        let frenzied = unit.striker(true, scared);
        let strikes_last = unit.weapon.strikes_last(moment) || (p.strikes_last && !charging);
        let b = band(
            false,
            p.always_strikes_first,
            p.mindless,
            charging,
            strikes_last,
        );
        let chain = frenzied.close_combat(&target, moment);
        push(
            &mut self.steps,
            StepKind::RankAndFile,
            b,
            unit.profile.i,
            chain,
            [calm.attacks(), frenzied.attacks()],
        );
        if unit.champion {
            push(
                &mut self.steps,
                StepKind::Champion,
                b,
                unit.profile.i,
                chain,
                [calm.attacks() + 1, frenzied.attacks() + 1],
            );
        }
        if let Some(m) = unit.mount {
            let mount = crate::rules::fighter::Striker {
                ws: m.ws.0,
                s: m.s.0,
                a: m.a.0,
                weapon: crate::rules::weapons::Weapon::HandWeapon,
                rules: crate::rules::special::Rules {
                    needs_sixes: scared,
                    ..Default::default()
                },
                ..calm
            };
            let mb = band(false, false, p.mindless, charging, false);
            push(
                &mut self.steps,
                StepKind::Mount,
                mb,
                m.i.0,
                mount.close_combat(&target, moment),
                [u32::from(m.a.0); 2],
            );
        }
        out
    }

    /// The charged unit.
    fn charged(&self) -> Option<usize> {
        self.charger.map(|c| 1 - c)
    }

    /// Models of `side` in base contact with `alive` of its models (and the
    /// enemy's `enemy_alive`). Front to front: its frontage, at most the
    /// enemy's frontage + 2 (corner contact). A flank: the charged unit's
    /// ranks face the charger's frontage. A scenario may give it outright.
    fn contact(&self, side: usize, alive: u32, enemy_alive: u32) -> u32 {
        let unit = &self.sides[side];
        let enemy = &self.sides[1 - side];
        if let Some(n) = unit.in_contact {
            return n.min(alive);
        }
        let front = |u: &Unit, n: u32| u.frontage.min(n);
        let ranks = |u: &Unit, n: u32| n.div_ceil(u.frontage);
        let width = match (self.facing, self.charged() == Some(side)) {
            (Facing::Flank, true) => ranks(unit, alive).min(front(enemy, enemy_alive)),
            (Facing::Flank, false) => front(unit, alive).min(ranks(enemy, enemy_alive)),
            _ => front(unit, alive).min(front(enemy, enemy_alive) + 2),
        };
        width.min(alive)
    }

    /// Whether `side` is fought in its flank or rear by an enemy of US 5+
    /// (loses its rank bonus). RULES.md Combat resolution.
    fn disrupted(&self, side: usize, enemy_alive: u32) -> bool {
        self.charged() == Some(side)
            && self.facing != Facing::Front
            && self.sides[1 - side].unit_strength(enemy_alive) >= 5
    }

    /// Plays one fight with `fate`.
    pub fn fight(&self, fate: &mut impl Fate) -> Record {
        let mut record = Record {
            end: End::Unresolved,
            rounds: Vec::new(),
            casualties: [0; 2],
        };
        self.fight_into(fate, &mut record);
        record
    }

    /// Plays one fight with `fate` into `record` (reusing its buffer: the
    /// Monte Carlo engines play millions).
    pub fn fight_into(&self, fate: &mut impl Fate, record: &mut Record) {
        record.end = End::Unresolved;
        record.rounds.clear();
        record.casualties = [0; 2];
        let mut alive = [self.sides[0].models, self.sides[1].models];
        let mut damage = [0u8; 2];
        let mut scared = [false; 2];
        if let Some(end) = self.charge(fate, &mut alive, &mut damage, &mut scared, record) {
            record.end = end;
            return;
        }
        let mut frenzy = [self.sides[0].rules.frenzy, self.sides[1].rules.frenzy];
        let mut last_winner: Option<usize> = None;
        for round in 1..=self.rounds {
            let start = alive;
            let set = |side: usize| match (round, scared[side]) {
                (1, true) => StepSet::FirstScared,
                (1, false) => StepSet::First,
                _ => StepSet::Later,
            };
            let (first_0, first_1, tied) = &self.orders[set(0) as usize][set(1) as usize];
            // Ties between the sides: last round's winner first, else a roll-off.
            let first = match (tied, last_winner) {
                (false, _) => 0,
                (true, Some(w)) => w,
                (true, None) => usize::from(!fate.roll_off()),
            };
            let order = if first == 0 { first_0 } else { first_1 };
            let mut lost = [0u32; 2];
            let mut wounds = [0u32; 2];
            for step in order.iter().map(|&i| &self.steps[i]) {
                let (s, t) = (step.side, 1 - step.side);
                if alive[s] == 0 || alive[t] == 0 {
                    continue;
                }
                let n = self.attacks(
                    step, start[s], alive[s], lost[s], alive[t], frenzy[s], round,
                );
                if n == 0 {
                    continue;
                }
                let w = self.sides[t].profile.w;
                let c = fate.strike(step, n, damage[t], alive[t]);
                wounds[s] += c.combat_result_wounds(w) - u32::from(damage[t]);
                alive[t] -= c.kills;
                lost[t] += c.kills;
                damage[t] = c.damage;
            }
            record.casualties[0] += lost[0];
            record.casualties[1] += lost[1];
            let mut rr = RoundRecord {
                winner: None,
                casualties: lost,
                wounds,
            };
            if alive[0] == 0 || alive[1] == 0 {
                rr.winner = match (alive[0], alive[1]) {
                    (0, 0) => None,
                    (0, _) => Some(1),
                    _ => Some(0),
                };
                record.rounds.push(rr);
                record.end = match rr.winner {
                    None => End::BothDestroyed,
                    Some(w) => End::WipedOut { loser: 1 - w },
                };
                return;
            }
            let score = |s: usize| {
                let t = 1 - s;
                let unit = &self.sides[s];
                let charged_flank = self.charger == Some(s) && self.facing != Facing::Front;
                Score {
                    wounds: wounds[s],
                    ranks: rank_bonus(start[s], unit.frontage, self.disrupted(s, start[t])),
                    outnumber: unit.unit_strength(alive[s]) > self.sides[t].unit_strength(alive[t]),
                    standard: unit.standard,
                    high_ground: self.high_ground == Some(s),
                    flank: if charged_flank {
                        let bonus = if self.facing == Facing::Flank { 1 } else { 2 };
                        flank_bonus(bonus, unit.unit_strength(alive[s]))
                    } else {
                        0
                    },
                }
                .total()
            };
            let (winner, margin) = decide(
                score(0),
                score(1),
                self.sides[0].musician,
                self.sides[1].musician,
            );
            let winner = match winner {
                Winner::First => Some(0),
                Winner::Second => Some(1),
                Winner::Draw => None,
            };
            rr.winner = winner;
            record.rounds.push(rr);
            last_winner = winner.or(last_winner);
            let Some(w) = winner else { continue };
            let l = 1 - w;
            frenzy[l] = false;
            let loser = &self.sides[l];
            let winner_unit = &self.sides[w];
            let by_fear = winner_unit.psychology.fear
                && !loser.psychology.fearless()
                && winner_unit.unit_strength(alive[w]) > loser.unit_strength(alive[l]);
            let breaks = match break_test(
                margin,
                loser.ld,
                loser.psychology.stubborn,
                loser.psychology.unbreakable,
                by_fear,
                loser.battle_standard,
                self.insane_courage,
            ) {
                BreakTest::Holds => false,
                BreakTest::Breaks => true,
                BreakTest::Test(t) => !fate.test(&t),
            };
            if breaks {
                let pursues = winner_unit.pursue || winner_unit.must_pursue();
                let caught = pursues
                    && fate.caught_pursuing(
                        &flee_roll(loser.profile.m, false, self.edition),
                        &flee_roll(winner_unit.profile.m, false, self.edition),
                    );
                record.end = End::Broke { loser: l, caught };
                return;
            }
        }
    }

    /// Attacks (or chariots) a step makes now. Casualties are removed before
    /// they strike: each one the side lost this round is a model in contact
    /// that cannot strike, and models stepping up cannot strike this turn
    /// (seed 002 "Retirada de bajas"). A champion is struck only by attacks
    /// declared on him, so he strikes while his unit stands (RULES.md
    /// Characters, champions and challenges). Foot spears add the second
    /// rank, fighting to their front (RULES.md Weapons).
    #[allow(clippy::too_many_arguments)]
    fn attacks(
        &self,
        step: &Step,
        start: u32,
        alive: u32,
        lost: u32,
        enemy: u32,
        frenzied: bool,
        round: u32,
    ) -> u32 {
        let unit = &self.sides[step.side];
        let per_model = step.per_model[usize::from(frenzied)];
        let contact = self.contact(step.side, start, enemy);
        let rank_and_file = contact
            .saturating_sub(u32::from(unit.champion))
            .saturating_sub(lost);
        let champion = u32::from(unit.champion && alive > 0);
        match step.kind {
            StepKind::RankAndFile => {
                let moment = Moment {
                    round,
                    charging: self.charger == Some(step.side),
                };
                let front_engaged =
                    !(self.charged() == Some(step.side) && self.facing != Facing::Front);
                let second = if front_engaged && unit.weapon.fighting_ranks(unit.troop, moment) > 1
                {
                    contact.min(alive.saturating_sub(unit.frontage))
                } else {
                    0
                };
                (rank_and_file + second) * per_model
            }
            StepKind::Champion => champion * per_model,
            StepKind::Mount => (rank_and_file + champion) * per_model,
            StepKind::Impact(_) => rank_and_file + champion,
            StepKind::Shots => alive * per_model,
        }
    }

    /// The charge turn; `Some(end)` if the fight ends there.
    fn charge(
        &self,
        fate: &mut impl Fate,
        alive: &mut [u32; 2],
        damage: &mut [u8; 2],
        scared: &mut [bool; 2],
        record: &mut Record,
    ) -> Option<End> {
        let c = self.charger?;
        let t = 1 - c;
        let (charger, target) = (&self.sides[c], &self.sides[t]);
        let range = charge_range(movement(charger.profile.m, false, self.edition), false, 0.0);
        let mut flees = self.reaction == ReactionName::Flee;
        // Fear and terror tests of the charged unit. RULES.md Special attacks.
        if !flees && charger.psychology.fear && !target.psychology.fearless() {
            let passed = fate.test(&LeadershipTest::new(target.ld));
            if !passed {
                if charger.psychology.terror
                    || target.unit_strength(target.models) < charger.unit_strength(charger.models)
                {
                    flees = true;
                } else {
                    scared[t] = true;
                }
            }
        }
        if flees {
            let roll = flee_roll(target.profile.m, false, self.edition);
            return Some(if fate.caught_fleeing(self.distance, range, &roll) {
                record.casualties[t] = target.models;
                End::TargetCaught
            } else {
                End::TargetFled
            });
        }
        if !crate::rules::movement::charge_reaches(self.distance, range) {
            return Some(End::ChargeFailed);
        }
        if let Some(id) = self.shots {
            let step = &self.steps[id];
            let n = self.attacks(step, alive[t], alive[t], 0, alive[c], false, 1);
            let hit = fate.strike(step, n, 0, alive[c]);
            alive[c] -= hit.kills;
            damage[c] = hit.damage;
            record.casualties[c] += hit.kills;
            if alive[c] == 0 {
                return Some(End::ChargerFled);
            }
            // 25% casualties: a panic test before contact. RULES.md Shooting.
            let panics = 4 * hit.kills >= charger.models
                && !(charger.psychology.immune || charger.psychology.unbreakable)
                && !fate.test(&LeadershipTest::new(charger.ld));
            if panics {
                return Some(End::ChargerFled);
            }
        }
        None
    }
}
