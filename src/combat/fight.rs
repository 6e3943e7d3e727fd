//! One fight, from the charge to the rout, written once against [`Fate`]:
//! the exact engine enumerates its choices, the fast engine samples them from
//! exact tables, the dice-level engine rolls every die.
//!
//! A fight holds two to [`MAX_UNITS`] units: each side's main unit (0 the
//! attacker, 1 the defender), which fight each other, and others that fight
//! the enemy's main unit from a front, flank or rear ([`Contact`]). Seed 002:
//! "varias unidades ... participen en el mismo combate".
//!
//! Order (RULES.md Charges, Order of strikes, Combat resolution, Break test,
//! Fleeing and pursuit, Panic; seeds 000, 002, 003):
//! 1. The charge: a panic test of an engaged unit charged in the flank or
//!    rear; the fear or terror test of the charged unit; its reaction (hold,
//!    stand and shoot with the charger's 25% panic test, flee and the catch);
//!    a charge out of range fails.
//! 2. Rounds: strike steps by band, Initiative, last round's winner and a
//!    roll-off; casualties are removed before they strike back; combat
//!    resolution by side; each losing unit's break test; flee and pursuit.

use super::unit::{Unit, MAX_CHARACTERS};
use crate::dice::Roll;
use crate::rules::attack::AttackChain;
use crate::rules::casualties::Casualties;
use crate::rules::combat_result::{decide, flank_bonus, rank_bonus, Score, Winner};
use crate::rules::fighter::impact_hit;
use crate::rules::gear::ImpactDice;
use crate::rules::leadership::{break_test, BreakTest, LeadershipTest};
use crate::rules::movement::{charge_range, charge_reaches};
use crate::rules::place::{Facing, ReactionName};
use crate::rules::strike_order::{band, Band};
use crate::rules::to_hit::ShootingModifiers;
use crate::rules::weapons::Moment;
use crate::rules::Edition;

/// The most rounds a fight may last.
pub const MAX_ROUNDS: u32 = 50;

/// The most units in one fight, both sides together.
pub const MAX_UNITS: usize = 4;

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
    /// The striking unit (index into [`Setup::units`]).
    pub unit: usize,
    /// Its side: 0 attacker, 1 defender.
    pub side: usize,
    /// The enemy unit it strikes.
    pub foe: usize,
    /// It strikes with its unit's front (spears' second rank joins in).
    pub at_front: bool,
    pub kind: StepKind,
    pub band: Band,
    pub initiative: u8,
    pub chain: AttackChain,
    /// Attacks per striking model, without and with frenzy.
    pub per_model: [u32; 2],
    pub target: Target,
    /// Wounds of each model it strikes.
    pub target_w: u8,
    /// The most models it can slay: the struck unit's, or one character.
    pub target_models: u32,
}

impl Step {
    /// The roll of impact hits for `chariots` chariots.
    pub fn impact_roll(&self, chariots: u32) -> Option<Roll> {
        match self.kind {
            // At most the most chariots: checked when the unit is built.
            StepKind::Impact(dice) => dice.roll(chariots),
            _ => None,
        }
    }
}

/// How a fight ended, by side: every fight ends in exactly one of
/// [`End::ALL`] (the outcome partition the README documents).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// No charger could reach (or catch a fleeing target).
    ChargeFailed,
    /// The charger fled from stand-and-shoot casualties.
    ChargerFled,
    /// Stand and shoot slew the charger to the last model.
    ChargerShotDown,
    /// The charged unit fled and got away.
    TargetFled,
    /// The charged unit fled and was caught: destroyed.
    TargetCaught,
    /// `loser`'s last units in the fight broke; `caught` if the pursuit
    /// destroyed all of them.
    Broke { loser: usize, caught: bool },
    /// `loser` was wiped out in combat.
    WipedOut { loser: usize },
    /// Both sides destroyed in the same round.
    BothDestroyed,
    /// Still fighting when the round cap came.
    Unresolved,
}

impl End {
    /// Every end, in the order reports list them.
    pub const ALL: [End; 13] = [
        End::ChargeFailed,
        End::ChargerFled,
        End::ChargerShotDown,
        End::TargetFled,
        End::TargetCaught,
        End::Broke {
            loser: 1,
            caught: false,
        },
        End::Broke {
            loser: 1,
            caught: true,
        },
        End::WipedOut { loser: 1 },
        End::Broke {
            loser: 0,
            caught: false,
        },
        End::Broke {
            loser: 0,
            caught: true,
        },
        End::WipedOut { loser: 0 },
        End::BothDestroyed,
        End::Unresolved,
    ];

    /// Its place in [`End::ALL`].
    pub fn index(self) -> usize {
        match self {
            End::ChargeFailed => 0,
            End::ChargerFled => 1,
            End::ChargerShotDown => 2,
            End::TargetFled => 3,
            End::TargetCaught => 4,
            End::Broke { loser: 0, caught } => 8 + usize::from(caught),
            End::Broke { caught, .. } => 5 + usize::from(caught),
            End::WipedOut { loser: 0 } => 10,
            End::WipedOut { .. } => 7,
            End::BothDestroyed => 11,
            End::Unresolved => 12,
        }
    }

    /// The side that lost the fight, with the side `charger` charging: its
    /// units broke, were wiped out (in combat or by stand and shoot), or its
    /// charged unit was caught fleeing (RULES.md How a fight ends).
    pub fn loser(self, charger: Option<usize>) -> Option<usize> {
        match self {
            End::Broke { loser, .. } | End::WipedOut { loser } => Some(loser),
            End::TargetCaught => charger.map(|c| 1 - c),
            End::ChargerShotDown => charger,
            _ => None,
        }
    }

    /// How a report says it.
    pub fn label(self) -> &'static str {
        match self {
            End::ChargeFailed => "charge fails",
            End::ChargerFled => "charger flees stand-and-shoot",
            End::ChargerShotDown => "charger shot down by stand-and-shoot",
            End::TargetFled => "target flees and escapes",
            End::TargetCaught => "target flees and is caught",
            End::Broke { loser: 0, caught } => match caught {
                false => "attacker breaks and escapes",
                true => "attacker breaks and is caught",
            },
            End::Broke { caught, .. } => match caught {
                false => "defender breaks and escapes",
                true => "defender breaks and is caught",
            },
            End::WipedOut { loser: 0 } => "attacker wiped out",
            End::WipedOut { .. } => "defender wiped out",
            End::BothDestroyed => "both sides wiped out",
            End::Unresolved => "still fighting after the last round",
        }
    }
}

/// What became of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum UnitEnd {
    /// It stood to the end (or its enemies left the fight).
    #[default]
    Stands,
    /// Its charge fell short.
    ChargeFailed,
    /// It fled before the combat (a charge reaction, fear, panic, stand and
    /// shoot) and got away.
    Fled,
    /// It fled a charge and was caught: destroyed.
    CaughtFleeing,
    /// It broke and got away.
    Broke,
    /// It broke and was caught: destroyed.
    Caught,
    /// Slain to the last model.
    WipedOut,
}

impl UnitEnd {
    /// Every unit end, in tally order.
    pub const ALL: [UnitEnd; 7] = [
        UnitEnd::Stands,
        UnitEnd::ChargeFailed,
        UnitEnd::Fled,
        UnitEnd::CaughtFleeing,
        UnitEnd::Broke,
        UnitEnd::Caught,
        UnitEnd::WipedOut,
    ];
}

/// One round's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct RoundRecord {
    /// Winner of the round (`None` for a draw).
    pub winner: Option<usize>,
    /// Models each unit lost this round.
    pub casualties: [u32; MAX_UNITS],
    /// Combat-result wounds each side caused.
    pub wounds: [u32; 2],
}

/// Everything a trial records.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub end: End,
    pub rounds: Vec<RoundRecord>,
    /// Rank-and-file models each unit lost in all (the charge turn's
    /// shooting included).
    pub casualties: [u32; MAX_UNITS],
    /// Characters slain, by unit.
    pub characters_slain: [u32; MAX_UNITS],
    /// What became of each unit.
    pub units: [UnitEnd; MAX_UNITS],
}

impl Default for Record {
    fn default() -> Self {
        Record {
            end: End::Unresolved,
            rounds: Vec::new(),
            casualties: [0; MAX_UNITS],
            characters_slain: [0; MAX_UNITS],
            units: [UnitEnd::Stands; MAX_UNITS],
        }
    }
}

/// Where one unit's front meets an enemy unit: `striker`'s front fights
/// `struck`'s `face`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contact {
    pub striker: usize,
    pub struck: usize,
    pub face: Facing,
}

/// A unit's place in the fight.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Place {
    /// 0 attacker, 1 defender.
    pub side: usize,
    /// It charges this turn.
    pub charging: bool,
    /// Its charge distance.
    pub distance: f64,
    /// The wheel on its charge path, taken from its range.
    pub wheel: f64,
    /// Difficult terrain on its charge path: its range is M.
    pub difficult_terrain: bool,
}

impl Place {
    /// The charge range of a unit here with M `m` (in the fight's unit).
    /// RULES.md Charges.
    pub fn charge_range(&self, m: f64) -> f64 {
        charge_range(m, self.difficult_terrain, self.wheel)
    }
}

/// A fight between strike steps, for a fight of `N` units (arrays sized to
/// the fight: a two-unit fight pays for two).
#[derive(Clone, Copy, Debug)]
struct State<const N: usize> {
    /// Rank-and-file models standing (the champion among them).
    alive: [u32; N],
    /// Wounds on the wounded rank-and-file model.
    damage: [u8; N],
    /// Each character's wounds taken, `None` once slain or if absent.
    heroes: [[Option<u8>; MAX_CHARACTERS]; N],
    /// Rank and file at the start of the round.
    start: [u32; N],
    /// Characters standing at the start of the round.
    heroes_at_start: [u32; N],
    /// Models of each unit in contact with each foe this round ([unit][foe],
    /// [`Combat::contact`] at the start of the round).
    contact: [[u16; N]; N],
    /// Rank and file each unit lost this round, by the enemy unit that slew
    /// them ([unit][foe]).
    lost: [[u16; N]; N],
    /// Wounds on each unit's champion while he stands.
    champion: [Option<u8>; N],
    /// The fighters of a challenge under way, by side (the main units).
    duel: Option<[Fighter; 2]>,
    /// A character of a main unit who stepped back from a refused challenge
    /// this round.
    stepped_back: [Option<usize>; 2],
    /// Units still in the fight, one bit each.
    in_fight: u8,
    /// The foe each unit's front rank fights ([`Combat::primary`]), kept
    /// with `in_fight` by [`Combat::leave_unengaged`].
    primary: [u8; N],
}

/// No foe (in [`State::primary`]).
const NO_FOE: u8 = u8::MAX;

impl<const N: usize> State<N> {
    /// The state before the charge.
    fn new(facts: &[Facts; MAX_UNITS]) -> Self {
        let mut heroes = [[None; MAX_CHARACTERS]; N];
        let mut alive = [0; N];
        let mut champion = [None; N];
        let mut primary = [NO_FOE; N];
        for (u, f) in facts.iter().enumerate().take(N) {
            for hero in heroes[u].iter_mut().take(f.characters) {
                *hero = Some(0);
            }
            alive[u] = f.models;
            champion[u] = f.champion.then_some(0);
            primary[u] = f.first_foe;
        }
        State {
            alive,
            damage: [0; N],
            heroes,
            start: alive,
            heroes_at_start: [0; N],
            contact: [[0; N]; N],
            lost: [[0; N]; N],
            champion,
            duel: None,
            stepped_back: [None; 2],
            in_fight: ((1u16 << N) - 1) as u8,
            primary,
        }
    }

    /// Who would fight a challenge for `side` (its main unit): its first
    /// character standing, else its champion.
    fn fighter(&self, side: usize) -> Option<Fighter> {
        self.heroes[side]
            .iter()
            .position(|h| h.is_some())
            .map(Fighter::Character)
            .or(self.champion[side].map(|_| Fighter::Champion))
    }

    /// Whether the fighter of `side`'s main unit still stands.
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

    /// Whether unit `u` is in the fight.
    fn fights(&self, u: usize) -> bool {
        self.in_fight & (1 << u) != 0
    }

    /// Unit `u` leaves the fight.
    fn leave(&mut self, u: usize) {
        self.in_fight &= !(1 << u);
    }

    /// What is measured at the start of a round: the models standing.
    fn begin_round(&mut self) {
        self.start = self.alive;
        for u in 0..N {
            // Most units have no character: nothing to count.
            if self.heroes[u][0].is_some() || self.heroes_at_start[u] > 0 {
                self.heroes_at_start[u] = self.heroes_standing(u) as u32;
            }
        }
    }

    fn heroes_standing(&self, u: usize) -> usize {
        self.heroes[u].iter().filter(|h| h.is_some()).count()
    }

    /// The unit still has a model: rank and file or a character.
    fn standing(&self, u: usize) -> bool {
        self.alive[u] > 0 || self.heroes_standing(u) > 0
    }

    /// Rank and file `u` lost this round.
    fn lost(&self, u: usize) -> u32 {
        self.lost[u].iter().map(|&k| u32::from(k)).sum()
    }

    /// Unit strength: rank and file and characters standing.
    fn unit_strength(&self, combat: &Combat, u: usize) -> u32 {
        let [per_model, heroes @ ..] = &combat.facts[u].strengths;
        per_model * self.alive[u]
            + heroes
                .iter()
                .zip(&self.heroes[u])
                .filter(|(_, h)| h.is_some())
                .map(|(us, _)| us)
                .sum::<u32>()
    }

    /// The best Ld the unit may use: its own, the General's, or a character's
    /// standing in it. RULES.md Break test.
    fn leadership(&self, combat: &Combat, u: usize) -> u8 {
        let unit = &combat.setup.units[u];
        let stepped_back = self.stepped_back.get(u).copied().flatten();
        unit.characters
            .iter()
            .zip(&self.heroes[u])
            .enumerate()
            .filter(|(i, (_, h))| h.is_some() && stepped_back != Some(*i))
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
    /// A unit fleeing with `flee` dice: caught by any of the `chargers`
    /// (each `(distance, charge range)`, catching when its range reaches the
    /// gap) or of the `pursuers` (each rolling its dice, catching on a roll
    /// at least the flee)? One flee roll for all of them.
    fn caught(&mut self, flee: &Roll, chargers: &[(f64, f64)], pursuers: &[&Roll]) -> bool;
    /// A D6 roll-off: does side 0 win it?
    fn roll_off(&mut self) -> bool;
    /// `n` attacks of `step` in a challenge at a fighter with `remaining`
    /// Wounds: the wounds they deal, overkill included, at most `remaining`
    /// + 5 ([`crate::rules::casualties::overkill`]).
    fn duel(&mut self, step: &Step, n: u32, remaining: u32) -> u32;
}

/// What a scenario sets up: the units, where they stand, and the situation.
#[derive(Clone, Debug)]
pub struct Setup {
    /// 0 the attacker's main unit, 1 the defender's, then any others.
    pub units: Vec<Unit>,
    /// Each unit's side and charge.
    pub places: Vec<Place>,
    /// Who fights whom.
    pub contacts: Vec<Contact>,
    pub reaction: ReactionName,
    /// The side that won the round fought before this turn, for a fight
    /// already under way: it strikes first in ties and may pursue a unit
    /// that flees the combat through panic (seeds 002, 003).
    pub last_round_winner: Option<usize>,
    pub high_ground: Option<usize>,
    pub rounds: u32,
    pub edition: Edition,
    pub insane_courage: bool,
    /// The side that issues a challenge each round none is fought.
    pub challenger: Option<usize>,
    /// The challenged side refuses.
    pub refuse_challenge: bool,
}

/// A fight between units, with its strike steps prepared.
#[derive(Clone, Debug)]
pub struct Combat {
    /// The units, where they stand, and the situation, as set up.
    pub setup: Setup,
    /// The side that charges this turn, if any; it charges the enemy's main
    /// unit.
    pub charger: Option<usize>,
    /// Every step; `sets` index into it.
    pub steps: Vec<Step>,
    /// Steps of each unit: [unit][set], sets as [`StepSet`].
    sets: Vec<[Vec<usize>; 3]>,
    /// The charged unit's stand-and-shoot step.
    shots: Option<usize>,
    /// Strike orders for each choice of step sets, one per unit
    /// (index: sum of set x 3^unit).
    orders: Vec<StrikeOrder>,
    /// Each unit's foes, those it fights with its front first: (foe,
    /// contact index).
    foes: [Foes; MAX_UNITS],
    /// Units charging this turn, and each one's (distance, charge range).
    chargers: Vec<usize>,
    catchers: Vec<(f64, f64)>,
    /// Each unit's charge range.
    ranges: Vec<f64>,
    /// Each unit's flee (and pursuit) dice.
    flee_rolls: Vec<Roll>,
    /// The orders key of rounds after the first (every unit's later set).
    later: usize,
    /// What the per-round rules read of each unit (absent units: default).
    facts: [Facts; MAX_UNITS],
    /// Each side's units, as bits of [`State::in_fight`].
    side_units: [u8; 2],
}

/// What the per-round rules read of a unit, kept in a fixed array: combat
/// resolution runs every round of every trial.
#[derive(Clone, Copy, Debug, Default)]
struct Facts {
    side: usize,
    frontage: u32,
    standard: bool,
    musician: bool,
    /// Fought in a flank or rear by some contact.
    flankable: bool,
    /// The enemy its front strikes and the face's bonus: front 0, flank 1,
    /// rear 2.
    strikes: Option<(usize, u32)>,
    /// Unit strength per model, then its characters'.
    strengths: [u32; MAX_CHARACTERS + 1],
    /// At the start: models, champion, characters, the first foe.
    models: u32,
    champion: bool,
    characters: usize,
    first_foe: u8,
}

/// A unit's foes: (foe, contact index), in a fixed array (read in every
/// round of every trial).
#[derive(Clone, Copy, Debug, Default)]
struct Foes {
    list: [(usize, usize); MAX_UNITS],
    len: usize,
}

impl std::ops::Deref for Foes {
    type Target = [(usize, usize)];
    fn deref(&self) -> &[(usize, usize)] {
        &self.list[..self.len]
    }
}

/// Step ids in striking order with ties between the sides going to side 0,
/// the same going to side 1, and whether there are such ties.
type StrikeOrder = (Vec<usize>, Vec<usize>, bool);

/// Which steps a unit uses in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StepSet {
    First = 0,
    /// First round after failing a fear test: 6s to hit.
    FirstScared = 1,
    Later = 2,
}

impl Combat {
    /// Prepares the fight: steps, strike orders and stand and shoot.
    pub fn new(setup: Setup) -> Combat {
        let charger = setup.places.iter().find(|p| p.charging).map(|p| p.side);
        let n = setup.units.len();
        let mut foes = [Foes::default(); MAX_UNITS];
        for (u, slot) in foes.iter_mut().enumerate().take(n) {
            *slot = {
                let mut foes: Vec<(bool, usize, usize)> = setup
                    .contacts
                    .iter()
                    .enumerate()
                    .filter_map(|(i, c)| {
                        if c.striker == u {
                            Some((true, c.struck, i))
                        } else if c.struck == u {
                            Some((c.face == Facing::Front, c.striker, i))
                        } else {
                            None
                        }
                    })
                    .collect();
                foes.sort_by_key(|&(front, _, i)| (!front, i));
                let mut list = Foes::default();
                for (k, &(_, e, i)) in foes.iter().enumerate() {
                    list.list[k] = (e, i);
                }
                list.len = foes.len();
                list
            };
        }
        let chargers: Vec<usize> = (0..n).filter(|&u| setup.places[u].charging).collect();
        let ranges: Vec<f64> = setup
            .units
            .iter()
            .zip(&setup.places)
            .map(|(unit, place)| place.charge_range(unit.movement(setup.edition)))
            .collect();
        let catchers = chargers
            .iter()
            .map(|&u| (setup.places[u].distance, ranges[u]))
            .collect();
        let flee_rolls = setup
            .units
            .iter()
            .map(|unit| unit.flee_roll(setup.edition))
            .collect();
        let mut side_units = [0u8; 2];
        for (u, place) in setup.places.iter().enumerate() {
            side_units[place.side] |= 1 << u;
        }
        let mut facts = [Facts::default(); MAX_UNITS];
        for (u, (unit, f)) in setup.units.iter().zip(facts.iter_mut()).enumerate() {
            let bonus = |face: Facing| match face {
                Facing::Front => 0,
                Facing::Flank => 1,
                Facing::Rear => 2,
            };
            *f = Facts {
                side: setup.places[u].side,
                frontage: unit.frontage,
                standard: unit.standard,
                musician: unit.musician,
                flankable: setup
                    .contacts
                    .iter()
                    .any(|c| c.struck == u && c.face != Facing::Front),
                strikes: setup
                    .contacts
                    .iter()
                    .find(|c| c.striker == u)
                    .map(|c| (c.struck, bonus(c.face))),
                strengths: [0; MAX_CHARACTERS + 1],
                models: unit.models,
                champion: unit.champion,
                characters: unit.characters.len(),
                first_foe: foes[u].first().map_or(NO_FOE, |f| f.0 as u8),
            };
            f.strengths[0] = unit.unit_strength(1);
            for (s, c) in f.strengths[1..].iter_mut().zip(&unit.characters) {
                *s = c.body.unit_strength(1);
            }
        }
        let mut c = Combat {
            facts,
            side_units,
            later: (0..n)
                .map(|u| StepSet::Later as usize * 3usize.pow(u as u32))
                .sum(),
            setup,
            charger,
            steps: Vec::new(),
            sets: vec![Default::default(); n],
            shots: None,
            orders: Vec::new(),
            foes,
            chargers,
            catchers,
            ranges,
            flee_rolls,
        };
        for u in 0..n {
            for set in [StepSet::First, StepSet::FirstScared, StepSet::Later] {
                let ids = c.make_steps(u, set);
                c.sets[u][set as usize] = ids;
            }
        }
        c.orders = (0..3usize.pow(n as u32))
            .map(|key| c.strike_order(key))
            .collect();
        if let (Some(ch), ReactionName::StandAndShoot) = (charger, c.setup.reaction) {
            c.shots = c.stand_and_shoot(ch);
        }
        c
    }

    /// The main charged unit's stand-and-shoot step at the main charger `ch`.
    fn stand_and_shoot(&mut self, ch: usize) -> Option<usize> {
        let shooter = 1 - ch;
        let m = self.setup.units[shooter].missile?;
        let striker = crate::rules::fighter::Striker {
            s: m.s,
            ..self.setup.units[shooter].striker(true, false)
        };
        let modifiers = ShootingModifiers {
            stand_and_shoot: true,
            long_range: m.long_range,
            ..Default::default()
        };
        let chain = striker.shooting(&self.setup.units[ch].defender(), &modifiers);
        let id = self.steps.len();
        self.steps.push(Step {
            id,
            unit: shooter,
            side: shooter,
            foe: ch,
            at_front: true,
            kind: StepKind::Shots,
            band: Band::Impact,
            initiative: 0,
            chain,
            per_model: [u32::from(m.shots); 2],
            target: Target::RankAndFile,
            target_w: self.setup.units[ch].profile.w,
            target_models: self.setup.units[ch].models,
        });
        Some(id)
    }

    /// The strike order of one choice of step sets (`key`: set of unit u is
    /// digit u in base 3): by band, then Initiative; ties between the sides
    /// go to last round's winner or a roll-off, so both orders are kept.
    fn strike_order(&self, key: usize) -> StrikeOrder {
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

    /// Unit `u`'s flee (and pursuit) dice.
    pub fn flee_roll(&self, u: usize) -> &Roll {
        &self.flee_rolls[u]
    }

    /// The same fight with a cap of `rounds` rounds.
    pub fn with_rounds(&self, rounds: u32) -> Combat {
        let mut c = self.clone();
        c.setup.rounds = rounds;
        c
    }

    fn make_steps(&mut self, u: usize, set: StepSet) -> Vec<usize> {
        let unit = &self.setup.units[u];
        let place = self.setup.places[u];
        let charging = place.charging && set != StepSet::Later;
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
            let mount = m.striker(&calm);
            let mb = band(false, false, unit.psychology.mindless, charging, false);
            groups.push((StepKind::Mount, mb, m.i, mount, [u32::from(m.a); 2]));
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
        let impact = unit.impact.filter(|_| charging);
        let mut new_steps = Vec::new();
        for &(e, ci) in self.foes[u].iter() {
            let enemy = &self.setup.units[e];
            let at_front = self.setup.contacts[ci].striker == u
                || self.setup.contacts[ci].face == Facing::Front;
            // Targets: the rank and file, and each enemy character.
            let mut targets = vec![(Target::RankAndFile, enemy.defender())];
            for (k, c) in enemy.characters.iter().enumerate() {
                targets.push((Target::Character(k), c.body.defender()));
            }
            if enemy.champion {
                targets.push((Target::Champion, enemy.defender()));
            }
            // Impact hits: a charging chariot's front, at what it charged.
            if let Some(hits) = impact.filter(|_| self.setup.contacts[ci].striker == u) {
                let target = enemy.defender();
                new_steps.push(Step {
                    id: 0,
                    unit: u,
                    side: place.side,
                    foe: e,
                    at_front,
                    kind: StepKind::Impact(hits.dice),
                    band: Band::Impact,
                    initiative: unit.profile.i,
                    chain: impact_hit(hits.s, &target),
                    per_model: [1, 1],
                    target: Target::RankAndFile,
                    target_w: target.w,
                    target_models: enemy.models,
                });
            }
            for &(kind, band, initiative, striker, per_model) in &groups {
                for (target, defender) in &targets {
                    new_steps.push(Step {
                        id: 0,
                        unit: u,
                        side: place.side,
                        foe: e,
                        at_front,
                        kind,
                        band,
                        initiative,
                        chain: striker.close_combat(defender, moment),
                        per_model,
                        target: *target,
                        target_w: defender.w,
                        target_models: match target {
                            Target::RankAndFile => enemy.models,
                            Target::Character(_) | Target::Champion => 1,
                        },
                    });
                }
            }
        }
        new_steps
            .into_iter()
            .map(|step| {
                let id = self.steps.len();
                self.steps.push(Step { id, ..step });
                id
            })
            .collect()
    }

    /// The enemy unit `u`'s front rank (its characters and champion) fights:
    /// the first foe in the fight, those at its front first.
    fn primary<const N: usize>(&self, u: usize, state: &State<N>) -> Option<usize> {
        Some(usize::from(state.primary[u])).filter(|_| state.primary[u] != NO_FOE)
    }

    /// Whether `u` fights an enemy in the fight with its front.
    fn front_engaged<const N: usize>(&self, u: usize, state: &State<N>) -> bool {
        self.foes[u].iter().any(|&(e, ci)| {
            let c = &self.setup.contacts[ci];
            state.fights(e) && (c.striker == u || c.face == Facing::Front)
        })
    }

    /// Models of `u` in base contact with its foe `e` across contact `ci`, by
    /// the models each
    /// had at the start of the round. Front to front (or rear): its frontage,
    /// at most the enemy's frontage + 2 (corner contact). A flank: the struck
    /// unit's ranks face the striker's frontage, less the front rank's end
    /// model while its front is also fighting. A scenario may give it
    /// outright for the unit's first foe.
    fn contact<const N: usize>(&self, u: usize, e: usize, ci: usize, state: &State<N>) -> u32 {
        let (unit, enemy) = (&self.setup.units[u], &self.setup.units[e]);
        let (alive, enemy_alive) = (state.start[u], state.start[e]);
        if let Some(n) = unit.in_contact {
            if self.foes[u][0].1 == ci {
                return n.min(alive);
            }
        }
        let c = &self.setup.contacts[ci];
        let front = |x: &Unit, n: u32| x.frontage.min(n);
        let ranks = |x: &Unit, n: u32| n.div_ceil(x.frontage);
        let width = match (c.face, c.striker == u) {
            (Facing::Flank, false) => {
                let r = ranks(unit, alive).min(front(enemy, enemy_alive));
                if self.front_engaged(u, state) {
                    r.saturating_sub(1)
                } else {
                    r
                }
            }
            (Facing::Flank, true) => front(unit, alive).min(ranks(enemy, enemy_alive)),
            _ => front(unit, alive).min(front(enemy, enemy_alive) + 2),
        };
        width.min(alive)
    }

    /// Each engaged pair's models in contact, once a round (every strike
    /// step reads them).
    fn measure_contacts<const N: usize>(&self, state: &mut State<N>) {
        for u in 0..N {
            for &(e, ci) in self.foes[u].iter() {
                // At most 50 wide or 500 models: fits.
                state.contact[u][e] = self.contact(u, e, ci, state) as u16;
            }
        }
    }

    /// Whether `u` is fought in its flank or rear by an enemy of US 5+ (it
    /// loses its rank bonus). RULES.md Combat resolution.
    fn disrupted<const N: usize>(&self, u: usize, state: &State<N>) -> bool {
        self.facts[u].flankable
            && self.foes[u].iter().any(|&(e, ci)| {
                let c = &self.setup.contacts[ci];
                state.fights(e)
                    && c.struck == u
                    && c.face != Facing::Front
                    && self.facts[e].strengths[0] * state.start[e] >= 5
            })
    }

    /// Units of `side` still in the fight.
    fn present<const N: usize>(&self, side: usize, state: &State<N>) -> bool {
        state.in_fight & self.side_units[side] != 0
    }

    /// Plays one fight with `fate`.
    pub fn fight(&self, fate: &mut impl Fate) -> Record {
        let mut record = Record::default();
        self.fight_into(fate, &mut record);
        record
    }

    /// Plays one fight with `fate` into `record` (reusing its buffer: the
    /// Monte Carlo engines play millions).
    pub fn fight_into(&self, fate: &mut impl Fate, record: &mut Record) {
        record.end = End::Unresolved;
        record.rounds.clear();
        record.casualties = [0; MAX_UNITS];
        record.characters_slain = [0; MAX_UNITS];
        record.units = [UnitEnd::Stands; MAX_UNITS];
        match self.setup.units.len() {
            2 => self.play::<2>(fate, record),
            3 => self.play::<3>(fate, record),
            _ => self.play::<4>(fate, record),
        }
    }

    /// [`Combat::fight_into`] for a fight of `N` units.
    fn play<const N: usize>(&self, fate: &mut impl Fate, record: &mut Record) {
        let n = N;
        let mut state = State::<N>::new(&self.facts);
        let mut scared = [false; N];
        if let Some(end) = self.charge(fate, &mut state, &mut scared, record) {
            record.end = end;
            return;
        }
        let mut frenzy = [false; N];
        for (f, unit) in frenzy.iter_mut().zip(&self.setup.units) {
            *f = unit.rules.frenzy;
        }
        let mut last_winner = self.setup.last_round_winner;
        for round in 1..=self.setup.rounds {
            state.begin_round();
            self.measure_contacts(&mut state);
            state.lost = [[0; N]; N];
            state.stepped_back = [None; 2];
            self.challenge(&mut state);
            let key = if round == 1 {
                (0..n)
                    .map(|u| {
                        let set = match scared[u] {
                            true => StepSet::FirstScared,
                            false => StepSet::First,
                        };
                        set as usize * 3usize.pow(u as u32)
                    })
                    .sum()
            } else {
                self.later
            };
            let (first_0, first_1, tied) = &self.orders[key];
            // Ties between the sides: last round's winner first, else a roll-off.
            let first = match (tied, last_winner) {
                (false, _) => 0,
                (true, Some(w)) => w,
                (true, None) => usize::from(!fate.roll_off()),
            };
            let order = if first == 0 { first_0 } else { first_1 };
            let mut wounds = [0u32; 2];
            for step in order.iter().map(|&i| &self.steps[i]) {
                let (u, e) = (step.unit, step.foe);
                let engaged = state.fights(u) && state.fights(e);
                if !engaged || !state.standing(u) || !state.standing(e) {
                    continue;
                }
                let n = self.attacks(step, &state, frenzy[u], round);
                if n == 0 {
                    continue;
                }
                wounds[step.side] += self.strike(fate, step, n, &mut state, record);
            }
            let mut rr = RoundRecord {
                winner: None,
                casualties: [0; MAX_UNITS],
                wounds,
            };
            let mut left = false;
            for u in 0..n {
                rr.casualties[u] = state.lost(u);
                record.casualties[u] += rr.casualties[u];
                if state.fights(u) && !state.standing(u) {
                    state.leave(u);
                    record.units[u] = UnitEnd::WipedOut;
                    left = true;
                }
            }
            let present = [self.present(0, &state), self.present(1, &state)];
            if !present[0] || !present[1] {
                // A side wiped out: the other wins, no break test.
                rr.winner = match present {
                    [false, false] => None,
                    [false, true] => Some(1),
                    _ => Some(0),
                };
                record.rounds.push(rr);
                record.end = match rr.winner {
                    None => End::BothDestroyed,
                    Some(w) => End::WipedOut { loser: 1 - w },
                };
                return;
            }
            let (score, musician) = self.scores(&state, &wounds);
            let (winner, margin) = decide(score[0], score[1], musician[0], musician[1]);
            let winner = match winner {
                Winner::First => Some(0),
                Winner::Second => Some(1),
                Winner::Draw => None,
            };
            rr.winner = winner;
            record.rounds.push(rr);
            // Seed 002: ties go to the winner of the round just fought; a
            // drawn round has none, so the next tie is rolled off.
            last_winner = winner;
            let broken = match winner {
                Some(w) => self.break_tests(fate, 1 - w, margin, &mut state, &mut frenzy, record),
                None => [false; N],
            };
            // Units whose foes all broke or fell leave the fight; engagement
            // is mutual, so with no loser left no winner is either.
            let routed = winner.is_some_and(|w| !self.present(1 - w, &state));
            if (left || broken.contains(&true)) && !routed {
                self.leave_unengaged(&mut state);
            }
            let Some(l) = winner.map(|w| 1 - w) else {
                continue;
            };
            if !self.present(l, &state) {
                let caught = (0..n)
                    .filter(|&u| broken[u])
                    .all(|u| record.units[u] == UnitEnd::Caught);
                record.end = End::Broke { loser: l, caught };
                return;
            }
        }
    }

    /// Resolves `n` attacks of `step` on the state; returns the wounds they
    /// count for combat resolution.
    fn strike<const N: usize>(
        &self,
        fate: &mut impl Fate,
        step: &Step,
        n: u32,
        state: &mut State<N>,
        record: &mut Record,
    ) -> u32 {
        let (u, t) = (step.unit, step.foe);
        if let Some(duel) = state.duel.filter(|d| t < 2 && d[t].target() == step.target) {
            // A challenge: overkill counts, up to +5.
            let w = u32::from(step.target_w);
            let remaining = w - u32::from(state.fighter_damage(t, duel[t]));
            let dealt = fate.duel(step, n, remaining);
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
                let c = fate.strike(step, n, d, 1);
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
                if state.alive[t] == 0 {
                    return 0;
                }
                let c = fate.strike(step, n, state.damage[t], state.alive[t]);
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
                let c = fate.strike(step, n, d, 1);
                state.heroes[t][e] = if c.kills > 0 {
                    record.characters_slain[t] += 1;
                    None
                } else {
                    Some(c.damage)
                };
                c.combat_result_wounds(step.target_w) - u32::from(d)
            }
        }
    }

    /// What each side scores this round. RULES.md Combat resolution: wounds;
    /// the ranks of its unit with the most (a unit fought in the flank or
    /// rear by US 5+ has none); outnumbering by the side's total unit
    /// strength; one standard; high ground; +1 if a unit of US 5+ fights an
    /// enemy's flank, +2 its rear.
    /// Both sides' scores and musicians, in one pass over the units (this
    /// runs every round of every trial).
    fn scores<const N: usize>(&self, state: &State<N>, wounds: &[u32; 2]) -> ([i32; 2], [bool; 2]) {
        let mut strength = [0u32; 2];
        let mut ranks = [0u32; 2];
        let mut standard = [false; 2];
        let mut musician = [false; 2];
        let mut flank = [0u32; 2];
        let mut rear = [0u32; 2];
        for u in (0..N).filter(|&u| state.fights(u)) {
            let f = &self.facts[u];
            let s = f.side;
            let us = state.unit_strength(self, u);
            strength[s] += us;
            // Every model in a rank counts, characters too (RULES.md Combat
            // resolution).
            let models = state.start[u] + state.heroes_at_start[u];
            let bonus = rank_bonus(models, f.frontage, self.disrupted(u, state));
            ranks[s] = ranks[s].max(bonus);
            standard[s] |= f.standard;
            musician[s] |= f.musician;
            // Its front on an enemy's flank or rear, while that enemy fights.
            match f.strikes {
                Some((e, 1)) if state.fights(e) => flank[s] = flank[s].max(flank_bonus(1, us)),
                Some((e, 2)) if state.fights(e) => rear[s] = rear[s].max(flank_bonus(2, us)),
                _ => {}
            }
        }
        let score = |s: usize| {
            Score {
                wounds: wounds[s],
                ranks: ranks[s],
                outnumber: strength[s] > strength[1 - s],
                standard: standard[s],
                high_ground: self.setup.high_ground == Some(s),
                flank: flank[s] + rear[s],
            }
            .total()
        };
        ([score(0), score(1)], musician)
    }

    /// Each of the losing side's units in the fight takes its break test
    /// (RULES.md Break test); those that break flee, and the winners in
    /// contact with them whose every foe broke pursue (RULES.md Fleeing and
    /// pursuit). Returns the units that broke.
    fn break_tests<const N: usize>(
        &self,
        fate: &mut impl Fate,
        l: usize,
        margin: u32,
        state: &mut State<N>,
        frenzy: &mut [bool; N],
        record: &mut Record,
    ) -> [bool; N] {
        let mut broken = [false; N];
        for u in (0..N).filter(|&u| state.fights(u) && self.facts[u].side == l) {
            frenzy[u] = false;
            let unit = &self.setup.units[u];
            // Fear-causing enemies in contact whose total US beats its own.
            let fear_us: u32 = self.foes[u]
                .iter()
                .filter(|&&(e, _)| state.fights(e) && self.setup.units[e].psychology.fear)
                .map(|&(e, _)| state.unit_strength(self, e))
                .sum();
            let by_fear = fear_us > 0
                && !unit.psychology.fearless()
                && fear_us > state.unit_strength(self, u);
            let breaks = match break_test(
                margin,
                state.leadership(self, u),
                unit.psychology.stubborn,
                unit.psychology.unbreakable,
                by_fear,
                unit.battle_standard,
                self.setup.insane_courage,
            ) {
                BreakTest::Holds => false,
                BreakTest::Breaks => true,
                BreakTest::Test(t) => !fate.test(&t),
            };
            broken[u] = breaks;
        }
        if !broken.contains(&true) {
            return broken;
        }
        let pursues = self.pursuers(fate, state, &broken, |_| true);
        for u in (0..N).filter(|&u| broken[u]) {
            let caught = self.caught_by(fate, u, &[], &pursues);
            record.units[u] = if caught {
                UnitEnd::Caught
            } else {
                UnitEnd::Broke
            };
        }
        for u in (0..N).filter(|&u| broken[u]) {
            state.leave(u);
        }
        broken
    }

    /// The winners that pursue when the units in `fled` flee: each unit in
    /// the fight that `may` pursue, whose foes have all fled (or left) and
    /// that fought one of them. A unit that would rather hold back (`pursue
    /// = false`) tests Ld and pursues anyway on a failure; hatred and frenzy
    /// pursue without a test. RULES.md Fleeing and pursuit.
    fn pursuers<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &State<N>,
        fled: &[bool; N],
        may: impl Fn(usize) -> bool,
    ) -> [bool; N] {
        let mut pursues = [false; N];
        for e in (0..N).filter(|&e| state.fights(e) && may(e)) {
            let foes = &self.foes[e];
            let free = foes.iter().all(|&(x, _)| !state.fights(x) || fled[x]);
            if !free || !foes.iter().any(|&(x, _)| fled[x]) {
                continue;
            }
            let unit = &self.setup.units[e];
            pursues[e] = unit.pursue
                || unit.must_pursue()
                || !fate.test(&LeadershipTest::new(state.leadership(self, e)));
        }
        pursues
    }

    /// Whether `u`, fleeing, is caught by the `chargers` that reach it or by
    /// a foe in `pursues`. No allocation: this runs in most trials' last
    /// round.
    #[inline]
    fn caught_by<const N: usize>(
        &self,
        fate: &mut impl Fate,
        u: usize,
        chargers: &[(f64, f64)],
        pursues: &[bool; N],
    ) -> bool {
        let mut pursuers = [&self.flee_rolls[u]; N];
        let mut k = 0;
        for &(e, _) in self.foes[u].iter().filter(|&&(e, _)| pursues[e]) {
            pursuers[k] = &self.flee_rolls[e];
            k += 1;
        }
        (k > 0 || !chargers.is_empty())
            && fate.caught(&self.flee_rolls[u], chargers, &pursuers[..k])
    }

    /// Units with no foe left in the fight leave it (they stand); each
    /// unit's front rank turns to its first foe still fighting. Called after
    /// every change of who is in the fight.
    fn leave_unengaged<const N: usize>(&self, state: &mut State<N>) {
        for u in 0..N {
            if state.fights(u) && !self.foes[u].iter().any(|f| state.fights(f.0)) {
                state.leave(u);
            }
        }
        for u in 0..N {
            state.primary[u] = self.foes[u]
                .iter()
                .find(|f| state.fights(f.0))
                .map_or(NO_FOE, |f| f.0 as u8);
        }
    }

    /// Attacks (or chariots) a step makes now, at its target. Casualties are
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
    /// at rank and file slain earlier in the round are lost.
    // Inlined into the step loop: 7% of a fight on the flagship (measured).
    #[inline(always)]
    fn attacks<const N: usize>(
        &self,
        step: &Step,
        state: &State<N>,
        frenzied: bool,
        round: u32,
    ) -> u32 {
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
        let stepped_back = |i: usize| u < 2 && state.stepped_back[u] == Some(i);
        let total = match step.kind {
            StepKind::RankAndFile => {
                let moment = Moment {
                    round,
                    charging: self.setup.places[u].charging,
                };
                let second = if step.at_front && unit.weapon.fighting_ranks(unit.troop, moment) > 1
                {
                    contact.min(state.start[u].saturating_sub(unit.frontage))
                } else {
                    0
                };
                // [ruling] each casualty removes one model that could strike,
                // front rank or second; never more than stand (RULES.md
                // Order of strikes).
                let standing = state.alive[u] - champion;
                (front + second).saturating_sub(lost).min(standing) * per_model
            }
            StepKind::Champion => champion * per_model,
            StepKind::Mount => (rank_and_file + champion) * per_model,
            StepKind::Character(i) => {
                u32::from(front_rank && state.heroes[u][i].is_some() && !stepped_back(i))
                    * per_model
            }
            StepKind::Impact(_) => rank_and_file + champion,
            StepKind::Shots => state.alive[u] * per_model,
        };
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
                    || matches!(target, Target::Character(e) if state.stepped_back[t] == Some(e)))
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
            let declared = if declares {
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

    /// At the start of a round with no challenge under way, the challenger's
    /// main unit's fighter challenges; the enemy main unit's fighter accepts,
    /// or, refusing, **\[ruling\]** its first character steps back: he does
    /// not fight this round and his Ld may not be used (RULES.md Characters,
    /// champions and challenges). A challenge lasts until a fighter falls; in
    /// the round he falls, neither fighter strikes or is struck by anyone
    /// else. Both main units must be in the fight.
    fn challenge<const N: usize>(&self, state: &mut State<N>) {
        let Some(c) = self.setup.challenger else {
            return;
        };
        if !state.fights(0) || !state.fights(1) {
            state.duel = None;
            return;
        }
        if let Some(d) = state.duel {
            if (0..2).all(|s| state.fighter_standing(s, d[s])) {
                return;
            }
            state.duel = None;
        }
        let (Some(mine), Some(theirs)) = (state.fighter(c), state.fighter(1 - c)) else {
            return;
        };
        if self.setup.refuse_challenge {
            state.stepped_back[1 - c] = state.heroes[1 - c].iter().position(|h| h.is_some());
        } else {
            let mut duel = [mine, theirs];
            if c == 1 {
                duel.swap(0, 1);
            }
            state.duel = Some(duel);
        }
    }

    /// The charge turn; `Some(end)` if the fight ends there. The charging
    /// side charges the enemy's main unit.
    fn charge<const N: usize>(
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
