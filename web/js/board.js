/* The board view: the game's cells as a grid of elements (named in the
 * game's notation: data-cell="c4"), painted from the engine's state, the
 * overlay that draws a hint's way or a move's trail as a line, and the
 * animations the events of a move ask for.  It reads the shared state
 * object S (S.state is the engine's glw_state; S.hint the hint on show)
 * and decides nothing about the game. */
/* exported makeBoard */
function makeBoard(S, dom) {
  'use strict';
  const { $, el } = dom;
  const board = $('#board');
  const overlay = $('#overlay');
  let cells = [];       /* the cell elements, row by row */
  let built = '';       /* game:w:h of the cells on the page */
  let trail = null;     /* the last move's path, shown for a moment */

  const PALETTE = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7',
    '#b7b7c9', '#8c6bb1', '#7fc97f', '#c9a227', '#ff9da7', '#4db6ac', '#a1887f'];
  const colourOf = (i) => PALETTE[(i - 1) % PALETTE.length];
  function inkOf(hex) {
    const n = parseInt(hex.slice(1), 16);
    const lum = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
    return lum > 140 ? '#15171c' : '#ffffff';
  }
  const gapOf = () => (S.state.game === 'flood' ? 0 : 2);

  /* The cell size that fits the board in the window: beside the side
   * panel on a wide screen, the whole width on a narrow one. */
  function cellSize(w, h) {
    const narrow = window.innerWidth <= 760;
    const gap = gapOf();
    const availW = narrow ? window.innerWidth - 26 : Math.min(window.innerWidth, 1320) - 44 - 300 - 22 - 4;
    const availH = Math.max(240, window.innerHeight - (narrow ? 250 : 265));
    const size = Math.floor(Math.min((availW - gap * w) / (w + 1), (availH - gap * h) / (h + 1)));
    return Math.max(narrow ? 14 : 18, Math.min(size, 64));
  }

  function build() {
    const { w, h } = S.state;
    board.textContent = '';
    board.dataset.game = S.state.game;
    cells = [];
    for (let r = 0; r < h; r++)
      for (let c = 0; c < w; c++) {
        const sym = el('span', { className: 'sym' });
        const piece = el('span', { className: 'piece' }, sym);
        const cell = el('div', { className: 'cell' }, piece);
        cell.setAttribute('role', 'gridcell');
        cell.dataset.r = r;
        cell.dataset.c = c;
        board.append(cell);
        cells.push(cell);
      }
    built = S.state.game + ':' + w + ':' + h;
    layout();
  }

  /* No game: no cells. */
  function clear() {
    board.textContent = '';
    cells = [];
    built = '';
    overlay.textContent = '';
  }

  function layout() {
    if (!S.state || !S.state.game) return;
    document.documentElement.style.setProperty('--cell', cellSize(S.state.w, S.state.h) + 'px');
    board.style.gridTemplateColumns = `repeat(${S.state.w}, var(--cell))`;
    drawOverlay();
  }

  function paint() {
    const st = S.state;
    if (built !== st.game + ':' + st.w + ':' + st.h) build();
    const { w, h } = st;
    const picked = new Set(st.selection.map(([r, c]) => r * w + c));
    const idx = (list) => list.filter(([r, c]) => r >= 0 && r < h && c >= 0 && c < w).map(([r, c]) => r * w + c);
    const ends = new Set(S.hint ? idx(S.hint.ends) : []);
    const fill = new Set(S.hint ? idx(S.hint.fill) : []);
    for (let i = 0; i < w * h; i++) {
      const cell = cells[i];
      const sym = st.syms[i];
      const colour = st.colours[i];
      const flags = st.flags[i];
      cell.dataset.cell = st.names[i];
      const empty = (flags & 1) !== 0;
      cell.className = 'cell' + (empty ? ' empty' : '') + (flags & 2 ? ' marked' : '') +
        (flags & 4 ? ' blocked' : '') + (picked.has(i) ? ' picked' : '') +
        (S.cursor.r * w + S.cursor.c === i ? ' cursor' : '') + (ends.has(i) ? ' hinted' : '') +
        (fill.has(i) ? ' hint-fill' : '');
      const piece = cell.firstChild;
      if (colour > 0) {
        const bg = colourOf(colour);
        piece.style.setProperty('--fill', bg);
        piece.style.setProperty('--ink', inkOf(bg));
        piece.dataset.colour = colour;
      } else {
        piece.style.removeProperty('--fill');
        piece.style.removeProperty('--ink');
        delete piece.dataset.colour;
      }
      piece.firstChild.textContent = sym === ' ' ? '' : sym;
      cell.setAttribute('aria-label', st.names[i] + ' ' + (empty && sym === '.' ? 'empty' : sym));
    }
    drawOverlay();
  }

  /* Cell centres in the overlay, the ring around the board included (onet's
   * links run there): the board has half a cell of margin on each side. */
  function centre(r, c) {
    const s = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--cell')) || 32;
    const gap = gapOf();
    const pad = s / 2;
    const at = (i, n) => (i < 0 ? pad / 2 : i >= n ? pad + n * (s + gap) - gap + pad / 2 : pad + i * (s + gap) + s / 2);
    return [at(c, S.state.w), at(r, S.state.h)];
  }

  function polyline(path, cls) {
    const pts = path.map(([r, c]) => centre(r, c).join(',')).join(' ');
    const ns = 'http://www.w3.org/2000/svg';
    const g = document.createElementNS(ns, 'g');
    g.setAttribute('class', cls);
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', pts);
    g.append(line);
    for (const end of [path[0], path[path.length - 1]]) {
      const [x, y] = centre(end[0], end[1]);
      const dot = document.createElementNS(ns, 'circle');
      dot.setAttribute('cx', x);
      dot.setAttribute('cy', y);
      dot.setAttribute('r', 5);
      g.append(dot);
    }
    return g;
  }

  function drawOverlay() {
    const rect = $('#board-wrap').getBoundingClientRect();
    overlay.setAttribute('width', rect.width);
    overlay.setAttribute('height', rect.height);
    overlay.setAttribute('viewBox', `0 0 ${rect.width} ${rect.height}`);
    overlay.textContent = '';
    if (!S.state || !S.state.game) return;
    /* a hint's way, when it travels (lines' path, onet's link) */
    if (S.hint && S.hint.ways) overlay.append(polyline(S.hint.cells, 'hint-path'));
    if (trail && trail.length > 1) overlay.append(polyline(trail, 'trail'));
  }

  const wait = (ms) => new Promise((res) => setTimeout(res, ms));

  /* What a move's events ask for: cells that vanish, spawn, fill or move,
   * and the way the move went.  ms: the speed (0: none, the board as it is). */
  async function animate(ev, ms, busy) {
    if (!ev || !S.state || !ms) return;
    const { w, h } = S.state;
    const mark = (list, cls) => {
      for (const [r, c] of list) {
        if (r < 0 || r >= h || c < 0 || c >= w) continue;
        const cell = cells[r * w + c];
        cell.classList.remove(cls);
        void cell.offsetWidth; /* restart the CSS animation */
        cell.classList.add(cls);
      }
    };
    for (const e of ev.events) {
      if (e.kind === 'remove' || e.kind === 'bomb') mark(e.cells, 'vanish');
      else if (e.kind === 'spawn') mark(e.cells, 'spawn');
      else if (e.kind === 'fill') mark(e.cells, 'fill');
      else if (e.kind === 'move' && ev.path.length < 2) mark(e.cells, 'moved');
    }
    if (ev.path.length > 1) {
      trail = ev.path;
      drawOverlay();
      busy(1);
      await wait(ms + 120);
      busy(-1);
      trail = null;
      drawOverlay();
    }
  }

  /* A refused cell shakes. */
  function shake(r, c) {
    const cell = cells[r * S.state.w + c];
    if (!cell) return;
    cell.classList.add('shake');
    setTimeout(() => cell.classList.remove('shake'), 400);
  }

  return { paint, layout, clear, animate, shake, wait, element: board };
}
