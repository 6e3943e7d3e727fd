//! The fast engine's strike sampler: the casualties one group of attacks
//! causes, drawn whole from alias tables of their exact distribution.
//!
//! **What it computes.** A draw of the [`Casualties`] that a group of
//! attacks (a number of attacks with one damage distribution each) adds to
//! a unit whose wounded model already carries some wounds.
//!
//! **How.** One alias table per wounds already on the wounded model (0 to
//! W - 1), each over the casualty states of [`CasualtyPmf::after`], the
//! exact engine's own dynamic programme, so the fast engine samples exactly
//! the distribution the exact engine computes. A state counts kills from
//! the wounded model on, so groups compose by adding kills
//! ([`StrikeTable::after`]). `attacks`, `shoot` and every strike step of a
//! `combat` draw through it.
//!
//! # Example
//!
//! ```
//! use mathhammer::exact::Pmf;
//! use mathhammer::rules::attack::Damage;
//! use mathhammer::rules::casualties::Casualties;
//! use mathhammer::sim::strike::StrikeTable;
//!
//! // 5 attacks that always deal one wound, on W2 models whose wounded
//! // model has 1 wound already: 3 slain, the next one wounded.
//! let table = StrikeTable::new(&[(Damage::Wounds(1), 1.0)], &Pmf::point(5), 2, None);
//! let c = table.after(Casualties { kills: 4, damage: 1 }, 12345);
//! assert_eq!(c, Casualties { kills: 7, damage: 0 });
//! ```
//!
//! # Performance
//!
//! A draw is one 64-bit word and two table reads. A table holds
//! (models + 1) x W states; building it costs the dynamic programme
//! (attacks x states x damage outcomes multiply-adds), which is why the
//! fight engine builds each one on first use.

use super::alias::AliasTable;
use crate::exact::attacks::CasualtyPmf;
use crate::exact::Pmf;
use crate::rules::attack::Damage;
use crate::rules::casualties::Casualties;

/// Alias tables of one group's casualties, one per wounds already on the
/// wounded model, and each table's states.
#[derive(Clone, Debug)]
pub struct StrikeTable {
    by_damage: Vec<(AliasTable, Vec<Casualties>)>,
}

impl StrikeTable {
    /// The tables of a group of `count` attacks, each with damage
    /// distribution `damage`, at models of `wounds` Wounds, with kills
    /// counted up to `models` (unlimited if `None`).
    pub fn new(damage: &[(Damage, f64)], count: &Pmf, wounds: u8, models: Option<u32>) -> Self {
        let by_damage = (0..wounds)
            .map(|d| {
                let pmf = CasualtyPmf::start(wounds, models, d).after(damage, count);
                let states = (0..pmf.states().len()).map(|s| pmf.state(s)).collect();
                (AliasTable::new(pmf.states()), states)
            })
            .collect();
        StrikeTable { by_damage }
    }

    /// The casualties after the group lands on a unit with casualties
    /// `before`, drawn with the 64-bit `word`.
    #[inline]
    pub fn after(&self, before: Casualties, word: u64) -> Casualties {
        let (table, states) = &self.by_damage[usize::from(before.damage)];
        let drawn = states[table.sample(word)];
        Casualties {
            kills: before.kills + drawn.kills,
            damage: drawn.damage,
        }
    }

    /// [`Self::after`] on state indices ([`Casualties::index`]): from state
    /// `state`, whose wounded model has `damage` wounds, the state after and
    /// its wounded model's wounds. A state counts from the same wounded
    /// model, so this is one addition: the hot loop of `attacks`.
    #[inline]
    pub fn after_index(&self, state: usize, damage: u8, word: u64) -> (usize, u8) {
        let (table, states) = &self.by_damage[usize::from(damage)];
        let s = table.sample(word);
        (state + s - usize::from(damage), states[s].damage)
    }
}
