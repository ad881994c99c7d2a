/* The board view: the game's cells as a grid of elements (named in the
 * game's notation: data-cell="c4"), the coordinates along its edges, the
 * pieces that come next (lines' balls), painted from the engine's state;
 * the overlay that draws a hint's way or a move's trail as a line; the
 * animations the events of a move ask for; and the board's size.  It
 * reads the shared state object S (S.state is the engine's glw_state;
 * S.hint the hint on show) and decides nothing about the game.
 *
 * The size: cells grow to fill the board's window (beside the side column
 * on a wide screen, the screen's width on a phone), up to 64 px; they do
 * not shrink below a size a finger can tap (24 px): a board larger than
 * its window then scrolls in it (drag to pan), and the zoom buttons make
 * the cells larger, or smaller down to the size at which the whole board
 * shows. */
/* exported makeBoard */
function makeBoard(S, dom) {
  'use strict';
  const { $, el } = dom;
  const board = $('#board');
  const box = $('#board-box');
  const area = $('#board-area');
  const wrap = $('#board-wrap');
  const overlay = $('#overlay');
  const cols = $('#cols');
  const rows = $('#rows');
  const coming = $('#coming');
  let cells = [];       /* the cell elements, row by row */
  let built = '';       /* game:w:h of the cells on the page */
  let trail = null;     /* the last move's path, shown for a moment */
  const size = { cell: 36, gap: 2, pad: 18, fit: 36, base: 36 };
  let zoom = 1;         /* the player's zoom over the fitted size */

  const MIN_CELL = 24;  /* CSS px: the smallest a cell gets by itself when the board pans */
  const FIT_CELL = 20;  /* CSS px: cells this small still show the whole board, without panning */
  const MAX_CELL = 64;
  const MAX_ZOOM_CELL = 112;

  /* The palette: sixteen colours told apart by colour alone (the first
   * sixteen of Sasha Trubetskoy's "20 simple, distinct colors", as the
   * terminal's), then the same sixteen as rings around the symbol, so that
   * no two colours up to 32 look alike; beyond, the looks repeat and the
   * symbol, always drawn, tells them apart. */
  const PALETTE = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6',
    '#bfef45', '#fabed4', '#469990', '#dcbeff', '#9a6324', '#fffac8', '#800000', '#aaffc3'];
  function look(i) {
    const k = (i - 1) % (2 * PALETTE.length);
    return { fill: PALETTE[k % PALETTE.length], outline: k >= PALETTE.length };
  }
  function inkOf(hex) {
    const n = parseInt(hex.slice(1), 16);
    const lum = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
    return lum > 140 ? '#15171c' : '#ffffff';
  }
  function paintPiece(piece, colour) {
    if (colour > 0) {
      const lk = look(colour);
      piece.style.setProperty('--fill', lk.fill);
      piece.style.setProperty('--ink', inkOf(lk.fill));
      piece.classList.toggle('outline', lk.outline);
      piece.dataset.colour = colour;
    } else {
      piece.style.removeProperty('--fill');
      piece.style.removeProperty('--ink');
      piece.classList.remove('outline');
      delete piece.dataset.colour;
    }
  }
  /* The game's layout facts (its table's `front`): cells that touch or
   * stand apart, and a ring round the board where a move's way may run. */
  const front = () => (S.game && S.game.front) || { gap: true, ring: false };
  const gapOf = () => (front().gap ? 2 : 0);
  /* The margin round the board: half a cell where ways run round it (the
   * ring), a little elsewhere. */
  const padOf = (cell) => (front().ring ? Math.round(cell / 2) : Math.max(4, Math.round(cell * 0.22)));

  /* The coordinates: the column letters and row numbers of the cells'
   * names (a1 is the top-left cell); a board of one row is named by cell
   * numbers (its moves are), so they stand above it. */
  function buildLabels() {
    const { w, h, names } = S.state;
    cols.textContent = '';
    rows.textContent = '';
    for (let c = 0; c < w; c++)
      cols.append(el('span', { textContent: h === 1 ? String(c + 1) : names[c].replace(/[0-9]+$/, '') }));
    if (h > 1) for (let r = 0; r < h; r++) rows.append(el('span', { textContent: names[r * w].replace(/^[a-z]+/, '') }));
    rows.hidden = h === 1;
  }

  /* The cells in ARIA's grid structure: rows of cells (each row a
   * wrapper that takes no room: the cells stay the CSS grid's items), the
   * cursor's cell the grid's active descendant, so that a screen reader
   * says it as the arrows move it. */
  function build() {
    const { w, h } = S.state;
    board.textContent = '';
    board.dataset.game = S.state.game;
    board.setAttribute('aria-rowcount', h);
    board.setAttribute('aria-colcount', w);
    cells = [];
    for (let r = 0; r < h; r++) {
      const row = el('div', { className: 'row' });
      row.setAttribute('role', 'row');
      for (let c = 0; c < w; c++) {
        const sym = el('span', { className: 'sym' });
        const piece = el('span', { className: 'piece' }, sym);
        piece.setAttribute('aria-hidden', 'true');
        const cell = el('div', { className: 'cell', id: 'cell-' + (r * w + c) }, piece);
        cell.setAttribute('role', 'gridcell');
        cell.dataset.r = r;
        cell.dataset.c = c;
        row.append(cell);
        cells.push(cell);
      }
      board.append(row);
    }
    buildLabels();
    const again = built.split(':').slice(1).join(':') === w + ':' + h;
    built = S.state.game + ':' + w + ':' + h;
    if (!again) zoom = 1;
    layout();
  }

  /* No game: no cells. */
  function clear() {
    board.textContent = '';
    keysRow.textContent = '';
    keysRow.hidden = true;
    board.removeAttribute('aria-activedescendant');
    cols.textContent = '';
    rows.textContent = '';
    coming.textContent = '';
    cells = [];
    built = '';
    overlay.textContent = '';
  }

  /* The cell size that fills the board's window, and the window's height:
   * the screen below the window's top (so a wide screen shows the whole
   * board without scrolling the page). */
  function fit() {
    const { w, h } = S.state;
    const gap = gapOf();
    const top = area.getBoundingClientRect().top + window.scrollY;
    /* what comes under the board when the columns stack (a phone): the
     * move buttons and the message stay on the screen with it */
    const under = document.querySelector('.under');
    const stacked = under && under.getBoundingClientRect().top >= area.getBoundingClientRect().bottom - 1;
    const keysBelow = !keysRow.hidden && keysRow.getBoundingClientRect().top >= area.getBoundingClientRect().bottom - 1;
    const below = (keysBelow ? keysRow.offsetHeight + 10 : 0) + (stacked ? under.offsetHeight : 0);
    const availH = Math.max(200, window.innerHeight - top - 14 - below);
    const availW = Math.max(120, area.clientWidth - 4);
    /* the board (cells, gaps, the margin round it), its frame, and the
     * labels */
    const margin = 2 * padOf(100) / 100;
    const labelW = h === 1 ? 0 : 0.62;
    const fitW = (availW - 2 - (h === 1 ? 0 : 6) - (w - 1) * gap) / (w + margin + labelW);
    const fitH = (availH - 2 - 4 - (h - 1) * gap) / (h + margin + 0.5);
    return { cell: Math.floor(Math.min(fitW, fitH, MAX_CELL)), availH };
  }

  /* The board drawn with cells of this size. */
  function setCell(cell) {
    size.cell = cell;
    size.gap = gapOf();
    size.pad = padOf(cell);
    const st = box.style;
    st.setProperty('--cell', cell + 'px');
    st.setProperty('--gap', size.gap + 'px');
    st.setProperty('--pad', size.pad + 'px');
    st.setProperty('--label-font', Math.max(10, Math.min(16, Math.round(cell * 0.36))) + 'px');
  }

  function layout() {
    if (!S.state || !S.state.game) return;
    board.style.gridTemplateColumns = `repeat(${S.state.w}, var(--cell))`;
    const f = fit();
    area.style.maxHeight = f.availH + 'px';
    /* from a little over the estimate, as much smaller as the labels and
     * the frame need */
    const roomW = area.clientWidth - 4, roomH = f.availH - 4;
    let cell = Math.max(8, Math.min(MAX_CELL, f.cell + 2));
    setCell(cell);
    while (cell > 8 && (box.offsetWidth > roomW || box.offsetHeight > roomH)) setCell(--cell);
    size.fit = cell;
    /* the whole board when its cells are FIT_CELL px or more; else cells
     * a finger can tap, and the board pans */
    size.base = size.fit >= FIT_CELL ? size.fit : Math.max(size.fit, MIN_CELL);
    area.dataset.fit = size.fit; /* the size at which the whole board shows (tests read it) */
    const least = Math.min(size.fit, size.base);
    setCell(Math.max(least, Math.min(MAX_ZOOM_CELL, Math.round(size.base * zoom))));
    for (const b of document.querySelectorAll('[data-action=zoom-in]')) b.disabled = size.cell >= MAX_ZOOM_CELL;
    for (const b of document.querySelectorAll('[data-action=zoom-out]')) b.disabled = size.cell <= least;
    drawOverlay();
  }

  /* The player's zoom: by a quarter larger or smaller. */
  function zoomBy(step) {
    if (!S.state || !S.state.game) return;
    zoom = step > 0 ? zoom * 1.25 : zoom / 1.25;
    const least = Math.min(size.fit, size.base) / size.base;
    zoom = Math.max(least, Math.min(MAX_ZOOM_CELL / size.base, zoom));
    if (Math.abs(zoom - 1) < 0.05) zoom = 1;
    layout();
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
      const flags = st.flags[i];
      cell.dataset.cell = st.names[i];
      const empty = (flags & 1) !== 0;
      cell.className = 'cell' + (empty ? ' empty' : '') + (flags & 2 ? ' marked' : '') +
        (flags & 4 ? ' blocked' : '') + (picked.has(i) ? ' picked' : '') +
        (S.cursor.r * w + S.cursor.c === i ? ' cursor' : '') + (ends.has(i) ? ' hinted' : '') +
        (fill.has(i) ? ' hint-fill' : '');
      const piece = cell.firstChild;
      paintPiece(piece, st.colours[i]);
      piece.firstChild.textContent = sym === ' ' ? '' : sym;
      cell.setAttribute('aria-label', cellLabel(i, sym, st.colours[i], flags));
      cell.setAttribute('aria-selected', picked.has(i) ? 'true' : 'false');
    }
    const at = cells[S.cursor.r * w + S.cursor.c];
    if (at) board.setAttribute('aria-activedescendant', at.id);
    Array.from(cols.children).forEach((s, c) => s.classList.toggle('on', c === S.cursor.c));
    Array.from(rows.children).forEach((s, r) => s.classList.toggle('on', r === S.cursor.r));
    paintComing();
    const shown = !keysRow.hidden;
    paintKeys();
    if (shown !== !keysRow.hidden) layout(); /* the row under the board takes room */
    else drawOverlay();
  }

  /* A game whose every move is one symbol (its table's front.keys:
   * Flood-It's colours): a button under the board for each symbol its
   * board has shown (data-move, named "colour N" by its symbol), in the
   * symbol's colour; one no longer on the board stays, disabled. */
  const keysRow = document.getElementById('move-keys');
  let keysOf = { id: null, seen: new Map() };
  function paintKeys() {
    const st = S.state;
    const on = !!(S.game && S.game.front && S.game.front.keys && st && st.game);
    keysRow.hidden = !on;
    if (!on) { keysRow.textContent = ''; keysOf = { id: null, seen: new Map() }; return; }
    const here = new Map();
    for (let i = 0; i < st.syms.length; i++) if (st.colours[i] > 0 && !here.has(st.syms[i])) here.set(st.syms[i], st.colours[i]);
    const key = st.game + '|' + st.id + '|' + st.w + 'x' + st.h;
    if (keysOf.id !== key) keysOf = { id: key, seen: new Map() };
    let grew = false;
    for (const [sym, colour] of here) if (!keysOf.seen.has(sym)) { keysOf.seen.set(sym, colour); grew = true; }
    if (grew || keysRow.children.length !== keysOf.seen.size) {
      keysRow.textContent = '';
      for (const sym of [...keysOf.seen.keys()].sort()) {
        const b = el('button', { type: 'button', textContent: sym });
        b.dataset.move = sym;
        b.setAttribute('aria-label', 'colour ' + sym);
        paintPiece(b, keysOf.seen.get(sym));
        keysRow.append(b);
      }
    }
    for (const b of keysRow.children) b.disabled = st.status !== 'playing' || !here.has(b.dataset.move);
  }

  /* What a cell is, for a screen reader: its name as moves write it (a
   * board of one row: its cell number) and what is on it in the game's
   * words (its table's cell_words: "SYM: words" lines, '?' for any other
   * symbol, '+' added for a marked cell; %s the symbol, %n its colour). */
  let legend = { game: null, map: new Map() };
  function cellLabel(i, sym, colour, flags) {
    const st = S.state;
    if (legend.game !== st.game) {
      const map = new Map();
      for (const line of ((S.cellWords || {})[st.game] || '').split('\n'))
        if (line.length > 2 && line[1] === ':') map.set(line[0], line.slice(2).trim());
      legend = { game: st.game, map };
    }
    const m = legend.map;
    let words = (m.get(sym) || m.get('?') || sym).replace(/%s/g, sym).replace(/%n/g, String(colour));
    if (flags & 2 && m.has('+')) words += ', ' + m.get('+');
    const name = st.h === 1 ? 'cell ' + (i + 1) : st.names[i];
    return name + ': ' + words;
  }

  /* The pieces that come next, as pieces (lines' balls in their colours). */
  function paintComing() {
    const list = S.state.coming || [];
    coming.textContent = '';
    if (!list.length) return;
    coming.append(el('span', { className: 'next-label', textContent: 'next' }));
    for (const p of list) {
      const ball = el('span', { className: 'ball', textContent: p.sym });
      paintPiece(ball, p.colour);
      coming.append(ball);
    }
  }

  /* A cell brought into the board's window (the cursor, a hint). */
  function reveal(r, c) {
    const cell = cells[r * (S.state ? S.state.w : 0) + c];
    if (!cell) return;
    /* the board's window scrolls, not the page: with a cell's room round
     * it (the coordinates stay over the board's edges) */
    const a = area.getBoundingClientRect(), b = cell.getBoundingClientRect(), m = size.cell;
    if (b.left - m < a.left) area.scrollLeft -= a.left - b.left + m;
    else if (b.right + m > a.right) area.scrollLeft += b.right - a.right + m;
    if (b.top - m < a.top) area.scrollTop -= a.top - b.top + m;
    else if (b.bottom + m > a.bottom) area.scrollTop += b.bottom - a.bottom + m;
  }

  /* Cell centres in the overlay, the ring around the board included (a
   * way may run there, in its margin of half a cell). */
  function centre(r, c) {
    const s = size.cell, gap = size.gap, pad = size.pad;
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
    const width = wrap.clientWidth, height = wrap.clientHeight;
    overlay.setAttribute('width', width);
    overlay.setAttribute('height', height);
    overlay.setAttribute('viewBox', `0 0 ${width} ${height}`);
    overlay.textContent = '';
    if (!S.state || !S.state.game) return;
    /* a hint's way, when it travels (lines' path, onet's link) */
    if (S.hint && S.hint.ways) overlay.append(polyline(S.hint.cells, 'hint-path'));
    if (trail && trail.length > 1) overlay.append(polyline(trail, 'trail'));
  }

  const wait = (ms) => new Promise((res) => setTimeout(res, ms));

  /* A move whose tiles fall (match3's events: remove, fall, spawn and a
   * place per refilled cell, round by round) replayed from the board
   * before it, S.before: each round's clear (with its points, "+N"), fall
   * and refill in turn, the whole within a second; a click or a key skips
   * to the end, which is the engine's board (paint). */
  const CASCADE_MS = 900; /* the steps' time: with the last paint, within a second */
  async function cascade(ev, busy) {
    const from = S.before, st = S.state;
    const { w, h } = st;
    const n = w * h;
    if (!from || from.w !== w || from.h !== h || from.game !== st.game) return;
    const col = Array.from(from.colours), sym = Array.from(from.syms); /* syms is a string */
    const symOf = new Map();
    for (const b of [from, st]) for (let i = 0; i < n; i++) if (b.colours[i] > 0) symOf.set(b.colours[i], b.syms[i]);
    const at = ([r, c]) => r * w + c;
    const mv = ev.events.find((e) => e.kind === 'move');
    if (mv && mv.cells.length === 2) {
      const [a, b] = mv.cells.map(at);
      [col[a], col[b]] = [col[b], col[a]];
      [sym[a], sym[b]] = [sym[b], sym[a]];
    }
    /* the steps: each a list of changes, shown at once */
    const steps = [];
    let placing = null;
    for (const e of ev.events) {
      if (e.kind !== 'place') placing = null;
      if (e.kind === 'remove') steps.push({ kind: 'remove', cells: e.cells, points: e.value });
      else if (e.kind === 'fall') steps.push({ kind: 'fall', pairs: e.cells });
      else if (e.kind === 'place') {
        if (!placing) steps.push((placing = { kind: 'place', cells: [], kinds: [] }));
        placing.cells.push(e.cells[0]);
        placing.kinds.push(e.value);
      }
    }
    if (!steps.length) return;
    const ms = Math.max(30, Math.floor(CASCADE_MS / (steps.length + 1)));
    let skip = false, wake = null;
    const stop = (e) => {
      skip = true;
      if (wake) wake();
      e.preventDefault();
      e.stopPropagation();
    };
    /* each step at its time from the start, so that a late frame on a
     * busy machine does not push the others later */
    const t0 = performance.now();
    let k = 0;
    const pause = () => new Promise((ok) => {
      if (skip) { ok(); return; }
      const t = setTimeout(ok, Math.max(0, t0 + ++k * ms - performance.now()));
      wake = () => { clearTimeout(t); ok(); };
    });
    const show = (i) => {
      const piece = cells[i].firstChild;
      paintPiece(piece, col[i]);
      piece.firstChild.textContent = sym[i] === ' ' ? '' : sym[i];
      cells[i].classList.toggle('empty', !col[i]);
    };
    const mark = (i, cls) => {
      cells[i].classList.remove(cls);
      void cells[i].offsetWidth; /* restart the CSS animation */
      cells[i].classList.add(cls);
    };
    document.addEventListener('keydown', stop, true);
    board.addEventListener('pointerdown', stop, true);
    board.addEventListener('click', stop, true);
    board.dataset.cascadeMs = String(ms * (steps.length + 1)); /* the plan: each step and the last paint */
    board.classList.add('cascading');
    busy(1);
    const points = [];
    try {
      for (let i = 0; i < n; i++) show(i);
      for (const s of steps) {
        if (skip) break;
        await pause();
        if (skip) break;
        if (s.kind === 'remove') {
          for (const p of s.cells.map(at)) { col[p] = 0; sym[p] = ' '; show(p); mark(p, 'vanish'); }
          if (s.points > 0 && s.cells.length) {
            const mid = s.cells[Math.floor(s.cells.length / 2)];
            const tag = el('span', { className: 'points', textContent: '+' + s.points });
            cells[at(mid)].append(tag);
            points.push(tag);
          }
        } else if (s.kind === 'fall') {
          for (let k = 0; k < s.pairs.length; k += 2) {
            const a = at(s.pairs[k]), b = at(s.pairs[k + 1]);
            col[b] = col[a]; sym[b] = sym[a]; col[a] = 0; sym[a] = ' ';
            show(a); show(b); mark(b, 'fell');
          }
        } else {
          s.cells.forEach((c, k) => {
            const p = at(c);
            col[p] = s.kinds[k];
            sym[p] = symOf.get(s.kinds[k]) || String(s.kinds[k]);
            show(p);
            mark(p, 'spawn');
          });
        }
      }
      if (!skip) await pause();
    } finally {
      document.removeEventListener('keydown', stop, true);
      board.removeEventListener('pointerdown', stop, true);
      /* the click that follows a skipping press is the skip's too */
      setTimeout(() => board.removeEventListener('click', stop, true), 0);
      board.classList.remove('cascading');
      for (const t of points) t.remove();
      busy(-1);
      paint();
    }
  }

  /* What a move's events ask for: cells that vanish, spawn, fill or move,
   * and the way the move went.  ms: the speed (0: none, the board as it is). */
  async function animate(ev, ms, busy) {
    if (!ev || !S.state || !ms) return;
    if (ev.events.some((e) => e.kind === 'fall' || e.kind === 'place')) { await cascade(ev, busy); return; }
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
    /* pieces that come after a move that travels (Lines' new balls) stay
     * hidden until the moving piece has arrived, then appear */
    const later = [];
    for (const e of ev.events) {
      if (e.kind === 'remove' || e.kind === 'bomb') mark(e.cells, 'vanish');
      else if (e.kind === 'spawn' && ev.path.length > 1) later.push(...e.cells);
      else if (e.kind === 'spawn') mark(e.cells, 'spawn');
      else if (e.kind === 'fill' || e.kind === 'change') mark(e.cells, 'fill');
      else if (e.kind === 'move' && ev.path.length < 2) mark(e.cells, 'moved');
    }
    if (ev.path.length > 1) {
      mark(later, 'pending');
      trail = ev.path;
      drawOverlay();
      busy(1);
      await wait(ms + 120);
      busy(-1);
      trail = null;
      drawOverlay();
      for (const [r, c] of later) if (r >= 0 && r < h && c >= 0 && c < w) cells[r * w + c].classList.remove('pending');
      mark(later, 'spawn');
    }
  }

  /* A refused cell shakes. */
  function shake(r, c) {
    const cell = cells[r * S.state.w + c];
    if (!cell) return;
    cell.classList.add('shake');
    setTimeout(() => cell.classList.remove('shake'), 400);
  }

  return { paint, layout, clear, animate, shake, wait, reveal, zoomBy, element: board };
}
