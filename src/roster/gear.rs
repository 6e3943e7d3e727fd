//! What a unit's selections give it: weapons, armour, missiles and rules,
//! by their names in the one table (`names`) and by their `Weapon` and
//! `Armour` profiles, each name played or listed as not played.
//!
//! **How.** A selection is looked up by its own name, then by the names of
//! its Weapon and Armour profiles (`Spears and Shield` holds `Spears
//! (Infantry)`); the first found is played. A Weapon profile with a range
//! is a missile weapon whatever its name, with the Strength and shots it
//! writes (`S4`, `As user`, `2x Multiple Shots`). Lists keep the first of
//! each name, in a set, so a unit with many names is read in linear time.

use super::names::{looked_up, Bonus, Effects, Found, ImpactRead, MissileRules, MissileStrength};
use super::xml::{RawProfile, Selection};
use super::Named;
use crate::rules::panic::PanicKinds;
use crate::rules::place::Terrain;
use crate::rules::saves::BodyArmour;
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;
use std::collections::{HashMap, HashSet};

/// A missile weapon as read: its Strength and shots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct MissileRead {
    pub strength: MissileStrength,
    pub shots: u8,
    pub rules: MissileRules,
}

/// What a unit's selections give it.
#[derive(Default)]
pub(super) struct Gear {
    /// The army its names are looked up for (a catalogue's name).
    pub army: String,
    pub weapons: Vec<Weapon>,
    /// The weapons a champion's own selections give him: he fights with
    /// them, not his unit's (read for the champion).
    pub own_weapons: Vec<Weapon>,
    pub body: BodyArmour,
    pub shield: bool,
    /// Barding, and whether it slows the steed.
    pub barding: Option<bool>,
    /// Its barding slows no steed (Purebreed Warhorse).
    pub barding_free: bool,
    /// Added to the armour save.
    pub armour_bonus: u8,
    pub natural: Option<u8>,
    pub ward: Option<u8>,
    /// An armour save given outright (a chariot's upgrade).
    pub save: Option<u8>,
    pub regeneration: bool,
    pub flies: bool,
    pub rules: Vec<SpecialRule>,
    /// Characteristics its items and rules add.
    pub bonus: Bonus,
    /// Armies it hates.
    pub hates: Vec<String>,
    /// Armies whose units it fears unless it outnumbers them two to one.
    pub fears: Vec<String>,
    /// Armies against which it is immune to panic.
    pub immune_to_panic_against: Vec<String>,
    /// Its kinds, the kinds of friends whose rout it ignores, the only
    /// kinds its rout moves (RULES.md Panic).
    pub panic: PanicKinds,
    /// Kinds of difficult terrain it crosses as open ground.
    pub open_ground: Vec<Terrain>,
    pub combat_resolution: u8,
    pub extra_impact_hits: u8,
    /// Impact hits its book gives it (a chariot's die where it is one).
    pub impact_hits: Option<ImpactRead>,
    /// A model's unit strength its book sets by a rule.
    pub unit_strength: Option<u8>,
    /// It tests on its other models' Ld (Mixed Units).
    pub others_ld: bool,
    /// Its other kinds of model fight in it (Mixed Units).
    pub others_fight: bool,
    pub general: bool,
    pub battle_standard: bool,
    /// Missile weapons, the strongest last read kept.
    pub missile: Option<MissileRead>,
    pub equipment: Names,
    pub rules_played: Names,
    /// Names that decide nothing in a fight (Scouts), and why.
    pub no_effect: Names,
    pub rules_not_played: Names,
    /// Played names that do more, not played: the name and what.
    pub played_in_part: Names,
    /// Names that are part of another the unit carries: the rules written
    /// under an item the table knows (`Requires Two Hands` under a great
    /// weapon), with the item.
    pub folded: Names,
    /// Names held by the unit's other models (its champion's, a
    /// beast's), with the model: told where the unit does not tell them.
    pub others: Names,
    /// Names whose only effect is a missile weapon (a champion's pistol
    /// is no shot of his unit's).
    missiles_only: Names,
    /// The names applied, as matched, and how many times: one named twice
    /// (an upgrade and the rule it links) gives its effects once.
    applied: HashMap<String, u32>,
    /// The selections' numbers of each name that stacks, together (three
    /// Runes of Fury: 3).
    bought: HashMap<String, u32>,
}

/// Names in the order first met, each once, with why if it matters.
#[derive(Default)]
pub(super) struct Names {
    list: Vec<Named>,
    seen: HashSet<String>,
}

impl Names {
    /// Whether `name` is among them.
    fn has(&self, name: &str) -> bool {
        self.seen.contains(name)
    }

    /// Those not among `told`'s.
    fn untold(self, told: &[&Names]) -> Vec<Named> {
        let list = self.list.into_iter();
        list.filter(|n| !told.iter().any(|t| t.has(&n.name)))
            .collect()
    }

    /// Its entry of `name`.
    fn get(&self, name: &str) -> Option<&Named> {
        self.list.iter().find(|n| n.name == name)
    }

    pub fn add(&mut self, name: &str, why: &str) {
        if self.seen.insert(name.to_string()) {
            self.list.push(Named {
                name: name.to_string(),
                why: why.to_string(),
            });
        }
    }

    pub fn into_vec(self) -> Vec<Named> {
        self.list
    }

    pub fn names(self) -> Vec<String> {
        self.list.into_iter().map(|n| n.name).collect()
    }
}

/// Why a champion's own missile weapon is not played: he could not be
/// read as a body of his own.
const CHAMPIONS_MISSILE: &str =
    "a champion's own missile weapon: his own profile could not be read, so he shoots as one of his unit";

/// Why a name is not played when the table does not have it.
const NOT_IN_TABLE: &str = "not in the table of names";

impl Gear {
    /// Gear looked up for a unit of `army`.
    pub fn of(army: &str) -> Gear {
        Gear {
            army: army.to_string(),
            ..Gear::default()
        }
    }

    /// A special rule by name: played, or listed with why not.
    pub fn rule(&mut self, name: &str) {
        match looked_up(&self.army, name) {
            Some(Found::Played(e)) => {
                self.apply(&e, name, None);
                self.rules_played.add(name, "");
            }
            Some(Found::NoEffect(why)) => self.no_effect.add(name, why),
            Some(Found::Unplayed(why)) => self.rules_not_played.add(name, why),
            None => self.rules_not_played.add(name, NOT_IN_TABLE),
        }
    }

    /// A rule its army gives it (RULES.md The army's own rules): played
    /// unless the roster has given the unit the same name or all it does
    /// already, so that it counts once. Whether it was played.
    pub fn army_rule(&mut self, name: &str) -> bool {
        let Some(Found::Played(e)) = looked_up(&self.army, name) else {
            return false;
        };
        let given = self.applied.contains_key(&super::names::normalised(name).0);
        if given || !self.adds(&e) {
            return false;
        }
        self.apply(&e, name, None);
        true
    }

    /// Whether `e`, effects given once however often named, adds to the
    /// unit's.
    fn adds(&self, e: &Effects) -> bool {
        let better =
            |new: Option<u8>, old: Option<u8>| new.is_some_and(|n| old.is_none_or(|o| n < o));
        has_new(&self.rules, &e.rules)
            || has_new(&self.hates, &e.hates)
            || has_new(&self.fears, &e.fears)
            || has_new(&self.immune_to_panic_against, &e.immune_to_panic_against)
            || has_new(&self.panic.ignores, &e.panic.ignores)
            || has_new(&self.panic.ignores_fleeing, &e.panic.ignores_fleeing)
            || e.panic.only_in.is_some()
            || has_new(&self.open_ground, &e.open_ground)
            || (e.unit_strength.is_some() && self.unit_strength.is_none())
            || (e.others_ld && !self.others_ld)
            || (e.others_fight && !self.others_fight)
            || (e.impact_hits.is_some() && self.impact_hits.is_none())
            || (e.battle_standard && !self.battle_standard)
            || (e.regeneration && !self.regeneration)
            || (e.flies && !self.flies)
            || better(e.ward, self.ward)
            || better(e.natural, self.natural)
    }

    /// An upgrade without a model profile: gear, a magic item, an option.
    /// Whether its own rules say what it does (an item the table does not
    /// know); the rules of gear the table knows are the gear's (a
    /// handgun's armour piercing is not the unit's in close combat).
    pub fn item(&mut self, s: &Selection) -> bool {
        let missile = gear_profiles(s)
            .filter(|p| p.kind == "Weapon")
            .find_map(missile_of);
        let found = std::iter::once(s.name.as_str())
            .chain(gear_profiles(s).map(|p| p.name.as_str()))
            .find_map(|n| looked_up(&self.army, n));
        match (found, missile) {
            (Some(Found::Played(e)), m) => {
                // A Weapon profile's missile says better than the table's.
                if let Some(m) = m {
                    self.missile(m);
                }
                let shoots = m.is_some() || e.missile.is_some();
                if shoots && e.is_gear() && e.weapon.is_none() {
                    self.missiles_only.add(&s.name, "");
                }
                self.apply(&e, &s.name, Some(s.number));
                match e.is_gear() {
                    true => self.equipment.add(&s.name, ""),
                    false => self.rules_played.add(&s.name, ""),
                }
            }
            (None, Some(m)) => {
                self.missile(m);
                self.missiles_only.add(&s.name, "");
                self.equipment.add(&s.name, "");
            }
            (Some(Found::NoEffect(why)), _) => self.no_effect.add(&s.name, why),
            (Some(Found::Unplayed(why)), _) => self.rules_not_played.add(&s.name, why),
            (None, None) if !s.rules.is_empty() => return true,
            (None, None) => self.rules_not_played.add(&s.name, NOT_IN_TABLE),
        }
        false
    }

    /// The Armour profiles of `s`, a selection holding a model profile
    /// (barding written inside a steed's selection), worn by its models:
    /// each by its name in the table; on a `steed`'s selection, one the
    /// table does not know that improves the save by 1 is its barding (a
    /// Bretonnian Warhorse's); any other is read where it gives a save
    /// outright (a chariot's).
    pub fn worn(&mut self, s: &Selection, steed: bool) {
        for p in s.profiles.iter().filter(|p| p.kind == "Armour") {
            let barding = || {
                let modifier = super::body::written(p, "Saving Throw Modifier").trim();
                (steed && modifier == "-1").then(|| looked_up(&self.army, "Barding"))?
            };
            match looked_up(&self.army, &p.name).or_else(barding) {
                Some(Found::Played(e)) => {
                    self.apply(&e, &p.name, None);
                    self.equipment.add(&p.name, "");
                }
                Some(Found::NoEffect(why)) => self.no_effect.add(&p.name, why),
                Some(Found::Unplayed(why)) => self.rules_not_played.add(&p.name, why),
                None => {}
            }
        }
    }

    /// What `e`, the effects of `name`, give the unit: once, however often
    /// it is named, unless it stacks (bought `number` times in a selection
    /// of its own: each time). RULES.md Profiles.
    fn apply(&mut self, e: &Effects, name: &str, number: Option<u32>) {
        let key = super::names::normalised(name).0;
        let done = self.applied.get(&key).copied().unwrap_or(0);
        let bought = match (e.stacks, number) {
            (true, Some(n)) => {
                let sum = self.bought.entry(key.clone()).or_default();
                *sum = sum.saturating_add(n);
                *sum
            }
            _ => 1,
        };
        // At most the ten a model's characteristics can take.
        let times = bought.clamp(1, 10);
        for _ in done..times {
            self.apply_once(e, name);
        }
        self.applied.insert(key, done.max(times));
    }

    /// [`Gear::apply`] once.
    fn apply_once(&mut self, e: &Effects, name: &str) {
        add_new(&mut self.rules, &e.rules);
        self.weapons.extend(e.weapon);
        self.shield |= e.shield;
        if let Some(b) = e.body.filter(|b| rank(*b) > rank(self.body)) {
            self.body = b;
        }
        self.barding = e.barding.or(self.barding);
        self.barding_free |= e.barding_free;
        self.armour_bonus = self.armour_bonus.saturating_add(e.armour_bonus).min(6);
        self.natural = e.natural.or(self.natural);
        let best = |a: Option<u8>, b: Option<u8>| a.into_iter().chain(b).min();
        self.ward = best(self.ward, e.ward);
        self.save = best(self.save, e.save);
        self.regeneration |= e.regeneration;
        self.flies |= e.flies;
        self.bonus = self.bonus.plus(e.bonus);
        add_new(&mut self.hates, &e.hates);
        add_new(&mut self.fears, &e.fears);
        add_new(
            &mut self.immune_to_panic_against,
            &e.immune_to_panic_against,
        );
        self.panic.add(&e.panic);
        add_new(&mut self.open_ground, &e.open_ground);
        self.combat_resolution = self
            .combat_resolution
            .saturating_add(e.combat_resolution)
            .min(5);
        self.extra_impact_hits = self.extra_impact_hits.max(e.extra_impact_hits);
        self.unit_strength = self.unit_strength.or(e.unit_strength);
        self.others_ld |= e.others_ld;
        self.others_fight |= e.others_fight;
        self.impact_hits = self.impact_hits.or(e.impact_hits);
        self.general |= e.general;
        self.battle_standard |= e.battle_standard;
        if let (None, Some((strength, shots, rules))) = (self.missile, e.missile) {
            self.missile = Some(MissileRead {
                strength,
                shots,
                rules,
            });
        }
        if let Some(rest) = e.rest_not_played {
            self.played_in_part.add(name, rest);
        }
    }

    /// A standard, musician or battle standard another of its models
    /// carries for the unit (`unit::carried`): told played, in part where
    /// its name does more (`rest`).
    pub fn tell_carried(&mut self, name: &str, rest: Option<&str>) {
        self.rules_played.add(name, "");
        if let Some(rest) = rest {
            self.played_in_part.add(name, rest);
        }
    }

    /// A name `model`, one of the unit's other models, holds: told as
    /// the table tells it where it decides nothing or is not played; one
    /// the fights would play is his, told later if the unit does not
    /// carry it too.
    pub fn other(&mut self, name: &str, model: &str) {
        match looked_up(&self.army, name) {
            Some(Found::NoEffect(why)) => self.no_effect.add(name, why),
            Some(Found::Unplayed(why)) => self.rules_not_played.add(name, why),
            _ => self.others.add(name, model),
        }
    }

    /// The names the unit's champion (`champion`, his model's name) holds,
    /// told as his own gear (`his`: the unit's and his) tells them: his
    /// fights play them (RULES.md Characters, champions and challenges);
    /// his own missile weapon where he has a body of his own (`his_body`:
    /// RULES.md Shooting, Each model shoots his own weapon).
    pub fn tell_champions(&mut self, his: &Gear, champion: &str, his_body: bool) {
        let held = std::mem::take(&mut self.others);
        for n in held.list {
            if n.why != champion {
                self.others.add(&n.name, &n.why);
                continue;
            }
            let name = n.name.as_str();
            let told = [
                &self.equipment,
                &self.rules_played,
                &self.no_effect,
                &self.rules_not_played,
            ];
            // The unit tells it already (his armour is the unit's too).
            if told.iter().any(|t| t.has(name)) {
                continue;
            }
            // Played where he shoots it: his own body's, or as his unit's.
            let shoots_it = his_body || his.missile == self.missile;
            if his.missiles_only.has(name) && shoots_it {
                self.equipment.add(name, "");
            } else if his.missiles_only.has(name) {
                self.rules_not_played.add(name, CHAMPIONS_MISSILE);
            } else if his.equipment.has(name) {
                self.equipment.add(name, "");
            } else if his.rules_played.has(name) {
                self.rules_played.add(name, "");
                if let Some(m) = his.played_in_part.get(name) {
                    self.played_in_part.add(name, &m.why);
                }
            } else if let Some(m) = his.played_in_part.get(name) {
                self.played_in_part.add(name, &m.why);
            } else if let Some(m) = his.no_effect.get(name) {
                self.no_effect.add(name, &m.why);
            } else if let Some(m) = his.rules_not_played.get(name) {
                self.rules_not_played.add(name, &m.why);
            } else if let Some(m) = his.folded.get(name) {
                self.folded.add(name, &m.why);
            } else {
                self.others.add(&n.name, &n.why);
            }
        }
    }

    /// Every name read told once (issue 47): the rules folded into an item
    /// the unit tells no other way, with the item; the names of its other
    /// models it tells no other way (a Toxote's Strikes Last is his great
    /// weapon's, as the unit's is), not played, with the model that holds
    /// them: a kind of model its fights do not play (added to
    /// `rules_not_played`).
    pub fn folded_and_others(&mut self) -> Vec<Named> {
        let told = [
            &self.equipment,
            &self.rules_played,
            &self.no_effect,
            &self.rules_not_played,
        ];
        let folded = std::mem::take(&mut self.folded).untold(&told);
        let others = std::mem::take(&mut self.others).untold(&told);
        for n in others {
            if folded.iter().any(|f| f.name == n.name) {
                continue;
            }
            let why = format!(
                "held by {}, another kind of model in the unit: its fights do not play it",
                n.why
            );
            self.rules_not_played.add(&n.name, &why);
        }
        folded
    }

    /// The missile weapon read so far, taken away: a champion's own, read
    /// next, comes before his unit's (RULES.md Shooting, Each model shoots
    /// his own weapon).
    pub(super) fn take_missile(&mut self) -> Option<MissileRead> {
        self.missile.take()
    }

    /// `units` back, unless a missile weapon of his own was read since.
    pub(super) fn keep_missile(&mut self, units: Option<MissileRead>) {
        self.missile = self.missile.or(units);
    }

    /// A missile weapon read from a profile: kept if stronger.
    fn missile(&mut self, m: MissileRead) {
        let strength = |m: &MissileRead| match m.strength {
            MissileStrength::Fixed(s) => s,
            MissileStrength::User(plus) => 3 + plus,
        };
        if self
            .missile
            .is_none_or(|old| strength(&old) <= strength(&m))
        {
            self.missile = Some(m);
        }
    }

    /// The weapons it fights with: a champion's own, else all it has.
    fn fights_with(&self) -> &[Weapon] {
        match self.own_weapons.is_empty() {
            true => &self.weapons,
            false => &self.own_weapons,
        }
    }

    /// The weapon it fights with (the most telling it carries), and whether
    /// its shield counts apart (a hand weapon with it on foot is named
    /// hand weapon and shield: it parries either way, RULES.md Saves).
    pub fn weapon(&self, mounted: bool) -> (Weapon, bool) {
        const BEST: [Weapon; 11] = [
            Weapon::Lance,
            Weapon::Pike,
            Weapon::CavalryHammer,
            Weapon::GreatWeapon,
            Weapon::Halberd,
            Weapon::Flail,
            Weapon::MorningStar,
            Weapon::Spear,
            Weapon::AdditionalHandWeapon,
            Weapon::Choppa,
            Weapon::HandWeapon,
        ];
        let usable = |w: &Weapon| match w {
            Weapon::Lance => mounted,
            Weapon::Halberd | Weapon::AdditionalHandWeapon | Weapon::Pike => !mounted,
            _ => true,
        };
        let best = BEST
            .iter()
            .find(|w| usable(w) && self.fights_with().contains(w))
            .copied()
            .unwrap_or(Weapon::HandWeapon);
        match (best, self.shield, mounted) {
            (Weapon::HandWeapon, true, false) => (Weapon::HandWeaponAndShield, false),
            (w, shield, _) => (w, shield),
        }
    }
}

/// Body armour from worst to best.
fn rank(b: BodyArmour) -> u8 {
    match b {
        BodyArmour::None => 0,
        BodyArmour::Light => 1,
        BodyArmour::Heavy => 2,
        BodyArmour::Gromril => 3,
    }
}

/// A selection's Weapon and Armour profiles.
fn gear_profiles(s: &Selection) -> impl Iterator<Item = &RawProfile> {
    s.profiles
        .iter()
        .filter(|p| p.kind == "Weapon" || p.kind == "Armour")
}

/// A Weapon profile as a missile weapon: a range with a number in it, a
/// Strength, shots if it writes them (`2x Multiple Shots`, `Fires X2`,
/// `Multiple Shots (2)`) and the rules it names that shooting plays.
fn missile_of(p: &RawProfile) -> Option<MissileRead> {
    let range = super::body::written(p, "Range");
    if !range.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let strength = MissileStrength::of(super::body::written(p, "Strength"))?;
    let text = super::body::written(p, "Special Rules");
    Some(MissileRead {
        strength,
        shots: shots(&text.to_lowercase()).unwrap_or(1),
        rules: MissileRules::named_in(text),
    })
}

/// The shots written in a missile's rules: a number beside an `x`, or in
/// brackets after `multiple shots`.
fn shots(rules: &str) -> Option<u8> {
    if !(rules.contains("multiple") || rules.contains("fires") || rules.contains("shots")) {
        return None;
    }
    // A number just before or after an `x`: `2x`, `2 x`, `x2`, `X 3`.
    let beside_x = rules.match_indices('x').find_map(|(i, _)| {
        let before = rules[..i].trim_end();
        let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let after = rules[i + 1..].trim_start();
        let lead = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        before[before.len() - digits..]
            .parse::<u8>()
            .ok()
            .or_else(|| after[..lead].parse::<u8>().ok())
    });
    let bracketed = rules
        .split_once("multiple shots (")
        .and_then(|(_, r)| r.split(')').next())
        .and_then(|n| n.trim().parse::<u8>().ok());
    beside_x.or(bracketed).filter(|n| (2..=10).contains(n))
}

/// Whether `from` holds something `to` has not.
fn has_new<T: PartialEq>(to: &[T], from: &[T]) -> bool {
    from.iter().any(|x| !to.contains(x))
}

/// `from`'s items `to` has not, added to it in their order.
fn add_new<T: PartialEq + Clone>(to: &mut Vec<T>, from: &[T]) {
    for x in from {
        if !to.contains(x) {
            to.push(x.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shots_are_read_as_written() {
        assert_eq!(shots("2x multiple shots poisoned attacks"), Some(2));
        assert_eq!(shots("2 x multipleshot"), Some(2));
        assert_eq!(shots("fires x2"), Some(2));
        assert_eq!(shots("3xmultiple shots, armour piercing"), Some(3));
        assert_eq!(
            shots("pistol. multiple shots (2). armour piercing."),
            Some(2)
        );
        assert_eq!(shots("armour piercing, move or fire"), None);
    }

    #[test]
    fn strengths_are_read_as_written() {
        assert_eq!(MissileStrength::of("4"), Some(MissileStrength::Fixed(4)));
        assert_eq!(MissileStrength::of("S4"), Some(MissileStrength::Fixed(4)));
        assert_eq!(
            MissileStrength::of("As user"),
            Some(MissileStrength::User(0))
        );
        assert_eq!(
            MissileStrength::of("User+1"),
            Some(MissileStrength::User(1))
        );
        assert_eq!(MissileStrength::of("5-1 per rank"), None);
    }
}
