import type { TestProject } from 'vitest/node';
import { migratePostgres } from './store/postgres/migrations';
import { KeySeal } from './store/key-seal';
import {
  TEST_SECRET_BYTES,
  connectForTests,
  dropRunDatabases,
  startTestCluster,
} from './store/test-postgres';
import { checkTablesKnown } from './store/test-postgres-empty';

/**
 * Every test database is a copy of this one, made and migrated once here. Its name is the run's:
 * runs sharing a server given by TEST_DATABASE_URL keep apart.
 */
const TEMPLATE_DATABASE = `tokendesk_template_${process.pid}_${Date.now().toString(36)}`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server's superuser URL; each test service makes its own database there. */
    postgresUrl: string;
    /** The migrated database each test database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Starts one PostgreSQL server for the run (store/test-postgres.ts says which) and a migrated
 * template database that every test database is copied from.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startTestCluster();
  try {
    await connectForTests(cluster.adminUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
      await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    });
    const template = new URL(cluster.adminUrl);
    template.pathname = `/${TEMPLATE_DATABASE}`;
    await connectForTests(template.toString(), async (client) => {
      await migratePostgres(client, new KeySeal(TEST_SECRET_BYTES));
      await checkTablesKnown(client);
    });
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('postgresUrl', cluster.adminUrl);
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
  return async () => {
    // A throwaway server goes as a whole; on a given one, the run removes what it made.
    if (cluster.given) await dropRunDatabases(cluster.adminUrl, TEMPLATE_DATABASE).catch(() => {});
    cluster.stop();
  };
}
