//! Profile files: one troop type's characteristics and gear, e.g.
//! `scenarios/profiles/empire_halberdier.toml`. Format:
//!
//! ```toml
//! name = "Empire halberdier"
//! type = "infantry"        # infantry, cavalry, large-infantry, monster, chariot, war-machine
//! weapon = "halberd"       # hand-weapon, additional-hand-weapon, hand-weapon-and-shield,
//!                          # great-weapon, halberd, flail, morning-star, spear, lance,
//!                          # cavalry-hammer, choppa, pike
//! armour = "light"         # none, light, heavy, gromril (4+, as Chaos armour)
//! shield = true            # counts in close combat only with a one-handed weapon
//! barding = false         # the save only: M is final, barding's -2 cm already taken
//! flies = false            # flees and pursues 8D6 cm (3D6")
//! # natural_armour = 5     # Scaly Skin 5+: added to what is worn
//! # save = 4               # an armour save given outright (replaces armour/shield/barding)
//! # ward = 5
//! # regeneration = true
//! rules = ["hatred"]       # special rules, as for --rules; and undead, skirmishers,
//!                          # resolute, reroll-saves (RULES.md Undead, Skirmishers, ...)
//! points = 6               # cost per model
//! # combat_resolution = 1  # 0 to 5 added to its side's combat result (a War Banner)
//! # general = true         # this model is the army's General (its unit, or the
//! #                        # unit it leads, lends his Ld: RULES.md Break test)
//! # battle_standard = true # this model carries the battle standard: its unit
//! #                        # re-rolls break tests and counts it as a standard
//! # army = "Dwarfs (2001)" # its army, as its catalogue names it
//! # hates = ["Orcs and Goblins"]  # it hates enemies of these armies
//! # open_ground = ["woods"] # difficult terrain it charges through as open
//! #                        # ground: woods, marsh, water, other
//! # unit_strength_per_model = 2  # where its army book sets it apart from
//! #                        # its type's (Warhounds, Centigors on foot: 2)
//! # crew = 2               # a chariot's crew, each with the profile's A
//! #                        # (frenzy adds one to each); 1: `a` is theirs
//!
//! [profile]
//! m = 10                   # cm, as the metric army books print it (4" with inches);
//!                          # or a random move in inches: "2D6"
//! ws = 3
//! bs = 3
//! s = 3
//! t = 3
//! w = 1
//! i = 3
//! a = 1                    # or dice rolled each round: "D6+1", "D3", "2D6"
//! ld = 7
//!
//! [mount]                  # a steed's own attacks (cavalry, chariots)
//! ws = 3
//! s = 3
//! i = 3
//! a = 1                    # or dice, as the profile's
//!
//! [missile]                # missile weapons: stand and shoot, shoot's S
//! s = 3
//! shots = 1                # per model
//! armour_piercing = false  # the weapon's own (a handgun's); poison too
//!
//! [impact_hits]            # a chariot's (or a model's) hits when it charges
//! dice = "D6"              # D6 or D3
//! plus = 0                 # 0 to 6 hits added to each chariot's die (scythes: 1)
//! s = 5
//! beyond = 0               # inches the charge must be longer than (0: any)
//! ```

use crate::error::InputError;
use crate::rules::fighter::{Defender, Save};
use crate::rules::gear::{ImpactHits, Missile, Mount};
use crate::rules::panic::PanicKinds;
use crate::rules::place::Terrain;
use crate::rules::profile::{Profile, TroopType};
use crate::rules::random::{Dice, Die};
use crate::rules::saves::{shown_save, ward_or_regeneration, Armour, BodyArmour};
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;
use crate::text;
use serde::{Deserialize, Deserializer};

/// An integer characteristic checked against `LO..=HI` while parsing, so the
/// error carries the value's line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranged<const LO: u8, const HI: u8>(pub u8);

/// The least value, for a key that may be left out.
impl<const LO: u8, const HI: u8> Default for Ranged<LO, HI> {
    fn default() -> Self {
        Ranged(LO)
    }
}

impl<'de, const LO: u8, const HI: u8> Deserialize<'de> for Ranged<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        whole_within(d, i64::from(LO), i64::from(HI)).map(|v| Ranged(v as u8))
    }
}

/// A whole number from `lo` to `hi` read by serde, else the error of its
/// value (the one range check of [`Ranged`] and a scenario's counts).
pub(crate) fn whole_within<'de, D: Deserializer<'de>>(
    d: D,
    lo: i64,
    hi: i64,
) -> Result<i64, D::Error> {
    let v = i64::deserialize(d)?;
    if v < lo || v > hi {
        return Err(crate::words::serde::custom(text!(
            "{} is out of range (accepted: {} to {})",
            v,
            lo,
            hi
        )));
    }
    Ok(v)
}

/// A characteristic a model may roll each time it uses it: a whole number
/// from `LO` to `HI`, or dice as army books print them (`"D6+1"`, `"D3"`,
/// `"2D6"`: RULES.md Special attacks and psychology, random attacks). `.0`
/// is the number (with dice, what is added to them), `.1` the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rolled<const LO: u8, const HI: u8>(pub u8, pub Option<Dice>);

impl<const LO: u8, const HI: u8> std::fmt::Display for Rolled<LO, HI> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.1, self.0) {
            (None, n) => write!(f, "{n}"),
            (Some(d), 0) => write!(f, "{d}"),
            (Some(d), n) => write!(f, "{d}+{n}"),
        }
    }
}

impl<'de, const LO: u8, const HI: u8> Deserialize<'de> for Rolled<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor<const LO: u8, const HI: u8>;
        impl<const LO: u8, const HI: u8> serde::de::Visitor<'_> for Visitor<LO, HI> {
            type Value = Rolled<LO, HI>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(
                    f,
                    "a whole number from {LO} to {HI}, or dice such as \"D6+1\""
                )
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                if !(i64::from(LO)..=i64::from(HI)).contains(&v) {
                    return Err(crate::words::serde::custom(text!(
                        "{} is out of range (accepted: {} to {}, or dice such as \"D6+1\", \"D3\", \"2D6\")",
                        v,
                        LO,
                        HI
                    )));
                }
                Ok(Rolled(v as u8, None))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
                self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Self::Value, E> {
                Err(crate::words::serde::custom(text!(
                    "{} is not a whole number (accepted: {} to {}, or dice such as \"D6+1\", \"D3\", \"2D6\")",
                    crate::error::shown(v),
                    LO,
                    HI
                )))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                match Dice::written(v) {
                    Some((dice, plus)) if plus <= HI => Ok(Rolled(plus, Some(dice))),
                    _ => Err(crate::words::serde::custom(text!(
                        "'{}' is not dice the tool rolls (accepted: a whole number from {} to {}, or one to three D6 or D3 and a number added, such as \"D6+1\", \"D3\", \"2D6\")",
                        v,
                        LO,
                        HI
                    ))),
                }
            }
        }
        d.deserialize_any(Visitor::<LO, HI>)
    }
}

/// M in cm (0 for war machines), or a random move (`.1`): the dice it
/// rolls each time it moves, in inches as army books print them (`"2D6"`,
/// a Chaos Spawn's), its M then 0. RULES.md Charges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Move(pub f64, pub Option<Dice>);

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Move;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number of cm from 0 to 100, or dice such as \"2D6\"")
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Move, E> {
                if !(0.0..=100.0).contains(&v) {
                    return Err(crate::words::serde::custom(text!(
                        "{} is out of range (accepted: 0 to 100 cm, or dice in inches such as \"2D6\")",
                        crate::error::shown(v)
                    )));
                }
                Ok(Move(v, None))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Move, E> {
                self.visit_f64(v as f64)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Move, E> {
                self.visit_f64(v as f64)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Move, E> {
                match Dice::written(v) {
                    Some((dice, 0)) => Ok(Move(0.0, Some(dice))),
                    _ => Err(crate::words::serde::custom(text!(
                        "'{}' is not a move the tool plays (accepted: 0 to 100 cm, or one to three D6 or D3 rolled in inches, such as \"2D6\")",
                        v
                    ))),
                }
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// Points per model, checked while parsing: a finite cost, 0 to 10,000.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Points(pub f64);

/// The most points one model may cost.
pub const MAX_POINTS: f64 = 10_000.0;

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        if !(0.0..=MAX_POINTS).contains(&v) {
            return Err(crate::words::serde::custom(text!(
                "{} is out of range (accepted: 0 to {} points per model)",
                v,
                MAX_POINTS
            )));
        }
        Ok(Points(v))
    }
}

/// Some of a profile's characteristics: a scenario's `[attacker.profile]`
/// (or `--set attacker.profile.ws=5`) overrides those of its profile file.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileOverride {
    /// Movement, in cm.
    pub m: Option<Move>,
    /// Weapon Skill.
    pub ws: Option<Ranged<1, 10>>,
    /// Ballistic Skill.
    pub bs: Option<Ranged<0, 10>>,
    /// Strength.
    pub s: Option<Ranged<1, 10>>,
    /// Toughness.
    pub t: Option<Ranged<1, 10>>,
    /// Wounds.
    pub w: Option<Ranged<1, 20>>,
    /// Initiative.
    pub i: Option<Ranged<0, 10>>,
    /// Attacks: a number, or dice (`"D6+1"`).
    pub a: Option<Rolled<0, 10>>,
    /// Leadership.
    pub ld: Option<Ranged<1, 10>>,
}

impl ProfileOverride {
    /// `base` with these characteristics in place of its own; without a
    /// base every characteristic must be given (`table` names the table in
    /// the error).
    pub fn over(
        &self,
        base: Option<ProfileValues>,
        table: &str,
    ) -> Result<ProfileValues, InputError> {
        let missing = |c: &str| {
            InputError::new(
                format!("{table}.{c}"),
                text!("missing (accepted: every characteristic m, ws, bs, s, t, w, i, a, ld, or profile_file = \"FILE.toml\")"),
            )
        };
        macro_rules! pick {
            ($c:ident) => {
                match (self.$c, base) {
                    (Some(v), _) => v,
                    (None, Some(b)) => b.$c,
                    (None, None) => return Err(missing(stringify!($c))),
                }
            };
        }
        Ok(ProfileValues {
            m: pick!(m),
            ws: pick!(ws),
            bs: pick!(bs),
            s: pick!(s),
            t: pick!(t),
            w: pick!(w),
            i: pick!(i),
            a: pick!(a),
            ld: pick!(ld),
        })
    }
}

/// The `[profile]` table.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileValues {
    /// Movement, in cm.
    pub m: Move,
    /// Weapon Skill.
    pub ws: Ranged<1, 10>,
    /// Ballistic Skill.
    pub bs: Ranged<0, 10>,
    /// Strength.
    pub s: Ranged<1, 10>,
    /// Toughness.
    pub t: Ranged<1, 10>,
    /// Wounds.
    pub w: Ranged<1, 20>,
    /// Initiative.
    pub i: Ranged<0, 10>,
    /// Attacks: a number, or dice rolled each round (`"D6+1"`).
    pub a: Rolled<0, 10>,
    /// Leadership.
    pub ld: Ranged<1, 10>,
}

impl ProfileValues {
    /// The profile these values give.
    pub fn profile(&self) -> Profile {
        Profile {
            m: self.m.0,
            m_dice: self.m.1,
            ws: self.ws.0,
            bs: self.bs.0,
            s: self.s.0,
            t: self.t.0,
            w: self.w.0,
            i: self.i.0,
            a: self.a.0,
            a_dice: self.a.1,
            ld: self.ld.0,
        }
    }
}

/// The `[mount]` table: a steed's close-combat characteristics.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MountValues {
    /// Weapon Skill.
    pub ws: Ranged<1, 10>,
    /// Strength.
    pub s: Ranged<1, 10>,
    /// Initiative.
    pub i: Ranged<0, 10>,
    /// Attacks: a number, or dice rolled each round (`"D6+1"`).
    pub a: Rolled<0, 10>,
}

impl MountValues {
    /// The model's steed.
    pub fn mount(&self) -> Mount {
        Mount {
            ws: self.ws.0,
            s: self.s.0,
            i: self.i.0,
            a: self.a.0,
            dice: self.a.1,
            charge_s: 0,
        }
    }
}

/// The `[impact_hits]` table.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImpactHitsValues {
    /// D3 or D6 per chariot.
    pub dice: Die,
    /// Hits added to each chariot's die, 0 to 6 (scythes: D6+1).
    #[serde(default)]
    pub plus: Ranged<0, 6>,
    /// Strength of the hits.
    pub s: Ranged<1, 10>,
    /// Inches the charge must be longer than (Thunderous Charge: 7; 0 or
    /// left out: any charge).
    #[serde(default)]
    pub beyond: Ranged<0, 24>,
}

impl ImpactHitsValues {
    /// The model's impact hits.
    pub fn hits(&self) -> ImpactHits {
        ImpactHits {
            dice: self.dice,
            plus: self.plus.0,
            s: self.s.0,
            beyond: self.beyond.0,
        }
    }
}

/// The `missile` table: missile weapons for stand and shoot.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileValues {
    /// Strength.
    pub s: Ranged<1, 10>,
    #[serde(default = "one_shot")]
    /// Shots per model.
    pub shots: Ranged<1, 10>,
    /// Beyond half range (-1 to hit).
    #[serde(default)]
    pub long_range: bool,
    /// The weapon's own armour piercing (a handgun's, a pistol's).
    #[serde(default)]
    pub armour_piercing: bool,
    /// The weapon's own poisoned attacks (a blowpipe's).
    #[serde(default)]
    pub poison: bool,
    /// Each model's shots an Artillery dice's roll, not `shots` (a
    /// Leadbelcher cannon).
    #[serde(default)]
    pub artillery_dice: bool,
    /// Its shots are hits, with no roll to hit (a Strangle-root Attack).
    #[serde(default)]
    pub hits: bool,
}

impl MissileValues {
    /// The model's missiles.
    pub fn missile(&self) -> Missile {
        Missile {
            s: self.s.0,
            shots: self.shots.0,
            long_range: self.long_range,
            armour_piercing: self.armour_piercing,
            poison: self.poison,
            artillery_dice: self.artillery_dice,
            hits: self.hits,
        }
    }
}

fn one_shot() -> Ranged<1, 10> {
    Ranged(1)
}

/// A model's saves as the fights play them: each 2 to 6 (1 for 1+ or
/// better), `None` for none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavesPlayed {
    /// Its armour save before Strength in close combat (a parry counted,
    /// a shield beside a two-handed weapon not).
    pub close_combat: Option<u8>,
    /// Its armour save before Strength against missiles.
    pub missiles: Option<u8>,
    /// Its ward save (none where its regeneration is played instead).
    pub ward: Option<u8>,
}

/// A profile file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileFile {
    /// The model's name.
    pub name: String,
    #[serde(rename = "type", default)]
    /// Its troop type.
    pub troop: TroopType,
    /// Its profile.
    pub profile: ProfileValues,
    #[serde(default)]
    /// Its weapon.
    pub weapon: Weapon,
    #[serde(default)]
    /// Its body armour.
    pub armour: BodyArmour,
    #[serde(default)]
    /// A shield.
    pub shield: bool,
    #[serde(default)]
    /// Barding.
    pub barding: bool,
    /// It flies: flees and pursues 8D6 cm (3D6").
    #[serde(default)]
    pub flies: bool,
    /// Natural armour (Scaly Skin): its save alone, 2 to 6, added to what
    /// is worn.
    pub natural_armour: Option<Ranged<2, 6>>,
    /// An armour save given outright, 1 to 6.
    pub save: Option<Ranged<1, 6>>,
    /// A ward save, 2 to 6.
    pub ward: Option<Ranged<2, 6>>,
    #[serde(default)]
    /// It regenerates.
    pub regeneration: bool,
    #[serde(default)]
    /// Its special rules.
    pub rules: Vec<SpecialRule>,
    /// Its steed's characteristics.
    pub mount: Option<MountValues>,
    /// A chariot's impact hits.
    pub impact_hits: Option<ImpactHitsValues>,
    /// A chariot's crew: the models fighting from each chariot, each with
    /// the profile's WS, S, I and A (1, the default: `a` is all of
    /// theirs). RULES.md Profiles.
    #[serde(default)]
    pub crew: Ranged<1, 20>,
    /// Missile weapons (stand and shoot; `shoot`'s Strength).
    pub missile: Option<MissileValues>,
    /// Points per model.
    pub points: Option<Points>,
    /// Added to its side's combat result, 0 to 5 (a War Banner's +1).
    #[serde(default)]
    pub combat_resolution: Ranged<0, 5>,
    /// Its champion's own profile and gear, where its roster's champion
    /// has a profile or gear of his own (RULES.md Characters, champions
    /// and challenges).
    #[serde(skip)]
    pub champion: Option<Box<ProfileFile>>,
    /// The unit's other kinds of model that fight in it (a pack's
    /// Packmasters), a file a model, each his own profile and gear: bodies
    /// of their own beside the rank and file (RULES.md Characters in
    /// units, Other kinds of model in a unit).
    #[serde(skip)]
    pub others: Vec<ProfileFile>,
    /// This model is the army's General: the unit it is, or leads, is its
    /// side's General's unit.
    #[serde(default)]
    pub general: bool,
    /// This model carries the battle standard: the unit it is, or leads,
    /// has it in range, and it counts as a standard in combat resolution.
    #[serde(default)]
    pub battle_standard: bool,
    /// The army it belongs to (a catalogue's name, e.g. "Dwarfs (2001)").
    pub army: Option<String>,
    /// The armies it hates (by name): it hates enemies of those armies.
    #[serde(default)]
    pub hates: Vec<String>,
    /// The armies whose units it fears while it does not outnumber them
    /// two to one (the Goblins' Fear Elves; RULES.md Special attacks and
    /// psychology).
    #[serde(default)]
    pub fears: Vec<String>,
    /// The armies against which it is immune to panic (the High Elves'
    /// Stoic against Dark Elves; RULES.md Panic).
    #[serde(default)]
    pub immune_to_panic_against: Vec<String>,
    /// Its kinds, the kinds of friends whose rout it ignores and the only
    /// kinds its own rout moves to panic (RULES.md Panic).
    #[serde(default)]
    pub panic: PanicKinds,
    /// The kinds of difficult terrain it crosses as open ground (woods,
    /// marsh, water, other; RULES.md Charges).
    #[serde(default)]
    pub open_ground: Vec<Terrain>,
    /// Its unit strength per model where its army book sets it apart from
    /// its troop type's (Warhounds on foot, 2), 1 to 20 (RULES.md
    /// Profiles).
    pub unit_strength_per_model: Option<Ranged<1, 20>>,
}

impl ProfileFile {
    /// The model as the target of attacks, as a fight's unit made of it
    /// is (RULES.md Saves).
    pub fn defender(&self) -> Defender {
        Defender {
            ws: self.profile.ws.0,
            t: self.profile.t.0,
            w: self.profile.w.0,
            troop: self.troop,
            save: self.save(),
            weapon: self.weapon,
            ward: self.ward.map(|w| w.0),
            regeneration: self.regeneration,
            regeneration_not_magic: self.rules.contains(&SpecialRule::SpecialRegenerate),
            reroll_saves: self.rules.contains(&SpecialRule::RerollSaves),
            ethereal: self.rules.contains(&SpecialRule::Ethereal),
            daemonic_aura: self.rules.contains(&SpecialRule::DaemonicAura),
            flammable: self.rules.contains(&SpecialRule::Flammable),
            foes_minus_one_to_hit: self.rules.contains(&SpecialRule::FoesMinusOneToHit),
            undead_or_daemon: self.rules.contains(&SpecialRule::Undead)
                || self.rules.contains(&SpecialRule::DaemonicAura),
            against_missiles: crate::rules::missile_saves::AgainstMissiles::of(&self.rules),
            hardiness: crate::rules::hardiness::Hardiness::of(&self.rules),
        }
    }

    /// Its armour save before Strength in close combat and against
    /// missiles, and its ward, as the fights play them: each from the
    /// rules' one reckoning (RULES.md Saves), shown as a report shows a
    /// save (1+ at best).
    pub fn saves_as_played(&self) -> SavesPlayed {
        let d = self.defender();
        let shown = |s: Option<i8>| s.map(shown_save);
        let (ward, _) = ward_or_regeneration(d.ward, d.regeneration);
        SavesPlayed {
            close_combat: shown(d.armour_save(true)),
            missiles: shown(d.armour_save(false)),
            ward,
        }
    }

    /// Its save: given outright, or worked out from its armour (RULES.md
    /// Saves).
    pub fn save(&self) -> Save {
        match self.save {
            Some(s) => Save::Given(Some(s.0)),
            None => Save::Armour(Armour {
                body: self.armour,
                shield: self.shield,
                barding: self.barding,
                natural: self.natural_armour.map(|n| n.0),
            }),
        }
    }
}
