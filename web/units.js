// The combat tab's unit pickers: each side's unit from the shipped
// profiles (with a model count) or from a roster, shipped or dropped on the
// page, listed by the library (`roster FILE --json`). A pick is the value
// `combat --attacker` takes: PROFILE.toml:MODELS or ROSTER.ros:NUMBER.
'use strict';

// Rosters dropped on the page, by path: sent with every question.
const DROPPED = {};
// The same, deflated and in base64, for a shared link that names them.
const PACKED = {};
// The units of every roster that fight: { path, list, number, name, models }.
const ROSTER_UNITS = [];

// The units of roster `path` (its text in `files` if dropped) that fight.
function rosterUnits(path, files = {}) {
  const res = answerHere({ args: ['roster', path, '--json'], files });
  if (res.code !== 0) throw new Error(res.stderr.trim());
  const roster = JSON.parse(res.stdout);
  return roster.units
    .filter(u => !u.left_out)
    .map(u => ({ path, list: roster.name, number: u.number, name: u.name, models: u.models }));
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

// The units first shown: the rulebook's Orc Boyz charging Empire Spearmen.
const FIRST_PICKS = {
  '--attacker': 'scenarios/profiles/orc_boy.toml',
  '--defender': 'scenarios/profiles/empire_spearman.toml',
};

// A picker for a flag whose value is a unit (`--attacker`, `--defender`)
// or a character to lead one (`--attacker-character`: none at first, no
// model count); the flag's help, which says how to type one, is not shown.
function unitPicker(f, err) {
  const character = f.value_name === 'CHARACTER';
  const source = element('select', {
    'data-flag': f.flag,
    'data-unit': '',
    ...(character ? { 'data-character': '' } : {}),
  });
  if (character) {
    fillPicker(source);
    return element('label', {}, [words(f.label), source, err]);
  }
  const models = element('input', {
    inputmode: 'numeric',
    value: '20',
    'aria-label': `${f.label.en}: ${ui('models')}`,
    'data-models': f.flag,
  });
  source.addEventListener('change', () => {
    models.hidden = !source.value.endsWith('.toml');
  });
  fillPicker(source);
  if (FIRST_PICKS[f.flag] in SHIPPED) source.value = FIRST_PICKS[f.flag];
  source.dispatchEvent(new Event('change'));
  return element('label', {}, [words(f.label), source, models, err]);
}

// The picker's choices: the shipped profiles, then each roster's units.
function fillPicker(source) {
  const kept = source.value;
  const profiles = shippedProfiles();
  const group = (label, options) =>
    element(
      'optgroup',
      { label },
      options.map(([value, text]) => element('option', { value, text })),
    );
  const groups = [
    group(
      ui('Profiles'),
      profiles.map(p => [p, p.replace('scenarios/profiles/', '').replace('.toml', '')]),
    ),
  ];
  for (const path of [...new Set(ROSTER_UNITS.map(u => u.path))]) {
    const units = ROSTER_UNITS.filter(u => u.path === path);
    groups.push(
      group(
        `${units[0].list} (${path.split('/').pop()})`,
        units.map(u => [`${path}:${u.number}`, `${u.number}. ${u.name} (${u.models})`]),
      ),
    );
  }
  const none = element('option', { value: '', text: '—' });
  source.replaceChildren(...(source.dataset.character === undefined ? [] : [none]), ...groups);
  if (kept) source.value = kept;
}

// The flag's value a picker gives: a profile with its model count, or a
// roster's unit by number.
function unitValue(source) {
  if (source.dataset.character !== undefined || !source.value.endsWith('.toml')) {
    return source.value;
  }
  const models = document.querySelector(`[data-models="${source.dataset.flag}"]`);
  return `${source.value}:${models.value.trim()}`;
}

// Rosters dropped or chosen on the page: a .rosz unzipped by the library
// (kept under its own name: the library tells a zip by its content), their
// units added to every picker. A roster the library refuses says why.
async function addRosters(files) {
  for (const file of files) {
    const path = `rosters/${file.name}`;
    try {
      if (!/\.rosz?$/.test(file.name)) {
        throw new Error(
          `error: ${file.name}: ${ui('the page reads BattleScribe rosters (.ros, .rosz)')}`,
        );
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const given = JSON.parse(wasm_bindgen.rosterText(file.name, bytes, lang()));
      if (given.error) throw new Error(`error: ${given.error.field}: ${given.error.message}`);
      addRoster(path, given.text);
      PACKED[path] = await pack(given.text);
    } catch (e) {
      $('error').textContent = e.message;
    }
  }
  showRosters();
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
  for (const source of document.querySelectorAll('[data-unit]')) fillPicker(source);
  for (const menu of document.querySelectorAll('[data-arg][data-rosters="true"]'))
    fillArgument(menu);
}

// The rosters a shared link carries, by path, unpacked and added; one that
// cannot be read says so (the link's other fields still load).
async function addLinkedRosters(packed) {
  for (const [path, data] of Object.entries(packed)) {
    try {
      if (!/^rosters\/[^/]+\.rosz?$/.test(path) || typeof data !== 'string') throw new Error();
      addRoster(path, await unpack(data));
      PACKED[path] = data;
    } catch {
      $('error').textContent =
        `error: ${path}: ${ui('this link carries a roster that cannot be read')}`;
    }
  }
  showRosters();
}

// The dropped rosters any of `values` names, packed, for a link: as a
// menu's value, a unit's (`PATH:2`) or a scenario's (`roster = "PATH"`).
function linkedRosters(values) {
  const named = Object.values(values).filter(v => typeof v === 'string');
  const names = (v, path) => v === path || v.includes(`${path}:`) || v.includes(`${path}"`);
  return Object.fromEntries(
    Object.entries(PACKED).filter(([path]) => named.some(v => names(v, path))),
  );
}

// `text` deflated (the browser's CompressionStream), in base64.
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

// The text `pack` packed.
async function unpack(data) {
  const stream = new Blob([fromBase64(data)])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}
