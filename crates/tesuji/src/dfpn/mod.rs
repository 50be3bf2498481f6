//! Depth-first proof-number search (df-pn) over a game that knows nothing of Go.
//!
//! The search proves or disproves that the *prover* (the player to move at OR nodes) can
//! force a win. A [`Problem`] supplies the game: a key for the transposition table, whose
//! turn it is, the terminal values the rules decide, the value of a repetition, the moves
//! and play/undo. The Go side (life and death) lives in `tsumego`. [`Solver`] searches;
//! see [`Solver::solve`] for an example.
//!
//! # Method
//!
//! Nagai's df-pn: proof and disproof numbers, a child searched until its numbers pass
//! thresholds taken from its siblings, results kept in a transposition table. The MID
//! recursion is a loop over an explicit stack of frames, so depth costs heap, not thread
//! stack. Each frame holds the children of its state (their keys, and any value already
//! known on this path), so a state is played only when it is expanded or descended into.
//! The child threshold uses the 1+ε trick of Pawlewicz and Lew
//! ([`Config::epsilon_percent`]). Ties between children go to the first in
//! [`Problem::moves`] order. An expansion stops at the first child that decides the state
//! whatever the path (a terminal or stored win for the side to move): the other children
//! would never be looked at. It plays every child first (repetition, terminal test,
//! initial numbers) and then looks them all up in the table in a row: on a large table
//! each lookup misses the processor's cache, and with nothing between them the misses
//! overlap. Nodes are counted as if it stopped at the deciding child, so node counts are
//! those of a single pass.
//!
//! A child whose keys the problem can tell without playing it ([`Problem::child_keys`];
//! tsumego: a stone that captures nothing) is looked up first instead, and is not played
//! when the table knows it, or when this search has played it before: a small
//! direct-mapped cache keeps what each played child came to (terminal, or its initial
//! numbers), since df-pn expands a state again each time its thresholds grow and the
//! children it left unexpanded would be played and tested again. Both give the values the
//! playing would have given (a state enters the table only once expanded, which no rule
//! ended), so the search, its node counts included, is the same; only the time changes.
//! The one exception is sound: the root of an earlier search on the same table, which
//! knowledge may not end ([`Problem::terminal`] of a tsumego leaves its root to the
//! search), is read from the table as it was left there instead of ended by knowledge.
//!
//! # Repetitions and the graph-history interaction
//!
//! A state whose key is already on the path from the root is a leaf valued
//! [`Problem::repetition`]. Every result carries the shallowest path depth of a repeated
//! state it relies on: a proof at an OR node (disproof at an AND node) takes the least
//! dependent winning child, the other way round it takes every child. Only results that
//! rely on no repetition at all go to the table as proofs or disproofs; a result that relies
//! on one is kept in its parent's frame, which is valid as long as that frame lives (the
//! path above it does not change), and is searched again when the state is reached again
//! later. The cost is re-searching states whose value hangs on a cycle (Kishimoto and
//! Müller's general solution would store these too, with the path they relied on). The
//! tests show a naive table getting such a case wrong and this one getting it right.
//!
//! Why this is sound. A stored proof (or disproof) has a tree whose leaves are all terminal:
//! no repetition leaf, only children that were terminal or stored the same way. Expanded,
//! a line of that tree may meet a state twice (through entries stored by other searches);
//! the subtree below the second meeting then also proves the first, so cutting there, again
//! and again, leaves a proof of the stored state with no repeated state on any line: the
//! stored value is the state's value as a root, whatever the path. The same cut applies to
//! the tree of any search root that reuses stored entries, whose lines may meet a state of
//! its own path inside a reused tree: so the **root's** value is right. What is not right
//! in general is a stored value read as the value of a state *below* a path it shares
//! states with; only the root's answer relies on stored values, and
//! [`Solver::proof_tree`] re-checks each step on its real path.
//!
//! [`Solver::solve_children`] searches the root restricted to one move. The cut at the root
//! does not apply there (the tree below a second meeting of the root may start with another
//! move), so it needs stored trees that never pass through the root: true when every search
//! since the table was empty started from this root, since each of them had the root on
//! its path and so never stored a tree through it. The solver keeps track, and empties the
//! table before solving the children of another root (a test found the wrong answers
//! otherwise). Except for one kind of value: when every repetition has the same value
//! ([`Problem::repetition_value`]; in life and death, the defender's success), a stored
//! value of that outcome holds on any path, the root's included (a line of its tree that
//! meets a state of the path ends there by repetition with the same outcome), so the
//! table keeps those and drops the rest. A test on random cyclic graphs checks the
//! children against minimax after other roots have filled the table, and fails if the
//! values of the other outcome are kept too.
//!
//! [`Solver::adopt_root`] lets a caller who knows that no stored tree can pass through a
//! new root (no earlier root reaches it) keep the table for that root's moves as well;
//! what the caller cannot vouch for are the values read under a core key, which those
//! searches handle apart (below).
//!
//! **Core values and the root's moves.** A value read under a core key
//! ([`Problem::core_key`]) was stored by a state whose other parts may differ from those of
//! the state reading it, so its tree, relabelled with the reader's parts, can pass through
//! the root of the search with the root's own parts, which nothing in the table shows. The
//! root's value is still right (the cut above), but a search of the root's moves one by one
//! could take a move for winning by a line that in truth repeats the root. Two flags on
//! every final value tell where that can happen, both relative to the core of the table's
//! root (the root of the first search since the table was empty):
//!
//! - **touches**: its tree may hold a state with that core (the state itself has it, or
//!   the winning child at the mover's turn does, or any child at a loss);
//! - **risky**: its tree may hold a value read under a core key that touches (relabelled,
//!   that value's tree may meet the root itself), or a child that is risky in the same
//!   sense.
//!
//! At the mover's winning turn the flags are those of one winning child, the least
//! path-dependent, then the least risky. A search restricted to one root move reads a
//! risky value only when it has the outcome every repetition has (that one holds on any
//! path, as above) and searches the state again otherwise; the root's deciding child
//! ([`Solver::root_winning_child`]) is given only under the same condition. So the flags
//! must refer to this root's core: [`Solver::adopt_root`] of a root with another core
//! empties the table, and the table kept for the children of another root (the values of
//! the repetition's outcome, read whatever their flags) takes that root's core.
//!
//! A risky value needs a cycle of positions through the root's core. In life and death
//! that takes a ko (or a longer cycle such as sending two and returning one): where the
//! first move takes a ko, the retake and a ko threat bring the start back with one
//! threat fewer. The random token games of the tests, with every node a root, fail
//! within a few hundred games if the restricted searches read every risky value, or if no
//! state is taken to touch.
//!
//! Since stored values are values as a root, one table can serve several roots of the same
//! problem with [`Solver::solve`] (other first players, other ko-threat counts) as long as
//! equal keys mean equal futures; call [`Solver::clear_table`] when keys change meaning.
//!
//! # Cycles and termination
//!
//! Cycles cannot make the search loop without working: each descent expands a state and
//! counts its children as nodes, so a node or time budget always ends a search. They can
//! make it loop *with* work: open numbers in the table, read through a cycle, feed each
//! other and grow round after round while nothing new is expanded (the classic df-pn
//! problem in cyclic graphs). Two guards:
//!
//! - **Fallback.** When a search has met a repeated state (without one the graph it
//!   explored has no cycle, so nothing can feed back) and has gone a long while without a
//!   new path-independent proof or disproof (20,000 nodes plus twice the nodes before the
//!   last one), it stops
//!   reading open numbers from the table for the rest of the call (proofs and disproofs
//!   are still read) and uses only the numbers its frames found on the current path. The
//!   cycles then cannot feed back, and the search works like df-pn on the finite tree of
//!   paths without repeated states. [`Solver::fallbacks`] counts these.
//! - **Restart.** If numbers saturate anyway (no threshold a frame could give its best
//!   child lies above that child's numbers), the root forgets every open number in the
//!   table (proofs stay) and starts again in the fallback mode; [`Solver::restarts`]
//!   counts these. A frame below the root that saturates gives up (returns to its
//!   parent) and turns the fallback on: its parent would otherwise give it the same
//!   thresholds again, and the frame would give up again, for ever.
//!
//! A frame keeps its children's numbers: read from the table when it is expanded, then
//! updated from what each child's search returns. It does not read the table again at
//! each step (that was one lookup per open child per step, most of them cache misses on
//! a large table). What it misses is a sibling whose entry changed meanwhile through a
//! transposition in another child's tree; the next expansion of the state reads it.
//!
//! With these, every test instance (thousands of random cyclic graphs, in every mode)
//! ends. This is tested, not proven: give a budget. The 1+ε trick and weak proof numbers
//! ([`Config::weak`]) make the fallback rarer.
//!
//! # Proof trees
//!
//! [`Solver::proof_tree`] rebuilds a proof from the table with the real path: at the
//! winner's turns it searches each candidate move again with the path above it (cheap when
//! the table knows it), at the loser's turns it takes every move. A table entry reached
//! through another path can pass through a state that is now on the path (the case the
//! soundness argument above cuts away), so a candidate may fail to extend; the builder then
//! backtracks to the winner's next move. The tree is checked as it is built.
//!
//! A problem may know more than its rules: [`Problem::terminal`] can end a line by sound
//! knowledge (tsumego: a dead shape), which the search uses, while a proof for a verifier
//! must end on the rules alone. The builder therefore takes its leaves from
//! [`Problem::rules_terminal`] and goes on below states that only knowledge decides, trying
//! [`Problem::strategy_move`] (the step of the strategy the knowledge stands for) first at
//! the winner's turns; the values it checks there still come from the search, with the
//! knowledge.
//!
//! # Table and determinism
//!
//! The table holds at most as many entries as fit in [`Config::memory_bytes`], keyed by the
//! full 64-bit key; when full, the half with the least work goes (details in the source of
//! the `table` module). Nothing in the search depends on key values, only on which keys are
//! equal, so the same problem with other keys gives the same outcome, node count and table
//! size, unless two different states share a full 64-bit key (negligible with good keys).
//!
//! # Core values
//!
//! Some parts of a state matter only now and then: in life and death, the ko threats each
//! side has left matter only where a ko ban lets a side offer one. A problem can name the
//! rest, the state's **core**, with [`Problem::core_key`]. A proof or disproof is a
//! **core value** when it holds whatever those parts are: a terminal value (which must
//! depend on the core alone), a win through a move that is there whatever they are
//! ([`Problem::core_move`]) to a core value, or a loss at a state whose moves depend on
//! the core alone ([`Problem::core_moves`]) where every child is a core value. Such a
//! tree never uses the parts outside the core, so relabelled with any other values of
//! them it is still a proof. Core values go to the table under both keys (each entry says
//! whether it is one), and a child that the table does not decide under its own key is
//! looked up under its core key too (only once the table may hold core values of states
//! with other parts outside the core: after a move that changes them, such as a ko
//! threat, or a search from another root; until then the full key finds all there is).
//! Within one search this shares the values of states
//! reached with different threats left; across searches of the same problem with other
//! threat counts in one table (the threshold walk of `tsumego::solve`) it shares every
//! value that no ko touched.
//!
//! [`Solver::solve_children`] still needs a table whose entries all come from searches of
//! its own root: a core value stored by a search from another root (the same position
//! with other threats) may pass through this root, so such a table keeps only what any
//! table from another root keeps (see above).
//!
//! Tested on random graph games where tokens buy a move at some states (`tests.rs`):
//! every token count solved in one table, in both orders, and every root move, against
//! minimax; the test fails if a state where tokens buy a move is taken for a core one,
//! or a token move for a core move.
//!
//! # Budgets
//!
//! [`Config`] limits nodes, time and table memory, and takes a cancellation flag. Out of
//! budget the answer is unknown (`None`), never a guess; what was proven stays in the table
//! for the next call, and [`SolveResult::numbers`] tells how far the root got. Nodes are
//! checked at every expansion (so the limit is passed by at most one expansion's children),
//! time and the flag likewise.
//!
//! # Threads
//!
//! [`Solver::solve_threads`] searches one root on [`Config::threads`] threads. Each thread
//! runs the df-pn above on its own copy of the problem with its own table.
//! The values they share (a store split into locked shards) are only what the soundness
//! argument above allows any search of the same root to reuse: the **proofs and
//! disproofs that rely on no repetition**, stored as they are found and read where a
//! thread's own table does not decide a child it expands. Path-dependent results stay
//! private, so the graph-history handling, the fallback and the restarts are those of
//! one thread.
//!
//! To spread the threads over the tree, they differ in ε (helper *k* uses (k + 1) × ε),
//! and near the root (the first few plies) each publishes the states of its path and
//! counts a child that another thread is in at twice its number when it chooses where to
//! descend (Kaneko's "virtual" proof numbers, there only, and only for the choice: the
//! numbers stored are the real ones). The first thread to settle the root gives the result,
//! and every proof found joins the main thread's table for the searches that follow
//! (the threshold walk, the moves, the proof tree); their flags (see "Core values and the
//! root's moves") refer to the main thread's table root. [`Problem::absorb`] passes on
//! what a helper's copy of the problem learnt (in life and death, that a ko ban was met).
//!
//! The threads also publish the **open numbers** each state ends a visit with, in a small
//! direct-mapped table without locks (a slot's check word is the key xor its numbers, so
//! a slot read while another thread writes it reads as empty). A thread expanding a state
//! whose child its own table does not know starts that child from the published numbers
//! instead of the initial ones (except in fallback, which reads only its own path's
//! numbers). Numbers only steer the search, never decide a value, so whatever a slot
//! holds cannot change an answer: a thread that comes to a subtree another has worked in
//! sees what that work found (a child that turned out hard, another that is close to a
//! proof) instead of starting blind.
//!
//! Why not all of Kaneko's parallel df-pn (AAAI 2010), where every thread reads and writes
//! one table of open numbers too: here a shared open number would have to carry the path
//! it relied on (the graph-history interaction), which this table does not store; sharing
//! only finals as values keeps every value a thread uses one the sequential search could
//! use, and so sound for the same reasons. The published open numbers give the threads
//! some of what a shared table of open numbers would, as hints: a thread's own table still
//! decides where it has an entry, and the threads still duplicate much of each other's
//! work (`BENCHMARKS.md` has the figures).
//!
//! The answer does not depend on the thread count: every value any thread uses is a value
//! of the game (as a root, whatever the path), so the root's result is the same; node
//! counts, the table's contents and therefore the choice among winning moves may differ.
//! One thread is the sequential search, deterministic to the node. Budgets cover every
//! thread: the node limit counts all their nodes (each thread adds its count to a shared
//! one every few thousand nodes, so the limit is passed by at most that batch and an
//! expansion per thread), the time limit and the cancellation flag stop them all, and the
//! memory is shared out between a table per thread and the shared store. A table's
//! buckets come in powers of two, so the tables are sized by what they take: each gets
//! the largest power of two that lets all of them fit in seven eighths of the memory,
//! then the main thread's table, and the next ones', doubles while they still fit (equal
//! shares could leave a table little more than half its share). The store gets the rest,
//! at least an eighth: the open numbers' table, at most 1 MiB, a filter of the final
//! values' keys, at most 512 KiB, and the final values. The final values are in maps
//! behind locks; a lookup first reads the key's bit in the filter, without a lock, and
//! most lookups (of keys no thread has stored) end there.
//! WebAssembly has no threads there, and searches on one.
//!
//! # State (issue 5)
//!
//! Done: the search, the bounded table, repetitions kept out of the table, the value of
//! every root move ([`Solver::solve_children`]), proof trees checked as they are built and
//! principal variations, budgets and cancellation. Tested (`tests.rs`, seeds printed with
//! `--nocapture`) against exhaustive minimax with the same repetition rule on thousands of
//! random acyclic and cyclic graphs (every root child and proof tree too, with tables down
//! to none, under several key seeds), take-away, tic-tac-toe and 3 in a row on 4×4, plus a
//! hand-made GHI case and random ones where a naive table answers wrongly.
//!
//! ε is 25 % by default and the tsumego solver uses weak proof numbers in which four open
//! children beside the largest are free ([`Config::weak_free`]), and initial numbers
//! raised by the child's place in the move order ([`Config::rank_divisor`],
//! [`Config::rank_cap`]), all chosen by
//! measurement (the figures, and those of the table's batched lookups, are in
//! `BENCHMARKS.md`). Progress is reported from inside one search
//! ([`Solver::solve_reporting`]): a search run in slices loses, at each restart, the
//! path-dependent results its frames held, and may never end.
//!
//! A proof tree is bounded by the memory budget ([`proof_state_limit`], which counts its
//! SGF and the verification of it too; the table is bounded by the same figure on its
//! own, so a solve that writes a proof may take up to twice the budget): it shares nothing
//! between transpositions (each is written out again, so a tree can be exponentially
//! larger than the search that found it), and past the bound
//! [`Solver::proof_tree`] stops with [`StopReason::MemoryLimit`].
//!
//! Left: Kishimoto and Müller's general GHI solution if re-searching cycle-dependent states
//! proves costly in ko fights; a proof that the cycle guards always end the search;
//! proof DAGs (a tree that names its transpositions) for problems whose trees are too
//! large.

use std::fmt::Debug;

mod proof;
mod search;
mod shared;
mod table;
#[cfg(test)]
mod tests;

pub use proof::{proof_state_limit, Leaf, ProofNode, ProofTree};
pub use search::{ChildrenResult, Config, SolveResult, Solver, StopReason, MAX_INITIAL};

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

    /// The value of the current state by the rules alone, for proof trees: where
    /// [`Problem::terminal`] also uses knowledge (a static evaluation that is sound but
    /// that a verifier of proofs does not share), this gives only what the rules decide,
    /// and [`Solver::proof_tree`] goes on below such states, with
    /// [`Problem::strategy_move`]. The default is [`Problem::terminal`].
    fn rules_terminal(&mut self) -> Option<Outcome> {
        self.terminal()
    }

    /// Where [`Problem::terminal`] decides the current state by knowledge and the winner is
    /// to move, a move of the winner that keeps it won (a step of the strategy the
    /// knowledge stands for); [`Solver::proof_tree`] tries it first. `None` elsewhere, and
    /// by default.
    fn strategy_move(&mut self) -> Option<Self::Move> {
        None
    }

    /// Whether `mv` leaves the position as it is (a pass). [`Solver::principal_line`]
    /// shows the losing side passing only when it has nothing else: any move loses there,
    /// and a move on the board is the resistance a reader wants to see. `false` by default.
    fn is_pass(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The value of a state that repeats a state earlier on the current path (a cycle). A
    /// result that depends on such a repetition depends on the path and must not be
    /// reused as if it did not (the graph-history interaction problem).
    fn repetition(&self) -> Outcome;

    /// The value of every repetition, when it is the same at every state (tsumego: the
    /// defender's success), else `None` (the default). With it, a table that served
    /// other roots keeps its values of that outcome when the children of a new root are
    /// searched ([`Solver::solve_children`]), instead of being emptied.
    fn repetition_value(&self) -> Option<Outcome> {
        None
    }

    /// Appends the legal moves of the current state, best first.
    fn moves(&mut self, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, one of the moves listed by [`Problem::moves`].
    fn play(&mut self, mv: Self::Move);

    /// Takes back the latest move played.
    fn undo(&mut self);

    /// The [key](Problem::key) and [core key](Problem::core_key) of the state after `mv`,
    /// a move of [`Problem::moves`], when they can be told without playing it; `None`
    /// (the default) when not. The solver uses them to find a child in the transposition
    /// table without playing it: a child the table knows is not played at all, so
    /// nothing that [`Problem::play`] would have noted about the state after it (tsumego:
    /// that a ko ban was met) may be lost by skipping it. An implementation returns keys
    /// only for moves after which there is nothing to note.
    fn child_keys(&self, _mv: Self::Move) -> Option<(u64, Option<u64>)> {
        None
    }

    /// Heuristic initial proof and disproof numbers of the current (non-terminal) state,
    /// both at least 1. The default `(1, 1)` is plain df-pn. The solver clamps them to
    /// `1..=`[`MAX_INITIAL`].
    fn initial_numbers(&mut self) -> (u32, u32) {
        (1, 1)
    }

    /// A key of the current state's **core**: the state without the parts that only some
    /// values depend on (tsumego: the ko threats each side has left), or `None` (the
    /// default) to share nothing. A value that the solver finds to hold whatever those
    /// parts are is also stored under this key, where searches of the same problem with
    /// other such parts find it (see "Core values" in the module documentation). When this
    /// is `Some`, [`Problem::terminal`] must depend on the core alone.
    fn core_key(&self) -> Option<u64> {
        None
    }

    /// Whether the moves of the current state depend on its core alone (tsumego: no ko
    /// ban, so no ko threat can be offered). `false` by default.
    fn core_moves(&self) -> bool {
        false
    }

    /// Whether `mv`, a move of the current state, is there whatever the parts outside the
    /// core are (tsumego: any move but a ko threat). `false` by default.
    fn core_move(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Takes from `helper`, a copy of this problem that searched the same root on another
    /// thread ([`Solver::solve_threads`]), what the search taught it that this one must
    /// know too (tsumego: whether a ko ban was met). Nothing by default.
    fn absorb(&mut self, _helper: &Self)
    where
        Self: Sized,
    {
    }
}
