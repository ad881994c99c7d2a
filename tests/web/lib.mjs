// What the browser tests share: a static server for the page's folder,
// Debian's chromium driven by playwright-core, the page's DOM contract
// (docs/web.md), and the command-line program for comparisons.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const BUILD = resolve(process.env.GL_WEB_BUILD || join(ROOT, 'build-web'));
export const SITE = join(BUILD, 'site');
export const SHOTS = join(BUILD, 'screenshots');
export const GRIDLAB = resolve(process.env.GRIDLAB || join(ROOT, 'build', 'gridlab'));
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// The games, as the program lists them (the page is built with every game).
export const GAMES = existsSync(GRIDLAB)
  ? spawnSync(GRIDLAB, ['list'], { encoding: 'utf8' }).stdout.split('\n').filter((l) => /^[a-z]/.test(l))
    .map((l) => l.split(/\s/)[0]).sort()
  : [];
// What a game's test folder says of its board for these tests
// (tests/GAME/web.json): `id`, a game played through the page; `ends`, what
// solving it to its end may give; optionally `anim` (the animation speed
// it is played at), `level` (true: winning it starts the next level) and
// `form`, what the page says of the game's rules and custom form: `rules`
// (the rules' text and board line, a preset that changes the board line),
// `absent` (fields it has not), `options` (a list field's values at least)
// and `bad` (fields filled with a value out of range, the error's start).
export const webBoard = (game) => JSON.parse(readFileSync(join(ROOT, 'tests', game, 'web.json'), 'utf8'));
// The program's table of best results for these tests (XDG_DATA_HOME).
export const DATA = mkdtempSync(join(tmpdir(), 'gridlab-web-data-'));
process.on('exit', () => rmSync(DATA, { recursive: true, force: true }));

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml',
};

// Serves SITE on a free loopback port; resolves to { url, close, hits }:
// hits counts the requests for each path (/gridlab.js ...).
export function serve() {
  if (!existsSync(join(SITE, 'index.html'))) throw new Error(`no page in ${SITE}: run scripts/web first`);
  const hits = new Map();
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    hits.set(path, (hits.get(path) || 0) + 1);
    const file = join(SITE, path.endsWith('/') ? path + 'index.html' : path);
    if (!file.startsWith(SITE)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => {
    ok({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((c) => server.close(c)), hits });
  }));
}

// Debian's chromium, headless, with the flags this machine's closed network needs.
export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: run scripts/bootstrap web-test`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A page with nothing stored (no localStorage, service worker or cache of
// the page's origin) at the given size; errors on the page's console,
// uncaught ones and requests to another origin fail the test that reads
// page.problems.  Without context options (touch, reduced motion...) the
// page is one kept per browser and handed back by its context's close():
// that close leaves the page for about:blank (its pagehide save runs),
// clears the origin's storage and keeps it, because a fresh context costs
// the browser about twice the processor time of a load in a kept page.
// A second page wanted while the kept one is in use gets a fresh context.
const kept = new WeakMap(); // browser -> { context, page, cdp, busy }
export async function openPage(browser, url, viewport = { width: 1280, height: 860 }, options = {}) {
  const plain = Object.keys(options).length === 0;
  if (plain && !kept.has(browser)) {
    const first = await fresh(browser, viewport, options);
    kept.set(browser, { ...first, cdp: await first.context.newCDPSession(first.page), busy: false });
  }
  const slot = plain ? kept.get(browser) : undefined;
  if (!slot || slot.busy || slot.page.isClosed()) {
    const { context, page } = await fresh(browser, viewport, options);
    await load(page, url);
    return { context, page };
  }
  const { context, page, cdp } = slot;
  slot.busy = true;
  page.problems = [];
  await page.setViewportSize(viewport);
  await load(page, url);
  const origin = page.origin;
  const release = async () => {
    if (page.isClosed()) { kept.delete(browser); return; }
    await context.setOffline(false);
    await page.goto('about:blank');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    slot.busy = false;
  };
  const handle = new Proxy(context, {
    get(target, prop) {
      if (prop === 'close') return release;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { context: handle, page };
}

async function load(page, url) {
  page.origin = new URL(url).origin;
  await page.goto(url);
  await settled(page);
}

async function fresh(browser, viewport, options) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push('console: ' + m.text()); });
  // the page fetches nothing from outside its own folder
  page.on('request', (r) => {
    if (!/^(data|blob|about):/.test(r.url()) && new URL(r.url()).origin !== page.origin) page.problems.push('request outside the page: ' + r.url());
  });
  return { context, page };
}

// Waits until the page has no request or animation under way.
export async function settled(page, timeout = 60000) {
  await page.waitForFunction(() => document.body.dataset.busy === '0' && document.body.dataset.state !== 'loading',
    null, { timeout });
}

// The rules dialog, once opened by a click or '?': the page asks the
// engine for the board's rules first, then fills and opens the dialog.
export async function rulesOpen(page) {
  await page.waitForSelector('#rules-dialog[open]', { timeout: 60000 });
}

export async function act(page, selector) {
  await page.click(selector);
  await settled(page);
}

// The board as the DOM shows it: "c4=3" for every cell, in order.
export async function boardOf(page) {
  return page.$$eval('[data-cell]', (cells) => cells.map((c) => c.dataset.cell + '=' + c.textContent).join(' '));
}

export const stateOf = (page) => page.evaluate(() => document.body.dataset.state);
export const idOf = (page) => page.textContent('#game-id');
export const statusOf = (page) => page.textContent('#status');

// The save file through the page's Download button.
export async function downloadSave(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=download]')]);
  const path = await download.path();
  return readFile(path, 'utf8');
}

// Line mode of the program: the given commands after the ID; its output.
export function cli(id, commands) {
  if (!existsSync(GRIDLAB)) throw new Error(`no program at ${GRIDLAB}: build it first (GRIDLAB=path)`);
  const r = spawnSync(GRIDLAB, ['play', id, '--lines'], {
    input: commands.join('\n') + '\nquit\n', encoding: 'utf8', timeout: 60000,
    env: { ...process.env, XDG_DATA_HOME: DATA }, // line mode records won games: not into a real table
  });
  if (r.status !== 0) throw new Error(`gridlab play ${id} --lines: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

// The cells a player picks for a move after the given moves, as the game
// says (the program's `picks MOVE`): cell names, in order.
export function picksOf(id, played, move) {
  const out = cli(id, [...played, 'picks ' + move]);
  const line = out.split('\n').find((l) => l.replace(/^(> )+/, '').startsWith(`picks ${move}:`));
  if (!line) throw new Error(`no picks of ${move} in: ` + out.slice(-400));
  return line.replace(/^.*?picks [^:]*:/, '').trim().split(/\s+/).filter((c) => /^[a-z]+[0-9]+$/.test(c));
}

// The legal moves after the given moves, by the program's `moves` command.
export function legalMoves(id, played) {
  const out = cli(id, [...played, 'moves']);
  const line = out.split('\n').reverse().find((l) => /legal moves?:/.test(l));
  if (!line) throw new Error('no move list in: ' + out.slice(-400));
  return line.replace(/^.*legal moves?:/, '').trim().split(/\s+/).filter((m) => m && m !== '...');
}
