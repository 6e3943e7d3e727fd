//! The battle line's engines: one tally [`Layout`] that a played line's
//! [`Trace`] fills, the exact enumeration of every choice
//! ([`exact_cells`]) and the Monte Carlo kernel ([`LineKernel`]), both
//! playing [`cascade::play`](super::cascade::play).

use super::cascade::{play, LineFate, Stage, Trace};
use super::BattleLine;
use crate::combat::engines::{roll_test, Rolls};
use crate::dice::{DiceSource, Roll};
use crate::exact::leadership::p_pass;
use crate::exact::tree::enumerate_choices;
use crate::exact::Pmf;
use crate::rules::leadership::LeadershipTest;
use crate::rules::movement::pursuit_catches;
use crate::sim::Kernel;
use std::borrow::Cow;
use std::cell::Cell;

/// The work of looking at one distance of a run: a gap between two
/// rectangles is some 60 point-to-edge distances, where a choice is a few
/// steps (callgrind on the shipped lines).
const DISTANCE_WORK: u64 = 20;

/// The most work the exact enumeration does over all its runs (choices
/// made and distances looked at; about a second on this machine); past it
/// the exact engine declines.
pub const EXACT_BUDGET: u64 = 25_000_000;

/// What a unit did by the end of a stage, a tally cell each (in the
/// order of the variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Did {
    /// Took a panic test.
    Tested,
    /// Fled.
    Fled,
    /// Is fleeing.
    Fleeing,
    /// Rallied.
    Rallied,
}

impl Did {
    /// In cell order.
    pub(super) const ALL: [Did; 4] = [Did::Tested, Did::Fled, Did::Fleeing, Did::Rallied];

    fn bits(self, s: &Stage) -> u16 {
        match self {
            Did::Tested => s.tested,
            Did::Fled => s.fled,
            Did::Fleeing => s.fleeing,
            Did::Rallied => s.rallied,
        }
    }
}

/// Where each count lives: per stage and unit a cell per [`Did`], then the
/// number of units fleeing at the end, 0 to n.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    units: usize,
    stages: usize,
}

impl Layout {
    pub(super) fn new(line: &BattleLine) -> Self {
        Layout {
            units: line.units.len(),
            stages: line.stages(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.stages * self.units * Did::ALL.len() + self.units + 1
    }

    /// The cell of unit `u` having done `did` by the end of `stage`.
    pub(super) fn cell(&self, stage: usize, u: usize, did: Did) -> usize {
        (stage * self.units + u) * Did::ALL.len() + did as usize
    }

    /// The cell of `k` units fleeing at the end.
    pub(super) fn fleeing_count(&self, k: usize) -> usize {
        self.stages * self.units * Did::ALL.len() + k
    }

    /// Calls `bump(cell)` for every cell `trace` falls in.
    pub(super) fn add(&self, trace: &Trace, mut bump: impl FnMut(usize)) {
        for (s, stage) in trace.iter().enumerate() {
            for did in Did::ALL {
                let bits = did.bits(stage);
                for u in (0..self.units).filter(|u| bits & 1 << u != 0) {
                    bump(self.cell(s, u, did));
                }
            }
        }
        let last = trace.last().map_or(0, |s| s.fleeing.count_ones());
        bump(self.fleeing_count(last as usize));
    }
}

/// The exact fate: each test a choice of pass or fail, each question of a
/// run a choice of its answers, each with its probability.
struct ExactLine<'a> {
    choose: &'a mut dyn FnMut(&[f64]) -> usize,
    /// Work done so far: choices and distances looked at.
    work: &'a Cell<u64>,
    /// P(pass) of a plain test by Ld.
    pass: &'a [f64],
    /// Each roll's totals: the roll, its least total, P(each total).
    rolls: &'a [(Roll, i64, Vec<f64>)],
}

/// The distances a unit may have run, from `least`, and their
/// probabilities (summing to 1).
#[derive(Clone, Debug)]
struct Spread {
    least: i64,
    p: Vec<f64>,
}

impl Spread {
    fn totals(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        let least = self.least;
        self.p
            .iter()
            .enumerate()
            .map(move |(k, &p)| ((least + k as i64) as f64, p))
    }
}

impl<'a> ExactLine<'a> {
    /// `roll`'s least total and P(each total), prepared or worked out.
    fn totals_of(&self, roll: &Roll) -> (i64, Cow<'a, [f64]>) {
        let rolls: &'a [(Roll, i64, Vec<f64>)] = self.rolls;
        match rolls.iter().find(|r| r.0.same_as(roll)) {
            Some((_, least, p)) => (*least, Cow::Borrowed(p)),
            None => {
                let (least, p) = totals(roll);
                (least, Cow::Owned(p))
            }
        }
    }

    /// Chooses whether an event happens that has P(`weight(d).0`) at
    /// each distance `d` (and P(`weight(d).1`) of not happening, given
    /// apart so that no probability is a difference of two near 1);
    /// `spread` becomes the distances given the answer.
    fn split(&mut self, spread: &mut Spread, weight: impl Fn(f64) -> (f64, f64)) -> bool {
        self.work
            .set(self.work.get() + DISTANCE_WORK * spread.p.len() as u64);
        let (yes, no): (Vec<f64>, Vec<f64>) = spread
            .totals()
            .map(|(d, p)| {
                let (w, not) = weight(d);
                (p * w, p * not)
            })
            .unzip();
        let (p_yes, p_no) = (yes.iter().sum::<f64>(), no.iter().sum::<f64>());
        let answer = match (p_yes > 0.0, p_no > 0.0) {
            (true, true) => (self.choose)(&[p_yes, p_no]) == 0,
            (yes, _) => yes,
        };
        let (kept, total) = match answer {
            true => (yes, p_yes),
            false => (no, p_no),
        };
        spread.p = kept.into_iter().map(|q| q / total).collect();
        answer
    }
}

impl LineFate for ExactLine<'_> {
    type Spread = Spread;
    fn still(&self) -> Spread {
        Spread {
            least: 0,
            p: vec![1.0],
        }
    }
    fn test(&mut self, test: &LeadershipTest) -> bool {
        let p = match *test == LeadershipTest::new(test.ld) {
            true => self.pass[usize::from(test.ld).min(self.pass.len() - 1)],
            false => p_pass(test),
        };
        (self.choose)(&[p, 1.0 - p]) == 0
    }
    fn flee(&mut self, spread: &Spread, roll: &Roll) -> Spread {
        let (least, q) = self.totals_of(roll);
        let cost = (spread.p.len() * q.len()) as u64;
        self.work.set(self.work.get() + cost);
        let mut p = vec![0.0; spread.p.len() + q.len() - 1];
        for (i, a) in spread.p.iter().enumerate().filter(|(_, a)| **a > 0.0) {
            for (j, b) in q.iter().enumerate() {
                p[i + j] += a * b;
            }
        }
        Spread {
            least: spread.least + least,
            p,
        }
    }
    fn within(&mut self, spread: &mut Spread, near: &dyn Fn(f64) -> bool) -> bool {
        self.split(spread, |d| match near(d) {
            true => (1.0, 0.0),
            false => (0.0, 1.0),
        })
    }
    fn caught(&mut self, spread: &mut Spread, pursuit: &Roll) -> bool {
        let (least, q) = self.totals_of(pursuit);
        // P(pursuit >= d), the pursuit's totals from d up, and P(< d).
        let reaches = |d: f64| {
            let from = ((d as i64 - least).max(0) as usize).min(q.len());
            (q[from..].iter().sum(), q[..from].iter().sum())
        };
        self.split(spread, reaches)
    }
    fn settle(&mut self, spread: &mut Spread) -> f64 {
        if Self::spread_len(spread) <= 1 {
            return spread.totals().find(|t| t.1 > 0.0).map_or(0.0, |t| t.0);
        }
        let k = (self.choose)(&spread.p);
        let d = (spread.least + k as i64) as f64;
        *spread = Spread {
            least: spread.least + k as i64,
            p: vec![1.0],
        };
        d
    }
    fn spread_len(spread: &Spread) -> usize {
        spread.p.iter().filter(|&&p| p > 0.0).count()
    }
}

fn totals(roll: &Roll) -> (i64, Vec<f64>) {
    let pmf = Pmf::of_roll(roll);
    (pmf.min(), pmf.iter().map(|(_, p)| p).collect())
}

/// Every roll the line may make.
fn line_rolls(line: &BattleLine) -> Vec<Roll> {
    let mut rolls: Vec<Roll> = line.units.iter().map(|u| u.flee).collect();
    if let super::Event::Broken {
        pursuit: Some(p), ..
    } = line.event
    {
        rolls.push(p);
    }
    rolls.push(LeadershipTest::new(7).roll());
    if line.units.iter().any(|u| u.cold_blooded) {
        rolls.push(LeadershipTest::on(7, true).roll());
    }
    rolls
}

/// The exact probability of every cell of `line`'s [`Layout`], or `None`
/// past `budget` choices.
pub(super) fn exact_cells(line: &BattleLine, budget: u64) -> Option<Vec<f64>> {
    let layout = Layout::new(line);
    let pass: Vec<f64> = (0..=12u8)
        .map(|ld| p_pass(&LeadershipTest::new(ld)))
        .collect();
    let mut rolls: Vec<(Roll, i64, Vec<f64>)> = Vec::new();
    for r in line_rolls(line) {
        if !rolls.iter().any(|p| p.0.same_as(&r)) {
            let (least, p) = totals(&r);
            rolls.push((r, least, p));
        }
    }
    let mut cells = vec![0.0; layout.len()];
    let work = Cell::new(0u64);
    let whole = enumerate_choices(
        |choose| {
            let mut fate = ExactLine {
                choose,
                work: &work,
                pass: &pass,
                rolls: &rolls,
            };
            play(line, &mut fate)
        },
        |trace, q| layout.add(&trace, |c| cells[c] += q),
        |used| {
            work.set(work.get() + used as u64 + 1);
            work.get() <= budget
        },
    );
    whole.then_some(cells)
}

/// The Monte Carlo fate: every test and roll drawn from the dice; a run
/// is the distance rolled.
struct RolledLine<'a, S> {
    dice: &'a mut S,
    rolls: &'a Rolls,
}

impl<S: DiceSource> LineFate for RolledLine<'_, S> {
    type Spread = f64;
    fn still(&self) -> f64 {
        0.0
    }
    fn test(&mut self, test: &LeadershipTest) -> bool {
        roll_test(self.rolls, self.dice, test)
    }
    fn flee(&mut self, run: &f64, roll: &Roll) -> f64 {
        run + f64::from(self.rolls.roll(self.dice, roll))
    }
    fn within(&mut self, run: &mut f64, near: &dyn Fn(f64) -> bool) -> bool {
        near(*run)
    }
    fn caught(&mut self, run: &mut f64, pursuit: &Roll) -> bool {
        pursuit_catches(f64::from(self.rolls.roll(self.dice, pursuit)), run.trunc())
    }
    fn settle(&mut self, run: &mut f64) -> f64 {
        *run
    }
    fn spread_len(_: &f64) -> usize {
        1
    }
}

/// One line played per trial. Tally: a count per cell of the line's
/// tally layout.
pub struct LineKernel<'a> {
    line: &'a BattleLine,
    layout: Layout,
    rolls: Rolls,
}

impl<'a> LineKernel<'a> {
    /// The kernel of `line`.
    pub fn new(line: &'a BattleLine) -> Self {
        LineKernel {
            line,
            layout: Layout::new(line),
            rolls: Rolls::of(line_rolls(line)),
        }
    }
}

impl Kernel for LineKernel<'_> {
    type Tally = Vec<u64>;

    fn tally(&self) -> Vec<u64> {
        vec![0; self.layout.len()]
    }

    fn run<S: DiceSource>(&self, mut dice: S, trials: u64, tally: &mut Vec<u64>) -> S {
        for _ in 0..trials {
            let mut fate = RolledLine {
                dice: &mut dice,
                rolls: &self.rolls,
            };
            let trace = play(self.line, &mut fate);
            self.layout.add(&trace, |c| tally[c] += 1);
        }
        dice
    }
}
