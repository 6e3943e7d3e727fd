//! Defensive Stakes (the Bretonnian Peasant Bowmen's): stakes set before
//! a unit's front rank take the charge bonus from whoever charges that
//! front.
//!
//! **How.** A charger whose every contact on the charge is a front with
//! standing stakes charges without its bonus: it strikes in Initiative
//! order (ties rolled off), and weapons, impact hits and rules that need
//! a charge (a lance's +2 S, a great weapon striking in order, a Bull
//! Charge) do not act. The fight reads it once, as it is set up. RULES.md
//! Charges, Defensive Stakes.
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::place::Facing;
//! use mathhammer::rules::stakes::{charge_bonus_kept, StakesChoice};
//!
//! // A lance charging the bowmen's staked front strikes without its +2 S.
//! assert!(!charge_bonus_kept(StakesChoice::Standing, &[(true, Facing::Front)]));
//! // Their flank has no stakes.
//! assert!(charge_bonus_kept(StakesChoice::Standing, &[(true, Facing::Flank)]));
//! ```

use super::place::Facing;
use serde::Deserialize;

/// Whether a unit's Defensive Stakes still stand in the fight:
/// **\[ruling\]** `standing` (the unit has not moved since it was
/// deployed: the rule's own condition) or `removed` (it has). RULES.md
/// Charges, Rulings and their switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum StakesChoice {
    /// The stakes stand before the unit's front.
    #[default]
    Standing,
    /// The unit has moved: its stakes are gone.
    Removed,
}

crate::rules::named_by_value_enum!(StakesChoice);

/// Whether a charger keeps its charge bonus, given each unit its charge
/// meets: whether that unit has Defensive Stakes, and the face struck.
/// It loses it when every unit it charges is met at a staked front
/// (**\[ruling\]** a charge that also meets a flank, or an unstaked unit,
/// keeps it whole: one charge, one bonus). RULES.md Charges, Defensive
/// Stakes.
pub fn charge_bonus_kept(choice: StakesChoice, met: &[(bool, Facing)]) -> bool {
    let staked = |&(stakes, face): &(bool, Facing)| stakes && face == Facing::Front;
    choice == StakesChoice::Removed || met.is_empty() || !met.iter().all(staked)
}
