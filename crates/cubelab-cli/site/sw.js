// The static site's service worker (docs/web.md, "The static site"): after the first visit
// every file of the site comes from its cache, so the app opens and computes offline.
// scripts/build-site.sh writes the file list and the version (a hash of every file) into
// the two lines below; a new version caches its files afresh and drops the old cache.
const VERSION = '@VERSION@';
const FILES = ['@FILES@'];
const CACHE = `cubelab-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('cubelab-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first (the files of one version never change), the network for anything else.
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request, { ignoreSearch: true });
      return hit ?? fetch(event.request);
    }),
  );
});
