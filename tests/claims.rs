//! `audit claims`: the claim model's reading of the open-world and
//! attribute fixtures, through the binary, as a person and a program see
//! it; and the JSON contract's shape.

use std::process::Command;

const FIXTURES: &[&str] = &[
    "tests/fixtures/open_world_en.md",
    "tests/fixtures/open_world_zh.md",
    "tests/fixtures/attribute_certain_en.md",
];

fn claims(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_audit"))
        .arg("claims")
        .args(args)
        .arg("--no-config")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "audit claims failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn human_lines_per_figure() {
    for fixture in FIXTURES {
        let name = fixture.rsplit('/').next().unwrap();
        insta::assert_snapshot!(format!("claims_human@{name}"), claims(&[fixture]));
    }
}

#[test]
fn json_contract() {
    for fixture in FIXTURES {
        let name = fixture.rsplit('/').next().unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&claims(&["--format", "json", fixture])).unwrap();
        insta::assert_json_snapshot!(format!("claims_json@{name}"), json);
    }
}

#[test]
fn every_figure_is_accounted_for_once() {
    let json: serde_json::Value =
        serde_json::from_str(&claims(&["--format", "json", "tests/fixtures"])).unwrap();
    assert_eq!(json["version"], 1);
    let mut figures = 0;
    for file in json["files"].as_array().unwrap() {
        let statements = file["statements"].as_array().unwrap();
        let coverage = &file["coverage"];
        assert_eq!(
            coverage["figures"].as_u64().unwrap() as usize,
            statements.len()
        );
        let unchecked = statements
            .iter()
            .filter(|s| s["checks"].as_array().unwrap().is_empty())
            .count();
        assert_eq!(coverage["unchecked"].as_u64().unwrap() as usize, unchecked);
        for s in statements {
            // A figure is either covered by a check or says why not.
            assert_ne!(
                s["checks"].as_array().unwrap().is_empty(),
                s["unchecked"].is_null(),
                "{s}"
            );
            let subject = s["subject"]["type"].as_str().unwrap();
            assert!(["known", "unknown", "ambiguous", "configuration", "none"].contains(&subject));
        }
        figures += statements.len();
    }
    assert_eq!(
        json["summary"]["figures"].as_u64().unwrap() as usize,
        figures
    );
}

#[test]
fn an_unknown_product_is_never_charged_to_a_known_one() {
    let out = claims(&["tests/fixtures/open_world_en.md"]);
    let line = out.lines().find(|l| l.contains(": 900 W")).unwrap();
    assert!(line.contains("unknown \"Zephyr-9\""), "{line}");
    assert!(line.contains("unchecked"), "{line}");
}
