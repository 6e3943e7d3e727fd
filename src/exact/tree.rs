//! Exact enumeration of a procedure that rolls D6s one at a time.
//!
//! **What it computes.** The exact distribution of the result of any function
//! that asks for dice one by one and decides what to roll next from what it
//! has seen (re-rolls, "a 6 then 4+", saves only after a wound).
//!
//! **How.** Depth-first search over dice prefixes: run the function with a
//! scripted prefix; if it asks for one die more than the prefix holds, branch
//! on that die's six faces and run again. A run that stays within its prefix
//! of length n is one leaf of probability 6^-n. Each leaf is reached once, and
//! the leaves partition all infinite dice sequences, so the probabilities sum
//! to 1. The cost is the number of tree nodes times the function's length:
//! an attack chain has at most a few thousand leaves. [`enumerate_choices`]
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
    mut procedure: impl FnMut(&mut dyn FnMut(&[f64]) -> usize) -> T,
    mut visit: impl FnMut(T, f64),
    mut within: impl FnMut(usize) -> bool,
) -> bool {
    let mut stack: Vec<(Vec<usize>, f64)> = vec![(Vec::new(), 1.0)];
    while let Some((prefix, p)) = stack.pop() {
        let mut used = 0usize;
        let mut branch: Option<Vec<f64>> = None;
        let result = procedure(&mut |dist: &[f64]| {
            used += 1;
            if let Some(&c) = prefix.get(used - 1) {
                return c;
            }
            if branch.is_none() {
                branch = Some(dist.to_vec());
            }
            // Any possible choice keeps the run going; its result is dropped.
            dist.iter().position(|&q| q > 0.0).unwrap_or(0)
        });
        if !within(used) {
            return false;
        }
        match branch {
            Some(dist) => {
                for (i, &q) in dist.iter().enumerate().filter(|&(_, &q)| q > 0.0) {
                    let mut longer = prefix.clone();
                    longer.push(i);
                    stack.push((longer, p * q));
                }
            }
            None => visit(result, p),
        }
    }
    true
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
