//! The fuzzer's seeded pseudo-random numbers: SplitMix64 (Steele, Lea and Flood, "Fast
//! splittable pseudorandom number generators", OOPSLA 2014; the generator that seeds xoshiro).
//!
//! Written here (a dozen lines) rather than taken from a crate so that a seed means the same
//! programs and input streams on every platform and with every version of the dependencies: a
//! fuzz finding is reproduced from its seed and program number alone. Not for cryptography.
//!
//! Every program of a run gets its own generator, [`Rng::derive`]d from the run's seed, the
//! program's number and a purpose (generating the program, its input streams, ...), so one
//! program can be regenerated without the others and adding a purpose changes no other stream.

/// A SplitMix64 generator.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

/// SplitMix64's increment (the golden ratio in 64-bit fixed point).
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The generator of stream `(index, purpose)` of `seed`: independent of every other pair.
    pub fn derive(seed: u64, index: u64, purpose: u64) -> Rng {
        Rng::new(mix(mix(mix(seed) ^ index.wrapping_mul(GOLDEN)) ^ purpose))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        mix(self.state)
    }

    /// A number in `0..n` (0 when `n` is 0); Lemire's multiply-shift, whose bias (below 2^-32
    /// for the small `n` used here) does not matter for fuzzing.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..=hi` (`lo` when `hi < lo`).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = (i128::from(hi) - i128::from(lo) + 1) as u64;
        (i128::from(lo) + i128::from(self.below(span))) as i64
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// An index into a collection of `len` items (0 when it is empty).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// One of `items`, uniformly.
    pub fn one_of<T: Copy, const N: usize>(&mut self, items: &[T; N]) -> T {
        const { assert!(N > 0, "one_of needs a non-empty array") };
        items[self.index(N)]
    }

    /// One of `items`, each with its weight (`items` is not empty and some weight is positive:
    /// else the first item).
    pub fn weighted<T: Copy, const N: usize>(&mut self, items: &[(u32, T); N]) -> T {
        const { assert!(N > 0, "weighted needs a non-empty array") };
        let total: u64 = items.iter().map(|(w, _)| u64::from(*w)).sum();
        let mut roll = self.below(total);
        for (weight, item) in items {
            if roll < u64::from(*weight) {
                return *item;
            }
            roll -= u64::from(*weight);
        }
        items[0].1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_values() {
        // The first outputs of SplitMix64 seeded with 1234567 (the reference implementation's
        // test vector).
        let mut rng = Rng::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
        assert_eq!(rng.next_u64(), 9817491932198370423);
    }

    #[test]
    fn ranges_stay_in_bounds_and_cover_them() {
        let mut rng = Rng::new(7);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = rng.range(-3, 3);
            assert!((-3..=3).contains(&x));
            seen[(x + 3) as usize] = true;
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(rng.range(5, 5), 5);
        assert_eq!(rng.range(5, 4), 5);
        assert_eq!(rng.below(0), 0);
        let extreme = rng.range(i64::MIN, i64::MAX);
        let _ = extreme;
    }

    #[test]
    fn derived_streams_differ_and_repeat() {
        let a: Vec<u64> = (0..4).map(|_| Rng::derive(1, 2, 3).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(Rng::derive(1, 2, 3).next_u64(), Rng::derive(1, 3, 3).next_u64());
        assert_ne!(Rng::derive(1, 2, 3).next_u64(), Rng::derive(1, 2, 4).next_u64());
        assert_ne!(Rng::derive(1, 2, 3).next_u64(), Rng::derive(2, 2, 3).next_u64());
    }

    #[test]
    fn weights_are_respected() {
        let mut rng = Rng::new(9);
        let picks: Vec<char> = (0..200).map(|_| rng.weighted(&[(0, 'a'), (1, 'b')])).collect();
        assert!(picks.iter().all(|c| *c == 'b'));
    }
}
