//! Numbers as people write them: English and Chinese numerals read as
//! [`interval`]s ([`numeral`]), the words around them ([`lexicon`]: hedges,
//! operators, relations), quantities with their units and readings
//! ([`quantity`]), arithmetic over them ([`expr`]), and numbers formatted for
//! people ([`format`](mod@format)).

pub mod expr;
pub mod format;
pub mod interval;
pub mod lexicon;
pub mod numeral;
pub mod quantity;
