// The problem page: an editor, the solver in a worker, answers for both colours, a
// variation explorer and playing a problem out against the solver.
import init, { Problem, Position, readSgfSetup } from './pkg/tesuji_wasm.js';
import { Board, vertexOf, sgfOf } from './board.js';
import { SolverClient } from './solver-client.js';

const $ = (id) => document.getElementById(id);
const key = (x, y) => `${x},${y}`;
const unkey = (k) => k.split(',').map(Number);
const NAME = { B: 'Black', W: 'White' };
const other = (c) => (c === 'B' ? 'W' : 'B');

// A classic to start with: White's bent four in the corner... of a small board. Black to kill.
const EXAMPLE = '(;GM[1]FF[4]SZ[9]AB[ac][bc][cc][dc][ec][eb][ea]AW[ab][bb][cb][db][da]MA[bb]PL[B])';

const S = {
  width: 9,
  height: 9,
  stones: new Map(),
  targets: new Set(),
  region: new Set(),
  first: 'B',
  tool: 'B',
  mode: 'edit',
  problem: null,
  autoRegion: new Set(),
  // The goal found by reading for a problem with nothing marked: {sgf, goal, targets,
  // region, frame}; null otherwise.
  open: null,
  answers: { B: null, W: null },
  shown: null,
  explore: null,
  play: null,
  // After a solve the board shows the answers and clicks on it explain them; editing is
  // a deliberate step (the Edit button), and Undo takes back any change of the problem.
  locked: false,
  undo: [],
  // The solve running: the colour being solved and the latest progress message.
  solving: null,
  // Why the problem on the board is not the one the user meant to load (a paste that
  // failed): Solve refuses until the board is edited or something loads.
  stale: null,
  comment: null,
  ready: false,
  // Optional per-job node budget from the address (?nodes=N): reproducible answers.
  nodeBudget: null,
  // The solver's memory bound in MiB from the address (`?memoryMb=`), else its default.
  memoryMb: null,
};

const client = new SolverClient();
const board = new Board($('board'), onBoardClick);

// ---------- messages ----------

function showMessage(text, kind) {
  const m = $('message');
  // The alert repeats a "not a problem yet" line: show it once.
  $('info').hidden = !!text && $('info').classList.contains('bad');
  if (!text) { m.hidden = true; m.textContent = ''; return; }
  m.hidden = false;
  m.className = `message ${kind || 'error'}`;
  m.setAttribute('role', kind === 'note' ? 'status' : 'alert');
  m.textContent = text;
}

function errorText(e) {
  const hints = {
    'empty-target': 'Mark a stone, not an empty point, as the target.',
    'no-target': 'Use the Target tool on a stone of the chain to kill or save.',
    'region-not-closed': 'Surround the target with a wall of safe stones, or mark the region yourself with the Region tool.',
    'mixed-targets': 'All targets must be of one colour.',
    'sgf-syntax': 'Check the brackets and parentheses of the SGF.',
  };
  const hint = hints[e.kind];
  return hint ? `${e.message}. ${hint}` : e.message;
}

// ---------- the problem as SGF ----------

function editorSgf(first) {
  // A problem whose goal was found by reading: that problem (targets, region and frame
  // marked), so that the explorer and the play-out need no second reading.
  if (S.open) return S.open.sgf.replace(/PL\[[BW]\]/, `PL[${first || S.first}]`);
  const pts = (set) => [...set].map((k) => `[${sgfOf(...unkey(k))}]`).join('');
  const of = (c) => new Set([...S.stones].filter(([, v]) => v === c).map(([k]) => k));
  const size = S.width === S.height ? `${S.width}` : `${S.width}:${S.height}`;
  let s = `(;GM[1]FF[4]CA[UTF-8]SZ[${size}]`;
  const black = of('B');
  const white = of('W');
  if (black.size) s += `AB${pts(black)}`;
  if (white.size) s += `AW${pts(white)}`;
  if (S.targets.size) s += `MA${pts(S.targets)}`;
  if (S.region.size) s += `SQ${pts(S.region)}`;
  s += `PL[${first || S.first}])`;
  return s;
}

/** Checks the editor's problem; keeps a Problem when it is one. */
function validate() {
  if (S.problem) { S.problem.free(); S.problem = null; }
  S.autoRegion = new Set();
  S.open = null;
  const info = $('info');
  if (S.targets.size === 0) {
    info.textContent = S.stones.size
      ? 'No target marked: Solve finds the goal by reading (the group whose fate depends on who plays first). Or choose Target and click a stone of the chain to kill or save.'
      : 'No target yet: place stones, then Solve finds the goal, or choose Target and click a stone of the chain to kill or save.';
    info.className = 'info';
    return;
  }
  try {
    S.problem = new Problem(editorSgf());
    const p = S.problem;
    if (!S.region.size) for (const q of p.region()) S.autoRegion.add(key(q.x, q.y));
    const n = p.targets().length;
    info.textContent = `${NAME[p.defender]} defends ${n} target stone${n === 1 ? '' : 's'}, `
      + `${NAME[p.attacker]} attacks. Region: ${p.regionEmptyCount} empty points`
      + `${S.region.size ? ' (marked)' : p.openRegion ? ', open toward the centre (a target that gets a liberty outside it has escaped, unless the attacker blocks it first at a narrow point)' : ' (found automatically)'}.`;
    info.className = 'info ok';
  } catch (e) {
    info.textContent = `Not a problem yet: ${errorText(e)}`;
    info.className = 'info bad';
  }
}

/** Takes the goal found by reading (a problem with nothing marked): its targets, region
 *  and frame are shown, and the problem is the one the solver read. */
function openGoal(open) {
  if (S.problem) { S.problem.free(); S.problem = null; }
  S.open = open;
  // The frame stones are the attacker's: the colour that does not own the targets.
  const g = open.goal;
  const attacker = (g.goal === 'kill') === (S.first === 'B') ? 'B' : 'W';
  for (const k of open.frame.keys()) open.frame.set(k, attacker);
  try {
    S.problem = new Problem(open.sgf);
  } catch (e) {
    S.problem = null;
  }
  const info = $('info');
  const empty = [...open.region].filter((k) => !S.stones.has(k) && !open.frame.has(k)).length;
  const second = {
    'fighting-chains': 'with the weak chains it fights in the region',
    'longer-reach': 'with one more step of reach',
    'weaker-walls': 'with walls that need one more free liberty',
    'other-chains': 'each chain of a group a candidate of its own',
  }[g.look];
  info.textContent = `${NAME[S.first]} to play: ${g.words} (found by reading in ${(g.elapsedMs / 1000).toFixed(1)} s`
    + `${second ? ` on a second look, ${second}, as no group fitted the first` : ''}`
    + `${g.look === 'critical-chain' ? ', on a closer look: a chain read on its own, as its group was not shown critical' : ''}`
    + `${g.confirmed ? '' : `; that ${NAME[other(S.first)]} moving first would succeed was not read to the end`}).`
    + ` Region: ${empty} empty points, ${g.regionOpen
      ? `open toward the centre${open.frame.size ? `; ${open.frame.size} frame ${open.frame.size === 1 ? 'stone closes' : 'stones close'} it where ${NAME[attacker]} holds sway` : ''}`
      : `closed by the wall${open.frame.size ? ` and ${open.frame.size} frame ${open.frame.size === 1 ? 'stone' : 'stones'}` : ''} (${NAME[other(attacker)]} succeeds only by life or seki in it)`}.`;
  info.className = 'info ok';
}

// ---------- drawing ----------

function render() {
  const view = { width: S.width, height: S.height, labels: new Map() };
  if (S.mode === 'edit') {
    view.stones = (x, y) => S.stones.get(key(x, y)) || (S.open && S.open.frame.get(key(x, y))) || null;
    view.targets = S.open ? S.open.targets : S.targets;
    view.region = S.open ? S.open.region : S.region.size ? S.region : S.autoRegion;
    view.regionAuto = S.open ? true : !S.region.size;
    if (S.open) view.frame = new Set(S.open.frame.keys());
    const a = S.shown && S.answers[S.shown];
    if (a) {
      for (const r of a.refutations) {
        if (r.move.kind === 'play') view.labels.set(key(r.move.x, r.move.y), { text: '', kind: 'lose' });
      }
      for (const m of a.unsearched) {
        if (m.kind === 'play') view.labels.set(key(m.x, m.y), { text: '', kind: 'unsearched' });
      }
      for (const m of a.moves) {
        if (m.move.kind === 'play') view.labels.set(key(m.move.x, m.move.y), { text: '', kind: 'win' });
      }
    }
    $('mode-line').textContent = a
      ? `${NAME[S.shown]} first: green = winning moves, red = moves that fail${a.unsearched.length ? ', ? = not searched' : ''}.${S.locked ? ' Click a point to see why.' : ''}`
      : '';
    $('legend').classList.toggle('answers', !!a);
    document.querySelector('#legend .lg-frame').hidden = !(S.open && S.open.frame.size);
    $('legend').classList.toggle('unsearched', !!a && a.unsearched.length > 0);
  } else if (S.mode === 'explore') {
    renderExplore(view);
  } else if (S.mode === 'play') {
    renderPlay(view);
  }
  board.draw(view);
  document.body.dataset.mode = S.mode;
  document.body.dataset.locked = String(S.locked);
  if (S.mode !== 'edit') $('legend').classList.toggle('answers', false);
  for (const b of document.querySelectorAll('[data-tool]')) b.disabled = !S.ready || S.locked;
  $('edit').hidden = !S.locked;
  $('edit').disabled = client.busy || !!S.solving;
  $('undo').disabled = S.undo.length === 0 || !!S.solving;
  $('tools').hidden = S.mode !== 'edit';
  $('edit-panel').hidden = S.mode !== 'edit';
  $('explorer').hidden = S.mode !== 'explore';
  $('play').hidden = S.mode !== 'play';
}

/** A view of `position` (a wasm Position) with the targets marked where stones remain. */
function positionView(view, position) {
  const stones = position.stones();
  const map = new Map();
  for (const p of stones.black) map.set(key(p.x, p.y), 'B');
  for (const p of stones.white) map.set(key(p.x, p.y), 'W');
  view.stones = (x, y) => map.get(key(x, y)) || null;
  view.targets = new Set([...(S.open ? S.open.targets : S.targets)].filter((k) => map.has(k)));
  view.region = S.open ? S.open.region : S.region.size ? S.region : S.autoRegion;
  view.regionAuto = true;
  if (S.open) view.frame = new Set(S.open.frame.keys());
}

// ---------- editing ----------

/** The problem and its answers, for Undo. */
function snapshot() {
  return {
    width: S.width, height: S.height, stones: new Map(S.stones), targets: new Set(S.targets),
    region: new Set(S.region), first: S.first, answers: S.answers, shown: S.shown,
    comment: S.comment, open: S.open,
  };
}

/** Records the state before a change of the problem, so that Undo can bring it back. */
function remember() {
  S.undo.push(snapshot());
  if (S.undo.length > 200) S.undo.shift();
  $('undo').disabled = false;
}

function undo() {
  if (!S.undo.length || client.busy || S.solving) return;
  exitModes();
  const u = S.undo.pop();
  S.width = u.width;
  S.height = u.height;
  S.stones = u.stones;
  S.targets = u.targets;
  S.region = u.region;
  S.first = u.first;
  S.comment = u.comment;
  $('first').value = S.first;
  $('width').value = S.width;
  $('height').value = S.height;
  S.stale = null;
  showMessage(null);
  validate();
  if (u.open) openGoal(u.open);
  S.answers = u.answers;
  S.shown = u.shown;
  S.locked = !!(u.answers.B || u.answers.W);
  renderAnswers();
  renderComment();
  render();
  $('undo').disabled = S.undo.length === 0;
}

function edited() {
  S.answers = { B: null, W: null };
  S.shown = null;
  S.locked = false;
  S.stale = null;
  $('answers').textContent = '';
  $('progress').textContent = '';
  showMessage(null);
  validate();
  render();
}

/** What a click on the board means while it shows the answers: the point's verdict. */
function explainPoint(x, y) {
  const a = S.shown && S.answers[S.shown];
  const v = vertexOf(x, y, S.height);
  const at = (m) => m.kind === 'play' && m.x === x && m.y === y;
  let text = `${v}: not a move of the answer.`;
  if (a) {
    const win = a.moves.find((m) => at(m.move));
    const ref = a.refutations.find((r) => at(r.move));
    if (win) text = `${v}: a winning move for ${NAME[a.first]}${win.threshold !== null ? ` (a ko: threshold ${win.threshold > 0 ? '+' : ''}${win.threshold})` : a.thresholdSettled ? '' : ' (in a ko whose threshold is not known)'}.`;
    else if (ref) {
      const why = ref.reply ? `; ${NAME[other(a.first)]} answers ${moveText(ref.reply)}`
        : ref.immediate ? ' at once' : ' (the answer to it was not found within the limit)';
      text = `${v}: fails for ${NAME[a.first]}${why}.`;
    } else if (a.unsearched.some(at)) text = `${v}: not searched (the limit ran out before this move).`;
    else if (!S.stones.has(key(x, y)) && (S.region.size ? S.region : S.autoRegion).has(key(x, y))) {
      text = `${v}: not a legal first move for ${NAME[a.first]} (suicide or ko).`;
    } else if (!S.stones.has(key(x, y))) text = `${v}: outside the region of the problem.`;
  }
  $('mode-line').textContent = `${text} Press “Edit the problem” to change the position.`;
}

function onBoardClick(x, y) {
  if (!S.ready) return;
  if (S.mode === 'explore') return exploreClick(x, y);
  if (S.mode === 'play') return playClick(x, y);
  if (client.busy) {
    $('mode-line').textContent = 'The solver is working: Stop it before changing the problem.';
    return;
  }
  if (S.locked) return explainPoint(x, y);
  remember();
  const k = key(x, y);
  const t = S.tool;
  if (t === 'B' || t === 'W') {
    if (S.stones.get(k) === t) { S.stones.delete(k); S.targets.delete(k); } else S.stones.set(k, t);
  } else if (t === 'erase') {
    S.stones.delete(k);
    S.targets.delete(k);
    S.region.delete(k);
  } else if (t === 'target') {
    if (S.targets.has(k)) S.targets.delete(k); else S.targets.add(k);
  } else if (t === 'region') {
    if (S.region.has(k)) S.region.delete(k); else S.region.add(k);
  }
  edited();
}

function newBoard(w, h) {
  S.comment = null;
  renderComment();
  S.width = w;
  S.height = h;
  S.stones = new Map();
  S.targets = new Set();
  S.region = new Set();
  $('width').value = w;
  $('height').value = h;
  edited();
}

/** Why `text` cannot be loaded, or null with the setup read. */
function readSetup(text) {
  let setup;
  try {
    setup = readSgfSetup(text);
  } catch (e) {
    return { error: `Could not read the SGF: ${errorText(e)}` };
  }
  if (setup.width > 19 || setup.height > 19) {
    return { error: `Could not load the SGF: the board is ${setup.width}×${setup.height}; problems may be at most 19×19.` };
  }
  return { setup };
}

/**
 * Loads an SGF into the editor; returns false (and says why, keeping the board) when it
 * cannot. A game record (moves, no setup stones) loads as the position after its main
 * line; a problem file's listed answers (its moves) are not played, and the page says so.
 */
function loadSgf(text) {
  if (client.busy) client.stop();
  const { setup, error } = readSetup(text);
  if (error) {
    S.stale = error;
    showMessage(`${error} The board still shows the previous problem.`);
    return false;
  }
  exitModes();
  remember();
  const note = [];
  const stones = new Map();
  let first = setup.first;
  if (setup.moves > 0 && setup.black.length + setup.white.length === 0) {
    // A game record: its position after the main line.
    let pos;
    try {
      pos = Position.fromSgf(text);
    } catch (e) {
      S.undo.pop();
      S.stale = `Could not replay the game record: ${errorText(e)}`;
      showMessage(`${S.stale} The board still shows the previous problem.`);
      return false;
    }
    const st = pos.stones();
    for (const p of st.black) stones.set(key(p.x, p.y), 'B');
    for (const p of st.white) stones.set(key(p.x, p.y), 'W');
    first = pos.toPlay;
    pos.free();
    note.push(`A game record: the board shows the position after its ${setup.moves} move${setup.moves === 1 ? '' : 's'}, ${NAME[first]} to play. Mark a target to make it a problem.`);
  } else {
    for (const p of setup.black) stones.set(key(p.x, p.y), 'B');
    for (const p of setup.white) stones.set(key(p.x, p.y), 'W');
    if (setup.moves > 0) {
      const n = setup.variations;
      note.push(`The SGF lists ${n > 1 ? `${n} variations` : 'a line of moves'} (answers); the board shows the problem before them, and the solver finds its own answers.`);
    }
  }
  S.width = setup.width;
  S.height = setup.height;
  S.stones = stones;
  S.targets = new Set(setup.targets.map((p) => key(p.x, p.y)));
  S.region = new Set(setup.region.map((p) => key(p.x, p.y)));
  S.first = first || 'B';
  S.comment = setup.comment;
  $('first').value = S.first;
  $('width').value = S.width;
  $('height').value = S.height;
  edited();
  renderComment();
  if (note.length) showMessage(note.join(' '), 'note');
  return true;
}

function renderComment() {
  const c = $('comment');
  c.hidden = !S.comment;
  c.textContent = S.comment ? `Comment in the SGF: ${S.comment}` : '';
}

// ---------- solving ----------

function setBusy(busy) {
  $('solve').disabled = busy;
  $('stop').disabled = !busy;
  document.body.classList.toggle('busy', busy);
}

/** The progress line: the colour, the step, the move worked on, nodes and time. */
function progressText(m) {
  let on = '';
  if (m.current) {
    on = ` (${moveText(m.current)}${m.total ? `, ${m.done + 1} of ${m.total}` : ''})`;
  }
  const what = m.proof ? `${NAME[m.color]} first, the variations` : `${NAME[m.color]} first`;
  return `${what}: ${m.description || 'searching'}${on}: `
    + `${Math.round(m.nodes).toLocaleString('en')} nodes, ${(m.elapsedMs / 1000).toFixed(1)} s`;
}

async function solve() {
  exitModes();
  showMessage(null);
  if (S.stale) {
    showMessage(`${S.stale} Solve works on the board shown: load an SGF that reads, or edit the board, first.`);
    return;
  }
  if (S.open) validate();
  if (!S.problem && (S.targets.size || !S.stones.size)) {
    validate();
    showMessage(S.targets.size ? $('info').textContent.replace('Not a problem yet: ', 'Cannot solve: ') : 'Place the stones of a problem first (or load one).');
    render();
    return;
  }
  const sgf = editorSgf();
  const order = [S.first, other(S.first)];
  const timeMs = Number($('time-limit').value);
  const options = { allMoves: true, proof: true, maxThreats: 2 };
  if (timeMs > 0) options.timeMs = timeMs;
  if (S.nodeBudget) options.nodes = S.nodeBudget;
  if (S.memoryMb) options.memoryMb = S.memoryMb;
  S.answers = { B: null, W: null };
  S.shown = null;
  S.locked = true;
  S.solving = { color: order[0], progress: null };
  setBusy(true);
  renderAnswers();
  render();
  $('progress').textContent = `${NAME[order[0]]} first: starting the solver…`;
  const t0 = performance.now();
  try {
    await client.run({ type: 'solve', sgf, colors: order, options }, {
      onGoal: (m) => {
        openGoal({
          sgf: m.sgf, goal: m.goal,
          targets: new Set(m.targets.map((q) => key(q.x, q.y))),
          region: new Set(m.region.map((q) => key(q.x, q.y))),
          frame: new Map(m.goal.frame.map((q) => [key(q.x, q.y), S.first === 'B' ? 'W' : 'B'])),
        });
        render();
      },
      onProgress: (m) => {
        const changed = !S.solving || S.solving.color !== m.color;
        S.solving = { color: m.color, progress: m };
        $('progress').textContent = progressText(m);
        if (changed) renderAnswers();
      },
      onAnswer: (m) => {
        // The proof tree (the explorer's variations) comes later, in a 'proof' message.
        S.answers[m.color] = { ...m.answer, proofState: m.answer.result === 'unknown' ? 'none' : 'pending' };
        if (!S.shown) S.shown = m.color;
        const next = order[order.indexOf(m.color) + 1];
        S.solving = next ? { color: next, progress: null } : null;
        renderAnswers();
        render();
      },
      onProof: (m) => {
        const a = S.answers[m.color];
        if (!a) return;
        a.proof = m.proof;
        a.proofSgf = m.proofSgf;
        a.proofState = m.proof ? 'done' : 'cut';
        renderAnswers();
        if (S.explore && S.explore.color === m.color) startExplore(m.color);
      },
    });
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    const cut = order.filter((c) => !S.answers[c].complete);
    const noTree = order.filter((c) => S.answers[c].proofState === 'cut');
    const noLine = noTree.filter((c) => S.answers[c].pv.length === 0);
    const lineOnly = noTree.filter((c) => S.answers[c].pv.length > 0);
    const names = (cs) => cs.map((c) => NAME[c]).join(' and ');
    const trees = (lineOnly.length
      ? ` The variations of ${names(lineOnly)} are the main line only: the proof tree was not finished within the limit.`
      : '') + (noLine.length
      ? ` ${names(noLine)} has no variations: the limit came before a line of play was found.`
      : '');
    if (cut.length === 0) {
      $('progress').textContent = `Solved both in ${secs} s.${trees}`;
    } else {
      const state = (a) => (a.result === 'unknown' ? 'answer is unknown'
        : a.movesComplete ? 'moves are complete, its variations cut short' : 'answer is partial');
      const words = cut.map((c) => `${NAME[c]}'s ${state(S.answers[c])}`);
      const why = S.nodeBudget ? 'the node budget' : 'the time limit';
      $('progress').textContent = `Stopped by ${why} after ${secs} s: ${words.join(', ')}.${trees}`;
    }
  } catch (e) {
    if (e.kind === 'stopped') $('progress').textContent = 'Stopped: the answers below are those finished before.';
    else if (e.kind === 'no-goal') {
      // Not a failure: the position holds no group whose fate depends on who plays first.
      $('progress').textContent = '';
      showMessage(`No problem found by reading: ${errorText(e).replace(/^no goal found: /, '')}. Choose Target and click a stone of the group to kill or save.`);
    } else { $('progress').textContent = ''; showMessage(`The solver failed: ${errorText(e)}`); }
  }
  S.solving = null;
  for (const c of order) {
    if (S.answers[c] && S.answers[c].proofState === 'pending') S.answers[c].proofState = 'stopped';
  }
  S.locked = !!(S.answers.B || S.answers.W);
  setBusy(false);
  renderAnswers();
  render();
}

function stop() {
  client.stop();
}

function moveText(m) {
  return m.kind === 'play' ? m.vertex : m.kind;
}

const STOP_WORDS = {
  'time-limit': 'the time limit ran out', 'node-limit': 'the node budget ran out',
  cancelled: 'stopped', 'memory-limit': 'the memory ran out', solved: 'no proof',
};

/** The winning-moves line of an answer whose result is known, saying what is partial. */
function movesText(a) {
  const list = a.moves.map((m) => moveText(m.move)).join(', ');
  const some = a.moves.length > 0;
  const plural = a.moves.length === 1 ? '' : 's';
  if (a.result === 'win') {
    if (a.movesComplete) return `Winning move${plural}: ${list}.`;
    return some ? `Winning move${plural} found so far: ${list} (the list may be incomplete).`
      : 'Winning moves: not found yet (the search was cut before one was confirmed).';
  }
  // A loss at the threats given: the moves, if any, win with more ko threats.
  if (some) return `With enough ko threats, winning move${plural}${a.movesComplete ? '' : ' found so far'}: ${list}.`;
  return (a.threshold === null && a.thresholdSettled) || a.movesComplete ? 'No first move works.' : 'No winning move found yet.';
}

function renderAnswers() {
  const box = $('answers');
  box.textContent = '';
  for (const c of [S.first, other(S.first)]) {
    const a = S.answers[c];
    const card = document.createElement('div');
    card.className = 'answer';
    card.id = `answer-${c}`;
    const h = document.createElement('h3');
    h.textContent = `${NAME[c]} plays first`;
    card.appendChild(h);
    const p = document.createElement('p');
    p.className = 'summary';
    if (!a) {
      const running = S.solving && S.solving.color === c;
      card.dataset.state = running ? 'solving' : S.solving ? 'waiting' : 'none';
      p.textContent = running ? 'Solving…' : S.solving ? `Waiting: ${NAME[S.solving.color]} is being solved first.` : 'Not solved.';
      p.classList.toggle('waiting', !running);
      card.appendChild(p);
      box.appendChild(card);
      continue;
    }
    card.dataset.result = a.result;
    card.dataset.complete = String(a.complete);
    p.textContent = a.summary.charAt(0).toUpperCase() + a.summary.slice(1) + '.';
    card.appendChild(p);
    const mv = document.createElement('p');
    mv.className = 'moves';
    if (a.result === 'unknown') {
      mv.textContent = `Unknown after ${Math.round(a.nodes).toLocaleString('en')} nodes (${STOP_WORDS[a.stopped] || a.stopped}).`;
    } else {
      mv.textContent = movesText(a);
    }
    card.appendChild(mv);
    const cutTree = a.proofState === 'cut' || a.proofState === 'stopped';
    const tree = cutTree && a.pv.length === 0
      ? 'Variations: none (the search stopped before a line of play was found).'
      : {
        pending: 'Variations: building the proof tree…',
        cut: 'Variations: the main line only (the proof tree was not finished within the limit).',
        stopped: 'Variations: the main line only (stopped before the proof tree was built).',
      }[a.proofState];
    if (tree) {
      const t = document.createElement('p');
      t.className = 'stats tree';
      t.textContent = tree;
      card.appendChild(t);
    }
    if (a.note) {
      const n = document.createElement('p');
      n.className = 'note';
      n.textContent = a.unsearched.length
        ? `${a.note} Not searched: ${a.unsearched.map(moveText).join(', ')}.`
        : a.note;
      card.appendChild(n);
    }
    const stats = document.createElement('p');
    stats.className = 'stats';
    stats.textContent = `${Math.round(a.nodes).toLocaleString('en')} nodes, ${(a.elapsedMs / 1000).toFixed(2)} s`;
    card.appendChild(stats);
    const row = document.createElement('div');
    row.className = 'row';
    const button = (id, text, fn, disabled) => {
      const b = document.createElement('button');
      b.id = id;
      b.textContent = text;
      b.disabled = !!disabled;
      b.addEventListener('click', fn);
      row.appendChild(b);
    };
    button(`show-${c}`, 'Show', () => { S.shown = c; render(); });
    button(`explore-${c}`, 'Variations', () => startExplore(c), a.result === 'unknown');
    button(`play-${c}`, `Play it out as ${NAME[c]}`, () => startPlay(c), client.busy);
    card.appendChild(row);
    box.appendChild(card);
  }
}

// ---------- the variation explorer ----------

function startExplore(color) {
  const a = S.answers[color];
  if (!a) return;
  S.mode = 'explore';
  S.explore = { color, answer: a, nodes: [0], line: [], off: false };
  const d = a.proofThreats;
  const threats = d === 0 ? '' : ` Variations with ${NAME[d > 0 ? color : other(color)]} holding ${Math.abs(d)} more ko threat${Math.abs(d) === 1 ? '' : 's'}.`;
  const partial = a.complete ? '' : ' The search was cut by the limit: the variations are those found before.';
  $('explore-title').textContent = `${NAME[color]} first: ${a.summary}.${threats}${partial}`;
  $('explore-save').disabled = !a.proofSgf;
  renderRefutations();
  render();
}

/** The proof-tree node at the end of the line, or null off the tree. */
function exploreNode() {
  const e = S.explore;
  if (e.off || !e.answer.proof) return null;
  const nodes = e.answer.proof.nodes;
  const node = nodes[e.nodes[e.nodes.length - 1]];
  // A transposition: the same position as an earlier node, whose proof goes on.
  return node && node.leaf === 'transposition' ? nodes[node.same] : node;
}

/** Whether the line ends on a transposition (a node whose proof is that of an earlier one). */
function isTransposition() {
  const e = S.explore;
  if (e.off || !e.answer.proof) return false;
  const node = e.answer.proof.nodes[e.nodes[e.nodes.length - 1]];
  return Boolean(node && node.leaf === 'transposition');
}

/** The next moves: the tree's children, or the PV's next move when there is no tree. */
function exploreChildren() {
  const e = S.explore;
  const node = exploreNode();
  if (node) return node.children.map((c) => ({ move: c.move, node: c.node }));
  if (!e.answer.proof && !e.off && e.line.length < e.answer.pv.length) {
    return [{ move: e.answer.pv[e.line.length], node: null }];
  }
  return [];
}

function lineProblemPosition(line, first) {
  const pos = Position.fromSgf(editorSgf(first));
  for (const m of line) {
    if (m.kind === 'threat') { pos.play('pass'); pos.play('pass'); } else pos.play(m.kind === 'pass' ? 'pass' : m.vertex);
  }
  return pos;
}

function renderExplore(view) {
  const e = S.explore;
  const pos = lineProblemPosition(e.line, e.color);
  positionView(view, pos);
  const node = exploreNode();
  const winner = e.answer.proof ? e.answer.proof.winner : null;
  const children = exploreChildren();
  // Move numbers on the stones of the line that are still on the board.
  e.line.forEach((m, i) => {
    if (m.kind === 'play' && view.stones(m.x, m.y)) view.labels.set(key(m.x, m.y), { text: String(i + 1), kind: 'move' });
  });
  for (const c of children) {
    if (c.move.kind === 'play') {
      const toPlay = node ? node.toPlay : null;
      view.labels.set(key(c.move.x, c.move.y), { text: '', kind: toPlay && toPlay === winner ? 'win' : 'try' });
    }
  }
  pos.free();
  // The line as a list.
  const ol = $('line');
  ol.textContent = '';
  let c = e.color;
  if (e.line.length === 0) ol.textContent = 'The start: no move yet.';
  e.line.forEach((m, i) => {
    const b = document.createElement('button');
    b.className = `small ${c === 'B' ? 'by-black' : 'by-white'}`;
    b.textContent = `${i + 1}. ${NAME[c]} ${moveText(m)}`;
    b.title = 'Go back to this move';
    b.addEventListener('click', () => { exploreTo(i + 1); });
    ol.appendChild(b);
    c = m.kind === 'threat' ? c : other(c);
  });
  const box = $('children');
  box.textContent = '';
  if (children.length === 0) {
    const p = document.createElement('p');
    p.className = 'end';
    p.textContent = endText(node);
    box.appendChild(p);
  }
  for (const ch of children) {
    const b = document.createElement('button');
    b.className = 'child';
    const toPlay = node ? node.toPlay : (e.line.length % 2 === 0 ? e.color : other(e.color));
    const best = winner ? toPlay === winner : true;
    b.textContent = `${NAME[toPlay]} ${moveText(ch.move)}${best ? ' (answer)' : ''}`;
    b.classList.toggle('best', best);
    b.addEventListener('click', () => exploreDown(ch));
    box.appendChild(b);
  }
  const shared = isTransposition() ? ' The same position is reached by another order of moves: its variations, shown here, are shared with that line.' : '';
  $('mode-line').textContent = `Move ${e.line.length}: ${children.length ? 'choose the next move' : 'end of the line'}.${shared}`;
}

function endText(node) {
  const e = S.explore;
  const a = e.answer;
  if (node && node.leaf === 'repetition') return 'The position repeats: the attacker cannot force a capture.';
  if (!node && !a.complete && !e.off && (e.line.length === 0 || !a.movesComplete)) {
    return e.line.length === 0
      ? 'The search was cut before a line of play was found: nothing more is known here.'
      : 'The main line found before the search was cut ends here: nothing more is known.';
  }
  const pos = lineProblemPosition(e.line, e.color);
  const stones = pos.stones();
  pos.free();
  const have = new Set([...stones.black, ...stones.white].map((p) => key(p.x, p.y)));
  const left = [...S.targets].filter((k) => have.has(k));
  if (left.length === 0) return `The target is captured: ${NAME[a.attacker]} has won.`;
  if (e.off && e.line.length === 1) {
    const r = a.refutations.find((x) => x.move.kind === e.line[0].kind && x.move.x === e.line[0].x && x.move.y === e.line[0].y);
    if (r && !r.immediate) return 'The refutation of this move was not found within the limit.';
  }
  if (e.off) return 'End of the refutation.';
  return `${NAME[a.defender]} lives (alive or seki): ${NAME[a.attacker]} cannot capture.`;
}

function exploreDown(ch) {
  const e = S.explore;
  e.line.push(ch.move);
  if (ch.node !== null && ch.node !== undefined) e.nodes.push(ch.node);
  render();
}

function exploreTo(n) {
  const e = S.explore;
  e.line = e.line.slice(0, n);
  if (e.off) {
    if (n === 0) e.off = false;
  } else e.nodes = e.nodes.slice(0, n + 1);
  render();
}

function exploreClick(x, y) {
  const ch = exploreChildren().find((c) => c.move.kind === 'play' && c.move.x === x && c.move.y === y);
  if (ch) exploreDown(ch);
}

function renderRefutations() {
  const e = S.explore;
  const box = $('refutations');
  box.textContent = '';
  if (e.answer.unsearched.length) {
    const u = document.createElement('p');
    u.className = 'hint';
    u.textContent = `Not searched before the limit: ${e.answer.unsearched.map(moveText).join(', ')}.`;
    box.appendChild(u);
  }
  if (!e.answer.refutations.length) return;
  const p = document.createElement('p');
  p.className = 'hint';
  p.textContent = `Wrong first moves for ${NAME[e.color]} and their refutations:`;
  box.appendChild(p);
  for (const r of e.answer.refutations) {
    const b = document.createElement('button');
    b.className = 'refutation';
    b.textContent = r.reply ? `${moveText(r.move)} → ${moveText(r.reply)}`
      : r.immediate ? `${moveText(r.move)}: fails at once` : `${moveText(r.move)} → answer not found within the limit`;
    b.addEventListener('click', () => {
      e.off = true;
      e.nodes = [0];
      e.line = r.reply ? [r.move, r.reply] : [r.move];
      render();
    });
    box.appendChild(b);
  }
}

// ---------- play it out ----------

function startPlay(color) {
  if (!S.problem) return;
  S.mode = 'play';
  const p = new Problem(editorSgf(color));
  S.play = { human: color, problem: p, thinking: false, moves: [], last: null };
  const goal = color === p.attacker ? 'capture the marked stones' : 'save the marked stones';
  $('play-title').textContent = `You play ${NAME[color]} and try to ${goal}; the solver plays ${NAME[other(color)]}.`;
  setPlayMessage('Your move: click a point of the region.');
  render();
}

function setPlayMessage(text, kind) {
  const m = $('play-message');
  m.textContent = text;
  m.className = `play-message ${kind || ''}`;
}

function renderPlay(view) {
  const pl = S.play;
  const pos = pl.problem.position();
  positionView(view, pos);
  pos.free();
  if (pl.last && pl.last.kind === 'play') view.labels.set(key(pl.last.x, pl.last.y), { text: '', kind: 'last' });
  const st = pl.problem.status();
  $('mode-line').textContent = st.over ? 'The play is over.' : (pl.thinking ? 'The solver is thinking…' : `${NAME[st.toPlay]} to play.`);
}

function playOver() {
  const pl = S.play;
  const st = pl.problem.status();
  if (!st.over) return false;
  const why = { captured: 'the target is captured', passes: 'both sides passed with the target alive', alive: 'the target is unconditionally alive' };
  const won = st.winner === pl.human;
  setPlayMessage(`${won ? 'Solved' : 'Not solved'}: ${why[st.reason]}. ${won ? 'Well played!' : 'Undo and try another move.'}`, won ? 'good' : 'bad');
  return true;
}

async function playMove(v) {
  const pl = S.play;
  if (pl.thinking) return;
  const st = pl.problem.status();
  if (st.over || st.toPlay !== pl.human) return;
  try {
    const played = pl.problem.play(v);
    pl.moves.push(v);
    pl.last = played.move;
  } catch (e) {
    setPlayMessage(errorText(e), 'bad');
    return;
  }
  render();
  if (playOver()) { render(); return; }
  pl.thinking = true;
  setPlayMessage('The solver is thinking…');
  render();
  try {
    const [m] = await client.run({ type: 'reply', sgf: editorSgf(pl.human), moves: pl.moves, options: { timeMs: 20000 } });
    if (S.play !== pl) return;
    const a = m.answer;
    const reply = a && a.pv.length ? a.pv[0] : null;
    const v2 = reply && reply.kind === 'play' ? reply.vertex : 'pass';
    const played = pl.problem.play(v2);
    pl.moves.push(v2);
    pl.last = played.move;
    pl.thinking = false;
    if (!playOver()) {
      const r = moveText(played.move);
      if (a.result === 'win') setPlayMessage(`${NAME[other(pl.human)]} ${r}: that refutes your move, ${NAME[other(pl.human)]} now succeeds. Undo and try again.`, 'bad');
      else if (a.result === 'loss') setPlayMessage(`${NAME[other(pl.human)]} ${r}: the best resistance. You are on the right track.`, 'good');
      else setPlayMessage(`${NAME[other(pl.human)]} ${r} (the solver ran out of time).`);
    }
  } catch (e) {
    pl.thinking = false;
    if (e.kind !== 'stopped') setPlayMessage(`The solver failed: ${e.message}`, 'bad');
  }
  render();
}

function playClick(x, y) {
  playMove(vertexOf(x, y, S.height));
}

function playUndo() {
  const pl = S.play;
  if (!pl || pl.thinking) return;
  // Take back the solver's reply and the player's move.
  const st = pl.problem.status();
  let n = st.toPlay === pl.human ? 2 : 1;
  while (n-- > 0 && pl.problem.undo()) pl.moves.pop();
  pl.last = null;
  setPlayMessage('Your move.');
  render();
}

function playRestart() {
  const pl = S.play;
  if (!pl) return;
  client.stop();
  pl.thinking = false;
  pl.problem.restart();
  pl.moves = [];
  pl.last = null;
  setPlayMessage('Your move: click a point of the region.');
  render();
}

function exitModes() {
  if (S.play) { if (S.play.thinking) client.stop(); S.play.problem.free(); S.play = null; }
  S.explore = null;
  S.mode = 'edit';
  $('mode-line').textContent = '';
}

// ---------- wiring ----------

function download(text, name) {
  const blob = new Blob([text], { type: 'application/x-go-sgf' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function wire() {
  for (const b of document.querySelectorAll('[data-tool]')) {
    b.addEventListener('click', () => {
      S.tool = b.dataset.tool;
      for (const o of document.querySelectorAll('[data-tool]')) {
        o.classList.toggle('active', o === b);
        o.setAttribute('aria-pressed', String(o === b));
      }
    });
  }
  $('undo').addEventListener('click', undo);
  $('edit').addEventListener('click', () => {
    if (client.busy) return;
    exitModes();
    S.locked = false;
    render();
    $('mode-line').textContent = 'Editing: the answers stay on the board until the first change (Undo brings them back).';
  });
  document.addEventListener('keydown', (ev) => {
    const typing = ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName);
    if ((ev.ctrlKey || ev.metaKey) && !ev.shiftKey && ev.key.toLowerCase() === 'z' && !typing) {
      ev.preventDefault();
      undo();
    }
  });
  $('new-board').addEventListener('click', () => {
    const clamp = (v) => Math.max(2, Math.min(19, Math.round(Number(v) || 9)));
    if (client.busy) client.stop();
    exitModes();
    remember();
    newBoard(clamp($('width').value), clamp($('height').value));
  });
  $('first').addEventListener('change', () => {
    if (client.busy) client.stop();
    remember();
    S.first = $('first').value;
    edited();
  });
  $('clear-region').addEventListener('click', () => {
    if (client.busy) client.stop();
    remember();
    S.region = new Set();
    edited();
  });
  $('load-sgf').addEventListener('click', () => { loadSgf($('sgf-text').value); });
  $('show-sgf').addEventListener('click', () => { $('sgf-text').value = editorSgf(); });
  $('file').addEventListener('change', async () => {
    const f = $('file').files[0];
    if (!f) return;
    const text = await f.text();
    $('sgf-text').value = text;
    loadSgf(text);
  });
  $('save-sgf').addEventListener('click', () => download(editorSgf() + '\n', 'problem.sgf'));
  $('explore-save').addEventListener('click', () => {
    const a = S.explore && S.explore.answer;
    if (a && a.proofSgf) download(a.proofSgf, `variations-${S.explore.color}.sgf`);
  });
  $('solve').addEventListener('click', solve);
  $('stop').addEventListener('click', stop);
  $('explore-close').addEventListener('click', () => { exitModes(); render(); });
  $('play-close').addEventListener('click', () => { exitModes(); render(); });
  $('explore-start').addEventListener('click', () => exploreTo(0));
  $('explore-back').addEventListener('click', () => exploreTo(Math.max(0, S.explore.line.length - 1)));
  $('explore-next').addEventListener('click', () => {
    const [first] = exploreChildren();
    if (first) exploreDown(first);
  });
  $('play-undo').addEventListener('click', playUndo);
  $('play-restart').addEventListener('click', playRestart);
  $('play-pass').addEventListener('click', () => { if (S.play) playMove('pass'); });
}

/** Enables the controls once the WebAssembly is ready (they start disabled). */
function enableControls() {
  S.ready = true;
  for (const id of ['new-board', 'clear-region', 'file', 'save-sgf', 'load-sgf', 'show-sgf', 'solve']) {
    $(id).disabled = false;
  }
  $('loading').hidden = true;
}

async function main() {
  wire();
  // A board at once, while the solver loads.
  board.draw({ width: 9, height: 9, stones: () => null, labels: new Map() });
  await init();
  enableControls();
  const params = new URLSearchParams(location.search);
  // Budgets from the address; a value that is not one is said, not silently dropped.
  const unread = [];
  const budget = (name, ok, words) => {
    const text = params.get(name);
    if (text === null) return null;
    const v = Number(text);
    if (text.trim() !== '' && ok(v)) return v;
    unread.push(`${name}=${text} in the address is not ${words}: the default is used.`);
    return null;
  };
  const nodes = budget('nodes', (v) => Number.isInteger(v) && v > 0, 'a positive whole number of nodes');
  if (nodes) S.nodeBudget = nodes;
  const memoryMb = budget('memoryMb', (v) => Number.isFinite(v) && v > 0 && v <= 1 << 20,
    'a memory size in MiB from more than 0 to 1048576');
  if (memoryMb) S.memoryMb = memoryMb;
  const given = params.get('sgf');
  if (!loadSgf(given || EXAMPLE)) {
    // Keep a board under the error: an empty one of the default size.
    const error = S.stale;
    newBoard(9, 9);
    S.undo = [];
    $('undo').disabled = true;
    showMessage([`The problem in the address could not be loaded. ${error}`, ...unread].join(' '));
  } else {
    S.undo = [];
    $('undo').disabled = true;
    if (unread.length) showMessage(unread.join(' '));
  }
  document.body.dataset.ready = 'true';
}

main().catch((e) => {
  $('loading').textContent = `The solver could not load: ${e.message}`;
  showMessage(`The page could not start: ${e.message}`);
});
