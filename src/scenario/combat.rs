//! Combat scenario files (`mathhammer combat FILE`). Format:
//!
//! ```toml
//! name = "Boar Boyz charge Spearmen"
//!
//! [attacker]
//! profile_file = "orc_boar_boy.toml"  # a profile file, relative to this file
//! # roster = "rosters/orcs_500.ros"    # or a roster's unit (its models, gear,
//! # unit = "Boar Boyz"                 # command group), by name or number
//! # roster = "empire"                  # or an army book's unit (ARMY, no file
//! # unit = "halberdiers"               # by that name), with the book's
//! # options = ["Shield", "Sergeant"]   # options chosen (RULES.md Army books' units)
//! models = 5
//! frontage = 5                         # models per rank
//! champion = true                      # +1 A on one model
//! standard = true                      # +1 combat result
//! musician = true                      # wins drawn combats
//! # Any profile-file field may be given here and overrides the file's:
//! # name, type, weapon, armour, shield, barding, save, ward, regeneration,
//! # points, combat_resolution (0 to 5 added to its side's result: a War
//! # Banner), army ("Dwarfs (2001)": its army, which enemies may hate),
//! # [attacker.profile], [attacker.mount], [attacker.impact_hits] (dice,
//! # s, plus: 0 to 6 hits added to each chariot's die).
//! # rules = [...] adds to the file's rules (fear, terror, stubborn,
//! # unbreakable, always-strikes-first, strikes-last, mindless,
//! # immune-to-psychology, undead, skirmishers, resolute, reroll-saves,
//! # and every attack rule); hates = [...] to its hated armies.
//! # in_contact = 7                     # models in base contact (default: see below)
//! # general_ld = 9                     # the General's Ld, within 30 cm
//! # knight_ld = 8                      # peasants-duty: a knight's Ld, within 15 cm
//! # general = true                     # the General is with this unit (one a side)
//! # battle_standard = true             # one in range: re-roll failed break tests,
//! #                                    # Undead lose a wound less
//! # (a profile's general = true or battle_standard = true, its model's or
//! # a character's leading it, does the same; a carried battle standard
//! # also counts as a standard)
//! # missile = { s = 3, shots = 1 }     # for stand and shoot
//! # pursue = true                      # pursue a broken enemy
//! # attacks_on_others = 1              # enemy attacks declared at each of a
//! #                                    # roster pack's Packmasters a round
//!
//! # A champion of his own profile and gear (in place of champion = true):
//! # what the table gives over his unit's, his A one more, or his own
//! # profile_file or roster unit.
//! # [attacker.champion]
//! # name = "Boss"
//! # weapon = "great-weapon"
//! # rules = ["killing-blow"]
//! # [attacker.champion.profile]
//! # ws = 5
//!
//! # A character leading it: a profile and gear as for a unit.
//! [[attacker.characters]]
//! profile_file = "big_boss.toml"       # or roster and unit, or [attacker.characters.profile]
//! attacks_on_him = 2                   # enemy attacks declared at him each round
//! # general = true                     # he is the army's General
//! # battle_standard = true             # he carries the battle standard
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
//! # One unit of the charged side the charge may be redirected at, if its
//! # first target flees and gets away: out of the fight until then.
//! # [[unit]]
//! # side = "defender"
//! # redirect = true
//! # distance = 30                      # the charger's path to it, from its start
//! # facing = "front"                   # the face the charger would strike
//! # reaction = "hold"                  # hold, stand-and-shoot, flee
//! # profile_file = "empire_halberdier.toml"
//! # models = 20
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
//! troll_vomit = "best"                 # [ruling] trolls vomit: best, always, never
//! potion_of_pavona = "rolled"          # [ruling] rolled, not-drunk
//! gourd_of_lustrian_wine = "first-round"  # [ruling] first-round, not-drunk
//! defensive_stakes = "standing"        # [ruling] standing, removed
//! ground = "open"                      # open, marsh (where the fight stands)
//! ```

use super::part::{unit_table, ProfilePart};
use crate::error::InputError;
use crate::profile::Ranged;
use crate::query::combat::CombatQuery;
use crate::rules::before_fight::{GourdChoice, PotionChoice};
use crate::rules::fighter::VomitChoice;
use crate::rules::place::{Facing, Ground, ReactionName, SideName, TerrainOnPath};
use crate::rules::stakes::StakesChoice;
use crate::text;
use crate::words::text::Text;
use serde::{Deserialize, Deserializer};
use std::path::{Path, PathBuf};

/// A count checked against `LO..=HI` while parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Count<const LO: u32, const HI: u32>(pub u32);

impl<'de, const LO: u32, const HI: u32> Deserialize<'de> for Count<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::profile::whole_within(d, i64::from(LO), i64::from(HI)).map(|v| Count(v as u32))
    }
}

/// A distance checked while parsing.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Distance(pub f64);

impl<'de> Deserialize<'de> for Distance {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        if !(0.0..=500.0).contains(&v) {
            return Err(crate::words::serde::custom(text!(
                "{} is out of range (accepted: 0 to 500)",
                crate::error::shown(v)
            )));
        }
        Ok(Distance(v))
    }
}

fn yes() -> bool {
    true
}

unit_table! {
    /// One unit of a scenario.
    #[expecting = "a unit table"]
    pub struct UnitSpec {
        /// Rank-and-file models (else the roster's).
        pub models: Option<Count<1, 500>>,
        /// Models per rank (default: 5, or fewer).
        pub frontage: Option<Count<1, 50>>,
        /// Models in base contact, given outright.
        pub in_contact: Option<Count<0, 50>>,
        /// A champion leads it (else as the roster has it; none): `true`,
        /// or a table of his own profile and gear.
        pub champion: Option<super::champion::ChampionSpec>,
        /// It carries a standard (else as the roster has it; none).
        pub standard: Option<bool>,
        /// It has a musician (else as the roster has it; none).
        pub musician: Option<bool>,
        /// The General's Ld, within range (while he is not fleeing).
        pub general_ld: Option<Ranged<1, 10>>,
        /// Peasants Duty: the Ld of a knight within 15 cm who is not
        /// fleeing, which the unit may use (`peasants-duty` in its rules).
        pub knight_ld: Option<Ranged<1, 10>>,
        /// The General is with this unit (one a side): once it breaks,
        /// flees or falls, the others of its side and its friends test and
        /// rally without his Ld.
        #[serde(default)]
        pub general: bool,
        /// A battle standard within range.
        #[serde(default)]
        pub battle_standard: bool,
        /// It pursues a broken enemy.
        #[serde(default = "yes")]
        pub pursue: bool,
        /// Of several enemies it fought that flee at once, the one it pursues
        /// (`attacker`, `defender` or `unit.N`) if that one flees; **\[ruling\]**
        /// else the one of greatest unit strength.
        pub pursuit_target: Option<String>,
        /// Characters who have joined the unit (at most 4).
        #[serde(default)]
        pub characters: Vec<CharacterSpec>,
        /// Enemy rank-and-file attacks declared at this unit's champion each
        /// round (RULES.md: attacks on a champion are declared).
        #[serde(default)]
        pub attacks_on_champion: Count<0, 100>,
        /// Enemy rank-and-file attacks declared at each of its other kinds
        /// of model fighting in it (a roster pack's Packmasters) each round
        /// (RULES.md Characters in units, Other kinds of model in a unit).
        #[serde(default)]
        pub attacks_on_others: Count<0, 100>,
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
        /// `[[unit]]` entries only: difficult terrain on its charge path
        /// (`true` or its kind).
        pub difficult_terrain: Option<TerrainOnPath>,
        /// `[[unit]]` chargers only: at its start of turn, unit strength of
        /// friends fleeing within 10 cm of it (the main charger's is in
        /// `[situation]`).
        pub fleeing_friends_us: Option<Count<0, 2000>>,
        /// `[[unit]]` chargers only: at its start of turn, a terror-causing
        /// enemy within 15 cm.
        pub terror_nearby: Option<bool>,
        /// `[[unit]]` entries of the charged side only: the main charger may
        /// redirect its charge at it if its first target flees and gets away
        /// (its `distance`, `wheel` and `difficult_terrain` are the charger's
        /// path to it, from where the charger started).
        pub redirect: Option<bool>,
        /// A redirect target only: its reaction to the redirected charge.
        pub reaction: Option<ReactionName>,
    }
}

unit_table! {
    /// A character who has joined a unit: a profile (a roster's character,
    /// a file or inline) and gear, as for a unit, and the enemy attacks
    /// declared at him.
    #[expecting = "a character table"]
    pub struct CharacterSpec {
        /// Enemy rank-and-file attacks declared at him each round (RULES.md
        /// Characters: attacks on a character are declared before rolling).
        #[serde(default)]
        pub attacks_on_him: Count<0, 100>,
        /// He is the army's General (as `general = true` in his profile):
        /// his unit is the General's.
        #[serde(default)]
        pub general: bool,
        /// He carries the battle standard (as `battle_standard = true` in
        /// his profile): his unit has it in range, and counts it as a
        /// standard while he stands (RULES.md Combat resolution).
        #[serde(default)]
        pub battle_standard: bool,
    }
}

impl CharacterSpec {
    /// The character as a one-model unit spec, to share the unit's merging of
    /// sources and overrides.
    pub fn as_unit(&self) -> UnitSpec {
        UnitSpec {
            frontage: Some(Count(1)),
            ..UnitSpec::one_model(self.part.clone())
        }
    }
}

impl UnitSpec {
    /// A unit of one model from `part`, every other field at its default (a
    /// character's body, a friend near the fight).
    pub fn one_model(part: ProfilePart) -> UnitSpec {
        UnitSpec {
            part,
            models: Some(Count(1)),
            frontage: None,
            in_contact: None,
            champion: None,
            standard: None,
            musician: None,
            general_ld: None,
            knight_ld: None,
            general: false,
            battle_standard: false,
            pursue: true,
            pursuit_target: None,
            characters: Vec::new(),
            attacks_on_champion: Count(0),
            attacks_on_others: Count(0),
            side: None,
            facing: None,
            charges: None,
            distance: None,
            wheel: None,
            difficult_terrain: None,
            fleeing_friends_us: None,
            terror_nearby: None,
            redirect: None,
            reaction: None,
        }
    }
}

fn ten_rounds() -> Count<1, 50> {
    Count(10)
}

/// The situation of the fight.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    #[serde(default)]
    /// The side that charges (`none`: already fighting).
    pub charger: SideName,
    #[serde(default)]
    /// The face of the charged unit the charge hits.
    pub facing: Facing,
    #[serde(default)]
    /// The charge distance.
    pub distance: Distance,
    /// The wheel on the charger's path, taken from its range.
    #[serde(default)]
    pub wheel: Distance,
    /// Difficult terrain on the charger's path (`true` or its kind): its
    /// range is M, unless it crosses that kind as open ground.
    #[serde(default)]
    pub difficult_terrain: TerrainOnPath,
    #[serde(default)]
    /// The charged unit's reaction.
    pub reaction: ReactionName,
    #[serde(default = "no_side")]
    /// The side on high ground.
    pub high_ground: SideName,
    #[serde(default = "ten_rounds")]
    /// The most rounds to play.
    pub rounds: Count<1, 50>,
    #[serde(default)]
    /// Distances in inches.
    pub inches: bool,
    #[serde(default)]
    /// **\[ruling\]** 7th-edition insane courage.
    pub insane_courage: bool,
    /// The side whose character (or champion) issues a challenge each round
    /// none is fought.
    #[serde(default = "no_side")]
    pub challenge: SideName,
    /// The challenged side refuses instead of accepting.
    #[serde(default)]
    pub refuse_challenge: bool,
    /// **\[ruling\]** a musician adds 1 to rally (a later edition's rule).
    #[serde(default)]
    pub musician_rallies: bool,
    /// The charger's start of turn: unit strength of friends fleeing
    /// within 10 cm of it.
    #[serde(default)]
    pub fleeing_friends_us: Count<0, 2000>,
    /// **\[ruling\]** fleeing friends of equal unit strength panic the
    /// charger too (seed 004's reading; seed 003's, the default, needs more).
    #[serde(default)]
    pub fleeing_friends_equal_panics: bool,
    /// The charger's start of turn: a terror-causing enemy within 15 cm.
    #[serde(default)]
    pub terror_nearby: bool,
    /// For a fight already under way: the side that won the round before
    /// this turn (ties in strike order; pursuit of a unit that flees the
    /// combat through panic).
    #[serde(default = "no_side")]
    pub last_round_winner: SideName,
    /// When units that may vomit (Troll Vomit) do so: **\[ruling\]**
    /// `best` (when it pays), `always` or `never`.
    #[serde(default)]
    pub troll_vomit: VomitChoice,
    /// Whether a model carrying the Potion of Pavona drinks it:
    /// **\[ruling\]** `rolled` or `not-drunk` (RULES.md Rolls before the
    /// fight).
    #[serde(default)]
    pub potion_of_pavona: PotionChoice,
    /// Whether a model carrying the Gourd of Lustrian Wine drinks it:
    /// **\[ruling\]** `first-round` or `not-drunk`.
    #[serde(default)]
    pub gourd_of_lustrian_wine: GourdChoice,
    /// Whether units' Defensive Stakes still stand: **\[ruling\]**
    /// `standing` or `removed` (RULES.md Charges, Defensive Stakes).
    #[serde(default)]
    pub defensive_stakes: StakesChoice,
    /// The ground the fight stands on: `open` or `marsh` (RULES.md
    /// Special attacks and psychology, Special Regenerate).
    #[serde(default)]
    pub ground: Ground,
}

fn no_side() -> SideName {
    SideName::None
}

impl Default for Situation {
    /// As a `[situation]` table with no keys gives it.
    fn default() -> Situation {
        Situation {
            charger: SideName::default(),
            facing: Facing::default(),
            distance: Distance::default(),
            wheel: Distance::default(),
            difficult_terrain: TerrainOnPath::default(),
            reaction: ReactionName::default(),
            high_ground: no_side(),
            rounds: ten_rounds(),
            inches: false,
            insane_courage: false,
            challenge: no_side(),
            refuse_challenge: false,
            musician_rallies: false,
            fleeing_friends_us: Count(0),
            fleeing_friends_equal_panics: false,
            terror_nearby: false,
            last_round_winner: no_side(),
            troll_vomit: VomitChoice::default(),
            potion_of_pavona: PotionChoice::default(),
            gourd_of_lustrian_wine: GourdChoice::default(),
            defensive_stakes: StakesChoice::default(),
            ground: Ground::default(),
        }
    }
}

/// A whole scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// The scenario's name.
    pub name: String,
    /// What it shows.
    pub description: Option<String>,
    /// The attacker's main unit.
    pub attacker: UnitSpec,
    /// The defender's main unit.
    pub defender: UnitSpec,
    /// More units in the same fight, each fighting the enemy's main unit.
    #[serde(default)]
    pub unit: Vec<UnitSpec>,
    /// Friendly units near the fight, not in it.
    #[serde(default)]
    pub friend: Vec<super::friend::FriendSpec>,
    /// The situation of the fight.
    pub situation: Situation,
}

/// A scenario read from `path` with `--set key.path=value` overrides.
pub fn load_scenario(path: &Path, sets: &[String]) -> Result<(ScenarioFile, PathBuf), InputError> {
    let text = crate::files::read_text(path, crate::files::MAX_TOML_BYTES)
        .map_err(|e| InputError::new(path.display().to_string(), e.why()))?;
    scenario_from_text(&text, path, sets)
}

/// The scenario `text` read from `path`, with `--set` overrides (for a
/// caller that has read the file already).
fn scenario_from_text(
    text: &str,
    path: &Path,
    sets: &[String],
) -> Result<(ScenarioFile, PathBuf), InputError> {
    let name = path.display().to_string();
    let scenario: ScenarioFile = parse_with_sets(text, &name, sets)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok((scenario, dir))
}

/// TOML `text` (named `name` in errors) read as a `T` with `--set`
/// overrides: the file's own error first, with its line and column, then
/// the overrides'. The overridden table is read from its text again, as
/// the file is: one reader of each file type in the program, not a second
/// from the table (the web page's module carries each reader's code).
pub(crate) fn parse_with_sets<T: serde::de::DeserializeOwned>(
    text: &str,
    name: &str,
    sets: &[String],
) -> Result<T, InputError> {
    let file: T = super::parse(text, name)?;
    if sets.is_empty() {
        return Ok(file);
    }
    let mut table: toml::Table =
        toml::from_str(text).map_err(|e| InputError::new(name, e.to_string()))?;
    for set in sets {
        apply_set(&mut table, set)?;
    }
    let edited = toml::to_string(&table).map_err(|e| InputError::bad_override(e.to_string()))?;
    toml::from_str(&edited).map_err(|e| {
        InputError::bad_override(text!(
            "{} ({})",
            crate::words::serde::message(&e.message().replace('\n', " ")),
            sets.join(" ")
        ))
    })
}

/// Sets `a.b.c=value` in a TOML table; the value is read as TOML (a number,
/// `true`, `["fear"]`), else as a list of names when bracketed (`[fear,
/// hatred]`) or set on a `rules` key (`fear,hatred`), else as a string.
pub fn apply_set(table: &mut toml::Table, set: &str) -> Result<(), InputError> {
    let bad = |why: Text| {
        InputError::bad_override(text!("'{}': {} (accepted: unit.field=value, e.g. attacker.models=25 or situation.reaction=flee)", set, why))
    };
    let (path, value) = set.split_once('=').ok_or_else(|| bad(text!("no '='")))?;
    let keys: Vec<&str> = path.trim().split('.').collect();
    if keys.iter().any(|k| k.is_empty()) {
        return Err(bad(text!("empty key")));
    }
    let value = value.trim();
    let (last, parents) = keys.split_last().ok_or_else(|| bad(text!("empty key")))?;
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
        .map(whole_as_integer)
        .unwrap_or_else(
            || match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                Some(list) => names(list),
                None if *last == "rules" => names(value),
                None => toml::Value::String(value.to_string()),
            },
        );
    let mut here = table;
    let mut keys = parents.iter();
    while let Some(k) = keys.next() {
        let entry = here
            .entry(k.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        // A list of tables (`[[unit]]`): the next key counts from 1.
        let entry = match entry {
            toml::Value::Array(list) => {
                let n = list.len();
                let i = keys.next().and_then(|i| i.parse::<usize>().ok());
                match i.filter(|i| (1..=n).contains(i)) {
                    Some(i) => &mut list[i - 1],
                    None => return Err(bad(text!("'{}' is a list: name an entry, 1 to {}", k, n))),
                }
            }
            other => other,
        };
        here = entry
            .as_table_mut()
            .ok_or_else(|| bad(text!("'{}' is not a table", k)))?;
    }
    here.insert(last.to_string(), parsed);
    Ok(())
}

/// A number with nothing after its point (`1e3`, `25.0`) as the whole
/// number it is, so that a count typed so is read (and its range checked)
/// as any count; a file's decimal keys read whole numbers too.
fn whole_as_integer(v: toml::Value) -> toml::Value {
    match v {
        toml::Value::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => {
            toml::Value::Integer(f as i64)
        }
        other => other,
    }
}

/// Reads a scenario with `--set` overrides and builds its fight.
pub fn load_combat(path: &Path, sets: &[String]) -> Result<CombatQuery, InputError> {
    let (file, dir) = load_scenario(path, sets)?;
    combat_of(&file, &dir, path, sets)
}

/// The fight of scenario `text` read from `path`, with `--set` overrides
/// (for a caller that has read the file already).
pub fn combat_from_text(
    text: &str,
    path: &Path,
    sets: &[String],
) -> Result<CombatQuery, InputError> {
    let (file, dir) = scenario_from_text(text, path, sets)?;
    combat_of(&file, &dir, path, sets)
}

/// The fight `file` (read from `path`, its profiles from `dir`) describes,
/// its errors named by the file, the overrides it was built with kept.
fn combat_of(
    file: &ScenarioFile,
    dir: &Path,
    path: &Path,
    sets: &[String],
) -> Result<CombatQuery, InputError> {
    let combat = file
        .combat(dir)
        .map_err(|e| e.in_file(&path.display().to_string()))?;
    Ok(CombatQuery {
        sets: sets.to_vec(),
        ..combat
    })
}
