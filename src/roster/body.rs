//! The model profiles of one roster unit: where each was found, how many
//! models have it, and its shape, so the unit is built from the roster's
//! structure and its profiles' characteristics, never from their names.
//!
//! **What.** A profile of type `Profile` found on the unit's selection, a
//! `model` selection or an `upgrade` (a champion, a steed, a crew), and
//! its shape by which characteristics it writes: a *fighter* has WS, T
//! and W; a *steed* has M and WS but no T or W (its rider's count); a
//! *crew* neither M, T nor W; a *chariot* T, W and S but no WS; a *war
//! machine* T and W alone.
//!
//! **How.** Models are counted from the selections' numbers, checked: a
//! selection's `number` is how many there are in all, whatever selection
//! it sits in (two chariots bought as one selection of 2 write their six
//! crew as one selection of 6); a profile on the unit is counted by the
//! upgrades that name it, packs multiplied ([`count`](super::count)); a
//! model selection with no profile of its own may have it on its upgrade
//! (a war machine team's crew), then found as the model's. A selection
//! inside a unit that is a unit of its own (a detachment,
//! [`stands_alone`]) gives its parent none of its profiles.

use super::value::Read;
use super::xml::{RawProfile, Selection};
use super::RosterError;
use crate::text;

/// Where a profile was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Place {
    /// On the unit's own selection.
    Unit,
    /// On a `model` selection (or a unit selection inside the unit).
    Model,
    /// On an `upgrade` selection.
    Upgrade,
}

/// What a profile's characteristics make it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Shape {
    Fighter,
    Steed,
    Crew,
    Chariot,
    Machine,
    Other,
}

/// A model profile of the unit.
pub(super) struct Body<'a> {
    pub profile: &'a RawProfile,
    /// The selection that holds it.
    pub at: &'a Selection,
    pub place: Place,
    /// How many models have it.
    pub count: u32,
    pub shape: Shape,
    /// The selection below the unit that holds it and a model profile of
    /// its own (a character's steed under his upgrade), if any.
    pub holder: Option<&'a Selection>,
    /// How many of the selection it sits in there are (a unit of chariots
    /// bought as one selection of 2: 2), else 1.
    pub within: u32,
    /// Its count comes from upgrades that name it (`Kroxigor` x3, `6 Giant
    /// Rats each pack`).
    pub named: bool,
    /// It is counted per pack (a selection `Packmaster each pack`): one
    /// more kind of model in each pack, never the unit's champion.
    pub each: bool,
    /// It is on one of the unit's own model selections (not one inside
    /// another's): a model of its own beside any other there.
    pub beside: bool,
}

impl Body<'_> {
    /// Characteristic `key` as read (`M` is `Mv` too).
    pub fn read(&self, key: &str) -> Read {
        read(self.profile, key)
    }

    /// Characteristic `key` as written.
    pub fn written(&self, key: &str) -> &str {
        written(self.profile, key)
    }

    /// Its base as written (`25x50`): width and depth in mm.
    pub fn base(&self) -> Option<(u32, u32)> {
        let (w, d) = self.written("Base").trim().split_once(['x', 'X'])?;
        Some((w.trim().parse().ok()?, d.trim().parse().ok()?))
    }
}

/// Characteristic `key` of `p` as written (`M` is `Mv` too), `""` if absent.
pub(super) fn written<'a>(p: &'a RawProfile, key: &str) -> &'a str {
    p.characteristics
        .iter()
        .find(|(k, _)| k == key || (key == "M" && k == "Mv"))
        .map_or("", |(_, v)| v.as_str())
}

/// Characteristic `key` of `p` as read.
pub(super) fn read(p: &RawProfile, key: &str) -> Read {
    Read::of(written(p, key))
}

/// A profile's shape by the characteristics it writes.
pub(super) fn shape(p: &RawProfile) -> Shape {
    let has = |k: &str| read(p, k).given();
    match (has("M"), has("WS"), has("S"), has("T") && has("W")) {
        (_, true, _, true) => Shape::Fighter,
        (true, true, _, false) => Shape::Steed,
        (false, true, _, false) => Shape::Crew,
        (_, false, true, true) => Shape::Chariot,
        (_, false, false, true) => Shape::Machine,
        _ => Shape::Other,
    }
}

fn is_profile(p: &RawProfile) -> bool {
    p.kind == "Profile"
}

/// Whether selection `s`, held by `parent` inside a unit, is a unit of
/// its own (a detachment): in the game system's `Detachment` category
/// with a fighter's profile; a
/// unit selection with a fighter on itself or on its models, unless it is
/// one of its parent's models (a parent with no profile of its own holding
/// unit selections of one name: Fenbeasts); or an upgrade whose fighter's
/// profile its own model selections count (an Empire Handgunner
/// Detachment).
pub(super) fn stands_alone(parent: &Selection, s: &Selection) -> bool {
    let models = || s.children.iter().filter(|c| c.kind == "model");
    let detachment = s
        .categories
        .iter()
        .any(|c| c.trim().eq_ignore_ascii_case("Detachment"));
    // The data puts an item or two in the category: a unit has a fighter.
    if detachment && (fighter(s) || models().any(fighter)) {
        return true;
    }
    match s.kind.as_str() {
        "unit" => (fighter(s) || models().any(fighter)) && !parent.units_are_models,
        "upgrade" => {
            let profiles = || s.profiles.iter().filter(|p| is_profile(p));
            profiles().next().is_some()
                && profiles().all(|p| shape(p) == Shape::Fighter)
                && models().next().is_some()
                && models().all(|m| !m.profiles.iter().any(is_profile))
        }
        _ => false,
    }
}

/// Whether `sel` holds a fighter's profile.
fn fighter(sel: &Selection) -> bool {
    sel.profiles
        .iter()
        .any(|p| is_profile(p) && shape(p) == Shape::Fighter)
}

/// The unit's profiles, and its models that have no profile of their own
/// (they take the unit's), both counted.
pub(super) struct Bodies<'a> {
    pub list: Vec<Body<'a>>,
    pub plain_models: u32,
    /// All its models, counted (no sum of theirs can overflow).
    pub all_models: u32,
    /// Its profiles' counts below the unit, together (no sum of theirs
    /// can overflow).
    pub profiled: u32,
    /// The categories its selections are in (`Chariot`, `War Machine`).
    pub categories: Vec<&'a str>,
    /// The upgrades without a profile that count a profile of the unit's
    /// (`Packmaster each pack`), each with that profile's index: they are
    /// those models, their gear theirs.
    pub namers: Vec<(&'a Selection, usize)>,
}

/// The bodies of `unit`.
pub(super) fn bodies(unit: &Selection) -> Result<Bodies<'_>, RosterError> {
    let mut out = Bodies {
        list: Vec::new(),
        plain_models: 0,
        all_models: 0,
        profiled: 0,
        categories: unit.categories.iter().map(String::as_str).collect(),
        namers: Vec::new(),
    };
    for p in unit.profiles.iter().filter(|p| is_profile(p)) {
        out.list.push(Body {
            profile: p,
            at: unit,
            place: Place::Unit,
            count: unit.number,
            shape: shape(p),
            holder: None,
            within: 1,
            named: false,
            each: false,
            beside: false,
        });
    }
    let mut unprofiled = Vec::new();
    for c in &unit.children {
        let at = Within {
            parent: unit,
            holder: None,
            copies: 1,
            top: true,
        };
        walk(c, at, &mut out, &mut unprofiled)?;
    }
    super::count::by_names(unit, &mut out, &unprofiled)?;
    Ok(out)
}

/// Where a selection sits: the selection holding it, the selection below
/// the unit with a model profile it is under, and how many of the
/// selection it sits in there are.
#[derive(Clone, Copy)]
struct Within<'a> {
    parent: &'a Selection,
    holder: Option<&'a Selection>,
    copies: u32,
    /// `parent` is the unit.
    top: bool,
}

/// Adds the bodies at and under `s`, and the upgrades without a model
/// profile to `unprofiled`.
fn walk<'a>(
    s: &'a Selection,
    at: Within<'a>,
    out: &mut Bodies<'a>,
    unprofiled: &mut Vec<&'a Selection>,
) -> Result<(), RosterError> {
    if stands_alone(at.parent, s) {
        return Ok(());
    }
    let count = s.number;
    out.categories
        .extend(s.categories.iter().map(String::as_str));
    // A model selection with no profile of its own whose upgrade holds
    // one: that is the model's where the upgrade bears the model's name
    // (a Dragon Prince's, beside the Drake his model holds) or the model
    // holds no models of its own (a war machine team's two crew; not the
    // Orc Bully beside a team's Goblins).
    let p = at.parent;
    let models_own = p.kind == "model"
        && !p.profiles.iter().any(is_profile)
        && (s.name.trim() == p.name.trim() || !p.children.iter().any(|c| c.kind == "model"));
    let place = match s.kind.as_str() {
        "model" | "unit" => Place::Model,
        _ if models_own => Place::Model,
        _ => Place::Upgrade,
    };
    let mut has = false;
    for p in s.profiles.iter().filter(|p| is_profile(p)) {
        has = true;
        // Every profile's count checked: no sum of them can wrap.
        out.profiled = out.profiled.checked_add(count).ok_or_else(too_many)?;
        out.list.push(Body {
            profile: p,
            at: s,
            place,
            count,
            shape: shape(p),
            holder: at.holder,
            within: at.copies,
            named: false,
            each: false,
            beside: at.top && s.kind == "model",
        });
    }
    if s.kind == "model" {
        // Every model counted once, checked: their sums below cannot wrap.
        out.all_models = out.all_models.checked_add(count).ok_or_else(too_many)?;
        if !has {
            out.plain_models += count;
        }
    }
    if s.kind == "upgrade" && !has {
        unprofiled.push(s);
    }
    let inner = Within {
        parent: s,
        holder: if has { Some(s) } else { at.holder },
        top: false,
        copies: match s.kind.as_str() {
            "model" | "unit" => s.number,
            _ => at.copies,
        },
    };
    for c in &s.children {
        walk(c, inner, out, unprofiled)?;
    }
    Ok(())
}

impl Bodies<'_> {
    /// Whether a selection of the unit is in category `name`.
    pub fn in_category(&self, name: &str) -> bool {
        self.categories
            .iter()
            .any(|c| c.trim().eq_ignore_ascii_case(name))
    }
}

pub(super) fn too_many() -> RosterError {
    RosterError::field(
        "",
        "number",
        text!(
            "more models than can be counted (accepted: up to {} in a unit)",
            u32::MAX
        ),
    )
}

/// How much more `p` looks like `q`'s steed than its rider: a longer
/// base (or one where the other has none), a faster M (a champion is
/// never faster than his unit: it counts twice), BS 0 beside a shooter,
/// a lower Ld. 3 or more: a steed.
pub(super) fn steed_score(p: &Body, q: &Body) -> i32 {
    let num = |b: &Body, k: &str| b.read(k).number();
    let mut score = 0;
    match (p.base(), q.base()) {
        (Some((w, d)), Some((qw, qd))) if d > w && qd <= qw => score += 2,
        (Some((w, d)), Some((qw, qd))) if w.min(d) > qw.min(qd) => score += 1,
        (Some(_), None) => score += 1,
        _ => {}
    }
    if let (Some(a), Some(b)) = (num(p, "M"), num(q, "M")) {
        score += 2 * i32::from(a > b);
    }
    if let (Some(a), Some(b)) = (num(p, "BS"), num(q, "BS")) {
        score += i32::from(a == 0 && b > 0);
    }
    if let (Some(a), Some(b)) = (num(p, "Ld"), num(q, "Ld")) {
        score += i32::from(a < b);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(values: &[(&str, &str)]) -> RawProfile {
        RawProfile {
            name: "p".into(),
            kind: "Profile".into(),
            characteristics: values
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn shapes_come_from_the_characteristics_written() {
        let orc = profile(&[("Mv", "4"), ("WS", "3"), ("S", "3"), ("T", "4"), ("W", "1")]);
        assert_eq!(shape(&orc), Shape::Fighter);
        let pegasus = profile(&[("Mv", "8"), ("WS", "3"), ("S", "4"), ("T", "-"), ("W", "-")]);
        assert_eq!(shape(&pegasus), Shape::Steed);
        let crew = profile(&[("Mv", "-"), ("WS", "3"), ("S", "3"), ("T", "-"), ("W", "-")]);
        assert_eq!(shape(&crew), Shape::Crew);
        let chariot = profile(&[("Mv", "-"), ("WS", "-"), ("S", "5"), ("T", "5"), ("W", "4")]);
        assert_eq!(shape(&chariot), Shape::Chariot);
        let lobba = profile(&[("Mv", "-"), ("WS", "-"), ("S", "-"), ("T", "7"), ("W", "3")]);
        assert_eq!(shape(&lobba), Shape::Machine);
    }
}
