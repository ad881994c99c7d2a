/* gridlab in the browser: the page and its Web Worker, in one file.
 *
 * Three layers (docs/web.md): the play session compiled to WebAssembly
 * (gridlab.wasm, the C API of web/api.h, and its loader, which the build
 * puts in front of this file: the site's gridlab.js is that loader and
 * then this); a Web Worker that owns the module and answers the page's
 * messages, so that a long search (hint, solve) never freezes the page;
 * and the page, which draws what the session reports and sends it the
 * player's clicks and keys.  No game rule lives here: moves, picks, hints,
 * levels and saves are the session's.
 *
 * The page and the worker load the same script, so the page is one .js
 * and one .wasm.  A search can be cancelled: the page ends the worker and
 * starts a new one, which replays the game's journal (its start and every
 * step since) to the same position, undo history included.
 *
 * Each part is strict on its own ('use strict' in each function): the
 * loader in front of this file makes a file-wide directive a plain
 * string. */
/* global createGridlabEngine */

if (typeof document === 'undefined') workerMain();
else pageMain();

/* ================================================================ worker */

function workerMain() {
  'use strict';
  let api = null;
  let replayedSteps = false; /* solver's moves replayed since this board began */
  const ready = createGridlabEngine().then((M) => {
    const f = (name, ret, args) => M.cwrap('glw_' + name, ret, args);
    api = {
      error: f('error', 'string', []),
      games: f('games', 'string', []),
      start: f('start', 'number', ['string', 'string', 'string']),
      startId: f('start_id', 'number', ['string']),
      newGame: f('new_game', 'number', ['string']),
      restart: f('restart', 'number', []),
      load: f('load', 'number', ['string', 'string']),
      saveText: f('save_text', 'string', []),
      state: f('state', 'string', []),
      legal: f('legal_moves', 'string', []),
      pick: f('pick', 'number', ['number', 'number']),
      unselect: f('unselect', null, []),
      move: f('move', 'number', ['string']),
      undo: f('undo', 'number', []),
      redo: f('redo', 'number', []),
      events: f('events', 'string', []),
      hint: f('hint', 'number', ['number']),
      hintJson: f('hint_json', 'string', []),
      solve: f('solve', 'number', ['number']),
      solutionJson: f('solution_json', 'string', []),
      solveStep: f('solve_step', 'number', []),
      solveCancel: f('solve_cancel', null, []),
      nextLevel: f('next_level', 'number', []),
      tick: f('tick', 'number', []),
      pause: f('pause', null, ['number']),
    };
  });

  const fresh = (rc) => { if (rc === 0) replayedSteps = false; return rc; };
  const done = (rc) => (rc < 0 ? { ok: false, error: api.error() } : { ok: true });
  const events = () => JSON.parse(api.events());

  const ops = {
    games: () => ({ games: JSON.parse(api.games()) }),
    start: (a) => done(fresh(api.start(a.game, a.params, a.seed))),
    startId: (a) => done(fresh(api.startId(a.id))),
    newGame: (a) => done(fresh(api.newGame(a.seed))),
    restart: () => done(fresh(api.restart())),
    load: (a) => done(fresh(api.load(a.text, a.name || ''))),
    save: () => ({ text: api.saveText() }),
    legal: () => ({ moves: JSON.parse(api.legal()) }),
    pick: (a) => {
      const result = api.pick(a.r, a.c);
      return { result, error: result === -1 || result === 2 ? api.error() : '', events: events() };
    },
    unselect: () => { api.unselect(); return {}; },
    move: (a) => Object.assign(done(api.move(a.text)), { events: events() }),
    undo: () => done(api.undo()),
    redo: () => done(api.redo()),
    hint: (a) => {
      const result = api.hint(a.ms || 0);
      return { result, hint: JSON.parse(api.hintJson()), error: result === -1 ? api.error() : '' };
    },
    solve: (a) => Object.assign(done(api.solve(a.ms || 0)), { solution: JSON.parse(api.solutionJson()) }),
    step: () => {
      const result = api.solveStep();
      return { result, error: result < 0 ? api.error() : '', events: events() };
    },
    solveCancel: () => { api.solveCancel(); return {}; },
    nextLevel: () => {
      const result = api.nextLevel();
      if (result === 1) replayedSteps = false;
      return { result, error: result < 0 ? api.error() : '', events: events() };
    },
    tick: () => ({ result: api.tick(), events: events() }),
    pause: (a) => { api.pause(a.on ? 1 : 0); return {}; },
    /* The journal of a game (see Journal in the page): the same calls
     * again, in order. */
    replay: (a) => {
      for (const e of a.journal) {
        let rc = 0;
        switch (e.op) {
          case 'id': rc = fresh(api.startId(e.id)); break;
          case 'load': rc = fresh(api.load(e.text, e.name || '')); break;
          case 'restart': rc = fresh(api.restart()); break;
          case 'move': rc = api.move(e.text); break;
          case 'step': rc = api.move(e.text); replayedSteps = replayedSteps || rc === 0; break;
          case 'undo': rc = api.undo(); break;
          case 'redo': rc = api.redo(); break;
          case 'level': rc = api.nextLevel() === 1 ? 0 : -1; if (rc === 0) replayedSteps = false; break;
          default: rc = -1;
        }
        if (rc < 0) return { ok: false, error: 'the game could not be restored at ' + e.op + ': ' + api.error() };
      }
      return { ok: true };
    },
  };

  self.onmessage = async (msg) => {
    await ready;
    const { id, op, args } = msg.data;
    let reply;
    try {
      if (!ops[op]) throw new Error('unknown request ' + op);
      reply = ops[op](args || {});
    } catch (err) {
      reply = { ok: false, error: String(err && err.message ? err.message : err) };
    }
    reply.id = id;
    reply.state = JSON.parse(api.state());
    if (reply.state.game) reply.state.assisted = reply.state.assisted || replayedSteps;
    self.postMessage(reply);
  };
}

/* ================================================================ page */

function pageMain() {
  'use strict';
  const SCRIPT = document.currentScript.src;
  const $ = (sel) => document.querySelector(sel);
  const $$ = (sel) => Array.from(document.querySelectorAll(sel));
  const el = (tag, props, ...kids) => {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    for (const k of kids) if (k != null) e.append(k);
    return e;
  };

  /* Animation speeds: ?anim=off|fast|normal, else the saved choice;
   * reduced motion asks for none. */
  const params = new URLSearchParams(location.search);
  const reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const SPEEDS = { normal: { move: 260, step: 420 }, fast: { move: 120, step: 140 }, off: { move: 0, step: 0 } };
  let speedName = params.get('anim') || storeGet('gridlab.anim', null) || (reduced ? 'off' : 'normal');
  if (!SPEEDS[speedName]) speedName = 'normal';
  document.body.dataset.anim = speedName; /* style.css: no transitions when off */
  const speed = () => SPEEDS[speedName];

  /* ---------------------------------------------------------- storage */

  function storeGet(key, fallback) {
    try {
      const v = localStorage.getItem(key);
      return v == null ? fallback : JSON.parse(v);
    } catch (e) { return fallback; }
  }
  function storeSet(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or forbidden: play on */ }
  }

  /* ---------------------------------------------------------- the engine */

  /* The worker and its requests: one at a time in order; restart() ends
   * it (a cancelled search) and starts another. */
  class Engine {
    constructor() { this.seq = 0; this.pending = new Map(); this.spawn(); }
    spawn() {
      this.worker = new Worker(SCRIPT);
      this.worker.onmessage = (e) => {
        const p = this.pending.get(e.data.id);
        if (!p) return;
        this.pending.delete(e.data.id);
        p.resolve(e.data);
      };
      this.worker.onerror = (e) => {
        e.preventDefault();
        const err = new Error('the engine failed: ' + (e.message || 'could not load gridlab.wasm'));
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        showError(err.message);
      };
    }
    call(op, args) {
      return new Promise((resolve, reject) => {
        const id = ++this.seq;
        this.pending.set(id, { resolve, reject });
        this.worker.postMessage({ id, op, args });
      });
    }
    restart() {
      this.worker.terminate();
      const cancelled = new Error('cancelled');
      cancelled.cancelled = true;
      for (const p of this.pending.values()) p.reject(cancelled);
      this.pending.clear();
      this.spawn();
    }
  }

  /* ---------------------------------------------------------- state */

  const engine = new Engine();
  let games = [];          /* glw_games() */
  let game = null;         /* the current game's entry */
  let state = null;        /* glw_state() */
  let stateAt = 0;         /* when state arrived (for the clock) */
  let journal = [];        /* how to get here again: [{op:'id'|'load',...}, moves...] */
  let busy = 0;            /* requests and animations under way */
  let thinking = false;    /* a search under way (cancel shown) */
  let solving = false;     /* the solver's moves being played */
  let cursor = { r: 0, c: 0 };
  let hint = null;         /* the hint on show */
  let recordedFinish = ''; /* the position whose result was recorded */
  let built = '';          /* game:w:h of the cells on the page */
  let cells = [];          /* the cell elements, row by row */

  const board = $('#board');
  const overlay = $('#overlay');

  function setBusy(delta) {
    busy += delta;
    document.body.dataset.busy = busy > 0 ? '1' : '0';
  }

  async function call(op, args) {
    setBusy(1);
    try {
      const reply = await engine.call(op, args);
      if (reply.state) take(reply.state);
      return reply;
    } finally {
      setBusy(-1);
    }
  }

  /* ---------------------------------------------------------- journal */

  /* hinted: a hint was shown since this board began.  The session counts
   * hints too, but a replayed journal has none (a hint is no step), so
   * the page keeps the fact with the journal: a reload does not forget it. */
  let hinted = false;
  function journalStart(entry) { journal = [entry]; hinted = false; persist(); }
  function journalPush(entry) { journal.push(entry); if (entry.op === 'restart' || entry.op === 'level') hinted = false; persist(); }
  function persist() { storeSet('gridlab.current', { journal, id: state && state.id, hinted }); }

  /* ---------------------------------------------------------- drawing */

  const PALETTE = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7',
    '#b7b7c9', '#8c6bb1', '#7fc97f', '#c9a227', '#ff9da7', '#4db6ac', '#a1887f'];
  function colourOf(i) { return PALETTE[(i - 1) % PALETTE.length]; }
  function inkOf(hex) {
    const n = parseInt(hex.slice(1), 16);
    const lum = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
    return lum > 140 ? '#15171c' : '#ffffff';
  }

  /* The cell size that fits the board in the window: beside the side
   * panel on a wide screen, the whole width on a narrow one. */
  function cellSize(w, h) {
    const narrow = window.innerWidth <= 760;
    const gap = state.game === 'flood' ? 0 : 2;
    const availW = narrow ? window.innerWidth - 26 : Math.min(window.innerWidth, 1320) - 44 - 300 - 22 - 4;
    const availH = Math.max(240, window.innerHeight - (narrow ? 250 : 265));
    const size = Math.floor(Math.min((availW - gap * w) / (w + 1), (availH - gap * h) / (h + 1)));
    return Math.max(narrow ? 14 : 18, Math.min(size, 64));
  }

  function build() {
    const { w, h } = state;
    board.textContent = '';
    board.dataset.game = state.game;
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
    built = state.game + ':' + w + ':' + h;
    layout();
  }

  function layout() {
    if (!state || !state.game) return;
    const size = cellSize(state.w, state.h);
    document.documentElement.style.setProperty('--cell', size + 'px');
    board.style.gridTemplateColumns = `repeat(${state.w}, var(--cell))`;
    drawOverlay();
  }

  function paint() {
    const { w, h } = state;
    const picked = new Set(state.selection.map(([r, c]) => r * w + c));
    for (let i = 0; i < w * h; i++) {
      const cell = cells[i];
      const sym = state.syms[i];
      const colour = state.colours[i];
      const flags = state.flags[i];
      cell.dataset.cell = state.names[i];
      const empty = (flags & 1) !== 0;
      cell.className = 'cell' + (empty ? ' empty' : '') + (flags & 2 ? ' marked' : '') +
        (flags & 4 ? ' blocked' : '') + (picked.has(i) ? ' picked' : '') +
        (cursor.r * w + cursor.c === i ? ' cursor' : '');
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
      cell.setAttribute('aria-label', state.names[i] + ' ' + (empty && sym === '.' ? 'empty' : sym));
    }
    if (hint) for (const i of hint.cellIdx) cells[i] && cells[i].classList.add('hinted');
    if (hint) for (const i of hint.fillIdx) cells[i] && cells[i].classList.add('hint-fill');
  }

  /* Cell centres in the overlay, the ring around the board included (onet's
   * links run there): the board has half a cell of margin on each side. */
  function centre(r, c) {
    const s = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--cell')) || 32;
    const gap = state.game === 'flood' ? 0 : 2;
    const pad = s / 2;
    const at = (i, n) => (i < 0 ? pad / 2 : i >= n ? pad + n * (s + gap) - gap + pad / 2 : pad + i * (s + gap) + s / 2);
    return [at(c, state.w), at(r, state.h)];
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

  let trail = null; /* the last move's path, shown for a moment */
  function drawOverlay() {
    const rect = $('#board-wrap').getBoundingClientRect();
    overlay.setAttribute('width', rect.width);
    overlay.setAttribute('height', rect.height);
    overlay.setAttribute('viewBox', `0 0 ${rect.width} ${rect.height}`);
    overlay.textContent = '';
    if (hint && hint.path.length > 1) overlay.append(polyline(hint.path, 'hint-path'));
    if (trail && trail.length > 1) overlay.append(polyline(trail, 'trail'));
  }

  function take(s) {
    state = s;
    stateAt = performance.now();
    if (!s.game) return;
    if (game == null || game.name !== s.game) {
      game = games.find((g) => g.name === s.game) || null;
      fillPresets();
    }
    if (built !== s.game + ':' + s.w + ':' + s.h) build();
    if (cursor.r >= s.h || cursor.c >= s.w) cursor = { r: 0, c: 0 };
    paint();
    drawOverlay();
    document.body.dataset.state = s.status;
    $('#status').textContent = s.status_line;
    $('#game').value = s.game;
    $('#game-id').textContent = s.id || '(none: a board loaded without an ID)';
    for (const b of $$('[data-action=undo]')) b.disabled = !s.can_undo;
    for (const b of $$('[data-action=redo]')) b.disabled = !s.can_redo;
    const over = s.status !== 'playing';
    for (const b of $$('[data-action=hint]')) b.disabled = over;
    for (const b of $$('[data-action=solve]')) b.disabled = over && !solving;
    $('[data-action=next]').hidden = !s.has_next_level;
    setHash(s.id);
    clock();
    showBest();
    selectPreset();
  }

  /* ---------------------------------------------------------- animation */

  const wait = (ms) => new Promise((res) => setTimeout(res, ms));

  async function animate(ev) {
    const ms = speed().move;
    if (!ev || !state || !ms) return; /* animation off: the board as it is now, nothing in flight */
    const idx = ([r, c]) => (r >= 0 && r < state.h && c >= 0 && c < state.w ? r * state.w + c : -1);
    const mark = (list, cls) => {
      for (const rc of list) {
        const i = idx(rc);
        if (i >= 0) {
          cells[i].classList.remove(cls);
          void cells[i].offsetWidth; /* restart the CSS animation */
          cells[i].classList.add(cls);
        }
      }
    };
    for (const e of ev.events) {
      if (e.kind === 'remove' || e.kind === 'bomb') mark(e.cells, 'vanish');
      else if (e.kind === 'spawn') mark(e.cells, 'spawn');
      else if (e.kind === 'fill') mark(e.cells, 'fill');
      else if (e.kind === 'move' && ev.path.length < 2) mark(e.cells, 'moved');
    }
    if (ev.path.length > 1 && ms > 0) {
      trail = ev.path;
      drawOverlay();
      setBusy(1);
      await wait(ms + 120);
      setBusy(-1);
      trail = null;
      drawOverlay();
    }
  }

  /* ---------------------------------------------------------- messages */

  function say(text, cls) {
    const m = $('#message');
    m.className = cls || '';
    m.textContent = text || '';
  }
  function showError(text) { say(text, 'error'); }

  function fmtTime(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }
  /* "18 moves", "cost 13", "score 40", "1:23.4" */
  function fmtScore(kind, score, name) {
    if (kind === 'time') return fmtTime(score) + '.' + String(Math.floor((score % 1000) / 100));
    return name === 'moves' ? score + ' moves' : name + ' ' + score;
  }

  /* After a move (the player's or the solver's): news, result, records. */
  function afterMove(ev, reply) {
    if (reply && reply.error && !ev.text) showError(reply.error);
    else if (ev.text) say(ev.text);
    if (state.status !== 'playing') finished();
  }

  function finished() {
    const key = state.id + '|' + state.moves + '|' + state.status + '|' + state.level;
    if (recordedFinish === key) return;
    recordedFinish = key;
    let text;
    const g = game;
    if (state.status === 'won') text = state.has_next_level ? `Level ${state.level} cleared!` : 'You won!';
    else text = 'Game over.';
    const measure = (g.score_kind === 'time' ? 'time ' : '') + fmtScore(g.score_kind, state.score, g.score_name);
    text += ' ' + measure[0].toUpperCase() + measure.slice(1) + '.'; /* "Game over. Score 40." */
    const counts = state.status === 'won' || g.score_kind === 'more';
    /* as in the terminal (scores.h): the solver's moves or a hint keep a
     * game out of the table */
    if (state.assisted) text += ' (the solver helped: not a record)';
    else if (hinted || state.hints > 0) text += ' (hints helped: not a record)';
    else if (counts && state.id) {
      if (record()) text += ' A new best!';
    }
    say(text, 'result ' + state.status);
  }

  /* ---------------------------------------------------------- best scores */

  function paramsKey(id) { return id ? id.slice(0, id.lastIndexOf('#')) : ''; }

  function record() {
    const bests = storeGet('gridlab.best', {});
    const key = paramsKey(state.id);
    const old = bests[key];
    const better = !old || (game.score_kind === 'more' ? state.score > old.score : state.score < old.score);
    if (better) {
      bests[key] = { score: state.score, id: state.id, date: new Date().toISOString().slice(0, 10) };
      storeSet('gridlab.best', bests);
      showBest();
    }
    return better;
  }

  function showBest() {
    const box = $('#best');
    if (!game) return;
    const bests = storeGet('gridlab.best', {});
    const mine = bests[paramsKey(state.id)];
    box.textContent = '';
    box.append(el('p', { className: 'best-now' },
      mine ? el('strong', { textContent: fmtScore(game.score_kind, mine.score, game.score_name) }) : 'no record yet',
      mine ? el('span', { className: 'muted', textContent: '  ' + mine.date }) : null));
    const others = Object.entries(bests).filter(([k]) => k.startsWith(game.name + ':') && k !== paramsKey(state.id));
    if (others.length) {
      const list = el('ul', { className: 'best-list' });
      for (const [k, v] of others.slice(0, 6))
        list.append(el('li', {}, el('span', { className: 'muted', textContent: k.slice(game.name.length + 1) + ' ' }),
          fmtScore(game.score_kind, v.score, game.score_name)));
      box.append(list);
    }
    box.append(el('p', { className: 'muted small', textContent:
      game.score_kind === 'more' ? 'Most points per board settings.' :
      game.score_kind === 'time' ? 'Fastest clear per board settings.' :
      'Fewest ' + game.score_name + ' per board settings.' }));
  }

  /* ---------------------------------------------------------- the clock */

  let clockTimer = 0;
  function clock() {
    clearTimeout(clockTimer);
    const c = $('#clock');
    if (!state || !state.game) { c.textContent = ''; return; }
    const since = performance.now() - stateAt;
    if (state.time_left_ms >= 0) {
      const left = state.status === 'playing' ? state.time_left_ms - since : state.time_left_ms;
      c.textContent = fmtTime(left) + ' left';
      c.classList.toggle('low', left < 10000);
    } else if (game && game.score_kind === 'time') {
      const spent = state.status === 'playing' && !paused ? state.elapsed_ms + since : state.elapsed_ms;
      c.textContent = 'time ' + fmtTime(spent);
      c.classList.remove('low');
    } else {
      c.textContent = '';
    }
    if (state.status === 'playing' && (state.time_left_ms >= 0 || (game && game.score_kind === 'time')))
      clockTimer = setTimeout(tickClock, 500);
  }

  async function tickClock() {
    if (paused) return;
    if (busy || thinking || state.time_left_ms < 0) { clock(); return; }
    const r = await call('tick');
    if (r.result === 1) { say(r.events.text || 'The time is up.', 'result lost'); finished(); }
  }

  let paused = false;
  function pause(on) {
    if (paused === on || !state || !state.game) return;
    paused = on;
    call('pause', { on }).catch(() => {});
  }

  /* ---------------------------------------------------------- URL */

  function encodeId(id) { return id.replace(/%/g, '%25').replace(/#/g, '%23').replace(/ /g, '%20'); }
  function hashId() {
    const h = location.hash.slice(1);
    if (!h) return '';
    try { return decodeURIComponent(h); } catch (e) { return h; }
  }
  function setHash(id) {
    const want = id ? '#' + encodeId(id) : '';
    if (location.hash !== want && !(want === '' && location.hash === '')) {
      history.replaceState(null, '', location.pathname + location.search + want);
    }
  }

  /* ---------------------------------------------------------- actions */

  function randomSeed() {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    return String(a[0]);
  }

  function clearHelp() { hint = null; }

  async function startWith(op, args, entryOf) {
    stopSolving();
    const r = await call(op, args);
    if (!r.ok) { showError(r.error); return false; }
    clearHelp();
    recordedFinish = '';
    journalStart(entryOf(r));
    say(state.id ? 'New game: ' + state.id : 'Loaded.');
    return true;
  }
  const startId = (id) => startWith('startId', { id }, () => ({ op: 'id', id: state.id }));
  const startParams = (name, p, seed) =>
    startWith('start', { game: name, params: p, seed: seed || randomSeed() }, () => ({ op: 'id', id: state.id }));
  const loadText = (text, name) => startWith('load', { text, name }, () => ({ op: 'load', text, name }));

  async function pick(r, c) {
    if (thinking) return;
    if (solving) { stopSolving(); return; }
    cursor = { r, c };
    const before = state.moves;
    const res = await call('pick', { r, c });
    if (res.result === 3) { /* moved */
      clearHelp();
      journalPush({ op: 'move', text: state.last_move });
      paint();
      drawOverlay();
      afterMove(res.events, res);
      await animate(res.events);
    } else if (res.result === -1 || res.result === 2) {
      say(res.error, 'error');
      const i = r * state.w + c;
      if (cells[i] && res.result === -1) { cells[i].classList.add('shake'); setTimeout(() => cells[i] && cells[i].classList.remove('shake'), 400); }
    } else if (res.result === 0 || res.result === 1) {
      if (state.moves === before) say('');
    }
  }

  async function simple(op, entry, words) {
    if (thinking) return;
    stopSolving();
    const r = await call(op);
    if (!r.ok) { showError(r.error); return; }
    clearHelp();
    paint();
    drawOverlay();
    journalPush(entry);
    say(words);
  }

  const actions = {
    undo: () => simple('undo', { op: 'undo' }, 'Undone.'),
    redo: () => simple('redo', { op: 'redo' }, 'Redone.'),
    restart: async () => {
      await simple('restart', { op: 'restart' }, 'Back to the start.');
      recordedFinish = '';
    },
    new: async () => {
      if (thinking) return;
      stopSolving();
      if (!state || !state.game) return startParams(games[0].name, games[0].presets[0].params);
      await startWith('newGame', { seed: randomSeed() }, () => ({ op: 'id', id: state.id }));
    },
    next: async () => {
      if (thinking) return;
      const r = await call('nextLevel');
      if (r.result === 1) {
        clearHelp();
        journalPush({ op: 'level' });
        recordedFinish = '';
        say(`Level ${state.level}: ${state.id}`);
      } else if (r.result < 0) showError(r.error);
    },
    hint: async () => {
      if (thinking || solving || state.status !== 'playing') return;
      const r = await think('hint', { ms: 0 });
      if (!r) return;
      const h = r.hint;
      if (h.result === 'move') {
        hinted = true;
        persist();
        const idx = (list) => list.filter(([a, b]) => a >= 0 && a < state.h && b >= 0 && b < state.w).map(([a, b]) => a * state.w + b);
        /* the cells the move starts and ends on (a swap's two, a path's ends) */
        const moved = h.cells && h.cells.length ? h.cells : h.path || [];
        const ends = moved.length > 2 ? [moved[0], moved[moved.length - 1]] : moved;
        hint = { move: h.move, path: h.path || [], cellIdx: idx(ends), fillIdx: idx(h.fill || []) };
        paint();
        drawOverlay();
        const extra = Object.entries(h.info || {})
          .filter(([, v]) => typeof v !== 'object' || v === null)
          .map(([k, v]) => (v === true ? k.replace(/_/g, ' ') : v === false ? 'not ' + k.replace(/_/g, ' ') : k.replace(/_/g, ' ') + ' ' + v));
        say('Hint: ' + h.move + (extra.length ? '  (' + extra.join(', ') + ')' : ''), 'hint');
      } else if (h.result === 'none') say('No move left.');
      else if (h.result === 'stopped') say('No hint: the search stopped first (' + h.reason + ').', 'error');
      else showError(h.reason || r.error || 'no hint');
    },
    solve: async () => {
      if (solving) { stopSolving(); say('Stopped.'); return; }
      if (thinking || state.status !== 'playing') return;
      const r = await think('solve', { ms: 0 });
      if (!r) return;
      if (!r.ok) { showError(r.error); return; }
      const s = r.solution;
      if (!state.solve_left) {
        say('No solution found' + (s.stopped ? ' (' + s.stopped + ')' : s.optimal ? ': proved impossible' : '') + '.', 'error');
        return;
      }
      say(`The solver plays ${s.moves} move${s.moves === 1 ? '' : 's'}` + (s.optimal ? ' (optimal)' : '') + '…');
      await playSolution();
    },
    cancel: () => cancel(),
    rules: () => openRules(),
    'copy-link': async () => {
      const link = location.href;
      try { await navigator.clipboard.writeText(link); say('Link copied: ' + link); } catch (e) { say(link); }
    },
    save: () => saveInBrowser(),
    download: () => download(),
    open: () => $('#file').click(),
    custom: () => openCustom(),
  };

  /* A search, with the thinking indicator and its cancel. */
  async function think(op, args) {
    thinking = true;
    $('#thinking').hidden = false;
    document.body.classList.add('thinking');
    try {
      return await call(op, args);
    } catch (e) {
      if (e.cancelled) return null;
      showError(e.message);
      return null;
    } finally {
      thinking = false;
      $('#thinking').hidden = true;
      document.body.classList.remove('thinking');
    }
  }

  /* Cancel: a new worker, the game replayed to where it was. */
  async function cancel() {
    if (!thinking) return;
    engine.restart();
    thinking = false;
    $('#thinking').hidden = true;
    document.body.classList.remove('thinking');
    await restore('Cancelled.');
  }

  async function restore(words) {
    const r = await call('replay', { journal });
    if (!r.ok) { showError(r.error); return false; }
    clearHelp();
    paint();
    drawOverlay();
    if (words) say(words);
    return true;
  }

  async function playSolution() {
    solving = true;
    document.body.classList.add('solving');
    for (const b of $$('[data-action=solve]')) { b.textContent = 'Stop'; b.disabled = false; }
    const level = state.level;
    try {
      while (solving && state.solve_left > 0 && state.status === 'playing') {
        const r = await call('step');
        if (r.result !== 1) { if (r.result < 0) showError(r.error); break; }
        journalPush({ op: 'step', text: state.last_move });
        clearHelp();
        afterMove(r.events, r);
        await animate(r.events);
        if (state.level !== level) break;
        if (speed().step) { setBusy(1); await wait(speed().step); setBusy(-1); }
      }
    } finally {
      stopSolving();
    }
  }

  function stopSolving() {
    if (!solving) return;
    solving = false;
    document.body.classList.remove('solving');
    for (const b of $$('[data-action=solve]')) { b.textContent = 'Solve'; b.disabled = state && state.status !== 'playing'; }
    call('solveCancel').catch(() => {});
  }

  /* ---------------------------------------------------------- saves */

  async function saveText() { return (await call('save')).text; }

  async function saveInBrowser() {
    const text = await saveText();
    const saves = storeGet('gridlab.saves', []);
    const when = new Date();
    saves.unshift({
      name: `${state.game} · move ${state.moves}` + (state.level > 1 ? ` · level ${state.level}` : ''),
      date: when.toISOString().slice(0, 16).replace('T', ' '),
      id: state.id,
      text,
    });
    storeSet('gridlab.saves', saves.slice(0, 20));
    showSaves();
    say('Saved in this browser.');
  }

  function fileName() {
    const seed = state.id ? state.id.slice(state.id.lastIndexOf('#') + 1) : 'board';
    return `gridlab-${state.game}-${seed}.txt`;
  }

  async function download(text, name) {
    const body = text || (await saveText());
    const a = el('a', { href: URL.createObjectURL(new Blob([body], { type: 'text/plain' })), download: name || fileName() });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  function showSaves() {
    const list = $('#saves');
    const saves = storeGet('gridlab.saves', []);
    list.textContent = '';
    if (!saves.length) { list.append(el('li', { className: 'muted', textContent: 'No saves yet.' })); return; }
    saves.forEach((s, i) => {
      const load = el('button', { className: 'link', textContent: s.name, title: s.id || '' });
      load.addEventListener('click', () => loadText(s.text, s.name));
      const dl = el('button', { className: 'icon', textContent: '⤓', title: 'Download' });
      dl.addEventListener('click', () => download(s.text, `gridlab-${s.name.split(' ')[0]}-${i + 1}.txt`));
      const del = el('button', { className: 'icon', textContent: '✕', title: 'Delete' });
      del.addEventListener('click', () => {
        const all = storeGet('gridlab.saves', []);
        all.splice(i, 1);
        storeSet('gridlab.saves', all);
        showSaves();
      });
      list.append(el('li', {}, load, el('span', { className: 'muted small', textContent: s.date }), dl, del));
    });
  }

  /* ---------------------------------------------------------- games and presets */

  function fillGames() {
    const sel = $('#game');
    sel.textContent = '';
    for (const g of games) sel.append(el('option', { value: g.name, textContent: g.name }));
  }

  function fillPresets() {
    const sel = $('#preset');
    sel.textContent = '';
    if (!game) return;
    game.presets.forEach((p, i) => sel.append(el('option', { value: String(i), textContent: p.name })));
    sel.append(el('option', { value: 'custom', textContent: 'Custom…' }));
    $('#rules-title').textContent = game.name;
  }

  function idParams(id) {
    if (!id) return null;
    const colon = id.indexOf(':');
    const hash = id.lastIndexOf('#');
    return colon >= 0 && hash > colon ? id.slice(colon + 1, hash) : null;
  }

  function selectPreset() {
    if (!game) return;
    const p = idParams(state.id);
    const i = game.presets.findIndex((x) => x.canon === p);
    $('#preset').value = i >= 0 ? String(i) : 'custom';
    $('#preset-name').textContent = i >= 0 ? '' : p ? p.replace(/,(?=[a-z]+=)/g, ', ') : '';
  }

  /* ---------------------------------------------------------- dialogs */

  function openRules() {
    if (!game) return;
    $('#rules-title').textContent = game.name;
    $('#rules-text').textContent = game.rules.replace(/\n(?!\n)/g, ' ');
    $('#rules-moves').textContent = game.move_help;
    /* each figure of the status line and what it means ("FIGURE: meaning" lines) */
    const figures = $('#rules-status');
    figures.textContent = '';
    for (const line of (game.status_help || '').split('\n').filter(Boolean)) {
      const colon = line.indexOf(': ');
      figures.append(el('dt', { textContent: colon > 0 ? line.slice(0, colon) : line }),
        el('dd', { textContent: colon > 0 ? line.slice(colon + 2) : '' }));
    }
    $('#rules-status-now').textContent = state && state.status_line ? 'Now: ' + state.status_line : '';
    $('#rules-status-box').hidden = !game.status_help;
    $('#rules-solver').textContent = game.solver || '';
    openDialog($('#rules-dialog'));
  }

  function openDialog(d) {
    pause(true);
    d.showModal();
  }

  /* The custom game form, built from the game's parameter table. */
  function openCustom() {
    if (!game) return;
    const form = $('#custom-fields');
    form.textContent = '';
    $('#custom-title').textContent = 'Custom ' + game.name;
    $('#custom-error').textContent = '';
    const current = {};
    const p = idParams(state.id);
    if (p && state.game === game.name) {
      let last = null;
      for (const piece of p.split(',')) {
        const eq = piece.indexOf('=');
        if (eq < 0 && last) current[last] += ',' + piece;
        else if (eq > 0) { last = piece.slice(0, eq); current[last] = piece.slice(eq + 1); }
      }
    }
    for (const pm of game.params) {
      const value = current[pm.key] != null ? current[pm.key] : pm.def;
      const id = 'param-' + pm.key;
      let input;
      if (pm.kind === 'int') {
        input = el('input', { type: 'number', id, min: pm.min, max: pm.max, step: 1, value: value == null ? '' : value, placeholder: pm.def == null ? 'default' : '' });
      } else if (pm.kind === 'size') {
        const [w, h] = value ? value.split('x') : ['', ''];
        const wi = el('input', { type: 'number', id, min: pm.min, max: pm.max, step: 1, value: w || '', placeholder: 'W' });
        const hi = el('input', { type: 'number', id: id + '-h', min: pm.hmin, max: pm.hmax, step: 1, value: h || '', placeholder: 'H' });
        input = el('span', { className: 'size' }, wi, ' × ', hi);
      } else if (pm.kind === 'choice') {
        input = el('select', { id });
        if (pm.def == null) input.append(el('option', { value: '', textContent: 'default' }));
        for (const c of pm.choices) input.append(el('option', { value: c, textContent: c }));
        input.value = value == null ? '' : value;
      } else {
        input = el('input', { type: 'text', id, value: value == null ? '' : value, placeholder: pm.def == null ? 'default' : '' });
      }
      const label = el('label', { htmlFor: id, textContent: pm.key });
      form.append(el('div', { className: 'row' }, label, input, el('small', { className: 'muted', textContent: pm.help })));
    }
    form.append(el('div', { className: 'row' }, el('label', { htmlFor: 'param-seed', textContent: 'seed' }),
      el('input', { type: 'text', id: 'param-seed', inputMode: 'numeric', placeholder: 'random' }),
      el('small', { className: 'muted', textContent: 'the same seed and settings give the same board' })));
    openDialog($('#custom-dialog'));
  }

  async function submitCustom(ev) {
    ev.preventDefault();
    const parts = [];
    for (const pm of game.params) {
      const input = $('#param-' + pm.key);
      if (pm.kind === 'size') {
        const w = input.value.trim(), h = $('#param-' + pm.key + '-h').value.trim();
        if (w || h) parts.push(`${pm.key}=${w}x${h}`);
      } else if (input.value.trim() !== '') parts.push(`${pm.key}=${input.value.trim().replace(/\s+/g, '')}`);
    }
    const seed = $('#param-seed').value.trim() || randomSeed();
    stopSolving();
    const r = await call('start', { game: game.name, params: parts.join(' '), seed });
    if (!r.ok) { $('#custom-error').textContent = r.error; return; }
    clearHelp();
    recordedFinish = '';
    journalStart({ op: 'id', id: state.id });
    $('#custom-dialog').close();
    say('New game: ' + state.id);
  }

  /* ---------------------------------------------------------- input */

  function onKey(e) {
    if (e.target.closest('input, select, textarea, dialog')) return;
    if (e.altKey || e.metaKey) return;
    const k = e.key;
    const ctrl = e.ctrlKey;
    if (ctrl && (k === 'z' || k === 'Z')) { e.preventDefault(); (e.shiftKey ? actions.redo : actions.undo)(); return; }
    if (ctrl && (k === 'y' || k === 'Y')) { e.preventDefault(); actions.redo(); return; }
    if (ctrl) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[k] && state && state.game) {
      e.preventDefault();
      cursor = {
        r: Math.min(state.h - 1, Math.max(0, cursor.r + moves[k][0])),
        c: Math.min(state.w - 1, Math.max(0, cursor.c + moves[k][1])),
      };
      board.focus({ preventScroll: true });
      paint();
      return;
    }
    if ((k === 'Enter' || k === ' ') && (document.activeElement === board)) { e.preventDefault(); pick(cursor.r, cursor.c); return; }
    if (k === 'Escape') { if (thinking) cancel(); else if (solving) stopSolving(); else call('unselect').then(() => paint()); return; }
    const keys = { u: 'undo', r: 'redo', h: 'hint', s: 'solve', n: 'new', '?': 'rules' };
    if (keys[k]) { e.preventDefault(); actions[keys[k]](); }
  }

  function wire() {
    document.addEventListener('click', (e) => {
      const b = e.target.closest('[data-action]');
      if (b && !b.disabled && actions[b.dataset.action]) { e.preventDefault(); actions[b.dataset.action](); }
    });
    board.addEventListener('click', (e) => {
      const cell = e.target.closest('.cell');
      if (cell) pick(+cell.dataset.r, +cell.dataset.c);
    });
    $('#game').addEventListener('change', (e) => {
      const g = games.find((x) => x.name === e.target.value);
      if (g) startParams(g.name, g.presets.length ? g.presets[0].params : '');
    });
    $('#preset').addEventListener('change', (e) => {
      const v = e.target.value;
      if (v === 'custom') { openCustom(); selectPreset(); return; }
      const p = game.presets[+v];
      if (p) startParams(game.name, p.params);
    });
    $('#id-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const id = $('#id-input').value.trim();
      if (id) startId(id).then((ok) => { if (ok) $('#id-input').value = ''; });
    });
    $('#custom-form').addEventListener('submit', submitCustom);
    $('#custom-cancel').addEventListener('click', () => $('#custom-dialog').close());
    for (const d of $$('dialog')) d.addEventListener('close', () => pause(false));
    $('#file').addEventListener('change', async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      /* busy from the choice on: reading the file takes a moment too */
      setBusy(1);
      try {
        const text = await f.text();
        e.target.value = '';
        await loadText(text, f.name);
      } finally {
        setBusy(-1);
      }
    });
    const speedSel = $('#anim');
    speedSel.value = speedName;
    speedSel.addEventListener('change', () => {
      speedName = speedSel.value;
      document.body.dataset.anim = speedName;
      storeSet('gridlab.anim', speedName);
    });
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', () => layout());
    window.addEventListener('hashchange', () => {
      const id = hashId();
      if (id && state && id !== state.id) startId(id);
    });
    document.addEventListener('visibilitychange', () => {
      if (!$('dialog[open]')) pause(document.hidden);
    });
  }

  /* ---------------------------------------------------------- start */

  async function main() {
    setBusy(1);
    try {
      wire();
      const r = await call('games');
      games = r.games;
      fillGames();
      showSaves();
      const id = hashId();
      const saved = storeGet('gridlab.current', null);
      const savedJournal = saved && Array.isArray(saved.journal) && saved.journal.length ? saved.journal : null;
      /* the game in progress when the link names it (a reload), else the link's game */
      if (savedJournal && (!id || (savedJournal[0].op === 'id' && savedJournal[0].id === id) || saved.id === id)) {
        journal = savedJournal;
        hinted = !!saved.hinted;
        if (await restore(id ? '' : 'Welcome back.')) { if (state.status !== 'playing') finished(); return; }
      }
      if (id && (await startId(id))) return;
      const g = games.find((x) => x.name === 'flood') || games[0];
      await startParams(g.name, g.presets.length ? g.presets[0].params : '');
    } catch (e) {
      showError(e.message);
    } finally {
      setBusy(-1);
    }
  }

  main();
}
