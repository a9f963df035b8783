/**
 * The boot script: the page's first script, which the build puts in place of
 * public/color-scheme.js.
 *
 * The build writes it into index.html, and the service's security policy allows that one inline
 * script by its hash (server/http/dashboard.ts). It applies the theme before the first paint and
 * does more on a reload of a signed-in tab (a session in sessionStorage), where a phone on a slow
 * connection pays for every round trip:
 * - it marks the page (data-signed-in), and index.html paints the screens' frame at once: the
 *   header and the outline of the table, in the remembered theme, in a small inline style of its
 *   own classes, not Mantine's. A CSS rule (:has()) hides the frame as soon as #root holds
 *   anything but the app's loading placeholder, which stays named for screen readers beneath it:
 *   nothing in the app has to remember to remove it. A browser without :has() shows no frame,
 *   only the app's loader;
 * - it fetches the signed-in part at once, beside the entry script (and on a wide window the
 *   token list's table); on any other load, the connect screen's part. The app's first render waits for that part (loadBeforeFirstRender) rather than
 *   showing a placeholder, which React keeps up for at least 300 ms;
 * - it carries the reload's first calls (earlyCalls, src/boot.ts), bundled in as a classic
 *   script.
 *
 * On every load, once the page is loaded and idle, it fetches every part loaded on demand, at the
 * lowest priority and without running it, each after the files it imports, so a part whose own
 * file has arrived opens whole. Hashed files are kept by the browser, so those parts open at
 * once, even while the server is away. The session's key in sessionStorage is named in a module
 * of its own (src/api/session-key.ts) because the build reads it too.
 */
import { readFileSync } from 'node:fs';
import { rolldown } from 'rolldown';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
type OutputAsset = Rolldown.OutputAsset;

export interface BootScriptOptions {
  /** The classic script index.html loads first, from public/ (it runs in development as is). */
  publicScript: string;
  /**
   * The module of each first screen: the signed-in app, and the connect screen; and a module the
   * signed-in app needs at once where a media query matches (the token list's table on a wide
   * window), fetched beside it there.
   */
  firstScreens: {
    signedIn: string;
    signedOut: string;
    signedInWhere: { media: string; module: string };
  };
  /** A module bundled into the boot script, after publicScript: the first calls of a reload. */
  earlyCalls: string;
  /** The sessionStorage key present while someone is signed in. */
  sessionKey: string;
}

interface Link {
  href: string;
  rel: 'modulepreload' | 'preload' | 'prefetch';
  as?: 'style';
}

/** The links that fetch each first screen's part, as the boot script holds them. */
interface FirstScreenLinks {
  signedIn: Link[];
  signedOut: Link[];
  /** Signed in, where `media` matches. */
  signedInWhere: { media: string; links: Link[] };
}

const isChunk = (item: OutputChunk | OutputAsset): item is OutputChunk => item.type === 'chunk';

/**
 * The scripts and style sheets `starts` need that index.html does not load already, as links:
 * to be used soon (preload), or some time later at the lowest priority (prefetch).
 */
function linksFor(
  bundle: OutputBundle,
  starts: OutputChunk[],
  html: string,
  when: 'soon' | 'later',
): Link[] {
  const soon = when === 'soon';
  const links: Link[] = [];
  const listed = new Set<string>();
  /** True the first time a file index.html does not load already is met. */
  const isNew = (file: string) => {
    if (listed.has(file) || html.includes(file)) return false;
    listed.add(file);
    return true;
  };
  // A chunk's style sheets and imports come before the chunk itself: once a part's own file is
  // fetched, so is all it needs, even though the links are added a few at a time.
  const visit = (chunk: OutputChunk) => {
    if (!isNew(chunk.fileName)) return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (!isNew(css)) continue;
      links.push(
        soon
          ? { href: `/${css}`, rel: 'preload', as: 'style' }
          : { href: `/${css}`, rel: 'prefetch' },
      );
    }
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported && isChunk(imported)) visit(imported);
    }
    links.push({ href: `/${chunk.fileName}`, rel: soon ? 'modulepreload' : 'prefetch' });
  };
  starts.forEach(visit);
  return links;
}

/**
 * What the boot script adds to index.html's first script. Links fetch modules without running
 * them; hashed files are kept by the browser, so parts fetched ahead still open when the server
 * has gone away. Adding a link costs the main thread a few milliseconds (the browser starts its
 * request there), so the parts for later are added one at a time while the page is idle: all
 * thirty at once made one task of up to 385 ms with the CPU slowed four times, as on a phone,
 * and as many as an idle moment allowed made tasks of up to 89 ms in Lighthouse's mobile runs,
 * long enough to hold up a tap.
 */
function preloadCode(sessionKey: string, firstScreen: FirstScreenLinks, later: Link[]): string {
  return `(function () {
  function add(attributes) {
    if (document.head.querySelector('link[href="' + attributes.href + '"]')) return;
    var link = document.createElement('link');
    // The request starts once rel and href are both set, so its mode is set before them.
    link.crossOrigin = '';
    if (attributes.as) link.as = attributes.as;
    link.rel = attributes.rel;
    link.href = attributes.href;
    document.head.appendChild(link);
  }
  var signedIn = false;
  try {
    signedIn = Boolean(sessionStorage.getItem(${JSON.stringify(sessionKey)}));
  } catch (error) {
    // Without storage there is no session: the connect screen.
  }
  // A reload of a signed-in tab shows the screens' frame (index.html). The first screen's part
  // is fetched now, alongside the entry script.
  if (signedIn) document.documentElement.setAttribute('data-signed-in', '');
  var firstScreen = ${JSON.stringify(firstScreen)};
  (signedIn ? firstScreen.signedIn : firstScreen.signedOut).forEach(add);
  if (signedIn && window.matchMedia(firstScreen.signedInWhere.media).matches) {
    firstScreen.signedInWhere.links.forEach(add);
  }
  // Every part loaded on demand, once the page has loaded, while it is idle.
  var later = ${JSON.stringify(later)};
  var idle = window.requestIdleCallback || function (run) {
    setTimeout(run, 200);
  };
  function addOne() {
    add(later.shift());
    if (later.length > 0) idle(addOne, { timeout: 5000 });
  }
  window.addEventListener('load', function () {
    if (later.length > 0) idle(addOne, { timeout: 5000 });
  });
})();
`;
}

/** `entry` and what it imports as one classic script, for a page without modules yet. */
async function classicScript(entry: string): Promise<string> {
  const bundle = await rolldown({ input: entry, platform: 'browser' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

/**
 * In the build, replaces index.html's first script with one that does what it did, starts the
 * first calls of a signed-in reload (`earlyCalls`), and fetches ahead the parts the page loads
 * on demand (see preloadCode), written into the page: as a file of its own, it was one more
 * round trip before the first screen's part was asked for.
 */
export function bootScript({
  publicScript,
  firstScreens,
  earlyCalls,
  sessionKey,
}: BootScriptOptions): Plugin {
  return {
    name: 'tokendesk:boot-script',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') throw new Error('the build has no index.html');
      const html = String(page.source);
      const tag = `<script src="/${publicScript}"></script>`;
      if (!html.includes(tag)) throw new Error(`index.html does not load /${publicScript}`);

      const chunks = Object.values(bundle).filter(isChunk);
      // The chunk that holds a screen's module, whether it is the chunk's facade or shares it.
      const partOf = (screen: string) => {
        const chunk = chunks.find(({ moduleIds }) => moduleIds.some((id) => id.endsWith(screen)));
        if (!chunk) throw new Error(`the build has no chunk for ${screen}`);
        return linksFor(bundle, [chunk], html, 'soon');
      };
      const signedIn = partOf(firstScreens.signedIn);
      const { media, module } = firstScreens.signedInWhere;
      const firstScreen: FirstScreenLinks = {
        signedIn,
        signedOut: partOf(firstScreens.signedOut),
        // Without what the signed-in part's links fetch already.
        signedInWhere: {
          media,
          links: partOf(module).filter((link) => !signedIn.some(({ href }) => href === link.href)),
        },
      };
      const later = linksFor(
        bundle,
        chunks.filter((chunk) => chunk.isDynamicEntry),
        html,
        'later',
      );

      const source = [
        readFileSync(`public/${publicScript}`, 'utf8'),
        await classicScript(earlyCalls),
        preloadCode(sessionKey, firstScreen, later),
      ].join('\n');
      if (/<\/script/i.test(source)) throw new Error('the boot script would end its own tag');
      page.source = html.replace(tag, () => `<script>${source}</script>`);
    },
  };
}
