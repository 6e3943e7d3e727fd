// The library and where it answers: compiled once, its copy on this
// thread gives the forms and the shipped files, a Web Worker answers (the
// page stays responsive, Cancel ends a run at once), or this thread when
// no worker can start (a page opened from disk).
'use strict';

// The library, compiled once: this thread's copy gives the forms and the
// shipped files, the worker's answers.
async function loadLibrary() {
  if (location.protocol === 'file:') {
    // A page opened from disk may not fetch: the module comes as a script.
    await new Promise((ok, fail) => {
      const s = element('script', { src: 'mathhammer_wasm.js' });
      s.onload = ok;
      s.onerror = fail;
      document.head.append(s);
    });
    MODULE = await WebAssembly.compile(fromBase64(MATHHAMMER_WASM));
  } else {
    // Compiled as it downloads; a server that does not call it
    // application/wasm gets it compiled once whole.
    try {
      MODULE = await WebAssembly.compileStreaming(fetch('mathhammer_bg.wasm'));
    } catch {
      const bytes = await (await fetch('mathhammer_bg.wasm')).arrayBuffer();
      MODULE = await WebAssembly.compile(bytes);
    }
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  await wasm_bindgen({ module_or_path: MODULE });
  // This thread's copy runs a question only when there is no worker; its
  // progress cannot be drawn while it runs.
  window.mathhammerProgress = () => {};
  startWorker();
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

// The response to `req`, or null if it was cancelled.
function ask(req) {
  if (!worker) return Promise.resolve(answerHere(req));
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
