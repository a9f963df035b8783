import { useEffect, useState } from 'react';

/** True once `waiting` has lasted `afterMs`: long enough that the person should hear why. */
export function useSlow(waiting: boolean, afterMs = 2_000): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), afterMs);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [waiting, afterMs]);
  return waiting && slow;
}
