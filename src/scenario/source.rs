//! Where a scenario table's unit comes from: a roster's unit (`roster` and
//! `unit`), a profile file (`profile_file`), or the table alone; then the
//! table's own fields over it. Units, characters and friends all go
//! through this one merge, so a unit from a roster and the same unit typed
//! in TOML build the same fight.

use super::combat::UnitSpec;
use crate::error::InputError;
use crate::profile::ProfileFile;
use crate::roster::{Roster, RosterUnit};
use std::path::Path;
use std::sync::Arc;

/// The most rank-and-file models a unit may have (as `models` accepts).
const MAX_MODELS: u32 = 500;

/// A table's unit with its sources merged.
pub(crate) struct Resolved {
    /// Its profile and gear; its rules the source's, then the table's.
    pub file: ProfileFile,
    /// Its rank-and-file models.
    pub models: u32,
    /// Champion, standard, musician.
    pub command: [bool; 3],
}

impl UnitSpec {
    /// The unit's profile and gear: its source's, with the table's own
    /// fields over them (`side` names the table in errors).
    pub(crate) fn resolve(&self, dir: &Path, side: &str) -> Result<Resolved, InputError> {
        let listed = self.listed_unit(dir, side)?;
        let base = match (&listed, &self.profile_file) {
            (Some(unit), _) => Some(unit.played.clone().map_err(|why| {
                InputError::new(
                    format!("{side}.unit"),
                    format!("'{}' cannot fight: {why}", unit.name),
                )
            })?),
            (None, Some(f)) => Some(super::load_referred::<ProfileFile>(
                &dir.join(f),
                &format!("{side}.profile_file"),
                "profile",
            )?),
            (None, None) => None,
        };
        let file = self.over(base, side)?;
        let models = match (self.models, &listed) {
            (Some(m), _) => m.0,
            (None, Some(unit)) if unit.models <= MAX_MODELS => unit.models,
            (None, Some(unit)) => {
                return Err(InputError::new(
                    format!("{side}.models"),
                    format!(
                        "the roster's '{}' has {} models (accepted: models = 1 to {MAX_MODELS} in the table)",
                        unit.name, unit.models
                    ),
                ))
            }
            (None, None) => {
                return Err(InputError::new(
                    format!("{side}.models"),
                    format!("missing (accepted: 1 to {MAX_MODELS})"),
                ))
            }
        };
        let listed_has = |has: fn(&RosterUnit) -> bool| listed.as_deref().is_some_and(has);
        let command = [
            self.champion.unwrap_or_else(|| listed_has(|u| u.champion)),
            self.standard.unwrap_or_else(|| listed_has(|u| u.standard)),
            self.musician.unwrap_or_else(|| listed_has(|u| u.musician)),
        ];
        Ok(Resolved {
            file,
            models,
            command,
        })
    }

    /// The roster's unit the table names, read from its file (or already
    /// read, for a fight built from a roster).
    fn listed_unit(&self, dir: &Path, side: &str) -> Result<Option<Arc<RosterUnit>>, InputError> {
        if let Some(unit) = &self.listed {
            return Ok(Some(unit.clone()));
        }
        let (file, key) = match (&self.roster, &self.unit) {
            (None, None) => return Ok(None),
            (Some(_), None) => {
                return Err(InputError::new(
                    format!("{side}.unit"),
                    "missing with a roster (accepted: a unit's name or its number in the roster)",
                ))
            }
            (None, Some(_)) => {
                return Err(InputError::new(
                    format!("{side}.unit"),
                    "names a roster's unit, and there is no roster (accepted: roster = \"FILE.ros\" with it)",
                ))
            }
            (Some(file), Some(key)) => (file, key),
        };
        if self.profile_file.is_some() {
            return Err(InputError::new(
                format!("{side}.profile_file"),
                "given with a roster (accepted: one of them)",
            ));
        }
        let roster = Roster::read(&dir.join(file))
            .map_err(|e| InputError::new(format!("{side}.roster"), e.to_string()))?;
        let unit = roster
            .unit(key)
            .map_err(|why| InputError::new(format!("{side}.unit"), format!("{file}: {why}")))?;
        Ok(Some(Arc::new(unit.clone())))
    }

    /// `base` (if any) with the table's own fields over it.
    fn over(&self, base: Option<ProfileFile>, side: &str) -> Result<ProfileFile, InputError> {
        let profile = match (self.profile, base.as_ref()) {
            (None, None) => {
                return Err(InputError::new(
                    format!("{side}.profile"),
                    "missing (accepted: a [profile] table, profile_file = \"FILE.toml\", or roster = \"FILE.ros\" and unit = \"NAME\")",
                ))
            }
            (own, base) => own
                .unwrap_or_default()
                .over(base.map(|b| b.profile), &format!("{side}.profile"))?,
        };
        let b = base.as_ref();
        let pick = |own: Option<bool>, from: fn(&ProfileFile) -> bool| {
            own.or(b.map(from)).unwrap_or(false)
        };
        let mut rules = b.map(|b| b.rules.clone()).unwrap_or_default();
        rules.extend(&self.rules);
        Ok(ProfileFile {
            name: self
                .name
                .clone()
                .or(b.map(|b| b.name.clone()))
                .unwrap_or_else(|| side.to_string()),
            troop: self.troop.or(b.map(|b| b.troop)).unwrap_or_default(),
            profile,
            weapon: self.weapon.or(b.map(|b| b.weapon)).unwrap_or_default(),
            armour: self.armour.or(b.map(|b| b.armour)).unwrap_or_default(),
            shield: pick(self.shield, |b| b.shield),
            barding: pick(self.barding, |b| b.barding),
            flies: pick(self.flies, |b| b.flies),
            save: self.save.or(b.and_then(|b| b.save)),
            ward: self.ward.or(b.and_then(|b| b.ward)),
            regeneration: pick(self.regeneration, |b| b.regeneration),
            rules,
            mount: self.mount.or(b.and_then(|b| b.mount)),
            impact_hits: self.impact_hits.or(b.and_then(|b| b.impact_hits)),
            points: self.points.or(b.and_then(|b| b.points)),
        })
    }
}
