//! Building attack chains from who strikes and who is struck: which profile
//! values, weapon bonuses, special rules and modifiers apply, for close
//! combat (RULES.md To hit in close combat, Weapons, Special attacks),
//! shooting (RULES.md Shooting) and impact hits (RULES.md Special attacks).

use super::attack::{AttackChain, HitNeed};
use super::hardiness::Hardiness;
use super::missile_saves::AgainstMissiles;
use super::profile::TroopType;
use super::random::Dice;
use super::saves::{armour_save, modified_save, Armour};
use super::special::{MultipleWounds, Reroll, Rules};
use super::to_hit::{close_combat_need, close_combat_to_hit, shooting_need, ShootingModifiers};
use super::to_wound::to_wound;
use super::weapons::{Moment, Weapon};
use serde::Deserialize;

/// The striking side of an attack.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Striker {
    /// Weapon Skill.
    pub ws: u8,
    /// Ballistic Skill.
    pub bs: u8,
    /// Strength before the weapon's bonus.
    pub s: u8,
    /// Attacks per model before the weapon and frenzy (with random
    /// attacks, what is added to their dice: D6+1's 1).
    pub a: u8,
    /// Random attacks: the dice each of its models rolls each time it
    /// strikes, added to `a` (RULES.md Special attacks and psychology).
    pub a_dice: Option<Dice>,
    /// Models striking as one: a chariot's crew, each with this profile
    /// (1 for any other model).
    pub crew: u8,
    /// Troop type.
    pub troop: TroopType,
    /// Weapon.
    pub weapon: Weapon,
    /// Attack rules.
    pub rules: Rules,
    /// Any further to-hit modifier (+ easier).
    pub hit_modifier: i32,
}

/// The armour save of a defender: worked out from its armour, or given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Save {
    /// Worked out from armour.
    Armour(Armour),
    /// A save given outright (before Strength), e.g. a chariot's 4+; `None`
    /// for no save. Taken as complete: no shield or parry is added.
    Given(Option<u8>),
}

/// The side being struck.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Defender {
    /// Weapon Skill.
    pub ws: u8,
    /// Toughness.
    pub t: u8,
    /// Wounds per model.
    pub w: u8,
    /// Troop type.
    pub troop: TroopType,
    /// Armour save.
    pub save: Save,
    /// The defender's own weapon: decides parry and whether its shield counts
    /// in close combat.
    pub weapon: Weapon,
    /// Ward save.
    pub ward: Option<u8>,
    /// It regenerates.
    pub regeneration: bool,
    /// Its regeneration fails against magical attacks (Special
    /// Regenerate; RULES.md Special attacks and psychology).
    pub regeneration_not_magic: bool,
    /// It re-rolls failed armour saves.
    pub reroll_saves: bool,
    /// Ethereal: only magical attacks and Ethereal creatures harm it
    /// (RULES.md Magical attacks and Ethereal).
    pub ethereal: bool,
    /// Its ward is a Daemonic Aura's, which fails against magical attacks
    /// (RULES.md Magical attacks and Ethereal).
    pub daemonic_aura: bool,
    /// Flammable: flaming attacks' unsaved wounds count twice (RULES.md
    /// Special attacks and psychology).
    pub flammable: bool,
    /// Enemies in contact strike at it at -1 to hit (Cloud of Flies,
    /// Aura of Frost; RULES.md To hit in close combat).
    pub foes_minus_one_to_hit: bool,
    /// Undead, or a daemon (its ward a Daemonic Aura): what the Stake of
    /// Sigmar strikes at S8 (RULES.md Weapons).
    pub undead_or_daemon: bool,
    /// Its saves and to-hit penalty against missiles only (RULES.md
    /// Shooting, Against missiles only).
    pub against_missiles: AgainstMissiles,
    /// What its rules and talismans do to the blows at it (RULES.md
    /// Saves, What harms a model).
    pub hardiness: Hardiness,
}

impl Defender {
    /// The armour save before Strength, in close combat or not, uncapped
    /// (0+ or better absorbs Strength: RULES.md Saves). A shield carried
    /// with a two-handed weapon counts only out of close combat.
    pub fn armour_save(&self, close_combat: bool) -> Option<i8> {
        let save = self.armour_save_of_all(close_combat);
        match close_combat {
            true => save,
            false => self.against_missiles.armour(save),
        }
    }

    /// [`Defender::armour_save`] without what counts against missiles
    /// only.
    fn armour_save_of_all(&self, close_combat: bool) -> Option<i8> {
        match self.save {
            Save::Given(s) => s.map(|s| s as i8),
            Save::Armour(mut a) => {
                a.shield |= self.weapon.has_shield();
                let shield_usable = !(close_combat && self.weapon.two_handed());
                let parry = close_combat && self.weapon.parries(self.troop, a.shield);
                armour_save(a, self.troop, shield_usable, parry)
            }
        }
    }

    /// Whether attacks with `rules` harm it: an Ethereal creature only
    /// magical attacks and Ethereal creatures' do. RULES.md Magical attacks
    /// and Ethereal.
    pub fn harmed_by(&self, rules: &Rules) -> bool {
        (!self.ethereal || rules.magical || rules.ethereal) && self.hardiness.harmed_by(rules)
    }

    /// Its ward against attacks with `rules`: a Daemonic Aura's fails
    /// against magical attacks, and **\[ruling\]** a ward no better than
    /// the aura's 5+ on a model with the aura is the aura. RULES.md
    /// Magical attacks and Ethereal.
    pub fn ward_against(&self, rules: &Rules) -> Option<u8> {
        match self.ward {
            Some(w) if self.daemonic_aura && rules.magical && w >= DAEMONIC_AURA => None,
            ward => ward,
        }
    }

    /// Whether it regenerates attacks with `rules`: never flaming ones,
    /// nor magical ones where its regeneration is a Fenbeast's (RULES.md
    /// Saves; Special attacks and psychology, Special Regenerate).
    pub fn regenerates_against(&self, rules: &Rules) -> bool {
        self.regeneration && !rules.flaming && !(self.regeneration_not_magic && rules.magical)
    }

    /// The rest of a chain once hit and wound are known: saves, ward,
    /// regeneration, and what the attacker's rules do to them.
    fn saves(&self, strength: u8, rules: &Rules, close_combat: bool) -> AttackChain {
        // The Skull of Mugrar, Fire Resistant (RULES.md Saves, What harms a
        // model).
        let hardiness = self.hardiness;
        let strength = hardiness.strength(strength);
        let wounding = hardiness.wounding_strength(strength, rules.flaming);
        AttackChain {
            hit: HitNeed::Automatic,
            reroll_hits: Reroll::None,
            poison: false,
            wound: to_wound(wounding, self.t),
            reroll_wounds: Reroll::None,
            killing_blow: rules.killing_blow && self.troop.man_sized(),
            save: if rules.ignores_armour {
                None
            } else {
                // Da Wicked Edge: a further -3 (RULES.md Weapons).
                modified_save(
                    self.armour_save(close_combat)
                        .map(|s| s + WICKED_EDGE * i8::from(rules.wicked_edge)),
                    strength,
                    rules.armour_piercing,
                )
            },
            reroll_saves: self.reroll_saves,
            // The Aura of Quetzl, the Cloak of the Beastlord.
            ward: hardiness.ward(
                match close_combat {
                    true => self.ward_against(rules),
                    false => self.against_missiles.ward(self.ward_against(rules)),
                },
                strength,
            ),
            regeneration: self.regenerates_against(rules),
            multiple_wounds: hardiness.wounds(rules.multiple_wounds),
            doubled: self.flammable && rules.flaming && hardiness.takes_many_wounds(),
        }
    }
}

/// The Strength an attack with `rules` and Strength `s` wounds `defender`
/// at: a Slayer's raised to its Toughness ([`slayer_strength`]); the
/// Stake of Sigmar's 8 at Undead and daemons, never lowered ([`STAKE_S`]).
/// RULES.md Special attacks and psychology, Weapons.
pub fn foe_strength(rules: &Rules, s: u8, defender: &Defender) -> u8 {
    let s = match rules.stake_of_sigmar && defender.undead_or_daemon {
        true => s.max(STAKE_S),
        false => s,
    };
    // Manbane, Skalf's rune, the Executioner's Axe (RULES.md Weapons).
    let s = rules.blades.strength(s, defender.t);
    match rules.slayer {
        true => slayer_strength(s, defender.t),
        false => s,
    }
}

/// A WS or I of a model in base contact with an enemy carrying Sporofic
/// Musk (`musked`): halved, rounding up. RULES.md Special attacks and
/// psychology.
pub fn under_sporofic_musk(value: u8, musked: bool) -> u8 {
    match musked {
        true => value.div_ceil(2),
        false => value,
    }
}

/// Da Wicked Edge's further modifier to armour saves (RULES.md Weapons).
pub const WICKED_EDGE: i8 = 3;

/// The Deathsword's Strength (RULES.md Weapons).
pub const DEATHSWORD_S: u8 = 10;

/// The Stake of Sigmar's Strength at Undead and daemons (RULES.md
/// Weapons).
pub const STAKE_S: u8 = 8;

/// The wounds each unsaved wound of an attack with `rules` becomes at
/// `defender`: Vampireslayer's D6 at Toughness 5 or more, else the rules'
/// own. RULES.md Weapons.
pub fn wounds_at(rules: &Rules, defender: &Defender) -> MultipleWounds {
    match rules.vampireslayer && defender.t >= VAMPIRESLAYER_T {
        true => MultipleWounds::D6,
        false => rules.multiple_wounds,
    }
}

/// The least Toughness Vampireslayer's D6 wounds need (RULES.md Weapons).
pub const VAMPIRESLAYER_T: u8 = 5;

/// The Daemonic Aura's ward save (RULES.md Magical attacks and Ethereal).
pub const DAEMONIC_AURA: u8 = 5;

/// A Slayer's Strength to wound a foe of Toughness `t`: raised to it, at
/// most to 6, never lowered (RULES.md Special attacks and psychology).
pub fn slayer_strength(s: u8, t: u8) -> u8 {
    s.max(t.min(6))
}

impl Striker {
    /// Attacks per model beside its dice: A, +1 for an additional hand
    /// weapon on foot, +1 for frenzy, for each of its crew (RULES.md
    /// Special attacks and psychology: frenzy; Profiles: a chariot's crew).
    pub fn attacks(&self) -> u32 {
        if self.rules.troll_vomit {
            return u32::from(self.crew);
        }
        let each = u32::from(self.a)
            + u32::from(self.weapon.extra_attacks(self.troop))
            + u32::from(self.rules.frenzy);
        u32::from(self.crew) * each
    }

    /// The dice each model rolls for its random attacks, its crew's
    /// together (RULES.md Special attacks and psychology).
    pub fn attack_dice(&self) -> Option<Dice> {
        if self.rules.troll_vomit {
            return None;
        }
        self.a_dice.map(|d| Dice {
            count: d.count.saturating_mul(self.crew),
            ..d
        })
    }

    /// Strength with the weapon's bonus at `moment`.
    pub fn strength(&self, moment: Moment) -> u8 {
        if self.rules.troll_vomit {
            return TROLL_VOMIT_S;
        }
        if self.fires_pistols(moment) {
            return PISTOL_S;
        }
        if self.rules.deathsword {
            return DEATHSWORD_S;
        }
        // The Gourd of Lustrian Wine's first round (RULES.md Rolls before
        // the fight).
        let drunk = if moment.round == 1 {
            self.rules.first_round_s
        } else {
            0
        };
        // Slavering Charge, the Star Lance, the Ball and Chain (RULES.md
        // Special attacks and psychology, On the charge and in the first
        // round).
        let book = self.rules.on_the_charge.strength(moment);
        self.s + self.weapon.strength_bonus(self.troop, moment) + drunk + book
    }

    /// One close-combat attack at `defender` at `moment`: WS against WS (6s
    /// only for a unit that needs them), hatred's re-roll of misses in the
    /// first round, the weapon's Strength.
    pub fn close_combat(&self, defender: &Defender, moment: Moment) -> AttackChain {
        if self.rules.troll_vomit {
            return troll_vomit(defender);
        }
        let blades = self.rules.blades;
        let need = if self.rules.needs_sixes {
            6
        } else {
            // Hacka's Sword (RULES.md Weapons).
            close_combat_need(
                blades.to_hit(close_combat_to_hit(self.ws, defender.ws)),
                self.close_combat_modifier(defender, moment),
            )
        };
        let reroll_hits = if self.rules.hatred && moment.round == 1 {
            Reroll::Failures
        } else {
            self.rules.reroll_hits
        };
        // Feint, the Sign of Sotek, Dragonhide, Hearthrender, the Star
        // Lance (RULES.md Special attacks and psychology, On the charge and
        // in the first round).
        let book = self.rules.on_the_charge;
        // Festooned with Pistols: armour piercing in the first round.
        let rules = Rules {
            killing_blow: self.rules.killing_blow || book.killing_blow(moment),
            ignores_armour: self.rules.ignores_armour || book.ignores_armour(moment),
            armour_piercing: self.rules.armour_piercing
                || self.fires_pistols(moment)
                || self.club_pierces(),
            multiple_wounds: wounds_at(&self.rules, defender),
            ..self.rules
        };
        let strength = foe_strength(&self.rules, self.strength(moment), defender);
        let rest = defender.saves(strength, &rules, true);
        // Kleeva's Cleaver, Foe Bane, the Piranha Blade (RULES.md Weapons).
        AttackChain {
            hit: HitNeed::CloseCombat(need),
            reroll_hits: book.reroll_hits(moment, reroll_hits),
            poison: defender.hardiness.poisoned(self.rules.poison),
            wound: blades.to_wound(rest.wound, defender.w),
            reroll_wounds: book.reroll_wounds(moment, self.rules.reroll_wounds),
            doubled: rest.doubled
                || (blades.double_wounds && defender.hardiness.takes_many_wounds()),
            ..rest
        }
        .harming(defender.harmed_by(&self.rules))
    }

    /// Its close-combat to-hit modifier at `defender` at `moment` (+
    /// easier): its own further modifier, +1 for a weapon or gift that
    /// gives it (the Sword of Striking), +1 in a combat's first round for
    /// its unit's (the Bear Banner), -1 at a foe whose enemies in contact
    /// strike at -1 (Cloud of Flies). They add up; the roll stays 2 to 6
    /// ([`close_combat_need`]). RULES.md To hit in close combat.
    pub fn close_combat_modifier(&self, defender: &Defender, moment: Moment) -> i32 {
        self.hit_modifier
            + i32::from(self.rules.plus_one_to_hit)
            + i32::from(self.rules.plus_one_to_hit_first_round && moment.round == 1)
            - i32::from(defender.foes_minus_one_to_hit)
    }

    /// An Ogre club's further -1 to armour saves: only while the club is
    /// its one weapon, a hand weapon with no ironfist, shield or other
    /// weapon beside it (RULES.md Weapons).
    pub fn club_pierces(&self) -> bool {
        self.rules.ogre_club && self.weapon == Weapon::HandWeapon
    }

    /// Festooned with Pistols: its pistols strike in a combat's first
    /// round, at S4, armour piercing. RULES.md Special attacks and
    /// psychology.
    pub fn fires_pistols(&self, moment: Moment) -> bool {
        self.rules.pistols && moment.round == 1 && !self.rules.troll_vomit
    }

    /// Attacks each model adds at `moment` for a rule of that moment: a
    /// pair of pistols' second hand weapon, on foot (mounted too with
    /// Fusillade), in a combat's first round (Festooned with Pistols).
    /// RULES.md Special attacks and psychology.
    pub fn moment_attacks(&self, moment: Moment) -> u32 {
        let second = self.troop.on_foot() || self.rules.fusillade;
        u32::from(self.fires_pistols(moment) && second) * u32::from(self.crew)
    }

    /// One shot at `defender`: BS and shooting modifiers, the shot's own
    /// Strength `s` (weapons in hand do not add to it).
    pub fn shooting(&self, defender: &Defender, modifiers: &ShootingModifiers) -> AttackChain {
        // Forest Stalkers: a further -1 (RULES.md Shooting, Against
        // missiles only).
        let penalty = i32::from(defender.against_missiles.hit_penalty);
        let hit = match shooting_need(self.bs, modifiers.total() + self.hit_modifier - penalty) {
            Some(need) => HitNeed::Shooting(need),
            None => HitNeed::Impossible,
        };
        AttackChain {
            hit,
            reroll_hits: self.rules.reroll_hits,
            poison: defender.hardiness.poisoned(self.rules.poison),
            reroll_wounds: self.rules.reroll_wounds,
            ..defender.saves(self.s, &self.rules, false)
        }
        .harming(defender.harmed_by(&self.rules))
    }
}

/// A pistol's Strength in close combat (Festooned with Pistols; RULES.md
/// Special attacks and psychology).
pub const PISTOL_S: u8 = 4;

/// Troll Vomit's Strength (RULES.md Special attacks and psychology).
pub const TROLL_VOMIT_S: u8 = 5;

/// One Troll Vomit attack: it hits automatically at S5 with no armour
/// save, with none of the troll's other rules (as an impact hit); a ward
/// and regeneration still save. RULES.md Special attacks and psychology.
pub fn troll_vomit(defender: &Defender) -> AttackChain {
    let rules = Rules {
        ignores_armour: true,
        ..Rules::default()
    };
    AttackChain {
        multiple_wounds: MultipleWounds::One,
        ..defender.saves(TROLL_VOMIT_S, &rules, true)
    }
    .harming(defender.harmed_by(&rules))
}

/// When trolls vomit (Troll Vomit is their player's choice): a fight's
/// `troll_vomit` switch (RULES.md Special attacks and psychology, Rulings
/// and their switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum VomitChoice {
    /// **\[ruling\]** when it pays ([`vomit_pays`]).
    #[default]
    Best,
    /// Every round.
    Always,
    /// Never: they attack.
    Never,
}

crate::rules::named_by_value_enum!(VomitChoice);

impl VomitChoice {
    /// Whether a troll that may vomit vomits at `defender` at `moment`.
    pub fn vomits(self, striker: &Striker, defender: &Defender, moment: Moment) -> bool {
        match self {
            VomitChoice::Best => vomit_pays(striker, defender, moment),
            VomitChoice::Always => true,
            VomitChoice::Never => false,
        }
    }
}

/// Whether a troll that may vomit does so at `defender` at `moment`:
/// **\[ruling\]** when its vomit's expected wounds beat its attacks'
/// (the player's choice, made as a player makes it; a tie attacks).
/// RULES.md Special attacks and psychology.
pub fn vomit_pays(striker: &Striker, defender: &Defender, moment: Moment) -> bool {
    let attacking = Striker {
        rules: Rules {
            troll_vomit: false,
            ..striker.rules
        },
        ..*striker
    };
    let vomit = troll_vomit(defender).expected_wounds(defender.w) * f64::from(striker.crew);
    let mean_dice = attacking.attack_dice().map_or(0.0, |d| {
        f64::from(d.count) * (f64::from(d.die.faces()) + 1.0) / 2.0
    });
    let attacks = (f64::from(attacking.attacks()) + mean_dice)
        * attacking
            .close_combat(defender, moment)
            .expected_wounds(defender.w);
    vomit > attacks
}

/// One impact hit of a charging chariot: it hits automatically at
/// `strength`, with none of the crew's special rules; parry applies (it is
/// close combat).
/// They are no magical attacks: an Ethereal target takes no harm
/// (RULES.md Magical attacks and Ethereal).
pub fn impact_hit(strength: u8, defender: &Defender) -> AttackChain {
    let rules = Rules::default();
    AttackChain {
        multiple_wounds: MultipleWounds::One,
        ..defender.saves(strength, &rules, true)
    }
    .harming(defender.harmed_by(&rules))
}
