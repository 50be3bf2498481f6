//! Points, board sizes and moves.
//!
//! # Point numbering
//!
//! A [`Point`] is an index into a padded one-dimensional array with a fixed stride of
//! [`STRIDE`] = `MAX_SIZE + 1` = 26, so the number of a point does not depend on the size
//! of the board it is used on. Column 0 of every row and rows 0 and 26 are the wall: they
//! surround even the largest (25x25) board, so the four orthogonal neighbours and the four
//! diagonal neighbours of any on-board point are always valid indices and never need a
//! bounds check.
//!
//! ```text
//!          x = 0   1   2  ...  24
//!  index  0   1   2   3  ...  25      row 0: wall
//!        26  27  28  29  ...  51      y = 0 (top row, SGF "a")
//!        52  53  54  55  ...  77      y = 1
//!        ...
//! ```
//!
//! Orientation follows SGF: `x` is the column counted from the left, `y` the row counted
//! from the top, both from 0. GTP vertices (`D4`, rows counted from the bottom) are a text
//! form handled by [`crate::vertex`].

use std::fmt;
use std::str::FromStr;

/// The largest supported board side.
pub const MAX_SIZE: usize = 25;
/// Distance between vertically adjacent points in the padded index.
pub const STRIDE: usize = MAX_SIZE + 1;
/// Length of an array indexed by [`Point::index`] (covers the wall and diagonal neighbours).
pub const ARRAY_LEN: usize = STRIDE * (MAX_SIZE + 2) + 1;

/// An intersection of the board, numbered in a padded index with a fixed stride of
/// [`STRIDE`] = 26 (a wall column and wall rows surround the largest board), so that a
/// point's number does not depend on the board size and neighbour loops need no bounds
/// check. `x` is the column from the left and `y` the row from the top, from 0, as in SGF.
///
/// A `Point` always names an intersection of a 25x25 grid; whether it lies on a given
/// (smaller) board is a question for [`BoardSize::contains`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point in column `x` and row `y` (0-based, from the top left).
    ///
    /// # Panics
    ///
    /// If `x` or `y` is not below [`MAX_SIZE`]. Use [`Point::try_new`] for unchecked input.
    pub const fn new(x: usize, y: usize) -> Point {
        assert!(x < MAX_SIZE && y < MAX_SIZE, "point outside the 25x25 grid");
        Point(((y + 1) * STRIDE + x + 1) as u16)
    }

    /// The point in column `x` and row `y`, or `None` outside the 25x25 grid.
    pub const fn try_new(x: i64, y: i64) -> Option<Point> {
        if x >= 0 && y >= 0 && x < MAX_SIZE as i64 && y < MAX_SIZE as i64 {
            Some(Point::new(x as usize, y as usize))
        } else {
            None
        }
    }

    /// The point with padded index `index`, or `None` if the index is part of the wall.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < STRIDE || index >= STRIDE * (MAX_SIZE + 1) || index % STRIDE == 0 {
            None
        } else {
            Some(Point(index as u16))
        }
    }

    /// The padded index, below [`ARRAY_LEN`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, counted from 0 at the left.
    #[inline]
    pub const fn x(self) -> usize {
        self.0 as usize % STRIDE - 1
    }

    /// Row, counted from 0 at the top.
    #[inline]
    pub const fn y(self) -> usize {
        self.0 as usize / STRIDE - 1
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x(), self.y())
    }
}

/// A move: a stone on a point, or a pass. Resignation is a result, not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// Pass.
    Pass,
}

impl Move {
    /// The point of a [`Move::Play`], `None` for a pass.
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Play(p)
    }
}

/// Error for a board size outside 1x1 to 25x25, or text that is not a size.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardSizeError {
    /// Width or height is 0 or above 25.
    #[error("board size {width}x{height} is not supported (each side must be 1 to 25)")]
    OutOfRange {
        /// The width asked for.
        width: u64,
        /// The height asked for.
        height: u64,
    },
    /// The text is not of the form `N`, `WxH` or `W:H`.
    #[error("not a board size: {0:?} (expected N, WxH or W:H)")]
    Syntax(String),
}

/// The dimensions of a board: 1x1 up to 25x25, rectangles allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

impl BoardSize {
    /// The standard 19x19 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 19,
        height: 19,
    };

    /// A `width` x `height` board (columns x rows).
    pub const fn new(width: u64, height: u64) -> Result<BoardSize, BoardSizeError> {
        if width == 0 || height == 0 || width > MAX_SIZE as u64 || height > MAX_SIZE as u64 {
            Err(BoardSizeError::OutOfRange { width, height })
        } else {
            Ok(BoardSize {
                width: width as u8,
                height: height as u8,
            })
        }
    }

    /// A square board of side `n`.
    pub const fn square(n: u64) -> Result<BoardSize, BoardSizeError> {
        BoardSize::new(n, n)
    }

    /// Number of columns.
    #[inline]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[inline]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Number of intersections.
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Width and height as people say them, `19x19` or `9x16`, even for a square board
    /// (the [`Display`](fmt::Display) form writes a square one as `19`, as SGF does).
    ///
    /// ```
    /// let size = tesuji::BoardSize::square(9).unwrap();
    /// assert_eq!(size.to_string(), "9");
    /// assert_eq!(size.dimensions(), "9x9");
    /// ```
    pub fn dimensions(self) -> String {
        format!("{}x{}", self.width, self.height)
    }

    /// Whether the board is square.
    pub const fn is_square(self) -> bool {
        self.width == self.height
    }

    /// Whether `p` lies on this board.
    #[inline]
    pub const fn contains(self, p: Point) -> bool {
        p.x() < self.width as usize && p.y() < self.height as usize
    }

    /// The point at column `x`, row `y`, or `None` if it is off this board (on any side).
    pub const fn point(self, x: i64, y: i64) -> Option<Point> {
        if x >= 0 && y >= 0 && x < self.width as i64 && y < self.height as i64 {
            Some(Point::new(x as usize, y as usize))
        } else {
            None
        }
    }

    /// All points of the board, row by row from the top left.
    pub fn points(self) -> impl DoubleEndedIterator<Item = Point> + Clone {
        let w = self.width as usize;
        (0..self.height as usize).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }
}

impl fmt::Display for BoardSize {
    /// `19` for a square board, `9x16` (width x height) otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_square() {
            write!(f, "{}", self.width)
        } else {
            write!(f, "{}x{}", self.width, self.height)
        }
    }
}

impl FromStr for BoardSize {
    type Err = BoardSizeError;
    /// Parses `19`, `9x16` (width x height) or `19:13` (SGF's `SZ[columns:rows]`).
    fn from_str(s: &str) -> Result<BoardSize, BoardSizeError> {
        let s = s.trim();
        let num = |t: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|_| BoardSizeError::Syntax(crate::excerpt(s)))
        };
        match s.split_once(['x', 'X', ':']) {
            Some((w, h)) => BoardSize::new(num(w)?, num(h)?),
            None => BoardSize::square(num(s)?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_numbering() {
        let p = Point::new(3, 2);
        assert_eq!((p.x(), p.y()), (3, 2));
        assert_eq!(p.index(), 3 * STRIDE + 4);
        assert_eq!(Point::from_index(p.index()), Some(p));
        assert_eq!(Point::from_index(0), None);
        assert_eq!(Point::from_index(STRIDE), None);
        assert_eq!(Point::try_new(-1, 0), None);
        assert_eq!(Point::try_new(24, 24), Some(Point::new(24, 24)));
        assert!(Point::new(24, 24).index() + STRIDE + 1 < ARRAY_LEN);
    }

    #[test]
    fn sizes() {
        assert_eq!("19".parse::<BoardSize>().unwrap(), BoardSize::STANDARD);
        let r: BoardSize = "9x16".parse().unwrap();
        assert_eq!((r.width(), r.height()), (9, 16));
        assert_eq!("19:13".parse::<BoardSize>().unwrap().height(), 13);
        assert!("0".parse::<BoardSize>().is_err());
        assert!("26".parse::<BoardSize>().is_err());
        assert!("abc".parse::<BoardSize>().is_err());
        assert_eq!(r.points().count(), 144);
        assert!(!r.contains(Point::new(9, 0)));
        assert_eq!(r.point(-1, 0), None);
        assert_eq!(r.to_string(), "9x16");
    }
}
