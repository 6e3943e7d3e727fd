//! Flags of `panic`: a battle-line file, or the simple case of one unit
//! with friends fleeing within 10 cm at the start of its turn.

use super::values::{Ld, Whole};
use super::{EngineArgs, OutputArgs};
use crate::error::InputError;
use crate::query::panic::{BattleLine, MAX_LINE_UNITS, MAX_TURNS};
use crate::sweep::Query;
use crate::text;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
/// `mathhammer panic`: its flags.
pub struct PanicArgs {
    /// Battle-line file (TOML, query = "panic"), e.g. scenarios/lines/cavalry_flee_past_spearmen.toml
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Override a field of the file: key=value (e.g. turns=2, unit.2.y=-20, event.casualties=4); repeatable
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Without a file: the unit strength of each friend fleeing within 10 cm at the start of the turn; repeatable
    #[arg(long = "fleeing-us", value_name = "US", conflicts_with = "file")]
    pub fleeing_us: Vec<Whole<u32, 1, 2000>>,
    /// Without a file: the testing unit's unit strength
    #[arg(long = "unit-strength", value_name = "US", conflicts_with = "file", default_value_t = Whole(10))]
    pub unit_strength: Whole<u32, 1, 2000>,
    /// Without a file: its Ld (its own, a character's or the General's within 30 cm)
    #[arg(long, conflicts_with = "file", default_value_t = Whole(7))]
    pub ld: Ld,
    /// Without a file: later starts of turn to play
    #[arg(long, conflicts_with = "file", default_value_t = Whole(1))]
    pub turns: Whole<u8, 1, { MAX_TURNS as i64 }>,
    /// Ruling: fleeing friends of equal unit strength make it test too (seed 004; seed 003 says greater)
    #[arg(long, conflicts_with = "file")]
    pub fleeing_friends_equal_panics: bool,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

impl PanicArgs {
    /// The battle line of the file or of the simple case.
    pub fn line(&self) -> Result<BattleLine, InputError> {
        let Some(file) = &self.file else {
            if self.fleeing_us.is_empty() {
                return Err(InputError::new(
                    "--fleeing-us",
                    text!("needed without a FILE (accepted: a battle-line FILE, or --fleeing-us US for each friend fleeing within 10 cm)"),
                ));
            }
            if !self.sets.is_empty() {
                return Err(InputError::new(
                    "--set",
                    text!("overrides a field of a file (accepted: with a battle-line FILE)"),
                ));
            }
            return self.simple_line();
        };
        match super::load_query(file, &self.sets)? {
            Query::Panic(line) => Ok(*line),
            other => Err(InputError::new(
                format!("{}: query", file.display()),
                text!(
                    "{} is not a battle line (accepted: a file with query = \"panic\")",
                    other.kind()
                ),
            )),
        }
    }

    /// The battle line of the simple case.
    fn simple_line(&self) -> Result<BattleLine, InputError> {
        if self.fleeing_us.len() >= MAX_LINE_UNITS {
            return Err(InputError::new(
                "--fleeing-us",
                text!(
                    "{} fleeing friends (accepted: at most {})",
                    self.fleeing_us.len(),
                    MAX_LINE_UNITS - 1
                ),
            ));
        }
        let fleeing: Vec<u32> = self.fleeing_us.iter().map(|u| u.0).collect();
        Ok(BattleLine::fleeing_friends_beside(
            self.unit_strength.0,
            self.ld.0,
            &fleeing,
            self.turns.0,
            self.fleeing_friends_equal_panics,
        ))
    }
}
