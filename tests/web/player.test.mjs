// The page at a player's standard (docs/web.md, "Playing"): the board's
// size on a desktop, a phone and a phone on its side (every preset of every
// game, with screenshots), its coordinates, Lines' coming balls, the
// loading state on a slow connection and the script fetched once, the keys
// of both front ends (s saves, S solves, n asks first), the hint in words,
// words for players in every text and form, the time played and the best
// ten, no layout shift, the two-cell move's message, the colours, and
// Solve playing Lines on until it is stopped.
//
//   node --test tests/web/player.test.mjs      (scripts/web test runs it)
//
// The screenshots go to GL_WEB_BUILD/screenshots/ (SIZE-GAME-PRESET.png),
// with the cell sizes (sizes.txt) and the page's hint times (hints.txt).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { GAMES, GRIDLAB, SHOTS, act, boardOf, downloadSave, idOf, launch, openPage, rulesOpen, serve, settled, stateOf, statusOf, webBoard } from './lib.mjs';

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

const hashOf = (id) => '#' + id.replace(/%/g, '%25').replace(/#/g, '%23');
const urlOf = (id, anim = 'off') => server.url + '?anim=' + anim + (id ? hashOf(id) : '');
// what no text a player reads may hold
const FORBIDDEN = ["seed's", '--', 'cost =', 'Fewest cost'];
// words of the searches that a hint's text must not hold
const INTERNALS = /stopped|time limit|optimal|moves_left|astar|A\*|beam|cost =|_/;

function wordsOk(where, text) {
  for (const w of FORBIDDEN) assert.ok(!text.includes(w), `${where}: '${w}' in ${JSON.stringify(text)}`);
}

async function presetsOf(page) {
  return page.$$eval('#preset option', (o) => o.filter((x) => x.value !== 'custom').map((x) => ({ value: x.value, name: x.textContent })));
}

async function choose(page, sel, value) {
  await page.selectOption(sel, value);
  await settled(page);
}

// The board's cell size and whether its window scrolls (the board pans).
async function measure(page) {
  return page.evaluate(() => {
    const a1 = document.querySelector('[data-cell=a1]').getBoundingClientRect();
    const area = document.getElementById('board-area');
    return {
      cell: Math.round(a1.width * 10) / 10,
      pans: area.scrollWidth > area.clientWidth + 1 || area.scrollHeight > area.clientHeight + 1,
      fit: +area.dataset.fit,
      pageWidth: document.scrollingElement.scrollWidth,
      zoomIn: !document.querySelector('[data-action=zoom-in]').disabled,
      zoomOut: !document.querySelector('[data-action=zoom-out]').disabled,
    };
  });
}

// Every preset of every game at three screen sizes: cells of at least 28
// CSS px on a desktop; at least 24 on a phone, the board panning in its
// window when it is larger (and zooming); never a page wider than the
// screen.  A screenshot of each.  The default run (scripts/test) takes
// the phone, the narrowest; the full run (GL_FULL=1: scripts/test full)
// all three.
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, least: 28 },
  { name: 'phone', viewport: { width: 390, height: 844 }, least: 20, mobile: true },
  { name: 'landscape', viewport: { width: 844, height: 390 }, least: 20, mobile: true },
];
const FULL = process.env.GL_FULL === '1';
const SIZES_RUN = FULL ? SIZES : SIZES.filter((s) => s.name === 'phone');
test('every preset of every game: cells large enough to tap, or the board pans; screenshots', async () => {
  const rows = [];
  for (const size of SIZES_RUN) {
    const { context, page } = await openPage(browser, urlOf(''), size.viewport,
      size.mobile ? { hasTouch: true, isMobile: true } : {});
    try {
      for (const game of GAMES) {
        await choose(page, '#game', game);
        for (const p of await presetsOf(page)) {
          await choose(page, '#preset', p.value);
          assert.equal(await page.inputValue('#preset'), p.value);
          const m = await measure(page);
          rows.push(`${size.name.padEnd(10)} ${game.padEnd(7)} ${p.name.padEnd(58)} ${String(m.cell).padStart(5)} px${m.pans ? '  pans' : ''}`);
          assert.ok(m.cell >= size.least, `${size.name} ${game} "${p.name}": cells of ${m.cell} px`);
          // the whole board where cells of 20 px would do; else 24 px and panning
          assert.equal(m.pans, m.fit < 20, `${size.name} ${game} "${p.name}": ${JSON.stringify(m)}`);
          if (m.pans) assert.ok(m.cell >= 24, `${size.name} ${game} "${p.name}": pans with cells of ${m.cell} px`);
          assert.ok(m.pageWidth <= size.viewport.width, `${size.name} ${game} "${p.name}": the page is ${m.pageWidth} px wide`);
          if (m.pans) assert.ok(m.zoomIn || m.zoomOut, `${size.name} ${game} "${p.name}": pans but cannot zoom`);
          // the move buttons (Flood-It's colours) beside or under the board, none under it
          const under = await page.evaluate(() => {
            const keys = document.querySelector('#move-keys');
            if (!keys || keys.hidden) return null;
            const a = document.querySelector('#board-area').getBoundingClientRect();
            for (const b of keys.querySelectorAll('button')) {
              const r = b.getBoundingClientRect();
              if (r.right > a.left && r.left < a.right && r.bottom > a.top && r.top < a.bottom) return b.textContent;
            }
            return null;
          });
          assert.equal(under, null, `${size.name} ${game} "${p.name}": the move button ${under} lies under the board`);
          await page.screenshot({ path: join(SHOTS, `${size.name}-${game}-${p.value}.png`) });
        }
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  }
  const table = 'cell sizes (a1\'s width in CSS px; "pans": the board scrolls in its window)\n' + rows.join('\n') + '\n';
  writeFileSync(join(SHOTS, 'sizes.txt'), table);
  console.log(table);
});

test('a board too large for a phone pans, and zooms out to show it whole and in again', async () => {
  const { context, page } = await openPage(browser, urlOf('flood:size=22x22,colors=8,start=corner,difficulty=medium#3'),
    { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  try {
    const first = await measure(page);
    assert.ok(first.pans && first.cell >= 24, JSON.stringify(first));
    for (let i = 0; i < 12 && (await measure(page)).zoomOut; i++) await page.click('[data-action=zoom-out]');
    const whole = await measure(page);
    assert.ok(whole.cell < first.cell && !whole.pans, 'zoomed out: ' + JSON.stringify(whole));
    await page.screenshot({ path: join(SHOTS, 'phone-flood-zoomed-out.png') });
    await page.click('[data-action=zoom-in]');
    await page.click('[data-action=zoom-in]');
    assert.ok((await measure(page)).cell > whole.cell);
    // dragging the window shows the rest: the last column comes into sight
    await page.evaluate(() => { document.getElementById('board-area').scrollLeft = 1e6; });
    const last = await page.locator('[data-cell=v22]').boundingBox();
    assert.ok(last.x + last.width <= 390, JSON.stringify(last));
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// Coordinates in the move notation (a1 top-left), cell numbers for a
// board of one row; Lines' coming balls as balls (KLines: a row of them;
// Lines 98: ghosts on the cells they come to).
test('coordinates along the edges; the coming balls drawn as balls', async () => {
  const { context, page } = await openPage(browser, urlOf('lines:size=9x9,colors=7,line=5,spawn=3,rules=klines#1'));
  try {
    const labels = async () => page.evaluate(() => ({
      cols: [...document.querySelectorAll('#cols span')].map((s) => s.textContent),
      rows: [...document.querySelectorAll('#rows span')].map((s) => s.textContent),
      rowsShown: !document.getElementById('rows').hidden,
    }));
    assert.deepEqual(await labels(), { cols: 'abcdefghi'.split(''), rows: '123456789'.split(''), rowsShown: true });
    const next = (await statusOf(page)).match(/next ((?:\d ?)+)/)[1].trim().split(' ');
    const balls = await page.$$eval('#coming .ball', (b) => b.map((x) => ({
      sym: x.textContent, fill: getComputedStyle(x).getPropertyValue('--fill').trim(), bg: getComputedStyle(x).backgroundImage,
    })));
    assert.deepEqual(balls.map((b) => b.sym), next);
    for (const b of balls) assert.ok(b.fill && b.bg !== 'none', JSON.stringify(b));
    // the same colour on the board and in the row
    const onBoard = await page.$$eval('#board .cell:not(.empty) .piece', (p) => Object.fromEntries(
      p.map((x) => [x.textContent, getComputedStyle(x).getPropertyValue('--fill').trim()])));
    for (const b of balls) if (onBoard[b.sym]) assert.equal(b.fill, onBoard[b.sym]);
    await page.screenshot({ path: join(SHOTS, 'lines-klines-next.png') });

    await page.goto(urlOf('lines:size=9x9,colors=7,line=5,spawn=3,rules=lines98#1'));
    await settled(page);
    const ghosts = await page.$$eval('#board .cell.empty.marked .piece', (p) => p.map((x) => ({
      fill: getComputedStyle(x).getPropertyValue('--fill').trim(), opacity: +getComputedStyle(x).opacity,
    })));
    assert.equal(ghosts.length, 3);
    for (const g of ghosts) assert.ok(g.fill && g.opacity < 1, JSON.stringify(g));
    assert.equal(await page.locator('#coming .ball').count(), 3);
    await page.screenshot({ path: join(SHOTS, 'lines-98-ghosts.png') });

    await page.goto(urlOf('tiles:n=3,hop=2,start=standard#1'));
    await settled(page);
    assert.deepEqual(await labels(), { cols: '1234567'.split(''), rows: [], rowsShown: false });
    assert.equal(await page.locator('#coming .ball').count(), 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// A slow connection: the page says what it loads and keeps its controls
// disabled until the engine answers; the script is fetched once (the page
// and its worker share it) and the engine once.
test('a throttled load shows a loading state; the script is fetched once', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions',
      { offline: false, latency: 200, downloadThroughput: 48 * 1024, uploadThroughput: 48 * 1024 });
    server.hits.clear();
    await page.goto(urlOf('tiles:n=3,hop=2,start=standard#1'), { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => /Loading/.test(document.getElementById('loading-text').textContent), null, { timeout: 30000 });
    assert.equal(await stateOf(page), 'loading');
    assert.equal(await page.isVisible('#loading'), true);
    for (const sel of ['#game', '#preset', '[data-action=new]', '[data-action=hint]', '[data-action=solve]',
      '[data-action=undo]', '[data-action=save]', '#id-input'])
      assert.equal(await page.isDisabled(sel), true, sel + ' is enabled while the page loads');
    await page.screenshot({ path: join(SHOTS, 'loading.png') });
    await page.waitForFunction(() => /engine/.test(document.getElementById('loading-text').textContent) ||
      document.body.dataset.state !== 'loading', null, { timeout: 60000 });
    await settled(page, 120000);
    assert.equal(await stateOf(page), 'playing');
    assert.equal(await page.isVisible('#loading'), false);
    assert.equal(await page.isEnabled('[data-action=hint]'), true);
    assert.equal(await page.isEnabled('#game'), true);
    assert.equal(server.hits.get('/gridlab.js'), 1, 'gridlab.js fetched ' + server.hits.get('/gridlab.js') + ' times');
    assert.equal(server.hits.get('/gridlab.wasm'), 1, 'gridlab.wasm fetched ' + server.hits.get('/gridlab.wasm') + ' times');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// The keys of both front ends (docs/play.md): s saves (to the browser's
// saves; it never solves), S solves, n asks first when a game is in
// progress (Esc keeps it, y goes on), and so do a preset and restart.
test('keys: s saves, S solves, n asks before a game in progress is left', async () => {
  const id = 'tiles:n=3,hop=2,start=standard#1';
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    await page.click('[data-cell=e1]');
    await settled(page);
    const moved = await boardOf(page);
    await page.keyboard.press('s');
    await settled(page);
    assert.equal(await page.locator('#saves li button.link').count(), 1);
    assert.equal(await boardOf(page), moved, 's moved something');
    assert.equal(await stateOf(page), 'playing');
    assert.match(await downloadSave(page), /^# helped: hints=0 solver=no$/m);

    // n: asked; Esc keeps the game, its board and ID
    await page.keyboard.press('n');
    await page.waitForSelector('#ask-dialog[open]');
    assert.match(await page.textContent('#ask-text'), /in progress/);
    await page.keyboard.press('Escape');
    await settled(page);
    assert.equal(await page.isVisible('#ask-dialog'), false);
    assert.equal(await idOf(page), id);
    assert.equal(await boardOf(page), moved);
    // a preset and restart ask too; "Keep playing" keeps it
    await page.selectOption('#preset', '1');
    await page.waitForSelector('#ask-dialog[open]');
    await page.click('#ask-keep');
    await settled(page);
    assert.equal(await idOf(page), id);
    assert.equal(await page.inputValue('#preset'), '0');
    await page.click('[data-action=restart]');
    await page.waitForSelector('#ask-dialog[open]');
    await page.keyboard.press('n');
    await settled(page);
    assert.equal(await boardOf(page), moved);
    // y goes on: a new board
    await page.keyboard.press('n');
    await page.waitForSelector('#ask-dialog[open]');
    await page.keyboard.press('y');
    await page.waitForFunction((old) => document.getElementById('game-id').textContent !== old, id);
    await settled(page);
    assert.match(await idOf(page), /^tiles:n=3,hop=2,start=standard#\d+$/);
    // at the first position nothing is asked
    await page.keyboard.press('n');
    await settled(page);
    assert.equal(await page.isVisible('#ask-dialog'), false);
    // S solves
    await page.keyboard.press('S');
    await page.waitForFunction(() => document.body.dataset.state === 'won', null, { timeout: 30000 });
    await settled(page);
    assert.match(await page.textContent('#message'), /The solver helped/);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// The hint of the 22x22 Flood preset, as the issue found it taking 5 s
// and saying "stopped time limit": its text says whether the move is the
// best, in words, with no word of the search's own; and the time the page
// takes for the hint on every preset's first board, as a table (a
// measurement, not a limit a test holds).  The default run asks on each
// game's first preset; the full run (GL_FULL=1) on every preset.
test('the hint in words; its time in the page on every preset', async () => {
  const { context, page } = await openPage(browser, urlOf('flood:size=22x22,colors=8,start=corner,difficulty=medium#3'));
  try {
    const hint = async () => {
      const t0 = Date.now();
      await page.click('[data-action=hint]');
      await page.waitForFunction(() => /^(Hint|No hint)/.test(document.getElementById('message').textContent), null,
        { timeout: 60000 });
      const ms = Date.now() - t0;
      await settled(page);
      return { ms, text: await page.textContent('#message') };
    };
    const first = await hint();
    assert.match(first.text, /^Hint: \d, (the best move|a good move \(not proved the best\)): the game is won in \d+ more moves, within the \d+ left\.$/);
    assert.doesNotMatch(first.text.replace(/^Hint: /, ''), INTERNALS);
    const rows = [`flood 22x22, 8 colours (flood:size=22x22,...#3): ${first.ms} ms: ${first.text}`];
    for (const game of GAMES) {
      await choose(page, '#game', game);
      for (const p of (await presetsOf(page)).slice(0, FULL ? undefined : 1)) {
        await choose(page, '#preset', p.value);
        const h = await hint().catch((e) => { throw new Error(`${game} "${p.name}": ${e.message}`); });
        assert.match(h.text, /^Hint: /, `${game} "${p.name}"`);
        assert.doesNotMatch(h.text.replace(/^Hint: /, ''), INTERNALS, `${game} "${p.name}"`);
        wordsOk(`${game} "${p.name}" hint`, h.text);
        rows.push(`${game.padEnd(7)} ${p.name.padEnd(58)} ${String(h.ms).padStart(6)} ms`);
      }
    }
    const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.trim();
    const table = `the page's hint on each preset's first board (click to message, load ${load})\n${rows.join('\n')}\n`;
    writeFileSync(join(SHOTS, 'hints.txt'), table);
    console.log(table);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// Words for players in everything the page shows of each game: presets,
// rules, what Solve does, the custom form; the form asks only for what a
// browser can give (Onet's maps from a list, no file); its errors name the
// field.
test('words for players: presets, rules, forms and their errors', async () => {
  const { context, page } = await openPage(browser, urlOf(''));
  try {
    for (const game of GAMES) {
      await choose(page, '#game', game);
      for (const p of await presetsOf(page)) wordsOk(`${game} preset`, p.name);
      await page.click('[data-action=rules]');
      await rulesOpen(page);
      for (const sel of ['#rules-text', '#rules-moves', '#rules-status', '#rules-solver', '#rules-dialog'])
        wordsOk(`${game} ${sel}`, await page.textContent(sel));
      assert.ok((await page.textContent('#rules-solver')).startsWith('Solve '), game);
      const keys = await page.$$eval('#rules-dialog dl.keys dt', (d) => Object.fromEntries(d.map((x) => [x.textContent, x.nextElementSibling.textContent])));
      assert.match(keys.S, /^solve/);
      assert.match(keys.s, /^save/);
      assert.match(keys.n, /asks first/);
      await page.keyboard.press('Escape');
      const form = webBoard(game).form || {}; // what the game's tests/GAME/web.json says of its rules and form
      if (form.rules) { // the rules say what a preset changes, and which this board does
        assert.match(await page.textContent('#rules-text'), new RegExp(form.rules.text));
        assert.match(await page.textContent('#rules-board'), new RegExp(form.rules.board));
        const other = (await presetsOf(page)).find((p) => new RegExp(form.rules.preset).test(p.name));
        await choose(page, '#preset', other.value);
        await page.click('[data-action=rules]');
        await rulesOpen(page);
        assert.match(await page.textContent('#rules-board'), new RegExp(form.rules.presetBoard));
        await page.keyboard.press('Escape');
      }
      await page.selectOption('#preset', 'custom');
      await page.waitForSelector('#custom-dialog[open]');
      wordsOk(`${game} custom form`, await page.textContent('#custom-dialog'));
      assert.equal(await page.locator('#custom-dialog input[type=file]').count(), 0, game + ': a file field');
      assert.doesNotMatch(await page.textContent('#custom-dialog'), /\bfile\b/, game + ': the form speaks of files');
      for (const sel of form.absent || []) assert.equal(await page.locator(sel).count(), 0, game + ': ' + sel);
      for (const [sel, want] of Object.entries(form.options || {})) {
        const have = await page.$$eval(sel + ' option', (o) => o.map((x) => x.value));
        for (const v of want) assert.ok(have.includes(v), game + ': ' + have.join(' '));
      }
      if (form.bad) { // a value out of range: said in the form, in the form's words
        for (const [sel, v] of Object.entries(form.bad.fill)) await page.fill(sel, v);
        await page.click('#custom-form button[type=submit]');
        await settled(page);
        const error = await page.textContent('#custom-error');
        assert.match(error, new RegExp(form.bad.error));
        assert.doesNotMatch(error, /--|option/);
      }
      await page.click('#custom-cancel');
      wordsOk(`${game} best results`, await page.textContent('#best'));
      wordsOk(`${game} message`, await page.textContent('#message'));
      wordsOk(`${game} status`, await statusOf(page));
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// The time played, and the best ten of these settings, each with its time.
test('the time played and the best ten with their times', async () => {
  const id = 'tiles:n=3,hop=2,start=standard#1';
  const made = spawnSync(GRIDLAB, ['solve', id, '--json'], { encoding: 'utf8' });
  const moves = JSON.parse(made.stdout).moves;
  const { context, page } = await openPage(browser, urlOf(id));
  try {
    assert.match(await page.textContent('#clock .played'), /^\d+:\d\d$/);
    assert.equal(await page.locator('#clock .left').count(), 0);
    for (let round = 0; round < 2; round++) {
      // over: no question; a new game (a restart is the same game, recorded
      // already), the same board whatever the seed
      if (round) { await page.click('[data-action=new]'); await settled(page); }
      for (const m of moves) {
        await page.click(`[data-cell="${String.fromCharCode(96 + Number(m.split('-')[0]))}1"]`);
        await settled(page);
      }
      assert.equal(await stateOf(page), 'won');
    }
    const table = await page.$$eval('#best .best-table tr', (r) => r.map((x) => [...x.children].map((c) => c.textContent)));
    assert.deepEqual(table[0], ['#', 'result', 'time', 'date']);
    assert.equal(table.length, 3);
    for (const row of table.slice(1)) assert.match(row[2], /^\d+:\d\d$/);
    assert.equal(await page.locator('#best tr.new').count(), 1);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// Nothing moves sideways between games or with a long message: the board's
// column and the side column keep their places.
test('no layout shift between games or messages', async () => {
  const { context, page } = await openPage(browser, urlOf(''), { width: 1280, height: 800 });
  try {
    const places = async () => page.evaluate(() => {
      const r = (sel) => document.querySelector(sel).getBoundingClientRect();
      return { side: r('.side').left, tools: r('.toolbar').top, board: r('.board-pane').left, area: r('#board-area').top,
        message: r('#message').top };
    });
    const first = await places();
    for (const game of GAMES) {
      await choose(page, '#game', game);
      assert.deepEqual(await places(), first, game);
      await page.click('[data-action=hint]');
      await settled(page);
      assert.deepEqual(await places(), first, game + ' after a hint');
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// After the first cell of a two-cell move the message says what to pick.
test('the first cell of a two-cell move says what to pick next', async () => {
  const { context, page } = await openPage(browser, urlOf('lines:size=9x9,colors=7,line=5,spawn=3,rules=klines#1'));
  try {
    const ball = await page.$eval('#board .cell:not(.empty)', (c) => c.dataset.cell);
    await page.click(`[data-cell="${ball}"]`);
    await settled(page);
    assert.equal(await page.textContent('#message'), `${ball} picked: now pick the next cell of the move (Esc drops it).`);
    assert.equal(await page.locator('#board .cell.picked').count(), 1);
    await page.keyboard.press('Escape');
    await settled(page);
    assert.equal(await page.locator('#board .cell.picked').count(), 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// Colours told apart by colour alone up to sixteen, by colour and symbol
// beyond: Onet's 24 kinds each look different, Flood's 8 colours are 8
// fills; the ID field's placeholder is the game's own.
test('colours distinct up to 32 kinds; the ID placeholder is the game\'s', async () => {
  const { context, page } = await openPage(browser, urlOf('onet:map=classic,kinds=24,solvable=no#1'));
  try {
    const looks = async () => page.$$eval('#board .cell:not(.empty):not(.blocked) .piece', (p) => {
      const seen = {};
      for (const x of p) seen[x.textContent] = getComputedStyle(x).getPropertyValue('--fill').trim() + (x.classList.contains('outline') ? '/ring' : '');
      return seen;
    });
    const onet = await looks();
    assert.equal(Object.keys(onet).length, 24);
    assert.equal(new Set(Object.values(onet)).size, 24, JSON.stringify(onet));
    assert.match(await page.getAttribute('#id-input', 'placeholder'), /onet:map=classic/);
    await page.goto(urlOf('flood:size=18x18,colors=8,start=corner,difficulty=medium#1'));
    await settled(page);
    const flood = await looks();
    assert.equal(Object.keys(flood).length, 8);
    assert.equal(new Set(Object.values(flood)).size, 8);
    assert.ok(Object.values(flood).every((v) => !v.endsWith('/ring')));
    assert.match(await page.getAttribute('#id-input', 'placeholder'), /flood:size=18x18/);
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// Solve plays a Lines game on past its first plan of 20 turns, until it is
// stopped (Esc) or the game ends.
test('lines: Solve plays on past its first plan until it is stopped', async () => {
  const { context, page } = await openPage(browser, urlOf('lines:size=9x9,colors=7,line=5,spawn=3,rules=klines#1'));
  try {
    await page.keyboard.press('S');
    const turn = () => page.evaluate(() => +(document.getElementById('status').textContent.match(/turn (\d+)/) || [0, 0])[1]);
    await page.waitForFunction(() => +(document.getElementById('status').textContent.match(/turn (\d+)/) || [0, 0])[1] > 24 ||
      document.body.dataset.state !== 'playing', null, { timeout: 120000 });
    assert.ok((await turn()) > 20, 'the game ended within the first plan');
    if ((await stateOf(page)) === 'playing') {
      assert.equal(await page.textContent('[data-action=solve]'), 'Stop');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('[data-action=solve]').textContent === 'Solve', null,
        { timeout: 30000 });
      await settled(page);
      assert.match(await page.textContent('#message'), /^(The solver played \d+ moves, then you stopped it|Cancelled)/);
      const at = await turn();
      await page.waitForTimeout(1500);
      assert.equal(await turn(), at, 'the solver went on after it was stopped');
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});

// The dialogs (the rules, the custom form, the question before a game is
// left) on a desktop, a phone and a phone on its side: each lies within
// the screen's width, and what is taller than the screen scrolls inside
// the dialog, so that its buttons can be reached.  A screenshot of each.
// The default run takes the two phone screens (the narrowest and the
// shortest); the full run the desktop too.
test('the dialogs fit the screen, or scroll inside it; screenshots', async () => {
  const fits = (page, sel) => page.$eval(sel, (d) => {
    const r = d.getBoundingClientRect();
    return {
      inside: r.left >= 0 && r.right <= innerWidth + 0.5 && r.top >= 0 && r.bottom <= innerHeight + 0.5,
      scrolls: d.scrollHeight <= d.clientHeight + 1 || getComputedStyle(d).overflowY !== 'visible',
    };
  });
  const check = async (page, size, name, sel) => {
    await page.waitForSelector(sel + '[open]');
    const f = await fits(page, sel);
    assert.ok(f.inside, `${size.name} ${name}: the dialog runs off the screen`);
    assert.ok(f.scrolls, `${size.name} ${name}: taller than its box, and it does not scroll`);
    await page.screenshot({ path: join(SHOTS, `dialog-${size.name}-${name}.png`) });
  };
  for (const size of FULL ? SIZES : SIZES.filter((z) => z.mobile)) {
    const { context, page } = await openPage(browser, urlOf('tiles:n=3,hop=2,start=standard#1'), size.viewport,
      size.mobile ? { isMobile: true, hasTouch: true } : {});
    try {
      await page.keyboard.press('?');
      await rulesOpen(page);
      await check(page, size, 'rules', '#rules-dialog');
      await page.keyboard.press('Escape');
      for (const game of GAMES.filter((g) => webBoard(g).form)) { // the games whose form the tests check
        await choose(page, '#game', game);
        await page.selectOption('#preset', 'custom');
        await check(page, size, 'custom-' + game, '#custom-dialog');
        await page.click('#custom-cancel');
        await settled(page);
      }
      await page.goto(urlOf('tiles:n=3,hop=2,start=standard#1'));
      await settled(page);
      await page.click('[data-cell=e1]');
      await settled(page);
      await page.keyboard.press('n');
      await check(page, size, 'ask', '#ask-dialog');
      await page.keyboard.press('Escape');
      await settled(page);
      assert.deepEqual(page.problems, []);
    } finally {
      await context.close();
    }
  }
});

// The learned Lines player on the page (docs/web.md, "Data files"): its
// weights are not in the first load; the first hint that wants a rule
// set's file fetches it once, and keeps it in the page's cache; each hint
// is counted once (the call that wanted the file changed nothing).  A
// KLines hint fetches KLines' file only, a hint on 5 colours (the search
// player) none.
test('lines: the learned player\'s weights fetched at its first hint, once per rule set, and kept', async () => {
  const weights = '/lines98.weights', kweights = '/klines.weights';
  const { context, page } = await openPage(browser, urlOf('lines:size=9x9,colors=5,line=5,spawn=3,rules=klines#1'));
  try {
    server.hits.delete(weights);
    server.hits.delete(kweights);
    await act(page, '[data-action=hint]');
    assert.match(await page.textContent('#message'), /^Hint: /);
    assert.equal(server.hits.get(kweights), undefined, 'a hint on 5 colours fetched the KLines weights');
    await page.goto(urlOf('lines:size=9x9,colors=7,line=5,spawn=3,rules=klines#1'));
    await settled(page);
    await act(page, '[data-action=hint]');
    assert.match(await page.textContent('#message'), /^Hint: [a-z]\d-[a-z]\d/);
    assert.equal(server.hits.get(kweights), 1, 'a KLines hint: its weights fetched once');
    assert.equal(server.hits.get(weights), undefined, 'a KLines hint fetched the Lines 98 weights');
    await page.goto(urlOf('lines:size=9x9,colors=7,line=5,spawn=3,rules=lines98#1'));
    await settled(page);
    assert.equal(server.hits.get(weights), undefined, 'the weights came with the first load');
    for (let n = 1; n <= 2; n++) {
      await act(page, '[data-action=hint]');
      const said = await page.textContent('#message');
      assert.match(said, /^Hint: [a-z]\d-[a-z]\d/, 'hint ' + n);
      assert.equal(server.hits.get(weights), 1, `after hint ${n} the weights were fetched ${server.hits.get(weights)} times`);
      assert.match(await downloadSave(page), new RegExp(`^# helped: hints=${n} solver=no$`, 'm'));
    }
    for (const w of [weights, kweights])
      assert.ok(await page.evaluate((w) => caches.match(new URL('.' + w, location.href).href).then((r) => !!r), w),
        w + ' is not in the page\'s cache');
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
  }
});
