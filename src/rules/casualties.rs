//! Turning unsaved wounds into casualties. RULES.md Special attacks
//! (multiple wounds are capped at the victim's remaining Wounds and never
//! carry over), Combat resolution (wounds on models not yet dead count); seed
//! 002 "Retirada de bajas".

use super::attack::Damage;

/// The casualties a unit has taken: models slain, and wounds on the one
/// wounded model still standing (wounds go on it until it dies).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Casualties {
    /// Models slain.
    pub kills: u32,
    /// Wounds on the wounded model still standing.
    pub damage: u8,
}

impl Casualties {
    /// After `damage` lands on a unit of `models` (unlimited if `None`)
    /// models of `wounds` Wounds each. Wounds go on the wounded model first;
    /// a killing blow slays it (counting its remaining Wounds); a multiple
    /// wound kills at most that model. A destroyed unit takes nothing more.
    pub fn apply(self, damage: Damage, wounds: u8, models: Option<u32>) -> Casualties {
        if models.is_some_and(|m| self.kills >= m) {
            return self;
        }
        let slain = Casualties {
            kills: self.kills + 1,
            damage: 0,
        };
        match damage {
            Damage::Nothing => self,
            Damage::KillingBlow => slain,
            Damage::Wounds(n) if n >= wounds - self.damage => slain,
            Damage::Wounds(n) => Casualties {
                damage: self.damage + n,
                ..self
            },
        }
    }

    /// Its index among a unit's casualty states, `kills * wounds + damage`
    /// for models of `wounds` Wounds: the one layout of every engine's
    /// distributions, tables and histograms of casualties.
    pub fn index(self, wounds: u8) -> usize {
        self.kills as usize * usize::from(wounds) + usize::from(self.damage)
    }

    /// The casualties of state `index` ([`Self::index`]).
    pub fn of_index(index: usize, wounds: u8) -> Casualties {
        let w = usize::from(wounds);
        Casualties {
            kills: (index / w) as u32,
            damage: (index % w) as u8,
        }
    }

    /// The casualties of a unit of `models` models: at its size it is
    /// destroyed, with no wounded model left.
    pub fn capped(self, models: u32) -> Casualties {
        if self.kills >= models {
            Casualties {
                kills: models,
                damage: 0,
            }
        } else {
            self
        }
    }

    /// Wounds that count for combat resolution: every wound dealt, a killing
    /// blow counting the victim's remaining Wounds.
    pub fn combat_result_wounds(self, wounds: u8) -> u32 {
        self.kills * u32::from(wounds) + u32::from(self.damage)
    }
}

/// Most wounds beyond a challenge victim's remaining Wounds that count for
/// combat resolution. RULES.md Characters, champions and challenges.
pub const OVERKILL_CAP: u32 = 5;

/// Wounds dealt so far in a challenge after one more attack's `damage`, the
/// victim having had `remaining` Wounds: every wound counts (overkill), a
/// killing blow at least slays him; at most `remaining + 5` count.
pub fn overkill(dealt: u32, damage: Damage, remaining: u32) -> u32 {
    let total = match damage {
        Damage::Nothing => dealt,
        Damage::Wounds(n) => dealt + u32::from(n),
        Damage::KillingBlow => dealt.max(remaining),
    };
    total.min(remaining + OVERKILL_CAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_decode_as_they_encode() {
        for w in 1..=5u8 {
            for i in 0..40 {
                assert_eq!(Casualties::of_index(i, w).index(w), i);
            }
        }
        let c = Casualties {
            kills: 3,
            damage: 2,
        };
        assert_eq!(c.index(3), 11);
        assert_eq!(
            c.capped(3),
            Casualties {
                kills: 3,
                damage: 0
            }
        );
        assert_eq!(c.capped(4), c);
    }

    #[test]
    fn single_wounds_fill_one_model_then_the_next() {
        // Ogres, W3: four wounds kill one and leave one on the next.
        let mut c = Casualties::default();
        for _ in 0..4 {
            c = c.apply(Damage::Wounds(1), 3, None);
        }
        assert_eq!(
            c,
            Casualties {
                kills: 1,
                damage: 1
            }
        );
        assert_eq!(c.combat_result_wounds(3), 4);
    }

    #[test]
    fn multiple_wounds_do_not_carry_over() {
        // A D6-wound hit rolling 6 against W3 with 1 wound already taken:
        // kills that model only, and counts 2 wounds.
        let c = Casualties {
            kills: 0,
            damage: 1,
        }
        .apply(Damage::Wounds(6), 3, None);
        assert_eq!(
            c,
            Casualties {
                kills: 1,
                damage: 0
            }
        );
        assert_eq!(c.combat_result_wounds(3), 3);
        // Against W1 any wound count is one kill.
        assert_eq!(
            Casualties::default().apply(Damage::Wounds(6), 1, None),
            Casualties {
                kills: 1,
                damage: 0
            }
        );
    }

    #[test]
    fn killing_blow_counts_remaining_wounds() {
        let c = Casualties {
            kills: 2,
            damage: 2,
        }
        .apply(Damage::KillingBlow, 3, None);
        assert_eq!(
            c,
            Casualties {
                kills: 3,
                damage: 0
            }
        );
        // 2 dead (6 wounds) + the wounded one's 3: 9 wounds in all.
        assert_eq!(c.combat_result_wounds(3), 9);
    }

    #[test]
    fn overkill_counts_up_to_five_beyond() {
        // A W2 hero taking 3, then a killing blow, then 6 more: 2 + 5 at most.
        assert_eq!(overkill(0, Damage::Wounds(3), 2), 3);
        assert_eq!(overkill(0, Damage::KillingBlow, 2), 2);
        assert_eq!(overkill(1, Damage::KillingBlow, 2), 2);
        assert_eq!(overkill(3, Damage::KillingBlow, 2), 3);
        assert_eq!(overkill(3, Damage::Wounds(6), 2), 7);
        assert_eq!(overkill(3, Damage::Nothing, 2), 3);
    }

    #[test]
    fn a_destroyed_unit_takes_no_more() {
        let c = Casualties {
            kills: 5,
            damage: 0,
        };
        assert_eq!(c.apply(Damage::Wounds(1), 1, Some(5)), c);
        assert_eq!(c.apply(Damage::Wounds(1), 1, None).kills, 6);
    }
}
