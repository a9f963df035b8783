/** The random picks the seed scripts make their synthetic tokens and figures with. */

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

/** A whole number from low to high, both included. */
export function between(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low + 1));
}
