/** For tests: a webhook receiver on a port of its own, recording what it is sent. */
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { killLaunched } from '../test-process';
import { makeTempDir } from '../test-support';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  /** When it arrived, ms since the epoch. */
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Waits this long before answering. */
  delayMs?: number;
}

export interface TestReceiver {
  url: string;
  port: number;
  received: Received[];
  /** How the next request is answered, from what came before it; 204 by default. */
  answer: (request: Received, index: number) => Answer;
  /** Resolves once `count` requests matching `which` have arrived; rejects after `timeoutMs`. */
  waitFor(
    count: number,
    which?: (request: Received) => boolean,
    timeoutMs?: number,
  ): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<TestReceiver> {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      const answer = receiver.answer(entry, received.length);
      setTimeout(() => {
        received.push(entry);
        for (const waiter of [...waiters]) waiter();
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  const receiver: TestReceiver = {
    url: '',
    port: 0,
    received,
    answer: () => ({ status: 204 }),
    async waitFor(count, which = () => true, timeoutMs = 30_000) {
      const matching = () => received.filter(which);
      if (matching().length >= count) return matching();
      return new Promise((resolve, reject) => {
        const check = () => {
          if (matching().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${matching().length} of ${count} webhooks arrived`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}

/** The event a request carries, once its signature is verified with the standardwebhooks library. */
export function verified(
  request: Received,
  secret: string,
): { id: string; type: string; data: Record<string, unknown> } {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name]),
    ]),
  );
  return new Webhook(secret).verify(request.body, headers) as ReturnType<typeof verified>;
}

/**
 * For a test file that launches the service beside a receiver: a temporary folder for the file;
 * after each test the launched services are killed and the receiver set here is closed.
 */
export function launchedWithReceiver(prefix: string): {
  root: string;
  receiver: TestReceiver | undefined;
} {
  const fixture: { root: string; receiver: TestReceiver | undefined } = {
    root: '',
    receiver: undefined,
  };
  beforeAll(() => {
    fixture.root = makeTempDir(prefix);
  });
  afterEach(async () => {
    killLaunched();
    await fixture.receiver?.close();
    fixture.receiver = undefined;
  });
  afterAll(() => rmSync(fixture.root, { recursive: true, force: true }));
  return fixture;
}
