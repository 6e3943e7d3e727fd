//! A roster unit's other kinds of model that fight in it (a pack's
//! Packmasters, where its book's Mixed Units says so): each model a
//! profile file of his own, his profile and the gear he holds, fielded
//! beside the rank and file as a character in the unit is. RULES.md
//! Characters in units, Other kinds of model in a unit.

use super::body::{Bodies, Shape};
use super::build::Build;
use super::gear::Gear;
use super::roles::Cast;
use super::xml::Selection;
use super::Role;
use crate::profile::{Points, ProfileFile};
use crate::text;
use crate::words::text::Text;

/// The most models of other kinds the roster fields in one unit: the
/// fights hold four models apart from the rank and file
/// (`combat::unit::MAX_CHARACTERS`), one kept for a character who joins.
pub(crate) const MAX_OTHERS: u32 = 3;

/// A profile file per model fielded, and each kind's name with his gear.
pub(super) type Fielded = (Vec<ProfileFile>, Vec<(String, Gear)>);

/// The unit's other kinds of model as they fight in it: a profile file
/// per model (one pack's Packmaster each), with each kind's name and the
/// gear he holds (`own_gear` reads it: his own selections'), to tell his
/// names by; or why they cannot be fielded. Troops only (no war
/// machine's crew, no chariot); each kind a fighter whose M, WS and A are
/// numbers. His points are his unit's, which its list prices whole.
pub(super) fn fielded(
    s: &Selection,
    b: &Bodies,
    (cast, roles): (&Cast, &[Role]),
    own_gear: impl Fn(usize) -> Gear,
) -> Result<Fielded, Text> {
    let Cast::Troops { machine: None, .. } = cast else {
        return Err(text!("a war machine's or chariot's other models"));
    };
    let others: Vec<usize> = (0..b.list.len())
        .filter(|&i| roles[i] == Role::Other)
        .collect();
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
    for i in others {
        let body = &b.list[i];
        let steady = ["M", "WS", "A"]
            .iter()
            .all(|k| body.read(k).number().is_some());
        if body.shape != Shape::Fighter || !steady {
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
        let file = build.troops(s, i, 1, None)?;
        let file = ProfileFile {
            name: body.profile.name.clone(),
            points: Some(Points(0.0)),
            ..file
        };
        for _ in 0..body.count {
            files.push(file.clone());
        }
        gears.push((body.profile.name.clone(), gear));
    }
    Ok((files, gears))
}
