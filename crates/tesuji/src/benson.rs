//! Benson's unconditional life: chains that can never be captured, and the territory they
//! make safe.
//!
//! D. B. Benson, "Life in the game of Go", *Information Sciences* 10 (1976). For a colour
//! `C`:
//!
//! * A **region** is a maximal orthogonally connected set of points not occupied by `C`
//!   (empty points and opponent stones). Its **boundary chains** are the chains of `C`
//!   adjacent to it.
//! * A region is **vital** to a boundary chain when every empty point of the region is a
//!   liberty of that chain (but see the suicide rule below).
//! * Start with all chains of `C` and all regions; repeatedly drop the chains with fewer
//!   than two vital regions among the remaining regions, and the regions that touch a
//!   dropped chain, until nothing changes. The chains left are **unconditionally alive**:
//!   the opponent cannot capture any of them even if `C` passes every move.
//!
//! The **safe points** of `C` are the stones of its alive chains plus its **territory**:
//! the regions left at the end (every boundary chain alive) that are vital to at least one
//! alive chain. Every empty point of such a region is a liberty of an unconditionally alive
//! chain, so the owner can fill each of them with a stone that joins that chain (never a
//! suicide) and the opponent has no eye there that the owner cannot take; opponent stones
//! inside count as dead, as Fuego and GNU Go count them. Large regions that are not vital to any chain (an open area surrounded by alive chains)
//! are *not* counted: the opponent may still live there. This is the count that Fuego's
//! `go_safe benson` prints (stones plus territory, both colours). Fuego uses the same
//! regions (opponent stones included), the same vitality test ("healthy": every empty
//! point a liberty) and the same territory rule, but runs the fixed point separately on
//! sets of chains linked by regions vital to two of them, and drops a region bordered by a
//! chain of another set; so its answer can only be smaller than this one. All 38 Benson
//! counts of Fuego's `static_safety_basics.tst` are the same (see `tests/benson.rs`).
//!
//! # Suicide
//!
//! The answer depends on the suicide rule. With suicide [`Suicide::Forbidden`] the
//! classical definition above is sound: the opponent's stones inside a region never leave
//! it (the owner only passes), so to fill the last liberty of an alive chain in a vital
//! region the opponent must fill the whole region, and that last move is suicide unless it
//! captures another alive chain first, which by the same argument it cannot. When
//! multi-stone suicide is allowed ([`Suicide::MultiStoneAllowed`]) the opponent can
//! remove its own stones from a region by suicide and so free points that are not
//! liberties of the chain; then a region is vital to a chain only when *every* point of
//! the region (empty or holding an opponent stone) is adjacent to the chain. This is
//! stricter, so the answer under `MultiStoneAllowed` is a subset of the answer under
//! `Forbidden`.
//!
//! ```
//! use tesuji::{ascii, benson, Color, Point, Suicide};
//! // Black's wall on the left has two one-point eyes; White's lone stone has none.
//! let pos = ascii::parse_diagram("
//!     . X . X O .
//!     X X X X O .
//!     . . . . O O
//!     . . O . . .
//! ").unwrap();
//! let result = benson::unconditional_life(pos.board(), Suicide::Forbidden);
//! assert_eq!(result.alive_chains[Color::Black], vec![Point::new(1, 0)]);
//! assert!(result.alive_chains[Color::White].is_empty());
//! // Six black stones and the two eyes.
//! assert_eq!(result.safe_count(), 8);
//! assert_eq!(
//!     result.status(Point::new(0, 0)),
//!     benson::Safety::Territory(Color::Black)
//! );
//! ```

use crate::board::{Board, EMPTY, WALL};
use crate::color::{ByColor, Color};
use crate::point::{Point, ARRAY_LEN, STRIDE};
use crate::rules::Suicide;

const NONE: u16 = u16::MAX;

/// What Benson's algorithm says about one point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Safety {
    /// A stone of an unconditionally alive chain of this colour.
    Alive(Color),
    /// A point of this colour's safe territory: empty, or holding a dead opponent stone.
    Territory(Color),
    /// Neither: Benson's test proves nothing about this point.
    Unsettled,
}

/// The result of [`unconditional_life`]: per colour the alive chains, their stones and the
/// territory they make safe. Every list is in board order (row by row from the top left).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BensonResult {
    /// The unconditionally alive chains of each colour, each named by its first stone in
    /// board order.
    pub alive_chains: ByColor<Vec<Point>>,
    /// All stones of the alive chains of each colour.
    pub alive_stones: ByColor<Vec<Point>>,
    /// Each colour's safe territory: the points of the regions that are bounded only by
    /// alive chains and vital to at least one of them (empty points and dead opponent
    /// stones).
    pub territory: ByColor<Vec<Point>>,
}

impl BensonResult {
    /// The safe points of `color`: its alive stones and its territory, in board order.
    pub fn safe_points(&self, color: Color) -> Vec<Point> {
        let mut v = self.alive_stones[color].clone();
        v.extend_from_slice(&self.territory[color]);
        v.sort_unstable();
        v
    }

    /// How many points are safe for `color` (alive stones plus territory).
    pub fn safe_count_for(&self, color: Color) -> usize {
        self.alive_stones[color].len() + self.territory[color].len()
    }

    /// How many points are safe for either colour: the count Fuego's `go_safe benson`
    /// prints.
    pub fn safe_count(&self) -> usize {
        self.safe_count_for(Color::Black) + self.safe_count_for(Color::White)
    }

    /// What the result says about `p`.
    pub fn status(&self, p: Point) -> Safety {
        for c in Color::ALL {
            if self.alive_stones[c].binary_search(&p).is_ok() {
                return Safety::Alive(c);
            }
            if self.territory[c].binary_search(&p).is_ok() {
                return Safety::Territory(c);
            }
        }
        Safety::Unsettled
    }
}

/// Runs Benson's algorithm for both colours on `board` under the `suicide` rule (see the
/// [module documentation](self) for the definitions and why the suicide rule matters).
///
/// Works on any board, including boards without stones (nothing is safe) and boards where
/// one colour fills everything; it never panics. Cost: one pass over the board per colour
/// plus a fixed point over chains and regions; about 10 to 20 microseconds (both colours)
/// on a 19x19 position from a real game (`tesuji bench benson`).
///
/// ```
/// use tesuji::{benson, ascii, Suicide};
/// let empty = ascii::parse_diagram(". . .\n. . .\n. . .").unwrap();
/// assert_eq!(benson::unconditional_life(empty.board(), Suicide::Forbidden).safe_count(), 0);
/// ```
pub fn unconditional_life(board: &Board, suicide: Suicide) -> BensonResult {
    let mut result = BensonResult::default();
    for color in Color::ALL {
        let (chains, stones, territory) = for_color(board, color, suicide);
        result.alive_chains[color] = chains;
        result.alive_stones[color] = stones;
        result.territory[color] = territory;
    }
    result
}

/// One region of the non-`color` points.
struct Region {
    /// First index into the shared point list and one past the last.
    start: usize,
    end: usize,
    /// First index into the shared boundary list and one past the last.
    boundary: (usize, usize),
    /// Chains this region is vital to (at most four: a subset of the chains next to any
    /// one of its points), `NONE`-padded.
    vital: [u16; 4],
    /// Still in play.
    live: bool,
}

/// The padded indices of the points of the board, row by row.
fn board_indices(board: &Board) -> impl Iterator<Item = usize> {
    let size = board.size();
    let (w, h) = (size.width(), size.height());
    (0..h).flat_map(move |y| (0..w).map(move |x| (y + 1) * STRIDE + x + 1))
}

fn point(i: usize) -> Point {
    // Indices come from `board_indices` and their on-board neighbours.
    Point::from_index(i).unwrap_or(Point::new(0, 0))
}

type ColorAnswer = (Vec<Point>, Vec<Point>, Vec<Point>);

fn for_color(board: &Board, color: Color, suicide: Suicide) -> ColorAnswer {
    let own = color as u8;
    // Chain ids of the stones of `color`, numbered by first stone in board order.
    let mut chain_of = [NONE; ARRAY_LEN];
    let mut anchor_id = [NONE; ARRAY_LEN];
    // The first stone of each chain in board order.
    let mut anchors: Vec<usize> = Vec::new();
    for i in board_indices(board) {
        if board.cell(i) != own {
            continue;
        }
        let head = board.head_of(i);
        if anchor_id[head] == NONE {
            anchor_id[head] = anchors.len() as u16;
            anchors.push(i);
        }
        chain_of[i] = anchor_id[head];
    }
    if anchors.is_empty() {
        return (Vec::new(), Vec::new(), Vec::new());
    }

    // Regions: flood fill of the points not holding `color`.
    let mut region_of = [NONE; ARRAY_LEN];
    let mut points: Vec<u16> = Vec::with_capacity(board.size().area());
    let mut boundaries: Vec<u16> = Vec::new();
    let mut regions: Vec<Region> = Vec::new();
    // The last region that recorded each chain in its boundary.
    let mut boundary_mark = vec![NONE; anchors.len()];
    for i in board_indices(board) {
        if board.cell(i) == own || region_of[i] != NONE {
            continue;
        }
        let id = regions.len() as u16;
        let start = points.len();
        let b_start = boundaries.len();
        region_of[i] = id;
        points.push(i as u16);
        // The chains next to every relevant point so far; `None` before the first one.
        let mut vital: Option<[u16; 4]> = None;
        // Once the region is vital to nobody it cannot matter: its boundary is not kept
        // and the rest of the fill only labels its points.
        let mut tracking = true;
        let mut k = start;
        while k < points.len() {
            let q = points[k] as usize;
            k += 1;
            let relevant = match suicide {
                Suicide::Forbidden => board.cell(q) == EMPTY,
                Suicide::MultiStoneAllowed => true,
            };
            let mut adjacent = [NONE; 4];
            for (slot, n) in [q - STRIDE, q - 1, q + 1, q + STRIDE]
                .into_iter()
                .enumerate()
            {
                let cell = board.cell(n);
                if cell == WALL {
                    continue;
                }
                if cell == own {
                    if !tracking {
                        continue;
                    }
                    let c = chain_of[n];
                    adjacent[slot] = c;
                    if boundary_mark[c as usize] != id {
                        boundary_mark[c as usize] = id;
                        boundaries.push(c);
                    }
                } else if region_of[n] == NONE {
                    region_of[n] = id;
                    points.push(n as u16);
                }
            }
            if relevant && tracking {
                let v = vital.get_or_insert(adjacent);
                for c in v.iter_mut() {
                    if *c != NONE && !adjacent.contains(c) {
                        *c = NONE;
                    }
                }
                if *v == [NONE; 4] {
                    tracking = false;
                    boundaries.truncate(b_start);
                }
            }
        }
        if vital.is_none() {
            boundaries.truncate(b_start);
        }
        regions.push(Region {
            start,
            end: points.len(),
            boundary: (b_start, boundaries.len()),
            // A region without relevant points cannot occur on a legal board (opponent
            // stones need liberties); count it as vital to nobody.
            vital: dedup(vital.unwrap_or([NONE; 4])),
            live: true,
        });
    }

    // The fixed point.
    let mut alive = vec![true; anchors.len()];
    let mut vital_count = vec![0u32; anchors.len()];
    loop {
        vital_count.iter_mut().for_each(|v| *v = 0);
        for r in regions.iter().filter(|r| r.live) {
            for &c in r.vital.iter().filter(|&&c| c != NONE) {
                vital_count[c as usize] += 1;
            }
        }
        let mut changed = false;
        for (c, a) in alive.iter_mut().enumerate() {
            if *a && vital_count[c] < 2 {
                *a = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        for r in regions.iter_mut().filter(|r| r.live) {
            let (b0, b1) = r.boundary;
            if boundaries[b0..b1].iter().any(|&c| !alive[c as usize]) {
                r.live = false;
            }
        }
    }

    let mut alive_chains = Vec::new();
    let mut alive_stones = Vec::new();
    for i in board_indices(board) {
        let c = chain_of[i];
        if c != NONE && alive[c as usize] {
            alive_stones.push(point(i));
        }
    }
    for (c, &first) in anchors.iter().enumerate() {
        if alive[c] {
            alive_chains.push(point(first));
        }
    }
    let mut territory = Vec::new();
    for r in &regions {
        if r.live && r.vital.iter().any(|&c| c != NONE && alive[c as usize]) {
            territory.extend(points[r.start..r.end].iter().map(|&i| point(i as usize)));
        }
    }
    territory.sort_unstable();
    (alive_chains, alive_stones, territory)
}

/// Removes repeated chains (a point may touch one chain from two sides).
fn dedup(mut v: [u16; 4]) -> [u16; 4] {
    for a in 0..4 {
        for b in a + 1..4 {
            if v[b] == v[a] {
                v[b] = NONE;
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ascii;

    fn run(diagram: &str, suicide: Suicide) -> BensonResult {
        let pos = ascii::parse_diagram(diagram).unwrap();
        unconditional_life(pos.board(), suicide)
    }

    #[test]
    fn one_eye_is_not_enough() {
        let r = run(
            "
            . X O .
            X X O .
            O O O .
            . . . .",
            Suicide::Forbidden,
        );
        assert_eq!(r.safe_count(), 0);
        assert_eq!(r.status(Point::new(0, 0)), Safety::Unsettled);
    }

    #[test]
    fn two_chains_sharing_two_eyes_live_together() {
        // The black stones B4 and D4 are chains of their own; every one-point region is a
        // liberty of each chain around it, so all three chains are alive. The bottom row
        // is a region whose every point is a liberty of the wall: territory too.
        let r = run(
            "
            . X . X .
            X . X . X
            X X X X X
            . . . . .",
            Suicide::Forbidden,
        );
        assert_eq!(r.alive_chains[Color::Black].len(), 3, "{r:?}");
        assert_eq!(r.alive_stones[Color::Black].len(), 10);
        assert_eq!(r.safe_count(), 20);
    }

    #[test]
    fn seki_without_eyes_is_not_alive() {
        let r = run(
            "
            . O X . .
            O O X . .
            X X X . .
            . . . . .",
            Suicide::Forbidden,
        );
        assert!(r.alive_chains[Color::White].is_empty());
        assert!(r.alive_chains[Color::Black].is_empty());
    }

    #[test]
    fn empty_and_one_colour_boards() {
        let r = run(". . .\n. . .", Suicide::Forbidden);
        assert_eq!(r, BensonResult::default());
        // One black stone on a 1x3 board with two separate empty ends: two vital regions.
        let r = run(". X .", Suicide::Forbidden);
        assert_eq!(r.alive_chains[Color::Black], vec![Point::new(1, 0)]);
        assert_eq!(r.safe_count(), 3);
        assert_eq!(r.safe_points(Color::Black).len(), 3);
    }
}
