//! Which fleeing enemy a unit pursues when several flee at once
//! (`pursuit_target`, RULES.md Fleeing and pursuit), and the names a
//! scenario's units go by (`attacker`, `defender`, `unit.N`).

use super::combat::ScenarioFile;
use crate::combat::fight::Place;
use crate::combat::unit::Unit;
use crate::error::InputError;
use crate::text;

impl ScenarioFile {
    /// Each unit of the fight by the name errors and `--set` give it
    /// (`attacker`, `defender`, `unit.N`), with its side.
    pub(super) fn named_sides(&self, places: &[Place]) -> Vec<(String, usize)> {
        ["attacker".to_string(), "defender".to_string()]
            .into_iter()
            .chain((0..self.unit.len()).map(|i| crate::error::entry("unit", i)))
            .zip(places.iter().map(|p| p.side))
            .collect()
    }

    /// Each unit's `pursuit_target`: a unit of the fight on the other side.
    pub(super) fn pursuit_targets(
        &self,
        units: &mut [Unit],
        places: &[Place],
    ) -> Result<(), InputError> {
        let specs = [&self.attacker, &self.defender]
            .into_iter()
            .chain(&self.unit);
        let named = self.named_sides(places);
        for (u, spec) in specs.enumerate() {
            let Some(target) = &spec.pursuit_target else {
                continue;
            };
            let (name, side) = (&named[u].0, named[u].1);
            let enemies: Vec<&str> = named
                .iter()
                .filter(|(_, s)| *s != side)
                .map(|(n, _)| n.as_str())
                .collect();
            let Some(t) = named.iter().position(|(n, _)| n == target) else {
                return Err(InputError::new(
                    format!("{name}.pursuit_target"),
                    text!(
                        "{} is not a unit of the fight (accepted: {})",
                        target,
                        enemies.join(", ")
                    ),
                ));
            };
            if named[t].1 == side {
                return Err(InputError::new(
                    format!("{name}.pursuit_target"),
                    text!(
                        "{} is on its own side (accepted: {})",
                        target,
                        enemies.join(", ")
                    ),
                ));
            }
            units[u].pursuit_target = Some(t);
        }
        Ok(())
    }
}
