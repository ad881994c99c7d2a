// The web page in a real browser (Debian's chromium, headless, driven by
// playwright-core): every game played through the DOM contract of
// docs/web.md, its moves checked against the command line's.
//
//   node --test tests/web/page.test.mjs      (scripts/test runs it after scripts/web)
//
// GL_WEB_BUILD (default build-web) holds the page (site/) and gets the
// screenshots (screenshots/GAME.png); GRIDLAB is the native program
// (default build/gridlab).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import {
  GAMES as GAME_NAMES, GRIDLAB, ROOT, SHOTS, SITE, act, boardOf, cli, downloadSave, idOf, launch, legalMoves, openPage,
  picksOf, rulesOpen, serve, settled, stateOf, statusOf, webBoard,
} from './lib.mjs';

// One game of each, from an ID; `ends`: what solving to the end may give
// (tests/GAME/web.json).
const GAMES = Object.fromEntries(GAME_NAMES.map((game) => [game, webBoard(game)]));

let server;
let browser;
let scratch;
before(async () => {
  server = await serve();
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'gridlab-web-'));
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const hashOf = (id) => '#' + id.replace(/%/g, '%25').replace(/#/g, '%23');
const urlOf = (id, anim = 'off') => server.url + '?anim=' + anim + (id ? hashOf(id) : '');

// The cells a player clicks for a move of the game id after the moves
// played, as the game says.
function clicksFor(id, played, move) {
  const cells = picksOf(id, played, move);
  assert.ok(cells.length > 0, `no cells pick ${move}`);
  return cells;
}

// Whether the hint after the moves played travels a way of more than one
// cell (a ball's path, a link, a swap), which the page draws as a line:
// the program's hint on the same position.
function travels(id, played) {
  const file = join(scratch, 'travels.txt');
  writeFileSync(file, cliSave(id, played));
  const r = spawnSync(GRIDLAB, ['hint', file, '--json'], { encoding: 'utf8' });
  const hint = JSON.parse(r.stdout);
  return Array.isArray(hint.cells) && hint.cells.length > 1;
}

async function clickCell(page, name) {
  await page.click(`[data-cell="${name}"]`);
  await settled(page);
}

async function play(page, id, played, move) {
  for (const c of clicksFor(id, played, move)) await clickCell(page, c);
}

function cliSave(id, moves) {
  const file = join(scratch, 'cli-save.txt');
  rmSync(file, { force: true });
  const out = cli(id, [...moves, 'save ' + file]);
  assert.match(out, /saved to/, out.slice(-300));
  return readFileSync(file, 'utf8');
}

// A save without its clock line (the time played differs between the
// page's game and the program's).
const noClock = (text) => text.split('\n').filter((l) => !l.startsWith('# clock:')).join('\n');
// The moves a save holds, in the game's notation.
const savedMoves = (text) => [...text.matchAll(/^# move: (\S+)/gm)].map((m) => m[1]);

for (const [game, cfg] of Object.entries(GAMES)) {
  test(`${game}: play by clicking, undo, hint, solve to the end, reload from the link`, async () => {
    const { context, page } = await openPage(browser, urlOf(cfg.id, cfg.anim));
    try {
      // the DOM contract
      assert.equal(await idOf(page), cfg.id);
      assert.equal(await stateOf(page), 'playing');
      assert.equal(await page.inputValue('#game'), game);
      assert.deepEqual(await page.$$eval('#game option', (o) => o.map((x) => x.value).sort()), Object.keys(GAMES).sort());
      for (const a of ['new', 'undo', 'redo', 'hint', 'solve', 'restart'])
        assert.equal(await page.locator(`button[data-action=${a}]`).count(), 1, a);
      assert.ok((await statusOf(page)).length > 0);
      const board0 = await boardOf(page);
      assert.match(board0, /^a1=/);

      // three moves by clicking cells, each the CLI's legal move
      const played = [];
      const boards = [board0];
      for (let k = 0; k < 3; k++) {
        const legal = legalMoves(cfg.id, played);
        const move = legal[(k * 7) % legal.length];
        await play(page, cfg.id, played, move);
        played.push(move);
        const now = await boardOf(page);
        assert.notEqual(now, boards[boards.length - 1], `${move} changed nothing`);
        boards.push(now);
        assert.equal(await stateOf(page), 'playing', `the game ended after ${played}`);
      }

      // the page's save and the command line's after the same moves
      const pageSave = await downloadSave(page);
      assert.equal(noClock(pageSave), noClock(cliSave(cfg.id, played)));

      // undo and redo
      await act(page, '[data-action=undo]');
      assert.equal(await boardOf(page), boards[2]);
      await act(page, '[data-action=redo]');
      assert.equal(await boardOf(page), boards[3]);

      // a hint: a legal move, drawn on the board
      await act(page, '[data-action=hint]');
      const said = await page.textContent('#message');
      const hinted = said.match(/^Hint: ([^\s,]+)/);
      assert.ok(hinted, 'no hint in: ' + said);
      assert.ok(legalMoves(cfg.id, played).includes(hinted[1]), `hint ${hinted[1]} is not legal`);
      assert.ok(await page.locator('#board .hinted, #board .hint-fill').count() > 0, 'the hint is not on the board');
      if (travels(cfg.id, played)) {
        assert.equal(await page.locator('#overlay .hint-path polyline').count(), 1, 'no path drawn');
        // each end of the line lies on a hinted cell, and an empty one (Lines'
        // target) is drawn under the line and outlined, not hiding it
        const ends = await page.evaluate(() => {
          const line = document.querySelector('#overlay .hint-path polyline');
          const box = document.getElementById('overlay').getBoundingClientRect();
          const pts = line.getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number));
          return [pts[0], pts[pts.length - 1]].map(([x, y]) => {
            const at = document.elementFromPoint(box.left + x, box.top + y);
            const cell = at && at.closest('.cell');
            if (!cell) return null; // onet's link may end on the ring, outside the board
            const css = getComputedStyle(cell);
            return { cell: cell.dataset.cell, hinted: cell.classList.contains('hinted'), empty: cell.classList.contains('empty'),
              z: css.zIndex, shadow: css.boxShadow };
          });
        });
        for (const e of ends.filter(Boolean)) {
          assert.ok(e.hinted, `the hint's line ends on ${e.cell}, which is not marked`);
          if (e.empty) {
            assert.equal(e.z, 'auto', `the empty cell ${e.cell} is drawn over the hint's line`);
            assert.notEqual(e.shadow, 'none', `the empty cell ${e.cell} is not outlined`);
          }
        }
      }
      await page.screenshot({ path: join(SHOTS, `${game}.png`) });

      // solve to the end
      for (let round = 0; round < 25 && (await stateOf(page)) === 'playing'; round++)
        await act(page, '[data-action=solve]');
      const end = await stateOf(page);
      assert.ok(cfg.ends.includes(end), `after solving: ${end}; ${await page.textContent('#message')}`);
      assert.match(await page.textContent('#message'), /The solver helped: not entered in the best results/);
      await page.screenshot({ path: join(SHOTS, `${game}-end.png`) });
      if (cfg.level) { // onet's level sequence: the next level has its own ID
        assert.equal(await page.isVisible('[data-action=next]'), true);
        await act(page, '[data-action=next]');
        assert.equal(await stateOf(page), 'playing');
        assert.match(await idOf(page), /^onet:level=2,solvable=yes#\d+$/);
        assert.match(await statusOf(page), /level 2/);
      }

      // a reload resumes the game in progress; the link alone gives its first board
      const before = await boardOf(page);
      const id = await idOf(page);
      await page.reload();
      await settled(page);
      assert.equal(await boardOf(page), before);
      assert.equal(await idOf(page), id);
      const fresh = await openPage(browser, urlOf(cfg.id));
      try {
        assert.equal(await boardOf(fresh.page), board0);
        assert.equal(await idOf(fresh.page), cfg.id);
        assert.deepEqual(fresh.page.problems, []);
      } finally {
        await fresh.context.close();
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  });
}

// The page is one static folder: the page, its stylesheet, one script and
// one WebAssembly module (the engine's loader is the script's first part);
// the page's small loader fetches the script once, for the page and its
// worker.  Beside them the games' data files (every file of a game's
// folder that is not C), fetched by the worker when first wanted.
test('the site is index.html, one stylesheet, one .js and one .wasm, the manifest, its icon, the service worker and the games\' data files', () => {
  const data = GAME_NAMES.flatMap((g) => readdirSync(join(ROOT, 'src', 'games', g), { withFileTypes: true })
    .filter((d) => d.isFile() && !/\.[ch]$/.test(d.name)).map((d) => d.name));
  assert.deepEqual(readdirSync(SITE).sort(),
    ['gridlab.js', 'gridlab.wasm', 'icon.svg', 'index.html', 'manifest.webmanifest', 'style.css', 'sw.js', ...data].sort());
  const html = readFileSync(join(SITE, 'index.html'), 'utf8');
  assert.deepEqual([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((u) => !u.startsWith('data:')).sort(),
    ['icon.svg', 'manifest.webmanifest', 'style.css']);
  assert.match(html, /fetch\('gridlab\.js'\)/);
});

// Any static server will do: python's http.server (as README says) serves
// the folder, and the page plays from it (python3 is there: Debian's
// emscripten, which built the page, is written in it).
test('the page plays when python3 -m http.server serves it', async () => {
  const py = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '-d', SITE],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const port = await new Promise((ok, fail) => {
      let out = '';
      py.stdout.on('data', (d) => { out += d; const m = out.match(/port (\d+)/); if (m) ok(m[1]); });
      py.on('exit', (code) => fail(new Error('python3 -m http.server exited ' + code)));
      setTimeout(() => fail(new Error('python3 -m http.server said no port: ' + out)), 15000);
    });
    const id = 'tiles:n=3,hop=2,start=standard#1';
    const { context, page } = await openPage(browser, `http://127.0.0.1:${port}/?anim=off${hashOf(id)}`);
    try {
      assert.equal(await stateOf(page), 'playing');
      assert.equal(await idOf(page), id);
      const start = await boardOf(page);
      await clickCell(page, 'e1'); // BBBWWW_: the white tile on e1 hops into g1
      assert.notEqual(await boardOf(page), start);
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  } finally {
    py.kill();
  }
});

// The defaults are the terminal's: a page without a link starts Flood's
// 14x14 board, and each game's first preset is its default game (Onet's
// untimed classic board).
const DEFAULTS = {
  flood: 'flood:size=14x14,colors=6,start=corner,difficulty=medium#',
  onet: 'onet:solvable=yes#',
};
test('the game picker and the presets start each game', async () => {
  const { context, page } = await openPage(browser, urlOf(''));
  try {
    assert.ok((await idOf(page)).startsWith(DEFAULTS.flood), await idOf(page));
    assert.equal(await page.inputValue('#preset'), '0');
    for (const game of Object.keys(GAMES)) {
      await page.selectOption('#game', game);
      await settled(page);
      assert.equal(await stateOf(page), 'playing');
      assert.ok((await idOf(page)).startsWith(DEFAULTS[game] || game + ':'), await idOf(page));
      assert.doesNotMatch(await page.textContent('#clock'), /left/, `the default ${game} board has a clock`);
      assert.equal(await page.inputValue('#preset'), '0');
      const presets = await page.$$eval('#preset option', (o) => o.map((x) => x.value));
      assert.ok(presets.length >= 2 && presets.includes('custom'));
      await page.selectOption('#preset', '1');
      await settled(page);
      assert.equal(await page.inputValue('#preset'), '1');
      const id = await idOf(page);
      await act(page, '[data-action=new]'); // the same settings, another seed
      assert.equal((await idOf(page)).replace(/#\d+$/, ''), id.replace(/#\d+$/, ''));
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

test('the keyboard plays: arrows, Enter, u and r', async () => {
  const { context, page } = await openPage(browser, urlOf('tiles:n=3,hop=2,start=standard#1'));
  try {
    const start = await boardOf(page); // BBBWWW_: the tile at e1 hops into g1
    await page.focus('#board');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await settled(page);
    const moved = await boardOf(page);
    assert.notEqual(moved, start);
    assert.match(moved, /e1=_/);
    await page.keyboard.press('u');
    await settled(page);
    assert.equal(await boardOf(page), start);
    await page.keyboard.press('r');
    await settled(page);
    assert.equal(await boardOf(page), moved);
    await page.keyboard.press('?');
    await rulesOpen(page);
    assert.equal(await page.isVisible('#rules-dialog'), true);
    assert.match(await page.textContent('#rules-text'), /tile/i);
    // what each figure of the status line means
    assert.ok((await page.$$eval('#rules-status dt', (d) => d.map((x) => x.textContent))).includes('cost'));
    assert.match(await page.textContent('#rules-status-now'), /^Now: moves 1  cost 1/);
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('#rules-dialog'), false);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

test('a long search shows that it thinks and can be cancelled, the game kept', async () => {
  const id = 'flood:size=30x30,colors=12,start=corner,difficulty=medium#1';
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    const start = await boardOf(page);
    await play(page, id, [], legalMoves(id, [])[0]);
    const moved = await boardOf(page);
    await page.click('[data-action=solve]'); // the solver's search on 30x30 takes its 10 s (a hint, 0.4 s)
    await page.waitForSelector('#thinking', { state: 'visible' });
    assert.equal(await page.getAttribute('body', 'data-busy'), '1');
    await page.click('[data-action=cancel]');
    await settled(page);
    assert.equal(await page.isVisible('#thinking'), false);
    assert.match(await page.textContent('#message'), /Cancelled/);
    assert.equal(await boardOf(page), moved);
    assert.equal(await page.textContent('[data-action=solve]'), 'Solve');
    assert.equal(await page.isEnabled('[data-action=undo]'), true);
    await act(page, '[data-action=undo]');
    assert.equal(await boardOf(page), start);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

test('a custom game from the parameter table; bad values are named', async () => {
  const { context, page } = await openPage(browser, urlOf('flood:size=14x14,colors=6,start=corner,difficulty=medium#7'));
  try {
    await page.selectOption('#preset', 'custom');
    assert.equal(await page.isVisible('#custom-dialog'), true);
    await page.fill('#param-colors', '99');
    await page.click('#custom-form button[type=submit]');
    await settled(page);
    assert.match(await page.textContent('#custom-error'), /colors/);
    await page.fill('#param-size', '8');
    await page.fill('#param-size-h', '6');
    await page.fill('#param-colors', '4');
    await page.selectOption('#param-start', 'center');
    await page.fill('#param-seed', '11');
    await page.click('#custom-form button[type=submit]');
    await settled(page);
    assert.equal(await page.isVisible('#custom-dialog'), false);
    assert.equal(await idOf(page), 'flood:size=8x6,colors=4,start=center,difficulty=medium#11');
    assert.equal(await page.locator('[data-cell]').count(), 48);
    assert.equal(await page.inputValue('#preset'), 'custom');
    // a bad ID is a message, and the game goes on
    await page.fill('#id-input', 'flood:size=99x99#1');
    await page.click('#id-form button');
    await settled(page);
    assert.match(await page.textContent('#message'), /size/);
    assert.equal(await idOf(page), 'flood:size=8x6,colors=4,start=center,difficulty=medium#11');
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

test('saves in the browser and as files; a loaded file plays on', async () => {
  const id = 'match3:size=7x7,kinds=4,scores=1,4,10,refill=no,rules=standard,swaps=0#5';
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    await play(page, id, [], legalMoves(id, [])[0]);
    const saved = await boardOf(page);
    await act(page, '[data-action=save]');
    assert.equal(await page.locator('#saves li button.link').count(), 1);
    const text = await downloadSave(page);
    assert.ok(text.startsWith('# gridlab save 2\n') && text.includes('\n# id: ' + id + '\n'), text);
    await page.click('[data-action=restart]'); // a game in progress: asked first
    await act(page, '#ask-yes');
    assert.notEqual(await boardOf(page), saved);
    await act(page, '#saves li button.link'); // at the first position: no question
    assert.equal(await boardOf(page), saved);
    assert.equal(await idOf(page), id);
    // the same text from a file
    await page.click('[data-action=restart]');
    await act(page, '#ask-yes');
    const file = join(scratch, 'saved.txt');
    writeFileSync(file, text);
    await page.setInputFiles('#file', file);
    await settled(page);
    assert.equal(await boardOf(page), saved);
    // a file that is no board: a message naming it (the game at its first
    // position again, so no question)
    writeFileSync(file, 'not a board\n');
    await page.setInputFiles('#file', file);
    await settled(page);
    assert.match(await page.textContent('#message'), /saved\.txt/);
    assert.equal(await boardOf(page), saved);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

test('a best score counts games won without the solver or hints', async () => {
  const id = 'tiles:n=3,hop=2,start=standard#1';
  const board = join(scratch, 'tiles.txt');
  const made = spawnSync(GRIDLAB, ['new', id], { encoding: 'utf8' });
  writeFileSync(board, made.stdout);
  const solved = JSON.parse(spawnSync(GRIDLAB, ['solve', board, '--json'], { encoding: 'utf8' }).stdout);
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    assert.match(await page.textContent('#best'), /no record/);
    for (const [k, m] of solved.moves.entries()) await play(page, id, solved.moves.slice(0, k), m);
    assert.equal(await stateOf(page), 'won');
    assert.match(await page.textContent('#message'),
      new RegExp(`^You won: cost ${solved.cost} in \\d+:\\d\\d\\. The best result for these options!`));
    assert.match(await page.textContent('#best'), new RegExp(`cost ${solved.cost}`));
    // the solver's game is no record (a new game: a restart is the same
    // game, recorded already; the standard start is the same board
    // whatever the seed)
    await act(page, '[data-action=new]');
    await act(page, '[data-action=solve]');
    assert.equal(await stateOf(page), 'won');
    assert.match(await page.textContent('#message'), /The solver helped: not entered in the best results/);
    // nor is a game with a hint, even when the page was reloaded after it
    await act(page, '[data-action=new]');
    await act(page, '[data-action=hint]');
    await page.reload();
    await settled(page);
    for (const [k, m] of solved.moves.entries()) await play(page, id, solved.moves.slice(0, k), m);
    assert.equal(await stateOf(page), 'won');
    assert.match(await page.textContent('#message'), /Hints helped: not entered in the best results/);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// The same ID gives the same board in the page and on the command line,
// and the page's solver (WebAssembly, in the worker) plays the moves that
// `gridlab solve` prints, to the same final board.  Lines' search player
// stops a move's search at 50 ms of processor time (the page's clock is
// the wall clock, WebAssembly has no thread clock): its board is one whose
// every search ends long before that (about 2 ms a move natively), so that
// both sides search the same tree.
const AGREE = [
  'flood:size=8x8,colors=4,start=corner,difficulty=medium#3',
  'lines:size=3x3,colors=7,line=3,spawn=3,rules=klines#1',
  'match3:size=6x6,kinds=4,scores=1,4,10,refill=no,rules=standard,swaps=0#2',
  'onet:level=1,solvable=yes#5',
  'tiles:n=4,hop=2,start=random#3',
];
for (const id of AGREE) {
  const game = id.split(':')[0];
  test(`${game}: the page and the command line agree on the board and the solver's moves`, async () => {
    const board = join(scratch, `${game}-agree.txt`);
    const made = spawnSync(GRIDLAB, ['new', id], { encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    writeFileSync(board, made.stdout);
    const solved = spawnSync(GRIDLAB, ['solve', board, '--json'], { encoding: 'utf8' });
    const answer = JSON.parse(solved.stdout);
    assert.ok(answer.moves.length > 0, solved.stdout);
    // A search that stops a move at a clock (Lines' at 50 ms, the page's
    // clock being the wall clock) can be cut on a loaded machine when the
    // worker is held up: a differing answer is tried again on a fresh
    // page, three times in all, before it counts as a failure.
    for (let attempt = 1; ; attempt++) {
      const { context, page } = await openPage(browser, urlOf(id));
      try {
        assert.equal(noClock(await downloadSave(page)), noClock(cliSave(id, [])), 'the first board');
        await act(page, '[data-action=solve]');
        const moves = savedMoves(await downloadSave(page));
        if (attempt < 3 && JSON.stringify(moves) !== JSON.stringify(answer.moves)) {
          console.log(`${game}: the page's moves ${moves.join(' ')} differ from the command line's; tried again`);
          continue;
        }
        assert.deepEqual(moves, answer.moves);
        // a cleared level: line mode goes on to the next one, the page offers it
        if (await page.isVisible('[data-action=next]')) await act(page, '[data-action=next]');
        // (the page's game was helped by the solver, the program's was not,
        // and line mode recorded its won game)
        const helped = (t) => noClock(t).replace(/^# (helped|recorded): .*$/gm, '');
        assert.equal(helped(await downloadSave(page)), helped(cliSave(id, answer.moves)), 'the board after the solver\'s moves');
        assert.deepEqual(page.problems, []);
        return;
      } finally {
        await context.close();
      }
    }
  });
}

// A phone's screen: every game fits its width (nothing scrolls sideways),
// its cells stay large enough to tap, and a move is played by taps.
test('every game fits a phone\'s screen and plays by touch', async () => {
  for (const [game, cfg] of Object.entries(GAMES)) {
    const { context, page } = await openPage(browser, urlOf(cfg.id), { width: 390, height: 844 },
      { hasTouch: true, isMobile: true });
    try {
      const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
      assert.ok(width <= 390, `${game}: the page is ${width} px wide on a 390 px screen`);
      const box = await page.locator('[data-cell=a1]').boundingBox();
      assert.ok(box.width >= 24 && box.x >= 0, `${game}: cell a1 ${JSON.stringify(box)}`);
      const start = await boardOf(page);
      const move = legalMoves(cfg.id, [])[0];
      for (const c of clicksFor(cfg.id, [], move)) {
        await page.tap(`[data-cell="${c}"]`);
        await settled(page);
      }
      assert.notEqual(await boardOf(page), start, `${game}: tapping ${move} changed nothing`);
      await page.screenshot({ path: join(SHOTS, `phone-${game}.png`), fullPage: true });
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  }
});

// A link with a bad ID: the engine's message naming the bad part in
// #message, the address as it was, and no game started (a fresh browser), or
// the game in progress kept (a browser that has one).
const BAD_LINKS = [
  ['#lines:size=9x9', /the seed is missing/],
  ['#flood:size=999x2%235', /size=999x2: expected WxH with W from 2 to 30/],
  ['#garbage', /no game 'garbage'/],
  ['#onet:solvable=yes%23-1', /the seed '-1'/],
];
test('a bad link says what is wrong, keeps the address and starts no game', async () => {
  for (const [hash, want] of BAD_LINKS) {
    const url = server.url + '?anim=off' + hash;
    const { context, page } = await openPage(browser, url);
    try {
      assert.match(await page.textContent('#message'), want, hash);
      assert.equal(page.url(), url, `${hash}: the address changed`);
      assert.equal(await stateOf(page), 'none', `${hash}: a game started`);
      assert.equal(await page.locator('[data-cell]').count(), 0, `${hash}: cells on the page`);
      assert.equal(await idOf(page), '');
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  }
  // with a game in progress: it stays, on a fresh load and on a changed address
  const id = 'tiles:n=3,hop=2,start=standard#1';
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    await clickCell(page, 'e1');
    const board = await boardOf(page);
    for (const [hash, want] of BAD_LINKS) {
      const url = server.url + '?anim=off' + hash;
      await page.goto(url);
      await settled(page);
      assert.match(await page.textContent('#message'), want, hash);
      assert.equal(page.url(), url);
      assert.equal(await idOf(page), id);
      assert.equal(await boardOf(page), board);
      assert.equal(await stateOf(page), 'playing');
    }
    await page.goto(urlOf(id));
    await settled(page);
    await page.evaluate(() => { location.hash = '#garbage'; });
    await page.waitForFunction(() => /no game 'garbage'/.test(document.getElementById('message').textContent));
    await settled(page);
    assert.match(page.url(), /#garbage$/);
    assert.equal(await idOf(page), id);
    assert.equal(await boardOf(page), board);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// Onet's level 1 played until its clock has run 20 s, then a reload: the
// time left as it was (within a second), undo back past the reload, and a
// hint still counted after another reload.
test('onet: the clock, the history and the help come back with a reload', async () => {
  const id = 'onet:level=1,solvable=yes#5';
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    const first = await boardOf(page);
    await play(page, id, [], legalMoves(id, [])[0]);
    const moved = await boardOf(page);
    await page.waitForTimeout(20000);
    const secs = (t) => { const m = t.match(/(\d+):(\d\d) left/); assert.ok(m, 'no clock in ' + t); return +m[1] * 60 + +m[2]; };
    const before = secs(await page.textContent('#clock'));
    assert.ok(before <= 160 && before >= 150, 'after 20 s the clock shows ' + before + ' s left');
    await page.reload();
    await settled(page);
    const after = secs(await page.textContent('#clock'));
    assert.ok(Math.abs(after - before) <= 1, `before the reload ${before} s were left, after it ${after} s`);
    assert.equal(await boardOf(page), moved);
    assert.equal(await page.isEnabled('[data-action=undo]'), true);
    await act(page, '[data-action=undo]');
    assert.equal(await boardOf(page), first, 'undo past the reload');
    await act(page, '[data-action=redo]');
    await act(page, '[data-action=hint]');
    assert.match(await page.textContent('#message'), /^Hint: /);
    await page.reload();
    await settled(page);
    assert.match(await downloadSave(page), /^# helped: hints=1 solver=no$/m);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// What the page before kept (its game as a list of calls, one best per
// board setting) is carried over once into the engine's own storage.
test('the old page\'s game in progress and bests are carried over once', async () => {
  const id = 'tiles:n=3,hop=2,start=standard#1';
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  // the storage the page before left, there before the page's first script
  await context.addInitScript((gid) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.clear();
    localStorage.setItem('gridlab.current', JSON.stringify({
      journal: [{ op: 'id', id: gid }, { op: 'move', text: '5-7' }, { op: 'move', text: '3-5' }, { op: 'undo' }],
      id: gid, hinted: true,
    }));
    localStorage.setItem('gridlab.best', JSON.stringify({
      'tiles:n=3,hop=2,start=standard': { score: 14, id: 'tiles:n=3,hop=2,start=standard#5', date: '2026-11-20' },
    }));
  }, id);
  const page = await context.newPage();
  try {
    await page.goto(server.url + '?anim=off');
    await settled(page);
    assert.equal(await idOf(page), id);
    const save = await downloadSave(page);
    assert.equal(noClock(save), noClock(cliSave(id, ['5-7', '3-5', 'undo'])).replace('hints=0', 'hints=1'));
    assert.equal(await page.isEnabled('[data-action=redo]'), true);
    assert.match(await page.textContent('#best'), /cost 14/);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    assert.deepEqual(keys.filter((k) => k === 'gridlab.current' || k === 'gridlab.best'), []);
    assert.ok(keys.includes('gridlab.game') && keys.includes('gridlab.scores'), keys.join(' '));
    // once: a reload finds the new storage
    await page.reload();
    await settled(page);
    assert.equal(await idOf(page), id);
    assert.match(await page.textContent('#best'), /cost 14/);
  } finally {
    await context.close();
  }
});

// Two tabs share the browser's storage: the last move wins (the other
// tab's save of its clock every 5 s does not write over it), and what is
// stored always loads.
test('two tabs: the last write wins and the storage stays whole', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  try {
    const a = await context.newPage();
    const b = await context.newPage();
    await a.goto(urlOf('tiles:n=3,hop=2,start=standard#1'));
    await settled(a);
    await b.goto(urlOf('tiles:n=4,hop=2,start=standard#2'));
    await settled(b);
    await clickCell(a, 'e1');
    await clickCell(b, 'g1');
    const bBoard = await boardOf(b);
    await a.waitForTimeout(5500); /* a's clock saved meanwhile */
    const fresh = await context.newPage();
    await fresh.goto(server.url + '?anim=off');
    await settled(fresh);
    assert.equal(await idOf(fresh), 'tiles:n=4,hop=2,start=standard#2');
    assert.equal(await boardOf(fresh), bBoard);
    await act(fresh, '[data-action=undo]');
    assert.equal(await stateOf(fresh), 'playing');
  } finally {
    await context.close();
  }
});

// The page is a thin client: no journal of calls, no ID parsing, no record
// rule in its scripts; the engine's API has no parameter parser of its own.
test('the page decides no rule: its scripts and api.c', () => {
  const dir = join(ROOT, 'web', 'js');
  for (const f of readdirSync(dir)) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const word of ['journal', 'replayedSteps', 'idParams', 'paramsKey', "lastIndexOf('#')", 'score_kind === \'more\''])
      assert.ok(!text.includes(word), `web/js/${f} holds '${word}'`);
    assert.ok(!/\bhinted\s*=/.test(text), `web/js/${f} keeps its own 'hinted'`);
  }
  const api = readFileSync(join(ROOT, 'web', 'api.c'), 'utf8');
  assert.ok(!/parse_params|strtok|memchr\([^)]*'='/.test(api), 'api.c parses parameters itself');
});
