//! `audit` over a repository too large for one run: `--shard K/N` slices
//! the files for a CI job matrix, and the cache keeps each file's results
//! between runs.
//!
//! Shards: for N = 1 … 8 the slices are disjoint, cover every fixture, and
//! their JSON reports together are the unsharded one's. Cache: the same
//! bytes with it, without it, cold and warm; a changed file, knowledge base
//! or config is audited again (it writes new entries).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn audit(folder: &Path, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_audit"))
        .args(args)
        .current_dir(folder)
        .stdin(Stdio::null())
        .output()
        .expect("the audit binary runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Each file's JSON report by path.
fn files(json: &str) -> BTreeMap<String, serde_json::Value> {
    let report: serde_json::Value = serde_json::from_str(json).unwrap();
    report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["path"].as_str().unwrap().to_string(), f.clone()))
        .collect()
}

#[test]
fn shards_are_disjoint_cover_every_file_and_give_the_unsharded_findings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args = [
        "--no-config",
        "--no-cache",
        "--format",
        "json",
        "tests/fixtures",
    ];
    let whole = files(&audit(root, &args).stdout);
    assert!(whole.len() > 50);
    for count in 1..=8 {
        let mut together = BTreeMap::new();
        for index in 1..=count {
            let shard = format!("{index}/{count}");
            let run = audit(root, &[&args[..], &["--shard", &shard]].concat());
            assert!(matches!(run.code, Some(0 | 1)), "{shard}: {}", run.stderr);
            for (path, file) in files(&run.stdout) {
                assert!(
                    together.insert(path.clone(), file).is_none(),
                    "{path} is in two slices of {count}"
                );
            }
        }
        assert_eq!(together, whole, "the {count} slices differ from the whole");
    }
}

#[test]
fn a_bad_shard_is_a_usage_error() {
    for bad in ["0/3", "4/3", "1/0", "x", "2", "1/2/3"] {
        let run = audit(Path::new("."), &["--shard", bad, "--no-cache", "a.md"]);
        assert_eq!(run.code, Some(2), "{bad}");
        assert!(run.stderr.contains("--shard"), "{bad}: {}", run.stderr);
    }
}

/// The cache's entries, tag and ignore file apart.
fn entries(cache: &Path) -> usize {
    fs::read_dir(cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|d| fs::read_dir(d).unwrap().count())
        .sum()
}

#[test]
fn the_cache_gives_the_same_bytes_and_audits_a_changed_input_again() {
    let repo = tempfile::tempdir().unwrap();
    let dir = repo.path();
    fs::create_dir_all(dir.join("posts")).unwrap();
    fs::create_dir_all(dir.join("kb")).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for name in [
        "respectively_en.md",
        "spec_wrong_columns.md",
        "consistency_zh.md",
        "bound_zh.md",
    ] {
        fs::copy(fixtures.join(name), dir.join("posts").join(name)).unwrap();
    }
    let kb = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kb/override/h100-measured.yaml");
    fs::copy(&kb, dir.join("kb/h100-measured.yaml")).unwrap();
    fs::write(dir.join(".audit.yaml"), "fail-on: never\n").unwrap();

    let fresh = |format: &str| {
        audit(
            dir,
            &["--no-cache", "--kb", "kb", "--format", format, "posts"],
        )
    };
    let cached = |format: &str| audit(dir, &["--kb", "kb", "--format", format, "posts"]);
    let cache = dir.join(".audit_cache");
    for format in ["json", "human", "sarif", "markdown"] {
        let want = fresh(format);
        assert_eq!(want.code, Some(0), "{}", want.stderr);
        let cold = cached(format);
        let warm = cached(format);
        assert_eq!(cold.stdout, want.stdout, "{format}, cold");
        assert_eq!(warm.stdout, want.stdout, "{format}, warm");
        assert_eq!((cold.code, warm.code), (want.code, want.code));
        assert_eq!(warm.stderr, want.stderr);
    }
    assert!(cache.join("CACHEDIR.TAG").is_file());
    assert_eq!(
        fs::read_to_string(cache.join(".gitignore"))
            .unwrap()
            .lines()
            .last(),
        Some("*")
    );
    let mut seen = entries(&cache);
    assert_eq!(seen, 4, "one entry per file");

    // Each change below names new entries, and the output is what a run
    // without the cache gives.
    let changes: [(&str, &dyn Fn()); 4] = [
        ("a file", &|| {
            fs::write(
                dir.join("posts/respectively_en.md"),
                "8 × 40 GB = 300 GB.\n",
            )
            .unwrap()
        }),
        ("the knowledge base", &|| {
            let text = fs::read_to_string(dir.join("kb/h100-measured.yaml")).unwrap();
            fs::write(dir.join("kb/h100-measured.yaml"), text + "# changed\n").unwrap()
        }),
        ("the config", &|| {
            fs::write(dir.join(".audit.yaml"), "fail-on: never\ntolerance: 5%\n").unwrap()
        }),
        ("the checks", &|| {
            fs::write(dir.join(".audit.yaml"), "fail-on: never\ndisable: [spec]\n").unwrap()
        }),
    ];
    for (what, change) in changes {
        change();
        let run = cached("json");
        assert_eq!(run.stdout, fresh("json").stdout, "after a change to {what}");
        let now = entries(&cache);
        let expected = if what == "a file" { seen + 1 } else { seen + 4 };
        assert_eq!(now, expected, "after a change to {what}");
        seen = now;
    }

    // --cache-dir puts it elsewhere; --no-cache writes nothing.
    let run = audit(
        dir,
        &[
            "--cache-dir",
            "elsewhere",
            "--kb",
            "kb",
            "--format",
            "json",
            "posts",
        ],
    );
    assert_eq!(run.stdout, fresh("json").stdout);
    assert_eq!(entries(&dir.join("elsewhere")), 4);
    assert_eq!(entries(&cache), seen);
}
