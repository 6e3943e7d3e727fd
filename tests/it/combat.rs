//! The fight procedure, rule by rule (RULES.md Order of strikes, Combat
//! resolution, Break test, Fleeing and pursuit; seed 002), with a scripted
//! fate that records each strike step and returns chosen casualties.

use mathhammer::combat::exact::exact_records;
use mathhammer::combat::fight::{Combat, End, Fate, Step, StepKind, Strikes, Target, UnitEnd};
use mathhammer::query::combat::CombatQuery;
use mathhammer::rules::casualties::Casualties;
use mathhammer::rules::leadership::LeadershipTest;
use mathhammer::rules::movement::Flight;
use mathhammer::scenario::combat::ScenarioFile;
use mathhammer::scenario::parse;
use std::path::Path;

/// A unit table with an inline profile; `extra` adds lines.
pub(crate) fn unit(side: &str, models: u32, frontage: u32, ws: u8, i: u8, extra: &str) -> String {
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = {models}\nfrontage = {frontage}\n{extra}\n\
         [{side}.profile]\nm = 10\nws = {ws}\nbs = 3\ns = 3\nt = 3\nw = 1\ni = {i}\na = 1\nld = 7\n"
    )
}

pub(crate) fn combat(attacker: &str, defender: &str, situation: &str) -> Combat {
    let text = format!("name = \"test\"\n{attacker}\n{defender}\n[situation]\n{situation}\n");
    let file: ScenarioFile = parse(&text, "test.toml").unwrap_or_else(|e| panic!("{e}"));
    let q: CombatQuery = file
        .combat(Path::new("."))
        .unwrap_or_else(|e| panic!("{e}"));
    q.combat
}

/// Records every strike (side, kind, attacks) and kills `kills[i]` models
/// with the i-th strike; tests pass unless `fail_tests`; roll-offs go to
/// `roll_off`.
#[derive(Default)]
pub(crate) struct Scripted {
    pub(crate) kills: Vec<u32>,
    pub(crate) strikes: Vec<(usize, StepKind, u32)>,
    /// Every strike as (unit, foe, attacks).
    pub(crate) by_unit: Vec<(usize, usize, u32)>,
    pub(crate) targets: Vec<Target>,
    /// Wounds each challenge strike deals, in order, and the victims'
    /// remaining Wounds seen.
    pub(crate) duel_wounds: Vec<u32>,
    pub(crate) duels_seen: Vec<u32>,
    pub(crate) tests: Vec<LeadershipTest>,
    pub(crate) fail_tests: bool,
    /// Results of the first tests, in order (then `!fail_tests`).
    pub(crate) passes: Vec<bool>,
    /// Pursuers of each pursuit and chargers of each catch.
    pub(crate) pursuers: Vec<usize>,
    pub(crate) catchers: Vec<usize>,
    pub(crate) roll_off: bool,
    /// Roll-offs taken.
    pub(crate) roll_offs: usize,
    /// Animosity tests asked, and whether they stop the charge.
    pub(crate) animosity_tests: usize,
    pub(crate) squabbles: bool,
    pub(crate) caught: bool,
    /// What a random mover's dice roll (its move, inches).
    pub(crate) moves: u8,
    /// Each catch's flight and its pursuers'.
    pub(crate) flights: Vec<(Flight, Vec<Flight>)>,
    /// The strikes (their index in `strikes`) at a model holding his one
    /// re-roll of a failed armour save a turn, and whether they spend it.
    pub(crate) saving: Vec<usize>,
    pub(crate) spends: bool,
}

impl Fate for Scripted {
    fn strike(&mut self, step: &Step, n: Strikes, damage: u8, cap: u32) -> Casualties {
        let n = recorded(step, n);
        let k = self
            .kills
            .get(self.strikes.len())
            .copied()
            .unwrap_or(0)
            .min(cap);
        self.strikes.push((step.side, step.kind, n));
        self.by_unit.push((step.unit, step.foe, n));
        self.targets.push(step.target);
        Casualties { kills: k, damage }
    }
    fn test(&mut self, test: &LeadershipTest) -> bool {
        self.tests.push(*test);
        self.passes
            .get(self.tests.len() - 1)
            .copied()
            .unwrap_or(!self.fail_tests)
    }
    fn caught(&mut self, flee: &Flight, chargers: &[(f64, f64)], pursuers: &[&Flight]) -> bool {
        self.flights
            .push((*flee, pursuers.iter().map(|p| **p).collect()));
        if !chargers.is_empty() {
            self.catchers.push(chargers.len());
        }
        if !pursuers.is_empty() {
            self.pursuers.push(pursuers.len());
        }
        self.caught
    }
    fn roll_off(&mut self) -> bool {
        self.roll_offs += 1;
        self.roll_off
    }
    fn animosity(&mut self, _: bool) -> bool {
        self.animosity_tests += 1;
        self.squabbles
    }
    fn random_move(&mut self, _: &mathhammer::dice::Roll) -> u8 {
        self.moves
    }
    fn roll(&mut self, _: &mathhammer::dice::Roll) -> u8 {
        // A Giant's dice: no Giant fights in these scripts.
        1
    }
    fn duel(&mut self, step: &Step, n: Strikes, remaining: u32) -> u32 {
        let n = recorded(step, n);
        self.strikes.push((step.side, step.kind, n));
        self.targets.push(step.target);
        let dealt = self
            .duel_wounds
            .get(self.duels_seen.len())
            .copied()
            .unwrap_or(0);
        self.duels_seen.push(remaining);
        dealt
    }
    fn strike_saving(
        &mut self,
        step: &Step,
        n: Strikes,
        damage: u8,
        cap: u32,
    ) -> (Casualties, bool) {
        self.saving.push(self.strikes.len());
        (self.strike(step, n, damage, cap), self.spends)
    }
    fn duel_saving(&mut self, step: &Step, n: Strikes, remaining: u32) -> (u32, bool) {
        self.saving.push(self.strikes.len());
        (self.duel(step, n, remaining), self.spends)
    }
}

/// What a scripted strike records: its attacks, or its models for a step
/// with dice (chariots, for impact hits).
fn recorded(_: &Step, n: Strikes) -> u32 {
    n.n
}

const CHARGE: &str = "charger = \"attacker\"\ndistance = 5\nrounds = 1";
const ENGAGED: &str = "charger = \"none\"\nrounds = 1";

fn order(c: &Combat, fate: &mut Scripted) -> Vec<(usize, StepKind)> {
    c.fight(fate);
    fate.strikes.iter().map(|&(s, k, _)| (s, k)).collect()
}

#[test]
fn chargers_strike_first_then_initiative() {
    // Seed 002: chargers (3) before everyone else (4), whatever the Initiative.
    let c = combat(
        &unit("attacker", 10, 5, 3, 1, ""),
        &unit("defender", 10, 5, 3, 6, ""),
        CHARGE,
    );
    let o = order(&c, &mut Scripted::default());
    assert_eq!(
        o,
        vec![(0, StepKind::RankAndFile), (1, StepKind::RankAndFile)]
    );
    // No charge: higher Initiative first.
    let c = combat(
        &unit("attacker", 10, 5, 3, 1, ""),
        &unit("defender", 10, 5, 3, 6, ""),
        ENGAGED,
    );
    assert_eq!(order(&c, &mut Scripted::default())[0].0, 1);
}

#[test]
fn always_strikes_first_beats_the_charge_and_great_weapons_strike_last() {
    let asf = "rules = [\"always-strikes-first\"]";
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &unit("defender", 10, 5, 3, 3, asf),
        CHARGE,
    );
    assert_eq!(order(&c, &mut Scripted::default())[0].0, 1);
    // A great weapon that did not charge strikes after a lower Initiative.
    let gw = "weapon = \"great-weapon\"";
    let c = combat(
        &unit("attacker", 10, 5, 3, 5, gw),
        &unit("defender", 10, 5, 3, 1, ""),
        ENGAGED,
    );
    assert_eq!(order(&c, &mut Scripted::default())[0].0, 1);
    // ... but with the chargers the turn it charged.
    let c = combat(
        &unit("attacker", 10, 5, 3, 1, gw),
        &unit("defender", 10, 5, 3, 5, ""),
        CHARGE,
    );
    assert_eq!(order(&c, &mut Scripted::default())[0].0, 0);
    // Mindless strike last even when charging.
    let zombies = "rules = [\"mindless\"]";
    let c = combat(
        &unit("attacker", 10, 5, 3, 5, zombies),
        &unit("defender", 10, 5, 3, 1, ""),
        CHARGE,
    );
    assert_eq!(order(&c, &mut Scripted::default())[0].0, 1);
}

#[test]
fn ties_go_to_a_roll_off_then_to_last_rounds_winner() {
    let two_rounds = "charger = \"none\"\nrounds = 2";
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &unit("defender", 10, 5, 3, 3, ""),
        two_rounds,
    );
    for (roll_off, first) in [(true, 0), (false, 1)] {
        let mut fate = Scripted {
            roll_off,
            ..Scripted::default()
        };
        assert_eq!(order(&c, &mut fate)[0].0, first);
    }
    // Round 1: the defender kills 3 (attacker strikes first after the
    // roll-off and kills none); it wins; the attacker holds; in round 2 the
    // defender strikes first.
    let mut fate = Scripted {
        roll_off: true,
        kills: vec![0, 3, 0, 0],
        ..Scripted::default()
    };
    let o = order(&c, &mut fate);
    assert_eq!(o[0].0, 0);
    assert_eq!(o[2].0, 1);
}

#[test]
fn after_a_drawn_round_ties_are_rolled_off_again() {
    // Seed 002: ties go to the side that won the previous round; after a
    // drawn round nobody won it. 30 against 10 (5 wide): the attacker has
    // +3 ranks and outnumbers, the defender +1 rank. Round 1: no kills, the
    // attacker wins 4-1. Round 2: the defender kills 3, a draw 4-4. Round 3
    // is rolled off, and the roll-off (to the defender) decides who strikes
    // first, not the attacker's win two rounds back.
    let c = combat(
        &unit("attacker", 30, 5, 3, 3, ""),
        &unit("defender", 10, 5, 3, 3, ""),
        "charger = \"none\"\nrounds = 3",
    );
    let mut fate = Scripted {
        roll_off: false,
        // Round 1: defender, attacker (roll-off to the defender); round 2:
        // attacker (won round 1), defender.
        kills: vec![0, 0, 0, 3],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    let winners: Vec<Option<usize>> = record.rounds.iter().map(|r| r.winner).collect();
    assert_eq!(winners[..2], [Some(0), None]);
    assert_eq!(fate.roll_offs, 2);
    let round_3_first = fate.strikes[4].0;
    assert_eq!(round_3_first, 1);
}

#[test]
fn casualties_cannot_strike_back() {
    // Seed 002: each casualty removes an attack; 5 in contact, 2 slain.
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &unit("defender", 10, 5, 3, 3, ""),
        CHARGE,
    );
    let mut fate = Scripted {
        kills: vec![2],
        ..Scripted::default()
    };
    c.fight(&mut fate);
    assert_eq!(fate.strikes[1], (1, StepKind::RankAndFile, 3));
    // Excess casualties (more than in contact) still leave nobody to strike.
    let mut fate = Scripted {
        kills: vec![7],
        ..Scripted::default()
    };
    c.fight(&mut fate);
    assert_eq!(fate.strikes.len(), 1);
}

#[test]
fn spears_champions_mounts_and_frontage() {
    // Foot spears fight in two ranks, but not the turn they charge.
    let spear = "weapon = \"spear\"";
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &unit("defender", 20, 5, 3, 3, spear),
        CHARGE,
    );
    let mut fate = Scripted::default();
    c.fight(&mut fate);
    assert_eq!(fate.strikes[1].2, 10);
    let c = combat(
        &unit("attacker", 20, 5, 3, 3, spear),
        &unit("defender", 10, 5, 3, 1, ""),
        CHARGE,
    );
    let mut fate = Scripted::default();
    c.fight(&mut fate);
    assert_eq!(fate.strikes[0].2, 5);
    // A champion: one model with A + 1, the rest of the front rank as usual.
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, "champion = true"),
        &unit("defender", 10, 5, 3, 1, ""),
        CHARGE,
    );
    let mut fate = Scripted::default();
    c.fight(&mut fate);
    assert_eq!(fate.strikes[0], (0, StepKind::RankAndFile, 4));
    assert_eq!(fate.strikes[1], (0, StepKind::Champion, 2));
    // Front to front, at most the enemy's frontage + 2 (corners) fight.
    let c = combat(
        &unit("attacker", 10, 10, 3, 3, ""),
        &unit("defender", 10, 3, 3, 1, ""),
        CHARGE,
    );
    let mut fate = Scripted::default();
    c.fight(&mut fate);
    assert_eq!(fate.strikes[0].2, 5);
}

#[test]
fn each_casualty_removes_one_spear_fighter_wherever_it_stood() {
    // RULES.md Order of strikes [ruling]: the fighters are those in contact
    // plus the fighting second rank at the start of the round, less the
    // casualties so far, never more than the models standing.
    let spear = "weapon = \"spear\"";
    let fighters = |models: u32, kills: u32| {
        let c = combat(
            &unit("attacker", 10, 5, 3, 3, ""),
            &unit("defender", models, 5, 3, 3, spear),
            CHARGE,
        );
        let mut fate = Scripted {
            kills: vec![kills],
            ..Scripted::default()
        };
        c.fight(&mut fate);
        fate.strikes.get(1).map_or(0, |s| s.2)
    };
    // 12 spearmen (5, 5, 2): 10 fight; 3 slain leave 7 (not 2 + 4).
    assert_eq!(fighters(12, 3), 7);
    // Deep or shallow, a casualty costs one attack.
    assert_eq!(fighters(20, 3), 7);
    assert_eq!(fighters(10, 2), 8);
    // 7 spearmen (5, 2): 7 fight; 3 slain leave 4 standing, all fighting.
    assert_eq!(fighters(7, 3), 4);
    // 12 spearmen, 8 slain: 2 of the 10 fighters are left, of 4 standing.
    assert_eq!(fighters(12, 8), 2);
    // 10 spearmen, 8 slain: 2 standing, both fight.
    assert_eq!(fighters(10, 8), 2);
}

/// Plays one round in which the attacker kills `a` and the defender `d`.
fn round(attacker: &str, defender: &str, situation: &str, a: u32, d: u32) -> (End, Scripted) {
    let c = combat(attacker, defender, situation);
    let mut fate = Scripted {
        kills: vec![a, d],
        fail_tests: true,
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    (record.end, fate)
}

#[test]
fn combat_resolution_by_hand() {
    // Attacker 10 (5 wide: +1 rank), defender 20 (5 wide: +3 ranks, outnumber
    // at end). Attacker kills 4 -> 4 + 1; defender 1 + 3 + 1 = 5: a draw, no
    // break test.
    let a = unit("attacker", 10, 5, 3, 3, "");
    let d = unit("defender", 20, 5, 3, 1, "");
    let (end, fate) = round(&a, &d, CHARGE, 4, 1);
    assert_eq!(end, End::Unresolved);
    assert!(fate.tests.is_empty());
    // One more kill slays the whole front rank, so the defender cannot
    // strike back: 5 + 1 against 0 + 3 + 1, the defender tests at -2.
    let (end, fate) = round(&a, &d, CHARGE, 5, 1);
    assert_eq!(
        end,
        End::Broke {
            loser: 1,
            caught: false
        }
    );
    assert_eq!(fate.tests[0].modifier, 2);
    // A standard adds 1; a musician wins a draw by 1.
    let a_std = unit("attacker", 10, 5, 3, 3, "standard = true");
    let (_, fate) = round(&a_std, &d, CHARGE, 5, 1);
    assert_eq!(fate.tests[0].modifier, 3);
    let a_mus = unit("attacker", 10, 5, 3, 3, "musician = true");
    let (end, fate) = round(&a_mus, &d, CHARGE, 4, 1);
    assert_eq!(
        end,
        End::Broke {
            loser: 1,
            caught: false
        }
    );
    assert_eq!(fate.tests[0].modifier, 1);
    // High ground +1.
    let (end, _) = round(
        &a,
        &d,
        &format!("{CHARGE}\nhigh_ground = \"attacker\""),
        4,
        1,
    );
    assert_eq!(
        end,
        End::Broke {
            loser: 1,
            caught: false
        }
    );
}

#[test]
fn flank_charge_cancels_ranks_and_adds_one() {
    // 10 cavalry (US 20) in the flank of 20 infantry: no ranks for the
    // infantry, +1 flank for the cavalry. Kills 2 vs 2: 2 + 1 (flank) + 0
    // (outnumber: US 20 vs 18) against 2 + 0.
    let cav = unit("attacker", 10, 5, 3, 3, "type = \"cavalry\"");
    let inf = unit("defender", 20, 5, 3, 1, "");
    let (end, fate) = round(&cav, &inf, &format!("{CHARGE}\nfacing = \"flank\""), 2, 2);
    assert_eq!(
        end,
        End::Broke {
            loser: 1,
            caught: false
        }
    );
    assert_eq!(fate.tests[0].modifier, 1);
    // From the rear, +2.
    let (_, fate) = round(&cav, &inf, &format!("{CHARGE}\nfacing = \"rear\""), 2, 2);
    assert_eq!(fate.tests[0].modifier, 2);
    // A charger of US 4 or less neither cancels ranks nor gains the bonus:
    // 2 infantry: 2 kills vs 2 kills + 3 ranks + outnumber.
    let few = unit("attacker", 2, 2, 3, 3, "");
    let (end, _) = round(&few, &inf, &format!("{CHARGE}\nfacing = \"flank\""), 0, 0);
    assert_eq!(
        end,
        End::Broke {
            loser: 0,
            caught: false
        }
    );
}

#[test]
fn wipe_out_wins_without_a_break_test() {
    let (end, fate) = round(
        &unit("attacker", 10, 5, 3, 3, ""),
        &unit("defender", 5, 5, 3, 1, ""),
        CHARGE,
        5,
        0,
    );
    assert_eq!(end, End::WipedOut { loser: 1 });
    assert!(fate.tests.is_empty());
}

#[test]
fn break_tests_by_the_rules() {
    let a = unit("attacker", 10, 5, 3, 3, "");
    // Stubborn: tests on unmodified Ld.
    let (_, fate) = round(
        &a,
        &unit("defender", 5, 5, 3, 1, "rules = [\"stubborn\"]"),
        CHARGE,
        3,
        0,
    );
    assert!(fate.tests[0].stubborn);
    // Unbreakable: no test, no break.
    let (end, fate) = round(
        &a,
        &unit("defender", 5, 5, 3, 1, "rules = [\"unbreakable\"]"),
        CHARGE,
        3,
        0,
    );
    assert_eq!(end, End::Unresolved);
    assert!(fate.tests.is_empty());
    // General's Ld and the battle standard's re-roll.
    let (_, fate) = round(
        &a,
        &unit(
            "defender",
            5,
            5,
            3,
            1,
            "general_ld = 9\nbattle_standard = true",
        ),
        CHARGE,
        3,
        0,
    );
    assert_eq!(fate.tests[0].ld, 9);
    assert!(fate.tests[0].reroll);
    // Beaten by fear-causers of greater unit strength: breaks without a test.
    let scary = unit("attacker", 10, 5, 3, 3, "rules = [\"fear\"]");
    let brave_def = unit("defender", 5, 5, 3, 1, "");
    let c = combat(&scary, &brave_def, CHARGE);
    let mut fate = Scripted {
        kills: vec![3, 0],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(
        record.end,
        End::Broke {
            loser: 1,
            caught: false
        }
    );
    // Only the fear test when charged was taken, none to break.
    assert_eq!(fate.tests.len(), 1);
}

#[test]
fn pursuit_destroys_a_caught_unit() {
    let a = unit("attacker", 10, 5, 3, 3, "");
    let c = combat(&a, &unit("defender", 5, 5, 3, 1, ""), CHARGE);
    let mut fate = Scripted {
        kills: vec![3, 0],
        fail_tests: true,
        caught: true,
        ..Scripted::default()
    };
    assert_eq!(
        c.fight(&mut fate).end,
        End::Broke {
            loser: 1,
            caught: true
        }
    );
}

#[test]
fn a_unit_that_would_hold_back_tests_and_pursues_on_a_failure() {
    // RULES.md Fleeing and pursuit: pursue = false tries to hold back, an
    // Ld test; a failure pursues anyway.
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, "pursue = false"),
        &unit("defender", 5, 5, 3, 1, ""),
        CHARGE,
    );
    let broke = |caught| End::Broke { loser: 1, caught };
    // The defender fails its break test; the attacker passes and holds back.
    let mut holds = Scripted {
        kills: vec![3, 0],
        passes: vec![false, true],
        caught: true,
        ..Scripted::default()
    };
    assert_eq!(c.fight(&mut holds).end, broke(false));
    assert_eq!(holds.tests.len(), 2);
    assert_eq!(holds.tests[1].ld, 7);
    assert!(holds.pursuers.is_empty());
    // It fails to hold back: it pursues, and catches.
    let mut fails = Scripted {
        kills: vec![3, 0],
        fail_tests: true,
        caught: true,
        ..Scripted::default()
    };
    assert_eq!(c.fight(&mut fails).end, broke(true));
    assert_eq!(fails.pursuers, vec![1]);
    // Hatred must pursue: no test.
    let c = combat(
        &unit(
            "attacker",
            10,
            5,
            3,
            3,
            "pursue = false\nrules = [\"hatred\"]",
        ),
        &unit("defender", 5, 5, 3, 1, ""),
        CHARGE,
    );
    let mut hates = Scripted {
        kills: vec![3, 0],
        passes: vec![false, true],
        caught: true,
        ..Scripted::default()
    };
    assert_eq!(c.fight(&mut hates).end, broke(true));
    assert_eq!(hates.tests.len(), 1);
}

#[test]
fn the_charge_turn() {
    // Out of range: 2M = 20 cm, target 25 cm away.
    let a = unit("attacker", 10, 5, 3, 3, "");
    let d = unit("defender", 10, 5, 3, 3, "");
    let c = combat(&a, &d, "charger = \"attacker\"\ndistance = 25");
    assert_eq!(c.fight(&mut Scripted::default()).end, End::ChargeFailed);
    // A fleeing target: caught or away.
    let c = combat(
        &a,
        &d,
        "charger = \"attacker\"\ndistance = 5\nreaction = \"flee\"",
    );
    let mut caught = Scripted {
        caught: true,
        ..Scripted::default()
    };
    assert_eq!(c.fight(&mut caught).end, End::TargetCaught);
    assert_eq!(c.fight(&mut Scripted::default()).end, End::TargetFled);
    // Fear: a unit of lower unit strength that fails flees.
    let scary = unit("attacker", 10, 5, 3, 3, "rules = [\"fear\"]");
    let small = unit("defender", 5, 5, 3, 3, "");
    let c = combat(&scary, &small, CHARGE);
    let mut fails = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    assert_eq!(c.fight(&mut fails).end, End::TargetFled);
    // Stand and shoot: 25% casualties and a failed panic test: the charger flees.
    let shooters = unit("defender", 10, 5, 3, 3, "missile = { s = 3, shots = 1 }");
    let c = combat(
        &a,
        &shooters,
        "charger = \"attacker\"\ndistance = 15\nreaction = \"stand-and-shoot\"",
    );
    let mut volley = Scripted {
        kills: vec![3],
        fail_tests: true,
        ..Scripted::default()
    };
    assert_eq!(c.fight(&mut volley).end, End::ChargerFled);
    assert_eq!(volley.strikes[0], (1, StepKind::Shots, 10));
}

/// A character for `side`: WS5 S4 I`i` A3 Ld`ld`, T4 W2, `declared` enemy
/// attacks at him.
fn hero(side: &str, i: u8, ld: u8, declared: u32) -> String {
    format!(
        "[[{side}.characters]]\nname = \"hero\"\nattacks_on_him = {declared}\n\
         [{side}.characters.profile]\nm = 10\nws = 5\nbs = 3\ns = 4\nt = 4\nw = 2\ni = {i}\na = 3\nld = {ld}\n"
    )
}

#[test]
fn characters_count_toward_the_rank_bonus() {
    // RULES.md Combat resolution: every model in a rank counts, characters
    // too. 12 models 5 wide are 5, 5, 2: +1; with two characters 14 are
    // 5, 5, 4: +2. Nobody is slain: the defender (5 models) loses by the
    // ranks and the outnumbering, and tests at -3.
    let a =
        unit("attacker", 12, 5, 3, 3, "") + &hero("attacker", 3, 7, 0) + &hero("attacker", 3, 7, 0);
    let c = combat(&a, &unit("defender", 5, 5, 3, 3, ""), ENGAGED);
    let mut fate = Scripted::default();
    c.fight(&mut fate);
    assert_eq!(fate.tests[0].modifier, 3);
}

#[test]
fn a_character_strikes_with_his_own_initiative() {
    // Characters, champions and challenges: his own profile, in the front rank.
    let a = unit("attacker", 10, 5, 3, 1, "") + &hero("attacker", 5, 8, 0);
    let c = combat(&a, &unit("defender", 10, 5, 3, 3, ""), ENGAGED);
    let mut fate = Scripted::default();
    c.fight(&mut fate);
    assert_eq!(fate.strikes[0], (0, StepKind::Character(0), 3));
    assert_eq!(fate.strikes[1].0, 1);
    // He takes a front-rank place: 4 rank and file strike.
    assert_eq!(fate.strikes[2], (0, StepKind::RankAndFile, 4));
}

#[test]
fn attacks_at_a_character_are_declared() {
    // The defender's 5 front-rank attacks: 2 declared at the hero, 3 at the
    // rank and file (RULES.md: attacks against a character are declared).
    let a = unit("attacker", 10, 5, 3, 1, "") + &hero("attacker", 5, 8, 2);
    let c = combat(&a, &unit("defender", 10, 5, 3, 3, ""), ENGAGED);
    let mut fate = Scripted::default();
    c.fight(&mut fate);
    let defender: Vec<_> = fate
        .strikes
        .iter()
        .filter(|s| s.0 == 1)
        .map(|s| s.2)
        .collect();
    assert_eq!(defender.iter().sum::<u32>(), 5);
    assert!(
        defender.contains(&2) && defender.contains(&3),
        "{defender:?}"
    );
}

#[test]
fn a_characters_leadership_and_unit_strength() {
    // A character adds his unit strength and lends his Ld.
    let a = unit("attacker", 10, 5, 3, 1, "") + &hero("attacker", 5, 9, 0);
    let d = unit("defender", 10, 5, 3, 3, "standard = true");
    let c = combat(&a, &d, ENGAGED);
    let mut fate = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    // Nobody was slain: attacker 0 + 1 rank + 1 outnumber (US 10 + 1 hero
    // against 10); defender 0 + 1 rank + 1 standard: a draw.
    assert_eq!(record.end, End::Unresolved);
    assert!(fate.tests.is_empty());
    // Without the hero's unit strength the attacker would have lost by 1.
    let c = combat(&unit("attacker", 10, 5, 3, 1, ""), &d, ENGAGED);
    let mut fate = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    assert_eq!(
        c.fight(&mut fate).end,
        End::Broke {
            loser: 0,
            caught: false
        }
    );
    assert_eq!(fate.tests[0].ld, 7);
    // With him, losing by 1 (the defender slays 1 rank-and-file model): Ld 9.
    let c = combat(&a, &d, ENGAGED);
    let mut fate = Scripted {
        fail_tests: true,
        kills: vec![0, 1, 0],
        ..Scripted::default()
    };
    c.fight(&mut fate);
    assert_eq!(fate.tests[0].ld, 9);
}

#[test]
fn a_character_fights_on_alone() {
    // The defender's 5 rank and file are all slain; its hero stands: no
    // wipe-out, and the next round's attacks all go at him.
    let d = unit("defender", 5, 5, 3, 1, "") + &hero("defender", 1, 8, 0);
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &d,
        "charger = \"attacker\"\ndistance = 5\nrounds = 2",
    );
    let mut fate = Scripted {
        kills: vec![5],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(record.rounds.len(), 2);
    assert_ne!(record.end, End::WipedOut { loser: 1 });
    // Round 1: the attacker's rank and file and the hero; round 2: the
    // attacker's attacks all at the hero.
    assert_eq!(fate.targets[0], Target::RankAndFile);
    let later: Vec<_> = (2..fate.strikes.len())
        .filter(|&i| fate.strikes[i].0 == 0)
        .collect();
    assert!(!later.is_empty());
    assert!(
        later
            .iter()
            .all(|&i| fate.targets[i] == Target::Character(0)),
        "{:?}",
        fate.targets
    );
}

#[test]
fn a_challenge_is_fought_by_the_two_alone_with_overkill() {
    // RULES.md Characters, champions and challenges: the attacker's hero
    // challenges, the defender's champion accepts; only they fight each
    // other; overkill counts up to +5.
    let a = unit("attacker", 10, 5, 3, 1, "") + &hero("attacker", 5, 8, 2);
    let d = unit("defender", 10, 5, 3, 3, "champion = true");
    let c = combat(
        &a,
        &d,
        "charger = \"none\"\nrounds = 1\nchallenge = \"attacker\"",
    );
    let mut fate = Scripted {
        duel_wounds: vec![4],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    // The hero's strike at the champion (W1): 4 wounds, 1 + 3 overkill.
    assert_eq!(fate.duels_seen, vec![1]);
    assert_eq!(record.rounds[0].wounds[0], 4);
    assert_eq!(record.casualties[1], 1);
    // Nobody else struck the fighters: the defender's rank and file all at
    // the attacker's rank and file (its declared attacks at the hero void).
    for (i, &(side, kind, _)) in fate.strikes.iter().enumerate() {
        match (side, kind) {
            (0, StepKind::Character(0)) => assert_eq!(fate.targets[i], Target::Champion),
            (1, StepKind::Champion) => assert_eq!(fate.targets[i], Target::Character(0)),
            _ => assert_eq!(
                fate.targets[i],
                Target::RankAndFile,
                "{:?}",
                fate.strikes[i]
            ),
        }
    }
}

#[test]
fn overkill_stops_at_five() {
    let a = unit("attacker", 10, 5, 3, 1, "") + &hero("attacker", 5, 8, 0);
    let d = unit("defender", 10, 5, 3, 3, "") + &hero("defender", 1, 8, 0);
    let c = combat(
        &a,
        &d,
        "charger = \"none\"\nrounds = 1\nchallenge = \"defender\"",
    );
    // The engines cap what they return at remaining + 5; the fight counts it.
    let mut fate = Scripted {
        duel_wounds: vec![7, 0],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(fate.duels_seen, vec![2]);
    assert_eq!(record.characters_slain[1], 1);
    assert_eq!(record.rounds[0].wounds[0], 7);
}

#[test]
fn a_refused_challenge_sends_a_character_back() {
    // [ruling] The refuser's character steps back: he does not fight this
    // round, and his Ld (9) may not be used for the break test.
    let a = unit("attacker", 10, 5, 3, 3, "standard = true") + &hero("attacker", 5, 8, 0);
    let d = unit("defender", 10, 5, 3, 1, "") + &hero("defender", 4, 9, 0);
    let c = combat(
        &a,
        &d,
        "charger = \"none\"\nrounds = 1\nchallenge = \"attacker\"\nrefuse_challenge = true",
    );
    let mut fate = Scripted {
        kills: vec![2],
        fail_tests: true,
        ..Scripted::default()
    };
    c.fight(&mut fate);
    assert!(
        fate.strikes
            .iter()
            .all(|s| s.1 != StepKind::Character(0) || s.0 == 0),
        "{:?}",
        fate.strikes
    );
    assert!(fate.duels_seen.is_empty());
    assert_eq!(fate.tests[0].ld, 7);
}

#[test]
fn a_challenge_goes_on_until_a_fighter_falls() {
    // Two heroes trade blows without harm in round 1 and fight on in round
    // 2, where the attacker's hero (I5, striking first) slays the defender's
    // (W2), who does not strike back; round 3 brings a new challenge with
    // the defender's champion.
    let a = unit("attacker", 10, 5, 3, 1, "") + &hero("attacker", 5, 8, 0);
    let d = unit("defender", 10, 5, 3, 3, "champion = true") + &hero("defender", 4, 8, 0);
    let c = combat(
        &a,
        &d,
        "charger = \"none\"\nrounds = 3\nchallenge = \"attacker\"",
    );
    let mut fate = Scripted {
        duel_wounds: vec![0, 0, 2],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(record.rounds.len(), 3);
    // Rounds 1 and 2: hero against hero (W2 each); round 3: hero against the
    // champion (W1).
    assert_eq!(fate.duels_seen[..3], [2, 2, 2]);
    assert_eq!(record.characters_slain[..2], [0, 1]);
    // Round 3: the attacker's hero at the defender's champion (W1), and back.
    assert_eq!(fate.duels_seen[3..], [1, 2]);
}

#[test]
fn attacks_can_be_declared_at_a_champion() {
    // RULES.md: attacks against a champion must be declared. The attacker's
    // 5 front-rank attacks: 2 at the defender's champion (who falls), 3 at
    // the rank and file.
    let d = unit(
        "defender",
        10,
        5,
        3,
        1,
        "champion = true\nattacks_on_champion = 2",
    );
    let c = combat(&unit("attacker", 10, 5, 3, 3, ""), &d, ENGAGED);
    // The strike at the rank and file comes first (no kills), then the one
    // at the champion (slays him).
    let mut fate = Scripted {
        kills: vec![0, 1],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    let at_champion = (0..fate.strikes.len())
        .find(|&i| fate.targets[i] == Target::Champion)
        .expect("a strike at the champion");
    assert_eq!(fate.strikes[at_champion], (0, StepKind::RankAndFile, 2));
    let at_ranks = (0..fate.strikes.len())
        .find(|&i| fate.strikes[i].0 == 0 && fate.targets[i] == Target::RankAndFile)
        .unwrap();
    assert_eq!(fate.strikes[at_ranks].2, 3);
    // The champion fell before striking: his attacks are gone.
    assert!(
        !fate.strikes.iter().any(|s| s.1 == StepKind::Champion),
        "{:?}",
        fate.strikes
    );
    assert_eq!(record.casualties[1], 1);
}

/// A further unit (`[[unit]]`, profile as [`unit`]'s) with `place` lines.
pub(crate) fn more(models: u32, frontage: u32, i: u8, place: &str) -> String {
    format!(
        "[[unit]]\nname = \"more\"\nmodels = {models}\nfrontage = {frontage}\n{place}\n\
         [unit.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = {i}\na = 1\nld = 7\n"
    )
}

const FLANK_CHARGE: &str = "side = \"attacker\"\nfacing = \"flank\"\ncharges = true\ndistance = 5";
pub(crate) const IN_FLANK: &str = "side = \"attacker\"\nfacing = \"flank\"";

#[test]
fn a_second_unit_charging_the_flank_joins_the_fight() {
    // Seed 002: several units in one combat. 10 attackers charge 20
    // defenders' front while 5 more charge their flank.
    let d = unit("defender", 20, 5, 3, 3, "") + &more(5, 5, 3, FLANK_CHARGE);
    let c = combat(&unit("attacker", 10, 5, 3, 3, ""), &d, CHARGE);
    let mut fate = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    // Both chargers strike first: 5 at the front; the flanker's 5 wide face
    // the defender's 4 ranks. The defender strikes back with its front (5)
    // and, at the flank, its 4 ranks less the front rank's end model (3).
    assert_eq!(
        fate.by_unit,
        vec![(0, 1, 5), (2, 1, 4), (1, 0, 5), (1, 2, 3)]
    );
    // No wounds. Attacker: the best ranks (+1, the 10 five wide) + flank
    // (+1, US 5) = 2. Defender: ranks lost to the US 5 flanker, outnumbers
    // 20 to 15: 1. The defender loses by 1, breaks; both chargers, all
    // their foes broken, pursue.
    assert_eq!(fate.tests.len(), 1);
    assert_eq!(fate.pursuers, vec![2]);
    assert_eq!(
        record.end,
        End::Broke {
            loser: 1,
            caught: false
        }
    );
    assert_eq!(record.units[1], UnitEnd::Broke);
    // Without the flanker the defender's 3 ranks and outnumbering win.
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &unit("defender", 20, 5, 3, 3, ""),
        CHARGE,
    );
    let mut fate = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    assert_eq!(
        c.fight(&mut fate).end,
        End::Broke {
            loser: 0,
            caught: false
        }
    );
}

#[test]
fn every_losing_unit_tests_and_only_winners_free_of_foes_pursue() {
    // RULES.md Break test, Fleeing and pursuit. The defender (I5) fights 5
    // attackers to its front and 5 in its flank, and kills 2 of each.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let d = unit("defender", 20, 5, 3, 5, "") + &more(5, 5, 1, IN_FLANK);
    let play = |passes: Vec<bool>| {
        let c = combat(&a, &d, ENGAGED);
        let mut fate = Scripted {
            kills: vec![2, 2],
            passes,
            caught: true,
            ..Scripted::default()
        };
        let record = c.fight(&mut fate);
        (record, fate)
    };
    let (record, fate) = play(vec![false, true]);
    // Survivors in contact strike: 5 - 2 at the front; 4 (the defender's
    // ranks) - 2 at the flank.
    assert_eq!(
        fate.by_unit,
        vec![(1, 0, 5), (1, 2, 3), (0, 1, 3), (2, 1, 2)]
    );
    // Defender 4 wounds + outnumber (ranks lost to the flanker, US 5 at the
    // start of the round) = 5; attacker 0 (the flanker is down to US 3: no
    // flank bonus). Both attacking units test at Ld 7; the front unit
    // breaks, so the flanker beside it then tests for panic (RULES.md
    // Panic, seed 003), at Ld 7.
    assert_eq!(fate.tests.len(), 3);
    assert!(fate.tests.iter().all(|t| t.ld == 7));
    // The flanker holds and keeps its nerve: the defender is still
    // fighting it and cannot pursue.
    assert_eq!(record.units[0], UnitEnd::Broke);
    assert_eq!(record.units[2], UnitEnd::Stands);
    assert!(fate.pursuers.is_empty());
    assert_eq!(record.end, End::Unresolved);
    // The flanker panics: it flees, and the defender, who won the round
    // and has no foe left, pursues and catches it. The front unit got away.
    let (record, fate) = play(vec![false, true, false]);
    assert_eq!(fate.tests.len(), 3);
    assert_eq!(fate.pursuers, vec![1]);
    assert_eq!(record.units[0], UnitEnd::Broke);
    assert_eq!(record.units[2], UnitEnd::CaughtFleeing);
    assert_eq!(
        record.end,
        End::Broke {
            loser: 0,
            caught: false
        }
    );
    // Both break: the defender pursues one of them (RULES.md Fleeing and
    // pursuit), [ruling] the one of greatest unit strength, ties the first
    // listed: the front unit (3 left, as the flanker). It catches it; the
    // flanker flees unpursued and gets away.
    let (record, fate) = play(vec![false, false]);
    assert_eq!(fate.pursuers, vec![1]);
    assert_eq!(record.units[0], UnitEnd::Caught);
    assert_eq!(record.units[2], UnitEnd::Broke);
    assert_eq!(
        record.end,
        End::Broke {
            loser: 0,
            caught: false
        }
    );
    // The scenario names the flanker: it is pursued and caught instead.
    let d = d.replace(
        "[defender.profile]",
        "pursuit_target = \"unit.1\"\n[defender.profile]",
    );
    let both_break = |d: &str| {
        let mut fate = Scripted {
            kills: vec![2, 2],
            passes: vec![false, false],
            caught: true,
            ..Scripted::default()
        };
        let record = combat(&a, d, ENGAGED).fight(&mut fate);
        assert_eq!(fate.pursuers, vec![1]);
        (record.units[0], record.units[2])
    };
    assert_eq!(both_break(&d), (UnitEnd::Broke, UnitEnd::Caught));
    // The greater unit strength: the flanker of 8 (6 left) over the front
    // unit's 3.
    let d = unit("defender", 20, 5, 3, 5, "") + &more(8, 5, 1, IN_FLANK);
    assert_eq!(both_break(&d), (UnitEnd::Broke, UnitEnd::Caught));
}

#[test]
fn a_frenzied_unit_beaten_loses_its_immunity_to_panic() {
    // RULES.md Special attacks and psychology: frenzy (and the immunity to
    // psychology it gives) is lost with a lost round, before the break
    // test. The front unit breaks and the frenzied flanker beside it, who
    // lost the round too and held, tests for panic; a flanker immune to
    // psychology does not.
    let tests_with = |rules: &str| {
        let flanker = format!("{IN_FLANK}\nrules = [\"{rules}\"]");
        let d = unit("defender", 20, 5, 3, 5, "") + &more(5, 5, 1, &flanker);
        let c = combat(&unit("attacker", 5, 5, 3, 1, ""), &d, ENGAGED);
        let mut fate = Scripted {
            kills: vec![2, 2],
            passes: vec![false, true, true],
            ..Scripted::default()
        };
        c.fight(&mut fate);
        fate.tests.len()
    };
    assert_eq!(tests_with("frenzy"), 3);
    assert_eq!(tests_with("immune-to-psychology"), 2);
}

#[test]
fn a_fleeing_general_lends_no_ld_to_the_rally() {
    // Seed 004: the General's Ld counts only while he is not fleeing. The
    // front unit and the flanker (Ld 7, the General's 9 in range) both
    // break and escape: the flanker rallies on 9, or on its own 7 if the
    // General was with the front unit, which fled too.
    let rally_ld = |general: &str| {
        let a = unit("attacker", 5, 5, 3, 1, general);
        let flanker = format!("{IN_FLANK}\ngeneral_ld = 9");
        let d = unit("defender", 20, 5, 3, 5, "") + &more(5, 5, 1, &flanker);
        let c = combat(&a, &d, ENGAGED);
        let mut fate = Scripted {
            kills: vec![1, 1],
            passes: vec![false, false],
            ..Scripted::default()
        };
        let record = c.fight(&mut fate);
        assert_eq!(
            (record.units[0], record.units[2]),
            (UnitEnd::Broke, UnitEnd::Broke)
        );
        record.rally_ld[2]
    };
    assert_eq!(rally_ld(""), 9);
    assert_eq!(rally_ld("general = true"), 7);
}

#[test]
fn a_friend_tests_only_within_reach_of_the_unit_that_broke() {
    // RULES.md Panic: a friend within 15 cm of a unit of its side that
    // broke tests. The front unit breaks, the flanker holds: a friend 5 cm
    // from the flanker but 20 cm from the front unit does not test; 5 cm
    // from the front unit, it does; one distance to both, as before, too.
    let tested = |distance: &str| {
        let a = unit("attacker", 5, 5, 3, 1, "");
        let d = unit("defender", 20, 5, 3, 5, "") + &more(5, 5, 1, IN_FLANK);
        let friend =
            format!("[[friend]]\nside = \"attacker\"\nunit_strength = 10\nld = 7\n{distance}\n");
        let c = combat(&a, &(d + &friend), ENGAGED);
        let mut fate = Scripted {
            kills: vec![2, 2],
            passes: vec![false, true, true],
            ..Scripted::default()
        };
        let record = c.fight(&mut fate);
        assert_eq!(
            (record.units[0], record.units[2]),
            (UnitEnd::Broke, UnitEnd::Stands)
        );
        record.friends_tested == 1
    };
    assert!(!tested("distances = { attacker = 20, \"unit.1\" = 5 }"));
    assert!(tested("distances = { attacker = 5, \"unit.1\" = 20 }"));
    assert!(tested("distance = 5"));
}

#[test]
fn an_engaged_unit_charged_in_the_flank_tests_for_panic() {
    // RULES.md Panic, seed 003: engaged and charged in the flank by US 5+.
    let d = unit("defender", 20, 5, 3, 3, "") + &more(5, 5, 3, FLANK_CHARGE);
    let c = combat(&unit("attacker", 10, 5, 3, 3, ""), &d, ENGAGED);
    let mut fate = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(fate.tests.len(), 1);
    assert_eq!(record.end, End::TargetFled);
    assert_eq!(record.units[1], UnitEnd::Fled);
    assert_eq!(fate.catchers, vec![1]);
    // US 4: no test.
    let d = unit("defender", 20, 5, 3, 3, "") + &more(4, 4, 3, FLANK_CHARGE);
    let c = combat(&unit("attacker", 10, 5, 3, 3, ""), &d, ENGAGED);
    let mut fate = Scripted::default();
    assert_ne!(c.fight(&mut fate).end, End::TargetFled);
    assert!(fate.catchers.is_empty());
}

#[test]
fn a_unit_panicking_out_of_a_combat_is_pursued_by_last_rounds_winner() {
    // Seed 003: a unit that flees a combat through panic may be pursued by
    // the enemy it fought if that enemy won the previous round. The
    // attacker (M10, 5D6) fought the defender and won; a flanker 5 cm away
    // (range 20) charges; the defender panics and flees 5D6: caught if the
    // roll is 15 or less (the flanker) or the attacker's 5D6 is at least it.
    let d = unit("defender", 20, 5, 3, 3, "") + &more(5, 5, 3, FLANK_CHARGE);
    let a = unit("attacker", 10, 5, 3, 3, "");
    let won = |w: &str| format!("{ENGAGED}\nlast_round_winner = \"{w}\"");
    let c = combat(&a, &d, &won("attacker"));
    let mut fate = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    c.fight(&mut fate);
    assert_eq!(
        (fate.catchers.clone(), fate.pursuers.clone()),
        (vec![1], vec![1])
    );
    // The defender won the last round: only the charger can catch it.
    let mut fate = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    combat(&a, &d, &won("defender")).fight(&mut fate);
    assert!(fate.pursuers.is_empty());
    // Exact: sum over the flee roll x of P(x) (1 if x <= 15, else P(5D6 >= x)).
    let five = |k: u32| (0..5).map(|i| k / 6u32.pow(i) % 6 + 1).sum::<u32>();
    let mut counts = [0u32; 31];
    for k in 0..6u32.pow(5) {
        counts[five(k) as usize] += 1;
    }
    let at_least = |x: usize| counts[x..].iter().sum::<u32>() as f64 / 7776.0;
    let expected: f64 = (5..=30)
        .map(|x| counts[x] as f64 / 7776.0 * if x <= 15 { 1.0 } else { at_least(x) })
        .sum();
    let records = exact_records(&c.with_rounds(1)).unwrap();
    let caught: f64 = records
        .iter()
        .filter(|(r, _)| r.units[1] == UnitEnd::CaughtFleeing)
        .map(|(_, p)| p)
        .sum();
    // P(panic test failed) = P(2D6 > 7) = 15/36.
    assert!((caught - 15.0 / 36.0 * expected).abs() < 1e-12, "{caught}");
    // Only a fight under way has a last round.
    let text = format!(
        "name = \"t\"\n{a}\n{}\n[situation]\n{CHARGE}\nlast_round_winner = \"attacker\"\n",
        unit("defender", 5, 5, 3, 3, "")
    );
    let file: ScenarioFile = parse(&text, "t.toml").unwrap();
    let err = file.combat(Path::new(".")).unwrap_err().to_string();
    assert!(err.contains("situation.last_round_winner"), "{err}");
}

#[test]
fn a_unit_fleeing_two_chargers_is_caught_by_either() {
    // RULES.md Charges: caught if distance + flee roll <= the charge range.
    // The front charger (M10, range 20) is 20 cm away and cannot catch; the
    // flanker 5 cm away catches a 5D6 flee of 15 or less.
    let d = unit("defender", 10, 5, 3, 3, "") + &more(5, 5, 3, FLANK_CHARGE);
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &d,
        "charger = \"attacker\"\ndistance = 20\nreaction = \"flee\"\nrounds = 1",
    );
    let records = exact_records(&c).unwrap();
    let caught: f64 = records
        .iter()
        .filter(|(r, _)| r.end == End::TargetCaught)
        .map(|(_, p)| p)
        .sum();
    let mut hits = 0;
    for k in 0..6u32.pow(5) {
        let total: u32 = (0..5).map(|i| k / 6u32.pow(i) % 6 + 1).sum();
        hits += u32::from(total <= 15);
    }
    assert!(
        (caught - f64::from(hits) / 7776.0).abs() < 1e-12,
        "{caught}"
    );
    // The front charger alone never catches it.
    let c = combat(
        &unit("attacker", 10, 5, 3, 3, ""),
        &unit("defender", 10, 5, 3, 3, ""),
        "charger = \"attacker\"\ndistance = 20\nreaction = \"flee\"\nrounds = 1",
    );
    assert!(exact_records(&c)
        .unwrap()
        .iter()
        .all(|(r, _)| r.end == End::TargetFled));
}

#[test]
fn the_others_fight_on_when_a_charged_unit_flees() {
    // Four units: the defender's second unit already fights the attacker's
    // flank; the attacker's second unit charges the defender's flank, and
    // the defender, failing its panic test (seed 003), flees. The attacker
    // and the defender's second unit fight on.
    let engaged = "side = \"defender\"\nfacing = \"flank\"";
    let d =
        unit("defender", 20, 5, 3, 3, "") + &more(5, 5, 3, engaged) + &more(5, 5, 3, FLANK_CHARGE);
    let c = combat(&unit("attacker", 10, 5, 3, 3, ""), &d, ENGAGED);
    let mut fate = Scripted {
        passes: vec![false],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(record.units[1], UnitEnd::Fled);
    assert_eq!(record.rounds.len(), 1);
    assert_ne!(record.end, End::TargetFled);
    assert!(!fate.by_unit.is_empty());
    assert!(
        fate.by_unit
            .iter()
            .all(|&(u, foe, _)| [(0, 2), (2, 0)].contains(&(u, foe))),
        "{:?}",
        fate.by_unit
    );
}
