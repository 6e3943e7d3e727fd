//! `[[friend]]` tables: friendly units near the fight but not in it (RULES.md
//! Panic). A friend is a profile (a file or inline) and its models, or just
//! its `unit_strength` and `ld`; its `side`, its `distance` to the units of
//! its side in the fight (or `distances`, one to each unit it is near:
//! `{ attacker = 5, "unit.1" = 25 }`), the General's Ld within 30 cm, and
//! rules (immune to psychology and unbreakable units never test).

use super::combat::{Count, Distance, UnitSpec};
use super::part::unit_table;
use crate::combat::fight::MAX_UNITS;
use crate::combat::friend::{Friend, MAX_FRIENDS};
use crate::error::InputError;
use crate::profile::Ranged;
use crate::rules::leadership::with_general;
use crate::rules::place::SideName;
use crate::rules::special::Psychology;
use crate::rules::Edition;
use crate::text;
use std::path::Path;

unit_table! {
    /// One `[[friend]]` table: its unit as a fight's unit table gives it
    /// (a roster's unit, a profile file, the profile keys), or just its
    /// `unit_strength` and `ld`.
    #[expecting = "a friend table"]
    pub struct FriendSpec {
        /// Its side: attacker or defender.
        pub side: Option<SideName>,
        /// Its models (with a profile).
        pub models: Option<Count<1, 500>>,
        /// Its unit strength (without a profile).
        pub unit_strength: Option<Count<1, 2000>>,
        /// Its Ld (without a profile).
        pub ld: Option<Ranged<2, 10>>,
        /// The General's Ld, within 30 cm.
        pub general_ld: Option<Ranged<1, 10>>,
        /// Distance to the units of its side in the fight (each of them).
        pub distance: Option<Distance>,
        /// Instead of `distance`: its distance to each unit of its side it is
        /// near, by name (`attacker`, `defender`, `unit.N`); the others are
        /// beyond every test's reach.
        pub distances: Option<std::collections::BTreeMap<String, Distance>>,
    }
}

/// The friends of a scenario, checked.
pub(super) fn friends(
    specs: &[FriendSpec],
    dir: &Path,
    edition: Edition,
    units: &[(String, usize)],
) -> Result<Vec<Friend>, InputError> {
    if specs.len() > MAX_FRIENDS {
        return Err(InputError::new(
            "friend",
            text!(
                "{} friends (accepted: at most {})",
                specs.len(),
                MAX_FRIENDS
            ),
        ));
    }
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| s.friend(dir, &crate::error::entry("friend", i), edition, units))
        .collect()
}

impl FriendSpec {
    /// The friend this table describes (`field` names it in errors).
    fn friend(
        &self,
        dir: &Path,
        field: &str,
        edition: Edition,
        units: &[(String, usize)],
    ) -> Result<Friend, InputError> {
        let missing = |key: &str, accepted: &str| {
            InputError::new(
                format!("{field}.{key}"),
                text!("missing (accepted: {})", accepted),
            )
        };
        let side = self
            .side
            .and_then(SideName::index)
            .ok_or_else(|| missing("side", "attacker, defender"))?;
        let distances = self.distances(field, edition, side, units)?;
        let body = self.body(dir, field)?;
        Ok(Friend {
            tests: body.psychology.panics(),
            cold_blooded: body.psychology.cold_blooded,
            name: body.name,
            side,
            unit_strength: body.unit_strength,
            ld: body.ld,
            own_ld: body.own_ld,
            distances,
            panic: body.panic,
            spared: [[false; MAX_UNITS]; 2],
        })
    }

    /// Its distance to each unit of the fight (infinite: not near it),
    /// from `distance` (every unit of its side) or `distances` (by name).
    fn distances(
        &self,
        field: &str,
        edition: Edition,
        side: usize,
        units: &[(String, usize)],
    ) -> Result<[f64; MAX_UNITS], InputError> {
        let mine: Vec<&str> = units
            .iter()
            .filter(|(_, s)| *s == side)
            .map(|(n, _)| n.as_str())
            .collect();
        let checked = |key: String, d: &Distance| {
            if d.0 > edition.max_distance() {
                return Err(InputError::new(
                    key,
                    text!(
                        "{} is out of range (accepted: 0 to {} {})",
                        crate::error::shown(d.0),
                        edition.max_distance(),
                        edition.unit()
                    ),
                ));
            }
            Ok(d.0)
        };
        let mut out = [f64::INFINITY; MAX_UNITS];
        match (&self.distance, &self.distances) {
            (Some(d), None) => {
                let d = checked(format!("{field}.distance"), d)?;
                for (u, (_, s)) in units.iter().enumerate() {
                    if *s == side {
                        out[u] = d;
                    }
                }
            }
            (None, Some(by_name)) => {
                for (name, d) in by_name {
                    let key = format!("{field}.distances.{name}");
                    let u = units
                        .iter()
                        .position(|(n, s)| n == name && *s == side)
                        .ok_or_else(|| {
                            InputError::new(
                                &key,
                                text!(
                                    "not a unit of its side in the fight (accepted: {})",
                                    mine.join(", ")
                                ),
                            )
                        })?;
                    out[u] = checked(key, d)?;
                }
            }
            (Some(_), Some(_)) => {
                return Err(InputError::new(
                    format!("{field}.distances"),
                    text!("given with distance (accepted: one of them)"),
                ))
            }
            (None, None) => {
                let each: Vec<String> = mine.iter().map(|n| format!("\"{n}\" = ...")).collect();
                return Err(InputError::new(
                    format!("{field}.distance"),
                    format!(
                        "missing (accepted: the distance to the units of its side in the fight, from 0, or distances = {{ {} }})",
                        each.join(", ")
                    ),
                ));
            }
        }
        Ok(out)
    }

    /// What panic reads of the unit (`field` names it in errors): from a
    /// profile and its models, or from `unit_strength` and `ld`.
    pub(super) fn body(&self, dir: &Path, field: &str) -> Result<Body, InputError> {
        self.part.refuse_fighting_keys(field)?;
        match self.part.has_profile() {
            true => self.with_profile(dir, field),
            false => self.without_profile(field),
        }
    }

    /// A profile and its models: the unit's own strength and Ld (or the
    /// General's), as a unit in the fight would have them.
    fn with_profile(&self, dir: &Path, field: &str) -> Result<Body, InputError> {
        for (key, given) in [
            ("unit_strength", self.unit_strength.is_some()),
            ("ld", self.ld.is_some()),
        ] {
            if given {
                return Err(InputError::new(
                    format!("{field}.{key}"),
                    text!("comes from the profile and models (accepted: general_ld for the General's Ld)"),
                ));
            }
        }
        let spec = UnitSpec {
            models: self.models,
            general_ld: self.general_ld,
            ..UnitSpec::one_model(self.part.clone())
        };
        let unit = spec.unit(dir, field)?;
        Ok(Body {
            name: unit.name.clone(),
            unit_strength: unit.unit_strength(unit.models),
            ld: unit.ld,
            own_ld: unit.own_ld,
            psychology: unit.psychology,
            panic: unit.panic.clone(),
            unit: Some(unit),
        })
    }

    /// Just a unit strength and an Ld.
    fn without_profile(&self, field: &str) -> Result<Body, InputError> {
        let profile_only = [
            ("models", self.models.is_some()),
            ("type", self.part.troop.is_some()),
            ("mount", self.part.mount.is_some()),
            ("flies", self.part.flies.is_some()),
        ];
        if let Some((key, _)) = profile_only.iter().find(|k| k.1) {
            return Err(InputError::new(
                format!("{field}.{key}"),
                text!("only with a profile (accepted: profile_file or [profile], else unit_strength and ld)"),
            ));
        }
        let accepted = "a profile_file or [profile] with models, or unit_strength and ld";
        let us = self.unit_strength.ok_or_else(|| {
            InputError::new(
                format!("{field}.unit_strength"),
                text!("missing (accepted: {})", accepted),
            )
        })?;
        let ld = self.ld.ok_or_else(|| {
            InputError::new(
                format!("{field}.ld"),
                text!("missing (accepted: {})", accepted),
            )
        })?;
        let name = self.part.name.clone().unwrap_or_else(|| field.to_string());
        Ok(Body {
            name,
            unit_strength: us.0,
            ld: with_general(
                ld.0,
                self.general_ld.map(|g| g.0),
                self.part
                    .rules
                    .contains(&crate::rules::special::SpecialRule::Independent),
            ),
            own_ld: ld.0,
            psychology: Psychology::new(&self.part.rules),
            panic: self.part.panic.clone().unwrap_or_default(),
            unit: None,
        })
    }
}

/// What panic reads of a unit near a fight or in a battle line.
pub(super) struct Body {
    /// Its name.
    pub name: String,
    /// Its unit strength.
    pub unit_strength: u32,
    /// The best Ld it tests on (the General's within 30 cm included).
    pub ld: u8,
    /// Its Ld without the General's.
    pub own_ld: u8,
    /// Its psychology.
    pub psychology: Psychology,
    /// Its kinds and whose rout it ignores (RULES.md Panic).
    pub panic: crate::rules::panic::PanicKinds,
    /// The unit its profile makes, if it has one.
    pub unit: Option<crate::combat::unit::Unit>,
}
