//! Part of the `spec` check: a table that compares parts at one precision
//! in two columns, one part's sparse throughput beside another's dense.
//!
//! A figure that states no sparsity matches a part's datasheet when it is
//! either column, and each cell of "| FP16 | 148 | 312 | 1979 |" does: the
//! H20's and the A100's dense figures, the H100's sparse one. Read side by
//! side they compare unlike things, the commonest slip in this genre, and
//! the table makes the H100 look twice as fast as it is. A figure that
//! states no sparsity is read as dense, as writers quote it: where a table
//! gives, for one precision, one part's figure matching only its sparse
//! column and another part's matching only its dense one, the sparse ones
//! are reported as inconsistent, with the part's dense figure.
//!
//! Left alone: a table whose parts are all read in one column, a cell
//! marked by a footnote sign ("1,979*", whose note may say "with
//! sparsity"), a figure matching both columns or neither, and a part whose
//! table gives both of its columns for a precision (two columns on purpose,
//! not a slip).

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

/// Turns the verified findings of the sparse cells beside dense ones into
/// inconsistent findings, table by table and precision by precision.
pub fn report(reads: &[ColumnRead], findings: &mut [Finding]) {
    let mut compared: BTreeMap<(usize, &str), Vec<&ColumnRead>> = BTreeMap::new();
    for read in reads {
        compared
            .entry((read.table, read.precision.as_str()))
            .or_default()
            .push(read);
    }
    for reads in compared.values() {
        for (odd, example) in sparse_beside_dense(reads) {
            if let Some(finding) = findings
                .iter_mut()
                .find(|f| f.span == odd.span && f.verdict == Verdict::Verified)
            {
                mark(finding, odd, example);
            }
        }
    }
}

/// Among one precision's cells of a table, each read only as a part's
/// sparse figure beside another part's read only as dense, with that one.
fn sparse_beside_dense<'r>(reads: &[&'r ColumnRead]) -> Vec<(&'r ColumnRead, &'r ColumnRead)> {
    // A part read in both columns is a table giving both.
    let both = |r: &ColumnRead| {
        reads
            .iter()
            .any(|o| o.sparse != r.sparse && o.entity == r.entity)
    };
    let single: Vec<&ColumnRead> = reads.iter().copied().filter(|r| !both(r)).collect();
    single
        .iter()
        .filter(|r| r.sparse)
        .filter_map(|odd| {
            let dense = single
                .iter()
                .find(|d| !d.sparse && d.entity != odd.entity)?;
            Some((*odd, *dense))
        })
        .collect()
}

fn mark(finding: &mut Finding, odd: &ColumnRead, example: &ColumnRead) {
    let (entity, precision) = (&odd.name, &odd.precision);
    finding.verdict = Verdict::Inconsistent;
    finding.message = msg!(
        "spec-mixed-sparse",
        claim = &odd.claim,
        entity = entity,
        precision = precision
    );
    finding.label = msg!("label-mixed-sparse");
    finding.related.push(Related {
        span: example.span.clone(),
        note: msg!("note-mixed-dense"),
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
    use super::{ColumnRead, sparse_beside_dense};

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

    fn odd(reads: &[ColumnRead]) -> Vec<(usize, usize)> {
        let all: Vec<&ColumnRead> = reads.iter().collect();
        sparse_beside_dense(&all)
            .iter()
            .map(|(odd, dense)| (odd.span.start, dense.span.start))
            .collect()
    }

    #[test]
    fn a_sparse_figure_beside_another_parts_dense_one_is_the_odd_one_out() {
        let row = [
            read(1, "h20", false),
            read(2, "a100", false),
            read(3, "h100", true),
            read(4, "h200", true),
        ];
        assert_eq!(odd(&row), [(3, 1), (4, 1)]);
    }

    #[test]
    fn parts_read_in_one_column_or_a_part_in_both_are_no_slip() {
        let dense = [read(1, "a100", false), read(2, "h20", false)];
        assert!(odd(&dense).is_empty());
        let sparse = [read(1, "a100", true), read(2, "h100", true)];
        assert!(odd(&sparse).is_empty());
        let both_columns = [read(1, "a100", false), read(2, "a100", true)];
        assert!(odd(&both_columns).is_empty());
    }
}
