/**
 * A repeatable source of numbers from 0 (included) to 1 (excluded), from a text: the demo's
 * figures come out the same at every start and in its tests (mulberry32 over an FNV-1a hash).
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) {
    state = Math.imul(state ^ seed.charCodeAt(index), 0x01000193);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number from low to high, both included. */
export const wholeBetween = (random: () => number, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));

export const pickOf = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
