import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const servicePort = Number(process.env.SERVICE_PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
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
    pool: 'forks',
    testTimeout: 20_000,
  },
});
