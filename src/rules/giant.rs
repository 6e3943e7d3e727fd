//! A Giant's attacks: its army book's Giant Special Attacks (a D6 each
//! round on the table for its victim's size) and Fall Over. One function
//! per table; the fight (`combat::fight::giant`) plays what each result
//! does. RULES.md Giants.

use super::profile::TroopType;

/// What a Giant does in a round, by its table's D6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiantAttack {
    /// Nobody in contact with it fights on this round; its side wins the
    /// round by 2.
    YellAndBawl,
    /// One model tests Initiative or takes 2D6 wounds, no armour save; a
    /// double sticks the club (no attack next round).
    ThumpWithClub,
    /// One model takes a wound, no armour save.
    Eadbutt,
    /// A fall test, then 2D6 S6 hits on the unit; again next round.
    JumpUpAndDown,
    /// A model fends off the Giant's hand or is taken (the Pick Up table).
    PickUpAnd,
    /// D6 S6 hits on the unit.
    SwingWithClub,
}

/// Whether a Giant fights `foe` on the table for big things (ogre-sized
/// or larger, chariots included), not the one for anyone smaller.
/// RULES.md Giants.
pub fn big_thing(foe: TroopType) -> bool {
    matches!(
        foe,
        TroopType::LargeInfantry | TroopType::Monster | TroopType::Chariot
    )
}

/// Whose table a Giant rolls on: the books print two for anyone smaller
/// than big things. RULES.md Giants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GiantTable {
    /// Orcs & Goblins' and the Chaos Giant's: 2-4 Jump Up and Down or
    /// Pick Up and..., the player's choice (**\[ruling\]** Jump Up and
    /// Down, the one that hurts a unit more), Swing with Club on 5-6.
    #[default]
    OrcsAndGoblins,
    /// The Dogs of War Giant's (hired by other armies too): Pick Up
    /// and... on 3, Swing with Club on 4-6.
    DogsOfWar,
}

/// The table's result for its D6 `roll` against a big thing or a smaller
/// foe. RULES.md Giants.
pub fn attack(roll: u8, big: bool, table: GiantTable) -> GiantAttack {
    use GiantAttack::*;
    match (big, roll) {
        (_, 1) => YellAndBawl,
        (true, 2..=4) => ThumpWithClub,
        (true, _) => Eadbutt,
        (false, 2..=4) if table == GiantTable::OrcsAndGoblins => JumpUpAndDown,
        (false, 2) => JumpUpAndDown,
        (false, 3) => PickUpAnd,
        (false, _) => SwingWithClub,
    }
}

/// What the Giant does with a model it picked up, by the Pick Up table's
/// D6. RULES.md Giants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickedUp {
    /// Stuffed into its bag, squashed or eaten: a casualty.
    Taken,
    /// Thrown back into its own unit (and Hurl, **\[ruling\]**: the fight
    /// knows no other enemy unit within 12"): a wound on it, no saves, and
    /// D6 Strength 3 hits on the unit.
    Thrown,
    /// Into the bag, and the Giant picks up another.
    PickAnother,
}

/// The Pick Up table's result for its D6 `roll`.
pub fn picked_up(roll: u8) -> PickedUp {
    match roll {
        2 | 3 => PickedUp::Thrown,
        6 => PickedUp::PickAnother,
        _ => PickedUp::Taken,
    }
}

/// Strength of the hits a jumping or swinging Giant deals.
pub const GIANT_HITS_STRENGTH: u8 = 6;

/// Strength of the hits a thrown victim deals its unit.
pub const THROWN_HITS_STRENGTH: u8 = 3;

/// A Giant falls over on a 1 of its D6. RULES.md Giants.
pub fn falls_over(roll: u8) -> bool {
    roll == 1
}

/// An Initiative test of a model with Initiative `i` passed by its D6
/// `roll`: at most its Initiative, a 6 always failing. RULES.md Giants.
pub fn passes_initiative(roll: u8, i: u8) -> bool {
    roll != 6 && roll <= i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_table_shares_its_d6_as_the_army_book_does() {
        let on = |big, table, a| (1..=6).filter(|&r| attack(r, big, table) == a).count();
        let count = |big: bool, a: GiantAttack| on(big, GiantTable::OrcsAndGoblins, a);
        assert_eq!(on(false, GiantTable::DogsOfWar, GiantAttack::PickUpAnd), 1);
        assert_eq!(
            on(false, GiantTable::DogsOfWar, GiantAttack::SwingWithClub),
            3
        );
        assert_eq!(count(true, GiantAttack::YellAndBawl), 1);
        assert_eq!(count(true, GiantAttack::ThumpWithClub), 3);
        assert_eq!(count(true, GiantAttack::Eadbutt), 2);
        assert_eq!(count(false, GiantAttack::YellAndBawl), 1);
        // 2-4: Jump Up and Down or Pick Up and..., the player's choice.
        assert_eq!(count(false, GiantAttack::JumpUpAndDown), 3);
        assert_eq!(count(false, GiantAttack::PickUpAnd), 0);
        assert_eq!(count(false, GiantAttack::SwingWithClub), 2);
        assert!(big_thing(TroopType::LargeInfantry) && !big_thing(TroopType::Cavalry));
        assert_eq!((1..=6).filter(|&r| passes_initiative(r, 3)).count(), 3);
        assert_eq!((1..=6).filter(|&r| passes_initiative(r, 7)).count(), 5);
    }
}
