//! `leapfrog`: a static analyzer for C that makes loops tractable.
//!
//! This binary only parses the command line, runs one job and maps its outcome to an exit code:
//! 0 when the job ran (whatever it found), 2 for usage errors and input that cannot be used, 3 for
//! an internal error (a bug; the message asks for a report), and 1 only for
//! `fuzz --fail-on-findings` when the fuzzer found something. Jobs live in [`jobs`]; output
//! formats in the `leapfrog-report` crate.

mod bench;
mod compile_commands;
mod fuzz;
mod jobs;
mod project;
mod task;
mod witness;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

#[derive(Parser)]
#[command(
    name = "leapfrog",
    version,
    about = "Leapfrog: loop summaries, termination, bounds and safety for C programs",
    after_help = "Integer semantics: unsigned arithmetic wraps modulo 2^n; signed arithmetic is \
                  mathematical, and a signed result outside its type's range is undefined \
                  behaviour (reported, never wrapped)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the loops of a program (found on the control-flow graph), with their nesting and the
    /// variables they read and modify.
    Loops {
        #[command(flatten)]
        input: InputArgs,
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
    },
    /// Run a program on given nondeterministic inputs with Leapfrog's interpreter.
    Exec {
        #[command(flatten)]
        input: InputArgs,
        /// Values for every nondeterministic source, in execution order (comma-separated
        /// integers); when they run out, every further value is 0.
        #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
        nondet: Vec<String>,
        /// What uninitialized local variables hold: 0 (as gcc -ftrivial-auto-var-init=zero), or
        /// the next nondeterministic value.
        #[arg(long, value_enum, default_value_t = UninitArg::Zero)]
        uninit: UninitArg,
        /// Once the --nondet values are used up, a nondeterministic read at this position gives
        /// this value, every time (repeatable): how `terminate` replays a non-terminating
        /// execution, the stem's values then the loop's choices on every iteration.
        #[arg(long = "choice", value_name = "[FILE:]LINE:COL=VALUE", value_parser = jobs::exec::parse_choice, allow_hyphen_values = true)]
        choices: Vec<jobs::exec::Choice>,
        /// Stop after this many steps (edges of the control-flow graph).
        #[arg(long, default_value_t = 10_000_000)]
        max_steps: u64,
        /// Integer semantics: `default` (a signed result outside its type's range is undefined
        /// behaviour: the run stops) or `bit-precise` (two's complement wrap everywhere, as
        /// gcc's code computes).
        #[arg(long, value_enum, default_value_t = SemanticsArg::Default)]
        semantics: SemanticsArg,
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
    },
    /// Print the program's intermediate representation (textual form).
    Ir {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Check the unreach-call property: no call of reach_error/__VERIFIER_error and no failing
    /// __VERIFIER_assert/assert. TRUE comes with loop invariants re-checked by an independent
    /// checker; FALSE with inputs the interpreter replayed to the violation; else UNKNOWN and why.
    Verify {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        analysis: AnalysisArgs,
        #[arg(long, value_enum, default_value_t = VerdictFormatArg::Text)]
        format: VerdictFormatArg,
        /// The property to check (repeatable): `unreach-call` (the default), `memsafety`
        /// (SV-COMP's valid-memsafety: every access inside a live object, every free valid, no
        /// heap object left allocated; each access is an automatic check), `no-overflow` (every
        /// signed operation in range), or an SV-COMP `.prp` file naming one of them. A task file
        /// (`.yml`) selects its own properties when none is given.
        #[arg(long = "property", value_name = "PROPERTY")]
        property: Vec<String>,
        /// Write the verdict as an SV-COMP witness (YAML, format 2.0) to this file: for TRUE the
        /// certificate's loop invariants, for FALSE the replayed counterexample's nondet values
        /// and the violation. None for UNKNOWN.
        #[arg(long, value_name = "FILE")]
        witness: Option<PathBuf>,
        /// Exit with status 1 when the verdict is FALSE (`false`), or anything but TRUE
        /// (`unknown`), for CI; without it the status is 0 whatever the verdict.
        #[arg(long, value_enum, value_name = "VERDICT")]
        fail_on: Option<FailOnArg>,
    },
    /// Check the termination property: every execution from the entry terminates. TRUE comes
    /// with a ranking function or transition invariant per loop, re-checked by an independent
    /// checker; FALSE with a lasso (inputs the interpreter replayed into a recurrent set of a
    /// loop); else UNKNOWN and why.
    Terminate {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        analysis: AnalysisArgs,
        #[arg(long, value_enum, default_value_t = VerdictFormatArg::Text)]
        format: VerdictFormatArg,
        /// Exit with status 1 when the verdict is FALSE (`false`), or anything but TRUE
        /// (`unknown`), for CI; without it the status is 0 whatever the verdict.
        #[arg(long, value_enum, value_name = "VERDICT")]
        fail_on: Option<FailOnArg>,
        /// Write the verdict as an SV-COMP witness (YAML, format 2.1) to this file: for TRUE each
        /// loop's ranking function as a `transition_loop_invariant` (from any earlier visit of the
        /// loop head to the current one) and its supporting invariant, for outermost loops of the
        /// entry function; for FALSE the lasso's stem and cycle. None otherwise (a note says why).
        #[arg(long, value_name = "FILE")]
        witness: Option<PathBuf>,
    },
    /// Summarize every loop: the variables it modifies, an invariant (as C), and how it exits.
    Summarize {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        analysis: AnalysisArgs,
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
        /// `templates`: Loopfrog's summaries (invariant, modified variables, exit conditions);
        /// `pda`: Proteus' disjunctive summaries (over `x` at loop entry and `x_exit` at exit);
        /// `auto`: per loop, Proteus' when there is one, else the templates' (each loop says which).
        #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
        method: MethodArg,
    },
    /// Every loop's bound: an upper bound on how many times its body starts in one execution of
    /// the loop statement, over the values the variables have when the loop is entered
    /// (`max(0, n - i)`), and `max`, the most over every execution, where the entry values are
    /// constants. Each is printed only after the independent checker proved it on the program
    /// instrumented with an iteration counter.
    Bound {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        analysis: AnalysisArgs,
        /// `termcomp`: only termCOMP's first line, `WORST_CASE(?, O(n^k))` or `WORST_CASE(?, ?)`;
        /// `sarif`: SARIF 2.1.0 (a result per loop: its bound, or why there is none).
        #[arg(long, value_enum, default_value_t = BoundFormatArg::Text)]
        format: BoundFormatArg,
    },
    /// Inputs that reach a target, each replayed (by the interpreter, or natively for a long run
    /// to an error): the program's error (a failing assertion, a reach_error call; Test-Comp's
    /// cover-error), the first statement of a line (--target), or every branch outcome (--cover
    /// branches). Solved through the loops' disjunctive summaries where unwinding would be too
    /// deep; a target no input reaches is `unreachable` only when verify proves it.
    Testgen {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        analysis: AnalysisArgs,
        /// A source line to reach: LINE (of the first file) or FILE:LINE.
        #[arg(long, conflicts_with = "cover")]
        target: Option<String>,
        /// `error`: a failing assertion or reach_error call; `branches`: every branch outcome.
        #[arg(long, value_enum, default_value_t = CoverArg::Error)]
        cover: CoverArg,
        /// `testcomp`: Test-Comp's test-format files (metadata.xml, testcase-N.xml) in --output,
        /// and the text report.
        #[arg(long, value_enum, default_value_t = TestFormatArg::Text)]
        format: TestFormatArg,
        /// The folder of the Test-Comp test suite (--format testcomp).
        #[arg(long, default_value = "test-suite")]
        output: PathBuf,
    },
    /// Every loop header's invariant from abstract interpretation over a numeric domain (as C over
    /// the variables visible at the loop), re-checked by the independent checker.
    Invariants {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        analysis: AnalysisArgs,
        /// The numeric domain.
        #[arg(long, value_enum, default_value_t = DomainArg::Octagon)]
        domain: DomainArg,
        /// At most this many disjuncts per location (1: the domain itself).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=16))]
        disjuncts: u32,
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
    },
    /// Every loop of every file, classified by Proteus (TSE'19 Table 1: type 1 to 4, or
    /// unsupported with the reason), with its paths, each variable's class and closed form, and
    /// the path dependency automaton. Each file is read and analysed on its own, in parallel; a
    /// file that cannot be read is reported and the run goes on. Ends with a summary table.
    Classify {
        /// C files (.c) or preprocessed files (.i), each analysed on its own, or task definitions (.yml).
        #[arg(required_unless_present = "compile_commands")]
        files: Vec<PathBuf>,
        /// Also every translation unit of this compilation database (`compile_commands.json`, as
        /// CMake or Bear write it), preprocessed with its include paths and defines.
        #[arg(long)]
        compile_commands: Option<PathBuf>,
        /// Sizes of long and pointers [default: a task definition's, else LP64].
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
        #[command(flatten)]
        analysis: AnalysisArgs,
        #[arg(long, value_enum, default_value_t = ClassifyFormatArg::Text)]
        format: ClassifyFormatArg,
        /// Slice each loop by its exit conditions' variables before classifying it (Proteus
        /// §4.1: statements and branches that do not affect them are left out), or classify it
        /// whole (every variable's class and closed form).
        #[arg(long, value_enum, default_value_t = SliceArg::Exits)]
        slice: SliceArg,
        /// Files analysed in parallel (default: the number of CPUs).
        #[arg(long)]
        jobs: Option<usize>,
        /// Project mode (as with --compile-commands): also write an HTML report into this folder.
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
        /// An argument for the preprocessor, e.g. `--cpp-arg=-Iinclude` (repeatable, in order).
        #[arg(long = "cpp-arg", value_name = "ARG", allow_hyphen_values = true)]
        cpp_args: Vec<String>,
    },
    /// Run a job over the tasks of a benchmark manifest and print a table per suite.
    Bench(BenchArgs),
    /// Soundness fuzzing: generate random C programs, ask `verify` and `terminate` about each,
    /// and check every answer against interpreter runs (a TRUE against many input streams, a
    /// FALSE by replaying its execution). Prints a summary; findings go to the output folder.
    Fuzz(FuzzArgs),
}

#[derive(Args)]
struct FuzzArgs {
    /// Seed of the run: the same seed gives the same programs and input streams.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many programs to generate.
    #[arg(long, default_value_t = 100)]
    programs: u64,
    /// The number of the first program (program K of a seed is always the same program).
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// `--timeout` of each `verify` and `terminate` run, in seconds (killed later: a finding).
    #[arg(long, default_value_t = 5.0, value_parser = parse_seconds)]
    timeout: f64,
    /// Input streams run per program to check its TRUE answers.
    #[arg(long, default_value_t = 100)]
    runs: usize,
    /// Step limit of an interpreter run (replays and second runs of suspects get 20 times more).
    #[arg(long, default_value_t = 1_000_000)]
    max_steps: u64,
    /// Programs processed in parallel (default: the number of CPUs).
    #[arg(long)]
    jobs: Option<usize>,
    /// Where findings, summary.json and (with --keep-programs) the programs go.
    #[arg(long, default_value = "fuzz-out")]
    output: PathBuf,
    /// The leapfrog executable asked about the programs (default: this one).
    #[arg(long)]
    exe: Option<PathBuf>,
    /// Keep every program, with its answers, in OUTPUT/programs/.
    #[arg(long)]
    keep_programs: bool,
    /// Wall-clock seconds of the native (gcc-compiled) run of a suspect, which clears it if it
    /// ends (0: no native runs).
    #[arg(long, default_value_t = 10.0, value_parser = parse_seconds_or_zero)]
    native_timeout: f64,
    /// Exit with status 1 when there is a wrong TRUE, wrong FALSE, bad certificate, crash, timeout
    /// or rejected program (suspects, which need reading, do not count).
    #[arg(long)]
    fail_on_findings: bool,
}

/// Settings of the analyses.
#[derive(Args)]
struct AnalysisArgs {
    /// Wall-clock budget in seconds; when it runs out the answer is UNKNOWN.
    #[arg(long, default_value_t = 60.0, value_parser = parse_seconds)]
    timeout: f64,
    /// Integer semantics: `default` (unsigned wraps, signed is mathematical; a signed result
    /// outside its type's range is undefined behaviour) or `bit-precise` (machine integers, two's
    /// complement wrap everywhere).
    #[arg(long, value_enum, default_value_t = SemanticsArg::Default)]
    semantics: SemanticsArg,
}

#[derive(Copy, Clone, ValueEnum)]
enum BoundFormatArg {
    Text,
    Json,
    Termcomp,
    Sarif,
}

#[derive(Copy, Clone, ValueEnum)]
enum CoverArg {
    Error,
    Branches,
}

#[derive(Copy, Clone, ValueEnum)]
enum TestFormatArg {
    Text,
    Json,
    Testcomp,
}

/// `--target LINE` or `--target FILE:LINE`.
fn parse_target(s: &str) -> Result<leapfrog_testgen::Goal, String> {
    let (file, line) = match s.rsplit_once(':') {
        Some((file, line)) => (Some(file.to_string()), line),
        None => (None, s),
    };
    match line.parse::<u32>() {
        Ok(line) if line > 0 => Ok(leapfrog_testgen::Goal::Line { file, line }),
        _ => Err(format!("--target takes LINE or FILE:LINE with a line number from 1, not `{s}`")),
    }
}

#[derive(Copy, Clone, ValueEnum)]
enum DomainArg {
    Interval,
    Octagon,
    Polyhedra,
}

impl From<DomainArg> for leapfrog_verify::invariants::DomainKind {
    fn from(d: DomainArg) -> Self {
        match d {
            DomainArg::Interval => Self::Interval,
            DomainArg::Octagon => Self::Octagon,
            DomainArg::Polyhedra => Self::Polyhedra,
        }
    }
}

#[derive(Copy, Clone, ValueEnum)]
enum SemanticsArg {
    Default,
    BitPrecise,
}

/// A positive number of seconds (not NaN or infinite).
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        Ok(_) => Err("a time limit is a positive number of seconds".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// Zero or a positive number of seconds (not NaN or infinite).
fn parse_seconds_or_zero(s: &str) -> Result<f64, String> {
    if s.parse::<f64>() == Ok(0.0) { Ok(0.0) } else { parse_seconds(s) }
}

impl SemanticsArg {
    fn semantics(self) -> leapfrog_arith::Semantics {
        match self {
            SemanticsArg::Default => leapfrog_arith::Semantics::Default,
            SemanticsArg::BitPrecise => leapfrog_arith::Semantics::BitPrecise,
        }
    }
}

impl AnalysisArgs {
    fn semantics(&self) -> leapfrog_arith::Semantics {
        self.semantics.semantics()
    }

    fn timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.timeout.clamp(0.001, 1e7))
    }

    fn options(&self) -> leapfrog_verify::Options {
        leapfrog_verify::Options { semantics: self.semantics(), timeout: self.timeout() }
    }

    fn terminate_options(&self) -> leapfrog_terminate::Options {
        leapfrog_terminate::Options { semantics: self.semantics(), timeout: self.timeout() }
    }
}

/// The program to analyze.
#[derive(Args)]
struct InputArgs {
    /// C files (.c, preprocessed with gcc -E) or preprocessed files (.i) of one program, or one
    /// SV-COMP task definition (.yml), which stands for its input files. In project mode
    /// (--compile-commands or --html), each file is a translation unit of its own.
    #[arg(required_unless_present = "compile_commands")]
    files: Vec<PathBuf>,
    /// Project mode: analyse every translation unit of this compilation database
    /// (`compile_commands.json`, as CMake or Bear write it), each preprocessed with its own
    /// include paths and defines, in parallel, each in its own process; `verify`, `terminate`,
    /// `bound` and `testgen` run once per function with loops, from that function (its
    /// parameters arbitrary). Prints each unit's results sorted by file and function, then a
    /// summary.
    #[arg(long, value_name = "FILE")]
    compile_commands: Option<PathBuf>,
    /// Project mode: also write an HTML report into this folder (index.html: every file and
    /// loop with its results; a page per file with the source, each loop and finding marked and
    /// its certificate, counterexample or reason beside it). Runs of other jobs into the same
    /// folder are kept: their results appear side by side.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// Project mode: runs in parallel (default: the number of CPUs).
    #[arg(long)]
    jobs: Option<usize>,
    /// An argument for the preprocessor, e.g. `--cpp-arg=-Iinclude` or `--cpp-arg=-DNDEBUG`
    /// (repeatable, kept in order).
    #[arg(long = "cpp-arg", value_name = "ARG", allow_hyphen_values = true)]
    cpp_args: Vec<String>,
    /// Sizes of long and pointers [default: the task definition's options.data_model, else LP64;
    /// an explicit --data-model wins over the task definition].
    #[arg(long, value_enum)]
    data_model: Option<DataModelArg>,
    /// The function executions start from (default: main, else the one function no other calls).
    #[arg(long)]
    entry: Option<String>,
    /// What a read of a `volatile` object gives: `input` (an arbitrary value, as C allows: each
    /// read is an input) or `memory` (the value last stored — for programs that qualify their
    /// own variables `volatile` only against compiler optimizations, as WCET benchmarks do; every
    /// answer then holds for executions where nothing outside the program writes them).
    #[arg(long, value_enum, default_value_t = VolatileArg::Input)]
    volatile: VolatileArg,
    /// Do not print the program's diagnostics (`unsupported:` constructs, assumptions) on
    /// stderr; the answers that depend on them still name them in their reasons.
    #[arg(long, short)]
    quiet: bool,
    /// Say on stderr what was read (files, functions, loops, the time left) and, while the
    /// answer of `verify` or `terminate` is awaited, how long it has run, every 5 s.
    #[arg(long, short, conflicts_with = "quiet")]
    verbose: bool,
}

#[derive(Copy, Clone, ValueEnum)]
enum VolatileArg {
    Input,
    Memory,
}

#[derive(Args)]
struct BenchArgs {
    /// A manifest CSV (id,suite,file,property,expected,origin), e.g. ../shared/benchmarks/manifest.csv.
    manifest: PathBuf,
    /// The leapfrog job to run on each task: `loops`, `exec` or `bound` (once per program,
    /// measured; `bound` also counted: loops bounded and with a `max`), or a verdict job, scored
    /// against the manifest's `expected`: `verify` (the unreach-call rows), `testgen` (the same
    /// rows: an error reached is FALSE, proven unreachable TRUE) or `terminate` (the
    /// termination rows). Another name is a usage error.
    #[arg(long, default_value = "loops")]
    job: String,
    /// Only tasks of these suites (repeatable).
    #[arg(long = "suite")]
    suites: Vec<String>,
    /// Only tasks of these properties (repeatable). A verdict job answers one property per run:
    /// `verify` the `unreach-call` rows, or with `--property valid-memsafety` / `no-overflow`
    /// those rows, each run given that property.
    #[arg(long = "property")]
    properties: Vec<String>,
    /// Tasks run in parallel (default: the number of CPUs).
    #[arg(long)]
    jobs: Option<usize>,
    /// Time limit per task, in seconds. A verdict job and `bound` are also given it as
    /// `--timeout` and are killed a grace period (a tenth, at least 1 s) later.
    #[arg(long, default_value_t = 60.0, value_parser = parse_seconds)]
    timeout: f64,
    /// Address-space limit per task, in MiB (0: none).
    #[arg(long, default_value_t = bench::DEFAULT_MEMORY_MB)]
    memory_mb: u64,
    /// Where to write the JSON results.
    #[arg(long)]
    output: Option<PathBuf>,
    /// Run only the first N tasks.
    #[arg(long)]
    limit: Option<usize>,
    /// The leapfrog executable that runs each task (default: this one), e.g. a baseline build.
    #[arg(long)]
    exe: Option<PathBuf>,
    /// Extra arguments passed to every task (after `--`).
    #[arg(last = true)]
    extra: Vec<String>,
}

/// `verify`'s and `terminate`'s formats: text, JSON, or SARIF 2.1.0 for code-scanning tools.
#[derive(Copy, Clone, ValueEnum)]
enum VerdictFormatArg {
    Text,
    Json,
    Sarif,
}

impl From<VerdictFormatArg> for jobs::verdict::VerdictFormat {
    fn from(a: VerdictFormatArg) -> Self {
        match a {
            VerdictFormatArg::Text => jobs::verdict::VerdictFormat::Text,
            VerdictFormatArg::Json => jobs::verdict::VerdictFormat::Json,
            VerdictFormatArg::Sarif => jobs::verdict::VerdictFormat::Sarif,
        }
    }
}

#[derive(Copy, Clone, ValueEnum)]
enum FailOnArg {
    False,
    Unknown,
}

impl From<FailOnArg> for jobs::verdict::FailOn {
    fn from(a: FailOnArg) -> Self {
        match a {
            FailOnArg::False => jobs::verdict::FailOn::False,
            FailOnArg::Unknown => jobs::verdict::FailOn::Unknown,
        }
    }
}

#[derive(Copy, Clone, ValueEnum)]
enum FormatArg {
    Text,
    Json,
}

#[derive(Copy, Clone, ValueEnum)]
enum MethodArg {
    Templates,
    Pda,
    Auto,
}

#[derive(Copy, Clone, ValueEnum)]
enum SliceArg {
    /// By the variables the exit conditions depend on.
    Exits,
    /// No slicing.
    None,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ClassifyFormatArg {
    Text,
    Json,
    /// Graphviz: one digraph (the path dependency automaton) per classified loop.
    Dot,
}

#[derive(Copy, Clone, ValueEnum)]
#[allow(clippy::upper_case_acronyms)]
enum DataModelArg {
    #[value(name = "ILP32", alias = "ilp32")]
    ILP32,
    #[value(name = "LP64", alias = "lp64")]
    LP64,
}

#[derive(Copy, Clone, ValueEnum)]
enum UninitArg {
    Zero,
    Nondet,
}

impl From<FormatArg> for leapfrog_report::Format {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Text => leapfrog_report::Format::Text,
            FormatArg::Json => leapfrog_report::Format::Json,
        }
    }
}

impl InputArgs {
    /// The program to analyze; on failure, the message is printed and the exit code returned.
    fn to_input(&self) -> Result<jobs::Input, u8> {
        let data_model = self.data_model.map(DataModelArg::model);
        let mut input = jobs::Input::resolve(&self.files, data_model, self.entry.clone()).map_err(|message| {
            eprintln!("{message}");
            jobs::EXIT_USAGE
        })?;
        input.quiet = self.quiet;
        input.verbose = self.verbose;
        input.options.preprocessor_flags = self.cpp_args.clone();
        input.options.volatile = match self.volatile {
            VolatileArg::Input => leapfrog_c_frontend::VolatileReads::Input,
            VolatileArg::Memory => {
                eprintln!(
                    "leapfrog: note: --volatile memory: a read of a volatile object gives the value last stored; \
                     every answer holds only for executions in which nothing outside the program writes its \
                     volatile objects"
                );
                leapfrog_c_frontend::VolatileReads::Memory
            }
        };
        Ok(input)
    }
}

impl InputArgs {
    /// Whether the job runs over a project: `--compile-commands` or `--html` was given.
    fn project_mode(&self) -> bool {
        self.compile_commands.is_some() || self.html.is_some()
    }

    /// Runs `job` over the project (see [`project`]): each run gets `job_args`, its time limit is
    /// `analysis`' (60 s for jobs without one); `json` prints the project report as JSON.
    fn run_project(
        &self,
        job: project::ProjectJob,
        job_args: Vec<String>,
        analysis: Option<&AnalysisArgs>,
        format: project::ProjectFormat,
        fail_on: Option<FailOnArg>,
    ) -> u8 {
        let usage = |message: String| {
            eprintln!("leapfrog: error: {message}");
            jobs::EXIT_USAGE
        };
        if let Some(entry) = &self.entry {
            return usage(format!(
                "--entry {entry}: in project mode each function with loops is run from its own entry"
            ));
        }
        if let Some(task) = self.files.iter().find(|f| task::is_task_file(f)) {
            return usage(format!("{}: a task definition is not a translation unit of a project", task.display()));
        }
        let mut units = match self.compile_commands.as_deref().map(compile_commands::read).transpose() {
            Ok(units) => units.unwrap_or_default(),
            Err(message) => return usage(message),
        };
        let cwd = std::env::current_dir().unwrap_or_default();
        for file in &self.files {
            if !file.is_file() {
                return usage(format!("{}: no such file", file.display()));
            }
            units.push(compile_commands::CompileCommand { file: cwd.join(file), flags: Vec::new() });
        }
        for unit in &mut units {
            unit.flags.extend(self.cpp_args.iter().cloned());
        }
        // Assembly, C++ and the like are part of many C projects' databases: left out, and said.
        let (units, skipped): (Vec<_>, Vec<_>) =
            units.into_iter().partition(|u| u.file.extension().is_some_and(|e| e == "c" || e == "i"));
        let mut input_args = Vec::new();
        if let Some(model) = self.data_model {
            input_args.extend(["--data-model".to_string(), value_name(&model)]);
        }
        if matches!(self.volatile, VolatileArg::Memory) {
            input_args.extend(["--volatile".to_string(), value_name(&self.volatile)]);
        }
        let exe = match std::env::current_exe() {
            Ok(exe) => exe,
            Err(e) => return usage(format!("cannot find my own executable: {e}")),
        };
        let request = project::ProjectRequest {
            job,
            units,
            skipped: skipped.into_iter().map(|u| u.file).collect(),
            database: self.compile_commands.clone(),
            input_args,
            job_args,
            timeout: analysis.map_or(std::time::Duration::from_secs(60), AnalysisArgs::timeout),
            jobs: self.jobs.unwrap_or_else(bench::default_jobs).max(1),
            format,
            fail_on: fail_on.map(Into::into),
            html: self.html.clone(),
            exe,
        };
        project::run(&request)
    }
}

/// The command-line spelling of a value of an option.
fn value_name(value: &impl ValueEnum) -> String {
    value.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default()
}

/// A verdict job's format in project mode; a witness is for one program (a usage error).
fn project_format(format: VerdictFormatArg, witness: Option<&std::path::Path>) -> Result<project::ProjectFormat, u8> {
    if witness.is_some() {
        eprintln!(
            "leapfrog: error: --witness is for one program; project mode (--compile-commands, --html) writes none"
        );
        return Err(jobs::EXIT_USAGE);
    }
    Ok(match format {
        VerdictFormatArg::Text => project::ProjectFormat::Text,
        VerdictFormatArg::Json => project::ProjectFormat::Json,
        VerdictFormatArg::Sarif => project::ProjectFormat::Sarif,
    })
}

/// Text or JSON (the jobs without SARIF) in project mode.
fn text_or_json(json: bool) -> project::ProjectFormat {
    if json { project::ProjectFormat::Json } else { project::ProjectFormat::Text }
}

impl AnalysisArgs {
    /// The options every run of a project gets.
    fn forwarded(&self) -> Vec<String> {
        vec!["--timeout".into(), self.timeout.to_string(), "--semantics".into(), value_name(&self.semantics)]
    }
}

impl DataModelArg {
    fn model(self) -> leapfrog_ir::DataModel {
        match self {
            DataModelArg::ILP32 => leapfrog_ir::DataModel::ILP32,
            DataModelArg::LP64 => leapfrog_ir::DataModel::LP64,
        }
    }
}

/// Stack of the thread that runs a job: deep programs make deep (but bounded) recursion in
/// places that walk syntax; the interpreter and graph algorithms are iterative.
pub(crate) const JOB_STACK_BYTES: usize = 256 << 20;

/// The panics of this run (message and place), as the panic hook saw them; at most
/// [`MAX_RECORDED_PANICS`].
static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
const MAX_RECORDED_PANICS: usize = 8;

/// The panic hook only records: unwinding must reach the `catch_unwind` of the code that
/// expects panics (the certificate checker turns its own into UNKNOWN, the front end's thread
/// into an internal error), and a panic that nothing catches ends the job thread, which `main`
/// reports as an internal error (exit 3) with the recorded messages.
fn record_panics() {
    std::panic::set_hook(Box::new(|info| {
        let mut seen = PANICS.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() < MAX_RECORDED_PANICS {
            seen.push(info.to_string());
        }
    }));
}

fn main() -> ExitCode {
    if let Err(e) = leapfrog_smt::check_z3_version() {
        eprintln!("leapfrog: error: {e}");
        return ExitCode::from(jobs::EXIT_INTERNAL);
    }
    record_panics();
    // `--version` (or `-V`) alone: the version, the commit built from and the Z3 linked.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if matches!(args.as_slice(), [a] if a == "--version" || a == "-V") {
        println!("{}", version_text());
        return ExitCode::SUCCESS;
    }
    let cli = Cli::parse();
    let worker =
        std::thread::Builder::new().name("leapfrog-job".into()).stack_size(JOB_STACK_BYTES).spawn(move || run(cli));
    let died = match worker.map(|w| w.join()) {
        Ok(Ok(code)) => return ExitCode::from(code),
        Ok(Err(_)) => None,
        Err(e) => Some(format!("cannot start the job's thread: {e}")),
    };
    let panics = std::mem::take(&mut *PANICS.lock().unwrap_or_else(|e| e.into_inner()));
    for message in died.into_iter().chain(panics) {
        eprintln!("leapfrog: internal error: {message}");
    }
    eprintln!("This is a bug in Leapfrog; please report it together with the input that caused it.");
    ExitCode::from(jobs::EXIT_INTERNAL)
}

/// What `leapfrog --version` prints: `leapfrog 0.1.0`, then the git commit and the Z3 version.
fn version_text() -> String {
    format!(
        "leapfrog {}\ncommit: {}\nz3: {}",
        env!("CARGO_PKG_VERSION"),
        env!("LEAPFROG_GIT_COMMIT"),
        leapfrog_smt::z3_version()
    )
}

/// Fault injection for the tests of the command line (`crates/cli/tests/panics.rs`): the job
/// panics, as a bug would, before it starts when `LEAPFROG_INJECT_PANIC=job`. (The certificate
/// checker has its own, `leapfrog_certify`'s `guarded`.)
fn inject_panic() {
    if std::env::var_os("LEAPFROG_INJECT_PANIC").is_some_and(|v| v == "job") {
        panic!("injected by LEAPFROG_INJECT_PANIC=job");
    }
}

fn run(cli: Cli) -> u8 {
    inject_panic();
    match cli.command {
        Command::Loops { input, format } if input.project_mode() => input.run_project(
            project::ProjectJob::Loops,
            Vec::new(),
            None,
            text_or_json(matches!(format, FormatArg::Json)),
            None,
        ),
        Command::Loops { input, format } => match input.to_input() {
            Ok(input) => jobs::loops::run(&input, format.into()),
            Err(code) => code,
        },
        Command::Exec { input, .. } | Command::Ir { input } if input.project_mode() => {
            eprintln!(
                "leapfrog: error: `exec` and `ir` read one program; project mode (--compile-commands, --html) is for the analyses"
            );
            jobs::EXIT_USAGE
        }
        Command::Exec { input, nondet, choices, uninit, max_steps, semantics, format } => {
            let config = match jobs::exec::config(&nondet, matches!(uninit, UninitArg::Nondet), max_steps) {
                Ok(c) => leapfrog_interp::ExecConfig { semantics: semantics.semantics(), ..c },
                Err(message) => {
                    eprintln!("leapfrog: error: {message}");
                    return jobs::EXIT_USAGE;
                }
            };
            match input.to_input() {
                Ok(input) => jobs::exec::run(&input, &config, &choices, format.into()),
                Err(code) => code,
            }
        }
        Command::Ir { input } => match input.to_input() {
            Ok(input) => jobs::ir::run(&input),
            Err(code) => code,
        },
        Command::Verify { input, analysis, format, property, witness, fail_on } if input.project_mode() => {
            match project_format(format, witness.as_deref()) {
                Ok(format) => {
                    let mut args = analysis.forwarded();
                    for p in &property {
                        args.extend(["--property".to_string(), p.clone()]);
                    }
                    input.run_project(project::ProjectJob::Verify, args, Some(&analysis), format, fail_on)
                }
                Err(code) => code,
            }
        }
        Command::Verify { input, analysis, format, property, witness, fail_on } => match input.to_input() {
            Ok(input) => jobs::verdict::run_verify(
                &input,
                format.into(),
                &analysis.options(),
                &property,
                witness.as_deref(),
                fail_on.map(Into::into),
            ),
            Err(code) => code,
        },
        Command::Terminate { input, analysis, format, fail_on, witness } if input.project_mode() => {
            match project_format(format, witness.as_deref()) {
                Ok(format) => input.run_project(
                    project::ProjectJob::Terminate,
                    analysis.forwarded(),
                    Some(&analysis),
                    format,
                    fail_on,
                ),
                Err(code) => code,
            }
        }
        Command::Terminate { input, analysis, format, fail_on, witness } => match input.to_input() {
            Ok(input) => jobs::verdict::run_terminate(
                &input,
                format.into(),
                &analysis.terminate_options(),
                witness.as_deref(),
                fail_on.map(Into::into),
            ),
            Err(code) => code,
        },
        Command::Summarize { input, analysis, format, method } if input.project_mode() => {
            let mut args = analysis.forwarded();
            args.extend(["--method".to_string(), value_name(&method)]);
            input.run_project(
                project::ProjectJob::Summarize,
                args,
                Some(&analysis),
                text_or_json(matches!(format, FormatArg::Json)),
                None,
            )
        }
        Command::Summarize { input, analysis, format, method } => match input.to_input() {
            Ok(input) => {
                let method = match method {
                    MethodArg::Templates => jobs::summarize::Method::Templates,
                    MethodArg::Pda => jobs::summarize::Method::Pda,
                    MethodArg::Auto => jobs::summarize::Method::Auto,
                };
                jobs::summarize::run(&input, format.into(), &analysis.options(), method)
            }
            Err(code) => code,
        },
        Command::Bound { input, analysis, format } if input.project_mode() => {
            let format = match format {
                BoundFormatArg::Termcomp => {
                    eprintln!(
                        "leapfrog: error: --format termcomp is for one program; project mode has text, JSON and SARIF reports"
                    );
                    return jobs::EXIT_USAGE;
                }
                BoundFormatArg::Sarif => project::ProjectFormat::Sarif,
                BoundFormatArg::Json => project::ProjectFormat::Json,
                BoundFormatArg::Text => project::ProjectFormat::Text,
            };
            input.run_project(project::ProjectJob::Bound, analysis.forwarded(), Some(&analysis), format, None)
        }
        Command::Bound { input, analysis, format } => match input.to_input() {
            Ok(input) => {
                let format = match format {
                    BoundFormatArg::Text => jobs::bound::BoundFormat::Text,
                    BoundFormatArg::Json => jobs::bound::BoundFormat::Json,
                    BoundFormatArg::Termcomp => jobs::bound::BoundFormat::TermComp,
                    BoundFormatArg::Sarif => jobs::bound::BoundFormat::Sarif,
                };
                jobs::bound::run(&input, format, &analysis.options())
            }
            Err(code) => code,
        },
        Command::Testgen { input, analysis, target, cover, format, .. } if input.project_mode() => {
            let mut args = analysis.forwarded();
            match (&target, format) {
                (Some(_), _) => {
                    eprintln!("leapfrog: error: --target names a line of one program; project mode takes --cover");
                    return jobs::EXIT_USAGE;
                }
                (None, TestFormatArg::Testcomp) => {
                    eprintln!(
                        "leapfrog: error: --format testcomp is for one program; project mode has text and JSON reports"
                    );
                    return jobs::EXIT_USAGE;
                }
                (None, _) => args.extend(["--cover".to_string(), value_name(&cover)]),
            }
            let json = matches!(format, TestFormatArg::Json);
            input.run_project(project::ProjectJob::Testgen, args, Some(&analysis), text_or_json(json), None)
        }
        Command::Testgen { input, analysis, target, cover, format, output } => {
            let goal = match (target, cover) {
                (Some(t), _) => match parse_target(&t) {
                    Ok(goal) => goal,
                    Err(message) => {
                        eprintln!("leapfrog: error: {message}");
                        return jobs::EXIT_USAGE;
                    }
                },
                (None, CoverArg::Error) => leapfrog_testgen::Goal::Error,
                (None, CoverArg::Branches) => leapfrog_testgen::Goal::Branches,
            };
            let format = match format {
                TestFormatArg::Text => jobs::testgen::TestFormat::Text,
                TestFormatArg::Json => jobs::testgen::TestFormat::Json,
                TestFormatArg::Testcomp => jobs::testgen::TestFormat::TestComp,
            };
            match input.to_input() {
                Ok(input) => jobs::testgen::run(&input, &goal, format, &output, &analysis.options()),
                Err(code) => code,
            }
        }
        Command::Invariants { input, analysis, domain, disjuncts, format } if input.project_mode() => {
            let mut args = analysis.forwarded();
            args.extend(["--domain".to_string(), value_name(&domain), "--disjuncts".into(), disjuncts.to_string()]);
            input.run_project(
                project::ProjectJob::Invariants,
                args,
                Some(&analysis),
                text_or_json(matches!(format, FormatArg::Json)),
                None,
            )
        }
        Command::Invariants { input, analysis, domain, disjuncts, format } => match input.to_input() {
            Ok(input) => {
                let choice =
                    leapfrog_verify::invariants::DomainChoice { kind: domain.into(), disjuncts: disjuncts as usize };
                jobs::invariants::run(&input, format.into(), &analysis.options(), choice)
            }
            Err(code) => code,
        },
        Command::Classify { files, compile_commands, data_model, analysis, format, slice, jobs, html, cpp_args }
            if compile_commands.is_some() || html.is_some() =>
        {
            if matches!(format, ClassifyFormatArg::Dot) {
                eprintln!("leapfrog: error: --format dot is for files; project mode has text and JSON reports");
                return jobs::EXIT_USAGE;
            }
            let input = InputArgs {
                files,
                data_model,
                entry: None,
                volatile: VolatileArg::Input,
                quiet: false,
                verbose: false,
                compile_commands,
                html,
                jobs,
                cpp_args,
            };
            let mut args = analysis.forwarded();
            args.extend(["--slice".to_string(), value_name(&slice)]);
            input.run_project(
                project::ProjectJob::Classify,
                args,
                Some(&analysis),
                text_or_json(matches!(format, ClassifyFormatArg::Json)),
                None,
            )
        }
        Command::Classify { files, data_model, analysis, format, slice, jobs, cpp_args, .. } => {
            let request = jobs::classify::ClassifyRequest {
                files,
                cpp_args,
                data_model: data_model.map(DataModelArg::model),
                format: match format {
                    ClassifyFormatArg::Text => jobs::classify::ClassifyFormat::Text,
                    ClassifyFormatArg::Json => jobs::classify::ClassifyFormat::Json,
                    ClassifyFormatArg::Dot => jobs::classify::ClassifyFormat::Dot,
                },
                slice: matches!(slice, SliceArg::Exits),
                jobs: jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                options: analysis.options(),
                stack_bytes: JOB_STACK_BYTES,
            };
            jobs::classify::run(&request)
        }
        Command::Bench(args) => run_bench(args),
        Command::Fuzz(args) => run_fuzz(args),
    }
}

fn run_fuzz(args: FuzzArgs) -> u8 {
    let exe = match args.exe.map_or_else(std::env::current_exe, Ok) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("leapfrog: error: cannot find my own executable: {e}");
            return jobs::EXIT_INTERNAL;
        }
    };
    let options = fuzz::FuzzOptions {
        seed: args.seed,
        start: args.start,
        programs: args.programs,
        timeout: std::time::Duration::from_secs_f64(args.timeout.clamp(0.001, 1e7)),
        runs: args.runs,
        max_steps: args.max_steps.max(1),
        jobs: args.jobs.unwrap_or_else(bench::default_jobs).max(1),
        output: args.output,
        exe,
        keep_programs: args.keep_programs,
        native_timeout: std::time::Duration::from_secs_f64(args.native_timeout.clamp(0.0, 1e7)),
    };
    match fuzz::run_fuzz(&options) {
        Ok(report) => {
            print!("{}", report.summary());
            if args.fail_on_findings && report.has_failing_findings() { jobs::EXIT_FINDINGS } else { jobs::EXIT_OK }
        }
        Err(e) => {
            eprintln!("leapfrog: error: {e}");
            jobs::EXIT_USAGE
        }
    }
}

fn run_bench(args: BenchArgs) -> u8 {
    let exe = match args.exe.map_or_else(std::env::current_exe, Ok) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("leapfrog: error: cannot find my own executable: {e}");
            return jobs::EXIT_INTERNAL;
        }
    };
    let mut opts = bench::BenchOptions::new(args.manifest, args.job, exe);
    opts.suites = args.suites;
    opts.properties = args.properties;
    if let Some(j) = args.jobs {
        opts.jobs = j.max(1);
    }
    opts.timeout = std::time::Duration::from_secs_f64(args.timeout.clamp(0.001, 1e7));
    opts.memory_mb = args.memory_mb;
    opts.output = args.output;
    opts.limit = args.limit;
    opts.extra_args = args.extra;
    match bench::run_bench(&opts) {
        Ok(_) => jobs::EXIT_OK,
        Err(e) => {
            eprintln!("leapfrog: error: {e}");
            jobs::EXIT_USAGE
        }
    }
}
