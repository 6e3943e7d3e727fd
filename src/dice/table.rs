//! Exact table sampling of a roll of several D6 from a few random bits.
//!
//! **What it computes.** One draw of a [`Roll`]: k dice, read as their sum or by
//! a rule's own function, distributed exactly as if each die were rolled.
//!
//! **How.** The 6^k ordered outcomes of k dice are equally likely. The table
//! lists the reading of every outcome, repeated `m` times, where `m·6^k` is the
//! largest multiple of 6^k that fits in `b` bits (`b` chosen so few draws are
//! rejected). A draw takes `b` fresh bits of a 64-bit word: below `m·6^k` it
//! indexes the table, otherwise it is rejected and new bits are taken.
//!
//! **Why it is unbiased.** An accepted `b`-bit value is uniform on
//! `0..m·6^k` (rejection sampling), each outcome occupies exactly `m` slots,
//! and the bits of different draws never overlap, so draws are independent.
//! Which bits are read next depends only on bits already read (a stopping
//! time), never on unread ones. No multiplication or modulo of a random value
//! is used, so there is none of the bias of extracting several dice by
//! repeated multiplication (measured in BENCHMARKS.md). The tables
//! are checked exhaustively in tests, not only statistically.
//!
//! Sums of more than five dice are split into two parts (e.g. 8D6 = 5D6 +
//! 3D6) so every table stays small enough for the L1/L2 cache.

use super::{for_each_outcome, Reading, Roll};

/// One table: the reading of each of `dice` D6, over `limit` slots.
#[derive(Clone, Debug)]
struct Part {
    bits: u32,
    values: Box<[u8]>,
}

/// Most slots a table may take (bytes); 6^5 = 7,776 fits in 8,192.
const MAX_SLOTS: usize = 1 << 16;
/// Preferred acceptance rate when choosing the number of bits per draw.
const GOOD_ACCEPTANCE: f64 = 0.93;

impl Part {
    fn new(roll: &Roll) -> Self {
        let outcomes = 6usize.pow(roll.dice);
        let min_bits = usize::BITS - (outcomes - 1).leading_zeros();
        // Widen the draw while the table stays small until most draws are kept.
        let mut bits = min_bits;
        while acceptance(outcomes, bits) < GOOD_ACCEPTANCE
            && (1usize << (bits + 1)) <= MAX_SLOTS
            && bits < 24
        {
            bits += 1;
        }
        let copies = (1usize << bits) / outcomes;
        let mut values = vec![0u8; copies * outcomes];
        for_each_outcome(roll.dice, |i, faces| {
            let v = roll.read(faces);
            for c in 0..copies {
                values[c * outcomes + i] = v;
            }
        });
        Part {
            bits,
            values: values.into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn sample(&self, bits: &mut BitStream<impl rand::RngCore>) -> u8 {
        loop {
            let slot = bits.take(self.bits) as usize;
            // The table length is the acceptance limit: `get` both rejects and
            // bounds-checks.
            if let Some(&v) = self.values.get(slot) {
                return v;
            }
        }
    }
}

fn acceptance(outcomes: usize, bits: u32) -> f64 {
    let slots = 1usize << bits;
    (slots / outcomes * outcomes) as f64 / slots as f64
}

/// An exact sampler of one [`Roll`]; see the module documentation.
#[derive(Clone, Debug)]
pub struct DiceTable {
    first: Part,
    second: Option<Part>,
}

impl DiceTable {
    /// The table of `roll`.
    pub fn new(roll: &Roll) -> Self {
        match roll.reading {
            Reading::Sum if roll.dice > 5 => {
                let first = roll.dice.div_ceil(2).min(5);
                DiceTable {
                    first: Part::new(&Roll::sum(first)),
                    second: Some(Part::new(&Roll::sum(roll.dice - first))),
                }
            }
            _ => DiceTable {
                first: Part::new(roll),
                second: None,
            },
        }
    }

    /// Draws one roll.
    #[inline(always)]
    pub fn sample(&self, bits: &mut BitStream<impl rand::RngCore>) -> u8 {
        let v = self.first.sample(bits);
        match &self.second {
            Some(p) => v + p.sample(bits),
            None => v,
        }
    }

    /// Bits per draw and slots of each part (for tests and documentation).
    pub fn layout(&self) -> Vec<(u32, usize)> {
        std::iter::once(&self.first)
            .chain(self.second.as_ref())
            .map(|p| (p.bits, p.values.len()))
            .collect()
    }

    /// How many slots of each part hold each value (for exhaustive tests).
    pub fn slot_counts(&self) -> Vec<Vec<usize>> {
        std::iter::once(&self.first)
            .chain(self.second.as_ref())
            .map(|p| {
                let mut counts = vec![0usize; 256];
                for &v in p.values.iter() {
                    counts[v as usize] += 1;
                }
                counts
            })
            .collect()
    }
}

/// Hands out `b`-bit pieces of a generator's 64-bit words, low bits first.
/// Leftover bits too few for the next piece are dropped.
#[derive(Clone)]
pub struct BitStream<R> {
    rng: R,
    buf: u64,
    left: u32,
}

impl<R: rand::RngCore> BitStream<R> {
    /// Bits from `rng`.
    pub fn new(rng: R) -> Self {
        BitStream {
            rng,
            buf: 0,
            left: 0,
        }
    }

    /// The next `bits` (1..=32) uniformly random bits.
    #[inline(always)]
    pub fn take(&mut self, bits: u32) -> u32 {
        debug_assert!((1..=32).contains(&bits));
        if self.left < bits {
            self.buf = self.rng.next_u64();
            self.left = 64;
        }
        let v = (self.buf & ((1u64 << bits) - 1)) as u32;
        self.buf >>= bits;
        self.left -= bits;
        v
    }

    /// The generator, for draws that need whole words.
    pub fn rng(&mut self) -> &mut R {
        &mut self.rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::Pmf;

    /// Exhaustive: every value fills exactly `copies × (its count among the
    /// 6^k outcomes)` slots, so an accepted draw has exactly the dice's
    /// distribution.
    fn check_exact(roll: Roll) {
        let table = DiceTable::new(&roll);
        let pmf_parts: Vec<Pmf> = match (roll.reading, table.layout().len()) {
            (Reading::Sum, 2) => {
                let first = roll.dice.div_ceil(2).min(5);
                vec![Pmf::nd6(first), Pmf::nd6(roll.dice - first)]
            }
            _ => vec![Pmf::of_roll(&roll)],
        };
        for ((bits, slots), (counts, pmf)) in table
            .layout()
            .into_iter()
            .zip(table.slot_counts().into_iter().zip(pmf_parts))
        {
            assert!(slots <= 1 << bits, "{roll}: {slots} slots in {bits} bits");
            for (v, &c) in counts.iter().enumerate() {
                let expected = pmf.p_eq(v as i64) * slots as f64;
                assert_eq!(c as f64, expected.round(), "{roll}: value {v}");
                assert!((c as f64 - expected).abs() < 1e-6, "{roll}: value {v}");
            }
        }
    }

    #[test]
    fn tables_hold_each_outcome_equally_often() {
        for n in 1..=10 {
            check_exact(Roll::sum(n));
        }
        check_exact(
            crate::rules::LeadershipTest {
                cold_blooded: true,
                ..crate::rules::LeadershipTest::new(7)
            }
            .roll(),
        );
    }

    #[test]
    fn tables_keep_most_draws() {
        for n in 1..=8 {
            let table = DiceTable::new(&Roll::sum(n));
            for (bits, slots) in table.layout() {
                let kept = slots as f64 / (1u64 << bits) as f64;
                assert!(kept > 0.9, "{n}D6 keeps only {kept} of draws");
            }
        }
    }

    #[test]
    fn bit_stream_hands_out_low_bits_first() {
        struct Fixed(u64);
        impl rand::RngCore for Fixed {
            fn next_u32(&mut self) -> u32 {
                self.0 as u32
            }
            fn next_u64(&mut self) -> u64 {
                self.0
            }
            fn fill_bytes(&mut self, _: &mut [u8]) {}
        }
        let mut bits = BitStream::new(Fixed(0xFEDC_BA98_7654_3210));
        assert_eq!(bits.take(4), 0x0);
        assert_eq!(bits.take(8), 0x21);
        assert_eq!(bits.take(20), 0x76543);
        assert_eq!(bits.take(32), 0xFEDC_BA98);
        // 64 bits used: the next piece comes from a new word.
        assert_eq!(bits.take(4), 0x0);
    }
}
