//! Dimension vectors: what kind of thing a quantity measures.
//!
//! A dimension is a vector of integer exponents over base dimensions. The
//! physical ones (byte, FLOP, second, watt, US dollar) must agree for two
//! quantities to be added or compared. The counted ones (accelerator,
//! parameter, token, node) type a quantity for the reader ("GPU-hours",
//! "tokens per parameter") but are soft: articles leave them implicit ("8 ×
//! 80 GB" multiplies GPUs by GB per GPU), so comparisons ignore them.

use std::fmt;

/// The base dimensions, in display order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Base {
    Byte,
    Flop,
    Second,
    Watt,
    Dollar,
    /// The renminbi: a currency of its own, never converted to dollars
    /// without a rate the article states.
    Yuan,
    /// The New Taiwan dollar ("NT$35,000", "新台幣"): no US dollar.
    Twd,
    /// The Hong Kong dollar ("HK$8", "港元"): no US dollar either.
    Hkd,
    /// The euro ("€40", "歐元").
    Eur,
    Accelerator,
    Parameter,
    Token,
    Node,
}

impl Base {
    pub const ALL: [Base; 13] = [
        Base::Byte,
        Base::Flop,
        Base::Second,
        Base::Watt,
        Base::Dollar,
        Base::Yuan,
        Base::Twd,
        Base::Hkd,
        Base::Eur,
        Base::Accelerator,
        Base::Parameter,
        Base::Token,
        Base::Node,
    ];

    /// The name used in `claims/units.yaml` and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Base::Byte => "byte",
            Base::Flop => "flop",
            Base::Second => "second",
            Base::Watt => "watt",
            Base::Dollar => "dollar",
            Base::Yuan => "yuan",
            Base::Twd => "twd",
            Base::Hkd => "hkd",
            Base::Eur => "eur",
            Base::Accelerator => "accelerator",
            Base::Parameter => "parameter",
            Base::Token => "token",
            Base::Node => "node",
        }
    }

    pub fn from_name(name: &str) -> Option<Base> {
        Base::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Counted things are soft: they type a quantity but never block a
    /// comparison.
    pub fn is_counted(self) -> bool {
        matches!(
            self,
            Base::Accelerator | Base::Parameter | Base::Token | Base::Node
        )
    }
}

/// Exponents over [`Base::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dimension([i8; 13]);

impl Dimension {
    pub const NONE: Dimension = Dimension([0; 13]);

    pub fn of(base: Base) -> Dimension {
        let mut d = Dimension::NONE;
        d.0[base as usize] = 1;
        d
    }

    pub fn with(mut self, base: Base, exponent: i8) -> Dimension {
        self.0[base as usize] = exponent;
        self
    }

    pub fn exponent(&self, base: Base) -> i8 {
        self.0[base as usize]
    }

    /// The physical part, with the counted dimensions dropped.
    pub fn physical(self) -> Dimension {
        let mut d = self;
        for base in Base::ALL {
            if base.is_counted() {
                d.0[base as usize] = 0;
            }
        }
        d
    }

    /// Whether two quantities of these dimensions can be added or compared.
    pub fn compatible(self, other: Dimension) -> bool {
        self.physical() == other.physical()
    }

    pub fn is_dimensionless(self) -> bool {
        self.physical() == Dimension::NONE
    }
}

impl std::ops::Mul for Dimension {
    type Output = Dimension;

    fn mul(self, other: Dimension) -> Dimension {
        let mut d = self;
        for (a, b) in d.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
        d
    }
}

impl std::ops::Div for Dimension {
    type Output = Dimension;

    fn div(self, other: Dimension) -> Dimension {
        let mut d = self;
        for (a, b) in d.0.iter_mut().zip(other.0) {
            *a = a.saturating_sub(b);
        }
        d
    }
}

impl fmt::Display for Dimension {
    /// `byte·second⁻¹`, or `1` for a pure number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for base in Base::ALL {
            let e = self.exponent(base);
            if e == 0 {
                continue;
            }
            if !first {
                f.write_str("·")?;
            }
            first = false;
            f.write_str(base.name())?;
            if e != 1 {
                write!(f, "^{e}")?;
            }
        }
        if first {
            f.write_str("1")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_dimensions_do_not_block_comparison() {
        let gb_per_gpu = Dimension::of(Base::Byte) / Dimension::of(Base::Accelerator);
        let total = gb_per_gpu * Dimension::of(Base::Accelerator);
        assert_eq!(total, Dimension::of(Base::Byte));
        assert!(gb_per_gpu.compatible(Dimension::of(Base::Byte)));
        assert!(!Dimension::of(Base::Byte).compatible(Dimension::of(Base::Watt)));
    }

    #[test]
    fn display_names_exponents() {
        let bandwidth = Dimension::of(Base::Byte) / Dimension::of(Base::Second);
        assert_eq!(bandwidth.to_string(), "byte·second^-1");
        assert_eq!(Dimension::NONE.to_string(), "1");
    }
}
