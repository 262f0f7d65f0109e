//! Replays the inputs kept under `fuzz/regressions/TARGET/` (minimised
//! crashers and a small set of interesting inputs found by fuzzing) through
//! the same functions the libFuzzer targets call (`fuzz/harness.rs`): none may
//! panic, and the pipeline must give the same bytes on a second run.
//!
//! Running the fuzzers themselves is a separate, nightly-flag step; see the
//! README's "Fuzzing" section.

#[path = "../fuzz/harness.rs"]
mod harness;

use std::path::Path;

/// Every kept input of one target, in name order, at least one.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs kept in {}", dir.display());
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

/// Runs `replay` on every input of `target`, naming the input that panics.
fn replay_all(target: &str, replay: impl Fn(&[u8])) {
    for (name, data) in inputs(target) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| replay(&data)));
        assert!(outcome.is_ok(), "{name} panicked");
    }
}

#[test]
fn numeral_inputs_replay() {
    replay_all("numeral", harness::numeral);
}

#[test]
fn calc_inputs_replay() {
    replay_all("calc", harness::calc_expression);
}

#[test]
fn pipeline_inputs_replay() {
    replay_all("pipeline", |data| {
        harness::pipeline(data);
    });
}

#[test]
fn kb_inputs_replay() {
    replay_all("kb", harness::kb);
}
