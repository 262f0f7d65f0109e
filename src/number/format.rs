//! Numbers for people: "655,360", "683.59", "3.79×10²⁵", and for scripts:
//! plain or e-notation.

/// A number for a report: grouped thousands up to 10¹⁵, at most four
/// significant decimals, scientific notation with superscripts beyond.
pub fn number(x: f64) -> String {
    if !x.is_finite() {
        return if x > 0.0 {
            "∞".into()
        } else if x < 0.0 {
            "−∞".into()
        } else {
            "NaN".into()
        };
    }
    let a = x.abs();
    if a != 0.0 && !(1e-3..1e15).contains(&a) {
        return scientific(x);
    }
    let rounded = round_significant(x, 6);
    let text = if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        let decimals = (4 - (rounded.abs().log10().floor() as i32)).clamp(0, 6) as usize;
        trim_fraction(format!("{rounded:.decimals$}"))
    };
    group_thousands(&text)
}

/// The Chinese magnitude a value reads well in, given the one the article
/// wrote beside it: the written one unless the value falls below one of it,
/// then the largest smaller one it fills ("6.4 万" for 64,000 written beside
/// "6.4 亿", not "6.4×10⁻⁴ 亿"), in the written word's script; none below 万.
pub fn chinese_magnitude(x: f64, written: (f64, &str)) -> (f64, &str) {
    let (magnitude, word) = written;
    if x == 0.0 || !x.is_finite() || x.abs() >= magnitude {
        return written;
    }
    let traditional = word.contains(['萬', '億']);
    let ladder: [(f64, &'static str, &'static str); 3] =
        [(1e12, "万亿", "萬億"), (1e8, "亿", "億"), (1e4, "万", "萬")];
    ladder
        .iter()
        .find(|(m, ..)| *m < magnitude && x.abs() >= *m)
        .map_or((1.0, ""), |&(m, simplified, trad)| {
            (m, if traditional { trad } else { simplified })
        })
}

/// A number for scripts: plain when short, e-notation otherwise; no grouping.
pub fn plain(x: f64) -> String {
    let a = x.abs();
    if a != 0.0 && !(1e-4..1e16).contains(&a) {
        let s = format!("{:.6e}", x);
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
        return format!("{mantissa}e{exp}");
    }
    let rounded = round_significant(x, 10);
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        // Ten significant digits down to 1e-4, where e-notation takes over.
        let decimals = (9 - rounded.abs().log10().floor() as i32).clamp(0, 13) as usize;
        trim_fraction(format!("{rounded:.decimals$}"))
    }
}

/// Drops trailing zeros of a fraction, never of an integer.
fn trim_fraction(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

fn round_significant(x: f64, digits: i32) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let magnitude = x.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits - 1 - magnitude);
    (x * scale).round() / scale
}

fn scientific(x: f64) -> String {
    let exp = x.abs().log10().floor() as i32;
    let mantissa = round_significant(x / 10f64.powi(exp), 4);
    let (mantissa, exp) = if mantissa.abs() >= 10.0 {
        (mantissa / 10.0, exp + 1)
    } else {
        (mantissa, exp)
    };
    let m = format!("{mantissa:.3}");
    let m = m.trim_end_matches('0').trim_end_matches('.');
    format!("{m}×10{}", superscript(exp))
}

fn superscript(n: i32) -> String {
    n.to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            '9' => '⁹',
            other => other,
        })
        .collect()
}

fn group_thousands(text: &str) -> String {
    let (sign, body) = text.strip_prefix('-').map_or(("", text), |b| ("−", b));
    let (int, frac) = body
        .split_once('.')
        .map_or((body, None), |(i, f)| (i, Some(f)));
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match frac {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_numbers() {
        assert_eq!(number(655360.0), "655,360");
        assert_eq!(number(683.59375), "683.59");
        assert_eq!(number(3.79e25), "3.79×10²⁵");
        assert_eq!(number(0.156), "0.156");
        assert_eq!(number(-47.0), "−47");
        assert_eq!(number(129.6), "129.6");
        assert_eq!(number(1e-5), "1×10⁻⁵");
        assert_eq!(number(5e10), "50,000,000,000");
        assert_eq!(number(7e10), "70,000,000,000");
    }

    #[test]
    fn chinese_magnitudes_that_read_well() {
        // 64,000 beside "6.4 亿" reads in 万, not as 6.4×10⁻⁴ 亿.
        assert_eq!(chinese_magnitude(6.4e4, (1e8, "亿")), (1e4, "万"));
        assert_eq!(chinese_magnitude(6.4e4, (1e8, "億")), (1e4, "萬"));
        // At or above the written magnitude, the written one stays.
        assert_eq!(chinese_magnitude(3.93e8, (1e8, "亿")), (1e8, "亿"));
        assert_eq!(chinese_magnitude(8e11, (1e8, "亿")), (1e8, "亿"));
        // Below 万, no word.
        assert_eq!(chinese_magnitude(640.0, (1e8, "亿")), (1.0, ""));
        assert_eq!(chinese_magnitude(3e9, (1e12, "万亿")), (1e8, "亿"));
    }

    #[test]
    fn plain_numbers() {
        assert_eq!(plain(596.046447753906), "596.0464478");
        assert_eq!(plain(1.8e12), "1800000000000");
        assert_eq!(plain(4.8e26), "4.8e26");
        assert_eq!(plain(32.0), "32");
        // Ten significant digits below 1e-3 too (the decimals were capped
        // at 12, which left nine).
        assert_eq!(plain(0.00017601524538729944), "0.0001760152454");
        assert_eq!(plain(0.0017601524538729944), "0.001760152454");
    }
}
