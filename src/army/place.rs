//! Where each character stands: the rules that forbid a unit to a
//! character, and where players put him by default. RULES.md Characters
//! in units.
//!
//! **How.** Each unit is read for what joining reads of it ([`Kind`]: its
//! troop type, whether it flies, skirmishes, is a war machine, a
//! detachment, can be played). The player's `--join`s are placed first,
//! each checked ([`forbids`]); then the General, the battle standard and
//! the other characters in the roster's order, each in the best unit he
//! may lead that has room ([`best_unit`]), or alone, with why.

use super::join::Chosen;
use super::Stand;
use crate::combat::unit::MAX_CHARACTERS;
use crate::error::InputError;
use crate::roster::{Roster, RosterUnit};
use crate::rules::profile::TroopType;
use crate::rules::special::SpecialRule;
use crate::text;
use crate::words::text::Text;

/// What a character's joining reads of a unit (or of the character).
struct Kind<'r> {
    unit: &'r RosterUnit,
    /// Its troop type as played (`None`: it cannot be played).
    troop: Option<TroopType>,
    flies: bool,
    skirmishes: bool,
    /// Its played M, cm (a mounted unit's: its steeds').
    m: f64,
    general: bool,
    battle_standard: bool,
    /// A war machine's engineer (a name of `data/characters.toml`).
    engineer: bool,
    /// How many other models fight beside him in his own unit
    /// (`ProfileFile::others`: Felix beside Gotrek, Slygit beside
    /// Skabend).
    band: usize,
    /// Its words of kin: its name's and its rank and file's capitalised
    /// words (`Orc`, `Goblin`, `Saurus`).
    kin: Vec<String>,
}

impl<'r> Kind<'r> {
    fn of(unit: &'r RosterUnit) -> Kind<'r> {
        let played = unit.played.as_ref().ok();
        let has = |r: SpecialRule| played.is_some_and(|p| p.rules.contains(&r));
        let mut kin = capitalised(&unit.name);
        for p in &unit.profiles {
            if p.role == crate::roster::Role::RankAndFile {
                kin.extend(capitalised(&p.name));
            }
        }
        let names = unit.rules_played.iter().cloned().chain(
            (unit.rules_without_effect.iter())
                .chain(&unit.rules_not_played)
                .map(|n| n.name.clone()),
        );
        Kind {
            unit,
            troop: played.map(|p| p.troop),
            flies: played.is_some_and(|p| p.flies),
            skirmishes: has(SpecialRule::Skirmishers) || has(SpecialRule::Raiders),
            m: played.map_or(0.0, |p| p.profile.m.0),
            band: played.map_or(0, |p| p.others.len()),
            general: played.is_some_and(|p| p.general),
            battle_standard: played.is_some_and(|p| p.battle_standard),
            engineer: names.into_iter().any(|n| engineer_name(&n)),
            kin,
        }
    }

    /// How many words of kin it shares with `other`.
    fn kin_with(&self, other: &Kind) -> usize {
        let alike = |a: &String| other.kin.iter().any(|b| crate::roster::same_word(a, b));
        let mut shared: Vec<&String> = self.kin.iter().filter(|a| alike(a)).collect();
        shared.dedup();
        shared.len()
    }
}

/// A name's capitalised words, lower-cased: its proper words, not its
/// `of` and `the`.
fn capitalised(name: &str) -> Vec<String> {
    name.split_whitespace()
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase) && w.chars().count() > 1)
        .map(str::to_lowercase)
        .collect()
}

/// The names (`data/characters.toml`) that make a character a war
/// machine's engineer.
const CHARACTERS_TOML: &str = include_str!("../../data/characters.toml");

/// Whether rule `name` makes its bearer a war machine's engineer.
fn engineer_name(name: &str) -> bool {
    use std::sync::OnceLock;
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let table: toml::Table = toml::from_str(CHARACTERS_TOML).expect("data/characters.toml");
        let list = table.get("engineer").and_then(|v| v.as_array());
        list.into_iter()
            .flatten()
            .filter_map(|v| v.as_str())
            .map(|n| crate::roster::names::normalised(n).0)
            .collect()
    });
    names.contains(&crate::roster::names::normalised(name).0)
}

/// Why the rules forbid character `c` to join unit `u`, if they do
/// (RULES.md Characters in units).
fn forbids(c: &Kind, u: &Kind) -> Option<Text> {
    let unit = u.unit;
    if unit.character {
        return Some(text!(
            "'{}' is a character (a character joins a unit of troops)",
            &unit.name
        ));
    }
    let Some(troop) = u.troop else {
        return Some(text!("the roster cannot play '{}'", &unit.name));
    };
    let Some(own) = c.troop else {
        return Some(text!("the roster cannot play '{}'", &c.unit.name));
    };
    let why = if c.band > 0 {
        band_alone(c)
    } else if !c.unit.army.is_empty() && !unit.army.is_empty() && c.unit.army != unit.army {
        text!("'{}' is of another army", &unit.name)
    } else if unit.parent.is_some() {
        text!(
            "'{}' is a detachment (a character leads its parent unit)",
            &unit.name
        )
    } else if unit.war_machine && !c.engineer {
        text!(
            "'{}' is a war machine (only an engineer stands with one)",
            &unit.name
        )
    } else if troop == TroopType::Monster {
        text!("'{}' is a monster", &unit.name)
    } else if own == TroopType::Monster {
        text!("he rides a monster (he stands alone)")
    } else if (own == TroopType::Chariot) != (troop == TroopType::Chariot) {
        text!("only a character in a chariot joins a unit of chariots, and he only those")
    } else if u.flies && !c.flies {
        text!(
            "'{}' flies (only a character who flies joins it)",
            &unit.name
        )
    } else if u.skirmishes && own != TroopType::Infantry {
        text!(
            "'{}' skirmishes (only a character on foot joins skirmishers)",
            &unit.name
        )
    } else {
        return None;
    };
    Some(why)
}

/// Why a character fielded with other models of his own (a band:
/// Skabend and Slygit) stands alone: **[ruling]** they fight as a unit
/// of their own and join none, so no model of theirs is left out of a
/// unit's fight (RULES.md Other kinds of model in a unit).
fn band_alone(c: &Kind) -> Text {
    text!(
        "he fights beside {} other models of his own as a unit of its own: alone",
        c.band
    )
}

/// Whether players field character `c` in unit `u` (one the rules allow
/// him): on foot with infantry of his size (with skirmishers only if he
/// skirmishes), mounted with cavalry that flies as he does, an engineer
/// with a war machine.
fn fielded_with(c: &Kind, u: &Kind) -> bool {
    if u.unit.war_machine {
        return c.engineer;
    }
    match (c.troop, u.troop) {
        (Some(TroopType::Cavalry), Some(TroopType::Cavalry)) => c.flies == u.flies,
        (Some(own), Some(troop)) if own.on_foot() => own == troop && (u.skirmishes == c.skirmishes),
        _ => false,
    }
}

/// The army of `roster`'s characters: `chosen` where the player put them
/// (each checked), the others as players field them.
pub(super) fn field(roster: &Roster, chosen: &[Chosen]) -> Result<Vec<Stand>, InputError> {
    let kinds: Vec<Kind> = roster.units.iter().map(Kind::of).collect();
    let mut stands: Vec<Stand> = Vec::new();
    let mut held = vec![0usize; kinds.len()];
    for c in chosen {
        // A later join of the same character replaces an earlier one.
        stands.retain(|s: &Stand| s.character != c.character);
        let who = &kinds[c.character - 1];
        let stand = match c.unit {
            None => Stand {
                character: c.character,
                unit: None,
                why: text!("alone, as {} puts him", Text::flag(super::join::FLAG)),
                joined: true,
            },
            Some(n) => {
                if let Some(why) = forbids(who, &kinds[n - 1]) {
                    return Err(super::join::refused(&c.typed, why, allowed(who, &kinds)));
                }
                Stand {
                    character: c.character,
                    unit: Some(n),
                    why: text!("as {} puts him", Text::flag(super::join::FLAG)),
                    joined: true,
                }
            }
        };
        stands.push(stand);
    }
    for s in &stands {
        if let Some(n) = s.unit {
            held[n - 1] += 1;
            if held[n - 1] > MAX_CHARACTERS {
                let why = text!(
                    "'{}' holds {} characters at most",
                    &roster.units[n - 1].name,
                    MAX_CHARACTERS
                );
                let typed = &chosen
                    .iter()
                    .rev()
                    .find(|c| c.character == s.character)
                    .expect("a join")
                    .typed;
                return Err(super::join::refused(
                    typed,
                    why,
                    text!("another unit, or alone"),
                ));
            }
        }
    }
    // The General first, then the battle standard, then the roster's order.
    let mut order: Vec<&Kind> = kinds
        .iter()
        .filter(|k| k.unit.character && !stands.iter().any(|s| s.character == k.unit.number))
        .collect();
    order.sort_by_key(|k| (!k.general, !k.battle_standard));
    for c in order {
        let stand = default_stand(c, &kinds, &held);
        if let Some(n) = stand.unit {
            held[n - 1] += 1;
        }
        stands.push(stand);
    }
    stands.sort_by_key(|s| s.character);
    Ok(stands)
}

/// The units of `kinds` the rules let `c` join (RULES.md Characters in
/// units): those [`forbids`] does not, in the roster's order.
fn joinable<'k, 'r>(c: &'k Kind<'r>, kinds: &'k [Kind<'r>]) -> impl Iterator<Item = &'k Kind<'r>> {
    kinds.iter().filter(move |u| forbids(c, u).is_none())
}

/// For each unit of `roster`, in its order, the numbers of the units the
/// rules let it join: a character's (the ones `--join` accepts), none for
/// a unit of troops.
pub(super) fn may_join(roster: &Roster) -> Vec<Vec<usize>> {
    let kinds: Vec<Kind> = roster.units.iter().map(Kind::of).collect();
    kinds
        .iter()
        .map(|c| match c.unit.character {
            true => joinable(c, &kinds).map(|u| u.unit.number).collect(),
            false => Vec::new(),
        })
        .collect()
}

/// What a refused join accepts: alone, or the units the rules let `c`
/// join.
fn allowed(c: &Kind, kinds: &[Kind]) -> Text {
    let units: Vec<String> = joinable(c, kinds)
        .map(|u| format!("{}. {}", u.unit.number, u.unit.name))
        .collect();
    match units.is_empty() {
        true => text!("alone"),
        false => text!("alone, or one of {}", Text::kept(units.join(", "))),
    }
}

/// Where character `c` stands by default, the units holding `held`
/// characters so far.
fn default_stand(c: &Kind, kinds: &[Kind], held: &[usize]) -> Stand {
    let alone = |why: Text| Stand {
        character: c.unit.number,
        unit: None,
        why,
        joined: false,
    };
    match c.troop {
        None => return alone(text!("he cannot fight")),
        Some(TroopType::Monster) => return alone(text!("on a monster: alone")),
        _ if c.band > 0 => return alone(band_alone(c)),
        Some(TroopType::Chariot) => {
            return alone(text!("in a chariot: alone (he may join chariots only)"))
        }
        _ => {}
    }
    let open = |u: &&Kind| held[u.unit.number - 1] < MAX_CHARACTERS;
    let may = |u: &&Kind| forbids(c, u).is_none() && fielded_with(c, u) && open(u);
    let engineer = c.engineer.then(|| {
        best_unit(
            c,
            kinds.iter().filter(|u| u.unit.war_machine && may(u)),
            held,
            true,
        )
    });
    if let Some(Some(u)) = engineer {
        return Stand {
            character: c.unit.number,
            unit: Some(u.unit.number),
            why: text!("an engineer: with a war machine"),
            joined: false,
        };
    }
    let largest = c.general || c.battle_standard;
    let troops = kinds.iter().filter(|u| !u.unit.war_machine && may(u));
    let Some(u) = best_unit(c, troops, held, largest) else {
        return alone(match (c.skirmishes, c.troop) {
            (true, _) => text!("a skirmisher: his army has no skirmishers with room"),
            (_, Some(TroopType::Cavalry)) => text!("mounted: his army has no cavalry with room"),
            _ => text!("on foot: his army has no unit on foot of his size with room"),
        });
    };
    let why = match (c.general, c.battle_standard, c.troop) {
        (true, _, _) => text!("the General leads the largest unit"),
        (_, true, _) => text!("the battle standard goes with the largest unit"),
        (_, _, Some(TroopType::Cavalry)) => {
            text!("mounted: with cavalry as fast as his steed")
        }
        _ if c.skirmishes => text!("a skirmisher: with skirmishers"),
        _ => text!("on foot: a unit on foot no other character leads"),
    };
    let why = match c.kin_with(u) > 0 {
        true => Text::join([why, text!("of his kin first")], ", "),
        false => why,
    };
    Stand {
        character: c.unit.number,
        unit: Some(u.unit.number),
        why,
        joined: false,
    }
}

/// The best of `units` for `c`, the first of equals: of his kin (the
/// most words of kin shared), steeds as fast as his, then (unless
/// `largest`) one no character leads yet, then the most models and
/// points.
fn best_unit<'k, 'r>(
    c: &Kind,
    units: impl Iterator<Item = &'k Kind<'r>>,
    held: &[usize],
    largest: bool,
) -> Option<&'k Kind<'r>>
where
    'r: 'k,
{
    let key = |u: &Kind| {
        let pace = c.troop == Some(TroopType::Cavalry) && (u.m - c.m).abs() < 1e-9;
        let free = !largest && held[u.unit.number - 1] == 0;
        (c.kin_with(u), pace, free, u.unit.models, u.unit.points)
    };
    units.fold(None, |best: Option<&Kind>, u| match best {
        Some(b) if key(b).partial_cmp(&key(u)) != Some(std::cmp::Ordering::Less) => Some(b),
        _ => Some(u),
    })
}
