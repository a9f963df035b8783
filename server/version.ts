import { readFileSync } from 'node:fs';

/** The service reports the version of the package it ships in, so the dashboard and status agree. */
function readPackageVersion(): string {
  const file = new URL('../package.json', import.meta.url);
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
    const { version } = parsed;
    if (typeof version === 'string') return version;
  }
  throw new Error('package.json has no version');
}

export const SERVICE_VERSION = readPackageVersion();
