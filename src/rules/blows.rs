//! What models strike with in close combat, group by group: a chariot's
//! impact hits the turn it charges, the models' own attacks, their steeds'.
//! The one list both the `attacks` query and a fight's strike steps read
//! (RULES.md Close combat; Cavalry and mounts; Chariots): the query counts
//! each group over its models, the fight adds its champion, characters and
//! strike order.
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::blows::{blows, Blows};
//! use mathhammer::rules::fighter::Striker;
//! use mathhammer::rules::gear::Mount;
//! use mathhammer::rules::profile::TroopType;
//! use mathhammer::rules::special::Rules;
//! use mathhammer::rules::weapons::{Moment, Weapon};
//! let knight = Striker {
//!     ws: 4, bs: 3, s: 3, a: 1, a_dice: None, crew: 1, troop: TroopType::Cavalry,
//!     weapon: Weapon::Lance, rules: Rules::default(), hit_modifier: 0,
//! };
//! let steed = Mount { ws: 3, s: 3, i: 3, a: 1, dice: None, charge_s: 0 };
//! let charge = Moment { round: 1, charging: true };
//! let groups = blows(&knight, Some(steed), None, charge);
//! assert!(matches!(groups[..], [Blows::Own(_), Blows::Mount(..)]));
//! assert_eq!(groups[1].per_model(), 1);
//! ```

use super::attack::AttackChain;
use super::fighter::{Defender, Striker};
use super::gear::{ImpactHits, Mount};
use super::random::Dice;
use super::weapons::Moment;

/// One group of blows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Blows {
    /// A chariot's impact hits: rolled dice, not attacks per model.
    Impact(ImpactHits),
    /// The models' own attacks.
    Own(Striker),
    /// Their steeds' attacks, and the steed as a striker.
    Mount(Mount, Striker),
}

/// The groups of models fighting as `rider`, with `mount` and `impact`
/// hits, at `moment`: impact hits (the turn they charge), their own
/// attacks, their steeds'.
pub fn blows(
    rider: &Striker,
    mount: Option<Mount>,
    impact: Option<ImpactHits>,
    moment: Moment,
) -> Vec<Blows> {
    let mut groups = Vec::with_capacity(3);
    groups.extend(impact.filter(|h| h.strike_at(moment)).map(Blows::Impact));
    groups.push(Blows::Own(*rider));
    groups.extend(
        mount
            .map(|m| m.at(moment))
            .map(|m| Blows::Mount(m, m.striker(rider))),
    );
    groups
}

impl Blows {
    /// One blow of the group at `target`.
    pub fn chain(&self, target: &Defender, moment: Moment) -> AttackChain {
        match self {
            Blows::Impact(hits) => hits.chain(target),
            Blows::Own(s) | Blows::Mount(_, s) => s.close_combat(target, moment),
        }
    }

    /// Its Strength at `moment`.
    pub fn strength(&self, moment: Moment) -> u8 {
        match self {
            Blows::Impact(hits) => hits.s,
            Blows::Own(s) => s.strength(moment),
            Blows::Mount(m, _) => m.s,
        }
    }

    /// Attacks per model beside its dice (impact hits: those added to
    /// each chariot's die).
    pub fn per_model(&self) -> u32 {
        match self {
            Blows::Impact(hits) => u32::from(hits.plus),
            Blows::Own(s) => s.attacks(),
            Blows::Mount(m, _) => u32::from(m.a),
        }
    }

    /// The dice each model rolls for more of them: a chariot's impact
    /// hits, random attacks (RULES.md Special attacks and psychology).
    pub fn dice(&self) -> Option<Dice> {
        match self {
            Blows::Impact(hits) => Some(hits.per_chariot()),
            Blows::Own(s) => s.attack_dice(),
            Blows::Mount(m, _) => m.dice,
        }
    }
}
