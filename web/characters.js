// A picker per character of each roster a form has in play (a picked
// fight's rosters, a matchup's two lists): where his army fields him,
// and why (the library's `rosterArmy`: `roster FILE --json --join ...`,
// its reasons in the page's words), alone, or a unit the rules let him
// join (`may_join`). Left as the army fields him it sends nothing; picked
// otherwise it sends `--join LIST:CHARACTER=UNIT`, so the answer is the
// command line's with that join. Which units he may join is the
// library's, never decided here.
'use strict';

// A roster's text by its path: shipped, or dropped on the page.
const rosterText = path => SHIPPED[path] ?? DROPPED[path];

// The rosters form `form` has in play, in order, each once, with the list
// its joins name (`attacker` for `--attacker ROSTER:N`, `a` for a
// matchup's list A).
function rostersInPlay(form) {
  const found = [];
  for (const e of form.querySelectorAll('[data-unit]:not([data-character])')) {
    const picked = e.value.match(/^(.+\.rosz?):\d+$/i);
    // A roster both sides are picked from is one army.
    if (picked && !found.some(r => r.path === picked[1])) {
      found.push({ path: picked[1], list: e.dataset.flag.replace(/^--/, '') });
    }
  }
  for (const e of form.querySelectorAll('[data-arg][data-rosters="true"]')) {
    if (/\.rosz?$/i.test(e.value)) found.push({ path: e.value, list: e.dataset.arg });
  }
  return found.filter(r => rosterText(r.path) !== undefined);
}

// Roster `path` fielded with `joins` (`CHARACTER=UNIT`, no list), in the
// page's language: `roster --json`'s army, or `{error}`.
const fielded = (path, joins) =>
  JSON.parse(wasm_bindgen.rosterArmy(path, rosterText(path), JSON.stringify(joins), lang()));

// Where a character stands, as his picker says it.
function placeText(army, unit) {
  if (unit === null || unit === undefined) return ui('alone');
  return `${unit}. ${army.units[unit - 1].name}`;
}

// The characters' pickers of every form with a `--join`, for the rosters
// each has in play now; a character's pick kept while his roster stays.
function showCharacters() {
  for (const form of document.querySelectorAll('#fields [data-form]')) {
    const joins = FORMS.find(f => f.query === form.dataset.form)?.fields.some(
      f => f.flag === '--join',
    );
    if (!joins) continue;
    let box = form.querySelector(':scope > .characters');
    if (!box) {
      box = element('div', { class: 'characters' });
      form.append(box);
    }
    const kept = {};
    for (const s of box.querySelectorAll('select[data-join]')) {
      kept[`${s.closest('fieldset').dataset.roster} ${s.dataset.key}`] = s.value;
    }
    box.replaceChildren(...rostersInPlay(form).flatMap(r => charactersOf(r, kept)));
  }
}

// The pickers of roster `r`'s characters, `kept` their picks by roster
// and key (none for a list without characters).
function charactersOf({ path, list }, kept) {
  const army = fielded(path, []);
  if (!army.error && !army.characters.length) return [];
  const legend = element('legend', {}, [
    element('span', {
      'data-ui': 'Characters: where each stands',
      text: ui('Characters: where each stands'),
    }),
    document.createTextNode(` · ${army.name ?? ''} (${path.split('/').pop()})`),
  ]);
  const set = element('fieldset', { 'data-roster': path, 'data-list': list }, [legend]);
  if (army.error) {
    set.append(element('p', { class: 'err', text: army.error.message }));
    return set;
  }
  for (const c of army.characters) {
    const key = `--join ${list}:${c.number}`;
    const join = target => `${list}:${c.number}=${target}`;
    const picker = element('select', {
      'data-flag': '--join',
      'data-key': key,
      'data-join': String(c.number),
    });
    const preset = element('option', { value: '' });
    const alone = element('option', {
      value: join('alone'),
      'data-ui': 'alone',
      text: ui('alone'),
    });
    const units = c.may_join.map(n => {
      const u = army.units[n - 1];
      return element('option', {
        value: join(n),
        text: `${n}. ${u.name}`,
        title: u.plays_as ?? '',
      });
    });
    picker.append(preset, alone, ...units);
    const pick = kept[`${path} ${key}`];
    if (pick && [...picker.options].some(o => o.value === pick)) picker.value = pick;
    picker.addEventListener('change', () => placeCharacters(set));
    const why = element('small', { class: 'why' });
    const err = element('small', { class: 'err' });
    set.append(
      element('label', {}, [element('span', { text: `${c.number}. ${c.name}` }), picker, why, err]),
    );
  }
  placeCharacters(set);
  return set;
}

// Each picker of fieldset `set` preset to where the army, fielded with
// the joins its pickers send, puts his character (for one picked
// otherwise, where it would put him without his own), with why.
function placeCharacters(set) {
  const pickers = [...set.querySelectorAll('select[data-join]')];
  const joinOf = s => s.value.replace(/^[^:]*:/, '');
  const joins = pickers.filter(s => s.value).map(joinOf);
  const army = fielded(set.dataset.roster, joins);
  const slot = set.querySelector(':scope > p.err') || element('p', { class: 'err' });
  slot.textContent = army.error ? army.error.message : '';
  if (!slot.parentNode) set.querySelector('legend').after(slot);
  if (army.error) return;
  for (const s of pickers) {
    const number = Number(s.dataset.join);
    const stand = army.characters.find(c => c.number === number);
    const own = s.value
      ? fielded(
          set.dataset.roster,
          joins.filter(j => j !== joinOf(s)),
        )
      : army;
    const preset = own.error ? null : own.characters.find(c => c.number === number);
    const place = preset ? placeText(own, preset.stands_in) : '—';
    s.options[0].textContent = place;
    s.options[0].title = preset?.why ?? '';
    // The place the army gives him is offered once: as the preset.
    const target = preset?.stands_in ?? 'alone';
    for (const o of [...s.options].slice(1)) {
      o.hidden = o.value.endsWith(`=${target}`) && o.value !== s.value;
    }
    s.title = stand.why;
    s.parentNode.querySelector('.why').textContent = stand.why;
  }
}

// The pickers a shared link names (`values`, by key) set to its picks,
// once their lists are picked.
function pickCharacters(values) {
  showCharacters();
  for (const set of document.querySelectorAll('#fields .characters fieldset')) {
    for (const s of set.querySelectorAll('select[data-join]')) {
      const value = values[s.dataset.key];
      if (value && [...s.options].some(o => o.value === value)) s.value = value;
    }
    placeCharacters(set);
  }
}
