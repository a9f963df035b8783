/*
 * Bundled into the boot script, the page's first script (scripts/vite-boot-script.ts): on a
 * reload of a signed-in tab it asks for what the first screen shows while the app's code is
 * still downloading, and the app adopts the answers (api/early-answers.ts).
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
