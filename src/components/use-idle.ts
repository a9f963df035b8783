import { useEffect, useState } from 'react';

/**
 * True once the browser has had an idle moment since the component mounted: parts that the
 * screen's first paint does not need are fetched then, after the list has drawn rather than
 * beside it. Browsers without requestIdleCallback wait a moment instead.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}
