//! `mathhammer combat`: a scenario file, or two units named by flags
//! (`--attacker FILE.ros:NAME --defender FILE.toml:20`) in a charge, with
//! their models, ranks, gear, command groups and characters and where the
//! charge hits ([`super::tuning`]).

use super::tuning::PickArgs;
use super::{EngineArgs, OutputArgs};
use crate::error::InputError;
use crate::query::combat::CombatQuery;
use crate::scenario::combat::load_combat;
use crate::text;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
/// `mathhammer combat`: its flags.
pub struct CombatArgs {
    /// Scenario file (TOML), e.g. scenarios/boar_boyz_charge_spearmen.toml; or none, with --attacker and --defender
    #[arg(value_name = "FILE", required_unless_present_any = ["attacker", "defender"])]
    pub scenario: Option<PathBuf>,
    /// Override a scenario field: unit.field=value (e.g. attacker.models=25, situation.reaction=flee); repeatable
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    #[command(flatten)]
    /// The units picked by flags, and their tuning.
    pub pick: PickArgs,
    /// Without a FILE: also write the scenario file the picked fight makes, to edit and play again
    #[arg(long, value_name = "FILE.toml")]
    pub write_scenario: Option<PathBuf>,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

impl CombatArgs {
    /// The fight these flags describe.
    pub fn combat(&self) -> Result<CombatQuery, InputError> {
        match (&self.scenario, self.pick.picked()) {
            (Some(file), _) => {
                let write = [("--write-scenario", self.write_scenario.is_some())];
                self.pick.refuse_with_file(&write)?;
                load_combat(file, &self.sets)
            }
            (None, Some(picked)) => picked.combat(&self.sets),
            (None, None) => Err(InputError::new(
                "combat",
                text!("a scenario FILE or --attacker and --defender (accepted: one of them)"),
            )),
        }
    }

    /// Checks, before the run, that `--write-scenario`'s file can be
    /// written ([`crate::files::check_output`]).
    pub fn check_write(&self) -> Result<(), InputError> {
        match &self.write_scenario {
            Some(path) => crate::files::check_output(
                "--write-scenario",
                path,
                text!("a file name, e.g. my_fight.toml"),
            ),
            None => Ok(()),
        }
    }

    /// Writes the picked fight's scenario to `--write-scenario`'s file:
    /// called once the run has succeeded, so a run that fails writes
    /// nothing.
    pub fn write_scenario(&self) -> Result<(), InputError> {
        match (&self.scenario, self.pick.picked(), &self.write_scenario) {
            (None, Some(picked), Some(path)) => picked.write(path, &self.sets),
            _ => Ok(()),
        }
    }
}
