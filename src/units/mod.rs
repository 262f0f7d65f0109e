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

use crate::number::interval::Interval;
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
    /// The shortest and longest lengths of a calendar unit, as factors: a
    /// month is 28 to 31 days, so "一个月" at 120 W is 80.6 to 89.3 kWh.
    pub calendar_range: Option<(f64, f64)>,
}

impl Unit {
    /// The unit of a pure number.
    pub fn one() -> Unit {
        Unit {
            label: String::new(),
            dimension: Dimension::NONE,
            factor: 1.0,
            binary_factor: None,
            calendar_range: None,
        }
    }

    /// Whether the unit is a currency sign written before its number:
    /// "$2", "NT$35,000", "HK$8", "€40".
    pub fn is_written_before(&self) -> bool {
        matches!(self.label.as_str(), "$" | "US$" | "NT$" | "HK$" | "€")
    }

    /// The rate a count of FLOPs with a prefix may also be read as: "989
    /// TFLOPs" of a card is its peak, FLOP/s, where "3.8×10²⁵ FLOPs" of a
    /// run counts operations. `None` for every other unit.
    pub fn rate_reading(&self) -> Option<Dimension> {
        let flop = Dimension::of(Base::Flop);
        let prefix = ["FLOPs", "FLOP"]
            .iter()
            .find_map(|s| self.label.strip_suffix(s))?;
        (self.dimension == flop && matches!(prefix, "T" | "P" | "G" | "Tera" | "Peta"))
            .then(|| flop / Dimension::of(Base::Second))
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

    /// A number in this unit as an interval of base units under a reading,
    /// widened to the unit's calendar range where it has one.
    pub fn scale(&self, number: Interval, binary: bool) -> Interval {
        let scaled = number.scale(self.factor_for(binary));
        match self.calendar_range {
            Some((shortest, longest)) if number.lo >= 0.0 => Interval {
                lo: number.lo * shortest,
                hi: number.hi * longest,
                nominal: scaled.nominal,
            },
            _ => scaled,
        }
    }

    /// `self / other`, as in "GB" / "s". A rate per calendar unit ("$/year")
    /// keeps the calendar's range: a year of 365 or 366 days, so "$0.44/hr
    /// is $3,854 a year" holds as well as $3,857.
    pub fn per(&self, other: &Unit) -> Unit {
        let calendar_range = match (self.calendar_range, other.calendar_range) {
            (None, Some((shortest, longest))) => {
                Some((self.factor / longest, self.factor / shortest))
            }
            _ => None,
        };
        Unit {
            label: format!("{}/{}", self.label, other.label),
            dimension: self.dimension / other.dimension,
            factor: self.factor / other.factor,
            binary_factor: self.binary_factor.map(|b| b / other.factor),
            calendar_range,
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

#[cfg(test)]
mod tests {
    use super::{Base, Dimension, UnitTable};
    use crate::number::interval::Interval;

    #[test]
    fn prefixed_flops_may_be_read_as_a_rate() {
        let units = UnitTable::builtin();
        let unit = |text: &str| units.unit_at(text).unwrap().unit;
        let rate = Dimension::of(Base::Flop) / Dimension::of(Base::Second);
        assert_eq!(unit("TFLOPs").rate_reading(), Some(rate));
        assert_eq!(unit("PFLOP").rate_reading(), Some(rate));
        // Bare FLOPs count operations, and a rate is a rate already.
        assert_eq!(unit("FLOPs").rate_reading(), None);
        assert_eq!(unit("TFLOPS").rate_reading(), None);
        assert_eq!(unit("GB").rate_reading(), None);
    }

    #[test]
    fn a_rate_per_year_spans_years_of_365_and_366_days() {
        let units = UnitTable::builtin();
        let unit = |text: &str| units.unit_at(text).unwrap().unit;
        let per_year = unit("USD").per(&unit("year"));
        let hourly = 0.44 / 3600.0;
        let a_year = per_year.scale(Interval::exact(3854.4), false);
        assert!(a_year.lo <= hourly && hourly <= a_year.hi, "{a_year:?}");
        let off = per_year.scale(Interval::exact(3900.0), false);
        assert!(off.lo > hourly, "{off:?}");
    }
}
