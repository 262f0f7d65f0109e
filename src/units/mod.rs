//! The units engine: dimensions, units and the table of their surface forms.
//!
//! A [`Unit`] is a factor to the base units of a [`Dimension`], plus, for
//! memory sizes written with a metric prefix, the factor of the binary reading
//! ("80 GB" may be 80 GiB). The [`UnitTable`] is built from
//! `claims/units.yaml`, embedded in the binary, and finds units, compound
//! units ("TB/s", "$/GPU-hour", "美元/卡时") and number words ("万", "billion")
//! in text.

mod dimension;
mod table;

pub use dimension::{Base, Dimension};
pub use table::{Magnitude, UnitMatch, UnitTable, UnitTableError};

use std::fmt;

/// A unit as found in text or an expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// How the unit is shown: the text's own form, normalised ("GB", "卡时").
    pub label: String,
    pub dimension: Dimension,
    /// Factor to the base units.
    pub factor: f64,
    /// Factor under the binary reading of a metric prefix (GB as GiB), where
    /// one exists.
    pub binary_factor: Option<f64>,
}

impl Unit {
    /// The unit of a pure number.
    pub fn one() -> Unit {
        Unit {
            label: String::new(),
            dimension: Dimension::NONE,
            factor: 1.0,
            binary_factor: None,
        }
    }

    pub fn is_one(&self) -> bool {
        self.label.is_empty() && self.dimension == Dimension::NONE && self.factor == 1.0
    }

    /// The factor under a reading.
    pub fn factor_for(&self, binary: bool) -> f64 {
        if binary {
            self.binary_factor.unwrap_or(self.factor)
        } else {
            self.factor
        }
    }

    /// `self / other`, as in "GB" / "s".
    pub fn per(&self, other: &Unit) -> Unit {
        Unit {
            label: format!("{}/{}", self.label, other.label),
            dimension: self.dimension / other.dimension,
            factor: self.factor / other.factor,
            binary_factor: self.binary_factor.map(|b| b / other.factor),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}
