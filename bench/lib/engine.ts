import { randomBytes } from 'node:crypto';
import {
  createTestDatabase,
  dropTestDatabase,
  startTestCluster,
} from '../../server/store/test-postgres';
import { openPostgresStore } from '../../server/store/postgres/store';
import { openSqliteStore } from '../../server/store/sqlite/store';
import type { TokenStore } from '../../server/store/token-store';
import { onCleanup } from './cleanup';
import { progress } from './log';

/** The database a suite measures: SQLite in a folder, or a PostgreSQL database. */
export type BenchDatabase =
  | { engine: 'sqlite'; dataDir: string }
  | { engine: 'postgres'; url: string; dataDir: string; secret: string };

export type EngineName = BenchDatabase['engine'];

/** The store on the database, opened in the bench's own process, as the service opens it. */
export async function openBenchStore(database: BenchDatabase): Promise<TokenStore> {
  return database.engine === 'postgres'
    ? openPostgresStore({ url: database.url, secret: Buffer.from(database.secret, 'base64') })
    : openSqliteStore({ dataDir: database.dataDir });
}

export const ENGINE_TITLES: Record<EngineName, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

/**
 * The environment a child (the service, the seed) gets: the caller's, without anything that
 * chooses a database, then the bench's own choice. An exported DATABASE_URL cannot redirect a
 * SQLite measurement, and a PostgreSQL one always goes to the bench's throwaway cluster.
 */
export function databaseEnv(database: BenchDatabase): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: database.dataDir };
  for (const name of ['DATABASE_URL', 'TOKENDESK_SECRET', 'DATABASE_POOL_SIZE']) delete env[name];
  if (database.engine === 'postgres') {
    env.DATABASE_URL = database.url;
    env.TOKENDESK_SECRET = database.secret;
  }
  return env;
}

let cluster: Promise<string> | undefined;

/**
 * The run's PostgreSQL server, started on first use and removed at the end (or TEST_DATABASE_URL's,
 * as for the tests); its admin URL.
 */
function clusterUrl(): Promise<string> {
  return (cluster ??= (async () => {
    progress('starting a throwaway PostgreSQL cluster (server/store/test-postgres.ts)');
    const started = await startTestCluster();
    onCleanup(async () => started.stop());
    return started.adminUrl;
  })());
}

/** A new, empty PostgreSQL database on the run's cluster. */
export async function newPostgresDatabase(dataDir: string): Promise<BenchDatabase> {
  const adminUrl = await clusterUrl();
  const url = await createTestDatabase(adminUrl, 'tokendesk_template_bench', 'template1');
  // Registered after the cluster's stop, so run before it: with TEST_DATABASE_URL the server
  // outlives the run, and its databases must not.
  onCleanup(() => dropTestDatabase(adminUrl, url));
  return { engine: 'postgres', url, dataDir, secret: randomBytes(32).toString('base64') };
}

/** A fresh database of the engine; dataDir holds SQLite's file (or the service's data folder). */
export async function newDatabase(engine: EngineName, dataDir: string): Promise<BenchDatabase> {
  return engine === 'sqlite' ? { engine, dataDir } : newPostgresDatabase(dataDir);
}
