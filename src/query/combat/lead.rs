//! The figures a fight's answer leads with, chosen by what the fight
//! found, and the units' names its labels put for the sides' words.

use super::figures::P_REDIRECTED;
use super::{p_wins, side_label, CombatQuery, UnitFigure, SIDES};
use crate::query::plural_name;
use crate::report::{Key, Report, Text, Value};

/// The most figures a fight's headline shows: a handful that decide.
const MOST: usize = 8;

impl CombatQuery {
    /// Where the target may flee (its reaction, fear, terror: P(target
    /// flees ...) above zero), the flee's outcomes first, then the
    /// charge's, then the fight's where one is fought; where it holds, the
    /// fight's (each side's wins, breaks, caught; the charger's first),
    /// then the charge's; then the casualties and P(still fighting). None
    /// zero in every engine; P(charge declared) only where it is not
    /// certain (animosity, stupidity).
    pub(super) fn lead(&self, report: &Report) -> Vec<Key> {
        let charger = self.combat.charger.unwrap_or(0);
        let [by, at] = [SIDES[charger], SIDES[1 - charger]];
        let flee: Vec<Key> = vec!["p_target_fled".into(), "p_target_caught".into()];
        let mut charge: Vec<Key> = Vec::new();
        if uncertain(report, "p_charge_declared") {
            charge.push("p_charge_declared".into());
        }
        charge.extend(
            [
                P_REDIRECTED,
                "p_charge_fails",
                "p_charger_fled",
                "p_charger_shot_down",
            ]
            .map(Key::from),
        );
        let fight = vec![
            p_wins(charger),
            p_wins(1 - charger),
            UnitFigure::Breaks.key(at),
            UnitFigure::Caught.key(at),
            UnitFigure::Breaks.key(by),
            UnitFigure::Caught.key(by),
        ];
        let after = vec![
            UnitFigure::MeanCasualties.key(at),
            UnitFigure::MeanCasualties.key(by),
            "p_unresolved".into(),
        ];
        let may_flee = flee.iter().any(|k| !report.is_zero(k));
        let keys = match may_flee {
            true if fought(report) => [flee, charge, fight, after].concat(),
            true => [flee, charge, after].concat(),
            false => [fight, charge, after].concat(),
        };
        let mut keys = report.not_zero(keys);
        keys.truncate(MOST);
        keys
    }

    /// Each side by its unit's name, and the charge's target by the
    /// charged unit's, in a fight of one unit a side whose names tell them
    /// apart (with more, `attacker` is a side, not a unit); units alike by
    /// their roles where the defender charges (never "attacker" for the
    /// charged unit).
    pub(super) fn names(&self) -> Vec<(Text, Text)> {
        match &self.combat.setup.units[..] {
            [a, d] if a.name != d.name => [a, d]
                .iter()
                .enumerate()
                .flat_map(|(side, unit)| {
                    let name = Text::kept(&unit.name);
                    let many = unit.models + unit.characters.len() as u32 > 1;
                    let name = match many && plural_name(&unit.name) {
                        true => Text::units(name),
                        false => Text::unit(name),
                    };
                    let charged = self.combat.charger.is_some_and(|c| c != side);
                    let target = charged.then(|| (crate::text!("target"), name.clone()));
                    [Some((side_label(side), name)), target]
                })
                .flatten()
                .collect(),
            [_, _] if self.combat.charger == Some(1) => vec![
                (side_label(0), crate::text!("charged")),
                (side_label(1), crate::text!("charger")),
            ],
            _ => Vec::new(),
        }
    }
}

/// Whether some engine finds figure `key` neither certain nor impossible.
fn uncertain(report: &Report, key: &str) -> bool {
    (report.outcomes.iter())
        .filter_map(|o| o.field(key).and_then(Value::central))
        .any(|p| p > 0.0 && p < 1.0)
}

/// Whether some engine finds a round of close combat fought: the first
/// round's P(fought) above zero.
fn fought(report: &Report) -> bool {
    report.outcomes.iter().any(|o| {
        let Some(t) = o.table("rounds") else {
            return false;
        };
        let Some(c) = t.columns.iter().position(|c| c.key == "p_fought") else {
            return false;
        };
        (t.rows.first()).and_then(|(_, cells)| cells.get(c)?.central()) > Some(0.0)
    })
}
