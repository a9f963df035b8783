import { test as base } from '@playwright/test';
import { ADMIN_KEY } from './app';
import { removeMadeDataDirs, startService, type RunningService } from './service';

/**
 * The suite's `test`: each worker runs its files against a service of its own, started empty from
 * the build on a free port, so files running at once never see each other's tokens, audit or
 * settings. Pages, `request` and new contexts reach it through `baseURL`.
 */
export const test = base.extend<
  object,
  { workerService: RunningService; madeDataDirsRemoved: void }
>({
  // Set up first, so torn down last: after the worker's services, its own among them, stopped.
  madeDataDirsRemoved: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      removeMadeDataDirs();
    },
    { scope: 'worker', auto: true },
  ],
  workerService: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = await startService({ adminKey: ADMIN_KEY, showErrors: true });
      await use(service);
      await service.stop();
    },
    // Its own time, not the first test's: a start may take up to 30 s on a busy machine.
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ workerService }, use) => use(workerService.url),
});

export { expect } from '@playwright/test';
