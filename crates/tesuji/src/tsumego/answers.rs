//! Reading the listed answers of a problem file (tsumego.js conventions: every child of
//! the root is an acceptable first move; below, levels alternate between the opponent's
//! tries and the solver's listed answers).

use crate::point::Move;
use crate::sgf::{GameTree, NodeId, ValueError};

/// The moves of the children of `id`, in order, without repeats.
fn child_moves(tree: &GameTree, id: NodeId) -> Result<Vec<Move>, ValueError> {
    let mut out = Vec::new();
    for &c in tree.children(id) {
        if let Some((_, mv)) = tree.node_move(c)? {
            if !out.contains(&mv) {
                out.push(mv);
            }
        }
    }
    Ok(out)
}

/// The listed first moves of a problem: the moves of the root's children, in order,
/// without repeats. Empty when the file lists no answer.
///
/// ```
/// use tesuji::{sgf, Move, Point};
/// use tesuji::tsumego::listed_first_moves;
/// let tree = &sgf::parse("(;SZ[9]PL[B](;B[eb])(;B[fd];W[fc]))").unwrap()[0];
/// assert_eq!(
///     listed_first_moves(tree).unwrap(),
///     vec![Move::Play(Point::new(4, 1)), Move::Play(Point::new(5, 3))]
/// );
/// ```
pub fn listed_first_moves(tree: &GameTree) -> Result<Vec<Move>, ValueError> {
    child_moves(tree, tree.root())
}

/// The moves listed after the line `line` (moves from the root, each matched against the
/// children of the node reached so far), or `None` when the line leaves the listed tree.
/// With an empty line this is [`listed_first_moves`].
///
/// ```
/// use tesuji::{sgf, Move, Point};
/// use tesuji::tsumego::listed_replies;
/// let tree = &sgf::parse("(;SZ[9]PL[B](;B[eb];W[fc](;B[gc])(;B[gd])))").unwrap()[0];
/// let line = [Move::Play(Point::new(4, 1)), Move::Play(Point::new(5, 2))];
/// assert_eq!(listed_replies(tree, &line).unwrap().unwrap().len(), 2);
/// assert_eq!(listed_replies(tree, &[Move::Pass]).unwrap(), None);
/// ```
pub fn listed_replies(tree: &GameTree, line: &[Move]) -> Result<Option<Vec<Move>>, ValueError> {
    let mut node = tree.root();
    for &mv in line {
        let mut next = None;
        for &c in tree.children(node) {
            if tree.node_move(c)?.map(|(_, m)| m) == Some(mv) {
                next = Some(c);
                break;
            }
        }
        match next {
            Some(c) => node = c,
            None => return Ok(None),
        }
    }
    child_moves(tree, node).map(Some)
}
