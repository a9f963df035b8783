import { useLayoutEffect, useMemo, useRef } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callbacks of any signature
type Callbacks<T> = { [K in keyof T]: (...args: any[]) => unknown };

/**
 * The same object of functions on every render, each calling the latest version passed in:
 * children that take them as props can skip drawing again when nothing else changed.
 */
export function useStableCallbacks<T extends Callbacks<T>>(callbacks: T): T {
  const latest = useRef(callbacks);
  useLayoutEffect(() => {
    latest.current = callbacks;
  });
  const names = Object.keys(callbacks).join(',');
  return useMemo(
    () =>
      Object.fromEntries(
        names
          .split(',')
          .map((name) => [
            name,
            (...args: unknown[]) =>
              (latest.current as Record<string, (...a: unknown[]) => unknown>)[name]!(...args),
          ]),
      ) as T,
    [names],
  );
}
