//! One roster unit: its profiles as read with their roles, its gear and
//! rules, and the unit as the tool plays it (a
//! [`ProfileFile`](crate::profile::ProfileFile), the same model a profile
//! file gives), or why it cannot fight.
//!
//! **How.** The unit's profiles and their roles come from its structure
//! ([`body`](super::body), [`roles`](super::roles)); its gear and rules
//! from its selections' names and profiles ([`gear`](super::gear)), the
//! rank and file's, their steed's and the unit's own (a champion's or
//! another model's own gear is theirs), then the rules its army gives it
//! where the roster has not ([`army`](super::army));
//! [`build`](super::build) plays it.
//! A unit that cannot be read or played is left out with the reason,
//! never the list.

use super::army::ArmySelections;
use super::body::{bodies, stands_alone, Bodies, Body, Shape};
use super::build::Build;
use super::gear::Gear;
use super::names::{looked_up, Command, Found};
use super::roles::{cast, Cast};
use super::value::Read;
use super::xml::Selection;
use super::{ModelProfile, Role, RosterUnit, Value};
use crate::text;
use crate::words::text::Text;

/// Roster unit `number` (from 1) from selection `s`, a detachment of unit
/// `parent` if it is one, in an army whose own selections are `army.0`,
/// of categories `army.1` (its own and those of the units it is part of).
pub(super) fn unit(
    number: usize,
    parent: Option<usize>,
    s: &Selection,
    army: (&ArmySelections, &[String]),
) -> RosterUnit {
    let mut unit = RosterUnit {
        number,
        name: s.name.clone(),
        army: s.army.to_string(),
        parent,
        points: own_points(s),
        models: 0,
        profiles: Vec::new(),
        equipment: Vec::new(),
        rules_played: Vec::new(),
        rules_without_effect: Vec::new(),
        rules_not_played: Vec::new(),
        played_in_part: Vec::new(),
        rules_folded: Vec::new(),
        rules_from_army: Vec::new(),
        notes: Vec::new(),
        champion: false,
        standard: false,
        musician: false,
        character: s.categories.iter().any(|c| super::is_character_category(c)),
        war_machine: false,
        options: super::chosen::options_held(s),
        played: Err(Text::default()),
    };
    if let Some(e) = problem(s) {
        unit.played = Err(e.describe());
        return unit;
    }
    let b = match bodies(s) {
        Ok(b) => b,
        Err(e) => {
            unit.played = Err(e.describe());
            return unit;
        }
    };
    let (cast, roles) = cast(&b);
    unit.war_machine = match cast {
        Cast::Troops { machine, .. } => machine.is_some() || b.in_category("War Machine"),
        Cast::NoFighter { machine } => machine,
        Cast::Chariot { .. } => false,
    };
    unit.models = match cast {
        Cast::Troops { models, .. } => models,
        Cast::Chariot { chariots, .. } => chariots,
        _ => b.list.first().map_or(0, |x| x.count),
    };
    unit.profiles = b
        .list
        .iter()
        .zip(&roles)
        .map(|(body, role)| {
            // The unit's own profile is its rank and file's (and their
            // steeds'): as many as they are.
            let unit_models = body.place == super::body::Place::Unit
                && matches!(role, Role::RankAndFile | Role::Mount);
            let count = if unit_models { unit.models } else { body.count };
            model_profile(body, *role, count)
        })
        .collect();
    let mut gear = Gear::of(&s.army);
    let mut flags = Flags::default();
    walk(s, &b, &roles, (None, false), &mut gear, &mut flags);
    // The champion's gear: the unit's and his own.
    let mut his = Gear::of(&s.army);
    walk(s, &b, &roles, (None, true), &mut his, &mut Flags::default());
    let models: Vec<(&str, Role)> = b
        .list
        .iter()
        .zip(&roles)
        .map(|(body, role)| (body.profile.name.as_str(), *role))
        .collect();
    unit.rules_from_army = army
        .0
        .given(s, army.1, &models)
        .into_iter()
        .filter(|rule| gear.army_rule(&rule.name))
        .collect();
    gear.panic.kinds = army.0.kinds(s, army.1, &models);
    let mut build = Build {
        b: &b,
        gear: &gear,
        notes: Vec::new(),
    };
    unit.played = build.played(s, &cast);
    let mut his_name = None;
    if let Ok(file) = &mut unit.played {
        if let Some((name, own)) = build.champion(s, &cast, &his, file) {
            his_name = Some(name);
            file.champion = own.map(Box::new);
        }
    }
    // Its other kinds of model that fight in it (Mixed Units' Packmasters,
    // a regiment's named models), each with his own profile and gear
    // (RULES.md Characters in units, Other kinds of model in a unit);
    // their names told as their gear tells them.
    let (apart, units_gear) = super::others::fighting(&b, &cast, &roles, gear.others_fight);
    let mut fielded = Vec::new();
    if let (Ok(file), false) = (&mut unit.played, apart.is_empty()) {
        let own = |i: usize| own_gear(s, &b, &roles, (i, units_gear));
        match super::others::fielded(s, &b, &cast, &apart, own) {
            Ok((files, gears)) => {
                file.others = files;
                fielded = gears;
            }
            Err(why) => build
                .notes
                .push(text!("its other kinds of model are not fielded: {}", why)),
        }
    }
    // Mixed Units: the unit tests on its other models' Ld (a pack's
    // Packmasters'), where better (RULES.md Break test); fielded, they
    // lend it while one stands, as a character does.
    let others_ld = gear.others_ld && fielded.is_empty();
    if let (Ok(file), true) = (&mut unit.played, others_ld) {
        let others = b
            .list
            .iter()
            .zip(&roles)
            .filter(|(_, r)| **r == Role::Other);
        let best = others
            .filter_map(|(body, _)| body.read("Ld").number())
            .max();
        if let Some(ld) = best.filter(|ld| (1..=10).contains(ld)) {
            file.profile.ld.0 = file.profile.ld.0.max(ld);
        }
    }
    if let (Ok(file), Some(per_model)) = (&mut unit.played, model_points(s, &b, &roles, &cast)) {
        file.points = Some(crate::profile::Points(per_model));
    }
    for (i, (body, role)) in b.list.iter().zip(&roles).enumerate() {
        let played_apart = !fielded.is_empty() && apart.contains(&i);
        if *role == Role::Other && !played_apart {
            build.notes.push(text!(
                "{} x{}: another kind of model in the unit, not played in its fights",
                &body.profile.name,
                body.count
            ));
        }
    }
    unit.notes = build.notes;
    for (name, his) in &fielded {
        gear.tell_champions(his, name, true);
    }
    if let Some(name) = his_name {
        let his_body = unit.played.as_ref().is_ok_and(|f| f.champion.is_some());
        gear.tell_champions(&his, &name, his_body);
    }
    unit.champion = matches!(
        cast,
        Cast::Troops {
            champion: Some(_),
            ..
        }
    );
    unit.standard = flags.standard;
    unit.musician = flags.musician;
    unit.rules_folded = gear.folded_and_others();
    unit.equipment = gear.equipment.names();
    unit.rules_played = gear.rules_played.names();
    unit.played_in_part = gear.played_in_part.into_vec();
    unit.rules_without_effect = gear.no_effect.into_vec();
    unit.rules_not_played = gear.rules_not_played.into_vec();
    unit
}

/// Whether unit `u`, in a roster that writes no categories, is taken for
/// a character: one model on foot or on a steed, with no champion, not a
/// detachment, a war machine, a chariot or a monster on foot (a Giant).
pub(super) fn looks_like_character(u: &RosterUnit) -> bool {
    use crate::rules::profile::TroopType;
    let lone = u.models == 1 && u.parent.is_none() && !u.champion && !u.war_machine;
    lone && u.played.as_ref().is_ok_and(|p| match p.troop {
        TroopType::Infantry | TroopType::Cavalry => true,
        TroopType::Monster => p.mount.is_some(),
        TroopType::LargeInfantry | TroopType::Chariot | TroopType::WarMachine => false,
    })
}

/// Its points, those of detachments (units of their own) left out.
pub(super) fn own_points(s: &Selection) -> f64 {
    s.points
        + s.children
            .iter()
            .filter(|c| !stands_alone(s, c))
            .map(own_points)
            .sum::<f64>()
}

/// What one rank-and-file model of unit `s` costs, from the list's
/// structure: the `model` selection that counts them (the one holding
/// their profile, or the unit's one `model` selection of that number when
/// the profile is the unit's), its points and the upgrades under it (each
/// model's) over its number; a champion or another model under it is the
/// unit's. None where no selection counts them alone (the unit's whole
/// cost is then shared by its models).
fn model_points(s: &Selection, b: &Bodies, roles: &[Role], cast: &Cast) -> Option<f64> {
    let Cast::Troops { rider, models, .. } = *cast else {
        return None;
    };
    let body = b.list.get(rider)?;
    let counted = |m: &&Selection| m.kind == "model" && m.number == models;
    let at = match body.place {
        super::body::Place::Model if body.count == models => body.at,
        super::body::Place::Unit => {
            let mut counting = s.children.iter().filter(counted);
            match (counting.next(), counting.next()) {
                (Some(only), None) => only,
                _ => return None,
            }
        }
        _ => return None,
    };
    if models == 0 {
        return None;
    }
    let others: f64 = b
        .list
        .iter()
        .zip(roles)
        .filter(|(o, role)| {
            matches!(role, Role::Champion | Role::Other)
                && at.children.iter().any(|c| std::ptr::eq(c, o.at))
        })
        .map(|(o, _)| own_points(o.at))
        .sum();
    Some((own_points(at) - others) / f64::from(models))
}

/// The first selection of the unit whose number or cost cannot be read.
fn problem(s: &Selection) -> Option<&super::RosterError> {
    s.problem.as_ref().or_else(|| {
        s.children
            .iter()
            .filter(|c| !stands_alone(s, c))
            .find_map(problem)
    })
}

/// The command a unit's upgrades name.
#[derive(Default)]
struct Flags {
    standard: bool,
    musician: bool,
}

/// Reads the gear and rules of `s` and what it holds, detachments aside.
/// What a champion or another model holds (`held_by`: theirs, not the
/// unit's) is only told, with the model that holds it; read for the
/// champion (`his`), what he holds is read as the unit's are, and the
/// weapons it gives are his own.
fn walk(
    s: &Selection,
    b: &Bodies,
    roles: &[Role],
    (held_by, his): (Option<&str>, bool),
    gear: &mut Gear,
    flags: &mut Flags,
) {
    // A selection holding profiles, or naming one of the unit's
    // (`Packmaster each pack`), is those models: its gear the unit's if
    // one of them is its rank and file, steed or chariot's, else theirs.
    let unit_role = |r: &Role| {
        matches!(
            r,
            Role::RankAndFile | Role::Mount | Role::Chariot | Role::Crew | Role::Beast
        )
    };
    let mut held = b
        .list
        .iter()
        .zip(roles)
        // A profile with no characteristics is no model (the Anvil of
        // Doom's platform): what its selection holds is the unit's.
        .filter(|(body, _)| std::ptr::eq(body.at, s) && body.shape != Shape::Other)
        .map(|(_, r)| *r)
        .chain(
            b.namers
                .iter()
                .filter(|(n, _)| std::ptr::eq(*n, s))
                .map(|(_, i)| roles[*i]),
        )
        .peekable();
    let models = held.peek().is_some();
    let steed = held.clone().any(|r| r == Role::Mount);
    let champion = held.clone().any(|r| r == Role::Champion);
    let units_models = held.any(|r| unit_role(&r)) || (his && champion);
    let weapons_before = gear.weapons.len();
    // A champion shoots his own missile weapon where he has one, else his
    // unit's (RULES.md Shooting, Each model shoots his own weapon).
    let units_missile = match his && champion {
        true => gear.take_missile(),
        false => None,
    };
    // The unit's own selection is the unit's, whatever model's profile it
    // shows (a regiment's leader shown at its head): its rules are all of
    // its models', its shown model's armour his.
    let held_by = match models {
        true if units_models || s.kind == "unit" => None,
        true => Some(holder(s, b)),
        false => held_by,
    };
    if let Some(model) = held_by {
        // A model of the unit's own that carries its banner or instrument
        // (a standard bearer of his own profile) carries the unit's.
        if models {
            carried(gear, (&s.name, false), flags);
        }
        if s.kind == "upgrade" && !models && !carried(gear, (&s.name, false), flags) {
            gear.other(&s.name, model);
        }
        for rule in &s.rules {
            if !carried(gear, (rule, true), flags) {
                gear.other(rule, model);
            }
        }
    } else {
        if models && units_models {
            gear.worn(s, steed);
        }
        let rules_say = match s.kind == "upgrade" && !models {
            true => match looked_up(&gear.army, &s.name) {
                Some(Found::Played(e)) if e.command == Some(Command::Standard) => {
                    flags.standard = true;
                    false
                }
                Some(Found::Played(e)) if e.command == Some(Command::Musician) => {
                    flags.musician = true;
                    false
                }
                _ => gear.item(s),
            },
            false => true,
        };
        for rule in &s.rules {
            match rules_say {
                true => gear.rule(rule),
                // The rules of an item the table knows are the item's.
                false => gear.folded.add(rule, &s.name),
            }
        }
    }
    for c in &s.children {
        if !stands_alone(s, c) {
            walk(c, b, roles, (held_by, his), gear, flags);
        }
    }
    if his && champion {
        let own = gear.weapons[weapons_before..].to_vec();
        gear.own_weapons.extend(own);
        gear.keep_missile(units_missile);
    }
}

/// The gear another kind of model of the unit (body `i` of `b`) fights
/// with: with the unit's (`units`, a regiment's named model), the unit's
/// and his own, his own weapons first, as its champion's; else (a pack's
/// Packmaster) the selections that hold or name his profile below the
/// unit's own, each read as a unit's (its other models' names only told):
/// the unit's own selection and its rank and file's are theirs, not his
/// (RULES.md Characters in units, Other kinds of model in a unit).
fn own_gear(s: &Selection, b: &Bodies, roles: &[Role], (i, units): (usize, bool)) -> Gear {
    if units {
        let his: Vec<Role> = (0..roles.len())
            .map(|j| match (j == i, roles[j]) {
                (true, _) => Role::Champion,
                (false, Role::Champion) => Role::Other,
                (false, r) => r,
            })
            .collect();
        let mut gear = Gear::of(&s.army);
        walk(s, b, &his, (None, true), &mut gear, &mut Flags::default());
        return gear;
    }
    let his: Vec<Role> = (0..roles.len())
        .map(|j| match j == i {
            true => Role::RankAndFile,
            false => Role::Other,
        })
        .collect();
    let mut gear = Gear::of(&s.army);
    let holds = |x: &Selection| {
        !std::ptr::eq(x, s)
            && (std::ptr::eq(b.list[i].at, x)
                || b.namers.iter().any(|(n, k)| *k == i && std::ptr::eq(*n, x)))
    };
    let mut flags = Flags::default();
    let mut stack: Vec<&Selection> = vec![s];
    while let Some(x) = stack.pop() {
        if holds(x) {
            walk(x, b, &his, (None, false), &mut gear, &mut flags);
            continue;
        }
        let below = x.children.iter().filter(|c| !stands_alone(s, c));
        stack.extend(below.rev());
    }
    gear
}

/// Whether `name`, held by another of the unit's models, is a standard,
/// a musician or the battle standard: then the unit's, whoever carries
/// it in it (Ruglud's Orcs' banner, Maggot, carried by Maggot of his own
/// profile; a General's battle standard carried by a model beside him).
/// Told as the unit's own would be: a rule (`rule`) or the battle
/// standard played, in part where it does more; a command upgrade's name
/// not. RULES.md Combat resolution.
fn carried(gear: &mut Gear, (name, rule): (&str, bool), flags: &mut Flags) -> bool {
    let Some(Found::Played(e)) = looked_up(&gear.army, name) else {
        return false;
    };
    match e.command {
        Some(Command::Standard) => flags.standard = true,
        Some(Command::Musician) => flags.musician = true,
        None if e.battle_standard => gear.battle_standard = true,
        None => return false,
    }
    if rule || e.command.is_none() {
        gear.tell_carried(name, e.rest_not_played);
    }
    true
}

/// The name of the model selection `s` holds or names (the first).
fn holder<'b>(s: &Selection, b: &'b Bodies) -> &'b str {
    let held = b.list.iter().find(|body| std::ptr::eq(body.at, s));
    let named = || {
        b.namers
            .iter()
            .find(|(n, _)| std::ptr::eq(*n, s))
            .map(|(_, i)| &b.list[*i])
    };
    held.or_else(named)
        .map_or("", |body| body.profile.name.as_str())
}

/// A profile as written, with its role: each characteristic as the file
/// writes it, `Mv` named `M`.
fn model_profile(b: &Body, role: Role, models: u32) -> ModelProfile {
    let values = b
        .profile
        .characteristics
        .iter()
        .map(|(key, raw)| {
            let key = if key == "Mv" { "M" } else { key.as_str() };
            let value = match (key, Read::of(raw)) {
                ("Base", _) => Value::Text(raw.clone()),
                (_, Read::Num(n)) => Value::Num(f64::from(n)),
                (_, Read::Absent) => Value::Absent,
                _ => Value::Text(raw.clone()),
            };
            (key.to_string(), value)
        })
        .collect();
    ModelProfile {
        name: b.profile.name.clone(),
        models,
        role,
        values,
    }
}
