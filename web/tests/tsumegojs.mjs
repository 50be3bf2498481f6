// Runs the WebAssembly solver on the tsumego.js problem set under node and compares every
// answer (result, ko threshold, winning moves, principal variation, node count) with the
// native build of the same solver (the `native_answers` example of crates/tesuji-wasm).
//
//   node web/tests/tsumegojs.mjs [DIR] [NODES] [--native FILE.jsonl]
//
// DIR defaults to crates/tesuji/tests/data/tsumego/tsumegojs, NODES (the node budget of each
// solve) to 300000. Without --native, the native answers are computed first with cargo.
// Prints the wasm/native time ratio; exits 1 on any difference.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const { initSync, Problem } = await import(path.join(repo, 'web/pkg/tesuji_wasm.js'));
initSync({ module: fs.readFileSync(path.join(repo, 'web/pkg/tesuji_wasm_bg.wasm')) });

const args = process.argv.slice(2);
let nativeFile = null;
const i = args.indexOf('--native');
if (i >= 0) { nativeFile = args[i + 1]; args.splice(i, 2); }
const dir = path.resolve(args[0] || path.join(repo, 'crates/tesuji/tests/data/tsumego/tsumegojs'));
const budget = Number(args[1] || 300000);

let nativeText;
if (nativeFile) {
  nativeText = fs.readFileSync(nativeFile, 'utf8');
} else {
  process.stderr.write('native answers (cargo run --release --example native_answers)...\n');
  nativeText = execFileSync('cargo', ['run', '-q', '--release', '-p', 'tesuji-wasm',
    '--example', 'native_answers', '--', dir, String(budget)],
  { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'inherit'] });
}
const native = new Map();
for (const line of nativeText.split('\n')) {
  if (!line.trim()) continue;
  const r = JSON.parse(line);
  native.set(r.error ? r.file : `${r.file} ${r.color}`, r);
}

function sgfFiles(d) {
  const out = [];
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) out.push(...sgfFiles(p));
    else if (e.name.endsWith('.sgf')) out.push(p);
  }
  return out.sort();
}

let wasmMs = 0, nativeMs = 0, solves = 0, same = 0, errors = 0;
const diffs = [];
const counts = { win: 0, loss: 0, unknown: 0 };
for (const f of sgfFiles(dir)) {
  const name = path.relative(dir, f).replace(/\.sgf$/, '');
  const text = fs.readFileSync(f, 'utf8');
  let problem;
  try {
    problem = new Problem(text);
  } catch (e) {
    errors++;
    const n = native.get(name);
    if (!n || n.error !== e.kind) diffs.push(`${name}: wasm error ${e.kind}, native ${JSON.stringify(n)}`);
    continue;
  }
  for (const color of ['B', 'W']) {
    const t0 = performance.now();
    const a = problem.solve(color, { nodes: budget });
    const ms = performance.now() - t0;
    const w = {
      result: a.result, threshold: a.threshold, moves: a.moves.map(m => m.move.vertex),
      pv: a.pv.map(m => m.vertex), nodes: a.nodes,
    };
    const n = native.get(`${name} ${color}`);
    solves++;
    wasmMs += ms;
    counts[a.result]++;
    if (!n) { diffs.push(`${name} ${color}: no native answer`); continue; }
    nativeMs += n.ms;
    const nv = { result: n.result, threshold: n.threshold, moves: n.moves, pv: n.pv, nodes: n.nodes };
    if (JSON.stringify(nv) === JSON.stringify(w)) same++;
    else diffs.push(`${name} ${color}: wasm ${JSON.stringify(w)}\n    native ${JSON.stringify(nv)}`);
  }
}

for (const d of diffs) console.log('DIFF', d);
console.log(`${solves} solves (${counts.win} win, ${counts.loss} loss, ${counts.unknown} unknown at ${budget} nodes), ${errors} files refused as by the native build`);
console.log(`identical answers: ${same} of ${solves}`);
console.log(`time: wasm ${(wasmMs / 1000).toFixed(1)} s, native ${(nativeMs / 1000).toFixed(1)} s, wasm/native ${(wasmMs / nativeMs).toFixed(2)}`);
console.log(`${same} passed, ${diffs.length} failed`);
process.exit(diffs.length ? 1 : 0);
