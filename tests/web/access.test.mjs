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
import { GAMES, boardOf, idOf, launch, legalMoves, openPage, picksOf, serve, settled, stateOf, webBoard } from './lib.mjs';

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
      assert.ok(next.label.startsWith((await page.$eval('#board', (b) => b.dataset.game)) === 'tiles' ? 'cell 2: ' : 'b1: '),
        next.label);
      // what is on the cell, in words: never the bare symbol
      const labels = await page.$$eval('[data-cell]', (c) => c.map((x) => x.getAttribute('aria-label')));
      for (const l of labels) assert.match(l, /^[a-z0-9 ]+: [a-z]+( [a-z0-9]+)*(, [a-z0-9 ]+)?$/i, l);
      // the rules dialog open: nothing either
      await page.keyboard.press('?');
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
