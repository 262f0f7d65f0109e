//! Compiles the built-in knowledge base (the YAML under `claims/` and
//! `sources/`) to JSON at build time, for a fast start.
//!
//! Reading 220 KB of YAML was most of what `audit` did before auditing
//! anything: about 76 of 119 million instructions for a one-line article.
//! The same entities read from JSON cost a few million. The YAML stays the
//! source of truth and is embedded too: `--kb` layering and `audit kb` read
//! it with every line and column, the run validates the JSON-read files
//! exactly as it would the YAML, and a test checks both give the same
//! knowledge base.
//!
//! Writes `$OUT_DIR/builtin_kb.rs`, the table `src/kb/mod.rs` includes: each
//! file's name, its YAML and its JSON.

use std::fmt::Write as _;
use std::path::PathBuf;

// Only the serde types are used here, not their helpers.
#[allow(dead_code)]
#[path = "src/kb/schema.rs"]
mod schema;

/// The knowledge-base files, in the order they load.
const FILES: &[&str] = &[
    "claims/clusters.yaml",
    "claims/hardware/amd.yaml",
    "claims/hardware/aws.yaml",
    "claims/hardware/google.yaml",
    "claims/hardware/huawei.yaml",
    "claims/hardware/intel.yaml",
    "claims/hardware/microsoft.yaml",
    "claims/hardware/networking.yaml",
    "claims/hardware/nvidia.yaml",
    "claims/models.yaml",
    "claims/papers.yaml",
    "sources/clusters.yaml",
    "sources/hardware.yaml",
    "sources/papers.yaml",
];

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/kb/schema.rs");
    let mut table = String::from("&[\n");
    for name in FILES {
        println!("cargo::rerun-if-changed={name}");
        let yaml = root.join(name);
        let text = std::fs::read_to_string(&yaml).unwrap_or_else(|e| panic!("{name}: {e}"));
        let parsed: schema::File = serde_saphyr::from_str(&text).unwrap_or_else(|e| {
            let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
            panic!("{name}:{line}:{column}: {e}")
        });
        let json = out.join(format!("{}.json", name.replace('/', "-")));
        let encoded = serde_json::to_string(&parsed).expect("the schema serializes");
        std::fs::write(&json, encoded).unwrap_or_else(|e| panic!("{}: {e}", json.display()));
        writeln!(
            table,
            "    ({name:?}, include_str!({yaml:?}), include_str!({json:?})),"
        )
        .expect("writing to a String");
    }
    table.push_str("]\n");
    let generated = out.join("builtin_kb.rs");
    std::fs::write(&generated, table).unwrap_or_else(|e| panic!("{}: {e}", generated.display()));
}
