//! `arithmetic`: a stated calculation that does not compute.
//!
//! Catches a calculation written out in the article, operands joined by ×, x,
//! *, ·, /, ÷, +, −, 乘, 除以, 加, 减 with a result after =, ≈, is, 等于, 合,
//! 即, 约, and recomputes it on intervals with units carried through. The
//! result's stated precision and hedge decide how close is close enough:
//! "≈ 628GB" allows 627.5–628.5 GB widened by 5%.
//!
//! Why it matters: a slipped sum propagates into every figure built on it,
//! and readers rarely redo the multiplication.
//!
//! Bare numbers right after "的" or "of" ("原来的 4/5，即约 30.4 天") are a
//! fraction of something else, not a calculation of the result.
//!
//! Every reading is tried before anything is flagged: GB as 10⁹ or 2³⁰
//! bytes, 兆 as 10¹² or 10⁶, a bare 1024 as a change of binary prefix, a
//! division of bits by 8 as the writer's own conversion to bytes ("400 Gb/s
//! ÷ 8 = 50 GB/s"), a "B" after a bare operand as a byte beside a result in
//! bytes ("… × 1B ≈ 100.08 GB"), bare operands as the number before a
//! result's slash ("… × 1e6 = $1.46 / 1M tokens"), and a divisor's magnitude
//! as what the result is per ("$4,608 / 8,935M = $0.52" per million). When
//! only one reading holds, the finding says which.
//!
//! A chain may run on: in "… = 327,680 = 0.33MB / token × 131072 = 42.95GB"
//! the side after the lone figure opens on that figure restated, so it
//! claims nothing about the figure, and the step after it is worked with
//! the figure's own value (327,680 bytes), not its rounding. A run of
//! digits with zeros inside it ("173000000002175000000000") is two numbers
//! whose `*` pasted text lost, and no operand.
//!
//! Example:
//!
//! ```text
//! 16,384 × 80 GB = 1.6 PB        contradicted: 16,384 × 80 GB = 1.31 PB
//! 8×40GB = 320GB                 verified
//! 700000 MB /1024 ≈ 683.6 GB     verified, if MB and GB are binary
//! ```

use crate::check::finding::{Finding, Related, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::extract::{Calculation, calculations};
use crate::lang::message::{Arg, Message};
use crate::msg;
use crate::number::expr::{EvalError, Reading};
use crate::number::expr::{Expr, magnitude_word};
use crate::number::format::{chinese_magnitude, number};
use crate::number::interval::Interval;
use crate::number::lexicon::{Op, Relation};
use crate::number::quantity::{Quantity, Token, apply_hedge};
use crate::units::{Base, Dimension, Unit, UnitTable};

pub struct Arithmetic;

impl Check for Arithmetic {
    fn code(&self) -> &'static str {
        "arithmetic"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("arithmetic.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        for sentence in input.sentences {
            for calc in calculations(&sentence.tokens, &input.doc.text) {
                // "变为原来的 4/5，即约 30.4 天", "2/3 of the budget": bare
                // numbers after "的" or "of" with a result in a unit are a
                // fraction of something else, not the result's operands.
                let before = input.doc.text[..calc.span().start].trim_end();
                let with_a_unit = calc.results.iter().any(|(_, side)| {
                    side.operands()
                        .iter()
                        .any(|q| !q.dimension().is_dimensionless())
                });
                let fraction_of = (before.ends_with('的') || before.ends_with(" of"))
                    && with_a_unit
                    && calc.first.operands().iter().all(|q| q.unit.is_one());
                // "moves 48 bytes per transfer, and 48 × 24 Gbps gives 1,152
                // GB/s": a bare operand restating a measure stated before it
                // in the sentence carries that measure's unit, which the
                // written calculation leaves out; its units are not the
                // written ones, so it is left unchecked.
                let measures_before: Vec<(f64, Dimension)> = sentence
                    .tokens_to(calc.span().start)
                    .iter()
                    .filter_map(|t| match t {
                        Token::Quantity(q) if is_a_measure(q) => {
                            Some((q.number.nominal, q.dimension()))
                        }
                        _ => None,
                    })
                    .collect();
                let unit_left_out = with_a_unit && leaves_out_a_unit(&calc, &measures_before);
                // "缩小到 1/4，即约 35 GB": a proper fraction of two small bare
                // numbers, with a result in a unit, is a fraction of
                // something else; as a calculation it gives less than one
                // of that unit.
                let proper_fraction = with_a_unit
                    && matches!(&calc.first, Expr::Binary(Op::Divide, a, b)
                        if matches!((a.as_ref(), b.as_ref()), (Expr::Operand(a), Expr::Operand(b))
                            if a.unit.is_one() && b.unit.is_one()
                                && a.number.nominal < b.number.nominal
                                && b.number.nominal <= 100.0));
                if fraction_of
                    || unit_left_out
                    || proper_fraction
                    || run_together(&input.doc.text, &calc)
                {
                    continue;
                }
                // Figures with a magnitude stated before the calculation
                // ("70B"), which a bare operand may restate ("70 × 0.5").
                let magnitudes: Vec<(f64, f64)> = sentence
                    .tokens_to(calc.span().start)
                    .iter()
                    .filter_map(|t| match t {
                        Token::Quantity(q) if q.magnitude > 1.0 => {
                            Some((q.number.nominal / q.magnitude, q.magnitude))
                        }
                        _ => None,
                    })
                    .collect();
                // "314,000,000,000 × 2 = 628,000,000,000 字节 ≈ 628GB": unitless
                // sides take the unit of the first side that has one.
                let implied = std::iter::once(&calc.first)
                    .chain(calc.results.iter().map(|(_, e)| e))
                    .find_map(display_unit);
                let mut previous = &calc.first;
                let mut carried: Option<Expr> = None;
                for (relation, side) in &calc.results {
                    // "… = 327,680 = 0.33MB / token x 131072 = 42.95GB": a
                    // side that opens on a restatement of the lone figure
                    // before it runs the chain on from that figure; it does
                    // not claim to equal it. Its rounded first operand
                    // stands for the figure, to the precision it is written
                    // with, in the step after.
                    if let Some(on) = runs_on(previous, side) {
                        carried = Some(on);
                        previous = side;
                        continue;
                    }
                    let around = Around {
                        text: &input.doc.text,
                        magnitudes: &magnitudes,
                        tolerance: input.tolerance,
                    };
                    if let Some(f) = check_side(
                        calc.span().start,
                        carried.take().as_ref().unwrap_or(previous),
                        *relation,
                        side,
                        implied.as_ref(),
                        &around,
                    ) {
                        findings.push(f);
                    }
                    previous = side;
                }
            }
        }
    }
}

/// Whether an operand is two numbers run together, as pasted text gives
/// when the `*` between them was taken for emphasis: a run of sixteen digits
/// or more with six zeros inside it and other digits after them
/// ("173000000002175000000000" for 17300000000 × 2175000000000). One round
/// number has its zeros at its end.
fn run_together(text: &str, calc: &Calculation) -> bool {
    std::iter::once(&calc.first)
        .chain(calc.results.iter().map(|(_, e)| e))
        .flat_map(Expr::operands)
        .any(|q| {
            text[q.span.clone()]
                .split(|c: char| !c.is_ascii_digit())
                .any(|digits| {
                    digits.len() >= 16
                        && digits
                            .find("000000")
                            .is_some_and(|at| !digits[at..].trim_start_matches('0').is_empty())
                })
        })
}

/// Whether `side` runs a chain on from a lone figure: a calculation whose
/// first operand restates the figure to the precision it is written with
/// ("327,680 = 0.33MB × 131072", a bare count of bytes as megabytes). If so,
/// the side with that operand at the figure's own value, which is what the
/// writer carries on with.
fn runs_on(previous: &Expr, side: &Expr) -> Option<Expr> {
    let Expr::Operand(figure) = previous else {
        return None;
    };
    let Expr::Binary(..) = side else {
        return None;
    };
    let first = *side.operands().first()?;
    let base = |q: &Quantity| q.number.nominal * q.unit.factor;
    let same_kind = figure.unit.is_one() || figure.dimension() == first.dimension();
    let restates = same_kind
        && !first.unit.is_one()
        && base(first) != 0.0
        && (base(figure) - base(first)).abs() <= first.digit_half * first.unit.factor
        && figure.span != first.span;
    restates.then(|| with_first_at(side, base(figure)))
}

/// The expression with its first operand set to a value in base units.
fn with_first_at(expr: &Expr, value: f64) -> Expr {
    match expr {
        Expr::Operand(q) => {
            let mut q = q.clone();
            q.number = Interval::exact(value / q.unit.factor);
            q.number_alternative = None;
            Expr::Operand(q)
        }
        Expr::Binary(op, a, b) => Expr::Binary(*op, Box::new(with_first_at(a, value)), b.clone()),
    }
}

/// The unit a side is shown in: a lone quantity's own, else its last operand
/// with a unit.
fn display_unit(side: &Expr) -> Option<Unit> {
    side.operands()
        .into_iter()
        .rev()
        .find(|q| !q.unit.is_one())
        .map(|q| q.unit.clone())
}

/// One reading's outcome, in base units.
struct Outcome {
    reading: Reading,
    /// What the units were read to mean, when the result's unit needed it:
    /// "$2" per unit of the other operands ("2.788M GPU-hours × $2 =
    /// $5.576M"), or "per day" as the product's period ("7.2 kW × 24 h =
    /// 172.8 kWh per day").
    rate: Option<Message>,
    /// Whether the bare operands were read in another scale than the plain
    /// one: as counts of base units ("7×10⁹ × 16 = 112 GB" counts bytes), or
    /// in the result's magnitude word ("2 × 3 = 6 万元"). A reading that
    /// only saves a claim, or shows a miss in the writer's own scale.
    rescaled: bool,
    computed: Interval,
    claimed: Interval,
    holds: bool,
}

/// "2.788M GPU-hours × $2 = $5.576M", "433 万卡时 × 12 元": a product whose
/// result has the dimension of one operand alone reads that operand as per
/// unit of the others, as written. Returns the product in the rate's base
/// units, and the rate's text. Only a plain product of operands, one of
/// the result's dimension and the rest with units of their own.
fn implied_rate(
    previous: &Expr,
    claimed: Dimension,
    reading: Reading,
) -> Option<(Interval, String)> {
    fn product(e: &Expr) -> bool {
        match e {
            Expr::Operand(_) => true,
            Expr::Binary(Op::Multiply, l, r) => product(l) && product(r),
            Expr::Binary(..) => false,
        }
    }
    if !product(previous) || claimed.is_dimensionless() {
        return None;
    }
    let operands = previous.operands();
    let mut rates = operands
        .iter()
        .filter(|q| !q.unit.is_one() && q.dimension().compatible(claimed));
    let rate = rates.next()?;
    if rates.next().is_some() {
        return None;
    }
    // A price may be per anything ("$0.10 × 1,000 kWh"); a byte, a watt or
    // a FLOP is per thing counted or per hour, never per FLOP/s or per byte
    // ("32 PFLOPS × 900 GB" is no 28,800 GB).
    let priced = [Base::Dollar, Base::Yuan, Base::Twd, Base::Hkd, Base::Eur]
        .iter()
        .any(|&b| claimed.exponent(b) != 0);
    // A power is per thing counted, never per hour: "2 MW × 720 h = 1,440
    // MW" is an energy written as a power, no 2 MW an hour.
    let power = Dimension::of(Base::Watt);
    let per_what = |q: &&&Quantity| {
        let d = q.dimension();
        d.is_dimensionless()
            || d.compatible(Dimension::of(Base::Second)) && !claimed.compatible(power)
    };
    if !priced
        && !operands
            .iter()
            .filter(|q| !std::ptr::eq(**q, *rate))
            .all(|q| per_what(&q))
    {
        return None;
    }
    let mut value = rate.base_value(reading.binary, reading.alternative_magnitude);
    let mut counted = false;
    for q in operands.iter().filter(|q| !std::ptr::eq(**q, *rate)) {
        counted |= !q.unit.is_one() && !q.dimension().is_dimensionless();
        let number = if reading.alternative_magnitude {
            q.number_alternative.unwrap_or(q.number)
        } else {
            q.number
        };
        value = value.scale(number.nominal);
    }
    counted.then(|| {
        let shown = Expr::Operand((*rate).clone()).to_string();
        (Interval::exact(value.nominal), shown)
    })
}

/// The magnitudes a bare operand may leave out, with their names.
const OMITTED_MAGNITUDES: [(f64, &str); 4] = [
    (1e3, "thousands"),
    (1e6, "millions"),
    (1e9, "billions"),
    (1e12, "trillions"),
];

/// "7.2 kW × 24 h = 172.8 kWh per day": a rate claimed for a product that
/// takes one duration is the product over that duration, the period the
/// "per" names. Returns the product divided by the duration, in base units,
/// and the duration's text.
fn per_period(
    previous: &Expr,
    computed: Interval,
    computed_dimension: Dimension,
    claimed: Dimension,
    claimed_label: &str,
    reading: Reading,
) -> Option<(Interval, String)> {
    let time = Dimension::of(Base::Second);
    if !(claimed * time).compatible(computed_dimension) || !says_per(claimed_label) {
        return None;
    }
    let operands = previous.operands();
    let mut durations = operands.iter().filter(|q| q.dimension().compatible(time));
    let duration = durations.next()?;
    if durations.next().is_some() {
        return None;
    }
    let length = duration.base_value(reading.binary, reading.alternative_magnitude);
    let value = computed.checked_div(length)?;
    Some((value, Expr::Operand((*duration).clone()).to_string()))
}

/// "0.65 kW × 4 h = 2.6 kWh/day": a rate claimed for a product over one
/// duration no longer than the period the "per" names is that product once
/// each period (four hours of use a day). Returns the product divided by
/// the period, in base units, and the period's text.
fn once_a_period(
    previous: &Expr,
    computed: Interval,
    computed_dimension: Dimension,
    claimed: Dimension,
    claimed_label: &str,
    reading: Reading,
) -> Option<(Interval, String)> {
    let time = Dimension::of(Base::Second);
    if !(claimed * time).compatible(computed_dimension) {
        return None;
    }
    let period_text = ["/", "per ", "每"]
        .iter()
        .filter_map(|sep| {
            claimed_label
                .rfind(sep)
                .map(|at| claimed_label[at + sep.len()..].trim())
        })
        .min_by_key(|rest| rest.len())?;
    let period = UnitTable::builtin().unit_at(period_text)?.unit;
    if !period.dimension.compatible(time) {
        return None;
    }
    let operands = previous.operands();
    let mut durations = operands.iter().filter(|q| q.dimension().compatible(time));
    let duration = durations.next()?;
    if durations.next().is_some() {
        return None;
    }
    let length = duration.base_value(reading.binary, reading.alternative_magnitude);
    if length.hi > period.factor {
        return None;
    }
    let value = computed.checked_div(Interval::exact(period.factor))?;
    Some((value, period_text.to_string()))
}

/// Whether a unit is written as a rate: "kWh per day", "GB/s", "度每天".
fn says_per(label: &str) -> bool {
    label.contains("per ") || label.contains('/') || label.contains('每')
}

/// What a side claims under a reading, in base units: a lone quantity's
/// hedged interval, or an expression's exact value.
fn claimed_value(
    side: &Expr,
    relation: Relation,
    reading: Reading,
) -> Result<(Interval, Dimension, bool), EvalError> {
    let interval = match side {
        Expr::Operand(q) => {
            let factor = q.unit.factor_for(reading.binary);
            let number = if reading.alternative_magnitude {
                q.number_alternative.unwrap_or(q.number)
            } else {
                q.number
            };
            // An exact "= 70 MW" is precise to its last written digit; only a
            // hedge lets trailing zeros widen it.
            let number = if relation == Relation::Exact && q.hedge.is_none() && q.digit_half > 0.0 {
                let half = q.digit_half.min(number.hi - number.nominal);
                Interval::around(number.nominal, half)
            } else {
                number
            };
            let mut claimed = apply_hedge(number.scale(factor), q.hedge, q.step * factor);
            if relation == Relation::Approx && q.hedge.is_none() {
                claimed = claimed.widen_relative(0.05);
            }
            return Ok((claimed, q.dimension(), !q.unit.is_one()));
        }
        _ => side.eval(reading)?,
    };
    let widening = if relation == Relation::Approx {
        0.05
    } else {
        1e-9
    };
    Ok((
        interval.interval.widen_relative(widening),
        interval.dimension,
        interval.has_unit,
    ))
}

/// Whether a calculation with a unit written on some operand has a bare
/// operand that restates a measure stated before (`measures`), with whose
/// unit its dimension is not the result's: "48 bytes … 48 × 24 Gbps =
/// 1,152 GB/s" multiplies bytes by bits a second. "100 MW … 100 × 8,760 h
/// = 876,000 MWh" leaves out a unit too, but one that gives the result's
/// dimension: that calculation is checked as written.
fn leaves_out_a_unit(calc: &Calculation, measures: &[(f64, Dimension)]) -> bool {
    let restated = |q: &Quantity| {
        q.unit
            .is_one()
            .then(|| {
                measures
                    .iter()
                    .find(|(n, _)| *n == q.number.nominal)
                    .map(|(_, d)| *d)
            })
            .flatten()
    };
    let operands = calc.first.operands();
    let some_restated = operands.iter().any(|q| restated(q).is_some());
    let some_written = operands.iter().any(|q| !q.unit.is_one());
    if !some_restated || !some_written {
        return false;
    }
    let Some(implied) = dimension_with(&calc.first, &restated) else {
        return false;
    };
    calc.results
        .iter()
        .flat_map(|(_, side)| side.operands())
        .find(|q| !q.unit.is_one())
        .is_some_and(|result| !implied.compatible(result.dimension()))
}

/// The dimension of an expression whose bare operands take the dimension
/// `restated` gives them (none otherwise); none for a sum of unlike terms.
fn dimension_with(
    expr: &Expr,
    restated: &dyn Fn(&Quantity) -> Option<Dimension>,
) -> Option<Dimension> {
    match expr {
        Expr::Operand(q) => Some(restated(q).unwrap_or_else(|| q.dimension())),
        Expr::Binary(op, l, r) => {
            let (l, r) = (dimension_with(l, restated)?, dimension_with(r, restated)?);
            match op {
                Op::Multiply => Some(l * r),
                Op::Divide => Some(l / r),
                Op::Add | Op::Subtract => (l == r).then_some(l),
            }
        }
    }
}

/// Whether a figure measures something (bytes, bits, watts, seconds) rather
/// than counting things: a count restated bare ("8 GPUs … 8 × 80 GB",
/// "1,000 卡时 … 1000 × $2") is the same number still.
fn is_a_measure(q: &Quantity) -> bool {
    let d = q.dimension();
    !d.is_dimensionless()
        && !Base::ALL
            .into_iter()
            .any(|b| b.is_counted() && d.exponent(b) != 0)
}

/// A stated result as the rounding of a value already rounded one digit
/// further: "32.846 Wh" is written "32.85" and then "32.9". The stated
/// digits' interval, a tenth of its half-width wider each way.
fn rounded_twice(claimed: Interval) -> Interval {
    let more = (claimed.hi - claimed.lo) / 20.0;
    Interval {
        lo: claimed.lo - more,
        hi: claimed.hi + more,
        ..claimed
    }
}

/// What a step of a calculation is checked within: the document, the
/// magnitudes its sentence stated before the calculation, the tolerance.
struct Around<'a> {
    text: &'a str,
    magnitudes: &'a [(f64, f64)],
    tolerance: f64,
}

fn check_side(
    start: usize,
    previous: &Expr,
    relation: Relation,
    side: &Expr,
    implied: Option<&Unit>,
    around: &Around,
) -> Option<Finding> {
    let (magnitudes, tolerance) = (around.magnitudes, around.tolerance);
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut divides_by_zero = false;
    let shown = display_unit(side).or_else(|| implied.cloned());
    for reading in Reading::all() {
        if reading != Reading::default()
            && !previous.reading_matters(reading)
            && !side.reading_matters(reading)
        {
            continue;
        }
        if reading.conversion && !converts_prefix(previous, side) {
            continue;
        }
        let (computed, claimed) = match (
            previous.eval(reading),
            claimed_value(side, relation, reading),
        ) {
            (Ok(p), Ok(c)) => (p, c),
            (Err(EvalError::DivisionByZero), _) | (_, Err(EvalError::DivisionByZero)) => {
                divides_by_zero = true;
                continue;
            }
            _ => continue,
        };
        let (claimed, claimed_dimension, claimed_has_unit) = claimed;
        let implied_factor = |dimension: Dimension| {
            implied
                .filter(|u| u.dimension.compatible(dimension))
                .map_or(1.0, |u| u.factor_for(reading.binary))
        };
        // "7×10⁹ × 16 = 112 GB": bare operands may count base units (bytes)
        // as well as the result's unit; both are readings.
        let in_base_units =
            (!computed.has_unit && claimed_has_unit && implied_factor(claimed_dimension) != 1.0)
                .then(|| Outcome {
                    reading,
                    rate: None,
                    rescaled: true,
                    computed: computed.interval,
                    claimed,
                    holds: claimed.meets_within(&computed.interval, tolerance),
                });
        let bare = !computed.has_unit;
        let raw = computed.interval;
        let (computed, claimed) = match (computed.has_unit, claimed_has_unit) {
            (false, true) => (
                computed.interval.scale(implied_factor(claimed_dimension)),
                claimed,
            ),
            (true, false) => (
                computed.interval,
                claimed.scale(implied_factor(computed.dimension)),
            ),
            _ if computed.dimension.compatible(claimed_dimension) => (computed.interval, claimed),
            _ => {
                let readings = [
                    implied_rate(previous, claimed_dimension, reading)
                        .map(|(v, rate)| (v, msg!("reading-rate", rate = &rate))),
                    per_period(
                        previous,
                        computed.interval,
                        computed.dimension,
                        claimed_dimension,
                        shown.as_ref().map_or("", |u| u.label.as_str()),
                        reading,
                    )
                    .map(|(v, period)| (v, msg!("reading-period", period = &period))),
                    once_a_period(
                        previous,
                        computed.interval,
                        computed.dimension,
                        claimed_dimension,
                        shown.as_ref().map_or("", |u| u.label.as_str()),
                        reading,
                    )
                    .map(|(v, period)| (v, msg!("reading-once-a-period", period = &period))),
                ];
                for (computed, rate) in readings.into_iter().flatten() {
                    outcomes.push(Outcome {
                        reading,
                        rate: Some(rate),
                        rescaled: false,
                        computed,
                        claimed,
                        holds: claimed.meets_within(&computed, tolerance),
                    });
                }
                continue;
            }
        };
        let holds = claimed.meets_within(&computed, tolerance)
            || rounded_twice(claimed).meets_within(&computed, tolerance);
        outcomes.push(Outcome {
            reading,
            rate: None,
            rescaled: false,
            computed,
            claimed,
            holds,
        });
        // "(2.21 × 4 ÷ 3600) ÷ (2400 × 0.7) × 1e6 = $1.46 / 1M tokens": bare
        // operands work out the number before the slash; what follows it
        // says what the number is per.
        if !holds
            && bare
            && let Expr::Binary(Op::Divide, numerator, _) = side
            && let Expr::Operand(n) = &**numerator
        {
            let written = n.premise().scale(1.0 / (n.unit.factor * n.magnitude));
            outcomes.push(Outcome {
                reading,
                rate: Some(msg!("reading-per-what-follows")),
                rescaled: true,
                computed: raw,
                claimed: written,
                holds: written.meets_within(&raw, tolerance),
            });
        }
        // "$4,608 / 8,935M = $0.52": the magnitude of a divisor may be the
        // unit the result is per (dollars per million tokens).
        if !holds
            && let Expr::Binary(Op::Divide, _, divisor) = previous
            && let Expr::Operand(d) = &**divisor
            && d.magnitude > 1.0
            && d.unit.is_one()
        {
            let per_magnitude = computed.scale(d.magnitude);
            outcomes.push(Outcome {
                reading,
                rate: Some(msg!("reading-per-magnitude")),
                rescaled: true,
                computed: per_magnitude,
                claimed,
                holds: claimed.meets_within(&per_magnitude, tolerance),
            });
        }
        // "30 × 4096 × 2 × 61 × 7168 × 1B ≈ 100.08 GB": beside a result in
        // bytes, a "B" after a bare operand may be a byte, not a billion.
        if !holds
            && bare
            && claimed_dimension == Dimension::of(Base::Byte)
            && billion_read_as_byte(previous, around.text)
        {
            let as_bytes = raw.scale(1e-9);
            outcomes.push(Outcome {
                reading,
                rate: Some(msg!("reading-b-as-byte")),
                rescaled: true,
                computed: as_bytes,
                claimed,
                holds: claimed.meets_within(&as_bytes, tolerance),
            });
        }
        // "400 Gb/s ÷ 8 = 50 GB/s": the 8 is the writer's own conversion of
        // bits to bytes, which the units make a second time.
        if !holds && let Some(factor) = bits_to_bytes_by_eight(previous, side) {
            let converted = computed.scale(factor);
            outcomes.push(Outcome {
                reading,
                rate: Some(msg!("reading-eight-bits")),
                rescaled: true,
                computed: converted,
                claimed,
                holds: claimed.meets_within(&converted, tolerance),
            });
        }
        outcomes.extend(in_base_units);
        // "100 × 12 × 4.5 = 5,400 万元", "70 × 2 = 140 亿": bare operands
        // with no magnitude word of their own may count in the result's
        // unit as written, its magnitude word included. A reading only when
        // it holds, like the omitted magnitude below.
        let in_written_magnitude = match side {
            Expr::Operand(q)
                if bare
                    && !holds
                    && q.magnitude > 1.0
                    && previous.operands().iter().all(|o| o.magnitude == 1.0) =>
            {
                let word = magnitude_word(q, around.text).or_else(|| {
                    OMITTED_MAGNITUDES
                        .iter()
                        .find(|(factor, _)| *factor == q.magnitude)
                        .map(|(_, word)| *word)
                });
                word.map(|word| (computed.scale(q.magnitude), word))
            }
            _ => None,
        };
        if let Some((scaled, word)) = in_written_magnitude {
            let holds = claimed.meets_within(&scaled, tolerance);
            outcomes.push(Outcome {
                reading,
                rate: Some(msg!("reading-omitted-magnitude", magnitude = word)),
                rescaled: true,
                computed: scaled,
                claimed,
                holds,
            });
            if holds {
                continue;
            }
        }
        // "70B at 4 bits is 70 × 0.5 bytes = 35 GB": a bare operand may
        // leave out the magnitude the sentence gave it before ("70B"). A
        // reading only when it holds: a thousandfold slip is the error this
        // check is for.
        if !holds {
            let restated = |factor: f64| {
                previous.operands().iter().any(|q| {
                    q.unit.is_one()
                        && magnitudes
                            .iter()
                            .any(|&(n, m)| m == factor && n == q.number.nominal)
                })
            };
            let omitted = OMITTED_MAGNITUDES.iter().find(|(factor, _)| {
                restated(*factor) && claimed.meets_within(&computed.scale(*factor), tolerance)
            });
            if let Some(&(factor, word)) = omitted {
                outcomes.push(Outcome {
                    reading,
                    rate: Some(msg!("reading-omitted-magnitude", magnitude = word)),
                    rescaled: false,
                    computed: computed.scale(factor),
                    claimed,
                    holds: true,
                });
            }
        }
    }
    let span = start..side.span().end;
    let label_span = side.span();
    let expr = previous.written(around.text).to_string();
    let stated = side.written(around.text).to_string();
    let related = vec![Related {
        span: previous.span(),
        note: msg!("note-calculation"),
    }];
    if outcomes.is_empty() {
        if !divides_by_zero {
            return None;
        }
        return Some(Finding {
            verdict: Verdict::Contradicted,
            check: "arithmetic",
            span,
            label_span,
            label: msg!("label-divides-by-zero"),
            message: msg!("arithmetic-divides-by-zero", expr = &expr, stated = &stated),
            steps: vec![msg!("arithmetic-step-division-by-zero", expr = &expr)],
            related,
            sources: Vec::new(),
            help: None,
        });
    }
    // A result in the magnitude word the stated one is written with: "3.93
    // 亿元" beside "4.93 亿元".
    let written = match side {
        Expr::Operand(q) => magnitude_word(q, around.text).map(|w| (q.magnitude, w)),
        Expr::Binary(..) => None,
    };
    let show = |x: f64, reading: Reading| match (&shown, written) {
        (Some(u), _) if u.is_written_before() => {
            format!("{}{}", u.label, number(x / u.factor_for(reading.binary)))
        }
        (Some(u), Some(written)) => {
            let (magnitude, word) = chinese_magnitude(x / u.factor_for(reading.binary), written);
            let gap =
                if u.label.starts_with(|c: char| c.is_ascii_alphanumeric()) && !word.is_empty() {
                    " "
                } else {
                    ""
                };
            format!(
                "{} {word}{gap}{}",
                number(x / (u.factor_for(reading.binary) * magnitude)),
                u.label
            )
        }
        (Some(u), None) => format!("{} {}", number(x / u.factor_for(reading.binary)), u.label),
        (None, Some(written)) => {
            let (magnitude, word) = chinese_magnitude(x, written);
            format!("{} {word}", number(x / magnitude))
                .trim_end()
                .to_string()
        }
        (None, None) => number(x),
    };
    if let Some(ok) = outcomes.iter().find(|o| o.holds) {
        let computed = show(ok.computed.nominal, ok.reading);
        let mut steps = vec![as_written(format!("{expr} = {computed}"))];
        let caveat = caveat(ok);
        if let Some(c) = &caveat {
            steps.push(msg!("step-holds-if", reading = c.clone()));
        }
        let message = match caveat {
            Some(c) => msg!(
                "arithmetic-verified-if",
                expr = &expr,
                computed = &computed,
                stated = &stated,
                reading = c
            ),
            None => msg!(
                "arithmetic-verified",
                expr = &expr,
                computed = &computed,
                stated = &stated
            ),
        };
        return Some(Finding {
            verdict: Verdict::Verified,
            check: "arithmetic",
            span,
            label_span,
            label: as_written(format!("= {computed}")),
            message,
            steps,
            related,
            sources: Vec::new(),
            help: None,
        });
    }
    // The plain reading, unless bare operands read as base units come far
    // nearer the claim ("13×10⁹ × 16 = 218 GB" is 208 GB, not 2×10²⁰ GB).
    let off = |o: &Outcome| (o.computed.nominal / o.claimed.nominal).ln().abs();
    let plain = outcomes
        .iter()
        .filter(|o| o.rescaled && o.reading == outcomes[0].reading)
        .find(|o| off(o) < off(&outcomes[0]))
        .unwrap_or(&outcomes[0]);
    let computed = show(plain.computed.nominal, plain.reading);
    let steps = vec![
        as_written(format!("{expr} = {computed}")),
        msg!(
            "arithmetic-step-outside",
            computed = &computed,
            range = range_text(plain.claimed, |x| show(x, plain.reading))
        ),
    ];
    let others: Vec<Message> = outcomes
        .iter()
        .filter(|o| !std::ptr::eq(*o, plain) && o.rescaled == plain.rescaled)
        .filter_map(|o| {
            let d = caveat(o)?;
            let v = show(o.computed.nominal, o.reading);
            (v != computed).then(|| msg!("help-value-if", value = v, reading = d))
        })
        .collect();
    let help = if others.is_empty() {
        msg!("arithmetic-help", computed = &computed, stated = &stated)
    } else {
        let readings = others
            .into_iter()
            .fold(Arg::from(&computed), |first, second| {
                msg!("list-comma-or", first = first, second = second).into()
            });
        msg!("help-no-reading", readings = readings)
    };
    Some(Finding {
        verdict: Verdict::Contradicted,
        check: "arithmetic",
        span,
        label_span,
        label: as_written(format!("{expr} = {computed}")),
        message: msg!(
            "arithmetic-contradicted",
            expr = &expr,
            computed = &computed,
            stated = &stated
        ),
        steps,
        related,
        sources: Vec::new(),
        help: Some(help),
    })
}

/// Whether exactly one operand is a bare number whose "B" was read as a
/// billion ("1B", "2 B"): it may be the byte of bytes per parameter.
fn billion_read_as_byte(previous: &Expr, text: &str) -> bool {
    previous
        .operands()
        .iter()
        .filter(|q| {
            q.magnitude == 1e9
                && q.unit.is_one()
                && text
                    .get(q.span.clone())
                    .is_some_and(|t| t.trim_end().ends_with('B'))
        })
        .count()
        == 1
}

/// When an expression divides a figure in bits by 8 for a result in bytes
/// ("400 Gb/s ÷ 8 = 50 GB/s"), or multiplies bytes by 8 for bits, the factor
/// that undoes the conversion the units already make: 8, or 1/8.
fn bits_to_bytes_by_eight(previous: &Expr, side: &Expr) -> Option<f64> {
    let Expr::Binary(op, left, right) = previous else {
        return None;
    };
    let eight = matches!(&**right, Expr::Operand(q) if q.number.nominal == 8.0 && q.unit.is_one());
    let (Expr::Operand(figure), Expr::Operand(result)) = (&**left, side) else {
        return None;
    };
    let in_bits = |q: &Quantity| {
        q.dimension().exponent(Base::Byte) != 0 && {
            let tenth_power = (q.unit.factor * 8.0).log10();
            (tenth_power - tenth_power.round()).abs() < 1e-9
        }
    };
    let bytes = |q: &Quantity| q.dimension().exponent(Base::Byte) != 0 && !in_bits(q);
    match op {
        Op::Divide if eight && in_bits(figure) && bytes(result) => Some(8.0),
        Op::Multiply if eight && bytes(figure) && in_bits(result) => Some(1.0 / 8.0),
        _ => None,
    }
}

/// What a reading assumes, in words: "GB as GiB", "$2 is per unit of the
/// other operands".
fn caveat(o: &Outcome) -> Option<Message> {
    let rate = o
        .rate
        .clone()
        .or_else(|| o.rescaled.then(|| msg!("reading-base-units")));
    match (o.reading.describe(), rate) {
        (Some(d), Some(r)) => Some(msg!("reading-and", first = d, second = r)),
        (d, r) => d.or(r),
    }
}

/// The conversion reading applies only when the result is in another prefix
/// of the operands' unit: "MB / 1024 ≈ GB".
fn converts_prefix(previous: &Expr, side: &Expr) -> bool {
    let Some(unit) = display_unit(side) else {
        return false;
    };
    let operands = previous.operands();
    operands
        .iter()
        .any(|q| !q.unit.is_one() && q.unit.dimension == unit.dimension)
        && operands
            .iter()
            .all(|q| q.unit.is_one() || q.unit.factor != unit.factor)
}

fn range_text(claimed: Interval, show: impl Fn(f64) -> String) -> Message {
    match (claimed.lo.is_finite(), claimed.hi.is_finite()) {
        (true, true) => msg!(
            "range-between",
            low = show(claimed.lo),
            high = show(claimed.hi)
        ),
        (true, false) => msg!("range-at-least", low = show(claimed.lo)),
        (false, true) => msg!("range-at-most", high = show(claimed.hi)),
        (false, false) => msg!("range-any"),
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
            .filter(|f| f.check == "arithmetic")
            .map(|f| f.verdict)
            .collect()
    }

    #[test]
    fn a_price_with_its_denominator_dropped_is_per_unit_of_the_others() {
        // 2.1 美元 is per GPU-hour: the product is in dollars.
        assert_eq!(
            verdicts("5.2 万卡时 × 2.1 美元 = 10.9 万美元。"),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("5.2 万卡时 × 2.1 美元 = 12.9 万美元。"),
            [Verdict::Contradicted]
        );
        assert_eq!(
            verdicts("That is 2.788M GPU-hours × $2 = $5.576M."),
            [Verdict::Verified]
        );
    }

    #[test]
    fn a_result_far_below_the_written_magnitude_is_shown_in_one_it_fills() {
        let text = "另一个实验 3.2 万卡时 × 2 美元 = 6.4 亿美元。";
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        let f = report
            .findings
            .iter()
            .find(|f| f.check == "arithmetic")
            .unwrap();
        assert_eq!(f.verdict, Verdict::Contradicted);
        let message = f.message.english();
        assert!(message.contains("6.4 万美元"), "{message}");
        assert!(!message.contains("10⁻"), "{message}");
    }

    #[test]
    fn a_physical_quantity_is_per_thing_counted_or_per_hour_only() {
        // No byte is per FLOP/s: the product is no 28,800 GB.
        assert!(verdicts("The box has 128 GB = 32 PFLOPS * 900 GB.").is_empty());
        // A price is per anything, and a byte per GPU.
        assert_eq!(verdicts("1,000 kWh × $0.10 = $100"), [Verdict::Verified]);
        assert_eq!(
            verdicts("The log grows 100 GB × 24 hours = 2,500 GB a day."),
            [Verdict::Contradicted]
        );
        // A power is per thing counted, never per hour: MW written for MWh
        // verifies no product (the restate check names the energy).
        assert!(verdicts("The room draws 2 MW × 720 h = 1,440 MW.").is_empty());
        assert_eq!(
            verdicts("The hall holds 1,000 × 700 W = 700 kW."),
            [Verdict::Verified]
        );
    }

    #[test]
    fn an_annotated_sum_is_checked() {
        assert_eq!(
            verdicts("40GB(权重) + 20GB(梯度) = 70GB"),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn numbers_run_together_are_no_operand() {
        // "17300000000*2175000000000" with its star taken for emphasis.
        assert!(verdicts("需要的算力为 173000000002175000000000/24/3600 = 137").is_empty());
        // A round number of that length is one number.
        assert_eq!(
            verdicts("3140000000000000000000000 / 2 = 1570000000000000000000000"),
            [Verdict::Verified]
        );
    }

    #[test]
    fn a_chain_runs_on_from_a_figure_its_next_side_restates() {
        // 40,960 bytes is 0.04 MB to its last digit: the side after it
        // starts anew from there, with the figure's own value.
        assert_eq!(
            verdicts("Cache: 2 × 40 × 4 × 64 × 2 = 40,960 = 0.04 MB / token × 100000 = 4.096 GB"),
            [Verdict::Verified, Verdict::Verified]
        );
        assert_eq!(
            verdicts("Cache: 2 × 40 × 4 × 64 × 2 = 40,960 = 0.04 MB / token × 100000 = 5.096 GB"),
            [Verdict::Verified, Verdict::Contradicted]
        );
        // A side that does not restate the figure still claims to equal it.
        assert_eq!(
            verdicts("Cache: 2 × 40 × 4 × 64 × 2 = 40,960 = 0.5 MB / token × 100000"),
            [Verdict::Verified, Verdict::Contradicted]
        );
    }

    #[test]
    fn a_divisors_magnitude_may_be_what_the_result_is_per() {
        assert_eq!(
            verdicts("Cost per million tokens: $4,608 / 8,935M = $0.52."),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("Cost per million tokens: $4,608 / 8,935M = $0.92."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn bare_operands_work_out_the_number_before_a_slash() {
        assert_eq!(
            verdicts("cost = (2.21 * 4 / 3600) / (2400 * 0.7) * 1e6 = $1.46 / 1M tokens"),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("cost = (2.21 * 4 / 3600) / (2400 * 0.7) * 1e6 = $2.46 / 1M tokens"),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_b_beside_a_result_in_bytes_may_be_a_byte() {
        assert_eq!(
            verdicts("KV 缓存 = 30×4096×2×61×7168×1B ≈ 100.08GB。"),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("KV 缓存 = 30×4096×2×61×7168×1B ≈ 120GB。"),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn dividing_bits_by_eight_is_the_conversion_to_bytes() {
        assert_eq!(
            verdicts("每埠 400 Gb/s ÷ 8 = 50 GB/s。"),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("Each port: 400 Gb/s ÷ 8 = 40 GB/s."),
            [Verdict::Contradicted]
        );
        assert_eq!(
            verdicts("That is 50 GB/s × 8 = 400 Gb/s."),
            [Verdict::Verified]
        );
    }

    #[test]
    fn a_fraction_of_something_is_no_calculation_of_the_result() {
        assert!(verdicts("训练时间变为原来的 4/5，即约 30.4 天。").is_empty());
        // A share worked out after "的" is one.
        assert_eq!(
            verdicts("非 IT 用电佔總用電的 0.5 ÷ 1.5 ≈ 40%。"),
            [Verdict::Contradicted]
        );
        assert_eq!(verdicts("8 × 80 GB = 680 GB."), [Verdict::Contradicted]);
    }

    #[test]
    fn a_bare_operand_that_restates_a_measure_leaves_its_unit_implicit() {
        let bus = "A 384-bit bus moves 48 bytes per transfer, so 48 × 24 Gbps gives 1,152 GB/s.";
        assert!(verdicts(bus).is_empty());
        // A count restated bare is the same number.
        assert_eq!(
            verdicts("It has 8 GPUs, so 8 × 80 GB = 720 GB."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_proper_fraction_before_a_figure_is_no_calculation_of_it() {
        assert!(verdicts("4-bit 之后缩小到 1/4，即约 35 GB。").is_empty());
        assert_eq!(verdicts("1/4 = 0.4。"), [Verdict::Contradicted]);
    }

    #[test]
    fn a_bare_restated_power_times_hours_is_checked_as_written() {
        assert_eq!(
            verdicts("It draws 100 MW, so 100 × 8,760 = 876,000 MWh."),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("It draws 100 MW, so 100 × 8,760 = 867,000 MWh."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_result_rounded_twice_holds_and_one_digit_off_does_not() {
        // 412 × 287 = 118,244 J = 32.846 Wh: "32.85", then "32.9".
        assert_eq!(verdicts("412 s × 287 W = 32.9 Wh."), [Verdict::Verified]);
        assert_eq!(
            verdicts("412 s × 287 W = 33.0 Wh."),
            [Verdict::Contradicted]
        );
        assert_eq!(
            verdicts("412 s × 287 W = 32.7 Wh."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn joules_are_watt_seconds() {
        // 350 s × 412 W = 144,200 J.
        assert_eq!(
            verdicts("Each frame took 350 s at 412 W: 350 × 412 = 144 kJ."),
            [Verdict::Verified]
        );
        assert_eq!(verdicts("350 s × 412 W = 144.2 kJ."), [Verdict::Verified]);
        assert_eq!(verdicts("350 s × 412 W = 152 kJ."), [Verdict::Contradicted]);
        assert_eq!(verdicts("2 kWh = 7.2 MJ."), [Verdict::Verified]);
    }

    #[test]
    fn bare_operands_may_count_in_the_results_magnitude_word() {
        assert_eq!(
            verdicts("全年租赁费用 100 × 12 × 4.5 = 5,400 万元。"),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("It costs 10 × 5 = 50 million dollars."),
            [Verdict::Verified]
        );
        assert_eq!(verdicts("4096 × 4096 ≈ 1678 万。"), [Verdict::Verified]);
        assert_eq!(verdicts("成本 2 × 3 = 7 万元。"), [Verdict::Contradicted]);
        // An operand with a magnitude of its own fixes the scale.
        assert_eq!(
            verdicts("成本 4.5 万 × 12 = 5,400 万元。"),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_product_over_part_of_a_period_is_once_each_period() {
        assert_eq!(
            verdicts("Four hours of use a day: 0.65 kW × 4 h = 2.6 kWh/day."),
            [Verdict::Verified]
        );
        // A product over longer than the period is no day's amount.
        assert_eq!(
            verdicts("Over the month: 5 kW × 720 h = 3,600 kWh per day."),
            [Verdict::Contradicted]
        );
        assert_eq!(
            verdicts("0.65 kW × 4 h = 26 kWh/day."),
            [Verdict::Contradicted]
        );
    }
}
