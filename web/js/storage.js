/* Storage: what the page keeps in the browser (localStorage).  The game
 * and the tables are the library's own text, made and read by the engine:
 *
 *   gridlab.game          the game in progress: its save text (the session's
 *                         serialisation: history, clock, help, level)
 *   gridlab.game.open     milliseconds the page stayed open after that save
 *                         was taken (written as the page goes away; the clock
 *                         counts them, then stands while the page is closed)
 *   gridlab.scores        the tables of best results: scores.txt's text
 *   gridlab.scores.bad-*  a damaged table, set aside under a name no
 *                         earlier one has
 *   gridlab.saves         the saves the player kept: [{name, date, id, text}]
 *   gridlab.anim          the animation speed
 *
 * Each key is written whole, so two tabs never leave half of one: the last
 * write wins.  The page before this one kept gridlab.current (its game in
 * progress as the list of calls that made it) and gridlab.best (one best
 * per board setting): takeOld() hands them over once, to be carried over
 * by the engine, and removes them. */
/* exported makeStorage */
function makeStorage() {
  'use strict';
  const get = (k) => { try { return localStorage.getItem(k); } catch (e) { return null; } };
  const set = (k, v) => { try { localStorage.setItem(k, v); return true; } catch (e) { return false; } };
  const del = (k) => { try { localStorage.removeItem(k); } catch (e) { /* forbidden: nothing to remove */ } };
  const json = (k, fallback) => {
    const v = get(k);
    if (v == null) return fallback;
    try { return JSON.parse(v); } catch (e) { return fallback; }
  };

  return {
    game: () => get('gridlab.game'),
    setGame: (text) => { set('gridlab.game', text); del('gridlab.game.open'); },
    setOpen: (ms) => set('gridlab.game.open', String(Math.max(0, Math.round(ms)))),
    takeOpen: () => {
      const v = Number(get('gridlab.game.open'));
      del('gridlab.game.open');
      return Number.isFinite(v) && v > 0 ? v : 0;
    },
    scores: () => get('gridlab.scores') || '',
    setScores: (text) => set('gridlab.scores', text),
    setAside: (text) => {
      const base = 'gridlab.scores.bad-' + new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      let key = base;
      for (let n = 2; get(key) != null; n++) key = base + '-' + n;
      set(key, text);
      return key;
    },
    saves: () => json('gridlab.saves', []),
    setSaves: (list) => set('gridlab.saves', JSON.stringify(list)),
    anim: () => json('gridlab.anim', null),
    setAnim: (name) => set('gridlab.anim', JSON.stringify(name)),
    takeOld: () => {
      const old = { game: get('gridlab.current'), bests: get('gridlab.best') };
      del('gridlab.current');
      del('gridlab.best');
      return old;
    },
  };
}
