/* The wiring: the page's state in one object (S), the player's clicks and
 * keys turned into requests to the engine (rpc.js, engine.js), what comes
 * back shown (the board, board.js; the dialogs and panels, dialogs.js; the
 * status, the messages, the clock), the game kept in the browser after
 * every change (storage.js), and the start: the link's game, else the game
 * in progress, else the default game.  The keys are the terminal's
 * (docs/play.md, "The keys of both front ends"): s saves, S solves, n
 * asks first when a game in progress would be left.
 *
 * The page decides no rule: IDs are checked and made canonical by the
 * engine, a save is the session's own text, the tables of best results and
 * what enters them are the library's, the default game and its board come
 * from the game table.  A link with a bad ID is said in #message, with the
 * engine's words naming the bad part; the address stays as it is and the
 * game on the page (or none) stays too.
 *
 * The page and its worker load this same script (the engine's loader is its
 * first part): in a worker it answers requests, in a page it is the page.
 * Each part is strict on its own ('use strict' in each function): the loader
 * in front makes a file-wide directive a plain string. */
/* global engineWorker, makeRpc, makeStorage, makeBoard, makeDialogs */

function makeDom() {
  'use strict';
  const $ = (sel) => document.querySelector(sel);
  const $$ = (sel) => Array.from(document.querySelectorAll(sel));
  const el = (tag, props, ...kids) => {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    for (const k of kids) if (k != null) e.append(k);
    return e;
  };
  return { $, $$, el };
}

function pageMain() {
  'use strict';
  /* this script's copy (a blob: address made by index.html's loader, so
   * that the worker starts from it without fetching it again) and the
   * page's folder */
  const SCRIPT = document.currentScript.src;
  const BASE = document.currentScript.dataset.base || new URL('.', location.href).href;
  const dom = makeDom();
  const { $, $$, el } = dom;

  /* The page's state, all of it. */
  const S = {
    games: [],          /* the engine's game tables */
    defaultGame: '',    /* the game the page starts with */
    game: null,         /* the current game's table */
    state: null,        /* glw_state(): the game in progress */
    stateAt: 0,         /* when state came (the clock runs on from there) */
    busy: 0,            /* requests and animations under way */
    thinking: false,    /* a search under way (cancel shown) */
    solving: false,     /* the solver's moves being played */
    paused: false,      /* the clock stands (a dialog, a hidden page) */
    cursor: { r: 0, c: 0 },
    hint: null,         /* the hint on show: its move, cells, ends, fill */
    saved: null,        /* the last save: { text, at } */
    lastTick: 0,        /* when the clock was last read */
    said: '',           /* the finished game whose result was said */
    speed: 'normal',    /* the animation speed */
    ready: false,       /* the engine has answered: the controls work */
  };

  const store = makeStorage();
  const rpc = makeRpc(SCRIPT, BASE, (m) => {
    if (!S.ready) $('#loading-text').textContent = m;
    showError(m);
  }, (text) => { if (!S.ready) $('#loading-text').textContent = text; });
  const view = makeBoard(S, dom);
  const dialogs = makeDialogs(S, dom, { pause });

  /* Animation speeds: ?anim=off|fast|normal, else the saved choice;
   * reduced motion asks for none. */
  const SPEEDS = { normal: { move: 260, step: 420 }, fast: { move: 120, step: 140 }, off: { move: 0, step: 0 } };
  const reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  S.speed = new URLSearchParams(location.search).get('anim') || store.anim() || (reduced ? 'off' : 'normal');
  if (!SPEEDS[S.speed]) S.speed = 'normal';
  document.body.dataset.anim = S.speed; /* style.css: no transitions when off */
  const speed = () => SPEEDS[S.speed];
  /* a game whose moves a drag makes (wireDrag): the game table says so */
  const drags = () => !!(S.game && S.game.front && S.game.front.drag);

  /* ---------------------------------------------------------- requests */

  function setBusy(delta) {
    S.busy += delta;
    document.body.dataset.busy = S.busy > 0 ? '1' : '0';
  }

  /* A request to the engine: its state shown, its save kept. */
  async function call(op, args) {
    setBusy(1);
    try {
      const from = S.state;
      const reply = await rpc.call(op, args);
      /* the board before a move, from which its animation replays it */
      if (reply.events) S.before = from;
      if (reply.save !== undefined) keep(reply.save, op === 'tick' || op === 'save');
      if (reply.state) take(reply.state);
      return reply;
    } finally {
      setBusy(-1);
    }
  }

  /* The game kept in the browser's storage.  A refresh of its clock (the
   * periodic save, a tick) is not written over a game that another tab
   * stored since this tab's last write: between tabs, the last move wins. */
  function keep(text, refresh) {
    S.saved = { text, at: performance.now() };
    if (refresh && S.wrote !== undefined && store.game() !== S.wrote) return;
    store.setGame(text);
    S.wrote = text;
  }

  /* ---------------------------------------------------------- showing */

  function take(s) {
    S.state = s;
    S.stateAt = performance.now();
    if (!s.game) return;
    if (!S.game || S.game.name !== s.game) {
      S.game = S.games.find((g) => g.name === s.game) || null;
      fillPresets();
    }
    if (S.cursor.r >= s.h || S.cursor.c >= s.w) S.cursor = { r: 0, c: 0 };
    view.paint();
    document.body.dataset.state = s.status;
    /* Each field of the status line (two spaces apart) in a span that is
     * not broken, so that a narrow column wraps between fields, never
     * inside one ("game / over"); the text read is the line itself. */
    const fields = (s.status_line || '').split(/( {2,})/);
    $('#status').replaceChildren(...fields.map((f, i) => (i % 2 ? f : el('span', { className: 'field', textContent: f }))));
    $('#game').value = s.game;
    $('#game-id').textContent = s.id || '(none: a custom game)';
    for (const b of $$('[data-action=undo]')) b.disabled = !s.can_undo;
    for (const b of $$('[data-action=redo]')) b.disabled = !s.can_redo;
    for (const b of $$('[data-action=restart]')) b.disabled = false;
    const over = s.status !== 'playing';
    for (const b of $$('[data-action=hint]')) b.disabled = over;
    for (const b of $$('[data-action=solve]')) b.disabled = over && !S.solving;
    $('[data-action=next]').hidden = !s.has_next_level;
    $('#preset').value = s.preset >= 0 ? String(s.preset) : 'custom';
    $('#preset-name').textContent = s.preset >= 0 ? '' : s.params_key;
    $('#id-input').placeholder = 'Play an ID, like ' + (s.id || s.game + ':…#1');
    clock();
  }

  /* The engine is ready: every control works from now on (until then they
   * are disabled and the board says how far the loading has come). */
  function enableControls() {
    S.ready = true;
    for (const c of $$('header select, header button, .toolbar button, .zoom button, .side button, .side input, .side select'))
      c.disabled = false;
  }

  /* No game on the page (a bad link and nothing in progress). */
  function noGame() {
    S.state = { game: null };
    view.clear();
    document.body.dataset.state = 'none';
    $('#status').textContent = '';
    $('#game-id').textContent = '';
    $('#clock').textContent = '';
    for (const b of $$('[data-action=undo], [data-action=redo], [data-action=hint], [data-action=solve], [data-action=restart]'))
      b.disabled = true;
  }

  function say(text, cls) {
    const m = $('#message');
    m.className = cls || '';
    m.textContent = text || '';
  }
  function showError(text) { say(text, 'error'); }

  function fillGames() {
    const sel = $('#game');
    sel.textContent = '';
    for (const g of S.games) sel.append(el('option', { value: g.name, textContent: g.name }));
  }

  function fillPresets() {
    const sel = $('#preset');
    sel.textContent = '';
    if (!S.game) return;
    S.game.presets.forEach((p, i) => sel.append(el('option', { value: String(i), textContent: p.name })));
    sel.append(el('option', { value: 'custom', textContent: 'Custom…' }));
    $('#rules-title').textContent = S.game.name;
  }

  async function showBest(fresh) {
    if (!S.state || !S.state.game) return;
    const rec = await call('records', { scores: store.scores() });
    dialogs.showBest(rec, fresh);
  }

  function showSaves() {
    dialogs.showSaves(store.saves(), {
      load: async (s) => { if (await mayLeave('the save “' + s.name + '”')) await loadText(s.text, s.name); },
      download: (s, i) => download(s.text, `gridlab-${s.name.split(' ')[0]}-${i + 1}.txt`),
      remove: (i) => {
        const all = store.saves();
        all.splice(i, 1);
        store.setSaves(all);
        showSaves();
      },
    });
  }

  /* ---------------------------------------------------------- the clock */

  const fmtTime = dialogs.clockText;

  /* The time played on this board, and the time left when it has a clock
   * (both stand while a dialog is open or the page is hidden, and once
   * the game is over). */
  let clockTimer = 0;
  function clock() {
    clearTimeout(clockTimer);
    const c = $('#clock');
    const st = S.state;
    if (!st || !st.game) { c.textContent = ''; return; }
    const since = st.status === 'playing' && !S.paused ? performance.now() - S.stateAt : 0;
    c.textContent = '';
    c.append(el('span', { className: 'played', title: 'time played', textContent: fmtTime(st.elapsed_ms + since) }));
    if (st.time_left_ms >= 0) {
      const left = st.time_left_ms - since;
      c.append(' ', el('span', { className: 'left', textContent: fmtTime(left) + ' left' }));
      c.classList.toggle('low', left < 10000);
    } else {
      c.classList.remove('low');
    }
    if (st.status === 'playing') clockTimer = setTimeout(tickClock, 500);
  }

  /* The game's clock read every half second when it has one (the time up,
   * and the save's time fresh), the save taken every 5 s otherwise. */
  async function tickClock() {
    const st = S.state;
    if (S.paused || S.busy || S.thinking || !st || !st.game || st.status !== 'playing') { clock(); return; }
    const now = performance.now();
    const timed = st.time_left_ms >= 0;
    if (!timed && now - S.lastTick < 5000) { clock(); return; }
    S.lastTick = now;
    const r = await call(timed ? 'tick' : 'save');
    if (r.result === 1) {
      say(r.events.text || 'The time is up.', 'result lost');
      await finished();
    }
  }

  function pause(on) {
    if (S.paused === on || !S.state || !S.state.game) return;
    S.paused = on;
    call('pause', { on }).catch(() => {});
  }

  /* ---------------------------------------------------------- the address */

  function encodeId(id) { return id.replace(/%/g, '%25').replace(/#/g, '%23').replace(/ /g, '%20'); }
  function hashId() {
    const h = location.hash.slice(1);
    if (!h) return '';
    try { return decodeURIComponent(h); } catch (e) { return h; }
  }
  function setHash(id) {
    const want = id ? '#' + encodeId(id) : '';
    if (location.hash !== want) history.replaceState(null, '', location.pathname + location.search + want);
  }

  function badLink(message) {
    showError('This link names no game: ' + message);
  }

  /* ---------------------------------------------------------- games */

  function randomSeed() {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    return String(a[0]);
  }

  function clearHint() { S.hint = null; }

  /* A game on the page from now on: the address names it, its results shown. */
  function began() {
    clearHint();
    S.said = '';
    setHash(S.state.id);
    showBest();
    inView();
  }

  /* A board that pans starts with what matters in view: its one empty
   * cell when it has one (Tiles' gap, where every move goes). */
  function inView() {
    const st = S.state;
    if (!st || !st.game) return;
    let at = -1;
    for (let i = 0; i < st.flags.length; i++) {
      if (!(st.flags[i] & 1)) continue;
      if (at >= 0) return;
      at = i;
    }
    if (at >= 0) view.reveal(Math.floor(at / st.w), at % st.w);
  }

  /* The first message of a new game: what the game is and how to play it
   * (the game table's summary; the moves by click, tap or keys). */
  function howToPlay() {
    const g = S.game;
    const drag = drags() ? ', or drag a tile' : '';
    return `${g.summary}. Click or tap the cells to play${drag} (or the arrows and Enter); ? shows the rules.`;
  }

  /* A game started (a new board, an ID, a link) or loaded (loaded: the
   * file's or save's name), said as such. */
  async function startWith(op, args, loaded) {
    stopSolving();
    const r = await call(op, args);
    if (!r.ok) { showError(r.error); return false; }
    began();
    if (S.state.load_note) showError(S.state.load_note);
    else if (loaded) say(`Loaded ${loaded}: ` + (S.state.id || 'a custom game') + '.');
    else say(howToPlay());
    if (S.state.status !== 'playing') await finished();
    return true;
  }
  const startId = (id) => startWith('startId', { id });
  const startParams = (name, p, seed) => startWith('start', { game: name, params: p, seed: seed || randomSeed() });
  const loadText = (text, name) => startWith('load', { text, name }, name);
  /* A short link or ID: a game's name alone (#lines, `lines` typed) is
   * that game's default board with a new seed, as `gridlab play lines`. */
  const gameNamed = (text) => S.games.find((g) => g.name === text.trim().toLowerCase()) || null;
  const startGame = (g) => startParams(g.name, g.presets.length ? g.presets[0].params : '');
  function startDefault() {
    return startGame(S.games.find((x) => x.name === S.defaultGame) || S.games[0]);
  }

  /* A game that has ended: how, and its result in the tables (the engine
   * decides whether it enters; once). */
  async function finished() {
    const st = S.state;
    const key = [st.id, st.level, st.moves, st.status].join('|');
    if (S.said === key) return;
    S.said = key;
    let text = (st.has_next_level ? `Level ${st.level} cleared! ` : '') + st.outcome;
    const old = store.scores();
    const r = await call('record', { scores: old });
    if (r.damaged) text += ` (The best results were damaged: ${r.damaged}; set aside as ${store.setAside(old)}.)`;
    if (r.text) store.setScores(r.text);
    if (r.words) text += ' ' + r.words;
    say(text, 'result ' + st.status);
    showBest(r.rank > 0 ? r.rank : 0);
  }

  function afterMove(ev, reply) {
    if (reply && reply.error && !ev.text) showError(reply.error);
    else if (ev.text) say(ev.text);
    if (S.state.status !== 'playing') return finished();
    return null;
  }

  /* A cell picked (GL_PICK_* of play.h): a move, or a cell of one that
   * needs more (the message says what to pick next, as the terminal's). */
  async function pick(r, c) {
    if (S.thinking) return;
    if (S.solving) { stopSolving(); return; }
    S.cursor = { r, c };
    const name = S.state.names[r * S.state.w + c];
    const res = await call('pick', { r, c });
    if (res.result === 3) { /* moved */
      clearHint();
      view.paint();
      await afterMove(res.events, res);
      await view.animate(res.events, speed().move, setBusy);
    } else if (res.result === 0) {
      say(`${name} picked: now pick the next cell of the move (Esc drops it).`);
    } else if (res.result === 1) {
      say(`${name} dropped.`);
    } else if (res.result === 2) {
      say(`${res.error}; ${name} is picked now: pick the next cell.`, 'error');
    } else {
      say(res.error, 'error');
      view.shake(r, c);
    }
  }

  /* A move by its text (the row of move buttons, a move's key). */
  async function playMove(text) {
    if (S.thinking || !S.state || !S.state.game || S.state.status !== 'playing') return;
    if (S.solving) { stopSolving(); return; }
    const res = await call('move', { text });
    if (!res.ok) { showError(res.error); return; }
    clearHint();
    view.paint();
    await afterMove(res.events, res);
    await view.animate(res.events, speed().move, setBusy);
  }

  async function simple(op, words) {
    if (S.thinking) return false;
    stopSolving();
    const r = await call(op);
    if (!r.ok) { showError(r.error); return false; }
    clearHint();
    view.paint();
    say(typeof words === 'function' ? words() : words);
    return true;
  }

  /* A search, with the thinking indicator and its cancel. */
  async function think(op, args, words) {
    S.thinking = true;
    $('#thinking-text').textContent = words || 'Thinking…';
    $('#thinking').hidden = false;
    document.body.classList.add('thinking');
    try {
      return await call(op, args);
    } catch (e) {
      if (e.cancelled) return null;
      showError(e.message);
      return null;
    } finally {
      S.thinking = false;
      $('#thinking').hidden = true;
      document.body.classList.remove('thinking');
    }
  }

  /* Cancel: a new engine, the game loaded into it from the last save (and
   * the time since that save added: the clock ran during the search). */
  async function cancel() {
    if (!S.thinking) return;
    rpc.restart();
    S.thinking = false;
    $('#thinking').hidden = true;
    document.body.classList.remove('thinking');
    const r = await call('load', { text: S.saved.text, name: 'the game in progress', addMs: performance.now() - S.saved.at });
    if (!r.ok) { showError(r.error); return; }
    clearHint();
    view.paint();
    say('Cancelled.');
  }

  /* The solver's plan played move by move, at the animation's pace:
   * how many moves were played. */
  async function playPlan(level) {
    let played = 0;
    while (S.solving && S.state.solve_left > 0 && S.state.status === 'playing') {
      const r = await call('step');
      if (r.result !== 1) { if (r.result < 0) showError(r.error); break; }
      played++;
      clearHint();
      await afterMove(r.events, r);
      await view.animate(r.events, speed().move, setBusy);
      if (S.state.level !== level) break;
      if (speed().step) { setBusy(1); await view.wait(speed().step); setBusy(-1); }
    }
    return played;
  }

  /* Solve: the solver plays from here.  A solver that plans a stretch at
   * a time (Lines' players plan 20 turns; match3's looks a few swaps
   * ahead) plans again when its plan has been played and the game goes
   * on, so the game is played on until it ends, Stop (or Esc, or Cancel
   * while it plans) stops it, or the solver finds no move: as the
   * terminal's S. */
  async function solve() {
    const level = S.state.level;
    let played = 0, plans = 0, last = null, stopped = false;
    S.solving = true;
    document.body.classList.add('solving');
    for (const b of $$('[data-action=solve]')) { b.textContent = 'Stop'; b.disabled = false; }
    try {
      while (S.solving && S.state.status === 'playing' && S.state.level === level) {
        if (plans) say(`The solver has played ${played} move${played === 1 ? '' : 's'}; planning the next…`);
        const r = await think('solve', { ms: 0 }, plans ? 'Planning the next moves…' : 'Solving…');
        if (!r) { stopped = true; break; }
        if (!r.ok) { showError(r.error); return; }
        const sol = r.solution;
        if (!S.state.solve_left) {
          if (!plans) say('No solution found' + (sol.stopped ? ' in the time the solver has' : sol.optimal ? ': there is none' : '') + '.', 'error');
          break;
        }
        if (!plans) {
          const n = sol.moves.length;
          say(`The solver plays ${n} move${n === 1 ? '' : 's'}` + (sol.optimal ? ' (proved the best)' : '') + '…');
        }
        plans++;
        last = sol;
        const now = await playPlan(level);
        played += now;
        if (!S.solving) stopped = true;
        if (!now) break;
      }
    } finally {
      S.solving = false;
      document.body.classList.remove('solving');
      for (const b of $$('[data-action=solve]')) { b.textContent = 'Solve'; b.disabled = !S.state || S.state.status !== 'playing'; }
      call('solveCancel').catch(() => {});
    }
    /* the end of the game said it all (finished()); else how far it came */
    if (S.state.status === 'playing' && plans)
      say(`The solver played ${played} move${played === 1 ? '' : 's'}` +
        (plans === 1 && last && last.optimal && !stopped ? ' (proved the best)' : '') +
        (stopped ? ', then you stopped it' : '') + ` (${S.state.score_text}).`);
  }

  function stopSolving() {
    if (!S.solving) return;
    S.solving = false;
    if (S.thinking) cancel();
  }

  /* ---------------------------------------------------------- saves */

  async function saveInBrowser() {
    if (!S.state || !S.state.game) return;
    const text = (await call('save')).save;
    const st = S.state;
    const saves = store.saves();
    saves.unshift({
      name: `${st.game} · move ${st.moves}` + (st.level > 1 ? ` · level ${st.level}` : ''),
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      id: st.id,
      text,
    });
    store.setSaves(saves.slice(0, 20));
    showSaves();
    say('Saved in this browser.');
  }

  async function download(text, name) {
    const body = text || (await call('save')).save;
    const st = S.state;
    const a = el('a', {
      href: URL.createObjectURL(new Blob([body], { type: 'text/plain' })),
      download: name || `gridlab-${st.game}-${st.id ? st.seed : 'custom'}.txt`,
    });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  /* ---------------------------------------------------------- actions */

  /* Before the game in progress is left for another (a new game, a
   * preset, another game, the custom form, an ID, a file or a save, a
   * restart): when it has moves and is not over, the player is asked
   * first, as the terminal asks; 'save' keeps it in the browser's saves
   * first.  True: go on. */
  async function mayLeave(what) {
    const st = S.state;
    if (!st || !st.game || st.status !== 'playing' || !st.moves) return true;
    stopSolving();
    setBusy(1); /* from the choice on, until what follows has begun */
    try {
      const n = st.moves;
      const answer = await dialogs.ask(`The game in progress (${st.game}, ${n} move${n === 1 ? '' : 's'}) would be ` +
        `left for ${what}.`);
      if (answer === 'keep') { say('The game goes on.'); return false; }
      if (answer === 'save') await saveInBrowser();
      return true;
    } finally {
      setBusy(-1);
    }
  }

  const actions = {
    undo: () => simple('undo', 'Undone.'),
    redo: () => simple('redo', 'Redone.'),
    restart: async () => {
      if (S.thinking || !(await mayLeave('its first position'))) return;
      if (await simple('restart', () => (S.state.can_redo ? 'Back to the start: Redo (r) brings the moves back.' : 'Back to the start.')))
        S.said = '';
    },
    new: async () => {
      if (S.thinking) return;
      stopSolving();
      if (!S.state || !S.state.game) { await startDefault(); return; }
      if (!(await mayLeave('a new board'))) return;
      await startWith('newGame', { seed: randomSeed() });
    },
    next: async () => {
      if (S.thinking) return;
      const r = await call('nextLevel');
      if (r.result === 1) {
        began();
        say(`Level ${S.state.level}: ${S.state.id}`);
      } else if (r.result < 0) showError(r.error);
    },
    /* the hint, drawn on the board and said in the engine's words:
     * whether it is the best move, a plan past the move limit */
    hint: async () => {
      if (S.thinking || S.solving || !S.state.game || S.state.status !== 'playing') return;
      const r = await think('hint', { ms: 0 });
      if (!r) return;
      if (!r.hint) { showError(r.error || 'no hint'); return; }
      const h = r.hint;
      if (h.move) {
        S.hint = { move: h.move, cells: h.cells, ends: h.ends, fill: h.fill, ways: h.cells.length > 1 };
        view.paint();
        const first = h.ends.length ? h.ends[0] : h.fill.length ? h.fill[0] : null;
        if (first) view.reveal(Math.max(0, Math.min(S.state.h - 1, first[0])), Math.max(0, Math.min(S.state.w - 1, first[1])));
        say('Hint: ' + r.words + '.', 'hint');
      } else if (r.result === -1) showError(r.error || 'no hint');
      else say('No hint: ' + r.words + '.', r.result === 2 ? 'error' : '');
    },
    solve: async () => {
      if (S.solving) { stopSolving(); say('Stopped.'); return; }
      if (S.thinking || !S.state.game || S.state.status !== 'playing') return;
      await solve();
    },
    cancel: () => cancel(),
    rules: async () => {
      if (!S.game) return;
      dialogs.openRules((await call('rules', { game: S.game.name })).text);
    },
    'copy-link': async () => {
      const link = location.href;
      try { await navigator.clipboard.writeText(link); say('Link copied: ' + link); } catch (e) { say(link); }
    },
    save: () => saveInBrowser(),
    download: () => download(),
    open: async () => { if (await mayLeave('a file')) $('#file').click(); },
    custom: () => dialogs.openCustom(),
    'zoom-in': () => view.zoomBy(1),
    'zoom-out': () => view.zoomBy(-1),
  };

  async function submitCustom(ev) {
    ev.preventDefault();
    const v = dialogs.customValues();
    const args = { game: S.game.name, params: v.params, seed: v.seed || randomSeed() };
    /* the form's values checked first: a bad one is said in the form,
     * with no question about the game in progress */
    const ok = await call('check', args);
    if (!ok.ok) { $('#custom-error').textContent = ok.error; return; }
    if (!(await mayLeave('a custom board'))) return; /* asked over the form */
    stopSolving();
    const r = await call('start', args);
    if (!r.ok) { $('#custom-error').textContent = r.error; return; }
    began();
    $('#custom-dialog').close();
    say(howToPlay());
  }

  /* ---------------------------------------------------------- input */

  /* The keys of both front ends (docs/play.md): s save, S solve, u/r
   * undo/redo, h hint, ? rules, n new game (asked first); the arrows,
   * Enter and Space on the board; Esc drops, stops or cancels; - and +
   * zoom. */
  function onKey(e) {
    if (!S.ready || e.target.closest('input, select, textarea, dialog')) return;
    if (e.altKey || e.metaKey) return;
    const k = e.key;
    if (e.ctrlKey && (k === 'z' || k === 'Z')) { e.preventDefault(); (e.shiftKey ? actions.redo : actions.undo)(); return; }
    if (e.ctrlKey && (k === 'y' || k === 'Y')) { e.preventDefault(); actions.redo(); return; }
    if (e.ctrlKey) return;
    const st = S.state;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[k] && st && st.game) {
      e.preventDefault();
      S.cursor = {
        r: Math.min(st.h - 1, Math.max(0, S.cursor.r + steps[k][0])),
        c: Math.min(st.w - 1, Math.max(0, S.cursor.c + steps[k][1])),
      };
      view.element.focus({ preventScroll: true });
      view.paint();
      view.reveal(S.cursor.r, S.cursor.c);
      return;
    }
    if ((k === 'Enter' || k === ' ') && document.activeElement === view.element && st && st.game) {
      e.preventDefault();
      pick(S.cursor.r, S.cursor.c);
      return;
    }
    if (k === 'Escape') {
      if (S.thinking) cancel();
      else if (S.solving) stopSolving();
      else if (st && st.game) call('unselect').then(() => view.paint());
      return;
    }
    const keys = { u: 'undo', r: 'redo', h: 'hint', S: 'solve', s: 'save', n: 'new', '?': 'rules', '+': 'zoom-in',
      '=': 'zoom-in', '-': 'zoom-out' };
    if (keys[k]) { e.preventDefault(); actions[keys[k]](); return; }
    /* a move's key, when every move is one symbol (a key that is no
     * command: Flood-It's colours, as in the terminal) */
    const mk = k.length === 1 && document.querySelector(`#move-keys button[data-move="${CSS.escape(k)}"]`);
    if (mk && !mk.disabled) { e.preventDefault(); playMove(k); }
  }

  /* Drag or swipe, in the games whose moves are a tile and a cell in a
   * line with it (match3's swap, Tiles' slide or hop): a press on a cell
   * and a release at least a third of a cell away picks that cell, then
   * the cell the drag points to, along the row or the column it went most
   * (a short swipe: the neighbour; a longer drag: as many cells as it
   * went), as the two clicks would.  On these boards a drag is no pan
   * (style.css: touch-action). */
  let dragged = -1e9;
  function wireDrag() {
    const board = view.element;
    let drag = null;
    board.addEventListener('pointerdown', (e) => {
      drag = null;
      if (!S.state || !drags() || S.state.status !== 'playing' || e.button > 0) return;
      const cell = e.target.closest('.cell');
      if (!cell) return;
      drag = { r: +cell.dataset.r, c: +cell.dataset.c, x: e.clientX, y: e.clientY, size: cell.getBoundingClientRect().width, id: e.pointerId };
    });
    board.addEventListener('pointercancel', () => { drag = null; });
    board.addEventListener('pointerup', async (e) => {
      const d = drag;
      drag = null;
      if (!d || e.pointerId !== d.id || !S.state) return;
      const dx = e.clientX - d.x, dy = e.clientY - d.y;
      const far = Math.max(Math.abs(dx), Math.abs(dy));
      if (far < d.size / 3) return; /* a click */
      dragged = performance.now();
      const steps = Math.max(1, Math.round(far / d.size));
      const [dr, dc] = Math.abs(dx) > Math.abs(dy) ? [0, Math.sign(dx)] : [Math.sign(dy), 0];
      const r = Math.min(S.state.h - 1, Math.max(0, d.r + dr * steps));
      const c = Math.min(S.state.w - 1, Math.max(0, d.c + dc * steps));
      if (r === d.r && c === d.c) return;
      if (S.state.selection.length) await call('unselect');
      await pick(d.r, d.c);
      if (S.state.selection.length) await pick(r, c);
    });
  }

  function wire() {
    document.addEventListener('click', (e) => {
      const b = e.target.closest('[data-action]');
      if (b && !b.disabled && actions[b.dataset.action]) { e.preventDefault(); actions[b.dataset.action](); }
      const m = e.target.closest('[data-move]');
      if (m && !m.disabled) { e.preventDefault(); playMove(m.dataset.move); }
    });
    view.element.addEventListener('click', (e) => {
      if (performance.now() - dragged < 400) return; /* the click that ends a drag */
      const cell = e.target.closest('.cell');
      if (cell && S.state && S.state.game) pick(+cell.dataset.r, +cell.dataset.c);
    });
    wireDrag();
    /* a change of game or board: busy from the change on, so that what
     * waits for the page to settle waits for the new game */
    $('#game').addEventListener('change', async (e) => {
      const g = S.games.find((x) => x.name === e.target.value);
      if (!g) return;
      setBusy(1);
      try {
        if (!(await mayLeave('a game of ' + g.name))) { $('#game').value = S.state.game; return; }
        await startParams(g.name, g.presets.length ? g.presets[0].params : '');
      } finally {
        setBusy(-1);
      }
    });
    $('#preset').addEventListener('change', (e) => {
      const v = e.target.value;
      if (v === 'custom') {
        dialogs.openCustom();
        $('#preset').value = S.state && S.state.preset >= 0 ? String(S.state.preset) : 'custom';
        return;
      }
      const p = S.game && S.game.presets[+v];
      if (!p) return;
      setBusy(1);
      mayLeave('the board “' + p.name + '”').then((go) => {
        if (go) return startParams(S.game.name, p.params);
        $('#preset').value = S.state.preset >= 0 ? String(S.state.preset) : 'custom';
        return null;
      }).finally(() => setBusy(-1));
    });
    $('#id-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const id = $('#id-input').value.trim();
      const short = id && gameNamed(id);
      if (!id || !(await mayLeave('the game ' + id))) return;
      if (await (short ? startGame(short) : startId(id))) $('#id-input').value = '';
    });
    $('#custom-form').addEventListener('submit', submitCustom);
    $('#custom-cancel').addEventListener('click', () => $('#custom-dialog').close());
    for (const d of $$('dialog')) d.addEventListener('close', () => pause(false));
    $('#file').addEventListener('change', async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      setBusy(1); /* busy from the choice on: reading the file takes a moment too */
      try {
        const text = await f.text();
        e.target.value = '';
        await loadText(text, f.name);
      } finally {
        setBusy(-1);
      }
    });
    const speedSel = $('#anim');
    speedSel.value = S.speed;
    speedSel.addEventListener('change', () => {
      S.speed = speedSel.value;
      document.body.dataset.anim = S.speed;
      store.setAnim(S.speed);
    });
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', () => view.layout());
    window.addEventListener('hashchange', async () => {
      const id = hashId();
      if (!id) return;
      if (gameNamed(id)) { await startGame(gameNamed(id)); return; }
      const c = await call('canon', { id });
      if (!c.canon) badLink(c.error); /* the address as it is, the game as it was */
      else if (!S.state || c.canon !== S.state.id) startId(c.canon);
    });
    document.addEventListener('visibilitychange', () => {
      if (!$('dialog[open]')) pause(document.hidden);
    });
    /* Going away: the time the game stayed open since its last save is
     * kept beside it (the clock stands from here until the page is back). */
    window.addEventListener('pagehide', () => {
      const st = S.state;
      if (S.saved && st && st.game && st.status === 'playing' && !S.paused && store.game() === S.saved.text)
        store.setOpen(performance.now() - S.saved.at);
    });
  }

  /* ---------------------------------------------------------- start */

  /* What the page before this one kept: its game in progress (the calls
   * that made it) and its bests, carried over once by the engine. */
  async function carryOver() {
    const old = store.takeOld();
    if (old.game && !store.game()) {
      const r = await call('importOldGame', { json: old.game });
      if (!r.ok) showError('The game in progress of the page before could not be carried over: ' + r.error);
    }
    if (old.bests) {
      const scores = store.scores();
      const r = await call('importBests', { json: old.bests, scores });
      if (r.damaged) store.setAside(scores);
      if (r.text) store.setScores(r.text);
    }
  }

  async function main() {
    setBusy(1);
    try {
      wire();
      const r = await call('games');
      S.games = r.games;
      S.cellWords = r.cell_words || {};
      S.defaultGame = r.default;
      fillGames();
      enableControls();
      showSaves();
      await carryOver();
      const id = hashId();
      const text = store.game();
      let have = false;
      if (text) { /* the game in progress, as it was left */
        const back = await call('load', { text, name: 'the game in progress', addMs: store.takeOpen() });
        have = back.ok;
        if (!back.ok) showError('The game in progress could not be restored: ' + back.error);
      }
      if (id && gameNamed(id)) { /* a short link: a new board of that game */
        await startGame(gameNamed(id));
        return;
      }
      if (id) {
        const c = await call('canon', { id });
        if (!c.canon) { /* a bad link: said; the address and the game stay */
          if (have) { clearHint(); showBest(); } else noGame();
          badLink(c.error);
          return;
        }
        if (!have || c.canon !== S.state.id) { await startId(c.canon); return; }
      }
      if (have) {
        began();
        say(id ? '' : 'Welcome back.');
        if (S.state.status !== 'playing') await finished();
        return;
      }
      await startDefault();
    } catch (e) {
      showError(e.message);
    } finally {
      setBusy(-1);
    }
  }

  /* A web app (web/sw.js, manifest.webmanifest): the service worker, and
   * the page's files in its cache from this first visit on (the script
   * from the copy this page runs, the engine by the worker, the rest
   * fetched once more), so that the page plays offline after one visit. */
  async function offline() {
    if (!('serviceWorker' in navigator) || !window.caches) return;
    try {
      await navigator.serviceWorker.register(new URL('sw.js', BASE).href);
      const c = await caches.open('gridlab-site');
      const js = await (await fetch(SCRIPT)).blob();
      await c.put(new URL('gridlab.js', BASE).href, new Response(js, { headers: { 'content-type': 'text/javascript' } }));
      for (const f of ['./', 'style.css', 'manifest.webmanifest', 'icon.svg'])
        if (!(await c.match(new URL(f, BASE).href))) await c.add(new URL(f, BASE).href);
    } catch (e) {
      /* no offline copy (a private window, no room): the page still plays */
    }
  }

  main().then(offline);
}

if (typeof document === 'undefined') engineWorker();
else pageMain();
