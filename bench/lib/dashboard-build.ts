import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import { runCommand } from './run-command';

/**
 * Builds the dashboard into a folder of the bench's own, never into dist/. The manifest and
 * hidden source maps are extra files only: the JS and CSS are byte for byte those of
 * `npm run build`, and no file refers to the maps.
 */
export async function buildDashboard(outDir: string): Promise<void> {
  await runCommand(process.execPath, [
    join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--manifest',
    '--sourcemap',
    'hidden',
    '--logLevel',
    'warn',
  ]);
}
