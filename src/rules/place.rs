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

/// The ground the fight stands on: open ground, or a kind some units'
/// rules name (Fenbeasts regenerate in a marsh; RULES.md Special attacks
/// and psychology, Special Regenerate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum Ground {
    #[default]
    #[value(aliases = ["abierto", "terreno-abierto", "terreno_abierto"])]
    /// Open ground.
    Open,
    #[value(aliases = ["pantano", "pantanos", "marshes", "fen", "fens", "morass", "swamp"])]
    /// Marshes, fens, morasses and other swampy ground (not lakes or
    /// rivers).
    Marsh,
}

crate::rules::named_by_value_enum!(SideName);

crate::rules::named_by_value_enum!(Ground);

crate::rules::named_by_value_enum!(Facing);

crate::rules::named_by_value_enum!(ReactionName);

/// The kind of difficult terrain on a charge path: what some units cross as
/// open ground (Wood Elves' woods, Fenbeasts' marshes). RULES.md Charges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum Terrain {
    #[value(aliases = ["bosque", "bosques", "wood", "forest", "jungle"])]
    /// Woods, forests and jungles.
    Woods,
    #[value(aliases = ["pantano", "pantanos", "marshes", "fen", "bog"])]
    /// Marshes, fens and bogs.
    Marsh,
    #[value(aliases = ["agua", "river", "stream", "lake"])]
    /// Rivers, streams, lakes and other water.
    Water,
    #[value(aliases = ["otro", "otra", "any"])]
    /// Any other difficult terrain.
    Other,
}

impl Terrain {
    /// The kind in reports.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Woods => "woods",
            Terrain::Marsh => "marsh",
            Terrain::Water => "water",
            Terrain::Other => "other difficult terrain",
        }
    }
}

crate::rules::named_by_value_enum!(Terrain);

/// Difficult terrain on a charge path as a file writes it: `true` (of no
/// kind a rule names: `other`), `false`, or its kind (`"woods"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerrainOnPath(pub Option<Terrain>);

impl<'de> Deserialize<'de> for TerrainOnPath {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Written;
        impl serde::de::Visitor<'_> for Written {
            type Value = TerrainOnPath;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("true, false or a kind of terrain (woods, marsh, water, other)")
            }
            fn visit_bool<E: serde::de::Error>(self, any: bool) -> Result<Self::Value, E> {
                Ok(TerrainOnPath(any.then_some(Terrain::Other)))
            }
            fn visit_str<E: serde::de::Error>(self, kind: &str) -> Result<Self::Value, E> {
                crate::rules::by_name(kind)
                    .map(|t| TerrainOnPath(Some(t)))
                    .map_err(E::custom)
            }
        }
        d.deserialize_any(Written)
    }
}

impl TerrainOnPath {
    /// Whether it slows a unit that crosses `open_ground`'s kinds as open
    /// ground (RULES.md Charges).
    pub fn slows(self, open_ground: &[Terrain]) -> bool {
        self.0.is_some_and(|t| !open_ground.contains(&t))
    }
}
