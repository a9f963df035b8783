/**
 * The build's chunk groups: few files, so that a signed-in reload on a phone does not queue for
 * round trips (chunkGroups, below, says which groups and why).
 *
 * The budget tests (scripts/bundle-budget.test.ts) hold the result: at most six files before the
 * list can draw; the signed-in part at most 150 kB gzipped with its style sheet (141 kB now);
 * every other part loaded on demand at most 100 kB. The build then writes a Brotli and a gzip
 * copy of each file (vite-precompress.ts), which the service sends as they are.
 */
import type { ChunkingContext } from 'rolldown';

/** The modules `starts` import, directly or through others, without those loaded on demand. */
function staticallyReached(context: ChunkingContext, starts: string[]): Set<string> {
  for (const start of starts) {
    if (!context.getModuleInfo(start)) throw new Error(`the build has no module ${start}`);
  }
  const reached = new Set<string>();
  const waiting = [...starts];
  for (let id = waiting.pop(); id !== undefined; id = waiting.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    waiting.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

const LIBRARY = /[\\/]node_modules[\\/]/;

/**
 * A group of the dashboard's own modules that `starts` import (once per build), with the
 * library code they use: the bundler follows their imports itself, only to what they use, so
 * library components that only later parts need stay with those parts.
 */
function reachedFrom(name: string, starts: string[], priority: number) {
  const reached = new WeakMap<ChunkingContext, Set<string>>();
  const modules = (context: ChunkingContext) => {
    let found = reached.get(context);
    if (!found) reached.set(context, (found = staticallyReached(context, starts)));
    return found;
  };
  return {
    debugName: name,
    name: (id: string, context: ChunkingContext) =>
      !LIBRARY.test(id) && modules(context).has(id) ? name : null,
    priority,
  };
}

/**
 * How the build cuts the dashboard's code into files. Left to itself, the bundler made a file of
 * every set of modules the same parts share: thirty-three files before a signed-in reload could
 * draw the list, and a browser asks a server for at most six at a time over HTTP/1.1, each file a
 * round trip on a phone's slow connection. Groups instead, taken in this order:
 *
 * - everything the page's entry runs at once, in the entry's own file;
 * - what the connect step needs (the fetch layer, zod, the contract), so connecting waits for
 *   that file and not for the signed-in app;
 * - the signed-in app, in one file, which the boot script fetches beside the entry's.
 *
 * A signed-in reload fetches six files before the list can draw. Measured with Lighthouse's
 * mobile preset on the token list: largest paint 3.16 s → 2.33 s.
 */
export function chunkGroups({ session, signedIn }: { session: string[]; signedIn: string }) {
  return [
    // Taken first: what the entry runs is never moved into a later file.
    { name: 'index', tags: ['$initial' as const], priority: 3 },
    reachedFrom('session', session, 2),
    reachedFrom('connected-app', [signedIn], 1),
  ];
}
