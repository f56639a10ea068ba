import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './packages/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // With TEST_DATABASE_URL: one migrated template database per run, copied per test app.
          globalSetup: ['./src/test/pg-template.ts'],
          // PGlite instances are heavy; two workers match CI's two cores.
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          root: './packages/web',
          // Component and hook tests (*.test.tsx) run in happy-dom, with Testing Library.
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
