//! The life-and-death solver for Python: `_solve` (one problem) and `_SolvePool` (many, on
//! native threads). Both run the search without the GIL and stop on Ctrl-C; the Python
//! side (`tesuji/_solve.py`) turns their dictionaries into `SolveResult`s.

use crate::convert::{color_letter, vertex_text};
use crate::errors::{guard, Error, Result};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use tesuji::dfpn::StopReason;
use tesuji::sgf::{self, GameTree};
use tesuji::tsumego::{
    load, solve_with_progress, verified_proof_text, with_threats, Answer, OpenOptions,
    SolveOptions, Tsumego, TsumegoError, Verdict,
};
use tesuji::{Color, Move};

/// The SGF text's first game tree.
fn parse_tree(text: &str) -> Result<GameTree> {
    let trees = sgf::parse(text).map_err(|e| problem_error(e.into()))?;
    trees
        .into_iter()
        .next()
        .ok_or_else(|| problem_error(TsumegoError::NoGameTree))
}

/// Whether the root of `tree` marks its targets (`MA`): such a problem loads at once;
/// one with nothing marked needs the goal's reading first.
fn marked(tree: &GameTree) -> Result<bool> {
    Ok(!Tsumego::sgf_targets(tree)
        .map_err(problem_error)?
        .is_empty())
}

/// How the goal of a problem with nothing marked was found, in plain data.
#[derive(Debug, Clone)]
struct GoalFound {
    player: Color,
    words: String,
    confirmed: bool,
    look: &'static str,
    nodes: u64,
    ms: f64,
}

/// A problem ready to solve: loaded as every face of tesuji loads one
/// (`tesuji::tsumego::load`), with the budgets left for the solve.
struct Prepared {
    problem: Tsumego,
    first: Color,
    options: SolveOptions,
    goal: Option<GoalFound>,
    frame: Vec<String>,
}

impl Prepared {
    /// Loads the problem of `tree`: `MA` marks the targets, `SQ` the region (found from
    /// the surrounding wall when absent, or open toward the rest of the board when no
    /// wall closes it), `PL` the first player. With nothing marked, the goal is found by
    /// reading within `options`' time and nodes, which the reading then counts against:
    /// the solve gets what is left.
    fn new(tree: &GameTree, first: Option<Color>, options: &SolveOptions) -> Result<Prepared> {
        guard(|| {
            let open = OpenOptions::within(options);
            let loaded = load(tree, None, None, &open).map_err(problem_error)?;
            let mut options = options.clone();
            let size = loaded.problem.position().size();
            let goal = loaded.open.as_ref().map(|f| {
                f.charge(&mut options);
                GoalFound {
                    player: f.problem.first(),
                    words: f.describe(),
                    confirmed: f.confirmed,
                    look: f.look.as_str(),
                    nodes: f.nodes,
                    ms: f.elapsed.as_secs_f64() * 1000.0,
                }
            });
            Ok(Prepared {
                first: first.unwrap_or_else(|| loaded.problem.first()),
                frame: loaded
                    .frame
                    .iter()
                    .map(|&p| vertex_text(Move::Play(p), size))
                    .collect(),
                problem: loaded.problem,
                options,
                goal,
            })
        })
    }

    /// Solves the problem and gathers the answer.
    fn run(self) -> Result<AnswerData> {
        run(
            &self.problem,
            self.first,
            &self.options,
            self.goal,
            self.frame,
        )
    }
}

fn problem_error(e: TsumegoError) -> Error {
    match &e {
        TsumegoError::Syntax(s) => Error::sgf(format!("SGF: {s}"), Some(s.line), Some(s.column)),
        TsumegoError::NoGameTree => Error::sgf("SGF: the text holds no game", None, None),
        TsumegoError::Value(v) => Error::sgf(
            format!("SGF: {v}"),
            v.location.map(|l| l.line),
            v.location.map(|l| l.column),
        ),
        _ => Error::problem(e),
    }
}

/// The arguments of a solve as Python gave them.
pub struct Args<'a, 'py> {
    /// `"black"`, `"white"`, or `None` for the problem's first player.
    pub first: Option<&'a str>,
    /// Seconds.
    pub time: Option<&'a Bound<'py, PyAny>>,
    /// Nodes.
    pub nodes: Option<&'a Bound<'py, PyAny>>,
    /// Table size in MiB.
    pub memory: Option<&'a Bound<'py, PyAny>>,
    /// The first player's ko threats minus the opponent's.
    pub ko_threats: &'a Bound<'py, PyAny>,
    /// How far the threshold is looked for.
    pub max_threats: &'a Bound<'py, PyAny>,
    /// Every first move.
    pub all_moves: bool,
    /// The principal variation.
    pub pv: bool,
    /// The proof tree.
    pub proof: bool,
    /// Threads of each search.
    pub threads: Option<&'a Bound<'py, PyAny>>,
}

/// The options of a solve, as given from Python.
#[derive(Debug, Clone)]
pub struct Options {
    /// The first player, or `None` for the problem's (`PL`, else Black).
    first: Option<Color>,
    solve: SolveOptions,
}

impl Options {
    /// Checks and converts the arguments of `solve` and `solve_many` (Python objects, so
    /// that a bad one gets a message naming it).
    pub fn new(args: &Args<'_, '_>) -> Result<Options> {
        use crate::convert::{int_arg, opt_int_arg, seconds_arg};
        let first = match args.first {
            None => None,
            Some(t) => Some(crate::convert::color("first", t)?),
        };
        let time = seconds_arg("time", args.time)?;
        let nodes = opt_int_arg(
            "nodes",
            args.nodes,
            1,
            i64::MAX,
            "give a positive number of nodes (or None for no limit)",
        )?
        .map(|n| n as u64);
        let memory = opt_int_arg(
            "memory",
            args.memory,
            1,
            1 << 20,
            "give the table size in MiB, 1 to 1048576 (or None for 256)",
        )?
        .unwrap_or(256) as usize;
        let ko_threats = int_arg(
            "ko_threats",
            args.ko_threats,
            -1000,
            1000,
            "give the first player's external ko threats minus the opponent's, -1000 to 1000",
        )? as i32;
        let max_threats = int_arg(
            "max_threats",
            args.max_threats,
            0,
            20,
            "give how far the ko threshold is looked for, 0 to 20",
        )? as u32;
        let threads = opt_int_arg(
            "threads",
            args.threads,
            1,
            1024,
            "give the number of threads, 1 to 1024",
        )?
        .unwrap_or(1) as usize;
        let (all_moves, pv, proof) = (args.all_moves, args.pv, args.proof);
        Ok(Options {
            first,
            solve: SolveOptions {
                nodes,
                time,
                memory_bytes: memory << 20,
                ko_threats,
                max_threats,
                all_moves,
                pv,
                proof,
                threads,
                ..SolveOptions::default()
            },
        })
    }

    fn with_cancel(&self, cancel: &Arc<AtomicBool>) -> SolveOptions {
        SolveOptions {
            cancel: Some(cancel.clone()),
            ..self.solve.clone()
        }
    }
}

/// An answer in plain data, made without the GIL.
#[derive(Debug, Clone)]
pub struct AnswerData {
    first: Color,
    attacker: Color,
    result: &'static str,
    threshold: Option<i32>,
    threshold_settled: bool,
    moves: Vec<(String, Option<i32>)>,
    refutations: Vec<(String, Option<String>, bool)>,
    unsearched: Vec<String>,
    pv: Vec<String>,
    proof_threats: i32,
    nodes: u64,
    table_entries: usize,
    ms: f64,
    stopped: &'static str,
    complete: bool,
    moves_complete: bool,
    note: Option<String>,
    proof_sgf: Option<String>,
    proof_missing: Option<String>,
    targets: Vec<String>,
    region: Vec<String>,
    goal: Option<GoalFound>,
    frame: Vec<String>,
    /// For a problem with nothing marked: the problem the goal's reading found, as SGF
    /// (targets as `MA`, region as `SQ`, frame stones set up), so that a proof asked for
    /// later solves that problem instead of reading the goal again.
    read_problem: Option<String>,
}

fn stop_name(r: StopReason) -> &'static str {
    match r {
        StopReason::Solved => "solved",
        StopReason::NodeLimit => "node-limit",
        StopReason::TimeLimit => "time-limit",
        StopReason::Cancelled => "cancelled",
        StopReason::MemoryLimit => "memory-limit",
    }
}

/// Whether the lists of first moves are whole: the result is known and either nothing was
/// cut, or every first move was asked for and decided (with a winning move found where
/// the first player wins).
fn moves_complete(a: &Answer, all_moves: bool) -> bool {
    let wins = a.result == Verdict::Win || a.threshold.is_some();
    a.result != Verdict::Unknown
        && (a.stopped == StopReason::Solved
            || all_moves && a.unsearched.is_empty() && !(wins && a.moves.is_empty()))
}

/// What a budget cut from an answer whose result is known, in words; `None` when nothing
/// was cut or the result itself is unknown.
fn partial_note(a: &Answer, options: &SolveOptions) -> Option<String> {
    if a.stopped == StopReason::Solved || a.result == Verdict::Unknown {
        return None;
    }
    let why = match a.stopped {
        StopReason::NodeLimit => "the node budget ran out",
        StopReason::TimeLimit => "the time limit ran out",
        StopReason::Cancelled => "the search was stopped",
        StopReason::MemoryLimit => "the proof outgrew the memory bound",
        StopReason::Solved => "",
    };
    let count = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let whole = moves_complete(a, options.all_moves);
    let wins = a.result == Verdict::Win || a.threshold.is_some();
    let mut parts = Vec::new();
    if wins && !whole {
        parts.push(if a.moves.is_empty() {
            "no winning move found yet".to_string()
        } else {
            format!(
                "{} found so far (there may be more)",
                count(a.moves.len(), "winning move", "winning moves")
            )
        });
    }
    if !a.unsearched.is_empty() {
        parts.push(format!(
            "{} not searched",
            count(a.unsearched.len(), "first move", "first moves")
        ));
    }
    let unrefuted = a
        .refutations
        .iter()
        .filter(|r| r.reply.is_none() && !r.immediate)
        .count();
    if unrefuted > 0 {
        parts.push(format!(
            "{} without a refutation found",
            count(unrefuted, "failing move", "failing moves")
        ));
    }
    if !a.threshold_settled {
        parts.push("the ko threshold is not known".to_string());
    }
    if options.pv && a.pv.is_empty() {
        parts.push("no main line".to_string());
    }
    if options.proof && a.proof.is_none() {
        parts.push("no proof tree".to_string());
    }
    let head = if whole {
        format!("{why}: the result and every first move are known, but ")
    } else {
        format!("{why}: ")
    };
    Some(if parts.is_empty() {
        format!("{why}: the result and every first move are known; the main line may be cut short")
    } else {
        format!("{head}{}", parts.join("; "))
    })
}

/// The proof of `a` as SGF text, checked by the library's independent verifier.
fn proof_text(problem: &Tsumego, a: &Answer) -> Result<Option<String>> {
    let Some(tree) = &a.proof else {
        return Ok(None);
    };
    let p = with_threats(problem, a.first, a.proof_threats);
    let (text, _) =
        verified_proof_text(&p, tree, a.first).map_err(|e| Error::bug(e.to_string()))?;
    Ok(Some(text))
}

/// Solves `problem` for `first` and gathers the answer as plain data.
fn run(
    problem: &Tsumego,
    first: Color,
    options: &SolveOptions,
    goal: Option<GoalFound>,
    frame: Vec<String>,
) -> Result<AnswerData> {
    guard(|| {
        let a = solve_with_progress(problem, first, options, &mut |_| true);
        let size = problem.position().size();
        let text = |m: Move| vertex_text(m, size);
        let proof_sgf = if options.proof {
            proof_text(problem, &a)?
        } else {
            None
        };
        let proof_missing = match (&proof_sgf, options.proof) {
            (None, true) => Some(match (a.result, a.stopped) {
                (_, StopReason::MemoryLimit) => {
                    "the proof tree outgrew the memory bound; a larger memory may do".to_string()
                }
                (Verdict::Unknown, _) => "the result is unknown".to_string(),
                (_, r) => format!("the search stopped first ({})", stop_name(r)),
            }),
            _ => None,
        };
        Ok(AnswerData {
            first,
            attacker: problem.attacker(),
            result: a.result.as_str(),
            threshold: a.threshold,
            threshold_settled: a.threshold_settled,
            moves: a.moves.iter().map(|m| (text(m.mv), m.threshold)).collect(),
            refutations: a
                .refutations
                .iter()
                .map(|r| (text(r.mv), r.reply.map(text), r.immediate))
                .collect(),
            unsearched: a.unsearched.iter().map(|&m| text(m)).collect(),
            pv: a.pv.iter().map(|&m| text(m)).collect(),
            proof_threats: a.proof_threats,
            nodes: a.nodes,
            table_entries: a.table_entries,
            ms: a.elapsed.as_secs_f64() * 1000.0,
            stopped: stop_name(a.stopped),
            complete: a.stopped == StopReason::Solved,
            moves_complete: moves_complete(&a, options.all_moves),
            note: partial_note(&a, options),
            proof_sgf,
            proof_missing,
            targets: problem
                .targets()
                .iter()
                .map(|&p| text(Move::Play(p)))
                .collect(),
            region: problem
                .region()
                .iter()
                .map(|&p| text(Move::Play(p)))
                .collect(),
            read_problem: goal
                .is_some()
                .then(|| tesuji::tsumego::problem_tree(problem).to_sgf()),
            goal,
            frame,
        })
    })
}

impl AnswerData {
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("first", color_letter(self.first))?;
        d.set_item("attacker", color_letter(self.attacker))?;
        d.set_item("result", self.result)?;
        d.set_item("threshold", self.threshold)?;
        d.set_item("threshold_settled", self.threshold_settled)?;
        d.set_item(
            "moves",
            self.moves
                .iter()
                .map(|(m, _)| m.clone())
                .collect::<Vec<_>>(),
        )?;
        d.set_item("move_thresholds", self.moves.clone())?;
        d.set_item("refutations", self.refutations.clone())?;
        d.set_item("unsearched", self.unsearched.clone())?;
        d.set_item("pv", self.pv.clone())?;
        d.set_item("proof_threats", self.proof_threats)?;
        d.set_item("nodes", self.nodes)?;
        d.set_item("table_entries", self.table_entries)?;
        d.set_item("ms", self.ms)?;
        d.set_item("stopped", self.stopped)?;
        d.set_item("complete", self.complete)?;
        d.set_item("moves_complete", self.moves_complete)?;
        d.set_item("note", self.note.clone())?;
        d.set_item("proof_sgf", self.proof_sgf.clone())?;
        d.set_item("proof_missing", self.proof_missing.clone())?;
        d.set_item("targets", self.targets.clone())?;
        d.set_item("region", self.region.clone())?;
        let goal = self.goal.as_ref();
        d.set_item("goal_words", goal.map(|g| g.words.clone()))?;
        d.set_item("goal_player", goal.map(|g| color_letter(g.player)))?;
        d.set_item("goal_confirmed", goal.map(|g| g.confirmed))?;
        d.set_item("goal_look", goal.map(|g| g.look))?;
        d.set_item("inference_nodes", goal.map(|g| g.nodes))?;
        d.set_item("inference_ms", goal.map(|g| g.ms))?;
        d.set_item("frame", self.frame.clone())?;
        d.set_item("read_problem", self.read_problem.clone())?;
        Ok(d)
    }
}

/// How often a waiting call looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Waits for a message on `rx` without the GIL, looking for signals (Ctrl-C) between
/// waits; on a signal's exception `cancel` is set and the exception returned.
fn wait<T: Send>(py: Python<'_>, rx: &Mutex<Receiver<T>>, cancel: &AtomicBool) -> PyResult<T> {
    loop {
        let got = py.detach(|| {
            let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
            rx.recv_timeout(SIGNAL_POLL)
        });
        match got {
            Ok(v) => return Ok(v),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(Error::bug("a solver thread ended without an answer").into_pyerr(py))
            }
        }
    }
}

/// Solves one problem (`tesuji.solve` calls this): the search runs on its own thread
/// while this one, without the GIL, waits and looks for Ctrl-C (which stops the search
/// and raises `KeyboardInterrupt`).
pub fn solve_one<'py>(
    py: Python<'py>,
    text: &str,
    options: Options,
) -> PyResult<Bound<'py, PyDict>> {
    let tree = py.detach(|| parse_tree(text))?;
    let first = options.first;
    let cancel = Arc::new(AtomicBool::new(false));
    let solve_options = options.with_cancel(&cancel);
    let (tx, rx) = channel();
    // The goal's reading of a problem with nothing marked runs on the solver's thread
    // too, within the budgets and under Ctrl-C.
    let worker = std::thread::Builder::new()
        .name("tesuji-solve".to_string())
        .spawn(move || {
            let _ = tx.send(Prepared::new(&tree, first, &solve_options).and_then(Prepared::run));
        })
        .map_err(|e| Error::input(format!("cannot start a solver thread: {e}")))?;
    let rx = Mutex::new(rx);
    let got = wait(py, &rx, &cancel);
    // After Ctrl-C the search stops at its next check; wait for it so that no thread is
    // left behind.
    py.detach(|| worker.join().ok());
    got?.map_err(|e| e.into_pyerr(py))?.to_dict(py)
}

/// A problem to solve: loaded, or (nothing marked) its game tree, whose goal a worker
/// reads within the problem's budgets; or the error that stopped its loading.
enum Job {
    Ready(Box<Prepared>),
    Open(Box<GameTree>),
    Failed(Error),
}
type Message = (usize, Result<AnswerData>);

/// A pool of native threads solving a list of problems (`tesuji.solve_many` iterates
/// over it): answers come back in the order of the problems.
#[pyclass(module = "tesuji._tesuji", name = "_SolvePool")]
pub struct SolvePool {
    rx: Mutex<Receiver<Message>>,
    pending: BTreeMap<usize, Result<AnswerData>>,
    next: usize,
    total: usize,
    cancel: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
    progress: Option<Py<PyAny>>,
    closed: bool,
}

impl Job {
    /// The job of one SGF text: a marked problem is loaded now; one with nothing marked
    /// is checked now as far as it can be without reading (the SGF, the position, that
    /// it has a candidate group at all), and its goal is read by a worker.
    fn new(text: &str, first: Option<Color>, options: &SolveOptions) -> Job {
        let job = || -> Result<Job> {
            let tree = parse_tree(text)?;
            if marked(&tree)? {
                return Ok(Job::Ready(Box::new(Prepared::new(&tree, first, options)?)));
            }
            // With no rounds of reading, loading finds the candidates and takes the
            // first without reading it: every error but a goal that reading cannot find.
            let check = OpenOptions {
                rounds: Vec::new(),
                deciding_nodes: 0,
                fight_check_nodes: 0,
                ..OpenOptions::default()
            };
            guard(|| load(&tree, None, None, &check).map_err(problem_error))?;
            Ok(Job::Open(Box::new(tree)))
        };
        job().unwrap_or_else(Job::Failed)
    }
}

fn worker(
    jobs: Arc<Vec<Job>>,
    first: Option<Color>,
    counter: Arc<AtomicUsize>,
    options: SolveOptions,
    cancel: Arc<AtomicBool>,
    tx: Sender<Message>,
) {
    loop {
        let i = counter.fetch_add(1, Ordering::Relaxed);
        if i >= jobs.len() || cancel.load(Ordering::Relaxed) {
            return;
        }
        let answer = match &jobs[i] {
            Job::Ready(p) => run(
                &p.problem,
                p.first,
                &options,
                p.goal.clone(),
                p.frame.clone(),
            ),
            Job::Open(tree) => Prepared::new(tree, first, &options)
                .map_err(|e| e.context(format!("problem {i}")))
                .and_then(Prepared::run),
            Job::Failed(e) => Err(e.clone()),
        };
        if tx.send((i, answer)).is_err() {
            return;
        }
    }
}

impl SolvePool {
    /// Loads every problem and starts `workers` threads (default: every core).
    pub fn start(
        py: Python<'_>,
        texts: Vec<String>,
        options: Options,
        workers: Option<usize>,
        fail_fast: bool,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<SolvePool> {
        let first = options.first;
        let solve = options.solve.clone();
        let jobs: Vec<Job> =
            py.detach(|| texts.iter().map(|t| Job::new(t, first, &solve)).collect());
        if fail_fast {
            if let Some((i, Job::Failed(e))) = jobs
                .iter()
                .enumerate()
                .find(|(_, j)| matches!(j, Job::Failed(_)))
            {
                return Err(e.clone().context(format!("problem {i}")).into_pyerr(py));
            }
        }
        let total = jobs.len();
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        let n = workers.unwrap_or(cores).min(total).max(1);
        let cancel = Arc::new(AtomicBool::new(false));
        let jobs = Arc::new(jobs);
        let counter = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = channel();
        let mut handles = Vec::new();
        if total > 0 {
            for k in 0..n {
                let (jobs, counter, cancel, tx) =
                    (jobs.clone(), counter.clone(), cancel.clone(), tx.clone());
                let opts = options.with_cancel(&cancel);
                let h = std::thread::Builder::new()
                    .name(format!("tesuji-solve-{k}"))
                    .spawn(move || worker(jobs, first, counter, opts, cancel, tx))
                    .map_err(|e| Error::input(format!("cannot start a solver thread: {e}")))?;
                handles.push(h);
            }
        }
        Ok(SolvePool {
            rx: Mutex::new(rx),
            pending: BTreeMap::new(),
            next: 0,
            total,
            cancel,
            workers: handles,
            progress,
            closed: false,
        })
    }

    fn stop(&mut self, py: Python<'_>) {
        self.closed = true;
        self.cancel.store(true, Ordering::Relaxed);
        let workers = std::mem::take(&mut self.workers);
        py.detach(|| {
            for w in workers {
                let _ = w.join();
            }
        });
    }
}

#[pymethods]
impl SolvePool {
    fn __len__(&self) -> usize {
        self.total
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The answer to the next problem in order, as a dict; raises the problem's error for
    /// one that could not be loaded, and `StopIteration` after the last.
    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if self.closed || self.next >= self.total {
            return Err(PyStopIteration::new_err(()));
        }
        while !self.pending.contains_key(&self.next) {
            let got = wait(py, &self.rx, &self.cancel);
            let (i, answer) = match got {
                Ok(m) => m,
                Err(e) => {
                    self.stop(py);
                    return Err(e);
                }
            };
            self.pending.insert(i, answer);
            if let Some(cb) = &self.progress {
                if let Err(e) = cb.call1(py, (1,)) {
                    self.stop(py);
                    return Err(e);
                }
            }
        }
        let answer = self.pending.remove(&self.next).expect("checked above");
        self.next += 1;
        if self.next >= self.total {
            self.stop(py);
        }
        answer.map_err(|e| e.into_pyerr(py))?.to_dict(py)
    }

    /// Stops the workers (the search in progress ends at its next check) and waits for
    /// them; later calls of `next` raise `StopIteration`.
    fn close(&mut self, py: Python<'_>) {
        self.stop(py);
    }
}

impl Drop for SolvePool {
    fn drop(&mut self) {
        // Not joined here: the threads see the flag, end their search and exit.
        self.cancel.store(true, Ordering::Relaxed);
    }
}
