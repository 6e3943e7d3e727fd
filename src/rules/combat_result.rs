//! Combat resolution. RULES.md "Combat resolution".

/// Rank bonus: +1 per rank of 4 or more models behind the first, at most +3;
/// only for a unit 4 or more wide; lost while an enemy of US 5+ fights it in
/// the flank or rear; never for a unit without ranks (`no_ranks`):
/// skirmishers (RULES.md Skirmishers) and fast cavalry. Measured at the
/// start of the round.
pub fn rank_bonus(models: u32, frontage: u32, disrupted: bool, no_ranks: bool) -> u32 {
    if disrupted || no_ranks || frontage < 4 {
        return 0;
    }
    let mut bonus = 0;
    let mut left = models.saturating_sub(frontage);
    while left >= 4 && bonus < 3 {
        bonus += 1;
        left = left.saturating_sub(frontage);
    }
    bonus
}

/// A unit of Raiders' rank bonus: as a unit's, formed at least four wide,
/// at most +2 (RULES.md Skirmishers).
pub fn raiders_rank_bonus(models: u32, frontage: u32, disrupted: bool) -> u32 {
    rank_bonus(models, frontage.max(4), disrupted, false).min(2)
}

/// A rank bonus counted double where a rule doubles it (Coils of Sotek,
/// the Griffon Standard): three ranks at most, so +6 at most. RULES.md
/// Combat resolution.
pub fn doubled_rank_bonus(bonus: u32, doubled: bool) -> u32 {
    match doubled {
        true => 2 * bonus,
        false => bonus,
    }
}

/// What one side scores in a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Unsaved wounds caused (killing blows count the victim's remaining
    /// Wounds; regenerated wounds do not count).
    pub wounds: u32,
    /// Rank bonus.
    pub ranks: u32,
    /// +1 if the side's unit strength is greater.
    pub outnumber: bool,
    /// Outnumbering is worth +2, not +1: a unit of the side carries the
    /// Banner of the Swarm (RULES.md Combat resolution).
    pub outnumber_doubled: bool,
    /// +1 for a standard (one per side).
    pub standard: bool,
    /// +1 for fighting from high ground.
    pub high_ground: bool,
    /// +1 fighting in the enemy's flank, +2 in its rear (with US 5+).
    pub flank: u32,
    /// What its units' own rules add (a War Banner's +1).
    pub bonus: u32,
}

impl Score {
    /// The side's combat result.
    pub fn total(&self) -> i32 {
        (self.wounds
            + self.ranks
            + u32::from(self.outnumber) * (1 + u32::from(self.outnumber_doubled))
            + u32::from(self.standard)
            + u32::from(self.high_ground)
            + self.flank
            + self.bonus) as i32
    }
}

/// Who won a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The first side wins.
    First,
    /// The second side wins.
    Second,
    /// A draw.
    Draw,
}

/// The winner and the margin: a draw goes to the side with a musician by 1
/// (both with one: still a draw).
pub fn decide(
    first: i32,
    second: i32,
    musician_first: bool,
    musician_second: bool,
) -> (Winner, u32) {
    use std::cmp::Ordering::*;
    match first.cmp(&second) {
        Greater => (Winner::First, (first - second) as u32),
        Less => (Winner::Second, (second - first) as u32),
        Equal => match (musician_first, musician_second) {
            (true, false) => (Winner::First, 1),
            (false, true) => (Winner::Second, 1),
            _ => (Winner::Draw, 0),
        },
    }
}

/// Flank +1, rear +2 for a charger of unit strength 5 or more.
pub fn flank_bonus(facing_bonus: u32, unit_strength: u32) -> u32 {
    if unit_strength >= 5 {
        facing_bonus
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_of_four_or_more() {
        // 20 spearmen 5 wide: 4 ranks, +3.
        assert_eq!(rank_bonus(20, 5, false, false), 3);
        // 25 five wide: 5 ranks, still +3.
        assert_eq!(rank_bonus(25, 5, false, false), 3);
        // 13 five wide: 5, 5, 3: one rank behind counts.
        assert_eq!(rank_bonus(13, 5, false, false), 1);
        // 14 five wide: 5, 5, 4: two.
        assert_eq!(rank_bonus(14, 5, false, false), 2);
        // 3 wide: none; disrupted: none.
        assert_eq!(rank_bonus(20, 3, false, false), 0);
        assert_eq!(rank_bonus(20, 5, true, false), 0);
        assert_eq!(rank_bonus(5, 5, false, false), 0);
        // Skirmishers never: 20 formed up 5 wide, none.
        assert_eq!(rank_bonus(20, 5, false, true), 0);
    }

    #[test]
    fn scores_and_musicians() {
        let a = Score {
            wounds: 3,
            ranks: 2,
            outnumber: true,
            standard: true,
            ..Score::default()
        };
        assert_eq!(a.total(), 7);
        // A War Banner's +1.
        assert_eq!(Score { bonus: 1, ..a }.total(), 8);
        // The Banner of the Swarm: outnumbering +2, 8; not outnumbering,
        // 3 + 2 + 1 = 6.
        let swarm = Score {
            outnumber_doubled: true,
            ..a
        };
        assert_eq!(swarm.total(), 8);
        assert_eq!(
            Score {
                outnumber: false,
                ..swarm
            }
            .total(),
            6
        );
        assert_eq!(decide(7, 4, false, false), (Winner::First, 3));
        assert_eq!(decide(4, 7, false, false), (Winner::Second, 3));
        assert_eq!(decide(5, 5, true, false), (Winner::First, 1));
        assert_eq!(decide(5, 5, false, true), (Winner::Second, 1));
        assert_eq!(decide(5, 5, true, true), (Winner::Draw, 0));
        assert_eq!(flank_bonus(2, 5), 2);
        assert_eq!(flank_bonus(2, 4), 0);
    }
}
