//! Writes the benchmark's generated articles to a folder, for timing the
//! `audit` binary over many files:
//! `cargo run --release --example corpus -- DIR COUNT` writes
//! `DIR/article-0000.md` … (COUNT defaults to 1,000), refusing to write
//! over a file that is already there. The same COUNT gives the same bytes
//! on every machine.

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: corpus DIR [COUNT]");
        return ExitCode::from(2);
    };
    let count = match args.next().map(|c| c.parse::<usize>()) {
        None => 1000,
        Some(Ok(count)) => count,
        Some(Err(e)) => {
            eprintln!("error: COUNT: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = write(&dir, count) {
        eprintln!("error: {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

fn write(dir: &std::path::Path, count: usize) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::create_dir_all(dir)?;
    for (i, text) in corpus::articles(count).iter().enumerate() {
        std::fs::File::create_new(dir.join(format!("article-{i:04}.md")))?
            .write_all(text.as_bytes())?;
    }
    Ok(())
}
