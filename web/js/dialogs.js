/* Dialogs and the side panels: the rules (with what each figure of the
 * status line means and what Solve does), the custom game form, the
 * question before a game in progress is left, the best results of the
 * game's board settings and the saves kept in the browser.  Everything
 * shown comes from the engine: the game's table (its parameters, with what
 * each takes, and presets), the state (the game's own parameter values,
 * its preset) and the tables of best results (values already in words). */
/* exported makeDialogs */
function makeDialogs(S, dom, hooks) {
  'use strict';
  const { $, el } = dom;

  function openDialog(d) {
    hooks.pause(true);
    d.showModal();
    d.scrollTop = 0; /* from its top, though its button at the bottom has the focus */
  }

  /* text: the rules of the board in play (its parameters: Lines of 4 says
   * "Four or more"), from the engine */
  function openRules(text) {
    const game = S.game;
    if (!game) return;
    $('#rules-title').textContent = game.name;
    $('#rules-text').textContent = (text || game.rules).replace(/\n(?!\n)/g, ' ');
    $('#rules-moves').textContent = game.move_help;
    /* the settings of the board in play, as its ID has them (match3's
     * refill: whether new tiles fall in) */
    const mine = S.state && S.state.game === game.name && S.state.id ? S.state.params : null;
    $('#rules-board').textContent = mine ? 'This board: ' + game.params.filter((pm) => mine[pm.key])
      .map((pm) => `${pm.key}=${mine[pm.key]}`).join(', ') + '.' : '';
    /* each figure of the status line and what it means ("FIGURE: meaning" lines) */
    const figures = $('#rules-status');
    figures.textContent = '';
    for (const line of (game.status_help || '').split('\n').filter(Boolean)) {
      const colon = line.indexOf(': ');
      figures.append(el('dt', { textContent: colon > 0 ? line.slice(0, colon) : line }),
        el('dd', { textContent: colon > 0 ? line.slice(colon + 2) : '' }));
    }
    $('#rules-status-now').textContent = S.state && S.state.status_line ? 'Now: ' + S.state.status_line : '';
    $('#rules-status-box').hidden = !game.status_help;
    $('#rules-solver').textContent = game.solve_words || '';
    openDialog($('#rules-dialog'));
  }

  /* The custom game form, built from the game's parameter table; its
   * values are the game in play's when it is this game, else the defaults.
   * It asks only for what a browser can give: a parameter that is no part
   * of IDs (a local file) is left out, and a name with built-in choices
   * (onet's maps) is picked from them. */
  function openCustom() {
    const game = S.game;
    if (!game) return;
    const form = $('#custom-fields');
    form.textContent = '';
    $('#custom-title').textContent = 'Custom ' + game.name;
    $('#custom-error').textContent = '';
    const mine = S.state && S.state.game === game.name && S.state.id ? S.state.params : {};
    for (const pm of game.params) {
      if (!pm.in_id) continue;
      const value = mine[pm.key] ? mine[pm.key] : pm.def;
      const id = 'param-' + pm.key;
      let input;
      let takes = pm.takes;
      if (pm.kind === 'int') {
        input = el('input', { type: 'number', id, min: pm.min, max: pm.max, step: 1, value: value == null ? '' : value,
          placeholder: pm.def == null ? 'default' : '' });
      } else if (pm.kind === 'size') {
        const [w, h] = value ? value.split('x') : ['', ''];
        const wi = el('input', { type: 'number', id, min: pm.min, max: pm.max, step: 1, value: w || '', placeholder: 'W' });
        const hi = el('input', { type: 'number', id: id + '-h', min: pm.hmin, max: pm.hmax, step: 1, value: h || '',
          placeholder: 'H' });
        input = el('span', { className: 'size' }, wi, ' × ', hi);
        takes = `width ${pm.min} to ${pm.max}, height ${pm.hmin} to ${pm.hmax}`;
      } else if (pm.choices) {
        input = el('select', { id });
        if (pm.def == null) input.append(el('option', { value: '', textContent: 'default' }));
        for (const c of pm.choices) input.append(el('option', { value: c, textContent: c }));
        input.value = value == null || !pm.choices.includes(value) ? '' : value;
        takes = '';
      } else {
        input = el('input', { type: 'text', id, value: value == null ? '' : value, placeholder: pm.def == null ? 'default' : '' });
      }
      const label = el('label', { htmlFor: id, textContent: pm.key });
      form.append(el('div', { className: 'row' }, label, input,
        el('small', { className: 'muted', textContent: pm.help + (takes ? ' (' + takes + ')' : '') })));
    }
    form.append(el('div', { className: 'row' }, el('label', { htmlFor: 'param-seed', textContent: 'seed' }),
      el('input', { type: 'text', id: 'param-seed', inputMode: 'numeric', placeholder: 'random' }),
      el('small', { className: 'muted', textContent: 'the same seed and settings give the same board' })));
    openDialog($('#custom-dialog'));
  }

  /* The form's fields as "key=value ..." (the engine checks them) and its seed. */
  function customValues() {
    const parts = [];
    for (const pm of S.game.params) {
      const input = $('#param-' + pm.key);
      if (!input) continue;
      if (pm.kind === 'size') {
        const w = input.value.trim(), h = $('#param-' + pm.key + '-h').value.trim();
        if (w || h) parts.push(`${pm.key}=${w}x${h}`);
      } else if (input.value.trim() !== '') parts.push(`${pm.key}=${input.value.trim().replace(/\s+/g, '')}`);
    }
    return { params: parts.join(' '), seed: $('#param-seed').value.trim() };
  }

  /* Before a game in progress is left for another: the question, as the
   * terminal asks it.  Resolves to 'yes' (go on), 'save' (save it in the
   * browser first, then go on) or 'keep' (stay).  Keys: y, s, Esc. */
  function ask(text) {
    const d = $('#ask-dialog');
    $('#ask-text').textContent = text;
    return new Promise((resolve) => {
      const keys = (e) => {
        if (e.key === 'y' || e.key === 'Y') { e.preventDefault(); d.close('yes'); }
        else if (e.key === 's') { e.preventDefault(); d.close('save'); }
        else if (e.key === 'n' || e.key === 'N') { e.preventDefault(); d.close('keep'); }
      };
      d.addEventListener('keydown', keys);
      d.addEventListener('close', () => {
        d.removeEventListener('keydown', keys);
        resolve(d.returnValue === 'yes' || d.returnValue === 'save' ? d.returnValue : 'keep');
      }, { once: true });
      d.returnValue = 'keep';
      openDialog(d);
      $('#ask-keep').focus();
    });
  }

  const clockText = (ms) => {
    const s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  };

  /* The best results of this game's board settings (glw_records): the
   * table of the best ten, each with its time played and date; the best
   * of the game's other settings under it.  fresh: the place (1 the best)
   * of a result just entered, shown apart. */
  function showBest(rec, fresh) {
    const box = $('#best');
    box.textContent = '';
    if (!rec || rec.key === undefined) return;
    if (!rec.key) {
      box.append(el('p', { className: 'best-now muted', textContent: 'A custom game: no best results.' }));
    } else if (!rec.rows.length) {
      box.append(el('p', { className: 'best-now', textContent: 'no record yet' }));
    } else {
      const table = el('table', { className: 'best-table' });
      table.append(el('tr', {}, el('th', { textContent: '#' }), el('th', { textContent: 'result' }),
        el('th', { textContent: 'time' }), el('th', { textContent: 'date' })));
      rec.rows.forEach((r, i) => {
        const when = new Date(r.when * 1000).toISOString().slice(0, 10);
        const row = el('tr', {}, el('td', { textContent: String(i + 1) }), el('td', { textContent: r.text }),
          el('td', { textContent: clockText(r.ms) }), el('td', { className: 'when', textContent: when }));
        if (fresh === i + 1) row.className = 'new';
        table.append(row);
      });
      box.append(table);
    }
    if (rec.others.length) {
      const list = el('ul', { className: 'best-list' });
      for (const o of rec.others.slice(0, 6))
        list.append(el('li', {}, el('span', { className: 'muted', textContent: o.params + ' ' }), o.text));
      box.append(list);
    }
    box.append(el('p', { className: 'muted small', textContent: rec.words }));
  }

  /* The saves kept in the browser, each to load, download or delete. */
  function showSaves(saves, on) {
    const list = $('#saves');
    list.textContent = '';
    if (!saves.length) {
      list.append(el('li', { className: 'muted', textContent: 'No saves yet.' }));
      return;
    }
    saves.forEach((s, i) => {
      const load = el('button', { className: 'link', textContent: s.name, title: s.id || '' });
      load.addEventListener('click', () => on.load(s));
      const dl = el('button', { className: 'icon', textContent: '⤓', title: 'Download' });
      dl.addEventListener('click', () => on.download(s, i));
      const del = el('button', { className: 'icon', textContent: '✕', title: 'Delete' });
      del.addEventListener('click', () => on.remove(i));
      list.append(el('li', {}, load, el('span', { className: 'muted small', textContent: s.date }), dl, del));
    });
  }

  return { openRules, openCustom, customValues, ask, showBest, showSaves, clockText };
}
