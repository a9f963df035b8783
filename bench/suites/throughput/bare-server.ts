/**
 * The throughput baseline: a bare node:http server that answers each request (method and path)
 * with the status, headers and body captured from the service for it, byte for byte. With `hono`, a Hono app of one
 * route on @hono/node-server does the same: what the service's framework costs by itself.
 *   node --import tsx bench/suites/throughput/bare-server.ts RESPONSES.json [hono]
 * prints its port, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { answerKey, type CapturedResponses } from './captured';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts RESPONSES.json [hono]');
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponses;
const answers = new Map(
  Object.entries(captured).map(([key, response]) => [
    key,
    { ...response, body: Buffer.from(response.body, 'base64') },
  ]),
);

function honoServer(): Server {
  const app = new Hono();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const answer = answers.get(answerKey(c.req.method, `${url.pathname}${url.search}`));
    // Read like the service reads a JSON body.
    if (c.req.method === 'POST') await c.req.arrayBuffer();
    if (!answer) return c.body(null, 405);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  return createAdaptorServer({ fetch: app.fetch }) as Server;
}

const server =
  process.argv[3] === 'hono'
    ? honoServer()
    : createServer((request, response) => {
        const answer = answers.get(answerKey(request.method ?? '', request.url ?? ''));
        // The service reads the whole request body before answering; so does the baseline.
        request.on('end', () => {
          if (answer) response.writeHead(answer.status, answer.headers).end(answer.body);
          else response.writeHead(405).end();
        });
        request.resume();
      });

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
