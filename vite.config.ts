import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SESSION_KEY } from './src/api/session-key.ts';
import { CARDS_WIDTH } from './src/features/tokens/cards-width.ts';
import { bootScript } from './scripts/vite-boot-script.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { inlineIcon } from './scripts/vite-inline-icon.ts';
import { chunkGroups } from './scripts/vite-chunk-groups.ts';
import { ReliabilityFirstSequencer } from './server/test-sequencer.ts';

/** Tests that hold for every storage engine: the postgres project runs them again on PostgreSQL. */
const ENGINE_TESTS = [
  'server/store/token-store.test.ts',
  'server/store/keys-at-rest.test.ts',
  'server/store/models.test.ts',
  'server/store/holds.test.ts',
  'server/store/holds-concurrency.test.ts',
  'server/store/usage-days.test.ts',
  'server/store/summary-counts.test.ts',
  'server/store/webhooks.test.ts',
  'server/store/webhook-retention.test.ts',
  'server/routes/*.test.ts',
  'server/reliability/model.test.ts',
  'server/reliability/hostile-input.test.ts',
  'server/reliability/crash-durability.test.ts',
  'server/reliability/hold-crash.test.ts',
  'server/reliability/concurrency.test.ts',
  'server/demo-tokens.test.ts',
  'server/gateway/gateway-*.test.ts',
  'server/webhooks/delivery*.test.ts',
];
/**
 * Tests of PostgreSQL alone: its engine's own (schema, configuration), the move from SQLite, and
 * several instances on one database.
 */
const POSTGRES_ONLY_TESTS = [
  'server/store/postgres/**/*.test.ts',
  'server/store/move/**/*.test.ts',
  'server/**/*postgres*.test.ts',
];

const servicePort = Number(process.env.SERVICE_PORT ?? 3000);
/**
 * The first screens, each a file of its own that the first script fetches beside the entry's:
 * the signed-in app on a signed-in reload, the connect screen otherwise; and on a wide window
 * the token list's table, which a phone does without (src/features/tokens/wide-list.ts).
 */
const FIRST_SCREENS = {
  signedIn: 'src/app/connected-app.tsx',
  signedOut: 'src/features/session/connect-screen.tsx',
  signedInWhere: {
    media: `not all and ${CARDS_WIDTH}`,
    module: 'src/features/tokens/token-table.tsx',
  },
};
/** A module's id as the bundler names it: its absolute path. */
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    bootScript({
      publicScript: 'color-scheme.js',
      firstScreens: FIRST_SCREENS,
      earlyCalls: 'src/boot.ts',
      sessionKey: SESSION_KEY,
    }),
    inlineIcon('favicon.svg'),
    precompress(),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups({
            entry: fromRoot('index.html'),
            session: [fromRoot('src/features/session/connect.ts')],
            connect: fromRoot(FIRST_SCREENS.signedOut),
            signedIn: fromRoot(FIRST_SCREENS.signedIn),
            wideList: fromRoot(FIRST_SCREENS.signedInWhere.module),
          }),
        },
      },
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    pool: 'forks',
    sequence: { sequencer: ReliabilityFirstSequencer },
    // Vitest leaves a core free by default: on two cores, one file at a time. Most tests wait on
    // service processes and the database rather than compute, and two at a time take 210 s
    // instead of 310 there.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'e2e/emulators/**/*.test.ts',
            'examples/**/*.test.ts',
          ],
          exclude: POSTGRES_ONLY_TESTS,
          globalSetup: ['./server/test-global-setup.ts'],
        },
      },
      {
        // The same tests of the store and the service again, on a PostgreSQL server started
        // for the run (server/store/test-postgres.ts).
        extends: true,
        test: {
          name: 'postgres',
          include: [...ENGINE_TESTS, ...POSTGRES_ONLY_TESTS],
          globalSetup: ['./server/test-global-setup.ts', './server/test-postgres-setup.ts'],
        },
      },
    ],
  },
});
