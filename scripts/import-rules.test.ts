import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** A real module in `folder`: the rules judge resolved files, and files move. */
function someModuleIn(folder: string): string {
  const names = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name))
    .sort();
  if (names[0] === undefined) throw new Error(`no module in ${folder}`);
  return join(folder, names[0]);
}

/** The import specifier of module `to` as written in file `from`. */
function specifier(from: string, to: string): string {
  const path = relative(dirname(from), to).replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

/** The rules the code breaks when it is the file at `filePath`. */
async function brokenRules(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

function importOf(file: string, folder: string): string {
  return `import '${specifier(file, someModuleIn(folder))}';\n`;
}

const [featureA, featureB] = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('import rules', () => {
  it.each([
    ['src/contract/probe.ts', 'src/lib'],
    ['src/lib/probe.ts', 'src/api'],
    ['src/api/probe.ts', 'src/components'],
    ['src/api/probe.ts', `src/features/${featureA}`],
    ['src/components/probe.ts', `src/features/${featureA}`],
    [`src/features/${featureA}/probe.ts`, `src/features/${featureB}`],
    [`src/features/${featureB}/probe.ts`, `src/features/${featureA}`],
    [`src/features/${featureA}/probe.ts`, 'src/app'],
    ['server/probe.ts', `src/features/${featureA}`],
    ['server/probe.ts', 'src/api'],
    ['server/routes/probe.ts', 'src/lib'],
  ])('%s may not import from %s', async (file, folder) => {
    expect(await brokenRules(file, importOf(file, folder))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it.each([
    ['src/lib/probe.ts', 'src/contract'],
    ['src/api/probe.ts', 'src/lib'],
    ['src/components/probe.ts', 'src/api'],
    [`src/features/${featureA}/probe.ts`, `src/features/${featureA}`],
    [`src/features/${featureA}/probe.ts`, 'src/components'],
    [`src/features/${featureA}/probe.ts`, 'src/contract'],
    ['src/app/probe.ts', `src/features/${featureA}`],
    ['src/main.tsx', 'src/app'],
    ['server/probe.ts', 'src/contract'],
  ])('%s may import from %s', async (file, folder) => {
    expect(await brokenRules(file, importOf(file, folder))).toEqual([]);
  });

  it('only tests may use the test support', async () => {
    const source = `src/features/${featureA}/probe.ts`;
    const test = `src/features/${featureA}/probe.test.ts`;
    expect(await brokenRules(source, importOf(source, 'src/test-support'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await brokenRules(test, importOf(test, 'src/test-support'))).toEqual([]);
    // The test support widens nothing else: a test still keeps to its layer.
    expect(await brokenRules(test, importOf(test, 'src/app'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('a part loaded on demand obeys the same layers', async () => {
    const file = 'src/lib/probe.ts';
    const code = `export const load = () => import('${specifier(file, someModuleIn('src/app'))}');\n`;
    expect(await brokenRules(file, code)).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('database drivers', () => {
  it.each(['server/probe.ts', 'server/routes/probe.ts', 'scripts/probe.ts', 'src/lib/probe.ts'])(
    '%s may not load one',
    async (file) => {
      expect(await brokenRules(file, "import 'better-sqlite3';\n")).toEqual([
        'no-restricted-imports',
      ]);
      expect(await brokenRules(file, "import 'pg';\n")).toEqual(['no-restricted-imports']);
      expect(await brokenRules(file, "export const load = () => import('postgres');\n")).toEqual([
        'no-restricted-syntax',
      ]);
    },
  );

  it('server/store may', async () => {
    expect(await brokenRules('server/store/probe.ts', "import 'better-sqlite3';\n")).toEqual([]);
    expect(await brokenRules('server/store/probe.ts', "import 'pg';\n")).toEqual([]);
  });
});

describe('the store', () => {
  /** An import of the module at `target` (a path from the repository's root) in `file`. */
  const importOfModule = (file: string, target: string) => `import '${specifier(file, target)}';\n`;
  const sqliteInternal = someModuleIn('server/store/sqlite');
  const postgresInternal = someModuleIn('server/store/postgres');
  const moveInternal = 'server/store/move/copy-tables.ts';
  const entries = [
    'server/store/sqlite/store.ts',
    'server/store/postgres/store.ts',
    'server/store/move/sqlite-to-postgres.ts',
  ];

  it.each([
    ['server/store/sqlite/probe.ts', postgresInternal],
    ['server/store/sqlite/probe.ts', 'server/store/postgres/store.ts'],
    ['server/store/postgres/probe.ts', sqliteInternal],
    ['server/store/postgres/probe.ts', moveInternal],
    ['server/store/probe.ts', sqliteInternal],
    ['server/store/probe.ts', 'server/store/postgres/store.ts'],
    ['server/probe.ts', sqliteInternal],
    ['server/http/probe.ts', postgresInternal],
    ['server/probe.ts', moveInternal],
    ['scripts/probe.ts', postgresInternal],
    ['bench/probe.ts', sqliteInternal],
    ['server/routes/probe.ts', 'server/store/token-record.ts'],
    ['server/routes/probe.ts', 'server/store/sqlite/store.ts'],
    ['server/gateway/probe.ts', 'server/store/token-record.ts'],
    ['server/gateway/probe.ts', 'server/store/postgres/store.ts'],
  ])('%s may not import %s', async (file, target) => {
    expect(await brokenRules(file, importOfModule(file, target))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it.each([
    ['server/store/sqlite/probe.ts', 'server/store/token-record.ts'],
    ['server/store/postgres/probe.ts', 'server/store/token-record.ts'],
    ['server/store/move/probe.ts', sqliteInternal],
    ['server/store/move/probe.ts', postgresInternal],
    ...entries.map((entry) => ['server/probe.ts', entry]),
    ...entries.map((entry) => ['scripts/probe.ts', entry]),
    ['server/probe.ts', 'server/store/token-record.ts'],
    ['server/routes/probe.ts', 'server/store/ports/tokens.ts'],
    ['server/gateway/probe.ts', 'server/store/ports/models.ts'],
    // Tests may look inside an engine: its files, its schema version.
    ['server/probe.test.ts', sqliteInternal],
    ['server/store/probe.test.ts', postgresInternal],
    ['server/routes/probe.test.ts', 'server/store/token-record.ts'],
  ])('%s may import %s', async (file, target) => {
    expect(await brokenRules(file, importOfModule(file, target))).toEqual([]);
  });

  it('a test keeps the engines apart all the same', async () => {
    const file = 'server/store/sqlite/probe.test.ts';
    expect(await brokenRules(file, importOfModule(file, postgresInternal))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('a port is a type, never code', async () => {
    const file = 'server/store/ports/probe.ts';
    expect(await brokenRules(file, 'export const limit = 10;\n')).toEqual(['no-restricted-syntax']);
    expect(await brokenRules(file, 'export function open() {}\n')).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await brokenRules(file, 'export interface ProbePort {\n  ping(): void;\n}\n')).toEqual(
      [],
    );
  });
});

describe('network calls', () => {
  it.each([`src/features/${featureA}/probe.ts`, 'src/components/probe.tsx', 'src/app/probe.ts'])(
    '%s may not call fetch',
    async (file) => {
      expect(await brokenRules(file, "export const load = () => fetch('/api/status');\n")).toEqual([
        'no-restricted-globals',
      ]);
      expect(
        await brokenRules(file, "export const load = () => globalThis.fetch('/api/status');\n"),
      ).toEqual(['no-restricted-properties']);
    },
  );

  it('src/api may', async () => {
    expect(
      await brokenRules('src/api/probe.ts', "export const load = () => fetch('/api/status');\n"),
    ).toEqual([]);
  });
});
