import type { Browser } from '@playwright/test';
import { newDesktopContext } from '../../lib/browser';

export interface FirstRender {
  /** first-contentful-paint, ms after navigation start. */
  fcpMs: number;
  /** The document and each same-origin resource whose request started before that paint. */
  beforeFcp: string[];
  /** When the connect form's key field entered the DOM. */
  formMs: number;
  beforeForm: string[];
}

interface PageTimings {
  fcp: number;
  form: number;
  resources: Array<{ path: string; start: number }>;
}

type FormWindow = Window & { benchFormAt?: number };

/** Loads the connect screen in a fresh context (empty cache) and reads the page's own timeline. */
export async function firstRenderRequests(browser: Browser, url: string): Promise<FirstRender> {
  const context = await newDesktopContext(browser);
  try {
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('input[type="password"]')) return;
        (window as FormWindow).benchFormAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('input[type="password"]').waitFor();
    const timings = await page.evaluate(
      () =>
        new Promise<PageTimings>((resolve) => {
          new PerformanceObserver((list, observer) => {
            const fcp = list.getEntriesByName('first-contentful-paint')[0];
            if (!fcp) return;
            observer.disconnect();
            const resources = performance
              .getEntriesByType('resource')
              .filter((entry) => new URL(entry.name).origin === location.origin)
              .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
            resolve({
              fcp: fcp.startTime,
              form: (window as FormWindow).benchFormAt ?? Number.NaN,
              resources,
            });
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    const startedBefore = (time: number) => [
      '/ (document)',
      ...timings.resources.filter((entry) => entry.start < time).map((entry) => entry.path),
    ];
    return {
      fcpMs: timings.fcp,
      beforeFcp: startedBefore(timings.fcp),
      formMs: timings.form,
      beforeForm: startedBefore(timings.form),
    };
  } finally {
    await context.close();
  }
}
