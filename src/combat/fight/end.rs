//! How a fight ended ([`End`], the documented outcome partition) and what
//! a trial records of it. RULES.md How a fight ends.

use super::MAX_UNITS;
use std::hash::{Hash, Hasher};

/// How a fight ended, by side: every fight ends in exactly one of
/// [`End::ALL`] (the outcome partition the guide documents).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The charger fled, or stood stupid or bickered, at the start of its turn
    /// (RULES.md Panic; seed 004): no charge was declared.
    ChargeNotDeclared,
    /// The charger's animosity stopped it at the start of its turn (a 1,
    /// then 1 to 5 on the Animosity table; `rules::animosity`): no charge
    /// was declared.
    Squabbled,
    /// No charger could reach (or catch a fleeing target).
    ChargeFailed,
    /// The charger fled from stand-and-shoot casualties.
    ChargerFled,
    /// Stand and shoot slew the charger to the last model.
    ChargerShotDown,
    /// The charged unit fled and got away.
    TargetFled,
    /// The charged unit fled and was caught: destroyed.
    TargetCaught,
    /// `loser`'s last units in the fight broke; `caught` if the pursuit
    /// destroyed all of them.
    Broke {
        /// The side that broke.
        loser: usize,
        /// The pursuit caught every unit that broke.
        caught: bool,
    },
    /// `loser` was wiped out in combat.
    WipedOut {
        /// The side wiped out.
        loser: usize,
    },
    /// Both sides destroyed in the same round.
    BothDestroyed,
    /// Still fighting when the round cap came.
    Unresolved,
}

impl End {
    /// Every end, in the order reports list them.
    pub const ALL: [End; 15] = [
        End::ChargeNotDeclared,
        End::Squabbled,
        End::ChargeFailed,
        End::ChargerFled,
        End::ChargerShotDown,
        End::TargetFled,
        End::TargetCaught,
        End::Broke {
            loser: 1,
            caught: false,
        },
        End::Broke {
            loser: 1,
            caught: true,
        },
        End::WipedOut { loser: 1 },
        End::Broke {
            loser: 0,
            caught: false,
        },
        End::Broke {
            loser: 0,
            caught: true,
        },
        End::WipedOut { loser: 0 },
        End::BothDestroyed,
        End::Unresolved,
    ];

    /// Its place in [`End::ALL`].
    pub fn index(self) -> usize {
        match self {
            End::ChargeNotDeclared => 0,
            End::Squabbled => 1,
            End::ChargeFailed => 2,
            End::ChargerFled => 3,
            End::ChargerShotDown => 4,
            End::TargetFled => 5,
            End::TargetCaught => 6,
            End::Broke { loser: 0, caught } => 10 + usize::from(caught),
            End::Broke { caught, .. } => 7 + usize::from(caught),
            End::WipedOut { loser: 0 } => 12,
            End::WipedOut { .. } => 9,
            End::BothDestroyed => 13,
            End::Unresolved => 14,
        }
    }

    /// The side that lost the fight, with the side `charger` charging: its
    /// units broke, were wiped out (in combat or by stand and shoot), or its
    /// charged unit was caught fleeing (RULES.md How a fight ends).
    pub fn loser(self, charger: Option<usize>) -> Option<usize> {
        match self {
            End::Broke { loser, .. } | End::WipedOut { loser } => Some(loser),
            End::TargetCaught => charger.map(|c| 1 - c),
            End::ChargerShotDown => charger,
            _ => None,
        }
    }

    /// How a report says it.
    pub fn label(self) -> &'static str {
        match self {
            End::ChargeNotDeclared => "charge not declared",
            End::Squabbled => "charge not declared: animosity",
            End::ChargeFailed => "charge fails",
            End::ChargerFled => "charger flees stand-and-shoot",
            End::ChargerShotDown => "charger shot down by stand-and-shoot",
            End::TargetFled => "target flees and escapes",
            End::TargetCaught => "target flees and is caught",
            End::Broke { loser: 0, caught } => match caught {
                false => "attacker breaks and escapes",
                true => "attacker breaks and is caught",
            },
            End::Broke { caught, .. } => match caught {
                false => "defender breaks and escapes",
                true => "defender breaks and is caught",
            },
            End::WipedOut { loser: 0 } => "attacker wiped out",
            End::WipedOut { .. } => "defender wiped out",
            End::BothDestroyed => "both sides wiped out",
            End::Unresolved => "still fighting after the last round",
        }
    }
}

/// What became of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum UnitEnd {
    /// It stood to the end (or its enemies left the fight).
    #[default]
    Stands,
    /// Its charge fell short, or it stood stupid and declared none.
    ChargeFailed,
    /// It fled without breaking (a charge reaction, fear, stand and shoot's
    /// panic, panic when a unit beside it broke) and got away.
    Fled,
    /// It fled so and was caught: destroyed.
    CaughtFleeing,
    /// It broke and got away.
    Broke,
    /// It broke and was caught: destroyed.
    Caught,
    /// Slain to the last model.
    WipedOut,
}

impl UnitEnd {
    /// It broke, fled or fell (caught, wiped out): a General with it lends
    /// his Ld no more (RULES.md Break test; seed 004).
    pub fn fled_or_fell(self) -> bool {
        !matches!(self, UnitEnd::Stands | UnitEnd::ChargeFailed)
    }

    /// Every unit end, in tally order.
    pub const ALL: [UnitEnd; 7] = [
        UnitEnd::Stands,
        UnitEnd::ChargeFailed,
        UnitEnd::Fled,
        UnitEnd::CaughtFleeing,
        UnitEnd::Broke,
        UnitEnd::Caught,
        UnitEnd::WipedOut,
    ];
}

/// One round's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct RoundRecord {
    /// Winner of the round (`None` for a draw).
    pub winner: Option<usize>,
    /// Models each unit lost this round.
    pub casualties: [u32; MAX_UNITS],
    /// Combat-result wounds each side caused.
    pub wounds: [u32; 2],
}

/// Everything a trial records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// How the fight ended.
    pub end: End,
    /// Each round fought.
    pub rounds: Vec<RoundRecord>,
    /// Rank-and-file models each unit lost in all (the charge turn's
    /// shooting included).
    pub casualties: [u32; MAX_UNITS],
    /// Characters slain, by unit.
    pub characters_slain: [u32; MAX_UNITS],
    /// What became of each unit.
    pub units: [UnitEnd; MAX_UNITS],
    /// Friends near the fight that took a panic test (bit f for friend f).
    pub friends_tested: u8,
    /// Friends that failed one and fled.
    pub friends_fled: u8,
    /// Friends that had not fled and take a panic test at their next start
    /// of turn for the fight's fleeing units (read exactly, not rolled).
    pub friends_next_turn: u8,
    /// Each unit that broke and escaped with enough models to rally: the Ld
    /// it rallies on at the start of its next turn (0: it cannot rally, or
    /// did not break and escape). The test is read exactly, not rolled.
    pub rally_ld: [u8; MAX_UNITS],
    /// The main charger redirected its charge (RULES.md Charges).
    pub redirected: bool,
}

/// Hashes a few packed words, not field by field: the exact chain hashes
/// records by the million. Equal records hash equal.
impl Hash for Record {
    fn hash<H: Hasher>(&self, h: &mut H) {
        for u in 0..MAX_UNITS {
            h.write_u64(
                u64::from(self.casualties[u])
                    | u64::from(self.characters_slain[u]) << 32
                    | u64::from(self.rally_ld[u]) << 48
                    | (self.units[u] as u64) << 56,
            );
        }
        h.write_u32(
            u32::from(self.friends_tested)
                | u32::from(self.friends_fled) << 8
                | u32::from(self.redirected) << 16
                | u32::from(self.friends_next_turn) << 24,
        );
        self.end.hash(h);
        self.rounds.hash(h);
    }
}

impl Default for Record {
    fn default() -> Self {
        Record {
            end: End::Unresolved,
            rounds: Vec::new(),
            casualties: [0; MAX_UNITS],
            characters_slain: [0; MAX_UNITS],
            units: [UnitEnd::Stands; MAX_UNITS],
            friends_tested: 0,
            friends_fled: 0,
            friends_next_turn: 0,
            rally_ld: [0; MAX_UNITS],
            redirected: false,
        }
    }
}
