//! Strike steps: the groups of attacks that strike together (rank and
//! file, champion, steeds, characters, impact hits, stand and shoot), built
//! once per unit and set of rules in force, and their order. RULES.md Order
//! of strikes, Special attacks and psychology, Shooting.

use super::giant::giant_targets;
use super::strikes::RanksBehind;
use super::{Combat, StepSet, StrikeOrder};
use crate::combat::unit::Unit;
use crate::exact::attacks::Count;
use crate::rules::attack::AttackChain;
use crate::rules::blows::{blows, Blows};
use crate::rules::fighter::{under_sporofic_musk, Defender, Striker};
use crate::rules::gear::{BullCharge, ImpactHits, Missile};
use crate::rules::place::Facing;
use crate::rules::random::Dice;
use crate::rules::strike_order::{band, Band};
use crate::rules::to_hit::ShootingModifiers;
use crate::rules::weapons::Moment;

/// What makes a strike step's attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Impact hits: a die per chariot in contact, and the hits added to
    /// each ([`Step::dice`]).
    Impact,
    /// The rank and file (and a spear's second rank).
    RankAndFile,
    /// The champion's attacks (A + 1).
    Champion,
    /// Steeds of the models in contact.
    Mount,
    /// Stand and shoot: the rank and file's (and a champion's who fights
    /// as one of them).
    Shots,
    /// A character's own attacks (his index in the unit).
    Character(usize),
    /// A Giant's turn on its army book's table (RULES.md Giants).
    Giant,
    /// Stand and shoot by a champion of his own body with his own missile
    /// weapon (RULES.md Shooting, Each model shoots his own weapon).
    ChampionShots,
    /// Bull Charge impact hits of the Ogres in contact with `behind`
    /// Ogres behind them: the rank and file's and champion's (`None`) or
    /// a character's (RULES.md Special attacks and psychology, Bull
    /// Charge).
    BullCharge {
        /// The character making them (his index in the unit).
        character: Option<usize>,
        /// Ogres behind each.
        behind: u32,
    },
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fighter {
    /// One of its characters (his index in the unit).
    Character(usize),
    /// Its champion.
    Champion,
}

impl Fighter {
    /// The target an enemy strikes him as.
    pub(super) fn target(self) -> Target {
        match self {
            Fighter::Character(i) => Target::Character(i),
            Fighter::Champion => Target::Champion,
        }
    }

    /// The attack group he strikes with.
    pub(super) fn kind(self) -> StepKind {
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
    /// The striking unit (index into [`super::Setup::units`]).
    pub unit: usize,
    /// Its side: 0 attacker, 1 defender.
    pub side: usize,
    /// The enemy unit it strikes.
    pub foe: usize,
    /// It strikes with its unit's front (spears' second rank joins in).
    pub at_front: bool,
    /// The ranks behind its front that strike with it.
    pub behind: RanksBehind,
    /// What makes its attacks.
    pub kind: StepKind,
    /// Its band in the strike order.
    pub band: Band,
    /// Its Initiative, within the band.
    pub initiative: u8,
    /// One attack, every modifier applied.
    pub chain: AttackChain,
    /// What each striking model counts for in its strikes, without and
    /// with frenzy: its attacks, or 1 for a step with dice (whose strikes
    /// are its models).
    pub per_model: [u32; 2],
    /// The dice each striking model rolls for its attacks (a chariot's
    /// impact hits, random attacks), and the attacks it makes beside them.
    pub dice: Option<StepDice>,
    /// Whom it strikes.
    pub target: Target,
    /// Wounds of each model it strikes.
    pub target_w: u8,
    /// The most models it can slay: the struck unit's, or one character.
    pub target_models: u32,
    /// What each wound it causes counts for combat resolution: 2 for a
    /// Beastslayer's blows, else 1 (RULES.md Combat resolution).
    pub resolution_wounds: u8,
    /// The struck unit's champion has a body of his own
    /// ([`Unit::champion_apart`]), read here, once, for each blow.
    pub foe_champion_apart: bool,
    /// The model it strikes re-rolls the first armour save it fails each
    /// turn, and its blows allow one (the Gem of Lustria: RULES.md Saves,
    /// One failed save a turn): read once a blow, before the state's
    /// re-roll spent.
    pub foe_one_save: bool,
}

/// The dice of a step whose models roll for their attacks, and the attacks
/// each makes beside them, without and with frenzy (D6+1's 1; a scythe's
/// hit added to each chariot's die). RULES.md Special attacks and
/// psychology.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepDice {
    /// Each model's dice.
    pub dice: Dice,
    /// Attacks each model makes beside them, without and with frenzy.
    pub plus: [u32; 2],
}

/// The strikes of a step at once: `n` as its [`Step::per_model`] counts
/// them (attacks; models rolling its dice, for a step with dice), and
/// whether frenzy adds to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Strikes {
    /// Attacks, or models rolling the step's dice.
    pub n: u32,
    /// Frenzy adds to them.
    pub frenzied: bool,
}

impl Step {
    /// The wounds it `caused` as combat resolution counts them: twice for
    /// a Beastslayer's (RULES.md Combat resolution).
    #[inline(always)]
    pub(crate) fn counted(&self, caused: u32) -> u32 {
        match self.resolution_wounds {
            1 => caused,
            n => u32::from(n) * caused,
        }
    }

    /// How many attacks strikes `s` make: for a step with dice, each
    /// model's dice rolled and its attacks beside them added (RULES.md
    /// Special attacks and psychology). The models rolling at once are at
    /// most the dice's most (checked when the unit is built).
    pub fn count(&self, s: Strikes) -> Count {
        match self.dice {
            None => Count::fixed(s.n),
            Some(d) => {
                let roll = d.dice.roll(s.n);
                debug_assert!(s.n == 0 || roll.is_some(), "{s:?} past the dice");
                Count {
                    fixed: s.n * d.plus[usize::from(s.frenzied)],
                    roll,
                }
            }
        }
    }

    /// The index of `s` among the step's strikes: its attacks, or for a
    /// step with dice its models and whether frenzy adds to them (the fast
    /// engine's tables and the exact engine's memo).
    #[inline]
    pub fn slot(&self, s: Strikes) -> usize {
        match self.dice {
            None => s.n as usize,
            Some(_) => 2 * s.n as usize + usize::from(s.frenzied),
        }
    }
}

impl Combat {
    /// A charged unit's stand-and-shoot step at the main charger `ch`: the
    /// first target's, or a redirected charge's target's.
    pub(super) fn stand_and_shoot(&mut self, shooter: usize, ch: usize) -> Option<usize> {
        let m = self.setup.units[shooter].missile?;
        let striker = self.setup.units[shooter].striker(true, false);
        Some(self.shots_step(shooter, 1 - ch, ch, (m, striker), StepKind::Shots))
    }

    /// A step of `kind` of `shooter`'s missiles `m` shot by `striker` at
    /// the charger `ch` as it stands and shoots, each model's shots rolled
    /// where they are dice. RULES.md Shooting.
    pub(super) fn shots_step(
        &mut self,
        shooter: usize,
        side: usize,
        ch: usize,
        (m, striker): (Missile, Striker),
        kind: StepKind,
    ) -> usize {
        // -1 more at skirmishers (RULES.md Shooting, Skirmishers).
        let modifiers = ShootingModifiers {
            stand_and_shoot: true,
            long_range: m.long_range_penalty(),
            skirmishers: self.setup.units[ch].skirmishers,
            ..Default::default()
        };
        let target = self.setup.units[ch].defender();
        let chain = m.chain(striker, &target, &modifiers);
        let id = self.steps.len();
        self.steps.push(Step {
            id,
            unit: shooter,
            side,
            foe: ch,
            at_front: true,
            behind: RanksBehind::default(),
            kind,
            band: Band::Impact,
            initiative: 0,
            chain,
            per_model: [u32::from(m.shots); 2],
            dice: None,
            target: Target::RankAndFile,
            target_w: self.setup.units[ch].profile.w,
            target_models: self.setup.units[ch].models,
            resolution_wounds: 1,
            foe_champion_apart: self.setup.units[ch].champion_apart(),
            foe_one_save: target.hardiness.saves_again_once(&chain),
        });
        if let Some(dice) = m.shots_dice() {
            self.shots_rolled(id, dice);
        }
        id
    }

    /// Step `id`'s shots rolled: each model's dice (a Leadbelcher cannon's
    /// Artillery dice), nothing beside them. RULES.md Shooting, Artillery
    /// dice.
    fn shots_rolled(&mut self, id: usize, dice: Dice) {
        let step = &mut self.steps[id];
        step.per_model = [1; 2];
        step.dice = Some(StepDice { dice, plus: [0; 2] });
    }

    /// The strike order of one choice of step sets (`key`: set of unit u is
    /// digit u in base 3): by band, then Initiative; ties between the sides
    /// go to last round's winner or a roll-off, so both orders are kept.
    pub(super) fn strike_order(&self, key: usize) -> StrikeOrder {
        let mut ids: Vec<usize> = (0..self.setup.units.len())
            .flat_map(|u| self.sets[u][key / 3usize.pow(u as u32) % 3].iter())
            .copied()
            .collect();
        let rank = |i: &usize| {
            (
                self.steps[*i].band,
                std::cmp::Reverse(self.steps[*i].initiative),
            )
        };
        ids.sort_by_key(rank);
        let tied = ids.iter().enumerate().any(|(k, a)| {
            ids[k + 1..]
                .iter()
                .any(|b| self.steps[*a].side != self.steps[*b].side && rank(a) == rank(b))
        });
        let ordered = |first: usize| {
            let mut o = ids.clone();
            o.sort_by_key(|i| (rank(i), self.steps[*i].side != first));
            o
        };
        (ordered(0), ordered(1), tied)
    }

    pub(super) fn make_steps(&mut self, u: usize, set: StepSet) -> Vec<usize> {
        let unit = &self.setup.units[u];
        let place = self.setup.places[u];
        let charging = place.charge_bonus() && set != StepSet::Later;
        let moment = Moment {
            round: if set == StepSet::Later { 2 } else { 1 },
            charging,
        };
        let (impact, groups) = attack_groups(unit, moment, set == StepSet::FirstScared);
        let mut new_steps = Vec::new();
        for (k, &(e, ci)) in self.foes[u].iter().enumerate() {
            let enemy = &self.setup.units[e];
            let contact = self.setup.contacts[ci];
            let at_front = contact.striker == u || contact.face == Facing::Front;
            let foe_charged = self.setup.places[e].charging;
            // Sporofic Musk: who touches it halves WS and I (RULES.md
            // Special attacks and psychology).
            let (musked, musks) = (enemy.carries_sporofic_musk(), unit.carries_sporofic_musk());
            let step = |g: &Group, chain, target, defender: &Defender| Step {
                id: 0,
                unit: u,
                side: place.side,
                foe: e,
                at_front,
                behind: RanksBehind::of(unit, g.kind, moment, at_front, g.dice.is_some()),
                kind: g.kind,
                band: pike_band(g, moment, at_front),
                initiative: under_sporofic_musk(g.initiative, musked),
                chain,
                per_model: g.per_model,
                dice: g.dice,
                target,
                target_w: defender.w,
                target_models: match target {
                    Target::RankAndFile => enemy.models,
                    Target::Character(_) | Target::Champion => 1,
                },
                // Beastslayer (RULES.md Combat resolution).
                resolution_wounds: 1 + u8::from(g.striker.rules.wounds_count_double),
                foe_champion_apart: enemy.champion_apart(),
                foe_one_save: defender.hardiness.saves_again_once(&chain),
            };
            // Impact hits: a charging chariot's front, at what it charged.
            if let Some(hits) = impact.filter(|_| contact.striker == u) {
                let target = enemy.defender();
                let chain = hits.chain(&target);
                let g = Group::counted(
                    StepKind::Impact,
                    Band::Impact,
                    unit.profile.i,
                    unit.striker(false, false),
                    [u32::from(hits.plus); 2],
                    Some(hits.per_chariot()),
                );
                new_steps.push(step(&g, chain, Target::RankAndFile, &target));
            }
            if moment.charge_turn() && contact.striker == u {
                let target = enemy.defender();
                for g in bull_charge_groups(unit) {
                    let StepKind::BullCharge { behind, .. } = g.0.kind else {
                        continue;
                    };
                    let chain = g.1.chain(behind, &target);
                    new_steps.push(step(&g.0, chain, Target::RankAndFile, &target));
                }
            }
            // A Giant rolls its table once a round, at its first foe (its
            // front's: RULES.md Giants).
            for g in groups
                .iter()
                .filter(|g| g.kind != StepKind::Giant || k == 0)
            {
                let targets = targets(enemy).into_iter();
                let mut striker = g.striker;
                striker.ws = under_sporofic_musk(striker.ws, musked);
                striker.s += striker.weapon.strength_bonus_against(
                    moment,
                    enemy.troop,
                    foe_charged,
                    at_front,
                );
                for (target, mut defender) in targets.filter(|t| giant_targets(g.kind, t.0)) {
                    defender.ws = under_sporofic_musk(defender.ws, musks);
                    let chain = striker.close_combat(&defender, moment);
                    new_steps.push(step(g, chain, target, &defender));
                }
            }
        }
        let ids: Vec<usize> = new_steps
            .into_iter()
            .map(|step| {
                let id = self.steps.len();
                self.steps.push(Step { id, ..step });
                id
            })
            .collect();
        for &id in &ids {
            if self.steps[id].kind == StepKind::Giant {
                self.add_giant_steps(id, set);
            }
        }
        ids
    }
}

/// Attacks of one kind a unit makes, before they are aimed.
struct Group {
    kind: StepKind,
    band: Band,
    initiative: u8,
    /// With frenzy (its attacks per model are in `per_model`).
    striker: Striker,
    /// What each model counts for in its strikes, without and with frenzy
    /// ([`Step::per_model`]).
    per_model: [u32; 2],
    /// The dice each model rolls for its attacks.
    dice: Option<StepDice>,
}

impl Group {
    /// A group of `per_model` attacks a model (without and with frenzy),
    /// each rolling `dice` for more.
    fn counted(
        kind: StepKind,
        band: Band,
        initiative: u8,
        striker: Striker,
        per_model: [u32; 2],
        dice: Option<Dice>,
    ) -> Group {
        let (per_model, dice) = match dice {
            Some(dice) => (
                [1, 1],
                Some(StepDice {
                    dice,
                    plus: per_model,
                }),
            ),
            None => (per_model, None),
        };
        Group {
            kind,
            band,
            initiative,
            striker,
            per_model,
            dice,
        }
    }
}

/// A unit's impact hits and attack groups at `moment`: the blows of its
/// models ([`blows`]: impact hits, rank and file, steeds), its champion and
/// characters; `scared` after a failed fear test (6s to hit).
fn attack_groups(unit: &Unit, moment: Moment, scared: bool) -> (Option<ImpactHits>, Vec<Group>) {
    let charging = moment.charging;
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
    let fighter = |kind, u: &Unit, extra: u32| {
        let (calm, frenzied) = (u.striker(false, scared), u.striker(true, scared));
        // Blessed Spawning of Sotek: +1 A the round it charges (RULES.md
        // Special attacks and psychology).
        let extra =
            extra + u32::from(u.rules.charge_attack && moment.charge_turn()) * u32::from(u.crew);
        let extra = extra + calm.moment_attacks(moment);
        Group::counted(
            kind,
            fighter_band(u),
            u.profile.i,
            frenzied,
            [calm.attacks() + extra, frenzied.attacks() + extra],
            calm.attack_dice(),
        )
    };
    let (mut impact, mut groups) = (None, Vec::new());
    for b in blows(
        &unit.striker(false, scared),
        unit.mount,
        unit.impact,
        moment,
    ) {
        match b {
            Blows::Impact(hits) => impact = Some(hits),
            Blows::Own(_) if unit.psychology.giant.is_some() => {
                let mut giant = fighter(StepKind::Giant, unit, 0);
                giant.per_model = [1; 2];
                giant.dice = None;
                groups.push(giant);
            }
            Blows::Own(_) => {
                groups.push(fighter(StepKind::RankAndFile, unit, 0));
                if unit.champion {
                    groups.push(champion_group(unit, &fighter));
                }
            }
            // Tongue Attack: the steed strikes first (RULES.md Special
            // attacks and psychology).
            Blows::Mount(m, steed) => groups.push(Group::counted(
                StepKind::Mount,
                band(
                    false,
                    unit.rules.tongue_attack,
                    unit.psychology.mindless,
                    charging,
                    false,
                ),
                m.i,
                steed,
                [b.per_model(); 2],
                b.dice(),
            )),
        }
    }
    for (i, c) in unit.characters.iter().enumerate() {
        let mut g = fighter(StepKind::Character(i), &c.body, 0);
        // The Bear Banner's +1 is the whole unit's (RULES.md To hit in
        // close combat).
        g.striker.rules.plus_one_to_hit_first_round |= unit.rules.plus_one_to_hit_first_round;
        groups.push(g);
    }
    (impact, groups)
}

/// A champion's attacks: his own body's, where he has one (its profile
/// gives his attacks), else his unit's +1 A (RULES.md Characters,
/// champions and challenges).
fn champion_group(unit: &Unit, fighter: &impl Fn(StepKind, &Unit, u32) -> Group) -> Group {
    match &unit.champion_body {
        Some(body) => fighter(StepKind::Champion, body, 0),
        None => fighter(StepKind::Champion, unit, 1),
    }
}

/// A group's band at one foe: a pike's first round at a foe at its front
/// comes before the chargers (RULES.md Weapons, Order of strikes).
fn pike_band(g: &Group, moment: Moment, at_front: bool) -> Band {
    if g.striker.weapon.strikes_first(moment, at_front) {
        g.band.min(Band::Pikes)
    } else {
        g.band
    }
}

/// A unit's Bull Charge groups: for its rank and file and each of its
/// characters that bull charge, one a number of Ogres behind (none to the
/// most its ranks hold), each with its Bull Charge. RULES.md Special
/// attacks and psychology, Bull Charge.
fn bull_charge_groups(unit: &Unit) -> Vec<(Group, BullCharge)> {
    let places: u32 = unit.characters.iter().map(|c| c.places).sum();
    let most_behind = (unit.models + places) / unit.frontage.max(1);
    let who = unit.bull_charge.map(|b| (None, b, unit)).into_iter();
    let heroes = unit.characters.iter().enumerate();
    let who =
        who.chain(heroes.filter_map(|(i, c)| c.body.bull_charge.map(|b| (Some(i), b, &c.body))));
    let mut groups = Vec::new();
    for (character, bull, body) in who {
        for behind in 0..=most_behind {
            let g = Group::counted(
                StepKind::BullCharge { character, behind },
                Band::Impact,
                body.profile.i,
                body.striker(false, false),
                [u32::from(bull.dice.is_none()); 2],
                bull.dice,
            );
            groups.push((g, bull));
        }
    }
    groups
}

/// Whom a unit's attacks may strike in `enemy`: its rank and file, each
/// character, its champion.
fn targets(enemy: &Unit) -> Vec<(Target, Defender)> {
    let mut targets = vec![(Target::RankAndFile, enemy.defender())];
    for (k, c) in enemy.characters.iter().enumerate() {
        targets.push((Target::Character(k), c.body.defender()));
    }
    if enemy.champion {
        // His own save and ward, where he has a body of his own.
        let body = enemy.champion_body.as_deref().unwrap_or(enemy);
        targets.push((Target::Champion, body.defender()));
    }
    targets
}
