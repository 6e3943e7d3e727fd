// The combat tab's unit pickers: each side's unit from the shipped
// profiles (with a model count) or from a roster, shipped or dropped on the
// page, listed by the library (`roster FILE --json`). A pick is the value
// `combat --attacker` takes: PROFILE.toml:MODELS or ROSTER.ros:NUMBER.
'use strict';

// Rosters dropped on the page, by path: sent with every question.
const DROPPED = {};
// The units each dropped roster leaves out, by path: [{ unit, why }], in
// the page's language when it was dropped (`rosterText`).
const LEFT_OUT = {};
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
      if (given.error) {
        // A file that is not a roster is a sentence that names it.
        const { field, message } = given.error;
        throw new Error(message.startsWith(file.name) ? message : `error: ${field}: ${message}`);
      }
      addRoster(path, given.text);
      LEFT_OUT[path] = given.left_out;
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
    } catch {
      $('error').textContent =
        `error: ${path}: ${ui('this link carries a roster that cannot be read')}`;
    }
  }
  showRosters();
}

// The dropped rosters any of `values` names, each cut for a link and
// packed, and `values` with each unit they name renumbered to the cut
// roster's: a roster named only by its units (`PATH:7`, a picked fight's
// sides and characters) carries those units and its General; one named
// otherwise (a matchup's `PATH`, a scenario's `roster = "PATH"`) its whole
// list, without what the reader never reads (`rosterForLink`).
async function linkedRosters(values) {
  const rosters = {};
  const renumbered = { ...values };
  const names = (v, path) => v === path || v.includes(`${path}:`) || v.includes(`${path}"`);
  const unit = (v, path) => {
    const n = v.startsWith(`${path}:`) ? v.slice(path.length + 1) : '';
    return /^[0-9]+$/.test(n) ? n : null;
  };
  for (const [path, text] of Object.entries(DROPPED)) {
    const named = Object.entries(values).filter(([, v]) => typeof v === 'string' && names(v, path));
    if (!named.length) continue;
    const units = named.every(([, v]) => unit(v, path))
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
