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
//!   or when a target chain has **escaped**: it has two liberties outside the region, or
//!   a **wide** one (two of its neighbours are empty points outside the region: open
//!   board beyond), or one with the defender to move (the rule that makes the open border
//!   of a problem's region count as the outside, see [`open_problem`]). The defender never
//!   plays outside the region, and the attacker only to **block**: with the attacker to
//!   move, a target chain's liberty outside the region that is not wide is a legal point
//!   for it. So a chain that crawls by its own move to a narrow exit (a first-line point
//!   along the wall, a gap between two stones) is stopped there, as a player stops it; one
//!   that reaches open board, or a narrow exit with the defender to move (or two of them,
//!   of which a block takes one), gets out. A region closed by the attacker's wall gives
//!   the targets no such liberty.
//! * Moves: any legal move (simple ko, suicide forbidden) on an empty point of the
//!   region, the attacker's blocks (above), a pass (a local pass is "playing elsewhere")
//!   and, when the side to move may not retake a ko and still has external ko threats, a
//!   [`TsumegoMove::Threat`].
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
//! The figures on the tsumego.js set (time, nodes, the unanswered runs), what made the
//! solver faster and what was tried and dropped, each with its measurement, are in
//! `BENCHMARKS.md` at the root of the repository.

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
    army, candidates, close_rim, groups, infer, load, load_position, open_problem, open_region,
    rim_frame, Candidate, Goal, Group, Inference, Loaded, Look, OpenOptions, CLOSER_LOOK_SHARE,
    DEAD_END_ROOM, DEAD_END_STEPS, DECIDING_SHARE, ENCLOSED_ROOM, MAX_POCKET, SECOND_LOOK_EMPTY,
    TINY_STAKE, WEAK_LIBERTIES,
};
pub use proof::{
    problem_tree, proof_sgf, verified_proof_text, verify, LeafCounts, LineEnd, ProofTextError,
    VerifyError, VerifyErrorKind, VerifyReport, PROP_ID, PROP_KO_POINT, PROP_KO_THREATS, PROP_SAME,
    PROP_WINNER, RIGHT,
};
pub use region::{
    detect_region, MAX_REGION_DISTANCE, MAX_REGION_EMPTY, MAX_REGION_POINTS, WALL_OUTSIDE_LIBERTIES,
};
pub use search::{Search, TsumegoMove};
pub use solve::{
    check_move, check_move_counted, solve, solve_with_progress, with_threats, Answer, MoveAnswer,
    Phase, Progress, Refutation, SolveOptions, Verdict,
};

use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Move, Point};
use crate::position::{Position, Setup, SetupError};
use crate::sgf::{self, GameTree, Location, Markup, SgfError, ValueError};
use crate::vertex::{self, VertexError};

/// The largest board side a problem may have.
pub const MAX_BOARD_SIDE: usize = 19;

/// The longest time budget, in seconds, that tesuji's faces accept (about 31 years: past
/// it a budget is no limit in practice, and near `u64::MAX` seconds it no longer fits a
/// [`std::time::Duration`]).
pub const MAX_TIME_SECONDS: f64 = 1e9;

/// A time budget of `seconds` as a duration: `None` unless it is a number from 0 to
/// [`MAX_TIME_SECONDS`]. Every face converts its time option through this, so none can
/// hand [`std::time::Duration::from_secs_f64`] a value it panics on; a face that needs
/// more than 0 checks that itself.
///
/// ```
/// use tesuji::tsumego::time_budget;
/// assert_eq!(time_budget(1.5), Some(std::time::Duration::from_millis(1500)));
/// assert_eq!(time_budget(1e20), None);
/// assert_eq!(time_budget(f64::NAN), None);
/// assert_eq!(time_budget(-1.0), None);
/// ```
pub fn time_budget(seconds: f64) -> Option<std::time::Duration> {
    (seconds.is_finite() && (0.0..=MAX_TIME_SECONDS).contains(&seconds))
        .then(|| std::time::Duration::from_secs_f64(seconds))
}

/// A number as an error message quotes it: as given, except that a huge one reads as
/// `1e20` rather than in its twenty-one digits (what the faces say of a time option
/// that [`time_budget`] refuses).
///
/// ```
/// use tesuji::tsumego::brief_number;
/// assert_eq!(brief_number(2.5), "2.5");
/// assert_eq!(brief_number(1e20), "1e20");
/// assert_eq!(brief_number(-3e7), "-3e7");
/// ```
pub fn brief_number(x: f64) -> String {
    if x.abs() >= 1e6 {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

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
    /// The stones of a problem file do not form a valid position: where the setup
    /// property that places the point at fault is.
    #[error("the position is not valid{}: {error}", at_location(*.location))]
    SetupAt {
        /// The `AB` or `AW` property that places the point, when read from text.
        location: Option<Location>,
        /// What is wrong.
        error: SetupError,
    },
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
        root_markup(tree, Markup::Mark)
    }

    /// The region marked at a problem file's root (`SQ`), in the file's order.
    pub fn sgf_region(tree: &GameTree) -> Result<Vec<Point>, TsumegoError> {
        root_markup(tree, Markup::Square)
    }

    /// The position of a problem file's root: the stones of `SZ`, `AB`, `AW`, the first
    /// player of `PL` to move (Black when absent or empty). What [`Tsumego::from_sgf`]
    /// starts from, and [`infer`] for a problem with no target marked.
    pub fn sgf_position(tree: &GameTree) -> Result<Position, TsumegoError> {
        tree.check_game_type()?;
        let size = tree.board_size()?;
        // Not used by the problem, but a bad value is bad input, as it is when the file
        // is read as a game.
        tree.ruleset()?;
        tree.handicap()?;
        let root = tree.root();
        let first = first_player(tree)?;
        let mut setup = Setup::empty(size);
        setup.to_play = first.unwrap_or(Color::Black);
        for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
            for p in tree.points(root, prop)? {
                setup.stones.push((p, color));
            }
        }
        Position::from_setup(&setup).map_err(|error| {
            // The property that places the point at fault (the last one, for a point
            // given twice).
            let at = match error {
                SetupError::Duplicate { x, y, .. } | SetupError::NoLiberties { x, y, .. } => {
                    Some(Point::new(x, y))
                }
                _ => None,
            };
            let location = tree
                .node(root)
                .properties()
                .iter()
                .filter(|p| matches!(p.id(), "AB" | "AW"))
                .rfind(|p| {
                    at.is_some_and(|at| {
                        p.values().iter().any(|v| {
                            sgf::parse_point_list_value(v, size).is_ok_and(|ps| ps.contains(&at))
                        })
                    })
                })
                .and_then(|p| p.location());
            TsumegoError::SetupAt { location, error }
        })
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
                    return Err(TsumegoError::Vertex(VertexError::NotAPoint(
                        word.to_string(),
                    )))
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

    /// The **exits** of the region, in board order: the empty points outside it next to
    /// one of its points. The defender never plays there and the attacker only to block,
    /// so a target chain that gets such a liberty has escaped, unless it is the only one,
    /// not wide, and the attacker is to move (see the rules above).
    pub fn exits(&self) -> Vec<Point> {
        let b = self.position.board();
        self.position
            .size()
            .points()
            .filter(|&p| b.is_empty(p) && !self.in_region(p))
            .filter(|&p| b.neighbors(p).any(|n| self.in_region(n)))
            .collect()
    }

    /// Whether `p`, an empty point outside the region on `board` (the problem's board
    /// or one reached from it), is **wide**: two of its neighbours are empty points
    /// outside the region (see the rules above). The verifier and the goal's inference
    /// read the escape rule through this and [`Tsumego::way_out`]; the search keeps its
    /// own incremental form.
    pub(crate) fn is_wide(&self, board: &crate::board::Board, p: Point) -> bool {
        board
            .neighbors(p)
            .filter(|&n| board.is_empty(n) && !self.in_region(n))
            .count()
            >= 2
    }

    /// The liberties outside the region of the chain through `t` on `board`, and whether
    /// one of them is wide ([`Tsumego::is_wide`]); `(0, false)` for an empty point.
    pub(crate) fn way_out(&self, board: &crate::board::Board, t: Point) -> (usize, bool) {
        board.chain(t).map_or((0, false), |c| {
            let out: Vec<Point> = c
                .liberties()
                .into_iter()
                .filter(|&l| !self.in_region(l))
                .collect();
            let wide = out.iter().any(|&l| self.is_wide(board, l));
            (out.len(), wide)
        })
    }

    /// Whether the region is open: it has an exit ([`Tsumego::exits`]). A region closed
    /// by the attacker's wall, and a kill's open region once its rim is closed
    /// ([`close_rim`]), have none.
    pub fn is_open(&self) -> bool {
        !self.exits().is_empty()
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

/// The points of the root of `tree` marked with `kind`, in the file's order.
fn root_markup(tree: &GameTree, kind: Markup) -> Result<Vec<Point>, TsumegoError> {
    Ok(tree
        .markup(tree.root())?
        .into_iter()
        .filter(|&(k, _)| k == kind)
        .map(|(_, p)| p)
        .collect())
}
