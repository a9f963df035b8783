import { existsSync } from 'node:fs';

/** Chromium builds a machine may already have, most specific first. */
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
].filter(Boolean);

/** The path of a Chromium on this machine, or undefined to use Playwright's own download. */
export function findChromium() {
  return CANDIDATES.find((path) => existsSync(path));
}

/** Flags for a headless Chromium on a machine without a display, a sandbox or internet. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
