//! A list's units as the matchup plays them: each unit on the table
//! (a unit of troops with the characters its army fields in it, or a
//! character standing alone), units that fight alike folded into one
//! [`Group`], and what each may do: charge (a war machine never does),
//! must charge (frenzy), or not at all (no fight takes it).

use crate::army::Army;
use crate::report::Text;
use crate::roster::RosterUnit;
use crate::rules::special::SpecialRule;
use crate::scenario::combat::{CharacterSpec, Count, UnitSpec};
use crate::scenario::part::ProfilePart;
use crate::scenario::source::MAX_MODELS;
use crate::text;
use std::path::Path;

/// Units of one list whose fights are the same (the same unit as played:
/// profiles, models, gear, command group and rules, and no character
/// fielded in them): one row of the tables, one fight per cell, but each
/// its own charger in the plan.
pub struct Group<'r> {
    /// The units, in the roster's order; the first plays the fights.
    pub units: Vec<&'r RosterUnit>,
    /// The characters its army fields in its unit (a group of one then).
    pub characters: Vec<&'r RosterUnit>,
    /// A character standing alone.
    pub alone: bool,
    /// It may charge: not a war machine (RULES.md Characters in units:
    /// a war machine is charged, never charges).
    pub charges: bool,
    /// Frenzied, it must charge an enemy it can (RULES.md Special attacks
    /// and psychology: frenzy).
    pub must_charge: bool,
    /// Why its charge may not be declared (stupidity, animosity), if it
    /// may not.
    pub may_not_declare: Option<Text>,
    /// Charged, it holds: it cannot react as `--reaction` asks (a
    /// frenzied unit cannot flee).
    pub holds_instead: bool,
}

impl<'r> Group<'r> {
    /// The unit that plays the group's fights.
    pub fn unit(&self) -> &'r RosterUnit {
        self.units[0]
    }

    /// Its units' numbers and name, with the numbers of the characters
    /// fielded in it (the table of where they stand names them) or alone:
    /// `1. Orc Boyz`, `3, 4. Clanrats`, `5. Halberdiers +1`, `16. Battle
    /// Wizard (alone)`; short, for the answers' 80 columns.
    pub fn label(&self) -> Text {
        let numbers: Vec<String> = (self.characters.iter())
            .map(|c| format!(" +{}", c.number))
            .collect();
        match self.alone {
            true => self.target(),
            false => Text::kept(self.unit_name() + &numbers.concat()),
        }
    }

    /// Its units' numbers and name as a target in the answers (a character
    /// alone said so): `5. Halberdiers`, `16. Battle Wizard (alone)`.
    pub fn target(&self) -> Text {
        match self.alone {
            true => text!("{} (alone)", Text::kept(self.unit_name())),
            false => Text::kept(self.unit_name()),
        }
    }

    /// `3, 4. Clanrats`.
    fn unit_name(&self) -> String {
        format!("{}. {}", self.numbers(), self.unit().name)
    }

    /// Its units' numbers: `3` or `3, 4`.
    pub fn numbers(&self) -> String {
        let numbers: Vec<String> = self.units.iter().map(|u| u.number.to_string()).collect();
        numbers.join(", ")
    }

    /// The points at stake in its fights: its unit's and its characters'.
    pub fn points(&self) -> f64 {
        self.unit().points + self.characters.iter().map(|c| c.points).sum::<f64>()
    }
}

/// A unit of a list that fights in no cell, and why.
pub struct LeftOut {
    /// Its list: 0 for A, 1 for B.
    pub list: usize,
    /// Its number and name.
    pub unit: (usize, String),
    /// Why it cannot fight.
    pub why: Text,
}

/// The groups of `army`'s units on the table (list `list`), units of
/// troops first, then its characters standing alone; those no fight takes
/// go to `left_out`.
pub(super) fn groups<'r>(
    army: &Army<'r>,
    list: usize,
    left_out: &mut Vec<LeftOut>,
) -> Vec<Group<'r>> {
    let mut groups = Vec::new();
    let units = army
        .roster
        .units
        .iter()
        .filter(|u| army.on_its_own(u.number));
    let (alone, troops): (Vec<&RosterUnit>, Vec<&RosterUnit>) = units.partition(|u| u.character);
    for unit in troops.into_iter().chain(alone) {
        let characters = army.characters_in(unit.number);
        match why_not(unit, &characters) {
            None => join(
                &mut groups,
                unit,
                characters,
                army.stands_alone(unit.number),
            ),
            Some(why) => left_out.push(LeftOut {
                list,
                unit: (unit.number, unit.name.clone()),
                why,
            }),
        }
    }
    groups
}

/// Adds `unit` (with the `characters` fielded in it; `alone`: a character
/// standing alone) to the group of the units it plays as, or a group of
/// its own.
fn join<'r>(
    groups: &mut Vec<Group<'r>>,
    unit: &'r RosterUnit,
    characters: Vec<&'r RosterUnit>,
    alone: bool,
) {
    let alike = |g: &&mut Group| {
        characters.is_empty() && g.characters.is_empty() && same_fights(g.unit(), unit)
    };
    match groups.iter_mut().find(alike) {
        Some(group) => group.units.push(unit),
        None => {
            let frenzied = |u: &RosterUnit| {
                (u.played.as_ref()).is_ok_and(|p| p.rules.contains(&SpecialRule::Frenzy))
            };
            groups.push(Group {
                units: vec![unit],
                characters,
                alone,
                charges: !unit.war_machine,
                must_charge: frenzied(unit),
                may_not_declare: None,
                holds_instead: false,
            })
        }
    }
}

/// Whether two units of a list fight alike: everything a fight reads of
/// them is the same (all but their number and where the roster puts them).
fn same_fights(a: &RosterUnit, b: &RosterUnit) -> bool {
    let played = |u: &RosterUnit| {
        format!(
            "{:?}",
            (
                &u.name,
                u.points,
                u.models,
                &u.profiles,
                &u.equipment,
                &u.rules_played,
                (u.champion, u.standard, u.musician),
                &u.played,
            )
        )
    };
    played(a) == played(b)
}

/// Why no fight takes `unit` (with `characters` in it), if none does: the
/// roster's reason, its models past what a fight takes, or whatever else
/// its unit table alone is refused for (a reason of the unit's, whatever
/// it meets).
fn why_not(unit: &RosterUnit, characters: &[&RosterUnit]) -> Option<Text> {
    if let Err(why) = &unit.played {
        return Some(why.clone());
    }
    if unit.models > MAX_MODELS {
        return Some(text!(
            "it has {} models (a fight takes 1 to {})",
            unit.models,
            MAX_MODELS
        ));
    }
    listed(unit, characters, None)
        .unit(Path::new(""), "attacker")
        .err()
        .map(|e| e.message)
}

/// A roster's unit as a scenario's unit table, already read, with the
/// characters fielded in it and its General's Ld if he is near.
pub(super) fn listed(
    unit: &RosterUnit,
    characters: &[&RosterUnit],
    general_ld: Option<u8>,
) -> UnitSpec {
    UnitSpec {
        models: None,
        general_ld: general_ld.map(crate::profile::Ranged),
        characters: characters
            .iter()
            .map(|c| CharacterSpec {
                part: ProfilePart::listed(c),
                attacks_on_him: Count(0),
                general: false,
                battle_standard: false,
            })
            .collect(),
        ..UnitSpec::one_model(ProfilePart::listed(unit))
    }
}
