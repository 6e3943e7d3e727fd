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
//!    a charge out of range fails; a target that got away may turn the
//!    charge on the scenario's redirect target, once.
//! 2. Rounds: strike steps by band, Initiative, last round's winner and a
//!    roll-off; casualties are removed before they strike back; combat
//!    resolution by side; each losing unit's break test; flee and pursuit.
//!
//! One file per phase: `setup.rs` (units, places, contacts, models in
//! contact), `step.rs` (strike steps and their order), `state.rs`,
//! `fate.rs`, `charge.rs` (the charge turn), `redirect.rs` (a redirected
//! charge), `strikes.rs` (a round's
//! blows), `challenge.rs`, `resolution.rs` (combat result, break tests,
//! pursuit), `giant.rs` (a Giant's turn on its table, its fall), `end.rs`
//! (how a fight ended); this file plays the rounds.

use super::unit::MAX_CHARACTERS;
use crate::rules::movement::Flight;

mod challenge;
mod charge;
mod end;
mod fate;
mod giant;
mod panic;
mod prepare;
mod redirect;
mod resolution;
mod setup;
mod state;
mod step;
mod strikes;
mod volley;

pub use end::{End, Record, RoundRecord, UnitEnd};
pub use fate::Fate;
pub(crate) use resolution::Settled;
pub use setup::{Contact, Place, Redirect, Setup, StartOfTurn};
pub(crate) use state::State;
use state::NO_FOE;
pub use step::{Fighter, Step, StepDice, StepKind, Strikes, Target};
pub use strikes::RanksBehind;

/// The most rounds a fight may last.
pub const MAX_ROUNDS: u32 = 50;

/// The most units in one fight, both sides together.
pub const MAX_UNITS: usize = 4;

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
    /// The charged unit's stand-and-shoot steps.
    shots: Option<volley::Volley>,
    /// The redirect target's stand-and-shoot steps, and the main charger's
    /// range to it.
    redirect_shots: Option<volley::Volley>,
    redirect_range: f64,
    /// Strike orders for each choice of step sets, one per unit
    /// (index: sum of set x 3^unit).
    orders: Vec<StrikeOrder>,
    /// Each unit's foes, those it fights with its front first: (foe,
    /// contact index).
    foes: [Foes; MAX_UNITS],
    /// Units charging this turn.
    chargers: Vec<usize>,
    /// Some charger has a start-of-turn test to take.
    starts_of_turn: bool,
    /// Each unit's charge range (a random mover's: see `move_rolls`).
    ranges: Vec<f64>,
    /// Each random mover's roll for its move (RULES.md Charges).
    move_rolls: Vec<Option<crate::dice::Roll>>,
    /// Each unit's flee: its dice, less a resolute's inch.
    flights: Vec<Flight>,
    /// Each unit's pursuit (RULES.md Fleeing and pursuit).
    pursuits: Vec<Flight>,
    /// The orders key of rounds after the first (every unit's later set).
    later: usize,
    /// What the per-round rules read of each unit (absent units: default).
    facts: [Facts; MAX_UNITS],
    /// Each side's units, as bits of [`State::in_fight`].
    side_units: [u8; 2],
    /// The unit each side's General is with (`general = true`), if in the
    /// fight.
    generals: [Option<usize>; 2],
    /// [`Combat::wounds_past_any_test`].
    wounds_cap: u32,
    /// The steps each Giant's table plays through (RULES.md Giants).
    giants: Vec<giant::GiantSteps>,
    /// Every step strikes plainly: no Giant's table, every wound counted
    /// once for combat resolution (the rounds' blows need look for
    /// neither).
    plain_blows: bool,
    /// No unit has other kinds of model (`Facts::others`): its models in
    /// contact are its rank and file's alone.
    plain_contacts: bool,
}

/// What the per-round rules read of a unit, kept in a fixed array: combat
/// resolution runs every round of every trial.
#[derive(Clone, Copy, Debug, Default)]
struct Facts {
    side: usize,
    frontage: u32,
    /// A standard: its own, or the battle standard its own model carries.
    standard: bool,
    musician: bool,
    /// Its own rules' addition to its side's combat result.
    combat_resolution: u32,
    /// It, or a character in it, carries the Banner of the Swarm: its
    /// side's outnumbering is worth +2 while it fights.
    doubles_outnumbering: bool,
    /// It, or a character in it, doubles its rank bonus (Coils of Sotek,
    /// the Griffon Standard).
    doubles_ranks: bool,
    /// It, or a character in it, denies its enemies the outnumbering
    /// bonus while it fights (the Virtue of Discipline).
    denies_outnumbering: bool,
    /// Some character of it adds to the combat result or carries the
    /// battle standard (only then are they looked at, every round).
    heroes_count: bool,
    /// It or a character adds to the combat result or carries the battle
    /// standard: `combat_resolution` or `heroes_count`.
    adds: bool,
    /// It skirmishes: no rank bonus, disrupts no ranks.
    skirmishers: bool,
    /// Raiders: skirmishers with a rank bonus of up to +2.
    raiders: bool,
    /// No rank bonus: skirmishers and fast cavalry (RULES.md Combat
    /// resolution).
    no_ranks: bool,
    /// Fought in a flank or rear by some contact.
    flankable: bool,
    /// The enemies its front strikes and each face's bonus: front 0, flank
    /// 1, rear 2. A main charger has a second once it may redirect: it
    /// fights the two one after the other.
    strikes: [Option<(usize, u32)>; 2],
    /// Out of the fight until the charge is redirected at it.
    waits: bool,
    /// How each unit of the fight frightens it.
    frights: [state::Fright; MAX_UNITS],
    /// Some unit of the fight frightens it (a break test looks for them
    /// only then).
    frightened: bool,
    /// It or a character of it has a rule that reaches the whole unit
    /// while he stands (`State::with_unit_rule` looks only then).
    unit_rules: bool,
    /// Enemies carrying an Aura of Slaanesh (it or a character of it),
    /// one bit each: in contact with one, it tests on 1 Ld less.
    auras: u8,
    /// Enemies carrying Whispers in the Darkness (it or a character of
    /// it), one bit each: while one fights and stands, it tests on 1 Ld
    /// less, and rallies on 1 less while one has not fallen.
    whispers: u8,
    /// Unit strength per model, then its characters'.
    strengths: [u32; MAX_CHARACTERS + 1],
    /// The places in its ranks each character fills.
    places: [u32; MAX_CHARACTERS],
    /// Its other kinds of model (characters' bodies that are no
    /// characters: a pack's Packmasters, Felix beside Gotrek), one bit
    /// each.
    others: u32,
    /// At the start: models, champion, characters, the first foe.
    models: u32,
    champion: bool,
    /// Its champion has a body of his own: the rank and file's blows and
    /// casualties leave him out (RULES.md Characters, champions and
    /// challenges).
    champion_apart: bool,
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
    /// Unit `u`'s flee (and pursuit).
    pub fn flight(&self, u: usize) -> &Flight {
        &self.flights[u]
    }

    /// Unit `u`'s pursuit: its flee's dice, or one D6 more (Bloodgreed).
    pub fn pursuit(&self, u: usize) -> &Flight {
        &self.pursuits[u]
    }

    /// A difference in wounds caused in a round past which the rest of the
    /// round's result changes nothing: the other scores differ by at most
    /// 9 (3 ranks, outnumbering, standard, high ground, a flank's 1 and a
    /// rear's 2) and what the units' own rules add, and a loser by 11 or
    /// more fails on any Ld (never above 10; a double 1 under insane
    /// courage passes whatever the margin); an Undead loser crumbles one
    /// wound a point, at most all it has (RULES.md Combat resolution,
    /// Break test, Undead). The exact chain merges states past it.
    pub fn wounds_past_any_test(&self) -> u32 {
        self.wounds_cap
    }

    /// The same fight with a cap of `rounds` rounds.
    pub fn with_rounds(&self, rounds: u32) -> Combat {
        let mut c = self.clone();
        c.setup.rounds = rounds;
        c
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
        record.friends_tested = 0;
        record.friends_fled = 0;
        record.friends_next_turn = 0;
        record.rally_ld = [0; MAX_UNITS];
        record.redirected = false;
        match self.setup.units.len() {
            2 => self.play::<2>(fate, record),
            3 => self.play::<3>(fate, record),
            _ => self.play::<4>(fate, record),
        }
    }

    /// [`Combat::fight_into`] for a fight of `N` units.
    fn play<const N: usize>(&self, fate: &mut impl Fate, record: &mut Record) {
        let mut state = self.start_state::<N>();
        if let Some(end) = self.opening(fate, &mut state, record) {
            record.end = end;
            return;
        }
        for round in 1..=self.setup.rounds {
            if let Some(end) = self.next_round(fate, round, &mut state, record) {
                record.end = end;
                return;
            }
        }
        self.after_fight(&state, record);
    }

    /// What follows the fight's end, with `state` as it left the units:
    /// the friends' tests at their next start of turn.
    pub(crate) fn after_fight<const N: usize>(&self, state: &State<N>, record: &mut Record) {
        if !self.setup.friends.is_empty() {
            self.friends_at_next_turn(state, record);
        }
    }

    /// The state before the charge, for a fight of `N` units.
    pub(crate) fn start_state<const N: usize>(&self) -> State<N> {
        State::new(&self.facts, self.setup.last_round_winner)
    }

    /// The charge turn and the friends' tests after it; then frenzy for the
    /// rounds. How the fight ended, if it did there.
    pub(crate) fn opening<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &mut State<N>,
        record: &mut Record,
    ) -> Option<End> {
        let before = record.units;
        let charged = self.charge(fate, state, record);
        self.rally_without_general(&before, state, record);
        if !self.setup.friends.is_empty() {
            self.friends_after_charge(fate, record);
        }
        if charged.is_some() {
            self.after_fight(state, record);
            return charged;
        }
        for (f, unit) in state.frenzy.iter_mut().zip(&self.setup.units) {
            *f = unit.rules.frenzy;
        }
        None
    }

    /// Round `round` and the friends' tests after it. How the fight ended,
    /// if it did. In phases, as the exact chain plays them one at a time:
    /// [`Combat::round_start`], a [`Combat::blow`] for each step of its
    /// strike order, [`Combat::round_end`].
    pub(crate) fn next_round<const N: usize>(
        &self,
        fate: &mut impl Fate,
        round: u32,
        state: &mut State<N>,
        record: &mut Record,
    ) -> Option<End> {
        let order = self.round_start(fate, round, state);
        let mut wounds = [0u32; 2];
        // Two loops: a fight without a Giant or a Beastslayer keeps its
        // blows as they were.
        if self.plain_blows {
            for &id in self.steps_in_order(order) {
                self.blow::<N, true>(fate, id, round, state, record, &mut wounds);
            }
        } else {
            for &id in self.steps_in_order(order) {
                self.blow::<N, false>(fate, id, round, state, record, &mut wounds);
            }
        }
        self.round_end(fate, round, state, record, wounds)
    }

    /// A round's start: what it measures, the challenge, and the strike
    /// order it follows: the order's key (round 1's step sets follow fear
    /// tests failed on the charge) and the side first in ties between the
    /// sides (last round's winner, else a roll-off).
    pub(crate) fn round_start<const N: usize>(
        &self,
        fate: &mut impl Fate,
        round: u32,
        state: &mut State<N>,
    ) -> (usize, usize) {
        state.begin_round();
        self.measure_contacts(state);
        state.lost = [[0; N]; N];
        state.stepped_back = [None; 2];
        self.challenge(state);
        let key = if round == 1 {
            (0..N)
                .map(|u| {
                    let set = match state.scared[u] {
                        true => StepSet::FirstScared,
                        false => StepSet::First,
                    };
                    set as usize * 3usize.pow(u as u32)
                })
                .sum()
        } else {
            self.later
        };
        let first = match (self.orders[key].2, state.last_winner) {
            (false, _) => 0,
            (true, Some(w)) => usize::from(w),
            (true, None) => usize::from(!fate.roll_off()),
        };
        (key, first)
    }

    /// The step ids of strike order `(key, first)` ([`Combat::round_start`]).
    pub(crate) fn steps_in_order(&self, (key, first): (usize, usize)) -> &[usize] {
        let (first_0, first_1, _) = &self.orders[key];
        if first == 0 {
            first_0
        } else {
            first_1
        }
    }

    /// `state` as round `next` finds it ([`State::between_rounds`]), and
    /// with no last winner where round `next`'s strike order has no ties
    /// between the sides for it to break: states that differ only in it
    /// merge.
    pub(crate) fn between_rounds<const N: usize>(&self, state: State<N>, next: u32) -> State<N> {
        let mut state = state.between_rounds(next);
        if next > 1 && !self.orders[self.later].2 {
            state.last_winner = None;
        }
        state
    }

    /// The unit that strikes in step `id`.
    pub(crate) fn striker(&self, id: usize) -> usize {
        self.steps[id].unit
    }

    /// The attacks strike step `id` makes in `state`: none unless its unit
    /// and foe still fight and stand ([`Combat::blow`]).
    #[inline(always)]
    pub(crate) fn attacks_now<const N: usize>(&self, id: usize, state: &State<N>) -> u32 {
        let step = &self.steps[id];
        let (u, e) = (step.unit, step.foe);
        let engaged = state.fights(u) && state.fights(e);
        if !engaged || !state.standing(u) || !state.standing(e) {
            return 0;
        }
        self.attacks(step, state, state.frenzy[u])
    }

    /// Whether strike steps `a` and `b` strike alike: one unit's attacks
    /// at one foe's rank and file, at the same moment, each attack the
    /// same, none rolled, their wounds counting alike for combat
    /// resolution (a unit's rank and file and its champion). Their
    /// attacks struck together fare as struck one after the other: each kills
    /// what is left of the rank and file, wound by wound.
    pub(crate) fn strike_alike(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.steps[a], &self.steps[b]);
        let plain = |s: &Step| {
            s.dice.is_none()
                && !matches!(
                    s.kind,
                    StepKind::Impact | StepKind::Shots | StepKind::ChampionShots | StepKind::Giant
                )
        };
        plain(x)
            && plain(y)
            && x.target == Target::RankAndFile
            && y.target == Target::RankAndFile
            && (x.unit, x.foe, x.at_front, x.target_w) == (y.unit, y.foe, y.at_front, y.target_w)
            && (x.band, x.initiative, x.chain) == (y.band, y.initiative, y.chain)
            && x.resolution_wounds == y.resolution_wounds
    }

    /// `n` strikes of step `id` as its [`Step::per_model`] counts them
    /// (its own, or with those of steps striking alike,
    /// [`Combat::strike_alike`]): the wounds they cause count for its side.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn blow_with<const N: usize>(
        &self,
        fate: &mut impl Fate,
        (id, round): (usize, u32),
        n: u32,
        state: &mut State<N>,
        record: &mut Record,
        wounds: &mut [u32; 2],
    ) {
        let step = &self.steps[id];
        if step.kind == StepKind::Giant {
            return self.giant_blow(fate, id, round, state, record, wounds);
        }
        let strikes = Strikes {
            n,
            frenzied: state.frenzy[step.unit],
        };
        let caused = self.strike(fate, step, strikes, state, record);
        wounds[step.side] += step.counted(caused);
    }

    /// One strike step `id` of round `round`, if its unit and foe still
    /// fight and stand and it has attacks: the wounds it causes count for
    /// its side. `PLAIN`: [`Combat::plain_blows`]; else a Giant's table
    /// step plays its table (RULES.md Giants) and a step's wounds count as
    /// [`Step::counted`] says.
    #[inline(always)]
    pub(crate) fn blow<const N: usize, const PLAIN: bool>(
        &self,
        fate: &mut impl Fate,
        id: usize,
        round: u32,
        state: &mut State<N>,
        record: &mut Record,
        wounds: &mut [u32; 2],
    ) {
        let step = &self.steps[id];
        let (u, e) = (step.unit, step.foe);
        let engaged = state.fights(u) && state.fights(e);
        if !engaged || !state.standing(u) || !state.standing(e) {
            return;
        }
        let frenzied = state.frenzy[u];
        let n = self.attacks(step, state, frenzied);
        if !PLAIN && n > 0 && step.kind == StepKind::Giant {
            self.giant_blow(fate, id, round, state, record, wounds);
        } else if n > 0 {
            let strikes = Strikes { n, frenzied };
            let caused = self.strike(fate, step, strikes, state, record);
            wounds[step.side] += match PLAIN {
                true => caused,
                false => step.counted(caused),
            };
        }
    }

    /// A round's end, after its blows (`wounds` by side): the units wiped
    /// out, combat resolution, the losers' break tests, fellows' and
    /// friends' panic. Returns how the fight ended, if it did.
    pub(crate) fn round_end<const N: usize>(
        &self,
        fate: &mut impl Fate,
        round: u32,
        state: &mut State<N>,
        record: &mut Record,
        wounds: [u32; 2],
    ) -> Option<End> {
        let settled = self.settle(state, record, wounds);
        self.round_end_settled(fate, round, state, record, settled)
    }

    /// [`Combat::round_end`] from its result settled ([`Combat::settle`]):
    /// everything that rolls. The exact chain settles a state once and
    /// plays only this path by path.
    pub(crate) fn round_end_settled<const N: usize>(
        &self,
        fate: &mut impl Fate,
        round: u32,
        state: &mut State<N>,
        record: &mut Record,
        settled: Settled<N>,
    ) -> Option<End> {
        let ended = self.resolve(fate, round, state, record, settled);
        self.rally_without_general(&settled.before, state, record);
        if !self.setup.friends.is_empty() {
            self.friends_after_round(fate, &settled.before, record);
        }
        if ended.is_some() {
            self.after_fight(state, record);
        }
        ended
    }
}

/// The side that lost a round, and by how much.
#[derive(Clone, Copy, Debug)]
pub(super) struct Loss {
    pub(super) side: usize,
    pub(super) margin: u32,
    /// The round lost (1 the combat's first).
    pub(super) round: u32,
}
