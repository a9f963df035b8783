import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lib/paths';

const SCREEN = 'src/features/tokens/tokens-screen.tsx';
const DEBOUNCE = /useDebouncedCallback\([\s\S]*?,\s*([\d_]+)\s*,?\s*\)/;

/** The search box's deliberate wait after a keystroke, as the dashboard's source sets it. */
export function searchDebounceMs(): number {
  const match = DEBOUNCE.exec(readFileSync(join(REPO_ROOT, SCREEN), 'utf8'));
  if (!match?.[1]) throw new Error(`could not find the search debounce in ${SCREEN}`);
  return Number(match[1].replaceAll('_', ''));
}
