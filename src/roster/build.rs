//! A roster unit as the tool plays it: from its bodies' roles and its
//! gear, the [`ProfileFile`] a profile file would give, or why it cannot
//! fight.
//!
//! **How.** Troops take their rank and file's characteristics, their
//! steed's M and attacks (a monster rider's if it has wounds of its own,
//! of unit strength its Wounds and 1 for him; a flying steed's whatever
//! its walk);
//! chariots the chariot's T, W and save, their crew's (or the character
//! riding them) other characteristics and attacks, their beasts as steeds
//! and impact hits at their S. Each characteristic is read for what it
//! means ([`value`](super::value)): a number with more beside it is
//! played and noted, a value the fight cannot play leaves the unit out
//! with its field and value. M is read in inches and played in cm (x 2.5);
//! barding that slows takes 2 cm off a steed's M, as profile files write
//! it. Its ward, a save its gear does not give and its unit strength on
//! foot come from its profile's columns ([`columns`](super::columns)).

use super::body::{Bodies, Body, Place, Shape};
use super::columns;
use super::count::leading_count;
use super::gear::{Gear, MissileRead};
use super::names::{Bonus, MissileStrength};
use super::roles::{slower, Cast};
use super::unit::own_points;
use super::value::{save, Read};
use super::xml::Selection;
use crate::profile::{
    ImpactHitsValues, MissileValues, MountValues, Move, Points, ProfileFile, ProfileValues, Ranged,
    Rolled,
};
use crate::rules::profile::{unit_strength, TroopType};
use crate::rules::random::{Dice, Die};
use crate::rules::special::Psychology;
use crate::rules::weapons::Weapon;
use crate::text;
use crate::words::text::Text;

/// A unit being built: its bodies, gear, and what is noted on the way.
pub(super) struct Build<'a> {
    pub b: &'a Bodies<'a>,
    pub gear: &'a Gear,
    pub notes: Vec<Text>,
}

impl Build<'_> {
    /// The unit as played, or why it cannot fight.
    pub fn played(&mut self, s: &Selection, cast: &Cast) -> Result<ProfileFile, Text> {
        match *cast {
            Cast::Troops {
                rider,
                models,
                mount,
                machine,
                ..
            } => {
                if let Some(m) = machine {
                    let bodies = self.b;
                    let list = &bodies.list;
                    let machine = &list[m].profile.name;
                    self.notes
                        .push(text!("{}: a war machine, its crew fight for it", machine));
                }
                self.troops(s, rider, models, mount)
            }
            Cast::Chariot {
                chariot,
                crew,
                beasts,
                chariots,
                rider,
            } => self.chariot(s, [Some(chariot), crew, beasts, rider], chariots),
            Cast::NoFighter { machine: true } => {
                Err(text!("a war machine without its crew's profile"))
            }
            Cast::NoFighter { machine: false } => Err(text!(
                "no model profile that fights (accepted: a Profile with WS, T and W)"
            )),
        }
    }

    /// Fighting models, on foot or mounted.
    pub(super) fn troops(
        &mut self,
        s: &Selection,
        rider: usize,
        models: u32,
        mount: Option<usize>,
    ) -> Result<ProfileFile, Text> {
        let bodies = self.b;
        let list = &bodies.list;
        let r = &list[rider];
        let values = self.values(r, r)?;
        let steed = match mount {
            Some(m) => Some((&list[m], self.steed(&list[m])?)),
            None => None,
        };
        let m = match steed {
            Some((body, _)) => self.movement(body)?,
            None => self.movement(r)?,
        };
        let slows = self.gear.barding == Some(true) && !self.gear.barding_free && m.1.is_none();
        let m = if steed.is_some() && slows {
            Move(m.0 - 2.0, None)
        } else {
            m
        };
        // A steed slower than its rider walks at the rider's pace; a
        // monster carries him at its own.
        let m = match steed {
            Some((body, _)) if slower(body, r) && !monstrous(body) => self.movement(r)?,
            _ => m,
        };
        // A flying steed's M is its walk: it carries its rider however
        // slow it walks.
        let rides = |body: &Body| !slower(body, r) || self.gear.flies;
        let mounted = steed.is_some_and(|(body, _)| monstrous(body) || rides(body));
        let us = match steed {
            // A ridden monster: its Wounds and 1 for its rider. RULES.md
            // Profiles.
            Some((body, _)) if monstrous(body) => body
                .read("W")
                .number()
                .map(|w| w.saturating_add(1))
                .filter(|n| *n <= 20),
            _ if mounted => None,
            // Else its profile's, or the unit strength a rule of its book
            // names ("Unit Strength 5").
            _ => columns::noted(columns::unit_strength(r), &mut self.notes)
                .or(self.gear.unit_strength),
        };
        let troop = match steed {
            Some((body, _)) if monstrous(body) => TroopType::Monster,
            Some((body, _)) if rides(body) => TroopType::Cavalry,
            _ => on_foot(r, values.w.0, models, us),
        };
        let (weapon, shield) = self.gear.weapon(!troop.on_foot());
        let file = self.file(
            s,
            troop,
            ProfileValues {
                m: Move(m.0.max(0.0), m.1),
                ..values
            },
            (weapon, shield),
            models,
            r,
        );
        // A unit strength its troop type does not give (Warhounds' and
        // Centigors' 2 on foot). RULES.md Profiles.
        let by_type = unit_strength(troop, file.profile.w.0, 0);
        // What charges into the foe strikes its impact hits: the steed.
        let impact_s = steed.map_or(values.s, |(_, v)| v.s);
        Ok(ProfileFile {
            mount: steed.map(|(_, v)| v),
            impact_hits: self.impact_hits(impact_s),
            missile: self.missile(values.s.0),
            unit_strength_per_model: us.filter(|n| u32::from(*n) != by_type).map(Ranged),
            ..file
        })
    }

    /// Chariots: the chariot's T and W, its crew's other characteristics
    /// and attacks (a character riding it: his), its beasts' as its
    /// steeds', impact hits at its S; `parts` are the chariot, its crew,
    /// its beasts and its rider. RULES.md Profiles (a chariot's unit
    /// strength), Special attacks and psychology (its impact hits).
    fn chariot(
        &mut self,
        s: &Selection,
        parts: [Option<usize>; 4],
        chariots: u32,
    ) -> Result<ProfileFile, Text> {
        let bodies = self.b;
        let list = &bodies.list;
        let [chariot, crew, beasts, rider] = parts.map(|p| p.map(|i| &list[i]));
        let c = chariot.expect("a chariot's cast has its chariot");
        let fighter = match (rider, crew) {
            (Some(r), crew) => {
                if let Some(crew) = crew {
                    self.notes.push(text!(
                        "{}: the chariot's crew, not played beside the character riding it",
                        &crew.profile.name
                    ));
                }
                (r, 1)
            }
            (None, Some(crew)) => (crew, self.crew_count(crew, c, chariots)),
            (None, None) => return Err(text!("a chariot without its crew's profile")),
        };
        let (who, men) = fighter;
        let v = self.values(who, c)?;
        // Each crewman strikes with his own A (RULES.md Profiles).
        let crewmen = u8::try_from(men)
            .ok()
            .filter(|n| *n <= 20)
            .ok_or_else(|| text!("its crew of {} (accepted: up to 20)", men))?;
        let mut v = v;
        let steeds = match beasts {
            Some(beast) => {
                let n = self.count(beast, c, chariots, Count::Beasts);
                let one = self.steed(beast)?;
                v.m = self.movement(beast)?;
                Some(MountValues {
                    a: beasts_attacks(one.a, n)?,
                    ..one
                })
            }
            None => None,
        };
        if c.read("M").number().is_some() || steeds.is_none() {
            v.m = self.movement(c)?;
        }
        let dice = match (self.gear.impact_hits, c.read("A")) {
            // Its book's (light chariots' D3).
            (Some(h), _) => h.die,
            (None, Read::Dice(d)) if d.sides == 3 => Die::D3,
            _ => Die::D6,
        };
        let chariot_save = self
            .gear
            .save
            .or_else(|| save(c.written("Sv")))
            .or_else(|| {
                c.at.profiles
                    .iter()
                    .filter(|p| p.kind == "Armour")
                    .find_map(|p| save(super::body::written(p, "Saving Throw Modifier")))
            })
            .or_else(|| crew.and_then(|crew| save(crew.written("Sv"))));
        if chariot_save.is_none() {
            self.notes
                .push(text!("{}: the roster gives it no save", &c.profile.name));
        }
        let (weapon, shield) = self.gear.weapon(true);
        Ok(ProfileFile {
            save: chariot_save.map(Ranged),
            mount: steeds,
            impact_hits: Some(ImpactHitsValues {
                dice,
                plus: Ranged(self.gear.extra_impact_hits.min(6)),
                s: Ranged(self.needed(c, "S", 1, 10)?),
                beyond: Ranged(0),
            }),
            missile: self.missile(v.s.0),
            crew: Ranged(crewmen),
            ..self.file(s, TroopType::Chariot, v, (weapon, shield), chariots, c)
        })
    }

    /// Impact hits its book gives a model that is not a chariot, at `s`:
    /// a ridden beast's Strength, else its own. **\[ruling\]** RULES.md
    /// Special attacks and psychology, Impact hits.
    fn impact_hits(&self, s: Ranged<1, 10>) -> Option<ImpactHitsValues> {
        self.gear.impact_hits.map(|h| ImpactHitsValues {
            dice: h.die,
            plus: Ranged(h.plus),
            s,
            beyond: Ranged(h.beyond),
        })
    }

    /// How many crew one of `chariots` chariots (`c`) has, `crew` leading
    /// them: as many as counted, or one of each kind where several are
    /// written (a Tuskgor Chariot's Bestigor and Ungor), the others played
    /// at the leader's characteristics (noted).
    fn crew_count(&mut self, crew: &Body, c: &Body, chariots: u32) -> u32 {
        let bodies = self.b;
        let mut seen = std::collections::HashSet::from([crew.profile.name.as_str()]);
        let others: Vec<&str> = bodies
            .list
            .iter()
            .filter(|x| x.shape == Shape::Crew)
            .map(|x| x.profile.name.as_str())
            .filter(|name| seen.insert(name))
            .collect();
        if others.is_empty() {
            return self.count(crew, c, chariots, Count::Crew);
        }
        for other in &others {
            self.notes.push(text!(
                "{}: one of its crew, played at {}'s characteristics",
                *other,
                &crew.profile.name
            ));
        }
        1 + others.len() as u32
    }

    /// How many of `b` one of `chariots` chariots (`c`) has: its own
    /// models' number (not the chariot's, where both are written on one
    /// model), a count in its name, its upgrade's number if over one, else
    /// the rulebook's usual two (noted). A number is of all the chariots
    /// its selection is in (six crew for two chariots bought as one
    /// selection), or of one where it does not divide among them.
    fn count(&mut self, b: &Body, c: &Body, chariots: u32, what: Count) -> u32 {
        // A unit of chariots holds its chariots' crew in a selection of
        // each chariot's, or of them all.
        let among = match c.place {
            Place::Unit => b.within,
            _ => chariots,
        };
        let per = match b.count.checked_rem(among) {
            Some(0) => b.count / among,
            _ => b.count,
        };
        let per = Some(per).filter(|n| *n > 0);
        let own = b.place == Place::Model && !std::ptr::eq(b.at, c.at);
        let from_models = per.filter(|_| own);
        let from_upgrade = per.filter(|n| *n > 1);
        from_models
            .or_else(|| leading_count(&b.profile.name))
            .or(from_upgrade)
            .unwrap_or_else(|| {
                let name = &b.profile.name;
                self.notes.push(match what {
                    Count::Crew => text!("{}: the roster gives no count; 2 crew played", name),
                    Count::Beasts => {
                        text!("{}: the roster gives no count; 2 beasts played", name)
                    }
                });
                2
            })
    }

    /// The profile file every kind of unit shares, gear from the unit's;
    /// its ward and, where its gear gives no armour, its save as the
    /// profile of `columns` (its rank and file, its chariot) writes them.
    fn file(
        &mut self,
        s: &Selection,
        troop: TroopType,
        profile: ProfileValues,
        (weapon, shield): (Weapon, bool),
        models: u32,
        columns: &Body,
    ) -> ProfileFile {
        let g = self.gear;
        let chariot = troop == TroopType::Chariot;
        let (save, ward) = columns::saves(g, shield, chariot, columns, &mut self.notes);
        ProfileFile {
            name: s.name.clone(),
            troop,
            profile: with_bonus(profile, g.bonus),
            weapon,
            armour: g.body,
            shield,
            barding: g.barding.is_some(),
            flies: g.flies,
            natural_armour: natural_with(g.natural, g.armour_bonus).map(Ranged),
            save: save.map(Ranged),
            ward: ward.map(Ranged),
            regeneration: g.regeneration,
            rules: g.rules.clone(),
            mount: None,
            impact_hits: None,
            crew: Ranged(1),
            missile: None,
            points: (models > 0).then(|| Points(own_points(s) / f64::from(models))),
            combat_resolution: Ranged(g.combat_resolution.min(5)),
            champion: None,
            others: Vec::new(),
            general: g.general,
            battle_standard: g.battle_standard,
            army: (!g.army.is_empty()).then(|| g.army.clone()),
            hates: g.hates.clone(),
            fears: g.fears.clone(),
            immune_to_panic_against: g.immune_to_panic_against.clone(),
            panic: g.panic.clone(),
            open_ground: g.open_ground.clone(),
            unit_strength_per_model: None,
        }
    }

    /// A fighter's characteristics, M aside; its T and W `tough`'s (a
    /// chariot's, for its crew).
    fn values(&mut self, r: &Body, tough: &Body) -> Result<ProfileValues, Text> {
        Ok(ProfileValues {
            m: Move(0.0, None),
            ws: Ranged(self.needed(r, "WS", 1, 10)?),
            bs: Ranged(self.optional(r, "BS", 0, 10)?),
            s: Ranged(self.needed(r, "S", 1, 10)?),
            t: Ranged(self.needed(tough, "T", 1, 10)?),
            w: Ranged(self.needed(tough, "W", 1, 20)?),
            i: Ranged(self.needed(r, "I", 0, 10)?),
            a: self.attacks(r)?,
            ld: Ranged(self.needed(r, "Ld", 1, 10)?),
        })
    }

    /// A steed's close-combat characteristics.
    fn steed(&mut self, b: &Body) -> Result<MountValues, Text> {
        Ok(MountValues {
            ws: Ranged(self.needed(b, "WS", 1, 10)?),
            s: Ranged(self.needed(b, "S", 1, 10)?),
            i: Ranged(self.needed(b, "I", 0, 10)?),
            a: self.attacks(b)?,
        })
    }

    /// `b`'s A: a number from 0 to 10, or dice rolled each round (`D6+1`:
    /// RULES.md Special attacks and psychology), or why the unit cannot
    /// fight with it.
    fn attacks(&mut self, b: &Body) -> Result<Rolled<0, 10>, Text> {
        let giant = Psychology::new(&self.gear.rules).giant.is_some();
        if let Read::Other(v) = b.read("A") {
            // A Giant's 'Special' A: its table plays instead (RULES.md Giants).
            if v.eq_ignore_ascii_case("special") && giant {
                return Ok(Rolled(1, None));
            }
        }
        let Read::Dice(_) = b.read("A") else {
            return Ok(Rolled(self.needed(b, "A", 0, 10)?, None));
        };
        let written = b.written("A");
        match Dice::written(written) {
            Some((dice, plus)) if plus <= 10 => Ok(Rolled(plus, Some(dice))),
            _ => Err(text!(
                "{}'s A is {}, dice the tool does not roll (accepted: one to three D6 or D3 and a number added, such as D6+1)",
                &b.profile.name,
                written.to_string()
            )),
        }
    }

    /// M in cm: the inches written x 2.5 (none written, 0, noted: it
    /// cannot charge), or the dice it moves at random (`2D6`, inches:
    /// RULES.md Charges).
    fn movement(&mut self, b: &Body) -> Result<Move, Text> {
        match b.read("M") {
            Read::Absent => self.notes.push(text!(
                "{}: the roster gives no M; 0 played",
                &b.profile.name
            )),
            Read::Dice(_) => {
                let written = b.written("M");
                return match Dice::written(written) {
                    Some((dice, 0)) => Ok(Move(0.0, Some(dice))),
                    _ => Err(text!(
                        "{}'s M is {}, dice the tool does not roll (accepted: one to three D6 or D3, such as 2D6)",
                        &b.profile.name,
                        written.to_string()
                    )),
                };
            }
            _ => {}
        }
        Ok(Move(f64::from(self.optional(b, "M", 0, 40)?) * 2.5, None))
    }

    /// The missile weapon it shoots with, its Strength `user` if the weapon's is the model's own.
    fn missile(&self, user: u8) -> Option<MissileValues> {
        let MissileRead {
            strength,
            shots,
            rules,
        } = self.gear.missile?;
        let s = match strength {
            MissileStrength::Fixed(s) => s,
            MissileStrength::User(plus) => user.saturating_add(plus).min(10),
        };
        Some(MissileValues {
            s: Ranged(s),
            shots: Ranged(shots),
            long_range: false,
            armour_piercing: rules.armour_piercing,
            poison: rules.poison,
            artillery_dice: rules.artillery_dice,
            hits: rules.hits,
        })
    }

    /// Characteristic `key` of `b` within `lo..=hi`, or why the unit
    /// cannot fight with it.
    fn needed(&mut self, b: &Body, key: &str, lo: u8, hi: u8) -> Result<u8, Text> {
        let name = &b.profile.name;
        match b.read(key) {
            Read::Absent => Err(text!("{} has no {}", name, key)),
            read => self.within(b, key, read, lo, hi),
        }
    }

    /// [`Build::needed`], `lo` if it is not written.
    fn optional(&mut self, b: &Body, key: &str, lo: u8, hi: u8) -> Result<u8, Text> {
        match b.read(key) {
            Read::Absent => Ok(lo),
            read => self.within(b, key, read, lo, hi),
        }
    }

    fn within(&mut self, b: &Body, key: &str, read: Read, lo: u8, hi: u8) -> Result<u8, Text> {
        let name = &b.profile.name;
        let written = b.written(key).to_string();
        match read {
            Read::Num(n) | Read::Noted(n, _) if !(lo..=hi).contains(&n) => Err(text!(
                "{}'s {} is {} (accepted: {} to {})",
                name,
                key,
                n,
                lo,
                hi
            )),
            Read::Num(n) => Ok(n),
            Read::Noted(n, _) => {
                self.notes
                    .push(text!("{} {} {}: {} played", name, key, written, n));
                Ok(n)
            }
            Read::Dice(_) => Err(text!(
                "{}'s {} is {}, a random value (rolled only for A, M and a chariot's impact hits)",
                name,
                key,
                written
            )),
            // A Giant's A without its table's rule (RULES.md Giants).
            Read::Other(v) if v.eq_ignore_ascii_case("special") => Err(text!(
                "{}'s {} is 'Special': its army book's own rules give it (see its rules not played), and the tool does not play them yet",
                name,
                key
            )),
            Read::Other(_) | Read::Absent => Err(text!(
                "{}'s {} is '{}', not a value the tool plays",
                name,
                key,
                written
            )),
        }
    }
}

/// A chariot's crew or its beasts.
#[derive(Clone, Copy)]
enum Count {
    Crew,
    Beasts,
}

/// The attacks of a chariot's `n` beasts together, each with `a` (its
/// dice, each beast's rolled), as its steeds' A: at most 10 and their
/// dice. RULES.md Special attacks and psychology.
fn beasts_attacks(a: Rolled<0, 10>, n: u32) -> Result<Rolled<0, 10>, Text> {
    let all = u32::from(a.0).saturating_mul(n);
    let fixed = u8::try_from(all).ok().filter(|a| *a <= 10);
    let dice = match a.1 {
        Some(d) => u8::try_from(n)
            .ok()
            .and_then(|n| n.checked_mul(d.count))
            .map(|count| Some(Dice { count, ..d })),
        None => Some(None),
    };
    match (fixed, dice) {
        (Some(fixed), Some(dice)) => Ok(Rolled(fixed, dice)),
        _ => Err(text!("its beasts' {} attacks (accepted: up to 10)", all)),
    }
}

/// Whether a steed makes its rider a monster: wounds of its own (3 or
/// more) or a monster's base (50 mm or more across).
fn monstrous(steed: &Body) -> bool {
    let big_base = steed.base().is_some_and(|(w, d)| w.min(d) >= 50);
    let wounds = steed.shape == Shape::Fighter && steed.read("W").number().is_some_and(|w| w >= 3);
    big_base || wounds
}

/// A unit on foot's troop type from its unit strength (`us`: 3 large
/// infantry, 4 or more a monster, else infantry), else its base (40 mm
/// across: large infantry; 50: a monster), else its wounds (3 or more in a
/// unit of several models: large infantry; 5 or more: a monster).
/// RULES.md Profiles.
fn on_foot(r: &Body, wounds: u8, models: u32, us: Option<u8>) -> TroopType {
    match us {
        Some(n) if n >= 4 => return TroopType::Monster,
        Some(3) => return TroopType::LargeInfantry,
        Some(_) => return TroopType::Infantry,
        None => {}
    }
    match r.base().map(|(w, d)| w.min(d)) {
        Some(n) if n >= 50 => TroopType::Monster,
        Some(n) if n >= 40 => TroopType::LargeInfantry,
        Some(_) => TroopType::Infantry,
        None if wounds >= 5 => TroopType::Monster,
        None if wounds >= 3 && models > 1 => TroopType::LargeInfantry,
        None => TroopType::Infantry,
    }
}

/// `v` with the characteristics its items and rules add, each kept within
/// its range. RULES.md Profiles.
fn with_bonus(v: ProfileValues, b: Bonus) -> ProfileValues {
    ProfileValues {
        // Inches, 2.5 cm each, as a profile's M is read (RULES.md Charges).
        m: match v.m.1 {
            None => Move((v.m.0 + f64::from(b.m) * 2.5).max(0.0), None),
            Some(_) => v.m,
        },
        ws: plus(v.ws, b.ws),
        bs: plus(v.bs, b.bs),
        s: plus(v.s, b.s),
        t: plus(v.t, b.t),
        w: plus(v.w, b.w),
        i: plus(v.i, b.i),
        a: Rolled(plus(Ranged::<0, 10>(v.a.0), b.a).0, v.a.1),
        ld: plus(v.ld, b.ld),
    }
}

/// `c` with `by` added, kept from `LO` to `HI`.
fn plus<const LO: u8, const HI: u8>(c: Ranged<LO, HI>, by: i8) -> Ranged<LO, HI> {
    let sum = (i16::from(c.0) + i16::from(by)).clamp(i16::from(LO), i16::from(HI));
    Ranged(u8::try_from(sum).unwrap_or(LO))
}

/// Natural armour (its save alone: 6 for 6+) with `bonus` more added to
/// the save: what is added to the armour worn, 2+ at best. RULES.md Saves.
fn natural_with(natural: Option<u8>, bonus: u8) -> Option<u8> {
    let added = natural.map_or(0, |n| 7 - n) + bonus;
    (added > 0).then(|| 7u8.saturating_sub(added).max(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_bonus_adds_its_inches_in_cm() {
        // LongStrider's +1 M on an Ogre's M 6" (15 cm): 1" is 2.5 cm
        // (RULES.md Charges), 17.5 cm.
        let v = ProfileValues {
            m: Move(15.0, None),
            ws: Ranged(3),
            bs: Ranged(2),
            s: Ranged(4),
            t: Ranged(4),
            w: Ranged(3),
            i: Ranged(2),
            a: Rolled(3, None),
            ld: Ranged(7),
        };
        let longstrider = Bonus {
            m: 1,
            ..Bonus::default()
        };
        assert_eq!(with_bonus(v, longstrider).m.0, 17.5);
        assert_eq!(with_bonus(v, Bonus::default()).m.0, 15.0);
    }
}
