/* The engine wrapper, in the page's Web Worker: the WebAssembly module
 * (libgridlab and web/api.c, docs/web.md) and the requests the page sends
 * it, answered one at a time.  Every reply carries the game's state; a
 * request that changes the game carries the game's save text too (the play
 * session's serialisation, docs/spec.md "Saved games"), which the page
 * keeps in the browser.  Nothing here knows a rule of any game.
 *
 * The worker runs from the page's own copy of the script (a blob: address,
 * so that the script is fetched once), so its name is the page's folder,
 * where gridlab.wasm lies; the module is fetched here, its progress told
 * to the page ({progress: "..."}) while the page says it is loading. */
/* global createGridlabEngine */
/* exported engineWorker */
function engineWorker() {
  'use strict';
  let api = null;
  const base = self.name || self.location.href;
  const kb = (n) => Math.round(n / 1024) + ' KB';
  const progress = (text) => self.postMessage({ progress: text });

  /* The page's cache (web/sw.js): the engine kept there once fetched, and
   * read from there when the network fails (offline). */
  const CACHE = 'gridlab-site';
  const wasmUrl = new URL('gridlab.wasm', base).href;
  function keep(url, bin, type) {
    if (self.caches) {
      caches.open(CACHE).then((c) => c.put(url, new Response(bin, { headers: { 'content-type': type } })))
        .catch(() => {});
    }
    return bin;
  }
  async function fetchKept(url) {
    try {
      return await fetch(url);
    } catch (err) {
      const hit = self.caches && await caches.match(url);
      if (hit) return hit;
      throw err;
    }
  }
  const fetchWasm = () => fetchKept(wasmUrl);

  /* A data file the engine wants (glw_data_wanted: the learned Lines
   * player's weights), from the page's folder when it is first wanted,
   * kept in the cache for the visits offline. */
  async function fetchData(name) {
    const url = new URL(name, base).href;
    const r = await fetchKept(url);
    if (!r.ok) throw new Error(name + ': HTTP ' + r.status);
    return keep(url, new Uint8Array(await r.arrayBuffer()), 'application/octet-stream');
  }

  async function fetchEngine() {
    return keep(wasmUrl, await fetchBytes(), 'application/wasm');
  }
  async function fetchBytes() {
    const r = await fetchWasm();
    if (!r.ok) throw new Error('gridlab.wasm: HTTP ' + r.status);
    const total = +r.headers.get('content-length') || 0;
    if (!r.body || !r.body.getReader) return new Uint8Array(await r.arrayBuffer());
    const reader = r.body.getReader();
    const parts = [];
    let got = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      got += value.length;
      progress('Loading the engine: ' + kb(got) + (total ? ' of ' + kb(total) : '') + '…');
    }
    const bin = new Uint8Array(got);
    let at = 0;
    for (const p of parts) { bin.set(p, at); at += p.length; }
    return bin;
  }

  const ready = fetchEngine().then((bin) => {
    progress('Starting the engine…');
    return createGridlabEngine({ wasmBinary: bin, locateFile: (path) => new URL(path, base).href });
  }).then((M) => {
    const f = (name, ret, args) => M.cwrap('glw_' + name, ret, args);
    api = {
      error: f('error', 'string', []),
      games: f('games', 'string', []),
      start: f('start', 'number', ['string', 'string', 'string']),
      check: f('check', 'number', ['string', 'string', 'string']),
      rules: f('rules', 'string', ['string']),
      startId: f('start_id', 'number', ['string']),
      idCanon: f('id_canon', 'string', ['string']),
      newGame: f('new_game', 'number', ['string']),
      restart: f('restart', 'number', []),
      load: f('load', 'number', ['string', 'string']),
      saveText: f('save_text', 'string', []),
      addTime: f('add_time', null, ['number']),
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
      hintWords: f('hint_words', 'string', []),
      solve: f('solve', 'number', ['number']),
      solutionJson: f('solution_json', 'string', []),
      solveStep: f('solve_step', 'number', []),
      solveCancel: f('solve_cancel', null, []),
      nextLevel: f('next_level', 'number', []),
      tick: f('tick', 'number', []),
      pause: f('pause', null, ['number']),
      record: f('record', 'string', ['string']),
      records: f('records', 'string', ['string']),
      importOldGame: f('import_old_game', 'number', ['string']),
      importBests: f('import_bests', 'string', ['string', 'string']),
      dataWanted: f('data_wanted', 'string', []),
      dataGive: f('data_give', 'number', ['string', 'array', 'number']),
    };
  });

  const done = (rc) => (rc < 0 ? { ok: false, error: api.error() } : { ok: true });
  const events = () => JSON.parse(api.events());

  /* Each request: what it does, and whether it changes the game (then the
   * reply carries the save). */
  const ops = {
    games: [() => JSON.parse(api.games()), false],
    canon: [(a) => {
      const canon = api.idCanon(a.id);
      return { canon, error: canon ? '' : api.error() };
    }, false],
    start: [(a) => done(api.start(a.game, a.params, a.seed)), true],
    check: [(a) => done(api.check(a.game, a.params, a.seed)), false],
    rules: [(a) => ({ text: api.rules(a.game) }), false],
    startId: [(a) => done(api.startId(a.id)), true],
    newGame: [(a) => done(api.newGame(a.seed)), true],
    restart: [() => done(api.restart()), true],
    load: [(a) => {
      const r = done(api.load(a.text, a.name || ''));
      if (r.ok && a.addMs > 0) api.addTime(a.addMs); /* the time it stayed open after that save */
      return r;
    }, true],
    save: [() => ({}), true],
    legal: [() => ({ moves: JSON.parse(api.legal()) }), false],
    pick: [(a) => {
      const result = api.pick(a.r, a.c);
      return { result, error: result === -1 || result === 2 ? api.error() : '', events: events() };
    }, true],
    unselect: [() => { api.unselect(); return {}; }, false],
    move: [(a) => Object.assign(done(api.move(a.text)), { events: events() }), true],
    undo: [() => done(api.undo()), true],
    redo: [() => done(api.redo()), true],
    hint: [(a) => {
      const result = api.hint(a.ms || 0);
      return { result, hint: JSON.parse(api.hintJson()), words: api.hintWords(), error: result === -1 ? api.error() : '' };
    }, true],
    solve: [(a) => Object.assign(done(api.solve(a.ms || 0)), { solution: JSON.parse(api.solutionJson()) }), false],
    step: [() => {
      const result = api.solveStep();
      return { result, error: result < 0 ? api.error() : '', events: events() };
    }, true],
    solveCancel: [() => { api.solveCancel(); return {}; }, false],
    nextLevel: [() => {
      const result = api.nextLevel();
      return { result, error: result < 0 ? api.error() : '', events: events() };
    }, true],
    tick: [() => ({ result: api.tick(), events: events() }), true],
    pause: [(a) => { api.pause(a.on ? 1 : 0); return {}; }, true],
    record: [(a) => JSON.parse(api.record(a.scores || '')), true],
    records: [(a) => JSON.parse(api.records(a.scores || '')), false],
    importOldGame: [(a) => done(api.importOldGame(a.json)), true],
    importBests: [(a) => JSON.parse(api.importBests(a.json, a.scores || '')), false],
  };

  /* One request at a time, in order, a data file's fetch included. */
  let queue = Promise.resolve();
  self.onmessage = (msg) => { queue = queue.then(() => handle(msg)); };
  async function handle(msg) {
    const { id, op, args } = msg.data;
    try {
      await ready;
    } catch (err) {
      self.postMessage({ id, ok: false, failed: true, error: 'the engine could not start: ' + (err && err.message ? err.message : err) });
      return;
    }
    let reply;
    let changes = false;
    try {
      const entry = ops[op];
      if (!entry) throw new Error('unknown request ' + op);
      reply = entry[0](args || {});
      changes = entry[1];
      /* a call that wanted a data file changed nothing: the file given,
       * the same call once more */
      const wanted = api.dataWanted();
      if (wanted) {
        /* a file that cannot be had (offline before its first use) is
         * given empty: the engine does without it where it can */
        const bin = await fetchData(wanted).catch(() => new Uint8Array(0));
        if (api.dataGive(wanted, bin, bin.length) < 0) throw new Error(api.error());
        reply = entry[0](args || {});
      }
    } catch (err) {
      reply = { ok: false, error: String(err && err.message ? err.message : err) };
    }
    reply.id = id;
    reply.state = JSON.parse(api.state());
    if (changes && reply.state.game) reply.save = api.saveText();
    self.postMessage(reply);
  }
}
