//! # tesuji
//!
//! A Go (baduk, weiqi) engine: rules under every common ruleset, formats, tactical reading
//! and a life-and-death solver.
//!
//! The vocabulary: a [`Point`] is an intersection, a [`Board`] holds stones grouped into
//! chains with exact liberty counts, a [`Position`] adds the side to move and the simple-ko
//! point, and a [`Game`] adds a [`Ruleset`] and the history that superko and scoring need.
//! Formats are public modules: [`ascii`] (diagrams), [`sgf`] and [`vertex`] (GTP).
//!
//! ```
//! use tesuji::{ascii, Color, IllegalReason, Move, Point};
//! // White to move; the marked point is a ko that White may not retake at once.
//! let mut pos = ascii::parse_diagram("
//!     . X O .
//!     X . X O
//!     . X O .
//!     White to move
//! ").unwrap();
//! let capture = Move::Play(Point::new(1, 1));
//! pos.play(capture).unwrap();
//! assert_eq!(pos.captures(Color::White), 1);
//! assert_eq!(pos.check(Move::Play(Point::new(2, 1))), Err(IllegalReason::Ko));
//! ```

mod board;
mod clock;
mod color;
mod game;
mod point;
mod position;
mod rules;
mod score;

pub mod ascii;
pub mod benson;
pub mod dfpn;
pub mod ladder;
pub mod playout;
pub mod sgf;
pub mod tsumego;
pub mod vertex;

pub use board::{Board, Chain, ChainStones, InvariantError, PlaceUndo};
pub use color::{ByColor, Color, ParseColorError};
pub use game::{Game, GameResult};
pub use point::{BoardSize, BoardSizeError, Move, Point, ARRAY_LEN, MAX_SIZE, STRIDE};
pub use position::{perft, IllegalMove, IllegalReason, MoveRecord, Position, Setup, SetupError};
pub use rules::{KoRule, Komi, ParseKomiError, ParseRulesetError, Ruleset, Scoring, Suicide};
pub use score::{score, Score, ScoreError};

/// A value as an error message quotes it: whole when short, else its first 40 characters
/// and its length, so that one huge bad value does not make a huge message. Every face
/// (CLI, GTP, WebAssembly, Python) quotes bad input through it.
///
/// ```
/// assert_eq!(tesuji::excerpt("D4"), "D4");
/// let long = "9".repeat(300);
/// assert_eq!(tesuji::excerpt(&long), format!("{}... (300 characters)", "9".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    const KEEP: usize = 40;
    let n = text.chars().count();
    if n <= KEEP + 8 {
        return text.to_string();
    }
    let head: String = text.chars().take(KEEP).collect();
    format!("{head}... ({n} characters)")
}

#[cfg(test)]
mod excerpt_tests {
    #[test]
    fn long_values_are_cut() {
        assert_eq!(super::excerpt("D4"), "D4");
        let long = "x".repeat(10_000);
        let e = super::excerpt(&long);
        assert!(e.len() < 80 && e.ends_with("(10000 characters)"), "{e}");
        // Cut on a character boundary.
        assert!(super::excerpt(&"é".repeat(100)).starts_with(&"é".repeat(40)));
        let size = crate::BoardSize::square(19).unwrap();
        let err = crate::vertex::parse(&long, size).unwrap_err().to_string();
        assert!(err.len() < 200, "{err}");
        let err = crate::sgf::parse_point(&long, size)
            .unwrap_err()
            .to_string();
        assert!(err.len() < 200, "{err}");
        let err = long.parse::<crate::Komi>().unwrap_err().to_string();
        assert!(err.len() < 200, "{err}");
        let err = long.parse::<crate::Color>().unwrap_err().to_string();
        assert!(err.len() < 200, "{err}");
        let err = long.parse::<crate::Ruleset>().unwrap_err().to_string();
        assert!(err.len() < 200, "{err}");
    }
}
