// Service worker: the game plays offline after one visit.
// The build (scripts/sw-precache.mjs, a Trunk post_build hook) replaces the two placeholders
// below with the list of every built file, hashed names included, and a hash of their contents.
const VERSION = '__BUILD_VERSION__';
const PRECACHE = __PRECACHE_LIST__;
const CACHE = 'blackjack-' + VERSION;

// The first visit has just loaded the page's own files (the page, css, js, wasm). Files whose
// names carry a hash of their contents are right whatever their age, so take the copy already in
// the HTTP cache ('force-cache') rather than download the main wasm a second time; other files are
// fetched as usual (from the HTTP cache while fresh). A page is fetched once by its directory URL
// ("./", "./tables/", "./uno/", as the page itself was loaded) and stored under its index.html too.
const HASHED = /-[0-9a-f]{12,16}(_bg)?\.(js|wasm|css)$/;
const precacheRequest = (url) => new Request(url, { cache: HASHED.test(url) ? 'force-cache' : 'default' });
const INDEX = 'index.html';
const isCopy = (url) => url.endsWith(INDEX) && PRECACHE.includes(url.slice(0, -INDEX.length));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.filter((u) => !isCopy(u)).map(precacheRequest))
        .then(() => Promise.all(PRECACHE.filter(isCopy).map((u) =>
          cache.match(u.slice(0, -INDEX.length)).then((page) => page && cache.put(u, page))))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // A new build means a new cache: remove the caches of older builds.
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith('blackjack-') && k !== CACHE).map((k) => caches.delete(k)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Pages: fresh when online, the cached shell when not.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(request, { ignoreSearch: true })
          .then((hit) => hit || caches.match(new URL('./', self.registration.scope).href))),
    );
    return;
  }
  const keep = (response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  };
  // Built files with content-hashed names: the cached copy is always right.
  if (HASHED.test(new URL(request.url).pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then(keep)));
    return;
  }
  // Files without a hash in their name (the search and drills workers' loaders, wasm and glue,
  // the card sprite, boot.js): fresh when online, so a page of a new build never talks to the
  // worker of an older one; the cached copy when not.
  event.respondWith(
    fetch(request).then(keep).catch(() => caches.match(request).then((hit) => hit || Response.error())),
  );
});
