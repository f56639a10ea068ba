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

// Mantine in two chunks instead of one small chunk per component (issue 15). Each chunk a screen
// loads later costs a <link rel=modulepreload> that Vite's loader appends on the main thread and a
// request: the dashboard's load fetched 138 script files, and appending their links alone was a
// long task on a phone. `mantine` holds Mantine's core, its hooks and the components the login
// screen draws (the login route loads it anyway); `mantine-signed-in` the components of the
// signed-in shell and dashboard (menus, popovers, modals, tables, selects), loaded once after
// signing in. Rollup puts a manual chunk's unassigned static imports into that chunk, so everything
// the signed-in components share with the login screen (core, login components, react-remove-scroll)
// is named for `mantine`: otherwise the login route would load the signed-in chunk. Components in
// neither list (used by single screens) stay with the screens that import them. bench/web shows the
// bytes per route.
const LOGIN_COMPONENTS = new Set([
  ...['ActionIcon', 'Alert', 'Anchor', 'AppShell', 'Burger', 'Button', 'Center', 'CloseButton', 'Container'],
  ...['Group', 'Input', 'InputBase', 'List', 'Loader', 'Paper', 'PasswordInput', 'PinInput', 'Progress'],
  ...['Skeleton', 'Stack', 'Text', 'TextInput', 'ThemeIcon', 'Title', 'Transition', 'UnstyledButton'],
]);
const SIGNED_IN_COMPONENTS = new Set([
  ...['Accordion', 'Badge', 'Checkbox', 'Collapse', 'Combobox', 'Divider', 'Drawer', 'FocusTrap'],
  ...['Indicator', 'Menu', 'Modal', 'ModalBase', 'Overlay', 'Pagination', 'Popover', 'Portal', 'Radio'],
  ...['ScrollArea', 'SegmentedControl', 'Select', 'SimpleGrid', 'Table', 'Tabs', 'Textarea', 'Tooltip'],
]);
const MANTINE_SHARED =
  /\/node_modules\/(?:@mantine\/(?:core\/esm\/core|hooks)|react-remove-scroll[^/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)\//;

function mantineChunk(id: string): string | undefined {
  const component = /\/node_modules\/@mantine\/core\/esm\/components\/([^/]+)\//.exec(id)?.[1];
  if (component === undefined) return MANTINE_SHARED.test(id) ? 'mantine' : undefined;
  if (SIGNED_IN_COMPONENTS.has(component)) return 'mantine-signed-in';
  return LOGIN_COMPONENTS.has(component) ? 'mantine' : undefined;
}

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
        // Mantine and the icons as described above; heavy libraries of single screens (charts, dates,
        // dropzone, QR) travel with the lazy page chunks that import them.
        manualChunks(id) {
          const locale = /\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
          if (locale) return `locale-${locale[1]}${isStartNamespace(locale[2] ?? '') ? '-start' : ''}`;
          if (/\/node_modules\/(?:react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (/\/node_modules\/(?:i18next|react-i18next)\//.test(id)) return 'i18n';
          // Every icon in one chunk: ~90 files of a few hundred bytes each become one of ~10 KB.
          if (/\/node_modules\/@tabler\/icons-react\//.test(id)) return 'icons';
          return mantineChunk(id);
        },
      },
    },
  },
});
