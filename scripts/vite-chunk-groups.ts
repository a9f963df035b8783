/**
 * The build's chunk groups: few files, so that a signed-in reload on a phone does not queue for
 * round trips (chunkGroups, below, says which groups and why).
 *
 * The budget tests (scripts/bundle-budget.test.ts) hold the result: at most four files and 220 kB
 * gzipped before a phone can draw the list (197 kB now, the page with its boot script included),
 * 145 kB before the connect screen (141 kB now); every other part loaded on demand at most 100 kB.
 * The build then writes a Brotli and a gzip copy of each file (vite-precompress.ts), which the
 * service sends as they are.
 */
import type { ChunkingContext } from 'rolldown';

/** Comments, directives and the statements that take or pass on another module's exports. */
const PASSING_ON =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|["']use client["'];?|(?:import|export)\b[^;"']*\bfrom\s*["'][^"']*["'];?|export\s*\{[^}]*\};?/g;

/** A module that only passes on what others export, as a package's index does. */
const isBarrel = (code: string | null) =>
  code !== null && /\bexport\b/.test(code) && code.replace(PASSING_ON, '').trim() === '';

/** The names `code` imports from other modules, or null when it takes a whole one (`* as`). */
function namesImported(code: string | null): Set<string> | null {
  if (code === null || /import\s*\*/.test(code)) return null;
  const names = new Set<string>();
  for (const [, list] of code.matchAll(/import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}/g)) {
    for (const item of list!.split(',')) {
      const name = item.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The modules `starts` import, directly or through others, without those loaded on demand. A
 * package's index is passed through to the modules that export what the importer names, so
 * importing Button from @mantine/core reaches Button and not every component of the package;
 * the index itself is left out, as the bundler drops it.
 */
function staticallyReached(context: ChunkingContext, starts: string[]): Set<string> {
  const info = (id: string) => {
    const found = context.getModuleInfo(id);
    if (!found) throw new Error(`the build has no module ${id}`);
    return found;
  };
  const reached = new Set<string>();
  const waiting = [...starts];
  for (let id = waiting.pop(); id !== undefined; id = waiting.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    const { code, importedIds } = info(id);
    const names = namesImported(code);
    const through = (imported: string[]): string[] =>
      imported.flatMap((dependency) => {
        const module = info(dependency);
        if (!isBarrel(module.code)) return [dependency];
        const named = module.importedIds.filter(
          (exporter) => names === null || info(exporter).exports.some((name) => names.has(name)),
        );
        return through(named);
      });
    waiting.push(...through(importedIds));
  }
  return reached;
}

const LIBRARY = /[\\/]node_modules[\\/]/;
const STYLE_SHEET = /\.css$/;

/** Once per build: the modules `starts` reach, found on first use. */
function reachedOnce(starts: string[]) {
  const reached = new WeakMap<ChunkingContext, Set<string>>();
  return (context: ChunkingContext) => {
    let found = reached.get(context);
    if (!found) reached.set(context, (found = staticallyReached(context, starts)));
    return found;
  };
}

/**
 * A group of the dashboard's own modules that `starts` import (once per build), with the
 * library code they use: the bundler follows their imports itself, only to what they use, so
 * library components that only later parts need stay with those parts.
 */
function reachedFrom(name: string, starts: string[], priority: number) {
  const modules = reachedOnce(starts);
  return {
    debugName: name,
    name: (id: string, context: ChunkingContext) =>
      !LIBRARY.test(id) && modules(context).has(id) ? name : null,
    priority,
  };
}

/**
 * The entry's file: every module the page's entry runs at once, and every module both first
 * screens use (the connect screen and the signed-in app), the libraries' included: in the file
 * of either screen, such a module would make the other screen fetch that file too. The signed-in
 * app's style sheets go in the entry's too (5 kB compressed, which the app needs as soon as the
 * connect step ends): a signed-in reload on a phone then starts one request fewer beside the
 * page, and the seventh of them waited a round trip for one of HTTP/1.1's six connections.
 */
function entryGroup(
  entry: string,
  screens: { connect: string; signedIn: string },
  priority: number,
) {
  const initial = reachedOnce([entry]);
  const connect = reachedOnce([screens.connect]);
  const signedIn = reachedOnce([screens.signedIn]);
  return {
    debugName: 'index',
    name: (id: string, context: ChunkingContext) =>
      initial(context).has(id) ||
      (connect(context).has(id) && signedIn(context).has(id)) ||
      (STYLE_SHEET.test(id) && signedIn(context).has(id))
        ? 'index'
        : null,
    priority,
  };
}

/**
 * A part that one first screen needs at once in some windows only (the token list's table,
 * on a wide one), in one file with the library code no first screen's file holds: the first
 * script fetches it beside that screen's file there, one request more instead of five.
 */
function partGroup(name: string, start: string, firstScreens: string[], priority: number) {
  const own = reachedOnce([start]);
  const others = reachedOnce(firstScreens);
  return {
    debugName: name,
    name: (id: string, context: ChunkingContext) =>
      own(context).has(id) && !others(context).has(id) ? name : null,
    priority,
  };
}

/**
 * How the build cuts the dashboard's code into files. Left to itself, the bundler made a file of
 * every set of modules the same parts share: thirty-three files before a signed-in reload could
 * draw the list, and a browser asks a server for at most six at a time over HTTP/1.1, each file a
 * round trip on a phone's slow connection. Groups instead, taken in this order:
 *
 * - everything the page's entry runs at once, and what both first screens use (the connect
 *   screen and the signed-in app), in the entry's own file;
 * - what the connect step needs (the fetch layer, zod, the contract), which the signed-in app
 *   needs too, so connecting waits for that file and not for the signed-in app;
 * - the signed-in app, in one file, which the boot script fetches beside the entry's on a
 *   signed-in reload;
 * - the connect screen with its form library, which the boot script fetches beside the entry's
 *   otherwise, so a signed-in reload does not fetch or run it;
 * - the token list's table with its scroll area and the positioning library under it, which the
 *   boot script fetches beside the signed-in app's on a wide window only: a phone draws cards.
 *
 * A signed-in reload fetches four files beside the page before the list can draw: the entry's
 * script and style sheet, the connect step's and the signed-in app's. Measured with Lighthouse's
 * mobile preset on the token list, when these groups replaced the bundler's own: largest paint
 * 3.16 s → 2.33 s.
 */
export function chunkGroups({
  entry,
  session,
  connect,
  signedIn,
  wideList,
}: {
  entry: string;
  session: string[];
  connect: string;
  signedIn: string;
  wideList: string;
}) {
  return [
    // Taken first: what the entry runs is never moved into a later file.
    entryGroup(entry, { connect, signedIn }, 4),
    reachedFrom('session', session, 3),
    reachedFrom('connected-app', [signedIn], 2),
    reachedFrom('connect', [connect], 1),
    partGroup('token-table', wideList, [entry, ...session, connect, signedIn], 0),
  ];
}
