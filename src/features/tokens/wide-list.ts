import { partAhead } from '../../components/lazy-boundary';
import { CARDS_WIDTH } from './cards-width';

/** True where the token list is drawn as a table. */
export const wideList = () => !window.matchMedia(CARDS_WIDTH).matches;

/**
 * The table, a part of its own: a phone draws cards and does not wait for the table's code (its
 * scroll area and the positioning library under it) before the list can draw. On a wider window
 * the first script fetches it beside the signed-in app's (vite.config.ts), and the first render
 * waits for it (loadBeforeFirstRender).
 */
export const tokenTable = partAhead(() => import('./token-table').then((part) => part.TokenTable));
