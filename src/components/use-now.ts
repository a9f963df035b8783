import { useEffect, useState } from 'react';
import { nowSeconds } from '../lib/time';

/** The current time in Unix seconds, refreshed so relative times ("in 3 minutes") stay true. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
