// The page's form fields, built from the library's description of each
// query's flags and arguments (`forms`): a field per flag, its words in
// both languages, its help and accepted values; the rarely changed ones
// under "more options". Nothing here knows a flag by name but the pickers
// (units.js).
'use strict';

// Where a profile typed for flag `--target` goes, as a file the command line names.
const TYPED = flag => `scenarios/profiles/typed${flag}.toml`;

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
// are a list (part of its words, so a new language keeps them): in English
// as they are typed (`killing-blow`), in Spanish by their labels.
function helpOf(f) {
  const values = said => (f.list && f.choices.length ? ` (${f.choices.map(said).join(', ')})` : '');
  const help = words(
    { en: f.help.en + values(c => c.value), es: f.help.es + values(c => c.label.es) },
    'small',
  );
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
    // A unit's file: a shipped profile, a roster's unit, an army book's
    // unit (its size said under it), or one typed.
    input = element('select', { 'data-flag': f.flag, 'data-unit-file': '' });
    fillPicker(input);
    const typed = element('textarea', {
      rows: 6,
      spellcheck: 'false',
      'data-file': TYPED(f.flag),
      hidden: '',
    });
    const size = element('small', { class: 'size' });
    input.addEventListener('change', () => {
      typed.hidden = input.value !== TYPED(f.flag);
      showSize(input, size);
    });
    return element('label', {}, [...labelledPicker(f, input), input, size, help, typed, err]);
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
      inputmode: f.list || typesKeys(f) ? 'text' : 'decimal',
      placeholder: f.default || '',
    });
  }
  input.dataset.flag = f.flag;
  if (typesKeys(f)) {
    // Keys and their values (`attacker.models=15,25`): a whole row.
    return element('label', { class: 'wide' }, [words(f.label), input, help, err]);
  }
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

// Whether a field takes words typed as keys and values (`--vary`'s
// KEY=VALUES, `--variant`'s CHANGES), not a number.
const typesKeys = f => /=|CHANGES/.test(f.value_name || '');

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
    // A roster by its list's name (a file's own name for another file).
    ...[...files, ...dropped].map(p =>
      element('option', {
        value: p,
        text: p.endsWith('.ros') || p.endsWith('.rosz') ? listName(p) : p.split('/').pop(),
      }),
    ),
  );
  menu.value = value;
}

// One form per query, built once: switching keeps what was typed. Its
// rarely changed fields go under "more options"; each field starts on
// the tab's example, so that a tab opens on a question it can answer.
function buildForms() {
  const part = (f, more) =>
    element(
      'div',
      { 'data-form': f.query, class: 'form', hidden: '' },
      f.fields.filter(x => x.more === more).map(field),
    );
  $('fields').replaceChildren(...FORMS.map(f => part(f, false)));
  $('more-fields').replaceChildren(...FORMS.map(f => part(f, true)));
  // An options field shows once its picker holds an army book's unit.
  for (const source of document.querySelectorAll('[data-unit]')) showOptions(source);
  for (const f of FORMS) {
    for (const x of f.fields.filter(x => x.example !== null)) {
      const e = document.querySelector(`[data-form="${f.query}"] [data-flag="${x.flag}"]`);
      e.value = x.example;
      e.dispatchEvent(new Event('change'));
    }
  }
}
