// The page's engine off its main thread: the library, compiled once by the
// page and sent here as a module, answers each request while the page stays
// responsive. Progress goes back as the library reports it; the page ends a
// run at once by ending this worker.
'use strict';

importScripts('mathhammer.js');

// The library's charts (plotters) measure a label by laying out a DOM span,
// and a worker has no DOM: these stand in for the calls plotters makes,
// measuring the text in the span's font on an OffscreenCanvas. They go when
// the page draws its charts itself.
const pen = new OffscreenCanvas(1, 1).getContext('2d');
self.Window = self.constructor;
self.HTMLElement = class {
  textContent = '';
  css = '';
  setAttribute(name, value) {
    if (name === 'style') this.css = value;
  }
  get fontSize() {
    return Number((this.css.match(/font-size:\s*([\d.]+)px/) || [0, 12])[1]);
  }
  get offsetWidth() {
    const family = (this.css.match(/font-family:([^;]*)/) || [0, 'sans-serif'])[1];
    pen.font = `${this.fontSize}px ${family}`;
    return Math.round(pen.measureText(this.textContent).width);
  }
  get offsetHeight() {
    return Math.round(this.fontSize * 1.15);
  }
  remove() {}
};
self.document = { body: { append() {} }, createElement: () => new self.HTMLElement() };

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
