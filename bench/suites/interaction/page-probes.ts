/**
 * Functions run inside the dashboard's page. Each arms a probe before an action: it notes
 * performance.now() when the action's event arrives, watches the DOM with a MutationObserver
 * until the expected change is there, then waits for the next frame to be painted
 * (requestAnimationFrame, then a task).
 */

export interface ProbeResult {
  /** performance.now() at the click or input event. */
  start: number;
  /** When the DOM first showed the change. */
  dom: number;
  /** After the frame showing it. */
  painted: number;
  /** The list request the change waited for, if any. */
  requestStart: number | null;
  responseEnd: number | null;
}

type ProbeWindow = Window & { benchProbe?: Promise<ProbeResult> };

/** Resolves with the armed probe's result once the change is painted. */
export const probeResult = () => (window as ProbeWindow).benchProbe as Promise<ProbeResult>;

/** Armed before clicking Save: done when the edited row shows its new name. */
export function armEditProbe({ rowIndex, name }: { rowIndex: number; name: string }): void {
  performance.clearResourceTimings();
  (window as ProbeWindow).benchProbe = new Promise((resolve) => {
    let start = 0;
    window.addEventListener('click', () => (start = performance.now()), {
      capture: true,
      once: true,
    });
    const row = document.querySelectorAll('tbody tr')[rowIndex];
    const observer = new MutationObserver(() => {
      if (!start) return;
      const shown = row?.isConnected
        ? Boolean(row.textContent?.includes(name))
        : Array.from(document.querySelectorAll('tbody tr')).some((r) =>
            r.textContent?.includes(name),
          );
      if (!shown) return;
      observer.disconnect();
      const dom = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() =>
          resolve({
            start,
            dom,
            painted: performance.now(),
            requestStart: null,
            responseEnd: null,
          }),
        ),
      );
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Armed before typing a search: done when the table holds exactly the expected matching rows. */
export function armSearchProbe({ keyword, rows }: { keyword: string; rows: number }): void {
  performance.clearResourceTimings();
  (window as ProbeWindow).benchProbe = new Promise((resolve) => {
    let start = 0;
    window.addEventListener('input', () => (start = performance.now()), {
      capture: true,
      once: true,
    });
    const observer = new MutationObserver(() => {
      if (!start) return;
      const shown = Array.from(document.querySelectorAll('tbody tr'));
      if (shown.length !== rows || !shown.every((r) => r.textContent?.includes(keyword))) return;
      observer.disconnect();
      const dom = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          const request = performance
            .getEntriesByType('resource')
            .find(
              (entry) =>
                new URL(entry.name).pathname === '/api/token/' &&
                new URL(entry.name).searchParams.get('keyword') === keyword,
            ) as PerformanceResourceTiming | undefined;
          resolve({
            start,
            dom,
            painted: performance.now(),
            requestStart: request?.startTime ?? null,
            responseEnd: request?.responseEnd ?? null,
          });
        }),
      );
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** When the update request that followed `start` had its answer (the row changes before that). */
export function updateAnsweredAt(start: number): number | null {
  const update = performance.getEntriesByType('resource').find((entry) => {
    const url = new URL(entry.name);
    return url.pathname === '/api/token/' && url.search === '' && entry.startTime >= start;
  }) as PerformanceResourceTiming | undefined;
  return update?.responseEnd ?? null;
}
