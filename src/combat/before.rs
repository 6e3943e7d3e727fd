//! A fight whose models roll before it (the Potion of Pavona): the fight
//! as a mixture of variants, one per outcome of every roll together, each
//! a whole [`Combat`] of its own with its probability. The exact engine
//! plays each and adds its results weighted; the Monte Carlo engines draw
//! a variant each fight. Every variant keeps its fight's units and their
//! order, so one tally layout serves them all: a model a roll slew before
//! the fight is counted among its unit's casualties ([`Lost`]). RULES.md
//! Rolls before the fight.

use super::fight::{Combat, Setup};
use super::unit::Unit;
use crate::rules::before_fight::{BeforeFight, Change};

/// What a variant's units lost before the fight, to a roll of 1: models
/// of the rank and file (a champion) and characters. Each is a casualty
/// for all purposes, so the tally counts it with the fight's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lost {
    /// Rank-and-file models (the champion).
    pub models: u32,
    /// Characters.
    pub characters: u32,
}

/// One outcome of the rolls before a fight.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Its probability.
    pub p: f64,
    /// The fight as that outcome leaves it.
    pub combat: Combat,
    /// What each unit lost before the fight.
    pub lost: Vec<Lost>,
}

/// Which model of a unit rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Model {
    /// The unit's own one model.
    Own,
    /// Its champion's body.
    Champion,
    /// Its character at this index.
    Character(usize),
}

/// The models of `combat` that roll, with their rolls: the unit's own if
/// it is one model, its champion's body, its characters.
fn rollers(combat: &Combat) -> Vec<(usize, Model, BeforeFight)> {
    let mut out = Vec::new();
    for (u, unit) in combat.setup.units.iter().enumerate() {
        if unit.models == 1 && unit.characters.is_empty() {
            out.extend(unit.before_fight.iter().map(|&r| (u, Model::Own, r)));
        }
        if let Some(c) = &unit.champion_body {
            out.extend(c.before_fight.iter().map(|&r| (u, Model::Champion, r)));
        }
        for (i, c) in unit.characters.iter().enumerate() {
            let rolls = c.body.before_fight.iter();
            out.extend(rolls.map(|&r| (u, Model::Character(i), r)));
        }
    }
    out
}

/// The body a roller's model is.
fn body(unit: &Unit, model: Model) -> &Unit {
    match model {
        Model::Own => unit,
        Model::Champion => unit.champion_body.as_deref().unwrap_or(unit),
        Model::Character(i) => &unit.characters[i].body,
    }
}

/// The variants of `combat`, one per outcome of all its rolls before the
/// fight, in the order of the rolls' outcomes; none if nothing rolls.
pub fn variants(combat: &Combat) -> Vec<Variant> {
    let rollers = rollers(combat);
    if rollers.is_empty() {
        return Vec::new();
    }
    let outcomes: Vec<Vec<(f64, Change)>> = rollers
        .iter()
        .map(|&(u, model, roll)| roll.outcomes(&body(&combat.setup.units[u], model).profile))
        .collect();
    let total: usize = outcomes.iter().map(Vec::len).product();
    (0..total)
        .map(|mut k| {
            let mut p = 1.0;
            let mut picked = Vec::with_capacity(rollers.len());
            for o in &outcomes {
                let (q, change) = &o[k % o.len()];
                k /= o.len();
                p *= q;
                picked.push(change);
            }
            variant(combat, &rollers, &picked, p)
        })
        .collect()
}

/// `combat` with each roller's `changes` made.
fn variant(
    combat: &Combat,
    rollers: &[(usize, Model, BeforeFight)],
    changes: &[&Change],
    p: f64,
) -> Variant {
    let mut setup: Setup = combat.setup.clone();
    let mut lost = vec![Lost::default(); setup.units.len()];
    // Slain characters leave last, so the others' indices hold meanwhile.
    let mut slain: Vec<(usize, usize)> = Vec::new();
    for (&(u, model, _), change) in rollers.iter().zip(changes) {
        let unit = &mut setup.units[u];
        let alive = match model {
            Model::Own => changed(unit, change),
            Model::Character(i) => changed(&mut unit.characters[i].body, change),
            Model::Champion => unit
                .champion_body
                .as_deref_mut()
                .is_none_or(|c| changed(c, change)),
        };
        match (alive, model) {
            (true, _) => {}
            (false, Model::Character(i)) => slain.push((u, i)),
            (false, _) => {
                // The champion (the scenario refuses a unit's only model
                // one Wound with a roll): his unit fights a model short.
                unit.champion = false;
                unit.champion_body = None;
                unit.models -= 1;
                // No enemy declares attacks at a champion who is gone.
                unit.attacks_on_champion = 0;
                lost[u].models += 1;
            }
        }
    }
    slain.sort_unstable();
    for &(u, i) in slain.iter().rev() {
        let unit = &mut setup.units[u];
        let gone = unit.characters.remove(i);
        lost[u].characters += 1;
        // The General slain with him: the unit no longer has him.
        if gone.body.general && !unit.characters.iter().any(|c| c.body.general) {
            unit.general = false;
        }
    }
    Variant {
        p,
        combat: Combat::new(setup),
        lost,
    }
}

/// `unit`'s one model changed by `change`; false if it is slain.
fn changed(unit: &mut Unit, change: &Change) -> bool {
    let Some(profile) = change.apply(&unit.profile) else {
        return false;
    };
    unit.profile = profile;
    // What the unit worked out from its profile when it was built.
    if let Some(b) = unit.bull_charge.as_mut() {
        b.s = profile.s;
    }
    unit.rules.first_round_s += change.first_round_s;
    true
}
