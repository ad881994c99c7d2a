/* The page's service worker (docs/web.md, "Offline"): the network first,
 * so that a visit online always gets the page as the server has it, each
 * answer kept in the cache; when the network fails, the cached copy.  The
 * page puts its files in the same cache on its first visit (gridlab.js and
 * gridlab.wasm from the bytes it fetched, the rest fetched once more), so
 * that after one visit it plays offline. */
'use strict';
const CACHE = 'gridlab-site';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(fetch(req).then((res) => {
    if (res.ok && res.type === 'basic') {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(req.mode === 'navigate' ? new URL('./', self.location.href).href : req, copy))
        .catch(() => {});
    }
    return res;
  }).catch(() => caches.match(req.mode === 'navigate' ? new URL('./', self.location.href).href : req, { ignoreSearch: true })
    .then((hit) => hit || Promise.reject(new Error('offline, and ' + req.url + ' is not in the cache')))));
});
