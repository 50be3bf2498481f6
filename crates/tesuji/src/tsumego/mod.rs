//! Life-and-death problems (tsumego): the Go half of the solver.
//!
//! A [`Tsumego`] is a position, the **targets** (the stones marked with `MA` in SGF; their
//! owner is the **defender**, the other colour the **attacker**), the side to move first,
//! the **region** (the points where moves may be played) and the number of external ko
//! threats of each side. [`Tsumego::search`] gives a [`Search`], the state that the
//! generic df-pn search ([`crate::dfpn`]) or any other game-tree search walks through the
//! [`crate::dfpn::Problem`] trait.
//!
//! ```
//! use tesuji::{ascii, vertex, Color, Point};
//! use tesuji::tsumego::Tsumego;
//! // White's straight three on the edge, inside a black wall.
//! let pos = ascii::parse_diagram("
//!     . . . . . . . .
//!     . X X X X X X X
//!     . X O O O O O X
//!     . X O . . . O X
//! ").unwrap();
//! let problem = Tsumego::new(pos, &[Point::new(2, 2)]).unwrap();
//! assert_eq!(problem.defender(), Color::White);
//! // The region: the seven white stones and the three empty points of the eye.
//! assert_eq!(problem.region().len(), 10);
//! assert_eq!(problem.region_empty_count(), 3);
//! ```
//!
//! # The rules of a problem
//!
//! * The attacker succeeds when no target point holds a defender stone any more (every
//!   target stone has been captured). With targets in several chains, all must be
//!   captured; a chain captured and later replayed must be captured again.
//! * The defender succeeds when a target chain is unconditionally alive (Benson, see
//!   [`crate::benson`]), when both sides pass in a row with a target on the board (life or
//!   seki: the attacker could not capture), when the play repeats a state (a cycle: the
//!   attacker did not manage to capture; see [`Search`] for why this is the convention),
//!   or when a target chain has a liberty outside the region: no move is ever played
//!   there, so the chain can never be captured (it has **escaped**: the rule that makes
//!   the open border of a problem's region count as the outside, see [`open_problem`]).
//!   A region closed by the attacker's wall gives the targets no such liberty.
//! * Moves: any legal move (simple ko, suicide forbidden) on an empty point of the
//!   region, a pass (a local pass is "playing elsewhere") and, when the side to move may not
//!   retake a ko and still has external ko threats, a [`TsumegoMove::Threat`].
//!
//! # The region
//!
//! When not given, [`Tsumego::new`] finds it as a player would see it (see
//! [`detect_region`] for the exact rule): the empty points and capturable stones around the
//! targets, inside the enclosing wall of safe attacker stones. On the tsumego.js problem
//! set (vendored in `tests/data/tsumego`) 202 of 208 files get a region (median 12 empty
//! points, at most 27; at most 47 points with the stones); the six others are the defects
//! its README lists, each with its error (no `MA`, malformed `PL`, no safe outer wall).
//!
//! # Design decisions
//!
//! * **Attacker must capture.** The attacker wins only by capturing every target stone;
//!   life, seki, two passes in a row and cycles all count for the defender. So "dead"
//!   means "capturable by force", the question a tsumego asks; a proof of capture leans on
//!   no rule but capture. (A consequence: a pass by the attacker never wins by itself, as
//!   the defender can pass back. tsumego.js's `sim/1-step-ko` and `sim/4/bent2`, where its
//!   README says a pass also succeeds, have only their listed move here.)
//! * **Ko threats are a count, not moves.** See [`TsumegoMove::Threat`] and [`Search`].
//!   A threshold (the least difference of threats for which a side succeeds) is found by
//!   solving with several counts; that search over counts belongs to the solver's report.
//! * **Benson on the whole board** decides unconditional life: sound, since the attacker's
//!   moves are a subset of what Benson allows. Life that Benson cannot see (two eyes that
//!   can still be reduced by forcing moves outside the region, seki) is found by search.
//! * **Suicide forbidden**, simple ko: as in tsumego.js and most problem sites.
//! * **Static knowledge, proofs by the rules.** Below the root, the search also ends a
//!   line where the targets are statically dead: one chain in atari that cannot get out,
//!   or one chain whose only eye is one or two points and whose other liberties only the
//!   attacker can fill (the rules and why they are sound are in the source of the `dead`
//!   module). The attacker's proof would otherwise go on filling every outside liberty,
//!   answering each defender move on the way. The knowledge changes no value, only the
//!   work: a test solves every state where it fires on the vendored problems again
//!   without it (`tests/tsumego_knowledge.rs`), and proof trees go on below such states
//!   to the capture ([`crate::dfpn::Problem::rules_terminal`]), so the verifier still sees
//!   leaves decided by the rules alone.
//!
//! # Proofs
//!
//! A proof tree found by [`crate::dfpn::Solver::proof_tree`] is written as SGF by
//! [`proof_sgf`] (the problem at the root, `C[RIGHT]` on the successful lines, ko threats
//! as marked passes) and checked by [`verify`], which replays every line with the rules
//! engine and whole-board Benson only, never with [`Search`]: see [`proof`] for the
//! conventions and the checks.
//!
//! # State (issue 5)
//!
//! Done: the model, loading, region detection, the search state with ko threats, the
//! report ([`solve`]: result, threshold, every winning first move with its own threshold,
//! refutations, principal variation, proof), proof SGF and its independent [`verify`],
//! budgets, the CLI, `bench solve` and GTP, the dead-shape knowledge. Tests: the classic
//! shapes of `tests/data/tsumego/shapes.txt` (straight and bent three, straight and bent
//! four, bulky and crossed five, rabbity six in the centre and on the edge, the L and J
//! groups, bent four in the corner, the comb, seki, double-ko seki, 10,000-year ko, ko
//! for life, direct and approach ko, triple ko; each for both first players, against a
//! test-only exhaustive solver in `tests/tsumego.rs` and with verified proofs in
//! `tests/tsumego_proof.rs`; the carpenter's square and the comb's winning moves through
//! the report in `tests/tsumego_solve.rs`), 39 small answered tsumego.js problems with
//! verified proofs under two key seeds (`tests/tsumego_solve.rs`), every state where the
//! knowledge ends a line solved again without it (`tests/tsumego_knowledge.rs`).
//!
//! Figures (this 2-core machine, release build, `tesuji bench solve
//! ../shared/data/tsumegojs --pl-only --variations --time 20`): the 104 answered problems
//! all solved in 6.1 s in total (6.12-6.13 s over three runs; session 5's solver took
//! 5.96-6.02 s in the same session; the machine's speed varies by about 10 % from day to
//! day), median 8 ms, slowest 1.0 s (gop/15275), 19.1M nodes: 23 times less than
//! tsumego.js's 142 s (the goal is 20; session 5: 19.3M nodes; session 4: 20.6M; session
//! 3: 11.7 s, 36.5M nodes). Our first move is a listed one in 100 (the four others have verified proofs
//! in `tests/data/tsumego/evidence`), and at 309 of the 334 listed turns of the first
//! player our chosen move is a listed one (22 of the other 25 have verified proofs that
//! ours wins too, from `bench solve --evidence`; two are passes, one is on a line already
//! lost at the problem's threshold). The answers do not depend on the hash keys: the
//! whole set under seeds 0 and 987654321 with a 15M-node budget gave identical lines for
//! all 300 runs and the 6 files that do not load (results, thresholds, moves,
//! refutations, node counts; 36 runs unknown at that budget, 884,237,670 nodes in all
//! under either seed; session 6's solver). The 98 unanswered problems, both colours, `--time
//! 10` (session 6): 163 of 196 solved within 10 s (125 within 1 s, 150 within 3 s;
//! session 5: 160, 121, 147; session 4: 158, 117, 142; session 3: 153, 107, 130), 33
//! unknown, 22 of them with the attacker moving first: cc2/333 B, cc3/470 B, gop/11250 B,
//! 13485 B+W, 13500 B+W, 14352 W, 14590 B+W, 14928 W, 15000 B, 15003 B+W, 15019 B+W,
//! 17101 B, 17663 B, 19988 B, 20226 B+W, 20302 W, 4015 B, 5194 W, 5442 B+W, 5497 W,
//! 5555 B, 5583 B, 5909 B+W, 6083 W, 9997 W. The goal, each within 10 s, is not met, and
//! it is far: given 120 s (and a 2 GiB table), gop/13500 B and gop/15003 W were still
//! unknown after 367M and 406M nodes; the regions of the unknown runs have 16 to 27
//! empty points. Where the 33 stop: 30 in the main search, 3 in the threshold walk after
//! a main search that lost with a ko (gop/15000 B: main search 3.2 s, walk done at 8.4 s
//! when alone on the machine, a borderline case; gop/17663 B: main 6.4 s, then the search
//! with three threats for Black alone takes 11 s; gop/17101 B: main 9.3 s).
//!
//! What made session 4 faster: the dead-shape knowledge (36.5M -> 25.3M nodes), an
//! expansion that stops at the first child deciding the state (23.3M), weak proof
//! numbers (21.0M), a stone inside a two- or three-point eye (20.6M); per node, legality
//! read off the move's effect and the defender's room kept with the moves. Tried and
//! dropped (measured): the history heuristic as a tie-break or a bonus (within 2 %),
//! other initial numbers (eye counts, own-point components, other constants: within 5 %
//! either way, no consistent gain), sharing one table across the threshold searches (6 %
//! fewer nodes in the walk, but the restricted searches of the winning moves then had to
//! start from an empty table: more in total; session 6 shares it again, now that values
//! no ko touched carry over between threat counts), ε = 35 % and 50 % with weak numbers.
//!
//! Session 5: the attacker's initial number weighs the targets' liberties to the fourth
//! power instead of the square (measurements in [`Search`]'s `initial_numbers`: 19 % fewer
//! nodes on 44 harder runs, 6 % on the answered set); the local Benson test first floods
//! only the regions through the targets' liberties and gives up unless a target chain has
//! two enclosed regions vital to it (a necessary condition; about 1 % of the time), and the
//! df-pn expansion looks its children up in the table in a row (8 % less time on a large
//! table, see [`crate::dfpn`]). ε = 15 % and 40 % instead of 25 % on the 44 harder runs of
//! `initial_numbers`: 569M and 647M nodes against 504M. Tried and dropped: Benson's test on
//! blocks of chains joined by miai (two shared liberties, the attacker taking one answered
//! by the other), as knowledge with a defender's strategy for the proof trees. Sound (265
//! states where it fired, each proven alive again without knowledge), but the answered set
//! went from 7.29 s to 8.88 s for 20.56M -> 20.44M nodes, and on the 60 runs of the
//! problems with unknowns it saved nodes in some and cost in others, leaving the unknowns
//! as they were.
//!
//! Session 6: **core values** ([`crate::dfpn::Problem::core_key`]): a proof or disproof
//! that never met a ko ban holds whatever the ko threats, so it is also stored under a key
//! without them, where states reached with other threats left, and the other searches of
//! the threshold walk (which now share the main search's table), find it. On 44 harder
//! runs (those of `initial_numbers`) 503.6M -> 493.5M nodes, geometric mean 8.49M ->
//! 7.43M; on the unanswered set 3 more runs solved within 10 s: gop/11928 W (5.6 s) and
//! gop/13684 B (at the limit, a borderline case), which both need three threats (their
//! threshold walks were where the time went: five of the 36 unknown runs of session 5
//! had finished the main search within 5 s), and sim/16/weak B (5.7 s, no ko at stake);
//! on the answered set, once the table of a shared walk keeps the defender's successes
//! for the search of the winning move ([`crate::dfpn::Problem::repetition_value`]; it was
//! emptied, and gop/15275 went from 2.1M to 3.1M nodes), 1 % fewer nodes and 3 % more
//! time (the second lookup). A test
//! solves the small vendored problems at five threat differences with core values off
//! and in one shared table, and compares (it fails if a ko ban's state is taken for a
//! core one). gop/7260's reported move changed from H7 to J8, which also lives (proof in
//! the evidence).
//!
//! Tried in session 6 and dropped (measured):
//!
//! * **Relevance zones** for the defender's moves (after Shih, Wu et al.'s relevance-zone
//!   search): with the defender to move, once the attacker wins after the defender's
//!   pass, with a zone of the points the proof reads (captures, liberties it counts,
//!   the dead-shape test's neighbourhood, suicide points kept unplayable), every
//!   defender stone outside the zone that captures nothing loses by the same proof. Built
//!   and sound in the tests, but on the 44 runs 492.6M nodes against 503.6M (2 %), and
//!   slower on the answered set (zone bookkeeping): the pass is rarely decided before its
//!   siblings, and zones held about half of the region (15.5 points on cc2/333). With the
//!   pass tried first at the defender's turns, 30 to 58 % of the defender's open moves
//!   were pruned at 5M nodes, but the pass's own subtrees cost more: 507.7M nodes.
//! * **Deep df-pn** (initial numbers times `max(1, D - depth)`): D = 8 550.8M nodes, D =
//!   16 975.8M with 6 of the 44 unknown.
//! * **A portfolio** of two configurations, one per core, taking the first to finish:
//!   the per-run minimum of the default and deep df-pn (D = 8) or the default and the
//!   pass first is 466M nodes on the 44 runs (7 % less for twice the work).
//! * **Reusing the main search's table for the moves and the variation** when the first
//!   player won with the fewest threats and met no ko: only 9 of the 104 answered
//!   problems meet no ko ban anywhere in the main search, and the full report's nodes did
//!   not change (74.28M -> 74.29M).
//! * **The far end of the walk first** (after a loss with the fewest threats, search with
//!   the most: a loss there settles the result without the differences between): on the
//!   answered set 19.5M -> 20.7M nodes (the search with the most threats is the largest,
//!   and most walks end at a threshold of 0 or 1).
//! * **Semeai knowledge**: 93 % of the dead-shape tests that fail in the hard kills fail on
//!   a mortal attacker chain next to the targets, but those chains mostly have no more
//!   liberties than the targets (real fights, where a "the attacker's chain outlasts the
//!   targets" rule would not fire), so it was not built.
//!
//! Session 7 (a fix of the report, then measurements; the search is unchanged):
//!
//! * **A cut report says so.** A search given all the nodes left (the threshold walk, the
//!   variation) that ran out used to leave the answer saying `solved` (gop/11250 B at
//!   100M nodes: unknown, "solved"), and a winning move whose own threshold the budget
//!   did not reach was listed with the root's (cc1/893 W: F3 "unconditional", where it
//!   needs a ko). The test `a_node_budget_cuts_the_report_honestly`
//!   (`tests/tsumego_solve.rs`) cuts the small answered problems, those with ko first,
//!   at 12 fractions of their nodes (372 cut reports) and checks that a report that
//!   says it finished is the whole one and that a cut one keeps only what is true.
//! * **How far the unknown runs are.** Given 100M nodes (about 33 s here, two runs at a
//!   time), 14 of the 33 unknown runs are answered: gop/15000 B 22.8M nodes, 6083 W
//!   36.9M, 13485 W 37.7M, 4015 B 45.1M, 17663 B 46.1M, 5497 W 56.1M, cc2/333 B 57.9M,
//!   19988 B and 17101 B 71.9M, 13500 W 81.0M, 14352 W 82.2M, 5194 W 83.3M, 5442 W and
//!   20302 W at the limit; 19 are still unknown, at least 3.3 times the nodes that 10 s
//!   allows. Twice the speed (the most two cores could give) would bring about 7 of the
//!   33 within 10 s.
//! * **Re-expansion is not where the nodes go.** On gop/4015 B, after 10M nodes the search
//!   had made 1.34M expansions for 1.14M table entries: almost every state is expanded
//!   once, so the trees are large in themselves. An **expansion cache** (a state's
//!   children, their keys, terminal values and initial numbers kept for its next
//!   expansion; 1K to 16K slots) answered 15 to 20 % of the expansions and left the time
//!   as it was (17.6 s -> 17.0-17.5 s on 4015 B, 23.8 s -> 23.6-24.0 s on cc2/333 B, the
//!   same nodes). Not kept. Splitting each of 4015 B's 17 defences after its killing
//!   move G2 into a search of its own: six of them take 4.7 to 8.1M nodes each, all real
//!   fights.
//! * **Values that hold whatever the loser's threats** (a finer core: a disproof that
//!   never met a ko ban with the first player to move holds whatever the first player's
//!   threats, so a loss at a difference `d >= 0` would settle the threshold walk). Built
//!   and measured on the whole set (300 runs, 30M nodes each): 1,432,136,941 nodes with
//!   and without it, the same answers. Where the walk's loss holds so, the core value
//!   already carries the later searches (found under the core key at once). Not kept.
//!   At difference 0 the roots of the 33 are no such values either (of the 6 answered
//!   within 30M nodes there, none is), and 27 of the 33 are still unknown there after
//!   30M nodes: the threats the opponent holds at the lowest difference are not what
//!   makes them hard.
//!
//! Where the nodes go: the attacker's proofs still fill liberties and fight over attacker
//! stones that are not connected to the wall (in 5 of the slowest kills, 2.3 of 3 million
//! dead-shape tests fail on a mortal attacker chain next to the targets: chains of every
//! size, most with 2 or more liberties). Recognising those needs semeai knowledge (the
//! attacker's chain outlasts the targets) and nakade of four to six points; the defender's
//! proofs of life explore far more than their proof (gop/13485 White: 14.5M nodes for a
//! proof of 12,562 states), where the defender's initial numbers (1 whenever it has room)
//! carry little information.

mod answers;
mod dead;
mod life;
mod open;
pub mod proof;
mod region;
mod search;
mod solve;

pub use answers::{listed_first_moves, listed_replies};
pub use open::{
    army, candidates, groups, infer, load, load_position, open_problem, open_region, rim_frame,
    Candidate, Goal, Group, Inference, Loaded, OpenOptions, MAX_POCKET,
};
pub use proof::{
    proof_sgf, verify, LeafCounts, LineEnd, VerifyError, VerifyErrorKind, VerifyReport,
    PROP_KO_POINT, PROP_KO_THREATS, PROP_WINNER, RIGHT,
};
pub use region::{
    detect_region, MAX_REGION_DISTANCE, MAX_REGION_EMPTY, MAX_REGION_POINTS, WALL_OUTSIDE_LIBERTIES,
};
pub use search::{Search, TsumegoMove};
pub use solve::{
    check_move, solve, solve_with_progress, with_threats, Answer, MoveAnswer, Phase, Progress,
    Refutation, SolveOptions, Verdict,
};

use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Move, Point};
use crate::position::{Position, Setup, SetupError};
use crate::sgf::{self, GameTree, Location, Markup, SgfError, ValueError};
use crate::vertex::{self, VertexError};

/// The largest board side a problem may have.
pub const MAX_BOARD_SIDE: usize = 19;

/// Why a problem cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TsumegoError {
    /// The SGF text cannot be read.
    #[error("SGF syntax: {0}")]
    Syntax(#[from] SgfError),
    /// The SGF text holds no game tree.
    #[error("the SGF text holds no game tree")]
    NoGameTree,
    /// A property value of the SGF cannot be read.
    #[error("SGF value: {0}")]
    Value(#[from] ValueError),
    /// The SGF is readable but does not describe one problem.
    #[error("malformed problem{}: {what}", at_location(*.location))]
    Malformed {
        /// Where, when read from text.
        location: Option<Location>,
        /// What is wrong.
        what: String,
    },
    /// The stones do not form a valid position.
    #[error("the position is not valid: {0}")]
    Setup(#[from] SetupError),
    /// A vertex (of `--target` or `--region`) cannot be read.
    #[error("{0}")]
    Vertex(#[from] VertexError),
    /// The board is larger than [`MAX_BOARD_SIDE`].
    #[error("board {size} is too large for a problem (at most {max}x{max})")]
    BoardTooLarge {
        /// The board size.
        size: BoardSize,
        /// The largest side allowed.
        max: usize,
    },
    /// No target stone is given.
    #[error("no target: mark a stone of the chain to kill or save (SGF MA, or --target)")]
    NoTarget,
    /// A target is a point without a stone.
    #[error("target {vertex} is an empty point, not a stone")]
    EmptyTarget {
        /// The target as a GTP vertex.
        vertex: String,
    },
    /// A target or region point lies outside the board.
    #[error("point {x},{y} is off the {size} board")]
    OffBoard {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The board size.
        size: BoardSize,
    },
    /// Targets of both colours.
    #[error("targets of both colours: {black} is black and {white} is white")]
    MixedTargets {
        /// A black target, as a GTP vertex.
        black: String,
        /// A white target, as a GTP vertex.
        white: String,
    },
    /// The region cannot be closed: no safe wall encloses the targets.
    #[error("region cannot be closed near {near}: {reason}")]
    RegionNotClosed {
        /// Where the region leaks, as a GTP vertex.
        near: String,
        /// Why.
        reason: String,
    },
    /// An open problem whose goal [`infer`] cannot find: no chain's fate depends on who
    /// plays first within the reading budgets.
    #[error("no goal found: no group's fate depends on who plays first within the reading budget ({candidates}); mark the target group and say the goal (kill or live)")]
    NoGoal {
        /// What was found of each candidate chain.
        candidates: String,
    },
}

fn at_location(location: Option<Location>) -> String {
    location.map(|l| format!(" at {l}")).unwrap_or_default()
}

/// A life-and-death problem: position, targets, first player, region and external ko
/// threats. See the [module documentation](self) for the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tsumego {
    position: Position,
    defender: Color,
    targets: Vec<Point>,
    region: Vec<Point>,
    ko_threats: ByColor<u32>,
}

impl Tsumego {
    /// The problem of defending or killing the chains of `targets` in `position` (the side
    /// to move of `position` moves first), with the region found by [`detect_region`].
    ///
    /// ```
    /// use tesuji::{ascii, Point};
    /// use tesuji::tsumego::{Tsumego, TsumegoError};
    /// let pos = ascii::parse_diagram("X . .\n. . .\n. . .").unwrap();
    /// assert_eq!(Tsumego::new(pos.clone(), &[]), Err(TsumegoError::NoTarget));
    /// assert!(matches!(
    ///     Tsumego::new(pos, &[Point::new(2, 2)]),
    ///     Err(TsumegoError::EmptyTarget { .. })
    /// ));
    /// ```
    pub fn new(position: Position, targets: &[Point]) -> Result<Tsumego, TsumegoError> {
        Tsumego::build(position, targets, None)
    }

    /// As [`Tsumego::new`] with the region given: moves may be played on the empty points
    /// of `region` only. The target stones are added to the region if missing.
    pub fn with_region(
        position: Position,
        targets: &[Point],
        region: &[Point],
    ) -> Result<Tsumego, TsumegoError> {
        Tsumego::build(position, targets, Some(region))
    }

    fn build(
        position: Position,
        targets: &[Point],
        region: Option<&[Point]>,
    ) -> Result<Tsumego, TsumegoError> {
        let size = position.size();
        if size.width() > MAX_BOARD_SIDE || size.height() > MAX_BOARD_SIDE {
            return Err(TsumegoError::BoardTooLarge {
                size,
                max: MAX_BOARD_SIDE,
            });
        }
        if targets.is_empty() {
            return Err(TsumegoError::NoTarget);
        }
        let board = position.board();
        let mut marked: ByColor<Option<Point>> = ByColor::default();
        for &t in targets {
            if !size.contains(t) {
                return Err(off_board(t, size));
            }
            match board.get(t) {
                None => {
                    return Err(TsumegoError::EmptyTarget {
                        vertex: vertex_text(t, size),
                    })
                }
                Some(c) => {
                    marked[c].get_or_insert(t);
                }
            }
        }
        let defender = match (marked[Color::Black], marked[Color::White]) {
            (Some(b), Some(w)) => {
                return Err(TsumegoError::MixedTargets {
                    black: vertex_text(b, size),
                    white: vertex_text(w, size),
                })
            }
            (Some(_), None) => Color::Black,
            _ => Color::White,
        };
        // Every stone of the marked chains is a target.
        let mut all = Vec::new();
        for &t in targets {
            if let Some(chain) = board.chain(t) {
                all.extend(chain.stones());
            }
        }
        all.sort_unstable();
        all.dedup();
        let region = match region {
            None => detect_region(board, &all)?,
            Some(given) => {
                let mut r = Vec::with_capacity(given.len() + all.len());
                for &p in given {
                    if !size.contains(p) {
                        return Err(off_board(p, size));
                    }
                    r.push(p);
                }
                r.extend_from_slice(&all);
                r.sort_unstable();
                r.dedup();
                r
            }
        };
        Ok(Tsumego {
            position,
            defender,
            targets: all,
            region,
            ko_threats: ByColor::default(),
        })
    }

    /// Reads a problem from the root of an SGF game tree: the position from `SZ`, `AB`,
    /// `AW`; the targets from `MA`; the region from `SQ` if present (else detected); the
    /// first player from `PL` (Black when `PL` is absent or empty).
    ///
    /// ```
    /// use tesuji::{sgf, Color};
    /// use tesuji::tsumego::Tsumego;
    /// let text = "(;SZ[6]PL[B]MA[aa]AW[aa][ba][ab][cb][ac][bc][cc]
    ///     AB[da][db][dc][dd][ad][bd][cd])";
    /// let problem = Tsumego::from_sgf(&sgf::parse(text).unwrap()[0]).unwrap();
    /// assert_eq!(problem.first(), Color::Black);
    /// assert_eq!(problem.defender(), Color::White);
    /// assert_eq!(problem.region_empty_count(), 2);
    /// ```
    pub fn from_sgf(tree: &GameTree) -> Result<Tsumego, TsumegoError> {
        Tsumego::from_sgf_with(tree, None, None)
    }

    /// As [`Tsumego::from_sgf`], with the targets and the region overridden when given
    /// (the command line's `--target` and `--region`).
    pub fn from_sgf_with(
        tree: &GameTree,
        targets: Option<&[Point]>,
        region: Option<&[Point]>,
    ) -> Result<Tsumego, TsumegoError> {
        tree.check_game_type()?;
        let size = tree.board_size()?;
        if size.width() > MAX_BOARD_SIDE || size.height() > MAX_BOARD_SIDE {
            return Err(TsumegoError::BoardTooLarge {
                size,
                max: MAX_BOARD_SIDE,
            });
        }
        let root = tree.root();
        let position = Tsumego::sgf_position(tree)?;
        let markup = tree.markup(root)?;
        let pick = |m: Markup| -> Vec<Point> {
            markup
                .iter()
                .filter(|&&(k, _)| k == m)
                .map(|&(_, p)| p)
                .collect()
        };
        let marked = pick(Markup::Mark);
        let squares = pick(Markup::Square);
        let targets = targets.unwrap_or(&marked);
        let region = match region {
            Some(r) => Some(r),
            None if !squares.is_empty() => Some(&squares[..]),
            None => None,
        };
        Tsumego::build(position, targets, region)
    }

    /// The targets marked at a problem file's root (`MA`), in the file's order.
    pub fn sgf_targets(tree: &GameTree) -> Result<Vec<Point>, TsumegoError> {
        Ok(tree
            .markup(tree.root())?
            .into_iter()
            .filter(|&(k, _)| k == Markup::Mark)
            .map(|(_, p)| p)
            .collect())
    }

    /// The region marked at a problem file's root (`SQ`), in the file's order.
    pub fn sgf_region(tree: &GameTree) -> Result<Vec<Point>, TsumegoError> {
        Ok(tree
            .markup(tree.root())?
            .into_iter()
            .filter(|&(k, _)| k == Markup::Square)
            .map(|(_, p)| p)
            .collect())
    }

    /// The position of a problem file's root: the stones of `SZ`, `AB`, `AW`, the first
    /// player of `PL` to move (Black when absent or empty). What [`Tsumego::from_sgf`]
    /// starts from, and [`infer`] for a problem with no target marked.
    pub fn sgf_position(tree: &GameTree) -> Result<Position, TsumegoError> {
        tree.check_game_type()?;
        let size = tree.board_size()?;
        let root = tree.root();
        let first = first_player(tree)?;
        let mut setup = Setup::empty(size);
        setup.to_play = first.unwrap_or(Color::Black);
        for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
            for p in tree.points(root, prop)? {
                setup.stones.push((p, color));
            }
        }
        Ok(Position::from_setup(&setup)?)
    }

    /// Reads a problem from SGF text (the first game tree of the collection).
    ///
    /// ```
    /// use tesuji::tsumego::{Tsumego, TsumegoError};
    /// let err = Tsumego::from_sgf_text("(;SZ[5]AB[cc])").unwrap_err();
    /// assert_eq!(err, TsumegoError::NoTarget);
    /// ```
    pub fn from_sgf_text(text: &str) -> Result<Tsumego, TsumegoError> {
        let trees = sgf::parse(text)?;
        let tree = trees.first().ok_or(TsumegoError::NoGameTree)?;
        Tsumego::from_sgf(tree)
    }

    /// Reads a comma- or space-separated list of GTP vertices (`D4,E5`), as `--target` and
    /// `--region` give them, on a board of `size`. `pass` is refused.
    ///
    /// ```
    /// use tesuji::{BoardSize, Point};
    /// use tesuji::tsumego::Tsumego;
    /// let size = BoardSize::square(9).unwrap();
    /// assert_eq!(Tsumego::parse_points("A9, b8", size).unwrap(),
    ///            vec![Point::new(0, 0), Point::new(1, 1)]);
    /// assert!(Tsumego::parse_points("pass", size).is_err());
    /// ```
    pub fn parse_points(text: &str, size: BoardSize) -> Result<Vec<Point>, TsumegoError> {
        let mut out = Vec::new();
        for word in text.split([',', ' ', '\t', '\n']).filter(|w| !w.is_empty()) {
            match vertex::parse(word, size)? {
                Move::Play(p) => out.push(p),
                Move::Pass => {
                    return Err(TsumegoError::Vertex(VertexError::Syntax(word.to_string())))
                }
            }
        }
        Ok(out)
    }

    /// The position; its side to move is the first player.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side to move first.
    pub fn first(&self) -> Color {
        self.position.to_play()
    }

    /// Sets the side to move first (a ko ban of the position is dropped when the side
    /// changes).
    pub fn set_first(&mut self, color: Color) {
        self.position.set_to_play(color);
    }

    /// The owner of the targets.
    pub fn defender(&self) -> Color {
        self.defender
    }

    /// The colour that tries to capture the targets.
    pub fn attacker(&self) -> Color {
        !self.defender
    }

    /// Every stone of the target chains, in board order.
    pub fn targets(&self) -> &[Point] {
        &self.targets
    }

    /// The region: every point where a move may be played, stones included (a stone's
    /// point becomes playable once it is captured), in board order.
    pub fn region(&self) -> &[Point] {
        &self.region
    }

    /// Whether `p` is in the region.
    pub fn in_region(&self, p: Point) -> bool {
        self.region.binary_search(&p).is_ok()
    }

    /// How many points of the region are empty now.
    pub fn region_empty_count(&self) -> usize {
        let b = self.position.board();
        self.region.iter().filter(|&&p| b.is_empty(p)).count()
    }

    /// The external ko threats of `color` (0 unless set).
    pub fn ko_threats(&self, color: Color) -> u32 {
        self.ko_threats[color]
    }

    /// Sets the external ko threats of `color`.
    pub fn set_ko_threats(&mut self, color: Color, threats: u32) {
        self.ko_threats[color] = threats;
    }

    /// The search state for proving that `prover` succeeds (capture if it is the
    /// attacker, life or seki if it is the defender), with [`Tsumego::first`] to move.
    pub fn search(&self, prover: Color) -> Search {
        Search::new(self, prover)
    }

    /// The region as a diagram: the position with `#` on the empty region points (rows
    /// from the top, no labels). Handy in error reports and tests.
    ///
    /// ```
    /// use tesuji::{ascii, Point};
    /// use tesuji::tsumego::Tsumego;
    /// let pos = ascii::parse_diagram("
    ///     . X O .
    ///     X X O .
    ///     O O O .
    ///     . . . .
    /// ").unwrap();
    /// let problem = Tsumego::new(pos, &[Point::new(1, 0)]).unwrap();
    /// assert_eq!(problem.region_diagram(), "#XO.\nXXO.\nOOO.\n....\n");
    /// ```
    pub fn region_diagram(&self) -> String {
        let size = self.position.size();
        let b = self.position.board();
        let mut s = String::with_capacity(size.area() + size.height());
        for y in 0..size.height() {
            for x in 0..size.width() {
                let p = Point::new(x, y);
                s.push(match b.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if self.in_region(p) => '#',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

/// The `PL` of the root: `None` when absent or empty; an error when given twice or with
/// several values (as in tsumego.js's `gop/20133`).
fn first_player(tree: &GameTree) -> Result<Option<Color>, TsumegoError> {
    let root = tree.root();
    let props: Vec<_> = tree
        .node(root)
        .properties()
        .iter()
        .filter(|p| p.id() == "PL")
        .collect();
    if props.len() > 1 || props.first().is_some_and(|p| p.values().len() > 1) {
        return Err(TsumegoError::Malformed {
            location: props.get(1).or(props.first()).and_then(|p| p.location()),
            what: "the first player (PL) is given more than once".to_string(),
        });
    }
    match props.first() {
        Some(p) if p.value().unwrap_or("").trim().is_empty() => Ok(None),
        _ => Ok(tree.player(root)?),
    }
}

pub(crate) fn vertex_text(p: Point, size: BoardSize) -> String {
    vertex::format(Move::Play(p), size).to_string()
}

fn off_board(p: Point, size: BoardSize) -> TsumegoError {
    TsumegoError::OffBoard {
        x: p.x(),
        y: p.y(),
        size,
    }
}

#[cfg(test)]
mod tests;
