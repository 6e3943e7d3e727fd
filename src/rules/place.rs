//! Where units stand when a fight begins: the sides, the face a charge
//! hits, and the charged unit's reaction. RULES.md Charges.

use serde::Deserialize;

/// A side of the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum SideName {
    #[default]
    #[value(aliases = ["atacante"])]
    /// The attacker.
    Attacker,
    #[value(aliases = ["defensor"])]
    /// The defender.
    Defender,
    #[value(aliases = ["ninguno"])]
    /// Neither.
    None,
}

impl SideName {
    /// The side's index (0 the attacker, 1 the defender), if any.
    pub fn index(self) -> Option<usize> {
        match self {
            SideName::Attacker => Some(0),
            SideName::Defender => Some(1),
            SideName::None => None,
        }
    }
}

/// Where the charger hits the charged unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum Facing {
    #[default]
    #[value(aliases = ["frente"])]
    /// Its front.
    Front,
    #[value(aliases = ["flanco"])]
    /// A flank.
    Flank,
    #[value(aliases = ["retaguardia"])]
    /// Its rear.
    Rear,
}

impl Facing {
    /// The facing in reports.
    pub fn name(self) -> &'static str {
        match self {
            Facing::Front => "front",
            Facing::Flank => "flank",
            Facing::Rear => "rear",
        }
    }
}

/// The charged unit's reaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum ReactionName {
    #[default]
    #[value(aliases = ["mantener", "aguantar"])]
    /// It holds.
    Hold,
    #[value(aliases = ["aguantar-y-disparar", "aguantar_y_disparar"])]
    /// It stands and shoots, then holds.
    StandAndShoot,
    #[value(aliases = ["huir"])]
    /// It flees.
    Flee,
}

impl ReactionName {
    /// The reaction in reports.
    pub fn name(self) -> &'static str {
        match self {
            ReactionName::Hold => "holds",
            ReactionName::StandAndShoot => "stands and shoots",
            ReactionName::Flee => "flees",
        }
    }
}

crate::rules::named_by_value_enum!(SideName);

crate::rules::named_by_value_enum!(Facing);

crate::rules::named_by_value_enum!(ReactionName);
