// Times tsumego.js on SGF problems: the side to play (the root's PL), one fresh Solver per
// problem, as its README shows (`new Solver(sgf).solve(PL)`). Prints one JSON line per
// problem (file, player, move, ms) and a summary line (problems, total_ms).
// Usage: node peer.cjs FILE...
'use strict';
const fs = require('fs');
const tsumego = require('tsumego.js');

let total = 0;
let count = 0;
for (const file of process.argv.slice(2)) {
  const sgf = fs.readFileSync(file, 'utf8');
  // The root's PL: the first PL of the file (a later one belongs to a variation).
  const pl = /PL\[([^\]]*)\]/.exec(sgf);
  if (!pl || (pl[1] !== 'B' && pl[1] !== 'W')) {
    console.log(JSON.stringify({ file, skipped: 'no PL at the root' }));
    continue;
  }
  const start = process.hrtime.bigint();
  let move = null;
  let error = null;
  try {
    move = new tsumego.Solver(sgf).solve(pl[1]);
  } catch (e) {
    error = String(e && e.message ? e.message : e);
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  total += ms;
  count += 1;
  console.log(JSON.stringify({ file, player: pl[1], move, ms, error }));
}
console.log(JSON.stringify({ summary: true, problems: count, total_ms: total }));
