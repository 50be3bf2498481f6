// Browser tests of the problem page in real headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core). Run after web/build.sh:   cd web && node --test tests/
// Screenshots of the main states, at desktop width and at 360 px, go to
// web/tests/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '..');
const data = path.resolve(web, '..', 'crates/tesuji/tests/data/tsumego/tsumegojs');
const shots = path.join(here, 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.sgf': 'application/x-go-sgf', '.ts': 'text/plain',
};

// cc1/894 (tsumego.js set, from Cho Chikun's encyclopedia): White to live with D6; Black
// first kills with E5.
const CC1_894 = fs.readFileSync(path.join(data, 'cc1/894.sgf'), 'utf8');
// cc2/333: too hard for the tests' budgets; for stopping a long solve.
const HARD = fs.readFileSync(path.join(data, 'cc2/333.sgf'), 'utf8');

let server;
let base;
let context;
let page;
let consoleErrors = [];

function serve() {
  return new Promise((resolve) => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url, 'http://localhost');
      let file = path.normalize(path.join(web, decodeURIComponent(url.pathname)));
      if (!file.startsWith(web)) { res.writeHead(403); res.end(); return; }
      if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
      fs.readFile(file, (err, body) => {
        if (err) { res.writeHead(404); res.end('not found'); return; }
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
        res.end(body);
      });
    });
    server.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${server.address().port}/`;
      resolve();
    });
  });
}

before(async () => {
  assert.ok(fs.existsSync(path.join(web, 'pkg/tesuji_wasm_bg.wasm')), 'run web/build.sh first');
  fs.mkdirSync(shots, { recursive: true });
  await serve();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tesuji-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 900 },
  });
  page = context.pages()[0] || await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  await open();
});

after(async () => {
  if (context) await context.close();
  if (server) server.close();
});

async function open() {
  await page.goto(base);
  await page.waitForSelector('body[data-ready=true]');
}

async function shot(name) {
  await page.screenshot({ path: path.join(shots, `${name}-desktop.png`), fullPage: true });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: path.join(shots, `${name}-360.png`), fullPage: true });
  await page.setViewportSize(vp);
}

async function loadSgf(text) {
  if (!(await page.isVisible('#sgf-text'))) await page.click('#sgf-box summary');
  await page.fill('#sgf-text', text);
  await page.click('#load-sgf');
}

const point = (v) => `#board g.pt[data-vertex="${v}"]`;
const stoneAt = (v) => page.getAttribute(point(v), 'data-stone');
async function clickPoint(v) {
  await page.click(`${point(v)} .hit`);
}
async function tool(name) {
  await page.click(`[data-tool="${name}"]`);
}
function noConsoleErrors() {
  assert.deepEqual(consoleErrors, []);
}

test('the page starts with a problem and no console errors', async () => {
  assert.match(await page.textContent('#info'), /defends .* target stone/);
  await shot('01-start');
  noConsoleErrors();
});

test('loads an SGF (paste) and shows stones, target and region', async () => {
  await loadSgf(CC1_894);
  assert.equal(await page.getAttribute('#board svg', 'data-width'), '9');
  assert.equal(await stoneAt('G6'), 'W'); // gd, the target
  assert.equal(await stoneAt('B9'), 'B'); // ba
  assert.ok(await page.$(`${point('G6')}.target`));
  assert.match(await page.textContent('#info'), /White defends 6 target stones, Black attacks/);
  assert.ok((await page.$$('#board rect.region')).length > 0);
  // Save: the editor's problem as SGF.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const saved = fs.readFileSync(await download.path(), 'utf8');
  assert.match(saved, /SZ\[9\]/);
  assert.match(saved, /MA\[gd\]/);
  assert.match(saved, /PL\[W\]/);
  noConsoleErrors();
});

test('loads an SGF from a file', async () => {
  const file = path.join(os.tmpdir(), 'tesuji-test.sgf');
  fs.writeFileSync(file, '(;SZ[7:5]AB[aa][bb]AW[cc]MA[cc]PL[W])');
  if (!(await page.isVisible('#file'))) await page.click('#sgf-box summary');
  await page.setInputFiles('#file', file);
  await page.waitForFunction(() => document.querySelector('#board svg').dataset.width === '7');
  assert.equal(await page.getAttribute('#board svg', 'data-height'), '5');
  assert.equal(await page.inputValue('#first'), 'W');
  noConsoleErrors();
});

test('places and erases stones on a rectangular board', async () => {
  await page.fill('#width', '7');
  await page.fill('#height', '5');
  await page.click('#new-board');
  assert.equal(await page.getAttribute('#board svg', 'data-width'), '7');
  assert.equal(await page.getAttribute('#board svg', 'data-height'), '5');
  await tool('B');
  await clickPoint('C3');
  await tool('W');
  await clickPoint('D3');
  assert.equal(await stoneAt('C3'), 'B');
  assert.equal(await stoneAt('D3'), 'W');
  await tool('erase');
  await clickPoint('C3');
  assert.equal(await stoneAt('C3'), '');
  assert.equal(await stoneAt('D3'), 'W');
  noConsoleErrors();
});

test('a target on an empty point gets a clear message', async () => {
  await tool('target');
  await clickPoint('B2');
  assert.match(await page.textContent('#info'), /target B2 is an empty point, not a stone/);
  await page.click('#solve');
  assert.match(await page.textContent('#message'), /empty point/);
  noConsoleErrors();
});

test('an unclosable region gets a clear message', async () => {
  await clickPoint('B2'); // unmark
  // A lone white stone in the middle of a 13x13 board: nothing encloses it.
  await page.fill('#width', '13');
  await page.fill('#height', '13');
  await page.click('#new-board');
  await tool('W');
  await clickPoint('G7');
  await tool('target');
  await clickPoint('G7');
  assert.match(await page.textContent('#info'), /region cannot be closed/);
  await page.click('#solve');
  assert.match(await page.textContent('#message'), /region cannot be closed/);
  await shot('02-unclosable-region');
  noConsoleErrors();
});

test('bad SGF gets a clear message', async () => {
  await loadSgf('(;SZ[9]AB[aa][bb');
  assert.match(await page.textContent('#message'), /Could not read the SGF: SGF syntax error: line 1, column 14: value not closed/);
  await loadSgf('(;SZ[9]AB[zz])');
  assert.match(await page.textContent('#message'), /Could not read the SGF/);
  await shot('03-bad-sgf');
  noConsoleErrors();
});

test('marks a target and solves for both colours', async () => {
  await loadSgf(CC1_894);
  await page.selectOption('#time-limit', '30000');
  await page.click('#solve');
  await page.waitForSelector('#answer-B[data-result]');
  await page.waitForSelector('#answer-W[data-result]');
  await page.waitForFunction(() => !document.querySelector('#solve').disabled);
  assert.equal(await page.getAttribute('#answer-W', 'data-result'), 'win');
  assert.match(await page.textContent('#answer-W .summary'), /White lives/);
  assert.match(await page.textContent('#answer-W .moves'), /D6/);
  assert.equal(await page.getAttribute('#answer-B', 'data-result'), 'win');
  assert.match(await page.textContent('#answer-B .summary'), /Black kills/);
  assert.match(await page.textContent('#answer-B .moves'), /E5/);
  // The first player's winning moves are marked on the board.
  assert.ok(await page.$(`${point('D6')}.label-win`));
  await shot('04-answers');
  noConsoleErrors();
});

test('steps through the variations of the proof tree', async () => {
  await page.click('#explore-W');
  assert.ok(await page.isVisible('#explorer'));
  assert.match(await page.textContent('#children'), /White D6 \(answer\)/);
  await page.click('#children .child.best');
  assert.equal(await stoneAt('D6'), 'W');
  assert.equal(await page.$$eval('#line button', (l) => l.length), 1);
  // Black's tries are listed; take one, then follow the answers to the end.
  const tries = await page.$$('#children .child');
  assert.ok(tries.length >= 1);
  for (let i = 0; i < 40; i++) {
    const next = await page.$('#children .child');
    if (!next) break;
    await next.click();
  }
  assert.match(await page.textContent('#children'), /lives|captured|repeats/);
  await shot('05-variations');
  // The variations as SGF.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#explore-save')]);
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(sgf, /^\(;/);
  assert.match(sgf, /W\[dd\]/);
  await page.click('#explore-back');
  await page.click('#explore-start');
  assert.equal(await page.$$eval('#line button', (l) => l.length), 0);
  noConsoleErrors();
});

test('shows the refutation of a wrong first move', async () => {
  const refs = await page.$$('#refutations .refutation');
  assert.ok(refs.length > 0, 'White has wrong first moves');
  await refs[0].click();
  assert.equal(await page.$$eval('#line button', (l) => l.length), 2);
  await page.click('#explore-close');
  noConsoleErrors();
});

test('plays a problem out: the solver refutes a wrong move', async () => {
  await page.click('#play-W');
  assert.ok(await page.isVisible('#play'));
  // E5 is not White's vital point: Black answers and kills.
  await clickPoint('E6');
  await page.waitForFunction(() => /refutes|Not solved/.test(document.querySelector('#play-message').textContent), null, { timeout: 60000 });
  await shot('06-play-refuted');
  await page.click('#play-undo');
  assert.equal(await stoneAt('E6'), '');
  // The right move: D6; the solver resists, White stays on track.
  await clickPoint('D6');
  await page.waitForFunction(() => /right track|Solved/.test(document.querySelector('#play-message').textContent), null, { timeout: 60000 });
  // A move outside the region is refused with a message.
  await clickPoint('J1');
  assert.match(await page.textContent('#play-message'), /outside the region/);
  await page.click('#play-close');
  noConsoleErrors();
});

test('a ko is described in words, with its threshold', async () => {
  // sim/9/basic (tsumego.js set): White lives only through a ko that White takes first.
  await loadSgf(fs.readFileSync(path.join(data, 'sim/9/basic.sgf'), 'utf8'));
  await page.click('#solve');
  await page.waitForSelector('#answer-W[data-result]');
  await page.waitForFunction(() => !document.querySelector('#solve').disabled);
  assert.match(await page.textContent('#answer-W .summary'), /White lives by winning a ko \(White needs at least as many ko threats as Black\)/);
  noConsoleErrors();
});

test('stops a long solve and stays responsive', async () => {
  await loadSgf(HARD);
  await page.selectOption('#time-limit', '0');
  await page.click('#solve');
  await page.waitForFunction(() => /nodes/.test(document.querySelector('#progress').textContent), null, { timeout: 30000 });
  await shot('07-solving');
  assert.ok(!(await page.isDisabled('#stop')));
  await page.click('#stop');
  assert.equal(await page.textContent('#progress'), 'Stopped.');
  assert.ok(await page.isDisabled('#stop'));
  // The page still works: edit a stone.
  await tool('B');
  await clickPoint('A1');
  assert.equal(await stoneAt('A1'), 'B');
  noConsoleErrors();
});

test('the embed widget solves and plays out its problem', async () => {
  await page.goto(`${base}embed.html`);
  await page.waitForSelector('html[data-tesuji-ready=true]');
  await page.click('.tesuji-widget button:text("Solve")');
  await page.waitForFunction(() => /kills/.test(document.querySelector('.tw-text').textContent));
  assert.match(await page.textContent('.tw-text'), /Black kills unconditionally: B7/);
  await page.click('.tesuji-widget button:text("Play it out")');
  await page.click('.tesuji-widget g.pt[data-vertex="B7"] .hit');
  await page.waitForFunction(() => /good so far|Solved/.test(document.querySelector('.tw-text').textContent), null, { timeout: 60000 });
  await shot('08-embed');
  noConsoleErrors();
  await open();
});

test('the tsumego.js-shaped wrapper answers as tsumego.js does', async () => {
  const r = await page.evaluate(async () => {
    const { ready, Solver, solve } = await import('./pkg/tsumego.js');
    await ready;
    const sgf = '(;FF[4]SZ[5]MA[bb]AW[ab][bb][cb][db][da]AB[ac][bc][cc][dc][ec][eb][ea])';
    const s = new Solver(sgf);
    const black = s.solve('B');
    const white = new Solver(sgf).solve('W');
    const played = s.play(black);
    let bad = null;
    try { new Solver('(;SZ[5]AB[cc]MA[aa])'); } catch (e) { bad = `${e.name} ${e.kind}`; }
    return { black, white, played, first: solve(sgf), bad };
  });
  assert.deepEqual(r, { black: 'B[ba]', white: 'W[ba]', played: true, first: 'B[ba]', bad: 'TesujiError empty-target' });
  noConsoleErrors();
});
