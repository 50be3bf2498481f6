//! tesuji in the browser: WebAssembly bindings (wasm-bindgen) over the public API of the
//! `tesuji` library.
//!
//! Two classes:
//!
//! * `Position` ([`position::JsPosition`]): a board from SGF, a diagram or empty; the
//!   stones, legal moves, `play`/`undo`, ladder status and Benson's unconditional life.
//! * `Problem` ([`problem::JsProblem`]): a life-and-death problem from SGF (`MA` marks the
//!   targets, `SQ` the region, `PL` the first player) or a diagram; `solve` for either
//!   colour with budgets and a progress callback, and a line of play (`play`, `undo`,
//!   `status`, `reply`) for playing the problem out against the solver.
//!
//! Results are plain JavaScript objects (the TypeScript definitions below name their
//! shapes). Errors are thrown as JavaScript `Error`s named `TesujiError`, with a `kind`
//! (see `ErrorKind`) and, for errors in a text, a `line` and `column`.
//!
//! `js/tsumego.js` in this crate wraps `Problem` in the shape of tsumego.js's API
//! (`new Solver(sgf).solve("B")` gives `"B[xy]"`), and `web/` is a page built on it. Build
//! with `web/build.sh` (`cargo build --target wasm32-unknown-unknown --profile wasm`, then
//! `wasm-bindgen --target web`).

pub mod error;
mod js;
pub mod position;
pub mod problem;
pub mod text;

use wasm_bindgen::prelude::*;

/// The version of the crate.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** "B" (Black) or "W" (White). */
export type ColorText = "B" | "W";

/** A point: x is the column from the left, y the row from the top, both from 0 (as in SGF). */
export interface Point { x: number; y: number; }

/** Every stone of a position, by colour. */
export interface Stones { black: Point[]; white: Point[]; }

/** A move in a result. */
export interface Move {
  /** "play" a stone, "pass", or "threat" (an external ko threat and its answer, both elsewhere). */
  kind: "play" | "pass" | "threat";
  x: number | null;
  y: number | null;
  /** GTP vertex ("D4"), "pass" or "threat". */
  vertex: string;
  /** SGF point ("dd"); "" for a pass or a threat. */
  sgf: string;
}

/** What a move did. */
export interface Played { color: ColorText; move: Move; captured: Point[]; }

/** One ladder reading. */
export interface LadderReading { outcome: "captured" | "escaped" | "unknown"; sequence: Move[]; nodes: number; }

/** The ladder status of a chain, read both ways. */
export interface LadderAnswer {
  color: ColorText;
  liberties: number;
  status: "captured" | "unsettled" | "escaped" | "unknown";
  /** For "unsettled": the attacker's working first move and the defender's saving move. */
  capture: Move | null;
  escape: Move | null;
  attackerFirst: LadderReading;
  defenderFirst: LadderReading;
}

/** Benson's unconditional life: alive stones and safe territory of each colour. */
export interface BensonAnswer {
  black: { alive: Point[]; territory: Point[] };
  white: { alive: Point[]; territory: Point[] };
}

/** Options of Problem.solve and Problem.reply; every field is optional. */
export interface SolveOptions {
  /** Most nodes (default: no limit). */
  nodes?: number;
  /** Most time in milliseconds (default: no limit). */
  timeMs?: number;
  /** Transposition table size in MiB (default 64). */
  memoryMb?: number;
  /** The first player's external ko threats minus the opponent's (default 0). */
  koThreats?: number;
  /** How far the ko threshold is looked for: differences from -maxThreats to +maxThreats (default 3). */
  maxThreats?: number;
  /** List every winning first move and a refutation of every other move (default false). */
  allMoves?: boolean;
  /** Find the principal variation (default true). */
  pv?: boolean;
  /** Return the proof tree, also as SGF (default false). */
  proof?: boolean;
  /** Mixed into the hash keys of the table (default 0). */
  keySeed?: number;
}

/** Options of Problem.open (reading the goal of a problem with nothing marked); every
 *  field is optional. */
export interface OpenOptions {
  /** Most time for the reading, in milliseconds (default: no limit beyond the node rounds). */
  timeMs?: number;
  /** Most nodes for the whole reading, every candidate and round (default: no total;
   *  each reading is bounded by its round, 20,000, 200,000 and 2,000,000 nodes). */
  nodes?: number;
  /** "kill" (a group of the opponent) or "live" (one of the side to play's own). */
  goal?: "kill" | "live";
  /** How far the region reaches from the target group, in steps (default 3). */
  reach?: number;
}

/** How the goal of a problem with nothing marked was found (Problem.goal). */
export interface GoalFound {
  /** What the side to play wants. */
  goal: "kill" | "live";
  /** The goal in words: "kill the white group at B18". */
  words: string;
  /** The stones of the target group. */
  group: Point[];
  /** Whether the other side, moving first, was shown to succeed too. */
  confirmed: boolean;
  /** Whether the side to play was shown to succeed while the goal was read. */
  proven: boolean;
  /** Which reading found the goal: the first look (at the reach asked, one step
   *  narrower, or in smaller regions), or a second look taken when no group fitted the
   *  first. */
  look: "first" | "narrower" | "smaller" | "critical-chain" | "fighting-chains" | "longer-reach" | "weaker-walls" | "other-chains";
  /** Stones the problem adds around the region (not in the SGF): where the attacker holds
   *  sway, and for a kill on every exit. */
  frame: Point[];
  /** Whether the region is still open toward the centre (a target that gets a liberty
   *  outside it has escaped, unless the attacker blocks it first at a narrow point); a
   *  kill's rim is closed by the frame. */
  regionOpen: boolean;
  elapsedMs: number;
  nodes: number;
}

/** Passed to the progress callback (at the start of every step and about every 200,000
 *  nodes); return false from it to stop. */
export interface Progress {
  nodes: number;
  elapsedMs: number;
  /** The step: the result, a search of the ko threshold walk, confirming the reported
   *  move, every first move in turn, the refutations, the main line, the proof tree. */
  phase: "result" | "threshold" | "winning-move" | "first-moves" | "refutations" | "main-line" | "proof";
  /** In "threshold": the threat difference searched. */
  threats: number | null;
  /** The step in words ("checking every first move"). */
  description: string;
  /** The first move being worked on, in the steps that go through them. */
  current: Move | null;
  /** In "first-moves" and "refutations": moves done so far, and in all. */
  done: number;
  total: number;
}

/** A proof (or disproof) tree: the winner's one move at its turns, every move at the loser's. */
export interface ProofTree {
  winner: ColorText;
  /** nodes[0] is the root; a child always comes after its parent. */
  nodes: {
    toPlay: ColorText;
    /** Why a leaf needs no move: the rules decide it, it repeats a state of the line, or
     *  it is a transposition (only in proofs too large to write out in full): the same
     *  state as node `same`, whose proof serves here too. */
    leaf: "terminal" | "repetition" | "transposition" | null;
    /** For a transposition: the earlier node with the same state (its children go on). */
    same: number | null;
    children: { move: Move; node: number }[];
  }[];
}

/** The solver's answer for one first player. */
export interface Answer {
  first: ColorText;
  attacker: ColorText;
  defender: ColorText;
  /** For the first player: "win" (kill for the attacker, life or seki for the defender). */
  result: "win" | "loss" | "unknown";
  /** The first player succeeds iff its ko threats minus the opponent's are at least this;
   *  null when the result does not depend on ko threats, or when it is not known
   *  (`thresholdSettled` false). */
  threshold: number | null;
  /** Whether the threshold is known: false when the result is unknown, or when the budget
   *  ran out in a ko after the result was found and before the threshold was (then
   *  `threshold` and the moves' thresholds are null and say nothing about threats). */
  thresholdSettled: boolean;
  /** The answer in words. */
  summary: string;
  /** The threat difference that moves, pv and proof are for (the threshold when the result hangs on a ko). */
  proofThreats: number;
  /** Winning first moves (all of them with allMoves), each with its own threshold. */
  moves: { move: Move; threshold: number | null }[];
  /** With allMoves: the other first moves known to fail, each with the opponent's answer
   *  that refutes it (null when none is needed, `immediate`, or when the budget ran out
   *  before it was found). */
  refutations: { move: Move; reply: Move | null; immediate: boolean }[];
  /** With allMoves and a known result: first moves the budget left undecided. When not
   *  empty, `moves` may be only a part of the winning moves. */
  unsearched: Move[];
  /** Whether everything asked for was found (`stopped` is "solved"). A known result can
   *  come with its moves cut short, even with no winning move found yet. */
  complete: boolean;
  /** Whether the lists of first moves are whole (every winning move in `moves`, every
   *  other in `refutations`), even if the budget cut what came after (the proof tree). */
  movesComplete: boolean;
  /** What the budget cut, in words, when the result is known but the answer is not
   *  complete; else null. */
  note: string | null;
  /** The principal variation: the winner's moves and the loser's longest resistance. */
  pv: Move[];
  proof: ProofTree | null;
  /** The proof tree as SGF (tesuji's proof conventions), with the proof option. */
  proofSgf: string | null;
  nodes: number;
  tableEntries: number;
  elapsedMs: number;
  stopped: "solved" | "node-limit" | "time-limit" | "cancelled" | "memory-limit";
}

/** The root setup of an SGF problem (readSgfSetup). */
export interface SgfSetup {
  width: number; height: number; black: Point[]; white: Point[];
  /** MA points. */
  targets: Point[];
  /** SQ points. */
  region: Point[];
  /** PL, or null when absent. */
  first: ColorText | null;
  /** The root's comment (C), or null. */
  comment: string | null;
  /** The moves of the main line (a game record's moves, or a problem's first listed answer). */
  moves: number;
  /** The root's children: more than one for a problem listing several answers. */
  variations: number;
}

/** The state of a problem's line of play. */
export interface PlayStatus {
  toPlay: ColorText;
  over: boolean;
  winner: ColorText | null;
  reason: "captured" | "passes" | "alive" | null;
  moves: number;
}

/** The kinds of TesujiError. */
export type ErrorKind =
  | "argument" | "sgf-syntax" | "sgf-value" | "diagram" | "setup" | "illegal-move"
  | "outside-region" | "malformed" | "board-too-large" | "no-target" | "empty-target"
  | "off-board" | "mixed-targets" | "region-not-closed" | "no-goal"
  /** Thrown by pkg/tsumego.js's solve when a budget ran out before the answer was known. */
  | "budget";

/** What tesuji throws: an Error with a kind, and a line and column for errors in a text. */
export interface TesujiError extends Error { name: "TesujiError"; kind: ErrorKind; line?: number; column?: number; }
"#;
