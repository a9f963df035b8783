/**
 * The throughput baseline: a bare node:http server that answers each method with the status,
 * headers and body captured from the service, byte for byte.
 *   node --import tsx bench/suites/throughput/bare-server.ts RESPONSES.json
 * prints its port, then serves until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { CapturedResponses } from './captured';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts RESPONSES.json');
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponses;
const answers = new Map(
  Object.entries(captured).map(([method, response]) => [
    method,
    { ...response, body: Buffer.from(response.body, 'base64') },
  ]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.method ?? '');
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
