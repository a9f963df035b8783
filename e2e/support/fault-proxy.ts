import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { freePort } from './service';

/**
 * What the proxy does with the next requests:
 * - `pass`: forwards everything to the service, unchanged;
 * - `delay`: forwards API calls after `ms` milliseconds;
 * - `error`: answers API calls with HTTP 500 and the service's envelope, without forwarding;
 * - `not-json`: answers API calls with an HTML page, as a misconfigured reverse proxy would;
 * - `refuse`: stops listening, so every connection is refused, the dashboard's files included,
 *   as when the service is stopped.
 * Only `/api/` calls are touched by `delay`, `error` and `not-json`: the page and its files still
 * come from the service.
 */
export type FaultMode =
  | { kind: 'pass' }
  | { kind: 'delay'; ms: number }
  | { kind: 'error'; message: string }
  | { kind: 'not-json' }
  | { kind: 'refuse' };

export interface FaultProxy {
  url: string;
  setMode: (mode: FaultMode) => Promise<void>;
  close: () => Promise<void>;
}

/** A small HTTP proxy in front of the real service that misbehaves on demand. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const port = await freePort();
  const targetUrl = new URL(target);
  let mode: FaultMode = { kind: 'pass' };
  const sockets = new Set<Socket>();

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const upstream = request(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: targetUrl.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  };

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const path = incoming.url ?? '/';
    const current = mode;
    if (!path.startsWith('/api/') || current.kind === 'pass') return forward(incoming, outgoing);
    if (current.kind === 'delay') {
      await new Promise((resolve) => setTimeout(resolve, current.ms));
      return forward(incoming, outgoing);
    }
    // Faults answered by the proxy itself: the request body is read and dropped.
    incoming.resume();
    if (current.kind === 'error') {
      outgoing.writeHead(500, { 'Content-Type': 'application/json' });
      outgoing.end(JSON.stringify({ success: false, message: current.message, data: null }));
      return;
    }
    outgoing.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    outgoing.end('<!doctype html><title>Welcome</title><p>It works!</p>');
  };

  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Kept-alive connections would otherwise still reach the service.
      for (const socket of sockets) socket.destroy();
    });
  await listen();

  return {
    url: `http://127.0.0.1:${port}`,
    async setMode(next) {
      const wasRefusing = mode.kind === 'refuse';
      mode = next;
      if (next.kind === 'refuse' && !wasRefusing) await stopListening();
      if (next.kind !== 'refuse' && wasRefusing) await listen();
    },
    async close() {
      if (mode.kind !== 'refuse') await stopListening();
    },
  };
}
