//! Part of the `spec` check: a table that quotes one part's sparse
//! throughput among other parts' dense ones, or the other way round.
//!
//! A figure that states no sparsity matches a part's datasheet when it is
//! either column, and each cell of "| FP16 | 148 | 312 | 1979 |" does: the
//! H20's and the A100's dense figures, the H100's sparse one. Read together
//! they compare unlike things, the commonest slip in this genre, and the
//! table makes the H100 look twice as fast as it is. A figure that states
//! no sparsity is read as dense, as writers quote it: where no fewer cells
//! of a table match only the dense column than match only the sparse one,
//! those sparse ones are reported as inconsistent, with the dense figure.
//! A table mostly of sparse figures is left alone: its dense cells are
//! right, and which cells the writer meant is not the check's to guess.
//!
//! Left alone: a cell marked by a footnote sign ("1,979*", whose note may
//! say "with sparsity"), a figure matching both columns or neither, and a
//! part whose table gives both of its columns for a precision (two columns
//! on purpose, not a slip).

use std::collections::BTreeMap;
use std::ops::Range;

use crate::check::finding::{Finding, Related, Verdict};
use crate::msg;

/// A table cell read as one column of a part's throughput: matched by that
/// column only, the other recorded and missed.
pub struct ColumnRead {
    /// The table, by its index in the document.
    pub table: usize,
    /// The figure, and its text for messages.
    pub span: Range<usize>,
    pub claim: String,
    /// The part, by id, and its short name for messages.
    pub entity: String,
    pub name: String,
    /// The precision, as a column names it ("FP16").
    pub precision: String,
    /// Whether the matched column is the sparse one.
    pub sparse: bool,
    /// The part's figure in the other column, for the help line.
    pub other: String,
}

/// Turns the verified findings of the odd cells out into inconsistent
/// ones, table by table.
pub fn report(reads: &[ColumnRead], findings: &mut [Finding]) {
    let mut by_table: BTreeMap<usize, Vec<&ColumnRead>> = BTreeMap::new();
    for read in reads {
        by_table.entry(read.table).or_default().push(read);
    }
    for reads in by_table.values() {
        for odd in odd_ones_out(reads) {
            // A dense cell of the same precision shows the slip best.
            let dense = || reads.iter().filter(|r| !r.sparse);
            let Some(example) = dense()
                .find(|r| r.precision == odd.precision)
                .or_else(|| dense().next())
            else {
                continue;
            };
            if let Some(finding) = findings
                .iter_mut()
                .find(|f| f.span == odd.span && f.verdict == Verdict::Verified)
            {
                mark(finding, odd, example);
            }
        }
    }
}

/// The cells of a table read as sparse among no fewer read as dense.
fn odd_ones_out<'r>(reads: &[&'r ColumnRead]) -> Vec<&'r ColumnRead> {
    // A part and precision read in both columns is a table giving both.
    let both = |r: &ColumnRead| {
        reads
            .iter()
            .any(|o| o.sparse != r.sparse && o.entity == r.entity && o.precision == r.precision)
    };
    let single: Vec<&ColumnRead> = reads.iter().copied().filter(|r| !both(r)).collect();
    let sparse = single.iter().filter(|r| r.sparse).count();
    let dense = single.len() - sparse;
    if sparse == 0 || dense < sparse {
        return Vec::new();
    }
    single.into_iter().filter(|r| r.sparse).collect()
}

fn mark(finding: &mut Finding, odd: &ColumnRead, example: &ColumnRead) {
    let (entity, precision) = (&odd.name, &odd.precision);
    let claim = &odd.claim;
    let (message, label, note) = if odd.sparse {
        (
            msg!(
                "spec-mixed-sparse",
                claim = claim,
                entity = entity,
                precision = precision
            ),
            msg!("label-mixed-sparse"),
            msg!("note-mixed-dense"),
        )
    } else {
        (
            msg!(
                "spec-mixed-dense",
                claim = claim,
                entity = entity,
                precision = precision
            ),
            msg!("label-mixed-dense"),
            msg!("note-mixed-sparse"),
        )
    };
    finding.verdict = Verdict::Inconsistent;
    finding.message = message;
    finding.label = label;
    finding.related.push(Related {
        span: example.span.clone(),
        note,
    });
    finding.help = Some(msg!(
        "help-mixed-columns",
        entity = entity,
        precision = precision,
        value = &odd.other
    ));
}

#[cfg(test)]
mod tests {
    use super::{ColumnRead, odd_ones_out};

    fn read(at: usize, entity: &str, sparse: bool) -> ColumnRead {
        ColumnRead {
            table: 0,
            span: at..at + 1,
            claim: String::new(),
            entity: entity.into(),
            name: entity.into(),
            precision: "FP16".into(),
            sparse,
            other: String::new(),
        }
    }

    fn odd(reads: &[ColumnRead]) -> Vec<usize> {
        let all: Vec<&ColumnRead> = reads.iter().collect();
        odd_ones_out(&all).iter().map(|r| r.span.start).collect()
    }

    #[test]
    fn a_sparse_cell_among_dense_ones_is_the_odd_one_out() {
        let one_sparse = [
            read(1, "a100", false),
            read(2, "h20", false),
            read(3, "h100", true),
        ];
        assert_eq!(odd(&one_sparse), [3]);
    }

    #[test]
    fn a_dense_cell_among_sparse_ones_is_left_alone() {
        let one_dense = [
            read(1, "a100", true),
            read(2, "h20", true),
            read(3, "h100", false),
        ];
        assert!(odd(&one_dense).is_empty());
    }

    #[test]
    fn as_many_of_each_makes_the_sparse_ones_odd() {
        let even = [read(1, "a100", false), read(2, "h100", true)];
        assert_eq!(odd(&even), [2]);
    }

    #[test]
    fn one_convention_or_both_columns_of_a_part_is_no_slip() {
        let dense = [read(1, "a100", false), read(2, "h20", false)];
        assert!(odd(&dense).is_empty());
        let both_columns = [read(1, "a100", false), read(2, "a100", true)];
        assert!(odd(&both_columns).is_empty());
    }
}
