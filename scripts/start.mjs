// `npm start`: builds the dashboard when dist/ is missing or older than its sources, then runs
// the token service in the foreground (service.mjs: built to plain JavaScript first when
// needed). Arguments (e.g. --demo) go to the service.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  // The build's own plugins: the boot script, the chunk groups, the compressed copies.
  ...readdirSync(join(root, 'scripts'))
    .filter((name) => /^vite-.*\.ts$/.test(name))
    .map((name) => join('scripts', name)),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtIndex = join(root, 'dist', 'index.html');
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((path) => newestMtime(join(root, path))));

if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Dashboard sources changed: rebuilding…' : 'Building the dashboard…');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('./service.mjs');
