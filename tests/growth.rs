//! Work and memory per input grow linearly: doubling an article must not
//! more than roughly double what the pipeline does with it.
//!
//! Wall-clock time is noisy on a shared machine, so this counts instead:
//! claims and findings, and (through a counting global allocator) the
//! allocations made, the bytes they asked for and the peak bytes held while
//! auditing. A quadratic step
//! (every claim against every other, a re-scan per sentence) shows as a ratio
//! near 4 where linear work gives 2. The tests take a lock so no other test
//! allocates while one counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use recount::audit::audit;
use recount::kb::Kb;
use recount::read::document::Document;

/// The system allocator, counting allocations and live and peak bytes.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
static ALLOCATED: AtomicUsize = AtomicUsize::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Held while counting: tests run on parallel threads.
static COUNTING: std::sync::Mutex<()> = std::sync::Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        ALLOCATED.fetch_add(layout.size(), Relaxed);
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        // SAFETY: the caller's layout is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What auditing one text cost.
#[derive(Debug, Clone, Copy)]
struct Work {
    claims: usize,
    findings: usize,
    allocations: usize,
    allocated_bytes: usize,
    peak_bytes: usize,
}

fn work(text: String) -> Work {
    let document = Document::new("growth.md", text);
    let base_live = LIVE.load(Relaxed);
    PEAK.store(base_live, Relaxed);
    let before = ALLOCATIONS.load(Relaxed);
    let bytes_before = ALLOCATED.load(Relaxed);
    let report = audit(document, Kb::builtin());
    let allocations = ALLOCATIONS.load(Relaxed) - before;
    let allocated_bytes = ALLOCATED.load(Relaxed) - bytes_before;
    let peak_bytes = PEAK.load(Relaxed) - base_live;
    Work {
        claims: report.claims,
        findings: report.findings.len(),
        allocations,
        allocated_bytes,
        peak_bytes,
    }
}

/// Every fixture (prose, tables, Chinese, every check) in one article.
fn every_fixture() -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut fixtures: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    fixtures.sort();
    fixtures
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap() + "\n\n")
        .collect()
}

/// A table of 300 rows, each naming a GPU and stating its memory and power.
fn a_table() -> String {
    let rows: String = (0..300)
        .map(|i| format!("| H100 node {i} | {} GB | 700 W |\n", 80 + i % 3))
        .collect();
    format!("| GPU | Memory | Power |\n|---|---|---|\n{rows}\n\n")
}

/// Audits `article` once, twice and four times over, and asserts that the
/// claims, findings, allocations and peak memory grow about linearly.
fn assert_linear(name: &str, article: &str) {
    assert_grows_linearly(name, |times| article.repeat(times));
}

/// Audits the articles `make` gives for 1, 2 and 4 (an input one, two and
/// four times as long, wide or deep), and asserts that the claims,
/// findings, allocations and peak memory grow about linearly.
fn assert_grows_linearly(name: &str, make: impl Fn(usize) -> String) {
    let _counting = COUNTING.lock().unwrap_or_else(|e| e.into_inner());
    let once = work(make(1));
    let twice = work(make(2));
    let four = work(make(4));
    eprintln!("{name}: {once:?}\n  ×2 {twice:?}\n  ×4 {four:?}");
    assert!(once.claims > 0, "{name}: no claims");
    assert_eq!(twice.claims, 2 * once.claims, "{name}");
    assert_eq!(four.claims, 4 * once.claims, "{name}");
    for (what, one, two, four) in [
        ("findings", once.findings, twice.findings, four.findings),
        (
            "allocations",
            once.allocations,
            twice.allocations,
            four.allocations,
        ),
        (
            "allocated bytes",
            once.allocated_bytes,
            twice.allocated_bytes,
            four.allocated_bytes,
        ),
        (
            "peak bytes",
            once.peak_bytes,
            twice.peak_bytes,
            four.peak_bytes,
        ),
    ] {
        // Linear work gives 2 and 4; a quadratic step 4 and 16.
        let one = one.max(1) as f64;
        let (r2, r4) = (two as f64 / one, four as f64 / one);
        assert!(
            r2 <= 2.5 && r4 <= 5.0,
            "{name}: {what} grew {r2:.2}× when doubled and {r4:.2}× when quadrupled"
        );
    }
}

#[test]
fn doubling_prose_at_most_roughly_doubles_the_work() {
    assert_linear("every fixture", &every_fixture());
    assert_linear(
        "one paragraph",
        &("8 × 80 GB = 640 GB, and the H100 has 80 GB; 集群共有 37,888 個 GPU，功耗约 70 MW。 "
            .repeat(200)
            + "\n\n"),
    );
}

/// Table rows all share a dimension and a context, so the consistency check
/// finds the earlier statements to compare by their subjects (its
/// `SubjectIndex`), not by going through every one of them: when it did,
/// the allocations grew ×3.2 when doubled and ×11 when quadrupled.
#[test]
fn doubling_a_table_at_most_roughly_doubles_the_work() {
    assert_linear("a table", &a_table());
}

/// One sentence of many calculations joined by commas: every check read
/// each figure against the whole sentence (its clauses found by a linear
/// search, the sentence lowercased for "respectively", the text before it
/// for a subject), so 1,000 calculations took 1.7 s and 4,000 took 105 s.
/// A sentence is now cut at a clause end past 2 KB, and those reads are
/// bounded.
#[test]
fn doubling_a_sentence_of_calculations_at_most_roughly_doubles_the_work() {
    assert_linear("calculations，", &"8 × 80 GB = 640 GB，".repeat(150));
    assert_linear("calculations,", &"4 × 80 GB = 320 GB, ".repeat(150));
    assert_linear(
        "clauses naming a GPU",
        &"the H100 has 80 GB and draws 700 W, ".repeat(100),
    );
}

/// One paragraph of many sentences of one kind of figure, many entities,
/// and a long list.
#[test]
fn doubling_a_paragraph_or_a_list_at_most_roughly_doubles_the_work() {
    assert_linear(
        "sentences of one kind",
        &"The cluster has 1,024 GPUs at 700 W each. ".repeat(150),
    );
    assert_linear(
        "many entities",
        &"The H100 has 80 GB. The A100 has 40 GB. The MI300X has 192 GB. ".repeat(50),
    );
    assert_linear("a list", &"- node: 8 × 80 GB = 640 GB\n".repeat(150));
    assert_linear(
        "nested quotes and lists",
        &"> - > - 2 × 8 GB = 16 GB\n".repeat(100),
    );
}

/// A table 60, 120 and 240 columns wide: each column's header names its
/// attribute and every cell of a row shares the row's subject.
#[test]
fn doubling_a_tables_width_at_most_roughly_doubles_the_work() {
    assert_grows_linearly("a wide table", |times| {
        let columns = 60 * times;
        let header: String = (0..columns).map(|c| format!(" Memory {c} |")).collect();
        let rule = "---|".repeat(columns + 1);
        let rows: String = (0..5)
            .map(|r| {
                let cells: String = (0..columns)
                    .map(|c| format!(" {} GB |", 80 + (r + c) % 3))
                    .collect();
                format!(
                    "| H100 {} |{cells}\n",
                    ["alpha", "beta", "gamma", "delta", "omega"][r]
                )
            })
            .collect();
        format!("| GPU |{header}\n|{rule}\n{rows}\n")
    });
}
