//! `mathhammer panic`: the battle line (RULES.md Panic, Fleeing and
//! pursuit; seeds 003 and 004). One side's units stand near each other;
//! an event starts it (a unit breaks or is destroyed in close combat, is
//! caught fleeing a charge, loses a share of its models to shooting, or
//! friends are already fleeing at the start of the turn). The phase's panic
//! tests follow, then, for each later start of the side's turn, the tests
//! caused by fleeing friends within 10 cm, the rallies of fleeing units and
//! the flee moves: the cascade down the line.
//!
//! The procedure is written once ([`cascade::play`]) against a
//! [`cascade::LineFate`]: the Monte Carlo engines roll every test and flee
//! roll; the exact engine enumerates its choices, a test by pass or fail,
//! and keeps a fleeing unit's run as every distance it may have run with
//! its probability, split only as far as the questions asked of it need
//! (within 10 cm of that unit, or not). A flee in the last stage, which
//! nobody measures, is not rolled at all.
//!
//! # Performance
//! The shipped lines enumerate exactly in about 10 ms. A run is settled to
//! one distance (26 totals for 5D6, 41 for 8D6) only when a unit flees from
//! it or two unsettled runs meet; past [`EXACT_BUDGET`] the exact engine
//! declines and names `--method monte-carlo`, which plays about half a
//! million lines a second per thread (BENCHMARKS.md).

use crate::text;
pub mod cascade;
mod engines;
mod figures;
mod simple;

use super::{Method, Question, Settings};
use crate::dice::Roll;
use crate::error::InputError;
use crate::plot::Figure;
use crate::report::{Key, Report, Text};
use crate::rules::leadership::LeadershipTest;
use crate::rules::measure::Footprint;
use crate::rules::Edition;

#[doc(hidden)]
pub use engines::LineKernel;
pub use engines::EXACT_BUDGET;
pub use figures::{p_flees, MEAN_FLEEING};

/// The most units a battle line holds (kept as bits).
pub const MAX_LINE_UNITS: usize = 12;
/// The most later turns a battle line plays.
pub const MAX_TURNS: u8 = 6;

/// One unit of the line.
#[derive(Clone, Debug)]
pub struct LineUnit {
    /// Its name: a file's, kept as written, or ours (`unit`).
    pub name: Text,
    /// Models it began the battle with (a unit below 25% cannot rally).
    pub models: u32,
    /// Models standing now.
    pub standing: u32,
    /// Its unit strength now.
    pub unit_strength: u32,
    /// The Ld it tests on: its own, a character's or the General's within
    /// 30 cm, the best of them.
    pub ld: u8,
    /// The Ld it rallies on (a musician's +1 under its ruling).
    pub rally_ld: u8,
    /// Its test and rally Ld while the General's unit is fleeing or
    /// destroyed: without the General's (seed 004: "si éste no está
    /// huyendo"). The same as `ld` and `rally_ld` if it does not use his.
    pub without_general: (u8, u8),
    /// It takes panic tests (not immune to psychology, not unbreakable).
    pub tests: bool,
    /// It never breaks or flees (RULES.md Break test): no event may rout it.
    pub unbreakable: bool,
    /// Cold-blooded: its tests and rallies on 3D6, the highest discarded.
    pub cold_blooded: bool,
    /// Its flee dice (5D6 / 8D6 cm, 2D6 / 3D6").
    pub flee: Roll,
    /// Destroyed, it makes friends test (not a lone model of fewer than 5
    /// Wounds).
    pub panics_when_destroyed: bool,
    /// Where it stands.
    pub at: Footprint,
    /// It is fleeing when the line is set up (its facing is the way it runs).
    pub fleeing: bool,
    /// The line's units (bits by index) whose flight, and whose
    /// destruction (by [`Rout`](crate::rules::panic::Rout)), make it take
    /// no panic test (RULES.md Panic, "Friends who cause no panic").
    pub spared_by: [u16; 2],
}

impl LineUnit {
    /// Its Ld test on `ld` (cold-blooded or not).
    pub(crate) fn ld_test(&self, ld: u8) -> LeadershipTest {
        LeadershipTest::on(ld, self.cold_blooded)
    }
}

/// What starts the cascade.
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// `unit` breaks in close combat and flees from `cause` (the enemy);
    /// with `pursuit`, the enemy's pursuit dice may catch it.
    Broken {
        /// The broken unit.
        unit: usize,
        /// Where the enemy it fled stands.
        cause: (f64, f64),
        /// The pursuer's dice, if it pursues.
        pursuit: Option<Roll>,
    },
    /// `unit` is destroyed in close combat.
    Destroyed {
        /// The destroyed unit.
        unit: usize,
    },
    /// `unit` is caught and destroyed fleeing a charge.
    Caught {
        /// The caught unit.
        unit: usize,
    },
    /// `unit` loses `casualties` models to shooting from `cause`.
    Shot {
        /// The unit shot at.
        unit: usize,
        /// Models it loses.
        casualties: u32,
        /// Where the shooters stand.
        cause: (f64, f64),
    },
    /// Units set up `fleeing` are fleeing at the start of the turn: the
    /// line begins at that start of turn.
    Fleeing,
}

impl Event {
    /// Whether the line begins with units already fleeing.
    pub fn is_fleeing(&self) -> bool {
        matches!(self, Event::Fleeing)
    }
}

/// A battle line and what happens to it.
#[derive(Clone, Debug)]
pub struct BattleLine {
    /// Its name: a file's, kept as written, or ours.
    pub name: Text,
    /// The side's units.
    pub units: Vec<LineUnit>,
    /// What starts it.
    pub event: Event,
    /// Later starts of the side's turn to play (with `Fleeing`, the first
    /// is the turn the line begins at).
    pub turns: u8,
    /// **\[ruling\]** fleeing friends of a combined unit strength equal to a
    /// unit's own make it test (seed 004), not only a greater one (seed
    /// 003, the default).
    pub fleeing_friends_equal_panics: bool,
    /// The edition's units and dice.
    pub edition: Edition,
    /// The unit the General is with: while it flees (or is destroyed) the
    /// others test and rally without his Ld. None: he is elsewhere, steady.
    pub general: Option<usize>,
}

impl BattleLine {
    /// The unit `u`'s key in reports (`unit_1`, ...).
    pub fn unit_key(u: usize) -> String {
        format!("unit_{}", u + 1)
    }

    /// The stages reported: the event's phase, then each start of turn.
    pub fn stages(&self) -> usize {
        usize::from(self.turns) + usize::from(!self.event.is_fleeing())
    }

    /// Checks what files and flags cannot: the event's unit exists, no two
    /// units overlap, some unit is fleeing for a `Fleeing` event.
    pub fn validate(&self) -> Result<(), InputError> {
        let n = self.units.len();
        if n == 0 || n > MAX_LINE_UNITS {
            return Err(InputError::new(
                "unit",
                text!("{} units (accepted: 1 to {})", n, MAX_LINE_UNITS),
            ));
        }
        if self.turns > MAX_TURNS || (self.event.is_fleeing() && self.turns == 0) {
            let least = u8::from(self.event.is_fleeing());
            return Err(InputError::new(
                "turns",
                text!(
                    "{} is out of range (accepted: {} to {})",
                    self.turns,
                    least,
                    MAX_TURNS
                ),
            ));
        }
        self.validate_event()?;
        for (i, a) in self.units.iter().enumerate() {
            for (j, b) in self.units.iter().enumerate().skip(i + 1) {
                if a.at.overlaps(&b.at, 1e-6) {
                    return Err(InputError::new(
                        crate::error::entry("unit", j),
                        text!("{} overlaps {} (accepted: units apart or touching, measured from x, y, facing, frontage and base)", &b.name, &a.name),
                    ));
                }
            }
        }
        Ok(())
    }

    fn validate_event(&self) -> Result<(), InputError> {
        if let Some(u) = self.units.iter().find(|u| u.fleeing && u.unbreakable) {
            return Err(InputError::new(
                "unit.fleeing",
                text!(
                    "{} is unbreakable and never flees (accepted: fleeing = false)",
                    &u.name
                ),
            ));
        }
        let unit = match &self.event {
            Event::Broken { unit, .. }
            | Event::Destroyed { unit }
            | Event::Caught { unit }
            | Event::Shot { unit, .. } => *unit,
            Event::Fleeing => {
                if !self.units.iter().any(|u| u.fleeing) {
                    return Err(InputError::new(
                        "event.unit",
                        text!("no unit is fleeing (accepted: fleeing = true on a unit for the event \"fleeing\")"),
                    ));
                }
                return Ok(());
            }
        };
        if unit >= self.units.len() {
            return Err(InputError::new(
                "event.unit",
                text!(
                    "{} is not a unit of the line (accepted: 1 to {})",
                    unit + 1,
                    self.units.len()
                ),
            ));
        }
        if self.units[unit].fleeing {
            return Err(InputError::new(
                "event.unit",
                text!(
                    "{} is fleeing already (accepted: a unit not fleeing)",
                    &self.units[unit].name
                ),
            ));
        }
        let routs = matches!(self.event, Event::Broken { .. } | Event::Caught { .. });
        if routs && self.units[unit].unbreakable {
            return Err(InputError::new(
                "event.kind",
                text!("{} is unbreakable: it never breaks or flees (accepted for it: destroyed, shot)", &self.units[unit].name),
            ));
        }
        if let Event::Shot { casualties, .. } = self.event {
            let standing = self.units[unit].standing;
            if casualties == 0 || casualties > standing {
                return Err(InputError::new(
                    "event.casualties",
                    text!(
                        "{} is out of range (accepted: 1 to {}, the models standing)",
                        casualties,
                        standing
                    ),
                ));
            }
        }
        Ok(())
    }

    fn summary(&self) -> Text {
        crate::text!("Battle line: {}", self.name.clone())
    }
}

impl Question for BattleLine {
    fn kind(&self) -> &'static str {
        "panic"
    }
    fn validate(&self) -> Result<(), InputError> {
        BattleLine::validate(self)
    }
    fn report(&self, settings: &Settings) -> Report {
        figures::report(self, settings)
    }
    fn figure(&self, report: &Report) -> Figure {
        figures::figure(self, report)
    }
    /// Exact if the line enumerates within its budget, else Monte Carlo,
    /// as for combat: a long line is answered, not refused.
    fn default_method(&self) -> Method {
        Method::Auto
    }
    fn headline(&self) -> Vec<Key> {
        let mut keys: Vec<Key> = (0..self.units.len()).map(p_flees).collect();
        keys.push(MEAN_FLEEING.into());
        keys
    }
}
