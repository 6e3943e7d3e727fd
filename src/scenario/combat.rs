//! Combat scenario files (`mathhammer combat FILE`). Format:
//!
//! ```toml
//! name = "Boar Boyz charge Spearmen"
//!
//! [attacker]
//! profile_file = "orc_boar_boy.toml"  # a profile file, relative to this file
//! models = 5
//! frontage = 5                         # models per rank
//! champion = true                      # +1 A on one model
//! standard = true                      # +1 combat result
//! musician = true                      # wins drawn combats
//! # Any profile-file field may be given here and overrides the file's:
//! # name, type, weapon, armour, shield, barding, save, ward, regeneration,
//! # points, [attacker.profile], [attacker.mount], [attacker.impact_hits].
//! # rules = [...] adds to the file's rules (fear, terror, stubborn,
//! # unbreakable, always-strikes-first, strikes-last, mindless,
//! # immune-to-psychology, and every attack rule).
//! # in_contact = 7                     # models in base contact (default: see below)
//! # general_ld = 9                     # the General's Ld, within 30 cm
//! # battle_standard = true             # re-roll failed break tests
//! # missile = { s = 3, shots = 1 }     # for stand and shoot
//! # pursue = true                      # pursue a broken enemy
//!
//! [defender]
//! profile_file = "empire_spearman.toml"
//! models = 20
//! frontage = 5
//!
//! # More units in the same fight (up to four in all), each with the fields
//! # of a unit and its place: it fights the enemy's main unit.
//! [[unit]]
//! side = "attacker"                    # attacker, defender
//! facing = "flank"                     # front, flank, rear (of the enemy's main unit)
//! charges = true                       # charges this turn (else already fighting)
//! distance = 8                         # its charge distance
//! profile_file = "orc_boy.toml"
//! models = 10
//!
//! [situation]
//! charger = "attacker"                 # attacker, defender, none (already fighting)
//! facing = "front"                     # front, flank, rear (of the charged unit)
//! distance = 20                        # cm (inches with inches = true)
//! reaction = "hold"                    # hold, stand-and-shoot, flee
//! high_ground = "none"                 # attacker, defender, none
//! rounds = 10                          # most rounds to play
//! inches = false
//! insane_courage = false               # [ruling] 7th edition, off in 6th
//! last_round_winner = "none"           # a fight under way: who won the round before
//! ```

use super::profile::{ImpactHits, MountValues, Points, ProfileFile, ProfileOverride, Ranged};
use crate::combat::fight::{Combat, Contact, Place, Setup, MAX_UNITS};
use crate::combat::unit::Unit;
use crate::error::InputError;
use crate::query::combat::CombatQuery;
use crate::rules::movement::{charge_range, check_charge_path};
use crate::rules::profile::TroopType;
use crate::rules::saves::BodyArmour;
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;
use crate::rules::Edition;
use serde::{Deserialize, Deserializer};
use std::path::{Path, PathBuf};

/// A count checked against `LO..=HI` while parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Count<const LO: u32, const HI: u32>(pub u32);

impl<'de, const LO: u32, const HI: u32> Deserialize<'de> for Count<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        if v < i64::from(LO) || v > i64::from(HI) {
            return Err(serde::de::Error::custom(format!(
                "{v} is out of range (accepted: {LO} to {HI})"
            )));
        }
        Ok(Count(v as u32))
    }
}

/// A distance checked while parsing.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Distance(pub f64);

impl<'de> Deserialize<'de> for Distance {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        if !(0.0..=500.0).contains(&v) {
            return Err(serde::de::Error::custom(format!(
                "{v} is out of range (accepted: 0 to 500)"
            )));
        }
        Ok(Distance(v))
    }
}

/// Missile weapons for stand and shoot.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Missile {
    pub s: Ranged<1, 10>,
    #[serde(default = "one_shot")]
    pub shots: Ranged<1, 10>,
    /// Beyond half range (-1 to hit).
    #[serde(default)]
    pub long_range: bool,
}

fn one_shot() -> Ranged<1, 10> {
    Ranged(1)
}

fn yes() -> bool {
    true
}

/// One unit of a scenario.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub profile_file: Option<String>,
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub troop: Option<TroopType>,
    pub profile: Option<ProfileOverride>,
    pub weapon: Option<Weapon>,
    pub armour: Option<BodyArmour>,
    pub shield: Option<bool>,
    pub barding: Option<bool>,
    pub flies: Option<bool>,
    pub save: Option<Ranged<1, 6>>,
    pub ward: Option<Ranged<2, 6>>,
    pub regeneration: Option<bool>,
    #[serde(default)]
    pub rules: Vec<SpecialRule>,
    pub mount: Option<MountValues>,
    pub impact_hits: Option<ImpactHits>,
    pub points: Option<Points>,
    pub models: Count<1, 500>,
    pub frontage: Option<Count<1, 50>>,
    pub in_contact: Option<Count<0, 50>>,
    #[serde(default)]
    pub champion: bool,
    #[serde(default)]
    pub standard: bool,
    #[serde(default)]
    pub musician: bool,
    pub general_ld: Option<Ranged<1, 10>>,
    #[serde(default)]
    pub battle_standard: bool,
    pub missile: Option<Missile>,
    #[serde(default = "yes")]
    pub pursue: bool,
    /// Characters who have joined the unit (at most 4).
    #[serde(default)]
    pub characters: Vec<CharacterSpec>,
    /// Enemy rank-and-file attacks declared at this unit's champion each
    /// round (RULES.md: attacks on a champion are declared).
    #[serde(default)]
    pub attacks_on_champion: Count<0, 100>,
    /// `[[unit]]` entries only: the side it fights on.
    pub side: Option<SideName>,
    /// `[[unit]]` entries only: the face of the enemy's main unit it fights.
    pub facing: Option<Facing>,
    /// `[[unit]]` entries only: it charges this turn (else it is already in
    /// the fight).
    pub charges: Option<bool>,
    /// `[[unit]]` entries only: its charge distance.
    pub distance: Option<Distance>,
    /// `[[unit]]` entries only: the wheel on its charge path.
    pub wheel: Option<Distance>,
    /// `[[unit]]` entries only: difficult terrain on its charge path.
    pub difficult_terrain: Option<bool>,
}

/// A character who has joined a unit: a profile (file or inline) and gear,
/// as for a unit, and the enemy attacks declared at him.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterSpec {
    pub profile_file: Option<String>,
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub troop: Option<TroopType>,
    pub profile: Option<ProfileOverride>,
    pub weapon: Option<Weapon>,
    pub armour: Option<BodyArmour>,
    pub shield: Option<bool>,
    pub barding: Option<bool>,
    pub flies: Option<bool>,
    pub save: Option<Ranged<1, 6>>,
    pub ward: Option<Ranged<2, 6>>,
    pub regeneration: Option<bool>,
    #[serde(default)]
    pub rules: Vec<SpecialRule>,
    pub points: Option<Points>,
    /// Enemy rank-and-file attacks declared at him each round (RULES.md
    /// Characters: attacks on a character are declared before rolling).
    #[serde(default)]
    pub attacks_on_him: Count<0, 100>,
}

impl CharacterSpec {
    /// The character as a one-model unit spec, to share the unit's merging of
    /// profile files and overrides.
    pub fn as_unit(&self) -> UnitSpec {
        UnitSpec {
            profile_file: self.profile_file.clone(),
            name: self.name.clone(),
            troop: self.troop,
            profile: self.profile,
            weapon: self.weapon,
            armour: self.armour,
            shield: self.shield,
            barding: self.barding,
            flies: self.flies,
            save: self.save,
            ward: self.ward,
            regeneration: self.regeneration,
            rules: self.rules.clone(),
            mount: None,
            impact_hits: None,
            points: self.points,
            models: Count(1),
            frontage: Some(Count(1)),
            in_contact: None,
            champion: false,
            standard: false,
            musician: false,
            general_ld: None,
            battle_standard: false,
            missile: None,
            pursue: true,
            characters: Vec::new(),
            attacks_on_champion: Count(0),
            side: None,
            facing: None,
            charges: None,
            distance: None,
            wheel: None,
            difficult_terrain: None,
        }
    }
}

/// A side of the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum SideName {
    #[default]
    #[value(aliases = ["atacante"])]
    Attacker,
    #[value(aliases = ["defensor"])]
    Defender,
    #[value(aliases = ["ninguno"])]
    None,
}

/// Where the charger hits the charged unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum Facing {
    #[default]
    #[value(aliases = ["frente"])]
    Front,
    #[value(aliases = ["flanco"])]
    Flank,
    #[value(aliases = ["retaguardia"])]
    Rear,
}

impl Facing {
    pub fn name(self) -> &'static str {
        match self {
            Facing::Front => "front",
            Facing::Flank => "flank",
            Facing::Rear => "rear",
        }
    }
}

/// The charged unit's reaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum ReactionName {
    #[default]
    #[value(aliases = ["mantener", "aguantar"])]
    Hold,
    #[value(aliases = ["aguantar-y-disparar", "aguantar_y_disparar"])]
    StandAndShoot,
    #[value(aliases = ["huir"])]
    Flee,
}

fn ten_rounds() -> Count<1, 50> {
    Count(10)
}

/// The situation of the fight.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    #[serde(default)]
    pub charger: SideName,
    #[serde(default)]
    pub facing: Facing,
    #[serde(default)]
    pub distance: Distance,
    /// The wheel on the charger's path, taken from its range.
    #[serde(default)]
    pub wheel: Distance,
    /// Difficult terrain on the charger's path: its range is M.
    #[serde(default)]
    pub difficult_terrain: bool,
    #[serde(default)]
    pub reaction: ReactionName,
    #[serde(default = "no_side")]
    pub high_ground: SideName,
    #[serde(default = "ten_rounds")]
    pub rounds: Count<1, 50>,
    #[serde(default)]
    pub inches: bool,
    #[serde(default)]
    pub insane_courage: bool,
    /// The side whose character (or champion) issues a challenge each round
    /// none is fought.
    #[serde(default = "no_side")]
    pub challenge: SideName,
    /// The challenged side refuses instead of accepting.
    #[serde(default)]
    pub refuse_challenge: bool,
    /// For a fight already under way: the side that won the round before
    /// this turn (ties in strike order; pursuit of a unit that flees the
    /// combat through panic).
    #[serde(default = "no_side")]
    pub last_round_winner: SideName,
}

fn no_side() -> SideName {
    SideName::None
}

/// A whole scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub name: String,
    pub description: Option<String>,
    pub attacker: UnitSpec,
    pub defender: UnitSpec,
    /// More units in the same fight, each fighting the enemy's main unit.
    #[serde(default)]
    pub unit: Vec<UnitSpec>,
    pub situation: Situation,
}

/// A scenario read from `path` with `--set key.path=value` overrides.
pub fn load_scenario(path: &Path, sets: &[String]) -> Result<(ScenarioFile, PathBuf), InputError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        InputError::new(
            path.display().to_string(),
            format!("cannot read the file: {e}"),
        )
    })?;
    scenario_from_text(&text, path, sets)
}

/// The scenario `text` read from `path`, with `--set` overrides (for a
/// caller that has read the file already).
pub fn scenario_from_text(
    text: &str,
    path: &Path,
    sets: &[String],
) -> Result<(ScenarioFile, PathBuf), InputError> {
    let name = path.display().to_string();
    let mut scenario: ScenarioFile = super::parse(text, &name)?;
    if !sets.is_empty() {
        let mut table: toml::Table =
            toml::from_str(text).map_err(|e| InputError::new(&name, e.to_string()))?;
        for set in sets {
            apply_set(&mut table, set)?;
        }
        let edited =
            toml::to_string(&table).map_err(|e| InputError::new("--set", e.to_string()))?;
        scenario = toml::from_str(&edited).map_err(|e| {
            InputError::new(
                "--set",
                format!("{} ({})", e.message().trim(), sets.join(" ")),
            )
        })?;
    }
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok((scenario, dir))
}

/// Sets `a.b.c=value` in a TOML table; the value is read as TOML (a number,
/// `true`, `["fear"]`), else as a list of names when bracketed (`[fear,
/// hatred]`) or set on a `rules` key (`fear,hatred`), else as a string.
pub fn apply_set(table: &mut toml::Table, set: &str) -> Result<(), InputError> {
    let bad = |why: &str| {
        InputError::new(
            "--set",
            format!("'{set}': {why} (accepted: unit.field=value, e.g. attacker.models=25 or situation.reaction=flee)"),
        )
    };
    let (path, value) = set.split_once('=').ok_or_else(|| bad("no '='"))?;
    let keys: Vec<&str> = path.trim().split('.').collect();
    if keys.iter().any(|k| k.is_empty()) {
        return Err(bad("empty key"));
    }
    let value = value.trim();
    let (last, parents) = keys.split_last().ok_or_else(|| bad("empty key"))?;
    let names = |list: &str| {
        let items = list
            .split(',')
            .map(|n| n.trim().trim_matches('"'))
            .filter(|n| !n.is_empty());
        toml::Value::Array(items.map(|n| toml::Value::String(n.into())).collect())
    };
    let parsed: toml::Value = toml::from_str::<toml::Table>(&format!("v = {value}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(
            || match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                Some(list) => names(list),
                None if *last == "rules" => names(value),
                None => toml::Value::String(value.to_string()),
            },
        );
    let mut here = table;
    for k in parents {
        here = here
            .entry(k.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
            .as_table_mut()
            .ok_or_else(|| bad(&format!("'{k}' is not a table")))?;
    }
    here.insert(last.to_string(), parsed);
    Ok(())
}

/// Reads a scenario with `--set` overrides and builds its fight.
pub fn load_combat(path: &Path, sets: &[String]) -> Result<CombatQuery, InputError> {
    let (file, dir) = load_scenario(path, sets)?;
    file.combat(&dir)
}

impl ScenarioFile {
    /// The fight this scenario describes, validated.
    pub fn combat(&self, dir: &Path) -> Result<CombatQuery, InputError> {
        let s = &self.situation;
        for (spec, name) in [(&self.attacker, "attacker"), (&self.defender, "defender")] {
            spec.main_only(name)?;
        }
        let attacker = Unit::from_spec(&self.attacker, dir, "attacker")?;
        let defender = Unit::from_spec(&self.defender, dir, "defender")?;
        let side = |n: SideName| match n {
            SideName::Attacker => Some(0),
            SideName::Defender => Some(1),
            SideName::None => None,
        };
        let charger = side(s.charger);
        let edition = if s.inches {
            Edition::Imperial
        } else {
            Edition::Metric
        };
        let mut units = vec![attacker, defender];
        let mut places: Vec<Place> = (0..2)
            .map(|u| match charger == Some(u) {
                true => Place {
                    side: u,
                    charging: true,
                    distance: s.distance.0,
                    wheel: s.wheel.0,
                    difficult_terrain: s.difficult_terrain,
                },
                false => Place {
                    side: u,
                    ..Place::default()
                },
            })
            .collect();
        if charger.is_none() && (s.wheel.0 > 0.0 || s.difficult_terrain) {
            return Err(InputError::new(
                "situation.wheel",
                "there is no charge this turn (accepted with charger = \"none\": no wheel, no difficult_terrain)",
            ));
        }
        // Without a charge this turn the main units fight front to front.
        let mut contacts = vec![match charger {
            Some(c) => Contact {
                striker: c,
                struck: 1 - c,
                face: s.facing,
            },
            None => Contact {
                striker: 0,
                struck: 1,
                face: Facing::Front,
            },
        }];
        if self.unit.len() > MAX_UNITS - 2 {
            return Err(InputError::new(
                "unit",
                format!(
                    "{} more units (accepted: at most {} besides the attacker and the defender)",
                    self.unit.len(),
                    MAX_UNITS - 2
                ),
            ));
        }
        for (i, spec) in self.unit.iter().enumerate() {
            let name = format!("unit[{i}]");
            let place = spec.place(&name, charger)?;
            units.push(Unit::from_spec(spec, dir, &name)?);
            contacts.push(Contact {
                striker: units.len() - 1,
                struck: 1 - place.side,
                face: spec.facing.unwrap_or_default(),
            });
            places.push(place);
        }
        for (u, place) in places.iter().enumerate() {
            let name = match u {
                0 | 1 => "situation".to_string(),
                _ => format!("unit[{}]", u - 2),
            };
            check_place(place, &units[u], edition, &name)?;
        }
        let charging_sides: Vec<usize> = places
            .iter()
            .filter(|p| p.charging)
            .map(|p| p.side)
            .collect();
        if let Some(&first) = charging_sides.first() {
            if charging_sides.iter().any(|&c| c != first) {
                return Err(InputError::new(
                    "unit.charges",
                    "units of both sides charge (accepted: chargers on one side only)",
                ));
            }
        }
        let charged = charging_sides.first().map(|&c| 1 - c);
        match charged {
            Some(t) => self.check_reaction(&units, &places, &contacts, t, edition)?,
            None if s.reaction != ReactionName::Hold => {
                return Err(InputError::new(
                    "situation.reaction",
                    "there is no charge to react to (accepted with charger = \"none\": hold)",
                ))
            }
            None => {}
        }
        let under_way = contacts
            .iter()
            .any(|c| !places[c.striker].charging && !places[c.struck].charging);
        let last_round_winner = side(s.last_round_winner);
        if last_round_winner.is_some() && !under_way {
            return Err(InputError::new(
                "situation.last_round_winner",
                "no unit was fighting before this turn (accepted: none)",
            ));
        }
        let combat = Combat::new(Setup {
            units,
            places,
            contacts,
            reaction: s.reaction,
            last_round_winner,
            high_ground: side(s.high_ground),
            rounds: s.rounds.0,
            edition,
            insane_courage: s.insane_courage,
            challenger: side(s.challenge),
            refuse_challenge: s.refuse_challenge,
        });
        Ok(CombatQuery {
            combat,
            name: self.name.clone(),
        })
    }

    /// The charged unit `t`'s reaction is one it may take.
    fn check_reaction(
        &self,
        units: &[Unit],
        places: &[Place],
        contacts: &[Contact],
        t: usize,
        edition: Edition,
    ) -> Result<(), InputError> {
        let s = &self.situation;
        let target = &units[t];
        let c = 1 - t;
        // Half the charge move (the range before any wheel).
        let range = charge_range(units[c].movement(edition), places[c].difficult_terrain, 0.0);
        // Already in combat: only hold. Seed 000 (units in combat cannot move).
        let engaged = contacts.iter().any(|k| {
            let other = if k.struck == t {
                k.striker
            } else if k.striker == t {
                k.struck
            } else {
                return false;
            };
            !places[other].charging
        });
        match s.reaction {
            ReactionName::Hold => Ok(()),
            _ if engaged => Err(InputError::new(
                "situation.reaction",
                "the charged unit is already in combat and can only hold (accepted: hold)",
            )),
            ReactionName::Flee if target.cannot_flee() => Err(InputError::new(
                "situation.reaction",
                "the charged unit is frenzied, immune to psychology or unbreakable and cannot flee (accepted: hold, stand-and-shoot)",
            )),
            ReactionName::StandAndShoot if !places[c].charging => Err(InputError::new(
                "situation.reaction",
                "stand-and-shoot needs situation.charger to name the charging side (accepted: hold, flee)",
            )),
            ReactionName::StandAndShoot if target.missile.is_none() => Err(InputError::new(
                "situation.reaction",
                "stand-and-shoot needs the charged unit's missile = { s = .., shots = .. } (accepted: hold, flee)",
            )),
            ReactionName::StandAndShoot if s.distance.0 <= range / 2.0 => Err(InputError::new(
                "situation.reaction",
                format!(
                    "stand-and-shoot needs the charger more than half its charge range ({} {}) away (accepted: hold, flee)",
                    range / 2.0,
                    edition.unit()
                ),
            )),
            _ => Ok(()),
        }
    }
}

/// A charger's distance and wheel fit the edition, as the `charge` query
/// checks them ([`check_charge_path`]); `name` is the table they are
/// written in.
fn check_place(place: &Place, unit: &Unit, edition: Edition, name: &str) -> Result<(), InputError> {
    if !place.charging {
        return Ok(());
    }
    let fields = [format!("{name}.distance"), format!("{name}.wheel")];
    check_charge_path(
        edition,
        unit.movement(edition),
        place.difficult_terrain,
        place.distance,
        place.wheel,
        [&fields[0], &fields[1]],
    )
}

impl UnitSpec {
    /// The attacker's and defender's tables take their place from
    /// `[situation]`.
    fn main_only(&self, name: &str) -> Result<(), InputError> {
        let given = [
            ("side", self.side.is_some()),
            ("facing", self.facing.is_some()),
            ("charges", self.charges.is_some()),
            ("distance", self.distance.is_some()),
            ("wheel", self.wheel.is_some()),
            ("difficult_terrain", self.difficult_terrain.is_some()),
        ];
        match given.iter().find(|g| g.1) {
            Some((field, _)) => Err(InputError::new(
                format!("{name}.{field}"),
                "only for [[unit]] entries; the main units' places are in [situation] (accepted: charger, facing, distance, wheel, difficult_terrain)",
            )),
            None => Ok(()),
        }
    }

    /// A `[[unit]]` entry's place: its side, and its charge if it charges.
    /// With a charge declared in `[situation]`, more units may join that
    /// charge or already fight the charged unit, but none can fight the
    /// charger, which was not in combat before it charged.
    fn place(&self, name: &str, charger: Option<usize>) -> Result<Place, InputError> {
        let side = match self.side {
            Some(SideName::Attacker) => 0,
            Some(SideName::Defender) => 1,
            _ => {
                return Err(InputError::new(
                    format!("{name}.side"),
                    "missing or none (accepted: attacker, defender)",
                ))
            }
        };
        if charger.is_some_and(|c| c != side) {
            return Err(InputError::new(
                format!("{name}.side"),
                "it would fight the main charger, which was not in combat before its charge (accepted: the charging side)",
            ));
        }
        let charging = self.charges.unwrap_or(false);
        if !charging {
            let path = [
                ("distance", self.distance.is_some()),
                ("wheel", self.wheel.is_some()),
                ("difficult_terrain", self.difficult_terrain.is_some()),
            ];
            if let Some((field, _)) = path.iter().find(|p| p.1) {
                return Err(InputError::new(
                    format!("{name}.{field}"),
                    "only for a unit that charges (accepted: charges = true, or no distance, wheel or difficult_terrain)",
                ));
            }
            return Ok(Place {
                side,
                ..Place::default()
            });
        }
        let Some(distance) = self.distance else {
            return Err(InputError::new(
                format!("{name}.distance"),
                "missing for a unit that charges (accepted: 0 to 500)",
            ));
        };
        Ok(Place {
            side,
            charging,
            distance: distance.0,
            wheel: self.wheel.unwrap_or_default().0,
            difficult_terrain: self.difficult_terrain.unwrap_or(false),
        })
    }

    /// The profile file this unit names, merged with the unit's own fields.
    pub fn resolve(
        &self,
        dir: &Path,
        side: &str,
    ) -> Result<(ProfileFile, Vec<SpecialRule>), InputError> {
        let base = match &self.profile_file {
            Some(f) => Some(super::load::<ProfileFile>(&dir.join(f))?),
            None => None,
        };
        let profile = match (self.profile, base.as_ref()) {
            (None, None) => {
                return Err(InputError::new(
                    format!("{side}.profile"),
                    "missing (accepted: a [profile] table, or profile_file = \"FILE.toml\")",
                ))
            }
            (own, base) => own
                .unwrap_or_default()
                .over(base.map(|b| b.profile), &format!("{side}.profile"))?,
        };
        let b = base.clone();
        let pick = |own: Option<bool>, from: fn(&ProfileFile) -> bool| {
            own.or(b.as_ref().map(from)).unwrap_or(false)
        };
        let mut rules = base.as_ref().map(|b| b.rules.clone()).unwrap_or_default();
        rules.extend(&self.rules);
        let file = ProfileFile {
            name: self
                .name
                .clone()
                .or(base.as_ref().map(|b| b.name.clone()))
                .unwrap_or_else(|| side.to_string()),
            troop: self
                .troop
                .or(base.as_ref().map(|b| b.troop))
                .unwrap_or_default(),
            profile,
            weapon: self
                .weapon
                .or(base.as_ref().map(|b| b.weapon))
                .unwrap_or_default(),
            armour: self
                .armour
                .or(base.as_ref().map(|b| b.armour))
                .unwrap_or_default(),
            shield: pick(self.shield, |b| b.shield),
            barding: pick(self.barding, |b| b.barding),
            flies: pick(self.flies, |b| b.flies),
            save: self.save.or(base.as_ref().and_then(|b| b.save)),
            ward: self.ward.or(base.as_ref().and_then(|b| b.ward)),
            regeneration: pick(self.regeneration, |b| b.regeneration),
            rules: rules.clone(),
            mount: self.mount.or(base.as_ref().and_then(|b| b.mount)),
            impact_hits: self
                .impact_hits
                .or(base.as_ref().and_then(|b| b.impact_hits)),
            points: self.points.or(base.as_ref().and_then(|b| b.points)),
        };
        Ok((file, rules))
    }
}

crate::rules::named_by_value_enum!(SideName);

crate::rules::named_by_value_enum!(Facing);

crate::rules::named_by_value_enum!(ReactionName);
