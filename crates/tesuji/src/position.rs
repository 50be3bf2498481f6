//! A position: the board, the side to move, the simple-ko point and the captures.
//!
//! This is the fast state that perft, ladders, Benson and the solver work on. It knows the
//! simple ko rule and the suicide rule; positional and situational superko need the history
//! of the game and live in [`crate::Game`].

use crate::board::{Board, PlaceUndo, BLACK, EMPTY, WALL, ZOBRIST};
use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Move, Point, ARRAY_LEN};
use crate::rules::Suicide;
use std::fmt;

/// Why a move is illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// The move would leave its own chain without liberties.
    Suicide,
    /// The move retakes a ko immediately.
    Ko,
    /// The move would repeat an earlier position (positional or situational superko).
    Superko,
    /// It is the other colour's turn.
    WrongTurn,
    /// The game is over.
    GameOver,
}

impl IllegalReason {
    /// A short lower-case description, as GTP engines print it.
    pub const fn description(self) -> &'static str {
        match self {
            IllegalReason::OffBoard => "off board",
            IllegalReason::Occupied => "occupied",
            IllegalReason::Suicide => "suicide",
            IllegalReason::Ko => "ko",
            IllegalReason::Superko => "superko",
            IllegalReason::WrongTurn => "wrong turn",
            IllegalReason::GameOver => "game over",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// An illegal move and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv:?} by {color}: {reason}")]
pub struct IllegalMove {
    /// Who tried to move.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

/// What a move changed, for [`Position::undo`]. Records must be undone last-in first-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRecord {
    color: Color,
    mv: Move,
    place: Option<PlaceUndo>,
    prev_ko: Option<Point>,
    prev_to_play: Color,
}

impl MoveRecord {
    /// Who moved.
    pub fn color(&self) -> Color {
        self.color
    }
    /// The move.
    pub fn mv(&self) -> Move {
        self.mv
    }
    /// Number of opponent stones the move captured.
    pub fn captured_count(&self) -> usize {
        self.place.map_or(0, |u| u.captured_count())
    }
    /// Number of the mover's stones removed by a multi-stone suicide (they count as the
    /// opponent's prisoners in [`Position::captures`]).
    pub fn suicide_count(&self) -> usize {
        self.place.map_or(0, |u| u.suicide_count())
    }
    /// The board-level record, for a move that placed a stone.
    pub fn place(&self) -> Option<&PlaceUndo> {
        self.place.as_ref()
    }
    /// Whether the move removed its own chain (multi-stone suicide).
    pub fn is_suicide(&self) -> bool {
        self.place.is_some_and(|u| u.is_suicide())
    }
}

/// An unvalidated description of a position, with public fields. Turn it into a
/// [`Position`] with [`Position::from_setup`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Board dimensions.
    pub size: BoardSize,
    /// Stones, in any order; a point may appear once.
    pub stones: Vec<(Point, Color)>,
    /// Side to move.
    pub to_play: Color,
    /// The point the side to move may not play on because of simple ko.
    pub ko: Option<Point>,
    /// Stones captured so far by each colour (prisoners taken).
    pub captures: ByColor<u32>,
}

impl Setup {
    /// An empty board of `size` with Black to move.
    pub fn empty(size: BoardSize) -> Setup {
        Setup {
            size,
            stones: Vec::new(),
            to_play: Color::Black,
            ko: None,
            captures: ByColor::default(),
        }
    }
}

/// Why a [`Setup`] is not a valid position. A point on the board is named in the message
/// as a GTP vertex and in SGF coordinates; one off the board by the `x,y` it was given as.
///
/// ```
/// use tesuji::{BoardSize, Color, Point, Position, Setup};
/// let size = BoardSize::new(7, 5).unwrap();
/// let mut setup = Setup::empty(size);
/// // A black stone in the top left corner with both its liberties taken.
/// setup.stones.push((Point::new(0, 0), Color::Black));
/// setup.stones.push((Point::new(1, 0), Color::White));
/// setup.stones.push((Point::new(0, 1), Color::White));
/// let e = Position::from_setup(&setup).unwrap_err();
/// assert_eq!(e.to_string(), "the black chain at A5 (SGF aa) has no liberties");
/// setup.stones.push((Point::new(1, 0), Color::Black));
/// let e = Position::from_setup(&setup).unwrap_err();
/// assert!(e.to_string().contains("B5 (SGF ba) is given twice"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A stone or the ko point lies outside the board.
    #[error("point {x},{y} is off the {} board", .size.dimensions())]
    OffBoard {
        /// Column of the point.
        x: usize,
        /// Row of the point.
        y: usize,
        /// The board size.
        size: BoardSize,
    },
    /// A point is given twice.
    #[error("point {} is given twice", vertex_text(*x, *y, *size))]
    Duplicate {
        /// Column of the point.
        x: usize,
        /// Row of the point.
        y: usize,
        /// The board size.
        size: BoardSize,
    },
    /// A chain has no liberties.
    #[error("the {color} chain at {} has no liberties", vertex_text(*x, *y, *size))]
    NoLiberties {
        /// Column of a stone of the chain.
        x: usize,
        /// Row of a stone of the chain.
        y: usize,
        /// The chain's colour.
        color: Color,
        /// The board size.
        size: BoardSize,
    },
    /// The ko point is not a point where the side to move could retake a ko.
    #[error("{} is not a ko point for the side to move", vertex_text(*x, *y, *size))]
    BadKo {
        /// Column of the ko point.
        x: usize,
        /// Row of the ko point.
        y: usize,
        /// The board size.
        size: BoardSize,
    },
}

/// A point of a setup error as a GTP vertex (`A19`) with its SGF coordinates (`aa`), so
/// that a user reading either notation finds it.
fn vertex_text(x: usize, y: usize, size: BoardSize) -> String {
    let p = Point::new(x, y);
    let vertex = crate::vertex::format(Move::Play(p), size);
    format!("{vertex} (SGF {})", crate::sgf::point_to_text(p))
}

/// A Go position: board, side to move, simple-ko point, captures and the suicide rule.
///
/// ```
/// use tesuji::{BoardSize, Move, Point, Position};
/// let mut pos = Position::new(BoardSize::square(9).unwrap());
/// let record = pos.play(Move::Play(Point::new(4, 4))).unwrap();
/// assert_eq!(pos.legal_moves().len(), 80 + 1); // 80 points and pass
/// pos.undo(&record);
/// assert_eq!(pos.board().stone_count(tesuji::Color::Black), 0);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    to_play: Color,
    ko: Option<Point>,
    captures: ByColor<u32>,
    suicide: Suicide,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position {{ to_play: {}, ko: {:?}, captures: {:?} }}\n{:?}",
            self.to_play, self.ko, self.captures, self.board
        )
    }
}

/// Key mixed into [`Position::hash`] when White is to move.
const WHITE_TO_PLAY_KEY: u64 = 0x5A17_D1CE_0F2B_7E31;

/// The hash key of a ko point: the key of a black stone there, rotated to stay distinct.
fn ko_key(k: Point) -> u64 {
    ZOBRIST[BLACK as usize][k.index()].rotate_left(17)
}

impl Position {
    /// The empty board of `size`, Black to move, suicide forbidden.
    pub fn new(size: BoardSize) -> Position {
        Position {
            board: Board::new(size),
            to_play: Color::Black,
            ko: None,
            captures: ByColor::default(),
            suicide: Suicide::Forbidden,
        }
    }

    /// Validates `setup`: every point on the board and given once, every chain with a
    /// liberty, and a ko point (if any) where the side to move could retake a single stone.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let size = setup.size;
        let mut board = Board::new(size);
        // Every point on the board and given once, before any stone is placed: a stone
        // given twice must be reported as such, not read as a capture by its other copy.
        let mut given = crate::board::PointBits::new();
        for &(p, _) in &setup.stones {
            if !size.contains(p) {
                return Err(SetupError::OffBoard {
                    x: p.x(),
                    y: p.y(),
                    size,
                });
            }
            if !given.insert(p.index()) {
                return Err(SetupError::Duplicate {
                    x: p.x(),
                    y: p.y(),
                    size,
                });
            }
        }
        for &(p, color) in &setup.stones {
            // Placing can capture or self-capture; detect and report instead.
            let undo = board.place(p, color);
            if undo.captured_count() > 0 || undo.is_suicide() {
                board.unplace(&undo);
                let mut raw = [EMPTY; ARRAY_LEN];
                // Every point is on the board and given once (checked above).
                for &(q, c) in &setup.stones {
                    raw[q.index()] = c as u8;
                }
                let (x, y, color) = first_chain_without_liberty(size, &raw)
                    .expect("a capture implies a chain without liberties");
                return Err(SetupError::NoLiberties { x, y, color, size });
            }
        }
        let pos = Position {
            board,
            to_play: setup.to_play,
            ko: None,
            captures: setup.captures,
            suicide: Suicide::Forbidden,
        };
        if let Some(k) = setup.ko {
            if !size.contains(k) {
                return Err(SetupError::OffBoard {
                    x: k.x(),
                    y: k.y(),
                    size,
                });
            }
            if !pos.is_ko_shape(k, setup.to_play) {
                return Err(SetupError::BadKo {
                    x: k.x(),
                    y: k.y(),
                    size,
                });
            }
        }
        Ok(Position {
            ko: setup.ko,
            ..pos
        })
    }

    /// Whether `k` is empty, surrounded by the opponent of `to_play` (or the edge), and
    /// next to a single opponent stone in atari: a point where `to_play` would retake a ko.
    fn is_ko_shape(&self, k: Point, to_play: Color) -> bool {
        let b = &self.board;
        if !b.is_empty(k) {
            return false;
        }
        let opp = (!to_play) as u8;
        let mut single_in_atari = false;
        for n in crate::board::neighbors(k.index()) {
            let v = b.cell(n);
            if v == WALL {
                continue;
            }
            if v != opp {
                return false;
            }
            let h = b.head_of(n);
            if b.size_of_head(h) == 1 && b.libs_of_head(h) == 1 {
                single_in_atari = true;
            }
        }
        single_in_atari
    }

    /// The setup that [`Position::from_setup`] turns back into this position.
    pub fn to_setup(&self) -> Setup {
        let stones = self
            .board
            .size()
            .points()
            .filter_map(|p| self.board.get(p).map(|c| (p, c)))
            .collect();
        Setup {
            size: self.board.size(),
            stones,
            to_play: self.to_play,
            ko: self.ko,
            captures: self.captures,
        }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board dimensions.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    /// The side to move.
    #[inline]
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// Sets the side to move. A ko point is kept only if it still applies to the new side.
    pub fn set_to_play(&mut self, color: Color) {
        if color != self.to_play {
            self.ko = None;
        }
        self.to_play = color;
    }

    /// The point where the side to move may not retake a ko, if any.
    #[inline]
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// Prisoners held by `color`: the stones it captured, plus the opponent stones that the
    /// opponent removed by a multi-stone suicide.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color]
    }

    /// The suicide rule in force.
    pub fn suicide_rule(&self) -> Suicide {
        self.suicide
    }

    /// Sets the suicide rule.
    pub fn set_suicide_rule(&mut self, suicide: Suicide) {
        self.suicide = suicide;
    }

    /// Hash of the stones, the side to move and the ko point.
    pub fn hash(&self) -> u64 {
        let mut h = self.board.hash();
        if self.to_play == Color::White {
            h ^= WHITE_TO_PLAY_KEY;
        }
        if let Some(k) = self.ko {
            h ^= ko_key(k);
        }
        h
    }

    /// The [hash](Position::hash) after the side to move plays a stone on the empty point
    /// with padded index `i` that captures nothing (the caller knows it does not): the
    /// stone's key, the other side to move, and no ko point.
    #[inline]
    pub(crate) fn hash_after_quiet(&self, i: usize) -> u64 {
        let h = self.hash() ^ ZOBRIST[self.to_play as usize][i] ^ WHITE_TO_PLAY_KEY;
        self.ko.map_or(h, |k| h ^ ko_key(k))
    }

    /// Why `color` may not play `mv` here, or `Ok` if the move is legal (simple ko and
    /// the suicide rule; not superko, which needs the game's history).
    #[inline(always)]
    pub fn check_as(&self, color: Color, mv: Move) -> Result<(), IllegalReason> {
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        let i = p.index();
        let v = self.board.cell(i);
        if v != EMPTY {
            return Err(if v == WALL {
                IllegalReason::OffBoard
            } else {
                IllegalReason::Occupied
            });
        }
        if color == self.to_play && self.ko == Some(p) {
            return Err(IllegalReason::Ko);
        }
        if self
            .board
            .is_not_suicide(i, color as u8, self.suicide == Suicide::MultiStoneAllowed)
        {
            Ok(())
        } else {
            Err(IllegalReason::Suicide)
        }
    }

    /// [`Position::check_as`] for the side to move.
    #[inline]
    pub fn check(&self, mv: Move) -> Result<(), IllegalReason> {
        self.check_as(self.to_play, mv)
    }

    /// Whether the side to move may play `mv`.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks a move given by raw integer coordinates (column `x`, row `y`, from the top
    /// left), as a user interface or a kata has them: reports [`IllegalReason::OffBoard`]
    /// for a point beyond any of the four edges, and otherwise what [`Position::check_as`]
    /// says, with [`IllegalReason::WrongTurn`] if `color` is not to move.
    pub fn check_xy(&self, color: Color, x: i64, y: i64) -> Result<(), IllegalReason> {
        let p = self.size().point(x, y).ok_or(IllegalReason::OffBoard)?;
        if color != self.to_play {
            return Err(IllegalReason::WrongTurn);
        }
        self.check_as(color, Move::Play(p))
    }

    /// The legal board moves of the side to move, row by row from the top left.
    pub fn legal_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.size()
            .points()
            .filter(move |&p| self.is_legal(Move::Play(p)))
    }

    /// The legal moves of the side to move: every legal board move, row by row from the
    /// top left, then [`Move::Pass`] (always legal here).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v: Vec<Move> = self.legal_points().map(Move::Play).collect();
        v.push(Move::Pass);
        v
    }

    /// Plays `mv` for the side to move, or returns why it is illegal (leaving the position
    /// untouched).
    pub fn play(&mut self, mv: Move) -> Result<MoveRecord, IllegalMove> {
        let color = self.to_play;
        match self.check_as(color, mv) {
            Ok(()) => Ok(self.play_unchecked_as(color, mv)),
            Err(reason) => Err(IllegalMove { color, mv, reason }),
        }
    }

    /// Plays `mv` for `color`, which must be the side to move
    /// ([`IllegalReason::WrongTurn`] otherwise).
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveRecord, IllegalMove> {
        if color != self.to_play {
            return Err(IllegalMove {
                color,
                mv,
                reason: IllegalReason::WrongTurn,
            });
        }
        self.play(mv)
    }

    /// Plays `mv` for the side to move without checking ko or suicide.
    ///
    /// # Panics
    ///
    /// If `mv` is a play on a point that is not empty or not on the board. A suicide is
    /// carried out (the chain is removed) whatever the suicide rule.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> MoveRecord {
        self.play_unchecked_as(self.to_play, mv)
    }

    /// Plays `mv` for `color` (whoever is to move; GTP allows this) without checking ko or
    /// suicide; afterwards the opponent of `color` is to move.
    ///
    /// # Panics
    ///
    /// As [`Position::play_unchecked`].
    pub fn play_unchecked_as(&mut self, color: Color, mv: Move) -> MoveRecord {
        let prev_ko = self.ko;
        let prev_to_play = self.to_play;
        self.to_play = !color;
        self.ko = None;
        let place = match mv {
            Move::Pass => None,
            Move::Play(p) => {
                let i = p.index();
                assert!(
                    self.board.cell(i) == EMPTY,
                    "play_unchecked on a point that is not an empty board point"
                );
                let u = self.board.place_raw(i, color as u8);
                let n = u.captured_count();
                self.captures[color] += n as u32;
                // Stones lost to a suicide are the opponent's prisoners.
                self.captures[!color] += u.suicide_count() as u32;
                if n == 1 && !u.is_suicide() {
                    let h = self.board.head_of(i);
                    if self.board.size_of_head(h) == 1 && self.board.libs_of_head(h) == 1 {
                        self.ko = u.captured_chains().next();
                    }
                }
                Some(u)
            }
        };
        MoveRecord {
            color,
            mv,
            place,
            prev_ko,
            prev_to_play,
        }
    }

    /// Plays a stone of the side to move on the empty point with padded index `i` without
    /// any check and without a [`MoveRecord`] (the playout's fast path); returns the
    /// board-level record. Same effect as [`Position::play_unchecked`].
    #[inline]
    pub(crate) fn play_fast(&mut self, i: usize) -> PlaceUndo {
        let color = self.to_play;
        self.to_play = !color;
        self.ko = None;
        let u = self.board.place_raw(i, color as u8);
        let n = u.captured_count();
        if n > 0 {
            self.captures[color] += n as u32;
            if n == 1 && !u.is_suicide() {
                let h = self.board.head_of(i);
                if self.board.size_of_head(h) == 1 && self.board.libs_of_head(h) == 1 {
                    self.ko = u.captured_chains().next();
                }
            }
        }
        u
    }

    /// Passes for the side to move without a record (the playout's fast path).
    #[inline]
    pub(crate) fn pass_fast(&mut self) {
        self.to_play = !self.to_play;
        self.ko = None;
    }

    /// Takes back the move of `record`, which must be the latest move not yet undone.
    pub fn undo(&mut self, record: &MoveRecord) {
        if let Some(u) = &record.place {
            self.captures[record.color] -= u.captured_count() as u32;
            self.captures[!record.color] -= u.suicide_count() as u32;
            self.board.unplace(u);
        }
        self.ko = record.prev_ko;
        self.to_play = record.prev_to_play;
    }
}

/// The first chain (in board order) without a liberty in a raw cell array.
fn first_chain_without_liberty(
    size: BoardSize,
    raw: &[u8; ARRAY_LEN],
) -> Option<(usize, usize, Color)> {
    let mut seen = crate::board::PointBits::new();
    for p in size.points() {
        let i = p.index();
        let v = raw[i];
        if v == EMPTY || seen.contains(i) {
            continue;
        }
        let color = crate::board::cell_color(v).expect("stone");
        let mut stack = vec![i];
        seen.insert(i);
        let mut has_liberty = false;
        while let Some(q) = stack.pop() {
            for n in crate::board::neighbors(q) {
                let on_board = Point::from_index(n).is_some_and(|np| size.contains(np));
                if !on_board {
                    continue;
                }
                if raw[n] == EMPTY {
                    has_liberty = true;
                } else if raw[n] == v && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        if !has_liberty {
            return Some((p.x(), p.y(), color));
        }
    }
    None
}

/// Counts the move sequences of length `depth` from `position` (board moves only, no
/// passes; simple ko and the position's suicide rule). The standard node count for testing
/// move generation: from the empty 9x9 board, depths 1 to 5 give 81, 6480, 511920,
/// 39929136 and 3074496080.
///
/// ```
/// use tesuji::{perft, BoardSize, Position};
/// let pos = Position::new(BoardSize::square(9).unwrap());
/// assert_eq!(perft(&pos, 2), 6480);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut pos = position.clone();
    perft_rec(&mut pos, depth)
}

fn perft_rec(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let size = pos.size();
    if depth == 1 {
        return size
            .points()
            .filter(|&p| pos.is_legal(Move::Play(p)))
            .count() as u64;
    }
    let mut total = 0;
    for p in size.points() {
        let mv = Move::Play(p);
        if pos.is_legal(mv) {
            let r = pos.play_unchecked(mv);
            total += perft_rec(pos, depth - 1);
            pos.undo(&r);
        }
    }
    total
}
