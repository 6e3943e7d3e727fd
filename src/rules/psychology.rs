//! A unit's psychology and strike-order rules, and the armies it hates or
//! fears, read from its special rules. RULES.md "Special attacks and
//! psychology", "Order of strikes", "Break test".
//!
//! # Example
//!
//! ```
//! use mathhammer::rules::special::{Psychology, SpecialRule};
//! let p = Psychology::new(&[SpecialRule::Terror]);
//! assert!(p.fear && p.terror);
//! ```

use super::special::SpecialRule;

/// The psychology and strike-order rules of a unit. RULES.md Special attacks
/// and psychology, Order of strikes, Break test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Psychology {
    /// Causes fear.
    pub fear: bool,
    /// Causes terror.
    pub terror: bool,
    /// Stubborn.
    pub stubborn: bool,
    /// Unbreakable.
    pub unbreakable: bool,
    /// Always strikes first.
    pub always_strikes_first: bool,
    /// Strikes last.
    pub strikes_last: bool,
    /// Mindless.
    pub mindless: bool,
    /// Immune to psychology.
    pub immune: bool,
    /// Frenzied: immune to psychology while it keeps its frenzy, lost
    /// with a lost round of combat (RULES.md Special attacks and
    /// psychology).
    pub frenzied: bool,
    /// Stupid: tests at the start of its turn.
    pub stupid: bool,
    /// Greenskin animosity: tests at the start of its turn.
    pub animosity: bool,
    /// Cold-blooded: its Ld tests roll 3D6 and discard the highest.
    pub cold_blooded: bool,
    /// Immune to panic alone: no panic tests, fear and terror still.
    pub immune_to_panic: bool,
    /// Undead: never breaks or flees; beaten, it crumbles (RULES.md
    /// Undead).
    pub undead: bool,
    /// A Giant: its army book's table instead of its attacks (RULES.md
    /// Giants).
    pub giant: Option<crate::rules::giant::GiantTable>,
    /// Re-rolls failed psychology tests (RULES.md Special attacks and
    /// psychology).
    pub rerolls_psychology: bool,
    /// Independent: never tests on the General's Ld (RULES.md Break
    /// test).
    pub independent: bool,
    /// Never pursues (RULES.md Fleeing and pursuit).
    pub never_pursues: bool,
    /// Always pursues.
    pub always_pursues: bool,
    /// Never pursued by the enemies that beat it.
    pub never_pursued: bool,
    /// Stubborn while the General is with it (RULES.md Break test).
    pub bodyguard: bool,
    /// Bickers: on a 1 at the start of its turn it declares no charge.
    pub bickers: bool,
    /// Glorious Charge: a unit it charges with unit strength 5 or more
    /// tests for panic.
    pub glorious_charge: bool,
    /// Aura of Slaanesh: enemies in base contact test on 1 Ld less
    /// (RULES.md Break test).
    pub aura_of_slaanesh: bool,
    /// Quell Animosity: no animosity test; a unit it leads rolls a failed
    /// one again (RULES.md Panic).
    pub quells_animosity: bool,
    /// Stubborn in the first round of each combat only (RULES.md Break
    /// test).
    pub stubborn_first_round: bool,
    /// Sporofic Musk: enemies in base contact halve their WS and I
    /// (RULES.md Special attacks and psychology).
    pub sporofic_musk: bool,
    /// Its unit re-rolls failed psychology tests, its characters' rule
    /// too (RULES.md Special attacks and psychology).
    pub unit_rerolls_psychology: bool,
    /// Its unit re-rolls failed break tests, its characters' rule too
    /// (RULES.md Break test).
    pub unit_rerolls_break_tests: bool,
    /// Pursues with one D6 more (RULES.md Fleeing and pursuit).
    pub pursues_one_die_more: bool,
    /// Its unit's rank bonus counts double (RULES.md Combat resolution).
    pub doubles_rank_bonus: bool,
    /// Its enemies get no outnumbering bonus (RULES.md Combat resolution).
    pub denies_outnumbering: bool,
    /// Immune to fear and terror, not to panic (RULES.md Special attacks
    /// and psychology).
    pub immune_to_fear: bool,
    /// Crush the Weak: hates enemies of basic Ld 6 or less.
    pub crushes_the_weak: bool,
    /// Smoke Bombs: alone, pursued only on a 4+ (RULES.md Fleeing and
    /// pursuit).
    pub smoke_bomb: bool,
    /// Its unit's panic tests on 3D6, the highest discarded (RULES.md
    /// Panic).
    pub panic_on_three_dice: bool,
    /// Its unit is immune to panic, its characters' rule too.
    pub unit_immune_to_panic: bool,
    /// Its unit is immune to psychology, its characters' rule too.
    pub unit_immune_to_psychology: bool,
    /// Friends within 6" re-roll failed panic tests while it does not
    /// flee (RULES.md Panic).
    pub friends_reroll_panic: bool,
    /// Whispers in the Darkness: enemies test and rally on 1 Ld less
    /// (RULES.md Break test).
    pub whispers: bool,
    /// A character of Royal Blood.
    pub royal_blood: bool,
    /// Immune to fear and terror while a character of Royal Blood is with
    /// it (RULES.md Special attacks and psychology).
    pub fearless_with_royal_blood: bool,
}

impl Psychology {
    /// The psychology of `rules`.
    pub fn new(rules: &[SpecialRule]) -> Self {
        let has = |x| rules.contains(&x);
        Psychology {
            fear: has(SpecialRule::Fear) || has(SpecialRule::Terror),
            terror: has(SpecialRule::Terror),
            stubborn: has(SpecialRule::Stubborn),
            unbreakable: has(SpecialRule::Unbreakable),
            always_strikes_first: has(SpecialRule::AlwaysStrikesFirst),
            strikes_last: has(SpecialRule::StrikesLast),
            mindless: has(SpecialRule::Mindless),
            immune: has(SpecialRule::ImmuneToPsychology)
                || has(SpecialRule::UnitImmuneToPsychology),
            frenzied: has(SpecialRule::Frenzy),
            stupid: has(SpecialRule::Stupidity),
            animosity: has(SpecialRule::Animosity),
            cold_blooded: has(SpecialRule::ColdBlooded),
            immune_to_panic: has(SpecialRule::ImmuneToPanic) || has(SpecialRule::UnitImmuneToPanic),
            undead: has(SpecialRule::Undead),
            giant: if has(SpecialRule::GiantSpecialAttacksDogsOfWar) {
                Some(crate::rules::giant::GiantTable::DogsOfWar)
            } else {
                has(SpecialRule::GiantSpecialAttacks)
                    .then_some(crate::rules::giant::GiantTable::OrcsAndGoblins)
            },
            rerolls_psychology: has(SpecialRule::RerollPsychology),
            independent: has(SpecialRule::Independent),
            never_pursues: has(SpecialRule::NeverPursues),
            always_pursues: has(SpecialRule::AlwaysPursues),
            never_pursued: has(SpecialRule::NeverPursued),
            bodyguard: has(SpecialRule::Bodyguard),
            bickers: has(SpecialRule::Bicker),
            glorious_charge: has(SpecialRule::GloriousCharge),
            aura_of_slaanesh: has(SpecialRule::AuraOfSlaanesh),
            quells_animosity: has(SpecialRule::QuellAnimosity),
            stubborn_first_round: has(SpecialRule::StubbornFirstRound),
            sporofic_musk: has(SpecialRule::SporoficMusk),
            unit_rerolls_psychology: has(SpecialRule::UnitRerollsPsychology),
            unit_rerolls_break_tests: has(SpecialRule::UnitRerollsBreakTests),
            pursues_one_die_more: has(SpecialRule::PursuesOneDieMore),
            doubles_rank_bonus: has(SpecialRule::DoubleRankBonus),
            denies_outnumbering: has(SpecialRule::DeniesOutnumbering),
            immune_to_fear: has(SpecialRule::ImmuneToFear),
            crushes_the_weak: has(SpecialRule::CrushTheWeak),
            smoke_bomb: has(SpecialRule::SmokeBomb),
            panic_on_three_dice: has(SpecialRule::PanicOnThreeDice),
            unit_immune_to_panic: has(SpecialRule::UnitImmuneToPanic),
            unit_immune_to_psychology: has(SpecialRule::UnitImmuneToPsychology),
            friends_reroll_panic: has(SpecialRule::FriendsRerollPanic),
            whispers: has(SpecialRule::WhispersInTheDarkness),
            royal_blood: has(SpecialRule::RoyalBlood),
            fearless_with_royal_blood: has(SpecialRule::FearlessWithRoyalBlood),
        }
    }

    /// Whether, winning, it pursues a broken foe whatever its player
    /// wants: `Some(false)` never (the Flayers, even if it must), and
    /// `Some(true)` always (Ravenous, or `must`: hatred, frenzy); `None`:
    /// as its player chooses, a test to hold back. RULES.md Fleeing and
    /// pursuit.
    #[inline]
    pub fn pursuit(&self, must: bool) -> Option<bool> {
        match (self.never_pursues, must || self.always_pursues) {
            (true, _) => Some(false),
            (false, true) => Some(true),
            (false, false) => None,
        }
    }

    /// Whether it tests for breaking on its unmodified Ld in `round` of
    /// a combat: stubborn, a Bodyguard the General is with
    /// (`general_with_it`, asked only of a Bodyguard), or Resolute in the
    /// first round. RULES.md Break test.
    #[inline]
    pub fn stubborn_now(&self, general_with_it: impl FnOnce() -> bool, round: u32) -> bool {
        self.stubborn
            || (self.stubborn_first_round && round == 1)
            || (self.bodyguard && general_with_it())
    }

    /// Tests for animosity: it has the rule and not Quell Animosity,
    /// whose models take no test (RULES.md Panic).
    pub fn takes_animosity_tests(&self) -> bool {
        self.animosity && !self.quells_animosity
    }

    /// Never flees nor breaks: unbreakable, or Undead (whose beaten units
    /// crumble instead). RULES.md Break test, Undead.
    pub fn never_flees(&self) -> bool {
        self.unbreakable || self.undead
    }

    /// Takes no fear tests and is not broken by fear: causes fear itself, is
    /// immune to psychology, or never flees. RULES.md Special attacks.
    pub fn fearless(&self) -> bool {
        self.fear || self.immune || self.immune_to_fear || self.frenzied || self.never_flees()
    }

    /// Takes terror tests: one that takes panic tests
    /// ([`Self::takes_panic_tests`]) and is not immune to fear and terror.
    /// RULES.md Special attacks and psychology.
    pub fn takes_terror_tests(&self) -> bool {
        self.takes_panic_tests() && !self.immune_to_fear
    }

    /// Takes panic (and terror) tests: not immune to psychology, not
    /// frenzied, and one that may flee. RULES.md Panic.
    pub fn takes_panic_tests(&self) -> bool {
        !(self.immune || self.frenzied || self.never_flees())
    }

    /// Takes panic tests (not terror's): as [`Self::takes_panic_tests`],
    /// and not immune to panic alone. RULES.md Panic.
    pub fn panics(&self) -> bool {
        self.takes_panic_tests() && !self.immune_to_panic
    }

    /// This psychology once its frenzy is lost (a frenzied unit beaten in
    /// a round of combat): no longer immune by frenzy. RULES.md Special
    /// attacks and psychology.
    pub fn frenzy_lost(self) -> Self {
        Psychology {
            frenzied: false,
            ..self
        }
    }
}

/// Whether a unit hating the armies `hates` hates an enemy of `army`: one
/// names it, letter case aside, its edition in brackets aside on either
/// side ("Dwarfs" names "Dwarfs (2001)"). It hates it as a hatred of its
/// own. RULES.md Special attacks and psychology.
pub fn hates_army(hates: &[String], army: &str) -> bool {
    fn bare(name: &str) -> &str {
        let name = name.trim();
        match name.rfind(" (") {
            Some(i) if name.ends_with(')') => name[..i].trim_end(),
            _ => name,
        }
    }
    hates
        .iter()
        .any(|h| bare(h).eq_ignore_ascii_case(bare(army)))
}

/// Whether a unit fearing the armies `fears` unless it outnumbers them
/// two to one (the Goblins' Fear Elves) fears an enemy unit of `army`
/// while it does not ([`fears_outnumbered_by`]): one names it (as
/// [`hates_army`] reads names). RULES.md Special attacks and psychology.
pub fn fears_army(fears: &[String], army: Option<&str>) -> bool {
    army.is_some_and(|a| hates_army(fears, a))
}

/// Whether a unit of strength `own_us` fears an enemy of strength
/// `enemy_us` whose army it fears ([`fears_army`]): unless it outnumbers
/// it two to one. RULES.md Special attacks and psychology.
pub fn fears_outnumbered_by(own_us: u32, enemy_us: u32) -> bool {
    own_us < 2 * enemy_us
}

/// Whether an enemy pursues a lone model with Smoke Bombs, on its D6
/// `roll`: a 4+. RULES.md Fleeing and pursuit.
pub fn pursues_through_smoke(roll: u8) -> bool {
    roll >= 4
}

/// Whether Crush the Weak's bearer hates an enemy of basic Ld `ld`: 6 or
/// less. RULES.md Special attacks and psychology.
pub fn crushed_as_weak(ld: u8) -> bool {
    ld <= 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hated_army_is_named_whatever_its_edition_and_case() {
        let dwarfs = ["Orcs and Goblins".to_string()];
        assert!(hates_army(&dwarfs, "Orcs and Goblins"));
        assert!(hates_army(&dwarfs, "Orcs and goblins"));
        assert!(hates_army(
            &dwarfs,
            "Orcs and Goblins (6th definitive edition)"
        ));
        assert!(!hates_army(&dwarfs, "Dwarfs (2001)"));
        let goblins = ["Dwarfs".to_string()];
        assert!(hates_army(&goblins, "Dwarfs (2001)"));
        assert!(hates_army(&goblins, "Dwarfs (2005)"));
        assert!(!hates_army(&goblins, "Chaos Dwarfs"));
        assert!(!hates_army(&[], "Dwarfs"));
    }
}
