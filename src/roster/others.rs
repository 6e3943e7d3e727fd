//! A roster unit's other kinds of model that fight in it (a pack's
//! Packmasters, where its book's Mixed Units says so; a regiment's named
//! models beside its champion): each model a profile file of his own, his
//! profile and the gear he holds, fielded beside the rank and file as a
//! character in the unit is. RULES.md Characters in units, Other kinds of
//! model in a unit.

use super::body::{Bodies, Body, Shape};
use super::build::Build;
use super::gear::Gear;
use super::roles::{leads_like_a_champion, steady, Cast};
use super::xml::Selection;
use super::Role;
use crate::profile::{Points, ProfileFile, Ranged};
use crate::text;
use crate::words::text::Text;

/// The most models of other kinds the roster fields in one unit: the
/// fights hold four models apart from the rank and file
/// (`combat::unit::MAX_CHARACTERS`), one kept for a character who joins.
pub(crate) const MAX_OTHERS: u32 = 3;

/// Which of the unit's other models fight in it: all of them where its
/// book's rule says so (`all`: Mixed Units) or where the unit is a band
/// of single models ([`band`]: Gotrek and Felix), each with only the gear
/// his own selections hold; else those that could have led it as its
/// champion (a regiment's other named models: Sheikh Sufti, Kylist), each
/// with the unit's gear and his own, as its champion; a monster's
/// handlers ([`handlers`]) with their own. Troops only.
pub(super) fn fighting(b: &Bodies, cast: &Cast, roles: &[Role], all: bool) -> (Vec<usize>, bool) {
    let Cast::Troops {
        rider,
        models,
        machine: None,
        mount,
        ..
    } = *cast
    else {
        return (Vec::new(), false);
    };
    let other = |i: &usize| roles[*i] == Role::Other;
    let which = (0..b.list.len()).filter(other);
    // Where all fight, a body that is no fighter stays apart (the Anvil
    // of Doom beside its Guards: RULES.md Other kinds of model in a unit).
    let fighter = |i: &usize| b.list[*i].shape == Shape::Fighter;
    if all || band(b, rider, models, which.clone()) {
        return (which.filter(fighter).collect(), false);
    }
    let handlers = match mount {
        None => handlers(b, rider, models, which.clone().filter(fighter)),
        Some(_) => Vec::new(),
    };
    if !handlers.is_empty() {
        return (handlers, false);
    }
    let leads = |i: &usize| leads_like_a_champion(&b.list[*i], &b.list[rider], models);
    (which.filter(leads).collect(), true)
}

/// Whether the unit is a band of single models, each a character's
/// profile on a model selection of the unit's own (Gotrek and Felix,
/// Grabnatz and Gulag): its rank and file one such model, and each other
/// model one more, a fighter. Each fights beside the others with his own
/// profile and gear (RULES.md Other kinds of model in a unit).
fn band(b: &Bodies, rider: usize, models: u32, mut others: impl Iterator<Item = usize>) -> bool {
    let single = |i: usize| {
        let x = &b.list[i];
        x.beside && x.count == 1 && !x.each && x.shape == Shape::Fighter
    };
    let mut others = others.by_ref().peekable();
    models == 1 && single(rider) && others.peek().is_some() && others.all(single)
}

/// A monster's handlers (a War Hydra's Beastmaster Apprentices; RULES.md
/// Other kinds of model in a unit): in troops (no character) of one
/// model on foot, the fighters `others` with fewer wounds than it, on
/// selections of the unit's own, not inside its rank and file's (there a
/// profile is that model's variant: a Spellsthirster War Hydra); none
/// elsewhere.
fn handlers(
    b: &Bodies,
    rider: usize,
    models: u32,
    others: impl Iterator<Item = usize>,
) -> Vec<usize> {
    let troops =
        !b.categories.is_empty() && !b.categories.iter().any(|c| super::is_character_category(c));
    let rider = &b.list[rider];
    if !troops || models != 1 || rider.count != 1 {
        return Vec::new();
    }
    let inside = |at: &Selection| {
        let mut stack = vec![rider.at];
        while let Some(s) = stack.pop() {
            if std::ptr::eq(s, at) {
                return true;
            }
            stack.extend(s.children.iter());
        }
        false
    };
    let wounds = |x: &Body| x.read("W").number().unwrap_or(0);
    others
        .filter(|&i| wounds(&b.list[i]) < wounds(rider) && !inside(b.list[i].at))
        .collect()
}

/// A profile file per model fielded, and each kind's name with his gear.
pub(super) type Fielded = (Vec<ProfileFile>, Vec<(String, Gear)>);

/// The unit's other kinds of model `others` ([`fighting`]) as they fight
/// in it: a profile file per model (one pack's Packmaster each), on the
/// rank and file's steed if they ride one, with each kind's name and his
/// gear (`own_gear` reads it), to tell his names by; or why they cannot
/// be fielded. Troops only (no war machine's crew, no chariot); each kind
/// a fighter whose M, WS and A are numbers. His points are his unit's,
/// which its list prices whole.
pub(super) fn fielded(
    s: &Selection,
    b: &Bodies,
    cast: &Cast,
    others: &[usize],
    own_gear: impl Fn(usize) -> Gear,
) -> Result<Fielded, Text> {
    let Cast::Troops {
        machine: None,
        mount,
        ..
    } = *cast
    else {
        return Err(text!("a war machine's or chariot's other models"));
    };
    let models: u32 = others
        .iter()
        .fold(0u32, |n, &i| n.saturating_add(b.list[i].count));
    if models > MAX_OTHERS {
        return Err(text!(
            "{} models of other kinds (the fights field at most {} beside the rank and file)",
            models,
            MAX_OTHERS
        ));
    }
    let mut files = Vec::new();
    let mut gears = Vec::new();
    for &i in others {
        let body = &b.list[i];
        if body.shape != Shape::Fighter || !steady(body) {
            return Err(text!(
                "{}: a model whose M, WS or A is not a number",
                &body.profile.name
            ));
        }
        let gear = own_gear(i);
        let mut build = Build {
            b,
            gear: &gear,
            notes: Vec::new(),
        };
        let file = build.troops(s, i, 1, mount)?;
        // A banner, an instrument or the battle standard he carries is
        // the unit's (`unit::carried`), and so is the General's place.
        let file = ProfileFile {
            name: body.profile.name.clone(),
            points: Some(Points(0.0)),
            combat_resolution: Ranged(0),
            battle_standard: false,
            general: false,
            ..file
        };
        for _ in 0..body.count {
            files.push(file.clone());
        }
        gears.push((body.profile.name.clone(), gear));
    }
    Ok((files, gears))
}
