//! A unit in a fight (built from a scenario file by `scenario`): profile, gear, rules,
//! command group, and what it strikes with.

use crate::dice::Roll;
use crate::rules::fighter::{Defender, Save, Striker};
use crate::rules::gear::{BullCharge, ImpactHits, Missile, Mount};
use crate::rules::leadership::LeadershipTest;
use crate::rules::missile_saves::AgainstMissiles;
use crate::rules::movement::{
    charge_range, flee_roll, flight_less, pursuit_roll, random_charge_range, Flight,
};
use crate::rules::place::Terrain;
use crate::rules::profile::{unit_strength, Profile, TroopType};
use crate::rules::special::{Psychology, Rules};
use crate::rules::weapons::Weapon;
use crate::rules::Edition;

/// What a unit costs, as its source prices it: a roster's unit by its
/// list's structure (a rank-and-file model's points and a fixed part for
/// its command and unit-wide upgrades), a profile file by its points per
/// model.
#[derive(Clone, Debug, PartialEq)]
pub enum Cost {
    /// Points a model more or less, a fixed part, and the models and total
    /// the list prices (that total is kept whole at those models).
    Priced {
        per_model: f64,
        fixed: f64,
        listed: Option<(u32, f64)>,
    },
    /// Its source gives no points.
    Unknown,
    /// Changed from its source in a way the source does not price: why.
    Unpriced(crate::words::text::Text),
}

impl Cost {
    /// Its points at `models`; why not, if its source cannot say (none if
    /// the source gives no points).
    pub fn at(&self, models: u32) -> Result<f64, Option<crate::words::text::Text>> {
        match self {
            Cost::Priced {
                listed: Some((n, total)),
                ..
            } if *n == models => Ok(*total),
            Cost::Priced {
                per_model, fixed, ..
            } => Ok(fixed + per_model * f64::from(models)),
            Cost::Unknown => Err(None),
            Cost::Unpriced(why) => Err(Some(why.clone())),
        }
    }
}

/// One unit of a combat.
#[derive(Clone, Debug)]
pub struct Unit {
    /// Its name, as the file gives it.
    pub name: String,
    /// Its profile (M in cm).
    pub profile: Profile,
    /// Its troop type.
    pub troop: TroopType,
    /// Rank-and-file models (the champion among them).
    pub models: u32,
    /// Models per rank.
    pub frontage: u32,
    /// It flies: flees and pursues with the larger dice.
    pub flies: bool,
    /// Models in base contact when given outright.
    pub in_contact: Option<u32>,
    /// Its weapon.
    pub weapon: Weapon,
    /// Its armour save.
    pub save: Save,
    /// Its ward save.
    pub ward: Option<u8>,
    /// It regenerates.
    pub regeneration: bool,
    /// Special Regenerate (Fenbeasts): it regenerates where the fight
    /// stands in a marsh, magical attacks' wounds never (RULES.md Special
    /// attacks and psychology, Special Regenerate).
    pub regenerates_in_marsh: bool,
    /// Its attack rules.
    pub rules: Rules,
    /// Its psychology.
    pub psychology: Psychology,
    /// A champion leads it (+1 A).
    pub champion: bool,
    /// The champion's own one-model body, where his profile, gear or rules
    /// differ from his rank and file's beyond the +1 A: he strikes and is
    /// struck as it, apart from them (RULES.md Characters, champions and
    /// challenges). None plays him as one of them with +1 A.
    pub champion_body: Option<Box<Unit>>,
    /// It carries a standard (+1 combat result).
    pub standard: bool,
    /// It has a musician (wins drawn combats).
    pub musician: bool,
    /// Its steeds' attacks.
    pub mount: Option<Mount>,
    /// A chariot's impact hits.
    pub impact: Option<ImpactHits>,
    /// Its Ogres' Bull Charge, while the fight lets them make it
    /// (RULES.md Special attacks and psychology, Bull Charge).
    pub bull_charge: Option<BullCharge>,
    /// A chariot's crew: models fighting from each of its models, each
    /// with its profile (1 for any other unit).
    pub crew: u8,
    /// Missiles for stand and shoot.
    pub missile: Option<Missile>,
    /// The best Ld it may use: its own or the General's in range.
    pub ld: u8,
    /// Its own Ld, without the General's: what it tests and rallies on
    /// once the General's unit has broken, fled or fallen (seed 004;
    /// RULES.md Break test).
    pub own_ld: u8,
    /// The General is with this unit (`general = true`; one a side).
    pub general: bool,
    /// A battle standard in range: re-rolls break tests; Undead lose one
    /// wound less (RULES.md Break test, Undead).
    pub battle_standard: bool,
    /// Its own model carries the battle standard (`battle_standard = true`
    /// in its profile): in range while the unit stands, and a standard for
    /// combat resolution (RULES.md Combat resolution).
    pub carries_battle_standard: bool,
    /// Added to its side's combat result while it fights (a War Banner's
    /// +1; RULES.md Combat resolution).
    pub combat_resolution: u32,
    /// It skirmishes (RULES.md Skirmishers).
    pub skirmishers: bool,
    /// Raiders: skirmishers with a rank bonus of up to +2 (RULES.md
    /// Skirmishers).
    pub raiders: bool,
    /// Fast cavalry: no rank bonus (RULES.md Combat resolution).
    pub fast_cavalry: bool,
    /// Undead, it loses one wound fewer when beaten (RULES.md Undead).
    pub crumbles_one_fewer: bool,
    /// A character the unit he stands in may take the Ld of (not an
    /// Assassin; RULES.md Break test).
    pub lends_ld: bool,
    /// Its foot spears fight in three ranks (RULES.md Weapons).
    pub spears_in_three_ranks: bool,
    /// Resolute (the Dwarfs): flees and pursues 1" (2.5 cm) shorter
    /// (RULES.md Fleeing and pursuit).
    pub resolute: bool,
    /// It re-rolls failed armour saves (RULES.md Saves).
    pub reroll_saves: bool,
    /// It makes its side's outnumbering worth +2 (the Banner of the
    /// Swarm; RULES.md Combat resolution).
    pub double_outnumber_bonus: bool,
    /// Ethereal, Daemonic Aura, Flammable: what its own rules do to
    /// attacks at it (RULES.md Magical attacks and Ethereal; Special
    /// attacks and psychology).
    pub ethereal: bool,
    /// Its ward is a Daemonic Aura's.
    pub daemonic_aura: bool,
    /// Flammable.
    pub flammable: bool,
    /// Enemies in contact strike at it at -1 to hit (Cloud of Flies;
    /// RULES.md To hit in close combat).
    pub foes_minus_one_to_hit: bool,
    /// Its saves and to-hit penalty against missiles only (RULES.md
    /// Shooting, Against missiles only).
    pub against_missiles: AgainstMissiles,
    /// What its rules and talismans do to the blows at it (RULES.md
    /// Saves, What harms a model).
    pub hardiness: crate::rules::hardiness::Hardiness,
    /// Predatory Fighters: a spear's second rank strikes once a model
    /// (RULES.md Weapons).
    pub predatory_fighters: bool,
    /// Defensive Stakes that still stand before its front: a unit charging
    /// its front gains no charge bonus (RULES.md Charges, Defensive Stakes).
    pub defensive_stakes: bool,
    /// The army it belongs to (a catalogue's name), which enemies may hate.
    pub army: Option<String>,
    /// The armies it hates: it hates a fight's enemies of one of them
    /// (RULES.md Special attacks and psychology).
    pub hates: Vec<String>,
    /// The armies whose units it fears while it does not outnumber them
    /// two to one (RULES.md Special attacks and psychology).
    pub fears: Vec<String>,
    /// The armies against which it is immune to panic: it is in a fight
    /// with an enemy of one of them (RULES.md Panic).
    pub immune_to_panic_against: Vec<String>,
    /// Its kinds, the kinds of friends whose rout it ignores and the only
    /// kinds its rout moves to panic (RULES.md Panic).
    pub panic: crate::rules::panic::PanicKinds,
    /// The kinds of difficult terrain it crosses as open ground (Forest
    /// Walkers' woods; RULES.md Charges).
    pub open_ground: Vec<Terrain>,
    /// It pursues a broken enemy (else it tests Ld to hold).
    pub pursue: bool,
    /// The unit (by index in the fight) it pursues if that one flees with
    /// others; else the fleeing foe of greatest unit strength.
    pub pursuit_target: Option<usize>,
    /// What it costs at its models.
    pub cost: Cost,
    /// Characters who joined the unit.
    pub characters: Vec<Character>,
    /// Enemy rank-and-file attacks declared at its champion each round.
    pub attacks_on_champion: u32,
    /// Its unit strength per model where its book sets it apart from its
    /// troop type's (RULES.md Profiles).
    pub unit_strength_per_model: Option<u8>,
    /// What its one model rolls before the fight (the Potion of Pavona;
    /// RULES.md Rolls before the fight): played by `combat::before`.
    pub before_fight: Vec<crate::rules::before_fight::BeforeFight>,
}

/// A character in a unit (or another kind of model of it fielded as a
/// body of his own): his own one-model profile, how many enemy
/// rank-and-file attacks are declared at him each round, and the places
/// of its ranks his base fills.
#[derive(Clone, Debug)]
pub struct Character {
    /// His own one-model unit.
    pub body: Unit,
    /// Enemy rank-and-file attacks declared at him each round.
    pub attacks_on_him: u32,
    /// The rank-and-file places his base fills in the unit's ranks: 2 for
    /// a mounted character in a unit on foot (RULES.md Characters in
    /// units, `rules::profile::places_in_ranks`).
    pub places: u32,
    /// He is a character: he may fight a challenge, and his death is a
    /// character's. False for another kind of model of the unit fielded
    /// as a body of his own (a pack's Packmaster; RULES.md Characters in
    /// units, Other kinds of model in a unit), who comes after them.
    pub character: bool,
}

/// Most characters one unit may hold.
pub const MAX_CHARACTERS: usize = 4;

impl Unit {
    /// Its Ld test on `ld`: on 3D6, the highest discarded, if it is
    /// cold-blooded (RULES.md Break test).
    pub fn ld_test(&self, ld: u8) -> LeadershipTest {
        LeadershipTest::on(ld, self.psychology.cold_blooded)
    }

    /// Its M in `edition`'s unit: its slowest model's, a character's in it
    /// too (RULES.md Characters in units); a profile's M is final
    /// (barding's 2 cm already taken, as army books print it) and written
    /// in cm. RULES.md Charges \[ruling\].
    pub fn movement(&self, edition: Edition) -> f64 {
        let slowest = self
            .characters
            .iter()
            .map(|c| c.body.profile.m)
            .fold(self.profile.m, f64::min);
        edition.move_from_cm(slowest)
    }

    /// A random mover's roll for its move (its dice, once for the unit: it
    /// moves as one); none for a unit with an M. RULES.md Charges.
    pub fn move_roll(&self) -> Option<Roll> {
        self.profile.m_dice.and_then(|d| d.roll(1))
    }

    /// Its charge range before any wheel, through difficult terrain or
    /// not: twice its M, or a random mover's longest move (RULES.md
    /// Charges).
    pub fn full_charge_range(&self, edition: Edition, difficult_terrain: bool) -> f64 {
        match self.profile.m_dice {
            Some(d) => random_charge_range(d.highest(), edition, difficult_terrain, 0.0),
            None => charge_range(self.movement(edition), difficult_terrain, 0.0),
        }
    }

    /// Its flee and pursuit: the dice, and the resolute's 1" less; a
    /// random mover's are a unit's of M 0 (**\[ruling\]**). RULES.md
    /// Fleeing and pursuit.
    pub fn flight(&self, edition: Edition) -> Flight {
        Flight {
            roll: flee_roll(self.movement(edition), self.flies, edition),
            less: flight_less(self.resolute, edition),
        }
    }

    /// Its pursuit: its flee's dice ([`Self::flight`]), one D6 more if it
    /// pursues with one more (its own rule: Bloodgreed, the Jaguar
    /// Standard). RULES.md Fleeing and pursuit.
    pub fn pursuit(&self, edition: Edition) -> Flight {
        let extra = u32::from(self.psychology.pursues_one_die_more);
        Flight {
            roll: pursuit_roll(self.movement(edition), self.flies, extra, edition),
            ..self.flight(edition)
        }
    }

    /// Unit strength of `models` of its models: its own per model where
    /// its book gives one, else its troop type's. RULES.md Profiles.
    pub fn unit_strength(&self, models: u32) -> u32 {
        let per_model = self
            .unit_strength_per_model
            .map_or_else(|| unit_strength(self.troop, self.profile.w, 0), u32::from);
        models * per_model
    }

    /// Whether it or a character in it has `rule` of its psychology: a
    /// rule that reaches the whole unit, read once at set-up as the Banner
    /// of the Swarm's (RULES.md Combat resolution).
    pub fn or_its_characters(&self, rule: impl Fn(&Psychology) -> bool) -> bool {
        rule(&self.psychology) || self.characters.iter().any(|c| rule(&c.body.psychology))
    }

    /// Its champion has a body of his own: the rank and file's blows and
    /// casualties leave him out (RULES.md Characters, champions and
    /// challenges).
    pub fn champion_apart(&self) -> bool {
        self.champion && self.champion_body.is_some()
    }

    /// Whether any of its models has a missile weapon: its rank and file,
    /// or a champion of his own body (RULES.md Shooting, Each model shoots
    /// his own weapon).
    pub fn shoots(&self) -> bool {
        let champions = self.champion_body.as_ref().filter(|_| self.champion);
        self.missile.is_some() || champions.is_some_and(|b| b.missile.is_some())
    }

    /// As the target of attacks.
    pub fn defender(&self) -> Defender {
        Defender {
            ws: self.profile.ws,
            t: self.profile.t,
            w: self.profile.w,
            troop: self.troop,
            save: self.save,
            weapon: self.weapon,
            ward: self.ward,
            regeneration: self.regeneration,
            regeneration_not_magic: self.regenerates_in_marsh,
            reroll_saves: self.reroll_saves,
            ethereal: self.ethereal,
            daemonic_aura: self.daemonic_aura,
            flammable: self.flammable,
            foes_minus_one_to_hit: self.foes_minus_one_to_hit,
            undead_or_daemon: self.psychology.undead || self.daemonic_aura,
            against_missiles: self.against_missiles,
            hardiness: self.hardiness,
        }
    }

    /// As the maker of attacks; `frenzied` while it keeps its frenzy,
    /// `needs_sixes` after failing a fear test (first round).
    pub fn striker(&self, frenzied: bool, needs_sixes: bool) -> Striker {
        let mut rules = self.rules;
        rules.frenzy &= frenzied;
        rules.needs_sixes |= needs_sixes;
        // An Ogre club beside a shield, however written: its bonus is
        // lost (RULES.md Weapons, Ogre club).
        rules.ogre_club &= !matches!(self.save, Save::Armour(a) if a.shield);
        Striker {
            ws: self.profile.ws,
            bs: self.profile.bs,
            s: self.profile.s,
            a: self.profile.a,
            a_dice: self.profile.a_dice,
            crew: self.crew,
            troop: self.troop,
            weapon: self.weapon,
            rules,
            hit_modifier: 0,
        }
    }

    /// How many of its characters (the first ones) are characters, not
    /// other kinds of model fielded apart (RULES.md Characters in units,
    /// Other kinds of model in a unit).
    pub fn true_characters(&self) -> usize {
        self.characters.iter().take_while(|c| c.character).count()
    }

    /// Frenzied, hatred and unbreakable-free units that must pursue. RULES.md
    /// Fleeing and pursuit (hatred and frenzy must pursue).
    pub fn must_pursue(&self) -> bool {
        self.rules.hatred || self.rules.frenzy
    }

    /// It, or a character in it, carries Sporofic Musk: the enemies in
    /// contact halve their WS and I (RULES.md Special attacks and
    /// psychology).
    pub fn carries_sporofic_musk(&self) -> bool {
        self.psychology.sporofic_musk
            || (self.characters.iter()).any(|c| c.body.psychology.sporofic_musk)
    }

    /// May not flee as a charge reaction: frenzied, immune to psychology,
    /// unbreakable or Undead. RULES.md Charges, Undead.
    pub fn cannot_flee(&self) -> bool {
        self.psychology.frenzied || self.psychology.immune || self.psychology.never_flees()
    }
}
