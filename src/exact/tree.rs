//! Exact enumeration of a procedure that rolls D6s one at a time.
//!
//! **What it computes.** The exact distribution of the result of any function
//! that asks for dice one by one and decides what to roll next from what it
//! has seen (re-rolls, "a 6 then 4+", saves only after a wound).
//!
//! **How.** Depth-first search over dice prefixes: run the function with a
//! scripted prefix, and past its end give each die asked for its last face;
//! the run is one leaf, of probability 6^-n for n dice. Then turn the
//! deepest die that has a face below it down by one, drop the dice after
//! it, and run again. Each leaf is reached once, by one run, and the leaves partition
//! all infinite dice sequences, so the probabilities sum to 1. The cost is
//! the number of leaves times the function's length: an attack chain has at
//! most a few thousand leaves. [`enumerate_choices`]
//! does the same for choices of any finite distribution (a whole fight's
//! strike steps and tests).

/// Calls `visit(result, probability)` for every leaf of `procedure`'s dice
/// tree. `procedure` must be deterministic given its dice.
pub fn enumerate_dice<T>(
    mut procedure: impl FnMut(&mut dyn FnMut() -> u8) -> T,
    visit: impl FnMut(T, f64),
) {
    const D6: [f64; 6] = [1.0 / 6.0; 6];
    enumerate_choices(
        |choose| procedure(&mut || choose(&D6) as u8 + 1),
        visit,
        |_| true,
    );
}

/// The same search over a procedure whose random choices have any finite
/// distribution: `choose(p)` returns an index `i` with probability `p[i]`.
/// After every run `within(choices)` (the choices that run made) says
/// whether to go on; if it says no, the search stops and returns false
/// (having visited only part of the tree).
pub fn enumerate_choices<T>(
    procedure: impl FnMut(&mut dyn FnMut(&[f64]) -> usize) -> T,
    visit: impl FnMut(T, f64),
    within: impl FnMut(usize) -> bool,
) -> bool {
    Paths::default().enumerate(procedure, visit, within)
}

/// The buffers of [`enumerate_choices`], kept from one search to the next
/// by a caller that runs many (the exact fight runs one per strike step).
#[derive(Debug, Default)]
pub struct Paths {
    /// The path of the run under way: each choice made and the probability
    /// of the path up to it.
    path: Vec<(usize, f64)>,
    /// Each level's distribution.
    dists: Vec<Vec<f64>>,
}

impl Paths {
    /// [`enumerate_choices`] in these buffers.
    pub fn enumerate<T>(
        &mut self,
        mut procedure: impl FnMut(&mut dyn FnMut(&[f64]) -> usize) -> T,
        mut visit: impl FnMut(T, f64),
        mut within: impl FnMut(usize) -> bool,
    ) -> bool {
        let Paths { path, dists } = self;
        path.clear();
        loop {
            let mut used = 0usize;
            // Past the path's end a run takes the last possible choice of
            // each new distribution (the last first, as the search has
            // always gone: the same sums bit for bit), so every run ends in
            // a leaf.
            let result = procedure(&mut |dist: &[f64]| {
                used += 1;
                let level = used - 1;
                if let Some(&(c, _)) = path.get(level) {
                    return c;
                }
                let i = dist.iter().rposition(|&q| q > 0.0).unwrap_or(0);
                let before = path.last().map_or(1.0, |l| l.1);
                if dists.len() == level {
                    dists.push(Vec::new());
                }
                dists[level].clear();
                dists[level].extend_from_slice(dist);
                path.push((i, before * dist.get(i).copied().unwrap_or(0.0)));
                i
            });
            if !within(used) {
                return false;
            }
            let p = path.last().map_or(1.0, |l| l.1);
            // A distribution with no possible choice ends no leaf.
            if p > 0.0 {
                visit(result, p);
            }
            // The next leaf: the deepest choice with a possible one before it.
            loop {
                let Some((choice, _)) = path.pop() else {
                    return true;
                };
                let dist = &dists[path.len()];
                if let Some(next) = (0..choice).rev().find(|&j| dist[j] > 0.0) {
                    let before = path.last().map_or(1.0, |l| l.1);
                    path.push((next, before * dist[next]));
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_six_then_four_up() {
        // P(first die 6 and second die >= 4) = 1/6 * 1/2.
        let mut p = 0.0;
        enumerate_dice(
            |die| die() == 6 && die() >= 4,
            |hit, q| p += f64::from(u8::from(hit)) * q,
        );
        assert!((p - 1.0 / 12.0).abs() < 1e-15);
    }

    #[test]
    fn leaves_sum_to_one_with_data_dependent_rolls() {
        let mut total = 0.0;
        let mut leaves = 0;
        enumerate_dice(
            |die| {
                let a = die();
                if a > 3 {
                    a + die()
                } else {
                    a
                }
            },
            |_, q| {
                total += q;
                leaves += 1
            },
        );
        assert!((total - 1.0).abs() < 1e-15);
        assert_eq!(leaves, 3 + 3 * 6);
    }
}
