import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p` that always ends. Node's recursive mkdir retries forever where a parent exists but
 * cannot hold directories (any path under /proc), so each missing level is made in turn here and
 * a level that still cannot be made is an error.
 */
export function makeDirectory(path: string, mode: number): void {
  try {
    mkdirSync(path, { mode });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(path).isDirectory()) return;
    const parent = dirname(path);
    if (code !== 'ENOENT' || parent === path) throw error;
    makeDirectory(parent, mode);
    mkdirSync(path, { mode });
  }
}
