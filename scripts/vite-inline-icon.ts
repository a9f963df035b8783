/**
 * The page's icon, written into the built index.html as a data: address (its 306 bytes) in
 * place of a link to the file in public/, which stays the one copy and what development serves.
 *
 * A signed-in reload on a phone starts its requests beside the page's all at once, and over
 * HTTP/1.1 a browser opens at most six connections to a server: the icon's request kept a
 * script waiting a round trip for one. The service's security policy allows data: images.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function inlineIcon(publicFile: string): Plugin {
  const link = `href="/${publicFile}"`;
  return {
    name: 'tokendesk-inline-icon',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(link)) throw new Error(`index.html has no icon link ${link}`);
      const svg = readFileSync(new URL(`../public/${publicFile}`, import.meta.url), 'utf8').trim();
      return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}
