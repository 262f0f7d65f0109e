//! `audit`: the command line over the `recount` library. Parses arguments,
//! runs, and maps the outcome to an exit code: 0 nothing flagged, 1 something
//! flagged at or above `--fail-on`, 2 a usage, input or knowledge-base error.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use recount::audit::{FileReport, audit};
use recount::document::Document;
use recount::finding::Verdict;
use recount::kb::Kb;
use recount::report::{self, Format, Options, Show};

/// Fact-check the numbers in Markdown articles about AI infrastructure.
///
/// Finds numeric claims (memory, FLOPs, GPU-hours, dollars, power…) in English
/// and Chinese prose, recomputes them, and reports each contradiction like a
/// compiler error.
#[derive(Parser)]
#[command(name = "audit", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Markdown files or folders to audit.
    paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Which findings the human, markdown and github formats show (JSON and
    /// HTML always list all, SARIF only flagged ones).
    #[arg(long, value_enum, default_value_t = Show::Flagged)]
    show: Show,

    /// Exit 1 when a finding at or above this level is found.
    #[arg(long, value_enum, default_value_t = FailOn::Inconsistent)]
    fail_on: FailOn,

    /// Width of the human rendering, in columns.
    #[arg(long, default_value_t = 100)]
    width: usize,

    /// Colour in the human rendering.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,

    /// A folder of knowledge-base YAML layered over the built-in one (a fact
    /// with the same entity id, attribute and qualifiers replaces the
    /// built-in fact). Repeatable; later folders win.
    #[arg(long = "kb", value_name = "DIR", global = true)]
    kb: Vec<PathBuf>,

    /// Leave out the built-in knowledge base (use only `--kb` folders).
    #[arg(long, global = true)]
    no_builtin_kb: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression with units: `audit calc "8 * 80 GB -> GiB"`.
    Calc {
        /// The expression, with an optional `-> UNIT` to convert the result.
        expression: String,
    },
    /// Print the documentation of a check: `audit explain arithmetic`.
    Explain {
        /// The check's code.
        check: String,
    },
    /// Inspect the knowledge base: `audit kb check`, `audit kb list`,
    /// `audit kb show H100`.
    Kb {
        #[command(subcommand)]
        command: KbCommand,
    },
}

#[derive(Subcommand)]
enum KbCommand {
    /// Validate every file (schema, units, sources, ids, names, order) and
    /// report each problem with file:line:col.
    Check,
    /// One line per entity: id, kind, name.
    List,
    /// Every entity a name can mean, with its facts and sources.
    Show {
        /// A name, alias, family or id: `H100`, `A100 40GB SXM`, `frontier`.
        name: String,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FailOn {
    /// Fail on any flagged finding.
    Inconsistent,
    /// Fail only on contradicted claims.
    Contradicted,
    /// Never fail on findings.
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> std::io::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match &cli.command {
        Some(Command::Calc { expression }) => match recount::calc::calc(expression) {
            Ok(result) => {
                writeln!(out, "{result}")?;
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => Err(std::io::Error::other(e.to_string())),
        },
        Some(Command::Kb { command }) => {
            let kb = load_kb(&cli)?;
            let text = match command {
                KbCommand::Check => recount::kb::describe::summary(&kb),
                KbCommand::List => recount::kb::describe::list(&kb),
                KbCommand::Show { name } => {
                    recount::kb::describe::show(&kb, name).map_err(std::io::Error::other)?
                }
            };
            out.write_all(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Explain { check }) => match recount::check::by_code(check) {
            Some(c) => {
                let doc: String = c
                    .explain()
                    .lines()
                    .map(|l| {
                        l.strip_prefix("//! ")
                            .or_else(|| l.strip_prefix("//!"))
                            .unwrap_or(l)
                    })
                    .collect::<Vec<_>>()
                    .join("\n");
                writeln!(out, "{}", doc.trim())?;
                Ok(ExitCode::SUCCESS)
            }
            None => {
                let known: Vec<_> = recount::check::all().iter().map(|c| c.code()).collect();
                Err(std::io::Error::other(format!(
                    "unknown check {check:?}; the checks are: {}",
                    known.join(", ")
                )))
            }
        },
        None => audit_paths(&cli, &mut out),
    }
}

/// The built-in knowledge base with the user's folders over it.
fn load_kb(cli: &Cli) -> std::io::Result<std::borrow::Cow<'static, Kb>> {
    if cli.kb.is_empty() && !cli.no_builtin_kb {
        return Ok(std::borrow::Cow::Borrowed(Kb::builtin()));
    }
    let mut files = if cli.no_builtin_kb {
        Vec::new()
    } else {
        Kb::builtin_files()
    };
    for dir in &cli.kb {
        files.extend(Kb::folder_files(dir).map_err(std::io::Error::other)?);
    }
    Kb::load(&files)
        .map(std::borrow::Cow::Owned)
        .map_err(std::io::Error::other)
}

fn audit_paths(cli: &Cli, out: &mut dyn Write) -> std::io::Result<ExitCode> {
    if cli.paths.is_empty() {
        return Err(std::io::Error::other(
            "no input: name Markdown files or folders, e.g. `audit article.md` (see --help)",
        ));
    }
    let files = recount::inputs::markdown_files(&cli.paths).map_err(std::io::Error::other)?;
    let kb = load_kb(cli)?;
    let mut reports: Vec<FileReport> = Vec::with_capacity(files.len());
    for path in &files {
        let document = Document::read(path).map_err(std::io::Error::other)?;
        reports.push(audit(document, &kb));
    }
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let options = Options {
        show: cli.show,
        color,
        width: cli.width,
    };
    report::emitter(cli.format, options).emit(&reports, out)?;
    out.flush()?;
    let fails = |v: Verdict| match cli.fail_on {
        FailOn::Inconsistent => v.is_flag(),
        FailOn::Contradicted => v == Verdict::Contradicted,
        FailOn::Never => false,
    };
    let failed = reports
        .iter()
        .flat_map(|r| &r.findings)
        .any(|f| fails(f.verdict));
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
