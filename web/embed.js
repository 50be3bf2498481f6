// The embeddable problem widget. On any page:
//
//   <script type="module" src="https://your.site/tesuji/embed.js"></script>
//   <div class="tesuji-problem" data-sgf="(;SZ[9]AB[..]AW[..]MA[gd]PL[W])"></div>
//
// Every element with `data-sgf` (SGF text) or `data-sgf-url` (an SGF file to fetch) becomes
// a board with "Solve" (the answer in words and the winning moves on the board) and "Play it
// out" (the visitor plays the first player, the solver answers and refutes wrong moves).
// Optional: `data-time-ms` (the solver's time limit, default 20000). The solver runs in a Web
// Worker (worker.js beside this file; the WebAssembly package in pkg/).
import init, { Problem } from './pkg/tesuji_wasm.js';
import { Board, vertexOf } from './board.js';
import { SolverClient } from './solver-client.js';

const NAME = { B: 'Black', W: 'White' };
const other = (c) => (c === 'B' ? 'W' : 'B');
const key = (x, y) => `${x},${y}`;

const CSS = `
.tesuji-widget { font-family: system-ui, sans-serif; max-width: 28rem; border: 1px solid #d6d3cc;
  border-radius: 8px; padding: 0.5rem; background: #fff; color: #1d1d1f; box-sizing: border-box; }
.tesuji-widget .tw-caption { margin: 0.3rem 0; font-weight: 600; }
.tesuji-widget .tw-row { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.3rem 0; }
.tesuji-widget button { font: inherit; font-size: 0.85rem; border: 1px solid #b9b5ab; background: #fbfaf7;
  border-radius: 6px; padding: 0.3rem 0.6rem; cursor: pointer; }
.tesuji-widget button:disabled { opacity: 0.45; cursor: default; }
.tesuji-widget .tw-text { font-size: 0.9rem; min-height: 1.2em; margin: 0.3rem 0; }
.tesuji-widget .tw-text.good { color: #2d6a4f; } .tesuji-widget .tw-text.bad { color: #a4262c; }
`;

function addStyles() {
  if (document.getElementById('tesuji-widget-css')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./board.css', import.meta.url).href;
  document.head.appendChild(link);
  const style = document.createElement('style');
  style.id = 'tesuji-widget-css';
  style.textContent = CSS;
  document.head.appendChild(style);
}

class Widget {
  constructor(el, sgf) {
    this.el = el;
    this.sgf = sgf;
    this.timeMs = Number(el.dataset.timeMs || 20000);
    this.problem = new Problem(sgf);
    this.client = new SolverClient(new URL('./worker.js', import.meta.url));
    this.moves = [];
    this.labels = new Map();
    this.playing = false;
    const p = this.problem;
    this.targets = new Set(p.targets().map((q) => key(q.x, q.y)));
    this.region = new Set(p.region().map((q) => key(q.x, q.y)));
    el.classList.add('tesuji-widget');
    el.textContent = '';
    const caption = document.createElement('p');
    caption.className = 'tw-caption';
    caption.textContent = `${NAME[p.first]} to play: ${p.first === p.attacker ? 'kill' : 'live'}.`;
    el.appendChild(caption);
    const boardBox = document.createElement('div');
    el.appendChild(boardBox);
    this.board = new Board(boardBox, (x, y) => this.click(x, y));
    const row = document.createElement('div');
    row.className = 'tw-row';
    const button = (text, fn) => {
      const b = document.createElement('button');
      b.textContent = text;
      b.addEventListener('click', fn);
      row.appendChild(b);
      return b;
    };
    this.solveButton = button('Solve', () => this.solve());
    this.playButton = button('Play it out', () => this.startPlay());
    this.resetButton = button('Reset', () => this.reset());
    el.appendChild(row);
    this.text = document.createElement('p');
    this.text.className = 'tw-text';
    this.text.setAttribute('aria-live', 'polite');
    el.appendChild(this.text);
    this.draw();
  }

  say(text, kind) {
    this.text.textContent = text;
    this.text.className = `tw-text ${kind || ''}`;
  }

  draw() {
    const s = this.problem.stones();
    const map = new Map();
    for (const q of s.black) map.set(key(q.x, q.y), 'B');
    for (const q of s.white) map.set(key(q.x, q.y), 'W');
    this.board.draw({
      width: this.problem.width, height: this.problem.height,
      stones: (x, y) => map.get(key(x, y)) || null,
      targets: new Set([...this.targets].filter((k) => map.has(k))),
      region: this.region, regionAuto: true, labels: this.labels,
    });
  }

  async solve() {
    this.reset();
    this.solveButton.disabled = true;
    this.say('Solving…');
    try {
      const [m] = await this.client.run({ type: 'solve', sgf: this.sgf, colors: [this.problem.first], options: { timeMs: this.timeMs, allMoves: true } }, {
        onProgress: (pr) => this.say(`Solving… ${Math.round(pr.nodes).toLocaleString('en')} nodes`),
      });
      const a = m.answer;
      for (const mv of a.moves) if (mv.move.kind === 'play') this.labels.set(key(mv.move.x, mv.move.y), { text: '', kind: 'win' });
      const moves = a.moves.map((mv) => mv.move.vertex).join(', ');
      this.say(`${a.summary.charAt(0).toUpperCase()}${a.summary.slice(1)}${moves ? `: ${moves}` : ''}.`, a.result === 'win' ? 'good' : '');
      this.draw();
    } catch (e) {
      this.say(e.kind === 'stopped' ? 'Stopped.' : `The solver failed: ${e.message}`, 'bad');
    }
    this.solveButton.disabled = false;
  }

  startPlay() {
    this.reset();
    this.playing = true;
    this.say(`You play ${NAME[this.problem.first]}: click a point.`);
  }

  reset() {
    this.client.stop();
    this.problem.restart();
    this.moves = [];
    this.labels = new Map();
    this.playing = false;
    this.thinking = false;
    this.say('');
    this.draw();
  }

  over() {
    const st = this.problem.status();
    if (!st.over) return false;
    const won = st.winner === this.problem.first;
    this.say(won ? 'Solved!' : 'Not solved: Reset and try again.', won ? 'good' : 'bad');
    this.playing = false;
    return true;
  }

  async click(x, y) {
    if (!this.playing || this.thinking) return;
    const v = vertexOf(x, y, this.problem.height);
    try {
      this.problem.play(v);
      this.moves.push(v);
    } catch (e) {
      this.say(e.message, 'bad');
      return;
    }
    this.labels = new Map();
    this.draw();
    if (this.over()) return;
    this.thinking = true;
    this.say('…');
    try {
      const [m] = await this.client.run({ type: 'reply', sgf: this.sgf, moves: this.moves, options: { timeMs: this.timeMs } });
      const a = m.answer;
      const r = a && a.pv.length && a.pv[0].kind === 'play' ? a.pv[0].vertex : 'pass';
      this.problem.play(r);
      this.moves.push(r);
      const [rx, ry] = a && a.pv.length && a.pv[0].kind === 'play' ? [a.pv[0].x, a.pv[0].y] : [null, null];
      if (rx !== null) this.labels.set(key(rx, ry), { text: '', kind: 'last' });
      this.draw();
      if (!this.over()) {
        const who = NAME[other(this.problem.first)];
        if (a.result === 'win') this.say(`${who} ${r}: refuted. Reset and try again.`, 'bad');
        else this.say(`${who} ${r}: good so far, your move.`, 'good');
      }
    } catch (e) {
      if (e.kind !== 'stopped') this.say(`The solver failed: ${e.message}`, 'bad');
    }
    this.thinking = false;
  }
}

async function start() {
  addStyles();
  await init();
  for (const el of document.querySelectorAll('[data-sgf], [data-sgf-url]')) {
    try {
      let sgf = el.dataset.sgf;
      if (!sgf) {
        const res = await fetch(el.dataset.sgfUrl);
        if (!res.ok) throw new Error(`could not fetch ${el.dataset.sgfUrl}: ${res.status}`);
        sgf = await res.text();
      }
      el.tesuji = new Widget(el, sgf);
    } catch (e) {
      el.textContent = `tesuji: ${e.message}`;
    }
  }
  document.documentElement.dataset.tesujiReady = 'true';
}

start();
