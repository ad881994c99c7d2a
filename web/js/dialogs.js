/* Dialogs and the side panels: the rules (with what each figure of the
 * status line means), the custom game form, the best results of the game's
 * board settings and the saves kept in the browser.  Everything shown comes
 * from the engine: the game's table (its parameters, with what each takes,
 * and presets), the state (the game's own parameter values, its preset) and
 * the tables of best results (values already in words). */
/* exported makeDialogs */
function makeDialogs(S, dom, hooks) {
  'use strict';
  const { $, el } = dom;

  function openDialog(d) {
    hooks.pause(true);
    d.showModal();
  }

  function openRules() {
    const game = S.game;
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
    $('#rules-status-now').textContent = S.state && S.state.status_line ? 'Now: ' + S.state.status_line : '';
    $('#rules-status-box').hidden = !game.status_help;
    $('#rules-solver').textContent = game.solvers.length ? game.solvers[0].summary : '';
    openDialog($('#rules-dialog'));
  }

  /* The custom game form, built from the game's parameter table; its
   * values are the game in play's when it is this game, else the defaults. */
  function openCustom() {
    const game = S.game;
    if (!game) return;
    const form = $('#custom-fields');
    form.textContent = '';
    $('#custom-title').textContent = 'Custom ' + game.name;
    $('#custom-error').textContent = '';
    const mine = S.state && S.state.game === game.name && S.state.id ? S.state.params : {};
    for (const pm of game.params) {
      const value = mine[pm.key] ? mine[pm.key] : pm.def;
      const id = 'param-' + pm.key;
      let input;
      if (pm.kind === 'int') {
        input = el('input', { type: 'number', id, min: pm.min, max: pm.max, step: 1, value: value == null ? '' : value,
          placeholder: pm.def == null ? 'default' : '' });
      } else if (pm.kind === 'size') {
        const [w, h] = value ? value.split('x') : ['', ''];
        const wi = el('input', { type: 'number', id, min: pm.min, max: pm.max, step: 1, value: w || '', placeholder: 'W' });
        const hi = el('input', { type: 'number', id: id + '-h', min: pm.hmin, max: pm.hmax, step: 1, value: h || '',
          placeholder: 'H' });
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
      form.append(el('div', { className: 'row' }, label, input,
        el('small', { className: 'muted', textContent: pm.help + ' (' + pm.takes + ')' })));
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
      if (pm.kind === 'size') {
        const w = input.value.trim(), h = $('#param-' + pm.key + '-h').value.trim();
        if (w || h) parts.push(`${pm.key}=${w}x${h}`);
      } else if (input.value.trim() !== '') parts.push(`${pm.key}=${input.value.trim().replace(/\s+/g, '')}`);
    }
    return { params: parts.join(' '), seed: $('#param-seed').value.trim() };
  }

  /* The best results of this game's board settings (glw_records). */
  function showBest(rec) {
    const box = $('#best');
    box.textContent = '';
    if (!rec || rec.key === undefined) return;
    if (!rec.key) {
      box.append(el('p', { className: 'best-now muted', textContent: 'A custom game: no best results.' }));
    } else if (!rec.rows.length) {
      box.append(el('p', { className: 'best-now', textContent: 'no record yet' }));
    } else {
      const list = el('ol', { className: 'best-rows' });
      for (const r of rec.rows) {
        const when = new Date(r.when * 1000).toISOString().slice(0, 10);
        list.append(el('li', {}, el('strong', { textContent: r.text }), el('span', { className: 'muted', textContent: '  ' + when })));
      }
      box.append(list);
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

  return { openRules, openCustom, customValues, showBest, showSaves };
}
