/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Django serves `frontend/dist` as the web root (WhiteNoise) and answers every /plataforma/* path the
// SPA owns with dist/plataforma/index.html, so the app is built under that prefix.
export default defineConfig({
  base: '/plataforma/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist/plataforma',
    emptyOutDir: true,
    // .vite/manifest.json: lets `npm run size` find the chunks the login page needs.
    manifest: true,
    target: 'es2022',
  },
  server: {
    // Keep the Host header: the backend picks the tenant from it (acme.localhost:5173 -> acme).
    proxy: {
      '/api': { target: process.env.COFRE_API_PROXY ?? 'http://127.0.0.1:8000', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 20000,
  },
});
