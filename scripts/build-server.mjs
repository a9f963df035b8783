// Builds the token service (server/main.ts and everything it imports but the packages named
// external below) into one file of plain JavaScript, dist-server/main.mjs: it starts faster and
// in less memory than TypeScript compiled on the fly. `node scripts/build-server.mjs` builds when the output is
// missing or older than a source; `--force` always builds.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = join(root, 'dist-server');
/** The built service; run it with `node dist-server/main.mjs`. */
export const SERVER_ENTRY = join(OUT_DIR, 'main.mjs');
/** Every file the last build read, so a later start can tell whether it is stale. */
const INPUTS_FILE = join(OUT_DIR, 'inputs.json');
/** Not among the bundled sources, yet they change what the build makes. */
const ALWAYS_INPUTS = ['package.json', 'package-lock.json', 'scripts/build-server.mjs'];
/** Files a worker thread runs, found next to the service's code: copied beside main.mjs. */
const WORKER_FILES = ['server/store/sqlite/checkpoint-worker.mjs'];

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : Infinity;
}

/** True when dist-server/main.mjs is missing or any file it was built from has changed since. */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_ENTRY) || !existsSync(INPUTS_FILE)) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(INPUTS_FILE, 'utf8'));
  } catch {
    return true;
  }
  if (!Array.isArray(inputs)) return true;
  const builtAt = statSync(SERVER_ENTRY).mtimeMs;
  return [...inputs, ...ALWAYS_INPUTS].some((input) => mtime(join(root, input)) > builtAt);
}

/** Bundles the service; files are written under temporary names and renamed, so a concurrent
 * start sees either the old build or the new one, never half of one. */
export async function buildServer() {
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: join(root, 'server/main.ts'),
    cwd: root,
    platform: 'node',
    // better-sqlite3 is a native addon: it loads its compiled part from its own folder in
    // node_modules. The tokenizer's tables (several MB) are loaded from there only when an answer
    // without usage needs them; undici, the gateway's connection pool, is a package Node's own
    // fetch is built on, used as it is installed.
    external: ['better-sqlite3', 'undici', /^gpt-tokenizer(\/|$)/],
    logLevel: 'warn',
  });
  try {
    const { output } = await bundle.generate({ format: 'esm' });
    const [chunk, ...rest] = output;
    if (!chunk || chunk.type !== 'chunk' || rest.length > 0) {
      throw new Error('the service build made more than one file');
    }
    // Packages change with package-lock.json, which is always an input; these are the sources.
    // The worker files are copied rather than bundled, and are inputs all the same.
    const inputs = chunk.moduleIds
      .filter((id) => !id.startsWith('\0') && existsSync(id))
      .map((id) => relative(root, id))
      .filter((path) => !path.startsWith('..') && !path.startsWith('node_modules'))
      .concat(WORKER_FILES);
    mkdirSync(OUT_DIR, { recursive: true });
    const suffix = `.${process.pid}.tmp`;
    writeFileSync(INPUTS_FILE + suffix, `${JSON.stringify(inputs, null, 1)}\n`);
    writeFileSync(SERVER_ENTRY + suffix, chunk.code);
    for (const file of WORKER_FILES) {
      const target = join(OUT_DIR, basename(file));
      copyFileSync(join(root, file), target + suffix);
      renameSync(target + suffix, target);
    }
    renameSync(INPUTS_FILE + suffix, INPUTS_FILE);
    renameSync(SERVER_ENTRY + suffix, SERVER_ENTRY);
  } finally {
    await bundle.close();
  }
}

/**
 * Builds in a separate process when stale, so the bundler's memory is never part of a service
 * that runs in the caller's process afterwards. Throws when the build fails.
 */
export function ensureServerBuilt() {
  if (!serverBuildIsStale()) return SERVER_ENTRY;
  const build = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) throw new Error('building the service (scripts/build-server.mjs) failed');
  return SERVER_ENTRY;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--force') || serverBuildIsStale()) {
    buildServer().catch((error) => {
      console.error(
        `Building the service failed: ${error instanceof Error ? error.message : error}`,
      );
      process.exit(1);
    });
  }
}
