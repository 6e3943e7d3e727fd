//! The three realisations of a fight's [`Fate`].
//!
//! * [`DiceFate`]: every die rolled: each attack through
//!   [`crate::rules::attack::AttackChain::resolve`], each test, flee and
//!   pursuit roll through its [`Roll`].
//! * [`FastFate`]: a strike step is one alias-table draw from its exact
//!   casualty distribution (tables per step, number of attacks and wounds
//!   already on the wounded model, built once per scenario); tests, flees
//!   and pursuits roll their whole dice with table sampling.
//! * the exact fate ([`super::exact`]): every choice of the fight offered
//!   with its exact probability (`exact::tree::enumerate_choices`).
//!
//! All three apply the same rule functions to what they draw.

use super::fight::{Combat, Fate, Step, StepKind, Strikes};
use super::one_save::{duel_saving_pmf, SavingTables};
use crate::dice::source::PreparedRoll;
use crate::dice::{DiceSource, Roll};
use crate::exact::attacks::{chain_odds, CasualtyPmf};
use crate::exact::Pmf;
use crate::rules::attack::Damage;
use crate::rules::casualties::{overkill, Casualties, OVERKILL_CAP};
use crate::rules::leadership::LeadershipTest;
use crate::rules::movement::{charge_catches, pursuit_catches, Flight};
use crate::sim::alias::AliasTable;
use crate::sim::strike::StrikeTable;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Prepared rolls a fight may need, found by their dice and reading.
#[derive(Clone, Debug, Default)]
pub struct Rolls(Vec<PreparedRoll>);

impl Rolls {
    /// The rolls `combat` uses: the D6 (each die of the dice engine's
    /// attacks, roll-offs), 2D6 tests, both units' flee dice, the dice of
    /// every step with dice (impact hits, random attacks) for every number
    /// of models that can roll them, 3D6 less the highest for cold-blooded
    /// tests.
    pub fn for_combat(combat: &Combat) -> Self {
        let mut rolls = Rolls::default();
        rolls.add(Roll::sum(1));
        rolls.add(LeadershipTest::new(7).roll());
        for u in 0..combat.setup.units.len() {
            rolls.add(combat.flight(u).roll);
            rolls.add(combat.pursuit(u).roll);
            if let Some(roll) = combat.setup.units[u].move_roll() {
                rolls.add(roll);
            }
        }
        for step in &combat.steps {
            let Some(dice) = step.dice.map(|d| d.dice) else {
                continue;
            };
            for r in
                (1..=max_rolling(combat, step).min(dice.most_models())).filter_map(|n| dice.roll(n))
            {
                rolls.add(r);
            }
        }
        // Last, and only when needed: the other rolls' look-ups stay as short.
        let setup = &combat.setup;
        let three_dice =
            |p: &crate::rules::special::Psychology| p.cold_blooded || p.panic_on_three_dice;
        if setup.units.iter().any(|u| u.or_its_characters(three_dice))
            || setup.friends.iter().any(|f| f.cold_blooded)
        {
            rolls.add(LeadershipTest::on(7, true).roll());
        }
        rolls
    }

    /// These rolls, prepared once.
    pub fn of(rolls: impl IntoIterator<Item = Roll>) -> Self {
        let mut prepared = Rolls::default();
        rolls.into_iter().for_each(|r| prepared.add(r));
        prepared
    }

    fn add(&mut self, roll: Roll) {
        if self.find(&roll).is_none() {
            self.0.push(PreparedRoll::new(roll));
        }
    }

    fn find(&self, roll: &Roll) -> Option<&PreparedRoll> {
        self.0.iter().find(|p| p.roll.same_as(roll))
    }

    /// One draw of `roll` from `dice` (preparing it if it is new: the same
    /// draw, but a table built per roll; debug builds, the tests', refuse
    /// it so a roll left out of [`Rolls::for_combat`] is found, as the D6
    /// once was, 35 million tables in one test).
    pub fn roll(&self, dice: &mut impl DiceSource, roll: &Roll) -> u8 {
        match self.find(roll) {
            Some(p) => dice.roll(p),
            None => {
                debug_assert!(false, "{roll:?} was not prepared");
                dice.roll(&PreparedRoll::new(*roll))
            }
        }
    }
}

/// Tests, flees, pursuits and roll-offs by rolling their dice, shared by the
/// two Monte Carlo fates (and the battle line's).
pub fn roll_test(rolls: &Rolls, dice: &mut impl DiceSource, test: &LeadershipTest) -> bool {
    let roll = test.roll();
    test.take(|| rolls.roll(dice, &roll))
}

/// Every pursuer rolls (no short cut), so a stream's use does not depend on
/// who caught first.
fn roll_caught(
    rolls: &Rolls,
    dice: &mut impl DiceSource,
    flee: &Flight,
    chargers: &[(f64, f64)],
    pursuers: &[&Flight],
) -> bool {
    let f = flee.distance(rolls.roll(dice, &flee.roll));
    let by_charge = chargers
        .iter()
        .any(|&(distance, range)| charge_catches(distance, f, range));
    pursuers.iter().fold(by_charge, |caught, p| {
        pursuit_catches(p.distance(rolls.roll(dice, &p.roll)), f) | caught
    })
}

/// The animosity test's D6 and, after a 1, the table's.
fn roll_animosity(rolls: &Rolls, dice: &mut impl DiceSource, quelled: bool) -> bool {
    let d6 = Roll::sum(1);
    let mut test = rolls.roll(dice, &d6);
    if crate::rules::animosity::rolls_again(quelled, test) {
        test = rolls.roll(dice, &d6);
    }
    test == 1 && crate::rules::animosity::stops_charge(test, rolls.roll(dice, &d6))
}

fn roll_off(rolls: &Rolls, dice: &mut impl DiceSource) -> bool {
    // Each side rolls a D6, ties roll again.
    let d6 = Roll::sum(1);
    loop {
        let (a, b) = (rolls.roll(dice, &d6), rolls.roll(dice, &d6));
        if a != b {
            return a > b;
        }
    }
}

/// Dice-level fate: every attack rolled die by die.
pub struct DiceFate<'a, S> {
    /// The dice, owned while a kernel runs.
    pub dice: S,
    rolls: &'a Rolls,
}

impl<'a, S: DiceSource> DiceFate<'a, S> {
    /// A fate rolling from `dice`, with the fight's prepared `rolls`.
    pub fn new(dice: S, rolls: &'a Rolls) -> Self {
        DiceFate { dice, rolls }
    }
}

impl<S: DiceSource> DiceFate<'_, S> {
    /// The attacks strikes `n` of `step` make: their dice rolled, their
    /// fixed attacks added ([`Step::count`]).
    fn attacks(&mut self, step: &Step, n: Strikes) -> u32 {
        let count = step.count(n);
        let rolled = count
            .roll
            .map_or(0, |r| u32::from(self.rolls.roll(&mut self.dice, &r)));
        count.fixed + rolled
    }
}

impl<S: DiceSource> Fate for DiceFate<'_, S> {
    fn strike(&mut self, step: &Step, n: Strikes, damage: u8, cap: u32) -> Casualties {
        let attacks = self.attacks(step, n);
        let w = step.target_w;
        let d6 = Roll::sum(1);
        let mut c = Casualties { kills: 0, damage };
        for _ in 0..attacks {
            let (rolls, dice) = (self.rolls, &mut self.dice);
            let r = step.chain.resolve(&mut || rolls.roll(dice, &d6));
            c = c.apply(r.damage, w, Some(cap));
        }
        c
    }
    fn test(&mut self, test: &LeadershipTest) -> bool {
        roll_test(self.rolls, &mut self.dice, test)
    }
    fn caught(&mut self, flee: &Flight, chargers: &[(f64, f64)], pursuers: &[&Flight]) -> bool {
        roll_caught(self.rolls, &mut self.dice, flee, chargers, pursuers)
    }
    fn roll_off(&mut self) -> bool {
        roll_off(self.rolls, &mut self.dice)
    }
    fn random_move(&mut self, roll: &Roll) -> u8 {
        self.rolls.roll(&mut self.dice, roll)
    }
    fn roll(&mut self, roll: &Roll) -> u8 {
        self.rolls.roll(&mut self.dice, roll)
    }
    fn animosity(&mut self, quelled: bool) -> bool {
        roll_animosity(self.rolls, &mut self.dice, quelled)
    }
    fn duel(&mut self, step: &Step, n: Strikes, remaining: u32) -> u32 {
        let d6 = Roll::sum(1);
        let mut dealt = 0;
        for _ in 0..self.attacks(step, n) {
            let (rolls, dice) = (self.rolls, &mut self.dice);
            dealt = overkill(
                dealt,
                step.chain.resolve(&mut || rolls.roll(dice, &d6)).damage,
                remaining,
            );
        }
        dealt
    }
    fn strike_saving(
        &mut self,
        step: &Step,
        n: Strikes,
        damage: u8,
        cap: u32,
    ) -> (Casualties, bool) {
        let attacks = self.attacks(step, n);
        let (w, d6) = (step.target_w, Roll::sum(1));
        let (mut c, mut held) = (Casualties { kills: 0, damage }, true);
        for _ in 0..attacks {
            let (rolls, dice) = (self.rolls, &mut self.dice);
            let r = (step.chain).resolve_saving(&mut || rolls.roll(dice, &d6), &mut held);
            c = c.apply(r.damage, w, Some(cap));
        }
        (c, !held)
    }
    fn duel_saving(&mut self, step: &Step, n: Strikes, remaining: u32) -> (u32, bool) {
        let d6 = Roll::sum(1);
        let (mut dealt, mut held) = (0, true);
        for _ in 0..self.attacks(step, n) {
            let (rolls, dice) = (self.rolls, &mut self.dice);
            let r = (step.chain).resolve_saving(&mut || rolls.roll(dice, &d6), &mut held);
            dealt = overkill(dealt, r.damage, remaining);
        }
        (dealt, !held)
    }
}

/// What one attack of a step does, with its probability.
pub(super) type DamageOdds = Vec<(Damage, f64)>;

/// Each step's per-attack damage odds, indexed by step id: the chain is
/// enumerated once per step, not once per table or enumeration path.
pub(super) fn step_odds(combat: &Combat) -> Vec<DamageOdds> {
    combat
        .steps
        .iter()
        .map(|s| chain_odds(&s.chain).damage)
        .collect()
}

/// The exact casualty distribution of strikes `n` of `step`, each attack
/// with damage odds `odds`, at a unit whose wounded model has `damage`
/// wounds and `models` models stand: states `kills * W + damage`, kills at
/// most `models`.
pub(super) fn strike_pmf(
    odds: &[(Damage, f64)],
    step: &Step,
    n: Strikes,
    damage: u8,
    models: u32,
) -> CasualtyPmf {
    CasualtyPmf::start(step.target_w, Some(models), damage).after(odds, &strike_count(step, n))
}

/// The number of attacks strikes `n` of `step` make ([`Step::count`]).
pub(super) fn strike_count(step: &Step, n: Strikes) -> Pmf {
    step.count(n).pmf()
}

/// The exact distribution of the wounds strikes `n` of `step`, each attack
/// with damage odds `odds`, deal in a challenge to a fighter with
/// `remaining` Wounds (index: wounds dealt, 0..=remaining + 5): by dynamic
/// programming over [`crate::rules::casualties::overkill`], an attack at a
/// time, summed over the number of attacks.
pub(super) fn duel_pmf(
    odds: &[(Damage, f64)],
    step: &Step,
    n: Strikes,
    remaining: u32,
) -> Vec<f64> {
    let cap = (remaining + crate::rules::casualties::OVERKILL_CAP) as usize;
    let count = strike_count(step, n);
    let mut p = vec![0.0; cap + 1];
    p[0] = 1.0;
    let mut dealt_pmf = vec![0.0; cap + 1];
    for k in 0..=count.max().max(0) {
        let q = count.p_eq(k);
        if q > 0.0 {
            dealt_pmf.iter_mut().zip(&p).for_each(|(d, x)| *d += q * x);
        }
        let mut next = vec![0.0; cap + 1];
        for (dealt, &q) in p.iter().enumerate().filter(|(_, &q)| q > 0.0) {
            for &(d, r) in odds {
                next[overkill(dealt as u32, d, remaining) as usize] += q * r;
            }
        }
        p = next;
    }
    dealt_pmf
}

/// A strike's exact outcomes: probabilities and the states they lead to.
pub(super) type Outcomes = (Vec<f64>, Vec<Casualties>);

/// The tables of strikes `n` of `step` at its target (kills up to the
/// target's models).
fn strike_table(odds: &[(Damage, f64)], step: &Step, n: Strikes) -> StrikeTable {
    StrikeTable::new(
        odds,
        &strike_count(step, n),
        step.target_w,
        Some(step.target_models),
    )
}

/// Alias tables of every strike step for each of its strikes (by
/// [`Step::slot`]), one per
/// wounds already on the wounded model. Each is built the first time a
/// trial needs it (by whichever thread comes first; the table is the same):
/// a fight uses a few attack counts, and building all of a 500-model unit's
/// thousands up front took seconds.
#[derive(Clone, Debug)]
pub struct StrikeTables {
    /// [step][slot].
    tables: Vec<Vec<OnceLock<StrikeTable>>>,
    /// Each step's per-attack damage odds.
    odds: Vec<DamageOdds>,
    /// The tables of steps whose foe re-rolls one failed armour save a
    /// turn (RULES.md Saves, One failed save a turn).
    saving: SavingTables,
}

impl StrikeTables {
    /// Empty tables for every strike step of `combat`, built on first use.
    pub fn new(combat: &Combat) -> Self {
        let tables = combat
            .steps
            .iter()
            .map(|step| {
                (0..=max_slot(combat, step))
                    .map(|_| OnceLock::new())
                    .collect()
            })
            .collect();
        StrikeTables {
            tables,
            odds: step_odds(combat),
            saving: SavingTables::new(combat, |s| max_slot(combat, s)),
        }
    }

    /// How many (step, attacks) tables have been built so far.
    pub fn built(&self) -> usize {
        self.tables
            .iter()
            .flatten()
            .filter(|t| t.get().is_some())
            .count()
    }

    /// One draw from the table of strikes `n` of `step` at a wounded model
    /// with `damage` wounds, by the 64-bit `word`. The hot path reads a
    /// built table; building is out of line (inlined, its registers cost
    /// every draw: callgrind).
    #[inline]
    fn draw(&self, step: &Step, n: Strikes, damage: u8, word: u64) -> Casualties {
        let before = Casualties { kills: 0, damage };
        match self.tables[step.id]
            .get(step.slot(n))
            .and_then(OnceLock::get)
        {
            Some(table) => table.after(before, word),
            None => self.build_and_draw(step, n, before, word),
        }
    }

    /// [`StrikeTables::draw`] the first time strikes `n` of `step` strike.
    #[cold]
    #[inline(never)]
    fn build_and_draw(&self, step: &Step, n: Strikes, before: Casualties, word: u64) -> Casualties {
        let odds = &self.odds[step.id];
        match self.tables[step.id].get(step.slot(n)) {
            Some(slot) => slot
                .get_or_init(|| strike_table(odds, step, n))
                .after(before, word),
            // Past the most attacks the step can make (not expected).
            None => strike_table(odds, step, n).after(before, word),
        }
    }
}

/// The most models of a step that strike at once: every model that can be
/// in contact (a front or a flank, +2 at the corners), a second rank; its
/// champion or character alone; all its models for shots.
fn max_rolling(combat: &Combat, step: &Step) -> u32 {
    let unit = &combat.setup.units[step.unit];
    let ranks = unit.models.div_ceil(unit.frontage);
    let wide = match unit.skirmishers {
        true => unit.models,
        false => unit.frontage.max(ranks) + 2,
    };
    let contact = unit.in_contact.unwrap_or(wide).min(unit.models);
    match step.kind {
        StepKind::Impact => contact,
        StepKind::Champion
        | StepKind::ChampionShots
        | StepKind::Character(_)
        | StepKind::BullCharge {
            character: Some(_), ..
        } => 1,
        StepKind::Shots => unit.models,
        _ => (2 * contact).min(unit.models),
    }
}

/// The most [`Step::slot`] of a step: its models striking at once, times
/// its most attacks per model (for a step with dice: two slots a model,
/// without and with frenzy). [`FastFate`] builds a table on the spot past
/// it.
fn max_slot(combat: &Combat, step: &Step) -> usize {
    let models = max_rolling(combat, step) as usize;
    match step.dice {
        Some(_) => 2 * models + 1,
        None => models * step.per_model[0].max(step.per_model[1]) as usize,
    }
}

/// Fast fate: strike steps from alias tables, other rolls table-sampled.
pub struct FastFate<'a, S> {
    /// The dice, owned while a kernel runs.
    pub dice: S,
    rolls: &'a Rolls,
    tables: &'a StrikeTables,
    /// Challenge tables, built when first needed: (step, slot, remaining).
    duels: HashMap<(usize, usize, u32), AliasTable>,
    /// Those at a fighter holding his one re-roll of a failed armour save
    /// ([`super::one_save::duel_saving_pmf`]'s outcomes).
    saving_duels: HashMap<(usize, usize, u32), AliasTable>,
}

impl<'a, S: DiceSource> FastFate<'a, S> {
    /// A fate drawing from `dice`, with the fight's prepared `rolls` and strike `tables`.
    pub fn new(dice: S, rolls: &'a Rolls, tables: &'a StrikeTables) -> Self {
        FastFate {
            dice,
            rolls,
            tables,
            duels: HashMap::new(),
            saving_duels: HashMap::new(),
        }
    }
}

impl<S: DiceSource> Fate for FastFate<'_, S> {
    fn strike(&mut self, step: &Step, n: Strikes, damage: u8, cap: u32) -> Casualties {
        self.tables
            .draw(step, n, damage, self.dice.next_u64())
            .capped(cap)
    }
    fn test(&mut self, test: &LeadershipTest) -> bool {
        roll_test(self.rolls, &mut self.dice, test)
    }
    fn caught(&mut self, flee: &Flight, chargers: &[(f64, f64)], pursuers: &[&Flight]) -> bool {
        roll_caught(self.rolls, &mut self.dice, flee, chargers, pursuers)
    }
    fn roll_off(&mut self) -> bool {
        self.dice.next_u64() >> 63 == 1
    }
    fn random_move(&mut self, roll: &Roll) -> u8 {
        self.rolls.roll(&mut self.dice, roll)
    }
    fn roll(&mut self, roll: &Roll) -> u8 {
        self.rolls.roll(&mut self.dice, roll)
    }
    fn animosity(&mut self, quelled: bool) -> bool {
        roll_animosity(self.rolls, &mut self.dice, quelled)
    }
    fn duel(&mut self, step: &Step, n: Strikes, remaining: u32) -> u32 {
        let table = self
            .duels
            .entry((step.id, step.slot(n), remaining))
            .or_insert_with(|| {
                AliasTable::new(&duel_pmf(&self.tables.odds[step.id], step, n, remaining))
            });
        table.sample(self.dice.next_u64()) as u32
    }
    fn strike_saving(
        &mut self,
        step: &Step,
        n: Strikes,
        damage: u8,
        cap: u32,
    ) -> (Casualties, bool) {
        let tables = self.tables;
        let odds = (step, &tables.odds[step.id]);
        let (c, spent) = (tables.saving).draw(odds, n, damage, self.dice.next_u64());
        (c.capped(cap), spent)
    }
    fn duel_saving(&mut self, step: &Step, n: Strikes, remaining: u32) -> (u32, bool) {
        let tables = self.tables;
        let table = (self.saving_duels)
            .entry((step.id, step.slot(n), remaining))
            .or_insert_with(|| {
                let odds = (tables.saving.saving(step), tables.odds[step.id].as_slice());
                AliasTable::new(&duel_saving_pmf(odds, step, n, remaining))
            });
        let i = table.sample(self.dice.next_u64()) as u32;
        let len = remaining + OVERKILL_CAP + 1;
        (i % len, i >= len)
    }
}
