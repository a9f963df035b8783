/**
 * HTTP/1.1 over a bare TCP socket, for requests fetch would refuse or normalise: dot segments,
 * NUL bytes, absolute-form targets, broken framing. The answer is parsed loosely, as a client would.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { listen } from '../http/node-server';
import type { App } from '../http/types';

export interface RawAnswer {
  /** 0 when the server closed the connection without answering. */
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

export interface RawRequestOptions {
  /** Give up waiting for the answer after this long (the socket is then destroyed). */
  timeoutMs?: number;
  /** The client's address, e.g. 127.0.0.2: on Linux all of 127.0.0.0/8 is this machine. */
  localAddress?: string;
}

/** Sends bytes as they are and reads until the server closes the connection. */
export function rawRequest(
  port: number,
  request: string | Buffer | readonly (string | Buffer)[],
  { timeoutMs = 3_000, localAddress }: RawRequestOptions = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server may answer and reset before a large body is sent: what arrived still counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks)));
    });
    const parts = Array.isArray(request) ? request : [request];
    for (const part of parts) socket.write(part);
  });
}

function parseAnswer(bytes: Buffer): RawAnswer {
  const text = bytes.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '' };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let body = bytes.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(bytes: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    out.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** A GET, PUT ... with the given target and extra header lines, closing the connection after. */
export function httpRequest(
  method: string,
  target: string,
  headers: readonly string[] = [],
  body = '',
): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', ...headers];
  if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\nConnection: close\r\n\r\n${body}`;
}

export interface Listening {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Serves an app on a free local port the way main.ts does. */
export async function listenOnFreePort(
  app: App,
  extraConnectSrc: readonly string[] = [],
): Promise<Listening> {
  const server = await new Promise<Server>((resolve) => {
    const started: Server = listen({
      app,
      port: 0,
      host: '127.0.0.1',
      extraConnectSrc,
      onListening: () => resolve(started),
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
