//! Rolls to hit: close combat (WS against WS, seed 002) and shooting (BS,
//! RULES.md "Shooting").

/// Close combat: 3+ if the attacker's WS is higher; 5+ if the defender's WS is
/// more than double the attacker's; otherwise 4+. Seed 002 (the WS table and
/// its rule of thumb); RULES.md To hit in close combat.
pub fn close_combat_to_hit(ws: u8, target_ws: u8) -> u8 {
    if ws > target_ws {
        3
    } else if u16::from(target_ws) > 2 * u16::from(ws) {
        5
    } else {
        4
    }
}

/// The close-combat roll needed after a modifier (+1 easier, -1 harder). A
/// natural 6 always hits and a natural 1 always misses, so it stays in 2..=6.
/// RULES.md To hit in close combat.
pub fn close_combat_need(base: u8, modifier: i32) -> u8 {
    (i32::from(base) - modifier).clamp(2, 6) as u8
}

/// Shooting modifiers. RULES.md Shooting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShootingModifiers {
    /// -1 beyond half the weapon's range.
    pub long_range: bool,
    /// -1 if the shooter moved.
    pub moved: bool,
    /// -1 when standing and shooting at chargers.
    pub stand_and_shoot: bool,
    /// The target's cover.
    pub cover: Cover,
    /// -1 against skirmishers.
    pub skirmishers: bool,
    /// +1 against a large target.
    pub large_target: bool,
    /// Any further modifier (+ easier).
    pub other: i32,
}

/// Cover of the target. RULES.md Shooting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cover {
    #[default]
    // No doc comment: it would print in `--help`, where it stands bare.
    #[allow(missing_docs)]
    None,
    /// -1 to hit.
    Soft,
    /// -2 to hit.
    Hard,
}

impl ShootingModifiers {
    /// The total modifier to hit (+ easier).
    pub fn total(&self) -> i32 {
        let mut m = self.other;
        m -= i32::from(self.long_range) + i32::from(self.moved) + i32::from(self.stand_and_shoot);
        m -= match self.cover {
            Cover::None => 0,
            Cover::Soft => 1,
            Cover::Hard => 2,
        };
        m -= i32::from(self.skirmishers);
        m += i32::from(self.large_target);
        m
    }
}

/// The shooting roll needed: BS1 6+, BS2 5+, BS3 4+, BS4 3+, BS5 2+ (7 - BS),
/// then the modifiers. A natural 1 always misses, so it is at least 2. A
/// needed 7+ is a 6 followed by 4+, 8+ a 6 then 5+, 9+ a 6 then 6+; beyond
/// that the shot cannot hit (`None`). RULES.md Shooting.
pub fn shooting_need(bs: u8, modifier: i32) -> Option<u8> {
    let need = (7 - i32::from(bs) - modifier).max(2);
    (need <= 9).then_some(need as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 002's table, row by row (attacker WS 1..10 against defender 1..10).
    #[test]
    fn close_combat_table_of_seed_002() {
        let table = [
            "4455555555",
            "3444555555",
            "3344445555",
            "3334444455",
            "3333444444",
            "3333344444",
            "3333334444",
            "3333333444",
            "3333333344",
            "3333333334",
        ];
        for (a, row) in table.iter().enumerate() {
            for (d, need) in row.bytes().enumerate() {
                assert_eq!(
                    close_combat_to_hit(a as u8 + 1, d as u8 + 1),
                    need - b'0',
                    "WS {} vs {}",
                    a + 1,
                    d + 1
                );
            }
        }
    }

    #[test]
    fn natural_six_hits_and_one_misses() {
        assert_eq!(close_combat_need(5, -3), 6);
        assert_eq!(close_combat_need(3, 4), 2);
        assert_eq!(close_combat_need(4, 0), 4);
    }

    #[test]
    fn shooting_by_bs_and_modifiers() {
        assert_eq!(shooting_need(1, 0), Some(6));
        assert_eq!(shooting_need(3, 0), Some(4));
        assert_eq!(shooting_need(5, 0), Some(2));
        // Higher BS only absorbs negative modifiers: BS7 is still 2+.
        assert_eq!(shooting_need(7, 0), Some(2));
        assert_eq!(shooting_need(7, -2), Some(2));
        assert_eq!(shooting_need(3, -3), Some(7));
        assert_eq!(shooting_need(1, -3), Some(9));
        assert_eq!(shooting_need(1, -4), None);
        let m = ShootingModifiers {
            long_range: true,
            moved: true,
            cover: Cover::Hard,
            large_target: true,
            ..Default::default()
        };
        assert_eq!(m.total(), -3);
    }
}
