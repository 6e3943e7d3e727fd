//! A unit's champion in a scenario: `champion = true` (a model of the
//! rank and file with +1 A), or a `[attacker.champion]` table giving his
//! own profile and gear as a character's table does, over his unit's.
//! RULES.md Characters, champions and challenges.

use super::combat::UnitSpec;
use super::part::{unit_table, ProfilePart};
use crate::combat::unit::Unit;
use crate::error::InputError;
use crate::profile::ProfileFile;
use serde::de::value::MapAccessDeserializer;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::path::Path;
use std::sync::Arc;

/// A unit table's `champion` key.
#[derive(Clone, Debug)]
pub enum ChampionSpec {
    /// `champion = true` or `false`.
    Leads(bool),
    /// A table: a champion leads it, with his own profile and gear.
    Own(Box<OwnChampion>),
}

unit_table! {
    /// A champion's own profile and gear (`[attacker.champion]`): a
    /// profile as a character's (a roster's unit, a profile file or a
    /// `[attacker.champion.profile]` table) and gear; what it does not
    /// give is his unit's, his A one more.
    #[expecting = "a champion table"]
    pub struct OwnChampion {
    }
}

impl ChampionSpec {
    /// Whether a champion leads the unit.
    pub fn leads(&self) -> bool {
        match self {
            ChampionSpec::Leads(yes) => *yes,
            ChampionSpec::Own(_) => true,
        }
    }
}

impl<'de> Deserialize<'de> for ChampionSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = ChampionSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("true, false or a champion table")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<ChampionSpec, E> {
                Ok(ChampionSpec::Leads(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ChampionSpec, A::Error> {
                let own = OwnChampion::deserialize(MapAccessDeserializer::new(map))?;
                Ok(ChampionSpec::Own(Box::new(own)))
            }
        }
        d.deserialize_any(Either)
    }
}

/// The champion's own body, where he has one: his table (`own`) over his
/// own profile and gear as his unit's source gives them (a roster's
/// champion with a profile or gear of his own), else over his unit's
/// (`file`) with one attack more; none where neither gives him one of his
/// own (he fights as one of the rank and file, +1 A). `side` names the
/// unit's table in errors. RULES.md Characters, champions and challenges.
pub(crate) fn champion_body(
    own: Option<&OwnChampion>,
    file: &ProfileFile,
    dir: &Path,
    side: &str,
) -> Result<Option<Box<Unit>>, InputError> {
    if own.is_none() && file.champion.is_none() {
        return Ok(None);
    }
    let mut inherited = file.champion.as_deref().cloned().unwrap_or_else(|| {
        let mut his = file.clone();
        his.profile.a.0 = his.profile.a.0.saturating_add(1);
        his
    });
    // His unit's other kinds of model are its, not his.
    inherited.others.clear();
    let part = ProfilePart {
        inherited: Some(Arc::new(inherited)),
        ..own.map(|o| o.part.clone()).unwrap_or_default()
    };
    let body = UnitSpec::one_model(part).unit(dir, &format!("{side}.champion"))?;
    Ok(Some(Box::new(body)))
}
