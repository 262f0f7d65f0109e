//! The regression gate: the audit scored over `../shared/corpus`, the
//! labelled articles kept beside the repository, and over `tests/probe`,
//! articles written for the project in its own words, by the rules of
//! `../shared/eval/score.py`, and held to floors per group.
//!
//! A label file lists an article's claims: a window of text (or several,
//! any of which; or the first after an anchor), a verdict (`flagged`,
//! `verified` or `either`) and whether it counts for recall. A finding hits
//! a window when their byte spans overlap. Flag recall counts required
//! flagged windows hit by a flagged finding; flag precision, flagged
//! findings inside a flagged or either window; verify recall, required
//! verified windows hit by a verified finding; a false alarm is a flagged
//! finding inside a verified window.
//!
//! The floors are today's figures, not the goal (flag precision ≥ 0.95 with
//! flag and verify recall ≥ 0.7 over the whole corpus): the gate stops a
//! change from losing ground, group by group. Where the corpus is absent
//! (a clone on its own) the test says so and passes.
//!
//! A third of each group of passages by others (`real_*`, `dev2_*`,
//! `dev3_*`) is held out: the articles whose SHA-256 of
//! `recount-holdout:NAME` is lowest. The gate neither scores nor prints
//! them, so no failing test shows their figures mid-session;
//! `cargo test --test corpus -- --ignored` scores them, at a session's end.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use recount::audit::audit;
use recount::kb::Kb;
use recount::read::document::Document;
use serde::Deserialize;

#[derive(Deserialize)]
struct Labels {
    article: String,
    #[serde(default)]
    claims: Vec<Claim>,
}

#[derive(Deserialize)]
struct Claim {
    window: Option<String>,
    windows: Option<Vec<String>>,
    after: Option<String>,
    verdict: String,
    #[serde(default = "yes")]
    required: bool,
}

fn yes() -> bool {
    true
}

#[derive(Default, Debug, Clone, Copy)]
struct Score {
    required_flags: usize,
    flags_hit: usize,
    flagged: usize,
    good_flags: usize,
    required_verifies: usize,
    verifies_hit: usize,
    false_alarms: usize,
}

impl Score {
    /// The group's figures on one line, as score.py prints them.
    fn line(&self, name: &str) -> String {
        format!(
            "{name}: flag recall {:.2} ({}/{}), flag precision {:.2} ({}/{}), verify recall {:.2} ({}/{}), false alarms {}",
            self.flag_recall(),
            self.flags_hit,
            self.required_flags,
            self.flag_precision(),
            self.good_flags,
            self.flagged,
            self.verify_recall(),
            self.verifies_hit,
            self.required_verifies,
            self.false_alarms
        )
    }

    fn add(&mut self, o: Score) {
        self.required_flags += o.required_flags;
        self.flags_hit += o.flags_hit;
        self.flagged += o.flagged;
        self.good_flags += o.good_flags;
        self.required_verifies += o.required_verifies;
        self.verifies_hit += o.verifies_hit;
        self.false_alarms += o.false_alarms;
    }

    fn flag_recall(&self) -> f64 {
        ratio(self.flags_hit, self.required_flags)
    }

    fn flag_precision(&self) -> f64 {
        ratio(self.good_flags, self.flagged)
    }

    fn verify_recall(&self) -> f64 {
        ratio(self.verifies_hit, self.required_verifies)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// The byte ranges of a claim's windows, as score.py finds them.
fn ranges(text: &str, claim: &Claim, file: &str) -> Vec<Range<usize>> {
    let windows: Vec<&String> = match (&claim.windows, &claim.window) {
        (Some(ws), _) => ws.iter().collect(),
        (None, Some(w)) => vec![w],
        (None, None) => panic!("{file}: a claim without a window"),
    };
    let start = claim.after.as_ref().map_or(0, |anchor| {
        let at = text
            .find(anchor.as_str())
            .unwrap_or_else(|| panic!("{file}: anchor missing: {anchor:?}"));
        at + anchor.len()
    });
    windows
        .into_iter()
        .map(|w| {
            let at = text[start..]
                .find(w.as_str())
                .unwrap_or_else(|| panic!("{file}: window not found: {w:?}"))
                + start;
            at..at + w.len()
        })
        .collect()
}

fn overlaps(span: &Range<usize>, ranges: &[Range<usize>]) -> bool {
    let end = span.end.max(span.start + 1);
    ranges.iter().any(|r| span.start < r.end && r.start < end)
}

fn score_article(dir: &Path, label_file: &str) -> Score {
    let yaml = std::fs::read_to_string(dir.join(label_file)).unwrap();
    let labels: Labels = serde_saphyr::from_str(&yaml).unwrap();
    let text = std::fs::read_to_string(dir.join(&labels.article)).unwrap();
    let claims: Vec<(&Claim, Vec<Range<usize>>)> = labels
        .claims
        .iter()
        .map(|c| (c, ranges(&text, c, label_file)))
        .collect();
    let report = audit(Document::new(&labels.article, text.clone()), Kb::builtin());
    let mut s = Score::default();
    for (claim, windows) in &claims {
        let hit = |flag: bool| {
            report
                .findings
                .iter()
                .any(|f| f.verdict.is_flag() == flag && overlaps(&f.span, windows))
        };
        match (claim.verdict.as_str(), claim.required) {
            ("flagged", true) => {
                s.required_flags += 1;
                s.flags_hit += usize::from(hit(true));
            }
            ("verified", true) => {
                s.required_verifies += 1;
                s.verifies_hit += usize::from(hit(false));
            }
            _ => {}
        }
    }
    for f in report.findings.iter().filter(|f| f.verdict.is_flag()) {
        s.flagged += 1;
        let inside: Vec<&str> = claims
            .iter()
            .filter(|(_, w)| overlaps(&f.span, w))
            .map(|(c, _)| c.verdict.as_str())
            .collect();
        if inside.iter().any(|v| matches!(*v, "flagged" | "either")) {
            s.good_flags += 1;
        } else if inside.contains(&"verified") {
            s.false_alarms += 1;
        }
    }
    s
}

/// The group an article belongs to, by its name.
fn group(name: &str) -> &'static str {
    if name.starts_with("real_") {
        "real"
    } else if name.starts_with("dev2_") {
        "dev2"
    } else if name.starts_with("dev3_") {
        "dev3"
    } else {
        "seed"
    }
}

/// The floors per group of the tuning part (the held-out third left out):
/// flag recall, flag precision, verify recall, and the most false alarms
/// allowed. The one false alarm of `dev2` is a label in dispute: the
/// H200's 1,979 TFLOPS (with sparsity) in an FP16 row beside the A100's
/// dense 312, labelled verified, which `spec` reports as a table comparing
/// two columns, as three other labelled tables of the kind are flagged.
const FLOORS: &[(&str, f64, f64, f64, usize)] = &[
    ("seed", 0.83, 1.00, 0.85, 0),
    ("real", 0.40, 1.00, 0.66, 0),
    ("dev2", 0.53, 0.90, 0.42, 1),
    ("dev3", 0.17, 1.00, 0.20, 0),
    ("all", 0.54, 0.98, 0.56, 1),
];

#[test]
fn the_corpus_scores_no_worse_than_its_floors() {
    let Some(dir) = corpus() else {
        return;
    };
    let held = held_out(&dir);
    hold_to_floors(&dir, |name| !held.iter().any(|h| h == name), group, FLOORS);
}

/// Scores the held-out third, group by group, with no floors: what the
/// session's work did to text it never looked at. The held-out part must be
/// a third of each group, so that a renamed or added passage cannot slip
/// out of it unnoticed.
#[test]
#[ignore = "the held-out third is scored at a session's end"]
fn the_held_out_third() {
    let Some(dir) = corpus() else {
        return;
    };
    let held = held_out(&dir);
    for prefix in HELD_GROUPS {
        let total = names(&dir).iter().filter(|n| n.starts_with(prefix)).count();
        let kept = held.iter().filter(|n| n.starts_with(prefix)).count();
        assert_eq!(
            kept,
            total.div_ceil(3),
            "{prefix}: {kept} of {total} held out"
        );
    }
    let scores = scores(&dir, |name| held.iter().any(|h| h == name), group);
    for (name, s) in &scores {
        eprintln!("held-out {}", s.line(name));
    }
    assert!(scores.contains_key("all"));
}

/// The groups with a held-out third, by name prefix.
const HELD_GROUPS: [&str; 3] = ["real_", "dev2_", "dev3_"];

/// `../shared/corpus`, when it is there.
fn corpus() -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !dir.is_dir() {
        eprintln!("{}: absent, skipped", dir.display());
        return None;
    }
    Some(dir)
}

/// The label files of a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut labels: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".expected.yaml"))
        .collect();
    labels.sort();
    labels
}

/// The held-out label files: per group, the third (rounded up) whose
/// SHA-256 of `recount-holdout:NAME` is lowest, NAME without `.md`.
fn held_out(dir: &Path) -> Vec<String> {
    use sha2::{Digest, Sha256};
    let mut held = Vec::new();
    for prefix in HELD_GROUPS {
        let mut group: Vec<(Vec<u8>, String)> = names(dir)
            .into_iter()
            .filter(|n| n.starts_with(prefix))
            .map(|n| {
                let stem = n.trim_end_matches(".expected.yaml");
                let digest = Sha256::digest(format!("recount-holdout:{stem}").as_bytes());
                (digest.to_vec(), n)
            })
            .collect();
        group.sort();
        let third = group.len().div_ceil(3);
        held.extend(group.into_iter().take(third).map(|(_, n)| n));
    }
    held
}

/// Articles written for this project, in its own words, to try the audit on
/// text it was not developed on (vendor posts, READMEs and changelogs, forum
/// answers and threads, news, cost and earnings pieces, analyst notes,
/// meeting minutes, postmortems, pricing tables, network and cooling designs;
/// half of them Chinese): kept in the repository, so the gate runs on a
/// clone on its own too. Each batch of ten was scored once as it came, before
/// any change it prompted (README, Corpus figures).
#[test]
fn the_probe_articles_score_no_worse_than_their_floors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/probe");
    hold_to_floors(&dir, |_| true, |_| "probe", PROBE_FLOORS);
}

/// The floors of tests/probe, as one group.
const PROBE_FLOORS: &[(&str, f64, f64, f64, usize)] = &[("probe", 0.27, 0.98, 0.38, 0)];

/// Scores the labelled articles of `dir` that `counted` keeps, by group
/// and in all.
fn scores(
    dir: &Path,
    counted: impl Fn(&str) -> bool,
    group: fn(&str) -> &'static str,
) -> BTreeMap<&'static str, Score> {
    let labels: Vec<String> = names(dir).into_iter().filter(|n| counted(n)).collect();
    assert!(
        labels.len() >= 10,
        "only {} labelled articles",
        labels.len()
    );
    let mut scores: BTreeMap<&str, Score> = BTreeMap::new();
    for label in &labels {
        let s = score_article(dir, label);
        scores.entry(group(label)).or_default().add(s);
        scores.entry("all").or_default().add(s);
    }
    scores
}

/// Scores the labelled articles of `dir` that `counted` keeps, by group,
/// and fails below any group's floors.
fn hold_to_floors(
    dir: &Path,
    counted: impl Fn(&str) -> bool,
    group: fn(&str) -> &'static str,
    floors: &[(&str, f64, f64, f64, usize)],
) {
    let scores = scores(dir, counted, group);
    let mut failures = Vec::new();
    for &(name, recall, precision, verify, alarms) in floors {
        let s = scores.get(name).copied().unwrap_or_default();
        let line = s.line(name);
        eprintln!("{line}");
        // Two decimals, as the floors are written.
        let below = |value: f64, floor: f64| (value * 100.0).round() < (floor * 100.0).round();
        if below(s.flag_recall(), recall)
            || below(s.flag_precision(), precision)
            || below(s.verify_recall(), verify)
            || s.false_alarms > alarms
        {
            failures.push(format!(
                "{line}; floors {recall:.2}, {precision:.2}, {verify:.2}, at most {alarms}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "below the floors:\n{}",
        failures.join("\n")
    );
}
