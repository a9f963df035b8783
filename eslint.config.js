import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// The dashboard's layers below the features, lowest first: each imports only itself and the ones
// before it. Above them come the features, then src/app; src/main.tsx may import anything.
const lowerLayers = ['contract', 'lib', 'api', 'components'];
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The zones of the layers; `testOnly` names folders that tests may use besides their layer's
 * (src/test-support renders with the app's real providers, which no source file may reach for).
 */
function layerZones(testOnly = []) {
  /** Files in src/`folder` may import from src/ only the folders `allowed`. */
  const importsOnly = (folder, allowed) => ({
    target: `./src/${folder}`,
    from: './src',
    except: [...allowed, ...testOnly].map((name) => `./${name}`),
    message: `src/${folder} imports from src/ only ${allowed.join(', ')}.`,
  });
  return [
    ...lowerLayers.map((layer, index) => importsOnly(layer, lowerLayers.slice(0, index + 1))),
    // A feature never reaches into another feature's files.
    ...features.map((feature) =>
      importsOnly(`features/${feature}`, [`features/${feature}`, ...lowerLayers]),
    ),
    importsOnly('app', ['app', 'features', ...lowerLayers]),
    {
      target: './server',
      from: './src',
      except: ['./contract'],
      message: 'The service shares only src/contract with the dashboard.',
    },
  ];
}

// The store's engines each keep to their folder; what both use stands at server/store's root,
// which imports neither. Only the move from SQLite to PostgreSQL reads both. The rest of the code
// opens an engine through its entry, and the routes and the gateway see the store only through
// its ports.
const store = './server/store';
/** The store's folders, each with the one file the rest of the code may import of it. */
const storeEntries = {
  sqlite: 'store.ts',
  postgres: 'store.ts',
  move: 'sqlite-to-postgres.ts',
};
const storeFolders = Object.keys(storeEntries);
/** Where the service, its scripts and its tools live, outside the store. */
const outsideStore = [
  './server/*.ts',
  './server/!(store)/**',
  './scripts/**',
  './bench/**',
  './e2e/**',
  './examples/**',
];

/**
 * The zones of the store; `tests` (of the service, and their support) may look inside an engine
 * (its files, its schema version) and into any of the store's modules.
 */
function storeZones({ tests = false } = {}) {
  const crossing = ['sqlite', 'postgres'].map((engine) => ({
    target: `${store}/${engine}`,
    from: storeFolders.filter((other) => other !== engine).map((other) => `${store}/${other}`),
    message: `server/store/${engine} imports neither the other engine nor the move: what both use belongs at server/store's root.`,
  }));
  const root = {
    target: `${store}/*.ts`,
    from: storeFolders.map((folder) => `${store}/${folder}`),
    message: "server/store's root is what the engines share: it imports none of its folders.",
  };
  if (tests) return crossing;
  const entries = storeFolders.map((folder) => ({
    target: outsideStore,
    from: `${store}/${folder}`,
    except: [`./${storeEntries[folder]}`],
    message: `Outside server/store, server/store/${folder}/ is used through its entry alone, ${storeEntries[folder]}.`,
  }));
  const byPorts = ['routes', 'gateway'].map((folder) => ({
    target: `./server/${folder}`,
    from: store,
    except: ['./ports'],
    message: `server/${folder} knows the store only by its ports (server/store/ports/).`,
  }));
  return [...crossing, root, ...entries, ...byPorts];
}

// Only server/store speaks SQL, so only it may load a database driver.
const drivers = '^(better-sqlite3|pg|postgres)(\\W|$)';
const driverMessage = 'Only server/store talks to the database.';

// Only src/api talks to the network, so errors, auth and the activity log see every call.
const fetchMessage = 'Only src/api calls the network: use its client.';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'test-results',
      'playwright-report',
      'e2e/screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', 'examples/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'examples/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones(), ...storeZones()] },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: layerZones(['test-support']) },
      ],
    },
  },
  {
    files: ['server/**/*.test.ts', 'server/**/test-*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones(), ...storeZones({ tests: true })] },
      ],
    },
  },
  {
    // A port is a type: the routes that import one import no code of the store.
    files: ['server/store/ports/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExportNamedDeclaration[exportKind='value'], ExportDefaultDeclaration",
          message: 'server/store/ports holds types only: a port is an interface.',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    // The bench's plain servers stand for servers written without Tokendesk's store.
    ignores: ['server/store/**', 'bench/suites/*/plain-*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: drivers, message: driverMessage }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression[source.value=/${drivers}/]`,
          message: driverMessage,
        },
      ],
    },
  },
  {
    // Each Playwright worker runs its files against a service of its own, which the suite's
    // `test` starts: a spec that took Playwright's own would reach no service.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: drivers, message: driverMessage }],
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Take test and expect from './support/test'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: fetchMessage },
        { name: 'XMLHttpRequest', message: fetchMessage },
      ],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'window', 'self'].flatMap((object) => [
          { object, property: 'fetch', message: fetchMessage },
          { object, property: 'XMLHttpRequest', message: fetchMessage },
        ]),
      ],
    },
  },
);
