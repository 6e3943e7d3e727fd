//! The flags that pick a fight's two units without a file and tune them
//! (`--attacker`, `--attacker-models`, `--attacker-weapon`, ...): one
//! definition that `combat`, `sweep` and `compare` flatten, so each flag
//! means the same everywhere. Their values are the scenario file's keys'
//! (the same value enums), as the picked fight is that file
//! (`picked.rs`).

use super::picked::{CommandModel, Picked, PickedSide};
use super::query_file::load_query;
use super::values::{Number, Whole};
use crate::error::{InputError, Origin};
use crate::query::combat::CombatQuery;
use crate::rules::place::{Facing, Ground, ReactionName, SideName};
use crate::rules::saves::BodyArmour;
use crate::rules::weapons::Weapon;
use crate::sweep::{compare_queries, sweep_points, Compared, Point, Query, Vary};
use crate::text;
use crate::words::text::Text;
use clap::Args;
use std::path::Path;

/// Whether a unit carries a shield, as `--attacker-shield` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Shield {
    #[value(aliases = ["si", "sí"])]
    /// It carries one
    Yes,
    /// It carries none (taken away)
    No,
}

#[derive(Args, Debug, Default)]
/// The units picked by flags and their tuning.
pub struct PickArgs {
    /// The attacker (it charges, unless --charger says otherwise), without a FILE: ROSTER.ros:NAME, ROSTER.ros:NUMBER (ROSTER.ros:NAME:MODELS with its models), ARMY:UNIT or ARMY:UNIT:MODELS (an army book's unit) or PROFILE.toml:MODELS
    #[arg(long, alias = "atacante", value_name = "UNIT", requires = "defender")]
    pub attacker: Option<String>,
    /// Without a FILE: the attacker's rank-and-file models (default the roster's)
    #[arg(long, value_name = "N")]
    pub attacker_models: Option<Whole<u32, 1, 500>>,
    /// Without a FILE: the attacker's models per rank (default 5, or fewer)
    #[arg(long, value_name = "N")]
    pub attacker_frontage: Option<Whole<u32, 1, 50>>,
    /// Without a FILE: the attacker's weapon (default the roster's or the profile's)
    #[arg(long, value_enum, value_name = "WEAPON")]
    pub attacker_weapon: Option<Weapon>,
    /// Without a FILE: the attacker's body armour (default the roster's or the profile's)
    #[arg(long, value_enum, value_name = "ARMOUR")]
    pub attacker_armour: Option<BodyArmour>,
    /// Without a FILE: whether the attacker carries a shield (default the roster's or the profile's)
    #[arg(long, value_enum, value_name = "SHIELD")]
    pub attacker_shield: Option<Shield>,
    /// Without a FILE: the attacker's command group, comma-separated (none: no command group)
    #[arg(long, value_enum, value_delimiter = ',', value_name = "MODELS")]
    pub attacker_command: Option<Vec<CommandModel>>,
    /// Without a FILE: an option of the attacker's army book unit (ARMY:UNIT), by its name in the book's list of options; several separated by ';' or the flag repeated
    #[arg(
        long,
        alias = "atacante-opcion",
        value_name = "OPTION",
        value_delimiter = ';'
    )]
    pub attacker_option: Vec<String>,
    /// Without a FILE: a character leading the attacker: ROSTER.ros:NAME, ROSTER.ros:NUMBER, ARMY:UNIT or PROFILE.toml; repeat for several
    #[arg(long, value_name = "CHARACTER")]
    pub attacker_character: Vec<String>,
    /// The defender, as --attacker
    #[arg(long, alias = "defensor", value_name = "UNIT", requires = "attacker")]
    pub defender: Option<String>,
    /// Without a FILE: the defender's rank-and-file models, as --attacker-models
    #[arg(long, value_name = "N")]
    pub defender_models: Option<Whole<u32, 1, 500>>,
    /// Without a FILE: the defender's models per rank (default 5, or fewer)
    #[arg(long, value_name = "N")]
    pub defender_frontage: Option<Whole<u32, 1, 50>>,
    /// Without a FILE: the defender's weapon, as --attacker-weapon
    #[arg(long, value_enum, value_name = "WEAPON")]
    pub defender_weapon: Option<Weapon>,
    /// Without a FILE: the defender's body armour, as --attacker-armour
    #[arg(long, value_enum, value_name = "ARMOUR")]
    pub defender_armour: Option<BodyArmour>,
    /// Without a FILE: whether the defender carries a shield, as --attacker-shield
    #[arg(long, value_enum, value_name = "SHIELD")]
    pub defender_shield: Option<Shield>,
    /// Without a FILE: the defender's command group, as --attacker-command
    #[arg(long, value_enum, value_delimiter = ',', value_name = "MODELS")]
    pub defender_command: Option<Vec<CommandModel>>,
    /// Without a FILE: an option of the defender's army book, as --attacker-option
    #[arg(
        long,
        alias = "defensor-opcion",
        value_name = "OPTION",
        value_delimiter = ';'
    )]
    pub defender_option: Vec<String>,
    /// Without a FILE: a character leading the defender, as --attacker-character
    #[arg(long, value_name = "CHARACTER")]
    pub defender_character: Vec<String>,
    /// Without a FILE: the charge's distance, cm (default 0: the charge reaches)
    #[arg(long, alias = "distancia", value_name = "DIST")]
    pub distance: Option<Number>,
    /// Without a FILE: the charged unit's reaction
    #[arg(long, alias = "reaccion", value_enum)]
    pub reaction: Option<ReactionName>,
    /// Without a FILE: the side that charges (default attacker; none: already fighting)
    #[arg(long, alias = "carga", value_enum, value_name = "SIDE")]
    pub charger: Option<SideName>,
    /// Without a FILE: where the charge hits the charged unit
    #[arg(long, alias = "encaramiento", value_enum)]
    pub facing: Option<Facing>,
    /// Without a FILE: the ground the fight stands on (marsh: Fenbeasts regenerate)
    #[arg(long, alias = "terreno", value_enum)]
    pub ground: Option<Ground>,
    /// Without a FILE: each roster's General is near its unit (within 30 cm): it tests on his Ld
    #[arg(long, alias = "general-cerca")]
    pub general_near: bool,
    /// Without a FILE: put a roster's character where you field him (his unit brings him): CHARACTER=UNIT or CHARACTER=alone (names or numbers; attacker: or defender: before it for one side's list); repeat for several
    #[arg(long = "join", alias = "unir", value_name = "CHARACTER=UNIT")]
    pub joins: Vec<String>,
}

impl PickArgs {
    /// Each flag and whether it was given.
    fn given(&self) -> [(&'static str, bool); 25] {
        [
            ("--attacker", self.attacker.is_some()),
            ("--attacker-models", self.attacker_models.is_some()),
            ("--attacker-frontage", self.attacker_frontage.is_some()),
            ("--attacker-weapon", self.attacker_weapon.is_some()),
            ("--attacker-armour", self.attacker_armour.is_some()),
            ("--attacker-shield", self.attacker_shield.is_some()),
            ("--attacker-command", self.attacker_command.is_some()),
            ("--attacker-option", !self.attacker_option.is_empty()),
            ("--attacker-character", !self.attacker_character.is_empty()),
            ("--defender", self.defender.is_some()),
            ("--defender-models", self.defender_models.is_some()),
            ("--defender-frontage", self.defender_frontage.is_some()),
            ("--defender-weapon", self.defender_weapon.is_some()),
            ("--defender-armour", self.defender_armour.is_some()),
            ("--defender-shield", self.defender_shield.is_some()),
            ("--defender-command", self.defender_command.is_some()),
            ("--defender-option", !self.defender_option.is_empty()),
            ("--defender-character", !self.defender_character.is_empty()),
            ("--distance", self.distance.is_some()),
            ("--reaction", self.reaction.is_some()),
            ("--charger", self.charger.is_some()),
            ("--facing", self.facing.is_some()),
            ("--ground", self.ground.is_some()),
            ("--general-near", self.general_near),
            ("--join", !self.joins.is_empty()),
        ]
    }

    /// A file's fight is its own: these flags are refused with one, not
    /// ignored (`more` adds the subcommand's own flags of a picked fight).
    pub(super) fn refuse_with_file(&self, more: &[(&str, bool)]) -> Result<(), InputError> {
        let mut given = self.given().to_vec();
        given.extend_from_slice(more);
        InputError::refuse_given(
            &given,
            |flag| flag.to_string(),
            || {
                text!("describes units picked with --attacker and --defender (accepted: without a FILE; a FILE's fight is changed with --set)")
            },
        )
    }

    /// The fight picked, if `--attacker` and `--defender` are given.
    pub(super) fn picked(&self) -> Option<Picked<'_>> {
        let (Some(attacker), Some(defender)) = (&self.attacker, &self.defender) else {
            return None;
        };
        let shield = |s: Option<Shield>| s.map(|s| s == Shield::Yes);
        Some(Picked {
            sides: [
                PickedSide {
                    unit: attacker,
                    models: self.attacker_models,
                    frontage: self.attacker_frontage,
                    weapon: self.attacker_weapon,
                    armour: self.attacker_armour,
                    shield: shield(self.attacker_shield),
                    command: self.attacker_command.as_deref(),
                    options: &self.attacker_option,
                    characters: &self.attacker_character,
                },
                PickedSide {
                    unit: defender,
                    models: self.defender_models,
                    frontage: self.defender_frontage,
                    weapon: self.defender_weapon,
                    armour: self.defender_armour,
                    shield: shield(self.defender_shield),
                    command: self.defender_command.as_deref(),
                    options: &self.defender_option,
                    characters: &self.defender_character,
                },
            ],
            charger: self.charger.unwrap_or_default(),
            facing: self.facing.unwrap_or_default(),
            ground: self.ground.unwrap_or_default(),
            distance: self.distance.map_or(0.0, |d| d.0),
            reaction: self.reaction.unwrap_or_default(),
            general_near: self.general_near,
            joins: &self.joins,
        })
    }

    /// The picked fight with `--set` overrides `sets`.
    pub(super) fn combat(&self, sets: &[String]) -> Result<CombatQuery, InputError> {
        match self.picked() {
            Some(picked) => picked.combat(sets),
            None => Err(InputError::new(
                "--attacker",
                text!("a scenario FILE or --attacker and --defender (accepted: one of them)"),
            )),
        }
    }
}

impl super::SweepArgs {
    /// The sweep's points (`varies` over its FILE, or over the picked
    /// fight: each point its table with the point's sets) and what it
    /// sweeps, in words.
    pub fn points(&self, varies: &[Vary]) -> Result<(Vec<Point>, Text), InputError> {
        let Some(file) = &self.file else {
            let title = self.pick.combat(&self.sets)?.title();
            let load = |_: &Path, sets: &[String]| combat_query(&self.pick, sets);
            let points = sweep_points(load, Path::new(""), &self.sets, varies)?;
            return Ok((points, title));
        };
        self.pick.refuse_with_file(&[])?;
        let points = sweep_points(load_query, file, &self.sets, varies)?;
        Ok((points, Text::kept(file.display().to_string())))
    }
}

impl super::CompareArgs {
    /// The comparison's queries, the baseline's first, and what they are:
    /// its FILEs, or the picked fight and each `--variant` of it.
    pub fn queries(&self) -> Result<(Vec<Query>, Compared), InputError> {
        if !self.files.is_empty() {
            self.pick
                .refuse_with_file(&[("--variant", !self.variants.is_empty())])?;
            let queries = compare_queries(load_query, &self.files, &self.sets)?;
            return Ok((queries, Compared::Files(self.files.clone())));
        }
        if self.variants.is_empty() {
            return Err(InputError::new(
                "--variant",
                text!("missing: a picked fight is compared with its variants (accepted: --variant \"attacker.models=25\", repeated)"),
            ));
        }
        let baseline = self.pick.combat(&self.sets)?;
        let title = baseline.title();
        let mut queries = vec![Query::Combat(Box::new(baseline))];
        let mut labels = Vec::new();
        for variant in &self.variants {
            let changes = variant_changes(variant)?;
            let mut sets = self.sets.clone();
            sets.extend(changes.iter().cloned());
            let query = combat_query(&self.pick, &sets).map_err(|e| match e.origin {
                // An override's error shows the overrides already.
                Origin::Override => InputError::new("--variant", e.message),
                _ => InputError::new("--variant", text!("{} (at {})", e.text(), variant.trim())),
            })?;
            queries.push(query);
            labels.push(changes.join("; "));
        }
        Ok((queries, Compared::Variants(title, labels)))
    }
}

/// A variant's changes: `KEY=VALUE`s separated by `;`, at least one.
fn variant_changes(variant: &str) -> Result<Vec<String>, InputError> {
    let changes: Vec<String> = variant
        .split(';')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect();
    if changes.is_empty() {
        return Err(InputError::new(
            "--variant",
            text!("'{}' changes nothing (accepted: KEY=VALUE, several separated by ';', e.g. attacker.models=25)", variant),
        ));
    }
    Ok(changes)
}

/// The picked fight with `sets`, as a query.
fn combat_query(pick: &PickArgs, sets: &[String]) -> Result<Query, InputError> {
    pick.combat(sets).map(|c| Query::Combat(Box::new(c)))
}
