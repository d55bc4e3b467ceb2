/// <reference lib="webworker" />
import {
  APP_STATE_CACHE,
  LAST_GALLERY_KEY,
  SHARE_TARGET_PATH,
  SHARED_FILES_CACHE,
  SHARED_FILES_FIELD,
  SHARED_NAME_HEADER,
} from './offlineCaches';
import { thumbnail } from './thumbnailCache';

// The gallery's service worker: the app shell and the thumbnails a guest has seen, so a gallery opened
// without a network shows what it had and its upload queue; and the installed app's share target. It never
// caches a private answer: /graphql, /api (the session), owner pages, originals and previews all go to the
// network untouched.

declare const self: ServiceWorkerGlobalScope;
/** The web app's build, written in at build time (vite.sw.config.ts): each deploy gets caches of its own. */
declare const __APP_BUILD__: string;

const SHELL_CACHE = `gallery-shell-${__APP_BUILD__}`;
const THUMBNAILS_CACHE = 'gallery-thumbnails-v1';
const SHELL_URL = '/';
/** Pages only the couple sees: never answered from the shell when the network fails. */
const OWNER_PAGES =
  /^\/(?:(?:fr|es)\/)?(dashboard|event|create-event|analytics-dashboard|upgrade[\w-]*|payment[\w-]*|mobile-checkout|demo-checkout)(\/|$)/;
const THUMBNAIL = /^\/media\/photos\/[0-9a-f-]{36}\/thumbnail$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.add(new Request(SHELL_URL, { cache: 'reload' }));
      // A new version takes over at once: it serves the shell only when the network fails, so a page of the
      // old version never meets a shell it does not know while online.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set([SHELL_CACHE, THUMBNAILS_CACHE, APP_STATE_CACHE, SHARED_FILES_CACHE]);
      for (const name of await caches.keys()) if (!kept.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === SHARE_TARGET_PATH) {
    event.respondWith(receiveSharedFiles(request));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    if (!OWNER_PAGES.test(url.pathname)) event.respondWith(pageOrShell(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cachedOrFetched(SHELL_CACHE, request));
  else if (THUMBNAIL.test(url.pathname)) {
    event.respondWith(
      caches
        .open(THUMBNAILS_CACHE)
        .then((cache) => thumbnail(request, cache, (work) => event.waitUntil(work))),
    );
  }
});

/** The page from the network; the shell when the network fails (the app then shows what it kept). */
async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Content-hashed files never change: the cached copy, else the network's, kept for next time. */
async function cachedOrFetched(cacheName: string, request: Request): Promise<Response> {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * Files shared from the phone's photo app: held in Cache Storage, then the guest is taken to the gallery they
 * last opened, whose page puts them in its upload queue. Without a gallery, the home page lets them find one.
 */
async function receiveSharedFiles(request: Request): Promise<Response> {
  const form = await request.formData();
  const cache = await caches.open(SHARED_FILES_CACHE);
  const stamp = Date.now();
  const files = form.getAll(SHARED_FILES_FIELD).filter((value): value is File => value instanceof File);
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        `/__shared/${stamp}-${index}`,
        new Response(file, {
          headers: {
            'content-type': file.type || 'application/octet-stream',
            [SHARED_NAME_HEADER]: encodeURIComponent(file.name),
          },
        }),
      ),
    ),
  );
  const last = await caches.match(LAST_GALLERY_KEY, { cacheName: APP_STATE_CACHE });
  const code = last ? (await last.text()).trim() : '';
  return Response.redirect(code ? `/gallery/${encodeURIComponent(code)}` : '/', 303);
}
