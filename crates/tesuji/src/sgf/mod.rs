//! SGF (Smart Game Format): reading and writing game records, FF\[4\] with FF\[3\]
//! tolerated.
//!
//! Three layers:
//!
//! * **Syntax**: [`parse`] (or [`parse_bytes`]) turns text into [`GameTree`]s of raw
//!   [`Property`] values; [`GameTree::to_sgf`] and [`write_collection`] write them back.
//!   Errors are [`SgfError`]s with a line and column.
//! * **Meaning**: typed accessors on [`GameTree`] read sizes ([`GameTree::board_size`],
//!   `SZ[19]` or `SZ[19:13]` as columns:rows), komi, ruleset, setup points (compressed
//!   rectangles `AB[aa:cc]` expanded), moves (passes as `[]` or, on boards up to 19x19,
//!   `[tt]`), comments, markup (`MA`, `TR`, `SQ`, `CR`) and labels (`LB`). Bad values are
//!   [`ValueError`]s carrying the property's line and column; so is a property that takes
//!   one value (`SZ`, `KM`, `PL`, `B`, ...) given several in a node, and a node with two
//!   moves, since which one is meant cannot be told (list properties such as `AB` given
//!   twice are merged).
//! * **Games**: [`replay`] / [`to_game`] play the main line into a [`crate::Game`]
//!   (a [`ReplayError`] tells a bad value from an illegal move and gives the move number,
//!   counted from 1); [`from_game`] writes a game as a tree. Builders
//!   ([`GameTree::add_move`], [`GameTree::add_markup`], [`GameTree::add_label`],
//!   [`GameTree::add_comment`]) make trees such as proof trees.
//!
//! ```
//! use tesuji::sgf;
//! let text = "(;GM[1]FF[4]SZ[9]KM[7]AB[cc]C[Black has a stone]\n;W[gg](;B[gc])(;B[cg]))";
//! let trees = sgf::parse(text)?;
//! let tree = &trees[0];
//! assert_eq!(tree.comment(tree.root()), Some("Black has a stone"));
//! let game = sgf::to_game(tree, None)?;
//! assert_eq!(game.move_count(), 2); // the main line follows first children
//! assert_eq!(sgf::normalise(&tree.to_sgf())?, tree.to_sgf());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is read
//!
//! * A collection of one or more game trees, separated by any white space; white space is
//!   allowed between all tokens. A UTF-8 byte order mark is skipped. Text before the first
//!   tree or after a tree is an error.
//! * Property identifiers keep only their upper-case letters, so FF\[3\] forms such as
//!   `AddBlack` or `CoPyright` read as `AB` and `CP`. Unknown properties are kept, in order,
//!   and written back unchanged.
//! * Values are stored with escapes removed: `\]` and `\\` become `]` and `\`, a backslash
//!   before any other character is dropped, and a soft line break (backslash then line
//!   break) vanishes. Line breaks in values are kept as they are.
//! * `GM` and `FF` may be missing; `KM[6.50]` and `KM[0]` read as 6.5 and 0.
//! * Points use `a` to `y` (boards up to 25x25); the FF\[4\] upper-case letters for
//!   larger boards are not supported.
//! * Text in other encodings than UTF-8 (see `CA`) is not decoded: [`parse_bytes`]
//!   replaces invalid bytes with U+FFFD.
//! * When replaying, setup properties (`AB`, `AW`, `AE`, `PL`) are applied wherever they
//!   appear on the main line, and play that goes on after two passes is accepted.
//!
//! # Design decisions
//!
//! * **Own parser.** A quick look at the SGF crates on crates.io (`sgf-parse`, whose nodes
//!   own their children, and the pest-based `sgf-parser`) found none that gives everything
//!   this engine needs at once: errors with line and column, a tree whose depth does not
//!   become recursion depth (a 20,000-move game must not overflow the stack when read,
//!   written, compared or dropped), unknown properties kept in order, and byte-stable
//!   output. The format is small enough that a hand-written state machine is short, and
//!   the crate stays free of dependencies.
//! * **Arena.** A [`GameTree`] is a vector of [`Node`]s addressed by [`NodeId`]; each node
//!   knows its parent and children. Dropping, cloning and comparing are flat loops, and
//!   parent links need no reference counting.
//! * **No recursion.** The reader is a loop over a state and a stack of open variations;
//!   the writer walks the tree with an explicit stack.
//! * **Normal form.** The writer is deterministic: every node starts a line (`;` then its
//!   properties in stored order, values escaped with `\` before `\` and `]` only), a
//!   variation's `(` goes right before its first node, each `)` is on a line of its own,
//!   and a node with one child continues the sequence without parentheses. Reading the
//!   normal form gives back an equal tree, so `normalise(normalise(x)) == normalise(x)`
//!   byte for byte: the round trip is byte-identical after one normalisation.
//! * **Raw then typed.** The tree keeps values as text; meaning is given by accessors
//!   that report [`ValueError`]s, so an unusual or broken value in one property never
//!   stops a file from being read, and syntax errors ([`SgfError`]) stay apart from
//!   meaning errors.

mod parse;
mod replay;
mod tree;
mod typed;
mod write;

pub use parse::{parse, parse_bytes, SgfError, SgfErrorKind};
pub use replay::{from_game, replay, to_game, ReplayError};
pub use tree::{GameTree, Location, MainLine, Node, NodeId, Property};
pub use typed::{
    move_to_text, parse_move, parse_point, parse_point_list_value, point_to_text, Markup,
    PointError, ValueError, ValueErrorKind,
};
pub use write::{normalise, write_collection};

#[cfg(test)]
mod tests;
