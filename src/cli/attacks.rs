//! Flags of `attacks` and `shoot`, and how they combine with profile files:
//! a file gives every value, a flag overrides it (`--rules` adds to the
//! file's rules).

use super::values::{Characteristic, Ld, Models, Whole};
use super::{EngineArgs, OutputArgs};
use crate::error::InputError;
use crate::profile::ProfileFile;
use crate::query::attacks::{AttackGroup, Attacks, Count, IMPACT_HITS};
use crate::query::shooting_panic::ShootingPanic;
use crate::report::Text;
use crate::rules::blows::{blows, Blows};
use crate::rules::fighter::{Defender, Save, Striker};
use crate::rules::profile::TroopType;
use crate::rules::saves::{shown_save, Armour, BodyArmour};
use crate::rules::special::{Psychology, Rules, SpecialRule};
use crate::rules::to_hit::{Cover, ShootingModifiers};
use crate::rules::weapons::{Moment, Weapon};
use crate::scenario::load_referred;
use crate::scenario::reference::{names_roster, unit_reference};
use crate::text;
use clap::Args;
use std::path::{Path, PathBuf};

/// The attacking unit, common to `attacks` and `shoot`.
#[derive(Args, Debug, Default)]
pub struct AttackerArgs {
    /// Attacker profile file (TOML), e.g. scenarios/profiles/orc_boy.toml, or a roster's unit: ROSTER.ros:NAME
    #[arg(long, value_name = "FILE")]
    pub attacker: Option<PathBuf>,
    /// Attacking models [default: a roster unit's, else 1]
    #[arg(long, alias = "miniaturas")]
    pub models: Option<Models>,
    /// Strength (for shooting, the missile's Strength)
    #[arg(long)]
    pub s: Option<Characteristic>,
    /// The attacker's troop type
    #[arg(long = "type", value_enum, value_name = "TYPE")]
    pub troop: Option<TroopType>,
    /// Special rules, comma-separated (added to the profile file's)
    #[arg(
        long,
        alias = "reglas",
        value_enum,
        value_delimiter = ',',
        value_name = "RULES"
    )]
    pub rules: Vec<SpecialRule>,
    /// A further to-hit modifier (+1 easier, -1 harder)
    #[arg(long, default_value_t = Whole(0))]
    pub hit_modifier: Whole<i32, -5, 5>,
}

/// The unit being struck, common to `attacks` and `shoot`.
#[derive(Args, Debug, Default)]
pub struct TargetArgs {
    /// Target profile file (TOML), e.g. scenarios/profiles/empire_spearman.toml, or a roster's unit: ROSTER.ros:NAME
    #[arg(long, value_name = "FILE")]
    pub target: Option<PathBuf>,
    /// Models in the target unit (default: as many as the attacks can slay)
    #[arg(long)]
    pub target_models: Option<Models>,
    /// The target's WS
    #[arg(long)]
    pub target_ws: Option<Characteristic>,
    /// The target's Toughness
    #[arg(long)]
    pub target_t: Option<Characteristic>,
    /// The target's Wounds per model
    #[arg(long)]
    pub target_w: Option<Whole<u8, 1, 20>>,
    /// The target's troop type (cavalry get +1 save from the mount; killing blow needs man-sized)
    #[arg(long, value_enum, value_name = "TYPE")]
    pub target_type: Option<TroopType>,
    /// Armour save before Strength (e.g. 5 for 5+), or the gear: none, light, heavy, shield, barding (e.g. light,shield)
    #[arg(long, value_name = "SAVE", value_parser = armour_spec)]
    pub target_armour: Option<Save>,
    /// The target's weapon (hand-weapon-and-shield parries on foot; two-handed weapons lose the shield in close combat)
    #[arg(long, value_enum, value_name = "WEAPON")]
    pub target_weapon: Option<Weapon>,
    /// Ward save (2 to 6)
    #[arg(long)]
    pub target_ward: Option<Whole<u8, 2, 6>>,
    /// The target regenerates (4+; not against flaming attacks or killing blows)
    #[arg(long)]
    pub target_regen: bool,
    /// The target re-rolls failed armour saves
    #[arg(long)]
    pub target_reroll_saves: bool,
}

#[derive(Args, Debug, Default)]
/// `mathhammer attacks`: its flags.
pub struct AttacksArgs {
    #[command(flatten)]
    /// The attacking models (read from a query file by their own keys).
    pub attacker_args: AttackerArgs,
    /// Attacks per model (before weapon and frenzy bonuses)
    #[arg(long)]
    pub attacks: Option<Whole<u8, 0, 20>>,
    /// Weapon Skill
    #[arg(long)]
    pub ws: Option<Characteristic>,
    /// The weapon the attackers fight with
    #[arg(long, alias = "arma", value_enum)]
    pub weapon: Option<Weapon>,
    /// Round of the combat (first-round bonuses: flail, morning star, hatred, charge)
    #[arg(long, default_value_t = Whole(1))]
    pub round: Whole<u32, 1, 20>,
    /// The attackers charged this turn (lance, cavalry spear, impact hits; round 1 only)
    #[arg(long)]
    pub charging: bool,
    #[command(flatten)]
    /// The target unit (read from a query file by its own keys).
    pub target_args: TargetArgs,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

#[derive(Args, Debug, Default)]
/// `mathhammer shoot`: its flags.
pub struct ShootArgs {
    #[command(flatten)]
    /// The shooting models (read from a query file by their own keys).
    pub attacker_args: AttackerArgs,
    /// Shots per model [default: the attacker's missiles', else 1]
    #[arg(long)]
    pub shots: Option<Whole<u8, 1, 20>>,
    /// Ballistic Skill
    #[arg(long)]
    pub bs: Option<Characteristic>,
    /// Beyond half the weapon's range (-1 to hit)
    #[arg(long)]
    pub long_range: bool,
    /// The shooters moved (-1 to hit)
    #[arg(long)]
    pub moved: bool,
    /// Standing and shooting at chargers (-1 to hit)
    #[arg(long)]
    pub stand_and_shoot: bool,
    /// The target's cover: soft (-1) or hard (-2)
    #[arg(long, value_enum, default_value_t = Cover::None)]
    pub cover: Cover,
    /// The target is skirmishers (-1 to hit)
    #[arg(long, alias = "hostigadores")]
    pub target_skirmishers: bool,
    /// The target is a large target (+1 to hit)
    #[arg(long)]
    pub target_large: bool,
    /// The target's Ld (its own, a character's or the General's): P(it flees in panic); needs --target-models
    #[arg(long)]
    pub target_ld: Option<Ld>,
    /// A friend within 10 cm of the target: its Ld, for P(it tests and flees if the target is destroyed); needs --target-models
    #[arg(long)]
    pub friend_ld: Option<Ld>,
    /// The target's rules that change its panic test, comma-separated, added to its profile file's: immune-to-psychology, unbreakable or frenzy (it takes none), cold-blooded (3D6, the highest discarded); needs --target-models
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "RULES",
        hide_possible_values = true
    )]
    pub target_rules: Vec<SpecialRule>,
    #[command(flatten)]
    /// The target unit (read from a query file by its own keys).
    pub target_args: TargetArgs,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

/// `5` (a 5+ save), or gear: `none`, `light`, `heavy`, `shield`, `barding`.
fn armour_spec(s: &str) -> Result<Save, Text> {
    let accepted = || {
        text!("accepted: a save 1 to 6 (e.g. 5 for 5+), or none, light, heavy, shield, barding (e.g. light,shield)")
    };
    if let Ok(n) = s.trim().parse::<u8>() {
        return if (1..=6).contains(&n) {
            Ok(Save::Given(Some(n)))
        } else {
            Err(text!("{} is out of range ({})", n, accepted()))
        };
    }
    let items: Vec<&str> = s.split(',').map(str::trim).map(gear_in_english).collect();
    if items.len() > 1 && items.contains(&"none") {
        return Err(text!(
            "none cannot be worn with other gear ({})",
            accepted()
        ));
    }
    let mut armour = Armour::default();
    let mut body = None;
    for (i, item) in items.iter().enumerate() {
        if items[..i].contains(item) {
            return Err(text!("{} is given twice ({})", item, accepted()));
        }
        match *item {
            "none" => {}
            "light" | "heavy" if body.is_some() => {
                return Err(text!(
                    "{} and {}: one body armour at most ({})",
                    body.unwrap_or(""),
                    item,
                    accepted()
                ))
            }
            "light" => (armour.body, body) = (BodyArmour::Light, Some("light")),
            "heavy" => (armour.body, body) = (BodyArmour::Heavy, Some("heavy")),
            "shield" => armour.shield = true,
            "barding" => armour.barding = true,
            other => return Err(text!("unknown armour '{}' ({})", other, accepted())),
        }
    }
    Ok(Save::Armour(armour))
}

/// A piece of gear typed in Spanish (as the page's Spanish help names
/// them), in English; anything else as typed.
fn gear_in_english(item: &str) -> &str {
    match item {
        "ninguna" => "none",
        "ligera" => "light",
        "pesada" => "heavy",
        "escudo" => "shield",
        "barda" => "barding",
        other => other,
    }
}

/// The profile file `flag` names, if given, or a roster's unit as played
/// (`FILE.ros:NAME`).
fn load_profile(path: &Option<PathBuf>, flag: &str) -> Result<Option<ProfileFile>, InputError> {
    Ok(load_unit(path, flag)?.map(|(file, _)| file))
}

/// [`load_profile`]'s profile, and a roster unit's models (its list's, or
/// those its `FILE.ros:NAME:MODELS` gives).
fn load_unit(
    path: &Option<PathBuf>,
    flag: &str,
) -> Result<Option<(ProfileFile, Option<u32>)>, InputError> {
    let Some(path) = path.as_deref() else {
        return Ok(None);
    };
    let text = path.to_string_lossy();
    if !names_roster(&text) {
        return load_referred::<ProfileFile>(path, flag).map(|f| Some((f, None)));
    }
    let spec = unit_reference(&text, flag)?;
    let resolved = spec.resolve(Path::new(""), flag)?;
    let mut file = resolved.file;
    // Attacking models cost the unit's points shared by its models, its
    // command and upgrades included.
    if let crate::combat::unit::Cost::Priced {
        listed: Some((models, total)),
        ..
    } = resolved.cost
    {
        file.points = Some(crate::profile::Points(total / f64::from(models)));
    }
    Ok(Some((file, Some(resolved.models))))
}

/// `flag` if given, else the file's value, else an error asking for it.
fn required<T>(
    flag: Option<T>,
    file: Option<T>,
    name: &str,
    file_flag: &str,
) -> Result<T, InputError> {
    flag.or(file).ok_or_else(|| {
        InputError::new(
            name,
            text!("required (or give {} FILE)", Text::flag(file_flag)),
        )
    })
}

impl TargetArgs {
    /// The defender, from the file overridden by flags, the file's name
    /// for it and its special rules. `need_ws`: close combat needs the
    /// target's WS.
    fn defender(
        &self,
        need_ws: bool,
    ) -> Result<(Defender, Option<String>, Vec<SpecialRule>), InputError> {
        let file = load_profile(&self.target, "--target")?;
        let p = file.as_ref().map(|f| f.profile.profile());
        let ws = if need_ws {
            required(
                self.target_ws.map(|v| v.0),
                p.map(|p| p.ws),
                "--target-ws",
                "--target",
            )?
        } else {
            self.target_ws.map(|v| v.0).or(p.map(|p| p.ws)).unwrap_or(1)
        };
        let save = match (&self.target_armour, &file) {
            (Some(s), _) => *s,
            (None, Some(f)) => f.save(),
            (None, None) => Save::Armour(Armour::default()),
        };
        let defender = Defender {
            ws,
            t: required(
                self.target_t.map(|v| v.0),
                p.map(|p| p.t),
                "--target-t",
                "--target",
            )?,
            w: self.target_w.map(|v| v.0).or(p.map(|p| p.w)).unwrap_or(1),
            troop: self
                .target_type
                .or(file.as_ref().map(|f| f.troop))
                .unwrap_or_default(),
            save,
            weapon: self
                .target_weapon
                .or(file.as_ref().map(|f| f.weapon))
                .unwrap_or_default(),
            ward: self
                .target_ward
                .map(|v| v.0)
                .or(file.as_ref().and_then(|f| f.ward.map(|w| w.0))),
            regeneration: self.target_regen || file.as_ref().is_some_and(|f| f.regeneration),
            reroll_saves: self.target_reroll_saves
                || file
                    .as_ref()
                    .is_some_and(|f| f.rules.contains(&SpecialRule::RerollSaves)),
            ethereal: false,
            daemonic_aura: false,
            flammable: false,
            regeneration_not_magic: false,
            foes_minus_one_to_hit: false,
            undead_or_daemon: false,
            against_missiles: Default::default(),
            hardiness: Default::default(),
        };
        let rules = file.as_ref().map(|f| f.rules.clone()).unwrap_or_default();
        // Ethereal, Daemonic Aura, Flammable: the target file's rules
        // (RULES.md Magical attacks and Ethereal).
        let defender = Defender {
            ethereal: rules.contains(&SpecialRule::Ethereal),
            daemonic_aura: rules.contains(&SpecialRule::DaemonicAura),
            flammable: rules.contains(&SpecialRule::Flammable),
            // Special Regenerate (RULES.md Special attacks and psychology).
            regeneration_not_magic: rules.contains(&SpecialRule::SpecialRegenerate),
            // Cloud of Flies (RULES.md To hit in close combat).
            foes_minus_one_to_hit: rules.contains(&SpecialRule::FoesMinusOneToHit),
            // The Stake of Sigmar's foes (RULES.md Weapons).
            undead_or_daemon: rules.contains(&SpecialRule::Undead)
                || rules.contains(&SpecialRule::DaemonicAura),
            // Immune to Poison, talismans (RULES.md Saves, What harms a
            // model).
            hardiness: crate::rules::hardiness::Hardiness::of(&rules),
            ..defender
        };
        let name = file.map(|f| f.name);
        Ok((defender, name, rules))
    }
}

/// The attacker's file, profile-derived defaults and rules.
struct AttackerBase {
    file: Option<ProfileFile>,
    /// The attacking models: `--models`, else a roster unit's, else 1.
    models: u32,
    troop: TroopType,
    rules: Rules,
    name: Text,
}

impl AttackerBase {
    /// Points of `models` attackers, if their profile file gives `points`.
    fn cost(&self, models: u32) -> Option<f64> {
        let points = self.file.as_ref()?.points?;
        Some(points.0 * f64::from(models))
    }
}

impl AttackerArgs {
    fn base(&self) -> Result<AttackerBase, InputError> {
        let (file, listed) = match load_unit(&self.attacker, "--attacker")? {
            Some((file, listed)) => (Some(file), listed),
            None => (None, None),
        };
        let models = self.models.map(|m| m.0).or(listed).unwrap_or(1);
        let troop = self
            .troop
            .or(file.as_ref().map(|f| f.troop))
            .unwrap_or_default();
        if let Some(idle) = self.rules.iter().find(|r| !r.changes_attacks()) {
            let accepted: Vec<String> = <SpecialRule as clap::ValueEnum>::value_variants()
                .iter()
                .filter(|r| r.changes_attacks())
                .map(|r| r.name())
                .collect();
            return Err(InputError::new(
                "--rules",
                text!(
                    "{} does not change an attack; whole fights play it (accepted: {})",
                    idle.name(),
                    accepted.join(", ")
                ),
            ));
        }
        let mut all = file.as_ref().map(|f| f.rules.clone()).unwrap_or_default();
        all.extend(&self.rules);
        let rules = Rules::new(&all, "--rules")?;
        // "1 x the attacker", "10 x the attackers".
        let unnamed = || match models {
            1 => text!("the attacker"),
            _ => text!("the attackers"),
        };
        let name = file.as_ref().map_or_else(unnamed, |f| Text::kept(&f.name));
        Ok(AttackerBase {
            file,
            models,
            troop,
            rules,
            name,
        })
    }
}

/// The target as a summary names it: its profile's name (kept as written)
/// or "the target" (ours), its T, W, troop type and save.
fn describe_target(d: &Defender, name: Option<&str>, close_combat: bool) -> Text {
    let name = name.map_or_else(|| text!("the target"), Text::kept);
    let save = d
        .armour_save(close_combat)
        .map_or_else(|| text!("no save"), |s| text!("{}+ save", shown_save(s)));
    let troop = Text::words(d.troop.name());
    text!("{} (T{} W{}, {}, {})", name, d.t, d.w, troop, save)
}

impl AttacksArgs {
    /// The close-combat query these flags describe.
    pub fn attacks(&self) -> Result<Attacks, InputError> {
        let a = &self.attacker_args;
        let base = a.base()?;
        let p = base.file.as_ref().map(|f| f.profile.profile());
        let weapon = self
            .weapon
            .or(base.file.as_ref().map(|f| f.weapon))
            .unwrap_or_default();
        weapon
            .allowed(base.troop)
            .map_err(|why| InputError::new("--weapon", text!("{} {}", weapon.name(), why)))?;
        if self.charging && self.round.0 != 1 {
            return Err(InputError::new(
                "--charging",
                text!("a charge only counts in the first round (accepted with --round 1)"),
            ));
        }
        let striker = Striker {
            ws: required(self.ws.map(|v| v.0), p.map(|p| p.ws), "--ws", "--attacker")?,
            bs: p.map_or(0, |p| p.bs),
            s: required(a.s.map(|v| v.0), p.map(|p| p.s), "--s", "--attacker")?,
            a: self.attacks.map(|v| v.0).or(p.map(|p| p.a)).unwrap_or(1),
            // Random attacks, unless --attacks gives a number.
            a_dice: p.and_then(|p| p.a_dice).filter(|_| self.attacks.is_none()),
            crew: base.file.as_ref().map_or(1, |f| f.crew.0),
            troop: base.troop,
            weapon,
            rules: base.rules,
            hit_modifier: a.hit_modifier.0,
        };
        let (defender, target_name, _) = self.target_args.defender(true)?;
        let moment = Moment {
            round: self.round.0,
            charging: self.charging,
        };
        let mount = base.file.as_ref().and_then(|f| f.mount).map(|m| m.mount());
        let impact = base
            .file
            .as_ref()
            .and_then(|f| f.impact_hits)
            .map(|h| h.hits());
        let groups = blows(&striker, mount, impact, moment)
            .into_iter()
            .map(|b| attack_group(b, base.models, &defender, moment))
            .collect::<Result<Vec<_>, _>>()?;
        let when = match (self.round.0, self.charging) {
            (1, true) => text!("round 1, charging"),
            (r, _) => text!("round {}", r),
        };
        Ok(Attacks {
            query: "attacks",
            summary: text!(
                "Attacks: {} x {} (WS{} S{}, {}) at {}; {}",
                base.models,
                base.name.clone(),
                striker.ws,
                striker.strength(moment),
                Text::words(weapon.name()),
                describe_target(&defender, target_name.as_deref(), true),
                when
            ),
            groups,
            target_wounds: defender.w,
            target_models: self.target_args.target_models.map(|v| v.0),
            cost: base.cost(base.models),
            panic: None,
        })
    }
}

/// The rules `shoot --target-rules` takes: those that change a panic test
/// (RULES.md Panic, Break test); the page offers these alone.
pub(crate) const PANIC_RULES: [SpecialRule; 4] = [
    SpecialRule::ImmuneToPsychology,
    SpecialRule::Unbreakable,
    SpecialRule::Frenzy,
    SpecialRule::ColdBlooded,
];

impl ShootArgs {
    /// The panic figures asked for: always with `--target-models` (the
    /// models at the start of the phase); `--target-ld` and `--friend-ld`
    /// need it. The target's rules (its file's and `--target-rules`) decide
    /// whether it tests and on what dice (RULES.md Panic, Break test).
    fn panic(&self, target_rules: &[SpecialRule]) -> Result<Option<ShootingPanic>, InputError> {
        if let Some(other) = self.target_rules.iter().find(|r| !PANIC_RULES.contains(r)) {
            let accepted: Vec<String> = PANIC_RULES.iter().map(|r| r.name()).collect();
            return Err(InputError::new(
                "--target-rules",
                text!(
                    "{} does not change a panic test (accepted: {})",
                    other.name(),
                    accepted.join(", ")
                ),
            ));
        }
        let psychology = Psychology::new(target_rules);
        let panic = ShootingPanic {
            target_tests: psychology.panics(),
            target_cold_blooded: psychology.cold_blooded,
            target_ld: self.target_ld.map(|l| l.0),
            friend_ld: self.friend_ld.map(|l| l.0),
        };
        if self.target_args.target_models.is_some() {
            return Ok(Some(panic));
        }
        let flag = match (panic.target_ld, panic.friend_ld) {
            (Some(_), _) => "--target-ld",
            (None, Some(_)) => "--friend-ld",
            (None, None) if !self.target_rules.is_empty() => "--target-rules",
            (None, None) => return Ok(None),
        };
        Err(InputError::new(
            flag,
            text!("needs --target-models (the target's models at the start of the phase; accepted: 1 to 1000)"),
        ))
    }
}

/// A group of `models`' blows at `defender`, counted.
fn attack_group(
    b: Blows,
    models: u32,
    defender: &Defender,
    moment: Moment,
) -> Result<AttackGroup, InputError> {
    let name = match b {
        Blows::Impact(_) => IMPACT_HITS,
        Blows::Own(_) => "attacks",
        Blows::Mount(..) => "mount attacks",
    };
    // Each model's dice are read in one roll: 16 D6 or 5 D3 at most.
    let Some(count) = Count::of(models, b.per_model(), b.dice()) else {
        let most = b.dice().map_or(0, |d| d.most_models());
        return Err(InputError::new(
            "--models",
            match b {
                Blows::Impact(_) => text!(
                    "{} chariots with impact hits (accepted: at most {})",
                    models,
                    most
                ),
                _ => text!(
                    "{} models with random attacks (accepted: at most {}, their dice rolled at once)",
                    models,
                    most
                ),
            },
        ));
    };
    Ok(AttackGroup {
        name,
        chain: b.chain(defender, moment),
        count,
        strength: b.strength(moment),
    })
}

impl ShootArgs {
    /// The shooting query these flags describe.
    pub fn attacks(&self) -> Result<Attacks, InputError> {
        let a = &self.attacker_args;
        let base = a.base()?;
        let p = base.file.as_ref().map(|f| f.profile.profile());
        let from_roster = a
            .attacker
            .as_ref()
            .is_some_and(|f| names_roster(&f.to_string_lossy()));
        let missile = base.file.as_ref().and_then(|f| f.missile);
        if from_roster && a.s.is_none() && missile.is_none() {
            // A roster's unit shoots with its missile weapon's S, if the
            // roster gives it.
            return Err(InputError::new(
                "--s",
                text!("required: the roster gives no missile weapon with a Strength for this unit (accepted: 1 to 10, e.g. --s 4 for handguns, 3 for bows)"),
            ));
        }
        let shots = self
            .shots
            .map(|s| s.0)
            .or(missile.map(|m| m.shots.0))
            .unwrap_or(1);
        let s = a.s.map(|v| v.0).or(missile.map(|m| m.s.0));
        // Its own missile weapon (no --s for another): its shots rolled
        // unless --shots names them, a Leadbelcher cannon's Artillery dice
        // with no -1 for long range; a Strangle-root Attack's hits (RULES.md
        // Shooting, Artillery dice).
        let own = missile.filter(|_| a.s.is_none()).map(|m| m.missile());
        let shots_dice = own
            .filter(|_| self.shots.is_none())
            .and_then(|m| m.shots_dice());
        let striker = Striker {
            ws: p.map_or(1, |p| p.ws),
            bs: required(self.bs.map(|v| v.0), p.map(|p| p.bs), "--bs", "--attacker")?,
            s: required(s, p.map(|p| p.s), "--s", "--attacker")?,
            a: shots,
            a_dice: None,
            crew: 1,
            troop: base.troop,
            weapon: Weapon::HandWeapon,
            rules: base.rules,
            hit_modifier: a.hit_modifier.0,
        };
        // Shooting its own missile weapon (no --s for another), with that
        // weapon's own rules (a handgun's armour piercing).
        let striker = match (missile, a.s) {
            (Some(m), None) => m.missile().striker(striker),
            _ => striker,
        };
        // Hits need no BS (a Strangle-root Attack's).
        if striker.bs == 0 && !own.is_some_and(|m| m.hits) {
            // The unit's own BS is the unit's fault, not an untyped flag's.
            return Err(match self.bs {
                Some(_) => InputError::new("--bs", text!("BS 0 cannot shoot (accepted: 1 to 10)")),
                None => InputError::new(
                    "--attacker",
                    text!(
                        "its BS is 0: it cannot shoot (accepted: a unit with BS 1 to 10, or {} to give one)",
                        Text::flag("--bs")
                    ),
                ),
            });
        }
        let (defender, target_name, mut target_rules) = self.target_args.defender(false)?;
        target_rules.extend(&self.target_rules);
        let modifiers = ShootingModifiers {
            long_range: self.long_range && own.is_none_or(|m| !m.artillery_dice),
            moved: self.moved,
            stand_and_shoot: self.stand_and_shoot,
            cover: self.cover,
            // Its profile's skirmishers too (RULES.md Shooting).
            skirmishers: self.target_skirmishers
                || target_rules.contains(&SpecialRule::Skirmishers),
            large_target: self.target_large,
            other: 0,
        };
        let count = match shots_dice {
            None => Count::fixed(base.models * u32::from(shots)),
            Some(d) => Count::of(base.models, 0, Some(d)).ok_or_else(|| {
                InputError::new(
                    "--models",
                    text!(
                        "{} models whose shots are an Artillery dice each (accepted: at most {}, their dice rolled at once)",
                        base.models,
                        d.most_models()
                    ),
                )
            })?,
        };
        let chain = match own {
            Some(m) => m.chain(striker, &defender, &modifiers),
            None => striker.shooting(&defender, &modifiers),
        };
        let summary = match shots_dice {
            Some(_) => text!(
                "Shooting: {} x {} (an Artillery dice of shots each, BS{} S{}) at {}",
                base.models,
                base.name.clone(),
                striker.bs,
                striker.s,
                describe_target(&defender, target_name.as_deref(), false)
            ),
            None => text!(
                "Shooting: {} x {} ({} {}, BS{} S{}) at {}",
                base.models,
                base.name.clone(),
                shots,
                match shots {
                    1 => text!("shot each"),
                    _ => text!("shots each"),
                },
                striker.bs,
                striker.s,
                describe_target(&defender, target_name.as_deref(), false)
            ),
        };
        Ok(Attacks {
            query: "shoot",
            summary,
            groups: vec![AttackGroup {
                name: "shots",
                chain,
                count,
                strength: striker.s,
            }],
            target_wounds: defender.w,
            target_models: self.target_args.target_models.map(|v| v.0),
            cost: base.cost(base.models),
            panic: self.panic(&target_rules)?,
        })
    }
}
