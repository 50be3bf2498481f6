//! Depth-first proof-number search (df-pn) over a game that knows nothing of Go.
//!
//! The search proves or disproves that the *prover* (the player to move at OR nodes) can
//! force a win. A [`Problem`] supplies the game: a key for the transposition table, whose
//! turn it is, the terminal values the rules decide, the value of a repetition, the moves
//! and play/undo. The Go side (life and death) lives in `tsumego`.
//!
//! This module is being built (issue 5); the trait below is the contract between the two
//! halves.

use std::fmt::Debug;

/// A proven result, from the prover's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The prover wins.
    Proven,
    /// The prover cannot win.
    Disproven,
}

/// Whose turn it is at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The prover is to move: one winning child proves the node.
    Or,
    /// The opponent is to move: every child must be proven.
    And,
}

/// A two-player game to search, seen from its current state. Implementations keep their own
/// move stack: [`Problem::undo`] takes back the latest [`Problem::play`].
pub trait Problem {
    /// A move.
    type Move: Copy + Eq + Debug;

    /// A key of the current state for the transposition table. Two states with the same key
    /// must have the same future (side to move, ko ban, remaining ko threats, ...). Keys
    /// are a cache index only: results must not depend on their values.
    fn key(&self) -> u64;

    /// Whose turn it is.
    fn node_kind(&self) -> NodeKind;

    /// The value of the current state if the rules alone decide it (targets captured,
    /// unconditional life, two passes in a row, ...), else `None`.
    fn terminal(&mut self) -> Option<Outcome>;

    /// The value of a state that repeats a state earlier on the current path (a cycle). A
    /// result that depends on such a repetition depends on the path and must not be
    /// reused as if it did not (the graph-history interaction problem).
    fn repetition(&self) -> Outcome;

    /// Appends the legal moves of the current state, best first.
    fn moves(&mut self, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, one of the moves listed by [`Problem::moves`].
    fn play(&mut self, mv: Self::Move);

    /// Takes back the latest move played.
    fn undo(&mut self);

    /// Heuristic initial proof and disproof numbers of the current (non-terminal) state,
    /// both at least 1. The default `(1, 1)` is plain df-pn.
    fn initial_numbers(&mut self) -> (u32, u32) {
        (1, 1)
    }
}
