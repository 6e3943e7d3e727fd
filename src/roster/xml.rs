//! A roster's XML as a tree of selections, read with `quick-xml`.
//!
//! **What.** The roster's name, game system and points, and the selections
//! of its forces as written: each one's name, type, `number`, `pts` cost,
//! entry group, categories, rules by name, profiles (name, type,
//! characteristics as written) and the selections it holds.
//!
//! **How.** One pass over the XML's events builds the tree on a stack of
//! our own, so reading is linear in the file's size whatever its shape:
//! attributes are not checked pairwise, text split by comments is joined,
//! and selections nested past [`MAX_DEPTH`] are refused before anything
//! walks them. A document type declaration (entities, external files) is
//! refused where it stands. Elements are matched by local name, so the
//! schema's namespace need not be spelled. A selection whose `number` or
//! cost cannot be read keeps the reason ([`Selection::problem`]): its unit
//! is left out, the list is not.

use super::RosterError;
use crate::text;
use crate::words::text::Text;
use quick_xml::events::{BytesStart, Event};

/// The deepest selections may nest (BattleScribe's deepest are about ten).
pub(super) const MAX_DEPTH: usize = 64;

/// The roster as written.
pub(super) struct RawRoster {
    pub name: String,
    pub game_system: String,
    pub points: f64,
    /// The selections of its forces, in the file's order.
    pub selections: Vec<Selection>,
}

/// One selection and what it holds.
#[derive(Default)]
pub(super) struct Selection {
    pub name: String,
    /// The army its force was chosen from: the catalogue's name
    /// (`catalogueName`), as the names table keys a name by army.
    pub army: std::rc::Rc<str>,
    /// `unit`, `model` or `upgrade`.
    pub kind: String,
    pub number: u32,
    /// The entry group it was chosen from (`Mounts`, `Command group`), as
    /// New Recruit writes it (BattleScribe does not).
    pub group: String,
    pub categories: Vec<String>,
    /// Its own `pts` cost (for a `model` selection: all its models').
    pub points: f64,
    pub rules: Vec<String>,
    pub profiles: Vec<RawProfile>,
    pub children: Vec<Selection>,
    /// Why its `number` or cost cannot be read, if so.
    pub problem: Option<RosterError>,
    /// Its unit selections are its models, not units of their own: it has
    /// no model profile of its own, and they are all of one name (several
    /// Fenbeasts). Found as it closes, once.
    pub units_are_models: bool,
}

/// A profile as written.
#[derive(Default)]
pub(super) struct RawProfile {
    pub name: String,
    /// `Profile` (a model's characteristics), `Weapon`, `Armour`, ...
    pub kind: String,
    pub characteristics: Vec<(String, String)>,
}

/// What an open element is to the tree.
enum Open {
    /// An element the tree keeps nothing of (or holds what it keeps).
    Plain,
    Roster,
    Selection(Box<Selection>),
    Profile(RawProfile),
    /// A characteristic: its name and text so far.
    Characteristic(String, String),
}

/// The tree being built: each open element's local name and what it is.
struct Builder {
    open: Vec<(String, Open)>,
    /// The catalogue of the force being read.
    army: std::rc::Rc<str>,
    roster: RawRoster,
    depth: usize,
}

/// The roster in `xml`.
pub(super) fn parse(xml: &str) -> Result<RawRoster, RosterError> {
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut b = Builder {
        open: Vec::new(),
        army: "".into(),
        roster: RawRoster {
            name: String::new(),
            game_system: String::new(),
            points: 0.0,
            selections: Vec::new(),
        },
        depth: 0,
    };
    let mut seen_root = false;
    loop {
        let event = reader.read_event().map_err(|e| not_xml(e.to_string()))?;
        match event {
            Event::Start(e) => b.start(&e, root(&b, &mut seen_root)?)?,
            Event::Empty(e) => {
                b.start(&e, root(&b, &mut seen_root)?)?;
                b.end()?;
            }
            Event::End(_) => b.end()?,
            Event::Text(t) => b.text(&t.xml10_content()),
            Event::CData(t) => b.text(&t.xml10_content()),
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => quick_xml::escape::resolve_predefined_entity(&r)
                        .ok_or_else(|| not_xml(format!("unknown entity &{};", &*r)))?
                        .to_string(),
                };
                b.text(&resolved);
            }
            Event::DocType(_) => {
                return Err(not_xml(
                    "a document type declaration (entities are not read)".into(),
                ))
            }
            Event::Eof => break,
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) => {}
        }
    }
    if !b.open.is_empty() {
        return Err(not_xml("it ends before its elements close".into()));
    }
    if !seen_root {
        return Err(not_xml("no root element".into()));
    }
    Ok(b.roster)
}

/// Whether the element opening now is the root (a second root is refused).
fn root(b: &Builder, seen: &mut bool) -> Result<bool, RosterError> {
    if !b.open.is_empty() {
        return Ok(false);
    }
    if *seen {
        return Err(not_xml("a second root element".into()));
    }
    *seen = true;
    Ok(true)
}

/// The file is not a roster's XML, and why (on one line: the parser may
/// quote a broken tag holding a line break).
fn not_xml(why: String) -> RosterError {
    RosterError::file(text!("not a roster's XML ({})", clean(&why)))
}

impl Builder {
    /// The local name of the open element `back` places up (0: the last).
    fn up(&self, back: usize) -> &str {
        self.open
            .len()
            .checked_sub(back + 1)
            .map_or("", |i| self.open[i].0.as_str())
    }

    /// Whether the element opening now sits in `<outer><list>` here.
    fn under(&self, list: &str, outer: &str) -> bool {
        self.up(0) == list && self.up(1) == outer
    }

    fn start(&mut self, e: &BytesStart, root: bool) -> Result<(), RosterError> {
        let name = e.local_name().as_ref().to_string();
        let attrs = Attrs::of(e)?;
        if root && name != "roster" {
            return Err(RosterError::file(text!(
                "the XML's root is <{}> (accepted: a <roster>, as BattleScribe and New Recruit write it)",
                name.clone()
            )));
        }
        let open = match name.as_str() {
            "roster" if root => {
                self.roster.name = clean(attrs.get("name"));
                self.roster.game_system = clean(attrs.get("gameSystemName"));
                Open::Roster
            }
            "force" => {
                self.army = clean(attrs.get("catalogueName")).trim().into();
                Open::Plain
            }
            "selection" if self.up(0) == "selections" => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(RosterError::file(text!(
                        "selections nested over {} deep (accepted: a roster as BattleScribe and New Recruit write it)",
                        MAX_DEPTH
                    )));
                }
                let mut s = selection(&attrs);
                s.army = self.army.clone();
                Open::Selection(Box::new(s))
            }
            "profile" if self.under("profiles", "selection") && !attrs.hidden() => {
                Open::Profile(RawProfile {
                    name: clean(attrs.get("name")),
                    kind: clean(attrs.get("typeName")),
                    characteristics: Vec::new(),
                })
            }
            "characteristic" if self.under("characteristics", "profile") => {
                Open::Characteristic(clean(attrs.get("name")).trim().to_string(), String::new())
            }
            "rule" if self.under("rules", "selection") && !attrs.hidden() => {
                if let Some(Open::Selection(s)) = self.parent(2) {
                    s.rules.push(clean(attrs.get("name")));
                }
                Open::Plain
            }
            "category" if self.under("categories", "selection") => {
                if let Some(Open::Selection(s)) = self.parent(2) {
                    s.categories.push(clean(attrs.get("name")));
                }
                Open::Plain
            }
            "cost" if attrs.get("name").trim() == "pts" && self.up(0) == "costs" => {
                let cost = cost(attrs.get("value"));
                match self.parent(2) {
                    Some(Open::Selection(s)) => match cost {
                        Ok(v) => s.points = v,
                        Err(e) => s.problem = s.problem.take().or(Some(e)),
                    },
                    Some(Open::Roster) => self.roster.points = cost?,
                    _ => {}
                }
                Open::Plain
            }
            _ => Open::Plain,
        };
        self.open.push((name, open));
        Ok(())
    }

    /// The open element `back` places up, if it is one the tree keeps.
    fn parent(&mut self, back: usize) -> Option<&mut Open> {
        let i = self.open.len().checked_sub(back)?;
        self.open.get_mut(i).map(|(_, o)| o)
    }

    fn text(&mut self, text: &str) {
        if let Some((_, Open::Characteristic(_, value))) = self.open.last_mut() {
            value.push_str(text);
        }
    }

    fn end(&mut self) -> Result<(), RosterError> {
        let Some((_, open)) = self.open.pop() else {
            return Err(not_xml("a closing tag with nothing open".into()));
        };
        match open {
            Open::Selection(mut s) => {
                s.units_are_models = units_are_models(&s);
                self.depth -= 1;
                // Its parent: a selection, or a force's list of selections.
                let parent = self.open.len().checked_sub(2).map(|i| &mut self.open[i].1);
                match parent {
                    Some(Open::Selection(p)) => p.children.push(*s),
                    _ => self.roster.selections.push(*s),
                }
            }
            Open::Profile(p) => {
                if let Some(Open::Selection(s)) = self.parent(2) {
                    s.profiles.push(p);
                }
            }
            Open::Characteristic(name, value) => {
                if let Some(Open::Profile(p)) = self.parent(2) {
                    p.characteristics.push((name, value.trim().to_string()));
                }
            }
            Open::Plain | Open::Roster => {}
        }
        Ok(())
    }
}

/// Whether `s`'s unit selections are its models (see
/// [`Selection::units_are_models`]).
pub(super) fn units_are_models(s: &Selection) -> bool {
    let profile = |sel: &Selection| sel.profiles.iter().any(|p| p.kind == "Profile");
    let own = profile(s) || s.children.iter().any(|c| c.kind != "unit" && profile(c));
    let mut units = s.children.iter().filter(|c| c.kind == "unit");
    let first = units.next().map(|u| u.name.as_str());
    !own && units.all(|u| Some(u.name.as_str()) == first)
}

/// A selection from its element's attributes.
fn selection(attrs: &Attrs) -> Selection {
    let name = clean(attrs.get("name"));
    let (number, problem) = match count(attrs.get("number")) {
        Ok(n) => (n, None),
        Err(why) => (1, Some(RosterError::field(&name, "number", why))),
    };
    Selection {
        kind: clean(attrs.get("type")),
        number,
        group: clean(attrs.get("group")),
        problem,
        name,
        ..Selection::default()
    }
}

/// A selection's `number`: 1 if absent, else a whole number from 1.
fn count(raw: &str) -> Result<u32, Text> {
    match raw.trim() {
        "" => Ok(1),
        n => match n.parse::<u32>() {
            Ok(0) => Err(text!("0 models (accepted: 1 or more)")),
            Ok(v) => Ok(v),
            Err(_) => Err(text!(
                "'{}' is not a count (accepted: a whole number from 1 to {})",
                n,
                u32::MAX
            )),
        },
    }
}

/// A `pts` cost: 0 to ten million points.
fn cost(raw: &str) -> Result<f64, RosterError> {
    match raw.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=1e7).contains(&v) => Ok(v),
        _ => Err(RosterError::field(
            "",
            "pts",
            text!("'{}' is not a cost (accepted: 0 or more points)", raw),
        )),
    }
}

/// A name as the file writes it, its control characters (a newline, a
/// tab) as spaces, so it never breaks a line of the output.
pub(super) fn clean(raw: &str) -> String {
    raw.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// An element's attributes by local name: the first of each, unescaped.
struct Attrs(Vec<(String, String)>);

impl Attrs {
    fn of(e: &BytesStart) -> Result<Attrs, RosterError> {
        let mut list = e.attributes();
        list.with_checks(false);
        let mut out = Vec::new();
        for a in list {
            let a = a.map_err(|e| not_xml(e.to_string()))?;
            let value = a
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|e| not_xml(e.to_string()))?;
            out.push((a.key.local_name().as_ref().to_string(), value.into_owned()));
        }
        Ok(Attrs(out))
    }

    fn get(&self, key: &str) -> &str {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v.as_str())
    }

    fn hidden(&self) -> bool {
        self.get("hidden") == "true"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster(selections: &str) -> String {
        format!("<roster name=\"r\"><costs><cost name=\"pts\" value=\"10\"/></costs><forces><force><selections>{selections}</selections></force></forces></roster>")
    }

    #[test]
    fn a_value_split_by_a_comment_is_read_whole() {
        let xml = roster("<selection name=\"U\" type=\"unit\"><profiles><profile name=\"P\" typeName=\"Profile\"><characteristics><characteristic name=\"WS\">1<!-- x -->0</characteristic></characteristics></profile></profiles></selection>");
        let r = parse(&xml).unwrap();
        assert_eq!(
            r.selections[0].profiles[0].characteristics,
            [("WS".to_string(), "10".to_string())]
        );
        assert_eq!(r.points, 10.0);
    }

    #[test]
    fn names_keep_no_line_breaks() {
        let xml = roster("<selection name=\"Orc&#10;Boyz\" type=\"unit\"/>");
        assert_eq!(parse(&xml).unwrap().selections[0].name, "Orc Boyz");
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let n = 5_000;
        let open = "<selection name=\"s\" type=\"upgrade\"><selections>".repeat(n);
        let close = "</selections></selection>".repeat(n);
        let Err(e) = parse(&roster(&format!("{open}{close}"))) else {
            panic!("5,000 selections deep read");
        };
        assert!(
            e.message.to_string().contains("nested over 64 deep"),
            "{e:?}"
        );
    }

    #[test]
    fn a_zero_or_unreadable_number_is_the_selections_problem() {
        let xml = roster("<selection name=\"A\" type=\"unit\" number=\"0\"/><selection name=\"B\" type=\"unit\" number=\"x\"/>");
        let r = parse(&xml).unwrap();
        assert!(r.selections.iter().all(|s| s.problem.is_some()));
    }
}
