//! What a model has against missiles only: a better armour save, an armour
//! save of its own, a ward, and enemies a further -1 to hit it (RULES.md
//! Shooting, Against missiles only).

use super::special::SpecialRule;

/// A model's saves and to-hit penalty against missiles only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AgainstMissiles {
    /// Added to its armour save (the Lion Cloak's +2).
    pub armour_bonus: u8,
    /// An armour save of its own (the Cape of Feathers' 4+).
    pub save: Option<u8>,
    /// A ward save (The Gleaming Robe's 3+).
    pub ward: Option<u8>,
    /// Taken off the shooter's to-hit roll (Forest Stalkers' 1).
    pub hit_penalty: u8,
}

impl AgainstMissiles {
    /// What its rules give it. RULES.md Shooting, Against missiles only.
    pub fn of(rules: &[SpecialRule]) -> AgainstMissiles {
        let has = |r: SpecialRule| rules.contains(&r);
        AgainstMissiles {
            armour_bonus: if has(SpecialRule::LionCloak) { 2 } else { 0 },
            save: has(SpecialRule::CapeOfFeathers).then_some(4),
            ward: has(SpecialRule::GleamingRobe).then_some(3),
            hit_penalty: u8::from(has(SpecialRule::ForestStalkers)),
        }
    }

    /// The armour save against missiles (before Strength, uncapped) from
    /// `armour`, its save otherwise: raised by the bonus (from none, a 7+
    /// raised), or its own save where better.
    pub fn armour(&self, armour: Option<i8>) -> Option<i8> {
        let bonus = self.armour_bonus as i8;
        let raised = match armour {
            Some(a) => Some(a - bonus),
            None => (bonus > 0).then_some(7 - bonus),
        };
        best(raised, self.save.map(|s| s as i8))
    }

    /// The ward against missiles from `ward`, its ward otherwise.
    pub fn ward(&self, ward: Option<u8>) -> Option<u8> {
        best(ward, self.ward)
    }
}

/// The better (lower) of two saves.
fn best<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_counts_against_missiles() {
        let lion = AgainstMissiles::of(&[SpecialRule::LionCloak]);
        // Heavy armour's 5+ becomes 3+; none becomes 5+.
        assert_eq!(
            (lion.armour(Some(5)), lion.armour(None)),
            (Some(3), Some(5))
        );
        let cape = AgainstMissiles::of(&[SpecialRule::CapeOfFeathers]);
        assert_eq!(
            (cape.armour(Some(5)), cape.armour(Some(3))),
            (Some(4), Some(3))
        );
        let robe = AgainstMissiles::of(&[SpecialRule::GleamingRobe]);
        assert_eq!((robe.ward(None), robe.ward(Some(2))), (Some(3), Some(2)));
        let stalkers = AgainstMissiles::of(&[SpecialRule::ForestStalkers]);
        assert_eq!(stalkers.hit_penalty, 1);
        assert_eq!(AgainstMissiles::of(&[]), AgainstMissiles::default());
    }
}
