//! The simple case the command line builds from flags (seed 003's example):
//! one unit with friends fleeing within 10 cm at the start of its turn.

use super::{BattleLine, Event, LineUnit};
use crate::rules::measure::Footprint;
use crate::rules::movement::flee_roll;
use crate::rules::Edition;
use crate::text;
use crate::words::text::Text;

/// The Ld and M the fleeing friends of the simple case have: they matter
/// only to their own rallies and flee moves.
pub const FLEEING_FRIEND_LD: u8 = 7;

impl BattleLine {
    /// A unit of `unit_strength` testing on `ld`, with friends of unit
    /// strengths `fleeing` running away 5 to 7 cm behind it (each a 2 cm
    /// square, M 10 cm, Ld 7), for `turns` starts of turn.
    pub fn fleeing_friends_beside(
        unit_strength: u32,
        ld: u8,
        fleeing: &[u32],
        turns: u8,
        equal_panics: bool,
    ) -> BattleLine {
        let edition = Edition::Metric;
        let unit = |name: Text, us: u32, ld: u8, at: Footprint, fleeing: bool| LineUnit {
            name,
            models: us,
            standing: us,
            unit_strength: us,
            ld,
            rally_ld: ld,
            without_general: (ld, ld),
            tests: true,
            unbreakable: false,
            cold_blooded: false,
            flee: flee_roll(10.0, false, edition),
            panics_when_destroyed: true,
            at,
            fleeing,
            spared_by: [0; 2],
        };
        let block = Footprint {
            x: 0.0,
            y: 0.0,
            facing: 0.0,
            width: 10.0,
            depth: 4.0,
        };
        let mut units = vec![unit(text!("unit"), unit_strength, ld, block, false)];
        for (i, &us) in fleeing.iter().enumerate() {
            // Side by side behind the unit, facing away from it.
            let at = Footprint {
                x: -9.0 + 2.5 * i as f64,
                y: -11.0,
                facing: 180.0,
                width: 2.0,
                depth: 2.0,
            };
            units.push(unit(
                text!("fleeing {}", i + 1),
                us,
                FLEEING_FRIEND_LD,
                at,
                true,
            ));
        }
        BattleLine {
            general: None,
            name: text!("a unit with fleeing friends within 10 cm"),
            units,
            event: Event::Fleeing,
            turns,
            fleeing_friends_equal_panics: equal_panics,
            edition,
        }
    }
}
