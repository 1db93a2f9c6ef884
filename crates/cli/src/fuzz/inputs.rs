//! Input streams for the fuzzer's interpreter runs: one stream feeds every nondeterministic
//! source of a run in execution order (entry parameters, `__VERIFIER_nondet_*`, extern calls,
//! uninitialized variables and memory, volatile reads), and the interpreter converts each value
//! to its destination type as C converts integers, so one `i128` serves every type.
//!
//! A stream follows one profile: small values (counters and bounds that keep loops short),
//! medium ones, boundary values of every integer type (0, ±1, `CHAR_MIN`…`ULONG_MAX` and their
//! neighbours, where wrap-around and overflow live) or a mix of these per value. Lengths vary
//! from empty (every value is then 0) to a few hundred (loops that read an input per iteration).

use super::rng::Rng;

/// Values at the edges of the integer types and their neighbours.
const BOUNDARY: [i128; 32] = [
    0,
    1,
    -1,
    2,
    -2,
    7,
    8,
    127,
    128,
    -128,
    -129,
    255,
    256,
    32767,
    32768,
    -32768,
    65535,
    65536,
    2147483646,
    2147483647,
    2147483648,
    -2147483647,
    -2147483648,
    -2147483649,
    4294967295,
    4294967296,
    9223372036854775807,
    -9223372036854775807,
    -9223372036854775808,
    18446744073709551615,
    1 << 40,
    -(1 << 40),
];

#[derive(Clone, Copy)]
enum Profile {
    Small,
    Medium,
    Boundary,
    Mixed,
}

/// Stream number `n` of a program: stream 0 is empty (all inputs 0); the others are random.
pub fn stream(rng: &mut Rng, n: usize) -> Vec<i128> {
    if n == 0 {
        return Vec::new();
    }
    let profile =
        rng.weighted(&[(4, Profile::Small), (1, Profile::Medium), (2, Profile::Boundary), (3, Profile::Mixed)]);
    let len = match rng.below(10) {
        0..=2 => rng.range(1, 8),
        3..=7 => rng.range(8, 64),
        _ => rng.range(64, 400),
    };
    (0..len).map(|_| value(rng, profile)).collect()
}

fn value(rng: &mut Rng, profile: Profile) -> i128 {
    match profile {
        Profile::Small => i128::from(rng.range(-4, 16)),
        Profile::Medium => i128::from(rng.range(-1000, 1000)),
        Profile::Boundary => rng.one_of(&BOUNDARY),
        Profile::Mixed => {
            let one = rng.weighted(&[(5, Profile::Small), (2, Profile::Medium), (3, Profile::Boundary)]);
            value(rng, one)
        }
    }
}

/// A stream as `exec --nondet` takes it.
pub fn to_flag(stream: &[i128]) -> String {
    let values: Vec<String> = stream.iter().map(i128::to_string).collect();
    values.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_repeat_and_vary() {
        let a: Vec<Vec<i128>> = (0..20).map(|n| stream(&mut Rng::derive(1, 2, 3), n)).collect();
        let b: Vec<Vec<i128>> = (0..20).map(|n| stream(&mut Rng::derive(1, 2, 3), n)).collect();
        assert_eq!(a, b);
        assert!(a[0].is_empty());
        let mut rng = Rng::new(4);
        let many: Vec<Vec<i128>> = (1..200).map(|n| stream(&mut rng, n)).collect();
        assert!(many.iter().any(|s| s.contains(&2147483647)));
        assert!(many.iter().any(|s| s.len() >= 64));
        assert!(many.iter().any(|s| s.iter().all(|v| (-4..=16).contains(v))));
        assert_eq!(to_flag(&[1, -2, 3]), "1,-2,3");
    }
}
