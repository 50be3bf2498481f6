// The shape of tsumego.js's API over tesuji's WebAssembly solver, so that a site can switch
// with one line:
//
//   import { ready, Solver } from './pkg/tsumego.js';
//   await ready;
//   new Solver(sgf).solve('B');   // "B[ba]": a winning move for Black, or null
//
// The SGF is tsumego.js's: SZ, AB, AW, MA (a stone of the target chain), optional SQ (the
// region; found from the wall around the targets when absent) and PL.
import init, { Problem } from './tesuji_wasm.js';

/** Resolves once the WebAssembly module is loaded (in a page or a worker). */
export const ready = init();

/** A problem and a line of play, as tsumego.js's `Solver`. */
export class Solver {
  /** @param {string} sgf the problem */
  constructor(sgf) {
    this.problem = new Problem(sgf);
  }

  /**
   * A winning move for `color` (default: the side to move) from the current position of
   * the line of play, as "B[xy]" ("B[]" for a pass), or null if `color` cannot win.
   * `options` are tesuji's SolveOptions ({nodes, timeMs, koThreats, ...}). With a budget
   * that runs out before the answer is known (or before a winning move is confirmed),
   * throws a TesujiError of kind "budget" rather than answer null ("cannot win").
   */
  solve(color, options) {
    const status = this.problem.status();
    const c = (color || status.toPlay).toUpperCase();
    let answer;
    if (this.problem.status().moves === 0) {
      answer = this.problem.solve(c, options || {});
    } else {
      if (c !== status.toPlay) throw new Error(`it is ${status.toPlay}'s turn`);
      answer = this.problem.reply(options || {});
      if (!answer) return null;
    }
    if (answer.result === 'unknown' || (answer.result === 'win' && answer.moves.length === 0)) {
      const e = new Error(`no answer within the budget: ${answer.note || answer.summary}`);
      e.name = 'TesujiError';
      e.kind = 'budget';
      throw e;
    }
    if (answer.result !== 'win') return null;
    return `${c}[${answer.moves[0].move.sgf}]`;
  }

  /** Plays "B[xy]" (or "W[xy]", "B[]"); true if it was legal. */
  play(move) {
    const m = /^([BW])\[([a-z]{2})?\]$/.exec(move);
    if (!m || m[1] !== this.problem.status().toPlay) return false;
    try {
      this.problem.play(m[2] || 'pass');
      return true;
    } catch (e) {
      return false;
    }
  }

  /** Takes back the latest move; false at the start. */
  undo() {
    return this.problem.undo();
  }
}

/** The winning move of the side to move first (PL) in `sgf`, as "B[xy]", or null. */
export function solve(sgf, options) {
  return new Solver(sgf).solve(undefined, options);
}
