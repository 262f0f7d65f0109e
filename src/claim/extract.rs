//! Claims in sentences. For now: stated calculations, operands joined by
//! operators with a result after a relation ("8×40GB = 320GB", "两万亿参数乘
//! 每参数二十个 token 等于四十万亿 token", "64 × 720 = 46,080 卡时，约 4.6 万卡时").

use std::ops::Range;

use crate::number::expr::{self, Expr};
use crate::number::lexicon::{Hedge, Relation};
use crate::number::quantity::Token;

/// A calculation as stated: sides joined by relations, "a × b = c ≈ d".
/// At least one side has an operator, or two single quantities in different
/// units are equated with "=" ("80GB=81920MB").
#[derive(Clone, Debug, PartialEq)]
pub struct Calculation {
    /// The first side is the expression; each later side is what the text
    /// says the previous one comes to, with its relation.
    pub first: Expr,
    pub results: Vec<(Relation, Expr)>,
}

impl Calculation {
    /// From the first side written to the last: a result written before
    /// its expression ("640 GB = 8 × 80 GB") starts it.
    pub fn span(&self) -> Range<usize> {
        let sides = std::iter::once(&self.first).chain(self.results.iter().map(|(_, e)| e));
        let (start, end) = sides.fold((usize::MAX, 0), |(start, end), e| {
            let span = e.span();
            (start.min(span.start), end.max(span.end))
        });
        start..end
    }
}

/// Stated calculations in one sentence's tokens.
pub fn calculations(tokens: &[Token], text: &str) -> Vec<Calculation> {
    let unannotated = without_annotations(tokens, text);
    let tokens = unannotated.as_deref().unwrap_or(tokens);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        // Right after an operator, a chain has begun with an operand not read
        // ("2 (K and V) × 32 × 8", "参数量乘以 2 字节"): what follows is part of
        // a calculation, not one of its own.
        if i > 0 && matches!(tokens[i - 1], Token::Op(..)) || after_unread_operator(tokens, i, text)
        {
            i += 1;
            continue;
        }
        match calculation_at(tokens, i, text) {
            Some((calc, next)) => {
                out.push(calc);
                i = next;
            }
            None => i += 1,
        }
    }
    out
}

/// The tokens without the words in brackets that annotate an operand
/// ("40GB(权重) + 20GB(梯度) = 60GB", "80 GB (weights) + 20 GB (cache)"):
/// a bracket of words alone between an operand and an operator or "=" says
/// what the operand is, and is no part of the arithmetic. `None` when
/// there is none.
fn without_annotations(tokens: &[Token], text: &str) -> Option<Vec<Token>> {
    let annotation_at = |i: usize| {
        matches!(tokens.get(i), Some(Token::Quantity(_)))
            && matches!(tokens.get(i + 1), Some(Token::Open(_)))
            && matches!(tokens.get(i + 2), Some(Token::Text(span))
                if !text[span.clone()].contains(|c: char| c.is_ascii_digit()))
            && matches!(tokens.get(i + 3), Some(Token::Close(_)))
            && matches!(tokens.get(i + 4), Some(Token::Op(..) | Token::Relation(..)))
    };
    if !(0..tokens.len()).any(annotation_at) {
        return None;
    }
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        out.push(tokens[i].clone());
        i += if annotation_at(i) { 4 } else { 1 };
    }
    Some(out)
}

/// Operators the expression reader does not know: powers, roots and
/// functions ("2^10", "√(8.33×10²¹)", "log(…)").
fn is_unread_operator(token: Option<&Token>, text: &str) -> bool {
    let Some(Token::Text(span)) = token else {
        return false;
    };
    let word = text[span.clone()].trim();
    word.starts_with(['^', '√', '∛', '∜'])
        || word.ends_with(['^', '√', '∛', '∜'])
        || ["sqrt", "log", "ln", "exp", "lg", "log2", "log10"].contains(&word)
}

/// Whether the token at `i`, past any opening brackets, follows an
/// operator the reader does not know: "√(10²⁴ / 120)" and "(…)^0.34" start
/// no calculation of their own.
fn after_unread_operator(tokens: &[Token], i: usize, text: &str) -> bool {
    let opened = tokens[..i]
        .iter()
        .rev()
        .take_while(|t| matches!(t, Token::Open(_)))
        .count();
    i > opened && is_unread_operator(tokens.get(i - opened - 1), text)
}

/// Whether a name's figure follows: "V3 的", "V3's".
fn possessed(token: Option<&Token>, text: &str) -> bool {
    matches!(token, Some(Token::Text(span)) if {
        let word = text[span.clone()].trim();
        word.starts_with('的') || word.starts_with("'s") || word.starts_with("’s")
    })
}

fn is_comma(text: &str) -> bool {
    matches!(text.trim(), "，" | "," | "、")
}

/// The longest expression starting at `start`: operands, operators, names and
/// parentheses. Returns it, where it ends, and whether it has an operator.
fn side_at(tokens: &[Token], start: usize, text: &str) -> Option<(Expr, usize, bool)> {
    if !matches!(tokens.get(start), Some(Token::Quantity(_) | Token::Open(_))) {
        return None;
    }
    let mut end = start;
    while let Some(t) = tokens.get(end) {
        match t {
            // A hedged quantity right after an operand starts a new side:
            // "700000 MB /1024 ≈ 683.6 GB".
            Token::Quantity(q)
                if end > start
                    && q.hedge.is_some()
                    && matches!(tokens[end - 1], Token::Quantity(_) | Token::Close(_)) =>
            {
                break;
            }
            Token::Quantity(_)
            | Token::Open(_)
            | Token::Close(_)
            | Token::Name(_)
            | Token::Op(..) => {}
            _ => break,
        }
        end += 1;
    }
    while end > start
        && matches!(
            tokens[end - 1],
            Token::Name(_) | Token::Op(..) | Token::Open(_)
        )
    {
        end -= 1;
    }
    // Only as far as the expression parses: "8 × 40 GB (a lot)". An
    // expression ends where its parentheses balance, so only those ends are
    // tried, longest first: one parse each, not one per token.
    let mut depth = 0usize;
    let mut balanced = Vec::new();
    for (i, t) in tokens[start..end].iter().enumerate() {
        match t {
            Token::Open(_) => depth += 1,
            Token::Close(_) if depth == 0 => break,
            Token::Close(_) => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            balanced.push(start + i + 1);
        }
    }
    balanced.into_iter().rev().find_map(|stop| {
        let e = expr::parse(&tokens[start..stop], text).ok()?;
        let has_operator = tokens[start..stop]
            .iter()
            .any(|t| matches!(t, Token::Op(..)));
        Some((e, stop, has_operator))
    })
}

fn calculation_at(tokens: &[Token], start: usize, text: &str) -> Option<(Calculation, usize)> {
    let (first, mut next, mut any_operator) = side_at(tokens, start, text)?;
    let mut results = Vec::new();
    let mut symbol_relations = true;
    while let Some((relation, symbolic, at)) = relation_at(tokens, next, text) {
        // A lone number is only equated by a symbol right after it ("80GB=
        // 81920MB"), never by a word or across a comma ("30 天，是 64 × 720").
        let adjacent = at == next || matches!(tokens.get(next), Some(Token::Relation(..)));
        if results.is_empty() && !any_operator && !(symbolic && adjacent) {
            return None;
        }
        let Some((side, after, has_op)) = side_at(tokens, at, text) else {
            break;
        };
        // "= (7×10¹⁰)^0.34": a side raised to a power is not its value.
        if is_unread_operator(tokens.get(after), text) {
            break;
        }
        let relation = match &side {
            Expr::Operand(q) if q.hedge == Some(Hedge::Approx) => Relation::Approx,
            _ => relation,
        };
        symbol_relations &= symbolic;
        any_operator |= has_op;
        results.push((relation, side));
        next = after;
    }
    if results.is_empty() {
        return explained_after_colon(tokens, &first, next, text);
    }
    // "640 GB = 8 × 80 GB": the lone figure is what the expression after it
    // comes to, as if written after it.
    if let ([(relation, expression)], Expr::Operand(_)) = (results.as_slice(), &first)
        && expression_has_operator(expression)
    {
        let calc = Calculation {
            first: expression.clone(),
            results: vec![(*relation, first)],
        };
        return Some((calc, next));
    }
    let conversion = symbol_relations && results.len() == 1 && is_conversion(&first, &results[0].1);
    if !any_operator && !conversion {
        return None;
    }
    Some((Calculation { first, results }, next))
}

fn expression_has_operator(e: &Expr) -> bool {
    matches!(e, Expr::Binary(..))
}

/// "The run cost $5.6M: 2,000,000 H800-hours × $2/h.": a figure with a unit,
/// a colon, and a product that ends the sentence in the figure's dimension
/// spell out how the figure was reached. The dimensions must agree (card
/// counts aside: "$2/h" of a GPU-hour is per card), so a colon before a
/// list of unlike figures is no calculation.
fn explained_after_colon(
    tokens: &[Token],
    first: &Expr,
    next: usize,
    text: &str,
) -> Option<(Calculation, usize)> {
    let Expr::Operand(q) = first else {
        return None;
    };
    let Some(Token::Text(colon)) = tokens.get(next) else {
        return None;
    };
    if q.unit.is_one() || !matches!(text[colon.clone()].trim(), ":" | "：") {
        return None;
    }
    let (expression, after, has_operator) = side_at(tokens, next + 1, text)?;
    let ends_sentence = tokens[after..].iter().all(|t| {
        matches!(t, Token::Text(span) if text[span.clone()].trim().trim_end_matches(['.', '。', '*']).is_empty())
    });
    let value = expression.eval(expr::Reading::default()).ok()?;
    if !has_operator
        || !ends_sentence
        || !value.has_unit
        || !value.dimension.compatible(q.dimension())
    {
        return None;
    }
    let relation = if q.hedge == Some(Hedge::Approx) {
        Relation::Approx
    } else {
        Relation::Exact
    };
    let calc = Calculation {
        first: expression,
        results: vec![(relation, first.clone())],
    };
    Some((calc, after))
}

/// Two quantities in different units of the same dimension.
fn is_conversion(a: &Expr, b: &Expr) -> bool {
    match (a, b) {
        (Expr::Operand(x), Expr::Operand(y)) => {
            !x.unit.is_one()
                && x.unit.dimension == y.unit.dimension
                && x.unit.factor != y.unit.factor
        }
        _ => false,
    }
}

/// A relation at `i`, possibly after a comma or before a few words ("，也就是
/// 每个参数要背 16 字节"); or none at all before a hedged quantity ("≈ 683.6
/// GB" lexes as a hedge). Returns the relation, whether it was a symbol, and
/// where the next side starts.
fn relation_at(tokens: &[Token], mut i: usize, text: &str) -> Option<(Relation, bool, usize)> {
    let mut after_comma = false;
    if let Some(Token::Text(span)) = tokens.get(i)
        && is_comma(&text[span.clone()])
    {
        i += 1;
        after_comma = true;
        if let Some(Token::Quantity(q)) = tokens.get(i) {
            return (q.hedge == Some(Hedge::Approx)).then_some((Relation::Approx, false, i));
        }
    }
    match tokens.get(i)? {
        Token::Relation(rel, span) => {
            let symbolic = !text[span.clone()].chars().any(char::is_alphanumeric);
            let mut j = i + 1;
            let mut skipped = 0;
            let mut worded = false;
            while let Some(t) = tokens.get(j) {
                match t {
                    // "2+2+12，也就是每个参数要背 16 字节" goes on; "= 26 kW，
                    // 共需 GPU 机柜 128 个" starts a statement of its own: a
                    // bare count after a comma and words is what they count.
                    Token::Quantity(q)
                        if after_comma && worded && q.dimension().physical().is_dimensionless() =>
                    {
                        return None;
                    }
                    // "≈ 1.9 kW，也就是说每张 700 W 的卡": after a comma
                    // and words, a figure modifying the noun after it
                    // describes that thing; it restates no side.
                    Token::Quantity(q)
                        if after_comma
                            && worded
                            && text[q.span.end..].trim_start().starts_with('的') =>
                    {
                        return None;
                    }
                    Token::Quantity(_) | Token::Open(_) => return Some((*rel, symbolic, j)),
                    Token::Text(s)
                        if skipped + text[s.clone()].chars().count() <= 8
                            && !is_comma(&text[s.clone()])
                            && !text[s.clone()].contains(['。', '；', '|', ';']) =>
                    {
                        skipped += text[s.clone()].chars().count();
                        worded |= !text[s.clone()].trim().is_empty();
                    }
                    // "大约是 V3 的 11 倍": a figure of another thing's is no
                    // result of this side.
                    Token::Name(_) if possessed(tokens.get(j + 1), text) => return None,
                    Token::Relation(..) | Token::Name(_) if skipped <= 8 => {
                        skipped += 1;
                        worded = true;
                    }
                    _ => return None,
                }
                j += 1;
            }
            None
        }
        Token::Quantity(q) if q.hedge == Some(Hedge::Approx) => Some((Relation::Approx, true, i)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::quantity::Lexer;

    fn stated(text: &str) -> Vec<&str> {
        let tokens = Lexer::builtin().tokens(text, 0..text.len());
        calculations(&tokens, text)
            .iter()
            .map(|c| &text[c.span()])
            .collect()
    }

    #[test]
    fn words_in_brackets_after_an_operand_annotate_it() {
        let text = "40GB(权重) + 20GB(梯度) = 70GB";
        assert_eq!(stated(text), vec!["40GB(权重) + 20GB(梯度) = 70GB"]);
        let text = "80 GB (weights) + 20 GB (cache) = 100 GB";
        assert_eq!(
            stated(text),
            vec!["80 GB (weights) + 20 GB (cache) = 100 GB"]
        );
    }

    #[test]
    fn a_figure_before_a_colon_is_what_the_product_after_it_gives() {
        let text = "The run cost $5.6M: 2,000,000 H800-hours × $2/h.";
        assert_eq!(stated(text), vec!["$5.6M: 2,000,000 H800-hours × $2/h"]);
        // A colon before figures of another dimension, or a product that
        // goes on past the sentence's end, is no calculation.
        assert!(stated("Memory 640 GB: 8 × 700 W for the node.").is_empty());
        assert!(stated("Budget $4M: 1,000 × $4,000 and more.").is_empty());
    }

    #[test]
    fn a_result_written_before_its_expression_is_its_result() {
        let text = "The total is 600 GB = 8 × 80 GB.";
        let tokens = Lexer::builtin().tokens(text, 0..text.len());
        let calcs = calculations(&tokens, text);
        assert_eq!(calcs.len(), 1);
        assert_eq!(calcs[0].first.to_string(), "8 × 80 GB");
        assert_eq!(&text[calcs[0].span()], "600 GB = 8 × 80 GB");
    }

    #[test]
    fn powers_and_roots_are_not_read_around() {
        assert!(stated("N = √(10²⁴ / 120) = √(8.33×10²¹) ≈ 9.13×10¹⁰").is_empty());
        assert!(
            stated("A / N^α = 406.4 / (7×10¹⁰)^0.34 ≈ 406.4 / 4,862")
                .iter()
                .all(|c| !c.starts_with("0.34"))
        );
        assert_eq!(stated("400 / 1,250 ≈ 0.32"), vec!["400 / 1,250 ≈ 0.32"]);
    }

    #[test]
    fn another_things_figure_is_no_result() {
        assert!(
            stated("6 × 405B × 15T ≈ 3.6×10²⁵，大约是 V3 的 11 倍")
                .iter()
                .all(|c| !c.contains("11 倍"))
        );
    }

    #[test]
    fn a_chain_is_read_from_its_first_operand() {
        assert_eq!(stated("8 × 40 GB = 320 GB"), vec!["8 × 40 GB = 320 GB"]);
        // An operand the lexer cannot read leaves the rest of the chain
        // unread, never read as a calculation of its own.
        assert!(stated("2 (keys and values) × 16 × 4 × 64 × 2 bytes = 16 KiB").is_empty());
        assert!(stated("layers × 2 × 4096 = 8192").is_empty());
    }

    #[test]
    fn a_figure_describing_the_noun_after_it_is_no_result() {
        let text = "19.06 MW ÷ 10,000 ≈ 1.9 kW，也就是说每张 700 W 的卡要配 2.7 倍的电力。";
        assert_eq!(stated(text), ["19.06 MW ÷ 10,000 ≈ 1.9 kW"]);
    }

    #[test]
    fn a_bare_count_after_a_comma_and_words_is_no_result() {
        assert!(
            stated("单柜功率 4 × 6.5 kW = 26 kW，共需 GPU 机柜 128 个。") == ["4 × 6.5 kW = 26 kW"]
        );
        assert!(
            stated("合计 2+2+12，也就是每个参数要背 16 字节。")
                == ["2+2+12，也就是每个参数要背 16 字节"]
        );
    }
}
