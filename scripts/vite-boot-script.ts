import { readFileSync } from 'node:fs';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
type OutputAsset = Rolldown.OutputAsset;

export interface BootScriptOptions {
  /** The classic script index.html loads first, from public/ (it runs in development as is). */
  publicScript: string;
  /** The module loaded once someone is signed in. */
  signedInEntry: string;
  /** The sessionStorage key present while someone is signed in. */
  sessionKey: string;
}

const isChunk = (item: OutputChunk | OutputAsset): item is OutputChunk => item.type === 'chunk';

/** The signed-in part's scripts and style sheets that index.html does not load already. */
function signedInFiles(bundle: OutputBundle, entry: string, html: string) {
  const chunks = Object.values(bundle).filter(isChunk);
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entry));
  if (!start) throw new Error(`the build has no chunk for ${entry}`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (scripts.has(chunk.fileName) || html.includes(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported && isChunk(imported)) visit(imported);
    }
  };
  visit(start);
  return { scripts: [...scripts], styles: [...styles].filter((css) => !html.includes(css)) };
}

/**
 * In the build, replaces index.html's first script with one that does what it did and, when a
 * session is stored (a reload of a signed-in tab), starts fetching the signed-in part at once,
 * alongside the entry script instead of after it has run.
 */
export function bootScript({ publicScript, signedInEntry, sessionKey }: BootScriptOptions): Plugin {
  return {
    name: 'tokendesk:boot-script',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') throw new Error('the build has no index.html');
      const html = String(page.source);
      const tag = `<script src="/${publicScript}"></script>`;
      if (!html.includes(tag)) throw new Error(`index.html does not load /${publicScript}`);

      const { scripts, styles } = signedInFiles(bundle, signedInEntry, html);
      const links = [
        ...scripts.map((file) => ({ href: `/${file}`, rel: 'modulepreload' })),
        ...styles.map((file) => ({ href: `/${file}`, rel: 'preload', as: 'style' })),
      ];
      const preload = `(function () {
  try {
    if (!sessionStorage.getItem(${JSON.stringify(sessionKey)})) return;
    ${JSON.stringify(links)}.forEach(function (attributes) {
      var link = document.createElement('link');
      Object.keys(attributes).forEach(function (name) {
        link[name] = attributes[name];
      });
      link.crossOrigin = '';
      document.head.appendChild(link);
    });
  } catch (error) {
    // Without storage there is no session to speed up.
  }
})();
`;
      const source = `${readFileSync(`public/${publicScript}`, 'utf8')}\n${preload}`;
      const reference = this.emitFile({ type: 'asset', name: 'boot.js', source });
      page.source = html.replace(tag, `<script src="/${this.getFileName(reference)}"></script>`);
    },
  };
}
