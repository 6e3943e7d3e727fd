// The unit pickers: each unit from the shipped profiles (with a model
// count), from a roster, shipped or dropped on the page, listed by the
// library (`roster FILE --json`), or from an army book, its army then its
// unit (`units --json`, `units ARMY --json`). A pick is the value
// `combat --attacker` takes: PROFILE.toml:MODELS, ROSTER.ros:NUMBER or
// ARMY:UNIT (the army's key and the unit's name), its models in the
// models field.
'use strict';

// Rosters dropped on the page, by path: sent with every question.
const DROPPED = {};
// The files last given to the page, by name with their bytes: what they
// gave is said again in a new language.
const GIVEN = [];
// The units of every roster that fight: { path, list, number, name, models }.
const ROSTER_UNITS = [];

// The units of roster `path` (its text in `files` if dropped) that fight.
function rosterUnits(path, files = {}) {
  const res = answerHere({ args: ['roster', path, '--json'], files });
  if (res.code !== 0) throw new Error(res.stderr.trim());
  const roster = JSON.parse(res.stdout);
  return roster.units
    .filter(u => !u.left_out)
    .map(u => ({
      path,
      list: roster.name,
      number: u.number,
      name: u.name,
      models: u.models,
      plays_as: u.plays_as,
    }));
}

function listShippedRosters() {
  for (const path of Object.keys(SHIPPED).filter(p => p.endsWith('.ros'))) {
    ROSTER_UNITS.push(...rosterUnits(path));
  }
}

// The shipped profile files (`scenarios/profiles/NAME.toml`), for the
// unit pickers and the attacks tab's profile menus.
const shippedProfiles = () =>
  Object.keys(SHIPPED).filter(p => /^scenarios\/profiles\/[^/]+\.toml$/.test(p));

// The army books (`units --json`: key, book, Spanish name), read once.
let ARMIES = [];
// Each army book's units that fight (`units ARMY --json`), read when the
// army is first picked, each with its pick.
const ARMY_UNITS = {};
// Each army book unit's size (`units ARMY UNIT --json`'s `models`, and
// `size`, its words in the page's language) and the options a player may
// choose (`choices`), by language and pick.
const UNIT_SIZES = {};

// A library answer's JSON for command line `args`, or its error thrown.
function libraryAnswer(args) {
  const res = answerHere({ args: [...args, '--json'], files: {} });
  if (res.code !== 0) throw new Error(res.stderr.trim());
  return JSON.parse(res.stdout);
}

function listArmies() {
  const started = performance.now();
  ARMIES = libraryAnswer(['units']).armies;
  // The first `units --json` in the page (for BENCHMARKS.md).
  window.mathhammerUnitsMs = performance.now() - started;
}

// Army `key`'s units that fight, in the book's order: each picked by its
// name (`empire:Halberdiers`), or by its number where the book names two
// alike (two Cannons).
function armyUnits(key) {
  if (!ARMY_UNITS[key]) {
    const all = libraryAnswer(['units', key]).units;
    const alike = name => all.filter(u => u.name === name).length > 1;
    ARMY_UNITS[key] = all
      .filter(u => !u.left_out)
      .map(u => ({ ...u, pick: `${key}:${alike(u.name) ? u.number : u.name}` }));
  }
  return ARMY_UNITS[key];
}

// The army book a pick names (`the-empire:Halberdiers`), if any: a file's
// path never is one (it has a `/` or a `.`).
function armyOf(value) {
  const key = (value || '').split(':')[0];
  return ARMIES.some(a => a.key === key) ? key : '';
}

// Army book unit `pick`'s fewest and most models (null: no limit), and
// its size as the library says it in the page's language ("10 or more
// models", "1 miniatura").
function unitSize(pick) {
  const at = `${lang()} ${pick}`;
  if (!UNIT_SIZES[at]) {
    const [key, ...unit] = pick.split(':');
    const answer = libraryAnswer(['units', key, unit.join(':'), '--lang', lang()]);
    UNIT_SIZES[at] = { ...answer.models, words: answer.size, choices: answer.choices ?? [] };
  }
  return UNIT_SIZES[at];
}

// The models field that goes with unit picker `source` (`--attacker`'s
// `--attacker-models`; for attacks and shoot, `--models` and
// `--target-models`), if its form has one.
function modelsField(source) {
  const form = source.closest('.form');
  const flag = source.dataset.flag;
  const own = { '--attacker': ['--attacker-models', '--models'], '--target': ['--target-models'] };
  for (const f of own[flag] ?? [`${flag}-models`]) {
    const found = form?.querySelector(`[data-flag="${f}"]`);
    if (found) return found;
  }
  return null;
}

// Each army book unit's size said again, in the page's language.
function sayUnitSizes() {
  for (const hint of document.querySelectorAll('small.size[data-pick]')) {
    hint.textContent = unitSize(hint.dataset.pick).words;
  }
}

// The army menu before unit picker `source`: its profiles and rosters
// first, then each army book, named in the page's language; an army
// picked, the unit picker lists its units.
function armyPicker(source) {
  const files = element('option', {
    value: '',
    'data-ui': 'profiles and rosters',
    text: ui('profiles and rosters'),
  });
  const books = ARMIES.map(a => {
    const option = words({ en: a.book, es: a.spanish ?? a.book }, 'option');
    option.value = a.key;
    return option;
  });
  const menu = element('select', { 'data-army': '' }, [files, ...books]);
  menu.addEventListener('change', () => {
    source.dataset.army = menu.value;
    source.value = '';
    fillPicker(source);
    source.dispatchEvent(new Event('change', { bubbles: true }));
  });
  return menu;
}

// The label of field `f`, whose picker `source` has an army menu before
// it, then that menu: the menu named by the label and "army book", the
// picker by the label.
function labelledPicker(f, source) {
  const id = `unit-${FORMS.find(q => q.fields.includes(f)).query}${f.flag}`;
  const label = words(f.label);
  label.id = `${id}-label`;
  const book = element('span', {
    id: `${id}-book`,
    hidden: '',
    'data-ui': 'army book',
    text: ui('army book'),
  });
  const menu = armyPicker(source);
  menu.setAttribute('aria-labelledby', `${id}-label ${id}-book`);
  source.setAttribute('aria-labelledby', `${id}-label`);
  return [label, book, menu];
}

// Unit picker `source` set to `value`: its army menu to the army it names
// (none for a file), its units listed.
function setPick(source, value) {
  const army = armyOf(value);
  const menu = source.parentNode.querySelector('[data-army]');
  if (menu) menu.value = army;
  source.dataset.army = army;
  fillPicker(source);
  source.value = value;
}

// An army book's unit picked: its models field starts at its fewest and
// says its size beside; else what it says is gone.
function showSize(source, hint) {
  const pick = source.value;
  if (!armyOf(pick)) {
    hint.textContent = '';
    delete hint.dataset.pick;
    return;
  }
  const size = unitSize(pick);
  hint.dataset.pick = pick;
  hint.textContent = size.words;
  const count = modelsField(source);
  if (count) count.value = String(size.min);
}

// The options field that goes with unit picker `source` (`--attacker`'s
// `--attacker-option`), if its form has one.
function optionsField(source) {
  const form = source.closest('.form');
  return form?.querySelector(`input[data-flag="${source.dataset.flag}-option"]`) ?? null;
}

// An option's price in the page's words: "10 pts", "+1 pts a model".
function priceWords(c) {
  const parts = [];
  if (c.points) parts.push(`${c.points.toLocaleString(lang())} pts`);
  if (c.points_per_model) {
    parts.push(`+${c.points_per_model.toLocaleString(lang())} pts ${ui('a model')}`);
  }
  return parts.join(', ');
}

// The army book unit picked in `source`: its options as boxes under its
// options field, by the book's groups, each adding its path to the field's
// `;`-separated list or taking it out (the field stays what is sent and
// shared); the field emptied, as its unit changed. Another pick: the
// field hidden.
function showOptions(source) {
  const input = optionsField(source);
  if (!input) return;
  input.value = '';
  // Its field (its label, or the field its label is in) and its help.
  const holder = input.closest('.field') ?? input.closest('label');
  holder.parentNode.querySelector(`details[data-options="${input.dataset.flag}"]`)?.remove();
  // Only an army book's unit has options to choose.
  holder.hidden = !armyOf(source.value);
  if (holder.hidden) return;
  // Its options a player may choose (`units ARMY UNIT --json`'s
  // `choices`), asked with its size.
  const choices = unitSize(source.value).choices;
  if (!choices.length) return;
  const listed = () =>
    input.value
      .split(';')
      .map(v => v.trim())
      .filter(v => v);
  const boxes = choices.map(c => {
    const box = element('input', { type: 'checkbox', value: c.path });
    box.addEventListener('change', () => {
      const others = listed().filter(v => v !== c.path);
      input.value = [...others, ...(box.checked ? [c.path] : [])].join('; ');
    });
    const price = priceWords(c);
    const name = element('span', { text: price ? `${c.name} (${price})` : c.name });
    return element('label', { class: 'switch', title: c.path }, [box, name]);
  });
  const tick = () => {
    for (const box of boxes) box.firstChild.checked = listed().includes(box.firstChild.value);
  };
  input.addEventListener('input', tick);
  input.addEventListener('change', tick);
  const groups = [...new Set(choices.map(c => c.group))];
  // Each group named by its own name (the last of its path); the unit's
  // own options first, unnamed.
  const lists = groups.map(g =>
    element('fieldset', {}, [
      ...(g ? [element('legend', { text: g.split('::').pop(), title: g })] : []),
      ...boxes.filter((_, i) => choices[i].group === g),
    ]),
  );
  const summary = element('summary', {}, [
    element('span', { 'data-ui': "the book's options", text: ui("the book's options") }),
    // A no-break space: the summary's items lose a space at their edge.
    element('span', { text: `\u00a0(${choices.length})` }),
  ]);
  const details = element('details', { class: 'options', 'data-options': input.dataset.flag }, [
    summary,
    element('div', { class: 'scroll' }, lists),
  ]);
  holder.after(details);
}

// A picker for a flag whose value is a unit (`--attacker`, `--defender`)
// or a character to lead one (`--attacker-character`); none at first (the
// tab's example picks combat's). The flag's help, which says how to type
// one, is not shown. A unit's count is its own field (`--attacker-models`):
// picking a roster's unit empties it (the list's count stands), picking a
// profile, which has no count of its own, after a roster's unit starts it
// at 20, picking an army book's unit starts it at the unit's fewest (its
// size said under the picker).
function unitPicker(f, err) {
  const source = element('select', {
    'data-flag': f.flag,
    'data-unit': '',
    ...(f.value_name === 'CHARACTER' ? { 'data-character': '' } : {}),
  });
  fillPicker(source);
  const hint = element('small', { class: 'size' });
  let profile = true;
  source.addEventListener('change', () => {
    const count = source.closest('.form')?.querySelector(`[data-flag="${f.flag}-models"]`);
    const now = source.value === '' || source.value.endsWith('.toml');
    if (count && now !== profile) count.value = now ? '20' : '';
    profile = now;
    showSize(source, hint);
    showOptions(source);
  });
  return element('label', {}, [...labelledPicker(f, source), source, hint, err]);
}

// The picker's choices: the shipped profiles, then each roster's units;
// none first for a character (none leads) or a unit's file (the flags
// stand alone), a profile typed last for the latter. With an army book
// picked, its units instead, by category as the book has them.
function fillPicker(source) {
  const kept = source.value;
  const group = (label, options) =>
    element(
      'optgroup',
      { label },
      options.map(([value, text, title]) => element('option', { value, text, title: title ?? '' })),
    );
  if (source.dataset.army) {
    const units = armyUnits(source.dataset.army);
    const categories = [...new Set(units.map(u => u.category))];
    source.replaceChildren(
      element('option', { value: '', text: '—' }),
      ...categories.map(c =>
        group(
          c,
          units
            .filter(u => u.category === c)
            .map(u => [
              u.pick,
              `${u.name} (${u.points_per_model.toLocaleString(lang())} pts)`,
              // Its rank and file's profile, as `units ARMY` lists it, as its title.
              Object.entries(u.profile ?? {})
                .map(([k, v]) => `${k} ${v}`)
                .join(' '),
            ]),
        ),
      ),
    );
    if (kept) source.value = kept;
    return;
  }
  const profiles = group(
    ui('Profiles'),
    shippedProfiles().map(p => [p, profileName(p)]),
  );
  profiles.dataset.uiLabel = 'Profiles';
  const groups = [profiles];
  for (const path of [...new Set(ROSTER_UNITS.map(u => u.path))]) {
    const units = ROSTER_UNITS.filter(u => u.path === path);
    groups.push(
      group(
        `${units[0].list} (${path.split('/').pop()})`,
        // What each plays as, in the library's words, as its title.
        units.map(u => [`${path}:${u.number}`, `${u.number}. ${u.name} (${u.models})`, u.plays_as]),
      ),
    );
  }
  const file = source.dataset.unitFile !== undefined;
  const typed = element('option', { value: TYPED(source.dataset.flag), 'data-ui': 'typed below' });
  typed.textContent = ui('typed below');
  source.replaceChildren(
    element('option', { value: '', text: '—' }),
    ...groups,
    ...(file ? [typed] : []),
  );
  if (kept) source.value = kept;
}

// A shipped profile's name as a player reads it: `orc_boy.toml`, "Orc boy".
function profileName(path) {
  const words = path.replace('scenarios/profiles/', '').replace('.toml', '').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Rosters dropped or chosen on the page: a .rosz unzipped by the library
// (kept under its own name: the library tells a zip by its content), their
// units added to every picker. Beside the picker, what each file gave: its
// list and the units it leaves out and why, or why it is not a roster.
async function addRosters(files) {
  GIVEN.length = 0;
  for (const file of files) {
    // A file gone since it was chosen reads as no bytes: said not a roster.
    const bytes = await file.arrayBuffer().catch(() => new ArrayBuffer(0));
    GIVEN.push({ name: file.name, bytes: new Uint8Array(bytes) });
  }
  sayRosters(true);
  // Each roster read is kept on this device until removed.
  for (const { name, bytes } of GIVEN) {
    if (DROPPED[`rosters/${name}`] !== undefined) await keptRosters('put', { name, bytes });
  }
  showRosters();
  reveal($('roster-says'));
}

// The rosters dropped on this device (IndexedDB, a database of the page's
// own: each roster's file name and bytes), so that a reload (a phone
// discarding the tab) keeps them: `op` is `put` (a roster), `delete` (a
// name) or `getAll`; its result, or nothing where the browser keeps none.
async function keptRosters(op, value) {
  try {
    const db = await new Promise((ok, fail) => {
      const open = indexedDB.open('mathhammer', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('rosters', { keyPath: 'name' });
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const store = db.transaction('rosters', op === 'getAll' ? 'readonly' : 'readwrite');
    const asked = store.objectStore('rosters')[op](value);
    const result = await new Promise((ok, fail) => {
      asked.onsuccess = () => ok(asked.result);
      asked.onerror = () => fail(asked.error);
    });
    await new Promise(done => {
      store.oncomplete = done;
      store.onerror = done;
      store.onabort = done;
    });
    db.close();
    return result;
  } catch {
    return undefined;
  }
}

// The rosters kept on this device, read again into the pickers (one that
// no longer reads is forgotten).
async function restoreRosters() {
  for (const { name, bytes } of (await keptRosters('getAll')) ?? []) {
    const given = JSON.parse(wasm_bindgen.rosterText(name, bytes, lang()));
    if (given.error) await keptRosters('delete', name);
    else addRoster(`rosters/${name}`, given.text);
  }
  showRosters();
}

// The rosters dropped, each by its list's name with a button that removes
// it (from the pickers and this device).
function listDropped() {
  let list = $('kept-rosters');
  if (!list) {
    list = element('div', { id: 'kept-rosters', class: 'says' });
    $('roster-says').after(list);
  }
  const paths = Object.keys(DROPPED);
  list.replaceChildren(
    ...(paths.length
      ? [
          element('p', {
            'data-ui': 'Rosters added (kept on this device until removed):',
            text: ui('Rosters added (kept on this device until removed):'),
          }),
        ]
      : []),
    ...paths.map(path => {
      const remove = element('button', { type: 'button', 'data-ui': 'Remove', text: ui('Remove') });
      remove.addEventListener('click', () => removeRoster(path));
      return element('p', { class: 'kept' }, [
        element('span', { text: `${listName(path)} ` }),
        remove,
      ]);
    }),
  );
}

// Dropped roster `path` taken out of the pickers and off this device.
async function removeRoster(path) {
  delete DROPPED[path];
  const others = ROSTER_UNITS.filter(u => u.path !== path);
  ROSTER_UNITS.splice(0, ROSTER_UNITS.length, ...others);
  const name = path.split('/').pop();
  const given = GIVEN.findIndex(g => g.name === name);
  if (given >= 0) GIVEN.splice(given, 1);
  sayRosters();
  await keptRosters('delete', name);
  showRosters();
}

// A roster's list name as its pickers show it, its file's name beside
// where another list has the same name (or where it has no units).
function listName(path) {
  const file = path.split('/').pop();
  const list = ROSTER_UNITS.find(u => u.path === path)?.list;
  if (!list) return file;
  const paths = new Set(ROSTER_UNITS.filter(u => u.list === list).map(u => u.path));
  return paths.size > 1 ? `${list} (${file})` : list;
}

// Says what each file last given gave, in the page's language; `adding`,
// their rosters go into the pickers too.
function sayRosters(adding = false) {
  const said = GIVEN.map(({ name, bytes }) => {
    const path = `rosters/${name}`;
    try {
      if (!/\.rosz?$/i.test(name)) {
        throw new Error(`${name}: ${ui('the page reads BattleScribe rosters (.ros, .rosz)')}`);
      }
      const given = JSON.parse(wasm_bindgen.rosterText(name, bytes, lang()));
      if (given.error) {
        // A file that is not a roster is a sentence that names it.
        const { message } = given.error;
        throw new Error(message.startsWith(name) ? message : `${name}: ${message}`);
      }
      if (adding) addRoster(path, given.text);
      return rosterSaid(path, given.left_out);
    } catch (e) {
      return element('p', { class: 'err', text: e.message });
    }
  });
  $('roster-says').replaceChildren(...said);
}

// What roster `path` gave: its units in the pickers, those it leaves out.
function rosterSaid(path, leftOut) {
  const units = ROSTER_UNITS.filter(u => u.path === path);
  const file = path.split('/').pop();
  const list = units[0] ? `${units[0].list} (${file})` : file;
  const p = element('p', {
    text: `${list}: ${units.length} ${ui(units.length === 1 ? 'unit' : 'units')}`,
  });
  // What each unit plays as (its save and ward as played), the library's words.
  const played = element('details', { class: 'plays-as' }, [
    element('summary', {
      text: ui('What each unit plays as'),
      'data-ui': 'What each unit plays as',
    }),
    element(
      'ul',
      {},
      units.map(u => element('li', { text: `${u.number}. ${u.name}: ${u.plays_as}` })),
    ),
  ]);
  if (!leftOut.length) return element('div', {}, [p, played]);
  const out = element(
    'ul',
    {},
    leftOut.map(u => element('li', { text: `${u.unit}: ${u.why}` })),
  );
  return element('div', {}, [p, played, element('p', { text: ui('Left out:') }), out]);
}

// Roster `path`'s units, from its text, in the pickers' lists (a roster
// dropped again replaces its units).
function addRoster(path, text) {
  const units = rosterUnits(path, { [path]: text });
  const others = ROSTER_UNITS.filter(u => u.path !== path);
  ROSTER_UNITS.splice(0, ROSTER_UNITS.length, ...others, ...units);
  DROPPED[path] = text;
}

function showRosters() {
  for (const source of document.querySelectorAll('[data-unit], [data-unit-file]'))
    fillPicker(source);
  for (const menu of document.querySelectorAll('[data-arg][data-rosters="true"]'))
    fillArgument(menu);
  showCharacters();
  listDropped();
}

// The rosters a shared link carries, by path, unpacked and added; one that
// cannot be read says so (the link's other fields still load).
async function addLinkedRosters(packed) {
  for (const [path, data] of Object.entries(packed)) {
    try {
      if (!/^rosters\/[^/]+\.rosz?$/.test(path) || typeof data !== 'string') throw new Error();
      addRoster(path, await unpack(data));
    } catch {
      $('notice').textContent =
        `${path.split('/').pop()}: ${ui('this link carries a roster that cannot be read')}`;
    }
  }
  showRosters();
}

// The dropped rosters any of `values` names, each cut for a link and
// packed, and `values` with each unit they name renumbered to the cut
// roster's: a roster named only by its units (`PATH:7`, a picked fight's
// sides and characters) carries those units, the characters its list
// fields in them and its General (the whole list where a cut would field
// them elsewhere); one named otherwise (a matchup's `PATH`, a scenario's
// `roster = "PATH"`), or with a `--join` given (it names the list's own
// numbers), its whole list, without what the reader never reads
// (`rosterForLink`).
async function linkedRosters(values) {
  const rosters = {};
  const renumbered = { ...values };
  const joined = Object.keys(values).some(k => k.startsWith('--join'));
  const names = (v, path) => v === path || v.includes(`${path}:`) || v.includes(`${path}"`);
  const unit = (v, path) => {
    const n = v.startsWith(`${path}:`) ? v.slice(path.length + 1) : '';
    return /^[0-9]+$/.test(n) ? n : null;
  };
  for (const [path, text] of Object.entries(DROPPED)) {
    const named = Object.entries(values).filter(([, v]) => typeof v === 'string' && names(v, path));
    if (!named.length) continue;
    const units =
      !joined && named.every(([, v]) => unit(v, path))
        ? named.map(([, v]) => Number(unit(v, path)))
        : null;
    const cut = JSON.parse(wasm_bindgen.rosterForLink(text, JSON.stringify(units)));
    if (cut.error) {
      rosters[path] = await pack(text);
      continue;
    }
    for (const [key, v] of named) {
      const number = cut.numbers[unit(v, path)];
      if (number) renumbered[key] = `${path}:${number}`;
    }
    rosters[path] = await pack(cut.text);
  }
  return { rosters, values: renumbered };
}

// `text` deflated (the browser's CompressionStream), in base64url (no
// `+`, `/` or `=`: a link's fragment keeps it as it is).
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// The text `pack` packed (or plain base64, as older links carry).
async function unpack(data) {
  const base64 = data.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const stream = new Blob([fromBase64(padded)])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}
