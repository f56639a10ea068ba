import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaintShell } from './build/first-paint-shell.ts';
import { leanErrors } from './build/lean-errors.ts';
import { leanRoutes } from './build/lean-routes.ts';
import { precompress } from './build/precompress.ts';
import { isStartNamespace } from './src/shared/i18n/namespaces.ts';

// The server answers /api on 8080 and serves dist/ on every other path in production;
// in dev and preview the same-origin /api is proxied there. The Host header is kept
// (changeOrigin false) because the platform label is derived from it.
const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

// The served app is always a production build: Vite keeps an ambient NODE_ENV=development (a common
// shell setting), which bundled React's development build with StrictMode's double effects.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  plugins: [react(), leanRoutes(), leanErrors(), firstPaintShell(), precompress()],
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the chunk import graph bench/web reads to sum the bytes of each route.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      treeshake: {
        // The domain package (shared with the server) builds its zod schemas at module top level; those
        // calls have no side effects, so schemas no screen uses are left out of the bundle.
        manualPureFunctions: ['z'],
        moduleSideEffects: (id) => !/\/packages\/domain\/src\//.test(id),
      },
      output: {
        // Libraries every screen needs in long-lived chunks of their own; translations two chunks per
        // language (the first screen's namespaces, then the rest; loaded on demand by shared/i18n).
        // Mantine's components are left to Rollup, so the login route carries only the ones it renders;
        // heavy libraries of single screens (charts, dates, dropzone, QR) travel with the lazy page
        // chunks that import them.
        manualChunks(id) {
          const locale = /\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
          if (locale) return `locale-${locale[1]}${isStartNamespace(locale[2] ?? '') ? '-start' : ''}`;
          if (/\/node_modules\/(?:react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (/\/node_modules\/(?:i18next|react-i18next)\//.test(id)) return 'i18n';
          return undefined;
        },
      },
    },
  },
});
