//! The offset map between a normalised view of a text and the text itself.
//!
//! The view ([`super::normal`]) writes some stretches of the original
//! differently: a full-width `４` as `4`, `\times` as `×`, a brace of
//! `10^{25}` as nothing. Everything the pipeline reads comes from the view;
//! every span it reports must point at the original bytes. The map records
//! only where the two differ in length, as runs: `count` pieces in a row,
//! each `original` bytes written as `view` bytes ("１９２ＧＢ" is one run of
//! five pieces, 3 bytes as 1). Between runs the two texts are the same
//! bytes at a fixed shift. A text with nothing to rewrite has no runs, and
//! the map does not allocate.
//!
//! A piece is atomic: an offset inside one widens to the piece's edges
//! (outwards for a span). A piece written as nothing (a brace, `\left`) has
//! a side: it belongs to what stands after it (an opening brace) or before
//! it (a closing one), so a figure's span takes `{25}` whole rather than
//! half.

use std::ops::Range;

/// Which end of a span an offset is: an offset inside a rewritten piece
/// moves to the piece's start for a start, to its end for an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Start,
    End,
}

/// Whom a piece written as nothing belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Belongs {
    /// To what follows it: `{`, `\text`, `\left`.
    After,
    /// To what precedes it: `}`.
    Before,
}

/// `count` pieces in a row, each `original` bytes of the original text
/// written as `view` bytes of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    view_at: usize,
    original_at: usize,
    count: usize,
    view: usize,
    original: usize,
    belongs: Belongs,
}

impl Run {
    fn view_end(&self) -> usize {
        self.view_at + self.count * self.view
    }

    fn original_end(&self) -> usize {
        self.original_at + self.count * self.original
    }
}

/// Offsets of a normalised view and of its original text, both ways.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffsetMap {
    /// In order in both texts; pieces never overlap.
    runs: Vec<Run>,
}

impl OffsetMap {
    /// Records that `original` bytes of the original at `original_at` are
    /// written as `view` bytes at `view_at`, after everything recorded so
    /// far. A piece like the one before it, right after it, joins its run.
    pub fn push(
        &mut self,
        view_at: usize,
        original_at: usize,
        view: usize,
        original: usize,
        belongs: Belongs,
    ) {
        debug_assert!(original > 0, "a piece of the view comes from some text");
        if let Some(last) = self.runs.last_mut()
            && view > 0
            && last.view == view
            && last.original == original
            && last.view_end() == view_at
            && last.original_end() == original_at
        {
            last.count += 1;
            return;
        }
        self.runs.push(Run {
            view_at,
            original_at,
            count: 1,
            view,
            original,
            belongs,
        });
    }

    /// Whether view and original are the same offsets throughout.
    pub fn is_identity(&self) -> bool {
        self.runs.is_empty()
    }

    /// How many runs the map holds: it grows with the stretches rewritten,
    /// not with the characters.
    pub fn runs(&self) -> usize {
        self.runs.len()
    }

    /// The offset in the original of an offset in the view.
    pub fn to_original(&self, at: usize, side: Side) -> usize {
        // The runs wholly before `at`: ended before it, or ended at it
        // having taken some of the view.
        let i = self
            .runs
            .partition_point(|r| r.view_end() < at || (r.view_end() == at && r.view > 0));
        let (view_base, original_base) = match i.checked_sub(1) {
            Some(p) => (self.runs[p].view_end(), self.runs[p].original_end()),
            None => (0, 0),
        };
        let Some(run) = self.runs.get(i).filter(|r| r.view_at <= at) else {
            return original_base + (at - view_base);
        };
        if run.view_at < at {
            // Inside a run of pieces that take some of the view.
            let offset = at - run.view_at;
            let (piece, within) = (offset / run.view, offset % run.view);
            let whole = match side {
                Side::Start => piece,
                Side::End if within > 0 => piece + 1,
                Side::End => piece,
            };
            return run.original_at + whole * run.original;
        }
        // At the start of a run: past the pieces written as nothing that
        // belong to what came before, short of those that belong to what
        // follows.
        let mut original = run.original_at;
        for r in self.runs[i..]
            .iter()
            .take_while(|r| r.view_at == at && r.view == 0)
        {
            if r.belongs == Belongs::After {
                break;
            }
            original = r.original_end();
        }
        original
    }

    /// The span in the original of a span in the view: pieces it touches
    /// are taken whole.
    pub fn span_to_original(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.to_original(span.start, Side::Start);
        let end = self.to_original(span.end, Side::End).max(start);
        start..end
    }

    /// The offset in the view of an offset in the original; one inside a
    /// rewritten piece goes to the piece's start in the view.
    pub fn to_view(&self, at: usize) -> usize {
        let i = self.runs.partition_point(|r| r.original_end() <= at);
        let (view_base, original_base) = match i.checked_sub(1) {
            Some(p) => (self.runs[p].view_end(), self.runs[p].original_end()),
            None => (0, 0),
        };
        match self.runs.get(i).filter(|r| r.original_at < at) {
            None => view_base + (at - original_base),
            Some(run) => run.view_at + (at - run.original_at) / run.original * run.view,
        }
    }

    /// The span in the view of a span in the original.
    pub fn span_to_view(&self, span: &Range<usize>) -> Range<usize> {
        self.to_view(span.start)..self.to_view(span.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "８０ＧＢ" written "80GB": one run of four pieces.
    fn full_width() -> OffsetMap {
        let mut map = OffsetMap::default();
        // "x ８０ＧＢ y": the run starts after "x ".
        for k in 0..4 {
            map.push(2 + k, 2 + 3 * k, 1, 3, Belongs::After);
        }
        map
    }

    #[test]
    fn a_row_of_full_width_characters_is_one_run() {
        let map = full_width();
        assert_eq!(map.runs(), 1);
        // "x " before the run, " y" after it, shifted by 8 bytes.
        assert_eq!(map.to_original(1, Side::Start), 1);
        assert_eq!(map.to_original(2, Side::Start), 2);
        assert_eq!(map.to_original(4, Side::End), 8);
        assert_eq!(map.to_original(6, Side::End), 14);
        assert_eq!(map.to_original(7, Side::Start), 15);
        assert_eq!(map.span_to_original(&(2..4)), 2..8);
        assert_eq!(map.span_to_view(&(2..14)), 2..6);
        assert_eq!(map.to_view(15), 7);
    }

    #[test]
    fn an_offset_inside_a_piece_takes_it_whole() {
        // "8\times8" written "8×8": `\times` (6 bytes) as `×` (2 bytes).
        let mut map = OffsetMap::default();
        map.push(1, 1, 2, 6, Belongs::After);
        assert_eq!(map.to_original(2, Side::Start), 1);
        assert_eq!(map.to_original(2, Side::End), 7);
        assert_eq!(map.to_original(3, Side::Start), 7);
        assert_eq!(map.to_view(4), 1);
        assert_eq!(map.to_view(7), 3);
    }

    #[test]
    fn pieces_written_as_nothing_go_with_their_side() {
        // "10^{25} GB" written "10^25 GB": `{` belongs after, `}` before.
        let mut map = OffsetMap::default();
        map.push(3, 3, 0, 1, Belongs::After);
        map.push(5, 6, 0, 1, Belongs::Before);
        assert_eq!(map.runs(), 2);
        // The figure "10^25" is "10^{25}" in the original.
        assert_eq!(map.span_to_original(&(0..5)), 0..7);
        // "25" alone takes its opening brace, and its closing one.
        assert_eq!(map.span_to_original(&(3..5)), 3..7);
        // " GB" after it does not take the brace.
        assert_eq!(map.span_to_original(&(6..8)), 8..10);
        assert_eq!(map.span_to_view(&(0..7)), 0..5);
    }

    #[test]
    fn an_empty_map_is_the_identity_and_allocates_nothing() {
        let map = OffsetMap::default();
        assert!(map.is_identity());
        assert_eq!(map.runs.capacity(), 0);
        assert_eq!(map.span_to_original(&(3..9)), 3..9);
        assert_eq!(map.to_view(9), 9);
    }
}
