//! Math in Markdown (`$…$`, `$$…$$`) as the reader reads plain text.
//!
//! pulldown-cmark's math option finds the spans; [`looks_like_math`]
//! decides which of them are math, and [`write`] rewrites those into the
//! view ([`super::normal`]) as their plain-text equivalents:
//! `$3 \times 10^{24}$` as `3 × 10^24`, `\cdot` as `·`, `\approx` as `≈`,
//! `\div` as `÷`, `3{,}000` as `3,000`, `3\,000` as `3 000` (a thin space
//! between digit groups, a space elsewhere), `\text{GB}` and `\mathrm{GB}`
//! as `GB`, `\frac{a}{b}` as `a / b` (with parentheses around a side that
//! is a calculation), `\%` and `\$` as `%` and `$`, a binary `-` as `−`.
//! Braces and commands that only style (`\left`, `\displaystyle`) are
//! written as nothing; a command it does not know (`\alpha`) is left as it
//! is, a word.
//!
//! The parser's rule for a span (an opening `$` not followed by a space, a
//! closing one not preceded by one) also matches ordinary money: "$5-$10",
//! "($5) and ($6)", "从$5到$10". A span whose closing sign opens an amount
//! (a digit follows it, pandoc's rule) is never math
//! ([`super::markdown`]); any other is math only if it has LaTeX in it, is
//! a lone number or variable (`$9$`, `$N$`), or is an expression of ASCII
//! and math symbols from operand to operand ("$8 * 80 = 640$"). Otherwise
//! it stays the text it was, so money stays money.

use std::ops::Range;

use crate::read::normal::{Writer, ascii_of};
use crate::read::offsets::Belongs;

/// Whether the content of a `$…$` span is math rather than money that
/// happens to sit between two dollar signs.
pub fn looks_like_math(content: &str) -> bool {
    if content.contains(['\\', '{', '}', '^', '_']) {
        return true;
    }
    let content = content.trim();
    let mut chars = content.chars();
    let (Some(first), Some(last)) = (chars.next(), content.chars().next_back()) else {
        return false;
    };
    // A variable or a number: `$N$`, `$d2$`, `$9$`, `$1,000$`.
    if first.is_ascii_alphanumeric()
        && last.is_ascii_alphanumeric()
        && chars.all(|c| c.is_ascii_alphanumeric() || (first.is_ascii_digit() && ".,".contains(c)))
    {
        return true;
    }
    // An expression from operand to operand, with an operator in it.
    let symbols = ['×', '÷', '·', '≈', '≤', '≥', '−', '≠', '±'];
    let operators = ['=', '+', '*', '/', '<', '>'];
    let ascii = content
        .chars()
        .all(|c| c.is_ascii() || symbols.contains(&c));
    let operand_first = first.is_ascii_alphanumeric() || first == '(';
    let operand_last = last.is_ascii_alphanumeric() || matches!(last, ')' | '%');
    let operator = content.contains(operators) || content.contains(symbols);
    ascii && operand_first && operand_last && operator
}

/// Writes a math span (with its dollar signs) into the view: the content
/// as plain text, the dollar signs as nothing.
pub fn write(writer: &mut Writer, range: Range<usize>) {
    let text = &writer.source()[range.clone()];
    let dollars = if text.len() >= 4 && text.starts_with("$$") && text.ends_with("$$") {
        2
    } else if text.len() >= 2 && text.starts_with('$') && text.ends_with('$') {
        1
    } else {
        return;
    };
    // The dollar signs are written as nothing, and no span takes them: the
    // opening ones go with what stands before, the closing ones with what
    // follows.
    writer.write(range.start..range.start + dollars, "", Belongs::Before);
    latex(writer, range.start + dollars..range.end - dollars);
    writer.write(range.end - dollars..range.end, "", Belongs::After);
}

/// An expression typed with LaTeX in it (`3 \times 10^{24}`, `$10^{25}$
/// FLOP / (989 TFLOPS * 0.4)`) as plain text; `None` when it has none. A
/// `$…$` is math only with LaTeX in it: `$2 * 3` is money.
pub fn expression(text: &str) -> Option<String> {
    let mut spans: Vec<Range<usize>> = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('$').map(|k| from + k) {
        let delimiter = if text[open..].starts_with("$$") {
            "$$"
        } else {
            "$"
        };
        let inside = open + delimiter.len();
        let Some(close) = text[inside..].find(delimiter).map(|k| inside + k) else {
            break;
        };
        if text[inside..close].contains(['\\', '{', '}', '^', '_']) {
            spans.push(open..close + delimiter.len());
            from = close + delimiter.len();
        } else {
            from = open + 1;
        }
    }
    let mut writer = Writer::new(text);
    let mut rest = 0;
    let stretches = spans
        .iter()
        .map(|s| (s.start, Some(s)))
        .chain([(text.len(), None)]);
    for (start, span) in stretches {
        if text[rest..start].contains(['\\', '{']) {
            latex(&mut writer, rest..start);
        }
        if let Some(span) = span {
            write(&mut writer, span.clone());
            rest = span.end;
        }
    }
    writer.finish().map(|(plain, _)| plain)
}

/// A command's plain-text form, when it has one.
enum Command {
    /// An operator or relation: `\times`.
    Operator(&'static str),
    /// A symbol that ends an operand: `\%`.
    Symbol(&'static str),
    /// A space (`\,`, `\quad`): a thin space between digit groups.
    Space,
    /// A line break in a display: a new sentence.
    Break,
    /// Style only, written as nothing: `\text`, `\left`.
    Style,
    Fraction,
    /// `\begin{…}`, `\end{…}`, written as nothing with their name.
    Environment,
}

fn command(name: &str) -> Option<Command> {
    use Command::*;
    Some(match name {
        "times" | "ast" => Operator("×"),
        "cdot" | "cdotp" | "centerdot" | "bullet" => Operator("·"),
        "div" => Operator("÷"),
        "approx" | "thickapprox" => Operator("≈"),
        "simeq" | "cong" => Operator("≃"),
        "sim" => Operator("~"),
        "le" | "leq" | "leqslant" => Operator("≤"),
        "ge" | "geq" | "geqslant" => Operator("≥"),
        "lt" => Operator("<"),
        "gt" => Operator(">"),
        "ne" | "neq" => Operator("≠"),
        "pm" => Operator("±"),
        "cdots" | "ldots" | "dots" | "dotsb" | "dotsc" => Operator("…"),
        "%" => Symbol("%"),
        "$" => Symbol("$"),
        "_" => Symbol("_"),
        "&" => Symbol("&"),
        "#" => Symbol("#"),
        "{" => Symbol("{"),
        "}" => Symbol("}"),
        "," | ":" | ";" | ">" | " " | "quad" | "qquad" | "enspace" | "thinspace" | "medspace"
        | "thickspace" | "nobreakspace" | "space" => Space,
        "\\" | "newline" | "cr" => Break,
        "!" | "text" | "textrm" | "textnormal" | "textup" | "textsf" | "texttt" | "textit"
        | "textbf" | "emph" | "mathrm" | "mathit" | "mathbf" | "mathsf" | "mathtt"
        | "mathnormal" | "operatorname" | "mbox" | "hbox" | "boldsymbol" | "bm" | "rm" | "bf"
        | "it" | "displaystyle" | "textstyle" | "scriptstyle" | "left" | "right" | "middle"
        | "big" | "Big" | "bigg" | "Bigg" | "bigl" | "bigr" | "Bigl" | "Bigr" | "biggl"
        | "biggr" | "Biggl" | "Biggr" | "limits" | "nolimits" | "mathord" | "mathbin"
        | "mathrel" | "mathop" | "mathpunct" => Style,
        "frac" | "dfrac" | "tfrac" | "cfrac" => Fraction,
        "begin" | "end" => Environment,
        _ => return None,
    })
}

/// Pairs of matching braces (offsets of `{` and `}`) in a stretch of
/// LaTeX, by the opening one; escaped braces are no braces.
fn brace_pairs(source: &str, range: Range<usize>) -> Vec<(usize, usize)> {
    let bytes = source.as_bytes();
    let mut open = Vec::new();
    let mut pairs = Vec::new();
    let mut i = range.start;
    while i < range.end {
        match bytes[i] {
            b'\\' => i += 1,
            b'{' => open.push(i),
            b'}' => {
                if let Some(o) = open.pop() {
                    pairs.push((o, i));
                }
            }
            _ => {}
        }
        i += 1;
    }
    pairs.sort_unstable();
    pairs
}

/// Whether a side of a fraction is a calculation of its own, to be
/// written in parentheses.
fn is_calculation(latex: &str) -> bool {
    latex.contains(['+', '*', '/', '=', '×', '·', '÷', '−'])
        || latex.contains(" - ")
        || ["\\times", "\\cdot", "\\div", "\\frac", "\\pm"]
            .iter()
            .any(|c| latex.contains(c))
}

fn has_digit(latex: &str) -> bool {
    latex
        .chars()
        .any(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
}

/// Whether three digits and no fourth follow: a digit group after a thin
/// space.
fn digit_group_follows(text: &str) -> bool {
    let mut chars = text.chars();
    (0..3).all(|_| chars.next().is_some_and(|c| c.is_ascii_digit()))
        && !chars.next().is_some_and(|c| c.is_ascii_digit())
}

/// Rewrites the content of a math span, in one pass: a fraction's later
/// pieces (`}{` and the last `}`) wait on a stack until the pass reaches
/// them.
fn latex(writer: &mut Writer, range: Range<usize>) {
    let source = writer.source();
    let pairs = brace_pairs(source, range.clone());
    let close_of = |open: usize| {
        pairs
            .binary_search_by_key(&open, |(o, _)| *o)
            .ok()
            .map(|k| pairs[k].1)
    };
    let skip_spaces = |mut at: usize| {
        while at < range.end && source.as_bytes()[at] == b' ' {
            at += 1;
        }
        at
    };
    // (where, how long, written as, belongs)
    let mut pending: Vec<(usize, usize, String, Belongs)> = Vec::new();
    // Whether what was last written ends an operand: a `-` after it is a
    // minus sign between two.
    let mut operand = false;
    let mut i = range.start;
    while i < range.end {
        while pending.last().is_some_and(|p| p.0 < i) {
            pending.pop();
        }
        if let Some((at, len, with, belongs)) = pending.pop_if(|p| p.0 == i) {
            writer.write(at..at + len, &with, belongs);
            operand = with.ends_with(')') || !with.ends_with(['(', '/', ' ']);
            i = at + len;
            continue;
        }
        let Some(c) = source[i..range.end].chars().next() else {
            break;
        };
        let next = i + c.len_utf8();
        match c {
            '\\' => {
                let rest = &source[next..range.end];
                let letters = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
                let name_len = match rest.chars().next() {
                    _ if letters > 0 => letters,
                    Some(n) => n.len_utf8(),
                    None => 0,
                };
                let name = &rest[..name_len];
                let end = next + name_len;
                match command(name) {
                    Some(Command::Operator(op)) => {
                        writer.write(i..end, op, Belongs::After);
                        operand = false;
                    }
                    Some(Command::Symbol(s)) => {
                        writer.write(i..end, s, Belongs::After);
                        operand = s == "%";
                    }
                    Some(Command::Space) => {
                        let between_groups = source[..i].ends_with(|p: char| p.is_ascii_digit())
                            && digit_group_follows(&source[end..range.end]);
                        let space = if between_groups { "\u{2009}" } else { " " };
                        writer.write(i..end, space, Belongs::After);
                    }
                    Some(Command::Break) => {
                        writer.write(i..end, "\n", Belongs::After);
                        operand = false;
                    }
                    Some(Command::Style) => {
                        // `\left.` and `\right.` are no delimiter at all.
                        let end = if matches!(name, "left" | "right")
                            && source[end..range.end].starts_with('.')
                        {
                            end + 1
                        } else {
                            end
                        };
                        writer.write(i..end, "", Belongs::After);
                        i = end;
                        continue;
                    }
                    Some(Command::Fraction) => {
                        let a = skip_spaces(end);
                        let sides = (source.as_bytes().get(a) == Some(&b'{'))
                            .then(|| close_of(a))
                            .flatten()
                            .and_then(|a_end| {
                                let b = skip_spaces(a_end + 1);
                                let b_end = (source.as_bytes().get(b) == Some(&b'{'))
                                    .then(|| close_of(b))
                                    .flatten()?;
                                Some((a, a_end, b, b_end))
                            });
                        let Some((a, a_end, b, b_end)) = sides else {
                            operand = true;
                            i = end;
                            continue;
                        };
                        let (top, bottom) = (&source[a + 1..a_end], &source[b + 1..b_end]);
                        let (top_calc, bottom_calc) = (is_calculation(top), is_calculation(bottom));
                        let spaced =
                            top_calc || bottom_calc || (has_digit(top) && has_digit(bottom));
                        let over = format!(
                            "{}{}{}",
                            if top_calc { ")" } else { "" },
                            if spaced { " / " } else { "/" },
                            if bottom_calc { "(" } else { "" },
                        );
                        let close = if bottom_calc { ")" } else { "" };
                        // Written as nothing, `\frac{` and the last `}` go
                        // with the fraction's outside: "8" is a figure, not
                        // "8}".
                        let (open, belongs) = match top_calc {
                            true => ("(", Belongs::After),
                            false => ("", Belongs::Before),
                        };
                        writer.write(i..a + 1, open, belongs);
                        let belongs = match bottom_calc {
                            true => Belongs::Before,
                            false => Belongs::After,
                        };
                        pending.push((b_end, 1, close.to_string(), belongs));
                        pending.push((a_end, b + 1 - a_end, over, Belongs::After));
                        operand = false;
                        i = a + 1;
                        continue;
                    }
                    Some(Command::Environment) => {
                        if let Some(close) = (source.as_bytes().get(end) == Some(&b'{'))
                            .then(|| close_of(end))
                            .flatten()
                        {
                            let belongs = if name == "begin" {
                                Belongs::After
                            } else {
                                Belongs::Before
                            };
                            writer.write(i..close + 1, "", belongs);
                            i = close + 1;
                            continue;
                        }
                    }
                    None => operand = true,
                }
                i = end.max(next);
            }
            '{' => {
                writer.write(i..next, "", Belongs::After);
                i = next;
            }
            '}' => {
                writer.write(i..next, "", Belongs::Before);
                i = next;
            }
            '&' => {
                writer.write(i..next, "", Belongs::After);
                i = next;
            }
            '~' | '\n' | '\r' | '\t' => {
                writer.write(i..next, " ", Belongs::After);
                i = next;
            }
            '-' => {
                if operand {
                    writer.write(i..next, "−", Belongs::After);
                }
                operand = false;
                i = next;
            }
            ' ' => i = next,
            c => {
                let mut buf = [0u8; 4];
                if let Some(a) = ascii_of(c) {
                    writer.write(i..next, a.encode_utf8(&mut buf), Belongs::After);
                }
                let c = ascii_of(c).unwrap_or(c);
                operand = c.is_alphanumeric() || matches!(c, ')' | ']' | '%' | '.');
                i = next;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::offsets::OffsetMap;

    /// The view of a text that is one math span.
    fn view(text: &str) -> (String, OffsetMap) {
        let mut writer = Writer::new(text);
        write(&mut writer, 0..text.len());
        writer.finish().unwrap()
    }

    fn plain(text: &str) -> String {
        view(text).0.trim().to_string()
    }

    #[test]
    fn operators_and_powers_read_as_plain_text() {
        assert_eq!(plain(r"$3 \times 10^{24}$"), "3 × 10^24");
        assert_eq!(plain(r"$10^{25}$"), "10^25");
        assert_eq!(plain(r"$8 \cdot 80 \approx 640$"), "8 · 80 ≈ 640");
        assert_eq!(plain(r"$640 \div 8 = 80$"), "640 ÷ 8 = 80");
        assert_eq!(plain(r"$10^{-3}$"), "10^-3");
        assert_eq!(plain(r"$640 - 80 = 560$"), "640 − 80 = 560");
        assert_eq!(plain(r"$$8\times80=640$$"), "8×80=640");
    }

    #[test]
    fn thousands_groups_and_thin_spaces() {
        assert_eq!(plain(r"$3{,}000$"), "3,000");
        assert_eq!(plain(r"$3\,000 \times 2$"), "3\u{2009}000 × 2");
        // A thin space before a unit is a space, not a digit group.
        assert_eq!(plain(r"$80\,\text{GB}$"), "80 GB");
        assert_eq!(plain(r"$1\,2345$"), "1 2345");
    }

    #[test]
    fn units_in_text_and_roman() {
        assert_eq!(
            plain(r"$8 \times 80\,\mathrm{GB} = 640\,\text{GB}$"),
            "8 × 80 GB = 640 GB"
        );
        assert_eq!(plain(r"$50\%$"), "50%");
        assert_eq!(plain(r"$\$5 \times 2$"), "$5 × 2");
        assert_eq!(plain(r"$\left( 2 + 3 \right) \times 4$"), "( 2 + 3 ) × 4");
    }

    #[test]
    fn fractions() {
        assert_eq!(plain(r"$\frac{640}{8} = 80$"), "640 / 8 = 80");
        assert_eq!(plain(r"$\frac{3 \times 10^{24}}{2}$"), "(3 × 10^24) / 2");
        assert_eq!(plain(r"$\dfrac{900\,\text{GB}}{\text{s}}$"), "900 GB/s");
        assert_eq!(plain(r"$\frac{\frac{8}{2}}{2 + 2}$"), "(8 / 2) / (2 + 2)");
        // Not a fraction with two sides: left as written.
        assert_eq!(plain(r"$\frac12$"), r"\frac12");
    }

    #[test]
    fn unknown_commands_stay_words() {
        assert_eq!(plain(r"$\alpha = 0.5$"), r"\alpha = 0.5");
        assert_eq!(
            plain("$$\\begin{aligned} a &= 8 \\times 2 \\\\ b &= 16 \\end{aligned}$$"),
            "a = 8 × 2 \n b = 16"
        );
    }

    #[test]
    fn spans_take_braces_and_commands_whole() {
        let text = r"$3 \times 10^{24}\,\text{FLOP}$";
        let (view, map) = view(text);
        let at = view.find("10^24").unwrap();
        let span = map.span_to_original(&(at..at + "10^24".len()));
        assert_eq!(&text[span], "10^{24}");
        let at = view.find("FLOP").unwrap();
        let span = map.span_to_original(&(at..at + 4));
        assert_eq!(&text[span], r"\text{FLOP}");
        let at = view.find('×').unwrap();
        let span = map.span_to_original(&(at..at + '×'.len_utf8()));
        assert_eq!(&text[span], r"\times");
        // The dollar signs belong to no figure.
        let span = map.span_to_original(&(0..view.find(' ').unwrap()));
        assert_eq!(&text[span], "3");
        let flop = view.find("FLOP").unwrap();
        let span = map.span_to_original(&(flop..view.len()));
        assert_eq!(&text[span], r"\text{FLOP}");
    }

    #[test]
    fn money_between_dollar_signs_is_not_math() {
        assert!(!looks_like_math("5-"));
        assert!(!looks_like_math("5) and ("));
        assert!(!looks_like_math("5,"));
        assert!(!looks_like_math("2M–"));
        assert!(!looks_like_math("5到"));
        assert!(!looks_like_math("2/小时，B 卡"));
        assert!(!looks_like_math("1.5M to"));
        assert!(looks_like_math("8 * 80 = 640"));
        assert!(looks_like_math(r"3 \times 10^{24}"));
        assert!(looks_like_math("10^{25}"));
        assert!(looks_like_math("N"));
        assert!(looks_like_math("9"));
        assert!(looks_like_math("1,000"));
        assert!(!looks_like_math("5,"));
        assert!(!looks_like_math("5 and"));
    }

    #[test]
    fn pathological_input_stays_linear() {
        // Unclosed fractions and braces: one pass, no stack to blow.
        let text = format!("${}$", r"\frac{".repeat(20_000));
        let (v, _) = view(&text);
        assert!(v.len() < text.len());
        let text = format!("${}x{}$", "{".repeat(20_000), "}".repeat(20_000));
        assert_eq!(view(&text).0.trim(), "x");
    }
}
