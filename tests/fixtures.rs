//! Every Markdown fixture under tests/fixtures, audited and snapshotted in
//! the human rendering (width 80, no colour) and in JSON.

use recount::audit::audit;
use recount::kb::Kb;
use recount::read::document::Document;
use recount::report::{Format, Options, Show, emitter};

fn render(path: &std::path::Path, format: Format) -> String {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let report = audit(
        Document::new(format!("tests/fixtures/{name}"), text),
        Kb::builtin(),
    );
    let options = Options {
        show: Show::All,
        color: false,
        width: 80,
    };
    let mut out = Vec::new();
    emitter(format, options).emit(&[report], &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn human_rendering() {
    insta::glob!("fixtures/*.md", |path| {
        insta::assert_snapshot!(render(path, Format::Human));
    });
}

#[test]
fn json_rendering() {
    insta::glob!("fixtures/*.md", |path| {
        let json: serde_json::Value = serde_json::from_str(&render(path, Format::Json)).unwrap();
        insta::assert_json_snapshot!(json);
    });
}
