import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SESSION_KEY } from './src/api/session-key.ts';
import { bootScript } from './scripts/vite-boot-script.ts';

const servicePort = Number(process.env.SERVICE_PORT ?? 3000);

export default defineConfig({
  plugins: [
    react(),
    bootScript({
      publicScript: 'color-scheme.js',
      signedInEntry: 'src/app/connected-app.tsx',
      sessionKey: SESSION_KEY,
    }),
  ],
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${servicePort}`,
      '/healthz': `http://127.0.0.1:${servicePort}`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    environment: 'node',
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/emulators/**/*.test.ts',
    ],
    setupFiles: ['./src/test-setup.ts'],
    globalSetup: ['./server/test-global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
  },
});
