// Makes sure the e2e suite has a Chromium: one already on the machine first, then Debian's
// package when running as root, then Playwright's own download.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  process.env = env;
  if (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium'])) {
    const installed = findChromium();
    if (installed) {
      console.log(`Chromium: ${installed}`);
      process.exit(0);
    }
  }
  console.warn('Installing Debian chromium failed; trying Playwright’s download.');
}

if (run('npx', ['playwright', 'install', 'chromium'])) process.exit(0);
console.error(
  'No Chromium found. Install one (apt-get install chromium) or set CHROMIUM_PATH to its executable.',
);
process.exit(1);
