//! Who is who in a roster unit: its rank and file, their steed, their
//! champion, a chariot's crew and beasts, a war machine's crew, and any
//! other kind of model in it, from the unit's structure and its
//! profiles' shapes ([`body`](super::body)), never from their names.
//!
//! **How.** A chariot's profile (T, W and S, no WS) makes the unit a
//! chariot, a war machine's (T and W alone) makes it its crew. Otherwise
//! the rank and file are the fighters on `model` selections (the most
//! numerous), else on the unit's own selection (the least like a steed of
//! them), else on upgrades. Of the other profiles, a steed is one chosen
//! from a group of mounts, one with no T or W of its own, or one that
//! looks like the rank and file's steed ([`steed_score`] 3 or more), no
//! slower than they are unless it is a monster (a Wyvern walks no faster
//! than its Warboss), if it is theirs: not held by another model's
//! selection, one for the unit or one each, no narrower than they are
//! (beasts that go with a model are not its steed); a champion is one
//! more fighter on an upgrade of a unit of several models (or on a model
//! selection of one of the unit's own, beside its rank and file's:
//! Ruglud beside his Armoured Orcs), never one bought in each pack nor
//! one whose M, WS or A is not a number (a Fanatic), the strongest of
//! several (a regiment's leader before its standard bearer); anything
//! else is another kind of model in the unit, listed.

use super::body::{steed_score, Bodies, Body, Place, Shape};
use super::count::leading_count;
use super::Role;
use std::cmp::Reverse;

/// The score from which a profile is its rank and file's steed.
const STEED: i32 = 3;

/// What the unit is, by the bodies' indices.
pub(super) enum Cast {
    /// Fighting models, mounted or not.
    Troops {
        rider: usize,
        models: u32,
        mount: Option<usize>,
        champion: Option<usize>,
        /// The war machine its crew stand by, if it is one.
        machine: Option<usize>,
    },
    /// Chariots: the chariot, its crew and its beasts; a character riding
    /// it, if one does.
    Chariot {
        chariot: usize,
        crew: Option<usize>,
        beasts: Option<usize>,
        chariots: u32,
        rider: Option<usize>,
    },
    /// No profile that fights: a war machine's alone, if it has one.
    NoFighter { machine: bool },
}

/// The unit's cast and each body's role.
pub(super) fn cast(b: &Bodies) -> (Cast, Vec<Role>) {
    let list = &b.list;
    let mut roles = vec![Role::Other; list.len()];
    // The categories say a war machine from a chariot where they speak (a
    // bolt thrower writes an S as a chariot does); else the shapes do.
    let is_machine = |x: &Body| match x.shape {
        Shape::Machine => true,
        Shape::Chariot => b.in_category("War Machine") && !b.in_category("Chariot"),
        _ => false,
    };
    let machine = list.iter().position(is_machine);
    if let Some(chariot) =
        (0..list.len()).find(|&i| list[i].shape == Shape::Chariot && Some(i) != machine)
    {
        return chariot_cast(b, chariot, roles);
    }
    let Some(rider) = rank_and_file(b, |i| Some(i) != machine, machine) else {
        if let Some(m) = machine {
            roles[m] = Role::WarMachine;
        }
        return (
            Cast::NoFighter {
                machine: machine.is_some(),
            },
            roles,
        );
    };
    roles[rider] = Role::RankAndFile;
    if let Some(m) = machine {
        roles[m] = Role::WarMachine;
    }
    // Models of one profile written on several model selections (some
    // with other gear), or on the unit and the upgrades that count it, are
    // one rank and file.
    let r = &list[rider];
    let same = |i: usize| {
        let counts = match list[i].place {
            Place::Model => true,
            Place::Upgrade => r.place == Place::Unit,
            Place::Unit => false,
        };
        counts
            && list[i].profile.name == r.profile.name
            && list[i].profile.characteristics == r.profile.characteristics
    };
    let alike: Vec<usize> = (0..list.len()).filter(|&i| same(i)).collect();
    for &i in &alike {
        roles[i] = Role::RankAndFile;
    }
    // The selections counting a profile on the unit, or its plain
    // models, whichever count more (a champion written with the unit's
    // own profile is one of its models, not their count).
    // No sum of counts below the unit wraps (body::Bodies::profiled).
    let counted = || alike.iter().map(|&i| list[i].count).sum::<u32>();
    let models = match r.place {
        Place::Model => counted(),
        Place::Unit if !alike.is_empty() => counted().max(b.plain_models),
        _ if r.each => r.count,
        _ if r.named => r.count.max(b.plain_models),
        Place::Unit | Place::Upgrade if b.plain_models > 0 => b.plain_models,
        // A war machine's crew, counted by an upgrade's name (`3 Crew`).
        Place::Unit if machine.is_some() => {
            r.at.children
                .iter()
                .filter(|c| c.kind == "upgrade" && !c.profiles.iter().any(|p| p.kind == "Profile"))
                .find_map(|c| leading_count(&c.name))
                .unwrap_or(r.count)
        }
        Place::Unit | Place::Upgrade => r.count,
    };
    let free = |roles: &[Role], i: usize| roles[i] == Role::Other;
    let mount = (0..list.len())
        .filter(|&i| free(&roles, i) && machine.is_none())
        .find(|&i| mounts(&list[i], &list[rider], models));
    if let Some(m) = mount {
        roles[m] = Role::Mount;
    }
    // Of several, the strongest, then the one with gear of his own
    // (RULES.md Characters, champions and challenges).
    let champion = (0..list.len())
        .filter(|&i| free(&roles, i))
        .filter(|&i| leads_like_a_champion(&list[i], &list[rider], models))
        .max_by_key(|&i| (prowess(&list[i]), list[i].at.children.len(), Reverse(i)));
    if let Some(c) = champion {
        roles[c] = Role::Champion;
    }
    let cast = Cast::Troops {
        rider,
        models,
        mount,
        champion,
        machine,
    };
    (cast, roles)
}

/// A chariot unit, or a character riding one. Its crew are a crew's
/// profile, else its slowest fighter; its beasts a steed's, else its
/// fastest fighter.
fn chariot_cast(b: &Bodies, chariot: usize, mut roles: Vec<Role>) -> (Cast, Vec<Role>) {
    let list = &b.list;
    roles[chariot] = Role::Chariot;
    // A character's own profile on the unit, the chariot an upgrade.
    let rider = list
        .iter()
        .position(|x| x.place == Place::Unit && x.shape == Shape::Fighter)
        .filter(|_| list[chariot].place != Place::Unit);
    let m = |i: usize| list[i].read("M").number().unwrap_or(0);
    let fighters: Vec<usize> = (0..list.len())
        .filter(|&i| list[i].shape == Shape::Fighter && Some(i) != rider)
        .collect();
    // Of several crew, one with an Ld leads (a Tuskgor Chariot's Bestigor,
    // not its Ungor).
    let has_ld = |i: usize| list[i].read("Ld").number().is_some();
    let crew = (0..list.len())
        .filter(|&i| list[i].shape == Shape::Crew)
        .max_by_key(|&i| {
            (
                has_ld(i),
                list[i].place == Place::Model,
                std::cmp::Reverse(i),
            )
        })
        .or_else(|| match rider {
            // A character's chariot: its fighters are its beasts.
            Some(_) => None,
            None => fighters.iter().copied().min_by_key(|&i| (m(i), i)),
        });
    let beasts = (0..list.len())
        .find(|&i| list[i].shape == Shape::Steed)
        .or_else(|| {
            fighters
                .iter()
                .copied()
                .filter(|&i| Some(i) != crew)
                .max_by_key(|&i| (m(i), std::cmp::Reverse(i)))
        });
    for (i, role) in [
        (crew, Role::Crew),
        (beasts, Role::Beast),
        (rider, Role::RankAndFile),
    ] {
        if let Some(i) = i {
            roles[i] = role;
        }
    }
    // The same crew written again (on the unit and on its models) is theirs.
    for i in 0..list.len() {
        if list[i].shape == Shape::Crew {
            roles[i] = Role::Crew;
        }
    }
    // A unit of chariots holds a selection per chariot (or one of them
    // all, its number theirs), each with its crew's model selection; else
    // the chariot's own count.
    let chariots = match list[chariot].place {
        Place::Unit => list
            .iter()
            .filter(|x| x.shape == Shape::Crew && x.place == Place::Model)
            .fold(0u32, |sum, x| sum.saturating_add(x.within))
            .max(1),
        _ => list[chariot].count,
    };
    let cast = Cast::Chariot {
        chariot,
        crew,
        beasts,
        chariots,
        rider,
    };
    (cast, roles)
}

/// The rank and file among the fighters `eligible` allows: of those
/// that are not another's steed, the most wounds in all (a monster beside
/// its handlers, a unit of skinks beside its Kroxigor), then models over
/// the unit's own profile over upgrades; on upgrades only where the unit
/// and its models have no profile of their own (but a war machine's).
fn rank_and_file(
    b: &Bodies,
    eligible: impl Fn(usize) -> bool,
    machine: Option<usize>,
) -> Option<usize> {
    let list = &b.list;
    let profiled = (0..list.len()).any(|i| list[i].place != Place::Upgrade && Some(i) != machine);
    let all: Vec<usize> = (0..list.len())
        .filter(|&i| list[i].shape == Shape::Fighter && eligible(i))
        .filter(|&i| !(profiled && list[i].place == Place::Upgrade))
        .collect();
    let models = |i: usize| match list[i].place {
        Place::Unit if b.plain_models > 0 && !list[i].named => b.plain_models,
        _ => list[i].count,
    };
    // A steed carries one rider: a monster beside several models is
    // theirs to handle, not to ride.
    let steed = |i: usize| {
        all.iter().any(|&j| {
            j != i
                && steed_score(&list[i], &list[j]) >= STEED
                && !(wounds(&list[i]) >= 3 && models(j) > 1)
        })
    };
    let fighters: Vec<usize> = match all.iter().all(|&i| steed(i)) {
        true => all.clone(),
        false => all.iter().copied().filter(|&i| !steed(i)).collect(),
    };
    let place = |i: usize| match list[i].place {
        Place::Model => 2,
        Place::Unit => 1,
        Place::Upgrade => 0,
    };
    fighters.into_iter().max_by_key(|&i| {
        let all_wounds = u64::from(wounds(&list[i])) * u64::from(models(i));
        (all_wounds, place(i), wounds(&list[i]), std::cmp::Reverse(i))
    })
}

/// Whether `c` may lead `models` of `rider` as their champion: one more
/// fighter on an upgrade of a unit of several models (or on a model
/// selection of one of the unit's own), one alone, not bought in each
/// pack, with M, WS and A written as numbers, not like their steed. Of
/// several, one is the champion; the others (a regiment's other named
/// models: Sheikh Sufti beside Al Muktar) fight beside them with their
/// own profiles (RULES.md Characters in units, Other kinds of model in a
/// unit).
pub(super) fn leads_like_a_champion(c: &Body, rider: &Body, models: u32) -> bool {
    models > 1
        && c.shape == Shape::Fighter
        && steady(c)
        && (c.place == Place::Upgrade || c.named || c.beside)
        && c.count == 1
        && !c.each
        && steed_score(c, rider) < STEED
}

/// Whether a body's M, WS and A are written as numbers, as a champion's
/// are: a model that moves or strikes at random or by special rules (a
/// Fanatic) is another kind of model in the unit.
pub(super) fn steady(b: &Body) -> bool {
    ["M", "WS", "A"]
        .iter()
        .all(|k| b.read(k).number().is_some())
}

/// A body's WS, S, T, W, I, A and Ld together, those written as numbers.
fn prowess(b: &Body) -> u32 {
    ["WS", "S", "T", "W", "I", "A", "Ld"]
        .iter()
        .filter_map(|k| b.read(k).number())
        .map(u32::from)
        .sum()
}

/// A body's wounds (0 if not written as a number).
fn wounds(b: &Body) -> u8 {
    b.read("W").number().unwrap_or(0)
}

/// Whether `b` is `rider`'s steed: a steed's shape (no T or W of its
/// own), or a fighter chosen from a group of mounts or like a steed, and
/// then no slower than its rider, unless it is a monster (3 wounds or
/// more: a Stegadon, a Wyvern), which carries him however slow it walks
/// (RULES.md Profiles: a monster ridden a monster).
fn is_mount(b: &Body, rider: &Body) -> bool {
    let group = b.at.group.rsplit("::").next().unwrap_or("").to_lowercase();
    let chosen = group.contains("mount");
    match b.shape {
        Shape::Steed => true,
        Shape::Fighter => {
            let carries = !slower(b, rider) || wounds(b) >= 3;
            carries && (chosen || steed_score(b, rider) >= STEED)
        }
        _ => false,
    }
}

/// Whether `b` is a mount for `rider`, who leads `models` models: a
/// monster (3 wounds or more) carries one rider, never a unit; a steed is
/// its rider's own (not held by another model's selection: a priest's
/// horse in a unit on foot; nor a model selection of the unit's beside
/// his), one for the unit or one a rider (two
/// Sabretusks walk beside their Hunter), and no narrower than its rider
/// (an Ogre's 40 mm base rides no beast on a 25 mm wide base).
fn mounts(b: &Body, rider: &Body, models: u32) -> bool {
    let own = b.holder.is_none_or(|h| std::ptr::eq(h, rider.at));
    let one_each = b.count <= 1 || b.count == models;
    let wide = match (b.base(), rider.base()) {
        (Some((w, _)), Some((rw, _))) => w >= rw,
        _ => true,
    };
    // Two of the unit's own model selections are two models side by side
    // (Gotrek and Felix), never a rider and his steed.
    let beside = b.beside && rider.beside && !std::ptr::eq(b.at, rider.at);
    is_mount(b, rider)
        && own
        && !beside
        && one_each
        && wide
        && !(b.shape == Shape::Fighter && wounds(b) >= 3 && models > 1)
}

/// Whether steed `b` is no faster than `rider` (bearers carrying a lord,
/// a beast walking beside its rider): then its rider keeps his own troop
/// type.
pub(super) fn slower(b: &Body, rider: &Body) -> bool {
    let m = |x: &Body| x.read("M").number();
    matches!((m(b), m(rider)), (Some(a), Some(r)) if a <= r)
}
