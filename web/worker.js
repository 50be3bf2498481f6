// The solver in a Web Worker: the page stays responsive, and Stop terminates the worker.
// Messages in:  {id, type: 'solve', sgf, colors: ['B', 'W'], options}
//               {id, type: 'reply', sgf, moves: ['C3', ...], options}
// Messages out: {id, type: 'progress', color, nodes, elapsedMs}
//               {id, type: 'answer', color, answer}   (one per colour, or one for a reply)
//               {id, type: 'done'} | {id, type: 'error', error: {kind, message}}
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
    const problem = new Problem(msg.sgf);
    if (msg.type === 'solve') {
      for (const color of msg.colors) {
        const progress = (p) => { post({ type: 'progress', color, nodes: p.nodes, elapsedMs: p.elapsedMs }); };
        const answer = problem.solve(color, msg.options || {}, progress);
        post({ type: 'answer', color, answer });
      }
    } else if (msg.type === 'reply') {
      for (const m of msg.moves) problem.play(m);
      const progress = (p) => { post({ type: 'progress', color: null, nodes: p.nodes, elapsedMs: p.elapsedMs }); };
      const answer = problem.reply(msg.options || {}, progress);
      post({ type: 'answer', color: problem.status().toPlay, answer });
    }
    problem.free();
    post({ type: 'done' });
  } catch (e) {
    post({ type: 'error', error: plain(e) });
  }
};
