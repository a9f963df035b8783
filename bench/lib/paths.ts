import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Reports and screenshots for people to look at; ignored by git. */
export const WORK_DIR = fileURLToPath(new URL('../.work', import.meta.url));
export const RESULTS_FILE = fileURLToPath(new URL('../results.md', import.meta.url));
