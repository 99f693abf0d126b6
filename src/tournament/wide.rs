//! Signed fixed-width integers of `L` 64-bit limbs, for matching weights too long for `i128`:
//! a Swiss pairing's weight stacks one field per criterion, and a field per score group, so
//! a large event needs hundreds of bits. Two's complement, little-endian limbs; only what the
//! weights and the matching need (add, subtract, compare, shift, halve).

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    pub const ZERO: Self = Wide([0; L]);

    /// A small value.
    pub fn of(value: u64) -> Self {
        let mut limbs = [0; L];
        limbs[0] = value;
        Wide(limbs)
    }

    /// 2 to the power `bit`.
    pub fn bit(bit: u32) -> Self {
        let mut limbs = [0; L];
        limbs[(bit / 64) as usize] = 1 << (bit % 64);
        Wide(limbs)
    }

    /// 2 to the power `bits`, less one: every bit below `bits` set.
    pub fn ones(bits: u32) -> Self {
        Self::bit(bits) - Self::of(1)
    }

    pub fn is_zero(self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn negative(self) -> bool {
        self.0[L - 1] >> 63 == 1
    }

    /// Shifted left by `bits` (times 2 to that power, negative values too).
    pub fn shifted(self, bits: u32) -> Self {
        let (whole, part) = ((bits / 64) as usize, bits % 64);
        let mut limbs = [0; L];
        for i in (whole..L).rev() {
            let from = i - whole;
            limbs[i] = self.0[from] << part;
            if part > 0 && from > 0 {
                limbs[i] |= self.0[from - 1] >> (64 - part);
            }
        }
        Wide(limbs)
    }

    fn negated(self) -> Self {
        Self::ZERO - self
    }

    /// Halved, rounding towards zero as integer division does.
    fn halved(self) -> Self {
        if self.negative() {
            return self.negated().halved().negated();
        }
        let mut limbs = [0; L];
        for (i, limb) in limbs.iter_mut().enumerate() {
            *limb = self.0[i] >> 1;
            if i + 1 < L {
                *limb |= self.0[i + 1] << 63;
            }
        }
        Wide(limbs)
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        let mut limbs = [0; L];
        let mut carry = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = c1 || c2;
        }
        Wide(limbs)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        // Two's complement: less `other` is plus its bits inverted, plus one.
        self + Wide(other.0.map(|l| !l)) + Self::of(1)
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    fn sub_assign(&mut self, other: Self) {
        *self = *self - other;
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .negative()
            .cmp(&self.negative())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> integer_blossom::Weight for Wide<L> {
    const ZERO: Self = Wide([0; L]);
    const ONE: Self = {
        let mut limbs = [0; L];
        limbs[0] = 1;
        Wide(limbs)
    };

    fn inf() -> Self {
        let mut limbs = [u64::MAX; L];
        limbs[L - 1] = u64::MAX >> 3;
        Wide(limbs)
    }

    fn double(self) -> Self {
        self.shifted(1)
    }

    fn half(self) -> Self {
        self.halved()
    }
}

#[cfg(test)]
mod tests {
    use super::Wide;
    use integer_blossom::Weight;

    type W = Wide<2>;

    fn w(v: i128) -> W {
        if v < 0 {
            W::ZERO - W::of(v.unsigned_abs() as u64)
        } else {
            W::of(v as u64)
        }
    }

    #[test]
    fn arithmetic_agrees_with_i128() {
        let values = [-300i128, -7, -1, 0, 1, 2, 5, 77, 1 << 40];
        for &a in &values {
            for &b in &values {
                assert_eq!(w(a) + w(b), w(a + b), "{a} + {b}");
                assert_eq!(w(a) - w(b), w(a - b), "{a} - {b}");
                assert_eq!(w(a).cmp(&w(b)), a.cmp(&b), "{a} vs {b}");
            }
            assert_eq!(w(a).half(), w(a / 2), "{a} / 2");
            assert_eq!(w(a).double(), w(a * 2), "{a} * 2");
            assert_eq!(w(a).shifted(3), w(a * 8), "{a} << 3");
        }
        assert_eq!(W::of(1).shifted(64), W::bit(64));
        assert_eq!(W::of(3).shifted(63), W::bit(63) + W::bit(64));
        assert!(W::ones(100) > W::bit(99));
        assert!(W::inf() > W::ones(120));
    }
}
