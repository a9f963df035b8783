/**
 * The gateway suite's reference: the simplest competent pass-through proxy in node:http, its own
 * process. It forwards each request's method, path under /v1 and body to the upstream over kept-
 * alive connections, with the upstream's key in place of the client's, and pipes the answer back
 * as it comes. No key check, no hold, no metering.
 *   node --import tsx bench/suites/gateway/bare-proxy.ts UPSTREAM_BASE_URL UPSTREAM_KEY
 * prints its port, then serves until SIGTERM.
 */
import { Agent, createServer, request as upstreamRequest } from 'node:http';

const [base, key] = process.argv.slice(2);
if (!base || !key) throw new Error('usage: bare-proxy.ts UPSTREAM_BASE_URL UPSTREAM_KEY');
const upstream = new URL(base);
const agent = new Agent({ keepAlive: true });

const server = createServer((request, response) => {
  const path = (request.url ?? '/').replace(/^\/v1/, upstream.pathname);
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  for (const name of ['content-type', 'content-length', 'accept']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const forwarded = upstreamRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path,
      headers,
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        'content-type': answer.headers['content-type'] ?? 'application/json',
      });
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  // A client gone stops the upstream's answer too.
  response.on('close', () => {
    if (!response.writableFinished) forwarded.destroy();
  });
  request.pipe(forwarded);
});
server.keepAliveTimeout = 30_000;

server.listen(0, '127.0.0.1', 1024, () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
