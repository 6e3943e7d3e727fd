// The library and where it answers: compiled once as it downloads, its
// copy on this thread gives the forms and the shipped files, a Web Worker
// answers (the page stays responsive, Cancel ends a run at once), or this
// thread when no worker can start (a page opened from disk). Until the
// module is ready, the first screen's answers written into the page at
// build time (scripts/first-screen.js) answer what the page's start asks.
'use strict';

// Whether the module is ready (compiled, and this thread's copy started),
// and the promise of it (`loadLibrary`).
let READY = false;
let LOADED = null;
// The library's answers the page was built with: `{module_bytes, calls:
// {NAME: {KEY: RESULT}}}` (each result the JSON the function returns, as
// a value), or null.
let FIRST = null;

// The controls changed before the module was ready whose handlers asked
// it what the first screen does not hold (an army book picked): changed
// again once it is ready, so nothing a player did is lost.
const REPLAY = new Set();
let changing = null;

// A call's key among the first screen's answers: its arguments as JSON, a
// long one (a roster's text) by its length (scripts/first-screen.js keys
// them with this function too).
const callKey = args =>
  JSON.stringify(args.map(a => (typeof a === 'string' && a.length > 1000 ? a.length : a)));

// The first screen's answers written into the page, if any: until the
// module is ready, the library's functions answer from them (a call they
// do not hold throws).
function firstScreen() {
  const written = document.getElementById('first-screen');
  if (!written) return null;
  FIRST = JSON.parse(written.textContent);
  document.addEventListener('change', e => (changing = e.target), true);
  for (const [name, known] of Object.entries(FIRST.calls)) {
    const own = wasm_bindgen[name];
    wasm_bindgen[name] = (...args) => {
      if (READY) return own(...args);
      const hit = known[callKey(args)];
      if (hit === undefined) {
        if (changing) REPLAY.add(changing);
        throw new Error(`${name}: the library is still loading`);
      }
      return JSON.stringify(hit);
    };
  }
  return FIRST;
}

// The library, compiled once: this thread's copy gives the forms and the
// shipped files, the worker's answers. Its download is shown as it goes
// (`showDownload`, of `total` bytes where the page knows them).
function loadLibrary(total) {
  LOADED = (async () => {
    if (location.protocol === 'file:') {
      // A page opened from disk may not fetch: the module comes as a script.
      showDownload(0, 0);
      await new Promise((ok, fail) => {
        const s = element('script', { src: 'mathhammer_wasm.js' });
        s.onload = ok;
        s.onerror = fail;
        document.head.append(s);
      });
      MODULE = await WebAssembly.compile(fromBase64(MATHHAMMER_WASM));
    } else {
      try {
        MODULE = await download(total);
      } catch {
        // A browser without streams or streaming compilation: whole.
        const bytes = await (await fetch('mathhammer_bg.wasm')).arrayBuffer();
        MODULE = await WebAssembly.compile(bytes);
      }
      // The first visit's files kept for offline, once the module is here
      // (not fetched twice while it downloads).
      if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
    }
    await wasm_bindgen({ module_or_path: MODULE });
    // This thread's copy runs a question only when there is no worker; its
    // progress cannot be drawn while it runs.
    window.mathhammerProgress = () => {};
    startWorker();
    READY = true;
    $('download').hidden = true;
    for (const e of REPLAY) e.dispatchEvent(new Event('change', { bubbles: true }));
    REPLAY.clear();
    window.mathhammerModuleMs = Math.round(performance.now());
  })();
  return LOADED;
}

// The module compiled as it downloads, its bytes counted on a copy of
// the response as they come (after any decompression: `total` is the
// module's own size). The response itself is compiled, so that the
// browser may keep its compiled code for the next visit.
async function download(total) {
  showDownload(0, total);
  const response = await fetch('mathhammer_bg.wasm');
  if (!response.ok) throw new Error(`mathhammer_bg.wasm: ${response.status}`);
  const counted = response.clone().body.getReader();
  let loaded = 0;
  const count = async () => {
    for (let read = await counted.read(); !read.done; read = await counted.read()) {
      loaded += read.value.length;
      showDownload(loaded, total);
    }
  };
  count().catch(() => {});
  return WebAssembly.compileStreaming(response);
}

// The download's progress beside Answer: `loaded` of `total` bytes (an
// unknown total: a bar without an end).
function showDownload(loaded, total) {
  const bar = $('download').querySelector('progress');
  const mb = n => (n / 1e6).toLocaleString(lang(), { maximumFractionDigits: 1 });
  $('download').hidden = false;
  if (total > 0) {
    bar.max = total;
    bar.value = Math.min(loaded, total);
  }
  const said = total > 0 ? `: ${mb(loaded)} / ${mb(total)} MB` : '';
  $('download').querySelector('span').textContent = `${ui('Loading the calculator')}${said}`;
}

// The bytes of base64 text `data` (the module as a script, a roster in a link).
const fromBase64 = data => Uint8Array.from(atob(data), c => c.charCodeAt(0));

// Where questions are answered: a Web Worker, so that the page stays
// responsive and a run can be ended at once, when the page may start one
// (a page opened from disk may not); else this thread.
let MODULE = null;
let worker = null;
let pending = null;
let asked = 0;
// The question asked before the module was ready, waiting for it.
let waiting = 0;
function startWorker() {
  try {
    worker = new Worker('worker.js');
  } catch {
    worker = null;
    return;
  }
  worker.onmessage = e => {
    if (e.data.progress) return showProgress(e.data.progress);
    if (pending && e.data.id === pending.id) finish(JSON.parse(e.data.response));
  };
  // A worker that cannot start: this thread answers, the question too.
  worker.onerror = () => {
    worker.terminate();
    worker = null;
    if (pending) finish(answerHere(pending.req));
  };
  worker.postMessage({ module: MODULE });
}

// The response to `req`, or null if it was cancelled. Before the module is
// ready: the first screen's answer if it is one, else it waits for the
// module (a newer question or Cancel drops it).
async function ask(req) {
  if (!READY) {
    const known = FIRST?.calls.answer?.[callKey([JSON.stringify(req)])];
    if (known) return structuredClone(known);
    const id = ++asked;
    waiting = id;
    $('status').textContent = ui('Loading…');
    await LOADED;
    if (waiting !== id) return null;
    waiting = 0;
    $('status').textContent = ui('Computing…');
  }
  if (!worker) return answerHere(req);
  return new Promise(done => {
    pending = { id: ++asked, done, req };
    worker.postMessage({ id: pending.id, request: JSON.stringify(req) });
  });
}

const answerHere = req => JSON.parse(wasm_bindgen.answer(JSON.stringify(req)));

function finish(response) {
  const { done } = pending;
  pending = null;
  done(response);
}

// Ends the run under way at once: its worker goes, a fresh one takes over.
function cancel() {
  if (waiting) {
    waiting = 0;
    running(false);
    $('status').textContent = ui('Cancelled');
    return;
  }
  if (!pending) return;
  worker.terminate();
  finish(null);
  startWorker();
  running(false);
  $('status').textContent = ui('Cancelled');
}

function running(on) {
  $('cancel').hidden = !on;
  $('query').setAttribute('aria-busy', String(on));
}

function showProgress({ trials, runs }) {
  const done = [];
  if (runs > 0) done.push(`${runs.toLocaleString(lang())} ${ui('fights')}`);
  if (trials > 0) done.push(`${trials.toLocaleString(lang())} ${ui('trials')}`);
  $('status').textContent = [ui('Computing…'), ...done].join(' ');
}
