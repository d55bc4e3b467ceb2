import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The service worker, built after the app into dist/sw.js: one file at the root (its scope is the whole
// site), no hash in its name (browsers look for it by name), everything inlined. Its caches are named after
// the app's build, read from the index.html the app build wrote (it names every content-hashed file), so a
// deploy changes the worker's bytes and browsers install it.
const indexHtml = readFileSync(fileURLToPath(new URL('./dist/index.html', import.meta.url)));
const build = createHash('sha256').update(indexHtml).digest('hex').slice(0, 12);

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify(build) },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    lib: {
      entry: fileURLToPath(new URL('./src/sw/service-worker.ts', import.meta.url)),
      formats: ['iife'],
      name: 'galleryServiceWorker',
      fileName: () => 'sw.js',
    },
  },
});
