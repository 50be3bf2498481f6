// The embeddable problem widget. On any page:
//
//   <script type="module" src="https://your.site/tesuji/embed.js"></script>
//   <div class="tesuji-problem" data-sgf="(;SZ[9]AB[..]AW[..]MA[gd]PL[W])"></div>
//
// Every element with `data-sgf` (SGF text) or `data-sgf-url` (an SGF file to fetch) becomes
// a board with "Solve" (the answer in words and the winning moves on the board) and "Play it
// out" (the visitor plays the first player, the solver answers and refutes wrong moves).
// Optional: `data-time-ms` (the solver's time limit for the whole solve, default 20000; the
// widget solves for the first player only). The solver runs in a Web Worker (worker.js
// beside this file; the WebAssembly package in pkg/).
//
// The widget lives in a shadow root attached to the element, with its own styles (board.css
// and the rules below, starting from `all: initial`), so the host page's CSS (a global
// `button { color: #fff }`, say) does not reach it. Scripts reach the widget through
// `element.tesuji` and its parts through `element.shadowRoot`.
import init, { Problem } from './pkg/tesuji_wasm.js';
import { Board, vertexOf } from './board.js';
import { SolverClient } from './solver-client.js';

const NAME = { B: 'Black', W: 'White' };
const other = (c) => (c === 'B' ? 'W' : 'B');
const key = (x, y) => `${x},${y}`;

const CSS = `
:host { all: initial; display: block; }
.tesuji-widget { all: initial; display: block; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 16px; line-height: 1.35; max-width: 28rem; border: 1px solid #d6d3cc; border-radius: 8px;
  padding: 0.5rem; background: #fff; color: #1d1d1f; box-sizing: border-box; text-align: left; }
.tesuji-widget * { box-sizing: border-box; }
.tw-caption { display: block; margin: 0.3rem 0; font-weight: 600; font-size: 1rem; color: #1d1d1f; }
.tw-board { display: block; }
.tw-row { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.3rem 0; }
button { all: initial; font-family: inherit; font-size: 0.85rem; line-height: 1.3; color: #1d1d1f;
  background: #fbfaf7; border: 1px solid #b9b5ab; border-radius: 6px; padding: 0.3rem 0.6rem;
  cursor: pointer; display: inline-block; }
button:hover:not(:disabled) { background: #efece5; }
button:focus-visible { outline: 2px solid #2d6a4f; outline-offset: 1px; }
button:disabled { opacity: 0.45; cursor: default; }
.tw-text { display: block; font-size: 0.9rem; min-height: 1.2em; margin: 0.3rem 0; color: #1d1d1f; }
.tw-text.good { color: #2d6a4f; } .tw-text.bad { color: #a4262c; }
.tw-note { display: block; font-size: 0.82rem; margin: 0.2rem 0; padding: 0.2rem 0.4rem; border-radius: 4px;
  color: #7a4a00; background: #fff4e0; }
.tw-note[hidden] { display: none; }
.tw-loading { display: block; font-size: 0.9rem; color: #5b5b66; margin: 0.3rem 0; }
`;

/** A shadow root on `el` with the widget's styles and a container; the container. */
function shell(el) {
  const root = el.shadowRoot || el.attachShadow({ mode: 'open' });
  root.textContent = '';
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./board.css', import.meta.url).href;
  root.appendChild(link);
  const style = document.createElement('style');
  style.textContent = CSS;
  root.appendChild(style);
  const box = document.createElement('div');
  box.className = 'tesuji-widget';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', 'Go problem');
  root.appendChild(box);
  return box;
}

/** The answer's words: the summary, and what a cut search left unknown. */
function answerText(a) {
  const summary = `${a.summary.charAt(0).toUpperCase()}${a.summary.slice(1)}`;
  if (a.result === 'unknown') return `${summary}. The answer is not known within the time limit.`;
  const moves = a.moves.map((mv) => mv.move.vertex || mv.move.kind).join(', ');
  if (a.movesComplete) return `${summary}${moves ? `: ${moves}` : ''}.`;
  if (!moves) return `${summary}; the winning moves are not found yet.`;
  return `${summary}; winning moves found so far: ${moves}.`;
}

class Widget {
  constructor(el, box, sgf) {
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
    box.textContent = '';
    const caption = document.createElement('p');
    caption.className = 'tw-caption';
    caption.textContent = `${NAME[p.first]} to play: ${p.first === p.attacker ? 'kill' : 'live'}.`;
    box.appendChild(caption);
    const boardBox = document.createElement('div');
    boardBox.className = 'tw-board';
    box.appendChild(boardBox);
    this.board = new Board(boardBox, (x, y) => this.click(x, y));
    const row = document.createElement('div');
    row.className = 'tw-row';
    const button = (text, fn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.addEventListener('click', fn);
      row.appendChild(b);
      return b;
    };
    this.solveButton = button('Solve', () => this.solve());
    this.playButton = button('Play it out', () => this.startPlay());
    this.resetButton = button('Reset', () => this.reset());
    box.appendChild(row);
    this.text = document.createElement('p');
    this.text.className = 'tw-text';
    this.text.setAttribute('aria-live', 'polite');
    box.appendChild(this.text);
    this.note = document.createElement('p');
    this.note.className = 'tw-note';
    this.note.hidden = true;
    box.appendChild(this.note);
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
        onProgress: (pr) => {
          const on = pr.current ? ` (${pr.current.vertex || pr.current.kind})` : '';
          this.say(`Solving… ${pr.description || ''}${on}, ${Math.round(pr.nodes).toLocaleString('en')} nodes`);
        },
      });
      const a = m.answer;
      for (const mv of a.moves) if (mv.move.kind === 'play') this.labels.set(key(mv.move.x, mv.move.y), { text: '', kind: 'win' });
      if (!a.movesComplete) {
        for (const mv of a.unsearched) if (mv.kind === 'play') this.labels.set(key(mv.x, mv.y), { text: '', kind: 'unsearched' });
      }
      this.say(answerText(a), a.result === 'win' ? 'good' : '');
      this.note.hidden = !a.note;
      this.note.textContent = a.note || '';
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
    this.note.hidden = true;
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
        else if (a.result === 'loss') this.say(`${who} ${r}: good so far, your move.`, 'good');
        else this.say(`${who} ${r} (the solver ran out of time: no verdict on your move).`);
      }
    } catch (e) {
      if (e.kind !== 'stopped') this.say(`The solver failed: ${e.message}`, 'bad');
    }
    this.thinking = false;
  }
}

async function start() {
  const els = [...document.querySelectorAll('[data-sgf], [data-sgf-url]')];
  // Until the WebAssembly is ready, each element says so and offers no control.
  const boxes = els.map((el) => {
    const box = shell(el);
    const p = document.createElement('p');
    p.className = 'tw-loading';
    p.setAttribute('role', 'status');
    p.textContent = 'Loading the solver…';
    box.appendChild(p);
    return box;
  });
  try {
    await init();
  } catch (e) {
    for (const box of boxes) box.textContent = `tesuji: the solver could not load: ${e.message}`;
    document.documentElement.dataset.tesujiReady = 'error';
    return;
  }
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    try {
      let sgf = el.dataset.sgf;
      if (!sgf) {
        const res = await fetch(el.dataset.sgfUrl);
        if (!res.ok) throw new Error(`could not fetch ${el.dataset.sgfUrl}: ${res.status}`);
        sgf = await res.text();
      }
      el.tesuji = new Widget(el, boxes[i], sgf);
    } catch (e) {
      boxes[i].textContent = `tesuji: ${e.message}`;
    }
  }
  document.documentElement.dataset.tesujiReady = 'true';
}

start();
