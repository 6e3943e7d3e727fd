// The page: forms that build a mathhammer command line, run by the library
// compiled to WebAssembly (`answer`), and its report shown as the library
// rendered it, its chart drawn from the library's figure (chart.js). No rule, table or figure is computed here: the
// forms come from the command line's own flags (`forms`), the scenarios
// from the shipped files (`shipped`).
'use strict';

const EDITED = 'scenarios/edited.toml';
// The scenario the picked fight makes (`--write-scenario`), for the editor.
const PICKED = 'scenarios/picked.toml';
const TYPED = flag => `scenarios/profiles/typed${flag}.toml`;
// The answer's chart, as the figure the page draws (chart.js).
const CHART = 'chart.json';

// The page's own words in Spanish (the report's come from the library).
const UI_ES = {
  Language: 'Idioma',
  'Copy link': 'Copiar enlace',
  'Link copied': 'Enlace copiado',
  Scenario: 'Escenario',
  'Scenario file (TOML)': 'Fichero de escenario (TOML)',
  Method: 'Método',
  default: 'por defecto',
  Trials: 'Pruebas',
  Seed: 'Semilla',
  Answer: 'Responder',
  'Computing…': 'Calculando…',
  'Answered in': 'Respondido en',
  'Loading…': 'Cargando…',
  Ready: 'Listo',
  'from the file': 'del fichero',
  'typed below': 'escrito debajo',
  'Profile file (TOML)': 'Fichero de perfil (TOML)',
  edited: 'editado',
  Cancel: 'Cancelar',
  Cancelled: 'Cancelado',
  trials: 'pruebas',
  fights: 'combates',
  Profiles: 'Perfiles',
  models: 'miniaturas',
  'the page reads BattleScribe rosters (.ros, .rosz)':
    'la página lee listas de BattleScribe (.ros, .rosz)',
  Fight: 'Combate',
  'units picked': 'unidades elegidas',
  'a scenario file (advanced)': 'un fichero de escenario (avanzado)',
  'this link carries a roster that cannot be read':
    'este enlace lleva una lista que no se puede leer',
  'Add rosters (.ros, .rosz), or drop them on the page':
    'Añade listas (.ros, .rosz), o suéltalas en la página',
  'Open this fight': 'Abrir este combate',
  attacker: 'atacante',
  defender: 'defensor',
  'attacker character': 'personaje del atacante',
  'defender character': 'personaje del defensor',
  situation: 'situación',
  'This link is broken (its query cannot be read): the page starts afresh.':
    'Este enlace está roto (no se puede leer su consulta): la página empieza de cero.',
};

// Scenario fields the combat form overrides (`--set`), in groups; empty
// keeps the file's. A character's fields apply to the file's first one.
const YES_NO = ['true', 'false'];
const CHARACTER = ['ws', 's', 't', 'w', 'i', 'a', 'ld'].map(c => [`characters.1.profile.${c}`]);
const OVERRIDES = {
  attacker: [
    ['models'],
    ['frontage'],
    ['champion', YES_NO],
    ['standard', YES_NO],
    ['musician', YES_NO],
  ],
  defender: [
    ['models'],
    ['frontage'],
    ['champion', YES_NO],
    ['standard', YES_NO],
    ['musician', YES_NO],
  ],
  'attacker character': CHARACTER,
  'defender character': CHARACTER,
  situation: [
    ['distance'],
    ['reaction', ['hold', 'stand-and-shoot', 'flee']],
    ['facing', ['front', 'flank', 'rear']],
    ['rounds'],
  ],
};

let FORMS = [];
let SHIPPED = {};
let query = 'charge';
const $ = id => document.getElementById(id);
const ui = text => (lang() === 'es' && UI_ES[text]) || text;
const lang = () => $('lang').value;

function element(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function select(options, value = '') {
  const s = element('select');
  for (const [v, label] of options) s.append(element('option', { value: v, text: label }));
  s.value = value;
  return s;
}

// Words of the library's forms in both languages ({en, es}): shown in the
// page's language, and again in the other when it changes (`translate`).
function words(w, tag = 'span') {
  return element(tag, { 'data-en': w.en, 'data-es': w.es, text: w[lang()] });
}

// A field's help in both languages, with its accepted values where they
// are a list (part of its words, so a new language keeps them).
function helpOf(f) {
  const values = f.list && f.choices.length ? ` (${f.choices.map(c => c.value).join(', ')})` : '';
  const help = words({ en: f.help.en + values, es: f.help.es + values }, 'small');
  help.className = 'help';
  return help;
}

// One form field for a flag or an argument of the command line.
function field(f) {
  const err = element('small', { class: 'err' });
  const help = helpOf(f);
  if (!f.value) {
    const box = element('input', { type: 'checkbox', 'data-flag': f.flag });
    return element('label', { class: 'switch' }, [box, words(f.label), help, err]);
  }
  if (f.value_name === 'UNIT' || f.value_name === 'CHARACTER') return unitPicker(f, err);
  if (f.positional) return argumentPicker(f, err);
  let input;
  if (f.value_name === 'FILE') {
    const profiles = shippedProfiles();
    input = select([
      ['', '—'],
      ...profiles.map(p => [p, p.replace('scenarios/profiles/', '')]),
      [TYPED(f.flag), ui('typed below')],
    ]);
    const typed = element('textarea', {
      rows: 6,
      spellcheck: 'false',
      'data-file': TYPED(f.flag),
      hidden: '',
    });
    input.lastChild.dataset.ui = 'typed below';
    input.addEventListener('change', () => {
      typed.hidden = input.value !== TYPED(f.flag);
    });
    input.dataset.flag = f.flag;
    return element('label', {}, [words(f.label), input, help, typed, err]);
  }
  if (f.choices.length && !f.list) {
    // Left empty, a flag is not sent: its default (or a profile file's
    // value) stands, as on the command line.
    const standing = f.choices.find(c => c.value === f.default)?.label;
    const none = standing
      ? words({ en: `— (${standing.en})`, es: `— (${standing.es})` }, 'option')
      : element('option', { text: '—' });
    none.value = '';
    input = element('select', {}, [none]);
    for (const c of f.choices) {
      const option = words(c.label, 'option');
      option.value = c.value;
      input.append(option);
    }
  } else {
    input = element('input', {
      inputmode: f.list ? 'text' : 'decimal',
      placeholder: f.default || '',
    });
  }
  input.dataset.flag = f.flag;
  if (f.list && f.choices.length <= 6) {
    // Its own boxes' labels in it: a field, not a label.
    return element('div', { class: 'field' }, [
      element('label', {}, [words(f.label), input]),
      listBoxes(f, input),
      help,
      err,
    ]);
  }
  return element('label', {}, [words(f.label), input, help, err]);
}

// A short list's values as boxes beside its text, each adding its value to
// the text or taking it out; the text stays what is sent (and shared).
function listBoxes(f, input) {
  const listed = () =>
    input.value
      .split(',')
      .map(v => v.trim())
      .filter(v => v);
  const boxes = f.choices.map(c => {
    const box = element('input', { type: 'checkbox', value: c.value });
    box.addEventListener('change', () => {
      const others = listed().filter(v => v !== c.value);
      input.value = [...others, ...(box.checked ? [c.value] : [])].join(',');
    });
    return box;
  });
  const tick = () => {
    for (const box of boxes) box.checked = listed().includes(box.value);
  };
  input.addEventListener('input', tick);
  input.addEventListener('change', tick);
  return element(
    'span',
    { class: 'boxes' },
    boxes.map((box, i) => element('label', { class: 'switch' }, [box, words(f.choices[i].label)])),
  );
}

// An argument without a flag: a shipped file it may name (a roster, a
// battle line, a query file or scenario), rosters dropped on the page too;
// several (compare's files) as three menus, the third optional.
function argumentPicker(f, err) {
  const count = f.several ? 3 : 1;
  const menus = [];
  // The form's arguments start on different files (list A, list B).
  const place = FORMS.find(q => q.fields.includes(f))
    .fields.filter(x => x.positional)
    .indexOf(f);
  for (let i = place; i < place + count; i++) {
    const menu = element('select', {
      'data-arg': f.flag,
      'data-key': `${f.flag}${i}`,
      'aria-label': f.label.en,
    });
    menu.dataset.rosters = f.files.some(p => p.endsWith('.ros')) ? 'true' : '';
    fillArgument(menu, f.files, f.required && i < 2 ? f.files[i] || '' : '');
    menus.push(menu);
  }
  return element('label', {}, [words(f.label), ...menus, helpOf(f), err]);
}

// A file menu's choices: `files`, then the rosters dropped, for a roster's.
function fillArgument(menu, files = JSON.parse(menu.dataset.files), value = menu.value) {
  menu.dataset.files = JSON.stringify(files);
  const dropped = menu.dataset.rosters ? Object.keys(DROPPED) : [];
  menu.replaceChildren(
    element('option', { value: '', text: '—' }),
    ...[...files, ...dropped].map(p => element('option', { value: p, text: p.split('/').pop() })),
  );
  menu.value = value;
}

// One form per query, built once: switching keeps what was typed.
function buildForms() {
  $('fields').replaceChildren(
    ...FORMS.map(f =>
      element('div', { 'data-form': f.query, class: 'form', hidden: '' }, f.fields.map(field)),
    ),
  );
}

// A tab per query, in the library's order, named in both languages.
function buildTabs() {
  $('tabs').replaceChildren(
    ...FORMS.map(f => {
      const tab = words(f.title, 'button');
      Object.assign(tab, { type: 'button', id: `tab-${f.query}` });
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', 'query');
      tab.dataset.query = f.query;
      return tab;
    }),
  );
}

// The shown query's own fields matching `selector`.
const active = selector => document.querySelectorAll(`#fields [data-form="${query}"] ${selector}`);

function showQuery(q) {
  query = q;
  for (const b of document.querySelectorAll('#tabs [role="tab"]')) {
    const selected = b.dataset.query === q;
    b.setAttribute('aria-selected', String(selected));
    // One tab stop for the list: the arrow keys move between tabs.
    b.tabIndex = selected ? 0 : -1;
    if (selected) $('query').setAttribute('aria-labelledby', b.id);
  }
  for (const f of document.querySelectorAll('#fields [data-form]')) {
    f.hidden = f.dataset.form !== q || fromFile();
  }
  $('combat-from').hidden = q !== 'combat';
  $('combat').hidden = !fromFile();
}

// Whether the combat tab fights the scenario file of its editor (else the
// units picked).
const fromFile = () => query === 'combat' && $('combat-mode').value === 'file';

// The scenario menu says "edited" once the editor's text is not the file's.
function markEdited() {
  for (const o of $('scenario').options) {
    const name = o.value.replace('scenarios/', '');
    const edited = o.selected && $('toml').value !== SHIPPED[o.value];
    o.textContent = edited ? `${name} (${ui('edited')})` : name;
  }
}

// A new query's form shows no answer to the last one.
function clearAnswer() {
  clearErrors();
  for (const id of ['report', 'notes', 'status']) $(id).textContent = '';
  drawChart($('chart'), null);
}

// The advanced editor shows the scenario of the fight last picked, first
// in its menu.
function offerPicked(text) {
  SHIPPED[PICKED] = text;
  const menu = $('scenario');
  if (!menu.querySelector(`option[value="${PICKED}"]`)) {
    menu.prepend(element('option', { value: PICKED }));
  }
  menu.value = PICKED;
  $('toml').value = text;
  markEdited();
}

function buildCombat() {
  const scenarios = Object.keys(SHIPPED).filter(p => /^scenarios\/[^/]+\.toml$/.test(p));
  $('scenario').replaceChildren(
    ...scenarios.map(p => element('option', { value: p, text: p.replace('scenarios/', '') })),
  );
  $('scenario').addEventListener('change', () => {
    $('toml').value = SHIPPED[$('scenario').value];
    markEdited();
  });
  $('toml').addEventListener('input', markEdited);
  $('toml').value = SHIPPED[scenarios[0]];
  $('overrides').replaceChildren(
    ...Object.entries(OVERRIDES).map(([group, fields]) => {
      const unit = group.split(' ')[0];
      const inputs = fields.map(([name, choices]) => {
        const input = choices
          ? select([['', ui('from the file')], ...choices.map(c => [c, c])])
          : element('input', {
              inputmode: 'decimal',
              placeholder: ui('from the file'),
              'data-ui-placeholder': 'from the file',
            });
        if (choices) input.options[0].dataset.ui = 'from the file';
        input.dataset.set = `${unit}.${name}`;
        return element('label', {}, [
          element('span', { text: name.replace('characters.1.profile.', '') }),
          input,
        ]);
      });
      return element('details', {}, [
        element('summary', { text: ui(group), 'data-ui': group }),
        element('div', { class: 'grid' }, inputs),
      ]);
    }),
  );
}

// The command line the forms describe, and the files it names.
function request() {
  const args = [query];
  const files = { ...DROPPED };
  if (fromFile()) {
    args.push(EDITED);
    files[EDITED] = $('toml').value;
    for (const o of document.querySelectorAll('#overrides [data-set]')) {
      if (o.value.trim() !== '') args.push('--set', `${o.dataset.set}=${o.value.trim()}`);
    }
  }
  for (const e of active('[data-arg]')) {
    if (e.value) args.push(e.value);
  }
  for (const e of fromFile() ? [] : active('[data-flag]')) {
    if (e.type === 'checkbox') {
      if (e.checked) args.push(e.dataset.flag);
    } else if (e.dataset.unit !== undefined) {
      if (e.value) args.push(e.dataset.flag, unitValue(e));
    } else if (e.value.trim() !== '') {
      args.push(e.dataset.flag, e.value.trim());
    }
  }
  for (const t of active('textarea[data-file]')) {
    if (!t.hidden) files[t.dataset.file] = t.value;
  }
  const method = $('method').value;
  if (method) args.push('--method', method);
  const sampled = method ? method !== 'exact' : query === 'combat';
  if (sampled) args.push('--trials', $('trials').value.trim(), '--seed', $('seed').value.trim());
  if (query === 'combat' && !fromFile()) args.push('--write-scenario', PICKED);
  args.push('--lang', lang(), '--html', '--plot', CHART);
  return { args, files };
}

// Where an error belongs: the form field of the flag or file the library
// names as its field (`--move`, `scenarios/edited.toml:7:1`, `--set`).
function errorTarget(field) {
  if (field.startsWith(EDITED) || field === '--set') return $('toml');
  const file = field.match(/^scenarios\/profiles\/typed(--[a-z-]+)\.toml/);
  const flag = file ? file[1] : field.split(':')[0];
  if (!flag.startsWith('--')) return null;
  const own = [...active('[data-flag]')].find(e => e.dataset.flag === flag);
  return own || document.querySelector(`#engine [data-flag="${flag}"]`);
}

function clearErrors() {
  for (const e of document.querySelectorAll('.err')) e.textContent = '';
}

async function run() {
  clearErrors();
  const req = request();
  // A new question replaces the one under way.
  cancel();
  $('status').textContent = ui('Computing…');
  running(true);
  const started = performance.now();
  let res;
  try {
    res = await ask(req);
  } catch (e) {
    res = { code: 2, stdout: '', stderr: `error: ${e}\n`, error: null, files: {} };
  }
  if (res === null) return null;
  running(false);
  const ms = Math.round(performance.now() - started);
  $('status').textContent = `${ui('Answered in')} ${ms} ms`;
  show(res);
  return res;
}

function show(res) {
  const lines = res.stderr.split('\n').filter(l => l);
  const errors = lines.filter(l => l.startsWith('error:'));
  $('notes').textContent = lines.filter(l => !l.startsWith('error:')).join('\n');
  for (const line of errors) {
    const target = res.error && errorTarget(res.error.field);
    const slot = (target?.closest('.field') || target?.closest('label'))?.querySelector('.err');
    (slot || $('error')).textContent = line;
  }
  // The library's HTML: every text in it escaped, names from files too.
  $('report').innerHTML = res.code === 0 ? res.stdout : '';
  for (const cell of document.querySelectorAll('#report [data-table] td[data-row]')) {
    Object.assign(cell, { tabIndex: 0, title: ui('Open this fight') });
    cell.setAttribute('role', 'button');
  }
  if (res.code === 0 && res.files[PICKED]) offerPicked(res.files[PICKED]);
  const figure = res.code === 0 && res.files[CHART];
  drawChart($('chart'), figure ? JSON.parse(figure) : null);
  saveState();
  // From the page's navigation to its first answer (for BENCHMARKS.md).
  if (window.mathhammerFirstAnswerMs === undefined) {
    window.mathhammerFirstAnswerMs = Math.round(performance.now());
  }
}

// The whole query in the URL's fragment, so a link reproduces the answer.
// The fields of the query shown: its own, the engine's, the combat editor's.
function shownFields() {
  const own = fromFile() ? [] : [...active('[data-flag], [data-file], [data-models], [data-arg]')];
  const engine = [...document.querySelectorAll('#engine [data-flag]')];
  const combat = fromFile()
    ? [...document.querySelectorAll('#combat [data-set], #combat #toml')]
    : [];
  return [...own, ...engine, ...combat];
}

// A field's name in a shared link.
const stateKey = e =>
  e.dataset.key ||
  e.dataset.flag ||
  e.dataset.set ||
  e.dataset.file ||
  (e.dataset.models ? `models${e.dataset.models}` : e.id);

// The dropped rosters the query names go cut to what it needs, the units
// it names renumbered to theirs (`linkedRosters`); packing them waits on
// the browser, so only the last query asked writes the link.
let saving = 0;
async function saveState() {
  const asked = ++saving;
  const values = {};
  for (const e of shownFields()) {
    if (e.dataset.file && e.tagName === 'TEXTAREA' && e.hidden) continue;
    // Only the shown tab's fields (`active`'s selector list reaches every
    // form's models and files): another tab's roster would ride along.
    const form = e.closest('[data-form]');
    if (form && form.dataset.form !== query) continue;
    values[stateKey(e)] = e.type === 'checkbox' ? e.checked : e.value;
  }
  const state = { q: query, lang: lang(), mode: $('combat-mode').value, values };
  const linked = await linkedRosters(values);
  if (asked !== saving) return;
  if (Object.keys(linked.rosters).length) {
    state.values = linked.values;
    state.rosters = linked.rosters;
  }
  history.replaceState(null, '', `#${encodeURIComponent(JSON.stringify(state))}`);
}

async function loadState() {
  if (location.hash.length < 2) return false;
  let state;
  try {
    state = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  } catch {
    state = null;
  }
  const known = state && FORMS.some(f => f.query === state.q);
  if (!known || typeof state.values !== 'object' || state.values === null) {
    $('lang').value = state?.lang === 'es' ? 'es' : 'en';
    $('error').textContent = ui(
      'This link is broken (its query cannot be read): the page starts afresh.',
    );
    return false;
  }
  $('lang').value = state.lang === 'es' ? 'es' : 'en';
  // The rosters dropped on the page that made the link, before the fields
  // that name them.
  if (typeof state.rosters === 'object' && state.rosters !== null) {
    await addLinkedRosters(state.rosters);
  }
  $('combat-mode').value = state.mode === 'file' ? 'file' : 'pick';
  showQuery(state.q);
  for (const e of shownFields()) {
    const key = stateKey(e);
    if (!(key in state.values)) continue;
    if (e.type === 'checkbox') e.checked = !!state.values[key];
    else e.value = state.values[key];
    e.dispatchEvent(new Event('change'));
    if (e.dataset.file) e.hidden = false;
  }
  return true;
}

function translate() {
  document.documentElement.lang = lang();
  for (const e of document.querySelectorAll('[data-ui]')) e.textContent = ui(e.dataset.ui);
  for (const e of document.querySelectorAll('[data-en]')) e.textContent = e.dataset[lang()];
  for (const e of document.querySelectorAll('[data-ui-placeholder]')) {
    e.placeholder = ui(e.dataset.uiPlaceholder);
  }
  if ($('scenario').options.length) markEdited();
}

// A matchup's heat-map cell opens its fight in the combat tab: the row's
// charger (its name's first number: `2, 3. Orc Boyz`, units alike folded
// into one row, plays as 2) against the column's unit (`unit_N` or
// `unit_N_M`, its numbers in the other list: the first).
function openCell(cell) {
  const lists = [...active('[data-arg]')].map(menu => menu.value);
  const forward = cell.closest('[data-table]').dataset.table === 'a_charges_b';
  const [charging, charged] = forward ? lists : [...lists].reverse();
  const number = cell.closest('tr').querySelector('th').textContent.match(/^\d+/);
  const attacker = number && { number: number[0] };
  const defender = cell.dataset.column.replace('unit_', '').split('_')[0];
  if (!attacker) return;
  $('combat-mode').value = 'pick';
  showQuery('combat');
  clearAnswer();
  const picks = {
    '--attacker': `${charging}:${attacker.number}`,
    '--defender': `${charged}:${defender}`,
  };
  for (const e of active('[data-flag]')) {
    if (e.dataset.flag in picks) e.value = picks[e.dataset.flag];
    else e.value = '';
    e.dispatchEvent(new Event('change'));
  }
  run();
}

async function start() {
  $('status').textContent = ui('Loading…');
  const started = performance.now();
  await loadLibrary();
  FORMS = JSON.parse(wasm_bindgen.forms());
  SHIPPED = JSON.parse(wasm_bindgen.shipped());
  listShippedRosters();
  buildTabs();
  buildForms();
  buildCombat();
  const tabs = [...document.querySelectorAll('#tabs [role="tab"]')];
  for (const b of tabs) {
    b.addEventListener('click', () => {
      showQuery(b.dataset.query);
      clearAnswer();
    });
  }
  $('tabs').addEventListener('keydown', e => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    const next =
      tabs[(tabs.findIndex(b => b.dataset.query === query) + step + tabs.length) % tabs.length];
    next.focus();
    next.click();
  });
  // A report shown is shown again in the new language.
  $('lang').addEventListener('change', () => {
    translate();
    if ($('report').textContent) run();
  });
  $('query').addEventListener('submit', e => {
    e.preventDefault();
    run();
  });
  $('cancel').addEventListener('click', cancel);
  watchChart($('chart'));
  $('report').addEventListener('click', e => {
    const cell = e.target.closest('td[data-row]');
    if (cell) openCell(cell);
  });
  $('report').addEventListener('keydown', e => {
    const cell = e.target.closest('td[data-row]');
    if (cell && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      openCell(cell);
    }
  });
  $('combat-mode').addEventListener('change', () => {
    showQuery(query);
    clearAnswer();
  });
  $('rosters').addEventListener('change', e => addRosters(e.target.files));
  document.body.addEventListener('dragover', e => e.preventDefault());
  document.body.addEventListener('drop', e => {
    e.preventDefault();
    addRosters(e.dataTransfer.files);
  });
  $('copy').addEventListener('click', async () => {
    await saveState();
    $('link').value = location.href;
    try {
      await navigator.clipboard.writeText(location.href);
      $('status').textContent = ui('Link copied');
    } catch {
      $('link').hidden = false;
      $('link').select();
    }
  });
  const restored = await loadState();
  if (!restored) showQuery('charge');
  translate();
  window.mathhammerReadyMs = Math.round(performance.now() - started);
  $('status').textContent = ui('Ready');
  if (restored) run();
  document.body.dataset.ready = 'true';
}

start().catch(e => {
  $('error').textContent = `error: ${e}`;
});
