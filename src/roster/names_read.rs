//! A part of `data/names/` read from its TOML table by hand, key by key:
//! a key left over is unknown, a value of another type is refused. Not
//! through serde's derived readers: they cost the page's module 41 KB (8 KB
//! gzipped; BENCHMARKS.md, issue 40). The text is parsed by the same
//! `toml::Table` reader that query files and `--set` use.

use super::{Bonus, Command, Entry, Saved, UnitKind};
use crate::rules::panic::PanicKinds;
use toml::{Table, Value};

/// One part: its army, if it speaks for one, its entries, the units of a
/// kind its army book names (`[[units]]`), and the categories of hired
/// units (`hired`, in a part for every army).
pub(super) struct Part {
    pub army: Option<String>,
    pub hired: Vec<String>,
    pub entries: Vec<Entry>,
    pub kinds: Vec<UnitKind>,
}

impl Part {
    /// The part written in `text`, or what is wrong with it.
    pub(super) fn read(text: &str) -> Result<Part, String> {
        let mut keys = Keys(toml::from_str::<Table>(text).map_err(|e| e.to_string())?);
        let army = keys.text("army")?;
        let hired = keys.texts("hired")?.unwrap_or_default();
        let entries = keys.tables("name", Entry::read)?;
        let kinds = keys.tables("units", UnitKind::read)?;
        keys.done()?;
        if !kinds.is_empty() && army.is_none() {
            return Err("[[units]] speak for an army: the part needs army = \"...\"".into());
        }
        Ok(Part {
            army,
            hired,
            entries,
            kinds,
        })
    }
}

impl UnitKind {
    fn read(mut k: Keys) -> Result<UnitKind, String> {
        let kind = UnitKind {
            kind: k.text("kind")?.ok_or("missing kind")?,
            names: k.texts("names")?,
            except: k.texts("except")?.unwrap_or_default(),
            book_rules: k.texts("book_rules")?.unwrap_or_default(),
            army_rules: k.texts("army_rules")?.unwrap_or_default(),
            panic: k.flag("panic")?,
        };
        k.done()?;
        if kind.book_rules.is_empty() && kind.army_rules.is_empty() && !kind.panic {
            return Err("gives nothing: book_rules, army_rules or panic = true".into());
        }
        if kind.names.as_ref().is_some_and(Vec::is_empty) {
            return Err("names = [] covers no unit (leave it out for every unit)".into());
        }
        Ok(kind)
    }
}

impl Entry {
    fn read(mut k: Keys) -> Result<Entry, String> {
        let entry = Entry {
            names: k.texts("names")?.ok_or("missing names")?,
            armies: k.texts("armies")?.unwrap_or_default(),
            weapon: k.named("weapon")?,
            shield: k.flag("shield")?,
            armour: k.named("armour")?,
            barding: k.text("barding")?,
            barding_free: k.flag("barding_free")?,
            armour_bonus: k.small("armour_bonus")?.unwrap_or(0),
            natural: k.saved("natural")?,
            ward: k.saved("ward")?,
            save: k.saved("save")?,
            regeneration: k.flag("regeneration")?,
            flies: k.flag("flies")?,
            missile: k.flag("missile")?,
            strength: k.text("strength")?,
            shots: k.small("shots")?,
            missile_rules: k.named_list("missile_rules")?,
            artillery_dice: k.flag("artillery_dice")?,
            missile_hits: k.flag("missile_hits")?,
            rules: k.named_list("rules")?,
            bonus: k.bonus("bonus")?,
            stacks: k.flag("stacks")?,
            hates: k.texts("hates")?.unwrap_or_default(),
            fears: k.texts("fears")?.unwrap_or_default(),
            immune_to_panic_against: k.texts("immune_to_panic_against")?.unwrap_or_default(),
            panic: Box::new(PanicKinds {
                kinds: Vec::new(),
                ignores: k.texts("ignores_panic_from")?.unwrap_or_default(),
                ignores_fleeing: k.texts("ignores_fleeing_panic_from")?.unwrap_or_default(),
                only_in: k.texts("causes_panic_only_in")?,
            }),
            open_ground: k.named_list("open_ground")?,
            combat_resolution: k.small("combat_resolution")?.unwrap_or(0),
            extra_impact_hits: k.small("extra_impact_hits")?.unwrap_or(0),
            impact_hits: k.text("impact_hits")?,
            impact_beyond: k.small("impact_beyond")?.unwrap_or(0),
            unit_strength: k.small("unit_strength")?,
            others_ld: k.flag("others_ld")?,
            others_fight: k.flag("others_fight")?,
            general: k.flag("general")?,
            battle_standard: k.flag("battle_standard")?,
            command: match k.text("command")?.as_deref() {
                None => None,
                Some("standard") => Some(Command::Standard),
                Some("musician") => Some(Command::Musician),
                Some(other) => {
                    return Err(format!(
                        "command = \"{other}\" (accepted: standard, musician)"
                    ))
                }
            },
            rest_not_played: k.text("rest_not_played")?,
            no_effect: k.text("no_effect")?,
            not_played: k.text("not_played")?,
        };
        k.done()?;
        Ok(entry)
    }
}

/// A table's keys, each taken once.
struct Keys(Table);

/// Why `key`'s value is refused.
fn wrong(key: &str, v: &Value, accepted: &str) -> String {
    format!("{key} = {v} (accepted: {accepted})")
}

impl Keys {
    fn take(&mut self, key: &str) -> Option<Value> {
        self.0.remove(key)
    }

    /// `[[key]]`'s tables, each read by `read`.
    fn tables<T>(
        &mut self,
        key: &str,
        read: impl Fn(Keys) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        match self.take(key) {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .into_iter()
                .enumerate()
                .map(|(i, item)| {
                    match item {
                        Value::Table(t) => read(Keys(t)),
                        _ => Err("not a table".into()),
                    }
                    .map_err(|e| format!("[[{key}]] number {}: {e}", i + 1))
                })
                .collect(),
            Some(_) => Err(format!("{key} is not a list of [[{key}]] tables")),
        }
    }

    /// An error if a key is left: one the table does not know.
    fn done(self) -> Result<(), String> {
        match self.0.keys().next() {
            Some(key) => Err(format!("unknown key `{key}`")),
            None => Ok(()),
        }
    }

    fn text(&mut self, key: &str) -> Result<Option<String>, String> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(wrong(key, &v, "a string")),
        }
    }

    fn texts(&mut self, key: &str) -> Result<Option<Vec<String>>, String> {
        let Some(v) = self.take(key) else {
            return Ok(None);
        };
        let strings = match &v {
            Value::Array(items) => items.iter().map(|i| i.as_str().map(String::from)).collect(),
            _ => None,
        };
        strings
            .map(Some)
            .ok_or_else(|| wrong(key, &v, "a list of strings"))
    }

    fn flag(&mut self, key: &str) -> Result<bool, String> {
        match self.take(key) {
            None => Ok(false),
            Some(Value::Boolean(b)) => Ok(b),
            Some(v) => Err(wrong(key, &v, "true or false")),
        }
    }

    fn small(&mut self, key: &str) -> Result<Option<u8>, String> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::Integer(i)) if u8::try_from(i).is_ok() => Ok(u8::try_from(i).ok()),
            Some(v) => Err(wrong(key, &v, "0 to 255")),
        }
    }

    /// A game term by its name, as scenario files spell it.
    fn named<T: clap::ValueEnum>(&mut self, key: &str) -> Result<Option<T>, String> {
        self.text(key)?
            .map(|s| crate::rules::by_name(&s).map_err(|e| format!("{key}: {e}")))
            .transpose()
    }

    fn named_list<T: clap::ValueEnum>(&mut self, key: &str) -> Result<Vec<T>, String> {
        let names = self.texts(key)?.unwrap_or_default();
        names
            .iter()
            .map(|s| crate::rules::by_name(s).map_err(|e| format!("{key}: {e}")))
            .collect()
    }

    fn saved(&mut self, key: &str) -> Result<Option<Saved>, String> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::Boolean(b)) => Ok(Some(Saved::Written(b))),
            Some(Value::Integer(i)) if u8::try_from(i).is_ok() => {
                Ok(u8::try_from(i).ok().map(Saved::Given))
            }
            Some(v) => Err(wrong(key, &v, "a save, 2 to 6, or true")),
        }
    }

    fn bonus(&mut self, key: &str) -> Result<Bonus, String> {
        let mut b = match self.take(key) {
            None => return Ok(Bonus::default()),
            Some(Value::Table(t)) => Keys(t),
            Some(v) => return Err(wrong(key, &v, "a table such as { a = 1 }")),
        };
        let mut one = |c: &str| match b.take(c) {
            None => Ok(0),
            Some(Value::Integer(i)) if i8::try_from(i).is_ok() => Ok(i as i8),
            Some(v) => Err(wrong(&format!("{key}.{c}"), &v, "-128 to 127")),
        };
        let bonus = Bonus {
            m: one("m")?,
            ws: one("ws")?,
            bs: one("bs")?,
            s: one("s")?,
            t: one("t")?,
            w: one("w")?,
            i: one("i")?,
            a: one("a")?,
            ld: one("ld")?,
        };
        b.done().map_err(|e| format!("{key}: {e}"))?;
        Ok(bonus)
    }
}

#[cfg(test)]
mod tests {
    use super::Part;

    fn refused(text: &str) -> String {
        Part::read(text).err().expect("refused")
    }

    #[test]
    fn a_part_reads_its_entries_and_refuses_what_it_does_not_know() {
        let part = Part::read(
            "army = \"Skaven\"\n[[name]]\nnames = [\"Warpstone\"]\nbonus = { s = 1 }\nward = 5\n",
        )
        .unwrap();
        assert_eq!(part.army.as_deref(), Some("Skaven"));
        assert_eq!(part.entries[0].bonus.s, 1);
        assert!(refused("[[name]]\nnames = [\"X\"]\nwepon = \"spear\"\n")
            .contains("unknown key `wepon`"));
        assert!(refused("[[name]]\nnames = [\"X\"]\nshield = 1\n").contains("shield = 1"));
        assert!(refused("[[name]]\nnames = [\"X\"]\nbonus = { str = 1 }\n")
            .contains("unknown key `str`"));
        assert!(refused("[[name]]\nnames = [\"X\"]\nward = 300\n").contains("ward = 300"));
        assert!(refused("[[name]]\nnames = [\"X\"]\nweapon = \"trident\"\n").contains("weapon"));
        assert!(refused("[[name]]\nnames = [\"X\"]\ncommand = \"drummer\"\n").contains("drummer"));
        assert!(refused("[[name]]\nweapon = \"spear\"\n").contains("missing names"));
        assert!(refused("armies = [\"Skaven\"]\n").contains("unknown key `armies`"));
    }

    #[test]
    fn a_kind_of_units_reads_its_keys_and_refuses_the_rest() {
        let kinds = "army = \"Orcs and Goblins\"\n[[units]]\nkind = \"Savage Orcs\"\n";
        let part = Part::read(&format!(
            "{kinds}names = [\"Savage Orc Boyz\"]\nexcept = [\"X\"]\nbook_rules = [\"Frenzy\"]\n"
        ))
        .unwrap();
        let k = &part.kinds[0];
        assert_eq!(k.kind, "Savage Orcs");
        assert_eq!(
            k.names.as_deref(),
            Some(&["Savage Orc Boyz".to_string()][..])
        );
        assert_eq!(
            (k.except.len(), k.book_rules.len(), k.army_rules.len()),
            (1, 1, 0)
        );
        assert!(refused(&format!(
            "{kinds}book_rules = [\"Frenzy\"]\nunits = [\"X\"]\n"
        ))
        .contains("[[units]] number 1: unknown key `units`"));
        assert!(refused(&format!("{kinds}book_rules = \"Frenzy\"\n"))
            .contains("book_rules = \"Frenzy\" (accepted: a list of strings)"));
        assert!(
            refused(&format!("{kinds}names = [1]\nbook_rules = [\"Frenzy\"]\n"))
                .contains("names = [1]")
        );
        assert!(
            refused(&format!("{kinds}names = []\nbook_rules = [\"Frenzy\"]\n"))
                .contains("covers no unit")
        );
        assert!(refused(kinds).contains("gives nothing"));
        assert!(
            refused("army = \"X\"\n[[units]]\nbook_rules = [\"Frenzy\"]\n")
                .contains("missing kind")
        );
        assert!(
            refused("[[units]]\nkind = \"k\"\nbook_rules = [\"Frenzy\"]\n")
                .contains("the part needs army")
        );
        assert!(refused("hired = \"Mercenaries\"\n").contains("hired"));
        assert!(refused("units = 3\n").contains("not a list of [[units]]"));
    }
}
