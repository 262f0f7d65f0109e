//! `--format html`: one self-contained page (inline CSS and script, no
//! external assets, a Content-Security-Policy that forbids loading any) with
//! a summary at the top (written last, once the streamed files are counted,
//! and placed first by the style sheet) and, per file, the article rendered with each
//! checked claim highlighted (green verified, red contradicted, amber
//! inconsistent) beside a panel of the findings: quote, steps, related spans,
//! sources and help; a flagged finding's related spans (the other
//! statement, the premise) are underlined with dots where no claim is.
//! A figure no check covered is underlined with dashes (and listed under
//! the panel), so unchecked is told apart from plain text; a figure that is
//! both verified and contradicted carries both classes and shows both
//! colours. A legend above the articles names each mark, and a filter shows
//! all, flagged only (verified and unchecked marks and entries fade out)
//! or unchecked (only unchecked figures stay marked). Hovering a highlight
//! shows its findings; clicking it opens them in the panel. The script
//! marks the body `interactive` and sets the filter's `data-show` when it
//! has run, which the browser test checks.
//!
//! Highlights are placed by byte offset, never by searching for text: the
//! article is parsed with pulldown-cmark's offset iterator, and every text
//! event whose text is the source's bytes as written is cut at the findings'
//! span boundaries, with `<mark>` elements around the pieces. A text event
//! that differs from its source (an escape, an entity) is highlighted whole.
//! Overlapping findings split the text into segments, each marked with every
//! finding that covers it and coloured by the most serious.
//!
//! Everything from the article is escaped: its raw HTML shows as text (HTML
//! comments, such as suppressions, stay invisible), images show as their alt
//! text, and links keep only http, https, mailto and relative targets.
//!
//! The page is in the run's language ([`super::RunLang`]): `<html lang>`,
//! the title, the legend, the filter and the summary; so it is written
//! from the first file on, whose language it may take. Each file's section
//! is in its article's language: a section whose language is not the
//! page's says so with its own `lang`, and a page or section in Chinese
//! gets a font stack that renders it (the catalogue's `html-font-family`,
//! an inline style, which the page's Content-Security-Policy allows).

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::ops::Range;

use pulldown_cmark::{CowStr, Event, Parser, Tag, TagEnd};
use pulldown_cmark_escape::escape_html;

use super::{Emitter, Options, RunLang, Totals, summary_columns, verdict};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Verdict};
use crate::lang::{Catalogue, Lang};
use crate::read::document::Document;
use crate::read::markdown::parser_options;
use crate::tr;

/// The totals so far (their file count numbers the next file's findings)
/// and the run's language.
pub struct Html {
    totals: Totals,
    run: RunLang,
}

impl Html {
    pub fn new(options: Options) -> Html {
        Html {
            totals: Totals::default(),
            run: RunLang::new(options.lang),
        }
    }
}

const STYLE: &str = r#"
:root { --verified: #2e7d32; --contradicted: #c62828; --inconsistent: #b26a00; }
* { box-sizing: border-box; }
body { margin: 0; display: flex; flex-direction: column; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif; color: #1d1d1f; background: #f6f7f9; }
header.summary { order: -1; padding: 1rem 2rem; background: #fff; border-bottom: 1px solid #ddd; }
header.summary h1 { margin: 0 0 .5rem; font-size: 1.4rem; }
table.totals { border-collapse: collapse; }
table.totals th, table.totals td { padding: .2rem .8rem; border: 1px solid #ddd; text-align: right; }
td.verified { color: var(--verified); } td.contradicted { color: var(--contradicted); } td.inconsistent { color: var(--inconsistent); }
section.file { padding: 1rem 2rem; }
section.file > h2 { font-size: 1.1rem; font-family: ui-monospace, monospace; margin: .5rem 0; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 26rem; gap: 1.5rem; align-items: start; }
article.doc { background: #fff; padding: 1rem 2rem; border: 1px solid #ddd; border-radius: 6px; overflow-wrap: anywhere; }
article.doc table { border-collapse: collapse; } article.doc th, article.doc td { border: 1px solid #ccc; padding: .2rem .5rem; }
article.doc pre { background: #f3f3f3; padding: .5rem; overflow-x: auto; }
mark.claim { padding: 0; cursor: pointer; color: inherit; }
mark.verified { background: #d4f4d2; border-bottom: 2px solid var(--verified); }
mark.inconsistent { background: #ffe9bf; border-bottom: 2px solid var(--inconsistent); }
mark.contradicted { background: #ffd6d6; border-bottom: 2px solid var(--contradicted); }
mark.claim.verified.inconsistent { background: repeating-linear-gradient(135deg, #ffe9bf 0 .4em, #d4f4d2 .4em .8em); }
mark.claim.verified.contradicted { background: repeating-linear-gradient(135deg, #ffd6d6 0 .4em, #d4f4d2 .4em .8em); }
mark.related { background: transparent; border-bottom: 2px dotted #777; cursor: pointer; color: inherit; }
mark.unchecked { background: transparent; border-bottom: 2px dashed #9a9a9a; color: inherit; padding: 0; }
mark.unchecked.related { cursor: pointer; }
nav.controls { display: flex; flex-wrap: wrap; gap: .5rem 2rem; align-items: center; padding: .6rem 2rem; background: #fff; border-bottom: 1px solid #ddd; font-size: .9rem; }
nav.controls .legend { display: flex; flex-wrap: wrap; gap: .3rem 1rem; }
nav.controls mark { cursor: default; }
fieldset.filter { border: none; margin: 0; padding: 0; display: flex; gap: .8rem; }
fieldset.filter legend { float: left; font-weight: 600; margin-right: .4rem; }
body:not(.interactive) fieldset.filter { display: none; }
body[data-show="flagged"] article.doc mark.claim:not(.contradicted):not(.inconsistent),
body[data-show="flagged"] article.doc mark.unchecked:not(.related),
body[data-show="unchecked"] article.doc mark.claim,
body[data-show="unchecked"] article.doc mark.related:not(.unchecked) { background: transparent; border-bottom: none; }
body[data-show="flagged"] details.finding.verified,
body[data-show="flagged"] details.unchecked-list,
body[data-show="unchecked"] details.finding { display: none; }
body[data-show="unchecked"] details.unchecked-list { display: block; }
details.unchecked-list { background: #fff; border: 1px dashed #9a9a9a; border-radius: 4px; padding: .4rem .7rem; }
details.unchecked-list summary { cursor: pointer; }
details.unchecked-list ul { margin: .3rem 0; padding-left: 1.3rem; }
aside.panel { position: sticky; top: 0; max-height: 100vh; overflow-y: auto; font-size: .9rem; }
details.finding { background: #fff; border: 1px solid #ddd; border-left: 5px solid; border-radius: 4px; margin: 0 0 .6rem; padding: .4rem .7rem; }
details.finding.verified { border-left-color: var(--verified); }
details.finding.contradicted { border-left-color: var(--contradicted); }
details.finding.inconsistent { border-left-color: var(--inconsistent); }
details.finding.active { box-shadow: 0 0 0 3px #5b8def; }
details.finding summary { cursor: pointer; }
.badge { font-weight: 600; text-transform: uppercase; font-size: .75rem; letter-spacing: .03em; }
.verified .badge { color: var(--verified); } .contradicted .badge { color: var(--contradicted); } .inconsistent .badge { color: var(--inconsistent); }
details.finding blockquote { margin: .4rem 0; padding-left: .6rem; border-left: 3px solid #ccc; color: #444; }
details.finding ol, details.finding ul { margin: .3rem 0; padding-left: 1.3rem; }
details.finding p { margin: .3rem 0; }
p.label { font-weight: 600; font-size: .8rem; color: #555; }
.raw-html { white-space: pre-wrap; color: #666; font-family: ui-monospace, monospace; }
"#;

/// The legend and the filter, above the articles. The filter works by the
/// body's `data-show`, which the script sets (without it, the page shows
/// everything and hides the filter).
fn controls(c: &Catalogue) -> String {
    let t = |key: String| escaped(&key);
    format!(
        concat!(
            r#"<nav class="controls"><div class="legend">"#,
            r#"<mark class="claim verified">{}</mark>"#,
            r#"<mark class="claim contradicted">{}</mark>"#,
            r#"<mark class="claim inconsistent">{}</mark>"#,
            r#"<mark class="claim contradicted verified">{}</mark>"#,
            r#"<mark class="related">{}</mark>"#,
            r#"<mark class="unchecked">{}</mark></div>"#,
            r#"<fieldset class="filter"><legend>{}</legend>"#,
            r#"<label><input type="radio" name="show" value="all" checked> {}</label>"#,
            r#"<label><input type="radio" name="show" value="flagged"> {}</label>"#,
            r#"<label><input type="radio" name="show" value="unchecked"> {}</label>"#,
            "</fieldset></nav>\n"
        ),
        t(verdict(c, Verdict::Verified)),
        t(verdict(c, Verdict::Contradicted)),
        t(verdict(c, Verdict::Inconsistent)),
        t(tr!(c, "legend-both")),
        t(tr!(c, "legend-related")),
        t(tr!(c, "legend-unchecked")),
        t(tr!(c, "filter-show")),
        t(tr!(c, "filter-all")),
        t(tr!(c, "filter-flagged")),
        t(tr!(c, "filter-unchecked")),
    )
}

/// The font stack of text in `lang`, as a `style` attribute.
fn font(lang: Lang) -> String {
    format!(
        r#" style="font-family: {}""#,
        escaped(&tr!(lang.catalogue(), "html-font-family"))
    )
}

/// The attributes of an element in `lang` inside one in `outer`: none
/// when they are the same, else its `lang` and its font stack.
fn lang_attributes(lang: Lang, outer: Lang) -> String {
    if lang == outer {
        return String::new();
    }
    format!(r#" lang="{}"{}"#, lang.tag(), font(lang))
}

const SCRIPT: &str = r#"
document.body.classList.add('interactive');
document.querySelectorAll('fieldset.filter input[name="show"]').forEach(function (input) {
  input.addEventListener('change', function () {
    if (input.checked) { document.body.setAttribute('data-show', input.value); }
  });
  if (input.checked) { document.body.setAttribute('data-show', input.value); }
});
function showFindings(mark) {
  document.querySelectorAll('details.finding.active').forEach(function (d) { d.classList.remove('active'); });
  var ids = mark.getAttribute('data-findings').split(' ');
  ids.forEach(function (id) {
    var d = document.getElementById(id);
    if (d) { d.open = true; d.classList.add('active'); }
  });
  var first = document.getElementById(ids[0]);
  if (first) { first.scrollIntoView({ block: 'nearest' }); }
}
document.querySelectorAll('mark[data-findings]').forEach(function (mark) {
  mark.addEventListener('click', function () { showFindings(mark); });
  mark.addEventListener('keydown', function (e) { if (e.key === 'Enter') { showFindings(mark); } });
});
"#;

/// Escaped text, for element content and double-quoted attributes.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_html(&mut out, text).expect("writing to a String cannot fail");
    out
}

/// How serious a verdict is, for the colour of text several findings cover.
fn rank(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Verified => 0,
        Verdict::Inconsistent => 1,
        Verdict::Contradicted => 2,
    }
}

/// What covers a stretch of the article: a finding's claim, a flagged
/// finding's related span, or a figure no check covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cover {
    Claim,
    Related,
    Unchecked,
}

/// A stretch of text covered by the same findings' spans, by the same
/// flagged findings' related spans (the other statement, the premise),
/// and by an unchecked figure or not; indices ascending.
#[derive(Clone, Debug, Default, PartialEq)]
struct Segment {
    range: Range<usize>,
    findings: Vec<usize>,
    related: Vec<usize>,
    unchecked: bool,
}

/// Cuts the text the findings, flagged findings' related spans and
/// unchecked figures cover into segments at every span boundary where what
/// covers the text changes, in one sweep over the boundaries.
fn segments(findings: &[Finding], unchecked: &[Range<usize>]) -> Vec<Segment> {
    // (offset, starts, cover, index): at one offset, spans that end are
    // removed before spans that start are added.
    let mut events: Vec<(usize, bool, Cover, usize)> = Vec::new();
    let mut push = |span: &Range<usize>, cover: Cover, index: usize| {
        if !span.is_empty() {
            events.push((span.start, true, cover, index));
            events.push((span.end, false, cover, index));
        }
    };
    for (i, f) in findings.iter().enumerate() {
        push(&f.span, Cover::Claim, i);
        for r in f.related.iter().filter(|_| f.verdict.is_flag()) {
            push(&r.span, Cover::Related, i);
        }
    }
    for (i, figure) in unchecked.iter().enumerate() {
        push(figure, Cover::Unchecked, i);
    }
    events.sort_unstable();
    // How many of a finding's spans of each kind are open: related spans of
    // one finding may overlap.
    let mut open: std::collections::BTreeMap<(Cover, usize), usize> = Default::default();
    let mut out: Vec<Segment> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let at = events[i].0;
        while i < events.len() && events[i].0 == at {
            let (_, starts, cover, index) = events[i];
            let count = open.entry((cover, index)).or_default();
            if starts {
                *count += 1;
            } else {
                *count -= 1;
                if *count == 0 {
                    open.remove(&(cover, index));
                }
            }
            i += 1;
        }
        if let Some(&(next, ..)) = events.get(i)
            && !open.is_empty()
        {
            let of = |kind: Cover| -> Vec<usize> {
                open.keys()
                    .filter(|(c, _)| *c == kind)
                    .map(|(_, f)| *f)
                    .collect()
            };
            let segment = Segment {
                range: at..next,
                findings: of(Cover::Claim),
                related: of(Cover::Related),
                unchecked: !of(Cover::Unchecked).is_empty(),
            };
            // A boundary that changes nothing (one related span inside
            // another) does not cut the highlight.
            match out.last_mut() {
                Some(last)
                    if last.range.end == at
                        && last.findings == segment.findings
                        && last.related == segment.related
                        && last.unchecked == segment.unchecked =>
                {
                    last.range.end = next;
                }
                _ => out.push(segment),
            }
        }
    }
    out
}

/// The id of a finding's entry in the panel.
fn finding_id(file: usize, finding: usize) -> String {
    format!("f{}-{}", file + 1, finding + 1)
}

/// The opening `<mark>` of a segment: a claim with the class of every
/// verdict covering it, most serious first (a figure both verified and
/// contradicted is both), or, where no claim is, an unchecked figure or a
/// related span.
fn open_mark(c: &Catalogue, file: usize, findings: &[Finding], segment: &Segment) -> String {
    let describe = |i: usize| {
        let f = &findings[i];
        let mut lines = vec![tr!(
            c,
            "html-finding",
            verdict = verdict(c, f.verdict),
            check = f.check,
            message = f.message.render(c)
        )];
        lines.extend(f.steps.iter().map(|s| format!("  {}", s.render(c))));
        lines.join("\n")
    };
    let unchecked = || tr!(c, "html-unchecked");
    if segment.findings.is_empty() && segment.related.is_empty() {
        return format!(
            r#"<mark class="unchecked" title="{}">"#,
            escaped(&unchecked())
        );
    }
    let (class, covering, tooltip) = if segment.findings.is_empty() {
        let mut tooltip: Vec<String> = Vec::new();
        if segment.unchecked {
            tooltip.push(unchecked());
        }
        tooltip.extend(
            segment
                .related
                .iter()
                .map(|&i| tr!(c, "html-related-to", finding = describe(i))),
        );
        let class = if segment.unchecked {
            "unchecked related"
        } else {
            "related"
        };
        (class.to_string(), &segment.related, tooltip)
    } else {
        let mut verdicts: Vec<Verdict> = segment
            .findings
            .iter()
            .map(|&i| findings[i].verdict)
            .collect();
        verdicts.sort_by_key(|v| std::cmp::Reverse(rank(*v)));
        verdicts.dedup();
        let classes: Vec<&str> = verdicts.iter().map(|v| v.as_str()).collect();
        let tooltip = segment.findings.iter().map(|&i| describe(i)).collect();
        (
            format!("claim {}", classes.join(" ")),
            &segment.findings,
            tooltip,
        )
    };
    let ids: Vec<String> = covering.iter().map(|&i| finding_id(file, i)).collect();
    format!(
        r#"<mark class="{class}" data-findings="{}" tabindex="0" title="{}">"#,
        ids.join(" "),
        escaped(&tooltip.join("\n\n"))
    )
}

/// A link target the page may keep: http, https, mailto, or one with no
/// scheme (relative, a fragment). Anything else (`javascript:`) becomes `#`.
fn safe_url(url: &str) -> &str {
    match url.find([':', '/', '?', '#']) {
        Some(i) if url[i..].starts_with(':') => {
            let scheme = url[..i].to_ascii_lowercase();
            if matches!(scheme.as_str(), "http" | "https" | "mailto") {
                url
            } else {
                "#"
            }
        }
        _ => url,
    }
}

/// The article as HTML, with the findings' spans and the unchecked figures
/// marked.
fn render_article(
    c: &Catalogue,
    file: usize,
    document: &Document,
    findings: &[Finding],
    unchecked: &[Range<usize>],
) -> String {
    let source = document.text.as_str();
    let segments = segments(findings, unchecked);
    let events: Vec<(Event<'_>, Range<usize>)> = Parser::new_ext(source, parser_options())
        .into_offset_iter()
        .collect();
    let mut out: Vec<Event<'_>> = Vec::with_capacity(events.len());
    let mut in_comment = false;
    for (event, range) in events {
        match event {
            Event::Start(Tag::HtmlBlock) => {
                in_comment = source[range.clone()].trim_start().starts_with("<!--");
                if !in_comment {
                    out.push(Event::InlineHtml(r#"<pre class="raw-html">"#.into()));
                }
            }
            Event::End(TagEnd::HtmlBlock) => {
                if !in_comment {
                    out.push(Event::InlineHtml("</pre>".into()));
                }
                in_comment = false;
            }
            Event::Html(text) => {
                if !in_comment {
                    out.push(Event::Text(text));
                }
            }
            Event::InlineHtml(text) => {
                if !text.starts_with("<!--") {
                    out.push(Event::Text(text));
                }
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                let image = escaped(&tr!(c, "html-image"));
                out.push(Event::InlineHtml(
                    format!(
                        r#"<span class="image" title="{image}{}">[{image}"#,
                        escaped(&dest_url)
                    )
                    .into(),
                ));
            }
            Event::End(TagEnd::Image) => out.push(Event::InlineHtml("]</span>".into())),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let dest_url = CowStr::from(safe_url(&dest_url).to_string());
                out.push(Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }));
            }
            Event::Text(text) => {
                mark_text(&mut out, c, file, source, findings, &segments, text, range)
            }
            // The audit reads math as prose: a finding in it is marked on
            // the math as written, dollar signs and all.
            Event::InlineMath(_) | Event::DisplayMath(_)
                if segments
                    .get(segments.partition_point(|s| s.range.end <= range.start))
                    .is_some_and(|s| s.range.start < range.end) =>
            {
                let class = match event {
                    Event::DisplayMath(_) => "math math-display",
                    _ => "math math-inline",
                };
                out.push(Event::InlineHtml(
                    format!(r#"<span class="{class}">"#).into(),
                ));
                let written = CowStr::from(&source[range.clone()]);
                mark_text(
                    &mut out, c, file, source, findings, &segments, written, range,
                );
                out.push(Event::InlineHtml("</span>".into()));
            }
            other => out.push(other),
        }
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    html
}

/// A text event, cut at the segments that overlap it.
#[allow(clippy::too_many_arguments)]
fn mark_text<'a>(
    out: &mut Vec<Event<'a>>,
    c: &Catalogue,
    file: usize,
    source: &'a str,
    findings: &[Finding],
    segments: &[Segment],
    text: CowStr<'a>,
    range: Range<usize>,
) {
    let first = segments.partition_point(|s| s.range.end <= range.start);
    let overlapping: Vec<&Segment> = segments[first..]
        .iter()
        .take_while(|s| s.range.start < range.end)
        .collect();
    if overlapping.is_empty() {
        out.push(Event::Text(text));
        return;
    }
    let close = || Event::InlineHtml("</mark>".into());
    if source.get(range.clone()) != Some(text.as_ref()) {
        let union = |part: fn(&Segment) -> &Vec<usize>| -> Vec<usize> {
            let all: BTreeSet<usize> = overlapping
                .iter()
                .flat_map(|s| part(s).iter().copied())
                .collect();
            all.into_iter().collect()
        };
        let whole = Segment {
            range: range.clone(),
            findings: union(|s| &s.findings),
            related: union(|s| &s.related),
            unchecked: overlapping.iter().any(|s| s.unchecked),
        };
        out.push(Event::InlineHtml(
            open_mark(c, file, findings, &whole).into(),
        ));
        out.push(Event::Text(text));
        out.push(close());
        return;
    }
    let mut at = range.start;
    for segment in overlapping {
        let from = segment.range.start.max(range.start);
        let to = segment.range.end.min(range.end);
        if from > at {
            out.push(Event::Text(source[at..from].into()));
        }
        out.push(Event::InlineHtml(
            open_mark(c, file, findings, segment).into(),
        ));
        out.push(Event::Text(source[from..to].into()));
        out.push(close());
        at = to;
    }
    if at < range.end {
        out.push(Event::Text(source[at..range.end].into()));
    }
}

fn panel_entry(
    html: &mut String,
    c: &Catalogue,
    file: usize,
    index: usize,
    document: &Document,
    f: &Finding,
) {
    let (line, column) = document.line_col(f.span.start);
    html.push_str(&format!(
        r#"<details class="finding {}" id="{}"{}><summary><span class="badge">{}</span> {} · {line}:{column} — {}</summary>"#,
        f.verdict.as_str(),
        finding_id(file, index),
        if f.verdict.is_flag() { " open" } else { "" },
        escaped(&verdict(c, f.verdict)),
        escaped(f.check),
        escaped(&f.message.render(c)),
    ));
    html.push_str(&format!(
        "<blockquote>{}</blockquote>",
        escaped(&document.text[f.span.clone()])
    ));
    let label = |key: String| format!(r#"<p class="label">{}</p>"#, escaped(&key));
    if !f.steps.is_empty() {
        html.push_str(&label(tr!(c, "label-steps")));
        html.push_str(r#"<ol class="steps">"#);
        for step in &f.steps {
            html.push_str(&format!("<li>{}</li>", escaped(&step.render(c))));
        }
        html.push_str("</ol>");
    }
    if !f.related.is_empty() {
        html.push_str(&label(tr!(c, "label-related")));
        html.push_str(r#"<ul class="related">"#);
        for r in &f.related {
            let (line, column) = document.line_col(r.span.start);
            let item = tr!(
                c,
                "html-related",
                location = format!("{line}:{column}"),
                text = &document.text[r.span.clone()],
                note = r.note.render(c)
            );
            html.push_str(&format!("<li>{}</li>", escaped(&item)));
        }
        html.push_str("</ul>");
    }
    if !f.sources.is_empty() {
        html.push_str(&label(tr!(c, "label-sources")));
        html.push_str(r#"<ul class="sources">"#);
        for s in &f.sources {
            html.push_str(&format!(
                r#"<li><a href="{}" rel="noreferrer">{}</a></li>"#,
                escaped(safe_url(&s.url)),
                escaped(&s.title)
            ));
        }
        html.push_str("</ul>");
    }
    if let Some(help) = &f.help {
        html.push_str(&format!(
            r#"<p class="help">{}</p>"#,
            escaped(&help.render(c))
        ));
    }
    html.push_str("</details>");
}

/// The panel's list of the figures no check covered, under the findings.
fn unchecked_list(
    html: &mut String,
    c: &Catalogue,
    document: &Document,
    unchecked: &[Range<usize>],
) {
    if unchecked.is_empty() {
        return;
    }
    html.push_str(&format!(
        r#"<details class="unchecked-list"><summary>{}</summary><ul>"#,
        escaped(&tr!(c, "html-unchecked-list", count = unchecked.len()))
    ));
    for figure in unchecked {
        let (line, column) = document.line_col(figure.start);
        let item = tr!(
            c,
            "html-figure",
            location = format!("{line}:{column}"),
            text = &document.text[figure.clone()]
        );
        html.push_str(&format!("<li>{}</li>", escaped(&item)));
    }
    html.push_str("</ul></details>\n");
}

/// The totals, written after the last file (only then are they known) and
/// shown first by the style sheet's `order`.
fn summary(c: &Catalogue, totals: Totals) -> String {
    let columns: String = summary_columns(c)
        .iter()
        .map(|column| format!("<th>{}</th>", escaped(column)))
        .collect();
    format!(
        concat!(
            r#"<header class="summary"><h1>{}</h1><table class="totals"><tr>{}</tr>"#,
            r#"<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class="verified">{}</td><td class="contradicted">{}</td><td class="inconsistent">{}</td><td>{}</td><td>{}</td></tr></table></header>"#,
            "\n"
        ),
        escaped(&tr!(c, "report-title")),
        columns,
        totals.files,
        totals.coverage.figures,
        totals.coverage.verified + totals.coverage.flagged,
        totals.coverage.unchecked,
        totals.verified,
        totals.contradicted,
        totals.inconsistent,
        totals.suppressed,
        totals.baselined
    )
}

/// The page up to the articles, in the run's language: head, style sheet,
/// legend and filter.
fn page_start(lang: Lang, out: &mut dyn Write) -> io::Result<()> {
    let c = lang.catalogue();
    write!(
        out,
        concat!(
            "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ",
            "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n",
            "<title>{}</title>\n<style>"
        ),
        lang.tag(),
        escaped(&tr!(c, "report-title"))
    )?;
    out.write_all(STYLE.as_bytes())?;
    // The style sheet's fonts are an English page's; the page's language
    // is on <html>.
    let body_font = if lang == Lang::En {
        String::new()
    } else {
        font(lang)
    };
    writeln!(out, "</style>\n</head>\n<body{body_font}>")?;
    out.write_all(controls(c).as_bytes())
}

impl Emitter for Html {
    fn file(&mut self, report: &FileReport, out: &mut dyn Write) -> io::Result<()> {
        let first = !self.run.started();
        let lang = self.run.file(report);
        if first {
            page_start(self.run.lang(), out)?;
        }
        let c = lang.catalogue();
        let file = self.totals.files;
        self.totals.add(report);
        let document = &report.document;
        let mut html = format!(
            "<section class=\"file\"{}>\n<h2>{}</h2>\n<p class=\"counts\">{}</p>\n<div class=\"layout\">\n<article class=\"doc\">\n",
            lang_attributes(lang, self.run.lang()),
            escaped(&document.path.display().to_string()),
            escaped(&Totals::of(report).sentence(c)),
        );
        let unchecked = report.unchecked();
        html.push_str(&render_article(
            c,
            file,
            document,
            &report.findings,
            &unchecked,
        ));
        html.push_str("</article>\n<aside class=\"panel\">\n");
        for (index, f) in report.findings.iter().enumerate() {
            panel_entry(&mut html, c, file, index, document, f);
            html.push('\n');
        }
        unchecked_list(&mut html, c, document, &unchecked);
        html.push_str("</aside>\n</div>\n</section>\n");
        out.write_all(html.as_bytes())
    }

    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if !self.run.started() {
            page_start(self.run.lang(), out)?;
        }
        out.write_all(summary(self.run.lang().catalogue(), self.totals).as_bytes())?;
        out.write_all(b"<script>")?;
        out.write_all(SCRIPT.as_bytes())?;
        out.write_all(b"</script>\n</body>\n</html>\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an unchecked figure's tooltip says in English.
    const UNCHECKED: &str = "unchecked: no check covered this figure";

    fn en() -> &'static Catalogue {
        Lang::En.catalogue()
    }

    fn finding(verdict: Verdict, span: Range<usize>) -> Finding {
        Finding {
            verdict,
            check: "arithmetic",
            label_span: span.clone(),
            span,
            label: crate::msg!("label-as-written", text = ""),
            message: crate::msg!("message-not", computed = "m <b>", claim = "n"),
            steps: vec![crate::check::finding::as_written("1 < 2")],
            related: Vec::new(),
            sources: Vec::new(),
            help: None,
        }
    }

    #[test]
    fn overlapping_findings_split_into_segments() {
        let findings = [
            finding(Verdict::Verified, 0..10),
            finding(Verdict::Contradicted, 5..15),
        ];
        let cut: Vec<(Range<usize>, Vec<usize>)> = segments(&findings, &[])
            .into_iter()
            .map(|s| (s.range, s.findings))
            .collect();
        assert_eq!(
            cut,
            [(0..5, vec![0]), (5..10, vec![0, 1]), (10..15, vec![1])]
        );
        // The shared segment is both, the more serious first; each alone
        // is its own.
        let cut = segments(&findings, &[]);
        let class = |i: usize| {
            let mark = open_mark(en(), 0, &findings, &cut[i]);
            mark[..mark.find(" data-findings").unwrap()].to_string()
        };
        assert_eq!(class(0), r#"<mark class="claim verified""#);
        assert_eq!(class(1), r#"<mark class="claim contradicted verified""#);
        assert_eq!(class(2), r#"<mark class="claim contradicted""#);
    }

    #[test]
    fn unchecked_figures_are_marked_apart_from_plain_text_and_claims() {
        let text = "It has 8 GPUs and 640 GB: 8 × 80 GB = 640 GB.";
        let doc = Document::new("a.md", text.into());
        let claim = text.find("8 ×").unwrap()..text.len() - 1;
        let figure = text.find("640 GB:").unwrap()..text.find(':').unwrap();
        let eight = 7..13;
        let html = render_article(
            en(),
            0,
            &doc,
            &[finding(Verdict::Verified, claim)],
            &[eight, figure],
        );
        assert!(
            html.contains(&format!(
                r#"It has <mark class="unchecked" title="{UNCHECKED}">8 GPUs</mark> and <mark class="unchecked" title="{UNCHECKED}">640 GB</mark>: <mark class="claim verified""#
            )),
            "{html}"
        );
        // An unchecked figure inside a flagged finding's related span is
        // both, and opens the finding.
        let mut flagged = finding(Verdict::Inconsistent, 30..35);
        flagged.related = vec![crate::check::finding::Related {
            span: 5..15,
            note: crate::msg!("note-stated-here-too"),
        }];
        let eight = 7..13;
        let cut = segments(std::slice::from_ref(&flagged), std::slice::from_ref(&eight));
        assert_eq!(
            cut.iter()
                .map(|s| (s.range.clone(), s.unchecked))
                .collect::<Vec<_>>(),
            [
                (5..7, false),
                (7..13, true),
                (13..15, false),
                (30..35, false)
            ]
        );
        let mark = open_mark(en(), 0, std::slice::from_ref(&flagged), &cut[1]);
        assert!(
            mark.starts_with(r#"<mark class="unchecked related" data-findings="f1-1""#),
            "{mark}"
        );
    }

    #[test]
    fn a_flagged_findings_related_spans_are_marked_where_no_claim_is() {
        let related = |span: Range<usize>| crate::check::finding::Related {
            span,
            note: crate::msg!("note-stated-here-too"),
        };
        let mut flagged = finding(Verdict::Inconsistent, 20..25);
        flagged.related = vec![related(0..8), related(4..8), related(20..22)];
        let mut verified = finding(Verdict::Verified, 30..35);
        verified.related = vec![related(36..40)];
        let findings = [flagged, verified];
        let cut = segments(&findings, &[]);
        let seg = |range: Range<usize>, findings: Vec<usize>, related: Vec<usize>| Segment {
            range,
            findings,
            related,
            unchecked: false,
        };
        assert_eq!(
            cut,
            [
                seg(0..8, vec![], vec![0]),
                seg(20..22, vec![0], vec![0]),
                seg(22..25, vec![0], vec![]),
                seg(30..35, vec![1], vec![]),
            ]
        );
        let mark = open_mark(en(), 0, &findings, &cut[0]);
        assert!(
            mark.starts_with(r#"<mark class="related" data-findings="f1-1""#),
            "{mark}"
        );
        assert!(mark.contains("title=\"related to inconsistent"), "{mark}");
    }

    #[test]
    fn marks_go_where_the_offsets_say_inside_markup() {
        let text = "Eight cards: **8 × 80 GB = 640 GB** in all.";
        let start = text.find("8 ×").unwrap();
        let end = text.find(" in all").unwrap() - 2;
        let doc = Document::new("a.md", text.into());
        let html = render_article(
            en(),
            0,
            &doc,
            &[finding(Verdict::Verified, start..end)],
            &[],
        );
        assert!(
            html.contains(r#"<strong><mark class="claim verified" data-findings="f1-1""#),
            "{html}"
        );
        assert!(
            html.contains(">8 × 80 GB = 640 GB</mark></strong>"),
            "{html}"
        );
        // The tooltip is escaped.
        assert!(html.contains("m &lt;b&gt;"), "{html}");
    }

    #[test]
    fn findings_in_math_are_marked_on_the_math_as_written() {
        let text = r"A node: $8 \times 80\,\text{GB} = 700\,\text{GB}$ in all, and $x^2$.";
        let start = text.find("700").unwrap();
        let end = text.find("$ in all").unwrap();
        let doc = Document::new("a.md", text.into());
        let html = render_article(
            en(),
            0,
            &doc,
            &[finding(Verdict::Contradicted, start..end)],
            &[],
        );
        assert!(
            html.contains(r#"<span class="math math-inline">$8 \times 80\,\text{GB} = <mark"#),
            "{html}"
        );
        assert!(
            html.contains(r#">700\,\text{GB}</mark>$</span> in all"#),
            "{html}"
        );
        // Math without a finding is rendered as before.
        assert!(
            html.contains(r#"<span class="math math-inline">x^2</span>"#),
            "{html}"
        );
    }

    #[test]
    fn text_that_differs_from_its_source_is_marked_whole() {
        // "&times;" is one text event "×" over seven source bytes.
        let text = "Area: 5 &times; 5 = 25 m2.";
        let start = text.find("5 ").unwrap();
        let end = text.find(" m2").unwrap();
        let doc = Document::new("a.md", text.into());
        let html = render_article(
            en(),
            0,
            &doc,
            &[finding(Verdict::Contradicted, start..end)],
            &[],
        );
        assert!(
            html.contains(r#"tabindex="0" title="contradicted · arithmetic: m &lt;b&gt;"#),
            "{html}"
        );
        assert!(html.contains(">×</mark>"), "{html}");
        assert!(html.contains(">5 </mark>"), "{html}");
        assert!(html.contains("> 5 = 25</mark> m2."), "{html}");
    }

    #[test]
    fn the_article_cannot_inject_markup_or_load_anything() {
        let text = "<script>alert(1)</script>\n\nText <b onclick=\"x()\">bold</b> \
                    [link](javascript:alert(1)) [ok](https://example.org) \
                    ![pic](https://example.org/p.png)\n\n<!-- audit-ignore -->\n";
        let doc = Document::new("a.md", text.into());
        let html = render_article(en(), 0, &doc, &[], &[]);
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(!html.contains("<b "), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(html.contains(r#"href="https://example.org""#), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("audit-ignore"), "{html}");
    }
}
