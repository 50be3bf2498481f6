//! Finding the region of a problem: the points inside the enclosing wall.

use super::{vertex_text, TsumegoError};
use crate::benson;
use crate::board::{Board, PointBits};
use crate::point::Point;
use crate::rules::Suicide;

/// The most points (stones included) a detected region may hold; a flood that reaches
/// more has found no closed wall.
pub const MAX_REGION_POINTS: usize = 80;

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
/// [`MAX_REGION_POINTS`] points, there is no closed wall and the error names where it
/// leaked: the first capturable attacker chain whose outside liberties opened the way, or
/// else the point where the flood passed the limit.
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
        let mut stack: Vec<Point> = Vec::new();
        let mut boundary: Vec<Point> = Vec::new();
        let mut boundary_set = PointBits::new();
        let seeds = targets.iter().copied().chain(
            capturable
                .iter()
                .flat_map(|&a| board.chain(a).into_iter().flat_map(|c| c.stones())),
        );
        for p in seeds {
            if region.insert(p.index()) {
                order.push(p);
                stack.push(p);
            }
        }
        while let Some(p) = stack.pop() {
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
                    stack.push(n);
                    if order.len() > MAX_REGION_POINTS {
                        let near = capturable.last().copied().unwrap_or(n);
                        let reason = match capturable.last() {
                            Some(_) => format!(
                                "the attacker stones there are not a safe wall (fewer than \
                                 {WALL_OUTSIDE_LIBERTIES} liberties outside the region, not \
                                 unconditionally alive), and past them the region grows beyond \
                                 {MAX_REGION_POINTS} points"
                            ),
                            None => format!(
                                "no wall of attacker stones encloses the targets: the region \
                                 grows beyond {MAX_REGION_POINTS} points"
                            ),
                        };
                        return Err(TsumegoError::RegionNotClosed {
                            near: vertex_text(near, size),
                            reason,
                        });
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
