//! A fight picked by flags (`combat --attacker A --defender B`, with each
//! unit's models, ranks, gear, command group and characters, who charges
//! and where the charge hits; [`super::tuning`]) as the scenario file with
//! the same keys.
//!
//! **Why a file.** The fight is played by reading that file, as any
//! scenario is read, so the picked fight and the one its file describes
//! cannot differ; `--write-scenario` saves it to edit (the page's advanced
//! editor shows it). Its paths name the same files from where it is saved.

use super::values::Whole;
use crate::army::join::for_lists;
use crate::army::{Army, Join};
use crate::combat::unit::MAX_CHARACTERS;
use crate::error::InputError;
use crate::query::combat::CombatQuery;
use crate::roster::{Roster, UnitKey};
use crate::rules::place::{Facing, Ground, ReactionName, SideName};
use crate::rules::saves::BodyArmour;
use crate::rules::weapons::Weapon;
use crate::scenario::combat::{apply_set, parse_with_sets, ScenarioFile};
use crate::scenario::part::{fighting, roster_unit};
use crate::scenario::reference::unit_reference;
use crate::text;
use crate::words::text::Text;
use clap::ValueEnum;
use std::path::Path;
use toml::{Table, Value};

/// The characters a side's roster unit brings: its roster file, and
/// their numbers in it.
type Fielded = (String, Vec<usize>);

/// A model of a command group, as `--attacker-command` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CommandModel {
    #[value(aliases = ["campeon", "campeón"])]
    /// A champion
    Champion,
    #[value(aliases = ["estandarte"])]
    /// A standard bearer
    Standard,
    #[value(aliases = ["musico", "músico"])]
    /// A musician
    Musician,
    #[value(aliases = ["ninguno"])]
    /// No command group
    None,
}

/// A fight picked by flags.
pub(super) struct Picked<'a> {
    /// The attacker's side, then the defender's.
    pub sides: [PickedSide<'a>; 2],
    pub charger: SideName,
    pub facing: Facing,
    /// The ground the fight stands on (`--ground`).
    pub ground: Ground,
    pub distance: f64,
    pub reaction: ReactionName,
    /// Each roster's General is near its unit (`--general-near`).
    pub general_near: bool,
    /// Characters put where the player fields them (`--join`).
    pub joins: &'a [String],
}

/// A side of a picked fight as its flags give it (`--attacker`,
/// `--attacker-models`, ...): its unit, models, models per rank, gear,
/// command group and characters (RULES.md: ranks, command group,
/// characters). A roster's unit keeps its list's models, gear and command
/// group unless they are given.
pub(super) struct PickedSide<'a> {
    pub unit: &'a str,
    pub models: Option<Whole<u32, 1, 500>>,
    pub frontage: Option<Whole<u32, 1, 50>>,
    pub weapon: Option<Weapon>,
    pub armour: Option<BodyArmour>,
    pub shield: Option<bool>,
    pub command: Option<&'a [CommandModel]>,
    /// Its army book's options, by name (an army book's unit only).
    pub options: &'a [String],
    pub characters: &'a [String],
}

impl Picked<'_> {
    /// The fight, read from its scenario as any file is: from its text,
    /// by the one TOML reader (reading the table itself would compile a
    /// second reader of every scenario type, 80 KB of the page's module).
    /// With `--set` overrides `sets` applied to its file's table, as to any
    /// file's.
    pub fn combat(&self, sets: &[String]) -> Result<CombatQuery, InputError> {
        let text = self.scenario(Path::new(""))?.to_string();
        let named = |e: InputError| self.named_by_flag(e, &text, sets);
        let file: ScenarioFile = parse_with_sets(&text, "", sets).map_err(named)?;
        let combat = file.combat(Path::new("")).map_err(named)?;
        Ok(CombatQuery {
            sets: sets.to_vec(),
            ..combat
        })
    }

    /// Writes its scenario, with the overrides `sets`, to `path` (whole or
    /// not at all), its files named from `path`'s folder.
    pub fn write(&self, path: &Path, sets: &[String]) -> Result<(), InputError> {
        let dir = path.parent().unwrap_or(Path::new(""));
        let mut table = self.scenario(dir)?;
        for set in sets {
            apply_set(&mut table, set)?;
        }
        let text = table.to_string();
        crate::files::write_whole(path, &text).map_err(|e| {
            InputError::new(
                "--write-scenario",
                text!("cannot write {}: {}", path.display(), e),
            )
        })
    }

    /// Its scenario file, naming its files from folder `dir`.
    fn scenario(&self, dir: &Path) -> Result<Table, InputError> {
        let mut scenario = Table::new();
        scenario.insert("name".into(), "".into());
        let fielded = self.fielded()?;
        for ((side, picked), fielded) in ["attacker", "defender"]
            .into_iter()
            .zip(&self.sides)
            .zip(fielded)
        {
            let mut table = picked.table(side, dir, fielded)?;
            if self.general_near {
                table.insert("general_ld".into(), general_ld(picked.unit, side)?.into());
            }
            scenario.insert(side.into(), table.into());
        }
        let mut situation = Table::new();
        situation.insert("charger".into(), named(self.charger).into());
        situation.insert("facing".into(), named(self.facing).into());
        if self.ground != Ground::Open {
            situation.insert("ground".into(), named(self.ground).into());
        }
        situation.insert("distance".into(), self.distance.into());
        situation.insert("reaction".into(), named(self.reaction).into());
        scenario.insert("situation".into(), situation.into());
        Ok(scenario)
    }
}

impl Picked<'_> {
    /// The characters each side's roster unit brings: its roster file and
    /// their numbers, those its army fields in it (`--join`s applied; a
    /// roster both sides are picked from is one army). RULES.md
    /// Characters in units.
    fn fielded(&self) -> Result<[Option<Fielded>; 2], InputError> {
        const SIDES: [&str; 2] = ["attacker", "defender"];
        let mut rosters: Vec<(String, Roster, Vec<&str>)> = Vec::new();
        let mut picked: [Option<(usize, usize)>; 2] = [None, None];
        for (i, side) in self.sides.iter().enumerate() {
            let flag = format!("--{}", SIDES[i]);
            let spec = unit_reference(side.unit, &flag)?;
            let (Some(file), Some(key)) = (spec.part.roster, spec.part.unit) else {
                continue;
            };
            // An army book's unit is picked alone: no list fields
            // characters in it.
            if from_library(&file) {
                continue;
            }
            let at = match rosters.iter().position(|(f, ..)| *f == file) {
                Some(at) => at,
                None => {
                    let roster = Roster::read(Path::new(&file))
                        .map_err(|e| InputError::new(flag.clone(), e.text()))?;
                    rosters.push((file.clone(), roster, Vec::new()));
                    rosters.len() - 1
                }
            };
            rosters[at].2.push(SIDES[i]);
            let unit = rosters[at].1.unit(&key);
            let number = unit.map_err(|why| InputError::new(flag, text!("{}: {}", &file, why)))?;
            picked[i] = Some((at, number.number));
        }
        let joins = (self.joins.iter())
            .map(|j| Join::parse(j, &SIDES))
            .collect::<Result<Vec<_>, _>>()?;
        if let (Some(first), true) = (joins.first(), rosters.is_empty()) {
            return Err(first.refused(
                text!("no roster's unit is picked"),
                text!("with --attacker or --defender ROSTER.ros:UNIT"),
            ));
        }
        let lists: Vec<(Vec<&str>, &Roster)> = rosters
            .iter()
            .map(|(_, r, sides)| (sides.clone(), r))
            .collect();
        let routed = for_lists(&joins, &lists)?;
        let armies = (rosters.iter().zip(&routed))
            .map(|((_, roster, _), joins)| Army::field(roster, joins))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(picked.map(|p| {
            let (at, number) = p?;
            let characters = armies[at].characters_in(number);
            Some((
                rosters[at].0.clone(),
                characters.iter().map(|c| c.number).collect(),
            ))
        }))
    }
}

impl PickedSide<'_> {
    /// Its unit table as side `side` of a scenario in folder `dir` has it,
    /// with the characters `fielded` in it (its roster file and their
    /// numbers).
    fn table(&self, side: &str, dir: &Path, fielded: Option<Fielded>) -> Result<Table, InputError> {
        let mut table = unit(self.unit, &format!("--{side}"), dir)?;
        self.chosen_from_book(side)?;
        // A count typed after the unit (`NAME:22`; a profile's is 1 untyped).
        let typed = (table.get("models").and_then(|m| m.as_integer()))
            .filter(|_| table.contains_key("roster") || self.unit.contains(':'));
        if let (Some(typed), Some(n)) = (typed, self.models) {
            if typed != i64::from(n.0) {
                return Err(InputError::new(
                    format!("--{side}-models"),
                    text!(
                        "{} models, and {} in {} {} (accepted: one count)",
                        n.0,
                        typed,
                        Text::flag(format!("--{side}")),
                        self.unit.to_string()
                    ),
                ));
            }
        }
        if !self.options.is_empty() {
            let options: Vec<Value> = self.options.iter().map(|o| o.as_str().into()).collect();
            table.insert("options".into(), options.into());
        }
        if let Some(n) = self.models {
            table.insert("models".into(), i64::from(n.0).into());
        }
        if let Some(n) = self.frontage {
            table.insert("frontage".into(), i64::from(n.0).into());
        }
        if let Some(weapon) = self.weapon {
            table.insert("weapon".into(), named(weapon).into());
        }
        if let Some(armour) = self.armour {
            table.insert("armour".into(), named(armour).into());
        }
        if let Some(shield) = self.shield {
            table.insert("shield".into(), shield.into());
        }
        if let Some(models) = self.command {
            for (key, model) in [
                ("champion", CommandModel::Champion),
                ("standard", CommandModel::Standard),
                ("musician", CommandModel::Musician),
            ] {
                table.insert(key.into(), models.contains(&model).into());
            }
        }
        let mut leaders = Vec::new();
        let flag = format!("--{side}-character");
        if let Some((file, numbers)) = &fielded {
            for n in numbers {
                let mut leader = Table::new();
                leader.insert("roster".into(), from_folder(dir, file).into());
                leader.insert("unit".into(), Value::Integer(*n as i64));
                leaders.push(Value::Table(leader));
            }
        }
        for c in self.characters {
            // One the list fields in the unit already leads it once.
            if !fielded_already(c, &fielded) {
                leaders.push(Value::Table(leader(c, &flag, dir)?));
            }
        }
        if leaders.len() > MAX_CHARACTERS {
            let (given, most) = (leaders.len(), MAX_CHARACTERS);
            let message = match fielded.is_some_and(|(_, n)| !n.is_empty()) {
                true => text!(
                    "{} characters with those the list fields in the unit (accepted: at most {})",
                    given,
                    most
                ),
                false => text!("{} characters (accepted: at most {})", given, most),
            };
            return Err(InputError::new(flag, message));
        }
        if !leaders.is_empty() {
            table.insert("characters".into(), leaders.into());
        }
        Ok(table)
    }
}

/// Whether `character` (as `--attacker-character` names him) is one of the
/// characters `fielded` in the unit (its roster file and their numbers).
fn fielded_already(character: &str, fielded: &Option<Fielded>) -> bool {
    let Some((file, numbers)) = fielded else {
        return false;
    };
    let Ok(spec) = unit_reference(character, "") else {
        return false;
    };
    let (Some(his), Some(key)) = (spec.part.roster, spec.part.unit) else {
        return false;
    };
    let roster = Roster::read(Path::new(&his));
    his == *file && roster.is_ok_and(|r| r.unit(&key).is_ok_and(|u| numbers.contains(&u.number)))
}

/// The Ld of the General of the roster `reference` (a side's unit) names,
/// for `--general-near`. RULES.md Break test.
fn general_ld(reference: &str, side: &str) -> Result<i64, InputError> {
    let flag = "--general-near";
    let spec = unit_reference(reference, &format!("--{side}"))?;
    let Some(file) = spec.part.roster.filter(|f| !from_library(f)) else {
        return Err(InputError::new(
            flag,
            text!(
                "the {} is not a roster's unit (accepted: ROSTER.ros:UNIT for both sides)",
                side
            ),
        ));
    };
    let roster = crate::roster::Roster::read(Path::new(&file))
        .map_err(|e| InputError::new(flag, e.text()))?;
    match roster.general_ld() {
        Some(ld) => Ok(i64::from(ld)),
        None => Err(InputError::new(
            flag,
            text!(
                "{}: the list has no General (accepted: a list whose General is chosen)",
                &file
            ),
        )),
    }
}

/// Whether a reference's list `file` is an army book of the library, not
/// a roster file.
fn from_library(file: &str) -> bool {
    matches!(
        crate::library::source(Path::new(""), file),
        Ok(crate::library::Source::Army(_))
    )
}

/// A value's name as a file spells it (`stand-and-shoot`).
fn named(value: impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// The unit table of `reference` (as `flag` gives it): its roster and unit,
/// or its profile file and models.
fn unit(reference: &str, flag: &str, dir: &Path) -> Result<Table, InputError> {
    Ok(unit_listed(reference, flag, dir)?.0)
}

/// [`unit`]'s table, and the roster unit's models if it is one.
fn unit_listed(
    reference: &str,
    flag: &str,
    dir: &Path,
) -> Result<(Table, Option<u32>), InputError> {
    let spec = unit_reference(reference, flag)?;
    let mut listed_models = None;
    if let (Some(file), Some(key)) = (&spec.part.roster, &spec.part.unit) {
        // A unit the roster has not, or one that cannot fight, is the
        // flag's error, not a place in the scenario written from the flags.
        let listed = roster_unit(Path::new(""), file, key, (flag, flag), &Default::default())?;
        fighting(&listed, Some(file), flag)?;
        listed_models = Some(listed.models);
    }
    let mut table = Table::new();
    let files = [
        ("roster", &spec.part.roster),
        ("profile_file", &spec.part.profile_file),
    ];
    for (key, file) in files {
        if let Some(file) = file {
            // An army book is named as it was typed: it is no file.
            let named = match key == "roster" && from_library(file) {
                true => file.clone(),
                false => from_folder(dir, file),
            };
            table.insert(key.into(), named.into());
        }
    }
    match &spec.part.unit {
        Some(UnitKey::Number(n)) => table.insert("unit".into(), Value::Integer(*n as i64)),
        Some(UnitKey::Name(name)) => table.insert("unit".into(), name.clone().into()),
        None => None,
    };
    if let Some(models) = spec.models {
        table.insert("models".into(), i64::from(models.0).into());
    }
    Ok((table, listed_models))
}

/// The character table of `character` (as `flag` gives it): one model.
fn leader(character: &str, flag: &str, dir: &Path) -> Result<Table, InputError> {
    let (mut table, listed_models) = unit_listed(character, flag, dir)?;
    let given = table.remove("models").and_then(|m| m.as_integer());
    if given.is_some_and(|m| m != 1) || listed_models.is_some_and(|m| m != 1) {
        return Err(InputError::new(
            flag,
            text!("'{}': a character is one model (accepted: ROSTER.ros:NAME, ROSTER.ros:NUMBER or PROFILE.toml)", character),
        ));
    }
    Ok(table)
}

/// `path` (from the working folder) as a file in folder `dir` names it.
fn from_folder(dir: &Path, path: &str) -> String {
    let (dir_key, path_key) = (crate::files::key(dir), crate::files::key(Path::new(path)));
    let outside = dir.is_absolute() || dir_key.split('/').any(|p| p == "..");
    if Path::new(path).is_absolute() || dir_key.is_empty() {
        return path.to_string();
    }
    if outside {
        // From an absolute or outer folder: the file's absolute path.
        return std::env::current_dir()
            .map(|cwd| cwd.join(path).display().to_string())
            .unwrap_or_else(|_| path.to_string());
    }
    let (dir_parts, path_parts): (Vec<&str>, Vec<&str>) =
        (dir_key.split('/').collect(), path_key.split('/').collect());
    let common = dir_parts
        .iter()
        .zip(&path_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let ups = std::iter::repeat_n("..", dir_parts.len() - common);
    ups.chain(path_parts[common..].iter().copied())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::from_folder;
    use std::path::Path;

    #[test]
    fn a_file_is_named_from_the_scenario_folder() {
        let named = |dir: &str, path: &str| from_folder(Path::new(dir), path);
        assert_eq!(
            named("", "scenarios/rosters/orcs.ros"),
            "scenarios/rosters/orcs.ros"
        );
        assert_eq!(
            named("scenarios", "scenarios/rosters/orcs.ros"),
            "rosters/orcs.ros"
        );
        assert_eq!(
            named("scenarios", "rosters/mine.rosz"),
            "../rosters/mine.rosz"
        );
        assert_eq!(named("a/b", "a/c/x.toml"), "../c/x.toml");
        assert_eq!(named("scenarios", "/abs/x.ros"), "/abs/x.ros");
    }
}
