//! A deterministic corpus of generated articles for the benchmarks: English
//! and Chinese prose about AI infrastructure with the shapes real articles
//! have (spec figures, calculations, GPU-hours and costs, parts of a total,
//! requirements, tables, lists, code blocks, links), about one claim in
//! five wrong. Article `i` is the same text on every machine and every run:
//! each one is drawn from its own generator seeded with `SEED + i`.
//!
//! Shared by `benches/throughput.rs` and `examples/corpus.rs` (which writes
//! the folder the wall-time measurement runs `audit` over).

use fastrand::Rng;

const SEED: u64 = 0x5EC0_0DE5;

/// An accelerator as articles quote it: name, memory (GB), TDP (W), dense
/// BF16 (TFLOPS), memory bandwidth (TB/s).
struct Card {
    name: &'static str,
    memory: u32,
    tdp: u32,
    bf16: f64,
    bandwidth: f64,
}

const CARDS: &[Card] = &[
    Card {
        name: "H100 SXM",
        memory: 80,
        tdp: 700,
        bf16: 989.0,
        bandwidth: 3.35,
    },
    Card {
        name: "H200",
        memory: 141,
        tdp: 700,
        bf16: 989.0,
        bandwidth: 4.8,
    },
    Card {
        name: "A100 80GB",
        memory: 80,
        tdp: 400,
        bf16: 312.0,
        bandwidth: 2.0,
    },
    Card {
        name: "MI300X",
        memory: 192,
        tdp: 750,
        bf16: 1307.0,
        bandwidth: 5.3,
    },
    Card {
        name: "H800",
        memory: 80,
        tdp: 700,
        bf16: 989.0,
        bandwidth: 3.35,
    },
    Card {
        name: "B200",
        memory: 192,
        tdp: 1000,
        bf16: 2250.0,
        bandwidth: 8.0,
    },
];

const PROJECTS: &[&str] = &["Wren", "Heron", "Corvid", "Kestrel", "Osprey", "Plover"];

const EN_FILLER: &[&str] = &[
    "The team says the interconnect, not the accelerators, was the bottleneck in the first weeks.",
    "None of this counts the storage tier, which was bought separately.",
    "Released with CUDA 12.4 and PCIe 5.0 drivers, the stack ran unchanged on the new nodes.",
    "Engineers we spoke to were careful to call these figures estimates rather than measurements.",
    "See the [vendor's datasheet](https://example.com/datasheet-2024.pdf) for the full table.",
    "The scheduler, written in `Rust`, retries a failed job on another node.",
];

const ZH_FILLER: &[&str] = &[
    "团队表示，前几周训练中最主要的瓶颈是互联带宽，而不是加速卡本身。",
    "以上数字都没有计入存储，存储是单独采购的。",
    "多位工程师强调，这些数字是估算，不是实测。",
    "完整的规格表见[厂商白皮书](https://example.com/whitepaper.pdf)。",
    "调度器会在另一台节点上重试失败的任务，代码见 `scheduler.rs`。",
];

/// `count` generated articles, 2–8 KB each.
pub fn articles(count: usize) -> Vec<String> {
    (0..count as u64).map(article).collect()
}

/// Article number `index`, the same text on every call.
pub fn article(index: u64) -> String {
    let mut rng = Rng::with_seed(SEED.wrapping_add(index));
    let chinese = rng.bool();
    let project = PROJECTS[rng.usize(..PROJECTS.len())];
    let mut out = if chinese {
        format!("# {project} 集群的账单与规格\n\n")
    } else {
        format!("# The {project} cluster: specs and bills\n\n")
    };
    let blocks = rng.usize(8..24);
    for _ in 0..blocks {
        let block = match rng.u8(..10) {
            0 => table(&mut rng, chinese),
            1 => list(&mut rng, chinese),
            2 => code(&mut rng),
            3 if !chinese => format!("> {}\n", en_sentence(&mut rng, project)),
            _ => paragraph(&mut rng, chinese, project),
        };
        out.push_str(&block);
        out.push('\n');
    }
    out
}

fn paragraph(rng: &mut Rng, chinese: bool, project: &str) -> String {
    let sentences = rng.usize(2..6);
    let mut out = String::new();
    for i in 0..sentences {
        if chinese {
            out.push_str(&zh_sentence(rng, project));
        } else {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&en_sentence(rng, project));
        }
    }
    out.push('\n');
    out
}

/// The stated result of a computation: right four times in five, else off
/// by a slip an article might make.
fn stated(rng: &mut Rng, right: f64) -> f64 {
    match rng.u8(..10) {
        0 => right * 1.1,
        1 => right / 10.0,
        _ => right,
    }
}

/// "1,234,567" or "1,234.5" as English articles write numbers.
fn en(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    let whole = rounded.trunc() as u64;
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    let tenth = ((rounded - rounded.trunc()) * 10.0).round() as u64;
    if tenth > 0 {
        out.push_str(&format!(".{tenth}"));
    }
    out
}

/// A number for Chinese prose: plain, or in 万 or 亿 when large.
fn zh(value: f64) -> String {
    if value >= 1e8 {
        format!("{} 亿", en(value / 1e8))
    } else if value >= 1e4 {
        format!("{} 万", en(value / 1e4))
    } else {
        en(value)
    }
}

fn card<'a>(rng: &mut Rng) -> &'a Card {
    &CARDS[rng.usize(..CARDS.len())]
}

fn en_sentence(rng: &mut Rng, project: &str) -> String {
    let c = card(rng);
    let n = [4, 8, 16, 64, 256][rng.usize(..5)];
    match rng.u8(..10) {
        0 => format!(
            "Each node has {n} × {} GB = {} GB of HBM across its {}s.",
            c.memory,
            en(stated(rng, f64::from(n * c.memory))),
            c.name
        ),
        1 => format!(
            "The {} delivers {} TFLOPS of dense BF16 and draws {} W.",
            c.name,
            en(stated(rng, c.bf16)),
            c.tdp
        ),
        2 => {
            let params = [7, 13, 34, 70, 405][rng.usize(..5)];
            let tokens = rng.u32(1..16);
            let flops = 6.0 * f64::from(params) * 1e9 * f64::from(tokens) * 1e12;
            let flops = stated(rng, flops);
            let exponent = flops.log10().floor() as i32;
            format!(
                "{project} has {params} billion parameters and is trained on {tokens} trillion tokens, so its training compute is {:.2}×10^{exponent} FLOPs.",
                flops / 10f64.powi(exponent)
            )
        }
        3 => {
            let hours = f64::from(rng.u32(2..40)) * 100_000.0;
            let rate = [1.8, 2.0, 2.4, 3.1][rng.usize(..4)];
            format!(
                "The {project} run used {} GPU-hours at ${rate:.2} per GPU-hour, a cost of ${}.",
                en(hours),
                en(stated(rng, hours * rate))
            )
        }
        4 => {
            let total = rng.u32(100..900);
            let part = rng.u32(10..total / 2);
            let share = stated(rng, f64::from(part) / f64::from(total) * 100.0);
            format!(
                "Over one quarter the cluster logged {total} job failures. Of those, {part} were network faults and {} were GPU faults, about {:.0}% of all failures.",
                total - part,
                share
            )
        }
        5 => {
            let nodes = [128, 512, 1024, 2048][rng.usize(..4)];
            let gpus = nodes * 8;
            let megawatts = stated(rng, f64::from(gpus * c.tdp) / 1e6);
            format!(
                "With {} nodes of 8 {}s each, the hall holds {} GPUs and draws {megawatts:.1} MW at {} W per GPU.",
                en(f64::from(nodes)),
                c.name,
                en(f64::from(gpus)),
                c.tdp
            )
        }
        6 => format!(
            "Serving the model needs at least {} GB of memory, and the team runs it on {n} × {}.",
            en(f64::from(c.memory * n) * [0.8, 1.2][rng.usize(..2)]),
            c.name
        ),
        7 => {
            let other = loop {
                let other = card(rng);
                if other.name != c.name {
                    break other;
                }
            };
            format!(
                "The {}'s {} TB/s is roughly {:.1}× the {}'s bandwidth.",
                c.name,
                c.bandwidth,
                stated(rng, c.bandwidth / other.bandwidth),
                other.name
            )
        }
        _ => EN_FILLER[rng.usize(..EN_FILLER.len())].to_string(),
    }
}

fn zh_sentence(rng: &mut Rng, project: &str) -> String {
    let c = card(rng);
    let n = [4, 8, 16, 64][rng.usize(..4)];
    match rng.u8(..10) {
        0 => format!(
            "{n} 张 {} 共有 {} GB 显存，部署至少需要 {} GB。",
            c.name,
            en(stated(rng, f64::from(n * c.memory))),
            en(f64::from(n * c.memory) * [0.9, 1.1][rng.usize(..2)])
        ),
        1 => format!(
            "{} 的 BF16 稠密算力约 {} TFLOPS，功耗 {} W。",
            c.name,
            en(stated(rng, c.bf16)),
            c.tdp
        ),
        2 => {
            let hours = f64::from(rng.u32(20..400)) * 10_000.0;
            let rate = [2.0, 2.5, 3.0][rng.usize(..3)];
            format!(
                "{project} 预训练约需 {} 卡时，按每卡时 {rate} 美元计算，成本约 {} 美元。",
                zh(hours),
                zh(stated(rng, hours * rate))
            )
        }
        3 => {
            let total = rng.u32(100..600);
            let part = rng.u32(10..total / 2);
            format!(
                "三个月里集群一共停机 {total} 次，其中 {part} 次是计划内维护，剩下 {} 次是意外故障。",
                stated(rng, f64::from(total - part)).round()
            )
        }
        4 => {
            let total = [236, 671, 1000][rng.usize(..3)];
            let active = [21, 37, 52][rng.usize(..3)];
            format!(
                "模型总参 {total}B，激活 {active}B，训练数据 {} 万亿 token，用了 {} 张 {}。",
                rng.u32(2..20),
                en(f64::from(rng.u32(1..16) * 1024)),
                c.name
            )
        }
        5 => {
            let peak = c.bf16;
            let mfu = [30, 40, 50][rng.usize(..3)];
            let flops = f64::from(rng.u32(1..9)) * 1e23;
            let card_hours = stated(rng, flops / (peak * 1e12 * f64::from(mfu) / 100.0) / 3600.0);
            format!(
                "这次训练的计算量 {:.1}×10²³ FLOPs，每卡峰值 {} TFLOPS，利用率 {mfu}%，共需 {} 卡时。",
                flops / 1e23,
                en(peak),
                zh(card_hours)
            )
        }
        _ => ZH_FILLER[rng.usize(..ZH_FILLER.len())].to_string(),
    }
}

fn table(rng: &mut Rng, chinese: bool) -> String {
    let mut out = if chinese {
        String::from("| 型号 | 显存 | 显存带宽 | TDP |\n|---|---|---|---|\n")
    } else {
        String::from("| GPU | Memory | Bandwidth | TDP |\n|---|---|---|---|\n")
    };
    for _ in 0..rng.usize(2..6) {
        let c = card(rng);
        out.push_str(&format!(
            "| {} | {} GB | {} TB/s | {} W |\n",
            c.name,
            en(stated(rng, f64::from(c.memory))),
            c.bandwidth,
            c.tdp
        ));
    }
    out
}

fn list(rng: &mut Rng, chinese: bool) -> String {
    let c = card(rng);
    let gpus = rng.u32(1..32) * 1024;
    if chinese {
        format!(
            "- **加速卡：** {} 张 {}\n- **总显存：** {} TB\n- **功耗：** 约 {} MW\n",
            en(f64::from(gpus)),
            c.name,
            en(stated(rng, f64::from(gpus * c.memory) / 1000.0)),
            en(f64::from(gpus * c.tdp) / 1e6)
        )
    } else {
        format!(
            "- **GPUs:** {} {}\n- **Memory:** {} TB in all\n- **Power:** about {} MW\n",
            en(f64::from(gpus)),
            c.name,
            en(stated(rng, f64::from(gpus * c.memory) / 1000.0)),
            en(f64::from(gpus * c.tdp) / 1e6)
        )
    }
}

fn code(rng: &mut Rng) -> String {
    let n = rng.u32(2..9);
    format!(
        "```python\nmodel = load(\"checkpoint\", dtype=\"bf16\")  # {n} × 80 GB = {} GB\nshard(model, devices={n})\n```\n",
        n * 80
    )
}
