/*
 * Bundled into the boot script, the page's first script (scripts/vite-boot-script.ts), as a
 * classic script. On a reload of a signed-in tab of this service it asks for what the first
 * screen shows (the key's identity, the status and, on the token list, the summary and the page
 * the address shows) while the app's code is still downloading.
 *
 * - The answers are kept by address in a global map (api/early-answers.ts). The client takes an
 *   answer when it makes the same GET call, once, and asks the server itself when there is none
 *   or the early call failed, so every failure is told as usual.
 * - Nothing new holds the key: the calls read it from sessionStorage and send it in their header.
 * - The address is read without zod (earlyListPath, on the zod-free list view base and token
 *   constants), so the boot script stays small. A property test holds that reading to the list
 *   view's own; an address it does not read as the list will (a key pasted in the address) is
 *   simply asked for again by the list.
 */
import { startEarlyCalls } from './api/early-answers';
import { earlyListPath, earlySummaryPath } from './features/tokens/list-view/early-list-path';

const list = earlyListPath(window.location.search);
const summary = earlySummaryPath(window.location.search);
startEarlyCalls([
  '/api/admin-key/self',
  '/api/status',
  ...(list === null || summary === null ? [] : [summary, list]),
]);
