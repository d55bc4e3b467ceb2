import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The app's code, which src/main.tsx imports after it can show the Loading Error page. */
const APP_MODULE = '/src/startApp.tsx';

/**
 * Preloads the app's code and the chunks it imports with the page itself, so splitting it from the entry costs
 * no extra round trip: the browser fetches them while the entry loads.
 */
function preloadApp(): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(APP_MODULE));
        if (!app) throw new Error(`no chunk for ${APP_MODULE}`);
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (loaded.has(fileName) || files.includes(fileName)) return;
          files.push(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
        };
        visit(app.fileName);
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadApp()],
  resolve: {
    alias: {
      '@gallery/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  // No dev proxy: in the dev server on localhost the app calls the gateway itself (src/api/origin.ts), which
  // answers this page's origin (WEB_DEV_ORIGINS, set by npm start).
  server: { port: 5173, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
