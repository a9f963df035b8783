import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { makeDirectory } from './make-directory';
import { randomBase62 } from './random-key';

export const ADMIN_KEY_FILE = 'admin-key';
const GENERATED_KEY_LENGTH = 48;

export type AdminKeySource =
  | { kind: 'environment' }
  | { kind: 'file'; file: string }
  /** Only this start made the key: the one moment it may be shown to the operator. */
  | { kind: 'generated'; file: string };

export interface AdminKey {
  key: string;
  source: AdminKeySource;
}

/** ADMIN_KEY wins; otherwise the key kept in the data directory, made on the first start. */
export function resolveAdminKey(config: Pick<Config, 'adminKey' | 'dataDir'>): AdminKey {
  if (config.adminKey !== undefined)
    return { key: config.adminKey, source: { kind: 'environment' } };
  const file = join(config.dataDir, ADMIN_KEY_FILE);
  const kept = readKeptKey(file);
  if (kept !== undefined) return { key: kept, source: { kind: 'file', file } };

  makeDirectory(config.dataDir, 0o700);
  const key = randomBase62(GENERATED_KEY_LENGTH);
  try {
    // 'wx' refuses to overwrite: if another start won the race, its key is the one kept.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (isErrorCode(error, 'EEXIST')) return resolveAdminKey(config);
    throw error;
  }
  return { key, source: { kind: 'generated', file } };
}

function readKeptKey(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  const key = text.trim();
  if (key === '') {
    throw new Error(`the admin key file ${file} is empty: delete it to have a new key made`);
  }
  return key;
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
