//! Rolls a model makes once, before a fight: each outcome with its
//! probability and what it does to the model. The exact engine plays the
//! fight once per outcome and mixes the results; the Monte Carlo engines
//! draw an outcome each fight (`combat::before`). RULES.md Rolls before
//! the fight.

use super::profile::Profile;
use super::special::SpecialRule;
use serde::Deserialize;

/// A roll before the fight, by the rule that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeforeFight {
    /// The Potion of Pavona (Lucrezzia Belladonna's): D6, on 2+ that many
    /// characteristics +1, on a 1 a wound lost.
    PotionOfPavona,
    /// The Gourd of Lustrian Wine (Marco Colombo's): +D6 S until the end
    /// of the turn, **\[ruling\]** drunk as the fight starts: its first
    /// round.
    GourdOfLustrianWine,
}

/// A characteristic the Potion of Pavona may raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Characteristic {
    /// Movement (+1", 2.5 cm).
    M,
    /// Weapon Skill.
    Ws,
    /// Ballistic Skill.
    Bs,
    /// Strength.
    S,
    /// Toughness.
    T,
    /// Wounds.
    W,
    /// Initiative.
    I,
    /// Attacks.
    A,
}

/// **\[ruling\]** the order the player raises characteristics in with the
/// Potion of Pavona, the first that may still rise first: what serves a
/// close combat most (attacks and Strength strike, Toughness and Wounds
/// keep him standing, Weapon Skill and Initiative last), then M and BS,
/// which a fight's blows never read. RULES.md Rolls before the fight.
pub const PAVONA_ORDER: [Characteristic; 8] = [
    Characteristic::A,
    Characteristic::S,
    Characteristic::T,
    Characteristic::W,
    Characteristic::Ws,
    Characteristic::I,
    Characteristic::M,
    Characteristic::Bs,
];

/// The most a characteristic but M may be.
const MOST: u8 = 10;

/// What one outcome of a roll does to its model.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Change {
    /// Characteristics raised by one.
    pub raised: Vec<Characteristic>,
    /// A wound lost (a one-Wound model is slain).
    pub wound_lost: bool,
    /// Strength added in the fight's first round.
    pub first_round_s: u8,
}

impl Change {
    /// `profile` changed; `None` if the model is slain.
    pub fn apply(&self, profile: &Profile) -> Option<Profile> {
        let mut p = *profile;
        for c in &self.raised {
            match c {
                Characteristic::M => p.m += 2.5,
                Characteristic::Ws => p.ws += 1,
                Characteristic::Bs => p.bs += 1,
                Characteristic::S => p.s += 1,
                Characteristic::T => p.t += 1,
                Characteristic::W => p.w += 1,
                Characteristic::I => p.i += 1,
                Characteristic::A => p.a += 1,
            }
        }
        if self.wound_lost {
            p.w = p.w.checked_sub(1).filter(|&w| w > 0)?;
        }
        Some(p)
    }
}

/// Whether `c` of `profile` may rise by one: never past 10, and a random
/// mover's M not at all (its M is its dice).
fn may_rise(c: Characteristic, profile: &Profile) -> bool {
    let value = match c {
        Characteristic::M => return profile.m_dice.is_none(),
        Characteristic::Ws => profile.ws,
        Characteristic::Bs => profile.bs,
        Characteristic::S => profile.s,
        Characteristic::T => profile.t,
        Characteristic::W => profile.w,
        Characteristic::I => profile.i,
        Characteristic::A => profile.a,
    };
    value < MOST
}

impl BeforeFight {
    /// The roll a rule makes, if it makes one.
    pub fn of(rule: SpecialRule) -> Option<BeforeFight> {
        match rule {
            SpecialRule::PotionOfPavona => Some(BeforeFight::PotionOfPavona),
            SpecialRule::GourdOfLustrianWine => Some(BeforeFight::GourdOfLustrianWine),
            _ => None,
        }
    }

    /// The rule that makes it.
    pub fn rule(self) -> SpecialRule {
        match self {
            BeforeFight::PotionOfPavona => SpecialRule::PotionOfPavona,
            BeforeFight::GourdOfLustrianWine => SpecialRule::GourdOfLustrianWine,
        }
    }

    /// Its outcomes for a model of `profile`, each with its probability
    /// (they sum to 1). RULES.md Rolls before the fight.
    pub fn outcomes(self, profile: &Profile) -> Vec<(f64, Change)> {
        let sixth = 1.0 / 6.0;
        match self {
            BeforeFight::PotionOfPavona => (1..=6)
                .map(|roll| match roll {
                    1 => Change {
                        wound_lost: true,
                        ..Change::default()
                    },
                    n => Change {
                        raised: PAVONA_ORDER
                            .into_iter()
                            .filter(|&c| may_rise(c, profile))
                            .take(n)
                            .collect(),
                        ..Change::default()
                    },
                })
                .map(|c| (sixth, c))
                .collect(),
            BeforeFight::GourdOfLustrianWine => (1..=6)
                .map(|s| {
                    let change = Change {
                        first_round_s: s,
                        ..Change::default()
                    };
                    (sixth, change)
                })
                .collect(),
        }
    }
}

/// Whether a model drinks the Potion of Pavona it carries: **\[ruling\]**
/// it does, and rolls (`rolled`), or the player keeps it from this fight
/// (`not-drunk`). RULES.md Rolls before the fight, Rulings and their
/// switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum PotionChoice {
    /// It is drunk before the fight and its roll played.
    #[default]
    Rolled,
    /// It is not drunk.
    NotDrunk,
}

crate::rules::named_by_value_enum!(PotionChoice);

/// Whether a model drinks the Gourd of Lustrian Wine it carries:
/// **\[ruling\]** as the fight starts, +D6 S in its first round
/// (`first-round`), or not in this fight (`not-drunk`). RULES.md Rolls
/// before the fight, Rulings and their switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum GourdChoice {
    /// Drunk as the fight starts: its first round.
    #[default]
    FirstRound,
    /// It is not drunk.
    NotDrunk,
}

crate::rules::named_by_value_enum!(GourdChoice);

impl BeforeFight {
    /// Whether it is rolled in a fight whose switches are `potion` and
    /// `gourd`.
    pub fn rolled(self, potion: PotionChoice, gourd: GourdChoice) -> bool {
        match self {
            BeforeFight::PotionOfPavona => potion == PotionChoice::Rolled,
            BeforeFight::GourdOfLustrianWine => gourd == GourdChoice::FirstRound,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hero() -> Profile {
        Profile {
            m: 10.0,
            m_dice: None,
            ws: 5,
            bs: 5,
            s: 4,
            t: 4,
            w: 2,
            i: 5,
            a: 3,
            a_dice: None,
            ld: 8,
        }
    }

    #[test]
    fn the_potion_raises_as_many_characteristics_as_it_rolls_in_the_rulings_order() {
        let outcomes = BeforeFight::PotionOfPavona.outcomes(&hero());
        assert_eq!(outcomes.len(), 6);
        assert!(outcomes.iter().all(|(p, _)| *p == 1.0 / 6.0));
        assert!(outcomes[0].1.wound_lost);
        use Characteristic::*;
        assert_eq!(outcomes[1].1.raised, [A, S]);
        assert_eq!(outcomes[5].1.raised, [A, S, T, W, Ws, I]);
        let six = outcomes[5].1.apply(&hero()).unwrap();
        assert_eq!(
            (six.a, six.s, six.t, six.w, six.ws, six.i),
            (4, 5, 5, 3, 6, 6)
        );
        assert_eq!((six.ld, six.bs, six.m), (8, 5, 10.0));
    }

    #[test]
    fn the_potion_skips_a_characteristic_at_ten_and_its_one_slays_a_one_wound_model() {
        let strong = Profile { s: 10, ..hero() };
        let outcomes = BeforeFight::PotionOfPavona.outcomes(&strong);
        use Characteristic::*;
        assert_eq!(outcomes[2].1.raised, [A, T, W]);
        let one = &outcomes[0].1;
        assert_eq!(one.apply(&hero()).map(|p| p.w), Some(1));
        assert_eq!(one.apply(&Profile { w: 1, ..hero() }), None);
    }

    #[test]
    fn the_gourd_adds_a_d6_to_the_first_rounds_strength() {
        let outcomes = BeforeFight::GourdOfLustrianWine.outcomes(&hero());
        let s: Vec<u8> = outcomes.iter().map(|(_, c)| c.first_round_s).collect();
        assert_eq!(s, [1, 2, 3, 4, 5, 6]);
    }
}
