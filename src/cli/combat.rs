//! `mathhammer combat`: a scenario file, or two units named by flags
//! (`--attacker FILE.ros:NAME --defender FILE.toml:20`) in a charge, with
//! their ranks, command groups and characters and where the charge hits.

use super::picked::{CommandModel, Picked, PickedSide};
use super::values::{Number, Whole};
use super::{EngineArgs, OutputArgs};
use crate::error::InputError;
use crate::query::combat::CombatQuery;
use crate::rules::place::{Facing, ReactionName, SideName};
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
    /// The attacker (it charges, unless --charger says otherwise), without a FILE: ROSTER.ros:NAME, ROSTER.ros:NUMBER or PROFILE.toml:MODELS
    #[arg(
        long,
        alias = "atacante",
        value_name = "UNIT",
        requires = "defender",
        conflicts_with = "scenario"
    )]
    pub attacker: Option<String>,
    /// Without a FILE: the attacker's models per rank (default 5, or fewer)
    #[arg(long, value_name = "N", requires = "attacker")]
    pub attacker_frontage: Option<Whole<u32, 1, 50>>,
    /// Without a FILE: the attacker's command group, comma-separated (none: no command group)
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "MODELS",
        requires = "attacker"
    )]
    pub attacker_command: Option<Vec<CommandModel>>,
    /// Without a FILE: a character leading the attacker: ROSTER.ros:NAME, ROSTER.ros:NUMBER or PROFILE.toml
    #[arg(long, value_name = "CHARACTER", requires = "attacker")]
    pub attacker_character: Option<String>,
    /// The defender, as --attacker
    #[arg(
        long,
        alias = "defensor",
        value_name = "UNIT",
        requires = "attacker",
        conflicts_with = "scenario"
    )]
    pub defender: Option<String>,
    /// Without a FILE: the defender's models per rank (default 5, or fewer)
    #[arg(long, value_name = "N", requires = "attacker")]
    pub defender_frontage: Option<Whole<u32, 1, 50>>,
    /// Without a FILE: the defender's command group, as --attacker-command
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "MODELS",
        requires = "attacker"
    )]
    pub defender_command: Option<Vec<CommandModel>>,
    /// Without a FILE: a character leading the defender, as --attacker-character
    #[arg(long, value_name = "CHARACTER", requires = "attacker")]
    pub defender_character: Option<String>,
    /// Without a FILE: the charge's distance, cm (default 0: the charge reaches)
    #[arg(long, alias = "distancia", value_name = "DIST", requires = "attacker")]
    pub distance: Option<Number>,
    /// Without a FILE: the charged unit's reaction
    #[arg(long, alias = "reaccion", value_enum, requires = "attacker")]
    pub reaction: Option<ReactionName>,
    /// Without a FILE: the side that charges (default attacker; none: already fighting)
    #[arg(
        long,
        alias = "carga",
        value_enum,
        value_name = "SIDE",
        requires = "attacker"
    )]
    pub charger: Option<SideName>,
    /// Without a FILE: where the charge hits the charged unit
    #[arg(long, alias = "encaramiento", value_enum, requires = "attacker")]
    pub facing: Option<Facing>,
    /// Without a FILE: each roster's General is near its unit (within 30 cm): it tests on his Ld
    #[arg(long, alias = "general-cerca", requires = "attacker")]
    pub general_near: bool,
    /// Without a FILE: also write the scenario file the picked fight makes, to edit and play again
    #[arg(long, value_name = "FILE.toml", requires = "attacker")]
    pub write_scenario: Option<PathBuf>,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

impl CombatArgs {
    /// A FILE's fight is its own: the flags that build a picked one are
    /// refused with it, not ignored.
    fn no_pick_flags(&self) -> Result<(), InputError> {
        let given = [
            ("--distance", self.distance.is_some()),
            ("--reaction", self.reaction.is_some()),
            ("--charger", self.charger.is_some()),
            ("--facing", self.facing.is_some()),
            ("--attacker-frontage", self.attacker_frontage.is_some()),
            ("--defender-frontage", self.defender_frontage.is_some()),
            ("--attacker-command", self.attacker_command.is_some()),
            ("--defender-command", self.defender_command.is_some()),
            ("--attacker-character", self.attacker_character.is_some()),
            ("--defender-character", self.defender_character.is_some()),
            ("--general-near", self.general_near),
            ("--write-scenario", self.write_scenario.is_some()),
        ];
        InputError::refuse_given(
            &given,
            |flag| flag.to_string(),
            || {
                text!("describes units picked with --attacker and --defender (accepted: without a FILE; a FILE's fight is changed with --set)")
            },
        )
    }

    /// The fight these flags describe.
    pub fn combat(&self) -> Result<CombatQuery, InputError> {
        match (&self.scenario, &self.attacker, &self.defender) {
            (Some(file), None, None) => {
                self.no_pick_flags()?;
                load_combat(file, &self.sets)
            }
            (None, Some(attacker), Some(defender)) => {
                if !self.sets.is_empty() {
                    return Err(InputError::new(
                        "--set",
                        text!("changes a scenario file's fields (accepted: a FILE, or the units' own flags)"),
                    ));
                }
                let picked = Picked {
                    sides: [
                        PickedSide {
                            unit: attacker,
                            frontage: self.attacker_frontage,
                            command: self.attacker_command.as_deref(),
                            character: self.attacker_character.as_deref(),
                        },
                        PickedSide {
                            unit: defender,
                            frontage: self.defender_frontage,
                            command: self.defender_command.as_deref(),
                            character: self.defender_character.as_deref(),
                        },
                    ],
                    charger: self.charger.unwrap_or_default(),
                    facing: self.facing.unwrap_or_default(),
                    distance: self.distance.map_or(0.0, |d| d.0),
                    reaction: self.reaction.unwrap_or_default(),
                    general_near: self.general_near,
                };
                if let Some(path) = &self.write_scenario {
                    picked.write(path)?;
                }
                picked.combat()
            }
            _ => Err(InputError::new(
                "combat",
                text!("a scenario FILE or --attacker and --defender (accepted: one of them)"),
            )),
        }
    }
}
