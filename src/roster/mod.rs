//! Army lists from BattleScribe and New Recruit: `.ros` (the roster's XML)
//! and `.rosz` (a zip holding one), read into the same model a profile
//! file gives, so nothing downstream knows where a unit came from.
//!
//! **What.** Every unit of the list (characters, detachments and units
//! the list gives no `unit` type included): its name, points, each model
//! profile as written with its role and how many models have it, and the
//! unit as the tool plays it: characteristics, weapon, armour, mount,
//! command group and special rules, with every name the tool does not play
//! listed (`data/names/` holds the one table of names), or why it
//! cannot fight. The units' points add up to the list's, or the rest is
//! named.
//!
//! **How.** `archive` unzips with a cap, `xml` reads the selections (no
//! document type declarations: no entity tricks), `body` finds each unit's
//! profiles and counts, `roles` who is who, `gear` what its selections
//! give, `unit` builds the [`RosterUnit`](crate::roster::RosterUnit). A
//! unit that cannot be read or played is left out with its reason; only a
//! file that is not a roster is refused, naming the file and the field.
//!
//! # Example
//!
//! ```
//! let xml = r#"<roster name="Boyz" gameSystemName="Warhammer Fantasy Battles (6th definitive edition)">
//!   <forces><force><selections>
//!     <selection name="Orc Boyz" type="unit" number="1"><selections>
//!       <selection name="Orc Boy" type="model" number="20">
//!         <costs><cost name="pts" value="120"/></costs>
//!         <profiles><profile name="Orc Boy" typeName="Profile"><characteristics>
//!           <characteristic name="Mv">4</characteristic><characteristic name="WS">3</characteristic>
//!           <characteristic name="BS">3</characteristic><characteristic name="S">3</characteristic>
//!           <characteristic name="T">4</characteristic><characteristic name="W">1</characteristic>
//!           <characteristic name="I">2</characteristic><characteristic name="A">1</characteristic>
//!           <characteristic name="Ld">7</characteristic>
//!         </characteristics></profile></profiles>
//!       </selection>
//!       <selection name="Shield" type="upgrade" number="1"/>
//!     </selections></selection>
//!   </selections></force></forces>
//! </roster>"#;
//! let roster = mathhammer::roster::Roster::from_bytes("boyz.ros", xml.as_bytes()).unwrap();
//! let boyz = &roster.units[0];
//! assert_eq!((boyz.models, boyz.points), (20, 120.0));
//! let played = boyz.played.as_ref().unwrap();
//! assert_eq!(played.profile.m.0, 10.0); // 4" is 10 cm
//! ```

use crate::text;
use crate::words::text::Text;
mod archive;
mod army;
mod body;
mod build;
mod champion;
mod chosen;
mod columns;
mod count;
pub(crate) mod find;
mod gear;
mod link;
pub mod listing;
#[doc(hidden)]
pub mod names;
mod others;
pub mod plain;
mod roles;
mod unit;
mod value;
mod xml;

pub use archive::MAX_ROSTER_BYTES;
pub use army::{ArmyRule, ForceRule, RuleSource};
pub(crate) use chosen::{option_gives, stands_alone, Chosen, Gives};
pub(crate) use find::one_or_more as same_word;
pub use find::UnitKey;
pub use link::{for_link, ForLink};

use crate::error::InputError;
use crate::profile::ProfileFile;

/// The game system rosters must be of (the community's 6th edition data).
pub const GAME_SYSTEM: &str = "Warhammer Fantasy Battles (6th";

/// The game system's categories that file a selection as a character
/// (the `.gst`'s category entries; a roster writes them on every
/// character's selection, a hero's `Heroes` or `Characters`).
pub const CHARACTER_CATEGORIES: [&str; 4] = ["Lord", "Heroes", "Characters", "Special Characters"];

/// Whether category `name` (any case, spaces around) is a character's.
fn is_character_category(name: &str) -> bool {
    CHARACTER_CATEGORIES
        .iter()
        .any(|k| name.trim().eq_ignore_ascii_case(k))
}

/// An army list.
#[derive(Clone, Debug)]
pub struct Roster {
    /// Its name.
    pub name: String,
    /// Its points in all.
    pub points: f64,
    /// Its units, numbered from 1 in the file's order (a detachment after
    /// its parent).
    pub units: Vec<RosterUnit>,
    /// Selections outside every unit that cost points (an army-wide
    /// option), by name.
    pub outside: Vec<(String, f64)>,
    /// The rules of the selections outside every unit (the army's own),
    /// each with the units it reaches.
    pub army_rules: Vec<ForceRule>,
}

/// A name a unit carries and why it is listed apart (no effect in a
/// fight, not played, played in part).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Named {
    /// The name as the roster writes it.
    pub name: String,
    /// Why.
    pub why: String,
}

/// One unit of a roster.
#[derive(Clone, Debug)]
pub struct RosterUnit {
    /// Its place in the roster, from 1.
    pub number: usize,
    /// Its name.
    pub name: String,
    /// Its army: the catalogue its force was chosen from.
    pub army: String,
    /// The unit it is a detachment of (its number), if it is one.
    pub parent: Option<usize>,
    /// Its points, upgrades included (a detachment's are its own).
    pub points: f64,
    /// Rank-and-file models (1 for a character; chariots for chariots).
    pub models: u32,
    /// Each model profile as written (rank and file, champion, mount...).
    pub profiles: Vec<ModelProfile>,
    /// Its gear as played, by the file's names.
    pub equipment: Vec<String>,
    /// Its special rules the tool plays.
    pub rules_played: Vec<String>,
    /// Names it carries that decide nothing in a fight (Scouts), and why.
    pub rules_without_effect: Vec<Named>,
    /// Names it carries that change fights and the tool does not play yet,
    /// and why.
    pub rules_not_played: Vec<Named>,
    /// Played names that do more than is played, and what.
    pub played_in_part: Vec<Named>,
    /// Names that are part of another it carries (the rules written under
    /// an item: `Requires Two Hands` under a great weapon), and which.
    pub rules_folded: Vec<Named>,
    /// Rules its army gives it that the roster does not (its selections
    /// outside every unit, its army book), played.
    pub rules_from_army: Vec<ArmyRule>,
    /// What was read and not played as written: a value's rest (`S
    /// 5(10)`: 5 played), a count the roster does not give, another kind
    /// of model in the unit.
    pub notes: Vec<Text>,
    /// A champion leads it.
    pub champion: bool,
    /// It carries a standard.
    pub standard: bool,
    /// It has a musician.
    pub musician: bool,
    /// A character: the roster files him under one of the game system's
    /// [`CHARACTER_CATEGORIES`]; where a roster writes no categories at
    /// all, a unit of one model on foot or on a steed (not a war machine,
    /// a chariot or a monster on foot) is taken for one.
    pub character: bool,
    /// A war machine (its crew fight for it): a war machine's profile, or
    /// the game system's `War Machine` category on a unit of troops.
    pub war_machine: bool,
    /// The options its list chose: each upgrade it holds (not a model, not
    /// a detachment) by the options that hold it and its name
    /// (`Standard Bearer::War Banner`), as a library pick names options.
    pub options: Vec<String>,
    /// The unit as the tool plays it, or why it cannot fight.
    pub played: Result<ProfileFile, crate::words::text::Text>,
}

/// A model profile as the file writes it.
#[derive(Clone, Debug)]
pub struct ModelProfile {
    /// The profile's name.
    pub name: String,
    /// How many models have it (for a steed: the selection's number).
    pub models: u32,
    /// What it is in its unit.
    pub role: Role,
    /// Its characteristics in the file's order, `Mv` named `M`.
    pub values: Vec<(String, Value)>,
}

/// What a model profile is in its unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Its rank and file (a character himself).
    RankAndFile,
    /// Its champion.
    Champion,
    /// The rank and file's steed (or a character's).
    Mount,
    /// A chariot.
    Chariot,
    /// A chariot's crew.
    Crew,
    /// A chariot's beasts.
    Beast,
    /// A war machine (its crew fight for it).
    WarMachine,
    /// Another kind of model in the unit (a Fanatic, a handler), not
    /// played in its fights.
    Other,
}

impl Role {
    /// Its name in listings.
    pub fn name(self) -> &'static str {
        match self {
            Role::RankAndFile => "rank and file",
            Role::Champion => "champion",
            Role::Mount => "mount",
            Role::Chariot => "chariot",
            Role::Crew => "crew",
            Role::Beast => "beast",
            Role::WarMachine => "war machine",
            Role::Other => "other",
        }
    }
}

/// A characteristic's value as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A plain number (M in the file's inches).
    Num(f64),
    /// Text kept as written (a base size, `5(10)`, `2D6`, `4+`).
    Text(String),
    /// `-` or nothing.
    Absent,
}

/// What is wrong with a roster, or with one of its units (which is then
/// left out, the list read): the field at fault, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct RosterError {
    /// The field (a characteristic, `number`, `pts`).
    pub field: Option<String>,
    /// What is wrong and what is accepted.
    pub message: Text,
}

impl RosterError {
    fn file(message: impl Into<Text>) -> Self {
        RosterError {
            field: None,
            message: message.into(),
        }
    }

    fn field(profile: &str, field: &str, message: impl Into<Text>) -> Self {
        let field = match profile {
            "" => field.to_string(),
            p => format!("{p}.{field}"),
        };
        RosterError {
            field: Some(field),
            message: message.into(),
        }
    }

    /// Its field and message, for a unit left out.
    fn describe(&self) -> Text {
        match &self.field {
            Some(f) => text!("{}: {}", f.clone(), self.message.clone()),
            None => self.message.clone(),
        }
    }

    /// As an input error of roster file `file`: `file: field`.
    pub fn in_file(self, file: &str) -> InputError {
        let mut at = file.to_string();
        if let Some(f) = &self.field {
            at += &format!(": {f}");
        }
        InputError::new(at, self.message)
    }
}

impl Roster {
    /// Reads roster file `path` (`.ros` or `.rosz`): at most
    /// [`MAX_ROSTER_BYTES`] and one more are read, so a file past the cap
    /// (or an endless one) is refused without being read whole.
    pub fn read(path: &std::path::Path) -> Result<Roster, InputError> {
        let shown = path.display().to_string();
        let bytes = crate::files::read_bytes(path, MAX_ROSTER_BYTES).map_err(|e| {
            let why = match e {
                crate::files::Unread::Io(e) => {
                    text!("cannot read it ({}) (accepted: a .ros or .rosz roster)", e)
                }
                over => over.why(),
            };
            InputError::new(shown.clone(), why)
        })?;
        Roster::from_bytes(&shown, &bytes)
    }

    /// The XML text of roster file `file`'s `bytes`: a `.rosz` unzipped, a
    /// `.ros` as it is (the page sends a dropped roster as text).
    pub fn xml_text(file: &str, bytes: &[u8]) -> Result<String, InputError> {
        archive::roster_xml(bytes).map_err(|e| e.in_file(file))
    }

    /// The roster in `bytes`, read from the file named `file` (for errors).
    pub fn from_bytes(file: &str, bytes: &[u8]) -> Result<Roster, InputError> {
        Roster::parse(bytes).map_err(|e| e.in_file(file))
    }

    fn parse(bytes: &[u8]) -> Result<Roster, RosterError> {
        let raw = xml::parse(&archive::roster_xml(bytes)?)?;
        if !raw.game_system.is_empty() && !raw.game_system.starts_with(GAME_SYSTEM) {
            return Err(RosterError::file(text!(
                "a roster of '{}' (accepted: Warhammer Fantasy Battles (6th edition) rosters)",
                raw.game_system
            )));
        }
        Ok(Roster::from_selections(
            raw.name,
            raw.points,
            &raw.selections,
        ))
    }

    /// The list named `name` of `points` whose forces hold `selections`:
    /// its units, the points outside them and its army's own rules.
    fn from_selections(name: String, points: f64, selections: &[xml::Selection]) -> Roster {
        let mut found = Found::default();
        for s in selections {
            army_selections(s, &mut found.army);
        }
        for s in selections {
            found.top(s);
        }
        let given: Vec<(usize, &[ArmyRule])> = found
            .units
            .iter()
            .map(|u| (u.number, u.rules_from_army.as_slice()))
            .collect();
        let army_rules = found.army.reached(&given);
        // A roster that writes no categories (a hand-written one) says no
        // one is a character: a lone model is taken for one.
        if !selections.iter().any(categorised) {
            for u in &mut found.units {
                u.character = unit::looks_like_character(u);
            }
        }
        Roster {
            name,
            points,
            units: found.units,
            outside: found.outside,
            army_rules,
        }
    }

    /// The Ld of the list's General (the unit a `General` name marks), if
    /// it has one that plays: lent to units he is near (RULES.md Break
    /// test).
    pub fn general_ld(&self) -> Option<u8> {
        self.units
            .iter()
            .filter_map(|u| u.played.as_ref().ok())
            .find(|p| p.general)
            .map(|p| p.profile.ld.0)
    }

    /// The units' points together.
    pub fn unit_points(&self) -> f64 {
        self.units.iter().map(|u| u.points).sum()
    }

    /// The list's points the units and the selections outside them do not
    /// account for (a rounding's worth aside), if any.
    pub fn unaccounted(&self) -> Option<f64> {
        let outside: f64 = self.outside.iter().map(|(_, p)| p).sum();
        let rest = self.points - self.unit_points() - outside;
        (rest.abs() > 0.01).then_some(rest)
    }
}

/// Whether `s` or what it holds (units of their own aside) has a model
/// profile.
fn holds_profile(s: &xml::Selection) -> bool {
    s.profiles.iter().any(|p| p.kind == "Profile")
        || s.children
            .iter()
            .filter(|c| !body::stands_alone(s, c))
            .any(holds_profile)
}

/// Whether `s` or a selection it holds is in a category.
fn categorised(s: &xml::Selection) -> bool {
    !s.categories.is_empty() || s.children.iter().any(categorised)
}

/// Whether `s` holds a unit of its own.
fn holds_unit(s: &xml::Selection) -> bool {
    s.children
        .iter()
        .any(|c| body::stands_alone(s, c) || (c.kind != "unit" && holds_unit(c)))
}

/// Whether selection `s` of a force is a unit: it is one, or holds a
/// model profile outside any unit (a character the list types `model`).
fn stands_as_unit(s: &xml::Selection) -> bool {
    holds_profile(s) || (s.kind == "unit" && !holds_unit(s))
}

/// The selections of a force outside every unit (the army's own rules),
/// looked through as [`Found::top`] does.
fn army_selections(s: &xml::Selection, out: &mut army::ArmySelections) {
    if stands_as_unit(s) {
        return;
    }
    out.add(s);
    for c in &s.children {
        army_selections(c, out);
    }
}

/// The units found so far, the points outside them, and the army's own
/// selections their rules come from.
#[derive(Default)]
struct Found {
    units: Vec<RosterUnit>,
    outside: Vec<(String, f64)>,
    army: army::ArmySelections,
}

impl Found {
    /// A selection of a force: a unit if it is one, or holds a model
    /// profile outside any unit (a character the list types `model`);
    /// else its points are outside every unit, and its selections are
    /// looked through.
    fn top(&mut self, s: &xml::Selection) {
        self.top_within(s, &[]);
    }

    /// [`Found::top`] for selection `s` inside selections of categories
    /// `within` (a box of units hired together: a Regiment of Renown).
    fn top_within(&mut self, s: &xml::Selection, within: &[String]) {
        if stands_as_unit(s) {
            self.unit(s, None, within);
            return;
        }
        // An army-wide option, or a box of units (two characters bought
        // together): its own points are outside the units it holds.
        if s.points > 0.0 {
            self.outside.push((s.name.clone(), s.points));
        }
        let categories: Vec<String> = within.iter().chain(&s.categories).cloned().collect();
        for c in &s.children {
            self.top_within(c, &categories);
        }
    }

    /// Unit `s` (a detachment of unit `parent`, inside units of
    /// categories `within`), then its detachments.
    fn unit(&mut self, s: &xml::Selection, parent: Option<usize>, within: &[String]) {
        let number = self.units.len() + 1;
        // A detachment is of its parent's categories too (a Regiment of
        // Renown's).
        let categories: Vec<String> = within.iter().chain(&s.categories).cloned().collect();
        let unit = unit::unit(number, parent, s, (&self.army, &categories));
        self.units.push(unit);
        self.detachments(s, number, &categories);
    }

    /// The units of their own inside `s`, a part of unit `parent` (of
    /// categories `within`).
    fn detachments(&mut self, s: &xml::Selection, parent: usize, within: &[String]) {
        for c in &s.children {
            match body::stands_alone(s, c) {
                true => self.unit(c, Some(parent), within),
                false => self.detachments(c, parent, within),
            }
        }
    }
}
