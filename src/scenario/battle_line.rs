//! Battle-line files (`query = "panic"`): one side's units, where they
//! stand, and the event that starts the panic (RULES.md Panic). Every error
//! names the file's key (`unit.2.x`, as `--set` names it) and the accepted values.
//!
//! ```toml
//! query = "panic"
//! name = "Two fleeing cavalry units beside 15 Spearmen"
//! turns = 1                            # later starts of the side's turn
//! fleeing_friends_equal_panics = false # [ruling] seed 004's reading
//! musician_rallies = false             # [ruling] a later edition's +1
//!
//! [event]
//! kind = "fleeing"    # broken, destroyed, caught, shot, fleeing
//! # unit = "Spearmen" # the unit it happens to (not for fleeing)
//! # from = [0, 30]    # the enemy or shooters (broken, shot)
//! # casualties = 4    # shot: models lost
//! # pursuer_move = 10 # broken: the pursuer's M (cm)
//!
//! [[unit]]
//! name = "Spearmen"
//! profile_file = "../profiles/empire_spearman.toml"   # or unit_strength + ld
//! models = 15          # at the start of the battle
//! # standing = 15      # models standing now
//! frontage = 5         # models in the front rank
//! # base = [20, 20]    # mm, by troop type if not given
//! x = 0                # the front edge's centre (cm)
//! y = 0
//! facing = 0           # degrees clockwise from up the table
//! # fleeing = true     # fleeing at the start; it runs the way it faces
//! ```

use super::combat::Count;
use super::friend::FriendSpec;
use super::part::unit_table;
use crate::error::{check_range, InputError};
use crate::profile::Ranged;
use crate::query::panic::{BattleLine, Event, LineUnit};
use crate::rules::leadership::with_general;
use crate::rules::measure::{base_mm, Footprint};
use crate::rules::movement::flee_roll;
use crate::rules::panic::{destruction_causes_panic, rout_panics, PanicKinds, Rout};
use crate::rules::profile::{unit_strength, TroopType};
use crate::rules::rally::rally_ld;
use crate::rules::special::Psychology;
use crate::rules::Edition;
use crate::text;
use serde::Deserialize;
use std::path::Path;

/// A battle-line file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleLineFile {
    /// Always "panic".
    pub query: String,
    /// Its name.
    pub name: Option<String>,
    /// What it shows.
    pub description: Option<String>,
    /// Later starts of the side's turn to play.
    #[serde(default = "one_turn")]
    pub turns: Count<0, 6>,
    /// **\[ruling\]** fleeing friends of equal unit strength cause panic.
    #[serde(default)]
    pub fleeing_friends_equal_panics: bool,
    /// **\[ruling\]** a musician adds 1 to rally.
    #[serde(default)]
    pub musician_rallies: bool,
    /// Distances in inches.
    #[serde(default)]
    pub inches: bool,
    /// What starts it.
    pub event: EventSpec,
    /// The units.
    pub unit: Vec<LineUnitSpec>,
}

fn one_turn() -> Count<0, 6> {
    Count(1)
}

/// The `[event]` table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSpec {
    /// What happens.
    pub kind: EventKind,
    /// The unit it happens to, by name.
    pub unit: Option<String>,
    /// Where the enemy or shooters stand.
    pub from: Option<[f64; 2]>,
    /// Models lost to shooting.
    pub casualties: Option<Count<1, 500>>,
    /// The pursuer's M (cm).
    pub pursuer_move: Option<f64>,
    /// The pursuer flies.
    #[serde(default)]
    pub pursuer_flies: bool,
}

/// The event's kind.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// Breaks in close combat.
    #[serde(alias = "desmoralizada")]
    Broken,
    /// Destroyed in close combat.
    #[serde(alias = "destruida")]
    Destroyed,
    /// Caught fleeing a charge.
    #[serde(alias = "atrapada")]
    Caught,
    /// Loses models to shooting.
    #[serde(alias = "disparada")]
    Shot,
    /// Units already fleeing at the start of the turn.
    #[serde(alias = "huyendo")]
    Fleeing,
}

unit_table! {
    /// One `[[unit]]` table: its unit as a fight's unit table gives it (a
    /// roster's unit, a profile file, the profile keys), or just its `ld`
    /// and `unit_strength` or models (`move`, `wounds` and `flies` for its
    /// flight).
    #[expecting = "a battle line's unit table"]
    pub struct LineUnitSpec {
        /// Models at the start of the battle.
        pub models: Option<Count<1, 500>>,
        /// Models standing now.
        pub standing: Option<Count<1, 500>>,
        /// Its unit strength (without a profile).
        pub unit_strength: Option<Count<1, 2000>>,
        /// Its Ld (without a profile).
        pub ld: Option<Ranged<2, 10>>,
        /// Its M in cm (without a profile; 10 if not given).
        #[serde(rename = "move")]
        pub movement: Option<f64>,
        /// Wounds of each model (without a profile; 1 if not given).
        pub wounds: Option<Ranged<1, 10>>,
        /// The General's Ld, within 30 cm (while he is not fleeing).
        pub general_ld: Option<Ranged<1, 10>>,
        /// The General is with this unit: while it flees the others'
        /// `general_ld` does not count.
        #[serde(default)]
        pub general: bool,
        /// A musician.
        #[serde(default)]
        pub musician: bool,
        /// The front edge's centre, x.
        pub x: Option<f64>,
        /// The front edge's centre, y.
        pub y: Option<f64>,
        /// Degrees clockwise from up the table.
        #[serde(default)]
        pub facing: f64,
        /// Models in the front rank.
        pub frontage: Option<Count<1, 100>>,
        /// Base width and depth, mm.
        pub base: Option<[f64; 2]>,
        /// Fleeing at the start.
        #[serde(default)]
        pub fleeing: bool,
    }
}

impl BattleLineFile {
    /// The battle line, checked (`dir` is where profile files are read).
    pub fn line(&self, dir: &Path) -> Result<BattleLine, InputError> {
        let edition = match self.inches {
            true => Edition::Imperial,
            false => Edition::Metric,
        };
        let units = self
            .unit
            .iter()
            .enumerate()
            .map(|(i, u)| {
                u.unit(
                    dir,
                    &crate::error::entry("unit", i),
                    edition,
                    self.musician_rallies,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let units = spared(units);
        let line = BattleLine {
            name: self
                .name
                .clone()
                .unwrap_or_else(|| "battle line".into())
                .into(),
            event: self.event.event(&units, edition)?,
            units,
            turns: u8::try_from(self.turns.0).unwrap_or(u8::MAX),
            fleeing_friends_equal_panics: self.fleeing_friends_equal_panics,
            edition,
            general: self.general()?,
        };
        line.validate()?;
        Ok(line)
    }
}

/// The line's units, each told whose rout spares it a panic test
/// (RULES.md Panic, "Friends who cause no panic").
fn spared(units: Vec<(LineUnit, PanicKinds)>) -> Vec<LineUnit> {
    let kinds: Vec<PanicKinds> = units.iter().map(|(_, k)| k.clone()).collect();
    units
        .into_iter()
        .map(|(mut unit, own)| {
            for rout in [Rout::Fled, Rout::Destroyed] {
                unit.spared_by[rout as usize] = (0..kinds.len())
                    .filter(|&u| !rout_panics(&kinds[u], &own, rout))
                    .fold(0, |bits, u| bits | 1 << u);
            }
            unit
        })
        .collect()
}

/// A coordinate key, checked finite and on the table.
fn coordinate(v: Option<f64>, field: &str, edition: Edition) -> Result<f64, InputError> {
    let (most, unit) = (edition.max_distance(), edition.unit());
    let v = v.ok_or_else(|| {
        InputError::new(
            field,
            text!("missing (accepted: {} to {} {})", -most, most, unit),
        )
    })?;
    check_range(field, v, -most, most, false, unit)?;
    Ok(v)
}

/// An M in cm a flee or pursuit roll is read from: 1 to 50.
fn movement(m: f64, field: &str) -> Result<f64, InputError> {
    check_range(field, m, 1.0, 50.0, false, "cm")?;
    Ok(m)
}

impl EventSpec {
    fn event(&self, units: &[LineUnit], edition: Edition) -> Result<Event, InputError> {
        let only = |key: &str, given: bool, kinds: &str| match given {
            true => Err(InputError::new(
                format!("event.{key}"),
                text!("not for this kind (accepted: only with kind = {})", kinds),
            )),
            false => Ok(()),
        };
        let kind = self.kind;
        only(
            "from",
            self.from.is_some() && !matches!(kind, EventKind::Broken | EventKind::Shot),
            "broken or shot",
        )?;
        only(
            "casualties",
            self.casualties.is_some() && kind != EventKind::Shot,
            "shot",
        )?;
        only(
            "pursuer_move",
            self.pursuer_move.is_some() && kind != EventKind::Broken,
            "broken",
        )?;
        if kind == EventKind::Fleeing {
            only(
                "unit",
                self.unit.is_some(),
                "broken, destroyed, caught or shot; for fleeing set fleeing = true on units",
            )?;
            return Ok(Event::Fleeing);
        }
        // A file's units' names, kept as written.
        let names: Vec<String> = units.iter().map(|u| u.name.to_string()).collect();
        let unit = match &self.unit {
            Some(name) => names.iter().position(|n| n == name).ok_or_else(|| {
                InputError::new(
                    "event.unit",
                    text!(
                        "{} is not a unit of the line (accepted: {})",
                        name,
                        names.join(", ")
                    ),
                )
            })?,
            None => {
                return Err(InputError::new(
                    "event.unit",
                    text!("missing (accepted: {})", names.join(", ")),
                ))
            }
        };
        // The enemy or shooters: as given, else straight ahead of the unit.
        let cause = match self.from {
            Some([x, y]) => (
                coordinate(Some(x), "event.from", edition)?,
                coordinate(Some(y), "event.from", edition)?,
            ),
            None => {
                let at = units[unit].at;
                let (ax, ay) = at.ahead();
                (at.x + ax * 10.0, at.y + ay * 10.0)
            }
        };
        Ok(match kind {
            EventKind::Broken => Event::Broken {
                unit,
                cause,
                pursuit: match self.pursuer_move {
                    Some(m) => {
                        let m = movement(m, "event.pursuer_move")?;
                        Some(flee_roll(
                            edition.move_from_cm(m),
                            self.pursuer_flies,
                            edition,
                        ))
                    }
                    None => None,
                },
            },
            EventKind::Destroyed => Event::Destroyed { unit },
            EventKind::Caught => Event::Caught { unit },
            EventKind::Shot => Event::Shot {
                unit,
                cause,
                casualties: self
                    .casualties
                    .ok_or_else(|| {
                        InputError::new(
                            "event.casualties",
                            text!("missing (accepted: 1 to the models standing)"),
                        )
                    })?
                    .0,
            },
            EventKind::Fleeing => Event::Fleeing,
        })
    }
}

impl LineUnitSpec {
    fn unit(
        &self,
        dir: &Path,
        field: &str,
        edition: Edition,
        musician_rallies: bool,
    ) -> Result<(LineUnit, PanicKinds), InputError> {
        let key = |k: &str| format!("{field}.{k}");
        let models = self
            .models
            .ok_or_else(|| InputError::new(key("models"), text!("missing (accepted: 1 to 500)")))?
            .0;
        let standing = self.standing.map_or(models, |s| s.0);
        if standing > models {
            return Err(InputError::new(
                key("standing"),
                text!(
                    "{} is out of range (accepted: 1 to {}, the models it began with)",
                    standing,
                    models
                ),
            ));
        }
        let r = match self.part.has_profile() {
            true => self.with_profile(dir, field, standing)?,
            false => self.without_profile(field, standing)?,
        };
        check_range(&key("facing"), self.facing, -360.0, 360.0, false, "degrees")?;
        let base = self.base.unwrap_or_else(|| base_mm(r.troop));
        if base
            .iter()
            .any(|b| !b.is_finite() || !(5.0..=300.0).contains(b))
        {
            return Err(InputError::new(
                key("base"),
                text!(
                    "{} is out of range (accepted: two sizes from 5 to 300 mm)",
                    format!("{:?}", base)
                ),
            ));
        }
        let frontage = self.frontage.map_or(5.min(standing), |f| f.0);
        let at = Footprint::of_ranks(
            coordinate(self.x, &key("x"), edition)?,
            coordinate(self.y, &key("y"), edition)?,
            self.facing,
            standing,
            frontage,
            base.map(|b| edition.from_cm(b / 10.0)),
        );
        let ld = with_general(r.ld, self.general_ld.map(|g| g.0), r.psychology.independent);
        let line_unit = LineUnit {
            models,
            standing,
            unit_strength: r.unit_strength,
            ld,
            rally_ld: rally_ld(ld, self.musician, musician_rallies),
            without_general: (r.ld, rally_ld(r.ld, self.musician, musician_rallies)),
            tests: r.psychology.panics(),
            unbreakable: r.psychology.never_flees(),
            cold_blooded: r.psychology.cold_blooded,
            flee: flee_roll(edition.move_from_cm(r.m), r.flies, edition),
            panics_when_destroyed: destruction_causes_panic(standing, r.wounds),
            name: r.name.into(),
            at,
            fleeing: self.fleeing,
            spared_by: [0; 2],
        };
        Ok((line_unit, r.panic))
    }

    /// What a profile says, read as a friend near a fight reads it.
    fn with_profile(&self, dir: &Path, field: &str, standing: u32) -> Result<Reading, InputError> {
        for (k, given) in [
            ("move", self.movement.is_some()),
            ("wounds", self.wounds.is_some()),
        ] {
            if given {
                return Err(InputError::new(
                    format!("{field}.{k}"),
                    text!("comes from the profile (accepted: only without a profile)"),
                ));
            }
        }
        let spec = FriendSpec {
            part: self.part.clone(),
            side: None,
            models: Some(Count(standing)),
            unit_strength: self.unit_strength,
            ld: self.ld,
            // Added by the caller: the General's Ld counts only while he
            // is not fleeing.
            general_ld: None,
            distance: None,
            distances: None,
        };
        let body = spec.body(dir, field)?;
        let unit = body
            .unit
            .ok_or_else(|| InputError::new(field, text!("no profile")))?;
        Ok(Reading {
            name: body.name,
            unit_strength: body.unit_strength,
            ld: body.ld,
            psychology: body.psychology,
            panic: body.panic,
            m: unit.profile.m,
            flies: unit.flies,
            wounds: unit.profile.w,
            troop: unit.troop,
        })
    }

    /// What the keys say: `ld`, and `unit_strength` or models by type.
    fn without_profile(&self, field: &str, standing: u32) -> Result<Reading, InputError> {
        let ld = self.ld.ok_or_else(|| {
            InputError::new(
                format!("{field}.ld"),
                text!("missing (accepted: 2 to 10; or a profile_file or [profile])"),
            )
        })?;
        // With a profile, the friend's reading refuses them.
        self.part.refuse_fighting_keys(field)?;
        let troop = self.part.troop.unwrap_or_default();
        let wounds = self.wounds.map_or(1, |w| w.0);
        let per_model = match self.part.unit_strength_per_model {
            Some(us) => u32::from(us.0),
            None => unit_strength(troop, wounds, 0),
        };
        let us = match self.unit_strength {
            Some(us) => us.0,
            None => standing * per_model,
        };
        let m = movement(self.movement.unwrap_or(10.0), &format!("{field}.move"))?;
        let ld = ld.0;
        let name = self.part.name.clone().unwrap_or_else(|| field.to_string());
        Ok(Reading {
            name,
            unit_strength: us,
            ld,
            psychology: Psychology::new(&self.part.rules),
            panic: self.part.panic.clone().unwrap_or_default(),
            m,
            flies: self.part.flies.unwrap_or(false),
            wounds,
            troop,
        })
    }
}

impl BattleLineFile {
    /// The unit the General is with (`general = true`): one at most.
    fn general(&self) -> Result<Option<usize>, InputError> {
        let mut with = (0..self.unit.len()).filter(|&i| self.unit[i].general);
        let first = with.next();
        if let Some(second) = with.next() {
            return Err(InputError::new(
                format!("{}.general", crate::error::entry("unit", second)),
                text!("the General is already with another unit (accepted: general = true on one unit)"),
            ));
        }
        Ok(first)
    }
}

/// What panic and flight read of a unit.
struct Reading {
    name: String,
    unit_strength: u32,
    ld: u8,
    psychology: Psychology,
    /// Its kinds and whose rout it ignores (RULES.md Panic).
    panic: PanicKinds,
    /// M in cm.
    m: f64,
    flies: bool,
    wounds: u8,
    troop: TroopType,
}
