//! A roster cut for a shared link: only what the roster reader reads, and
//! for a picked fight only the picked units.
//!
//! **What.** [`for_link`] keeps of a roster's XML what [`xml`](super::xml)
//! reads (the roster's name, game system and points; each force's
//! catalogue; each selection's name, type, count, group, categories, `pts`
//! cost, rules by name and shown profiles with their characteristics) and
//! drops the rest (rules' descriptions, publications, ids, hidden entries,
//! comments, a count of 1 and a cost of 0, which read as when absent). With
//! units named, it keeps only the force selections that hold them, the
//! list's General (`--general-near` lends his Ld) and the selections that
//! hold no unit (the army's own rules, which reach the kept units), and
//! says each kept unit's number in the cut roster.
//!
//! **How.** The XML is read into a tree of elements, each marked as the
//! reader's [`Builder`](super::xml) would treat it (by the same names and
//! places), and the elements the reader keeps something of are written
//! back with their ancestors. The cut is then read again and each kept
//! unit's listing compared with the original's (its profiles, gear, rules,
//! points, the unit as played); should one differ, the roster goes whole.

use super::{xml, Found, Roster, RosterError};
use quick_xml::events::{BytesStart, Event};
use std::collections::BTreeMap;

/// A roster cut for a link.
#[derive(Debug, PartialEq)]
pub struct ForLink {
    /// The cut roster's XML.
    pub text: String,
    /// Each kept unit's number in the original and in the cut roster.
    pub numbers: BTreeMap<usize, usize>,
}

/// Elements nested deeper than this are not cut (the roster goes whole):
/// the tree is walked recursively. BattleScribe's are about 30 deep.
const MAX_NESTING: usize = 256;

/// Roster `text` cut for a link: the units numbered in `units` (and the
/// General), or with `None` the whole list (a matchup's). Numbers the
/// roster has not are ignored. A text that is not a roster is refused as
/// the reader refuses it.
pub fn for_link(text: &str, units: Option<&[usize]>) -> Result<ForLink, RosterError> {
    let whole = Roster::parse(text.as_bytes())?;
    let identity = |r: &Roster| r.units.iter().map(|u| (u.number, u.number)).collect();
    let unchanged = ForLink {
        text: text.to_string(),
        numbers: identity(&whole),
    };
    let Some(mut tree) = tree(text) else {
        return Ok(unchanged);
    };
    let mut marks = Marks::default();
    marks.mark(&mut tree, &[], None);
    let mut numbers = identity(&whole);
    let picked = units.filter(|_| !marks.nested_tops);
    if let Some((drop, kept)) = picked.and_then(|p| picked_tops(&whole, text, p, &marks)) {
        for i in drop {
            tree.at(&marks.tops[i]).kind = Kind::Dropped;
        }
        numbers = kept;
    }
    let mut out = String::with_capacity(text.len() / 4);
    tree.write(&mut out);
    match same(&whole, &out, &numbers, units.is_none()) {
        true => Ok(ForLink { text: out, numbers }),
        false => Ok(unchanged),
    }
}

/// The indices of the force selections to drop, and the kept units' old
/// and new numbers (`None` if the marks do not find the reader's force
/// selections).
fn picked_tops(
    whole: &Roster,
    text: &str,
    picked: &[usize],
    marks: &Marks,
) -> Option<(Vec<usize>, BTreeMap<usize, usize>)> {
    let raw = xml::parse(text).ok()?;
    if raw.selections.len() != marks.tops.len() {
        return None;
    }
    let general = whole
        .units
        .iter()
        .find(|u| u.played.as_ref().is_ok_and(|p| p.general))
        .map(|u| u.number);
    let wanted = |n: usize| picked.contains(&n) || Some(n) == general;
    let (mut drop, mut numbers) = (Vec::new(), BTreeMap::new());
    let (mut old, mut new) = (0, 0);
    for (i, s) in raw.selections.iter().enumerate() {
        let mut found = Found::default();
        found.top(s);
        let range = old + 1..=old + found.units.len();
        old += found.units.len();
        // A selection holding no unit is the army's own: its rules reach
        // the units kept.
        if !range.is_empty() && !range.clone().any(wanted) {
            drop.push(i);
            continue;
        }
        for n in range {
            new += 1;
            numbers.insert(n, new);
        }
    }
    Some((drop, numbers))
}

/// Whether the cut roster `cut` reads as `whole` does: each kept unit's
/// listing (profiles, gear, rules, notes, points, as played or why not) the
/// same but for its number (and its parent's), and for the whole list the
/// same listing.
fn same(whole: &Roster, cut: &str, numbers: &BTreeMap<usize, usize>, all: bool) -> bool {
    let Ok(cut) = Roster::parse(cut.as_bytes()) else {
        return false;
    };
    if all && super::listing::json(whole) != super::listing::json(&cut) {
        return false;
    }
    cut.units.len() == numbers.len()
        && numbers.iter().all(|(&old, &new)| {
            let mut unit = whole.units[old - 1].clone();
            unit.number = new;
            unit.parent = unit.parent.and_then(|p| numbers.get(&p).copied());
            super::listing::unit_json(&unit) == super::listing::unit_json(&cut.units[new - 1])
        })
}

/// An element of the XML.
#[derive(Default)]
struct Node {
    name: String,
    /// Its attributes by local name, the first of each, as the reader
    /// reads them (normalized, unescaped).
    attrs: Vec<(String, String)>,
    /// Its own text (a characteristic's value).
    text: String,
    children: Vec<Node>,
    kind: Kind,
}

/// What the reader makes of an element.
#[derive(Clone, Copy, Default, PartialEq)]
enum Kind {
    /// Nothing of its own: kept only to hold what is read.
    #[default]
    Plain,
    Root,
    Force,
    Selection,
    Profile,
    Characteristic,
    /// A rule's or a category's name.
    Named,
    Cost,
    /// A zero cost, the only one of its selection: it reads as absent.
    Zero,
    /// A force selection a picked fight does not need.
    Dropped,
}

impl Node {
    /// The node `path` (child indices) leads to.
    fn at(&mut self, path: &[usize]) -> &mut Node {
        path.iter().fold(self, |n, &i| &mut n.children[i])
    }

    fn attr(&self, key: &str) -> &str {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v.as_str())
    }

    /// Whether the reader reads anything in it.
    fn read(&self) -> bool {
        match self.kind {
            Kind::Dropped | Kind::Zero => false,
            Kind::Plain => self.children.iter().any(Node::read),
            _ => true,
        }
    }

    /// The attributes the reader reads of it (all of a plain element's).
    fn kept(&self) -> Vec<(&str, &str)> {
        let keys: &[&str] = match self.kind {
            Kind::Root => &["name", "gameSystemName"],
            Kind::Force => &["catalogueName"],
            Kind::Selection => &["name", "type", "number", "group"],
            Kind::Profile => &["name", "typeName"],
            Kind::Characteristic | Kind::Named => &["name"],
            Kind::Cost => &["name", "value"],
            Kind::Plain | Kind::Zero | Kind::Dropped => {
                return self
                    .attrs
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .filter(|(_, v)| !v.is_empty())
                    .collect()
            }
        };
        let one =
            |k: &&str| self.kind == Kind::Selection && *k == "number" && self.attr(k).trim() == "1";
        keys.iter()
            .filter(|k| !self.attr(k).is_empty() && !one(k))
            .map(|k| (*k, self.attr(k)))
            .collect()
    }

    /// The element as XML, if the reader reads anything in it.
    fn write(&self, out: &mut String) {
        if !self.read() {
            return;
        }
        out.push('<');
        out.push_str(&self.name);
        for (k, v) in self.kept() {
            out.push_str(&format!(" {k}=\""));
            escape(v, true, out);
            out.push('"');
        }
        let text = self.kind == Kind::Characteristic && !self.text.is_empty();
        if !text && !self.children.iter().any(Node::read) {
            out.push_str("/>");
            return;
        }
        out.push('>');
        if text {
            escape(&self.text, false, out);
        }
        for c in &self.children {
            c.write(out);
        }
        out.push_str("</");
        out.push_str(&self.name);
        out.push('>');
    }
}

/// `s` escaped for XML text, or for an attribute (where a line break or a
/// tab would read as a space).
fn escape(s: &str, attribute: bool, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\t' | '\n' | '\r' if attribute => out.push_str(&format!("&#{};", c as u32)),
            c => out.push(c),
        }
    }
}

/// The elements of `text` (a roster the reader read), or `None` past
/// [`MAX_NESTING`].
fn tree(text: &str) -> Option<Node> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut open: Vec<Node> = vec![Node::default()];
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) => {
                open.push(node(&e)?);
                if open.len() > MAX_NESTING {
                    return None;
                }
            }
            Event::Empty(e) => open.last_mut()?.children.push(node(&e)?),
            Event::End(_) => {
                let done = open.pop()?;
                open.last_mut()?.children.push(done);
            }
            Event::Text(t) => open.last_mut()?.text += &t.xml10_content(),
            Event::CData(t) => open.last_mut()?.text += &t.xml10_content(),
            Event::GeneralRef(r) => {
                let c = match r.resolve_char_ref().ok()? {
                    Some(c) => c.to_string(),
                    None => quick_xml::escape::resolve_predefined_entity(&r)?.to_string(),
                };
                open.last_mut()?.text += &c;
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let mut document = open.pop()?;
    document.children.pop()
}

fn node(e: &BytesStart) -> Option<Node> {
    let mut attrs: Vec<(String, String)> = Vec::new();
    let mut list = e.attributes();
    list.with_checks(false);
    for a in list {
        let a = a.ok()?;
        let key = a.key.local_name().as_ref().to_string();
        let value = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .ok()?;
        if !attrs.iter().any(|(k, _)| *k == key) {
            attrs.push((key, value.into_owned()));
        }
    }
    Some(Node {
        name: e.local_name().as_ref().to_string(),
        attrs,
        ..Node::default()
    })
}

/// What marking the tree found: the force selections (the reader's
/// `RawRoster::selections`, in its order) by their paths.
#[derive(Default)]
struct Marks {
    tops: Vec<Vec<usize>>,
    /// A force selection lies inside another selection (no file of
    /// BattleScribe's does): its units are not cut apart.
    nested_tops: bool,
}

impl Marks {
    /// Marks `node` (at `path`, under `up`) and what it holds as the
    /// reader treats them ([`xml`](super::xml)'s `Builder::start` and
    /// `end`: by names and places, an entry under a selection only when
    /// that selection is read).
    fn mark(&mut self, node: &mut Node, path: &[usize], up: Option<Up>) {
        let Up {
            parent,
            parent_kind: _,
            grand,
            within,
        } = up.unwrap_or(Up {
            parent: "",
            parent_kind: Kind::Plain,
            grand: Kind::Plain,
            within: false,
        });
        let hidden = node.attr("hidden") == "true";
        node.kind = match node.name.as_str() {
            "roster" if up.is_none() => Kind::Root,
            "force" => Kind::Force,
            "selection" if parent == "selections" => Kind::Selection,
            "profile" if parent == "profiles" && grand == Kind::Selection && !hidden => {
                Kind::Profile
            }
            "characteristic" if parent == "characteristics" && grand == Kind::Profile => {
                Kind::Characteristic
            }
            "rule" if parent == "rules" && grand == Kind::Selection && !hidden => Kind::Named,
            "category" if parent == "categories" && grand == Kind::Selection => Kind::Named,
            "cost"
                if node.attr("name").trim() == "pts"
                    && parent == "costs"
                    && matches!(grand, Kind::Selection | Kind::Root) =>
            {
                Kind::Cost
            }
            _ => Kind::Plain,
        };
        let kind = node.kind;
        let name = std::mem::take(&mut node.name);
        let mut here = path.to_vec();
        for (i, c) in node.children.iter_mut().enumerate() {
            here.push(i);
            let below = Up {
                parent: &name,
                parent_kind: kind,
                grand: up.map_or(Kind::Plain, |u| u.parent_kind),
                within: within || kind == Kind::Selection,
            };
            self.mark(c, &here, Some(below));
            here.pop();
        }
        node.name = name;
        if kind == Kind::Selection {
            zero_cost(node);
            // Its parent in the reader's tree is the selection over its
            // list, if that is read: else it is a force's selection.
            if grand != Kind::Selection {
                self.nested_tops |= within;
                self.tops.push(path.to_vec());
            }
        }
    }
}

/// A selection's one `pts` cost, if it is 0: it reads as no cost.
fn zero_cost(selection: &mut Node) {
    let mut costs = selection
        .children
        .iter_mut()
        .filter(|c| c.name == "costs")
        .flat_map(|c| c.children.iter_mut())
        .filter(|c| c.kind == Kind::Cost);
    if let (Some(only), None) = (costs.next(), costs.next()) {
        let zero = only.attr("value").trim().parse::<f64>() == Ok(0.0)
            && !only.attr("value").trim().starts_with('-');
        if zero {
            only.kind = Kind::Zero;
        }
    }
}

/// Where a node sits: its parent's name and kind, its grandparent's
/// kind, and whether a selection holds it.
#[derive(Clone, Copy)]
struct Up<'a> {
    parent: &'a str,
    parent_kind: Kind,
    grand: Kind,
    within: bool,
}
