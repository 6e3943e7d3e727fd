//! The rolls a scenario's models make before the fight (RULES.md Rolls
//! before the fight): those `[situation]`'s switches leave rolled, on
//! models that may make them.

use super::combat::Situation;
use crate::combat::unit::Unit;
use crate::error::InputError;
use crate::profile::ProfileFile;
use crate::rules::before_fight::BeforeFight;
use crate::text;

/// A unit of more models than one led by a champion: a roll before the
/// fight it carries is his (in a list, his selection holds it), so he gets
/// a body of his own carrying it (his unit's with +1 A, where his source
/// gives him none) and the rank and file drop it. RULES.md Rolls before
/// the fight.
pub(super) fn champion_drinks(mut file: ProfileFile, champion: bool, models: u32) -> ProfileFile {
    let is_roll = |r: &crate::rules::special::SpecialRule| BeforeFight::of(*r).is_some();
    if !champion || models <= 1 || !file.rules.iter().any(is_roll) {
        return file;
    }
    let mut his = match file.champion.take() {
        Some(his) => *his,
        None => {
            let mut his = file.clone();
            his.profile.a.0 = his.profile.a.0.saturating_add(1);
            his
        }
    };
    for r in file.rules.iter().filter(|r| is_roll(r)) {
        if !his.rules.contains(r) {
            his.rules.push(*r);
        }
    }
    file.rules.retain(|r| !is_roll(r));
    file.champion = Some(Box::new(his));
    file
}

/// Takes away the rolls `situation`'s switches say are not made, then
/// checks each unit's: a roll is one model's, so a unit of more models
/// carries it only with a champion (he drinks it: [`champion_drinks`]),
/// and a unit's only model must survive a roll's lost wound (else there
/// would be no fight). `names` names each unit's table in errors.
pub(super) fn rolls_before_fight(
    units: &mut [Unit],
    situation: &Situation,
    names: &[String],
) -> Result<(), InputError> {
    let (potion, gourd) = (situation.potion_of_pavona, situation.gourd_of_lustrian_wine);
    let keep = |rolls: &mut Vec<BeforeFight>| rolls.retain(|r| r.rolled(potion, gourd));
    for unit in units.iter_mut() {
        keep(&mut unit.before_fight);
        if let Some(c) = unit.champion_body.as_deref_mut() {
            keep(&mut c.before_fight);
        }
        for c in &mut unit.characters {
            keep(&mut c.body.before_fight);
        }
    }
    for (unit, name) in units.iter().zip(names) {
        check(unit, name)?;
    }
    let rolls: usize = units
        .iter()
        .map(|u| {
            let heroes = u.characters.iter().map(|c| c.body.before_fight.len());
            let champion = u.champion_body.as_ref().map_or(0, |c| c.before_fight.len());
            u.before_fight.len() * usize::from(u.models == 1) + champion + heroes.sum::<usize>()
        })
        .sum();
    if rolls > MOST_ROLLS {
        return Err(InputError::new(
            "situation",
            text!(
                "{} rolls before the fight: their outcomes together would be too many fights to play (accepted: at most {}, or potion_of_pavona = \"not-drunk\" or gourd_of_lustrian_wine = \"not-drunk\")",
                rolls as u64,
                MOST_ROLLS as u64
            ),
        ));
    }
    Ok(())
}

/// The most rolls before one fight: their outcomes together are 6^4 =
/// 1,296 fights to play (a mirror of two lists whose Marco Colombo
/// drinks the potion and the gourd).
const MOST_ROLLS: usize = 4;

/// One unit's rolls, as [`rolls_before_fight`] checks them.
fn check(unit: &Unit, name: &str) -> Result<(), InputError> {
    let alone = unit.models == 1 && unit.characters.is_empty();
    let champion = unit.champion_body.as_deref();
    for &roll in &unit.before_fight {
        let his = champion.is_some_and(|c| c.before_fight.contains(&roll));
        if !alone && !his {
            return Err(InputError::new(
                format!("{name}.rules"),
                text!(
                    "{} is one model's roll, and the unit has {} models (accepted: on a unit of one model, a unit's champion or a character)",
                    roll.rule().name(),
                    u64::from(unit.models)
                ),
            ));
        }
    }
    let slays = |body: &Unit| {
        body.before_fight.contains(&BeforeFight::PotionOfPavona) && body.profile.w <= 1
    };
    let only = (alone && slays(unit)) || (unit.models == 1 && champion.is_some_and(slays));
    match only {
        true => Err(InputError::new(
            format!("{name}.rules"),
            text!("potion-of-pavona on the unit's only model, of one Wound: its roll of 1 would slay it before the fight (accepted: a model of 2 Wounds or more, or potion_of_pavona = \"not-drunk\" in [situation])"),
        )),
        false => Ok(()),
    }
}
