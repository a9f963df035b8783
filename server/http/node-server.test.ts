import type { Server } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openTestStore, type TestStore } from '../test-support';
import { listen } from './node-server';

// What app.request() cannot reach: reading headers and bodies from Node's own request.
const KEY = 'node-server-test-admin-key';
let server: Server;
let handle: TestStore;
let port: number;

beforeAll(async () => {
  handle = openTestStore({ engine: 'sqlite' });
  const app = createApp({
    store: handle.store,
    adminKey: KEY,
    config: { corsOrigins: [] },
    distDir: '/none',
  });
  port = await new Promise<number>((resolve) => {
    server = listen({ app, port: 0, host: '127.0.0.1', onListening: resolve });
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await handle.dispose();
});

/** One request written by hand, so that its exact header lines and framing are under test. */
function raw(request: string | Buffer[]): Promise<{ status: number; head: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, split).toString();
      resolve({ status: Number(head.split(' ')[1]), head, body: all.subarray(split + 4) });
    });
    for (const part of typeof request === 'string' ? [Buffer.from(request)] : request) {
      socket.write(part);
    }
  });
}

const json = (body: Buffer) => JSON.parse(body.toString()) as { message: string; data: unknown };

describe('the service over a socket', () => {
  it('creates from a body in several packets, and sends its standard headers', async () => {
    const body = JSON.stringify({ name: 'Over a socket', remain_quota: 7 });
    const head =
      `POST /api/token/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    const answer = await raw([
      Buffer.from(head),
      Buffer.from(body.slice(0, 5)),
      Buffer.from(body.slice(5)),
    ]);
    expect(answer.status).toBe(200);
    expect(json(answer.body).data).toMatchObject({ name: 'Over a socket', remain_quota: 7 });
    expect(answer.head).toMatch(/^Cache-Control: no-store$/im);
    expect(answer.head).toMatch(/^X-Content-Type-Options: nosniff$/im);
    expect(answer.head).toMatch(/^Vary: Accept-Encoding$/im);
  });

  it('answers 413 to a chunked body over 64 KiB, and then serves the next request', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const chunked = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const answer = await raw(
      `POST /api/token/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
        `${chunked.join('')}0\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    expect(json(answer.body).message).toBe('body is larger than 64 KiB');
    const next = await raw(
      `GET /api/token/?size=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(next.status).toBe(200);
  });

  it('answers 400 to a body that is not UTF-8', async () => {
    const body = Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]);
    const answer = await raw([
      Buffer.from(
        `POST /api/token/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      ),
      body,
    ]);
    expect(answer.status).toBe(400);
    expect(json(answer.body).message).toBe('body is not valid JSON');
  });

  it('reads a header sent twice as the Fetch API does, both lines joined: two keys are no key', async () => {
    const answer = await raw(
      `GET /api/token/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
        `Authorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(401);
  });

  it('gzips a large answer for a client that accepts it, and only then', async () => {
    for (let i = 0; i < 20; i += 1) {
      await handle.store.create({
        name: `Compressible ${i}`,
        remain_quota: 1,
        expired_time: -1,
        unlimited_quota: false,
        models: '',
        subnet: '',
        quota_reset_period: 'none',
        quota_reset_amount: 0,
        rpm_limit: 0,
      });
    }
    const request = (acceptEncoding: string) =>
      raw(
        `GET /api/token/?size=20 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
          `Accept-Encoding: ${acceptEncoding}\r\nConnection: close\r\n\r\n`,
      );
    const gzipped = await request('br;q=1, gzip;q=0.5');
    expect(gzipped.head).toMatch(/^Content-Encoding: gzip$/im);
    expect(gzipped.head).toMatch(/^Vary: Accept-Encoding$/im);
    const unzipped = JSON.parse(gunzipSync(dechunk(gzipped.body)).toString()) as {
      data: { items: unknown[] };
    };
    expect(unzipped.data.items).toHaveLength(20);
    const plain = await request('br');
    expect(plain.head).not.toMatch(/^Content-Encoding/im);
    expect(json(plain.body)).toMatchObject({ data: { page_size: 20 } });
  });
});

/** The payload of a chunked HTTP/1.1 body. */
function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, end).toString(), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}
