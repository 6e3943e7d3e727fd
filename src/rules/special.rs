//! Special rules that change an attack chain. RULES.md "Special attacks and
//! psychology"; the re-roll options are the generic forms the rules use
//! (hatred re-rolls missed hits, "re-roll hits of 1", ...).

use crate::error::InputError;
use crate::text;
use serde::{Deserialize, Serialize};

pub use super::blades::Blades;
pub use super::charge_blows::OnTheCharge;
pub use super::psychology::{
    crushed_as_weak, fears_army, fears_outnumbered_by, hates_army, pursues_through_smoke,
    Psychology,
};

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
    /// Glorious Charge (the Winged Lancers): a unit it charges with unit
    /// strength 5 or more takes a panic test (RULES.md Panic).
    #[value(hide = true)]
    GloriousCharge,
    /// Defensive Stakes (Peasant Bowmen): a unit charging its front gains
    /// no charge bonus (RULES.md Charges, Defensive Stakes).
    #[value(hide = true)]
    DefensiveStakes,
    /// The unit it stands in re-rolls failed psychology tests, carried by
    /// the unit or a character in it (a Master Moulder's Beastmaster, the
    /// Jade Lion, Exemplars of Sigmar; RULES.md Special attacks and
    /// psychology).
    #[value(hide = true)]
    UnitRerollsPsychology,
    /// The unit it stands in re-rolls failed break tests, carried by the
    /// unit or a character in it (the Virtue of Stoicism; RULES.md Break
    /// test).
    #[value(hide = true)]
    UnitRerollsBreakTests,
    /// Pursues with one D6 more (Bloodgreed's 3D6 for Minotaurs' 2D6, the
    /// Jaguar Standard's extra D6"; RULES.md Fleeing and pursuit).
    #[value(hide = true)]
    PursuesOneDieMore,
    /// Its unit's rank bonus counts double, at most +6 (Coils of Sotek,
    /// the Griffon Standard; RULES.md Combat resolution).
    #[value(hide = true)]
    DoubleRankBonus,
    /// The enemy never gets the outnumbering bonus in its combat (the
    /// Virtue of Discipline; RULES.md Combat resolution).
    #[value(hide = true)]
    DeniesOutnumbering,
    /// Immune to fear and terror, not to panic (the Banner of Middenheim,
    /// Bugman's Tankard; RULES.md Special attacks and psychology).
    #[value(hide = true)]
    ImmuneToFear,
    /// Crush the Weak: it and the unit it leads hate enemies of basic Ld 6
    /// or less (RULES.md Special attacks and psychology).
    #[value(hide = true)]
    CrushTheWeak,
    /// Smoke Bombs: fleeing alone from a fight, each enemy pursues him
    /// only on a D6 of 4+ (RULES.md Fleeing and pursuit).
    #[value(hide = true)]
    SmokeBomb,
    /// The Ragbanner: the unit's panic tests on 3D6, the highest
    /// discarded (RULES.md Panic).
    #[value(hide = true)]
    PanicOnThreeDice,
    /// Its unit is immune to panic, carried by the unit or a character in
    /// it (the Aura of the Fey Queen, the Crown of Bretonnia; RULES.md
    /// Panic).
    #[value(hide = true)]
    UnitImmuneToPanic,
    /// Its unit is immune to psychology, carried by the unit or a
    /// character in it (Horned Rat Incarnate; RULES.md Panic).
    #[value(hide = true)]
    UnitImmuneToPsychology,
    /// Friends within 6" of it re-roll failed panic tests while it does
    /// not flee (Old Grumblers, Exemplars of Sigmar; RULES.md Panic).
    #[value(hide = true)]
    FriendsRerollPanic,
    /// Special Regenerate (Fenbeasts): regenerates only where the fight
    /// stands in a marsh, and never magical attacks' wounds (RULES.md
    /// Special attacks and psychology, Special Regenerate).
    #[value(hide = true)]
    SpecialRegenerate,
    /// Peasants Duty (Bretonnia): the unit may use the Ld of a knight
    /// within 15 cm who is not fleeing, `knight_ld` on its table (RULES.md
    /// Break test).
    #[value(hide = true)]
    PeasantsDuty,
    /// An Ogre club: a further -1 to the armour save of its close-combat
    /// blows while it is its model's only weapon, not with an ironfist or
    /// another weapon (RULES.md Weapons).
    #[value(aliases = ["garrote-ogro", "garrote_ogro"])]
    OgreClub,
    /// +1 S the turn it charges (Slavering Charge; RULES.md Special
    /// attacks and psychology, On the charge and in the first round).
    PlusOneStrengthCharging,
    /// +2 S the turn it charges (the Spear of Kurnous, Hearthrender).
    PlusTwoStrengthCharging,
    /// +3 S the turn it charges (the Star Lance).
    PlusThreeStrengthCharging,
    /// +3 S in the first round of each combat (the Ball and Chain).
    PlusThreeStrengthFirstRound,
    /// Killing blow the turn it charges (Hearthrender).
    KillingBlowCharging,
    /// No armour save against its blows the turn it charges (the Star
    /// Lance).
    IgnoresArmourCharging,
    /// Re-roll missed hits in the first round of each combat, no hatred
    /// (Feint).
    RerollHitsFirstRound,
    /// Re-roll failed wounds the turn it charges (the Sign of Sotek).
    RerollWoundsCharging,
    /// Re-roll hit and wound rolls of 1 the turn it charges (Dragonhide).
    RerollOnesCharging,
    /// Its steed +1 S the turn it charges (a Nightmare's or a Dark
    /// Pegasus' Impale).
    #[value(hide = true)]
    SteedPlusOneStrengthCharging,
    /// Hits on 2+ whatever its WS (Hacka's Sword of Hackin'; RULES.md
    /// Weapons, Blades that wound by their own rule).
    HitsOnTwo,
    /// Its Weapon Skill is 10 (the Cursed Blade of Delirium; RULES.md
    /// Weapons, Blades that wound by their own rule).
    #[serde(rename = "weapon-skill-10")]
    #[value(hide = true, name = "weapon-skill-10")]
    WeaponSkill10,
    /// Its hits wound without a roll (Kleeva's Cleaver of Cleavage, the
    /// 2001 Master Rune of Skalf Blackhammer).
    WoundsAutomatically,
    /// Wounds a foe of 3 or more Wounds on 2+ (Foe Bane).
    FoeBane,
    /// Its Strength at least one more than the foe's Toughness, at most 6
    /// (Manbane).
    Manbane,
    /// Its Strength at least the foe's Toughness + 2, wounding on 2+ (the
    /// 2005 Master Rune of Skalf Blackhammer).
    WoundsOnTwoByStrength,
    /// Its Strength double the foe's Toughness (the Executioner's Axe).
    ExecutionersAxe,
    /// Each unsaved wound becomes two (the Piranha Blade).
    DoubleWounds,
    /// Poisoned attacks do not wound it automatically (Immune to Poison;
    /// RULES.md Saves, What harms a model).
    #[value(hide = true)]
    ImmuneToPoison,
    /// A 4+ ward against blows of Strength 5 or more (the Aura of Quetzl).
    #[serde(rename = "ward-against-strong-blows")]
    #[value(hide = true, name = "ward-against-strong-blows")]
    WardAgainstStrong,
    /// A ward of each blow's Strength, at worst 6+ (the Cloak of the
    /// Beastlord).
    #[value(hide = true)]
    WardOfStrength,
    /// Blows at it are at most S5 and cause one wound each (the Skull of
    /// Mugrar).
    #[serde(rename = "blows-at-most-strength-5")]
    #[value(hide = true, name = "blows-at-most-strength-5")]
    StrengthAtMost5,
    /// Flaming attacks cannot harm it (the Amulet of Fire).
    #[value(hide = true)]
    Fireproof,
    /// Flaming attacks wound it at -1 S (Fire Resistant).
    #[value(hide = true)]
    FireResistant,
    /// Each wound its own blows cause counts two for combat resolution
    /// (Beastslayer, the Laurels of Victory; RULES.md Combat resolution).
    #[value(hide = true)]
    WoundsCountDouble,
    /// Fusillade (Pistoliers): Festooned with Pistols' second pistol even
    /// mounted, +1 A in a combat's first round (RULES.md Special attacks
    /// and psychology).
    #[value(hide = true)]
    Fusillade,
    /// Whispers in the Darkness (Be'lakor): enemies within 6" test on 1
    /// Ld less, and every enemy rallies on 1 Ld less (RULES.md Break
    /// test).
    #[value(hide = true)]
    WhispersInTheDarkness,
    /// A character of Royal Blood (the Dwarfs: RULES.md Special attacks
    /// and psychology).
    #[value(hide = true)]
    RoyalBlood,
    /// The Hammerers' Bodyguard (Dwarfs): immune to fear and terror while
    /// a character of Royal Blood is with the unit (RULES.md Special
    /// attacks and psychology).
    #[value(hide = true)]
    FearlessWithRoyalBlood,
    /// Re-rolls the first armour save it fails each turn, one round of
    /// close combat (the Gem of Lustria; RULES.md Saves, One failed save a
    /// turn).
    #[value(hide = true)]
    RerollOneFailedSaveATurn,
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
                | GloriousCharge
                | DefensiveStakes
                | UnitRerollsPsychology
                | UnitRerollsBreakTests
                | PursuesOneDieMore
                | DoubleRankBonus
                | DeniesOutnumbering
                | ImmuneToFear
                | CrushTheWeak
                | SmokeBomb
                | PanicOnThreeDice
                | UnitImmuneToPanic
                | UnitImmuneToPsychology
                | FriendsRerollPanic
                | SpecialRegenerate
                | PeasantsDuty
                | SteedPlusOneStrengthCharging
                | WeaponSkill10
                | ImmuneToPoison
                | WardAgainstStrong
                | WardOfStrength
                | StrengthAtMost5
                | Fireproof
                | FireResistant
                | WoundsCountDouble
                | Fusillade
                | WhispersInTheDarkness
                | RoyalBlood
                | FearlessWithRoyalBlood
                | RerollOneFailedSaveATurn
        )
    }

    /// Its name, as the command line and files take it.
    pub fn name(self) -> String {
        use clap::ValueEnum;
        self.to_possible_value()
            .map_or_else(String::new, |p| p.get_name().to_string())
    }
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
    /// An Ogre club: armour piercing while it fights alone (RULES.md
    /// Weapons).
    pub ogre_club: bool,
    /// The army books' rules on the charge and in the first round
    /// (RULES.md Special attacks and psychology, On the charge and in the
    /// first round).
    pub on_the_charge: OnTheCharge,
    /// Blades that wound by their own rule (RULES.md Weapons, Blades that
    /// wound by their own rule).
    pub blades: Blades,
    /// Each wound its blows cause counts two for combat resolution
    /// (Beastslayer; RULES.md Combat resolution).
    pub wounds_count_double: bool,
    /// Fusillade: its pistols' second attack even mounted (RULES.md
    /// Special attacks and psychology).
    pub fusillade: bool,
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
        r.ogre_club = has(SpecialRule::OgreClub);
        r.on_the_charge = OnTheCharge::of(rules);
        r.blades = Blades::of(rules);
        r.wounds_count_double = has(SpecialRule::WoundsCountDouble);
        r.fusillade = has(SpecialRule::Fusillade);
        Ok(r)
    }
}

crate::rules::named_by_value_enum!(SpecialRule);
