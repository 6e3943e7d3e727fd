//! Which flag gave a picked fight's value: an error of its scenario
//! (`--distance 501` read at the scenario's line 21) named by the flag the
//! player typed, or `--set` where one set it; and a book's unit's choices
//! checked flag by flag, so a refusal names the flag (RULES.md Army books'
//! units).

use super::picked::{CommandModel, Picked, PickedSide};
use crate::error::{InputError, Origin};
use crate::library::{Asked, Choices, Source};
use crate::scenario::reference::unit_reference;
use crate::text;
use crate::words::lang::Lang;
use crate::words::text::Text;
use std::path::Path;

impl Picked<'_> {
    /// Error `e` of the picked fight's scenario `text` named by the flag
    /// that gave the value (`--distance`, not the scenario's line), or by
    /// `--set` where one of `sets` set it.
    pub(super) fn named_by_flag(&self, e: InputError, text: &str, sets: &[String]) -> InputError {
        if e.origin == Origin::Override {
            return e;
        }
        // A value the text gave at a line (`:21:12`, `distance: ...`), or a
        // table's field (`situation.reaction`).
        let (path, message) = match e.field.strip_prefix(':') {
            Some(at) => {
                let line: usize = at
                    .split(':')
                    .next()
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(0);
                let section = (text.lines().take(line).filter_map(|l| l.strip_prefix('[')))
                    .last()
                    .map(|l| l.trim_end_matches(']').to_string())
                    .unwrap_or_default();
                let key = e.message.argument(0).map(|k| k.render(Lang::En));
                match (key, e.message.argument(1)) {
                    (Some(key), Some(message)) => (format!("{section}.{key}"), message),
                    _ => return e,
                }
            }
            None => (e.field.clone(), e.message.clone()),
        };
        let set_here = sets.iter().any(|s| {
            let key = s.split('=').next().unwrap_or("").trim();
            key == path
                || path.starts_with(&format!("{key}."))
                || key.starts_with(&format!("{path}."))
        });
        let flag = match set_here {
            true => Some("--set".to_string()),
            false => self.flag_of(&path),
        };
        match flag {
            Some(flag) => InputError::new(flag, message),
            None => e,
        }
    }

    /// The flag that gives scenario field `path` (`attacker.models`), if
    /// one does.
    fn flag_of(&self, path: &str) -> Option<String> {
        let mut parts = path.split('.');
        let (table, key) = (parts.next()?, parts.next()?);
        let key = key.split('[').next().unwrap_or(key);
        if table == "situation" {
            return matches!(
                key,
                "distance" | "reaction" | "charger" | "facing" | "ground"
            )
            .then(|| format!("--{key}"));
        }
        let at = ["attacker", "defender"].iter().position(|s| *s == table)?;
        let side = &self.sides[at];
        let flag = match key {
            "models" if side.models.is_some() => "models",
            "models" | "roster" | "unit" => "",
            "frontage" | "weapon" | "armour" | "shield" => key,
            "champion" | "standard" | "musician" => "command",
            "options" => "option",
            "characters" => "character",
            "general_ld" => return Some("--general-near".into()),
            _ => return None,
        };
        Some(match flag {
            "" => format!("--{table}"),
            f => format!("--{table}-{f}"),
        })
    }
}

impl PickedSide<'_> {
    /// Its flags' choices as its army book allows them, for a unit of the
    /// unit library: a refusal names the flag that asked it (RULES.md Army
    /// books' units). A roster file's unit takes no `--SIDE-option`.
    pub(super) fn chosen_from_book(&self, side: &str) -> Result<(), InputError> {
        let spec = unit_reference(self.unit, &format!("--{side}"))?;
        let (Some(file), Some(key)) = (spec.part.roster, spec.part.unit) else {
            return self.no_options(side, self.unit);
        };
        let Ok(Source::Army(army)) = crate::library::source(Path::new(""), &file) else {
            return self.no_options(side, &file);
        };
        let has = |m: CommandModel| self.command.map(|c| c.contains(&m));
        let choices = Choices {
            models: self.models.map(|m| m.0).or(spec.models.map(|m| m.0)),
            weapon: self.weapon,
            armour: self.armour,
            shield: self.shield,
            command: [
                has(CommandModel::Champion),
                has(CommandModel::Standard),
                has(CommandModel::Musician),
            ],
            options: self.options.to_vec(),
        };
        army.unit_chosen(&key, &choices).map(|_| ()).map_err(|r| {
            let flag = match r.asked {
                Asked::Unit => format!("--{side}"),
                Asked::Champion | Asked::Standard | Asked::Musician => {
                    format!("--{side}-command")
                }
                Asked::Options => format!("--{side}-option"),
                asked => format!("--{side}-{}", asked.key()),
            };
            InputError::new(flag, text!("{}: {}", self.unit.to_string(), r.why))
        })
    }

    /// Refuses `--SIDE-option` for a unit not of an army book (`what`).
    fn no_options(&self, side: &str, what: &str) -> Result<(), InputError> {
        match self.options.is_empty() {
            true => Ok(()),
            false => Err(InputError::new(
                format!("--{side}-option"),
                text!("chooses an army book's options, and '{}' is no army book (accepted: with {} ARMY:UNIT)", what.to_string(), Text::flag(format!("--{side}"))),
            )),
        }
    }
}
