//! `mathhammer combat`: a scenario file, or two units named by flags
//! (`--attacker FILE.ros:NAME --defender FILE.toml:20`) in a frontal charge.

use super::values::Number;
use super::{EngineArgs, OutputArgs};
use crate::error::InputError;
use crate::query::combat::CombatQuery;
use crate::rules::place::ReactionName;
use crate::scenario::combat::{load_combat, ScenarioFile};
use crate::scenario::reference::{frontal_charge, unit_reference};
use crate::text;
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
/// `mathhammer combat`: its flags.
pub struct CombatArgs {
    /// Scenario file (TOML), e.g. scenarios/boar_boyz_charge_spearmen.toml; or none, with --attacker and --defender
    #[arg(value_name = "FILE", required_unless_present_any = ["attacker", "defender"])]
    pub scenario: Option<PathBuf>,
    /// Override a scenario field: unit.field=value (e.g. attacker.models=25, situation.reaction=flee); repeatable
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// The charging unit, without a FILE: ROSTER.ros:NAME, ROSTER.ros:NUMBER or PROFILE.toml:MODELS
    #[arg(
        long,
        alias = "atacante",
        value_name = "UNIT",
        requires = "defender",
        conflicts_with = "scenario"
    )]
    pub attacker: Option<String>,
    /// The charged unit, as --attacker
    #[arg(
        long,
        alias = "defensor",
        value_name = "UNIT",
        requires = "attacker",
        conflicts_with = "scenario"
    )]
    pub defender: Option<String>,
    /// Without a FILE: the charge's distance, cm (default 0: the charge reaches)
    #[arg(long, alias = "distancia", value_name = "DIST", requires = "attacker")]
    pub distance: Option<Number>,
    /// Without a FILE: the charged unit's reaction
    #[arg(long, alias = "reaccion", value_enum, requires = "attacker")]
    pub reaction: Option<ReactionName>,
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
        match (&self.scenario, &self.attacker, &self.defender) {
            (Some(file), None, None) => load_combat(file, &self.sets),
            (None, Some(attacker), Some(defender)) => {
                if !self.sets.is_empty() {
                    return Err(InputError::new(
                        "--set",
                        text!("changes a scenario file's fields (accepted: a FILE, or the units' own flags)"),
                    ));
                }
                let file = ScenarioFile {
                    name: String::new(),
                    description: None,
                    attacker: unit_reference(attacker, "--attacker")?,
                    defender: unit_reference(defender, "--defender")?,
                    unit: Vec::new(),
                    friend: Vec::new(),
                    situation: frontal_charge(
                        self.distance.map_or(0.0, |d| d.0),
                        self.reaction.unwrap_or_default(),
                    ),
                };
                file.combat(Path::new(""))
            }
            _ => Err(InputError::new(
                "combat",
                text!("a scenario FILE or --attacker and --defender (accepted: one of them)"),
            )),
        }
    }
}
