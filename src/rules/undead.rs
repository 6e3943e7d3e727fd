//! Undead: beaten in close combat, an Undead unit does not break but
//! crumbles, one wound for each point it lost by, with no save of any
//! kind. RULES.md Undead; the Vampire Counts' and Tomb Kings' army books.

use super::casualties::Casualties;

/// The wounds an Undead unit beaten by `margin` loses: one a point, one
/// less with its battle standard in range ("Undead within 12\" of their
/// Battle Standard suffer one less wound", both books), one less again
/// for a unit that loses one fewer (the Banner of Malediction). RULES.md
/// Undead.
pub fn crumbling_wounds(margin: u32, battle_standard: bool, one_fewer: bool) -> u32 {
    margin.saturating_sub(u32::from(battle_standard) + u32::from(one_fewer))
}

/// `wounds` lost, no save of any kind, by rank and file of `models` models
/// of `w` Wounds, the wounded one having taken `damage`: wounds go on the
/// wounded model first, then model by model. Returns the casualties and
/// the wounds left once every one has fallen, which **\[ruling\]** the
/// characters leading the unit take. RULES.md Undead.
pub fn crumble(wounds: u32, models: u32, w: u8, damage: u8) -> (Casualties, u32) {
    let w = u32::from(w);
    let total = u32::from(damage) + wounds;
    let whole = models * w;
    if models == 0 {
        return (Casualties::default(), wounds);
    }
    if total >= whole {
        let casualties = Casualties {
            kills: models,
            damage: 0,
        };
        return (casualties, total - whole);
    }
    let casualties = Casualties {
        kills: total / w,
        damage: (total % w) as u8,
    };
    (casualties, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wound_a_point_one_less_with_the_battle_standard() {
        assert_eq!(crumbling_wounds(3, false, false), 3);
        assert_eq!(crumbling_wounds(3, true, false), 2);
        assert_eq!(crumbling_wounds(1, true, false), 0);
        assert_eq!(crumbling_wounds(0, false, false), 0);
        // The Banner of Malediction: beaten by 3, two models lost.
        assert_eq!(crumbling_wounds(3, false, true), 2);
        assert_eq!(crumbling_wounds(3, true, true), 1);
    }

    #[test]
    fn wounds_fill_the_wounded_model_then_the_next() {
        // Skeletons (W1): 3 wounds, 3 fall.
        assert_eq!(
            crumble(3, 10, 1, 0),
            (
                Casualties {
                    kills: 3,
                    damage: 0
                },
                0
            )
        );
        // A W3 unit with 1 wound on its wounded model: 4 more
        // slay 1 (2 + 2 on the next).
        assert_eq!(
            crumble(4, 5, 3, 1),
            (
                Casualties {
                    kills: 1,
                    damage: 2
                },
                0
            )
        );
        // More than the rank and file have: all fall, the rest left over.
        assert_eq!(
            crumble(7, 2, 2, 1),
            (
                Casualties {
                    kills: 2,
                    damage: 0
                },
                4
            )
        );
        // None left: every wound left over.
        assert_eq!(crumble(2, 0, 1, 0), (Casualties::default(), 2));
    }
}
