//! Special rules that change an attack chain. RULES.md "Special attacks and
//! psychology"; the re-roll options are the generic forms the rules use
//! (hatred re-rolls missed hits, "re-roll hits of 1", ...).

use crate::error::InputError;
use crate::text;
use serde::{Deserialize, Serialize};

/// A special rule of the attacking unit, as named on the command line
/// (`--rules poison,killing-blow`) and in profile files (`rules = [...]`).
/// Psychology and strike-order rules are hidden from `--help`: `attacks`
/// and `shoot` refuse them ([`SpecialRule::changes_attacks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum SpecialRule {
    /// A natural 6 to hit wounds automatically (armour saves as normal).
    #[serde(
        alias = "ataques-envenenados",
        alias = "ataques_envenenados",
        alias = "veneno"
    )]
    #[value(aliases = ["ataques-envenenados", "ataques_envenenados", "veneno"])]
    Poison,
    /// A natural 6 to wound slays a man-sized model outright (ward only).
    #[value(aliases = ["golpe-letal", "golpe_letal"])]
    KillingBlow,
    /// Each unsaved wound becomes D3 wounds, capped at the victim's Wounds.
    MultipleWoundsD3,
    /// Each unsaved wound becomes D6 wounds, capped at the victim's Wounds.
    MultipleWoundsD6,
    /// Re-roll missed hits in the first round of a combat.
    #[value(aliases = ["odio"])]
    Hatred,
    /// +1 Attack.
    #[value(aliases = ["furia"])]
    Frenzy,
    /// Re-roll missed hits.
    RerollHits,
    /// Re-roll hit rolls of 1.
    #[serde(rename = "reroll-hits-of-1")]
    #[value(name = "reroll-hits-of-1", aliases = ["reroll-hits-of1"])]
    RerollHitsOf1,
    /// Re-roll failed wound rolls.
    RerollWounds,
    /// Re-roll wound rolls of 1.
    #[serde(rename = "reroll-wounds-of-1")]
    #[value(name = "reroll-wounds-of-1", aliases = ["reroll-wounds-of1"])]
    RerollWoundsOf1,
    /// A further -1 to the target's armour save.
    #[value(aliases = ["perforante"])]
    ArmourPiercing,
    /// Flaming attacks: no regeneration.
    #[value(aliases = ["ataques-flamigeros", "ataques_flamigeros"])]
    Flaming,
    /// No armour save (ward saves still apply).
    IgnoresArmour,
    /// Needs 6s to hit (a unit that failed its fear test, in the first round).
    NeedsSixesToHit,
    /// Causes fear (RULES.md Special attacks and psychology).
    #[value(hide = true, aliases = ["miedo"])]
    Fear,
    /// Causes terror (and fear).
    #[value(hide = true)]
    Terror,
    /// Break tests on unmodified Ld.
    #[value(hide = true, aliases = ["tozudez", "tozudos"])]
    Stubborn,
    /// Never breaks.
    #[value(hide = true, aliases = ["inquebrantable", "inquebrantables"])]
    Unbreakable,
    /// Strikes first whatever the Initiative band.
    #[value(hide = true, aliases = ["siempre-ataca-primero", "siempre_ataca_primero"])]
    AlwaysStrikesFirst,
    /// Strikes last (unless it charged).
    #[value(hide = true, aliases = ["ataca-en-ultimo-lugar", "ataca_en_ultimo_lugar"])]
    StrikesLast,
    /// Zombies: strike last whatever else applies.
    #[value(hide = true, aliases = ["descerebrados"])]
    Mindless,
    /// Takes no fear, terror or panic tests.
    #[value(hide = true, aliases = ["inmune-a-psicologia", "inmune_a_psicologia"])]
    ImmuneToPsychology,
    /// Tests Ld at the start of its turn; on a failure it declares no
    /// charge (RULES.md Panic; seed 004).
    #[value(hide = true, aliases = ["estupidez", "estupidos"])]
    Stupidity,
    /// Greenskin animosity: a D6 at the start of its turn, and on a 1 the
    /// Animosity table (RULES.md Panic; `rules::animosity`).
    #[value(hide = true, aliases = ["animosidad"])]
    Animosity,
    /// Lizardmen: every Ld test on 3D6, the highest discarded (RULES.md
    /// Break test).
    #[serde(alias = "sangre-fria", alias = "sangre_fria")]
    #[value(hide = true, aliases = ["sangre-fria", "sangre_fria"])]
    ColdBlooded,
    /// Undead (Vampire Counts, Tomb Kings): never breaks or flees; beaten
    /// in combat, it loses a wound for each point it lost by, no saves
    /// (RULES.md Undead).
    #[value(hide = true, aliases = ["no-muertos", "no_muertos"])]
    Undead,
    /// Skirmishers: no rank bonus, no disrupting ranks, form up to fight
    /// (RULES.md Skirmishers).
    #[value(hide = true, aliases = ["hostigadores"])]
    Skirmishers,
    /// The Dwarfs' resolve: flees and pursues 1" (2.5 cm) shorter
    /// (RULES.md Fleeing and pursuit).
    #[value(hide = true)]
    Resolute,
    /// Re-rolls failed armour saves (RULES.md Saves).
    #[value(hide = true)]
    RerollSaves,
    /// Takes no panic tests, though it tests for fear and terror (RULES.md
    /// Panic).
    #[value(hide = true, aliases = ["inmune-al-panico", "inmune_al_panico"])]
    ImmuneToPanic,
    /// A Giant: attacks by its army book's table, falls over when beaten
    /// (RULES.md Giants).
    #[value(hide = true, aliases = ["ataques-especiales-de-gigante"])]
    GiantSpecialAttacks,
    /// A Dogs of War Giant: its book's table (Swing with Club on 4-6),
    /// falls over when beaten (RULES.md Giants).
    #[value(hide = true)]
    GiantSpecialAttacksDogsOfWar,
    /// Re-rolls failed psychology tests: fear, terror, panic and
    /// stupidity, not break tests (the Mark of Chaos Undivided; RULES.md
    /// Special attacks and psychology).
    #[value(hide = true)]
    RerollPsychology,
    /// Its side's outnumbering bonus is +2 instead of +1 while it fights
    /// (the Banner of the Swarm; RULES.md Combat resolution).
    #[value(hide = true)]
    DoubleOutnumberBonus,
    /// Magical attacks: a magic weapon's bearer's, a daemon's; they harm
    /// Ethereal creatures and pass a Daemonic Aura (RULES.md Magical
    /// attacks and Ethereal).
    #[value(aliases = ["ataques-magicos", "ataques_magicos"])]
    MagicalAttacks,
    /// Ethereal: harmed only by magical attacks and Ethereal creatures,
    /// whom its own attacks harm (RULES.md Magical attacks and Ethereal).
    #[value(hide = true, aliases = ["etereo", "etereos"])]
    Ethereal,
    /// Daemonic Aura: its ward of 5+ fails against magical attacks
    /// (RULES.md Magical attacks and Ethereal).
    #[value(hide = true)]
    DaemonicAura,
    /// Flammable: each unsaved wound of a flaming attack counts twice
    /// (RULES.md Special attacks and psychology).
    #[value(hide = true, aliases = ["inflamable", "inflamables"])]
    Flammable,
    /// Slayer: to wound, its Strength rises to the foe's Toughness, at
    /// most 6 (RULES.md Special attacks and psychology).
    #[value(aliases = ["matador", "matadores"])]
    Slayer,
    /// Predatory Fighters (Saurus): a spear's second rank strikes once a
    /// model (RULES.md Weapons).
    #[value(hide = true)]
    PredatoryFighters,
    /// The Ogres' Bull Charge: a unit of three or more Ogres charging 6"
    /// or more makes an impact hit for each Ogre in contact, +1 S for each
    /// Ogre behind it (RULES.md Special attacks and psychology).
    #[value(hide = true)]
    BullCharge,
    /// A Bull Charge alone, not in a unit of three Ogres (The Great
    /// Bullplate).
    #[value(hide = true)]
    BullChargeAlone,
    /// A Bull Charge of D6 impact hits, not 1 (Too Rich to Walk).
    #[value(hide = true)]
    BullChargeD6,
    /// The Bull Standard: the Ogres of its unit re-roll failed wounds with
    /// their Bull Charge's impact hits (RULES.md Special attacks and
    /// psychology, Bull Charge).
    #[value(hide = true)]
    BullStandard,
    /// Its steeds (a boar, a chariot's Tuskgors) +2 S the turn they
    /// charge: Tuskgor Charge, Tuskar Charge (RULES.md Special attacks
    /// and psychology).
    #[serde(alias = "tuskar-charge")]
    #[value(hide = true, aliases = ["tuskar-charge"])]
    TuskgorCharge,
    /// +1 A in the round it charges (Blessed Spawning of Sotek; RULES.md
    /// Special attacks and psychology).
    #[value(hide = true)]
    ChargeAttack,
    /// Raiders (Beasts of Chaos): skirmishers that keep a rank bonus of up
    /// to +2, formed at least four wide (RULES.md Skirmishers).
    #[value(hide = true)]
    Raiders,
    /// Independent: never tests on the General's Ld (the Cursed Company;
    /// RULES.md Break test).
    #[value(hide = true)]
    Independent,
    /// Never pursues a broken enemy (the Flayers; RULES.md Fleeing and
    /// pursuit).
    #[value(hide = true)]
    NeverPursues,
    /// Always pursues a broken enemy, with no test (Ravenous, Fury of
    /// Ursun; RULES.md Fleeing and pursuit).
    #[value(hide = true)]
    AlwaysPursues,
    /// Enemies that beat it never pursue it (Blessed by the Old Ones;
    /// RULES.md Fleeing and pursuit).
    #[value(hide = true)]
    NeverPursued,
    /// Stubborn while the General is with the unit (Bodyguard: Hammerers,
    /// White Lions; RULES.md Break test).
    #[value(hide = true)]
    Bodyguard,
    /// Troll Vomit: one automatic S5 hit with no armour save a model
    /// instead of its attacks (RULES.md Special attacks and psychology).
    #[value(aliases = ["vomito-de-trol", "vomito_de_trol"])]
    TrollVomit,
    /// Festooned with Pistols (Long Drong's Slayer Pirates): in a
    /// combat's first round two hand weapons (+1 A on foot) at S4, armour
    /// piercing (RULES.md Special attacks and psychology).
    #[value(hide = true)]
    FestoonedWithPistols,
    /// Fast cavalry: no rank bonus (RULES.md Combat resolution).
    #[value(hide = true)]
    FastCavalry,
    /// An Undead unit beaten loses one wound fewer (the Banner of
    /// Malediction; RULES.md Undead).
    #[value(hide = true)]
    CrumblesOneFewer,
    /// A character whose Ld the unit he stands in never uses (Assassins;
    /// RULES.md Break test).
    #[value(hide = true)]
    LendsNoLeadership,
    /// Bicker (Gnoblars): a D6 at the start of its turn, and on a 1 it
    /// does nothing that turn: no charge (RULES.md Panic).
    #[value(hide = true)]
    Bicker,
    /// High Elf spears on foot fight in three ranks, not two (RULES.md
    /// Weapons).
    #[value(hide = true)]
    SpearsInThreeRanks,
    /// The Potion of Pavona: drunk before the fight, D6: on 2+ that many
    /// characteristics +1, on a 1 a wound lost (RULES.md Rolls before the
    /// fight).
    #[value(hide = true)]
    PotionOfPavona,
    /// The Gourd of Lustrian Wine: +D6 S in the fight's first round
    /// (RULES.md Rolls before the fight).
    #[value(hide = true)]
    GourdOfLustrianWine,
    /// +1 to hit in close combat (the Sword of Striking, the Favour of
    /// the Fay; RULES.md To hit in close combat).
    PlusOneToHit,
    /// +1 to hit in the first round of each combat, for the whole unit
    /// (the Bear Banner; RULES.md To hit in close combat).
    #[value(hide = true)]
    PlusOneToHitFirstRound,
    /// Enemies strike at it at -1 to hit in close combat (Cloud of Flies,
    /// Aura of Frost; RULES.md To hit in close combat).
    #[value(hide = true)]
    FoesMinusOneToHit,
    /// Aura of Slaanesh: enemy models in base contact test on 1 Ld less,
    /// at least 2 (RULES.md Break test).
    #[value(hide = true)]
    AuraOfSlaanesh,
    /// The Stake of Sigmar: Strength 8 against Undead and daemons
    /// (RULES.md Weapons).
    StakeOfSigmar,
    /// Vampireslayer: each unsaved wound becomes D6 at a foe of Toughness
    /// 5 or more (RULES.md Weapons).
    Vampireslayer,
    /// Da Wicked Edge: armour saves at a further -3 (RULES.md Weapons).
    WickedEdge,
    /// The Deathsword: strikes at Strength 10 (RULES.md Weapons).
    Deathsword,
    /// Quell Animosity: takes no animosity test, and a unit it leads
    /// rolls a failed one again (RULES.md Panic).
    #[value(hide = true)]
    QuellAnimosity,
    /// Tongue Attack: its steed's attacks are poisoned and strike first
    /// (RULES.md Special attacks and psychology).
    #[value(hide = true)]
    TongueAttack,
    /// Stubborn in the first round of each combat only (the Empire's
    /// Resolute; RULES.md Break test).
    #[value(hide = true)]
    StubbornFirstRound,
    /// Sporofic Musk: enemy models in base contact halve their WS and I,
    /// rounding up (RULES.md Special attacks and psychology).
    #[value(hide = true)]
    SporoficMusk,
    /// The Lion Cloak: +2 to its armour save against missiles only
    /// (RULES.md Shooting, Against missiles only).
    #[value(hide = true)]
    LionCloak,
    /// The Cape of Feathers: a 4+ armour save against missiles only
    /// (RULES.md Shooting, Against missiles only).
    #[value(hide = true)]
    CapeOfFeathers,
    /// The Gleaming Robe: a 3+ ward against missiles only (RULES.md
    /// Shooting, Against missiles only).
    #[value(hide = true)]
    GleamingRobe,
    /// Forest Stalkers: enemies a further -1 to hit them with missiles
    /// (RULES.md Shooting, Against missiles only).
    #[value(hide = true)]
    ForestStalkers,
}

impl SpecialRule {
    /// Whether it changes an attack's dice (the rest are psychology,
    /// strike order and what a unit suffers or does as a unit, played by
    /// whole fights only; re-rolled saves by a target).
    pub fn changes_attacks(self) -> bool {
        use SpecialRule::*;
        !matches!(
            self,
            Fear | Terror
                | Stubborn
                | Unbreakable
                | AlwaysStrikesFirst
                | StrikesLast
                | Mindless
                | ImmuneToPsychology
                | Stupidity
                | Animosity
                | ColdBlooded
                | Undead
                | Skirmishers
                | Resolute
                | RerollSaves
                | ImmuneToPanic
                | GiantSpecialAttacks
                | GiantSpecialAttacksDogsOfWar
                | RerollPsychology
                | DoubleOutnumberBonus
                | Ethereal
                | DaemonicAura
                | Flammable
                | PredatoryFighters
                | BullCharge
                | BullChargeAlone
                | BullChargeD6
                | BullStandard
                | TuskgorCharge
                | ChargeAttack
                | Raiders
                | Independent
                | NeverPursues
                | AlwaysPursues
                | NeverPursued
                | Bodyguard
                | FestoonedWithPistols
                | FastCavalry
                | CrumblesOneFewer
                | LendsNoLeadership
                | Bicker
                | SpearsInThreeRanks
                | PotionOfPavona
                | GourdOfLustrianWine
                | PlusOneToHitFirstRound
                | FoesMinusOneToHit
                | AuraOfSlaanesh
                | QuellAnimosity
                | TongueAttack
                | StubbornFirstRound
                | SporoficMusk
                | LionCloak
                | CapeOfFeathers
                | GleamingRobe
                | ForestStalkers
        )
    }

    /// Its name, as the command line and files take it.
    pub fn name(self) -> String {
        use clap::ValueEnum;
        self.to_possible_value()
            .map_or_else(String::new, |p| p.get_name().to_string())
    }
}

/// The psychology and strike-order rules of a unit. RULES.md Special attacks
/// and psychology, Order of strikes, Break test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Psychology {
    /// Causes fear.
    pub fear: bool,
    /// Causes terror.
    pub terror: bool,
    /// Stubborn.
    pub stubborn: bool,
    /// Unbreakable.
    pub unbreakable: bool,
    /// Always strikes first.
    pub always_strikes_first: bool,
    /// Strikes last.
    pub strikes_last: bool,
    /// Mindless.
    pub mindless: bool,
    /// Immune to psychology.
    pub immune: bool,
    /// Frenzied: immune to psychology while it keeps its frenzy, lost
    /// with a lost round of combat (RULES.md Special attacks and
    /// psychology).
    pub frenzied: bool,
    /// Stupid: tests at the start of its turn.
    pub stupid: bool,
    /// Greenskin animosity: tests at the start of its turn.
    pub animosity: bool,
    /// Cold-blooded: its Ld tests roll 3D6 and discard the highest.
    pub cold_blooded: bool,
    /// Immune to panic alone: no panic tests, fear and terror still.
    pub immune_to_panic: bool,
    /// Undead: never breaks or flees; beaten, it crumbles (RULES.md
    /// Undead).
    pub undead: bool,
    /// A Giant: its army book's table instead of its attacks (RULES.md
    /// Giants).
    pub giant: Option<crate::rules::giant::GiantTable>,
    /// Re-rolls failed psychology tests (RULES.md Special attacks and
    /// psychology).
    pub rerolls_psychology: bool,
    /// Independent: never tests on the General's Ld (RULES.md Break
    /// test).
    pub independent: bool,
    /// Never pursues (RULES.md Fleeing and pursuit).
    pub never_pursues: bool,
    /// Always pursues.
    pub always_pursues: bool,
    /// Never pursued by the enemies that beat it.
    pub never_pursued: bool,
    /// Stubborn while the General is with it (RULES.md Break test).
    pub bodyguard: bool,
    /// Bickers: on a 1 at the start of its turn it declares no charge.
    pub bickers: bool,
    /// Aura of Slaanesh: enemies in base contact test on 1 Ld less
    /// (RULES.md Break test).
    pub aura_of_slaanesh: bool,
    /// Quell Animosity: no animosity test; a unit it leads rolls a failed
    /// one again (RULES.md Panic).
    pub quells_animosity: bool,
    /// Stubborn in the first round of each combat only (RULES.md Break
    /// test).
    pub stubborn_first_round: bool,
    /// Sporofic Musk: enemies in base contact halve their WS and I
    /// (RULES.md Special attacks and psychology).
    pub sporofic_musk: bool,
}

impl Psychology {
    /// The psychology of `rules`.
    pub fn new(rules: &[SpecialRule]) -> Self {
        let has = |x| rules.contains(&x);
        Psychology {
            fear: has(SpecialRule::Fear) || has(SpecialRule::Terror),
            terror: has(SpecialRule::Terror),
            stubborn: has(SpecialRule::Stubborn),
            unbreakable: has(SpecialRule::Unbreakable),
            always_strikes_first: has(SpecialRule::AlwaysStrikesFirst),
            strikes_last: has(SpecialRule::StrikesLast),
            mindless: has(SpecialRule::Mindless),
            immune: has(SpecialRule::ImmuneToPsychology),
            frenzied: has(SpecialRule::Frenzy),
            stupid: has(SpecialRule::Stupidity),
            animosity: has(SpecialRule::Animosity),
            cold_blooded: has(SpecialRule::ColdBlooded),
            immune_to_panic: has(SpecialRule::ImmuneToPanic),
            undead: has(SpecialRule::Undead),
            giant: if has(SpecialRule::GiantSpecialAttacksDogsOfWar) {
                Some(crate::rules::giant::GiantTable::DogsOfWar)
            } else {
                has(SpecialRule::GiantSpecialAttacks)
                    .then_some(crate::rules::giant::GiantTable::OrcsAndGoblins)
            },
            rerolls_psychology: has(SpecialRule::RerollPsychology),
            independent: has(SpecialRule::Independent),
            never_pursues: has(SpecialRule::NeverPursues),
            always_pursues: has(SpecialRule::AlwaysPursues),
            never_pursued: has(SpecialRule::NeverPursued),
            bodyguard: has(SpecialRule::Bodyguard),
            bickers: has(SpecialRule::Bicker),
            aura_of_slaanesh: has(SpecialRule::AuraOfSlaanesh),
            quells_animosity: has(SpecialRule::QuellAnimosity),
            stubborn_first_round: has(SpecialRule::StubbornFirstRound),
            sporofic_musk: has(SpecialRule::SporoficMusk),
        }
    }

    /// Whether, winning, it pursues a broken foe whatever its player
    /// wants: `Some(false)` never (the Flayers, even if it must), and
    /// `Some(true)` always (Ravenous, or `must`: hatred, frenzy); `None`:
    /// as its player chooses, a test to hold back. RULES.md Fleeing and
    /// pursuit.
    #[inline]
    pub fn pursuit(&self, must: bool) -> Option<bool> {
        match (self.never_pursues, must || self.always_pursues) {
            (true, _) => Some(false),
            (false, true) => Some(true),
            (false, false) => None,
        }
    }

    /// Whether it tests for breaking on its unmodified Ld in `round` of
    /// a combat: stubborn, a Bodyguard the General is with
    /// (`general_with_it`, asked only of a Bodyguard), or Resolute in the
    /// first round. RULES.md Break test.
    #[inline]
    pub fn stubborn_now(&self, general_with_it: impl FnOnce() -> bool, round: u32) -> bool {
        self.stubborn
            || (self.stubborn_first_round && round == 1)
            || (self.bodyguard && general_with_it())
    }

    /// Tests for animosity: it has the rule and not Quell Animosity,
    /// whose models take no test (RULES.md Panic).
    pub fn takes_animosity_tests(&self) -> bool {
        self.animosity && !self.quells_animosity
    }

    /// Never flees nor breaks: unbreakable, or Undead (whose beaten units
    /// crumble instead). RULES.md Break test, Undead.
    pub fn never_flees(&self) -> bool {
        self.unbreakable || self.undead
    }

    /// Takes no fear tests and is not broken by fear: causes fear itself, is
    /// immune to psychology, or never flees. RULES.md Special attacks.
    pub fn fearless(&self) -> bool {
        self.fear || self.immune || self.frenzied || self.never_flees()
    }

    /// Takes panic (and terror) tests: not immune to psychology, not
    /// frenzied, and one that may flee. RULES.md Panic.
    pub fn takes_panic_tests(&self) -> bool {
        !(self.immune || self.frenzied || self.never_flees())
    }

    /// Takes panic tests (not terror's): as [`Self::takes_panic_tests`],
    /// and not immune to panic alone. RULES.md Panic.
    pub fn panics(&self) -> bool {
        self.takes_panic_tests() && !self.immune_to_panic
    }

    /// This psychology once its frenzy is lost (a frenzied unit beaten in
    /// a round of combat): no longer immune by frenzy. RULES.md Special
    /// attacks and psychology.
    pub fn frenzy_lost(self) -> Self {
        Psychology {
            frenzied: false,
            ..self
        }
    }
}

/// Whether a unit hating the armies `hates` hates an enemy of `army`: one
/// names it, letter case aside, its edition in brackets aside on either
/// side ("Dwarfs" names "Dwarfs (2001)"). It hates it as a hatred of its
/// own. RULES.md Special attacks and psychology.
pub fn hates_army(hates: &[String], army: &str) -> bool {
    fn bare(name: &str) -> &str {
        let name = name.trim();
        match name.rfind(" (") {
            Some(i) if name.ends_with(')') => name[..i].trim_end(),
            _ => name,
        }
    }
    hates
        .iter()
        .any(|h| bare(h).eq_ignore_ascii_case(bare(army)))
}

/// Whether a unit fearing the armies `fears` unless it outnumbers them
/// two to one (the Goblins' Fear Elves) fears an enemy unit of `army`
/// while it does not ([`fears_outnumbered_by`]): one names it (as
/// [`hates_army`] reads names). RULES.md Special attacks and psychology.
pub fn fears_army(fears: &[String], army: Option<&str>) -> bool {
    army.is_some_and(|a| hates_army(fears, a))
}

/// Whether a unit of strength `own_us` fears an enemy of strength
/// `enemy_us` whose army it fears ([`fears_army`]): unless it outnumbers
/// it two to one. RULES.md Special attacks and psychology.
pub fn fears_outnumbered_by(own_us: u32, enemy_us: u32) -> bool {
    own_us < 2 * enemy_us
}

/// Which failed rolls may be re-rolled (once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Reroll {
    #[default]
    /// No re-roll.
    None,
    /// Re-roll any failure.
    Failures,
    /// Re-roll natural 1s only.
    Ones,
}

/// How many wounds an unsaved wound becomes. RULES.md Special attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MultipleWounds {
    #[default]
    /// One wound.
    One,
    /// D3 wounds.
    D3,
    /// D6 wounds.
    D6,
}

/// The special rules of one attacking unit, checked for conflicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rules {
    /// Poisoned attacks.
    pub poison: bool,
    /// Killing blow.
    pub killing_blow: bool,
    /// Wounds per unsaved wound.
    pub multiple_wounds: MultipleWounds,
    /// Hatred.
    pub hatred: bool,
    /// Frenzy.
    pub frenzy: bool,
    /// Which failed hits are re-rolled.
    pub reroll_hits: Reroll,
    /// Which failed wounds are re-rolled.
    pub reroll_wounds: Reroll,
    /// Armour piercing.
    pub armour_piercing: bool,
    /// Flaming attacks.
    pub flaming: bool,
    /// Ignores armour saves.
    pub ignores_armour: bool,
    /// Hits only on 6s.
    pub needs_sixes: bool,
    /// Magical attacks (RULES.md Magical attacks and Ethereal).
    pub magical: bool,
    /// An Ethereal creature's attacks: they harm Ethereal creatures
    /// (RULES.md Magical attacks and Ethereal).
    pub ethereal: bool,
    /// Slayer: Strength raised to the foe's Toughness to wound (RULES.md
    /// Special attacks and psychology).
    pub slayer: bool,
    /// +1 A in the round it charges (Blessed Spawning of Sotek).
    pub charge_attack: bool,
    /// Vomits: one automatic S5 hit with no armour save a model instead
    /// of its attacks (Troll Vomit; RULES.md Special attacks and
    /// psychology).
    pub troll_vomit: bool,
    /// Festooned with Pistols: in a combat's first round two hand weapons
    /// at S4, armour piercing (RULES.md Special attacks and psychology).
    pub pistols: bool,
    /// Strength added in a combat's first round (the Gourd of Lustrian
    /// Wine's roll; RULES.md Rolls before the fight).
    pub first_round_s: u8,
    /// +1 to hit in close combat (RULES.md To hit in close combat).
    pub plus_one_to_hit: bool,
    /// +1 to hit in close combat in a combat's first round, the whole
    /// unit's (the Bear Banner; RULES.md To hit in close combat).
    pub plus_one_to_hit_first_round: bool,
    /// The Stake of Sigmar: S8 at Undead and daemons (RULES.md Weapons).
    pub stake_of_sigmar: bool,
    /// Vampireslayer: D6 wounds for each unsaved wound at T5 or more
    /// (RULES.md Weapons).
    pub vampireslayer: bool,
    /// Tongue Attack: its steed's attacks are poisoned and strike first,
    /// not its own (RULES.md Special attacks and psychology).
    pub tongue_attack: bool,
    /// Da Wicked Edge: armour saves at a further -3 (RULES.md Weapons).
    pub wicked_edge: bool,
    /// The Deathsword: Strength 10 (RULES.md Weapons).
    pub deathsword: bool,
}

impl Rules {
    /// Collects `rules`; `field` names where they came from in errors.
    pub fn new(rules: &[SpecialRule], field: &str) -> Result<Self, InputError> {
        let mut r = Rules::default();
        let has = |x| rules.contains(&x);
        let conflict = |a: &str, b: &str| {
            InputError::new(
                field,
                text!("{} and {} cannot be combined (choose one)", a, b),
            )
        };
        if has(SpecialRule::MultipleWoundsD3) && has(SpecialRule::MultipleWoundsD6) {
            return Err(conflict("multiple-wounds-d3", "multiple-wounds-d6"));
        }
        if has(SpecialRule::RerollHits) && has(SpecialRule::RerollHitsOf1) {
            return Err(conflict("reroll-hits", "reroll-hits-of-1"));
        }
        if has(SpecialRule::RerollWounds) && has(SpecialRule::RerollWoundsOf1) {
            return Err(conflict("reroll-wounds", "reroll-wounds-of-1"));
        }
        r.poison = has(SpecialRule::Poison);
        r.killing_blow = has(SpecialRule::KillingBlow);
        r.multiple_wounds = if has(SpecialRule::MultipleWoundsD3) {
            MultipleWounds::D3
        } else if has(SpecialRule::MultipleWoundsD6) {
            MultipleWounds::D6
        } else {
            MultipleWounds::One
        };
        r.hatred = has(SpecialRule::Hatred);
        r.frenzy = has(SpecialRule::Frenzy);
        r.reroll_hits = if has(SpecialRule::RerollHits) {
            Reroll::Failures
        } else if has(SpecialRule::RerollHitsOf1) {
            Reroll::Ones
        } else {
            Reroll::None
        };
        r.reroll_wounds = if has(SpecialRule::RerollWounds) {
            Reroll::Failures
        } else if has(SpecialRule::RerollWoundsOf1) {
            Reroll::Ones
        } else {
            Reroll::None
        };
        r.armour_piercing = has(SpecialRule::ArmourPiercing);
        r.flaming = has(SpecialRule::Flaming);
        r.ignores_armour = has(SpecialRule::IgnoresArmour);
        r.needs_sixes = has(SpecialRule::NeedsSixesToHit);
        r.magical = has(SpecialRule::MagicalAttacks);
        r.ethereal = has(SpecialRule::Ethereal);
        r.slayer = has(SpecialRule::Slayer);
        r.charge_attack = has(SpecialRule::ChargeAttack);
        r.troll_vomit = has(SpecialRule::TrollVomit);
        r.pistols = has(SpecialRule::FestoonedWithPistols);
        r.plus_one_to_hit = has(SpecialRule::PlusOneToHit);
        r.plus_one_to_hit_first_round = has(SpecialRule::PlusOneToHitFirstRound);
        r.stake_of_sigmar = has(SpecialRule::StakeOfSigmar);
        r.vampireslayer = has(SpecialRule::Vampireslayer);
        r.tongue_attack = has(SpecialRule::TongueAttack);
        r.wicked_edge = has(SpecialRule::WickedEdge);
        r.deathsword = has(SpecialRule::Deathsword);
        Ok(r)
    }
}

crate::rules::named_by_value_enum!(SpecialRule);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hated_army_is_named_whatever_its_edition_and_case() {
        let dwarfs = ["Orcs and Goblins".to_string()];
        assert!(hates_army(&dwarfs, "Orcs and Goblins"));
        assert!(hates_army(&dwarfs, "Orcs and goblins"));
        assert!(hates_army(
            &dwarfs,
            "Orcs and Goblins (6th definitive edition)"
        ));
        assert!(!hates_army(&dwarfs, "Dwarfs (2001)"));
        let goblins = ["Dwarfs".to_string()];
        assert!(hates_army(&goblins, "Dwarfs (2001)"));
        assert!(hates_army(&goblins, "Dwarfs (2005)"));
        assert!(!hates_army(&goblins, "Chaos Dwarfs"));
        assert!(!hates_army(&[], "Dwarfs"));
    }
}
