//! `table`: columns of a Markdown table that are computed from each other
//! and do not agree.
//!
//! Six shapes, each read from the table itself:
//!
//! - A total row: a row whose label is a total word ("合计", "Total"; data
//!   in `claims/cues.yaml`, `sums.table_totals`) against the sum of the rows
//!   above it, back to the header or the previous total, column by column.
//!   The last row is one under any label ("| **Fleet** | 432 | 3,456 |")
//!   when it is the sum of the rows above in two columns at least and in
//!   more columns than not: the column that does not add up is flagged.
//! - A rate in a column's header: "成本（2 美元/卡时）", "Cost ($2/GPU-hour)".
//!   Each cell of that column is the rate times the cell of the column whose
//!   unit the rate divides by.
//! - A share column: a column of percentages beside a column of counts, each
//!   share against its count over the column's total (the total row, else
//!   the sum of the rows). Its header names a share ("Share of hours",
//!   "占比", or "%" alone; `sums.share_headers`): a column of growth rates,
//!   utilisations or margins holds percentages that are no shares, and a
//!   total row adds up percentages only in a share column.
//! - A change column: a column of percentages under a change word ("提升",
//!   "speedup", "Δ") beside two columns of one kind, each row's change from
//!   one to the other. Which two columns, and which is the base, is read
//!   from the table: the reading that most of its rows (two at least)
//!   agree with. A row is flagged only when no reading gives its change:
//!   a column of year-over-year growth, whose base is in no column, checks
//!   nothing.
//!
//! - A product column: a column that is, row by row, the product of two
//!   columns before it ("| $2.10 | 373,760 | $784,896 |"), by the pair most
//!   rows (two at least, half of them) agree with.
//!
//! - A conversion column: a column that is one before it times a rate the
//!   text states before the table ("按 1 美元兌 7.8 港元換算", "at $1 =
//!   HK$7.8"), when most of its rows (two at least) agree. The rate is the
//!   figure set beside a 1 of another unit; a table that mostly disagrees
//!   with it converts nothing.
//!
//! A column header's unit applies to the bare numbers under it ("H800 卡时"
//! over "266.4 万"), with the magnitude word of a bracketed one ("Spend
//! (億美元)" makes "301.0" 301 億美元); a total of another kind than its
//! rows is no whole of theirs. Cells are exact to their last digit, as premises are,
//! and a header's rate is exact: it defines the column. The checked cell
//! keeps its own rounding.
//!
//! Why it matters: tables are where a writer pastes figures from several
//! places and recomputes one column by hand; a total that no longer matches
//! its rows survives every proofreading pass.
//!
//! A column whose header says it holds a rate or an average ("per GPU",
//! "每卡", "平均") is not summed. A cell that one relation verifies holds
//! even when another does not: the wrong cell is the one flagged. So does
//! a total whose rows miss it because one of them is wrong by another
//! relation ("15.6 MW ÷ 78 MW" is 20%, not the 25% that makes a share
//! column add up to 105%).
//!
//! Example:
//!
//! ```text
//! | 阶段   | H800 卡时 | 成本（2 美元/卡时） |
//! | 预训练 | 266.4 万  | 532.8 万美元        |   verified: 266.4 万 × 2 = 532.8 万美元
//! | 后训练 | 12.4 万   | 25.8 万美元         |   contradicted: 12.4 万 × 2 = 24.8 万美元
//! | 合计   | 278.8 万  | 557.6 万美元        |   verified: 266.4 万 + 12.4 万 = 278.8 万
//! ```

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;

use crate::check::finding::{Finding, Related, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues};
use crate::lang::message::{Arg, Message};
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::quantity::{Lexer, Quantity, Token};
use crate::read::markdown::BlockKind;
use crate::units::{Dimension, UnitTable};

pub struct Table;

impl Check for Table {
    fn code(&self) -> &'static str {
        "table"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("table.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        for grid in grids(input) {
            let mut found = rate_columns(input, &grid);
            found.extend(conversion_columns(input, &grid));
            found.extend(share_columns(input, &grid));
            found.extend(change_columns(input, &grid));
            found.extend(product_columns(input, &grid));
            // A total that misses its rows because a row is wrong by
            // another relation ("| … | 26.4 | 23.9% |" where 26.4 ÷ 115.2
            // is 22.9%) rests on that row: the row is the mistake.
            let contradicted: Vec<Range<usize>> = found
                .iter()
                .filter(|f| f.verdict == Verdict::Contradicted)
                .map(|f| f.span.clone())
                .collect();
            found.extend(total_rows(input, &grid).into_iter().filter(|f| {
                f.verdict != Verdict::Contradicted
                    || !f.related.iter().any(|r| contradicted.contains(&r.span))
            }));
            // A cell that one relation of its table verifies holds: a
            // total that matches its rate but not its rows points at a
            // wrong row, which is flagged on its own.
            let verified: Vec<Range<usize>> = found
                .iter()
                .filter(|f| f.verdict == Verdict::Verified)
                .map(|f| f.span.clone())
                .collect();
            found.retain(|f| f.verdict == Verdict::Verified || !verified.contains(&f.span));
            found.dedup_by(|a, b| a.span == b.span && a.verdict == b.verdict);
            findings.extend(found);
        }
    }
}

/// Words in a column header that make its cells something other than
/// parts of a total.
const NOT_SUMMED: &[&str] = &[
    "per ", "per-", "each", "avg", "average", "mean", "/gpu", "/node", "每", "单卡", "單卡",
    "单颗", "單顆", "/卡", "平均", "均值",
];

/// One table: each body cell's single figure, by row and column, with its
/// header's unit applied.
struct Grid<'a> {
    /// Row 0 is the header row. Borrowed from the tokens but where the
    /// header gives the unit, and boxed either way: a table may have
    /// 100,000 rows, and a figure inline is twenty times a pointer.
    cells: BTreeMap<(usize, usize), Cow<'a, Box<Quantity>>>,
    headers: BTreeMap<usize, Range<usize>>,
    labels: BTreeMap<usize, Range<usize>>,
}

impl Grid<'_> {
    fn value(&self, row: usize, column: usize) -> Option<&Quantity> {
        self.cells.get(&(row, column)).map(|q| &***q)
    }

    fn is_total_row(&self, text: &str, row: usize) -> bool {
        self.labels
            .get(&row)
            .is_some_and(|l| Cues::builtin().is_total_label(&text[l.clone()]))
            || self.is_subtotal_row(text, row)
    }

    fn is_subtotal_row(&self, text: &str, row: usize) -> bool {
        self.labels
            .get(&row)
            .is_some_and(|l| Cues::builtin().is_subtotal_label(&text[l.clone()]))
    }

    fn rows(&self) -> impl Iterator<Item = usize> + '_ {
        let mut rows: Vec<usize> = self.cells.keys().map(|&(r, _)| r).collect();
        rows.dedup();
        rows.into_iter()
    }

    fn columns(&self) -> Vec<usize> {
        let mut columns: Vec<usize> = self.cells.keys().map(|&(_, c)| c).collect();
        columns.sort_unstable();
        columns.dedup();
        columns
    }
}

fn grids<'a>(input: &Input<'a>) -> Vec<Grid<'a>> {
    let text = input.doc.text.as_str();
    // Each cell's figures, over all its sentences (a paragraph's are no
    // cell's, and one paragraph may hold a million).
    let mut figures: BTreeMap<usize, Vec<&Box<Quantity>>> = BTreeMap::new();
    for sentence in input.sentences {
        let in_cell = input
            .blocks
            .get(sentence.block)
            .is_some_and(|b| matches!(b.kind, BlockKind::Cell { .. }));
        if !in_cell {
            continue;
        }
        let cell = figures.entry(sentence.block).or_default();
        cell.extend(sentence.tokens.iter().filter_map(|t| match t {
            Token::Quantity(q) if q.number.is_finite() => Some(q),
            _ => None,
        }));
    }
    let mut grids: BTreeMap<usize, Grid> = BTreeMap::new();
    for (index, block) in input.blocks.iter().enumerate() {
        let BlockKind::Cell {
            header,
            row_label,
            place,
        } = &block.kind
        else {
            continue;
        };
        let grid = grids.entry(place.table).or_insert_with(|| Grid {
            cells: BTreeMap::new(),
            headers: BTreeMap::new(),
            labels: BTreeMap::new(),
        });
        if let Some(h) = header {
            grid.headers.insert(place.column, h.clone());
        }
        if let Some(l) = row_label {
            grid.labels.insert(place.row, l.clone());
        }
        // A cell is a figure when it holds exactly one ("80 GB HBM3" is;
        // "2 × 80 GB" is not).
        let Some([q]) = figures.get(&index).map(Vec::as_slice) else {
            continue;
        };
        if place.row == 0 {
            continue;
        }
        let mut q = Cow::Borrowed(*q);
        if q.unit.is_one()
            && let Some(h) = header
        {
            // A cell's own magnitude word ("266.4 万" under "卡时") stands;
            // under a header's ("(億美元)") it would be said twice.
            if let Some(given) = bracketed_unit(&text[h.clone()])
                && (q.magnitude == 1.0 || given.magnitude == 1.0)
            {
                let q = q.to_mut();
                let k = given.magnitude;
                q.number = q.number.scale(k);
                q.number_alternative = q.number_alternative.map(|n| n.scale(k));
                q.step *= k;
                q.digit_half *= k;
                q.magnitude *= k;
                q.unit = given.unit.clone();
            } else if !has_figure(text, h)
                && let Some(unit) = UnitTable::builtin().unit_named_in(&text[h.clone()])
            {
                q.to_mut().unit = unit;
            }
        }
        grid.cells.insert((place.row, place.column), q);
    }
    grids.into_values().collect()
}

/// A header's words, its figures left out: "Cost ($1.8/GPU-hour)" is a
/// column of costs, not of rates.
fn words_of(text: &str, header: Option<&Range<usize>>) -> String {
    let Some(header) = header else {
        return String::new();
    };
    let mut words = String::new();
    let mut at = header.start;
    for token in Lexer::builtin().tokens(text, header.clone()) {
        if let Token::Quantity(q) = token {
            words.push_str(&text[at..q.span.start]);
            at = q.span.end;
        }
    }
    words.push_str(&text[at..header.end]);
    words
}

/// The unit a header gives in brackets, with its magnitude word: "(億美元)"
/// makes a cell's "301.0" 301 億美元, "(GB)" makes "80" 80 GB. Read as the
/// unit of a 1 ("1億美元"), so every unit and magnitude the lexer knows
/// counts, and a bracket that is no unit ("(dense)") gives none.
fn bracketed_unit(header: &str) -> Option<Quantity> {
    let mut rest = header;
    while let Some(open) = rest.find(['(', '（']) {
        let inner_start = open + rest[open..].chars().next()?.len_utf8();
        let close = rest[inner_start..].find([')', '）'])? + inner_start;
        let inner = rest[inner_start..close].trim();
        // "(2 美元/卡时)" states a rate, for the rate relation.
        if inner.chars().any(|c| c.is_ascii_digit()) {
            rest = &rest[close..];
            continue;
        }
        let written = match inner.strip_prefix(['$', '€', '£', '¥']) {
            Some(after) => format!("{}1{after}", &inner[..inner.len() - after.len()]),
            None => format!("1{inner}"),
        };
        let tokens = Lexer::builtin().tokens(&written, 0..written.len());
        if let [Token::Quantity(q)] = tokens.as_slice()
            && q.span == (0..written.len())
            && (!q.unit.is_one() || q.magnitude != 1.0)
            && q.hedge.is_none()
        {
            return Some((**q).clone());
        }
        rest = &rest[close..];
    }
    None
}

/// Whether a header holds a figure of its own (a rate, a count), not just
/// a name with digits ("A100 卡时").
fn has_figure(text: &str, header: &Range<usize>) -> bool {
    Lexer::builtin()
        .tokens(text, header.clone())
        .iter()
        .any(|t| matches!(t, Token::Quantity(_)))
}

fn is_percentage(q: &Quantity) -> bool {
    q.is_share || (q.dimension().is_dimensionless() && q.unit.factor == 0.01)
}

/// "| 合计 | 278.8 万 |": each column of a total row against the rows
/// above it.
fn total_rows(input: &Input, grid: &Grid) -> Vec<Finding> {
    let text = input.doc.text.as_str();
    let mut out = Vec::new();
    let mut first_part_row = 1;
    // The subtotal rows since the last total: a total may sum them with
    // the rows after the last ("Hardware subtotal", "Support", "Total").
    let mut subtotals: Vec<usize> = Vec::new();
    let rows: Vec<usize> = grid.rows().collect();
    let last = rows.last().copied();
    for &row in &rows {
        // Only a total word's row and the last row may total the rows above:
        // summing above every row would be quadratic in a long table.
        if !grid.is_total_row(text, row) && Some(row) != last {
            continue;
        }
        let parts_rows: Vec<usize> = rows
            .iter()
            .copied()
            .filter(|&r| r >= first_part_row && r < row)
            .collect();
        let with_subtotals: Vec<usize> = subtotals
            .iter()
            .copied()
            .chain(parts_rows.iter().copied())
            .collect();
        let subtotalled = !subtotals.is_empty() && !grid.is_subtotal_row(text, row);
        // Each column's sum over the rows since the last total, or, after
        // subtotals, over them and the rows after: whichever holds, the
        // plain rows when neither does.
        let sums: Vec<ColumnSum> = grid
            .columns()
            .into_iter()
            .filter_map(|column| {
                let plain = column_sum(text, grid, &parts_rows, row, column);
                let holds = |c: &ColumnSum| c.total.premise().meets_within(&c.sum, input.tolerance);
                match subtotalled.then(|| column_sum(text, grid, &with_subtotals, row, column)) {
                    Some(Some(alt)) if holds(&alt) || plain.is_none() => Some(alt),
                    _ => plain,
                }
            })
            .collect();
        // A last row under no total word ("| **Fleet** | 432 | 3,456 |")
        // is the table's total when it is the sum of the rows above in two
        // columns at least, and in more columns than not.
        let sums_up = Some(row) == last && sums_in_most_columns(input, &sums);
        if !grid.is_total_row(text, row) && !sums_up {
            continue;
        }
        first_part_row = row + 1;
        if grid.is_subtotal_row(text, row) {
            subtotals.push(row);
        } else {
            subtotals.clear();
        }
        let parts_counted = if subtotalled {
            with_subtotals.len()
        } else {
            parts_rows.len()
        };
        if parts_counted < 2 {
            continue;
        }
        for ColumnSum { total, parts, sum } in sums {
            let terms: Vec<String> = parts
                .iter()
                .map(|p| text[p.span.clone()].trim().to_string())
                .collect();
            let computed = format!("{} = {}", terms.join(" + "), shown(sum.nominal, total));
            let related = parts
                .iter()
                .map(|p| Related {
                    span: p.span.clone(),
                    note: msg!("note-row-above"),
                })
                .collect();
            out.push(finding(
                text,
                total,
                total.premise().meets_within(&sum, input.tolerance),
                as_written(computed),
                related,
                msg!("table-help-rows"),
            ));
        }
    }
    out
}

/// Whether a row's sums agree in two columns at least and in more columns
/// than not.
fn sums_in_most_columns(input: &Input, sums: &[ColumnSum]) -> bool {
    let agreeing = sums
        .iter()
        .filter(|c| c.total.premise().meets_within(&c.sum, input.tolerance))
        .count();
    agreeing >= 2 && 2 * agreeing > sums.len()
}

/// Whether `row` is the sum of every row above it in most of its columns.
fn sums_the_rows_above(input: &Input, grid: &Grid, row: usize) -> bool {
    let text = input.doc.text.as_str();
    let above: Vec<usize> = grid.rows().filter(|&r| r < row).collect();
    let sums: Vec<ColumnSum> = grid
        .columns()
        .into_iter()
        .filter_map(|column| column_sum(text, grid, &above, row, column))
        .collect();
    sums_in_most_columns(input, &sums)
}

/// One column of a total row: the total, the rows above it, their sum.
struct ColumnSum<'g> {
    total: &'g Quantity,
    parts: Vec<&'g Quantity>,
    sum: Interval,
}

/// The sum of a column over `parts_rows`, when the column is summed and
/// `row` states its total: every part stated, of the total's kind, and the
/// header no rate or average.
fn column_sum<'g>(
    text: &str,
    grid: &'g Grid,
    parts_rows: &[usize],
    row: usize,
    column: usize,
) -> Option<ColumnSum<'g>> {
    let total = grid.value(row, column)?;
    let parts: Vec<&Quantity> = parts_rows
        .iter()
        .map(|&r| grid.value(r, column))
        .collect::<Option<_>>()?;
    if parts.len() < 2
        || parts
            .iter()
            .any(|p| p.dimension() != total.dimension() || is_percentage(p) != is_percentage(total))
    {
        return None;
    }
    let header = words_of(text, grid.headers.get(&column)).to_lowercase();
    let summed = if is_percentage(total) {
        Cues::builtin().names_shares(&header)
    } else {
        !NOT_SUMMED.iter().any(|w| header.contains(w))
    };
    // A total below one of its parts, all of them positive, sums nothing:
    // the column holds ratios or averages ("| Total | 1.15 |" under a PUE
    // column whose rows run to 1.21).
    let positive = parts.iter().all(|p| p.premise().lo > 0.0);
    let below_a_part = parts
        .iter()
        .any(|p| total.claimed(false, false).hi < p.premise().lo);
    if !summed || positive && below_a_part {
        return None;
    }
    let mut sum = Interval::exact(0.0);
    for p in &parts {
        sum = sum + p.premise();
    }
    Some(ColumnSum { total, parts, sum })
}

/// "| 成本（2 美元/卡时） |": a rate in a header, times the column it
/// divides by.
fn rate_columns(input: &Input, grid: &Grid) -> Vec<Finding> {
    let text = input.doc.text.as_str();
    let lexer = Lexer::builtin();
    let mut out = Vec::new();
    let columns = grid.columns();
    for &column in &columns {
        let Some(header) = grid.headers.get(&column) else {
            continue;
        };
        if !has_figure(text, header) {
            continue;
        }
        let rates: Vec<Quantity> = lexer
            .tokens(text, header.clone())
            .into_iter()
            .filter_map(|t| match t {
                Token::Quantity(q) if q.number.is_finite() && !q.dimension().is_dimensionless() => {
                    Some(*q)
                }
                _ => None,
            })
            .collect();
        let [rate] = &rates[..] else {
            continue;
        };
        for row in grid.rows() {
            let Some(claim) = grid.value(row, column) else {
                continue;
            };
            // The column the rate's unit divides by: its cells times the
            // rate have the claim's dimension.
            let factor = columns.iter().filter(|&&c| c != column).find_map(|&c| {
                let q = grid.value(row, c)?;
                (q.dimension() * rate.dimension() == claim.dimension()
                    && q.dimension() != Dimension::NONE)
                    .then_some(q)
            });
            let Some(factor) = factor else {
                continue;
            };
            // The header's rate defines the column: exact as written.
            let product = factor.premise() * Interval::exact(rate.base_value(false, false).nominal);
            let computed = format!(
                "{} × {} = {}",
                text[factor.span.clone()].trim(),
                text[rate.span.clone()].trim(),
                shown(product.nominal, claim)
            );
            let related = vec![
                Related {
                    span: factor.span.clone(),
                    note: msg!("note-computed-from"),
                },
                Related {
                    span: rate.span.clone(),
                    note: msg!("note-header-rate"),
                },
            ];
            out.push(finding(
                text,
                claim,
                claim.premise().meets_within(&product, input.tolerance),
                as_written(computed),
                related,
                msg!("table-help-rate"),
            ));
        }
    }
    out
}

/// A column of percentages beside a column of counts: each share against
/// its count over the column's total.
fn share_columns(input: &Input, grid: &Grid) -> Vec<Finding> {
    let text = input.doc.text.as_str();
    let mut out = Vec::new();
    let columns = grid.columns();
    let rows: Vec<usize> = grid.rows().collect();
    let body: Vec<usize> = rows
        .iter()
        .copied()
        .filter(|&r| !grid.is_total_row(text, r))
        .collect();
    let total_row = rows.iter().copied().find(|&r| grid.is_total_row(text, r));
    for (index, &column) in columns.iter().enumerate() {
        let shares: Vec<usize> = body
            .iter()
            .copied()
            .filter(|&r| grid.value(r, column).is_some_and(is_percentage))
            .collect();
        if shares.len() < 2
            || !Cues::builtin().names_shares(&words_of(text, grid.headers.get(&column)))
        {
            continue;
        }
        // "| FP16 | 100% |⏎| 4-bit | 25% |": a row that is all of the whole
        // leaves nothing to the others, so figures beside it are each
        // against it (a baseline), not shares of one whole.
        let values: Vec<f64> = shares
            .iter()
            .filter_map(|&r| grid.value(r, column))
            .map(|q| q.premise().nominal)
            .collect();
        let baseline =
            values.iter().any(|&v| v >= 1.0) && values.iter().filter(|&&v| v > 0.0).count() > 1;
        if baseline {
            continue;
        }
        // The counts: columns to the left whose body cells are all figures
        // of one dimension, not percentages, nearest first. Each is a
        // reading; a share holds when one of them gives it.
        let readings: Vec<(usize, Interval, Arg)> = columns[..index]
            .iter()
            .rev()
            .copied()
            .filter(|&c| {
                let first = grid.value(body[0], c).map(Quantity::dimension);
                body.iter().all(|&r| {
                    grid.value(r, c)
                        .is_some_and(|q| !is_percentage(q) && Some(q.dimension()) == first)
                })
            })
            .filter_map(|c| match total_row.and_then(|r| grid.value(r, c)) {
                // A total of another kind than its rows ("about 516 億美元"
                // under bare figures whose unit the header does not give)
                // is no whole of theirs.
                Some(t)
                    if grid.value(body[0], c).map(Quantity::dimension) != Some(t.dimension()) =>
                {
                    None
                }
                Some(t) => Some((c, t.premise(), Arg::from(text[t.span.clone()].trim()))),
                None => {
                    let mut sum = Interval::exact(0.0);
                    for &r in &body {
                        sum = sum
                            + grid
                                .value(r, c)
                                .map_or(Interval::exact(0.0), Quantity::premise);
                    }
                    let shown = msg!("table-column-sum", sum = number(sum.nominal));
                    Some((c, sum, Arg::from(shown)))
                }
            })
            .collect();
        for &row in &shares {
            let Some(share) = grid.value(row, column) else {
                continue;
            };
            let worked: Vec<(bool, Message, Range<usize>)> = readings
                .iter()
                .filter_map(|(c, whole, whole_shown)| {
                    let count = grid.value(row, *c)?;
                    let fraction = count.premise().checked_div(*whole)?;
                    let computed = msg!(
                        "table-share-computed",
                        count = text[count.span.clone()].trim(),
                        whole = whole_shown.clone(),
                        share = number(fraction.nominal * 100.0)
                    );
                    Some((
                        share.premise().meets_within(&fraction, input.tolerance),
                        computed,
                        count.span.clone(),
                    ))
                })
                .collect();
            let Some((holds, computed, count)) = worked
                .iter()
                .find(|(holds, _, _)| *holds)
                .or(worked.first())
                .cloned()
            else {
                continue;
            };
            let related = vec![Related {
                span: count,
                note: msg!("note-count-share"),
            }];
            out.push(finding(
                text,
                share,
                holds,
                computed,
                related,
                msg!("table-help-share"),
            ));
        }
    }
    out
}

/// "| 127.4 | 186.9 | +46.7% |" under "提升": each row's change between
/// two of its columns, by the reading the column's rows agree on.
fn change_columns(input: &Input, grid: &Grid) -> Vec<Finding> {
    let text = input.doc.text.as_str();
    let mut out = Vec::new();
    let columns = grid.columns();
    let body: Vec<usize> = grid
        .rows()
        .filter(|&r| !grid.is_total_row(text, r))
        .collect();
    for (index, &column) in columns.iter().enumerate() {
        let header = words_of(text, grid.headers.get(&column));
        let changes = Cues::builtin()
            .find(&header)
            .iter()
            .any(|f| f.cue == Cue::Change)
            || header.contains('Δ');
        let rows: Vec<usize> = body
            .iter()
            .copied()
            .filter(|&r| grid.value(r, column).is_some_and(is_percentage))
            .collect();
        if !changes || rows.len() < 3 {
            continue;
        }
        // Each reading: a base column and the other, both of one dimension
        // and no percentages in every row of the column.
        let figures = |c: usize| {
            let first = grid.value(rows[0], c).map(Quantity::dimension);
            rows.iter().all(|&r| {
                grid.value(r, c)
                    .is_some_and(|q| !is_percentage(q) && Some(q.dimension()) == first)
            })
        };
        let candidates: Vec<usize> = columns[..index]
            .iter()
            .copied()
            .filter(|&c| figures(c))
            .collect();
        let readings: Vec<(usize, usize)> = candidates
            .iter()
            .flat_map(|&a| {
                candidates
                    .iter()
                    .filter(move |&&b| b != a)
                    .map(move |&b| (a, b))
            })
            .filter(|&(a, b)| {
                grid.value(rows[0], a).map(Quantity::dimension)
                    == grid.value(rows[0], b).map(Quantity::dimension)
            })
            .collect();
        let change = |row: usize, (base, other): (usize, usize)| {
            let (b, o) = (grid.value(row, base)?, grid.value(row, other)?);
            let size = (o.premise() - b.premise()).checked_div(b.premise())?;
            Some((
                b,
                o,
                Interval::between(
                    size.lo.abs().min(size.hi.abs()),
                    size.lo.abs().max(size.hi.abs()),
                ),
            ))
        };
        let holds = |row: usize, reading: (usize, usize)| {
            let stated = grid.value(row, column)?.claimed(false, false);
            let stated = Interval::between(
                stated.lo.abs().min(stated.hi.abs()),
                stated.lo.abs().max(stated.hi.abs()),
            );
            change(row, reading).map(|(_, _, size)| stated.meets_within(&size, input.tolerance))
        };
        let agreeing = |reading: (usize, usize)| {
            rows.iter()
                .filter(|&&r| holds(r, reading) == Some(true))
                .count()
        };
        let Some(best) = readings.iter().copied().max_by_key(|&r| agreeing(r)) else {
            continue;
        };
        let agreed = agreeing(best);
        if agreed < 2 || 2 * agreed < rows.len() {
            continue;
        }
        for &row in &rows {
            let (Some(claim), Some((base, other, size))) =
                (grid.value(row, column), change(row, best))
            else {
                continue;
            };
            let held = holds(row, best) == Some(true);
            if !held && readings.iter().any(|&r| holds(row, r) == Some(true)) {
                continue;
            }
            let computed = format!(
                "({} − {}) ÷ {} = {}%",
                text[other.span.clone()].trim(),
                text[base.span.clone()].trim(),
                text[base.span.clone()].trim(),
                number(size.nominal * 100.0)
            );
            let related = vec![
                Related {
                    span: base.span.clone(),
                    note: msg!("note-from"),
                },
                Related {
                    span: other.span.clone(),
                    note: msg!("note-to"),
                },
            ];
            out.push(finding(
                text,
                claim,
                held,
                as_written(computed),
                related,
                msg!("table-help-change"),
            ));
        }
    }
    out
}

/// "| $2.10 | 373,760 | $784,896 |": a column that is the product of two
/// columns before it, row by row, by the reading most of its rows (two at
/// least) agree with. A row is flagged only when no reading of two columns
/// gives its cell; a column of ones, which any column times itself
/// matches, reads nothing, and the total rows are no products.
fn product_columns(input: &Input, grid: &Grid) -> Vec<Finding> {
    const NEAREST_FACTORS: usize = 6;
    let text = input.doc.text.as_str();
    let mut out = Vec::new();
    let columns = grid.columns();
    let last = grid.rows().last();
    let body: Vec<usize> = grid
        .rows()
        .filter(|&r| !grid.is_total_row(text, r))
        .filter(|&r| Some(r) != last || !sums_the_rows_above(input, grid, r))
        .collect();
    for (index, &column) in columns.iter().enumerate() {
        let rows: Vec<usize> = body
            .iter()
            .copied()
            .filter(|&r| grid.value(r, column).is_some_and(|q| !is_percentage(q)))
            .collect();
        if rows.len() < 3 {
            continue;
        }
        let all_stated = |c: usize| rows.iter().all(|&r| grid.value(r, c).is_some());
        let ones = |c: usize| {
            rows.iter()
                .all(|&r| grid.value(r, c).is_some_and(|q| q.premise().nominal == 1.0))
        };
        // The nearest columns only: pairs of every column of a wide table
        // would grow with the square of its width.
        let mut factors: Vec<usize> = columns[index.saturating_sub(2 * NEAREST_FACTORS)..index]
            .iter()
            .rev()
            .copied()
            .filter(|&c| all_stated(c) && !ones(c))
            .take(NEAREST_FACTORS)
            .collect();
        factors.reverse();
        let product = |row: usize, (a, b): (usize, usize)| {
            let (x, y, z) = (
                grid.value(row, a)?,
                grid.value(row, b)?,
                grid.value(row, column)?,
            );
            z.dimension()
                .compatible(x.dimension() * y.dimension())
                .then(|| (x, y, x.premise() * y.premise()))
        };
        let holds = |row: usize, reading: (usize, usize)| {
            let stated = grid.value(row, column)?.claimed(false, false);
            product(row, reading).map(|(_, _, p)| stated.meets_within(&p, input.tolerance))
        };
        let readings: Vec<(usize, usize)> = factors
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| factors[i + 1..].iter().map(move |&b| (a, b)))
            .collect();
        let agreeing = |reading: (usize, usize)| {
            rows.iter()
                .filter(|&&r| holds(r, reading) == Some(true))
                .count()
        };
        let Some(best) = readings.iter().copied().max_by_key(|&r| agreeing(r)) else {
            continue;
        };
        let agreed = agreeing(best);
        if agreed < 2 || 2 * agreed < rows.len() {
            continue;
        }
        for &row in &rows {
            let (Some(claim), Some((x, y, p))) = (grid.value(row, column), product(row, best))
            else {
                continue;
            };
            let held = holds(row, best) == Some(true);
            if !held && readings.iter().any(|&r| holds(row, r) == Some(true)) {
                continue;
            }
            let computed = format!(
                "{} × {} = {}",
                text[x.span.clone()].trim(),
                text[y.span.clone()].trim(),
                shown(p.nominal, claim)
            );
            let related = [x, y]
                .iter()
                .map(|q| Related {
                    span: q.span.clone(),
                    note: msg!("note-factor"),
                })
                .collect();
            out.push(finding(
                text,
                claim,
                held,
                as_written(computed),
                related,
                msg!("table-help-product"),
            ));
        }
    }
    out
}

/// A rate the text states as a figure beside a 1 of another unit: "1 美元
/// 兌 7.8 港元" is 7.8 港元 per 美元.
struct StatedRate<'a> {
    one: &'a Quantity,
    other: &'a Quantity,
}

impl StatedRate<'_> {
    fn value(&self) -> f64 {
        self.other.base_value(false, false).nominal / self.one.base_value(false, false).nominal
    }

    fn dimension(&self) -> Dimension {
        self.other.dimension() / self.one.dimension()
    }
}

/// Words that set one figure equal to another in a rate.
const RATE_LINKS: &[&str] = &[
    "兑", "兌", "兑换", "兌換", "换", "換", "折合", "约合", "約合", "=", "＝", "to", "per", "≈",
];

/// The rates stated in the paragraphs before the table, a few dozen
/// sentences back at most: a rate of exchange is set once for all the
/// figures after it ("以下港元數字均按 1 美元兌 7.8 港元換算").
fn stated_rates<'a>(input: &Input<'a>, grid: &Grid) -> Vec<StatedRate<'a>> {
    const REACH: usize = 40;
    let Some(start) = grid.headers.values().map(|h| h.start).min() else {
        return Vec::new();
    };
    let text = input.doc.text.as_str();
    let before = input.sentences.partition_point(|s| s.span.end <= start);
    let mut rates = Vec::new();
    for sentence in input.sentences[..before].iter().rev().take(REACH) {
        if input
            .blocks
            .get(sentence.block)
            .is_some_and(|b| matches!(b.kind, BlockKind::Cell { .. }))
        {
            continue;
        }
        let figures: Vec<&Quantity> = sentence
            .tokens
            .iter()
            .filter_map(|t| match t {
                Token::Quantity(q) if q.number.is_finite() => Some(&**q),
                _ => None,
            })
            .collect();
        for pair in figures.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let gap = text[a.span.end..b.span.start].trim().to_lowercase();
            let linked = RATE_LINKS.contains(&gap.as_str());
            let distinct = !a.dimension().is_dimensionless()
                && !b.dimension().is_dimensionless()
                && a.dimension() != b.dimension();
            if !linked || !distinct {
                continue;
            }
            match (a.number.nominal == 1.0, b.number.nominal == 1.0) {
                (true, false) => rates.push(StatedRate { one: a, other: b }),
                (false, true) => rates.push(StatedRate { one: b, other: a }),
                _ => {}
            }
        }
    }
    rates
}

/// "| 公司 D | 650 | 5,700 |" under "億美元" and "億港元", after "按 1 美元
/// 兌 7.8 港元換算": a column that is one before it times a rate the text
/// states, checked row by row once most rows agree with it.
fn conversion_columns(input: &Input, grid: &Grid) -> Vec<Finding> {
    const NEAREST: usize = 6;
    let rates = stated_rates(input, grid);
    if rates.is_empty() {
        return Vec::new();
    }
    let text = input.doc.text.as_str();
    let mut out = Vec::new();
    let columns = grid.columns();
    let rows: Vec<usize> = grid.rows().collect();
    for (index, &column) in columns.iter().enumerate() {
        // The columns before it, the nearest only: a converted column
        // follows the one it converts.
        for &from in &columns[index.saturating_sub(NEAREST)..index] {
            for rate in &rates {
                // Times the rate, or over it when the table converts back.
                let converted = |row: usize| {
                    let (x, z) = (grid.value(row, from)?, grid.value(row, column)?);
                    let v = Interval::exact(rate.value());
                    if x.dimension() * rate.dimension() == z.dimension() {
                        Some((x, z, x.premise() * v, "×"))
                    } else if x.dimension() / rate.dimension() == z.dimension() {
                        Some((x, z, x.premise().checked_div(v)?, "÷"))
                    } else {
                        None
                    }
                };
                let checked: Vec<(usize, bool)> = rows
                    .iter()
                    .filter_map(|&r| {
                        let (_, z, p) = converted(r).map(|(x, z, p, _)| (x, z, p))?;
                        Some((r, z.claimed(false, false).meets_within(&p, input.tolerance)))
                    })
                    .collect();
                let agreed = checked.iter().filter(|(_, held)| *held).count();
                if agreed < 2 || 2 * agreed <= checked.len() {
                    continue;
                }
                for &(row, held) in &checked {
                    let Some((x, claim, p, op)) = converted(row) else {
                        continue;
                    };
                    let computed = format!(
                        "{} {op} {} = {}",
                        text[x.span.clone()].trim(),
                        text[rate.other.span.clone()].trim(),
                        shown(p.nominal, claim)
                    );
                    let related = vec![
                        Related {
                            span: x.span.clone(),
                            note: msg!("note-computed-from"),
                        },
                        Related {
                            span: rate.one.span.start..rate.other.span.end,
                            note: msg!("note-stated-rate"),
                        },
                    ];
                    out.push(finding(
                        text,
                        claim,
                        held,
                        as_written(computed),
                        related,
                        msg!("table-help-conversion"),
                    ));
                }
            }
        }
    }
    out
}

/// A value in the unit of the cell it is compared with.
fn shown(value: f64, like: &Quantity) -> String {
    let v = number(value / like.unit.factor);
    match like.unit.label.as_str() {
        "" => v,
        _ if like.unit.is_written_before() => format!("{}{v}", like.unit.label),
        "%" | "％" => format!("{v}%"),
        label => format!("{v} {label}"),
    }
}

fn finding(
    text: &str,
    claim: &Quantity,
    holds: bool,
    computed: Message,
    related: Vec<Related>,
    help: Message,
) -> Finding {
    let stated = text[claim.span.clone()].trim();
    Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "table",
        span: claim.span.clone(),
        label_span: claim.span.clone(),
        label: computed.clone(),
        message: if holds {
            msg!(
                "table-verified",
                claim = stated,
                computed = computed.clone()
            )
        } else {
            msg!("message-not", computed = computed.clone(), claim = stated)
        },
        steps: vec![computed],
        related,
        sources: Vec::new(),
        help: (!holds).then_some(help),
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn checked(text: &str) -> Vec<(Verdict, String)> {
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        report
            .findings
            .iter()
            .filter(|f| f.check == "table")
            .map(|f| (f.verdict, text[f.span.clone()].to_string()))
            .collect()
    }

    #[test]
    fn a_headers_bracketed_unit_gives_its_cells_their_magnitude() {
        let table = |total: &str| {
            format!(
                "| Item | Spend per GW (億美元) | Share |\n|---|---|---|\n| Chips | 300.0 | 60.0% |\n\
                 | Network | 150.0 | 30.0% |\n| Power | 50.0 | 10.0% |\n| Total | {total} | 100% |\n"
            )
        };
        let verdicts = |text: &str| {
            checked(text)
                .into_iter()
                .map(|(v, _)| v)
                .collect::<Vec<_>>()
        };
        // 300.0 is 300 億美元 of the 500 億美元 total: 60%, and the rows add up.
        assert!(
            verdicts(&table("about 500 億美元"))
                .iter()
                .all(|v| *v == Verdict::Verified)
        );
        assert!(!verdicts(&table("about 500 億美元")).is_empty());
        // The rows do not reach a total ten times theirs.
        assert!(verdicts(&table("about 5,000 億美元")).contains(&Verdict::Contradicted));
    }

    #[test]
    fn a_total_of_another_kind_than_its_rows_is_no_whole_of_theirs() {
        // The header gives no unit: bare rows and a total in dollars are
        // unlike, so no share column is worked out against it.
        let table = "| Item | Spend | Share |\n|---|---|---|\n| Chips | 300.0 | 60.0% |\n\
                     | Network | 200.0 | 40.0% |\n| Total | about $5,000 | 100% |\n";
        assert!(
            !checked(table)
                .iter()
                .any(|(v, t)| *v == Verdict::Contradicted && t.ends_with('%'))
        );
    }

    #[test]
    fn he_gong_labels_a_total_row() {
        let table = "| 用途 | 比例 |\n|---|---|\n| 设备 | 60% |\n| 研发 | 30% |\n| 营运 | 7% |\n| **合共** | **100%** |\n";
        assert_eq!(
            checked(table),
            [(Verdict::Contradicted, "100%".to_string())]
        );
    }

    #[test]
    fn a_total_after_a_subtotal_sums_it_with_the_rows_after() {
        let table = |total: &str| {
            format!(
                "| Item | Cost |\n|---|---|\n| Servers | $4,000,000 |\n| Network | $500,000 |\n\
                 | Equipment subtotal | $4,500,000 |\n| Support, 10% | $450,000 |\n| **Total** | **{total}** |\n"
            )
        };
        assert_eq!(
            checked(&table("$4,950,000")),
            vec![
                (Verdict::Verified, "$4,500,000".to_string()),
                (Verdict::Verified, "$4,950,000".to_string()),
            ]
        );
        assert_eq!(
            checked(&table("$5,100,000")),
            vec![
                (Verdict::Verified, "$4,500,000".to_string()),
                (Verdict::Contradicted, "$5,100,000".to_string()),
            ]
        );
    }

    #[test]
    fn a_total_row_against_the_rows_above() {
        let table = "| Region | Racks | Power |\n|---|---|---|\n| East | 120 | 14.4 MW |\n| West | 80 | 9.6 MW |\n| Total | 200 | 25 MW |\n";
        assert_eq!(
            checked(table),
            vec![
                (Verdict::Verified, "200".to_string()),
                (Verdict::Contradicted, "25 MW".to_string()),
            ]
        );
    }

    #[test]
    fn a_rate_in_the_header_times_its_column() {
        let table = "| 阶段 | A100 卡时 | 成本（1.5 美元/卡时） |\n|---|---|---|\n| 预训练 | 40 万 | 60 万美元 |\n| 微调 | 20 万 | 40 万美元 |\n";
        assert_eq!(
            checked(table),
            vec![
                (Verdict::Verified, "60 万美元".to_string()),
                (Verdict::Contradicted, "40 万美元".to_string()),
            ]
        );
    }

    #[test]
    fn a_share_column_against_its_counts() {
        let table = "| Cause | Stops | Share |\n|---|---|---|\n| GPU | 150 | 50% |\n| Network | 90 | 30% |\n| Other | 60 | 25% |\n";
        assert_eq!(
            checked(table),
            vec![
                (Verdict::Verified, "50%".to_string()),
                (Verdict::Verified, "30%".to_string()),
                (Verdict::Contradicted, "25%".to_string()),
            ]
        );
    }

    /// Without a total row, a share's whole is the column's sum, which the
    /// message names in the reader's language.
    #[test]
    fn a_share_of_the_columns_sum_is_named_in_each_language() {
        let table = "| Cause | Stops | Share |\n|---|---|---|\n| GPU | 150 | 50% |\n| Network | 90 | 30% |\n| Other | 60 | 25% |\n";
        let report = audit(Document::new("t.md", table.to_string()), Kb::builtin());
        let wrong = report
            .findings
            .iter()
            .find(|f| f.check == "table" && f.verdict == Verdict::Contradicted)
            .expect("the 25% share");
        assert_eq!(
            wrong.message.english(),
            "60 ÷ the column's sum, 300 = 20%, not 25%"
        );
        assert_eq!(
            wrong.message.render(crate::lang::Lang::ZhHant.catalogue()),
            "60 ÷ 該欄之和 300 = 20%，不是 25%"
        );
    }

    #[test]
    fn percentages_against_a_baseline_row_are_no_shares() {
        let table = "| Scheme | Error | Memory share |\n|---|---|---|\n| FP16 | 0 | 100% |\n| 4-bit | 0.047 | 25% |\n| 4-bit grouped | 0.0041 | 25% |\n";
        assert!(checked(table).is_empty(), "{:?}", checked(table));
    }

    #[test]
    fn percentages_without_a_share_header_are_no_shares() {
        let table = "| Cause | 2025 | 2026 | Growth |\n|---|---|---|---|\n| GPU | 100 | 150 | 50% |\n| Network | 80 | 90 | 12.5% |\n| Other | 50 | 60 | 20% |\n| Total | 230 | 300 | 30.4% |\n";
        // Growth rates are no shares (read as shares, 90 of 300 is not
        // 12.5%): they hold as the changes from 2025 to 2026.
        assert!(
            checked(table)
                .iter()
                .all(|(verdict, cell)| !cell.ends_with('%') || *verdict == Verdict::Verified),
            "{:?}",
            checked(table)
        );
        let table =
            "| Cause | Stops | % |\n|---|---|---|\n| GPU | 150 | 50% |\n| Other | 150 | 40% |\n";
        assert_eq!(
            checked(table),
            vec![
                (Verdict::Verified, "50%".to_string()),
                (Verdict::Contradicted, "40%".to_string()),
            ]
        );
    }

    #[test]
    fn per_unit_columns_are_not_summed() {
        let table = "| Node | GPUs | Memory per GPU |\n|---|---|---|\n| a | 8 | 80 GB |\n| b | 8 | 80 GB |\n| Total | 16 | 80 GB |\n";
        assert_eq!(checked(table), vec![(Verdict::Verified, "16".to_string())]);
    }

    #[test]
    fn a_last_row_that_sums_most_columns_is_a_total() {
        let table = "| Site | Nodes | GPUs | kW |\n|---|---|---|---|\n\
                     | a | 10 | 80 | 56 |\n| b | 20 | 160 | 112 |\n| c | 5 | 40 | 28 |\n\
                     | **All** | **35** | **280** | **206** |\n";
        let found = checked(table);
        assert!(
            found.contains(&(Verdict::Verified, "35".into())),
            "{found:?}"
        );
        assert!(
            found.contains(&(Verdict::Verified, "280".into())),
            "{found:?}"
        );
        assert!(
            found.contains(&(Verdict::Contradicted, "206".into())),
            "{found:?}"
        );
        // A last row that sums one column only is another row.
        let plain = "| Site | Nodes | GPUs | kW |\n|---|---|---|---|\n\
                     | a | 10 | 80 | 56 |\n| b | 20 | 160 | 112 |\n| c | 30 | 40 | 28 |\n";
        assert!(checked(plain).is_empty(), "{:?}", checked(plain));
    }

    #[test]
    fn a_column_that_is_the_product_of_two_others() {
        let table = "| Item | Price | Qty | Cost |\n|---|---|---|---|\n\
                     | a | $2 | 10 | $20 |\n| b | $3 | 5 | $15 |\n| c | $4 | 6 | $25 |\n";
        let found = checked(table);
        assert_eq!(
            found,
            [
                (Verdict::Verified, "$20".into()),
                (Verdict::Verified, "$15".into()),
                (Verdict::Contradicted, "$25".into())
            ]
        );
        // A column of ones times any column is that column: no reading.
        let ones = "| Item | Qty | Price | Paid |\n|---|---|---|---|\n\
                    | a | 1 | $5 | $5 |\n| b | 1 | $7 | $7 |\n| c | 1 | $9 | $8 |\n";
        assert!(checked(ones).is_empty(), "{:?}", checked(ones));
    }

    #[test]
    fn a_change_column_by_the_reading_its_rows_agree_on() {
        let table = "| Job | Old | New | Speedup |\n|---|---|---|---|\n\
                     | a | 200 | 300 | +50% |\n| b | 100 | 140 | +40% |\n| c | 400 | 440 | +20% |\n";
        let found = checked(table);
        assert_eq!(
            found
                .iter()
                .filter(|(v, _)| *v == Verdict::Verified)
                .count(),
            2,
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|(v, m)| *v == Verdict::Contradicted && m.contains("20%")),
            "{found:?}"
        );
        // Growth over a base in no column checks nothing.
        let growth = "| Q | Revenue | YoY |\n|---|---|---|\n| 1 | 410 | +18% |\n| 2 | 455 | +21% |\n| 3 | 498 | +24% |\n";
        assert!(checked(growth).is_empty());
    }

    #[test]
    fn a_conversion_column_at_a_rate_the_text_states() {
        let table = "以下按 1 美元兌 7.8 港元換算。\n\n| 公司 | 億美元 | 億港元 |\n|---|---|---|\n| A | 800 | 6,240 |\n| B | 750 | 5,850 |\n| C | 650 | 5,700 |\n| 合計 | 2,200 | 17,160 |\n";
        let found = checked(table);
        assert!(found.contains(&(Verdict::Contradicted, "5,700".to_string())));
        assert!(found.contains(&(Verdict::Verified, "17,160".to_string())));
        assert!(!found.contains(&(Verdict::Contradicted, "17,160".to_string())));
        // Without a stated rate the columns are two figures of each row.
        let unstated = table.replacen("以下按 1 美元兌 7.8 港元換算。", "以下為預測。", 1);
        assert!(!checked(&unstated).iter().any(|(_, cell)| cell == "5,700"));
    }

    #[test]
    fn a_total_missed_because_of_a_wrong_row_is_not_flagged() {
        let table = "| Cause | Hours | Share |\n|---|---|---|\n| A | 50.4 | 43.8% |\n| B | 26.4 | 23.9% |\n| C | 38.4 | 33.3% |\n| Total | 115.2 | 100% |\n";
        let found = checked(table);
        assert!(found.contains(&(Verdict::Contradicted, "23.9%".to_string())));
        assert!(!found.contains(&(Verdict::Contradicted, "100%".to_string())));
    }
}
