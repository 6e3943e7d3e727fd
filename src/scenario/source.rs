//! A unit table resolved: its profile part's merge ([`super::part`]), then
//! its models and command group, the table's or else its roster unit's, so
//! a unit from a roster and the same unit typed in TOML build the same
//! fight.

use super::combat::UnitSpec;
use crate::combat::unit::Cost;
use crate::error::InputError;
use crate::profile::ProfileFile;
use crate::roster::RosterUnit;
use crate::text;
use std::path::Path;

/// The most rank-and-file models a unit may have (as `models` accepts).
pub(crate) const MAX_MODELS: u32 = 500;

/// A table's unit with its sources merged.
pub(crate) struct Resolved {
    /// Its profile and gear; its rules the source's, then the table's.
    pub file: ProfileFile,
    /// Its rank-and-file models.
    pub models: u32,
    /// Champion, standard, musician.
    pub command: [bool; 3],
    /// What it costs: a roster's unit priced by its list (a model more or
    /// less at a rank-and-file model's points), a profile file's per model;
    /// a change its source does not price says so.
    pub cost: Cost,
}

impl UnitSpec {
    /// What the table asks of an army book's unit beside its gear.
    fn asks(&self) -> super::part::TableAsks {
        super::part::TableAsks {
            models: self.models.map(|m| m.0),
            command: [
                self.champion.as_ref().map(|c| c.leads()),
                self.standard,
                self.musician,
            ],
        }
    }

    /// The unit's profile and gear (its part's), its models and command
    /// group: the table's, else its roster unit's (`side` names the table
    /// in errors).
    pub(crate) fn resolve(&self, dir: &Path, side: &str) -> Result<Resolved, InputError> {
        let super::part::Resolved {
            file,
            listed,
            changed,
        } = self.part.resolve(dir, side, self.asks())?;
        let models = match (self.models, &listed) {
            (Some(m), _) => m.0,
            (None, Some(unit)) if unit.models <= MAX_MODELS => unit.models,
            (None, Some(unit)) => {
                return Err(InputError::new(
                    format!("{side}.models"),
                    text!(
                        "the roster's '{}' has {} models (accepted: models = 1 to {} in the table)",
                        &unit.name,
                        unit.models,
                        MAX_MODELS
                    ),
                ))
            }
            (None, None) => {
                return Err(InputError::new(
                    format!("{side}.models"),
                    text!("missing (accepted: 1 to {})", MAX_MODELS),
                ))
            }
        };
        let listed_has = |has: fn(&RosterUnit) -> bool| listed.as_deref().is_some_and(has);
        let command = [
            self.champion
                .as_ref()
                .map_or_else(|| listed_has(|u| u.champion), |c| c.leads()),
            self.standard.unwrap_or_else(|| listed_has(|u| u.standard)),
            self.musician.unwrap_or_else(|| listed_has(|u| u.musician)),
        ];
        let listed_command = listed
            .as_deref()
            .map(|u| [u.champion, u.standard, u.musician]);
        let changed = changed.or_else(|| {
            listed_command
                .filter(|c| *c != command)
                .map(|_| text!("command group changed from the list's"))
        });
        let cost = match (self.part.points, changed, &file.points) {
            // The table's own points price it as it is, per model.
            (Some(p), _, _) => Cost::Priced {
                per_model: p.0,
                fixed: 0.0,
                listed: None,
            },
            (None, Some(why), _) => Cost::Unpriced(why),
            (None, None, Some(p)) => match &listed {
                Some(unit) => Cost::Priced {
                    per_model: p.0,
                    fixed: unit.points - p.0 * f64::from(unit.models),
                    listed: Some((unit.models, unit.points)),
                },
                None => Cost::Priced {
                    per_model: p.0,
                    fixed: 0.0,
                    listed: None,
                },
            },
            (None, None, None) => Cost::Unknown,
        };
        Ok(Resolved {
            file,
            models,
            command,
            cost,
        })
    }
}
