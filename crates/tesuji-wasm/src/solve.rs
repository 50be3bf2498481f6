//! A stand-in for `tesuji::tsumego::solve` (the solver's report: verdict, ko threshold,
//! winning moves, refutations, principal variation, proof tree), with the same names and
//! shapes, built on [`tesuji::dfpn::Solver`] and [`Tsumego::search`]. It goes when the
//! library's own module lands; nothing else in this crate needs to change then.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tesuji::dfpn::{self, Config, NodeKind, Outcome, Problem, Solver, StopReason};
use tesuji::tsumego::{Search, Tsumego, TsumegoMove};
use tesuji::{Color, Move};
use web_time::Instant;

/// Budgets and options of a solve.
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
    /// The largest threat difference tried when looking for the threshold.
    pub max_threats: u32,
    /// Every winning first move, and a refutation of every losing one.
    pub all_moves: bool,
    /// Keep the proof tree.
    pub proof: bool,
    /// Mixed into the keys of the table.
    pub key_seed: u64,
    /// Set from elsewhere to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            nodes: None,
            time: None,
            memory_bytes: 64 << 20,
            ko_threats: 0,
            max_threats: 2,
            all_moves: false,
            proof: false,
            key_seed: 0,
            cancel: None,
        }
    }
}

/// The result for the first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The first player succeeds.
    Win,
    /// The first player fails.
    Loss,
    /// Not known within the budget.
    Unknown,
}

/// A winning first move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAnswer {
    /// The move.
    pub mv: Move,
    /// The threshold of the game after it (see [`Answer::threshold`]).
    pub threshold: Option<i32>,
}

/// A losing first move and the opponent's answer to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refutation {
    /// The losing move.
    pub mv: Move,
    /// The answer that refutes it, when known.
    pub reply: Option<Move>,
}

/// How far a search has got.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
}

/// The answer of [`solve`].
#[derive(Debug, Clone)]
pub struct Answer {
    /// The player who moves first.
    pub first: Color,
    /// The result with the given ko threats.
    pub result: Verdict,
    /// The first player succeeds iff its threats minus the opponent's are at least this;
    /// `None` when the result does not depend on ko threats.
    pub threshold: Option<i32>,
    /// The winning first moves (only the first found unless `all_moves`).
    pub moves: Vec<MoveAnswer>,
    /// Refutations of the losing first moves (with `all_moves`).
    pub refutations: Vec<Refutation>,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The proof tree, with `proof`.
    pub proof: Option<dfpn::ProofTree<TsumegoMove>>,
    /// Nodes searched.
    pub nodes: u64,
    /// Entries in the table at the end.
    pub table_entries: usize,
    /// Time spent.
    pub elapsed: Duration,
    /// Why the search stopped.
    pub stopped: StopReason,
}

/// Solves `problem` with `first` to move.
pub fn solve(problem: &Tsumego, first: Color, options: &SolveOptions) -> Answer {
    solve_with_progress(problem, first, options, &mut |_| true)
}

/// Nodes between two calls of the progress callback.
const PROGRESS_EVERY: u64 = 20_000;

/// A [`Search`] that counts its moves, calls the progress callback now and then, and
/// raises the cancellation flag when the callback says stop.
struct Counted<'a, 'b> {
    search: Search,
    runner: &'a mut Runner<'b>,
}

struct Runner<'b> {
    plays: u64,
    next_report: u64,
    start: Instant,
    cancel: Arc<AtomicBool>,
    outer_cancel: Option<Arc<AtomicBool>>,
    progress: &'b mut dyn FnMut(&Progress) -> bool,
    options: SolveOptions,
    stopped: Option<StopReason>,
}

impl Problem for Counted<'_, '_> {
    type Move = TsumegoMove;
    fn key(&self) -> u64 {
        self.search.key()
    }
    fn node_kind(&self) -> NodeKind {
        self.search.node_kind()
    }
    fn terminal(&mut self) -> Option<Outcome> {
        self.search.terminal()
    }
    fn repetition(&self) -> Outcome {
        self.search.repetition()
    }
    fn moves(&mut self, moves: &mut Vec<TsumegoMove>) {
        self.search.moves(moves)
    }
    fn play(&mut self, mv: TsumegoMove) {
        let r = &mut *self.runner;
        r.plays += 1;
        if r.plays >= r.next_report {
            r.next_report = r.plays + PROGRESS_EVERY;
            let p = Progress {
                nodes: r.plays,
                elapsed: r.start.elapsed(),
            };
            let outer = r
                .outer_cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed));
            if outer || !(r.progress)(&p) {
                r.cancel.store(true, Ordering::Relaxed);
            }
        }
        self.search.play(mv)
    }
    fn undo(&mut self) {
        self.search.undo()
    }
    fn initial_numbers(&mut self) -> (u32, u32) {
        self.search.initial_numbers()
    }
}

impl Runner<'_> {
    fn config(&self) -> Config {
        Config {
            nodes: self
                .options
                .nodes
                .map(|n| n.saturating_sub(self.plays).max(1)),
            time: self
                .options
                .time
                .map(|t| t.saturating_sub(self.start.elapsed())),
            memory_bytes: self.options.memory_bytes,
            cancel: Some(self.cancel.clone()),
            ..Config::default()
        }
    }

    /// The problem with `first` to move and the threat difference `diff`.
    fn problem(base: &Tsumego, first: Color, diff: i32) -> Tsumego {
        let mut t = base.clone();
        t.set_first(first);
        t.set_ko_threats(first, diff.max(0).unsigned_abs());
        t.set_ko_threats(!first, diff.min(0).unsigned_abs());
        t
    }

    fn search(&self, problem: &Tsumego, prover: Color) -> Search {
        let mut s = problem.search(prover);
        s.set_key_seed(self.options.key_seed);
        s
    }

    /// Whether `prover` wins `problem` (to move: the problem's first player).
    fn prove(&mut self, problem: &Tsumego, prover: Color) -> Option<bool> {
        if self.stopped.is_some() {
            return None;
        }
        let mut solver = Solver::new(self.config());
        let search = self.search(problem, prover);
        let mut c = Counted {
            search,
            runner: self,
        };
        let r = solver.solve(&mut c);
        match r.outcome {
            Some(o) => Some(o == Outcome::Proven),
            None => {
                self.stopped = Some(r.stopped);
                None
            }
        }
    }

    /// The proof tree of `prover`'s value in `problem`.
    fn tree(&mut self, problem: &Tsumego, prover: Color) -> Option<dfpn::ProofTree<TsumegoMove>> {
        if self.stopped.is_some() {
            return None;
        }
        let mut solver = Solver::new(self.config());
        let search = self.search(problem, prover);
        let mut c = Counted {
            search,
            runner: self,
        };
        solver.proof_tree(&mut c)
    }

    /// The threshold, given the result `win` at the difference `diff`.
    fn threshold(&mut self, base: &Tsumego, first: Color, diff: i32, win: bool) -> Option<i32> {
        let max = self.options.max_threats as i32;
        if win {
            let mut t = diff;
            while t > -max {
                match self.prove(&Runner::problem(base, first, t - 1), first) {
                    Some(true) => t -= 1,
                    Some(false) => return Some(t),
                    None => return Some(t),
                }
            }
            None
        } else {
            let mut t = diff;
            while t < max {
                t += 1;
                match self.prove(&Runner::problem(base, first, t), first) {
                    Some(true) => return Some(t),
                    Some(false) => {}
                    None => return None,
                }
            }
            None
        }
    }
}

/// As [`solve`], calling `progress` now and then; it returns `false` to stop.
pub fn solve_with_progress(
    problem: &Tsumego,
    first: Color,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Answer {
    let mut runner = Runner {
        plays: 0,
        next_report: PROGRESS_EVERY,
        start: Instant::now(),
        cancel: Arc::new(AtomicBool::new(false)),
        outer_cancel: options.cancel.clone(),
        progress,
        options: options.clone(),
        stopped: None,
    };
    let diff = options.ko_threats;
    let root = Runner::problem(problem, first, diff);
    let result = runner.prove(&root, first);
    let mut answer = Answer {
        first,
        result: match result {
            Some(true) => Verdict::Win,
            Some(false) => Verdict::Loss,
            None => Verdict::Unknown,
        },
        threshold: None,
        moves: Vec::new(),
        refutations: Vec::new(),
        pv: Vec::new(),
        proof: None,
        nodes: 0,
        table_entries: 0,
        elapsed: Duration::ZERO,
        stopped: runner.stopped.unwrap_or(StopReason::Solved),
    };
    if let Some(win) = result {
        let tree = runner.tree(&root, first);
        if let Some(tree) = &tree {
            answer.pv = tree
                .principal_variation()
                .into_iter()
                .map(TsumegoMove::to_move)
                .collect();
            if win {
                if let Some(&(mv, _)) = tree.nodes.first().and_then(|n| n.children.first()) {
                    answer.moves.push(MoveAnswer {
                        mv: mv.to_move(),
                        threshold: None,
                    });
                }
            }
        }
        if options.all_moves {
            all_moves(&mut runner, &root, first, &mut answer);
        }
        answer.threshold = runner.threshold(problem, first, diff, win);
        if options.proof {
            answer.proof = tree;
        }
    }
    answer.nodes = runner.plays;
    answer.elapsed = runner.start.elapsed();
    if let Some(s) = runner.stopped {
        answer.stopped = s;
    }
    answer
}

/// Fills the winning first moves and the refutations of the others.
fn all_moves(runner: &mut Runner, root: &Tsumego, first: Color, answer: &mut Answer) {
    let mut search = runner.search(root, first);
    if search.terminal().is_some() {
        return;
    }
    let mut moves = Vec::new();
    search.moves(&mut moves);
    answer.moves.clear();
    for mv in moves {
        if mv == TsumegoMove::Threat {
            continue;
        }
        let mut pos = root.position().clone();
        if pos.play(mv.to_move()).is_err() {
            continue;
        }
        let after = root
            .targets()
            .iter()
            .copied()
            .filter(|&t| pos.board().get(t) == Some(root.defender()))
            .collect::<Vec<_>>();
        let attacker_won = after.is_empty();
        let next = if attacker_won {
            None
        } else {
            match Tsumego::with_region(pos, &after, root.region()) {
                Ok(mut t) => {
                    t.set_ko_threats(Color::Black, root.ko_threats(Color::Black));
                    t.set_ko_threats(Color::White, root.ko_threats(Color::White));
                    Some(t)
                }
                Err(_) => continue,
            }
        };
        let wins = match &next {
            None => Some(first == root.attacker()),
            Some(t) => runner.prove(t, first),
        };
        match wins {
            Some(true) => answer.moves.push(MoveAnswer {
                mv: mv.to_move(),
                threshold: None,
            }),
            Some(false) => {
                let reply = next.as_ref().and_then(|t| {
                    runner
                        .tree(t, !first)
                        .and_then(|tree| tree.principal_variation().first().copied())
                        .map(TsumegoMove::to_move)
                });
                answer.refutations.push(Refutation {
                    mv: mv.to_move(),
                    reply,
                })
            }
            None => return,
        }
    }
}
