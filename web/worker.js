// The page's engine off its main thread: the library, compiled once by the
// page and sent here as a module, answers each request while the page stays
// responsive. Progress goes back as the library reports it; the page ends a
// run at once by ending this worker.
'use strict';

importScripts('mathhammer.js');

// Called by the library at each chunk of trials and each run it finishes.
self.mathhammerProgress = (trials, runs) => self.postMessage({ progress: { trials, runs } });

let ready = null;

self.onmessage = async e => {
  if (e.data.module) {
    ready = wasm_bindgen({ module_or_path: e.data.module });
    return;
  }
  await ready;
  self.postMessage({ id: e.data.id, response: wasm_bindgen.answer(e.data.request) });
};
