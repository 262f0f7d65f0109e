//! Throughput of the audit against Markdown parsing alone, in bytes per
//! second on one core, over the same generated articles
//! ([`corpus`]): `parse` runs pulldown-cmark's offset iterator with the
//! audit's options and drops the events; `audit` runs the whole pipeline
//! (line index, prose blocks, sentences, quantities, every check, sorted
//! findings) with the built-in knowledge base, built once before timing, as
//! a run of `audit` over many files does.
//!
//! `cargo bench --bench throughput`; the README's "Speed" section gives the
//! figures and how to reproduce them.
//!
//! Criterion rather than divan: it reports throughput from
//! `Throughput::Bytes`, gives confidence intervals, and saves baselines
//! (`--save-baseline`, `--baseline`) so two versions can be compared on the
//! same shared, noisy machine. Its default features (plots, rayon) are off,
//! which keeps the dev build light.

mod corpus;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use pulldown_cmark::Parser;
use recount::audit::audit;
use recount::kb::Kb;
use recount::read::document::Document;
use recount::read::markdown::parser_options;

/// Articles per iteration: about half a megabyte.
const ARTICLES: usize = 100;

fn throughput(c: &mut Criterion) {
    let articles = corpus::articles(ARTICLES);
    let bytes: usize = articles.iter().map(String::len).sum();
    let kb = Kb::builtin();
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("parse", |b| {
        b.iter(|| {
            for text in &articles {
                for event in Parser::new_ext(text, parser_options()).into_offset_iter() {
                    black_box(event);
                }
            }
        })
    });
    group.bench_function("audit", |b| {
        b.iter(|| {
            for text in &articles {
                black_box(audit(Document::new("bench.md", text.clone()), kb));
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = throughput
}
criterion_main!(benches);
