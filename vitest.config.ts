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
          // PGlite instances are heavy; two workers match CI's two cores.
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
        },
      },
      {
        test: {
          name: 'web',
          root: './packages/web',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
