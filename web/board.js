// An SVG Go board: stones, target marks, region shading, move labels and markers.
// No framework; the page and the embed widget both use it.

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

/**
 * A board in `container`. `onClick(x, y)` is called for clicks on points.
 * Call `draw(view)` with:
 *   { width, height, stones: (x, y) => 'B' | 'W' | null,
 *     targets: Set of "x,y", region: Set of "x,y", regionAuto: bool,
 *     labels: Map "x,y" -> { text, kind } (kind: 'win' | 'lose' | 'move' | 'last'),
 *     hover: bool }
 */
export class Board {
  constructor(container, onClick) {
    this.container = container;
    this.onClick = onClick;
    this.svg = el('svg', { class: 'board', role: 'grid', 'aria-label': 'Go board' }, container);
    this.svg.addEventListener('click', (ev) => this.click(ev));
    this.size = null;
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
    if (x >= 0 && y >= 0 && x < this.size.width && y < this.size.height && this.onClick) {
      this.onClick(x, y);
    }
  }

  draw(view) {
    const { width, height } = view;
    this.size = { width, height };
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    // One unit per point; a margin of one unit holds the coordinates.
    svg.setAttribute('viewBox', `-0.2 -0.2 ${width + 1.4} ${height + 1.4}`);
    svg.dataset.width = width;
    svg.dataset.height = height;
    el('rect', { x: -0.2, y: -0.2, width: width + 1.4, height: height + 1.4, class: 'wood' }, svg);
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
      const t = el('text', { x: i, y: -0.62, class: 'coord' }, g);
      t.textContent = LETTERS[i];
    }
    for (let j = 0; j < height; j++) {
      el('line', { x1: 0, y1: j, x2: width - 1, y2: j, class: 'grid' }, g);
      const t = el('text', { x: -0.72, y: j + 0.02, class: 'coord' }, g);
      t.textContent = String(height - j);
    }
    if (width === height && STAR[width]) {
      for (const sx of STAR[width]) {
        for (const sy of STAR[width]) el('circle', { cx: sx, cy: sy, r: 0.09, class: 'star' }, g);
      }
    }
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = view.stones(x, y);
        const k = key(x, y);
        const label = view.labels && view.labels.get(k);
        const cell = el('g', {
          class: 'pt', 'data-x': x, 'data-y': y, 'data-vertex': vertexOf(x, y, height),
          'data-stone': c || '', role: 'gridcell',
        }, g);
        // An invisible disc so the whole point is a target for clicks and hovers.
        el('circle', { cx: x, cy: y, r: 0.5, class: 'hit' }, cell);
        if (c) {
          el('circle', { cx: x, cy: y, r: 0.47, class: c === 'B' ? 'stone black' : 'stone white' }, cell);
        }
        if (view.targets && view.targets.has(k)) {
          cell.classList.add('target');
          const d = 0.2;
          const cls = c === 'B' ? 'mark on-black' : 'mark';
          el('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d, class: cls }, cell);
          el('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, class: cls }, cell);
        }
        if (label) {
          cell.classList.add(`label-${label.kind}`);
          if (!c) el('circle', { cx: x, cy: y, r: 0.36, class: `marker ${label.kind}` }, cell);
          if (label.text) {
            const t = el('text', {
              x, y: y + 0.03,
              class: `label ${label.kind} ${c === 'B' ? 'on-black' : c === 'W' ? 'on-white' : ''}`,
            }, cell);
            t.textContent = label.text;
          }
        }
      }
    }
  }
}
