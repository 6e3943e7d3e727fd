//! The files of `data/names/` read into the table: each entry's keys
//! checked (an unknown key, a bad value or a name twice in one scope is a
//! unit test's failure) and turned into the model's own effects.

use super::{normalised, ByName};
use crate::rules::panic::PanicKinds;
use crate::rules::place::Terrain;
use crate::rules::random::Die;
use crate::rules::saves::BodyArmour;
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;
use read::Part;
use std::collections::HashMap;

macro_rules! part {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../data/names/", $name, ".toml")),
        )
    };
}

/// The table's parts, in the order read: `common.toml` first.
pub(crate) const PARTS: &[(&str, &str)] = &[
    part!("common"),
    part!("shared-1"),
    part!("shared-2"),
    part!("bretonnia"),
    part!("chaos-dwarfs"),
    part!("dark-elves"),
    part!("dogs-of-war"),
    part!("dwarfs-2001"),
    part!("dwarfs-2006"),
    part!("forces-of-chaos"),
    part!("high-elves"),
    part!("kislev"),
    part!("lizardmen"),
    part!("mercenaries"),
    part!("ogre-kingdoms"),
    part!("orcs-and-goblins"),
    part!("skaven"),
    part!("the-empire"),
    part!("tomb-kings"),
    part!("vampire-counts"),
    part!("wood-elves"),
];

#[path = "names_read.rs"]
mod read;

/// What an entry says.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Verdict {
    Played(Effects),
    NoEffect(&'static str),
    Unplayed(&'static str),
}

/// What a played name gives its bearer (a character, or a unit: a
/// banner's, a rule's), in the model's own terms.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Effects {
    pub weapon: Option<Weapon>,
    pub shield: bool,
    pub body: Option<BodyArmour>,
    /// Barding, and whether it slows its steed.
    pub barding: Option<bool>,
    /// Its steed's barding takes nothing off its M (Purebreed Warhorse).
    pub barding_free: bool,
    /// Added to the armour save, whatever is worn.
    pub armour_bonus: u8,
    /// Natural armour (Scaly Skin), its save alone: 6 for 6+.
    pub natural: Option<u8>,
    /// A ward save: 5 for 5+.
    pub ward: Option<u8>,
    /// An armour save given outright (a chariot's): 5 for 5+.
    pub save: Option<u8>,
    /// Which of natural, ward and save the name writes (`Scaly Skin 5+`).
    written: [bool; 3],
    pub regeneration: bool,
    pub flies: bool,
    /// A missile weapon: its Strength, shots and own rules as the table
    /// gives them (its Weapon profile, if any, says better).
    pub missile: Option<(MissileStrength, u8, MissileRules)>,
    pub rules: Vec<SpecialRule>,
    pub bonus: Bonus,
    /// Bought N times, its bonus and armour bonus count N times (runes
    /// the army book lets a model take more than once).
    pub stacks: bool,
    /// Armies (catalogue names) it hates.
    pub hates: Vec<String>,
    /// Armies (catalogue names) whose units it fears unless it outnumbers
    /// them two to one (Fear Elves).
    pub fears: Vec<String>,
    /// Armies (catalogue names) against which it is immune to panic
    /// (Stoic).
    pub immune_to_panic_against: Vec<String>,
    /// Kinds of friends whose rout it ignores, and the only kinds its own
    /// rout moves to panic (RULES.md Panic); boxed, as few names have it.
    pub panic: Box<PanicKinds>,
    /// Kinds of difficult terrain it crosses as open ground (Forest
    /// Walkers).
    pub open_ground: Vec<Terrain>,
    pub combat_resolution: u8,
    pub extra_impact_hits: u8,
    /// Impact hits its book gives a model that is not a chariot (a
    /// chariot's die where it is one).
    pub impact_hits: Option<ImpactRead>,
    /// A model's unit strength, set by its book (RULES.md Profiles).
    pub unit_strength: Option<u8>,
    /// The unit tests on its other models' Ld (Mixed Units).
    pub others_ld: bool,
    /// Its other kinds of model fight in it, each a body with his own
    /// profile and gear (Mixed Units: a pack's Packmasters).
    pub others_fight: bool,
    pub general: bool,
    pub battle_standard: bool,
    pub command: Option<Command>,
    /// What else it does, not played.
    pub rest_not_played: Option<&'static str>,
}

impl Effects {
    /// Whether it is a piece of gear (a weapon, armour, a missile weapon)
    /// rather than a rule or an item's magic.
    pub(crate) fn is_gear(&self) -> bool {
        let plain = Effects {
            weapon: self.weapon,
            shield: self.shield,
            body: self.body,
            barding: self.barding,
            missile: self.missile,
            ..Effects::default()
        };
        plain == *self
    }

    /// Whether these effects, given twice, are given once (special rules,
    /// hated armies, the battle standard, a ward...): nothing that adds up
    /// or is gear. An army-wide rule's must be (RULES.md The army's own
    /// rules).
    pub(crate) fn given_once(&self) -> bool {
        let once = Effects {
            natural: self.natural,
            ward: self.ward,
            written: self.written,
            regeneration: self.regeneration,
            flies: self.flies,
            barding_free: self.barding_free,
            rules: self.rules.clone(),
            hates: self.hates.clone(),
            fears: self.fears.clone(),
            immune_to_panic_against: self.immune_to_panic_against.clone(),
            panic: self.panic.clone(),
            open_ground: self.open_ground.clone(),
            unit_strength: self.unit_strength,
            others_ld: self.others_ld,
            others_fight: self.others_fight,
            impact_hits: self.impact_hits,
            battle_standard: self.battle_standard,
            rest_not_played: self.rest_not_played,
            ..Effects::default()
        };
        once == *self
    }

    /// These effects with the save `save` the name writes in place of
    /// those the table says it writes; `None` if it writes none.
    pub(crate) fn with_written_save(&self, save: Option<u8>) -> Option<Effects> {
        let mut e = self.clone();
        for (i, field) in [&mut e.natural, &mut e.ward, &mut e.save]
            .into_iter()
            .enumerate()
        {
            if self.written[i] {
                *field = Some(save?);
            }
        }
        Some(e)
    }
}

/// Impact hits a name gives (`impact_hits = "D6+1"`, `impact_beyond =
/// 7`): each model's die, hits added to it, and the inches its charge
/// must be longer than (RULES.md Special attacks and psychology, Impact
/// hits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ImpactRead {
    pub die: Die,
    pub plus: u8,
    pub beyond: u8,
}

impl ImpactRead {
    /// `written` as the books print it ("D3", "D6+1") and `beyond`.
    fn read(written: &str, beyond: u8) -> Result<ImpactRead, String> {
        let (die, plus) = written.split_once('+').unwrap_or((written, "0"));
        let die = match die.trim() {
            "D3" => Die::D3,
            "D6" => Die::D6,
            _ => {
                return Err(format!(
                    "impact_hits = \"{written}\" (accepted: D3 or D6, + 0 to 6)"
                ))
            }
        };
        let plus = plus
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|n| *n <= 6)
            .ok_or_else(|| format!("impact_hits = \"{written}\" (accepted: D3 or D6, + 0 to 6)"))?;
        if beyond > 24 {
            return Err(format!("impact_beyond = {beyond} (accepted: 0 to 24)"));
        }
        Ok(ImpactRead { die, plus, beyond })
    }
}

/// Characteristics added (taken away if negative).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bonus {
    /// Inches of M, as the army books write them (LongStrider's +1).
    pub m: i8,
    pub ws: i8,
    pub bs: i8,
    pub s: i8,
    pub t: i8,
    pub w: i8,
    pub i: i8,
    pub a: i8,
    pub ld: i8,
}

impl Bonus {
    /// Both bonuses together.
    pub(crate) fn plus(self, o: Bonus) -> Bonus {
        let add = |a: i8, b: i8| a.saturating_add(b);
        Bonus {
            m: add(self.m, o.m),
            ws: add(self.ws, o.ws),
            bs: add(self.bs, o.bs),
            s: add(self.s, o.s),
            t: add(self.t, o.t),
            w: add(self.w, o.w),
            i: add(self.i, o.i),
            a: add(self.a, o.a),
            ld: add(self.ld, o.ld),
        }
    }
}

/// A command group's member a name says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    Standard,
    Musician,
}

/// A missile weapon's own rules that the shooting plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MissileRules {
    pub armour_piercing: bool,
    pub poison: bool,
    /// Its shots an Artillery dice a model (RULES.md Shooting, Artillery
    /// dice).
    pub artillery_dice: bool,
    /// Its shots are hits, with no roll to hit (RULES.md Shooting,
    /// Artillery dice).
    pub hits: bool,
}

impl MissileRules {
    /// The rules of `rules` a missile weapon carries; `None` if another.
    fn of(rules: &[SpecialRule]) -> Option<MissileRules> {
        let mut out = MissileRules::default();
        for r in rules {
            match r {
                SpecialRule::ArmourPiercing => out.armour_piercing = true,
                SpecialRule::Poison => out.poison = true,
                _ => return None,
            }
        }
        Some(out)
    }

    /// The rules a Weapon profile's text names (`Armour piercing, Move or
    /// fire`; `2x Multiple Shots Poisoned Attacks`), as the table spells
    /// them for every army.
    pub(crate) fn named_in(text: &str) -> MissileRules {
        let text = format!(" {} ", normalised(text).0);
        let mut out = MissileRules::default();
        for (name, rule) in missile_rule_names() {
            if text.contains(name.as_str()) {
                out.armour_piercing |= *rule == SpecialRule::ArmourPiercing;
                out.poison |= *rule == SpecialRule::Poison;
            }
        }
        // The game's own dice named as its shots: `Multiple shots
        // (Artillery dice)`.
        out.artillery_dice = text.contains(" artillery dice ");
        out
    }
}

/// The names, spaced ` name `, of the every-army entries that are one
/// missile rule alone (Poisoned Attacks, not an item carrying poison),
/// found once: each Weapon profile's text is searched for them.
fn missile_rule_names() -> &'static [(String, SpecialRule)] {
    static NAMES: std::sync::OnceLock<Vec<(String, SpecialRule)>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let every_army = super::table().get("").into_iter().flatten();
        every_army
            .filter_map(|(name, v)| match v {
                Verdict::Played(e) => {
                    let rule = *e.rules.first()?;
                    let alone = Effects {
                        rules: vec![rule],
                        ..Effects::default()
                    } == *e;
                    let missile = matches!(rule, SpecialRule::ArmourPiercing | SpecialRule::Poison);
                    (alone && missile).then(|| (format!(" {name} "), rule))
                }
                _ => None,
            })
            .collect()
    })
}

/// A missile's Strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MissileStrength {
    /// Its own.
    Fixed(u8),
    /// The model's own, plus this.
    User(u8),
}

impl MissileStrength {
    /// Read as a Weapon profile or the table writes it: `4`, `S4`, `As
    /// user`, `User+1`.
    pub(crate) fn of(raw: &str) -> Option<MissileStrength> {
        let t = raw.trim().to_lowercase();
        let t = t.trim_start_matches('s');
        if let Ok(n) = t.trim().parse::<u8>() {
            return (1..=10).contains(&n).then_some(MissileStrength::Fixed(n));
        }
        let rest = t.trim_start_matches("as ").trim();
        let rest = rest.strip_prefix("user")?.trim().trim_end_matches(',');
        match rest.replace(' ', "").as_str() {
            "" => Some(MissileStrength::User(0)),
            plus => plus
                .strip_prefix('+')?
                .parse::<u8>()
                .ok()
                .map(MissileStrength::User),
        }
    }
}

/// A save as the table writes it: `5` (5+) or `true` (written in the
/// name).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Saved {
    Written(bool),
    Given(u8),
}

/// One `[[name]]` of a part.
struct Entry {
    names: Vec<String>,
    armies: Vec<String>,
    weapon: Option<Weapon>,
    shield: bool,
    armour: Option<BodyArmour>,
    barding: Option<String>,
    barding_free: bool,
    armour_bonus: u8,
    natural: Option<Saved>,
    ward: Option<Saved>,
    save: Option<Saved>,
    regeneration: bool,
    flies: bool,
    missile: bool,
    strength: Option<String>,
    shots: Option<u8>,
    missile_rules: Vec<SpecialRule>,
    artillery_dice: bool,
    missile_hits: bool,
    rules: Vec<SpecialRule>,
    bonus: Bonus,
    stacks: bool,
    hates: Vec<String>,
    fears: Vec<String>,
    immune_to_panic_against: Vec<String>,
    panic: Box<PanicKinds>,
    open_ground: Vec<Terrain>,
    combat_resolution: u8,
    extra_impact_hits: u8,
    impact_hits: Option<String>,
    impact_beyond: u8,
    unit_strength: Option<u8>,
    others_ld: bool,
    others_fight: bool,
    general: bool,
    battle_standard: bool,
    command: Option<Command>,
    rest_not_played: Option<String>,
    no_effect: Option<String>,
    not_played: Option<String>,
}

/// One `[[units]]` of an army's part: the units of a kind its army book
/// names, and the rules its book and the army's own selections give them
/// (RULES.md The army's own rules).
pub(crate) struct UnitKind {
    /// What the book calls them ("every Dwarf", "Savage Orcs").
    pub kind: String,
    /// The units or models of the kind as the books name them; `None`:
    /// every unit of the army, hired units aside.
    pub names: Option<Vec<String>>,
    /// Units or models of the army the kind leaves out.
    pub except: Vec<String>,
    /// Names of the table the book gives every unit of the kind.
    pub book_rules: Vec<String>,
    /// Names of the table that reach the kind when one of the army's own
    /// selections (outside every unit) carries them.
    pub army_rules: Vec<String>,
    /// Panic rules name the kind (`ignores_panic_from`,
    /// `causes_panic_only_in`): its units carry it (RULES.md Panic).
    pub panic: bool,
}

/// The kinds of units each army book names, by army, and the categories
/// of hired units no army-wide rule reaches.
#[derive(Default)]
pub(crate) struct UnitKinds {
    pub by_army: HashMap<String, Vec<&'static UnitKind>>,
    pub hired: Vec<String>,
}

/// A save's value: 2 to 6 (`lo` 1 for a save given outright), or written
/// in the name.
fn saved(s: Option<Saved>, lo: u8, key: &str) -> Result<(Option<u8>, bool), String> {
    match s {
        None | Some(Saved::Written(false)) => Ok((None, false)),
        Some(Saved::Written(true)) => Ok((None, true)),
        Some(Saved::Given(v)) if (lo..=6).contains(&v) => Ok((Some(v), false)),
        Some(Saved::Given(v)) => Err(format!("{key} = {v} (accepted: {lo} to 6, or true)")),
    }
}

impl Entry {
    /// What the entry says, or why it is not a well-formed entry.
    fn verdict(&'static self) -> Result<Verdict, String> {
        let effects = self.effects()?;
        let said = Effects {
            rest_not_played: None,
            ..effects.clone()
        } != Effects::default();
        if self.rest_not_played.is_some() && !said {
            return Err("rest_not_played goes with effects".into());
        }
        match (&self.no_effect, &self.not_played, said) {
            (Some(why), None, false) => Ok(Verdict::NoEffect(why)),
            (None, Some(why), false) => Ok(Verdict::Unplayed(why)),
            (None, None, true) => Ok(Verdict::Played(effects)),
            (None, None, false) => Err("says nothing it does".into()),
            _ => Err("no_effect and not_played stand alone".into()),
        }
    }

    fn effects(&'static self) -> Result<Effects, String> {
        let (natural, n) = saved(self.natural, 2, "natural")?;
        let (ward, w) = saved(self.ward, 2, "ward")?;
        let (save, s) = saved(self.save, 1, "save")?;
        let barding = match self.barding.as_deref() {
            None => None,
            Some("slows") => Some(true),
            Some("light") => Some(false),
            Some(other) => return Err(format!("barding = \"{other}\" (accepted: slows, light)")),
        };
        let missile = match (self.missile, &self.strength) {
            (false, None)
                if self.shots.is_none()
                    && self.missile_rules.is_empty()
                    && !self.artillery_dice
                    && !self.missile_hits =>
            {
                None
            }
            (true, Some(st)) => {
                let strength = MissileStrength::of(st).ok_or(format!(
                    "strength = \"{st}\" (accepted: 1 to 10, user, user+1)"
                ))?;
                let rules = MissileRules {
                    artillery_dice: self.artillery_dice,
                    hits: self.missile_hits,
                    ..MissileRules::of(&self.missile_rules)
                        .ok_or("missile_rules (accepted: armour-piercing, poison)")?
                };
                Some((strength, self.shots.unwrap_or(1).clamp(1, 10), rules))
            }
            _ => return Err("a missile weapon takes missile = true and its strength".into()),
        };
        if self.stacks && self.bonus == Bonus::default() && self.armour_bonus == 0 {
            return Err("stacks goes with a bonus or an armour_bonus".into());
        }
        let bounded = |v: u8, hi: u8, key: &str| match v <= hi {
            true => Ok(v),
            false => Err(format!("{key} = {v} (accepted: 0 to {hi})")),
        };
        Ok(Effects {
            weapon: self.weapon,
            shield: self.shield,
            body: self.armour,
            barding,
            barding_free: self.barding_free,
            armour_bonus: bounded(self.armour_bonus, 6, "armour_bonus")?,
            natural,
            ward,
            save,
            written: [n, w, s],
            regeneration: self.regeneration,
            flies: self.flies,
            missile,
            rules: self.rules.clone(),
            bonus: self.bonus,
            stacks: self.stacks,
            hates: self.hates.clone(),
            fears: self.fears.clone(),
            immune_to_panic_against: self.immune_to_panic_against.clone(),
            panic: self.panic.clone(),
            open_ground: self.open_ground.clone(),
            combat_resolution: bounded(self.combat_resolution, 5, "combat_resolution")?,
            extra_impact_hits: bounded(self.extra_impact_hits, 6, "extra_impact_hits")?,
            impact_hits: match &self.impact_hits {
                Some(written) => Some(ImpactRead::read(written, self.impact_beyond)?),
                None if self.impact_beyond > 0 => {
                    return Err("impact_beyond without impact_hits".to_string())
                }
                None => None,
            },
            unit_strength: match self.unit_strength {
                Some(n) => Some(bounded(n, 20, "unit_strength")?).filter(|n| *n > 0),
                None => None,
            },
            others_ld: self.others_ld,
            others_fight: self.others_fight,
            general: self.general,
            battle_standard: self.battle_standard,
            command: self.command,
            rest_not_played: self.rest_not_played.as_deref(),
        })
    }
}

/// Every part read into the table, and the kinds of units the parts
/// name, or what is wrong with one (a unit test reads them all).
pub(crate) fn read_parts() -> Result<(ByName, UnitKinds), String> {
    let mut by_army: ByName = HashMap::new();
    let mut kinds = UnitKinds::default();
    for (file, text) in PARTS {
        let part: &'static Part = Box::leak(Box::new(
            Part::read(text).map_err(|e| format!("data/names/{file}.toml: {e}"))?,
        ));
        kinds.hired.extend(part.hired.iter().cloned());
        if let Some(army) = &part.army {
            let of_army = kinds.by_army.entry(army.clone()).or_default();
            of_army.extend(part.kinds.iter());
        }
        for e in &part.entries {
            let at = |why: String| format!("data/names/{file}.toml: {:?}: {why}", e.names);
            let verdict = e.verdict().map_err(at)?;
            let armies: Vec<&str> = match (&part.army, e.armies.is_empty()) {
                (Some(a), true) => vec![a.as_str()],
                (_, false) => e.armies.iter().map(String::as_str).collect(),
                (None, true) => vec![""],
            };
            for army in armies {
                let names = by_army.entry(army.to_string()).or_default();
                for n in &e.names {
                    let (key, _) = normalised(n);
                    if names.insert(key, verdict.clone()).is_some() {
                        return Err(at(format!("'{n}' is in the table twice")));
                    }
                }
            }
        }
    }
    Ok((by_army, kinds))
}
