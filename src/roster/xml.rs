//! A roster's XML as a tree of selections, read with `roxmltree`.
//!
//! **What.** The roster's name, game system and points, and each
//! selection of type `unit` with everything under it: its `number`, `pts`
//! cost, `group`, rules by name, profiles (name, type, characteristics as
//! written) and the selections it holds (models, upgrades, mounts, gear).
//!
//! **How.** `roxmltree` refuses a document type declaration outright, so
//! XML that declares entities (to multiply text, or to read other files)
//! never gets past the parser. Elements are matched by local name, so the
//! roster schema's namespace need not be spelled.

use super::RosterError;
use crate::text;
use roxmltree::Node;

/// The roster as written.
pub(super) struct RawRoster {
    pub name: String,
    pub game_system: String,
    pub points: f64,
    /// Every selection of type `unit`, in the file's order.
    pub units: Vec<Selection>,
}

/// One selection and what it holds.
pub(super) struct Selection {
    pub name: String,
    /// `unit`, `model` or `upgrade`.
    pub kind: String,
    pub number: u32,
    /// The entry group it was chosen from (`Mounts`, `Command group`).
    pub group: String,
    /// Its own `pts` cost (for a `model` selection: all its models').
    pub points: f64,
    pub rules: Vec<String>,
    pub profiles: Vec<RawProfile>,
    pub children: Vec<Selection>,
}

/// A profile as written.
pub(super) struct RawProfile {
    pub name: String,
    /// `Profile` (a model's characteristics), `Weapon`, `Armour`, ...
    pub kind: String,
    pub characteristics: Vec<(String, String)>,
}

impl Selection {
    /// Its points and those of everything it holds.
    pub fn total_points(&self) -> f64 {
        self.points
            + self
                .children
                .iter()
                .map(Selection::total_points)
                .sum::<f64>()
    }
}

/// The roster in `xml`.
pub(super) fn parse(xml: &str) -> Result<RawRoster, RosterError> {
    let doc = roxmltree::Document::parse(xml)
        .map_err(|e| RosterError::file(text!("not a roster's XML ({})", e.to_string())))?;
    let root = doc.root_element();
    if root.tag_name().name() != "roster" {
        return Err(RosterError::file(text!("the XML's root is <{}> (accepted: a <roster>, as BattleScribe and New Recruit write it)", root.tag_name().name())));
    }
    let mut units = Vec::new();
    for force in children(root, "forces").flat_map(|f| children(f, "force")) {
        for s in children(force, "selections").flat_map(|s| children(s, "selection")) {
            collect_units(s, &mut units)?;
        }
    }
    Ok(RawRoster {
        name: root.attribute("name").unwrap_or("").to_string(),
        game_system: root.attribute("gameSystemName").unwrap_or("").to_string(),
        points: points_of(root)?,
        units,
    })
}

/// The units at or under selection `node` (a unit's own selections are
/// read with it).
fn collect_units(node: Node, units: &mut Vec<Selection>) -> Result<(), RosterError> {
    if node.attribute("type") == Some("unit") {
        units.push(selection(node)?);
        return Ok(());
    }
    for s in children(node, "selections").flat_map(|s| children(s, "selection")) {
        collect_units(s, units)?;
    }
    Ok(())
}

fn selection(node: Node) -> Result<Selection, RosterError> {
    let name = node.attribute("name").unwrap_or("").to_string();
    let number = match node.attribute("number") {
        None => 1,
        Some(n) => n.trim().parse::<u32>().map_err(|_| {
            RosterError::field(
                &name,
                "number",
                text!("'{}' is not a count (accepted: 1 or more)", n),
            )
        })?,
    };
    let rules = children(node, "rules")
        .flat_map(|r| children(r, "rule"))
        .filter(|r| r.attribute("hidden") != Some("true"))
        .filter_map(|r| r.attribute("name"))
        .map(str::to_string)
        .collect();
    let profiles = children(node, "profiles")
        .flat_map(|p| children(p, "profile"))
        .filter(|p| p.attribute("hidden") != Some("true"))
        .map(|p| RawProfile {
            name: p.attribute("name").unwrap_or("").to_string(),
            kind: p.attribute("typeName").unwrap_or("").to_string(),
            characteristics: children(p, "characteristics")
                .flat_map(|c| children(c, "characteristic"))
                .map(|c| {
                    let key = c.attribute("name").unwrap_or("").trim().to_string();
                    (key, c.text().unwrap_or("").trim().to_string())
                })
                .collect(),
        })
        .collect();
    let held = children(node, "selections")
        .flat_map(|s| children(s, "selection"))
        .map(selection)
        .collect::<Result<_, _>>()?;
    Ok(Selection {
        points: points_of(node).map_err(|e| e.in_unit(&name))?,
        name,
        kind: node.attribute("type").unwrap_or("").to_string(),
        number,
        group: node.attribute("group").unwrap_or("").to_string(),
        rules,
        profiles,
        children: held,
    })
}

/// The `pts` cost directly under `node` (0 if none).
fn points_of(node: Node) -> Result<f64, RosterError> {
    let cost = children(node, "costs")
        .flat_map(|c| children(c, "cost"))
        .find(|c| c.attribute("name").map(str::trim) == Some("pts"));
    let Some(value) = cost.and_then(|c| c.attribute("value")) else {
        return Ok(0.0);
    };
    match value.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=1e7).contains(&v) => Ok(v),
        _ => Err(RosterError::field(
            "",
            "pts",
            text!("'{}' is not a cost (accepted: 0 or more points)", value),
        )),
    }
}

/// The child elements of `node` named `name`.
fn children<'a, 'i>(node: Node<'a, 'i>, name: &'static str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}
