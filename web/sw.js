// Offline once loaded: the page's files from the cache first, refreshed
// from the network when it answers.
const CACHE = 'mathhammer-v8';
const FILES = [
  './',
  'index.html',
  'style.css',
  'app.js',
  'engine.js',
  'fields.js',
  'units.js',
  'characters.js',
  'chart.js',
  'worker.js',
  'mathhammer.js',
  'mathhammer_bg.wasm',
];
self.addEventListener('install', e => e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES))));
self.addEventListener('fetch', e => {
  e.respondWith(
    caches.match(e.request, { ignoreSearch: true }).then(hit => {
      const fresh = fetch(e.request).then(r => {
        if (r.ok) caches.open(CACHE).then(c => c.put(e.request, r.clone()));
        return r;
      });
      if (!hit) return fresh;
      fresh.catch(() => {}); // offline: the cached copy stands
      return hit;
    }),
  );
});
