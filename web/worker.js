// The solver in a Web Worker: the page stays responsive, and Stop terminates the worker.
// Messages in:  {id, type: 'solve', sgf, colors: ['B', 'W'], options}
//               {id, type: 'reply', sgf, moves: ['C3', ...], options}
// Messages out: {id, type: 'progress', color, nodes, elapsedMs, phase, threats, description,
//                current, done, total}   (the wasm Progress, elapsedMs since the job began)
//               {id, type: 'goal', goal, targets, region, sgf}   (first, for a problem
//                with nothing marked: the goal found by reading, Problem.goal, and the
//                problem as SGF with its targets, region and frame marked)
//               {id, type: 'answer', color, answer}   (one per colour, or one for a reply)
//               {id, type: 'proof', color, proof, proofSgf, stopped}   (with options.proof)
//               {id, type: 'done'} | {id, type: 'error', error: {kind, message}}
// The budgets of a 'solve' job (options.timeMs, options.nodes) are for the whole job: each
// step gets what the ones before it left. With options.proof, the answers of every colour
// come first, without their proof trees; the proof trees (which can take far longer than
// the answers: gop/10338's takes more than 30 s, its answer 0.1 s) are built after, one
// 'proof' message per colour whose result is known.
import init, { Problem } from './pkg/tesuji_wasm.js';

const ready = init();

function plain(e) {
  return { kind: e && e.kind ? e.kind : 'internal', message: String(e && e.message ? e.message : e) };
}

self.onmessage = async (ev) => {
  const msg = ev.data;
  const post = (m) => self.postMessage({ id: msg.id, ...m });
  try {
    await ready;
    const options = msg.options || {};
    const start = performance.now();
    // A problem with nothing marked: its goal is found by reading, within the job's
    // budgets (its time and nodes count in them).
    const reading = {};
    if (options.timeMs) reading.timeMs = options.timeMs;
    if (options.nodes) reading.nodes = options.nodes;
    const problem = msg.type === 'solve' ? Problem.open(msg.sgf, reading) : new Problem(msg.sgf);
    if (problem.goal) {
      post({
        type: 'goal', goal: problem.goal, targets: problem.targets(), region: problem.region(),
        sgf: problem.toSgf(),
      });
    }
    if (msg.type === 'solve') {
      let nodes = problem.goal ? problem.goal.nodes : 0;
      // The options of the next step: what the budget has left.
      const left = (extra) => {
        const o = { ...options, ...extra };
        if (options.timeMs) o.timeMs = Math.max(0, options.timeMs - (performance.now() - start));
        if (options.nodes) o.nodes = Math.max(0, options.nodes - nodes);
        return o;
      };
      const reporter = (color, proof) => {
        const before = performance.now() - start;
        return (p) => {
          post({ type: 'progress', color, proof, ...p, elapsedMs: before + p.elapsedMs });
        };
      };
      const answers = [];
      for (const color of msg.colors) {
        const answer = problem.solve(color, left({ proof: false }), reporter(color, false));
        nodes += answer.nodes;
        answers.push(answer);
        post({ type: 'answer', color, answer });
      }
      if (options.proof) {
        for (const a of answers) {
          if (a.result === 'unknown') continue;
          // The same question again, for its proof only: the result and threshold come
          // out the same (the answer does not depend on the budget), so the tree is for
          // the answer's threat difference.
          const r = problem.solve(a.first, left({ proof: true, allMoves: false, pv: false }),
            reporter(a.first, true));
          nodes += r.nodes;
          const same = r.proofThreats === a.proofThreats && r.result === a.result;
          post({
            type: 'proof', color: a.first, proof: same ? r.proof : null,
            proofSgf: same ? r.proofSgf : null, stopped: r.stopped,
          });
        }
      }
    } else if (msg.type === 'reply') {
      for (const m of msg.moves) problem.play(m);
      const progress = (p) => { post({ type: 'progress', color: null, ...p }); };
      const answer = problem.reply(options, progress);
      post({ type: 'answer', color: problem.status().toPlay, answer });
    }
    problem.free();
    post({ type: 'done' });
  } catch (e) {
    post({ type: 'error', error: plain(e) });
  }
};
