//! The solver's report: result, ko threshold, every winning first move, refutations,
//! principal variation and proof, within one budget.
//!
//! [`solve`] answers for one first player. It runs the generic df-pn search
//! ([`crate::dfpn::Solver`]) over [`Search`] several times:
//!
//! 1. **The result with the fewest threats**: the first player has none, the opponent
//!    [`SolveOptions::max_threats`] (or `|ko_threats|` if larger), a difference `lo`.
//!    Results are monotone in the threat difference `d`, so a win here is a win whatever
//!    the threats (`threshold: None`): most problems end their threshold search here.
//!    A loss in a search that never met a ko ban in the region ([`Search::ko_seen`]) is
//!    also unconditional: such a search never offers a threat nor a pass under a ban, so
//!    it is the same search whatever the threats.
//!    With a budget and `d0` above `lo`, this search gets half of it
//!    (`FEWEST_SHARE`): a ko that the first player wins only with threats can take it
//!    far longer than the result at `d0` (on a Hashimoto book problem, seconds where the
//!    search at `d0` takes a tenth of one). Stopped there having met no ko, it goes on
//!    with the whole budget (it is the same search at every difference). Stopped in a
//!    ko, the result at `d0` is searched with the rest (step 2'), so that the answer
//!    says what the threats given make of the problem even when the threshold is out of
//!    reach.
//! 2. **The threshold**, otherwise: one search per difference, starting at `d0` =
//!    [`SolveOptions::ko_threats`] (within `lo + 1..=hi`, `hi` = `-lo`), going down while
//!    the first player wins or up while it loses; a loss at `hi` is unconditional.
//!    "Whatever the threats" thus means "within that many". The result reported is the
//!    one at `d0`. The walk's searches share one table, the main search's: values that
//!    no ko touched hold whatever the threats ([`crate::dfpn::Problem::core_key`]), so
//!    each search starts with them. The price: that table has served several roots, so
//!    before step 3 searches the root's moves it keeps only the defender's successes,
//!    the outcome of every repetition (see [`crate::dfpn::Solver::solve_children`]).
//!
//!    2'. After step 1 stopped in a ko: **the result at `d0`**, in step 1's table (its
//!    values that no ko touched hold there too). A search there that meets no ko
//!    settles it whatever the threats; a loss in a ko walks up from `d0 + 1` as above,
//!    in the same table; a win in a ko leaves the threshold
//!    unknown ([`Answer::threshold_settled`] is `false`, and the answer says that it
//!    was cut, [`Answer::stopped`]), and the moves are looked for at `d0`.
//! 3. **A winning first move**, at `d_best` (the threshold, or `d0` if higher; without
//!    [`SolveOptions::all_moves`], at the threshold in the walk's table, where any
//!    winning move has the root's threshold, so the best is the first found): the
//!    root's moves whose children the table holds as proven are tried first, least work
//!    first (the simplest proof), each confirmed by a search of the root restricted to
//!    that move ([`crate::dfpn::Solver::solve_child`], sound with the root on the path);
//!    a move that wins whatever the threats is preferred (from the table of step 1 when
//!    the root won there), then the least threshold; a winning pass comes last.
//! 4. With [`SolveOptions::all_moves`]: **every** first move, each searched with the
//!    root on the path; each winning one gets its own threshold (none if no ko was met by
//!    the searches behind the table; else from the table of step 1, or the root's
//!    threshold when that settles it, or bisection with fresh tables), each losing one its
//!    refutation (the opponent's reply after which the first player fails).
//! 5. **The principal variation**: the reported move, then at the winner's turns a move
//!    that keeps the win and at the loser's turns the reply that cost the search the most
//!    work (the longest resistance; a pass only if nothing else is legal), down to a
//!    state the rules decide
//!    ([`crate::dfpn::Solver::principal_line`], every step searched with the line so far as
//!    its path, in the table of step 3, which keeps serving the whole line; when that
//!    table is empty, as after a win whatever the threats, in the table of the search at
//!    another difference that found the result (the main search, or the walk's), whose
//!    values that no ko touched hold at d_best too). For a first player that loses, the
//!    table of the refutations, else that other table: no state of the line is solved
//!    again as a new root in an emptied table (`BENCHMARKS.md` has the measurements).
//! 6. With [`SolveOptions::proof`]: the proof tree ([`crate::dfpn::Solver::proof_tree`]).
//!
//! Budgets ([`SolveOptions::nodes`], [`SolveOptions::time`]) cover the whole call; when
//! they run out the answer keeps what was established (a result without all its moves,
//! or [`Verdict::Unknown`]) and says so in [`Answer::stopped`], never a guess. A result
//! is established by the main search (or the walk) before any move is confirmed, so a
//! cut can leave a proven win with no winning move yet; once step 3 has confirmed a
//! move, that move is in [`Answer::moves`] whatever step 4 reaches, and every first move
//! is in exactly one of [`Answer::moves`], [`Answer::refutations`] (a refutation's reply
//! may be missing) and [`Answer::unsearched`].
//!
//! [`solve_with_progress`] reports at the start of every search of these steps (with
//! the [`Phase`] and the first move worked on) and every 200,000 nodes within one, so a
//! display never sits on one line while the walk, the moves or the line are searched.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::clock::Instant;

use super::{Search, Tsumego, TsumegoMove};
use crate::color::Color;
use crate::dfpn::{Config, Outcome, Problem, ProofTree, Solver, StopReason};
use crate::point::Move;

/// Limits and options of [`solve`].
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// Most nodes over the whole call; `None` for no limit.
    pub nodes: Option<u64>,
    /// Most wall-clock time over the whole call; `None` for no limit.
    pub time: Option<Duration>,
    /// Memory for the transposition table, in bytes.
    pub memory_bytes: usize,
    /// The first player's external ko threats minus the opponent's.
    pub ko_threats: i32,
    /// How far the threshold search goes: threat differences from `-max_threats` to
    /// `+max_threats`.
    pub max_threats: u32,
    /// Find every winning first move (with its threshold) and a refutation of every other.
    pub all_moves: bool,
    /// Find the principal variation.
    pub pv: bool,
    /// Keep the proof tree of the result (can be large).
    pub proof: bool,
    /// Mixed into every table key: the same search with other keys (the answer must not
    /// change).
    pub key_seed: u64,
    /// Set to `true` from elsewhere to stop (the answer then keeps what is known).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Threads for the searches of the result and of the threshold (see
    /// [`crate::dfpn::Solver::solve_threads`]); 1 (the default) is deterministic to the
    /// node. The answer (result, threshold, winning moves and their thresholds) does not
    /// depend on it; node counts, the chosen move and the main line may. The node budget
    /// and the memory cover every thread.
    pub threads: usize,
}

impl Default for SolveOptions {
    /// No node or time limit, a 256 MiB table, no ko threats, thresholds within ±3,
    /// every move and the principal variation, no proof tree, one thread.
    fn default() -> SolveOptions {
        SolveOptions {
            nodes: None,
            time: None,
            memory_bytes: 256 << 20,
            ko_threats: 0,
            max_threats: 3,
            all_moves: true,
            pv: true,
            proof: false,
            key_seed: 0,
            cancel: None,
            threads: 1,
        }
    }
}

/// The result for the first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The first player succeeds (captures the targets as the attacker; lives, or makes
    /// seki, as the defender).
    Win,
    /// The first player fails.
    Loss,
    /// Not known within the budget.
    Unknown,
}

impl Verdict {
    /// `"win"`, `"loss"` or `"unknown"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Unknown => "unknown",
        }
    }
}

/// A winning first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveAnswer {
    /// The move (a pass is "play elsewhere").
    pub mv: Move,
    /// The least threat difference for which this move succeeds; `None` when it succeeds
    /// whatever the threats.
    pub threshold: Option<i32>,
}

/// A first move that fails, with the opponent's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Refutation {
    /// The failing move.
    pub mv: Move,
    /// The opponent's reply that makes it fail; `None` when no reply is needed
    /// ([`Refutation::immediate`]) or the budget ran out before one was found.
    pub reply: Option<Move>,
    /// The move fails at once: the position after it is decided by the rules or the
    /// solver's knowledge (the defender already lives, say), so there is no reply to
    /// give.
    pub immediate: bool,
}

/// The step of [`solve`] that is running, for a progress display (see the steps at the
/// top of `tsumego/solve.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The main search: the result with the fewest ko threats for the first player.
    Result,
    /// The search of the threshold walk at this threat difference.
    Threshold(i32),
    /// Confirming the winning move to report ([`Progress::current`]).
    WinningMove,
    /// Searching every first move in turn ([`Progress::current`], [`Progress::done`] of
    /// [`Progress::total`]).
    FirstMoves,
    /// Finding the refutation of a failing first move ([`Progress::current`]).
    Refutations,
    /// Reading the principal variation.
    MainLine,
    /// Building the proof tree.
    Proof,
}

impl Phase {
    /// A few words for a progress line: `"reading the result"`, `"the ko threshold at
    /// +1"`, `"checking the first moves"`, ...
    pub fn describe(self) -> String {
        match self {
            Phase::Result => "reading the result".to_string(),
            Phase::Threshold(d) => format!("the ko threshold, at a threat difference of {d:+}"),
            Phase::WinningMove => "confirming a winning move".to_string(),
            Phase::FirstMoves => "checking every first move".to_string(),
            Phase::Refutations => "refuting the failing moves".to_string(),
            Phase::MainLine => "reading the main line".to_string(),
            Phase::Proof => "building the proof tree".to_string(),
        }
    }
}

/// Progress of a long solve, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Nodes so far, over the whole call.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// The step running.
    pub phase: Phase,
    /// The first move being worked on, in the phases that go through them.
    pub current: Option<Move>,
    /// In [`Phase::FirstMoves`] and [`Phase::Refutations`]: the moves done so far.
    pub done: usize,
    /// In [`Phase::FirstMoves`] and [`Phase::Refutations`]: the moves to go through.
    pub total: usize,
}

/// The answer of [`solve`] for one first player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The first player.
    pub first: Color,
    /// The result at [`SolveOptions::ko_threats`].
    pub result: Verdict,
    /// The least threat difference (first player's minus opponent's) for which the first
    /// player succeeds; `None` when the result does not depend on ko threats (within
    /// [`SolveOptions::max_threats`]), or when the threshold is not known (see
    /// [`Answer::threshold_settled`]).
    pub threshold: Option<i32>,
    /// Whether the threshold is known: `false` when the result is unknown, or when the
    /// budget ran out after the result at [`SolveOptions::ko_threats`] was found, in a
    /// ko, and before the threshold was. Then [`Answer::threshold`] is `None` and says
    /// nothing about threats, and neither do the thresholds of [`Answer::moves`] (each
    /// move there wins at [`Answer::proof_threats`]).
    pub threshold_settled: bool,
    /// Winning first moves, the one of the principal variation first. Without
    /// [`SolveOptions::all_moves`], just that one. Empty when the first player fails
    /// whatever the threats.
    pub moves: Vec<MoveAnswer>,
    /// With [`SolveOptions::all_moves`]: every other first move, with its refutation.
    pub refutations: Vec<Refutation>,
    /// With [`SolveOptions::all_moves`] and a known result: the first moves the budget did
    /// not decide (neither in [`Answer::moves`] nor in [`Answer::refutations`]). Empty
    /// when every move was searched; when not, [`Answer::moves`] may be a part of the
    /// winning moves.
    pub unsearched: Vec<Move>,
    /// The principal variation: the winner's moves and the loser's longest resistance
    /// (at the threshold when the result depends on ko threats).
    pub pv: Vec<Move>,
    /// The proof tree of the result at the threshold (with [`SolveOptions::proof`]).
    pub proof: Option<ProofTree<TsumegoMove>>,
    /// The threat difference the moves, variation and proof are for.
    pub proof_threats: i32,
    /// Nodes over the whole call.
    pub nodes: u64,
    /// Entries in the table at the end of the main search.
    pub table_entries: usize,
    /// Time of the whole call.
    pub elapsed: Duration,
    /// [`StopReason::Solved`] when everything asked for was found, else why not.
    pub stopped: StopReason,
}

impl Answer {
    /// The moves of [`Answer::moves`] alone.
    pub fn winning_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }
}

/// The budget of one [`solve`] call across its searches, and its progress reports.
struct Budget<'a> {
    start: Instant,
    nodes: u64,
    options: &'a SolveOptions,
    stopped: Option<StopReason>,
    progress: &'a mut dyn FnMut(&Progress) -> bool,
    phase: Phase,
    current: Option<Move>,
    done: usize,
    total: usize,
    /// A share of the budget that the searches under way keep within: the most nodes
    /// spent in all (counted like `nodes`) and a deadline, where the options have such
    /// limits ([`Budget::share`]).
    share: Option<(Option<u64>, Option<Instant>)>,
    /// Why a step was cut short by its share when the whole budget was not spent: the
    /// answer is incomplete all the same ([`Answer::stopped`]).
    cut: Option<StopReason>,
}

/// The share of the budget that the search with the fewest threats gets when
/// `ko_threats` gives the first player more ([`solve`] step 1): a half, so that the
/// result at `ko_threats` keeps the other half when that search meets a ko it cannot
/// settle.
const FEWEST_SHARE: u32 = 2;

/// Open children beside the largest that add nothing to a node's summed proof number in
/// the tsumego searches ([`Config::weak_free`]): the sibling moves of a fight mostly reach
/// the same positions, so a few more open children say little about the work left. Four
/// since the move order's share ([`RANK_DIVISOR`]) came in; two before it.
pub(crate) const WEAK_FREE: u32 = 4;

/// [`Config::rank_divisor`] of the tsumego searches: the `i`-th move of the static order
/// ([`Search`]'s captures, ataris, saves, liberties, room) starts with `i² / 2` more for
/// its mover, at most [`RANK_CAP`], so the search trusts that order among moves whose
/// numbers are alike.
pub(crate) const RANK_DIVISOR: u32 = 2;

/// [`Config::rank_cap`] of the tsumego searches: twice the defender's largest initial
/// number (see [`Search`]'s `initial_numbers`).
pub(crate) const RANK_CAP: u32 = 16;

/// The search settings every tsumego search shares (the solve's steps and the goal's
/// readings of [`super::open`]): weak proof numbers with [`WEAK_FREE`] free children and
/// the move order's share of the initial numbers, all chosen by measurement
/// (`BENCHMARKS.md`). Limits, memory, cancellation and threads are the caller's.
pub(crate) fn tuned_config() -> Config {
    Config {
        weak: true,
        weak_free: WEAK_FREE,
        rank_divisor: RANK_DIVISOR,
        rank_cap: RANK_CAP,
        ..Config::default()
    }
}

/// Nodes of the main search between progress reports.
const SLICE: u64 = 200_000;

impl Budget<'_> {
    /// Enters a step (reported at once): `phase`, working on `current`, `done` of `total`.
    fn enter(&mut self, phase: Phase, current: Option<Move>, done: usize, total: usize) {
        self.phase = phase;
        self.current = current;
        self.done = done;
        self.total = total;
        self.report(0);
    }

    /// Reports progress with `n` nodes of the running search on top of the spent ones;
    /// a `false` from the callback stops the call ([`StopReason::Cancelled`]).
    fn report(&mut self, n: u64) -> bool {
        let go = (self.progress)(&Progress {
            nodes: self.nodes + n,
            elapsed: self.start.elapsed(),
            phase: self.phase,
            current: self.current,
            done: self.done,
            total: self.total,
        });
        if !go {
            self.stopped.get_or_insert(StopReason::Cancelled);
        }
        go
    }

    /// Records why the budget is spent (nodes, time or the cancel flag), if it is;
    /// whether it is.
    fn spent(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        let o = self.options;
        self.stopped = if o.nodes.is_some_and(|n| self.nodes >= n) {
            Some(StopReason::NodeLimit)
        } else if o.time.is_some_and(|t| self.start.elapsed() >= t) {
            Some(StopReason::TimeLimit)
        } else if o
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            Some(StopReason::Cancelled)
        } else {
            None
        };
        self.stopped.is_some()
    }

    /// Limits the searches that follow to `1 / parts` of what is left of the budget (of
    /// the nodes and of the time, where the options limit them), until
    /// [`Budget::unshare`].
    fn share(&mut self, parts: u32) {
        let nodes = self
            .options
            .nodes
            .map(|n| self.nodes + (n.saturating_sub(self.nodes) / u64::from(parts)).max(1));
        let deadline = self.options.time.map(|t| {
            let left = t.saturating_sub(self.start.elapsed());
            Instant::now() + left / parts
        });
        self.share = Some((nodes, deadline));
    }

    /// Ends the share of [`Budget::share`]: the whole budget again. Returns the limit
    /// the share reached, if it did.
    fn unshare(&mut self) -> Option<StopReason> {
        let (nodes, deadline) = self.share.take()?;
        if nodes.is_some_and(|n| self.nodes >= n) {
            Some(StopReason::NodeLimit)
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::TimeLimit)
        } else {
            None
        }
    }

    /// A configuration for the next search with what is left (of the share, if one is
    /// set), or `None` if nothing is.
    fn config(&mut self, cap: Option<u64>) -> Option<Config> {
        if self.spent() {
            return None;
        }
        let mut nodes = self.options.nodes.map(|n| n - self.nodes);
        let mut time = self
            .options
            .time
            .map(|t| t.saturating_sub(self.start.elapsed()));
        if let Some((share_nodes, deadline)) = self.share {
            if let Some(n) = share_nodes {
                let left = n.saturating_sub(self.nodes);
                if left == 0 {
                    return None;
                }
                nodes = Some(nodes.map_or(left, |m| m.min(left)));
            }
            if let Some(d) = deadline {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return None;
                }
                time = Some(time.map_or(left, |t| t.min(left)));
            }
        }
        let nodes = match (nodes, cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Some(Config {
            nodes,
            time,
            memory_bytes: self.options.memory_bytes,
            cancel: self.options.cancel.clone(),
            threads: self.options.threads,
            ..tuned_config()
        })
    }

    /// Records a search's nodes, and why it stopped if it did not finish. A search under
    /// a cap or a share of its own can stop there with the budget still open, so a node
    /// or time limit counts only once the whole call's nodes or time are spent; and
    /// whatever the search says,
    /// a budget found spent here (nodes, time or the cancel flag) is recorded, since
    /// some searches (the principal line) do not say whether they were cut. A step that
    /// finished on its very last node or instant is thus reported as cut: the report
    /// may call itself incomplete when it is whole, never the other way round.
    fn charge(&mut self, solver: &Solver, stopped: Option<StopReason>) {
        self.nodes += solver.nodes();
        match stopped {
            Some(r)
                if r != StopReason::Solved
                    && r != StopReason::NodeLimit
                    && r != StopReason::TimeLimit =>
            {
                self.stopped.get_or_insert(r);
            }
            _ => {
                self.spent();
            }
        }
    }
}

/// The problem with `first` to move and external ko threats of difference `d` (the first
/// player's minus the opponent's; the side with fewer has none): the problem that
/// [`Answer::proof`] proves, with `d` = [`Answer::proof_threats`].
pub fn with_threats(problem: &Tsumego, first: Color, d: i32) -> Tsumego {
    let mut p = problem.clone();
    p.set_first(first);
    p.set_ko_threats(first, d.max(0).unsigned_abs());
    p.set_ko_threats(!first, d.min(0).unsigned_abs());
    p
}

fn search_for(problem: &Tsumego, first: Color, d: i32, options: &SolveOptions) -> Search {
    let p = with_threats(problem, first, d);
    let mut s = p.search(first);
    s.set_key_seed(options.key_seed);
    s
}

/// The first player's result after the first move `mv`, at the threat difference `d`
/// (the first player's external ko threats minus the opponent's), within the budgets of
/// `options`: the search of the root restricted to that move. `None` when `mv` is not a
/// legal first move of the problem (a stone outside the region, say). What a benchmark
/// uses to ask whether a listed move is among the winning moves without finding them all
/// ([`check_move_counted`] also gives the nodes spent).
///
/// ```
/// use tesuji::{ascii, Color, Move, Point};
/// use tesuji::tsumego::{check_move, SolveOptions, Tsumego, Verdict};
/// let pos = ascii::parse_diagram("
///     . . . . . . . .
///     . X X X X X X X
///     . X O O O O O X
///     . X O . . . O X
/// ").unwrap();
/// let problem = Tsumego::new(pos, &[Point::new(2, 2)]).unwrap();
/// let options = SolveOptions::default();
/// let vital = Move::Play(Point::new(4, 3));
/// assert_eq!(check_move(&problem, Color::Black, vital, 0, &options), Some(Verdict::Win));
/// let side = Move::Play(Point::new(3, 3));
/// assert_eq!(check_move(&problem, Color::Black, side, 0, &options), Some(Verdict::Loss));
/// assert_eq!(check_move(&problem, Color::Black, Move::Play(Point::new(0, 0)), 0, &options), None);
/// ```
pub fn check_move(
    problem: &Tsumego,
    first: Color,
    mv: Move,
    d: i32,
    options: &SolveOptions,
) -> Option<Verdict> {
    check_move_counted(problem, first, mv, d, options).0
}

/// [`check_move`], with the nodes its search made (0 when `mv` is not a legal first
/// move), so that a caller keeping a node budget or a count can charge them.
///
/// ```
/// use tesuji::{ascii, Color, Move, Point};
/// use tesuji::tsumego::{check_move_counted, SolveOptions, Tsumego, Verdict};
/// let pos = ascii::parse_diagram("
///     . . . . . . . .
///     . X X X X X X X
///     . X O O O O O X
///     . X O . . . O X
/// ").unwrap();
/// let problem = Tsumego::new(pos, &[Point::new(2, 2)]).unwrap();
/// let vital = Move::Play(Point::new(4, 3));
/// let (verdict, nodes) = check_move_counted(&problem, Color::Black, vital, 0, &SolveOptions::default());
/// assert_eq!(verdict, Some(Verdict::Win));
/// assert!(nodes > 0);
/// ```
pub fn check_move_counted(
    problem: &Tsumego,
    first: Color,
    mv: Move,
    d: i32,
    options: &SolveOptions,
) -> (Option<Verdict>, u64) {
    let mut search = search_for(problem, first, d, options);
    let mut moves = Vec::new();
    search.moves(&mut moves);
    let Some(m) = moves
        .into_iter()
        .find(|&m| m != TsumegoMove::Threat && m.to_move() == mv)
    else {
        return (None, 0);
    };
    let mut budget = Budget {
        start: Instant::now(),
        nodes: 0,
        options,
        stopped: None,
        progress: &mut |_| true,
        phase: Phase::WinningMove,
        current: Some(mv),
        done: 0,
        total: 0,
        share: None,
        cut: None,
    };
    let Some(config) = budget.config(None) else {
        return (Some(Verdict::Unknown), 0);
    };
    let mut solver = Solver::new(config);
    let verdict = match solver.solve_child(&mut search, m) {
        Some(Outcome::Proven) => Verdict::Win,
        Some(Outcome::Disproven) => Verdict::Loss,
        None => Verdict::Unknown,
    };
    (Some(verdict), solver.nodes())
}

/// Solves `problem` for `first` moving first, in the steps listed at the top of the
/// source file of this function (`tsumego/solve.rs`).
///
/// ```
/// use tesuji::{ascii, Color, Move, Point};
/// use tesuji::tsumego::{solve, SolveOptions, Tsumego, Verdict};
/// // White's straight three on the edge: whoever plays the middle point first wins.
/// let pos = ascii::parse_diagram("
///     . . . . . . . .
///     . X X X X X X X
///     . X O O O O O X
///     . X O . . . O X
/// ").unwrap();
/// let problem = Tsumego::new(pos, &[Point::new(2, 2)]).unwrap();
/// let answer = solve(&problem, Color::Black, &SolveOptions::default());
/// assert_eq!(answer.result, Verdict::Win);
/// assert_eq!(answer.threshold, None);
/// assert_eq!(answer.winning_moves(), vec![Move::Play(Point::new(4, 3))]);
/// let answer = solve(&problem, Color::White, &SolveOptions::default());
/// assert_eq!(answer.result, Verdict::Win);
/// ```
pub fn solve(problem: &Tsumego, first: Color, options: &SolveOptions) -> Answer {
    solve_with_progress(problem, first, options, &mut |_| true)
}

/// As [`solve`], calling `progress` at the start of every step (each search of the
/// threshold walk, each first move, the main line, ...) and about every 200,000 nodes
/// within one; it returns `false` to stop (the answer then keeps what is known).
pub fn solve_with_progress(
    problem: &Tsumego,
    first: Color,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Answer {
    let mut answer = solve_steps(problem, first, options, progress);
    if options.all_moves && answer.result != Verdict::Unknown {
        // What the budget left undecided: the root's moves in neither list.
        let mut moves = Vec::new();
        search_for(problem, first, answer.proof_threats, options).moves(&mut moves);
        answer.unsearched = moves
            .into_iter()
            .filter(|&m| m != TsumegoMove::Threat)
            .map(TsumegoMove::to_move)
            .filter(|&m| {
                !answer.moves.iter().any(|a| a.mv == m)
                    && !answer.refutations.iter().any(|r| r.mv == m)
            })
            .collect();
    }
    answer
}

/// The steps of [`solve_with_progress`], without the list of unsearched moves.
fn solve_steps(
    problem: &Tsumego,
    first: Color,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Answer {
    let mut budget = Budget {
        start: Instant::now(),
        nodes: 0,
        options,
        stopped: None,
        progress,
        phase: Phase::Result,
        current: None,
        done: 0,
        total: 0,
        share: None,
        cut: None,
    };
    let d0 = options.ko_threats;
    let k = i32::try_from(options.max_threats).unwrap_or(i32::MAX);
    let mut answer = Answer {
        first,
        result: Verdict::Unknown,
        threshold: None,
        threshold_settled: false,
        moves: Vec::new(),
        refutations: Vec::new(),
        unsearched: Vec::new(),
        pv: Vec::new(),
        proof: None,
        proof_threats: d0,
        nodes: 0,
        table_entries: 0,
        elapsed: Duration::ZERO,
        stopped: StopReason::Solved,
    };

    // 1. The result where the first player has the fewest threats (most problems are
    // won whatever the threats: then this one search settles result and threshold), in
    // slices with progress reports. With a budget, when d0 gives the first player more
    // threats, within a share of it: a ko that the first player wins only with threats
    // can take the search with fewest threats far longer than the result at d0 (see
    // step 2' below).
    let (lo, hi) = (-k.max(d0.abs()), k.max(d0.abs()));
    if d0 > lo {
        budget.share(FEWEST_SHARE);
    }
    let (mut r_lo, mut ko_lo, entries, mut state_lo) = main_search(problem, first, lo, &mut budget);
    let share_cut = budget.unshare();
    answer.table_entries = entries;
    if r_lo.is_none() && share_cut.is_some() && !ko_lo {
        // No ko met so far: the same search at every difference, so it goes on with the
        // whole budget.
        if let Some((solver, search)) = state_lo.as_mut() {
            (r_lo, ko_lo) = resume(solver, search, &mut budget);
        }
    }
    let mut d_best = d0;
    // The difference the winning move is searched at (see `walked`).
    let mut d_moves = d0;
    let mut far_win: Option<(Solver, Search)> = None;
    let mut reuse: Option<(Solver, Search)> = None;
    // A table for the principal variation where no search at d_best left one: a search
    // at another difference, whose values that no ko touched serve at d_best too.
    let mut line_table: Option<Solver> = None;
    let wins_somewhere;
    match r_lo {
        Some(Outcome::Proven) => {
            // Wins with the fewest threats: wins whatever the threats (results are
            // monotone in the difference). Its table answers for each move there.
            answer.result = Verdict::Win;
            answer.threshold_settled = true;
            wins_somewhere = true;
            far_win = state_lo;
        }
        Some(Outcome::Disproven) if !ko_lo => {
            // Loses, and no ko was met: threats cannot matter.
            answer.result = Verdict::Loss;
            answer.threshold_settled = true;
            wins_somewhere = false;
            line_table = state_lo.map(|(solver, _)| solver);
        }
        Some(Outcome::Disproven) => {
            // 2. Loses with the fewest threats, a ko was met: walk from d0 toward the
            // threshold, one search per difference.
            let shared = state_lo.map(|(solver, _)| solver);
            let Some(walk) = threshold_walk(problem, first, lo, hi, d0, &mut budget, shared) else {
                return finish(answer, &budget);
            };
            (wins_somewhere, d_best, d_moves, reuse, line_table) =
                walked(&mut answer, d0, walk, !options.all_moves);
        }
        None => {
            // 2'. The search with the fewest threats used its share in a ko: the result
            // at d0 with the rest of the budget, then (when it loses) the walk up from
            // there. A win at d0 after a ko leaves the threshold unknown.
            let Some(reason) = share_cut else {
                return finish(answer, &budget);
            };
            // In the table of the search stopped: the values no ko touched hold at d0
            // too, and every root before the walk's gave the first player fewer threats
            // (see `threshold_walk`).
            let Some((mut solver, _)) = state_lo else {
                budget.cut.get_or_insert(reason);
                return finish(answer, &budget);
            };
            let Some((r0, search0)) =
                shared_search(problem, first, d0, &mut budget, &mut solver, false)
            else {
                return finish(answer, &budget);
            };
            let ko0 = search0.ko_seen();
            if r0 == Outcome::Proven {
                answer.result = Verdict::Win;
                wins_somewhere = true;
                if ko0 {
                    budget.cut.get_or_insert(reason);
                } else {
                    // No ko met at d0: the same search at every difference.
                    answer.threshold_settled = true;
                }
                reuse = Some((solver, search0));
            } else {
                answer.result = Verdict::Loss;
                // A loss at d0 with no ko met is a loss whatever the threats.
                let top = if ko0 { hi } else { d0 };
                let Some(walk) =
                    threshold_walk(problem, first, d0, top, d0, &mut budget, Some(solver))
                else {
                    return finish(answer, &budget);
                };
                (wins_somewhere, d_best, d_moves, reuse, line_table) =
                    walked(&mut answer, d0, walk, !options.all_moves);
            }
        }
    }
    answer.proof_threats = d_best;

    if !wins_somewhere {
        // 4 (losing side): every first move fails; refute each.
        if options.all_moves {
            let mut solver = match budget.config(None) {
                Some(c) => Solver::new(c),
                None => return finish(answer, &budget),
            };
            let mut search = search_for(problem, first, d_best, options);
            answer.refutations = refutations(&mut solver, &mut search, None, &mut budget);
            // The variation in the table of the refutations, at d_best.
            line_table = Some(solver);
        }
        if options.pv {
            answer.pv = principal_variation(
                problem,
                first,
                d_best,
                &mut budget,
                None,
                line_table.as_mut(),
            );
        }
        if options.proof {
            answer.proof = proof(problem, first, d_best, &mut budget);
        }
        return finish(answer, &budget);
    }

    // 3. A winning first move at d_best (the main search's table when it is at d_best).
    let (mut solver, mut search) = match (reuse.take(), &far_win) {
        (Some(x), _) => x,
        // The far table gives the move; this solver is searched only if it must be.
        (None, Some(_)) => {
            let Some(config) = budget.config(None) else {
                return finish(answer, &budget);
            };
            (
                Solver::new(config),
                search_for(problem, first, d_best, options),
            )
        }
        (None, None) => {
            let Some(config) = budget.config(None) else {
                return finish(answer, &budget);
            };
            let mut solver = Solver::new(config);
            let mut search = search_for(problem, first, d_best, options);
            budget.enter(Phase::Threshold(d_best), None, 0, 0);
            let r = solver.solve_threads(&mut search, SLICE, &mut |n| budget.report(n));
            budget.charge(&solver, Some(r.stopped));
            if r.outcome != Some(Outcome::Proven) {
                return finish(answer, &budget);
            }
            (solver, search)
        }
    };
    let mut thresholds = Thresholds {
        d_best: d_moves,
        lowest: lo,
        root: answer.threshold,
        settled: answer.threshold_settled,
        far_win,
    };
    let Some((best, best_threshold)) = chosen_move(
        problem,
        first,
        &mut thresholds,
        &mut solver,
        &mut search,
        &mut budget,
    ) else {
        return finish(answer, &budget);
    };
    if !options.all_moves {
        answer.moves.push(MoveAnswer {
            mv: best.to_move(),
            threshold: best_threshold,
        });
    } else {
        // 4. Every first move, in the table of step 3.
        let mut moves = Vec::new();
        search.moves(&mut moves);
        moves.retain(|&m| m != TsumegoMove::Threat && m != best);
        let mut losing = Vec::new();
        // The reported move is proven: it heads the list whatever the budget leaves for
        // the others.
        let mut winning = vec![MoveAnswer {
            mv: best.to_move(),
            threshold: best_threshold,
        }];
        let total = moves.len();
        for (i, &mv) in moves.iter().enumerate() {
            let Some(c) = budget.config(None) else {
                break;
            };
            budget.enter(Phase::FirstMoves, Some(mv.to_move()), i, total);
            solver.set_limits(c.nodes, c.time);
            let v = solver.solve_child_reporting(&mut search, mv, SLICE, &mut |n| budget.report(n));
            budget.charge(&solver, None);
            match v {
                Some(Outcome::Proven) => {
                    let t = move_threshold_checked(
                        problem,
                        first,
                        mv,
                        &mut thresholds,
                        search.ko_seen(),
                        &mut budget,
                    );
                    // A winning move whose threshold the budget did not reach is left
                    // out: the root's threshold would be a guess for it (a move can need
                    // a ko where the root does not).
                    let Some(threshold) = t else {
                        break;
                    };
                    winning.push(MoveAnswer {
                        mv: mv.to_move(),
                        threshold,
                    });
                }
                Some(Outcome::Disproven) => losing.push(mv),
                None => break,
            }
        }
        answer.moves = winning;
        answer.refutations = refutations(&mut solver, &mut search, Some(&losing), &mut budget);
    }
    if options.pv {
        // From the reported move, with the table that found it; when no search at d_best
        // has filled one (the move came from the table of another difference), with that
        // table, whose values that no ko touched hold at d_best too.
        let table = if solver.table_entries() > 0 {
            Some(&mut solver)
        } else if let Some((far, _)) = thresholds.far_win.as_mut() {
            Some(far)
        } else {
            line_table.as_mut().or(Some(&mut solver))
        };
        answer.pv = principal_variation(problem, first, d_best, &mut budget, Some(best), table);
    }
    if options.proof {
        answer.proof = proof(problem, first, d_best, &mut budget);
    }
    finish(answer, &budget)
}

/// A finished threshold walk (see [`threshold_walk`]) in `answer`: the threshold (settled),
/// the result at `d0`; then whether the first player wins at some difference, the
/// difference its variation and proof are for (`d_best`: the threshold, or `d0` if
/// higher), the difference its moves are searched at, and the walk's table, with the
/// state of its search there when it ended at that difference (for the moves), else for
/// the main line. With `at_threshold` (one winning move is asked for, not all of them),
/// a first player that wins with fewer threats than `d0` has its move searched at the
/// threshold, in the walk's table: a move that wins there has the root's threshold (no
/// move needs fewer threats), so it is a best one, where a search at `d0` would start
/// from nothing and bisect each winning move's threshold.
fn walked(
    answer: &mut Answer,
    d0: i32,
    (won, at_won, solver): (Option<i32>, Option<Search>, Solver),
    at_threshold: bool,
) -> Walked {
    answer.threshold_settled = true;
    answer.threshold = won;
    let Some(won) = won else {
        answer.result = Verdict::Loss;
        return (false, d0, d0, None, Some(solver));
    };
    answer.result = if d0 >= won {
        Verdict::Win
    } else {
        Verdict::Loss
    };
    let d_best = won.max(d0);
    match at_won {
        Some(search) if d_best == won || at_threshold => {
            (true, d_best, won, Some((solver, search)), None)
        }
        _ => (true, d_best, d_best, None, Some(solver)),
    }
}

/// What [`walked`] gives: whether the first player wins somewhere, the difference of the
/// variation and proof, the difference of the moves, the state to search the moves in,
/// and the table for the main line.
type Walked = (bool, i32, i32, Option<(Solver, Search)>, Option<Solver>);

fn finish(mut answer: Answer, budget: &Budget) -> Answer {
    answer.nodes = budget.nodes;
    answer.elapsed = budget.start.elapsed();
    answer.stopped = budget.stopped.or(budget.cut).unwrap_or(StopReason::Solved);
    answer
}

/// The main search at `d`, in slices between progress reports: the result, whether a ko
/// was met, the table's size, and the solver and state (for reuse, or to go on with
/// [`resume`] when the budget's share stopped it); no state when nothing was left to
/// search with.
fn main_search(
    problem: &Tsumego,
    first: Color,
    d: i32,
    budget: &mut Budget,
) -> (Option<Outcome>, bool, usize, Option<(Solver, Search)>) {
    let Some(config) = budget.config(None) else {
        return (None, false, 0, None);
    };
    let mut solver = Solver::new(config.clone());
    let mut search = search_for(problem, first, d, budget.options);
    // One search, reporting from inside (a series of short searches would lose what
    // its frames know of path-dependent results at every restart).
    budget.enter(Phase::Result, None, 0, 0);
    let r = run(&mut solver, &mut search, budget, &config);
    (
        r.outcome,
        search.ko_seen(),
        r.table_entries,
        Some((solver, search)),
    )
}

/// Searches `search` with `solver` within `config`'s limits (what [`Budget::config`]
/// left), reporting progress, and charges the budget with it.
fn run(
    solver: &mut Solver,
    search: &mut Search,
    budget: &mut Budget,
    config: &Config,
) -> crate::dfpn::SolveResult {
    solver.set_limits(config.nodes, config.time);
    let r = solver.solve_threads(search, SLICE, &mut |n| budget.report(n));
    budget.charge(solver, Some(r.stopped));
    r
}

/// Goes on with a search of [`main_search`] that its share of the budget stopped, with
/// what is left of the whole budget, in the same table: the result and whether a ko was
/// met.
fn resume(
    solver: &mut Solver,
    search: &mut Search,
    budget: &mut Budget,
) -> (Option<Outcome>, bool) {
    let Some(config) = budget.config(None) else {
        return (None, search.ko_seen());
    };
    let r = run(solver, search, budget, &config);
    (r.outcome, search.ko_seen())
}

/// The least winning threat difference in `lo + 1..=hi` (the first player loses at `lo`),
/// or `None` if it loses at `hi` too, with the state of the search that won there, and
/// the walk's solver; `None` outside when the budget ran out. Results are monotone in the
/// difference, so the walk starts at `d0` (within the range) and goes down while it wins
/// or up while it loses. Thresholds are mostly 0 or 1 (who takes the ko first), so this
/// is two or three searches where a bisection over `lo..=hi` needed the far end `hi` and
/// three more (and a search with many threats is the largest). Measured on the 27 ko
/// problems of the answered tsumego.js set: see `tsumego/mod.rs`.
fn threshold_walk(
    problem: &Tsumego,
    first: Color,
    lo: i32,
    hi: i32,
    d0: i32,
    budget: &mut Budget,
    shared: Option<Solver>,
) -> Option<(Option<i32>, Option<Search>, Solver)> {
    // One solver for the walk, the main search's when there is one: its table keeps the
    // values that hold whatever the threats (see `Problem::core_key`), which every
    // search of the walk can use.
    let mut solver = match shared {
        Some(s) => s,
        None => Solver::new(budget.config(None)?),
    };
    if lo >= hi {
        return Some((None, None, solver));
    }
    let start = d0.clamp(lo + 1, hi);
    let (r, search) = shared_search(problem, first, start, budget, &mut solver, false)?;
    if r == Outcome::Proven {
        let (mut won, mut at_won) = (start, search);
        while won - 1 > lo {
            let (r, se) = shared_search(problem, first, won - 1, budget, &mut solver, false)?;
            if r != Outcome::Proven {
                break;
            }
            won -= 1;
            at_won = se;
        }
        return Some((Some(won), Some(at_won), solver));
    }
    let mut d = start + 1;
    while d <= hi {
        // Every root before this one gave the first player fewer threats (the main
        // search's at `lo`, then the walk's below `d`), and threats are only ever spent:
        // above 0, none of their states has this root's threats, so none of their trees
        // passes through it, and the table stays fit for looking at this root's moves one
        // by one (`Solver::adopt_root`; those searches leave aside the first player's wins
        // that rest on values read under core keys whose trees meet the start's position,
        // with any threats). The winning move is looked for there (`chosen_move`). Without the adoption, that look would drop every win
        // of the first player, this search's own proofs with them, and prove the move
        // again from nothing, at times at more cost than the search (`BENCHMARKS.md`).
        let (r, se) = shared_search(problem, first, d, budget, &mut solver, d > 0)?;
        if r == Outcome::Proven {
            return Some((Some(d), Some(se), solver));
        }
        d += 1;
    }
    Some((None, None, solver))
}

/// The result at `d` in `solver`'s table (which may hold values of searches at other
/// differences: keys tell them apart, and values that hold whatever the threats are
/// shared on purpose), with the state. With `adopt`, the caller knows that no tree in
/// the table passes through this root (`Solver::adopt_root`).
fn shared_search(
    problem: &Tsumego,
    first: Color,
    d: i32,
    budget: &mut Budget,
    solver: &mut Solver,
    adopt: bool,
) -> Option<(Outcome, Search)> {
    let config = budget.config(None)?;
    let mut search = search_for(problem, first, d, budget.options);
    if adopt {
        solver.adopt_root(&search);
    }
    budget.enter(Phase::Threshold(d), None, 0, 0);
    let r = run(solver, &mut search, budget, &config);
    r.outcome.map(|o| (o, search))
}

/// What the threshold of a single root move can be derived from.
struct Thresholds {
    /// The threat difference the moves are searched at.
    d_best: i32,
    /// The lowest difference looked at.
    lowest: i32,
    /// The root's threshold.
    root: Option<i32>,
    /// Whether the root's threshold is known ([`Answer::threshold_settled`]); when not,
    /// neither are the moves'.
    settled: bool,
    /// The search that found the root winning at `lowest` (unconditional), if any.
    far_win: Option<(Solver, Search)>,
}

/// The threshold of root move `mv`, which wins at `t.d_best`: `Some(None)` when it wins
/// whatever the threats (down to `t.lowest`), `Some(Some(x))` otherwise, `None` when the
/// budget ran out. `ko_seen` says whether the solver that proved it (and filled its table)
/// ever met a ko ban: if not, threats cannot matter. Else: when the root wins at
/// `t.lowest`, the move is searched there in that search's table (cheap: it proved the
/// root there); a move that wins at the root's threshold has that threshold (no move does
/// better than the root); otherwise the least winning difference is bisected with fresh
/// tables. Under a root whose threshold is not known, `Some(None)`: the move wins at
/// `t.d_best`, and its threshold is not known either ([`Answer::threshold_settled`]).
fn move_threshold_checked(
    problem: &Tsumego,
    first: Color,
    mv: TsumegoMove,
    t: &mut Thresholds,
    ko_seen: bool,
    budget: &mut Budget,
) -> Option<Option<i32>> {
    if !ko_seen || !t.settled {
        return Some(None);
    }
    if t.root == Some(t.d_best) {
        return Some(Some(t.d_best));
    }
    let mut lose = t.lowest;
    if let Some((solver, search)) = &mut t.far_win {
        let c = budget.config(None)?;
        solver.set_limits(c.nodes, c.time);
        let v = solver.solve_child_reporting(search, mv, SLICE, &mut |n| budget.report(n));
        budget.charge(solver, None);
        match v {
            Some(Outcome::Proven) => return Some(None),
            Some(Outcome::Disproven) => {}
            None => return None,
        }
    } else if let Some(r) = t.root {
        // No move wins below the root's threshold.
        lose = r - 1;
    }
    // Wins at d_best, loses at `lose`: bisect.
    let mut won = t.d_best;
    while won - lose > 1 {
        let mid = lose + (won - lose) / 2;
        let config = budget.config(None)?;
        let mut solver = Solver::new(config);
        let mut s = search_for(problem, first, mid, budget.options);
        let v = solver.solve_child_reporting(&mut s, mv, SLICE, &mut |n| budget.report(n));
        budget.charge(&solver, None);
        match v? {
            Outcome::Proven => won = mid,
            Outcome::Disproven => lose = mid,
        }
    }
    Some(Some(won))
}

/// The first move to report: a winning move of the root (proven by `solver`), preferring
/// one that wins whatever the threats, then the least threshold; among equals, the order
/// of [`candidates`]. With its threshold. A stone that needs only the root's threshold
/// ends the look: no move wins with fewer threats than the root does (the moves after it
/// would each cost a search of their own, and a ko problem's losing moves are the dear
/// ones).
fn chosen_move(
    problem: &Tsumego,
    first: Color,
    thresholds: &mut Thresholds,
    solver: &mut Solver,
    search: &mut Search,
    budget: &mut Budget,
) -> Option<(TsumegoMove, Option<i32>)> {
    let mut best: Option<(TsumegoMove, Option<i32>)> = None;
    let mut pass: Option<(TsumegoMove, Option<i32>)> = None;
    if let Some((far, far_search)) = &mut thresholds.far_win {
        // The root wins at the lowest difference: a move that wins there wins whatever
        // the threats (and at d_best, results being monotone). Its table knows them.
        // The first in the far table's order (least work there first); a pass last.
        let (order, confirmed) = candidates(far, far_search);
        for mv in order {
            let v = winning_look(far, far_search, mv, confirmed, budget)?;
            if v == Some(Outcome::Proven) {
                if mv == TsumegoMove::Pass {
                    pass = pass.or(Some((mv, None)));
                    continue;
                }
                return Some((mv, None));
            }
            if budget.stopped.is_some() {
                return None;
            }
        }
        if pass.is_some() {
            return pass;
        }
    }
    let (order, confirmed) = candidates(solver, search);
    for mv in order {
        let v = winning_look(solver, search, mv, confirmed, budget)?;
        if v != Some(Outcome::Proven) {
            if budget.stopped.is_some() {
                break;
            }
            continue;
        }
        let Some(t) =
            move_threshold_checked(problem, first, mv, thresholds, search.ko_seen(), budget)
        else {
            break;
        };
        // A pass ("tenuki") that wins is kept for last: a stone that wins as well is
        // the answer a player expects (a sure move rather than relying on the life the
        // position already has).
        if mv == TsumegoMove::Pass {
            pass = pass.or(Some((mv, t)));
            continue;
        }
        match t {
            None => return Some((mv, None)),
            // No move wins with fewer threats than the root needs: this one is a best.
            Some(t) if thresholds.root == Some(t) => return Some((mv, Some(t))),
            Some(t) => {
                if best.is_none_or(|(_, bt)| bt.is_some_and(|bt| t < bt)) {
                    best = Some((mv, Some(t)));
                }
            }
        }
    }
    match (best, pass) {
        (None, p) => p,
        (Some(b), Some((pm, None))) if b.1.is_some() => Some((pm, None)),
        (Some(b), Some((pm, Some(pt)))) if b.1.is_some_and(|bt| pt < bt) => Some((pm, Some(pt))),
        (b, _) => b,
    }
}

/// The first player's result after `mv` at the root of `search`, in `solver`'s table
/// (`Solver::solve_child`), or at once when `mv` is `confirmed`, the move that decided
/// the root in the solver's last search; `None` when the budget is spent.
fn winning_look(
    solver: &mut Solver,
    search: &mut Search,
    mv: TsumegoMove,
    confirmed: Option<TsumegoMove>,
    budget: &mut Budget,
) -> Option<Option<Outcome>> {
    let c = budget.config(None)?;
    budget.enter(Phase::WinningMove, Some(mv.to_move()), 0, 0);
    if confirmed == Some(mv) {
        return Some(Some(Outcome::Proven));
    }
    solver.set_limits(c.nodes, c.time);
    let v = solver.solve_child_reporting(search, mv, SLICE, &mut |n| budget.report(n));
    budget.charge(solver, None);
    Some(v)
}

/// The moves of the root of `search` in the order to try them as the first player's
/// winning moves: those the table holds as won (least work first: the simplest proof),
/// then the move that the last search of `solver` found deciding the root
/// (`Solver::root_winning_child`: a win known without a search of its own), then the
/// others in search order (each of which may cost a whole search to refute); not those
/// known to lose. With that deciding move.
fn candidates(solver: &Solver, search: &mut Search) -> (Vec<TsumegoMove>, Option<TsumegoMove>) {
    let decided_by = solver.root_winning_child(search.key());
    let mut moves = Vec::new();
    search.moves(&mut moves);
    let mut known: Vec<(u64, usize, TsumegoMove)> = Vec::new();
    let mut rest = Vec::new();
    let mut confirmed = None;
    for (i, &mv) in moves.iter().enumerate() {
        search.play(mv);
        let key = search.key();
        let terminal = search.terminal();
        search.undo();
        if decided_by == Some(key) {
            confirmed = Some(mv);
        }
        let value = match terminal {
            Some(o) => Some((Some(o), 0)),
            None => solver.table_value(key),
        };
        match value {
            Some((Some(Outcome::Proven), work)) => known.push((work, i, mv)),
            Some((Some(_), _)) => {}
            _ if confirmed == Some(mv) => {}
            _ => rest.push(mv),
        }
    }
    known.sort_unstable_by_key(|k| (k.0, k.1));
    let unlisted = confirmed.filter(|&c| !known.iter().any(|k| k.2 == c));
    let order = known
        .into_iter()
        .map(|k| k.2)
        .chain(unlisted)
        .chain(rest)
        .collect();
    (order, confirmed)
}

/// For each of `losing` (every move of the root when `None`), the opponent's reply after
/// which the prover fails. `Some(&[])` (every move wins) gives none.
fn refutations(
    solver: &mut Solver,
    search: &mut Search,
    losing: Option<&[TsumegoMove]>,
    budget: &mut Budget,
) -> Vec<Refutation> {
    let mut moves = Vec::new();
    match losing {
        None => {
            search.moves(&mut moves);
            moves.retain(|&m| m != TsumegoMove::Threat);
        }
        Some(l) => moves.extend_from_slice(l),
    }
    let mut out = Vec::new();
    let total = moves.len();
    for (i, mv) in moves.into_iter().enumerate() {
        budget.enter(Phase::Refutations, Some(mv.to_move()), i, total);
        search.play(mv);
        // The opponent's reply is searched from here: knowledge must not end this state.
        search.set_root_here();
        let immediate = search.terminal().is_some();
        let reply = if immediate {
            None
        } else {
            // The opponent is to move: its winning reply is a winning move of this state
            // with the opponent as the prover's adversary, i.e. a child disproven for us.
            let mut replies = Vec::new();
            search.moves(&mut replies);
            let mut found = None;
            for r in replies {
                let Some(c) = budget.config(None) else {
                    break;
                };
                solver.set_limits(c.nodes, c.time);
                let v = solver.solve_child_reporting(search, r, SLICE, &mut |n| budget.report(n));
                budget.charge(solver, None);
                if v == Some(Outcome::Disproven) {
                    found = Some(r.to_move());
                    break;
                }
            }
            found
        };
        search.undo();
        search.set_root_here();
        out.push(Refutation {
            mv: mv.to_move(),
            reply,
            immediate,
        });
    }
    out
}

/// The principal variation at `d`: see the module documentation.
///
/// With `first_move`, the line starts with that move (the reported winning move), and
/// with `table`, the solver whose table found it is used (its entries are values of
/// states at threat difference `d` or others, keyed apart, so they stay valid). The line
/// is [`Solver::principal_line`]: each step searched with the line so far as its path,
/// so one table serves the whole line.
fn principal_variation(
    problem: &Tsumego,
    first: Color,
    d: i32,
    budget: &mut Budget,
    first_move: Option<TsumegoMove>,
    table: Option<&mut Solver>,
) -> Vec<Move> {
    let Some(config) = budget.config(None) else {
        return Vec::new();
    };
    let mut own;
    let solver = match table {
        Some(s) => {
            s.set_limits(config.nodes, config.time);
            s
        }
        None => {
            own = Solver::new(config);
            &mut own
        }
    };
    let mut search = search_for(problem, first, d, budget.options);
    budget.enter(Phase::MainLine, None, 0, 0);
    let line = solver.principal_line_reporting(&mut search, first_move, 200, SLICE, &mut |n| {
        budget.report(n)
    });
    budget.charge(solver, None);
    line.into_iter().map(TsumegoMove::to_move).collect()
}

/// The proof tree at `d`.
fn proof(
    problem: &Tsumego,
    first: Color,
    d: i32,
    budget: &mut Budget,
) -> Option<ProofTree<TsumegoMove>> {
    let config = budget.config(None)?;
    let mut solver = Solver::new(config);
    let mut search = search_for(problem, first, d, budget.options);
    budget.enter(Phase::Proof, None, 0, 0);
    let tree = solver.proof_tree_reporting(&mut search, SLICE, &mut |n| budget.report(n));
    let stopped = solver.proof_stopped();
    budget.charge(&solver, Some(stopped));
    if stopped == StopReason::NodeLimit {
        // The proof had all the nodes that were left.
        budget.stopped = Some(stopped);
    }
    tree
}
