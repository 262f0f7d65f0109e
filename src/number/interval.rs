//! Closed intervals of reals, the engine's representation of a stated number.
//!
//! "628 GB" is not the point 628 but [627.5, 628.5]: a number carries the
//! precision it was stated with, hedges widen or open it, and arithmetic runs
//! on the bounds. A claim is contradicted when the recomputed interval and the
//! claimed one do not meet. The nominal value rides along for display.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
    /// The value as stated, for display; always within `[lo, hi]` for finite
    /// bounds.
    pub nominal: f64,
}

impl Interval {
    pub fn exact(value: f64) -> Interval {
        Interval {
            lo: value,
            hi: value,
            nominal: value,
        }
    }

    /// `value ± half_width`.
    pub fn around(value: f64, half_width: f64) -> Interval {
        let w = half_width.abs();
        Interval {
            lo: value - w,
            hi: value + w,
            nominal: value,
        }
    }

    pub fn between(lo: f64, hi: f64) -> Interval {
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        let nominal = if lo.is_finite() && hi.is_finite() {
            (lo + hi) / 2.0
        } else if lo.is_finite() {
            lo
        } else {
            hi
        };
        Interval { lo, hi, nominal }
    }

    pub fn is_finite(&self) -> bool {
        self.lo.is_finite() && self.hi.is_finite() && self.nominal.is_finite()
    }

    pub fn is_point(&self) -> bool {
        self.lo == self.hi
    }

    /// Whether the two intervals overlap.
    pub fn meets(&self, other: &Interval) -> bool {
        // Intervals that merely touch ("3 kW" is 2.5–3.5, "4 kW" 3.5–4.5)
        // do not agree; an exact value and a bound ("at least 2") agree
        // where they end, ends included.
        // A point is compared to a rounding error of floating point: (0.8 −
        // 1.2) ÷ 1.2 is a third, though the machine makes it a hair less.
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        let closed = |i: &Interval| i.is_point() || i.lo.is_infinite() || i.hi.is_infinite();
        let rounding = 1e-12 * lo.abs().max(hi.abs());
        let rounding = if rounding.is_finite() { rounding } else { 0.0 };
        hi > lo || hi >= lo - rounding && (closed(self) || closed(other))
    }

    /// Whether a stated figure agrees with a recomputed one when the stated
    /// one may be off by `tolerance` (a fraction) of its value either way:
    /// the config's tolerance override. Zero is plain [`Interval::meets`].
    pub fn meets_within(&self, recomputed: &Interval, tolerance: f64) -> bool {
        if tolerance > 0.0 && self.nominal.is_finite() {
            self.widen_relative(tolerance).meets(recomputed)
        } else {
            self.meets(recomputed)
        }
    }

    pub fn contains(&self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    pub fn scale(self, k: f64) -> Interval {
        let (a, b) = (self.lo * k, self.hi * k);
        Interval {
            lo: a.min(b),
            hi: a.max(b),
            nominal: self.nominal * k,
        }
    }

    /// `None` when the divisor's interval contains zero.
    pub fn checked_div(self, o: Interval) -> Option<Interval> {
        if o.contains(0.0) || o.nominal == 0.0 {
            return None;
        }
        let inverse = Interval {
            lo: 1.0 / o.hi,
            hi: 1.0 / o.lo,
            nominal: 1.0 / o.nominal,
        };
        Some(self * inverse)
    }

    /// Widens both sides by `k` times the nominal magnitude.
    pub fn widen_relative(self, k: f64) -> Interval {
        let w = self.nominal.abs() * k;
        Interval {
            lo: self.lo - w,
            hi: self.hi + w,
            nominal: self.nominal,
        }
    }
}

impl std::ops::Add for Interval {
    type Output = Interval;

    fn add(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo + o.lo,
            hi: self.hi + o.hi,
            nominal: self.nominal + o.nominal,
        }
    }
}

impl std::ops::Sub for Interval {
    type Output = Interval;

    fn sub(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo - o.hi,
            hi: self.hi - o.lo,
            nominal: self.nominal - o.nominal,
        }
    }
}

impl std::ops::Mul for Interval {
    type Output = Interval;

    fn mul(self, o: Interval) -> Interval {
        let products = [
            self.lo * o.lo,
            self.lo * o.hi,
            self.hi * o.lo,
            self.hi * o.hi,
        ];
        Interval {
            lo: products.iter().copied().fold(f64::INFINITY, f64::min),
            hi: products.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            nominal: self.nominal * o.nominal,
        }
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_point() {
            write!(f, "{}", self.nominal)
        } else {
            write!(f, "[{}, {}]", self.lo, self.hi)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precision_meets() {
        let claimed = Interval::around(628.0, 0.5);
        assert!(claimed.meets(&Interval::exact(628.0)));
        assert!(!claimed.meets(&Interval::exact(640.0)));
    }

    #[test]
    fn touching_intervals_do_not_meet_but_exact_values_and_bounds_do() {
        let three = Interval::around(3.0, 0.5);
        let four = Interval::around(4.0, 0.5);
        assert!(!three.meets(&four));
        assert!(!four.meets(&three));
        assert!(four.meets(&Interval::exact(3.5)));
        let at_least_two = Interval {
            lo: 2.0,
            hi: f64::INFINITY,
            nominal: 2.0,
        };
        assert!(at_least_two.meets(&Interval::around(1.875, 0.125)));
    }

    #[test]
    fn a_point_meets_its_value_up_to_floating_point_rounding() {
        let third = Interval::exact(1.0 / 3.0);
        let computed = Interval::exact((0.8 - 1.2) / -1.2);
        assert_ne!(third.nominal, computed.nominal);
        assert!(third.meets(&computed));
        assert!(!third.meets(&Interval::exact(0.3334)));
    }

    #[test]
    fn multiplication_takes_extreme_products() {
        let a = Interval::between(-2.0, 3.0);
        let b = Interval::between(4.0, 5.0);
        let p = a * b;
        assert_eq!((p.lo, p.hi), (-10.0, 15.0));
    }

    #[test]
    fn division_by_interval_around_zero_is_refused() {
        assert!(
            Interval::exact(1.0)
                .checked_div(Interval::between(-1.0, 1.0))
                .is_none()
        );
        let q = Interval::exact(10.0)
            .checked_div(Interval::between(2.0, 5.0))
            .unwrap();
        assert_eq!((q.lo, q.hi), (2.0, 5.0));
    }

    #[test]
    fn subtraction_crosses_bounds() {
        let d = Interval::between(10.0, 12.0) - Interval::between(1.0, 2.0);
        assert_eq!((d.lo, d.hi), (8.0, 11.0));
    }

    #[test]
    fn a_tolerance_lets_a_close_figure_agree() {
        let stated = Interval::around(300.0, 0.5);
        let computed = Interval::exact(320.0);
        assert!(!stated.meets_within(&computed, 0.0));
        assert!(!stated.meets_within(&computed, 0.05));
        assert!(stated.meets_within(&computed, 0.07));
        let open = Interval::between(700.0, f64::INFINITY);
        assert!(open.meets_within(&Interval::exact(800.0), 0.0));
    }

    #[test]
    fn relative_widening_is_symmetric() {
        let w = Interval::exact(100.0).widen_relative(0.05);
        assert_eq!((w.lo, w.hi), (95.0, 105.0));
    }
}
