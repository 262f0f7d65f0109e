//! `audit`: the command line over the `recount` library. Parses arguments,
//! runs, and maps the outcome to an exit code: 0 nothing flagged, 1 something
//! flagged at or above `--fail-on`, 2 a usage, input or knowledge-base error.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use recount::audit::{FileReport, Settings, audit_with};
use recount::ci::baseline::{Baseline, Recorder};
use recount::ci::cache::{Cache, RunKey};
use recount::ci::config::{Config, FailOn};
use recount::ci::suppress::{self, Unused};
use recount::kb::Kb;
use recount::lang::{Choice, Lang};
use recount::read::document::Document;
use recount::report::output::AtomicFile;
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

    /// Markdown files or folders to audit; `-` reads standard input.
    paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Write the report to this file instead of stdout (atomically, never
    /// over an audited file, the config or the baseline).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Which findings the human, markdown and github formats show (JSON and
    /// HTML always list all, SARIF only flagged ones).
    #[arg(long, value_enum, default_value_t = Show::Flagged)]
    show: Show,

    /// Exit 1 when a finding at or above this level is found [default:
    /// inconsistent, or the config's `fail-on`].
    #[arg(long, value_enum)]
    fail_on: Option<FailOn>,

    /// Width of the human rendering, in columns: at least 40, below which
    /// the wrapped message and help lines keep a word or two per line.
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u16).range(MIN_WIDTH..))]
    width: u16,

    /// Colour in the human rendering.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,

    /// The language of the human, Markdown and HTML reports and of `audit
    /// claims` (JSON, SARIF and GitHub annotations stay English) [default:
    /// the config's `lang`, else auto].
    #[arg(long, value_enum, value_name = "LANG", global = true)]
    lang: Option<Choice>,

    /// A folder of knowledge-base YAML layered over the built-in one (a fact
    /// with the same entity id, attribute and qualifiers replaces the
    /// built-in fact). Repeatable; later folders win.
    #[arg(long = "kb", value_name = "DIR", global = true)]
    kb: Vec<PathBuf>,

    /// Leave out the built-in knowledge base (use only `--kb` folders).
    #[arg(long, global = true)]
    no_builtin_kb: bool,

    /// Files audited at once [default: the number of cores].
    #[arg(short = 'j', long = "threads", value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// The config file [default: `.audit.yaml` in the working folder or the
    /// nearest folder above it].
    #[arg(long, value_name = "FILE", global = true, conflicts_with = "no_config")]
    config: Option<PathBuf>,

    /// Read no config file.
    #[arg(long, global = true)]
    no_config: bool,

    /// The name standard input (`-`) has in reports and baselines
    /// [default: `<stdin>`].
    #[arg(long, value_name = "NAME", global = true)]
    stdin_filename: Option<PathBuf>,

    /// Run only these checks (comma-separated), instead of the config's.
    #[arg(
        long,
        value_name = "CHECKS",
        value_delimiter = ',',
        conflicts_with = "disable"
    )]
    checks: Option<Vec<String>>,

    /// Run every check but these (comma-separated), instead of the config's.
    #[arg(long, value_name = "CHECKS", value_delimiter = ',')]
    disable: Option<Vec<String>>,

    /// How far a stated figure may be from the recomputed one and still
    /// agree, as a percentage of it, for every check (replaces the config's
    /// `tolerance`) [default: 0%].
    #[arg(long, value_name = "PERCENT", value_parser = recount::ci::config::percentage)]
    tolerance: Option<f64>,

    /// Report each suppression comment that hid no flagged finding (on
    /// stderr); any fails the run like a finding.
    #[arg(long)]
    report_unused_suppressions: bool,

    /// Report and fail only on flagged findings that this baseline file does
    /// not record; say how many it hid.
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    baseline: Option<PathBuf>,

    /// Record every flagged finding in this baseline file (written
    /// atomically, never over an audited file), say how many on stderr and
    /// exit 0. The report is not printed; `--output` still writes it.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,

    /// Audit only slice K of N of the files (1 ≤ K ≤ N), for a CI job
    /// matrix: a file's slice is the SHA-256 of its path modulo N, so the
    /// N slices cover every file once.
    #[arg(long, value_name = "K/N")]
    shard: Option<recount::read::inputs::Shard>,

    /// Keep each file's results in this folder and reuse them while the
    /// file, the knowledge base, the config, the checks and the binary are
    /// unchanged [default: `.audit_cache` in the working folder].
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    cache_dir: Option<PathBuf>,

    /// Neither read nor write the cache: audit every file afresh.
    #[arg(long)]
    no_cache: bool,
}

/// The narrowest `--width`: the help line is wrapped after its 8-column
/// `  help: ` indent, so 40 leaves it 32 columns (a few words, as a 40-column
/// terminal or a phone shows); at 20 it wraps to one or two words a line.
const MIN_WIDTH: i64 = 40;

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression with units: `audit calc "8 * 80 GB -> GiB"`.
    Calc {
        /// The expression, with an optional `-> UNIT` to convert the result.
        /// It may begin with a minus: `audit calc "-5 + 3"`.
        #[arg(allow_hyphen_values = true)]
        expression: String,
    },
    /// Print the documentation of a check: `audit explain arithmetic`.
    Explain {
        /// The check's code.
        check: String,
    },
    /// Print every figure as the claim model read it (value, kind,
    /// subject, attribute, qualifiers, role) with the checks that covered
    /// it or why none did: `audit claims article.md`.
    Claims {
        /// Markdown files or folders; `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format: a line per figure, or the JSON contract.
        #[arg(long, value_enum, default_value_t = ClaimsFormat::Human)]
        format: ClaimsFormat,
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
enum ClaimsFormat {
    Human,
    Json,
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
            let config = load_config(&cli)?;
            let kb = load_kb(&cli, &config)?;
            let text = match command {
                KbCommand::Check => {
                    let folders: Vec<String> = config
                        .kb
                        .iter()
                        .chain(&cli.kb)
                        .map(|dir| dir.display().to_string())
                        .collect();
                    recount::kb::describe::summary(&kb, &folders, !cli.no_builtin_kb)
                }
                KbCommand::List => recount::kb::describe::list(&kb),
                KbCommand::Show { name } => {
                    recount::kb::describe::show(&kb, name).map_err(std::io::Error::other)?
                }
            };
            out.write_all(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Claims { paths, format }) => {
            claims(&cli, paths, *format, &mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Explain { check }) => match recount::check::by_code(check) {
            Some(c) => {
                // No article to follow: `auto` is English, which the
                // documentation is written in.
                // A config that does not load is no reason to refuse help.
                let lang = cli
                    .lang
                    .or_else(|| load_config(&cli).ok().and_then(|c| c.lang))
                    .unwrap_or_default()
                    .resolve(|| Lang::En);
                if lang != Lang::En {
                    let note =
                        recount::tr!(lang.catalogue(), "explain-untranslated", check = c.code());
                    writeln!(out, "{note}\n")?;
                }
                let doc = recount::check::documentation(c);
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

/// The built-in knowledge base with the user's folders over it: the
/// config's, then `--kb`'s.
fn load_kb(cli: &Cli, config: &Config) -> std::io::Result<std::borrow::Cow<'static, Kb>> {
    if cli.kb.is_empty() && config.kb.is_empty() && !cli.no_builtin_kb {
        return Ok(std::borrow::Cow::Borrowed(Kb::builtin()));
    }
    let mut files = if cli.no_builtin_kb {
        Vec::new()
    } else {
        Kb::builtin_files()
    };
    for dir in config.kb.iter().chain(&cli.kb) {
        files.extend(Kb::folder_files(dir).map_err(std::io::Error::other)?);
    }
    Kb::load(&files)
        .map(std::borrow::Cow::Owned)
        .map_err(std::io::Error::other)
}

/// The config file `--config` names, or the one found upward from the
/// working folder; none with `--no-config` or when there is none.
fn config_path(cli: &Cli) -> std::io::Result<Option<PathBuf>> {
    Ok(match &cli.config {
        Some(path) => Some(path.clone()),
        None if cli.no_config => None,
        None => recount::ci::config::find(&std::env::current_dir()?),
    })
}

/// The config file of [`config_path`]; the defaults when there is none.
fn load_config(cli: &Cli) -> std::io::Result<Config> {
    match config_path(cli)? {
        Some(path) => recount::ci::config::load(&path).map_err(std::io::Error::other),
        None => Ok(Config::default()),
    }
}

/// The language asked for: `--lang`, else the config's `lang`, else auto.
fn lang_choice(cli: &Cli, config: &Config) -> Choice {
    cli.lang.or(config.lang).unwrap_or_default()
}

/// The checks that run (`--checks` or `--disable` over the config's) and
/// their tolerances (`--tolerance` over the config's).
fn settings(cli: &Cli, config: &Config) -> std::io::Result<Settings> {
    let known = |names: &[String]| -> std::io::Result<Vec<&'static str>> {
        names
            .iter()
            .map(|n| {
                recount::check::by_code(n.trim())
                    .map(|c| c.code())
                    .ok_or_else(|| std::io::Error::other(recount::ci::config::unknown_check(n)))
            })
            .collect()
    };
    let checks = match (&cli.checks, &cli.disable) {
        (Some(only), _) => Some(known(only)?),
        (None, Some(disabled)) => {
            let disabled = known(disabled)?;
            Some(
                recount::check::all()
                    .iter()
                    .map(|c| c.code())
                    .filter(|c| !disabled.contains(c))
                    .collect(),
            )
        }
        (None, None) => config.checks.clone(),
    };
    let tolerance = match cli.tolerance {
        Some(t) => [("default".to_string(), t)].into(),
        None => config.tolerance.clone(),
    };
    Ok(Settings { checks, tolerance })
}

/// A progress bar on stderr for a long run on a terminal; hidden otherwise,
/// so pipes, files and CI logs never see it.
fn progress(files: usize) -> indicatif::ProgressBar {
    const LONG_RUN: usize = 200;
    if files < LONG_RUN || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(files as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files, {eta} left")
            .expect("the progress template is valid"),
    );
    bar
}

/// The name standard input has in reports: `--stdin-filename`, else
/// `<stdin>`. Naming it when no `-` is audited is a usage error, since the
/// name would go unused.
fn stdin_name(cli: &Cli, paths: &[PathBuf]) -> std::io::Result<PathBuf> {
    match &cli.stdin_filename {
        Some(_) if !paths.iter().any(|p| recount::read::inputs::is_stdin(p)) => {
            Err(std::io::Error::other(
                "--stdin-filename names standard input, which is read only when `-` is among the paths",
            ))
        }
        Some(name) => Ok(name.clone()),
        None => Ok(PathBuf::from("<stdin>")),
    }
}

/// A file named on the command line, or standard input for `-`.
fn read_document(path: &Path, stdin_name: &Path) -> std::io::Result<Document> {
    if recount::read::inputs::is_stdin(path) {
        Document::from_reader(stdin_name, std::io::stdin().lock())
    } else {
        Document::read(path)
    }
    .map_err(std::io::Error::other)
}

/// The cache of this run, unless `--no-cache`: keyed by the binary, the
/// knowledge base's files and the settings. A folder that cannot be made
/// (a read-only checkout) is a warning, and the run goes on without it.
fn open_cache(cli: &Cli, config: &Config, settings: &Settings) -> std::io::Result<Option<Cache>> {
    if cli.no_cache {
        return Ok(None);
    }
    let mut key = RunKey::of_this_binary();
    key.part("builtin kb", if cli.no_builtin_kb { b"no" } else { b"yes" });
    for dir in config.kb.iter().chain(&cli.kb) {
        for file in Kb::folder_files(dir).map_err(std::io::Error::other)? {
            key.part(&file.name, file.text.as_bytes());
        }
    }
    key.part("settings", format!("{settings:?}").as_bytes());
    let dir = cli
        .cache_dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(recount::ci::cache::DEFAULT_DIR));
    match Cache::open(&dir, key) {
        Ok(cache) => Ok(Some(cache)),
        Err(e) => {
            eprintln!("warning: {}: {e}; auditing without a cache", dir.display());
            Ok(None)
        }
    }
}

/// One file, read, audited (or its report taken from the cache), with its
/// suppressions and the baseline applied.
fn audit_file(
    path: &Path,
    stdin_name: &Path,
    kb: &Kb,
    settings: &Settings,
    baseline: Option<&Baseline>,
    cache: Option<&Cache>,
) -> std::io::Result<(FileReport, Vec<Unused>)> {
    let document = read_document(path, stdin_name)?;
    let (mut report, unused) = match cache.and_then(|c| c.get(&document)) {
        Some(hit) => (hit.report, hit.unused),
        None => {
            let suppressions = suppress::parse(&document).map_err(std::io::Error::other)?;
            let mut report = audit_with(document, kb, settings);
            let unused = suppress::apply(&mut report, &suppressions);
            if let Some(cache) = cache {
                cache.put(&report, &unused);
            }
            (report, unused)
        }
    };
    if let Some(baseline) = baseline {
        baseline.hide(&mut report);
    }
    Ok((report, unused))
}

fn audit_paths(cli: &Cli, out: &mut dyn Write) -> std::io::Result<ExitCode> {
    if cli.paths.is_empty() {
        return Err(std::io::Error::other(
            "no input: name Markdown files or folders, e.g. `audit article.md` (see --help)",
        ));
    }
    let stdin_name = stdin_name(cli, &cli.paths)?;
    let config = load_config(cli)?;
    let settings = settings(cli, &config)?;
    let fail_on = cli
        .fail_on
        .or(config.fail_on)
        .unwrap_or(FailOn::Inconsistent);
    let mut files = recount::read::inputs::markdown_files(&cli.paths, &config.selection)
        .map_err(std::io::Error::other)?;
    if let Some(shard) = &cli.shard {
        files.retain(|f| shard.keeps(f));
    }
    if let Some(target) = &cli.write_baseline {
        recount::ci::baseline::check_target(target, &files).map_err(std::io::Error::other)?;
    }
    let baseline = match &cli.baseline {
        Some(path) => Some(Baseline::load(path).map_err(std::io::Error::other)?),
        None => None,
    };
    let kb = load_kb(cli, &config)?;
    let cache = open_cache(cli, &config, &settings)?;
    let mut output = match &cli.output {
        Some(target) => {
            let inputs: Vec<PathBuf> = files
                .iter()
                .cloned()
                .chain(cli.baseline.clone())
                .chain(config_path(cli)?)
                .collect();
            Some(AtomicFile::create(target, &inputs).map_err(std::io::Error::other)?)
        }
        None => None,
    };
    // Writing a baseline accepts the findings rather than reviewing them:
    // stderr says what was recorded, and the report goes only where
    // `--output` asks.
    let mut sink = std::io::sink();
    let out: &mut dyn Write = match &mut output {
        Some(file) => file,
        None if cli.write_baseline.is_some() => &mut sink,
        None => out,
    };
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            cli.output.is_none()
                && std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none()
        }
    };
    let options = Options {
        show: cli.show,
        color,
        width: cli.width.into(),
        lang: lang_choice(cli, &config),
    };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = cli.threads {
        pool = pool.num_threads(threads.into());
    }
    let pool = pool.build().map_err(std::io::Error::other)?;
    let bar = progress(files.len());
    let mut emitter = report::emitter(cli.format, options);
    let mut recorder = Recorder::default();
    let (mut failed, mut hidden) = (false, 0);
    emitter.begin(out)?;
    recount::ci::batch::in_order(
        &files,
        &pool,
        |path| {
            audit_file(
                path,
                &stdin_name,
                &kb,
                &settings,
                baseline.as_ref(),
                cache.as_ref(),
            )
        },
        |(report, unused)| {
            // The bar steps aside while the report is written, so the two
            // never mix on a terminal.
            bar.suspend(|| emitter.file(&report, out))?;
            failed |= report.findings.iter().any(|f| fail_on.fails(f.verdict));
            hidden += report.baselined;
            if cli.write_baseline.is_some() {
                recorder.record(&report);
            }
            if cli.report_unused_suppressions {
                failed |= !unused.is_empty() && fail_on != FailOn::Never;
                bar.suspend(|| {
                    for u in &unused {
                        eprintln!(
                            "{}:{}:{}: unused suppression {}: it hides no flagged finding",
                            report.document.path.display(),
                            u.line,
                            u.column,
                            u.comment
                        );
                    }
                });
            }
            bar.inc(1);
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    emitter.end(out)?;
    out.flush()?;
    if let Some(file) = output {
        file.commit().map_err(std::io::Error::other)?;
    }
    if baseline.is_some() {
        eprintln!("baseline: {hidden} known finding{} hidden", plural(hidden));
    }
    if let Some(target) = &cli.write_baseline {
        recorder.write(target).map_err(std::io::Error::other)?;
        eprintln!(
            "baseline: {} finding{} recorded in {}",
            recorder.len(),
            plural(recorder.len()),
            target.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `audit claims`: each file audited with the config's checks, then read
/// back as statements, in path order.
fn claims(
    cli: &Cli,
    paths: &[PathBuf],
    format: ClaimsFormat,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let stdin_name = stdin_name(cli, paths)?;
    let config = load_config(cli)?;
    let settings = settings(cli, &config)?;
    let kb = load_kb(cli, &config)?;
    let files = recount::read::inputs::markdown_files(paths, &config.selection)
        .map_err(std::io::Error::other)?;
    let mut read = Vec::new();
    for path in &files {
        let document = read_document(path, &stdin_name)?;
        let report = audit_with(document, &kb, &settings);
        let statements =
            recount::claim::statement::statements(&report.document, &kb, &report.findings);
        read.push((report, statements));
    }
    let choice = lang_choice(cli, &config);
    let claims_files: Vec<report::claims::ClaimsFile> = read
        .iter()
        .map(|(report, statements)| report::claims::ClaimsFile {
            document: &report.document,
            statements,
            coverage: report.coverage(),
            lang: report::language(choice, report),
        })
        .collect();
    match format {
        ClaimsFormat::Human => {
            for file in &claims_files {
                report::claims::human(file, out)?;
            }
        }
        ClaimsFormat::Json => report::claims::json(&claims_files, out)?,
    }
    out.flush()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
