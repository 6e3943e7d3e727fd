//! Reproducible random streams: one generator per fixed-size chunk of trials.
//!
//! Chunk `i` of a run with seed `s` always holds the same trials, whichever
//! thread runs it, so results do not depend on the thread count. Its
//! Xoshiro256++ state is built from SplitMix64 outputs of `s` (two words) and
//! of `i` (two words): SplitMix64 is a bijection, so distinct (seed, chunk)
//! pairs get distinct states, and the state is never all zero. Method:
//! Blackman & Vigna, "Scrambled linear pseudorandom number generators"
//! (2021), which recommends SplitMix64 for seeding xoshiro.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Trials per chunk (the unit of parallel work and of reproducibility).
pub const CHUNK_TRIALS: u64 = 1 << 16;

/// SplitMix64's output function for state `x` (Steele, Lea & Flood 2014).
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of chunk `chunk` of a run seeded with `seed`.
pub fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let words = [
        splitmix64(seed),
        splitmix64(seed ^ 0xD1B5_4A32_D192_ED03),
        splitmix64(chunk),
        splitmix64(chunk ^ 0x8CB9_2BA7_2F3D_8DD7),
    ];
    let mut bytes = [0u8; 32];
    for (dst, w) in bytes.chunks_exact_mut(8).zip(words) {
        dst.copy_from_slice(&w.to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    #[test]
    fn chunks_and_seeds_get_different_streams() {
        let first = |seed, chunk| chunk_rng(seed, chunk).next_u64();
        assert_ne!(first(1, 0), first(1, 1));
        assert_ne!(first(1, 0), first(2, 0));
        assert_ne!(first(0, 1), first(1, 0));
        assert_eq!(first(5, 9), first(5, 9));
    }

    #[test]
    fn splitmix_reference_values() {
        // SplitMix64 from state 0: the first output of the reference
        // implementation (Vigna, splitmix64.c) is 0xE220A8397B1DCDAF.
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
    }
}
