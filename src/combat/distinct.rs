//! Distinct values with their summed probabilities: how the exact engines
//! merge equal outcomes and equal fight states.
//!
//! **What it computes.** Each distinct value met, with an id (its place in
//! the order first met) and the sum of the probabilities it came with, in
//! the order they came, so sums are the same bit for bit on every run.
//!
//! **How.** A scan finds a value while there are few (most events have a
//! handful of results, and comparing beats hashing there); past
//! [`SCANNED`] a hash table of ids finds it. The table holds ids, not
//! values: a fight state is a few hundred bytes, stored once.
//!
//! # Performance
//! The exact chain merges every strike step's outcomes and every state
//! between rounds through it: tens of thousands of values in the
//! flagship's whole fight. A table of ids, and tables kept from state to state, took the
//! chain of `big_boss_leads_boyz` (11,704 states) from 16.5 G instructions
//! to 7.7 G (BENCHMARKS.md).

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

/// Distinct values with their probabilities, in the order first met.
pub(crate) struct Distinct<T> {
    /// The values and their summed probabilities.
    pub(crate) list: Vec<(T, f64)>,
    /// Ids by hash, once there are more than [`SCANNED`].
    index: HashTable<usize>,
}

/// The most values found by a scan (measured on the flagship's chain: 132 M
/// instructions with 32 or 48, 143 M with 12, 150 M with 4).
const SCANNED: usize = 32;

/// Fx, then splitmix64's finaliser: Fx alone leaves states that differ in
/// one small count (models standing) in few buckets of a large table.
fn hash<T: Hash>(value: &T) -> u64 {
    let mut h = FxBuildHasher.hash_one(value);
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

impl<T: Eq + Hash> Distinct<T> {
    /// None yet.
    pub(crate) fn new() -> Self {
        Self::with_capacity(0)
    }

    /// Room for `n` values before it grows.
    pub(crate) fn with_capacity(n: usize) -> Self {
        Distinct {
            list: Vec::with_capacity(n),
            index: HashTable::new(),
        }
    }

    /// Empty again, its room kept.
    pub(crate) fn clear(&mut self) {
        self.list.clear();
        self.index.clear();
    }

    /// Adds `p` to `value`'s probability.
    pub(crate) fn add(&mut self, value: T, p: f64) {
        self.place(value, p);
    }

    /// `value`'s id (met now if not before).
    pub(crate) fn id(&mut self, value: T) -> usize {
        self.place(value, 0.0)
    }

    /// Adds `p` to `value`'s probability; its id.
    fn place(&mut self, value: T, p: f64) -> usize {
        let list = &mut self.list;
        let h = (list.len() > SCANNED).then(|| hash(&value));
        let found = match h {
            None => list.iter().position(|(v, _)| *v == value),
            Some(h) => self.index.find(h, |&i| list[i].0 == value).copied(),
        };
        if let Some(i) = found {
            list[i].1 += p;
            return i;
        }
        list.push((value, p));
        let id = list.len() - 1;
        let rehash = |&i: &usize| hash(&list[i].0);
        match h {
            Some(h) => {
                self.index.insert_unique(h, id, rehash);
            }
            None if id == SCANNED => {
                for (i, (v, _)) in list.iter().enumerate() {
                    self.index.insert_unique(hash(v), i, rehash);
                }
            }
            None => {}
        }
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_equal_values_in_the_order_first_met_past_the_scan() {
        let mut d = Distinct::new();
        for round in 0..3 {
            for v in (0..100u32).rev() {
                d.add(v, 0.5);
                let id = d.id(v);
                d.add(v, 0.5);
                assert_eq!(id, 99 - v as usize, "round {round}");
            }
        }
        assert_eq!(d.list.len(), 100);
        assert!(d.list.iter().all(|&(_, p)| p == 3.0));
    }
}
