// The service worker, made by build.py into the site's root (so its scope is the whole site)
// with the version and the file list filled in.  A new version installs beside the old one;
// the page offers a reload, and the old cache is deleted when the new one takes over.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `tavoliere-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("tavoliere-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

// Cache first: every file of a version is immutable; anything else goes to the network.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(event.request, { ignoreSearch: true })) || fetch(event.request);
  })());
});
