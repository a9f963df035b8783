import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { isApiPath, type App, type AppEnv } from './types';

/** Vite puts a content hash in every name under /assets: a file there never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  'Tokendesk is running, but its dashboard is not built yet: run `npm run build`, then reload this page.\n';

/**
 * Serves the built dashboard from distDir. Paths that are not files get index.html, so the
 * dashboard's own routes (/tokens, /settings ...) survive a reload; a missing /assets file is a
 * 404, not HTML that the browser would refuse as a script.
 */
export function dashboardApp(distDir: string): App {
  // Made once dist/ exists, so a dashboard built while the service runs is served at once.
  let serve: DashboardFiles | undefined;
  const nothing = async () => {};

  return new Hono<AppEnv>().get('*', async (c, next) => {
    if (isApiPath(c.req.path) || c.req.path === '/healthz') return next();
    serve ??= existsSync(distDir) ? dashboardFiles(distDir) : undefined;
    if (!serve) return c.text(NOT_BUILT, 200);
    const file = await serve.file(c, nothing);
    if (file) {
      file.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      // '/' is the page itself.
      if (file.headers.get('Content-Type')?.startsWith('text/html')) {
        c.set('pageScripts', await serve.pageScripts());
      }
      return file;
    }
    if (c.req.path.startsWith('/assets/')) return c.text('Not found\n', 404);
    const indexPage = await serve.indexPage(c, nothing);
    if (!indexPage) return c.text(NOT_BUILT, 200);
    c.set('pageScripts', await serve.pageScripts());
    indexPage.headers.set('Cache-Control', 'no-cache');
    return indexPage;
  });
}

interface DashboardFiles {
  file: MiddlewareHandler<AppEnv>;
  indexPage: MiddlewareHandler<AppEnv>;
  /**
   * The page's own scripts, as the security policy names them (security-headers.ts): kept until
   * the page's file changes, as a dashboard built again while the service runs has scripts of its
   * own.
   */
  pageScripts: () => Promise<string[]>;
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The hash of each script written into the page: the build writes the page's first script there
 * (scripts/vite-boot-script.ts), so a phone does not wait for one more file before it.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

// The build writes Brotli and gzip copies beside each text file (scripts/vite-precompress.ts):
// the smallest one the browser accepts is sent as it is, rather than compressed per request.
function dashboardFiles(distDir: string): DashboardFiles {
  const page = join(distDir, 'index.html');
  let kept = { modified: Number.NaN, hashes: [] as string[] };
  return {
    file: serveStatic<AppEnv>({ root: distDir, precompressed: true }),
    indexPage: serveStatic<AppEnv>({ root: distDir, path: 'index.html', precompressed: true }),
    async pageScripts() {
      const modified = (await stat(page)).mtimeMs;
      if (modified !== kept.modified) {
        kept = { modified, hashes: inlineScriptHashes(await readFile(page, 'utf8')) };
      }
      return kept.hashes;
    },
  };
}
