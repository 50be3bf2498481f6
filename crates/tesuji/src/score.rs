//! Area and territory scoring.
//!
//! Both methods first lift the chains marked dead. Then:
//!
//! * **Area** (Tromp-Taylor counting): a colour scores its stones plus every empty point
//!   from which only its stones can be reached through empty points.
//! * **Territory**: a colour scores the empty points it alone surrounds (dead stones'
//!   points included) plus its prisoners: the stones it captured during the game and the
//!   opponent's dead stones.
//!
//! Eyes of chains in seki count as territory here: telling seki from life is not a
//! counting question, so a caller who wants Japanese seki rules marks those regions.

use crate::board::{neighbors, PointBits, EMPTY};
use crate::color::{ByColor, Color};
use crate::point::{Point, ARRAY_LEN};
use crate::position::Position;
use crate::rules::{fmt_half_points, Komi, Scoring};
use std::fmt;

/// Error for a dead-stone list that does not fit the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// A point marked dead is off the board.
    #[error("dead stone {x},{y} is off the board")]
    OffBoard {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
    /// A point marked dead holds no stone.
    #[error("no stone to mark dead at {vertex}")]
    NoStone {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The point as a GTP vertex (`D4`).
        vertex: String,
    },
}

/// A counted result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// The counting method.
    pub scoring: Scoring,
    /// Stones left on the board after removing dead ones.
    pub stones: ByColor<u32>,
    /// Empty points (after removing dead stones) surrounded by each colour alone.
    pub territory: ByColor<u32>,
    /// Captures plus the opponent's dead stones (counted under territory scoring only).
    pub prisoners: ByColor<u32>,
    /// Komi added to White.
    pub komi: Komi,
}

impl Score {
    /// Points of `color` in half points, komi included for White.
    pub fn total_half_points(&self, color: Color) -> i32 {
        let base = match self.scoring {
            Scoring::Area => self.stones[color] + self.territory[color],
            Scoring::Territory => self.territory[color] + self.prisoners[color],
        } as i32
            * 2;
        match color {
            Color::Black => base,
            Color::White => base + self.komi.half_points(),
        }
    }

    /// Black's points minus White's, in half points.
    pub fn margin_half_points(&self) -> i32 {
        self.total_half_points(Color::Black) - self.total_half_points(Color::White)
    }

    /// The winner, or `None` for a draw (jigo).
    pub fn winner(&self) -> Option<Color> {
        match self.margin_half_points() {
            m if m > 0 => Some(Color::Black),
            m if m < 0 => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Score {
    /// SGF/GTP form: `B+7.5`, `W+0.5`, or `0` for a draw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.margin_half_points();
        match self.winner() {
            None => f.write_str("0"),
            Some(c) => {
                write!(f, "{}+", c.letter())?;
                fmt_half_points(m.abs(), f)
            }
        }
    }
}

/// Scores `position` with `scoring` and `komi`, after lifting every chain that has a stone
/// in `dead` (one stone per dead chain is enough).
///
/// ```
/// use tesuji::{score, ascii, Komi, Scoring};
/// let pos = ascii::parse_diagram("
///     . X O .
///     . X O .
///     . X O .
/// ").unwrap();
/// let s = score(&pos, &[], Scoring::Area, Komi::from_half_points(1)).unwrap();
/// assert_eq!(s.to_string(), "W+0.5");
/// ```
pub fn score(
    position: &Position,
    dead: &[Point],
    scoring: Scoring,
    komi: Komi,
) -> Result<Score, ScoreError> {
    let board = position.board();
    let size = board.size();
    // Cells after removing dead chains: 0 black, 1 white, EMPTY, WALL (as in Board).
    let mut cells = [crate::board::WALL; ARRAY_LEN];
    for p in size.points() {
        cells[p.index()] = board.cell(p.index());
    }
    let mut dead_count = ByColor::new(0u32, 0u32);
    for &d in dead {
        if !size.contains(d) {
            return Err(ScoreError::OffBoard { x: d.x(), y: d.y() });
        }
        let chain = board.chain(d).ok_or_else(|| ScoreError::NoStone {
            x: d.x(),
            y: d.y(),
            vertex: crate::vertex::format(crate::point::Move::Play(d), size).to_string(),
        })?;
        if cells[d.index()] == EMPTY {
            continue; // this chain was already lifted through another of its stones
        }
        for s in chain.stones() {
            cells[s.index()] = EMPTY;
            dead_count[chain.color()] += 1;
        }
    }
    let mut stones = ByColor::new(0u32, 0u32);
    let mut territory = ByColor::new(0u32, 0u32);
    let mut seen = PointBits::new();
    for p in size.points() {
        let i = p.index();
        match cells[i] {
            0 => stones.black += 1,
            1 => stones.white += 1,
            EMPTY if !seen.contains(i) => {
                // Flood the empty region and note which colours it reaches.
                let mut reach = [false; 2];
                let mut count = 0;
                let mut stack = vec![i];
                seen.insert(i);
                while let Some(q) = stack.pop() {
                    count += 1;
                    for n in neighbors(q) {
                        match cells[n] {
                            EMPTY if seen.insert(n) => stack.push(n),
                            c @ (0 | 1) => reach[c as usize] = true,
                            _ => {}
                        }
                    }
                }
                match reach {
                    [true, false] => territory.black += count,
                    [false, true] => territory.white += count,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let prisoners = ByColor::new(
        position.captures(Color::Black) + dead_count.white,
        position.captures(Color::White) + dead_count.black,
    );
    Ok(Score {
        scoring,
        stones,
        territory,
        prisoners,
        komi,
    })
}
