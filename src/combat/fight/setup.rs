//! A fight's set-up: its units, where they stand and who touches whom,
//! prepared once into the facts every round reads; models in contact each
//! round. RULES.md Charges, Combat resolution; seed 002.

use super::state::Fright;
use super::{Combat, Facts, Foes, State, StepSet, MAX_UNITS, NO_FOE};
use crate::combat::friend::Friend;
use crate::combat::unit::{Unit, MAX_CHARACTERS};
use crate::rules::fighter::VomitChoice;
use crate::rules::movement::{charge_range, random_charge_range};
use crate::rules::place::{Facing, Ground, ReactionName};
use crate::rules::special::Psychology;
use crate::rules::stakes::StakesChoice;
use crate::rules::Edition;

/// What a scenario sets up: the units, where they stand, and the situation.
#[derive(Clone, Debug)]
pub struct Setup {
    /// 0 the attacker's main unit, 1 the defender's, then any others.
    pub units: Vec<Unit>,
    /// Each unit's side and charge.
    pub places: Vec<Place>,
    /// Who fights whom.
    pub contacts: Vec<Contact>,
    /// The charged unit's reaction.
    pub reaction: ReactionName,
    /// The side that won the round fought before this turn, for a fight
    /// already under way: it strikes first in ties and may pursue a unit
    /// that flees the combat through panic (seeds 002, 003).
    pub last_round_winner: Option<usize>,
    /// The side on high ground, if any.
    pub high_ground: Option<usize>,
    /// The most rounds to play.
    pub rounds: u32,
    /// Metric (cm) or inches.
    pub edition: Edition,
    /// **\[ruling\]** 7th-edition insane courage in break tests.
    pub insane_courage: bool,
    /// The side that issues a challenge each round none is fought.
    pub challenger: Option<usize>,
    /// The challenged side refuses.
    pub refuse_challenge: bool,
    /// Friendly units near the fight, not in it.
    pub friends: Vec<Friend>,
    /// **\[ruling\]** a musician adds 1 to rally (a later edition's rule).
    pub musician_rallies: bool,
    /// **\[ruling\]** fleeing friends of equal unit strength panic a
    /// charger at the start of its turn too (seed 004's reading).
    pub fleeing_friends_equal_panics: bool,
    /// When units that may vomit (Troll Vomit) do so.
    pub troll_vomit: VomitChoice,
    /// Whether units' Defensive Stakes still stand.
    pub defensive_stakes: StakesChoice,
    /// The ground the fight stands on (RULES.md Special attacks and
    /// psychology, Special Regenerate).
    pub ground: Ground,
    /// A unit of the charged side the main charger may redirect its charge
    /// at, if the first target flees and gets away.
    pub redirect: Option<Redirect>,
}

/// A unit the main charger may redirect its charge at (RULES.md Charges;
/// seed 000): one it could not charge before the first target fled. It is
/// out of the fight until then; its contact has the charger as striker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Redirect {
    /// The unit (index into [`Setup::units`]).
    pub unit: usize,
    /// Its reaction to the redirected charge.
    pub reaction: ReactionName,
    /// The charger's path to it, from where the charger started: distance,
    /// wheel and terrain (`charging` set, so the scenario checks it as a
    /// charge path; `side` the charger's).
    pub path: Place,
}

/// What a charger faces at the start of its turn, before it may declare
/// (RULES.md Panic; seed 004): friends fleeing within 10 cm (their unit
/// strength together) and an enemy that causes terror within 15 cm. Its own
/// stupidity is in its rules.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StartOfTurn {
    /// Unit strength of friends fleeing within 10 cm.
    pub fleeing_friends_us: u32,
    /// A terror-causing enemy within 15 cm.
    pub terror_nearby: bool,
}

/// Where one unit's front meets an enemy unit: `striker`'s front fights
/// `struck`'s `face`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contact {
    /// The unit whose front fights.
    pub striker: usize,
    /// The unit it fights.
    pub struck: usize,
    /// The face of `struck` it fights.
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
    /// A charger's start of turn.
    pub start_of_turn: StartOfTurn,
    /// Its charge met Defensive Stakes: it charges without its charge
    /// bonus (RULES.md Charges, Defensive Stakes).
    pub stakes_met: bool,
}

impl Place {
    /// The charge range of a unit here with M `m` (in the fight's unit).
    /// RULES.md Charges.
    pub fn charge_range(&self, m: f64) -> f64 {
        charge_range(m, self.difficult_terrain, self.wheel)
    }

    /// It charges with its charge bonus: it charges this turn, and its
    /// charge met no Defensive Stakes (RULES.md Charges, Defensive
    /// Stakes).
    pub fn charge_bonus(&self) -> bool {
        self.charging && !self.stakes_met
    }

    /// The charge range here of a random mover whose dice roll `rolled`.
    /// RULES.md Charges.
    pub fn random_charge_range(&self, rolled: u8, edition: Edition) -> f64 {
        random_charge_range(rolled, edition, self.difficult_terrain, self.wheel)
    }
}

impl Combat {
    /// Prepares the fight: steps, strike orders and stand and shoot.
    pub fn new(mut setup: Setup) -> Combat {
        setup.hate_named_armies();
        setup.characters_lend_immunity();
        setup.spare_friends();
        setup.stakes_meet_chargers();
        setup.bull_charges();
        setup.impact_charges();
        setup.skirmishers_face_chargers();
        setup.regenerate_on_ground();
        setup.trolls_choose_to_vomit();
        let charger = setup.places.iter().find(|p| p.charging).map(|p| p.side);
        let n = setup.units.len();
        let foes = Foes::of(&setup);
        let chargers: Vec<usize> = (0..n).filter(|&u| setup.places[u].charging).collect();
        let ranges: Vec<f64> = setup
            .units
            .iter()
            .zip(&setup.places)
            .map(|(unit, place)| place.charge_range(unit.movement(setup.edition)))
            .collect();
        let flights = setup
            .units
            .iter()
            .map(|unit| unit.flight(setup.edition))
            .collect();
        let pursuits = setup
            .units
            .iter()
            .map(|unit| unit.pursuit(setup.edition))
            .collect();
        let move_rolls = setup.units.iter().map(Unit::move_roll).collect();
        let mut side_units = [0u8; 2];
        let mut generals = [None; 2];
        for (u, place) in setup.places.iter().enumerate() {
            side_units[place.side] |= 1 << u;
            if setup.units[u].general {
                generals[place.side].get_or_insert(u);
            }
        }
        let facts = Facts::of(&setup, &foes);
        let wounds_cap = wounds_past_any_test(&setup);
        let redirect_range = match (charger, setup.redirect) {
            (Some(ch), Some(r)) => r.path.charge_range(setup.units[ch].movement(setup.edition)),
            _ => 0.0,
        };
        let mut c = Combat {
            redirect_range,
            redirect_shots: None,
            starts_of_turn: false,
            facts,
            side_units,
            generals,
            wounds_cap,
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
            ranges,
            move_rolls,
            flights,
            pursuits,
            giants: Vec::new(),
            plain_blows: false,
            plain_contacts: false,
        };
        c.starts_of_turn = c.chargers.iter().any(|&u| c.tests_at_start_of_turn(u));
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
            c.shots = c.volley(1 - ch, 1 - ch, ch);
        }
        if let (Some(ch), Some(r)) = (charger, c.setup.redirect) {
            if r.reaction == ReactionName::StandAndShoot {
                c.redirect_shots = c.volley(r.unit, 1 - ch, ch);
            }
        }
        c.plain_blows = c.giants.is_empty() && c.steps.iter().all(|s| s.resolution_wounds == 1);
        c.plain_contacts = c.facts.iter().all(|f| f.others == 0);
        c
    }

    /// The enemy unit `u`'s front rank (its characters and champion) fights:
    /// the first foe in the fight, those at its front first.
    pub(super) fn primary<const N: usize>(&self, u: usize, state: &State<N>) -> Option<usize> {
        Some(usize::from(state.primary[u])).filter(|_| state.primary[u] != NO_FOE)
    }

    /// Whether `u` fights an enemy in the fight with its front.
    pub(super) fn front_engaged<const N: usize>(&self, u: usize, state: &State<N>) -> bool {
        self.foes[u].iter().any(|&(e, ci)| {
            let c = &self.setup.contacts[ci];
            state.fights(e) && (c.striker == u || c.face == Facing::Front)
        })
    }

    /// Models of `u` in base contact with its foe `e` across contact `ci`, by
    /// the models each
    /// had at the start of the round (its other kinds of model with
    /// them). Front to front (or rear): its frontage,
    /// at most the enemy's frontage + 2 (corner contact). A flank: the struck
    /// unit's ranks face the striker's frontage, less the front rank's end
    /// model while its front is also fighting. Skirmishers form their
    /// fighting line as wide as the enemy's face takes, their frontage no
    /// limit (RULES.md Skirmishers). A scenario may give it outright for the
    /// unit's first foe.
    #[inline(always)]
    pub(super) fn contact<const N: usize>(
        &self,
        u: usize,
        e: usize,
        ci: usize,
        state: &State<N>,
    ) -> u32 {
        let (unit, enemy) = (&self.setup.units[u], &self.setup.units[e]);
        // Its other kinds of model stand in its ranks as its rank and file
        // do (RULES.md Other kinds of model in a unit): a band of one
        // model and another fights two in contact.
        let (alive, enemy_alive) = match self.plain_contacts {
            true => (state.start[u], state.start[e]),
            false => (self.in_ranks(u, state), self.in_ranks(e, state)),
        };
        if let Some(n) = unit.in_contact {
            if self.foes[u][0].1 == ci {
                return n.min(alive);
            }
        }
        let c = &self.setup.contacts[ci];
        let front = |x: &Unit, n: u32| x.frontage.min(n);
        let ranks = |x: &Unit, n: u32| n.div_ceil(x.frontage);
        // A skirmishers' line facing a face `wide` models wide.
        let line = |x: &Unit, n: u32, wide: u32| match x.skirmishers {
            true => n.min(wide),
            false => front(x, n),
        };
        let width = match (c.face, c.striker == u) {
            (Facing::Flank, false) => {
                let r = ranks(unit, alive).min(front(enemy, enemy_alive));
                if self.front_engaged(u, state) {
                    r.saturating_sub(1)
                } else {
                    r
                }
            }
            (Facing::Flank, true) => {
                let flank = ranks(enemy, enemy_alive);
                line(unit, alive, flank).min(flank)
            }
            _ => {
                let (f, g) = (front(unit, alive), front(enemy, enemy_alive));
                line(unit, alive, g + 2).min(line(enemy, enemy_alive, f + 2) + 2)
            }
        };
        width.min(alive)
    }

    /// Unit `u`'s models in its ranks at the start of the round: its rank
    /// and file and its other kinds of model (RULES.md Other kinds of
    /// model in a unit); kept out of [`Combat::contact`]'s common path.
    #[inline(never)]
    fn in_ranks<const N: usize>(&self, u: usize, state: &State<N>) -> u32 {
        state.start[u] + (state.heroes_at_start[u] & self.facts[u].others).count_ones()
    }

    /// Each engaged pair's models in contact, once a round (every strike
    /// step reads them).
    #[inline(always)]
    pub(super) fn measure_contacts<const N: usize>(&self, state: &mut State<N>) {
        for u in 0..N {
            for &(e, ci) in self.foes[u].iter() {
                // At most 50 wide or 500 models: fits.
                state.contact[u][e] = self.contact(u, e, ci, state) as u16;
            }
        }
    }

    /// Whether `u` is fought in its flank or rear by an enemy of US 5+
    /// that does not skirmish (it loses its rank bonus). RULES.md Combat
    /// resolution, Skirmishers.
    pub(super) fn disrupted<const N: usize>(&self, u: usize, state: &State<N>) -> bool {
        self.facts[u].flankable
            && self.foes[u].iter().any(|&(e, ci)| {
                let c = &self.setup.contacts[ci];
                state.fights(e)
                    && c.struck == u
                    && c.face != Facing::Front
                    && self.facts[e].strengths[0] * state.start[e] >= 5
                    && !self.facts[e].skirmishers
            })
    }

    /// Units of `side` still in the fight.
    pub(super) fn present<const N: usize>(&self, side: usize, state: &State<N>) -> bool {
        state.in_fight & self.side_units[side] != 0
    }
}

/// [`Combat::wounds_past_any_test`] for the units of `setup`: 24 (a loser
/// by 11 past the other scores' 9, and some to spare), the most a side's
/// own rules add to its result, and the most wounds an Undead unit has.
fn wounds_past_any_test(setup: &Setup) -> u32 {
    let mut bonus = [0u32; 2];
    let mut undead = 0;
    for (unit, place) in setup.units.iter().zip(&setup.places) {
        let heroes = unit.characters.iter().map(|c| &c.body);
        bonus[place.side] +=
            unit.combat_resolution + heroes.clone().map(|c| c.combat_resolution).sum::<u32>();
        // A doubled rank bonus: up to 3 more.
        if unit.or_its_characters(|p| p.doubles_rank_bonus) {
            bonus[place.side] += 3;
        }
        if unit.psychology.undead {
            let champion = unit.champion_body.as_ref().map_or(0, |c| c.profile.w);
            let wounds = unit.models * u32::from(unit.profile.w.max(champion))
                + heroes.map(|c| u32::from(c.profile.w)).sum::<u32>();
            undead = undead.max(wounds);
        }
    }
    24 + bonus[0].max(bonus[1]) + undead
}

impl Foes {
    /// Each unit's foes, those it fights with its front first.
    fn of(setup: &Setup) -> [Foes; MAX_UNITS] {
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
        foes
    }
}

impl Facts {
    /// What the per-round rules read of each unit.
    fn of(setup: &Setup, foes: &[Foes; MAX_UNITS]) -> [Facts; MAX_UNITS] {
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
                standard: unit.standard || unit.carries_battle_standard,
                musician: unit.musician,
                combat_resolution: unit.combat_resolution,
                doubles_outnumbering: unit.double_outnumber_bonus
                    || unit
                        .characters
                        .iter()
                        .any(|c| c.body.double_outnumber_bonus),
                doubles_ranks: unit.or_its_characters(|p| p.doubles_rank_bonus),
                denies_outnumbering: unit.or_its_characters(|p| p.denies_outnumbering),
                heroes_count: unit
                    .characters
                    .iter()
                    .any(|c| c.body.combat_resolution > 0 || c.body.carries_battle_standard),
                skirmishers: unit.skirmishers,
                raiders: unit.raiders,
                no_ranks: unit.skirmishers || unit.fast_cavalry,
                adds: false,
                flankable: setup
                    .contacts
                    .iter()
                    .any(|c| c.struck == u && c.face != Facing::Front),
                strikes: {
                    let mut fronts = setup.contacts.iter().filter(|c| c.striker == u);
                    let mut next = || fronts.next().map(|c| (c.struck, bonus(c.face)));
                    [next(), next()]
                },
                waits: setup.redirect.is_some_and(|r| r.unit == u),
                frights: Default::default(),
                frightened: false,
                unit_rules: unit.or_its_characters(Psychology::reaches_its_unit),
                auras: 0,
                whispers: 0,
                strengths: [0; MAX_CHARACTERS + 1],
                places: [0; MAX_CHARACTERS],
                others: (unit.characters.iter().enumerate())
                    .filter(|(_, c)| !c.character)
                    .fold(0, |mask, (i, _)| mask | 1 << i),
                models: unit.models,
                champion: unit.champion,
                champion_apart: unit.champion_apart(),
                characters: unit.characters.len(),
                first_foe: foes[u].first().map_or(NO_FOE, |f| f.0 as u8),
            };
            f.adds = f.combat_resolution > 0 || f.heroes_count;
            for (fright, enemy) in f.frights.iter_mut().zip(&setup.units) {
                *fright = Fright::of(unit, enemy);
                f.frightened |= *fright != Fright::None;
            }
            // Aura of Slaanesh: its bearer's unit, a character's too
            // (RULES.md Break test).
            for (e, enemy) in setup.units.iter().enumerate() {
                let aura = enemy.psychology.aura_of_slaanesh
                    || (enemy.characters.iter()).any(|c| c.body.psychology.aura_of_slaanesh);
                if aura && setup.places[e].side != setup.places[u].side {
                    f.auras |= 1 << e;
                }
                // Whispers in the Darkness (RULES.md Break test).
                if enemy.or_its_characters(|p| p.whispers)
                    && setup.places[e].side != setup.places[u].side
                {
                    f.whispers |= 1 << e;
                }
            }
            f.strengths[0] = unit.unit_strength(1);
            for (s, c) in f.strengths[1..].iter_mut().zip(&unit.characters) {
                *s = c.body.unit_strength(1);
            }
            for (p, c) in f.places.iter_mut().zip(&unit.characters) {
                *p = c.places;
            }
        }
        facts
    }
}
