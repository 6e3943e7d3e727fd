//! The profile part: the keys every scenario table that holds a unit
//! takes (a fight's unit, a character, a friend near the fight, a battle
//! line's unit). Where the unit comes from, a roster's unit (`roster` and
//! `unit`), a profile file (`profile_file`) or the table alone, and the
//! table's own values over its source's (`ProfilePart::resolve`).
//!
//! **How.** serde's `flatten` would lose TOML's line numbers and the list of
//! accepted keys in an unknown key's error, so `unit_table!` writes the
//! part's keys into each table as it is read and gathers them into its
//! [`ProfilePart`]: one list of keys, one merge.

use crate::error::InputError;
use crate::library::{Choices, Source};
use crate::profile::{
    ImpactHitsValues, MissileValues, MountValues, Points, ProfileFile, ProfileOverride, Ranged,
};
use crate::roster::{RosterUnit, UnitKey};
use crate::rules::profile::TroopType;
use crate::rules::saves::BodyArmour;
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;
use crate::text;
use crate::words::text::Text;
use std::path::Path;
use std::sync::Arc;

/// What a unit table asks of an army book's unit beside its part's gear
/// and options: its models and command group (the table's own keys).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TableAsks {
    pub models: Option<u32>,
    /// A champion, a standard, a musician.
    pub command: [Option<bool>; 3],
}

/// A table's profile part resolved: the unit's profile and gear, the
/// roster's unit it came from, and the first gear the table changed from
/// its source's, in words (its source's points do not price it).
pub(crate) struct Resolved {
    pub file: ProfileFile,
    pub listed: Option<Arc<RosterUnit>>,
    pub changed: Option<Text>,
}

/// Where a table's unit comes from, and the table's values over it.
#[derive(Clone, Debug, Default)]
pub struct ProfilePart {
    /// A roster (`.ros`, `.rosz`), relative to the file, whose `unit` this
    /// is.
    pub roster: Option<String>,
    /// The roster's unit: its name or number.
    pub unit: Option<UnitKey>,
    /// The roster's unit, already read (a fight built from a roster, not a
    /// file).
    pub listed: Option<Arc<RosterUnit>>,
    /// What a champion's table builds on when it names no source of its
    /// own: his own as his unit's source gives it, else his unit's profile
    /// and gear with one attack more.
    pub inherited: Option<Arc<ProfileFile>>,
    /// A profile file, relative to the file.
    pub profile_file: Option<String>,
    /// Its name (else the roster's or the profile file's).
    pub name: Option<String>,
    /// Its troop type (`type`).
    pub troop: Option<TroopType>,
    /// Profile values over the source's.
    pub profile: Option<ProfileOverride>,
    /// An army book's options chosen for its unit, by name.
    pub options: Vec<String>,
    /// Its weapon.
    pub weapon: Option<Weapon>,
    /// Its body armour.
    pub armour: Option<BodyArmour>,
    /// A shield.
    pub shield: Option<bool>,
    /// Barding.
    pub barding: Option<bool>,
    /// It flies.
    pub flies: Option<bool>,
    /// Natural armour's save alone (Scaly Skin), added to what is worn.
    pub natural_armour: Option<Ranged<2, 6>>,
    /// An armour save given outright.
    pub save: Option<Ranged<1, 6>>,
    /// A ward save.
    pub ward: Option<Ranged<2, 6>>,
    /// It regenerates.
    pub regeneration: Option<bool>,
    /// Special rules added to the source's.
    pub rules: Vec<SpecialRule>,
    /// Its steeds' characteristics.
    pub mount: Option<MountValues>,
    /// A chariot's impact hits.
    pub impact_hits: Option<ImpactHitsValues>,
    /// Missile weapons: stand and shoot, `shoot`'s Strength.
    pub missile: Option<MissileValues>,
    /// Points per model.
    pub points: Option<Points>,
    /// Added to its side's combat result (a War Banner).
    pub combat_resolution: Option<Ranged<0, 5>>,
    /// The army it belongs to, which enemies may hate.
    pub army: Option<String>,
    /// Armies it hates, added to the source's.
    pub hates: Vec<String>,
    /// Armies whose units it fears unless it outnumbers them two to one,
    /// added to the source's.
    pub fears: Vec<String>,
    /// Armies against which it is immune to panic, added to the source's.
    pub immune_to_panic_against: Vec<String>,
    /// Its kinds, the kinds of friends whose rout it ignores and the only
    /// kinds its rout moves to panic, added to the source's (RULES.md
    /// Panic).
    pub panic: Option<crate::rules::panic::PanicKinds>,
    /// Kinds of difficult terrain it crosses as open ground, added to the
    /// source's.
    pub open_ground: Vec<crate::rules::place::Terrain>,
    /// Its unit strength per model, where not its troop type's.
    pub unit_strength_per_model: Option<Ranged<1, 20>>,
}

/// Declares a scenario table that holds a unit: its own fields (each field's
/// doc comments, then its `#[serde(...)]` attributes) and `part`, the
/// [`ProfilePart`], read from the same table's keys.
macro_rules! unit_table {
    (
        $(#[doc = $doc:literal])*
        #[expecting = $expecting:literal]
        pub struct $spec:ident {
            $(
                $(#[doc = $fdoc:literal])*
                $(#[serde($($fserde:tt)*)])*
                pub $field:ident : $ty:ty,
            )*
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Clone, Debug)]
        pub struct $spec {
            /// Where its unit comes from, and this table's values over it.
            pub part: $crate::scenario::part::ProfilePart,
            $(
                $(#[doc = $fdoc])*
                pub $field: $ty,
            )*
        }

        impl<'de> ::serde::Deserialize<'de> for $spec {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                #[derive(::serde::Deserialize)]
                #[serde(deny_unknown_fields, expecting = $expecting)]
                struct Table {
                    #[serde(default, deserialize_with = "crate::scenario::file_name")]
                    roster: Option<String>,
                    unit: Option<$crate::roster::UnitKey>,
                    #[serde(default, deserialize_with = "crate::scenario::file_name")]
                    profile_file: Option<String>,
                    name: Option<String>,
                    #[serde(rename = "type")]
                    troop: Option<$crate::rules::profile::TroopType>,
                    profile: Option<$crate::profile::ProfileOverride>,
                    #[serde(default)]
                    options: Vec<String>,
                    weapon: Option<$crate::rules::weapons::Weapon>,
                    armour: Option<$crate::rules::saves::BodyArmour>,
                    shield: Option<bool>,
                    barding: Option<bool>,
                    flies: Option<bool>,
                    natural_armour: Option<$crate::profile::Ranged<2, 6>>,
                    save: Option<$crate::profile::Ranged<1, 6>>,
                    ward: Option<$crate::profile::Ranged<2, 6>>,
                    regeneration: Option<bool>,
                    #[serde(default)]
                    rules: Vec<$crate::rules::special::SpecialRule>,
                    mount: Option<$crate::profile::MountValues>,
                    impact_hits: Option<$crate::profile::ImpactHitsValues>,
                    missile: Option<$crate::profile::MissileValues>,
                    points: Option<$crate::profile::Points>,
                    combat_resolution: Option<$crate::profile::Ranged<0, 5>>,
                    army: Option<String>,
                    #[serde(default)]
                    hates: Vec<String>,
                    #[serde(default)]
                    fears: Vec<String>,
                    #[serde(default)]
                    immune_to_panic_against: Vec<String>,
                    panic: Option<$crate::rules::panic::PanicKinds>,
                    #[serde(default)]
                    open_ground: Vec<$crate::rules::place::Terrain>,
                    unit_strength_per_model: Option<$crate::profile::Ranged<1, 20>>,
                    $(
                        $(#[serde($($fserde)*)])*
                        $field: $ty,
                    )*
                }
                let t = Table::deserialize(d)?;
                Ok($spec {
                    part: $crate::scenario::part::ProfilePart {
                        roster: t.roster,
                        unit: t.unit,
                        listed: None,
                        inherited: None,
                        profile_file: t.profile_file,
                        name: t.name,
                        troop: t.troop,
                        profile: t.profile,
                        options: t.options,
                        weapon: t.weapon,
                        armour: t.armour,
                        shield: t.shield,
                        barding: t.barding,
                        flies: t.flies,
                        natural_armour: t.natural_armour,
                        save: t.save,
                        ward: t.ward,
                        regeneration: t.regeneration,
                        rules: t.rules,
                        mount: t.mount,
                        impact_hits: t.impact_hits,
                        missile: t.missile,
                        points: t.points,
                        combat_resolution: t.combat_resolution,
                        army: t.army,
                        hates: t.hates,
                        fears: t.fears,
                        immune_to_panic_against: t.immune_to_panic_against,
                        panic: t.panic,
                        open_ground: t.open_ground,
                        unit_strength_per_model: t.unit_strength_per_model,
                    },
                    $($field: t.$field,)*
                })
            }
        }
    };
}
pub(crate) use unit_table;

impl ProfilePart {
    /// A roster's unit, already read.
    pub fn listed(unit: &RosterUnit) -> ProfilePart {
        ProfilePart {
            listed: Some(Arc::new(unit.clone())),
            ..ProfilePart::default()
        }
    }

    /// Whether the table has a profile: a roster's unit, a profile file or
    /// a `[profile]` table.
    pub(crate) fn has_profile(&self) -> bool {
        self.listed.is_some()
            || self.roster.is_some()
            || self.profile_file.is_some()
            || self.profile.is_some()
    }

    /// Refuses a value that decides only how a unit fights, for a table
    /// whose unit only tests for panic (a friend, a battle line's unit;
    /// `field` names it).
    pub(crate) fn refuse_fighting_keys(&self, field: &str) -> Result<(), InputError> {
        let given = [
            ("weapon", self.weapon.is_some()),
            ("armour", self.armour.is_some()),
            ("shield", self.shield.is_some()),
            ("barding", self.barding.is_some()),
            ("natural_armour", self.natural_armour.is_some()),
            ("save", self.save.is_some()),
            ("ward", self.ward.is_some()),
            ("regeneration", self.regeneration.is_some()),
            ("impact_hits", self.impact_hits.is_some()),
            ("missile", self.missile.is_some()),
            ("points", self.points.is_some()),
            ("combat_resolution", self.combat_resolution.is_some()),
            ("army", self.army.is_some()),
            ("hates", !self.hates.is_empty()),
            ("fears", !self.fears.is_empty()),
            (
                "immune_to_panic_against",
                !self.immune_to_panic_against.is_empty(),
            ),
            ("open_ground", !self.open_ground.is_empty()),
        ];
        InputError::refuse_given(
            &given,
            |key| format!("{field}.{key}"),
            || {
                text!("decides how a unit fights, and panic never reads it (accepted: the keys that give its unit strength, Ld, rules and flight)")
            },
        )
    }

    /// The unit's profile and gear: its source's, with the table's own
    /// values over them (`side` names the table in errors), and the
    /// roster's unit it came from, if any.
    /// An army book's unit is built with the table's `asks`, its gear and
    /// options (RULES.md Army books' units).
    pub(crate) fn resolve(
        &self,
        dir: &Path,
        side: &str,
        asks: TableAsks,
    ) -> Result<Resolved, InputError> {
        let listed = self.listed_unit(dir, side, asks)?;
        let base = match (&listed, &self.profile_file) {
            (Some(unit), _) => Some(fighting(
                unit,
                self.roster.as_deref(),
                &format!("{side}.unit"),
            )?),
            (None, Some(f)) => Some(super::load_referred::<ProfileFile>(
                &dir.join(f),
                &format!("{side}.profile_file"),
            )?),
            (None, None) => self.inherited.as_deref().cloned(),
        };
        let changed = base
            .as_ref()
            .filter(|_| listed.is_some() || self.profile_file.is_some())
            .and_then(|b| self.changed_gear(b, listed.is_some()));
        Ok(Resolved {
            file: self.over(base, side)?,
            listed,
            changed,
        })
    }

    /// The first of the table's weapon, armour and shield that differs from
    /// its source's (a roster's unit, `listed`, or a profile file): a
    /// change the source's points do not price.
    fn changed_gear(&self, base: &ProfileFile, listed: bool) -> Option<Text> {
        let source = || match listed {
            true => text!("the list's"),
            false => text!("the profile file's"),
        };
        let yes_no = |has: bool| if has { text!("yes") } else { text!("no") };
        let changes = [
            self.weapon.filter(|w| *w != base.weapon).map(|w| {
                let names = (Text::words(base.weapon.name()), Text::words(w.name()));
                (text!("weapon"), names)
            }),
            self.armour.filter(|a| *a != base.armour).map(|a| {
                let names = (Text::words(base.armour.name()), Text::words(a.name()));
                (text!("armour"), names)
            }),
            self.shield
                .filter(|s| *s != base.shield)
                .map(|s| (text!("shield"), (yes_no(base.shield), yes_no(s)))),
        ];
        let (what, (from, to)) = changes.into_iter().flatten().next()?;
        Some(text!(
            "{} changed from {}: {} -> {}",
            what,
            source(),
            from,
            to
        ))
    }

    /// The roster's unit the table names, read from its file (or already
    /// read, for a fight built from a roster).
    fn listed_unit(
        &self,
        dir: &Path,
        side: &str,
        asks: TableAsks,
    ) -> Result<Option<Arc<RosterUnit>>, InputError> {
        if let Some(unit) = &self.listed {
            return Ok(Some(unit.clone()));
        }
        let (file, key) = match (&self.roster, &self.unit) {
            (None, None) => return Ok(None),
            (Some(_), None) => {
                return Err(InputError::new(
                    format!("{side}.unit"),
                    text!("missing with a roster (accepted: a unit's name or its number in the roster)"),
                ))
            }
            (None, Some(_)) => {
                return Err(InputError::new(
                    format!("{side}.unit"),
                    text!("names a roster's unit, and there is no roster (accepted: roster = \"FILE.ros\" with it)"),
                ))
            }
            (Some(file), Some(key)) => (file, key),
        };
        if self.profile_file.is_some() {
            return Err(InputError::new(
                format!("{side}.profile_file"),
                text!("given with a roster (accepted: one of them)"),
            ));
        }
        let choices = Choices {
            models: asks.models,
            weapon: self.weapon,
            armour: self.armour,
            shield: self.shield,
            command: asks.command,
            options: self.options.clone(),
        };
        let fields = (&format!("{side}.roster"), &format!("{side}.unit"));
        let unit = roster_unit(dir, file, key, (fields.0, fields.1), &choices)?;
        Ok(Some(Arc::new(unit)))
    }

    /// `base` (if any) with the table's own values over it.
    fn over(&self, base: Option<ProfileFile>, side: &str) -> Result<ProfileFile, InputError> {
        let profile = match (self.profile, base.as_ref()) {
            (None, None) => {
                return Err(InputError::new(
                    format!("{side}.profile"),
                    text!("missing (accepted: a [profile] table, profile_file = \"FILE.toml\", or roster = \"FILE.ros\" and unit = \"NAME\")"),
                ))
            }
            (own, base) => own
                .unwrap_or_default()
                .over(base.map(|b| b.profile), &format!("{side}.profile"))?,
        };
        let b = base.as_ref();
        let pick = |own: Option<bool>, from: fn(&ProfileFile) -> bool| {
            own.or(b.map(from)).unwrap_or(false)
        };
        let mut rules = b.map(|b| b.rules.clone()).unwrap_or_default();
        rules.extend(&self.rules);
        let mut hates = b.map(|b| b.hates.clone()).unwrap_or_default();
        hates.extend(self.hates.iter().cloned());
        let mut fears = b.map(|b| b.fears.clone()).unwrap_or_default();
        fears.extend(self.fears.iter().cloned());
        let mut immune_to_panic_against = b
            .map(|b| b.immune_to_panic_against.clone())
            .unwrap_or_default();
        immune_to_panic_against.extend(self.immune_to_panic_against.iter().cloned());
        let mut panic = b.map(|b| b.panic.clone()).unwrap_or_default();
        if let Some(own) = &self.panic {
            panic.add(own);
        }
        let mut open_ground = b.map(|b| b.open_ground.clone()).unwrap_or_default();
        open_ground.extend(self.open_ground.iter().copied());
        Ok(ProfileFile {
            name: self
                .name
                .clone()
                .or(b.map(|b| b.name.clone()))
                .unwrap_or_else(|| side.to_string()),
            troop: self.troop.or(b.map(|b| b.troop)).unwrap_or_default(),
            profile,
            weapon: self.weapon.or(b.map(|b| b.weapon)).unwrap_or_default(),
            armour: self.armour.or(b.map(|b| b.armour)).unwrap_or_default(),
            shield: pick(self.shield, |b| b.shield),
            barding: pick(self.barding, |b| b.barding),
            flies: pick(self.flies, |b| b.flies),
            natural_armour: self.natural_armour.or(b.and_then(|b| b.natural_armour)),
            save: self.save.or(b.and_then(|b| b.save)),
            ward: self.ward.or(b.and_then(|b| b.ward)),
            regeneration: pick(self.regeneration, |b| b.regeneration),
            rules,
            mount: self.mount.or(b.and_then(|b| b.mount)),
            impact_hits: self.impact_hits.or(b.and_then(|b| b.impact_hits)),
            crew: b.map_or(Ranged(1), |b| b.crew),
            missile: self.missile.or(b.and_then(|b| b.missile)),
            points: self.points.or(b.and_then(|b| b.points)),
            combat_resolution: self
                .combat_resolution
                .or(b.map(|b| b.combat_resolution))
                .unwrap_or_default(),
            champion: b.and_then(|b| b.champion.clone()),
            others: b.map(|b| b.others.clone()).unwrap_or_default(),
            general: b.is_some_and(|b| b.general),
            battle_standard: b.is_some_and(|b| b.battle_standard),
            army: self.army.clone().or(b.and_then(|b| b.army.clone())),
            hates,
            fears,
            immune_to_panic_against,
            panic,
            open_ground,
            // A type the table sets drops the source's own unit strength.
            unit_strength_per_model: self.unit_strength_per_model.or(b
                .filter(|_| self.troop.is_none())
                .and_then(|b| b.unit_strength_per_model)),
        })
    }
}

/// The unit `key` names in roster file `file` (a path from folder `dir`)
/// or, where no file has that name, army book `file`'s: an error reading
/// the file or naming the army is `file_field`'s, a key the list has not
/// `unit_field`'s, each naming the file as written.
pub(crate) fn roster_unit(
    dir: &Path,
    file: &str,
    key: &UnitKey,
    fields: (&str, &str),
    choices: &Choices,
) -> Result<RosterUnit, InputError> {
    let from_book = matches!(crate::library::source(dir, file), Ok(Source::Army(_)));
    if !from_book && !choices.options.is_empty() {
        let side = fields.1.rsplit_once('.').map_or(fields.1, |(side, _)| side);
        return Err(InputError::new(
            format!("{side}.options"),
            text!("chooses an army book's options, and '{}' is a roster file (accepted: roster = \"ARMY\" with options; a list's unit holds its list's)", file),
        ));
    }
    crate::library::listed_unit(dir, file, key, fields, choices)
}

/// A roster's unit as it fights, or `field`'s error saying why it cannot,
/// naming the unit and its roster file (`file`, as written; none for a unit
/// already read, as a matchup's).
pub(crate) fn fighting(
    unit: &RosterUnit,
    file: Option<&str>,
    field: &str,
) -> Result<ProfileFile, InputError> {
    unit.played.clone().map_err(|why| {
        let message = match file {
            Some(file) => text!("{}: '{}' cannot fight: {}", file, &unit.name, why),
            None => text!("'{}' cannot fight: {}", &unit.name, why),
        };
        InputError::new(field, message)
    })
}
