//! Finding the region of a problem: the points inside the enclosing wall.

use super::{vertex_text, TsumegoError};
use crate::benson;
use crate::board::{Board, PointBits};
use crate::color::Color;
use crate::point::Point;
use crate::point::ARRAY_LEN;
use crate::rules::Suicide;
use std::collections::VecDeque;

/// The most points (stones included) a detected region may hold; a flood that reaches
/// more has found no closed wall.
pub const MAX_REGION_POINTS: usize = 80;

/// The most empty points a detected region may hold: the largest region of the tsumego.js
/// set has 27, and a flood through an open gap covers far more.
pub const MAX_REGION_EMPTY: usize = 40;

/// The farthest a detected region may reach from the targets, in steps between
/// neighbouring points; a flood that goes farther has found no closed wall.
pub const MAX_REGION_DISTANCE: usize = 16;

/// An attacker chain next to the region is part of the wall when it has at least this many
/// liberties outside the region (or is unconditionally alive).
pub const WALL_OUTSIDE_LIBERTIES: usize = 2;

/// The region of the problem whose target stones are `targets` (all of one colour, the
/// defender's): every point where moves may be played, stones included, in board order.
///
/// The rule, a fixed point:
///
/// 1. Flood from the target stones through empty points, defender stones and the
///    attacker chains already judged capturable.
/// 2. Each attacker chain next to the flood is judged: it belongs to the **wall** if it is
///    unconditionally alive by Benson on the whole board, or if it has at least
///    [`WALL_OUTSIDE_LIBERTIES`] liberties outside the flood (the defender cannot fill them,
///    since moves outside the region are not played, and a player sees such a chain as
///    safe). Otherwise it is **capturable** and joins the region, its outside liberties too.
/// 3. Repeat until no chain changes side.
///
/// The board edge closes a region like a wall. When the flood holds more than
/// [`MAX_REGION_POINTS`] points or [`MAX_REGION_EMPTY`] empty points, or reaches farther
/// than [`MAX_REGION_DISTANCE`] steps from the targets, there is no closed wall, and the
/// error names where it leaked: on the shortest path from the targets to the point where
/// the flood passed the limit, the first gap in the wall (an empty point between two
/// attacker stones), else the first attacker chain judged capturable, else the targets.
///
/// ```
/// use tesuji::{ascii, Point};
/// use tesuji::tsumego::{detect_region, TsumegoError};
/// // White has no wall around it at all: the flood covers the whole 9x9 board.
/// let pos = ascii::parse_diagram("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . O . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
/// ").unwrap();
/// let err = detect_region(pos.board(), &[Point::new(2, 2)]).unwrap_err();
/// assert!(matches!(err, TsumegoError::RegionNotClosed { .. }));
/// ```
pub fn detect_region(board: &Board, targets: &[Point]) -> Result<Vec<Point>, TsumegoError> {
    let size = board.size();
    let Some(&first) = targets.first() else {
        return Err(TsumegoError::NoTarget);
    };
    let Some(defender) = board.get(first) else {
        return Err(TsumegoError::EmptyTarget {
            vertex: vertex_text(first, size),
        });
    };
    let attacker = !defender;
    let alive = benson::unconditional_life(board, Suicide::Forbidden);
    let mut alive_set = PointBits::new();
    for &p in &alive.alive_stones[attacker] {
        alive_set.insert(p.index());
    }
    // Anchors of the attacker chains judged capturable, in the order they were judged.
    let mut capturable: Vec<Point> = Vec::new();
    let mut capturable_set = PointBits::new();
    loop {
        let mut region = PointBits::new();
        let mut order: Vec<Point> = Vec::new();
        let mut queue: VecDeque<Point> = VecDeque::new();
        let mut parent: Vec<Option<Point>> = vec![None; ARRAY_LEN];
        let mut dist: Vec<usize> = vec![0; ARRAY_LEN];
        let mut boundary: Vec<Point> = Vec::new();
        let mut boundary_set = PointBits::new();
        let mut empty = 0;
        for &p in targets {
            if region.insert(p.index()) {
                order.push(p);
                queue.push_back(p);
            }
        }
        // Breadth first, so that every point's parent chain is a shortest path back to the
        // targets and a leak is found at its nearest point.
        while let Some(p) = queue.pop_front() {
            for n in board.neighbors(p) {
                let passable = match board.get(n) {
                    None => true,
                    Some(c) if c == defender => true,
                    Some(_) => {
                        let anchor = board.chain(n).map(|c| c.anchor()).unwrap_or(n);
                        if capturable_set.contains(anchor.index()) {
                            true
                        } else {
                            if boundary_set.insert(anchor.index()) {
                                boundary.push(anchor);
                            }
                            false
                        }
                    }
                };
                if passable && region.insert(n.index()) {
                    order.push(n);
                    queue.push_back(n);
                    parent[n.index()] = Some(p);
                    dist[n.index()] = dist[p.index()] + 1;
                    empty += usize::from(board.is_empty(n));
                    if order.len() > MAX_REGION_POINTS
                        || empty > MAX_REGION_EMPTY
                        || dist[n.index()] > MAX_REGION_DISTANCE
                    {
                        return Err(leak(board, attacker, &parent, n));
                    }
                }
            }
        }
        let mut changed = false;
        for &anchor in &boundary {
            if alive_set.contains(anchor.index()) {
                continue;
            }
            let Some(chain) = board.chain(anchor) else {
                continue;
            };
            let outside = chain
                .liberties()
                .into_iter()
                .filter(|l| !region.contains(l.index()))
                .count();
            if outside < WALL_OUTSIDE_LIBERTIES {
                capturable.push(anchor);
                capturable_set.insert(anchor.index());
                changed = true;
            }
        }
        if !changed {
            order.sort_unstable();
            return Ok(order);
        }
    }
}

/// The error for a flood that reached `far`: walks the shortest path back to the targets
/// and names the weak spot on it, nearest the targets first: a gap in the wall (an empty
/// point flanked by two or more attacker stones), else an attacker chain judged
/// capturable that the path passes through, else the targets themselves.
fn leak(board: &Board, attacker: Color, parent: &[Option<Point>], far: Point) -> TsumegoError {
    let size = board.size();
    let mut path = vec![far];
    let mut p = far;
    while let Some(q) = parent.get(p.index()).copied().flatten() {
        path.push(q);
        p = q;
    }
    path.reverse(); // from the targets outwards
    let flank = |q: Point| {
        board
            .neighbors(q)
            .filter(|&n| board.get(n) == Some(attacker))
            .count()
    };
    let limits = format!(
        "the region grows beyond {MAX_REGION_POINTS} points, {MAX_REGION_EMPTY} empty points \
         or {MAX_REGION_DISTANCE} steps from the targets"
    );
    if let Some(&gap) = path.iter().find(|&&q| board.is_empty(q) && flank(q) >= 2) {
        return TsumegoError::RegionNotClosed {
            near: vertex_text(gap, size),
            reason: format!("the wall of attacker stones has a gap there: {limits}"),
        };
    }
    if let Some(&stone) = path.iter().find(|&&q| board.get(q) == Some(attacker)) {
        let anchor = board.chain(stone).map(|c| c.anchor()).unwrap_or(stone);
        return TsumegoError::RegionNotClosed {
            near: vertex_text(anchor, size),
            reason: format!(
                "the attacker stones there are not a safe wall (fewer than \
                 {WALL_OUTSIDE_LIBERTIES} liberties outside the region, not unconditionally \
                 alive), and past them {limits}"
            ),
        };
    }
    TsumegoError::RegionNotClosed {
        near: vertex_text(path.first().copied().unwrap_or(far), size),
        reason: format!("no wall of attacker stones encloses the targets: {limits}"),
    }
}
