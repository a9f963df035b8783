import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestService, type TestService } from '../test-support';

const BOOT_SCRIPT = 'document.documentElement.dataset.booted = "";';
const INDEX_HTML = `<!doctype html><title>Tokendesk</title><script>${BOOT_SCRIPT}</script><div id="root"></div>`;
const SCRIPT = 'console.log("dashboard");'.repeat(100);

let distDir: string;
let service: TestService;

beforeAll(() => {
  distDir = makeTempDir('tokendesk-dist-');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'index-3f9a1c.js'), SCRIPT);
  // The build's compressed copies (scripts/vite-precompress.ts) of one asset and of the page.
  writeFileSync(join(distDir, 'assets', 'app-77e0b2.js'), SCRIPT);
  writeFileSync(join(distDir, 'assets', 'app-77e0b2.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(distDir, 'assets', 'app-77e0b2.js.gz'), gzipSync(SCRIPT, { level: 9 }));
  writeFileSync(join(distDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  service = startTestService({ distDir });
});
afterAll(async () => {
  await service.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('dashboard', () => {
  it('serves index.html at / without caching it', async () => {
    const response = await service.request('GET', '/', { auth: false });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('serves index.html for the dashboard routes, so a reload works', async () => {
    for (const path of ['/tokens', '/tokens/42/edit', '/settings?tab=quota']) {
      const response = await service.request('GET', path, { auth: false });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    }
  });

  it('serves hashed assets as immutable, with their type', async () => {
    const response = await service.request('GET', '/assets/index-3f9a1c.js', { auth: false });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('javascript');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('serves other files at the root, revalidated', async () => {
    const response = await service.request('GET', '/favicon.svg', { auth: false });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of HTML', async () => {
    const response = await service.request('GET', '/assets/index-000000.js', { auth: false });
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toContain('text/plain');
  });

  it('never serves files from outside the dashboard directory', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const response = await service.request('GET', path, { auth: false });
      expect(await response.text(), path).not.toContain('"name"');
    }
  });

  it('lets the page run the script written into it, and nothing else inline', async () => {
    const scriptSrc = (response: Response) =>
      /script-src ([^;]*)/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    for (const path of ['/', '/tokens']) {
      const page = await service.request('GET', path, { auth: false });
      expect(scriptSrc(page), path).toBe(`'self' 'sha256-${hash}'`);
    }
    const asset = await service.request('GET', '/assets/index-3f9a1c.js', { auth: false });
    expect(scriptSrc(asset)).toBe("'self'");
    expect(scriptSrc(await service.request('GET', '/api/unknown'))).toBe("'self'");
  });

  it('leaves /api and /healthz to the service', async () => {
    expect((await service.api('GET', '/api/unknown')).status).toBe(404);
    expect((await service.api('GET', '/healthz')).success).toBe(true);
  });

  it('compresses text files when the client accepts gzip', async () => {
    const response = await service.request('GET', '/assets/index-3f9a1c.js', {
      auth: false,
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
  });
});

describe('the build’s compressed copies', () => {
  const fetchAsset = (path: string, acceptEncoding?: string) =>
    service.request('GET', path, {
      auth: false,
      headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
    });

  it('sends the Brotli copy to a browser that accepts it, as it was built', async () => {
    const response = await fetchAsset('/assets/app-77e0b2.js', 'gzip, deflate, br, zstd');
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Content-Type')).toContain('javascript');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(Number(response.headers.get('Content-Length')));
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip, without compressing it again', async () => {
    const response = await fetchAsset('/assets/app-77e0b2.js', 'gzip');
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(readFileSync(join(distDir, 'assets', 'app-77e0b2.js.gz')))).toBe(true);
    expect(gunzipSync(body).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no coding', async () => {
    const response = await fetchAsset('/assets/app-77e0b2.js');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.text()).toBe(SCRIPT);
  });

  it('sends the page compressed at every dashboard route', async () => {
    for (const path of ['/', '/tokens']) {
      const response = await fetchAsset(path, 'br');
      expect(response.headers.get('Content-Encoding'), path).toBe('br');
      expect(response.headers.get('Cache-Control'), path).toBe('no-cache');
      const body = Buffer.from(await response.arrayBuffer());
      expect(brotliDecompressSync(body).toString(), path).toBe(INDEX_HTML);
    }
  });
});

describe('without a built dashboard', () => {
  it('answers / with a short page saying to run npm run build', async () => {
    const bare = startTestService();
    try {
      const response = await bare.request('GET', '/', { auth: false });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toContain('text/plain');
      expect(await response.text()).toContain('run `npm run build`');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    } finally {
      await bare.close();
    }
  });
});
