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
//! chain, so the opponent can never make two eyes there; opponent stones inside are dead.
//! Large regions that are not vital to any chain (an open area surrounded by alive chains)
//! are *not* counted: the opponent may still live there. This is the count that Fuego's
//! `go_safe benson` prints (stones plus territory, both colours).
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

use crate::board::Board;
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
    /// The unconditionally alive chains of each colour, by anchor (one stone per chain, the
    /// one [`crate::Chain::anchor`] names).
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
/// one colour fills everything; it never panics. Cost: linear in the board area per
/// round of the fixed point, a few microseconds on 19x19.
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
    /// Boundary chains (ids), distinct.
    boundary: Vec<u16>,
    /// Chains this region is vital to (a subset of `boundary`).
    vital: Vec<u16>,
    /// Still in play.
    live: bool,
}

fn on_board_neighbors(board: &Board, i: usize) -> impl Iterator<Item = (usize, Point)> + '_ {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
        .into_iter()
        .filter_map(|n| Point::from_index(n).map(|p| (n, p)))
        .filter(|&(_, p)| board.contains(p))
}

type ColorAnswer = (Vec<Point>, Vec<Point>, Vec<Point>);

fn for_color(board: &Board, color: Color, suicide: Suicide) -> ColorAnswer {
    let size = board.size();
    // Chain ids of the stones of `color`.
    let mut chain_of = vec![NONE; ARRAY_LEN];
    let mut anchors: Vec<Point> = Vec::new();
    let mut anchor_id = vec![NONE; ARRAY_LEN];
    for p in size.points() {
        if board.get(p) != Some(color) {
            continue;
        }
        let anchor = match board.chain(p) {
            Some(c) => c.anchor(),
            None => continue,
        };
        let a = anchor.index();
        if anchor_id[a] == NONE {
            anchor_id[a] = anchors.len() as u16;
            anchors.push(anchor);
        }
        chain_of[p.index()] = anchor_id[a];
    }
    if anchors.is_empty() {
        return (Vec::new(), Vec::new(), Vec::new());
    }

    // Regions: flood fill of the points not holding `color`.
    let mut region_of = vec![NONE; ARRAY_LEN];
    let mut points: Vec<Point> = Vec::with_capacity(size.area());
    let mut regions: Vec<Region> = Vec::new();
    for p in size.points() {
        if board.get(p) == Some(color) || region_of[p.index()] != NONE {
            continue;
        }
        let id = regions.len() as u16;
        let start = points.len();
        region_of[p.index()] = id;
        points.push(p);
        let mut boundary: Vec<u16> = Vec::new();
        // `vital` holds the chains adjacent to every relevant point seen so far; `None`
        // until the first relevant point.
        let mut vital: Option<Vec<u16>> = None;
        let mut k = start;
        while k < points.len() {
            let q = points[k];
            k += 1;
            let relevant = match suicide {
                Suicide::Forbidden => board.is_empty(q),
                Suicide::MultiStoneAllowed => true,
            };
            let mut adjacent: [u16; 4] = [NONE; 4];
            let mut n_adj = 0;
            for (n, np) in on_board_neighbors(board, q.index()) {
                let c = chain_of[n];
                if c != NONE {
                    if !adjacent[..n_adj].contains(&c) {
                        adjacent[n_adj] = c;
                        n_adj += 1;
                    }
                    if !boundary.contains(&c) {
                        boundary.push(c);
                    }
                } else if region_of[n] == NONE {
                    region_of[n] = id;
                    points.push(np);
                }
            }
            if relevant {
                let adj = &adjacent[..n_adj];
                match &mut vital {
                    None => vital = Some(adj.to_vec()),
                    Some(v) => v.retain(|c| adj.contains(c)),
                }
            }
        }
        regions.push(Region {
            start,
            end: points.len(),
            boundary,
            // A region without relevant points cannot occur on a legal board (opponent
            // stones need liberties); count it as vital to nobody.
            vital: vital.unwrap_or_default(),
            live: true,
        });
    }

    // The fixed point.
    let mut alive = vec![true; anchors.len()];
    let mut vital_count = vec![0u32; anchors.len()];
    loop {
        vital_count.iter_mut().for_each(|v| *v = 0);
        for r in regions.iter().filter(|r| r.live) {
            for &c in &r.vital {
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
            if r.boundary.iter().any(|&c| !alive[c as usize]) {
                r.live = false;
            }
        }
    }

    let mut alive_chains = Vec::new();
    let mut alive_stones = Vec::new();
    for p in size.points() {
        let c = chain_of[p.index()];
        if c != NONE && alive[c as usize] {
            alive_stones.push(p);
            if anchors[c as usize] == p {
                alive_chains.push(p);
            }
        }
    }
    // Anchors need not be the first stone of their chain in board order.
    if alive_chains.len() != alive.iter().filter(|&&a| a).count() {
        alive_chains = anchors
            .iter()
            .zip(&alive)
            .filter(|(_, &a)| a)
            .map(|(&p, _)| p)
            .collect();
        alive_chains.sort_unstable();
    }
    let mut territory = Vec::new();
    for r in &regions {
        if r.live && r.vital.iter().any(|&c| alive[c as usize]) {
            territory.extend_from_slice(&points[r.start..r.end]);
        }
    }
    territory.sort_unstable();
    (alive_chains, alive_stones, territory)
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
