import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory } from '../make-directory';
import { SECRET_BYTES } from './key-seal';

export const SECRET_FILE = 'token-secret';

/**
 * The secret that seals the SQLite database's keys when TOKENDESK_SECRET is not set: kept in the
 * data directory beside the database (never inside it), made on the first start, readable by
 * its owner only.
 */
export function keptSecret(dataDir: string): Buffer {
  makeDirectory(dataDir, 0o700);
  const file = join(dataDir, SECRET_FILE);
  const kept = readSecretFile(file);
  if (kept) return kept;
  const secret = randomBytes(SECRET_BYTES);
  try {
    // 'wx' refuses to overwrite: if another start won the race, its secret is the one kept.
    writeFileSync(file, `${secret.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
      return keptSecret(dataDir);
    }
    throw error;
  }
  return secret;
}

function readSecretFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  const secret = Buffer.from(text.trim(), 'base64');
  if (secret.length !== SECRET_BYTES) {
    throw new Error(
      `the secret file ${file} does not hold ${SECRET_BYTES} bytes in base64: restore it from a backup (without it no key can be revealed)`,
    );
  }
  return secret;
}
