//! Where an army's characters stand, for `roster`: a section of its text
//! (`Characters: where each stands, and why`), and in its JSON each
//! character's unit and each unit's characters.

use super::Army;
use serde_json::json;

impl Army<'_> {
    /// Its characters one a line: where each stands, and why.
    pub fn text(&self) -> String {
        if self.stands.is_empty() {
            return String::new();
        }
        let mut out = String::from("\nCharacters: where each stands, and why\n");
        for s in &self.stands {
            let c = self.unit(s.character);
            let place = match s.unit {
                Some(n) => format!("in {}. {}", n, self.unit(n).name),
                None => "alone".to_string(),
            };
            out += &format!("{}. {}: {} ({})\n", c.number, c.name, place, s.why);
        }
        out
    }

    /// The roster's JSON listing (`roster::listing::json_value`) with the
    /// army: each unit's `character`, `war_machine`, its characters'
    /// numbers (`characters`) or, for a character, the unit he stands in
    /// (`stands_in`, null alone); and `characters`, each character's
    /// `number`, `name`, `stands_in`, `may_join` (the numbers of the units
    /// the rules let him join: those `--join` accepts, besides alone), `why`
    /// and `joined` (by `--join`).
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(&self.json_value()).expect("JSON of plain values") + "\n"
    }

    /// [`json`](Army::json)'s listing as a JSON value (the page renders
    /// its words in its language).
    pub fn json_value(&self) -> serde_json::Value {
        let mut out = crate::roster::listing::json_value(self.roster);
        if let Some(units) = out["units"].as_array_mut() {
            for (u, entry) in self.roster.units.iter().zip(units) {
                entry["character"] = json!(u.character);
                entry["war_machine"] = json!(u.war_machine);
                match self.stand_of(u.number) {
                    Some(s) => entry["stands_in"] = json!(s.unit),
                    None => {
                        let numbers: Vec<usize> = self
                            .characters_in(u.number)
                            .iter()
                            .map(|c| c.number)
                            .collect();
                        entry["characters"] = json!(numbers);
                    }
                }
            }
        }
        let may_join = super::place::may_join(self.roster);
        let characters: Vec<_> = self
            .stands
            .iter()
            .map(|s| {
                json!({
                    "number": s.character,
                    "name": self.unit(s.character).name,
                    "stands_in": s.unit,
                    "may_join": may_join[s.character - 1],
                    "why": s.why,
                    "joined": s.joined,
                })
            })
            .collect();
        out["characters"] = json!(characters);
        out
    }
}
