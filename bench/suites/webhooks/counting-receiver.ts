import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver in the bench process: answers 204 at once and notes when each event came. */
export async function startCountingReceiver(): Promise<{
  url: string;
  /** performance.now() of each event received, in order. */
  arrivals: number[];
  /** Distinct webhook-ids: a retry of an event counts once. */
  ids: Set<string>;
  stop: () => Promise<void>;
}> {
  const arrivals: number[] = [];
  const ids = new Set<string>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.push(performance.now());
      ids.add(String(request.headers['webhook-id']));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    arrivals,
    ids,
    stop: () =>
      new Promise((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
