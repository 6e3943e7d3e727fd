//! Army lists from BattleScribe and New Recruit: `.ros` (the roster's XML)
//! and `.rosz` (a zip holding one), read into the same model a profile
//! file gives, so nothing downstream knows where a unit came from.
//!
//! **What.** Every selection of type `unit` (characters included): its
//! name, points, each model profile as written and how many models have
//! it, and the unit as the tool plays it: characteristics, weapon, armour,
//! mount, command group and special rules, with every name the tool does
//! not play listed (`names` holds the one table of names).
//!
//! **How.** `archive` unzips with a cap, `xml` reads the selections (no
//! document type declarations: no entity tricks), `unit` turns each into a
//! [`RosterUnit`](crate::roster::RosterUnit). Errors name the file, the unit and the field.
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
mod find;
pub mod listing;
mod names;
mod unit;
mod xml;

pub use archive::MAX_ROSTER_BYTES;
pub use find::UnitKey;

use crate::error::InputError;
use crate::profile::ProfileFile;

/// The game system rosters must be of (the community's 6th edition data).
pub const GAME_SYSTEM: &str = "Warhammer Fantasy Battles (6th";

/// An army list.
#[derive(Clone, Debug)]
pub struct Roster {
    /// Its name.
    pub name: String,
    /// Its points in all.
    pub points: f64,
    /// Its units, numbered from 1 in the file's order.
    pub units: Vec<RosterUnit>,
}

/// One unit of a roster.
#[derive(Clone, Debug)]
pub struct RosterUnit {
    /// Its place in the roster, from 1.
    pub number: usize,
    /// Its name.
    pub name: String,
    /// Its points, upgrades included.
    pub points: f64,
    /// Rank-and-file models (1 for a character).
    pub models: u32,
    /// Each model profile as written (rank and file, champion, mount).
    pub profiles: Vec<ModelProfile>,
    /// Its gear as played, by the file's names.
    pub equipment: Vec<String>,
    /// Its special rules the tool plays.
    pub rules_played: Vec<String>,
    /// Names it carries that the tool does not play (rules, options, magic
    /// items).
    pub rules_not_played: Vec<String>,
    /// A champion leads it.
    pub champion: bool,
    /// It carries a standard.
    pub standard: bool,
    /// It has a musician.
    pub musician: bool,
    /// The unit as the tool plays it, or why it cannot fight.
    pub played: Result<ProfileFile, crate::words::text::Text>,
}

/// A model profile as the file writes it.
#[derive(Clone, Debug)]
pub struct ModelProfile {
    /// The profile's name.
    pub name: String,
    /// How many models have it.
    pub models: u32,
    /// Its characteristics in the file's order, `Mv` named `M`.
    pub values: Vec<(String, Value)>,
}

/// A characteristic's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A number (M in the file's inches; a save's 4 for 4+).
    Num(f64),
    /// Text kept as written (a base size).
    Text(String),
    /// `-` or nothing.
    Absent,
}

/// What is wrong with a roster: the unit and field at fault, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct RosterError {
    /// The unit it is in.
    pub unit: Option<String>,
    /// The field (a characteristic, `number`, `pts`).
    pub field: Option<String>,
    /// What is wrong and what is accepted.
    pub message: Text,
}

impl RosterError {
    fn file(message: impl Into<Text>) -> Self {
        RosterError {
            unit: None,
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
            unit: None,
            field: Some(field),
            message: message.into(),
        }
    }

    fn in_unit(self, unit: &str) -> Self {
        RosterError {
            unit: self.unit.or_else(|| Some(unit.to_string())),
            ..self
        }
    }

    /// As an input error of roster file `file`: `file: unit 'NAME': field`.
    pub fn in_file(self, file: &str) -> InputError {
        let mut at = file.to_string();
        if let Some(u) = &self.unit {
            at += &format!(": unit '{u}'");
        }
        if let Some(f) = &self.field {
            at += &format!(": {f}");
        }
        InputError::new(at, self.message)
    }
}

impl Roster {
    /// Reads roster file `path` (`.ros` or `.rosz`).
    pub fn read(path: &std::path::Path) -> Result<Roster, InputError> {
        let shown = path.display().to_string();
        let bytes = crate::files::read_bytes(path).map_err(|e| {
            InputError::new(
                shown.clone(),
                text!("cannot read it ({}) (accepted: a .ros or .rosz roster)", e),
            )
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
        let units = raw
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| unit::unit(i + 1, u))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Roster {
            name: raw.name,
            points: raw.points,
            units,
        })
    }
}
