// The page for players with a screen reader or a keyboard only (docs/web.md,
// "Screen readers and keyboards"): axe-core finds nothing on any game, the
// board is an ARIA grid of rows and cells named in the game's notation with
// what is on them in words, the cursor is the grid's active descendant, the
// messages are a live region; and a game of each kind is played with the
// keyboard alone.
//
//   node --test tests/web/access.test.mjs      (scripts/web test runs it)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SITE, GAMES, boardOf, idOf, launch, legalMoves, openPage, picksOf, rulesOpen, serve, settled, stateOf, webBoard } from './lib.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

const hashOf = (id) => '#' + id.replace(/%/g, '%25').replace(/#/g, '%23');
const urlOf = (id, anim = 'off') => server.url + '?anim=' + anim + (id ? hashOf(id) : '');

// axe-core's checks on the page as it is: the violations, each with its
// rule, impact and the first elements it names.
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ` + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
  });
  return found;
}

// The cursor as a screen reader has it: the grid's active descendant.
async function cursorCell(page) {
  return page.evaluate(() => {
    const board = document.getElementById('board');
    const id = board.getAttribute('aria-activedescendant');
    const cell = id && document.getElementById(id);
    return cell ? { name: cell.dataset.cell, r: +cell.dataset.r, c: +cell.dataset.c, label: cell.getAttribute('aria-label') } : null;
  });
}

for (const game of GAMES) {
  test(`${game}: no axe-core violation; the board an ARIA grid of rows, named cells, the cursor announced`, async () => {
    const { id } = webBoard(game);
    const { context, page } = await openPage(browser, urlOf(id));
    try {
      assert.deepEqual(await axeViolations(page), [], 'axe-core on the board');
      // rows of cells, as many as the board has
      const shape = await page.evaluate(() => {
        const rows = Array.from(document.querySelectorAll('#board > [role=row]'));
        return {
          rows: rows.length,
          cells: rows.map((r) => r.querySelectorAll(':scope > [role=gridcell]').length),
          loose: document.querySelectorAll('#board > [role=gridcell]').length,
          h1: Array.from(document.querySelectorAll('h1')).map((h) => h.textContent),
          live: document.getElementById('message').getAttribute('role'),
        };
      });
      const w = await page.$$eval('#cols span', (s) => s.length);
      assert.ok(shape.rows >= 1 && shape.cells.every((n) => n === w), JSON.stringify(shape));
      assert.equal(shape.loose, 0);
      assert.deepEqual(shape.h1, ['gridlab']);
      assert.equal(shape.live, 'status');
      // the cursor: the active descendant, moved by the arrows and said
      await page.focus('#board');
      const first = await cursorCell(page);
      assert.ok(first && first.r === 0 && first.c === 0, JSON.stringify(first));
      await page.keyboard.press('ArrowRight');
      const next = await cursorCell(page);
      assert.equal(next.c, 1);
      // a row of cells is named by number (cell 1, cell 2), a board by column and row
      assert.ok(next.label.startsWith(first.label.startsWith('cell 1: ') ? 'cell 2: ' : 'b1: '), next.label);
      // what is on the cell, in words: never the bare symbol
      const labels = await page.$$eval('[data-cell]', (c) => c.map((x) => x.getAttribute('aria-label')));
      for (const l of labels) assert.match(l, /^[a-z0-9 ]+: [a-z]+( [a-z0-9]+)*(, [a-z0-9 ]+)?$/i, l);
      // the rules dialog open: nothing either
      await page.keyboard.press('?');
      await rulesOpen(page);
      assert.deepEqual(await axeViolations(page), [], 'axe-core with the rules open');
      await page.keyboard.press('Escape');
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  });
}

test('cells in words: a Tiles cell by its move number, a coming Lines ball, flooded cells', async () => {
  const { context, page } = await openPage(browser, urlOf('tiles:n=3,hop=2,start=standard#1'));
  try {
    const label = (name) => page.$eval(`[data-cell="${name}"]`, (c) => c.getAttribute('aria-label'));
    assert.equal(await label('a1'), 'cell 1: black tile');
    assert.equal(await label('d1'), 'cell 4: white tile');
    assert.equal(await label('g1'), 'cell 7: empty');
    await page.goto(urlOf('lines:size=9x9,colors=7,line=5,spawn=3,rules=lines98#1'));
    await settled(page);
    const ghosts = await page.$$eval('[data-cell].empty.marked', (c) => c.map((x) => x.getAttribute('aria-label')));
    assert.equal(ghosts.length, 3);
    for (const g of ghosts) assert.match(g, /^[a-i][1-9]: empty, ball [1-7] comes here next$/, g);
    assert.match(await page.$eval('[data-cell]:not(.empty)', (c) => c.getAttribute('aria-label')), /^[a-i][1-9]: ball [1-7]$/);
    await page.goto(urlOf('flood:size=14x14,colors=6,start=corner,difficulty=medium#7'));
    await settled(page);
    assert.match(await label('a1'), /^a1: colour [0-5], in the flooded region$/);
  } finally {
    await context.close();
  }
});

// A game of each kind with the keyboard alone: Tab to the board, the arrows
// to each cell of a move (as the program picks them), Enter; u undoes.
for (const game of GAMES) {
  test(`${game}: a game played with the keyboard alone`, async () => {
    const { id } = webBoard(game);
    const { context, page } = await openPage(browser, urlOf(id));
    try {
      let tabs = 0;
      while (!(await page.evaluate(() => document.activeElement && document.activeElement.id === 'board'))) {
        assert.ok(++tabs < 60, 'Tab never reaches the board');
        await page.keyboard.press('Tab');
      }
      const played = [];
      const boards = [await boardOf(page)];
      for (let k = 0; k < 3; k++) {
        const legal = legalMoves(id, played);
        const move = legal[(k * 5) % legal.length];
        for (const name of picksOf(id, played, move)) {
          const target = await page.$eval(`[data-cell="${name}"]`, (c) => ({ r: +c.dataset.r, c: +c.dataset.c }));
          let at = await cursorCell(page);
          while (at.r !== target.r || at.c !== target.c) {
            await page.keyboard.press(at.r < target.r ? 'ArrowDown' : at.r > target.r ? 'ArrowUp' : at.c < target.c ? 'ArrowRight' : 'ArrowLeft');
            at = await cursorCell(page);
          }
          assert.equal(at.name, name);
          await page.keyboard.press('Enter');
          await settled(page);
        }
        played.push(move);
        const now = await boardOf(page);
        assert.notEqual(now, boards[boards.length - 1], `${move} changed nothing`);
        boards.push(now);
        if ((await stateOf(page)) !== 'playing') break;
      }
      assert.ok((await page.textContent('#message')).length > 0, 'no message after the moves');
      await page.keyboard.press('u');
      await settled(page);
      assert.equal(await boardOf(page), boards[boards.length - 2]);
      assert.equal(await idOf(page), id);
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  });
}

// Words and flow (docs/web.md, "Playing"): the first message says how to
// play; a short link or a game's name typed as an ID starts that game; a
// loaded game says "Loaded"; the custom form is checked before the question
// about the game in progress; a restart is undone by Redo.
test('words and flow: how to play, short links, Loaded, the form checked first, restart undone', async () => {
  const { context, page } = await openPage(browser, urlOf(''));
  try {
    const message = () => page.textContent('#message');
    // the page starts with the first game of the list (the program lists them sorted)
    const first = (await idOf(page)).split(':')[0];
    assert.ok(GAMES.includes(first), first);
    assert.match(await message(), /^[A-Z][^:]*: .*\. Click or tap the cells to play \(or the arrows and Enter\); \? shows the rules\.$/);
    assert.ok(!(await message()).includes(await idOf(page)), 'the first message is the raw ID');
    // short links: another game's #NAME in the address, a third's name typed as an ID
    const others = GAMES.filter((g) => g !== first);
    const linked = others[0], typed = others[others.length - 1];
    await page.goto(server.url + '?anim=off#' + linked);
    await settled(page);
    assert.match(await idOf(page), new RegExp('^' + linked + ':.*#[0-9]{1,10}$'));
    assert.equal(await stateOf(page), 'playing');
    assert.match(await message(), /^[A-Z][^:]*: .*Click or tap the cells to play/);
    await page.fill('#id-input', typed);
    await page.click('#id-form button');
    await settled(page);
    assert.match(await idOf(page), new RegExp('^' + typed + ':.*#[0-9]{1,10}$'));
    // the custom form: a bad value said in the form, with no question
    // about the game in progress (which has a move)
    const id = 'tiles:n=3,hop=2,start=standard#1';
    await page.goto(urlOf(id));
    await settled(page);
    const start = await boardOf(page);
    for (const cell of ['e1', 'c1']) { await page.click(`[data-cell="${cell}"]`); await settled(page); }
    const two = await boardOf(page);
    assert.notEqual(two, start);
    await page.selectOption('#preset', 'custom');
    await page.fill('#param-n', '999');
    await page.click('#custom-form button[type=submit]');
    await settled(page);
    assert.match(await page.textContent('#custom-error'), /^n=999: /);
    assert.equal(await page.isVisible('#ask-dialog'), false);
    await page.click('#custom-cancel');
    assert.equal(await boardOf(page), two);
    // restart (asked: the game has moves), then Redo brings the moves back
    await page.click('[data-action=restart]');
    await page.click('#ask-yes');
    await settled(page);
    assert.equal(await boardOf(page), start);
    assert.match(await message(), /Redo \(r\) brings the moves back/);
    await page.keyboard.press('r');
    await settled(page);
    await page.keyboard.press('r');
    await settled(page);
    assert.equal(await boardOf(page), two);
    // a loaded save says so
    const text = await page.evaluate(() => localStorage.getItem('gridlab.game'));
    await page.setInputFiles('#file', { name: 'my-tiles.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await settled(page);
    assert.equal(await message(), `Loaded my-tiles.txt: ${id}.`);
    assert.equal(await boardOf(page), two);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// A web app: the manifest (name, icons, start_url, display) and, after one
// visit, the page reloads and plays with the network off.
test('the manifest, and the page plays offline after one visit', async () => {
  const manifest = JSON.parse(await (await fetch(server.url + 'manifest.webmanifest')).text());
  assert.equal(manifest.short_name, 'gridlab');
  assert.ok(manifest.name && manifest.start_url && manifest.display === 'standalone', JSON.stringify(manifest));
  assert.ok(manifest.icons.length > 0);
  for (const icon of manifest.icons) assert.equal((await fetch(new URL(icon.src, server.url))).status, 200, icon.src);
  const id = 'tiles:n=3,hop=2,start=standard#1';
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    // the page's files in its cache
    let kept = [];
    for (let t = 0; t < 100; t++) {
      kept = await page.evaluate(async () => {
        const c = await caches.open('gridlab-site');
        return (await c.keys()).map((r) => new URL(r.url).pathname).sort();
      });
      if (kept.length >= 6 && (await page.evaluate(() => !!navigator.serviceWorker.controller))) break;
      await page.waitForTimeout(100);
    }
    for (const f of ['/', '/gridlab.js', '/gridlab.wasm', '/style.css', '/manifest.webmanifest', '/icon.svg'])
      assert.ok(kept.includes(f), `${f} not cached: ${kept}`);
    await context.setOffline(true);
    await page.reload();
    await settled(page);
    assert.equal(await idOf(page), id);
    const start = await boardOf(page);
    await page.click('[data-cell="e1"]');
    await settled(page);
    assert.notEqual(await boardOf(page), start);
    assert.match(await boardOf(page), /e1=_/);
    assert.deepEqual(page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p)), []);
  } finally {
    await context.close();
  }
});

// Flood-It on a phone: a row of colour buttons under the board (each named
// "colour N", N the move's symbol), which play the move, as its key does.
test('flood: a row of colour buttons under the board plays the moves, and their keys', async () => {
  const id = 'flood:size=14x14,colors=6,start=corner,difficulty=medium#7';
  const { context, page } = await openPage(browser, urlOf(id), { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  try {
    const names = await page.$$eval('#move-keys button', (b) => b.map((x) => x.getAttribute('aria-label')));
    assert.deepEqual(names, ['colour 0', 'colour 1', 'colour 2', 'colour 3', 'colour 4', 'colour 5']);
    // under the board, on the screen
    const where = await page.evaluate(() => {
      const b = document.getElementById('board-area').getBoundingClientRect();
      const k = document.getElementById('move-keys').getBoundingClientRect();
      return { boardBottom: b.bottom, top: k.top, bottom: k.bottom, height: innerHeight };
    });
    assert.ok(where.top >= where.boardBottom - 1 && where.bottom <= where.height, JSON.stringify(where));
    const move = legalMoves(id, [])[2];
    await page.tap(`#move-keys button[data-move="${move}"]`);
    await settled(page);
    // the region (a1's) takes the colour
    assert.equal(await page.$eval('[data-cell=a1]', (c) => c.textContent), move);
    assert.match(await page.textContent('#status'), /moves 1/);
    const next = legalMoves(id, [move])[0];
    await page.keyboard.press(next);
    await settled(page);
    assert.match(await page.textContent('#status'), /moves 2/);
    // the buttons in axe-core's eyes too
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// On a phone: a board that pans starts with what matters in view (Tiles'
// gap), and a hint's message is on the screen with the board (Flood 22x22).
test('phone: the gap of a panning Tiles board in view; the hint said on the screen', async () => {
  const { context, page } = await openPage(browser, urlOf('tiles:n=10,hop=2,start=standard#1'), { width: 390, height: 844 },
    { isMobile: true, hasTouch: true });
  const inside = (sel) => page.evaluate((s) => {
    const a = document.getElementById('board-area').getBoundingClientRect();
    const b = document.querySelector(s).getBoundingClientRect();
    return b.left >= a.left - 1 && b.right <= a.right + 1 && b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  }, sel);
  try {
    assert.ok(await page.evaluate(() => { const a = document.getElementById('board-area'); return a.scrollWidth > a.clientWidth + 1; }),
      'the board does not pan: nothing to show');
    assert.ok(await inside('[data-cell].empty'), 'the gap is out of view');
    await page.goto(urlOf('flood:size=22x22,colors=8,start=corner,difficulty=medium#3'));
    await settled(page);
    await page.click('[data-action=hint]');
    await settled(page);
    const m = await page.evaluate(() => {
      const r = document.getElementById('message').getBoundingClientRect();
      return { text: document.getElementById('message').textContent, top: r.top, bottom: r.bottom, height: innerHeight };
    });
    assert.match(m.text, /^Hint: /);
    assert.ok(m.top >= 0 && m.top < m.height - 20, `the hint is written off the screen: ${JSON.stringify(m)}`);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// The first load: the page, its stylesheet, its script and the engine, at
// most 200 KB compressed (gzip -9, as a server that compresses sends them;
// the manifest, icon and service worker come after the game has started).
test('the first load is at most 200 KB compressed', () => {
  const rows = [];
  let raw = 0, packed = 0;
  for (const f of ['index.html', 'style.css', 'gridlab.js', 'gridlab.wasm']) {
    const body = readFileSync(join(SITE, f));
    const z = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    packed += z;
    rows.push(`${f.padEnd(14)} ${String(body.length).padStart(8)} ${String(z).padStart(8)}`);
  }
  rows.push(`${'first load'.padEnd(14)} ${String(raw).padStart(8)} ${String(packed).padStart(8)}`);
  console.log('bytes: file, raw, gzip -9\n' + rows.join('\n'));
  assert.ok(packed <= 200 * 1024, `the first load is ${packed} bytes compressed`);
});

// Lines: the balls a move brings appear after the moved ball has arrived
// (hidden while its way is drawn), at the normal speed; with reduced
// motion there is no animation at all.
test('lines: the new balls appear after the moved ball arrives; none of it with reduced motion', async () => {
  const id = 'lines:size=5x5,colors=7,line=5,spawn=3,rules=klines#1';
  const move = legalMoves(id, [])[0];
  const { context, page } = await openPage(browser, urlOf(id, 'normal'));
  try {
    const [from, to] = picksOf(id, [], move);
    await page.click(`[data-cell="${from}"]`);
    await settled(page);
    await page.click(`[data-cell="${to}"]`);
    await page.waitForFunction(() => document.querySelectorAll('.cell.pending').length === 3, null, { timeout: 5000 });
    assert.ok(await page.evaluate(() => document.querySelector('#overlay .trail') !== null), 'no way drawn while they wait');
    await settled(page);
    assert.equal(await page.locator('.cell.pending').count(), 0);
    assert.equal(await page.locator('.cell.spawn').count(), 3);
  } finally {
    await context.close();
  }
  const reduced = await openPage(browser, server.url + hashOf(id), undefined, { reducedMotion: 'reduce' });
  try {
    assert.equal(await reduced.page.evaluate(() => document.body.dataset.anim), 'off');
  } finally {
    await reduced.context.close();
  }
});

// Match-three: a swap's cascade shown round by round (clear with its
// points "+N", fall, refill) within a second, the board then the engine's;
// a key skips to the end; none of it with reduced motion.  b3-c3 on this
// board clears four times: +1, +2, +1, +1 (`gridlab play ID --lines`).
test('match3: the cascade step by step with the points of each round, within a second; a key skips it', async () => {
  const id = 'match3:size=8x8,kinds=6,refill=yes#5';
  const watch = (page) => page.evaluate(() => {
    const seen = (window.seen = { points: [], start: 0, end: 0, frames: 0 });
    const board = document.getElementById('board');
    new MutationObserver((list) => {
      for (const m of list) {
        for (const n of m.addedNodes) if (n.classList && n.classList.contains('points')) seen.points.push(n.textContent);
        if (m.type === 'attributes' && m.target.classList.contains('fell')) seen.frames++;
      }
      const on = board.classList.contains('cascading');
      if (on && !seen.start) seen.start = performance.now();
      if (!on && seen.start && !seen.end) seen.end = performance.now();
    }).observe(board, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  const swap = async (page) => {
    await page.click('[data-cell="b3"]');
    await settled(page);
    await page.click('[data-cell="c3"]');
  };
  const { context, page } = await openPage(browser, urlOf(id, 'normal'));
  let shown;
  try {
    await watch(page);
    await swap(page);
    await page.waitForFunction(() => window.seen.end > 0, null, { timeout: 5000 });
    const seen = await page.evaluate(() => window.seen);
    assert.deepEqual(seen.points, ['+1', '+2', '+1', '+1']);
    assert.ok(seen.frames > 0, 'no tile was shown falling');
    // within a second by the page's plan (each step at its time from the
    // start); the wall time too, but a loaded machine's browser runs its
    // timers late, so it is held only to a bound that a serial delay of
    // the steps (or a hang) would pass
    const plan = Number(await page.evaluate(() => document.getElementById('board').dataset.cascadeMs));
    assert.ok(plan > 0 && plan <= 1000, `the cascade was planned to take ${plan} ms`);
    assert.ok(seen.end - seen.start <= 2500, `the cascade took ${Math.round(seen.end - seen.start)} ms`);
    await settled(page);
    assert.equal(await page.locator('.cell .points').count(), 0);
    shown = await boardOf(page);
    const still = await openPage(browser, urlOf(id, 'off'));
    try {
      await swap(still.page);
      await settled(still.page);
      assert.equal(shown, await boardOf(still.page), 'the board after the cascade is not the engine\'s');
    } finally {
      await still.context.close();
    }
  } finally {
    await context.close();
  }
  // a key skips to the end
  const again = await openPage(browser, urlOf(id, 'normal'));
  try {
    await watch(again.page);
    await swap(again.page);
    await again.page.waitForFunction(() => window.seen.start > 0, null, { timeout: 5000 });
    await again.page.keyboard.press('Shift');
    await again.page.waitForFunction(() => window.seen.end > 0, null, { timeout: 5000 });
    const skipped = await again.page.evaluate(() => window.seen);
    assert.ok(skipped.points.length < 4, `not skipped: ${JSON.stringify(skipped)}`);
    await settled(again.page);
    assert.equal(await boardOf(again.page), shown);
  } finally {
    await again.context.close();
  }
  const reduced = await openPage(browser, server.url + hashOf(id), undefined, { reducedMotion: 'reduce' });
  try {
    await watch(reduced.page);
    await swap(reduced.page);
    await settled(reduced.page);
    assert.equal(await reduced.page.evaluate(() => window.seen.start), 0, 'a cascade shown with reduced motion');
  } finally {
    await reduced.context.close();
  }
});

// Drag or swipe: in match-three a drag from a cell towards its neighbour
// swaps them, with the mouse and with a finger (touch pointer events), the
// same board as the two clicks give; a short press is still a click; in
// Tiles a drag of a tile slides it (its one pick).
test('drag or swipe: match3 swaps, tiles slides, with the mouse and touch', async () => {
  const id = 'match3:size=8x8,kinds=6,refill=yes#5';
  const centre = async (page, name) => {
    const b = await page.locator(`[data-cell="${name}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2, b.width];
  };
  const clicked = await openPage(browser, urlOf(id));
  let want;
  try {
    await clicked.page.click('[data-cell="b3"]');
    await settled(clicked.page);
    await clicked.page.click('[data-cell="c3"]');
    await settled(clicked.page);
    want = await boardOf(clicked.page);
  } finally {
    await clicked.context.close();
  }
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    assert.match(await page.textContent('#message'), /Click or tap the cells to play, or drag a tile \(/);
    const before = await boardOf(page);
    // a press that moves a few pixels is a click: b3 picked, nothing played
    const [x, y, size] = await centre(page, 'b3');
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 3, y + 2);
    await page.mouse.up();
    await settled(page);
    assert.equal(await boardOf(page), before);
    assert.equal(await page.locator('[data-cell="b3"].picked').count(), 1);
    // a drag from b3 to the right: b3-c3 (the picked cell dropped first)
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + size * 0.6, y + 3, { steps: 4 });
    await page.mouse.up();
    await settled(page);
    assert.equal(await boardOf(page), want, 'the mouse drag did not swap b3 and c3');
    // a finger's swipe: the same with touch pointer events
    await page.goto(urlOf(id));
    await settled(page);
    const [tx, ty, tsize] = await centre(page, 'c3');
    await page.evaluate(([tx, ty, tsize]) => {
      const at = (type, x, y) => document.elementFromPoint(tx, ty).dispatchEvent(new PointerEvent(type, {
        bubbles: true, cancelable: true, pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y }));
      at('pointerdown', tx, ty);
      at('pointerup', tx - tsize * 0.5, ty + 4);
    }, [tx, ty, tsize]);
    await settled(page);
    assert.equal(await boardOf(page), want, 'the swipe from c3 to the left did not swap b3 and c3');
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
  const tiles = await openPage(browser, urlOf('tiles:n=2,hop=2,start=standard#4'));
  try {
    const [sx, sy, ssize] = await centre(tiles.page, 'c1');
    await tiles.page.mouse.move(sx, sy);
    await tiles.page.mouse.down();
    await tiles.page.mouse.move(sx + ssize * 1.5, sy, { steps: 4 });
    await tiles.page.mouse.up();
    await settled(tiles.page);
    assert.match(await tiles.page.textContent('#message'), /3-5/);
  } finally {
    await tiles.context.close();
  }
  // a game whose moves are no drag (the game table's front.drag) says none
  const lines = await openPage(browser, urlOf('lines:size=3x3,colors=7,line=3,spawn=3,rules=klines#1'));
  try {
    assert.match(await lines.page.textContent('#message'), /Click or tap the cells to play \(/);
  } finally {
    await lines.context.close();
  }
});
