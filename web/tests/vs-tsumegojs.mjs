// Times tesuji's WebAssembly solver against tsumego.js 1.1.0 under the same node on the
// answered problems of the tsumego.js set (the 104 files with PL[B] or PL[W]): one fresh
// solver per problem, the first player's first move, as the set's README measures
// tsumego.js. tsumego.js is not a dependency of the project: install it for this run with
//   cd web && npm install --no-save tsumego.js@1.1.0
//
//   node web/tests/vs-tsumegojs.mjs [DIR] [--pv]
//
// tesuji is asked what tsumego.js answers: the result and a first move (`pv: false`);
// with --pv it also finds the principal variation (about twice the time).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const require = createRequire(path.join(repo, 'web', 'package.json'));
const tsumego = require('tsumego.js');
const { initSync, Problem } = await import(path.join(repo, 'web/pkg/tesuji_wasm.js'));
initSync({ module: fs.readFileSync(path.join(repo, 'web/pkg/tesuji_wasm_bg.wasm')) });

const args = process.argv.slice(2);
const withPv = args.includes('--pv');
const dirArg = args.find((a) => a !== '--pv');
const dir = path.resolve(dirArg || path.join(repo, 'crates/tesuji/tests/data/tsumego/tsumegojs'));
function sgfFiles(d) {
  const out = [];
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) out.push(...sgfFiles(p));
    else if (e.name.endsWith('.sgf')) out.push(p);
  }
  return out.sort();
}

let tjs = 0, tes = 0, n = 0, agree = 0, tesSolved = 0;
for (const f of sgfFiles(dir)) {
  const text = fs.readFileSync(f, 'utf8');
  const pl = /PL\[([BW])\]/.exec(text);
  if (!pl) continue;
  let problem;
  try { problem = new Problem(text); } catch { continue; }
  n++;
  let t0 = performance.now();
  let theirs = null;
  try { theirs = new tsumego.Solver(text).solve(pl[1]) || null; } catch { theirs = null; }
  tjs += performance.now() - t0;
  t0 = performance.now();
  const a = problem.solve(pl[1], { maxThreats: 0, pv: withPv });
  tes += performance.now() - t0;
  problem.free();
  const ours = a.result === 'win' && a.moves.length ? `${pl[1]}[${a.moves[0].move.sgf}]` : null;
  if (a.result !== 'unknown') tesSolved++;
  if (ours === theirs) agree++;
  console.log(`${path.relative(dir, f)}: tsumego.js ${theirs} tesuji ${ours} (${a.result})`);
}
console.log(`${n} problems; tesuji decided ${tesSolved}; same first move ${agree}`);
console.log(`time: tsumego.js ${(tjs / 1000).toFixed(1)} s, tesuji (wasm${withPv ? ', with the principal variation' : ''}) ${(tes / 1000).toFixed(1)} s, tsumego.js/tesuji ${(tjs / tes).toFixed(1)}`);
