/**
 * The most a server can answer the list's pages here when it reads each from the database: a
 * bare node:http server around the SQLite store's own page read (listJson, the read transaction,
 * the kept total, the reset check and the page made into JSON by SQLite), with the headers
 * captured from the service, and nothing else: no framework, no admin key check, queries parsed
 * once at start. Its ratio to the bare server is a ceiling for the service's.
 *   node --import tsx bench/suites/throughput/page-read-server.ts RESPONSES.json DATA_DIR
 * prints its port, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tokenListQuerySchema, type TokenListQuery } from '../../../src/contract/token';
import { okJsonText } from '../../../server/http/envelope';
import { openSqliteStore } from '../../../server/store/sqlite/store';
import { type CapturedResponses } from './captured';

const [file, dataDir] = process.argv.slice(2);
if (!file || !dataDir) throw new Error('usage: page-read-server.ts RESPONSES.json DATA_DIR');
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponses;

interface Page {
  query: TokenListQuery;
  headers: Record<string, string>;
}
const pages = new Map<string, Page>();
for (const [key, response] of Object.entries(captured)) {
  const [method, path = ''] = key.split(' ');
  if (method !== 'GET') continue;
  const { searchParams } = new URL(path, 'http://localhost');
  pages.set(path, {
    query: tokenListQuerySchema.parse(Object.fromEntries(searchParams)),
    headers: response.headers,
  });
}

const store = openSqliteStore({ dataDir });
const server = createServer((request, response) => {
  const page = pages.get(request.url ?? '');
  if (!page) {
    response.writeHead(404).end();
    return;
  }
  store.listJson(page.query).then(
    (json) => {
      const body = okJsonText(json);
      response
        .writeHead(200, { ...page.headers, 'content-length': String(Buffer.byteLength(body)) })
        .end(body);
    },
    () => response.writeHead(500).end(),
  );
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});

process.once('SIGTERM', () => {
  server.close(() => void store.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
