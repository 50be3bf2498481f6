// An SVG Go board: stones, target marks, region shading, move labels and markers.
// No framework; the page and the embed widget both use it.
//
// Keyboard and screen readers: the board is one tab stop (role "grid", rows of
// "gridcell"s, each with a label such as "D4, white stone, target, winning move"); the
// arrow keys (and Home, End, Page Up, Page Down) move a cursor whose cell is announced
// through aria-activedescendant, and Enter or Space acts as a click on it.

const SVG = 'http://www.w3.org/2000/svg';
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** The GTP vertex of x, y on a board `height` rows high ("D4"). */
export function vertexOf(x, y, height) {
  return LETTERS[x] + String(height - y);
}

/** The SGF point of x, y ("dd"). */
export function sgfOf(x, y) {
  return String.fromCharCode(97 + x, 97 + y);
}

const STAR = {
  9: [2, 4, 6], 13: [3, 6, 9], 19: [3, 9, 15],
};

/** What a label kind means, for the cell's accessible name. */
const LABEL_WORDS = {
  win: 'winning move', lose: 'fails', unsearched: 'not searched', try: 'possible move',
  last: 'last move', move: 'move',
};

let boards = 0;

/**
 * A board in `container`. `onClick(x, y)` is called for clicks on points (and Enter or
 * Space on the keyboard cursor). Call `draw(view)` with:
 *   { width, height, stones: (x, y) => 'B' | 'W' | null,
 *     targets: Set of "x,y", region: Set of "x,y", regionAuto: bool,
 *     labels: Map "x,y" -> { text, kind }
 *       (kind: 'win' | 'lose' | 'unsearched' | 'try' | 'move' | 'last'),
 *     hover: bool }
 */
export class Board {
  constructor(container, onClick) {
    this.container = container;
    this.onClick = onClick;
    this.id = `tesuji-board-${++boards}`;
    this.svg = el('svg', {
      class: 'board', role: 'grid', tabindex: '0',
      'aria-label': 'Go board: arrow keys move, Enter or Space plays on the point',
    }, container);
    this.svg.addEventListener('click', (ev) => this.click(ev));
    this.svg.addEventListener('keydown', (ev) => this.key(ev));
    this.size = null;
    this.cursor = null;
  }

  click(ev) {
    const pt = this.svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const m = this.svg.getScreenCTM();
    if (!m || !this.size) return;
    const p = pt.matrixTransform(m.inverse());
    const x = Math.round(p.x - 1);
    const y = Math.round(p.y - 1);
    if (x >= 0 && y >= 0 && x < this.size.width && y < this.size.height) {
      this.moveCursor(x, y);
      if (this.onClick) this.onClick(x, y);
    }
  }

  key(ev) {
    if (!this.size) return;
    const { width, height } = this.size;
    const c = this.cursor || { x: Math.floor(width / 2), y: Math.floor(height / 2) };
    const moves = {
      ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
    };
    let { x, y } = c;
    if (moves[ev.key]) {
      x = Math.max(0, Math.min(width - 1, x + moves[ev.key][0]));
      y = Math.max(0, Math.min(height - 1, y + moves[ev.key][1]));
    } else if (ev.key === 'Home') x = 0;
    else if (ev.key === 'End') x = width - 1;
    else if (ev.key === 'PageUp') y = 0;
    else if (ev.key === 'PageDown') y = height - 1;
    else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      this.moveCursor(x, y);
      if (this.onClick) this.onClick(x, y);
      return;
    } else return;
    ev.preventDefault();
    this.moveCursor(x, y);
  }

  /** Puts the keyboard cursor on x, y (drawn while the board has the focus). */
  moveCursor(x, y) {
    this.cursor = { x, y };
    const r = this.svg.querySelector('.cursor');
    if (r) {
      r.setAttribute('x', x - 0.5);
      r.setAttribute('y', y - 0.5);
    }
    this.svg.setAttribute('aria-activedescendant', this.cellId(x, y));
  }

  cellId(x, y) {
    return `${this.id}-${x}-${y}`;
  }

  draw(view) {
    const { width, height } = view;
    this.size = { width, height };
    if (this.cursor && (this.cursor.x >= width || this.cursor.y >= height)) this.cursor = null;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    // One unit per point; a margin of one unit holds the coordinates (the letters sit
    // above the reach of the stones of the top row, which end 0.47 above it).
    svg.setAttribute('viewBox', `-0.25 -0.25 ${width + 1.45} ${height + 1.45}`);
    svg.dataset.width = width;
    svg.dataset.height = height;
    el('rect', { x: -0.25, y: -0.25, width: width + 1.45, height: height + 1.45, class: 'wood' }, svg);
    const g = el('g', { transform: 'translate(1 1)' }, svg);
    const key = (x, y) => `${x},${y}`;
    // Region shading under the grid.
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (view.region && view.region.has(key(x, y))) {
          el('rect', {
            x: x - 0.5, y: y - 0.5, width: 1, height: 1,
            class: view.regionAuto ? 'region auto' : 'region',
          }, g);
        }
      }
    }
    for (let i = 0; i < width; i++) {
      el('line', { x1: i, y1: 0, x2: i, y2: height - 1, class: 'grid' }, g);
      const t = el('text', { x: i, y: -0.8, class: 'coord', 'aria-hidden': 'true' }, g);
      t.textContent = LETTERS[i];
    }
    for (let j = 0; j < height; j++) {
      el('line', { x1: 0, y1: j, x2: width - 1, y2: j, class: 'grid' }, g);
      const t = el('text', { x: -0.78, y: j + 0.02, class: 'coord', 'aria-hidden': 'true' }, g);
      t.textContent = String(height - j);
    }
    if (width === height && STAR[width]) {
      for (const sx of STAR[width]) {
        for (const sy of STAR[width]) el('circle', { cx: sx, cy: sy, r: 0.09, class: 'star' }, g);
      }
    }
    for (let y = 0; y < height; y++) {
      const row = el('g', { role: 'row' }, g);
      for (let x = 0; x < width; x++) {
        const c = view.stones(x, y);
        const k = key(x, y);
        const label = view.labels && view.labels.get(k);
        const vertex = vertexOf(x, y, height);
        const words = [vertex, c === 'B' ? 'black stone' : c === 'W' ? 'white stone' : 'empty'];
        const cell = el('g', {
          class: 'pt', 'data-x': x, 'data-y': y, 'data-vertex': vertex,
          'data-stone': c || '', role: 'gridcell', id: this.cellId(x, y),
        }, row);
        // An invisible disc so the whole point is a target for clicks and hovers.
        el('circle', { cx: x, cy: y, r: 0.5, class: 'hit' }, cell);
        if (c) {
          const frame = view.frame && view.frame.has(k) ? ' frame' : '';
          el('circle', { cx: x, cy: y, r: 0.47, class: `${c === 'B' ? 'stone black' : 'stone white'}${frame}` }, cell);
        }
        if (view.frame && view.frame.has(k)) words.push('frame stone (added to close the problem)');
        if (view.targets && view.targets.has(k)) {
          cell.classList.add('target');
          words.push('target');
          const d = 0.2;
          const cls = c === 'B' ? 'mark on-black' : 'mark';
          el('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d, class: cls }, cell);
          el('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, class: cls }, cell);
        }
        if (view.region && view.region.has(k)) words.push('in the region');
        if (label) {
          cell.classList.add(`label-${label.kind}`);
          words.push(label.kind === 'move' ? `move ${label.text}` : LABEL_WORDS[label.kind] || label.kind);
          if (!c) el('circle', { cx: x, cy: y, r: 0.36, class: `marker ${label.kind}` }, cell);
          const text = label.kind === 'unsearched' && !label.text ? '?' : label.text;
          if (text) {
            const t = el('text', {
              x, y: y + 0.03,
              class: `label ${label.kind} ${c === 'B' ? 'on-black' : c === 'W' ? 'on-white' : ''}`,
              'aria-hidden': 'true',
            }, cell);
            t.textContent = text;
          }
        }
        cell.setAttribute('aria-label', words.join(', '));
      }
    }
    // The keyboard cursor, on top (shown only while the board has the focus).
    const c = this.cursor || { x: Math.floor(width / 2), y: Math.floor(height / 2) };
    el('rect', { x: c.x - 0.5, y: c.y - 0.5, width: 1, height: 1, rx: 0.12, class: 'cursor' }, g);
    svg.setAttribute('aria-activedescendant', this.cellId(c.x, c.y));
  }
}
