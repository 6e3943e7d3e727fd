//! Who strikes first. RULES.md "Order of strikes"; seed 002 "Quién ataca
//! primero".

/// Bands, first to last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Impact hits of charging chariots.
    Impact,
    /// Always strikes first (beats strikes last and mindless).
    AlwaysFirst,
    /// Pikes in a combat's first round, at a foe at their front: before
    /// chargers, after those that always strike first (RULES.md Weapons).
    Pikes,
    /// Models that charged this turn (great weapons included).
    Chargers,
    /// Everyone else, by Initiative.
    Initiative,
    /// Strikes last (great weapons that did not charge).
    StrikesLast,
    /// Mindless models (zombies), whatever else applies.
    Mindless,
}

/// The band of a group of attacks.
pub fn band(
    impact: bool,
    always_first: bool,
    mindless: bool,
    charged: bool,
    strikes_last: bool,
) -> Band {
    if impact {
        Band::Impact
    } else if always_first {
        Band::AlwaysFirst
    } else if mindless {
        Band::Mindless
    } else if charged {
        Band::Chargers
    } else if strikes_last {
        Band::StrikesLast
    } else {
        Band::Initiative
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_follow_the_seed() {
        assert_eq!(band(true, false, false, true, false), Band::Impact);
        // Always strikes first beats strikes last and mindless.
        assert_eq!(band(false, true, true, false, true), Band::AlwaysFirst);
        // Mindless strike last even when they charged.
        assert_eq!(band(false, false, true, true, false), Band::Mindless);
        // A great weapon that charged strikes with the chargers.
        assert_eq!(band(false, false, false, true, false), Band::Chargers);
        assert_eq!(band(false, false, false, false, true), Band::StrikesLast);
        assert!(Band::Impact < Band::AlwaysFirst && Band::AlwaysFirst < Band::Chargers);
        assert!(Band::AlwaysFirst < Band::Pikes && Band::Pikes < Band::Chargers);
        assert!(Band::Chargers < Band::Initiative && Band::StrikesLast < Band::Mindless);
    }
}
