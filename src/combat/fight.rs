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

use super::unit::{Unit, MAX_CHARACTERS};
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
    /// A character's own attacks (his index in the unit).
    Character(usize),
}

/// Whom a step strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The enemy's rank and file (champion last).
    RankAndFile,
    /// One of the enemy's characters (his index).
    Character(usize),
    /// The enemy's champion (declared attacks, or a challenge).
    Champion,
}

/// Who fights a challenge for a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fighter {
    Character(usize),
    Champion,
}

impl Fighter {
    /// The target an enemy strikes him as.
    fn target(self) -> Target {
        match self {
            Fighter::Character(i) => Target::Character(i),
            Fighter::Champion => Target::Champion,
        }
    }

    /// The attack group he strikes with.
    fn kind(self) -> StepKind {
        match self {
            Fighter::Character(i) => StepKind::Character(i),
            Fighter::Champion => StepKind::Champion,
        }
    }
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
    /// Attacks per striking model, without and with frenzy.
    pub per_model: [u32; 2],
    pub target: Target,
    /// Wounds of each model it strikes.
    pub target_w: u8,
}

impl Step {
    /// The roll of impact hits for `chariots` chariots.
    pub fn impact_roll(&self, chariots: u32) -> Option<Roll> {
        match self.kind {
            StepKind::Impact(ImpactDice::D6) => Some(Roll::sum(chariots)),
            StepKind::Impact(ImpactDice::D3) => {
                // At most 5 chariots: checked when the unit is built.
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
    /// Rank-and-file models lost in all (the charge turn's shooting included).
    pub casualties: [u32; 2],
    /// Characters slain.
    pub characters_slain: [u32; 2],
}

/// A fight between strike steps.
#[derive(Clone, Copy, Debug)]
struct State {
    /// Rank-and-file models standing (the champion among them).
    alive: [u32; 2],
    /// Wounds on the wounded rank-and-file model.
    damage: [u8; 2],
    /// Each character's wounds taken, `None` once slain or if absent.
    heroes: [[Option<u8>; MAX_CHARACTERS]; 2],
    /// Rank and file at the start of the round.
    start: [u32; 2],
    /// Rank and file lost this round.
    lost: [u32; 2],
    /// Wounds on each side's champion while he stands.
    champion: [Option<u8>; 2],
    /// The fighters of a challenge under way, by side.
    duel: Option<[Fighter; 2]>,
    /// A character who stepped back from a refused challenge this round.
    stepped_back: [Option<usize>; 2],
}

impl State {
    fn new(combat: &Combat) -> Self {
        let mut heroes = [[None; MAX_CHARACTERS]; 2];
        for (side, unit) in combat.sides.iter().enumerate() {
            for hero in heroes[side].iter_mut().take(unit.characters.len()) {
                *hero = Some(0);
            }
        }
        let alive = [combat.sides[0].models, combat.sides[1].models];
        State {
            alive,
            damage: [0; 2],
            heroes,
            start: alive,
            lost: [0; 2],
            champion: [0, 1].map(|s| combat.sides[s].champion.then_some(0)),
            duel: None,
            stepped_back: [None; 2],
        }
    }

    /// Who would fight a challenge for `side`: its first character standing,
    /// else its champion.
    fn fighter(&self, side: usize) -> Option<Fighter> {
        self.heroes[side]
            .iter()
            .position(|h| h.is_some())
            .map(Fighter::Character)
            .or(self.champion[side].map(|_| Fighter::Champion))
    }

    /// Whether the fighter still stands.
    fn fighter_standing(&self, side: usize, f: Fighter) -> bool {
        match f {
            Fighter::Character(i) => self.heroes[side][i].is_some(),
            Fighter::Champion => self.champion[side].is_some(),
        }
    }

    /// Wounds the fighter has taken.
    fn fighter_damage(&self, side: usize, f: Fighter) -> u8 {
        match f {
            Fighter::Character(i) => self.heroes[side][i].unwrap_or(0),
            Fighter::Champion => self.champion[side].unwrap_or(0),
        }
    }

    fn heroes_standing(&self, side: usize) -> usize {
        self.heroes[side].iter().filter(|h| h.is_some()).count()
    }

    /// The unit still has a model: rank and file or a character.
    fn standing(&self, side: usize) -> bool {
        self.alive[side] > 0 || self.heroes_standing(side) > 0
    }

    /// Unit strength: rank and file and characters standing.
    fn unit_strength(&self, combat: &Combat, side: usize) -> u32 {
        let unit = &combat.sides[side];
        unit.unit_strength(self.alive[side])
            + unit
                .characters
                .iter()
                .zip(&self.heroes[side])
                .filter(|(_, h)| h.is_some())
                .map(|(c, _)| c.body.unit_strength(1))
                .sum::<u32>()
    }

    /// The best Ld the unit may use: its own, the General's, or a character's
    /// standing in it. RULES.md Break test.
    fn leadership(&self, combat: &Combat, side: usize) -> u8 {
        let unit = &combat.sides[side];
        unit.characters
            .iter()
            .zip(&self.heroes[side])
            .enumerate()
            .filter(|(i, (_, h))| h.is_some() && self.stepped_back[side] != Some(*i))
            .map(|(_, (c, _))| c.body.ld)
            .fold(unit.ld, u8::max)
    }
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
    /// `n` attacks of `step` in a challenge at a fighter with `remaining`
    /// Wounds: the wounds they deal, overkill included, at most `remaining`
    /// + 5 ([`crate::rules::casualties::overkill`]).
    fn duel(&mut self, step: &Step, n: u32, remaining: u32) -> u32;
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
    /// The side that issues a challenge each round none is fought.
    pub challenger: Option<usize>,
    /// The challenged side refuses.
    pub refuse_challenge: bool,
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
        challenger: Option<usize>,
        refuse_challenge: bool,
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
            challenger,
            refuse_challenge,
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
                    target: Target::RankAndFile,
                    target_w: c.sides[ch].profile.w,
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
        let enemy = &self.sides[1 - side];
        let charging = self.charger == Some(side) && set != StepSet::Later;
        let moment = Moment {
            round: if set == StepSet::Later { 2 } else { 1 },
            charging,
        };
        let scared = set == StepSet::FirstScared;
        // Attack groups: (kind, band, Initiative, striker, attacks per model).
        let mut groups = Vec::new();
        let fighter_band = |u: &Unit| {
            let p = &u.psychology;
            let strikes_last = u.weapon.strikes_last(moment) || (p.strikes_last && !charging);
            band(
                false,
                p.always_strikes_first,
                p.mindless,
                charging,
                strikes_last,
            )
        };
        let calm = unit.striker(false, scared);
        let frenzied = unit.striker(true, scared);
        let b = fighter_band(unit);
        groups.push((
            StepKind::RankAndFile,
            b,
            unit.profile.i,
            frenzied,
            [calm.attacks(), frenzied.attacks()],
        ));
        if unit.champion {
            let per = [calm.attacks() + 1, frenzied.attacks() + 1];
            groups.push((StepKind::Champion, b, unit.profile.i, frenzied, per));
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
            let mb = band(false, false, unit.psychology.mindless, charging, false);
            groups.push((StepKind::Mount, mb, m.i.0, mount, [u32::from(m.a.0); 2]));
        }
        for (i, c) in unit.characters.iter().enumerate() {
            let (calm, frenzied) = (c.body.striker(false, scared), c.body.striker(true, scared));
            let per = [calm.attacks(), frenzied.attacks()];
            groups.push((
                StepKind::Character(i),
                fighter_band(&c.body),
                c.body.profile.i,
                frenzied,
                per,
            ));
        }
        // Targets: the rank and file, and each enemy character.
        let mut targets = vec![(Target::RankAndFile, enemy.defender())];
        for (e, c) in enemy.characters.iter().enumerate() {
            targets.push((Target::Character(e), c.body.defender()));
        }
        if enemy.champion {
            targets.push((Target::Champion, enemy.defender()));
        }
        let mut out = Vec::new();
        let mut add = |steps: &mut Vec<Step>, step: Step| {
            out.push(steps.len());
            steps.push(Step {
                id: steps.len(),
                ..step
            });
        };
        if let (Some(hits), true) = (unit.impact, charging) {
            let target = enemy.defender();
            add(
                &mut self.steps,
                Step {
                    id: 0,
                    side,
                    kind: StepKind::Impact(hits.dice),
                    band: Band::Impact,
                    initiative: unit.profile.i,
                    chain: impact_hit(hits.s.0, &target),
                    per_model: [1, 1],
                    target: Target::RankAndFile,
                    target_w: target.w,
                },
            );
        }
        for (kind, band, initiative, striker, per_model) in groups {
            for (target, defender) in &targets {
                add(
                    &mut self.steps,
                    Step {
                        id: 0,
                        side,
                        kind,
                        band,
                        initiative,
                        chain: striker.close_combat(defender, moment),
                        per_model,
                        target: *target,
                        target_w: defender.w,
                    },
                );
            }
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
            characters_slain: [0; 2],
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
        record.characters_slain = [0; 2];
        let mut state = State::new(self);
        let mut scared = [false; 2];
        if let Some(end) = self.charge(fate, &mut state, &mut scared, record) {
            record.end = end;
            return;
        }
        let mut frenzy = [self.sides[0].rules.frenzy, self.sides[1].rules.frenzy];
        let mut last_winner: Option<usize> = None;
        for round in 1..=self.rounds {
            state.start = state.alive;
            state.lost = [0; 2];
            state.stepped_back = [None; 2];
            self.challenge(&mut state);
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
            let mut wounds = [0u32; 2];
            for step in order.iter().map(|&i| &self.steps[i]) {
                let (s, t) = (step.side, 1 - step.side);
                if !state.standing(s) || !state.standing(t) {
                    continue;
                }
                let n = self.attacks(step, &state, frenzy[s], round);
                if n == 0 {
                    continue;
                }
                if let Some(duel) = state.duel.filter(|d| d[t].target() == step.target) {
                    // A challenge: overkill counts, up to +5.
                    let w = u32::from(step.target_w);
                    let remaining = w - u32::from(state.fighter_damage(t, duel[t]));
                    let dealt = fate.duel(step, n, remaining);
                    wounds[s] += dealt;
                    if dealt >= remaining {
                        match duel[t] {
                            Fighter::Character(e) => {
                                state.heroes[t][e] = None;
                                record.characters_slain[t] += 1;
                            }
                            Fighter::Champion => {
                                state.champion[t] = None;
                                state.alive[t] -= 1;
                                state.lost[t] += 1;
                            }
                        }
                    } else {
                        let d = state.fighter_damage(t, duel[t]) + dealt as u8;
                        match duel[t] {
                            Fighter::Character(e) => state.heroes[t][e] = Some(d),
                            Fighter::Champion => state.champion[t] = Some(d),
                        }
                    }
                    continue;
                }
                match step.target {
                    Target::Champion => {
                        let Some(d) = state.champion[t] else { continue };
                        let c = fate.strike(step, n, d, 1);
                        wounds[s] += c.combat_result_wounds(step.target_w) - u32::from(d);
                        if c.kills > 0 {
                            state.champion[t] = None;
                            state.alive[t] -= 1;
                            state.lost[t] += 1;
                        } else {
                            state.champion[t] = Some(c.damage);
                        }
                    }
                    Target::RankAndFile => {
                        if state.alive[t] == 0 {
                            continue;
                        }
                        let c = fate.strike(step, n, state.damage[t], state.alive[t]);
                        wounds[s] +=
                            c.combat_result_wounds(step.target_w) - u32::from(state.damage[t]);
                        state.alive[t] -= c.kills;
                        state.lost[t] += c.kills;
                        state.damage[t] = c.damage;
                        if state.alive[t] == 0 {
                            // The champion is the last of the rank and file.
                            state.champion[t] = None;
                        }
                    }
                    Target::Character(e) => {
                        let Some(d) = state.heroes[t][e] else {
                            continue;
                        };
                        let c = fate.strike(step, n, d, 1);
                        wounds[s] += c.combat_result_wounds(step.target_w) - u32::from(d);
                        state.heroes[t][e] = if c.kills > 0 {
                            record.characters_slain[t] += 1;
                            None
                        } else {
                            Some(c.damage)
                        };
                    }
                }
            }
            record.casualties[0] += state.lost[0];
            record.casualties[1] += state.lost[1];
            let mut rr = RoundRecord {
                winner: None,
                casualties: state.lost,
                wounds,
            };
            if !state.standing(0) || !state.standing(1) {
                rr.winner = match (state.standing(0), state.standing(1)) {
                    (false, false) => None,
                    (false, true) => Some(1),
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
                    ranks: rank_bonus(
                        state.start[s],
                        unit.frontage,
                        self.disrupted(s, state.start[t]),
                    ),
                    outnumber: state.unit_strength(self, s) > state.unit_strength(self, t),
                    standard: unit.standard,
                    high_ground: self.high_ground == Some(s),
                    flank: if charged_flank {
                        let bonus = if self.facing == Facing::Flank { 1 } else { 2 };
                        flank_bonus(bonus, state.unit_strength(self, s))
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
                && state.unit_strength(self, w) > state.unit_strength(self, l);
            let breaks = match break_test(
                margin,
                state.leadership(self, l),
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

    /// Attacks (or chariots) a step makes now, at its target. Casualties are
    /// removed before they strike: each one the side lost this round is a
    /// model in contact that cannot strike, and models stepping up cannot
    /// strike this turn (seed 002 "Retirada de bajas"). Characters and a
    /// champion fight in the front rank and are struck only by attacks
    /// declared at them, so they strike while they stand (RULES.md
    /// Characters, champions and challenges). Foot spears add the second
    /// rank, fighting to their front (RULES.md Weapons).
    ///
    /// A group's attacks go to the enemy's rank and file, less those declared
    /// at its characters (`attacks_on_him`, from the rank and file); once the
    /// enemy's rank and file are gone at the start of a round, all of them go
    /// to its first character standing. Attacks at rank and file slain
    /// earlier in the round are lost.
    fn attacks(&self, step: &Step, state: &State, frenzied: bool, round: u32) -> u32 {
        let (s, t) = (step.side, 1 - step.side);
        let unit = &self.sides[s];
        let per_model = step.per_model[usize::from(frenzied)];
        let contact = self.contact(s, state.start[s], state.start[t]);
        let rank_and_file = contact
            .saturating_sub(u32::from(state.champion[s].is_some()))
            .saturating_sub(state.heroes_standing(s) as u32)
            .saturating_sub(state.lost[s]);
        let champion = u32::from(state.champion[s].is_some() && state.alive[s] > 0);
        let total = match step.kind {
            StepKind::RankAndFile => {
                let moment = Moment {
                    round,
                    charging: self.charger == Some(s),
                };
                let front_engaged = !(self.charged() == Some(s) && self.facing != Facing::Front);
                let second = if front_engaged && unit.weapon.fighting_ranks(unit.troop, moment) > 1
                {
                    contact.min(state.alive[s].saturating_sub(unit.frontage))
                } else {
                    0
                };
                (rank_and_file + second) * per_model
            }
            StepKind::Champion => champion * per_model,
            StepKind::Mount => (rank_and_file + champion) * per_model,
            StepKind::Character(i) => {
                u32::from(state.heroes[s][i].is_some() && state.stepped_back[s] != Some(i))
                    * per_model
            }
            StepKind::Impact(_) => rank_and_file + champion,
            StepKind::Shots => state.alive[s] * per_model,
        };
        // In a challenge the two fighters strike only each other, and nobody
        // else strikes them (RULES.md Characters, champions and challenges).
        if let Some(duel) = state.duel {
            if step.kind == duel[s].kind() {
                let at_foe = step.target == duel[t].target() && state.fighter_standing(t, duel[t]);
                return if at_foe { total } else { 0 };
            }
        }
        let engaged = |target: Target| {
            state.duel.is_some_and(|d| d[t].target() == target)
                || matches!(target, Target::Character(e) if state.stepped_back[t] == Some(e))
        };
        // Share the group's attacks between the enemy's characters and its
        // rank and file.
        let mut left = total;
        let rank_and_file_gone = state.start[t] == 0;
        for (e, c) in self.sides[t].characters.iter().enumerate() {
            if state.heroes[t][e].is_none() || engaged(Target::Character(e)) {
                continue;
            }
            let declared = if rank_and_file_gone {
                left
            } else if step.kind == StepKind::RankAndFile {
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
            let declared = if step.kind == StepKind::RankAndFile {
                self.sides[t].attacks_on_champion
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

    /// At the start of a round with no challenge under way, the challenger's
    /// fighter challenges; the enemy's fighter accepts, or, refusing,
    /// **\[ruling\]** its first character steps back: he does not fight this
    /// round and his Ld may not be used (RULES.md Characters, champions and
    /// challenges). A challenge lasts until a fighter falls; in the round he
    /// falls, neither fighter strikes or is struck by anyone else.
    fn challenge(&self, state: &mut State) {
        let Some(c) = self.challenger else { return };
        if let Some(d) = state.duel {
            if (0..2).all(|s| state.fighter_standing(s, d[s])) {
                return;
            }
            state.duel = None;
        }
        let (Some(mine), Some(theirs)) = (state.fighter(c), state.fighter(1 - c)) else {
            return;
        };
        if self.refuse_challenge {
            state.stepped_back[1 - c] = state.heroes[1 - c].iter().position(|h| h.is_some());
        } else {
            let mut duel = [mine, theirs];
            if c == 1 {
                duel.swap(0, 1);
            }
            state.duel = Some(duel);
        }
    }

    /// The charge turn; `Some(end)` if the fight ends there.
    fn charge(
        &self,
        fate: &mut impl Fate,
        state: &mut State,
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
            let passed = fate.test(&LeadershipTest::new(state.leadership(self, t)));
            if !passed {
                if charger.psychology.terror
                    || state.unit_strength(self, t) < state.unit_strength(self, c)
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
            state.start = state.alive;
            let n = self.attacks(step, state, false, 1);
            let hit = fate.strike(step, n, 0, state.alive[c]);
            state.alive[c] -= hit.kills;
            state.damage[c] = hit.damage;
            record.casualties[c] += hit.kills;
            if state.alive[c] == 0 {
                return Some(End::ChargerFled);
            }
            // 25% casualties: a panic test before contact. RULES.md Shooting.
            let panics = 4 * hit.kills >= charger.models
                && !(charger.psychology.immune || charger.psychology.unbreakable)
                && !fate.test(&LeadershipTest::new(state.leadership(self, c)));
            if panics {
                return Some(End::ChargerFled);
            }
        }
        None
    }
}
