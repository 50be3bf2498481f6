//! Ladders (shicho): reading whether a chain with one or two liberties can be chased into
//! capture by a sequence of ataris, and the ladder features of a whole position.
//!
//! # What a ladder is here
//!
//! The *defender* is the chain under attack; the *attacker* is the other colour. The reading
//! is a two-player search restricted to these moves:
//!
//! - **Attacker to move.** If the defender has one liberty, the attacker captures there: the
//!   ladder has worked ([`Outcome::Captured`]). If it has three or more, the ladder has
//!   failed ([`Outcome::Escaped`]). With exactly two liberties the attacker may play on
//!   either of them, and on nothing else.
//! - **Defender to move.** If the defender has three or more liberties it has escaped.
//!   Otherwise it may extend on a liberty, or capture any adjacent attacker chain that is in
//!   atari (which is how ladder breakers of the defender's colour and "escape by capturing"
//!   work). After the defender's move, three or more liberties is an escape, two lets the
//!   attacker continue, and one lets the attacker capture (so an extension into self-atari,
//!   or a capture that is immediately recaptured by a snapback, fails).
//! - **A defender with two liberties moving first** (only at the start of a reading) may
//!   also play on a liberty of an adjacent attacker chain with two liberties (a
//!   counter-atari), on an empty point next to one of its own liberties, or pass (tenuki);
//!   it has escaped if the attacker then cannot ladder it. These are the moves Fuego's
//!   `go_ladder` tries in the same case.
//! - Every move must be legal under the simple ko rule, with suicide forbidden (a suicide
//!   can neither take a liberty from the defender nor give it one). Illegal moves are not
//!   played; a mover without a legal useful move fails.
//!
//! ## Kos
//!
//! Kos favour the defender, as in KataGo's ladder features (these rules are what makes
//! KataGo's ko tests pass):
//!
//! - The defender's **first** move of a reading may retake a ko although the simple-ko ban
//!   forbids it (it is assumed to have a ko threat). This covers the position's ko point
//!   when the defender moves first, and a ko made by the attacker's first move.
//! - Later, a defender move that only the ko ban forbids counts as an escape: a ladder that
//!   the attacker can win only by winning a ko is not a working ladder.
//! - An attacker move (or capture of the defender) that the ko ban forbids is not played.
//!   The position's ko point binds the side to move only: it counts if that side moves
//!   first, and is lifted otherwise.
//! - **Double ko.** When both of the defender's two liberties are ko captures for the
//!   attacker, the defender connecting at either still has at most two liberties, and no
//!   attacker chain next to it is in atari, the defender is captured: it cannot win two kos.
//!
//! GNU Go's `ladder_attack` reports ladders that need a ko as separate results (codes 2 and
//! 3); here they are escapes.
//!
//! ## Budget and depth
//!
//! The search counts the positions where it generates moves; past the node budget the
//! answer is [`Outcome::Unknown`], never a guess. [`DEFAULT_BUDGET`] is KataGo's 25,000.
//! The search keeps its own stack on the heap, so a ladder across the whole board cannot
//! overflow the thread's stack.
//!
//! Ladder breakers of either colour need no special case: stones of the defender's colour
//! give it liberties when it extends or connects to them, and stones of the attacker's
//! colour take liberties away; captures during the ladder change the board as in a game.
//! A chain with three or more liberties is never in a ladder: reading it gives
//! [`Outcome::Escaped`] at once.
//!
//! ```
//! use tesuji::{ascii, ladder, Move, Point};
//! // The white chain on the right is in a ladder; Black to move starts it.
//! let pos = ascii::parse_diagram("
//!     . . . . . . . X .
//!     . . . . . . X O X
//!     . . . . . . . O X
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     Black to move
//! ").unwrap();
//! let white = Point::new(7, 2);
//! let r = ladder::read(&pos, white, ladder::Side::Attacker, ladder::DEFAULT_BUDGET).unwrap();
//! assert_eq!(r.outcome, ladder::Outcome::Captured);
//! assert_eq!(r.sequence[0], Move::Play(Point::new(7, 3)));
//! let a = ladder::status(&pos, white, ladder::DEFAULT_BUDGET).unwrap();
//! assert!(matches!(a.status, ladder::Status::Unsettled { .. }));
//! ```

use crate::board::{neighbors, Board, EMPTY};
use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Move, Point};
use crate::position::{IllegalReason, MoveRecord, Position};
use crate::rules::Suicide;

/// KataGo's node budget for one ladder search: 25,000 positions.
pub const DEFAULT_BUDGET: u32 = 25_000;

/// Who moves first in a ladder reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The colour trying to capture the chain.
    Attacker,
    /// The colour of the chain.
    Defender,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}

/// The result of one ladder reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The ladder works: the chain is captured.
    Captured,
    /// The chain gets out (three or more liberties, or a ko it may fight).
    Escaped,
    /// The node budget ran out before the answer was known.
    Unknown,
}

impl Outcome {
    /// `captured`, `escaped` or `unknown`.
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Captured => "captured",
            Outcome::Escaped => "escaped",
            Outcome::Unknown => "unknown",
        }
    }
}

/// An outcome with the sequence that shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The answer.
    pub outcome: Outcome,
    /// The moves, alternating from the first mover. For [`Outcome::Captured`] it ends with
    /// the capture; for [`Outcome::Escaped`] with the defender's escape (or with the
    /// attacker's last try, when the defender's escape is that it has three liberties); it
    /// is the longest resistance of the losing side. Empty for [`Outcome::Unknown`].
    pub sequence: Vec<Move>,
    /// Positions searched: those where the mover's moves were generated (decided positions,
    /// such as a capture or three liberties, are not counted).
    pub nodes: u32,
}

/// The ladder status of a chain, from both readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Captured whoever moves first.
    Captured,
    /// Captured if the attacker moves first, escaped if the defender does.
    Unsettled {
        /// The attacker's first move of the working ladder.
        capture: Move,
        /// The defender's saving move.
        escape: Move,
    },
    /// Escaped even if the attacker moves first.
    Escaped,
    /// One of the readings ran out of budget.
    Unknown,
}

impl Status {
    /// `captured`, `unsettled`, `escaped` or `unknown` (the words of Fuego's `go_ladder`).
    pub const fn name(self) -> &'static str {
        match self {
            Status::Captured => "captured",
            Status::Unsettled { .. } => "unsettled",
            Status::Escaped => "escaped",
            Status::Unknown => "unknown",
        }
    }
}

/// Both readings of one chain and its status (see [`status`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The point asked about.
    pub chain: Point,
    /// The chain's colour (the defender).
    pub color: Color,
    /// The chain's liberty count.
    pub liberties: usize,
    /// Reading with the attacker moving first.
    pub attacker_first: Reading,
    /// Reading with the defender moving first.
    pub defender_first: Reading,
    /// The combined answer.
    pub status: Status,
}

/// Why a ladder question cannot be asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    /// The point is not on the position's board.
    #[error("point {0:?} is not on the board")]
    OffBoard(Point),
    /// The point holds no stone.
    #[error("point {0:?} holds no stone")]
    NoStone(Point),
}

/// Reads the ladder against the chain on `chain` with `first` to move, visiting at most
/// `budget` positions. See the [module documentation](self) for the rules of the reading.
///
/// # Errors
///
/// [`LadderError`] if `chain` is off the board or empty.
pub fn read(
    position: &Position,
    chain: Point,
    first: Side,
    budget: u32,
) -> Result<Reading, LadderError> {
    let defender = chain_color(position, chain)?;
    let mut pos = working_copy(position, defender, first);
    let mut s = Search::new(&mut pos, chain, defender, budget, true);
    let (outcome, sequence) = s.run(first);
    let nodes = s.nodes;
    Ok(Reading {
        outcome,
        sequence,
        nodes,
    })
}

/// Reads the chain on `chain` with each side moving first (each reading with its own
/// `budget`) and combines the answers into a [`Status`].
///
/// # Errors
///
/// [`LadderError`] if `chain` is off the board or empty.
///
/// ```
/// use tesuji::{ascii, ladder, Point};
/// let pos = ascii::parse_diagram("
///     . X O .
///     . X O .
///     . . . .
///     . . . .
///     Black to move
/// ").unwrap();
/// let a = ladder::status(&pos, Point::new(2, 0), ladder::DEFAULT_BUDGET).unwrap();
/// assert_eq!(a.liberties, 3);
/// assert_eq!(a.status, ladder::Status::Escaped);
/// ```
pub fn status(position: &Position, chain: Point, budget: u32) -> Result<Analysis, LadderError> {
    let color = chain_color(position, chain)?;
    let liberties = position.board().liberty_count(chain);
    let attacker_first = read(position, chain, Side::Attacker, budget)?;
    let defender_first = match attacker_first.outcome {
        // Whatever the defender would do, it can also pass.
        Outcome::Escaped => Reading {
            outcome: Outcome::Escaped,
            sequence: Vec::new(),
            nodes: 0,
        },
        _ => read(position, chain, Side::Defender, budget)?,
    };
    let status = match (attacker_first.outcome, defender_first.outcome) {
        (Outcome::Unknown, _) | (_, Outcome::Unknown) => Status::Unknown,
        (Outcome::Escaped, _) => Status::Escaped,
        (Outcome::Captured, Outcome::Captured) => Status::Captured,
        (Outcome::Captured, Outcome::Escaped) => Status::Unsettled {
            capture: attacker_first
                .sequence
                .first()
                .copied()
                .unwrap_or(Move::Pass),
            escape: defender_first
                .sequence
                .first()
                .copied()
                .unwrap_or(Move::Pass),
        },
    };
    Ok(Analysis {
        chain,
        color,
        liberties,
        attacker_first,
        defender_first,
        status,
    })
}

/// The attacker's moves that start a working ladder against the chain on `chain`, which
/// must have exactly two liberties (an empty list otherwise): each liberty is tried in
/// turn, with the defender answering. A liberty is listed only if its reading is
/// [`Outcome::Captured`] within `budget`.
///
/// # Errors
///
/// [`LadderError`] if `chain` is off the board or empty.
///
/// ```
/// use tesuji::{ascii, ladder, Point};
/// // A lone black stone in the corner: either atari works.
/// let pos = ascii::parse_diagram("
///     X . .
///     . . .
///     . . .
///     White to move
/// ").unwrap();
/// let moves = ladder::working_moves(&pos, Point::new(0, 0), ladder::DEFAULT_BUDGET).unwrap();
/// assert_eq!(moves, [Point::new(1, 0), Point::new(0, 1)]);
/// ```
pub fn working_moves(
    position: &Position,
    chain: Point,
    budget: u32,
) -> Result<Vec<Point>, LadderError> {
    let defender = chain_color(position, chain)?;
    let mut pos = working_copy(position, defender, Side::Attacker);
    let mut s = Search::new(&mut pos, chain, defender, budget, false);
    Ok(s.working_moves())
}

/// A boolean plane over the board, row by row from the top left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plane {
    size: BoardSize,
    bits: Vec<bool>,
}

impl Plane {
    fn new(size: BoardSize) -> Plane {
        Plane {
            size,
            bits: vec![false; size.area()],
        }
    }
    fn slot(&self, p: Point) -> Option<usize> {
        self.size
            .contains(p)
            .then(|| p.y() * self.size.width() + p.x())
    }
    fn set(&mut self, p: Point) {
        if let Some(i) = self.slot(p) {
            self.bits[i] = true;
        }
    }
    /// Whether `p` is set (false off the board).
    pub fn get(&self, p: Point) -> bool {
        self.slot(p).is_some_and(|i| self.bits[i])
    }
    /// The values, row by row from the top left (`width * height` of them).
    pub fn as_slice(&self) -> &[bool] {
        &self.bits
    }
    /// The points that are set, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.size.points().filter(|&p| self.get(p))
    }
    /// How many points are set.
    pub fn count(&self) -> usize {
        self.bits.iter().filter(|&&b| b).count()
    }
}

/// The ladder features of a position (KataGo's input features 14 and 17, for both
/// colours).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Features {
    /// Stones of chains that are ladder-captured: a chain with one liberty that is captured
    /// with the defender to move, or a chain with two liberties that is captured with the
    /// attacker to move (either liberty). Stones of both colours.
    pub captured: Plane,
    /// For each colour, its moves that start a working ladder against an opponent chain
    /// with two liberties.
    pub working_moves: ByColor<Plane>,
}

/// The ladder features of every chain with one or two liberties, each reading with the
/// budget [`DEFAULT_BUDGET`]; a reading that runs out of budget counts as not captured.
///
/// ```
/// use tesuji::{ascii, ladder, Color, Point};
/// let pos = ascii::parse_diagram("
///     . . . . . . . X .
///     . . . . . . X O X
///     . . . . . . . O X
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     Black to move
/// ").unwrap();
/// let f = ladder::features(&pos);
/// assert!(f.captured.get(Point::new(7, 1)));
/// assert!(f.working_moves[Color::Black].get(Point::new(7, 3)));
/// assert!(!f.working_moves[Color::Black].get(Point::new(6, 2)));
/// ```
pub fn features(position: &Position) -> Features {
    features_with_budget(position, DEFAULT_BUDGET)
}

/// [`features`] with another node budget per reading.
pub fn features_with_budget(position: &Position, budget: u32) -> Features {
    let size = position.size();
    let mut captured = Plane::new(size);
    let mut working = ByColor::new(Plane::new(size), Plane::new(size));
    let board = position.board();
    let mut seen = crate::board::PointBits::new();
    // One working copy per colour of defender, reused for every chain.
    let mut copies: ByColor<Option<(Position, Position)>> = ByColor::new(None, None);
    for p in size.points() {
        let Some(chain) = board.chain(p) else {
            continue;
        };
        let head = chain.anchor();
        if !seen.insert(head.index()) {
            continue;
        }
        let libs = chain.liberty_count();
        if libs > 2 {
            continue;
        }
        let defender = chain.color();
        let (att_pos, def_pos) = copies[defender].get_or_insert_with(|| {
            (
                working_copy(position, defender, Side::Attacker),
                working_copy(position, defender, Side::Defender),
            )
        });
        let is_captured = if libs == 1 {
            let mut s = Search::new(def_pos, head, defender, budget, false);
            s.run(Side::Defender).0 == Outcome::Captured
        } else {
            let mut s = Search::new(att_pos, head, defender, budget, false);
            let moves = s.working_moves();
            for &m in &moves {
                working[!defender].set(m);
            }
            !moves.is_empty()
        };
        if is_captured {
            for s in chain.stones() {
                captured.set(s);
            }
        }
    }
    Features {
        captured,
        working_moves: working,
    }
}

fn chain_color(position: &Position, chain: Point) -> Result<Color, LadderError> {
    if !position.size().contains(chain) {
        return Err(LadderError::OffBoard(chain));
    }
    position
        .board()
        .get(chain)
        .ok_or(LadderError::NoStone(chain))
}

/// A copy of `position` with suicide forbidden and the side of `first` to move; the ko
/// point survives only if that side was already to move.
fn working_copy(position: &Position, defender: Color, first: Side) -> Position {
    let mut pos = position.clone();
    pos.set_suicide_rule(Suicide::Forbidden);
    let mover = match first {
        Side::Attacker => !defender,
        Side::Defender => defender,
    };
    pos.set_to_play(mover);
    pos
}

/// One node of the explicit search stack: the mover's candidate moves are
/// `moves[start..start + len]`, `cur` is the next to try.
struct Frame {
    side: Side,
    start: usize,
    len: usize,
    cur: usize,
    played: Move,
    record: Option<MoveRecord>,
    /// The defender's first move may retake a ko (it is assumed to have a threat).
    ko_free: bool,
    /// The longest failing line seen so far (principal variation when all moves fail).
    pv: Vec<Move>,
}

/// What entering a node found.
enum Entry {
    /// The node is decided without search.
    Done(Outcome, Vec<Move>),
    /// The node's moves were pushed on the move buffer (`len` of them).
    Expand(usize),
}

struct Search<'a> {
    pos: &'a mut Position,
    target: usize,
    defender: Color,
    budget: u32,
    nodes: u32,
    track_pv: bool,
    moves: Vec<Move>,
}

impl<'a> Search<'a> {
    fn new(
        pos: &'a mut Position,
        chain: Point,
        defender: Color,
        budget: u32,
        track_pv: bool,
    ) -> Search<'a> {
        Search {
            pos,
            target: chain.index(),
            defender,
            budget,
            nodes: 0,
            track_pv,
            moves: Vec::new(),
        }
    }

    fn board(&self) -> &Board {
        self.pos.board()
    }

    fn mover(&self, side: Side) -> Color {
        match side {
            Side::Attacker => !self.defender,
            Side::Defender => self.defender,
        }
    }

    /// Up to three distinct liberties of the chain through stone index `i`.
    fn liberties(&self, i: usize, out: &mut Vec<usize>) {
        out.clear();
        let b = self.board();
        let Some(p) = Point::from_index(i) else {
            return;
        };
        let Some(chain) = b.chain(p) else {
            return;
        };
        for s in chain.stones() {
            for n in neighbors(s.index()) {
                if b.cell(n) == EMPTY && !out.contains(&n) {
                    out.push(n);
                    if out.len() >= 3 {
                        return;
                    }
                }
            }
        }
    }

    fn target_libs(&self) -> usize {
        let b = self.board();
        if b.cell(self.target) != self.defender as u8 {
            return 0;
        }
        b.libs_at(self.target) as usize
    }

    fn empty_neighbors(&self, i: usize) -> usize {
        neighbors(i)
            .into_iter()
            .filter(|&n| self.board().cell(n) == EMPTY)
            .count()
    }

    /// Move-ordering score for the attacker filling liberty `i`: how much the defender
    /// would gain there (empty neighbours, and liberties of friendly chains it would join).
    fn attack_score(&self, i: usize) -> i32 {
        let b = self.board();
        let mut score = 2 * self.empty_neighbors(i) as i32;
        let target_head = b.head_of(self.target);
        let mut heads = [0usize; 4];
        let mut k = 0;
        for n in neighbors(i) {
            if b.cell(n) == self.defender as u8 {
                let h = b.head_of(n);
                if h != target_head && !heads[..k].contains(&h) {
                    heads[k] = h;
                    k += 1;
                    score += 2 * b.libs_of_head(h) as i32 - 3;
                }
            }
        }
        score
    }

    /// The attacker's capture of a defender in atari, if it is legal.
    fn capture_move(&self) -> Option<Move> {
        if self.target_libs() != 1 {
            return None;
        }
        let mut libv = Vec::with_capacity(3);
        self.liberties(self.target, &mut libv);
        let mv = Move::Play(Point::from_index(*libv.first()?)?);
        self.pos.check_as(!self.defender, mv).ok().map(|()| mv)
    }

    /// Counts a node about to be expanded; false when the budget is spent.
    fn count_node(&mut self) -> bool {
        if self.nodes >= self.budget {
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Pushes the moves of the side to move and decides trivial nodes.
    fn enter(&mut self, side: Side) -> Entry {
        let libs = self.target_libs();
        let mut libv = Vec::with_capacity(3);
        match side {
            Side::Attacker => {
                if libs == 0 {
                    return Entry::Done(Outcome::Captured, Vec::new());
                }
                if libs >= 3 {
                    return Entry::Done(Outcome::Escaped, Vec::new());
                }
                self.liberties(self.target, &mut libv);
                if libs == 1 {
                    let Some(last) = libv.first().and_then(|&i| Point::from_index(i)) else {
                        return Entry::Done(Outcome::Captured, Vec::new());
                    };
                    let mv = Move::Play(last);
                    return match self.pos.check_as(!self.defender, mv) {
                        Ok(()) => Entry::Done(Outcome::Captured, vec![mv]),
                        // Only a ko can forbid a capture: a ladder that needs a ko fails.
                        Err(_) => Entry::Done(Outcome::Escaped, Vec::new()),
                    };
                }
                let (mut a, mut b) = match libv[..] {
                    [a, b, ..] => (a, b),
                    _ => return Entry::Done(Outcome::Escaped, Vec::new()),
                };
                if !self.count_node() {
                    return Entry::Done(Outcome::Unknown, Vec::new());
                }
                if self.double_ko_death(a, b) {
                    let mv = Point::from_index(a).map_or(Move::Pass, Move::Play);
                    return Entry::Done(Outcome::Captured, vec![mv]);
                }
                let adjacent = neighbors(a).contains(&b);
                let mut len = 2;
                if !adjacent {
                    // A liberty with three empty neighbours must be filled at once: if the
                    // attacker plays the other one, the defender extends there to three
                    // liberties (such a point is never a ko point, so the extension is legal).
                    let (ea, eb) = (self.empty_neighbors(a), self.empty_neighbors(b));
                    if ea >= 3 && eb >= 3 {
                        return Entry::Done(Outcome::Escaped, Vec::new());
                    } else if ea >= 3 {
                        len = 1;
                    } else if eb >= 3 {
                        std::mem::swap(&mut a, &mut b);
                        len = 1;
                    }
                }
                if len == 2 && self.attack_score(b) > self.attack_score(a) {
                    std::mem::swap(&mut a, &mut b);
                }
                for &i in [a, b][..len].iter() {
                    if let Some(p) = Point::from_index(i) {
                        self.moves.push(Move::Play(p));
                    }
                }
                Entry::Expand(len)
            }
            Side::Defender => {
                if libs >= 3 {
                    return Entry::Done(Outcome::Escaped, Vec::new());
                }
                if !self.count_node() {
                    return Entry::Done(Outcome::Unknown, Vec::new());
                }
                let start = self.moves.len();
                self.push_capturing_moves();
                self.liberties(self.target, &mut libv);
                for &i in &libv {
                    if let Some(p) = Point::from_index(i) {
                        let mv = Move::Play(p);
                        if !self.moves[start..].contains(&mv) {
                            self.moves.push(mv);
                        }
                    }
                }
                if libs == 2 {
                    self.push_two_liberty_defences(&libv, start);
                }
                Entry::Expand(self.moves.len() - start)
            }
        }
    }

    /// Extra moves of a defender with two liberties to move (only at the start of a
    /// reading): liberties of adjacent attacker chains with two liberties (counter-ataris),
    /// empty points next to its liberties, and a pass.
    fn push_two_liberty_defences(&mut self, libv: &[usize], start: usize) {
        let attacker = !self.defender as u8;
        let mut extra: Vec<Move> = Vec::new();
        {
            let b = self.pos.board();
            if let Some(chain) = Point::from_index(self.target).and_then(|p| b.chain(p)) {
                for s in chain.stones() {
                    for n in neighbors(s.index()) {
                        if b.cell(n) != attacker || b.libs_at(n) != 2 {
                            continue;
                        }
                        if let Some(enemy) = Point::from_index(n).and_then(|q| b.chain(q)) {
                            for lib in enemy.liberties() {
                                extra.push(Move::Play(lib));
                            }
                        }
                    }
                }
            }
            for &l in libv {
                for n in neighbors(l) {
                    if b.cell(n) == EMPTY {
                        if let Some(p) = Point::from_index(n) {
                            extra.push(Move::Play(p));
                        }
                    }
                }
            }
        }
        extra.push(Move::Pass);
        for mv in extra {
            if !self.moves[start..].contains(&mv) {
                self.moves.push(mv);
            }
        }
    }

    /// Whether the attacker wins a double ko: both liberties are ko mouths that the
    /// attacker would take with a ko capture, the defender connecting at either still has
    /// at most two liberties, and no attacker chain next to the defender is in atari. The
    /// defender cannot win both kos, whatever its threats.
    fn double_ko_death(&mut self, a: usize, b: usize) -> bool {
        if self.empty_neighbors(a) != 0 || self.empty_neighbors(b) != 0 {
            return false;
        }
        if !self.is_ko_capture(a) || !self.is_ko_capture(b) {
            return false;
        }
        for i in [a, b] {
            let Some(p) = Point::from_index(i) else {
                return false;
            };
            let mv = Move::Play(p);
            if self.pos.check_as(self.defender, mv).is_ok() {
                let rec = self.pos.play_unchecked_as(self.defender, mv);
                let libs = self.target_libs();
                self.pos.undo(&rec);
                if libs > 2 {
                    return false;
                }
            }
        }
        let start = self.moves.len();
        self.push_capturing_moves();
        let any = self.moves.len() > start;
        self.moves.truncate(start);
        !any
    }

    /// Whether an attacker stone on the empty point `i` would capture exactly one defender
    /// stone and stand alone in atari: a ko capture.
    fn is_ko_capture(&self, i: usize) -> bool {
        let b = self.board();
        let mut captured_head = None;
        for n in neighbors(i) {
            let v = b.cell(n);
            if v == crate::board::WALL {
                continue;
            }
            if v != self.defender as u8 {
                return false;
            }
            if b.libs_at(n) == 1 {
                let h = b.head_of(n);
                match captured_head {
                    None => captured_head = Some(h),
                    Some(prev) if prev == h => {}
                    Some(_) => return false,
                }
            }
        }
        captured_head.is_some_and(|h| b.size_of_head(h) == 1)
    }

    /// Pushes the last liberty of every attacker chain in atari next to the defender.
    fn push_capturing_moves(&mut self) {
        let start = self.moves.len();
        let attacker = !self.defender as u8;
        let Some(tp) = Point::from_index(self.target) else {
            return;
        };
        let mut heads: Vec<usize> = Vec::new();
        let mut found: Vec<Move> = Vec::new();
        {
            let b = self.pos.board();
            let Some(chain) = b.chain(tp) else {
                return;
            };
            for s in chain.stones() {
                for n in neighbors(s.index()) {
                    if b.cell(n) != attacker || b.libs_at(n) != 1 {
                        continue;
                    }
                    let h = b.head_of(n);
                    if heads.contains(&h) {
                        continue;
                    }
                    heads.push(h);
                    let Some(enemy) = Point::from_index(n).and_then(|q| b.chain(q)) else {
                        continue;
                    };
                    'stones: for e in enemy.stones() {
                        for m in neighbors(e.index()) {
                            if b.cell(m) == EMPTY {
                                if let Some(lp) = Point::from_index(m) {
                                    let mv = Move::Play(lp);
                                    if !found.contains(&mv) {
                                        found.push(mv);
                                    }
                                }
                                break 'stones;
                            }
                        }
                    }
                }
            }
        }
        self.moves.extend(found);
        debug_assert!(self.moves.len() >= start);
    }

    /// Runs the search from the current position with `first` to move. Leaves the
    /// position as it found it.
    fn run(&mut self, first: Side) -> (Outcome, Vec<Move>) {
        let mut stack: Vec<Frame> = Vec::new();
        match self.enter(first) {
            Entry::Done(o, pv) => return (o, pv),
            Entry::Expand(len) => stack.push(Frame {
                side: first,
                start: self.moves.len() - len,
                len,
                cur: 0,
                played: Move::Pass,
                record: None,
                ko_free: first == Side::Defender,
                pv: Vec::new(),
            }),
        }
        let mut pending: Option<(Outcome, Vec<Move>)> = None;
        loop {
            if let Some((res, pv)) = pending.take() {
                let Some(top) = stack.last_mut() else {
                    return (res, pv);
                };
                if let Some(rec) = top.record.take() {
                    self.pos.undo(&rec);
                }
                if res == Outcome::Unknown {
                    // Out of budget: unwind everything.
                    let f = stack.pop();
                    if let Some(f) = f {
                        self.moves.truncate(f.start);
                    }
                    pending = Some((Outcome::Unknown, Vec::new()));
                    continue;
                }
                let success = matches!(
                    (top.side, res),
                    (Side::Attacker, Outcome::Captured) | (Side::Defender, Outcome::Escaped)
                );
                let line = if self.track_pv && (success || pv.len() + 1 > top.pv.len()) {
                    let mut l = Vec::with_capacity(pv.len() + 1);
                    l.push(top.played);
                    l.extend(pv);
                    Some(l)
                } else {
                    None
                };
                if success {
                    let f = stack.pop();
                    if let Some(f) = f {
                        self.moves.truncate(f.start);
                    }
                    pending = Some((res, line.unwrap_or_default()));
                    continue;
                }
                if let Some(l) = line {
                    top.pv = l;
                }
            }
            let Some(top) = stack.last_mut() else {
                return (Outcome::Unknown, Vec::new());
            };
            if top.cur >= top.len {
                let f = stack.pop();
                if let Some(f) = f {
                    self.moves.truncate(f.start);
                    let (res, mut pv) = match f.side {
                        Side::Attacker => (Outcome::Escaped, f.pv),
                        Side::Defender => (Outcome::Captured, f.pv),
                    };
                    if f.side == Side::Defender && pv.is_empty() && self.track_pv {
                        // No legal defence at all: show the capture.
                        pv.extend(self.capture_move());
                    }
                    pending = Some((res, pv));
                }
                continue;
            }
            let mv = self.moves[top.start + top.cur];
            top.cur += 1;
            let side = top.side;
            let color = self.mover(side);
            top.played = mv;
            match self.pos.check_as(color, mv) {
                Ok(()) => {}
                // A ko retake always captures, so it is otherwise legal.
                Err(IllegalReason::Ko) if top.ko_free => {}
                Err(IllegalReason::Ko) if side == Side::Defender => {
                    // The defender may fight the ko: not a working ladder.
                    pending = Some((Outcome::Escaped, Vec::new()));
                    continue;
                }
                Err(_) => continue,
            }
            let rec = self.pos.play_unchecked_as(color, mv);
            top.record = Some(rec);
            let next = side.other();
            match self.enter(next) {
                Entry::Done(o, pv) => pending = Some((o, pv)),
                Entry::Expand(len) => stack.push(Frame {
                    side: next,
                    start: self.moves.len() - len,
                    len,
                    cur: 0,
                    played: Move::Pass,
                    record: None,
                    ko_free: next == Side::Defender && stack.len() == 1,
                    pv: Vec::new(),
                }),
            }
        }
    }

    /// The attacker's first moves that capture a two-liberty defender.
    fn working_moves(&mut self) -> Vec<Point> {
        let mut out = Vec::new();
        if self.target_libs() != 2 {
            return out;
        }
        let mut libv = Vec::with_capacity(3);
        self.liberties(self.target, &mut libv);
        let attacker = !self.defender;
        for i in libv {
            let Some(p) = Point::from_index(i) else {
                continue;
            };
            let mv = Move::Play(p);
            if self.pos.check_as(attacker, mv).is_err() {
                continue;
            }
            self.nodes = 0;
            let rec = self.pos.play_unchecked_as(attacker, mv);
            let (o, _) = self.run(Side::Defender);
            self.pos.undo(&rec);
            if o == Outcome::Captured {
                out.push(p);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ascii;

    #[test]
    fn budget_gives_unknown() {
        let pos = ascii::parse_diagram(
            "
            . . . . . . . X .
            . . . . . . X O X
            . . . . . . . O X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            Black to move
            ",
        )
        .unwrap();
        let p = Point::new(7, 1);
        let r = read(&pos, p, Side::Attacker, 3).unwrap();
        assert_eq!(r.outcome, Outcome::Unknown);
        assert!(r.sequence.is_empty());
        let r = read(&pos, p, Side::Attacker, DEFAULT_BUDGET).unwrap();
        assert_eq!(r.outcome, Outcome::Captured);
        assert_eq!(
            read(&pos, Point::new(0, 0), Side::Attacker, 10),
            Err(LadderError::NoStone(Point::new(0, 0)))
        );
        assert_eq!(
            read(&pos, Point::new(9, 0), Side::Attacker, 10),
            Err(LadderError::OffBoard(Point::new(9, 0)))
        );
    }
}
