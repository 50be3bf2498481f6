//! Stone colours.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

/// The colour of a stone or of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who plays first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        // A table lookup rather than a match, which can compile to a branch.
        Color::ALL[1 - self as usize]
    }

    /// `0` for Black, `1` for White: the index used by [`ByColor`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter form used by SGF and GTP: `'B'` or `'W'`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The English name, lower case: `"black"` or `"white"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error returned when a colour name cannot be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a colour: {0:?} (expected b, w, black or white)")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;
    /// Accepts `b`, `w`, `black`, `white` in any case (the forms GTP allows).
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError(crate::excerpt(s))),
        }
    }
}

/// A pair of values, one per colour, indexed by [`Color`].
///
/// ```
/// use tesuji::{ByColor, Color};
/// let mut captures = ByColor::new(0u32, 0u32);
/// captures[Color::White] += 2;
/// assert_eq!(captures.white, 2);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Builds a pair from Black's and White's values.
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor { black, white }
    }

    /// Builds a pair by calling `f` for Black, then White.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }

    /// The value of `color`.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value of `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_negate() {
        assert_eq!("B".parse::<Color>().unwrap(), Color::Black);
        assert_eq!("white".parse::<Color>().unwrap(), Color::White);
        assert!("x".parse::<Color>().is_err());
        assert_eq!(!Color::Black, Color::White);
    }
}
