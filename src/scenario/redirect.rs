//! A `[[unit]]` marked `redirect = true`: the unit the main charger may
//! redirect its charge at if its first target flees and gets away (RULES.md
//! Charges; seed 000), read and checked. Its `distance`, `wheel` and
//! `difficult_terrain` are the charger's path to it from where the charger
//! started; `facing` the face the charger would strike; `reaction` its own
//! reaction to the new charge.

use super::build::{check_place, check_reaction_to};
use super::combat::UnitSpec;
use crate::combat::fight::{Place, Redirect};
use crate::combat::unit::Unit;
use crate::error::InputError;
use crate::rules::place::Terrain;
use crate::rules::Edition;
use crate::text;

impl UnitSpec {
    /// A redirect target's place: a unit of the charged side, out of the
    /// fight until the charge turns on it.
    pub(super) fn redirect_place(
        &self,
        name: &str,
        side: usize,
        charger: Option<usize>,
    ) -> Result<Place, InputError> {
        let Some(c) = charger else {
            return Err(InputError::new(
                format!("{name}.redirect"),
                text!("there is no charge to redirect (accepted with charger = \"none\": redirect = false)"),
            ));
        };
        if side == c {
            return Err(InputError::new(
                format!("{name}.redirect"),
                text!("a charge is redirected at an enemy of the charger; this unit is on the charging side (accepted: side = \"{}\")", ["attacker", "defender"][1 - c]),
            ));
        }
        let not_a_charger = [
            ("charges", self.charges == Some(true)),
            ("fleeing_friends_us", self.fleeing_friends_us.is_some()),
            ("terror_nearby", self.terror_nearby.is_some()),
        ];
        if let Some((field, _)) = not_a_charger.iter().find(|k| k.1) {
            return Err(InputError::new(
                format!("{name}.{field}"),
                text!("a redirect target does not charge (accepted: redirect = false, or no charges, fleeing_friends_us or terror_nearby)"),
            ));
        }
        Ok(Place {
            side,
            ..Place::default()
        })
    }

    /// The redirect this entry describes, if it has `redirect = true`:
    /// unit `unit` of the fight; `another`, a redirect target came before.
    pub(super) fn redirect_target(
        &self,
        name: &str,
        charger: Option<usize>,
        unit: usize,
        another: bool,
        charger_crosses: &[Terrain],
    ) -> Result<Option<Redirect>, InputError> {
        if self.redirect != Some(true) || charger.is_none() {
            return Ok(None);
        }
        if another {
            return Err(InputError::new(
                format!("{name}.redirect"),
                text!("a second redirect target (accepted: one; of several the charger must take the one nearest its first target, RULES.md Charges)"),
            ));
        }
        let Some(distance) = self.distance else {
            return Err(InputError::new(
                format!("{name}.distance"),
                text!("missing for a redirect target: the charger's distance to it from where it started (accepted: 0 to 500)"),
            ));
        };
        Ok(Some(Redirect {
            unit,
            reaction: self.reaction.unwrap_or_default(),
            path: Place {
                side: charger.unwrap_or_default(),
                charging: true,
                distance: distance.0,
                wheel: self.wheel.unwrap_or_default().0,
                difficult_terrain: self
                    .difficult_terrain
                    .unwrap_or_default()
                    .slows(charger_crosses),
                ..Place::default()
            },
        }))
    }
}

/// The charger reaches a redirect target only by a path its move allows,
/// and the target's reaction is one it may take.
pub(super) fn check_redirect(
    r: &Redirect,
    units: &[Unit],
    edition: Edition,
) -> Result<(), InputError> {
    let name = crate::error::entry("unit", r.unit - 2);
    let charger = &units[r.path.side];
    if charger.move_roll().is_some() {
        // Its move is a straight line in a direction named before it rolls.
        return Err(InputError::new(
            format!("{name}.redirect"),
            text!("the charger moves at random, straight on: its charge is never redirected (accepted: no redirect = true)"),
        ));
    }
    check_place(&r.path, charger, edition, &name)?;
    let field = format!("{name}.reaction");
    let target = &units[r.unit];
    check_reaction_to(
        r.reaction,
        &field,
        target,
        Some((charger, &r.path)),
        false,
        edition,
    )
}
