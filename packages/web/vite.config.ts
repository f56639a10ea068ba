import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server answers /api on 8080 and serves dist/ on every other path in production;
// in dev and preview the same-origin /api is proxied there. The Host header is kept
// (changeOrigin false) because the platform label is derived from it.
const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          mantine: ['@mantine/core', '@mantine/hooks', '@mantine/notifications', '@mantine/modals'],
          i18n: ['i18next', 'react-i18next'],
        },
      },
    },
  },
});
