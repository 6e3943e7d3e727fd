// The page: forms that build a mathhammer command line, run by the library
// compiled to WebAssembly (`answer`), and its report shown as the library
// rendered it, its chart drawn from the library's figure (chart.js). No rule, table or figure is computed here: the
// forms come from the command line's own flags (`forms`), the scenarios
// from the shipped files (`shipped`).
'use strict';

const EDITED = 'scenarios/edited.toml';
// The scenario the picked fight makes (`--write-scenario`), for the editor.
const PICKED = 'scenarios/picked.toml';
// The answer's chart, as the figure the page draws (chart.js).
const CHART = 'chart.json';

// The page's own words in Spanish (the report's come from the library).
const UI_ES = {
  'Warhammer Fantasy Battle 6th edition odds: charges, fights, army lists':
    'Probabilidades de Warhammer Fantasy Battle, 6.ª edición: cargas, combates, listas de ejército',
  'More options': 'Más opciones',
  line: 'línea',
  "the question's own": 'el de la pregunta',
  unit: 'unidad',
  units: 'unidades',
  'Left out:': 'Se quedan fuera:',
  Language: 'Idioma',
  'Copy link': 'Copiar enlace',
  'Link copied': 'Enlace copiado',
  Scenario: 'Escenario',
  'Scenario file (TOML)': 'Fichero de escenario (TOML)',
  Method: 'Método',
  Trials: 'Pruebas',
  Seed: 'Semilla',
  Answer: 'Responder',
  'Computing…': 'Calculando…',
  'Answered in': 'Respondido en',
  'Loading…': 'Cargando…',
  'Loading the calculator': 'Cargando la calculadora',
  'from the file': 'del fichero',
  'typed below': 'escrito debajo',
  'Profile file (TOML)': 'Fichero de perfil (TOML)',
  edited: 'editado',
  Cancel: 'Cancelar',
  Cancelled: 'Cancelado',
  trials: 'pruebas',
  fights: 'combates',
  Profiles: 'Perfiles',
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
  alone: 'solo',
  'Characters: where each stands': 'Personajes: dónde está cada uno',
  'What each unit plays as': 'Cómo juega cada unidad',
  'profiles and rosters': 'perfiles y listas',
  'army book': 'libro de ejército',
  "the book's options": 'opciones del libro',
  'a model': 'por miniatura',
  'This link is broken (its query cannot be read): the page starts afresh.':
    'Este enlace está roto (no se puede leer su consulta): la página empieza de cero.',
  Remove: 'Quitar',
  'Rosters added (kept on this device until removed):':
    'Listas añadidas (guardadas en este dispositivo hasta quitarlas):',
  // The scenario editor's fields and values (`OVERRIDES`), as the forms
  // say them (src/words/spanish_forms.rs).
  models: 'miniaturas',
  frontage: 'frente de la unidad',
  champion: 'campeón',
  standard: 'estandarte',
  musician: 'músico',
  yes: 'sí',
  ws: 'HA',
  s: 'F',
  t: 'R',
  w: 'H',
  i: 'I',
  a: 'A',
  ld: 'L',
  distance: 'distancia',
  reaction: 'reacción',
  hold: 'mantener la posición',
  'stand and shoot': 'aguantar y disparar',
  flee: 'huir',
  facing: 'encaramiento',
  front: 'frente',
  flank: 'flanco',
  rear: 'retaguardia',
  rounds: 'rondas',
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
// (those under "more options" too).
const active = selector =>
  document.querySelectorAll(
    selector
      .split(',')
      .flatMap(one => [`#fields`, `#more-fields`].map(at => `${at} [data-form="${query}"] ${one}`))
      .join(', '),
  );

// Whether query `q`'s form takes a unit or a list: a picker of units, a
// unit's file, or a roster among its files (a matchup's lists).
const takesRosters = q =>
  FORMS.find(f => f.query === q)?.fields.some(
    x =>
      ['UNIT', 'CHARACTER', 'FILE'].includes(x.value_name) ||
      (x.positional && x.files.some(p => p.endsWith('.ros'))),
  );

function showQuery(q) {
  query = q;
  for (const b of document.querySelectorAll('#tabs [role="tab"]')) {
    const selected = b.dataset.query === q;
    b.setAttribute('aria-selected', String(selected));
    // One tab stop for the list: the arrow keys move between tabs.
    b.tabIndex = selected ? 0 : -1;
    if (selected) $('query').setAttribute('aria-labelledby', b.id);
  }
  for (const f of document.querySelectorAll('#fields [data-form], #more-fields [data-form]')) {
    f.hidden = f.dataset.form !== q || fromFile();
  }
  $('combat-from').hidden = q !== 'combat';
  $('roster-files').hidden = !takesRosters(q) || fromFile();
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
  $('notice').textContent = '';
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
        // A value by its words (`stand and shoot`, `yes`), in the page's language.
        const said = c => ({ true: 'yes', false: 'no' })[c] ?? c.replaceAll('-', ' ');
        const input = choices
          ? select([['', ui('from the file')], ...choices.map(c => [c, ui(said(c))])])
          : element('input', {
              inputmode: 'decimal',
              placeholder: ui('from the file'),
              'data-ui-placeholder': 'from the file',
            });
        if (choices) {
          input.options[0].dataset.ui = 'from the file';
          for (const [i, c] of choices.entries()) input.options[i + 1].dataset.ui = said(c);
        }
        input.dataset.set = `${unit}.${name}`;
        const key = name.replace('characters.1.profile.', '');
        return element('label', {}, [element('span', { text: ui(key), 'data-ui': key }), input]);
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

// Answers the forms' question; the answer (or what went wrong) is then
// scrolled into view unless `quietly` (the page's first answer, under
// its first screen).
async function run(quietly = false) {
  clearErrors();
  // A notice stays until the player asks something (not the first answer).
  if (!quietly) $('notice').textContent = '';
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
    res = { code: 2, stdout: '', stderr: '', notes: [], error: { field: '', message: `${e}` } };
  }
  if (res === null) return null;
  running(false);
  const ms = Math.round(performance.now() - started);
  // The first screen's answer, written into the page, took no time.
  $('status').textContent = READY ? `${ui('Answered in')} ${ms} ms` : '';
  const shown = show(res);
  if (!quietly) reveal(shown);
  return res;
}

// Shows response `res`: its answer, notes and error (beside its field, or
// under Answer); returns what the player should see first.
function show(res) {
  // The library's notes and error in the page's words (no flag names).
  $('notes').replaceChildren(...(res.notes || []).map(n => element('li', { text: n })));
  let first = null;
  if (res.code !== 0) {
    const target = res.error && errorTarget(res.error.field);
    const slot = (target?.closest('.field') || target?.closest('label'))?.querySelector('.err');
    // A scenario file's error says where in the editor's text it is.
    const at = res.error?.field.match(/^scenarios\/edited\.toml:(\d+)/);
    const message = `${at ? `${ui('line')} ${at[1]}: ` : ''}${res.error?.message ?? res.stderr.trim()}`;
    if (slot) slot.textContent = message;
    else $('error').textContent = message;
    first = slot || $('says');
  }
  // The library's HTML: every text in it escaped, names from files too.
  $('report').innerHTML = res.code === 0 ? res.stdout : '';
  for (const cell of document.querySelectorAll('#report [data-table] td[data-row]')) {
    // Its figure to four places (its title), and what a tap does.
    cell.tabIndex = 0;
    cell.setAttribute('role', 'button');
    cell.setAttribute('aria-label', `${cell.title}: ${ui('Open this fight')}`);
  }
  if (res.code === 0 && res.files[PICKED]) offerPicked(res.files[PICKED]);
  const figure = res.code === 0 && res.files[CHART];
  drawChart($('chart'), figure ? JSON.parse(figure) : null);
  saveState();
  // From the page's navigation to its first answer (for BENCHMARKS.md).
  if (window.mathhammerFirstAnswerMs === undefined) {
    window.mathhammerFirstAnswerMs = Math.round(performance.now());
  }
  return first || firstFigure() || $('says');
}

// What a player reads first of an answer: its first headline figure, else
// its first answer line (a matchup's), else its first table's first row (a
// comparison's), else its title.
const firstFigure = () =>
  ['dl.headline > div', 'ul.lines > li', 'table.table tr:nth-child(2)', 'h2']
    .map(s => $('report').querySelector(s))
    .find(e => e);

// `e` scrolled into view when it is not: the top of the answer (what is
// under way and what went wrong first, then the answer) at the top of the
// screen with its first figure wholly on it, or a field's error in its
// middle. (The Answer bar sticks to the screen's bottom only while the
// form's end is below it, and the answer with it.)
function reveal(e) {
  const answer = $('report').contains(e) || e === $('says');
  if (!answer) {
    const box = e.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) e.scrollIntoView({ block: 'center' });
    return;
  }
  const figure = e === $('says') ? e : firstFigure();
  const top = $('says').getBoundingClientRect().top;
  if (top >= 0 && figure.getBoundingClientRect().bottom <= innerHeight) return;
  $('says').scrollIntoView({ block: 'start' });
  const below = figure.getBoundingClientRect().bottom - innerHeight;
  if (below > 0) window.scrollBy(0, below + 8);
}

// The whole query in the URL's fragment, so a link reproduces the answer.
// The fields of the query shown: its own, the engine's, the combat editor's.
function shownFields() {
  const own = fromFile() ? [] : [...active('[data-flag], [data-file], [data-arg]')];
  const engine = [...document.querySelectorAll('#engine [data-flag]')];
  const combat = fromFile()
    ? [...document.querySelectorAll('#combat [data-set], #combat #toml')]
    : [];
  return [...own, ...engine, ...combat];
}

// A field's name in a shared link.
const stateKey = e => e.dataset.key || e.dataset.flag || e.dataset.set || e.dataset.file || e.id;

// The dropped rosters the query names go cut to what it needs, the units
// it names renumbered to theirs (`linkedRosters`); packing them waits on
// the browser, so only the last query asked writes the link.
let saving = 0;
async function saveState() {
  const asked = ++saving;
  const values = {};
  for (const e of shownFields()) {
    if (e.dataset.file && e.tagName === 'TEXTAREA' && e.hidden) continue;
    // A field left empty is left out: a link names what was given.
    const value = e.type === 'checkbox' ? e.checked : e.value;
    if (value !== '' && value !== false) values[stateKey(e)] = value;
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

// The page's language: a link's, else the one the player last chose on
// this device, else the browser's (Spanish for `es`, `es-AR`, ...).
const LANG_KEY = 'mathhammer-lang';
function startLanguage() {
  let kept = null;
  try {
    kept = localStorage.getItem(LANG_KEY);
  } catch {}
  const browser = (navigator.languages || [navigator.language || ''])[0] || '';
  $('lang').value = kept === 'en' || kept === 'es' ? kept : /^es\b/i.test(browser) ? 'es' : 'en';
}

// The language the player chose, kept for the bare address.
function keepLanguage() {
  try {
    localStorage.setItem(LANG_KEY, lang());
  } catch {}
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
    if (['en', 'es'].includes(state?.lang)) $('lang').value = state.lang;
    $('notice').textContent = ui(
      'This link is broken (its query cannot be read): the page starts afresh.',
    );
    return false;
  }
  // A link's language wins over the page's.
  if (['en', 'es'].includes(state.lang)) $('lang').value = state.lang;
  // The rosters dropped on the page that made the link, before the fields
  // that name them.
  if (typeof state.rosters === 'object' && state.rosters !== null) {
    await addLinkedRosters(state.rosters);
  }
  $('combat-mode').value = state.mode === 'file' ? 'file' : 'pick';
  showQuery(state.q);
  // A field the link leaves out was empty (`saveState`).
  for (const e of shownFields()) {
    const key = stateKey(e);
    const given = key in state.values;
    if (e.type === 'checkbox') e.checked = given && !!state.values[key];
    else if (e.matches('[data-unit], [data-unit-file]')) setPick(e, given ? state.values[key] : '');
    else e.value = given ? state.values[key] : '';
    e.dispatchEvent(new Event('change'));
    if (e.dataset.file && given) e.hidden = false;
  }
  // A character's picker shows once his list is picked.
  pickCharacters(state.values);
  return true;
}

function translate() {
  document.documentElement.lang = lang();
  for (const e of document.querySelectorAll('[data-ui]')) e.textContent = ui(e.dataset.ui);
  for (const e of document.querySelectorAll('[data-en]')) e.textContent = e.dataset[lang()];
  for (const e of document.querySelectorAll('[data-ui-label]')) e.label = ui(e.dataset.uiLabel);
  for (const e of document.querySelectorAll('[data-ui-placeholder]')) {
    e.placeholder = ui(e.dataset.uiPlaceholder);
  }
  sayUnitSizes();
  if ($('scenario').options.length) markEdited();
  sayRosters();
  // Each character's place and why, in the new language.
  if (FORMS.length) showCharacters();
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
  // A character the matchup put elsewhere (`--join A:...`, typed or
  // picked) stands there in the fight too: list A is the attacker's when
  // it charges.
  const joins = [...active('[data-flag="--join"]')].map(e => e.value.trim()).filter(v => v);
  const side = list => ((list.toLowerCase() === 'a') === forward ? 'attacker:' : 'defender:');
  const moved = joins.map(j => j.replace(/^\s*([ab])\s*:/i, (_, list) => side(list)));
  $('combat-mode').value = 'pick';
  showQuery('combat');
  clearAnswer();
  const picks = {
    '--attacker': `${charging}:${attacker.number}`,
    '--defender': `${charged}:${defender}`,
  };
  for (const e of active('[data-flag]')) {
    if (e.dataset.join !== undefined) {
      e.value = '';
      continue;
    }
    if (e.matches('[data-unit]')) setPick(e, picks[e.dataset.flag] ?? '');
    else if (e.dataset.flag in picks) e.value = picks[e.dataset.flag];
    else e.value = '';
    e.dispatchEvent(new Event('change'));
  }
  // Each join on its character's picker; one no picker offers, typed.
  const values = {};
  const typed = [];
  showCharacters();
  for (const join of moved) {
    const [, list, number] = join.match(/^(attacker|defender):(\d+)=/) || [];
    const picker = [...active('select[data-join]')].find(
      s => s.dataset.key === `--join ${list}:${number}`,
    );
    if (picker && [...picker.options].some(o => o.value === join))
      values[picker.dataset.key] = join;
    else typed.push(join);
  }
  pickCharacters(values);
  const free = [...active('[data-flag="--join"]')].find(e => e.dataset.join === undefined);
  if (free) free.value = typed[0] ?? '';
  run();
}

async function start() {
  const started = performance.now();
  // The forms and the example's answer from the first screen written into
  // the page, while the module downloads; else from the module.
  const first = firstScreen();
  const loading = loadLibrary(first?.module_bytes);
  if (!first) {
    $('status').textContent = ui('Loading…');
    await loading;
  }
  FORMS = JSON.parse(wasm_bindgen.forms());
  SHIPPED = JSON.parse(wasm_bindgen.shipped());
  listShippedRosters();
  listArmies();
  buildTabs();
  buildForms();
  buildCombat();
  showCharacters();
  // A list or a roster's unit picked: its characters' pickers.
  $('fields').addEventListener('change', e => {
    if (e.target.matches('[data-unit], [data-arg]')) showCharacters();
  });
  // The methods in the library's words; left empty, the question's own.
  const own = element('option', { value: '', 'data-ui': "the question's own" });
  own.textContent = ui("the question's own");
  const methods = JSON.parse(wasm_bindgen.pageWords()).methods.map(m => {
    const option = words(m.label, 'option');
    option.value = m.value;
    return option;
  });
  $('method').replaceChildren(own, ...methods);
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
    keepLanguage();
    translate();
    if ($('report').textContent) run(true);
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
  // Rosters given before the module is ready are read once it is.
  $('rosters').addEventListener('change', e => LOADED.then(() => addRosters(e.target.files)));
  document.body.addEventListener('dragover', e => e.preventDefault());
  document.body.addEventListener('drop', e => {
    e.preventDefault();
    const { files } = e.dataTransfer;
    LOADED.then(() => addRosters(files));
  });
  $('copy').addEventListener('click', async () => {
    await saveState();
    $('link').value = location.href;
    try {
      await navigator.clipboard.writeText(location.href);
      $('notice').textContent = ui('Link copied');
    } catch {
      $('link').hidden = false;
      $('link').select();
    }
  });
  // A link pasted into the open page is answered there.
  addEventListener('hashchange', answerLink);
  startLanguage();
  // A link's question waits for the module (its rosters and picks ask
  // it), its forms shown meanwhile without the example's answer.
  if (location.hash.length > 1 && !READY) {
    showQuery('charge');
    translate();
    $('report').replaceChildren();
    $('run').disabled = false;
    window.mathhammerFirstScreenMs = Math.round(performance.now());
    await loading;
  }
  // The rosters kept from an earlier visit are read by the module: before
  // a link's question (it waited for the module), else once it is here.
  const kept = loading.then(restoreRosters);
  if (READY) await kept;
  const restored = await loadState();
  if (!restored) showQuery('charge');
  translate();
  $('run').disabled = false;
  // The first screen answers the first tab's example; a link's question
  // is answered and shown.
  await run(!restored);
  // The first screen shown (the module may still be on its way).
  document.body.dataset.first = 'true';
  window.mathhammerFirstScreenMs ??= Math.round(performance.now());
  await loading;
  window.mathhammerReadyMs = Math.round(performance.now() - started);
  document.body.dataset.ready = 'true';
}

// A link's question (the address's fragment changed: a link pasted into
// the open page) asked and answered, its answer in view.
async function answerLink() {
  if (!document.body.dataset.ready) return;
  const asked = await loadState();
  translate();
  if (asked) run();
}

start().catch(e => {
  $('error').textContent = `error: ${e}`;
});
