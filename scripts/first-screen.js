// The page's first screen, written into its HTML at build time
// (scripts/build-web, after wasm-bindgen): node loads the module the page
// loads (mathhammer.js and mathhammer_bg.wasm of DIST) and asks it what the
// page's start asks it (its forms, shipped files and words, the shipped
// rosters' units and characters, the army books, the first tab's example
// answered in each language), so the page builds its forms and shows an
// answered example before its module has downloaded. The library stays the
// one source: these are its own answers, word for word.
//
// Writes into DIST/index.html a `<script type="application/json"
// id="first-screen">` (`{module_bytes, calls: {NAME: {KEY: RESULT}}}`:
// each call by the module's function and its arguments, keyed as
// web/engine.js's `callKey` keys them, its result's JSON as a value) and the English example's HTML in
// `#report`. Usage: node scripts/first-screen.js DIST
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const dist = process.argv[2];
const file = name => path.join(dist, name);

// The library calls the page's progress hook while it answers.
globalThis.mathhammerProgress = () => {};
vm.runInThisContext(
  `${fs.readFileSync(file('mathhammer.js'), 'utf8')}\nglobalThis.wasm_bindgen = wasm_bindgen;`,
);
const wasm = fs.readFileSync(file('mathhammer_bg.wasm'));
globalThis.wasm_bindgen.initSync({ module: wasm });
// The page's own key for a call (web/engine.js: only declarations run).
vm.runInThisContext(fs.readFileSync(file('engine.js'), 'utf8'));
const callKey = vm.runInThisContext('callKey');

const calls = {};
function call(name, ...args) {
  const result = globalThis.wasm_bindgen[name](...args);
  calls[name] ??= {};
  // Each result is JSON: kept as its value, not a string of it.
  calls[name][callKey(args)] = JSON.parse(result);
  return result;
}
// As web/engine.js's `answerHere` asks: the request as JSON.
const answer = req => JSON.parse(call('answer', JSON.stringify(req)));

const forms = JSON.parse(call('forms'));
const shipped = JSON.parse(call('shipped'));
call('pageWords');
const rosters = Object.keys(shipped).filter(p => p.endsWith('.ros'));
for (const p of rosters) answer({ args: ['roster', p, '--json'], files: {} });
answer({ args: ['units', '--json'], files: {} });
// Each roster a form starts on, its characters where its army fields them.
for (const lang of ['en', 'es']) {
  for (const p of rosters) call('rosterArmy', p, shipped[p], '[]', lang);
}

// The first tab's example as web/app.js's `request` sends it: its flags
// with an example value in the form's order (its own fields, then those
// under "more options"), then the page's own.
const first = forms[0];
const example = lang => {
  const given = f => f.example !== null && f.value && !f.positional;
  const flags = [false, true].flatMap(more =>
    first.fields.filter(f => f.more === more && given(f)).flatMap(f => [f.flag, f.example]),
  );
  return {
    args: [first.query, ...flags, '--lang', lang, '--html', '--plot', 'chart.json'],
    files: {},
  };
};
const answered = ['en', 'es'].map(lang => answer(example(lang)));
if (answered.some(a => a.code !== 0)) throw new Error(`the example failed: ${answered[0].stderr}`);

// JSON inside a script element: no `</script>` may end it early.
const json = JSON.stringify({ module_bytes: wasm.length, calls }).replace(/</g, '\\u003c');
const page = fs.readFileSync(file('index.html'), 'utf8');
const report = '<div id="report" aria-live="polite"></div>';
const scripts = '<script src="mathhammer.js"></script>';
if (!page.includes(report) || !page.includes(scripts)) {
  throw new Error('index.html: no empty #report or mathhammer.js script to write into');
}
fs.writeFileSync(
  file('index.html'),
  page
    .replace(report, `<div id="report" aria-live="polite">${answered[0].stdout}</div>`)
    .replace(
      scripts,
      `<script type="application/json" id="first-screen">${json}</script>\n${scripts}`,
    ),
);
console.log(
  `index.html: the first screen written (${json.length} bytes of the library's answers, ${first.query}'s example answered)`,
);
