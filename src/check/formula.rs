//! `formula`: a derived figure that breaks a standard relation, with its
//! inputs taken from the article and the knowledge base.
//!
//! Catches a figure that follows from others by a relation in
//! `claims/formulas.yaml` (training compute = 6 × parameters × tokens;
//! GPU-hours = compute ÷ effective throughput; cost = GPU-hours × price;
//! power = accelerators × power per accelerator; memory = parameters × bytes
//! per parameter; total memory = accelerators × memory each; …) but does not
//! agree with them. Each figure gets a kind from its unit and cue words; each
//! other variable of the relation binds to the nearest figure of its kind
//! stated before it (premises come before conclusions) in its sentence, its
//! paragraph or its section, a few sentences back at most,
//! then to the knowledge base through a named entity ("H100" gives 700 W
//! TDP, 80 GB, 989 TFLOPS BF16 dense).
//!
//! Why it matters: the errors that matter most sit between claims: GPU-hours
//! the stated utilisation cannot give, a cost that is not hours × price.
//!
//! A figure is only checked when at least one input stands in its own
//! sentence, and not when it is a step of a stated calculation (the
//! arithmetic check has those). A rule of thumb (20 tokens per parameter)
//! only ever verifies. Hedges decide: "约三亿卡时" holds against 3.37×10⁸.
//! The size a model's name gives ("Llama 3.1 70B") rounds its count of
//! weights, and reaches as far as "about" (5%).
//!
//! Some figures are no result of the article's premises: where a change
//! starts ("up from 241,000 MWh in FY2023"), the size of each of a counted
//! set ("8 颗 24 GB 堆栈"), what things the knowledge base does not know
//! hold ("three T2s (864 GB)"), a spare count ("预留 400 块冗余"), and a
//! requirement beside the cards that meet it (the bound check's).
//!
//! Example:
//!
//! ```text
//! 两万亿参数 … 四十万亿 token … 总账 4.8×10²⁶     verified: 6 × 2×10¹² × 4×10¹³
//! the 12,500 servers at 10.2 kW need 95 MW      contradicted: 127.5 MW
//! ```

use std::ops::Range;

use crate::check::finding::{Finding, Related, SourceRef, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues};
use crate::claim::extract::calculations;
use crate::claim::kind::Typed;
use crate::kb::formula::{Relation, Strength, relations};
use crate::kb::{FactValue, Kb, Kind, Mention, folded};
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::lexicon::Hedge;
use crate::number::quantity::{Quantity, Token};
use crate::read::markdown::BlockKind;
use crate::read::segment::{at_most_chars, first_chars, last_chars};
use crate::units::{Base, Dimension};

pub struct Formula;

impl Check for Formula {
    fn code(&self) -> &'static str {
        "formula"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("formula.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        let text = input.doc.text.as_str();
        let typed = input.typed();
        let stated: Vec<Range<usize>> = input
            .sentences
            .iter()
            .flat_map(|s| calculations(&s.tokens, text))
            .map(|c| c.span())
            .collect();
        let mut section = 0;
        let sections = input
            .blocks
            .iter()
            .map(|b| {
                if b.kind == BlockKind::Heading {
                    section += 1;
                }
                section
            })
            .collect();
        let scope = Scope {
            input,
            typed,
            sections,
        };
        for (index, claim) in typed.iter().enumerate() {
            // Calculations are in document order and do not overlap: the
            // one that may hold the claim is the last to start before it.
            let at = stated.partition_point(|c| c.start <= claim.quantity.span.start);
            let in_calculation = at > 0 && claim.quantity.span.end <= stated[at - 1].end;
            if in_calculation || claim.beside_card {
                continue;
            }
            if let Some(f) = check(&scope, index) {
                findings.push(f);
            }
        }
    }
}

struct Scope<'s, 'a> {
    input: &'s Input<'a>,
    typed: &'a [Typed<'a>],
    /// The section of each block: blocks after a heading share its index.
    sections: Vec<usize>,
}

/// Where a variable's value came from.
#[derive(Clone)]
enum Origin {
    Text(Range<usize>),
    Kb {
        label: String,
        source: Option<SourceRef>,
    },
}

#[derive(Clone)]
struct Binding {
    kind: String,
    value: Interval,
    shown: String,
    origin: Origin,
    same_sentence: bool,
}

struct Outcome<'r> {
    relation: &'r Relation,
    bindings: Vec<Binding>,
    expected: Interval,
    holds: bool,
}

fn check(scope: &Scope, index: usize) -> Option<Finding> {
    let claim = &scope.typed[index];
    // "一天合計…", "a month of idling": one unit of time frames the figures
    // around it, and is no result of them.
    let q = claim.quantity;
    if q.dimension() == Dimension::of(Base::Second) && q.number.nominal == 1.0 {
        return None;
    }
    // "four A100 80GB SXM GPUs": a figure inside a name is part of the name.
    let in_a_name = scope
        .input
        .facts
        .names(claim.sentence)
        .iter()
        .any(|m| m.span.start <= q.span.start && q.span.end <= m.span.end);
    if in_a_name
        || sizes_each_counted(scope.input.doc.text.as_str(), q)
        || glosses_unknown_things(scope, claim)
        || where_a_change_starts(scope.input.doc.text.as_str(), q)
    {
        return None;
    }
    let mut outcomes = Vec::new();
    for relation in relations()
        .iter()
        .filter(|r| r.kinds().any(|k| k == claim.kind))
    {
        // "比兩張 4090 的 48GB" after "5090 一張 32GB": a count of one
        // product and a per-unit figure of another make no total.
        if let Some(o) = evaluate(scope, index, relation)
            && !crosses_subjects(scope, claim, &o)
        {
            outcomes.push(o);
        }
    }
    // Solved from a whole with more parts, a figure is only bounded: it
    // neither holds nor fails by the equation.
    if let Some(o) = outcomes
        .iter()
        .find(|o| o.holds && (claim.kind == o.relation.result || !from_a_whole(scope, o)))
    {
        return Some(finding(scope, claim, o, Verdict::Verified));
    }
    // A mismatch counts only under a law, only when every premise from the
    // text stands in the claim's own sentence (a premise sentences away may
    // be about something else), and only within a factor of 10⁵ (a figure
    // further off is about something else: "少 1 字节").
    let claimed = claim.quantity.claimed(false, false).nominal;
    outcomes
        .iter()
        .filter(|o| o.relation.strength == Strength::Law)
        .filter(|o| {
            let ratio = (claimed / o.expected.nominal).abs();
            ratio.is_finite() && (1e-5..=1e5).contains(&ratio)
        })
        .filter(|o| {
            let whole = claim.kind == o.relation.result
                && (has_more_parts(scope, claim, o.relation)
                    || beside_a_pue(scope, claim, o.relation));
            !whole || claim.quantity.claimed(false, false).hi < o.expected.lo
        })
        .filter(|o| {
            !(claim.kind == o.relation.result && names_another_thing(scope, claim, o.relation))
        })
        // Premises that give no possible value are about something else: a
        // utilisation over 100%, fewer than one thing counted, and a count
        // of one ("一顆 B300 的 288 GB"), which multiplies nothing.
        .filter(|o| {
            possible(claim, o)
                && o.bindings
                    .iter()
                    .all(|b| !(counted(&b.kind) && b.value.nominal == 1.0))
        })
        // "每个机柜放 4 台八卡服务器 … 60 个机柜共 1,920 张": racks and servers
        // are both nodes to a relation, but not the same nodes.
        .filter(|o| !mixes_racks_and_servers(scope, o))
        // "| 显存需求 | … | 4×A100 80GB |": what a workload needs is at most
        // what the cards hold, which is the bound check's to weigh.
        .filter(|o| !(o.relation.id == "total-memory" && is_a_requirement(scope, claim)))
        // "四卡可用 288 GB": a usable or effective figure is at most what the
        // relation gives, unless the relation holds the efficiency itself
        // (a utilisation).
        .filter(|o| {
            let bounded = claim.kind == o.relation.result
                && is_usable(scope, claim)
                && o.relation.kinds().all(|k| k != "utilisation");
            !bounded || claim.quantity.claimed(false, false).lo > o.expected.hi
        })
        // "一天大概掛 6 小時 … 一天約 3.37 度": over a day, a month or a year,
        // with a shorter time of use stated before, the whole period only
        // bounds what is used in it.
        .filter(|o| {
            let bounded = claim.kind == o.relation.result && used_part_time(scope, claim, o);
            !bounded || claim.quantity.claimed(false, false).lo > o.expected.hi
        })
        // "idles 1,024 GPUs for 1.5 hours, so the 20 outages cost 30,720
        // GPU-hours": a count the relation leaves out may be a factor.
        .filter(|o| !scaled_by_another_count(scope, index, o))
        // "300 MW … at a capacity factor of 35%, about 920 GWh a year": a
        // share of the sentence the relation leaves out may scale it too.
        .filter(|o| !scaled_by_a_share(scope, index, o))
        // "768 GPUs for 208 minutes plus 320 GPUs for 105 minutes, about
        // 3,222 GPU-hours": with each premise stated twice or more, the
        // result may total the relation over them.
        .filter(|o| !(claim.kind == o.relation.result && several_instances(scope, index, o)))
        // "At the 40% MFU we sustain — about 396 TFLOPS per GPU": a
        // throughput right after a utilisation may be the one achieved.
        .filter(|o| !achieved_after_utilisation(scope, index, o))
        // "24 小時滿載 65W，一年也只用約 569 度電": another figure of a
        // premise's kind in the claim's own sentence is a reading too.
        .filter(|o| !held_by_another_in_sentence(scope, index, o))
        // "一天合計約 9.48 度": a total of parts stated before is bounded
        // by one part's premises, not given by them.
        .filter(|o| {
            let bounded = claim.kind == o.relation.result && totals_earlier_parts(scope, index);
            !bounded || claim.quantity.claimed(false, false).hi < o.expected.lo
        })
        // "一天約 9.48 度，一個月（30天）約 284.4 度": a figure of the claim's
        // kind before it, times a number of the sentence, is a reading too.
        .filter(|_| !scales_an_earlier_figure(scope, index))
        // "同樣 20 MW 約可放 1,960 台": a figure the article stated before, in
        // the same kind and value, is its given, not a result worked here.
        .filter(|_| !restates_an_earlier_figure(scope, index))
        .filter(|_| !bare_of_measured_kind(claim))
        // "每節點 10.2 kW，48 個節點合共 489.6 kW；推理分區每節點 2.5 kW，合共
        // 40 kW": a premise with a figure of the claim's kind between it and
        // the claim is that figure's, not the claim's.
        .filter(|o| !taken_by_an_earlier_result(scope, claim, o))
        // "each with eight 80 GB GPUs, so every node exposes 640 GB and the
        // cluster as a whole has 512 GPUs": a result given by a figure of
        // the claim's kind stated before it is that figure's, and solves for
        // no later one.
        .filter(|o| !given_by_an_earlier_figure(scope, claim, o))
        // "DGX B200 lists 1,440 GB across its eight GPUs": a figure a system
        // named in its clause records itself is that system's spec, which
        // its own cards' figures as sold apart do not overrule.
        .filter(|_| !recorded_by_named_system(scope, claim))
        // "1,024 卡；节点内 NVLink 带宽 400 GB/s": a figure the card's own
        // spec gives, with no word making it a total, is that spec.
        .filter(|o| !restates_a_card_fact(scope, claim, o))
        // "兩張 800W 等於省 350W": a saving or a change is a difference,
        // which no product gives.
        .filter(|_| !states_a_difference(scope, claim))
        // "QLoRA 把 32B 模型的权重压到约 16 GB": beside a model's size the
        // figure is the model's, not what the cards hold.
        .filter(|o| !(counts_cards(o.relation) && beside_a_model(scope, claim)))
        // "a card with 48 GB of VRAM runs a 14B model": memory a device is
        // said to have is its capacity, not what the weights take.
        .filter(|o| !(o.relation.id == "weights-memory" && held_by_a_device(scope, claim)))
        // "a 14B model leaves ~14 GB": a size written as the model's label
        // is given, never solved for from the figures around it.
        .filter(|o| claim.kind == o.relation.result || !labels_a_model(scope, claim))
        // "一个 40 kW 机柜最多放 3 台，即 24 张卡": solved from a whole with
        // more parts (a rack's budget), a figure is only bounded.
        .filter(|o| claim.kind == o.relation.result || !from_a_whole(scope, o))
        .find(|o| {
            let local = |b: &Binding| b.same_sentence && matches!(b.origin, Origin::Text(_));
            o.bindings.iter().all(|b| {
                b.same_sentence
                    || matches!(b.origin, Origin::Kb { .. })
                    || o.bindings.iter().any(local) && sole_in_paragraph(scope, claim, b)
            })
        })
        .map(|o| finding(scope, claim, o, Verdict::Contradicted))
        .or_else(|| {
            let o = from_fleets(scope, index)?;
            Some(finding(scope, claim, &o, Verdict::Verified))
        })
}

/// Whether the relation's result was bound to a stated whole with more
/// parts than it counts.
fn from_a_whole(scope: &Scope, o: &Outcome) -> bool {
    o.bindings.iter().any(|b| {
        let Origin::Text(span) = &b.origin else {
            return false;
        };
        b.kind == o.relation.result
            && scope
                .typed
                .binary_search_by_key(&span.start, |t| t.quantity.span.start)
                .is_ok_and(|i| {
                    has_more_parts(scope, &scope.typed[i], o.relation)
                        || beside_a_pue(scope, &scope.typed[i], o.relation)
                })
    })
}

/// Whether the claim's sentence states a PUE that the relation leaves out:
/// "合计约 2.87 MW；PUE 取 1.3，总功率约 3.73 MW". There a power or energy
/// may be the facility's, which the IT load bounds only from below.
fn beside_a_pue(scope: &Scope, claim: &Typed, relation: &Relation) -> bool {
    relation.kinds().all(|k| k != "pue")
        && scope
            .typed
            .iter()
            .any(|t| t.sentence == claim.sentence && t.kind == "pue")
}

/// Words for a rack and for a server, either of which a relation may count
/// as a node.
const RACKS: [&str; 6] = ["机柜", "機櫃", "柜", "櫃", "rack", "Rack"];
const SERVERS: [&str; 8] = [
    "服务器",
    "伺服器",
    "台",
    "server",
    "Server",
    "node",
    "节点",
    "節點",
];

/// Whether the figures of a relation's outcome count nodes in racks and
/// per server at once (the words right after each figure say which).
fn mixes_racks_and_servers(scope: &Scope, o: &Outcome) -> bool {
    let text = scope.input.doc.text.as_str();
    let noun = |span: &Range<usize>| {
        let end = (span.end + 12).min(text.len());
        let end = (span.end..=end)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(span.end);
        let near = &text[span.start..end];
        let rack = RACKS.iter().any(|w| near.contains(w));
        let server = SERVERS.iter().any(|w| near.contains(w));
        (rack, server)
    };
    let nouns: Vec<(bool, bool)> = o
        .bindings
        .iter()
        .filter(|b| ["node_count", "accelerators_per_node"].contains(&b.kind.as_str()))
        .filter_map(|b| match &b.origin {
            Origin::Text(span) => Some(noun(span)),
            Origin::Kb { .. } => None,
        })
        .collect();
    let racks = nouns.iter().any(|&(rack, server)| rack && !server);
    let servers = nouns.iter().any(|&(rack, server)| server && !rack);
    racks && servers
}

/// Kinds that count whole things.
fn counted(kind: &str) -> bool {
    ["accelerator_count", "node_count", "event_count"].contains(&kind)
}

/// Whether the value a relation gives the claim is one its kind can take:
/// a share at most 100%, a count at least one.
fn possible(claim: &Typed, o: &Outcome) -> bool {
    let share = Cues::builtin()
        .kinds()
        .iter()
        .any(|k| k.name == claim.kind && k.share);
    !(share && o.expected.lo > 1.0 || counted(&claim.kind) && o.expected.nominal < 1.0)
}

/// Whether a count stated in the claim's sentence before it, which the
/// relation does not hold, makes the relation hold as a factor of its
/// result: the claim is then a multiple of what the relation gives.
fn scaled_by_another_count(scope: &Scope, index: usize, o: &Outcome) -> bool {
    let claim = &scope.typed[index];
    let bound = |t: &Typed| {
        o.bindings
            .iter()
            .any(|b| matches!(&b.origin, Origin::Text(span) if *span == t.quantity.span))
    };
    let claimed = claim.quantity.claimed(false, false);
    scope
        .typed
        .iter()
        .filter(|t| {
            t.sentence == claim.sentence && t.quantity.span.end <= claim.quantity.span.start
        })
        .filter(|t| counted(&t.kind) && !bound(t))
        .map(|t| t.quantity.premise().nominal)
        .filter(|n| *n >= 2.0)
        .any(|n| {
            [n, 1.0 / n]
                .iter()
                .any(|k| claimed.meets_within(&o.expected.scale(*k), scope.input.tolerance))
        })
}

/// Whether two or more of the relation's premises from the text are each
/// stated more than once before the claim in its sentence.
fn several_instances(scope: &Scope, index: usize, o: &Outcome) -> bool {
    let claim = &scope.typed[index];
    let from = scope.typed.partition_point(|t| t.sentence < claim.sentence);
    let before = &scope.typed[from..index];
    let repeated = o
        .bindings
        .iter()
        .filter(|b| matches!(b.origin, Origin::Text(_)))
        .filter(|b| before.iter().filter(|t| t.kind == b.kind).count() >= 2)
        .count();
    repeated >= 2
}

/// Whether a share stated in the claim's sentence, before or after it
/// ("about 657 GWh a year at its modelled 25% capacity factor"), which the
/// relation leaves out, makes the relation hold as a factor of its result.
fn scaled_by_a_share(scope: &Scope, index: usize, o: &Outcome) -> bool {
    let claim = &scope.typed[index];
    let claimed = claim.quantity.claimed(false, false);
    let bound = |q: &Quantity| {
        o.bindings
            .iter()
            .any(|b| matches!(&b.origin, Origin::Text(span) if *span == q.span))
    };
    scope.input.sentences[claim.sentence]
        .tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(q) if q.is_share || q.unit.label == "%" => Some(q),
            _ => None,
        })
        .filter(|q| !bound(q))
        .map(|q| q.premise().nominal)
        .filter(|share| *share > 0.0 && *share < 1.0)
        .any(|share| {
            [share, 1.0 / share]
                .iter()
                .any(|k| claimed.meets_within(&o.expected.scale(*k), scope.input.tolerance))
        })
}

/// Whether the relation holds when its premises from the text are taken
/// from the other figures of their kinds stated before the claim in its
/// sentence, or, for a premise from an earlier sentence, in reach before
/// it (at most a few each, so the search stays small).
fn held_by_another_in_sentence(scope: &Scope, index: usize, o: &Outcome) -> bool {
    const MOST: usize = 3;
    let claim = &scope.typed[index];
    let from = scope.typed.partition_point(|t| t.sentence < claim.sentence);
    let before = &scope.typed[from..index];
    let choices: Vec<Vec<Binding>> = o
        .bindings
        .iter()
        .map(|b| {
            let mut readings = vec![b.clone()];
            let other = |t: &&Typed| {
                t.kind == b.kind && !matches!(&b.origin, Origin::Text(s) if *s == t.quantity.span)
            };
            if matches!(b.origin, Origin::Text(_)) {
                readings.extend(
                    before
                        .iter()
                        .rev()
                        .filter(other)
                        .take(MOST)
                        .map(|t| text_binding(scope, claim, &b.kind, t)),
                );
            }
            // Taken from sentences before, a premise has for readings the
            // other figures of its kind in reach: "127,100 GPU-hours … the
            // run consumed 1,032,192 GPU-hours … the lost time is worth
            // about $267,000".
            // A figure of the premise's dimension typed as another kind
            // ("每卡发送 24.5 GB" is per card) is one too.
            if let Some(bound) = bound_figure(scope, b).filter(|_| !b.same_sentence) {
                let dimension = bound.quantity.dimension();
                readings.extend(
                    scope.typed[..index]
                        .iter()
                        .rev()
                        .take_while(|t| claim.sentence - t.sentence <= REACH)
                        .filter(|t| scope.sections.get(t.block) == scope.sections.get(claim.block))
                        .filter(|t| t.quantity.span != bound.quantity.span)
                        .filter(|t| t.kind == b.kind || t.quantity.dimension() == dimension)
                        .filter(|t| {
                            !matches!(t.quantity.hedge, Some(Hedge::AtLeast | Hedge::AtMost))
                        })
                        .take(MOST)
                        .map(|t| text_binding(scope, claim, &b.kind, t)),
                );
            }
            readings
        })
        .collect();
    if choices.iter().all(|c| c.len() == 1) {
        return false;
    }
    combinations(&choices).into_iter().any(|bindings| {
        outcome(claim, o.relation, bindings, scope.input.tolerance).is_some_and(|x| x.holds)
    })
}

/// Whether the relation holds with its utilisation taken as already in
/// the throughput, when the throughput is stated right after the
/// utilisation.
fn achieved_after_utilisation(scope: &Scope, index: usize, o: &Outcome) -> bool {
    const NEAR: usize = 60;
    let claim = &scope.typed[index];
    let span_of = |kind: &str| {
        o.bindings.iter().find_map(|b| match &b.origin {
            Origin::Text(span) if b.kind == kind => Some(span.clone()),
            _ => None,
        })
    };
    let (Some(u), Some(t)) = (span_of("utilisation"), span_of("throughput")) else {
        return false;
    };
    let text = scope.input.doc.text.as_str();
    if t.start < u.end || text[u.end..t.start].chars().count() > NEAR {
        return false;
    }
    let bindings = o
        .bindings
        .iter()
        .map(|b| {
            let mut b = b.clone();
            if b.kind == "utilisation" {
                b.value = Interval::exact(1.0);
            }
            b
        })
        .collect();
    outcome(claim, o.relation, bindings, scope.input.tolerance).is_some_and(|x| x.holds)
}

/// Whether the claim totals parts of its kind worked out before it, each
/// the result of a calculation written out: "滿載：780W × 10 小時 = 7.8 度 /
/// 待機：120W × 14 小時 = 1.68 度 / 一天合計約 9.48 度" sums the day's
/// energies, which one part's premises only bound from below.
fn totals_earlier_parts(scope: &Scope, index: usize) -> bool {
    const NEAR: usize = 8;
    let claim = &scope.typed[index];
    let text = scope.input.doc.text.as_str();
    let cued = scope.input.facts.cues(claim.sentence).iter().any(|f| {
        f.cue == Cue::Total
            && f.span.end <= claim.quantity.span.start
            && at_most_chars(&text[f.span.end..claim.quantity.span.start], NEAR)
    });
    let block = scope.input.sentences[claim.sentence].block;
    cued && scope.typed[..index]
        .iter()
        .rev()
        .take_while(|t| claim.sentence - t.sentence <= REACH && t.block == block)
        .filter(|t| t.kind == claim.kind && is_a_stated_result(scope, t))
        .nth(1)
        .is_some()
}

/// Whether a figure is the result of a calculation written out: right
/// after "=" in its sentence.
fn is_a_stated_result(scope: &Scope, t: &Typed) -> bool {
    let tokens = &scope.input.sentences[t.sentence].tokens;
    tokens.windows(2).any(|pair| {
        matches!(pair, [Token::Relation(..), Token::Quantity(q)] if q.span == t.quantity.span)
    })
}

/// Whether the claim is a figure of its kind stated before it in its
/// sentence, scaled by a number the sentence states: "一天約 9.48 度，一個月
/// （30天）約 284.4 度" is 30 days of the first.
fn scales_an_earlier_figure(scope: &Scope, index: usize) -> bool {
    let claim = &scope.typed[index];
    let from = scope.typed.partition_point(|t| t.sentence < claim.sentence);
    let claimed = claim.quantity.claimed(false, false);
    let factors: Vec<f64> = scope.input.sentences[claim.sentence]
        .tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(q) if q.span != claim.quantity.span && !q.is_share => {
                Some(q.number.nominal)
            }
            _ => None,
        })
        .filter(|n| *n >= 2.0)
        .collect();
    scope.typed[from..index]
        .iter()
        .filter(|t| t.kind == claim.kind)
        .any(|t| {
            let earlier = t.quantity.premise();
            factors.iter().any(|&n| {
                [n, 1.0 / n]
                    .into_iter()
                    .any(|k| claimed.meets_within(&earlier.scale(k), scope.input.tolerance))
            })
        })
}

/// Whether a figure of the claim's kind and value was stated before the
/// claim's sentence.
fn restates_an_earlier_figure(scope: &Scope, index: usize) -> bool {
    let claim = &scope.typed[index];
    let value = claim.quantity.premise().nominal;
    scope.typed[..index]
        .iter()
        .filter(|t| t.sentence < claim.sentence && t.kind == claim.kind)
        .any(|t| {
            let earlier = t.quantity.premise().nominal;
            value != 0.0 && ((earlier - value) / value).abs() < 1e-9
        })
}

/// Words right before a figure that make it a difference: a saving.
const SAVINGS: [&str; 10] = [
    "省", "省下", "省了", "节省", "節省", "少用", "少花", "save", "saves", "saving",
];

/// Whether the claim is stated as a saving or a change: a saving word or a
/// change cue right before it ("省 350W", "减少了 64 GB", "saves 2 kW").
fn states_a_difference(scope: &Scope, claim: &Typed) -> bool {
    let text = scope.input.doc.text.as_str();
    let start = scope.input.sentences[claim.sentence].span.start;
    let before = text[start..claim.quantity.span.start].trim_end();
    let lead: String = before
        .chars()
        .rev()
        .take(8)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let lower = lead.to_lowercase();
    let saving = SAVINGS.iter().any(|w| {
        lower
            .strip_suffix(w)
            .is_some_and(|rest| !w.is_ascii() || !rest.ends_with(char::is_alphanumeric))
    });
    // "减少了 64 GB", "cut by 2 kW": the change word and the figure with
    // nothing but 了, "by" or "of" between; "提升到 396" states a new value.
    let changed = scope.input.facts.cues(claim.sentence).iter().any(|f| {
        f.cue == Cue::Change
            && f.span.end <= claim.quantity.span.start
            && matches!(
                text[f.span.end..claim.quantity.span.start].trim(),
                "" | "了" | "by" | "of"
            )
    });
    // "with 457 GB to spare", "还有 48 GB 余量": what is left of a whole is
    // a difference too.
    let after = first_chars(&text[claim.quantity.span.end..], 16).to_lowercase();
    let after = after.trim_start();
    let left_over = LEFT_OVER.iter().any(|w| {
        after
            .strip_prefix(w)
            .is_some_and(|rest| !w.is_ascii() || !rest.starts_with(char::is_alphanumeric))
    });
    saving || changed || left_over
}

/// Words right after a figure that make it what is left of a whole.
const LEFT_OVER: [&str; 18] = [
    "to spare",
    "spares",
    "spare",
    "in reserve",
    "冗余",
    "冗餘",
    "备用",
    "備用",
    "left over",
    "left",
    "of headroom",
    "headroom",
    "free",
    "余量",
    "餘量",
    "富余",
    "富餘",
    "的余量",
];

/// Words that make a figure the usable part of a whole.
const USABLE: [&str; 6] = ["usable", "Usable", "effective", "Effective", "可用", "有效"];

/// Whether a word of the usable part ("usable", "可用", "effective") stands
/// in the claim's clause.
fn is_usable(scope: &Scope, claim: &Typed) -> bool {
    let at = claim.quantity.span.start;
    let clause = scope
        .input
        .facts
        .clauses(claim.sentence)
        .iter()
        .find(|c| c.start <= at && at < c.end)
        .cloned()
        .unwrap_or(scope.input.sentences[claim.sentence].span.clone());
    let text = &scope.input.doc.text[clause];
    USABLE.iter().any(|w| text.contains(w))
}

/// Whether the claim, as the relation's result, is the value a premise
/// from the knowledge base gives per card ("1,024 卡；NVLink 带宽 400
/// GB/s" for an H800) and its clause has no cue of its kind ("总带宽",
/// "aggregate"): then it is the per-card figure, written without "per".
fn restates_a_card_fact(scope: &Scope, claim: &Typed, o: &Outcome) -> bool {
    if claim.kind != o.relation.result {
        return false;
    }
    let clause = clause_around(scope, claim.sentence, claim.quantity.span.start);
    let cued = Cues::builtin()
        .find(&scope.input.doc.text[clause])
        .iter()
        .any(|f| matches!(&f.cue, Cue::Kind(k) if *k == claim.kind));
    let claimed = claim.quantity.claimed(false, false);
    let physical = claim.quantity.dimension().physical();
    !cued
        && o.bindings.iter().any(|b| {
            matches!(b.origin, Origin::Kb { .. })
                && kind_dimension(&b.kind).is_some_and(|d| d.physical().compatible(physical))
                && claimed.meets_within(&b.value, scope.input.tolerance)
        })
}

/// Whether a premise from the text has a figure of the claim's kind, the
/// relation's result, standing between it and the claim.
fn taken_by_an_earlier_result(scope: &Scope, claim: &Typed, o: &Outcome) -> bool {
    if claim.kind != o.relation.result {
        return false;
    }
    let at = claim.quantity.span.start;
    o.bindings.iter().any(|b| {
        let Origin::Text(span) = &b.origin else {
            return false;
        };
        let first = scope
            .typed
            .partition_point(|t| t.quantity.span.start < span.end);
        scope.typed[first..]
            .iter()
            .take_while(|t| t.quantity.span.end <= at)
            .any(|t| t.kind == claim.kind)
    })
}

/// Whether the relation's result, from the text, follows in its sentence a
/// figure of the kind the claim solves for (the claim is a premise here).
fn given_by_an_earlier_figure(scope: &Scope, claim: &Typed, o: &Outcome) -> bool {
    if claim.kind == o.relation.result {
        return false;
    }
    let Some(total) = o.bindings.iter().find_map(|b| match &b.origin {
        Origin::Text(span) if b.kind == o.relation.result => Some(span.clone()),
        _ => None,
    }) else {
        return false;
    };
    let Some(at) = scope
        .typed
        .iter()
        .find(|t| t.quantity.span == total)
        .map(|t| t.sentence)
    else {
        return false;
    };
    // A machine's cards count the cards of its total too.
    let counts_the_same = |kind: &str| {
        kind == claim.kind || claim.kind == "accelerator_count" && kind == "accelerators_per_node"
    };
    scope.typed.iter().any(|t| {
        t.sentence == at
            && counts_the_same(&t.kind)
            && t.quantity.span.end <= total.start
            && t.quantity.span != claim.quantity.span
    })
}

/// Whether a system or cluster named in the claim's clause records a value
/// the claim meets, in the claim's dimension.
fn recorded_by_named_system(scope: &Scope, claim: &Typed) -> bool {
    let kb = scope.input.kb;
    let clause = clause_around(scope, claim.sentence, claim.quantity.span.start);
    let claimed = claim.quantity.claimed(false, false);
    let dimension = claim.quantity.dimension().physical();
    scope
        .input
        .facts
        .names(claim.sentence)
        .iter()
        .filter(|m| clause.start <= m.span.start && m.span.end <= clause.end)
        .flat_map(|m| m.entities.iter().map(|&i| kb.entity(i)))
        .filter(|e| matches!(e.kind, Kind::System | Kind::Cluster))
        .flat_map(|e| e.facts.iter())
        .flat_map(|f| f.readings.iter())
        .any(|r| match &r.value {
            FactValue::Measure(m) => {
                m.dimension().physical().compatible(dimension)
                    && claimed.meets_within(&m.interval, scope.input.tolerance)
            }
            FactValue::Word(_) => false,
        })
}

/// The dimension of a kind of figure, from `claims/cues.yaml`.
fn kind_dimension(kind: &str) -> Option<Dimension> {
    Cues::builtin()
        .kinds()
        .iter()
        .find(|k| k.name == kind)
        .map(|k| k.dimension)
}

/// The clause of a sentence that holds a position, else the sentence.
fn clause_around(scope: &Scope, sentence: usize, at: usize) -> Range<usize> {
    scope
        .input
        .facts
        .clauses(sentence)
        .iter()
        .find(|c| c.start <= at && at < c.end)
        .cloned()
        .unwrap_or(scope.input.sentences[sentence].span.clone())
}

/// The figure of the text a binding came from.
fn bound_figure<'s>(scope: &'s Scope, b: &Binding) -> Option<&'s Typed<'s>> {
    let Origin::Text(span) = &b.origin else {
        return None;
    };
    let at = scope
        .typed
        .binary_search_by_key(&span.start, |t| t.quantity.span.start)
        .ok()?;
    Some(&scope.typed[at])
}

/// Whether a count (a premise, or the claim) and a figure of each counted
/// thing from the text are of two products: the count is written beside one name ("兩張
/// 4090", "5090 一張") and the other figure's clause names others only
/// ("5090 一張 32GB", "9950X 官方 TDP 170W").
fn crosses_subjects(scope: &Scope, claim: &Typed, o: &Outcome) -> bool {
    let text = scope.input.doc.text.as_str();
    let count = o
        .bindings
        .iter()
        .filter(|b| counted(&b.kind))
        .find_map(|b| bound_figure(scope, b))
        .or_else(|| counted(&claim.kind).then_some(claim));
    let Some(count) = count else {
        return false;
    };
    let span = &count.quantity.span;
    let beside = scope.input.facts.names(count.sentence).iter().find(|m| {
        let after = m.span.start >= span.end && at_most_chars(&text[span.end..m.span.start], 3);
        let before = m.span.end <= span.start && at_most_chars(&text[m.span.end..span.start], 2);
        after || before
    });
    let Some(object) = beside else {
        return false;
    };
    // "四張 4090" and "RTX 4090 24GB" name one card.
    let same = |m: &Mention| {
        if !m.entities.is_empty() && !object.entities.is_empty() {
            m.entities.iter().any(|e| object.entities.contains(e))
        } else {
            let (a, b) = (
                folded(&text[m.span.clone()]),
                folded(&text[object.span.clone()]),
            );
            a.contains(&b) || b.contains(&a)
        }
    };
    o.bindings
        .iter()
        .filter(|b| !counted(&b.kind))
        .filter_map(|b| bound_figure(scope, b))
        .any(|each| {
            let clause = clause_around(scope, each.sentence, each.quantity.span.start);
            let mut names = scope
                .input
                .facts
                .names(each.sentence)
                .iter()
                .filter(|m| clause.start <= m.span.start && m.span.end <= clause.end)
                .peekable();
            names.peek().is_some() && !names.any(same)
        })
}

/// Whether the relation's time is a calendar period (a day or longer)
/// and the claim's paragraph states a shorter time before the claim: the
/// hours a day something runs.
fn used_part_time(scope: &Scope, claim: &Typed, o: &Outcome) -> bool {
    const DAY: f64 = 86_400.0;
    let Some(period) = o
        .bindings
        .iter()
        .find(|b| b.kind == "duration" && matches!(b.origin, Origin::Text(_)))
    else {
        return false;
    };
    if period.value.nominal < DAY {
        return false;
    }
    let first = scope.typed.partition_point(|t| t.block < claim.block);
    scope.typed[first..]
        .iter()
        .take_while(|t| t.quantity.span.start < claim.quantity.span.start)
        .any(|t| t.kind == "duration" && t.quantity.premise().nominal < period.value.nominal)
}

/// Whether a relation counts accelerators.
fn counts_cards(relation: &Relation) -> bool {
    relation.kinds().any(|k| k == "accelerator_count")
}

/// Whether a model's parameters or weights stand in the claim's clause.
fn beside_a_model(scope: &Scope, claim: &Typed) -> bool {
    let clauses = scope.input.facts.clauses(claim.sentence);
    let Some(clause) = clauses
        .iter()
        .find(|c| c.start <= claim.quantity.span.start && claim.quantity.span.start < c.end)
    else {
        return false;
    };
    let from = scope
        .typed
        .partition_point(|t| t.quantity.span.start < clause.start);
    let text = &scope.input.doc.text[clause.clone()];
    WEIGHTS.iter().any(|w| text.contains(w))
        || scope.typed[from..]
            .iter()
            .take_while(|t| t.quantity.span.start < clause.end)
            .any(|t| t.kind == "parameters")
}

/// Whether the claim is a parameter count written before the word for a
/// model, as its label: "a 14B model", "7B-parameter LLM", "70B 模型".
fn labels_a_model(scope: &Scope, claim: &Typed) -> bool {
    if claim.kind != "parameters" {
        return false;
    }
    let after = first_chars(&scope.input.doc.text[claim.quantity.span.end..], 24).to_lowercase();
    let after = after.trim_start();
    let after = after.strip_prefix('-').unwrap_or(after);
    let after = ["parameters", "parameter", "params", "param"]
        .iter()
        .find_map(|w| after.strip_prefix(w))
        .unwrap_or(after)
        .trim_start();
    MODEL_WORDS.iter().any(|w| after.starts_with(w))
}

/// Whether the claim is memory written after a word of having ("with 48 GB
/// of VRAM", "配备 80GB 显存"), in a clause that does not speak of weights.
fn held_by_a_device(scope: &Scope, claim: &Typed) -> bool {
    if claim.kind != "memory" || claim.required {
        return false;
    }
    let text = scope.input.doc.text.as_str();
    let lead = last_chars(&text[..claim.quantity.span.start], 12)
        .trim_end()
        .to_lowercase();
    let held = HAVING.iter().any(|w| {
        lead.strip_suffix(w)
            .is_some_and(|rest| !w.is_ascii() || rest.is_empty() || rest.ends_with(' '))
    });
    held && !WEIGHTS
        .iter()
        .any(|w| clause_of_claim(scope, claim).contains(w))
}

/// Words of having, before a device's own memory.
const HAVING: [&str; 12] = [
    "with", "has", "have", "having", "配备", "配備", "搭载", "搭載", "拥有", "擁有", "具备", "具備",
];

/// The words for a model that a size before them labels.
const MODEL_WORDS: [&str; 10] = [
    "model",
    "llm",
    "variant",
    "checkpoint",
    "模型",
    "大模型",
    "版本",
    "的模型",
    "参数模型",
    "參數模型",
];

/// Words for a model's weights: a figure beside them is the model's.
const WEIGHTS: [&str; 4] = ["weights", "Weights", "权重", "權重"];

/// Whether the claim's clause names a thing its figure may be other than
/// the relation's result ([`Relation::other_things`]).
fn names_another_thing(scope: &Scope, claim: &Typed, relation: &Relation) -> bool {
    let lower = clause_of_claim(scope, claim).to_lowercase();
    relation
        .other_things
        .iter()
        .any(|w| has_word(&lower, &w.to_lowercase()))
}

/// The text of the clause the claim's figure stands in.
fn clause_of_claim<'a>(scope: &'a Scope, claim: &Typed) -> &'a str {
    let clause = scope
        .input
        .facts
        .clauses(claim.sentence)
        .iter()
        .find(|c| c.start <= claim.quantity.span.start && claim.quantity.span.start < c.end)
        .cloned()
        .unwrap_or(scope.input.sentences[claim.sentence].span.clone());
    &scope.input.doc.text[clause]
}

/// Whether `word` stands in `lower` as a word of its own (any match for a
/// word not in ASCII; a plural "s" after an ASCII one).
fn has_word(lower: &str, word: &str) -> bool {
    lower.match_indices(word).any(|(at, _)| {
        !word.is_ascii()
            || !lower[..at].ends_with(|c: char| c.is_alphanumeric())
                && !lower[at + word.len()..].starts_with(|c: char| c.is_alphanumeric() && c != 's')
    })
}

/// Whether the claim's clause makes its figure a whole with more parts than
/// the relation counts ([`Relation::more_parts`]).
fn has_more_parts(scope: &Scope, claim: &Typed, relation: &Relation) -> bool {
    if relation.more_parts.is_empty() {
        return false;
    }
    // "The DGX A100 … draws 6.5 kW": a system the knowledge base knows is
    // such a whole, whatever the words.
    let kb = scope.input.kb;
    let names_system = scope.input.facts.names(claim.sentence).iter().any(|m| {
        m.entities
            .iter()
            .any(|&i| matches!(kb.entity(i).kind, Kind::System | Kind::Cluster))
    });
    if names_system {
        return true;
    }
    let lower = clause_of_claim(scope, claim).to_lowercase();
    relation.more_parts.iter().any(|w| has_word(&lower, w))
}

/// Whether a premise stated before the claim's sentence is as certain as
/// one in it: in the claim's paragraph, at most two sentences before, the
/// only figure of its kind in those sentences up to the claim, with no
/// other name than one product's between ("The hall has 8,000 GPUs. At
/// 700 W each they draw 9 MW."). Only those sentences are looked at, so a
/// paragraph of a million figures stays linear.
fn sole_in_paragraph(scope: &Scope, claim: &Typed, b: &Binding) -> bool {
    let Origin::Text(span) = &b.origin else {
        return false;
    };
    let first_sentence = claim.sentence.saturating_sub(2);
    let from = scope.typed.partition_point(|t| t.sentence < first_sentence);
    let to = scope
        .typed
        .partition_point(|t| t.sentence <= claim.sentence);
    let window = &scope.typed[from..to];
    let Some(premise) = window.iter().find(|t| t.quantity.span == *span) else {
        return false;
    };
    let near = premise.block == claim.block && premise.sentence < claim.sentence;
    let alone = window
        .iter()
        .filter(|t| {
            t.block == claim.block
                && t.kind == premise.kind
                && t.quantity.span.start < claim.quantity.span.start
        })
        .count()
        == 1;
    let text = scope.input.doc.text.as_str();
    let mut names = (premise.sentence..=claim.sentence)
        .flat_map(|i| scope.input.facts.names(i))
        .map(|m| crate::kb::folded(&text[m.span.clone()]));
    let first = names.next();
    let one_subject = names.all(|n| Some(&n) == first.as_ref());
    near && alone && one_subject
}

/// "10萬塊H100 … 總功率達到70MW": a total of the cards (power, memory,
/// throughput) with no premise nearby may be that of a fleet stated
/// earlier, a count written beside a card's name. Each fleet is one
/// reading; a fleet can only verify, since the total may be of another.
fn from_fleets<'r>(scope: &Scope, index: usize) -> Option<Outcome<'r>> {
    let claim = &scope.typed[index];
    // A required capacity or a bound ("needs 300 GB", "at least 20 GB
    // left") is set against the hardware by the bound check, not a fleet's
    // total; the power a site needs is its draw.
    let bounded = matches!(claim.quantity.hedge, Some(Hedge::AtLeast | Hedge::AtMost));
    if claim.required && CAPACITIES.contains(&claim.kind.as_str()) || bounded {
        return None;
    }
    let text = scope.input.doc.text.as_str();
    let relations: Vec<(&Relation, &str)> = relations()
        .iter()
        .filter(|r| r.result == claim.kind)
        .filter_map(|r| {
            let mut others = r.kinds().filter(|k| *k != r.result);
            let (a, b) = (others.next()?, others.next()?);
            let per_card = match (a, b) {
                ("accelerator_count", k) | (k, "accelerator_count") => k,
                _ => return None,
            };
            let (_, _, of) = per_card_attribute(per_card)?;
            (others.next().is_none() && of == Kind::Accelerator).then_some((r, per_card))
        })
        .collect();
    if relations.is_empty() {
        return None;
    }
    let mut seen = Vec::new();
    let fleets = scope.typed[..index]
        .iter()
        .rev()
        .take(FAR_REACH)
        .filter(|t| t.kind == "accelerator_count" && t.beside_card)
        .filter(|t| !matches!(t.quantity.hedge, Some(Hedge::AtLeast | Hedge::AtMost)));
    for fleet in fleets {
        let card = scope.input.facts.names(fleet.sentence).iter().find(|m| {
            m.span.start >= fleet.quantity.span.end
                && at_most_chars(&text[fleet.quantity.span.end..m.span.start], 2)
        });
        let Some(card) = card else {
            continue;
        };
        let key = (
            fleet.quantity.premise().nominal.to_bits(),
            card.entities.clone(),
        );
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let count = text_binding(scope, claim, "accelerator_count", fleet);
        for (relation, per_card) in &relations {
            for each in card_facts(scope, &card.entities, per_card) {
                let bindings = vec![count.clone(), each];
                let tolerance = scope.input.tolerance;
                if let Some(o) = outcome(claim, relation, bindings, tolerance)
                    && o.holds
                {
                    return Some(o);
                }
            }
        }
    }
    None
}

/// The relation's verdict on the claim: the first binding that holds, else
/// the first one tried (every variant of a named accelerator is a binding).
fn evaluate<'r>(scope: &Scope, index: usize, relation: &'r Relation) -> Option<Outcome<'r>> {
    let claim = &scope.typed[index];
    // A required capacity set against hardware ("至少需要 900GB 显存 … 8 张
    // A100") is the bound check's; against a model's size it is a formula.
    let capacity = CAPACITIES.contains(&claim.kind.as_str());
    if claim.required && capacity && relation.kinds().any(|k| k == "accelerator_count") {
        return None;
    }
    let mut choices: Vec<Vec<Binding>> = Vec::new();
    for kind in relation.kinds().filter(|k| *k != claim.kind) {
        let mut found = bind(scope, index, kind);
        if claim.kind == relation.result {
            found.extend(following_in_clause(scope, index, kind));
        }
        if found.is_empty() {
            return None;
        }
        choices.push(found);
    }
    let local = |b: &Binding| b.same_sentence && matches!(b.origin, Origin::Text(_));
    // A figure with no premise in its sentence is checked only as the
    // relation's result, computed forward from figures stated before it.
    let anchored = choices.iter().any(|c| c.iter().any(local));
    if !anchored && claim.kind != relation.result {
        return None;
    }
    // Worked back from a total ("32 TB … 80 GB each … 400 cards"), the
    // figure must say it is worked out, and the total must be stated.
    let stated_total =
        |b: &Binding| b.kind == relation.result && matches!(b.origin, Origin::Text(_));
    let worked_back = claim.concluded && choices.iter().flatten().any(stated_total);
    // Stated beside its fellow premises, not worked out ("1.25万个节点，每个
    // 节点配置8个GPU"), the figure may still agree with a total stated
    // before: with any of the totals nearby, it can only verify.
    let alongside = claim.kind != relation.result && !worked_back;
    if alongside {
        let totals: Vec<Binding> = nearby(scope, index, &relation.result)
            .map(|t| text_binding(scope, claim, &relation.result, t))
            .collect();
        if totals.is_empty() || !anchored {
            return None;
        }
        let at = relation
            .kinds()
            .filter(|k| *k != claim.kind)
            .position(|k| k == relation.result)?;
        choices[at] = totals;
    }
    // "权重约 1.8 TB，一柜 13.8 TB 的 HBM": once the relation's result is
    // stated after its premises, a later figure of the kind is another thing.
    let premises_end = choices
        .iter()
        .flatten()
        .filter_map(|b| match &b.origin {
            Origin::Text(span) => Some(span.end),
            Origin::Kb { .. } => None,
        })
        .max()
        .unwrap_or(0);
    let restated = scope.typed.iter().any(|t| {
        t.kind == claim.kind
            && t.sentence == claim.sentence
            && premises_end <= t.quantity.span.start
            && t.quantity.span.end <= claim.quantity.span.start
    });
    if restated {
        return None;
    }
    // Of the readings that miss, the one with most premises in the claim's
    // sentence speaks for it, the first on a tie.
    let mut best: Option<(usize, Outcome)> = None;
    for bindings in combinations(&choices) {
        let Some(outcome) = outcome(claim, relation, bindings, scope.input.tolerance) else {
            continue;
        };
        if outcome.holds {
            return Some(outcome);
        }
        // With no premise in the claim's sentence, the figures bound may be
        // about something else: they can verify it, not contradict it.
        if anchored && !alongside {
            let in_sentence = outcome.bindings.iter().filter(|b| local(b)).count();
            if best.as_ref().is_none_or(|(n, _)| in_sentence > *n) {
                best = Some((in_sentence, outcome));
            }
        }
    }
    best.map(|(_, o)| o)
}

/// Every way to pick one binding per variable.
fn combinations(choices: &[Vec<Binding>]) -> Vec<Vec<Binding>> {
    let mut out: Vec<Vec<Binding>> = vec![Vec::new()];
    for options in choices {
        out = out
            .into_iter()
            .flat_map(|picked| {
                options.iter().map(move |o| {
                    let mut next = picked.clone();
                    next.push(o.clone());
                    next
                })
            })
            .collect();
    }
    out
}

fn outcome<'r>(
    claim: &Typed,
    relation: &'r Relation,
    bindings: Vec<Binding>,
    tolerance: f64,
) -> Option<Outcome<'r>> {
    let value = |kind: &str| bindings.iter().find(|b| b.kind == kind).map(|b| b.value);
    let mut expected = relation.solve(&claim.kind, value)?;
    if !expected.is_finite() {
        return None;
    }
    // A count worked out by division is a whole number of things: 1.75
    // cards' worth of memory needs 2 cards.
    let counted = ["accelerator_count", "node_count"].contains(&claim.kind.as_str());
    if counted && claim.kind != relation.result {
        let nominal = expected.nominal;
        expected = Interval::between(expected.lo, expected.hi.ceil());
        expected.nominal = nominal;
    }
    let q = &claim.quantity;
    let mut readings = vec![q.claimed(false, false)];
    if q.has_binary_reading() && q.dimension() == Dimension::of(Base::Byte) {
        readings.push(q.claimed(true, false));
    }
    if q.number_alternative.is_some() {
        readings.push(q.claimed(false, true));
    }
    let holds = readings
        .iter()
        .any(|r| r.meets_within(&expected, tolerance));
    Some(Outcome {
        relation,
        bindings,
        expected,
        holds,
    })
}

/// Kinds a requirement sets against the hardware: the bound check's.
const CAPACITIES: [&str; 2] = ["memory", "bandwidth"];

/// How many sentences back a premise may stand.
const REACH: usize = 8;

/// How many earlier figures the last-resort search for a premise looks at.
const FAR_REACH: usize = 400;

/// The nearest figure of a kind stated before the claim in its section,
/// else the knowledge base through a named entity.
fn bind(scope: &Scope, index: usize, kind: &str) -> Vec<Binding> {
    let claim = &scope.typed[index];
    let from_text = |t: &Typed| text_binding(scope, claim, kind, t);
    let near = nearby(scope, index, kind).next();
    if kind == "accelerator_count"
        && let Some(cards) = configuration_cards(scope, index)
        && near.is_none_or(|t| t.sentence != claim.sentence || t.quantity.span.start < cards.after)
    {
        return vec![cards.binding];
    }
    if let Some(t) = near {
        return vec![from_text(t)];
    }
    let known = from_kb(scope, claim, kind);
    if !known.is_empty() {
        return known;
    }
    let bare = bare_counts(scope, index, kind);
    if !bare.is_empty() {
        return bare;
    }
    // Last, the nearest such figure before, anywhere in the recent text: it
    // can only verify, since a contradiction needs its premises in the
    // claim's sentence. Bounded, so a long document stays linear.
    scope.typed[..index]
        .iter()
        .rev()
        .take(FAR_REACH)
        .filter(|t| t.kind == kind && t.quantity.span.end <= claim.quantity.span.start)
        .filter(|t| !bare_of_timed_kind(t))
        .find(|t| !matches!(t.quantity.hedge, Some(Hedge::AtLeast | Hedge::AtMost)))
        .map(from_text)
        .into_iter()
        .collect()
}

/// The cards of a configuration stated before the claim in its sentence:
/// "两台 8 卡机", "two 8-GPU nodes" are the product of the machines and
/// the cards of each; "8 卡 H100 服务器", "an 8-GPU server" with no count
/// of machines in the sentence are one machine's cards. Only for a claim
/// that counts no machines itself, which the cards would be solved from.
struct ConfigurationCards {
    binding: Binding,
    /// Where the configuration ends: a count of cards after it is nearer.
    after: usize,
}

fn configuration_cards(scope: &Scope, index: usize) -> Option<ConfigurationCards> {
    let claim = &scope.typed[index];
    if ["node_count", "accelerators_per_node"].contains(&claim.kind.as_str()) {
        return None;
    }
    let text = scope.input.doc.text.as_str();
    let before: Vec<&Typed> = scope.typed[..index]
        .iter()
        .rev()
        .take_while(|t| t.sentence == claim.sentence)
        .collect();
    let at = before
        .iter()
        .position(|t| t.kind == "accelerators_per_node")?;
    let each = before[at];
    let names = scope.input.facts.names(claim.sentence);
    let names: Vec<Range<usize>> = names.iter().map(|m| m.span.clone()).collect();
    if !crate::claim::kind::counts_on_a_machine(text, each.quantity, &names) {
        return None;
    }
    // "两台 8 卡机", "4 台 H100 八卡服务器": the machines right before, the
    // cards' name between at most; a count there of no machines ("每柜 4 台")
    // leaves the cards unknown.
    let sentence = &scope.input.sentences[claim.sentence];
    let counted_before = sentence
        .tokens_to(each.quantity.span.start)
        .iter()
        .rev()
        .find_map(|t| match t {
            Token::Quantity(q) => Some(q),
            _ => None,
        })
        .filter(|q| {
            let gap = q.span.end..each.quantity.span.start;
            let named: usize = names
                .iter()
                .filter(|m| gap.start <= m.start && m.end <= gap.end)
                .map(|m| text[m.clone()].trim().len())
                .sum();
            q.span.end <= gap.end && text[gap].trim().len() == named
        });
    let machines = match counted_before {
        Some(q) => Some(
            before
                .get(at + 1)
                .filter(|n| n.kind == "node_count" && n.quantity.span == q.span)?,
        ),
        None => None,
    };
    // Machines counted since the configuration before it are its own.
    let any_machines = before[at + 1..]
        .iter()
        .take_while(|t| t.kind != "accelerators_per_node")
        .any(|t| t.kind == "node_count");
    let span = &each.quantity.span;
    let (value, shown) = match machines {
        Some(n) => (
            n.quantity.premise() * each.quantity.premise(),
            format!(
                "{} × {}",
                &text[n.quantity.span.clone()],
                &text[span.clone()]
            ),
        ),
        None if !any_machines => (each.quantity.premise(), text[span.clone()].to_string()),
        None => return None,
    };
    Some(ConfigurationCards {
        binding: Binding {
            kind: "accelerator_count".to_string(),
            value,
            shown,
            origin: Origin::Text(span.clone()),
            same_sentence: true,
        },
        after: span.end,
    })
}

/// "5,184 kWh over a 30-day month": a result's premise may follow it in
/// its own clause. One more reading, beside the nearest before; only for
/// the relation's result, so that no figure rests on what it gives.
fn following_in_clause(scope: &Scope, index: usize, kind: &str) -> Vec<Binding> {
    let claim = &scope.typed[index];
    let clause = clause_around(scope, claim.sentence, claim.quantity.span.start);
    scope.typed[index + 1..]
        .iter()
        .take_while(|t| t.quantity.span.start < clause.end)
        .filter(|t| t.kind == kind)
        .map(|t| text_binding(scope, claim, kind, t))
        .collect()
}

/// "两万亿乘上去 32 TB": a bare number before the claim in its sentence,
/// which no cue typed, may be the count a variable needs (parameters,
/// tokens, cards) when it is large enough for that kind. One reading each;
/// such a guess can only verify, so it never counts as in the sentence.
fn bare_counts(scope: &Scope, index: usize, kind: &str) -> Vec<Binding> {
    let claim = &scope.typed[index];
    let Some(def) = Cues::builtin().kinds().iter().find(|k| k.name == kind) else {
        return Vec::new();
    };
    let counted = Base::ALL.into_iter().any(|b| {
        b.is_counted()
            && def.dimension.exponent(b) == 1
            && def.dimension.with(b, 0) == Dimension::NONE
    });
    if !counted || def.share {
        return Vec::new();
    }
    let text = scope.input.doc.text.as_str();
    let typed = |q: &Quantity| {
        scope.typed[..index]
            .binary_search_by_key(&q.span.start, |t| t.quantity.span.start)
            .is_ok()
    };
    scope.input.sentences[claim.sentence]
        .tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(q) => Some(q),
            _ => None,
        })
        .filter(|q| q.span.end <= claim.quantity.span.start)
        .filter(|q| q.dimension() == Dimension::NONE && !q.is_share && q.unit.is_one())
        .filter(|q| q.hedge.is_none() && !typed(q))
        .filter(|q| {
            def.at_least
                .is_none_or(|least| q.premise().nominal >= least)
        })
        .map(|q| Binding {
            kind: kind.to_string(),
            value: q.premise(),
            shown: text[q.span.clone()].to_string(),
            origin: Origin::Text(q.span.clone()),
            same_sentence: false,
        })
        .collect()
}

/// The figures of a kind stated before the claim, nearest first: premises
/// come before their conclusion, within its section and a few sentences. A
/// requirement or a bound ("至少 700GB") is no premise to compute from.
fn nearby<'s>(
    scope: &'s Scope,
    index: usize,
    kind: &'s str,
) -> impl Iterator<Item = &'s Typed<'s>> {
    let claim = &scope.typed[index];
    let section = |t: &Typed| scope.sections.get(t.block).copied();
    scope.typed[..index]
        .iter()
        .rev()
        .take_while(move |t| claim.sentence - t.sentence <= REACH)
        .filter(move |t| t.kind == kind && t.quantity.span.end <= claim.quantity.span.start)
        .filter(|t| !matches!(t.quantity.hedge, Some(Hedge::AtLeast | Hedge::AtMost)))
        .filter(|t| !bare_of_timed_kind(t))
        .filter(move |t| section(t) == section(claim))
        .filter(move |t| !in_breakdown(scope, t))
}

/// Whether a figure is a bare number of a kind with a unit ("可售卡时约
/// 1,794 万"): it is in the unit its cue names, which the relation's base
/// units may not be, so it is no result.
fn bare_of_measured_kind(t: &Typed) -> bool {
    t.quantity.dimension().physical().is_dimensionless()
        && kind_dimension(&t.kind).is_some_and(|d| {
            Base::ALL
                .into_iter()
                .any(|b| !b.is_counted() && d.exponent(b) != 0)
        })
}

/// Whether a figure is a bare number of a kind measured over time ("约
/// 5,887 萬個計費卡時" is card-hours, "一年 876 萬" kWh): its unit is the
/// hour or the kilowatt-hour the cue names, never the second the relation
/// computes in, so it is no premise. (A bare byte, watt or dollar is in
/// its base unit.)
fn bare_of_timed_kind(t: &Typed) -> bool {
    t.quantity.dimension().physical().is_dimensionless()
        && kind_dimension(&t.kind).is_some_and(|d| d.exponent(Base::Second) != 0)
}

/// Whether a figure is a part listed after its whole: in "每个参数十六字节：
/// 权重两字节、梯度两字节…", the parts are no figure of the kind by
/// themselves; the sixteen is.
fn in_breakdown(scope: &Scope, part: &Typed) -> bool {
    let text = scope.input.doc.text.as_str();
    scope
        .typed
        .iter()
        .take_while(|t| t.quantity.span.start < part.quantity.span.start)
        .filter(|t| t.sentence == part.sentence && t.kind == part.kind)
        .any(|whole| {
            text[whole.quantity.span.end..]
                .trim_start()
                .starts_with(['：', ':'])
        })
}

/// A figure of the text bound to a variable of the claim's relation.
/// Whether the figure is the size of each thing a count before it counts
/// ("8 颗 8-Hi 24 GB 堆栈", "6 颗 24 GB HBM3e"): a classifier after the
/// count with no noun of its own, only the figure and its modifiers, before
/// the counted thing. ("8 卡 640 GB": 卡 is the thing, and the figure may
/// be their total.)
fn sizes_each_counted(text: &str, q: &Quantity) -> bool {
    const CLASSIFIERS: [char; 14] = [
        '颗', '顆', '个', '個', '张', '張', '块', '塊', '枚', '片', '组', '組', '条', '條',
    ];
    let before = crate::read::segment::last_chars(&text[..q.span.start], 12);
    let Some(at) = before.rfind(CLASSIFIERS) else {
        return false;
    };
    let classifier_len = before[at..].chars().next().map_or(0, char::len_utf8);
    let counted = before[..at]
        .trim_end()
        .ends_with(|c: char| c.is_ascii_digit());
    // Between the classifier and the figure, modifiers only: "8-Hi".
    let between = &before[at + classifier_len..];
    let modifiers_only = between
        .split_whitespace()
        .all(|w| w.contains(|c: char| c.is_ascii_digit()) && w.is_ascii());
    let noun_after = text[q.span.end..]
        .trim_start()
        .starts_with(|c: char| c.is_alphabetic());
    counted && modifiers_only && noun_after
}

/// Whether the figure opens brackets right after a count of things the
/// knowledge base does not know ("fit on three T2s (864 GB)", "两台 X9 服务器
/// （1,024 GB）"): it is what those things hold, which no relation of the
/// article's figures gives.
fn glosses_unknown_things(scope: &Scope, claim: &Typed) -> bool {
    const COUNT_WORDS: [&str; 11] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "dozen",
    ];
    let text = scope.input.doc.text.as_str();
    let Some(before) = text[..claim.quantity.span.start]
        .trim_end()
        .strip_suffix(['(', '（'])
        .map(str::trim_end)
    else {
        return false;
    };
    let words: Vec<&str> = crate::read::segment::last_chars(before, 24)
        .split_whitespace()
        .collect();
    let Some((thing, lead)) = words.split_last() else {
        return false;
    };
    let counted = lead.iter().rev().take(2).any(|w| {
        w.chars().all(|c| c.is_ascii_digit() || c == ',')
            || COUNT_WORDS.contains(&w.to_lowercase().as_str())
    });
    // `before` is the text from the document's start: its offsets are the
    // document's.
    let thing_end = before.len();
    let thing_start = thing_end - thing.len();
    let unknown = scope
        .input
        .facts
        .names(claim.sentence)
        .iter()
        .filter(|m| m.span.start < thing_end && m.span.end > thing_start)
        .map(|m| m.entities.is_empty());
    // Only a product-like name the knowledge base does not know: "24 nodes
    // (192 GPUs)" counts nodes, which are what they hold.
    counted && unknown.collect::<Vec<_>>() == [true]
}

/// Whether the claim states what a workload needs: a requirement word in
/// its clause before it, or a table column whose header says so ("显存需求",
/// "VRAM required", "Min. memory").
fn is_a_requirement(scope: &Scope, claim: &Typed) -> bool {
    let text = scope.input.doc.text.as_str();
    let q = claim.quantity;
    let clause = clause_around(scope, claim.sentence, q.span.start);
    if crate::claim::kind::required(scope.input.facts.cues(claim.sentence), &clause, q) {
        return true;
    }
    let block = scope.input.sentences[claim.sentence].block;
    let header = match scope.input.blocks.get(block).map(|b| &b.kind) {
        Some(BlockKind::Cell {
            header: Some(header),
            ..
        }) => text[header.clone()].to_lowercase(),
        _ => return false,
    };
    [
        "需求",
        "需要",
        "所需",
        "required",
        "requirement",
        "needed",
        "need",
        "min",
    ]
    .iter()
    .any(|w| header.contains(w))
}

/// Whether the figure is where a change starts ("up from 241,000 MWh in
/// FY2023", "较上年的 1,240 亿元"): an earlier value, which the relation's
/// premises of today do not give.
fn where_a_change_starts(text: &str, q: &Quantity) -> bool {
    let before = crate::read::segment::last_chars(&text[..q.span.start], 16)
        .trim_end()
        .to_lowercase();
    let english = [
        "up from",
        "down from",
        "rose from",
        "grew from",
        "fell from",
        "compared with",
    ]
    .iter()
    .any(|w| before.ends_with(w));
    let chinese = before.ends_with(['的', '為', '为'])
        && ["较", "較", "相比", "比上", "同比", "由"]
            .iter()
            .any(|w| before.contains(w));
    english || chinese
}

/// How far the size in a model's name reaches, a fraction of itself.
const NAME_SIZE_REACH: f64 = 0.05;

fn text_binding(scope: &Scope, claim: &Typed, kind: &str, t: &Typed) -> Binding {
    let text = scope.input.doc.text.as_str();
    let sentences = scope.input.sentences;
    // "约 4.6 万卡时；按每卡时 2 美元，约 9.2 亿美元": a semicolon joins two
    // statements of one thought, which count as one sentence here.
    let joined = |earlier: usize| {
        earlier + 1 == claim.sentence
            && sentences[earlier].block == sentences[claim.sentence].block
            && text[sentences[earlier].span.clone()]
                .trim_end()
                .ends_with(['；', ';'])
    };
    // "Llama 3.1 70B": the size a model's name gives rounds the count of
    // its weights (70.6 billion), as far as "about" reaches.
    let in_a_name = (t.kind == "parameters"
        || t.quantity.dimension() == Dimension::of(Base::Parameter))
        && scope
            .input
            .facts
            .names(t.sentence)
            .iter()
            .any(|m| m.span.start < t.quantity.span.start && t.quantity.span.end <= m.span.end);
    let value = if in_a_name {
        t.quantity.premise().widen_relative(NAME_SIZE_REACH)
    } else {
        t.quantity.premise()
    };
    Binding {
        kind: kind.to_string(),
        value,
        shown: text[t.quantity.span.clone()].to_string(),
        origin: Origin::Text(t.quantity.span.clone()),
        same_sentence: t.sentence == claim.sentence || joined(t.sentence),
    }
}

/// A per-card figure of the accelerator named nearest before the claim in
/// its paragraph ("H100" gives its TDP, memory, throughput), or the cards in
/// a named system; one binding per variant the name can mean.
fn from_kb(scope: &Scope, claim: &Typed, kind: &str) -> Vec<Binding> {
    if kind == "bytes_per_parameter" {
        return from_precision(scope, claim);
    }
    let Some((_, qualifiers, _)) = per_card_attribute(kind) else {
        return Vec::new();
    };
    // A card's NVLink figure makes an aggregate only of the link the
    // claim's sentence names: "頻寬 4.8 TB/s" beside "6 顆 HBM3E" is memory,
    // and "400 Gb/s InfiniBand" is no NVLink.
    let recorded_link = qualifiers
        .iter()
        .find(|(k, _)| *k == "link")
        .map(|(_, v)| *v);
    let names_the_link = |link: &str| {
        scope
            .input
            .facts
            .cues(claim.sentence)
            .iter()
            .any(|f| matches!(&f.cue, Cue::Qualifier(k, v) if k == "link" && v == link))
    };
    if recorded_link.is_some_and(|link| !names_the_link(link)) {
        return Vec::new();
    }
    let text = scope.input.doc.text.as_str();
    let sentences = scope.input.sentences;
    // The paragraph's sentences before the claim, a few at most.
    let start = (claim.sentence.saturating_sub(REACH)..=claim.sentence)
        .find(|&i| sentences[i].block == claim.block)
        .unwrap_or(claim.sentence);
    // The name nearest before the claim, or the one it is written beside
    // ("1,000 個 NVL72").
    let mut mention = None;
    for s in start..=claim.sentence {
        for m in scope.input.facts.names(s) {
            let at = m.span.start;
            // "1,000 個 NVL72", not "512 GB，H20": no punctuation between.
            let beside = at >= claim.quantity.span.end
                && at_most_chars(&text[claim.quantity.span.end..at], 2)
                && text[claim.quantity.span.end..at]
                    .chars()
                    .all(|c| c.is_whitespace() || "个個台套张張颗顆".contains(c));
            if at < claim.quantity.span.start || beside {
                mention = Some(m);
            }
            if beside {
                break;
            }
        }
    }
    match mention {
        Some(mention) => card_facts(scope, &mention.entities, kind),
        None => Vec::new(),
    }
}

/// The knowledge-base attribute (with qualifiers, of which kind of entity)
/// that gives a per-unit variable: "H100" gives its TDP for power per
/// accelerator.
type Attribute = (&'static str, &'static [(&'static str, &'static str)], Kind);

fn per_card_attribute(kind: &str) -> Option<Attribute> {
    Some(match kind {
        "power_per_accelerator" => ("tdp", &[], Kind::Accelerator),
        "memory_per_accelerator" => ("memory_capacity", &[], Kind::Accelerator),
        "throughput" => (
            "throughput",
            &[("precision", "bf16"), ("sparsity", "dense")],
            Kind::Accelerator,
        ),
        "bandwidth_per_accelerator" => (
            "interconnect_bandwidth",
            &[("link", "nvlink")],
            Kind::Accelerator,
        ),
        // "1,000 個 NVL72 機櫃": a system holds so many accelerators.
        "accelerators_per_node" => ("accelerator_count", &[], Kind::System),
        _ => return None,
    })
}

/// What the knowledge base says a figure of `kind` is for each variant of
/// the entities a name means, one binding per variant.
fn card_facts(scope: &Scope, entities: &[usize], kind: &str) -> Vec<Binding> {
    let Some((attribute, qualifiers, of)) = per_card_attribute(kind) else {
        return Vec::new();
    };
    let kb: &Kb = scope.input.kb;
    let mut out = Vec::new();
    for i in scope.input.variants(entities) {
        let entity = kb.entity(i);
        if entity.kind != of {
            continue;
        }
        let fact = entity.facts_of(attribute).find(|f| {
            qualifiers
                .iter()
                .all(|(k, v)| f.qualifiers().get(*k).is_none_or(|x| x == v))
        });
        let Some(fact) = fact else {
            continue;
        };
        let FactValue::Measure(measure) = &fact.value().value else {
            continue;
        };
        let source = kb.source(&fact.value().source).map(|s| SourceRef {
            id: s.id.clone(),
            title: s.title.clone(),
            url: s.url.clone(),
        });
        out.push(Binding {
            kind: kind.to_string(),
            value: measure.interval,
            shown: measure.shown(),
            origin: Origin::Kb {
                label: format!("{} {}", entity.name, attribute.replace('_', " ")),
                source,
            },
            same_sentence: false,
        });
    }
    out
}

/// Bytes per parameter from the precision the claim's sentence names before
/// it: "3140 亿参数在 BF16 精度下" stores 2 bytes each.
fn from_precision(scope: &Scope, claim: &Typed) -> Vec<Binding> {
    let sentence = &scope.input.sentences[claim.sentence];
    let text = &scope.input.doc.text[sentence.span.start..claim.quantity.span.start];
    let cues = Cues::builtin();
    let precision = cues.find(text).into_iter().rev().find_map(|f| match f.cue {
        Cue::Qualifier(key, value) if key == "precision" => Some(value),
        _ => None,
    });
    let Some((precision, bytes)) = precision.and_then(|p| cues.precision_bytes(&p).map(|b| (p, b)))
    else {
        return Vec::new();
    };
    vec![Binding {
        kind: "bytes_per_parameter".into(),
        value: Interval::exact(bytes),
        shown: format!("{} bytes ({})", number(bytes), precision.to_uppercase()),
        origin: Origin::Kb {
            label: format!(
                "{} is {} bytes a number",
                precision.to_uppercase(),
                number(bytes)
            ),
            source: None,
        },
        same_sentence: true,
    }]
}

fn finding(scope: &Scope, claim: &Typed, o: &Outcome, verdict: Verdict) -> Finding {
    let text = scope.input.doc.text.as_str();
    let q = &claim.quantity;
    let claimed = &text[q.span.clone()];
    let unit = &q.unit;
    let in_claim_unit = |v: f64| {
        let n = number(v / unit.factor);
        match unit.label.as_str() {
            "" => n,
            _ if unit.is_written_before() => format!("{}{n}", unit.label),
            label => format!("{n} {label}"),
        }
    };
    let expected = in_claim_unit(o.expected.nominal);
    let inputs: Vec<String> = o
        .bindings
        .iter()
        .map(|b| format!("{} = {}", b.kind.replace('_', " "), b.shown))
        .collect();
    let mut steps = vec![
        as_written(o.relation.says.clone()),
        as_written(inputs.join(", ")),
        as_written(format!("{} = {expected}", claim.kind.replace('_', " "))),
    ];
    let related = o
        .bindings
        .iter()
        .filter_map(|b| match &b.origin {
            Origin::Text(span) => Some(Related {
                span: span.clone(),
                note: msg!("note-kind", kind = b.kind.replace('_', " ")),
            }),
            Origin::Kb { .. } => None,
        })
        .collect();
    let mut sources: Vec<SourceRef> = o
        .bindings
        .iter()
        .filter_map(|b| match &b.origin {
            Origin::Kb { source, .. } => source.clone(),
            Origin::Text(_) => None,
        })
        .collect();
    if let Some(s) = scope.input.kb.source(&o.relation.source) {
        sources.push(SourceRef {
            id: s.id.clone(),
            title: s.title.clone(),
            url: s.url.clone(),
        });
    }
    let kb_inputs: Vec<String> = o
        .bindings
        .iter()
        .filter_map(|b| match &b.origin {
            Origin::Kb { label, .. } => Some(format!("{label}: {}", b.shown)),
            Origin::Text(_) => None,
        })
        .collect();
    let (message, help) = match verdict {
        Verdict::Verified => (
            msg!(
                "formula-verified",
                claimed = claimed,
                relation = &o.relation.says,
                expected = &expected
            ),
            None,
        ),
        _ => (
            msg!(
                "formula-contradicted",
                relation = &o.relation.says,
                expected = &expected,
                claimed = claimed
            ),
            Some(msg!("formula-help", inputs = inputs.join(", "))),
        ),
    };
    if !kb_inputs.is_empty() {
        steps.push(msg!("formula-step-kb", inputs = kb_inputs.join("; ")));
    }
    Finding {
        verdict,
        check: "formula",
        span: q.span.clone(),
        label_span: q.span.clone(),
        label: as_written(format!("{} = {expected}", claim.kind.replace('_', " "))),
        message,
        steps,
        related,
        sources,
        help,
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn verdicts(text: &str) -> Vec<Verdict> {
        audit(Document::new("t.md", text.to_string()), Kb::builtin())
            .findings
            .iter()
            .filter(|f| f.check == "formula")
            .map(|f| f.verdict)
            .collect()
    }

    #[test]
    fn a_memory_of_another_thing_than_the_weights_is_not_contradicted_by_theirs() {
        // The cache of a 70B model is no 140 GB of weights.
        assert!(
            verdicts(
                "At 128K context, the KV cache for a 70B model at FP16 hits ~42.9 GB per user."
            )
            .is_empty()
        );
        // Without such a word, the weights' memory is checked.
        assert_eq!(
            verdicts("At FP16, the weights of a 70B model take ~42.9 GB."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn the_size_of_each_counted_thing_is_no_total() {
        assert!(verdicts("B200 单卡 192 GB HBM3e，由 8 颗 8-Hi 24 GB 堆栈组成。").is_empty());
        assert!(
            verdicts("H200 升级为 6 颗 24 GB HBM3e，物理容量 144 GB。")
                .iter()
                .all(|v| *v == Verdict::Verified)
        );
    }

    #[test]
    fn a_size_labelling_a_model_is_given_not_solved_for() {
        // 48 GB is the card's, not the 14B model's weights.
        assert!(
            verdicts("Using FP16, a card with 48 GB of VRAM runs a 14B model with ~14 GB left.")
                .is_empty()
        );
        // Stated as a result, a parameter count is still solved for.
        assert_eq!(
            verdicts("At FP16, 48 GB of weights hold about 14B parameters."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_requirement_is_no_total_of_the_cards() {
        let table = "| 模型 | 最小GPU配置 | 显存需求(FP16) |\n|---|---|---|\n| 70B | 4×A100 80GB | 140GB |\n";
        assert!(verdicts(table).is_empty(), "{:?}", verdicts(table));
    }

    #[test]
    fn where_a_change_starts_is_no_result() {
        assert!(
            verdicts("Average IT load was 36 MW. Over the 8,760 hours of the year this equals 315,360 MWh of IT energy, up from 241,000 MWh in FY2023.")
                .iter()
                .all(|v| *v == Verdict::Verified)
        );
    }

    #[test]
    fn what_unknown_things_hold_is_no_result() {
        assert!(
            verdicts("DeepSeek-V3's 671B parameters in FP8 fit on three T2s (864 GB).").is_empty()
        );
        // What counted things of no name hold is still worked out.
        assert_eq!(
            verdicts("Each node has 8 GPUs, so 24 nodes (192 GPUs) serve the model."),
            [Verdict::Verified]
        );
    }

    #[test]
    fn the_size_a_models_name_gives_is_rounded() {
        assert_eq!(
            verdicts("A Llama 3.1 70B model in fp16 has 141 GB of weights."),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("A Llama 3.1 70B model in fp16 has 160 GB of weights."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_cards_nvlink_totals_only_a_link_the_sentence_names() {
        assert!(verdicts("NVIDIA H200 採 6 顆 24 GB HBM3E，頻寬 4.8 TB/s。").is_empty());
        assert_eq!(
            verdicts("8 张 H100 的 NVLink 总带宽为 7.2 TB/s。"),
            [Verdict::Verified]
        );
        // Another link is no NVLink.
        assert!(
            verdicts("128 nodes of 8 H100 GPUs, connected with 400 Gb/s InfiniBand.").is_empty()
        );
    }

    #[test]
    fn a_bare_count_of_card_hours_is_no_premise_in_seconds() {
        let text = "若 H200 以每卡每小時 2.5 美元出租，一年可提供約 5,887 萬個計費卡時，帶來約 1.47 億美元收入。";
        assert!(!verdicts(text).contains(&Verdict::Contradicted));
    }

    #[test]
    fn a_total_an_earlier_count_gave_solves_for_no_later_count() {
        let text = "The cluster is built from H100 nodes, each with eight H100 SXM 80 GB GPUs, so every node exposes 640 GB of HBM3 and the cluster as a whole has 512 GPUs.";
        assert!(!verdicts(text).contains(&Verdict::Contradicted));
    }

    #[test]
    fn a_count_that_gave_an_earlier_total_is_not_the_next_ones() {
        let text = "训练区每节点 10 kW，32 个节点合计 320 kW；推理区每节点 3 kW，合计 36 kW。";
        assert!(!verdicts(text).contains(&Verdict::Contradicted));
        assert!(verdicts(text).contains(&Verdict::Verified));
    }

    #[test]
    fn a_systems_own_record_is_not_overruled_by_its_cards() {
        // The DGX B200 records 1,440 GB (180 GB a GPU), the B200 alone 192 GB.
        assert!(
            !verdicts(
                "The B200 alone has 192 GB, but the DGX B200 has 1,440 GB across its eight GPUs."
            )
            .contains(&Verdict::Contradicted)
        );
    }

    #[test]
    fn what_is_left_of_a_whole_is_no_product() {
        let text = |tail: &str| format!("Llama 3.1 405B (405B parameters) in FP8 {tail}.");
        assert!(verdicts(&text("fits one H200 node, with 723 GB to spare")).is_empty());
        assert!(
            verdicts("实际部署采用 16 个节点（每个节点 100 卡 A100），同时预留 400 块冗余。")
                .is_empty()
        );
        assert_eq!(verdicts(&text("is 723 GB")), [Verdict::Contradicted]);
    }

    #[test]
    fn a_cards_own_spec_beside_a_count_is_no_total() {
        assert!(verdicts("集群共 1,024 张 H800；NVLink 带宽 400 GB/s。").is_empty());
        // Named a total, it is one.
        assert_eq!(
            verdicts("集群共 1,024 张 H800；NVLink 总带宽 400 GB/s。"),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_size_naming_the_cards_needed_is_no_conclusion() {
        // Five cards at least for 350 GB: the count is rounded up, and the
        // 80 GB names which cards, worked out from nothing.
        assert!(verdicts("它的 BF16 权重约 350 GB，至少要 5 张 80 GB 卡才放得下。").is_empty());
        assert_eq!(
            verdicts("8 张 H100 共 640 GB 显存，因此每张卡 80 GB。"),
            [Verdict::Verified, Verdict::Verified]
        );
    }
}
