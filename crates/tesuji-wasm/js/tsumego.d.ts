import type { SolveOptions } from './tesuji_wasm.js';

/** Resolves once the WebAssembly module is loaded. */
export declare const ready: Promise<unknown>;

/** A problem and a line of play, in the shape of tsumego.js's Solver. */
export declare class Solver {
  constructor(sgf: string);
  /** A winning move for `color` as "B[xy]" ("B[]" for a pass), or null when `color`
   *  cannot win; throws a TesujiError of kind "budget" when a budget in `options` ran out
   *  before that was known. */
  solve(color?: "B" | "W", options?: SolveOptions): string | null;
  /** Plays "B[xy]"; true if legal. */
  play(move: string): boolean;
  /** Takes back the latest move; false at the start. */
  undo(): boolean;
}

/** The winning move of the side to move first (PL), as "B[xy]", or null. */
export declare function solve(sgf: string, options?: SolveOptions): string | null;
