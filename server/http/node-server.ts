import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import { securityHeaderValues } from './security-headers';
import type { App } from './types';

export interface ListenOptions {
  app: App;
  port: number;
  host: string;
  /** Origins the dashboard may also connect to (proxy mode), for the answers made here. */
  extraConnectSrc?: readonly string[];
  onListening: (port: number) => void;
}

/** Serves the app over HTTP/1.1; requests Node cannot parse get the envelope too. */
export function listen({ app, port, host, extraConnectSrc, onListening }: ListenOptions): Server {
  const headers = securityHeaderValues(extraConnectSrc);
  const handle = getRequestListener(app.fetch, {
    hostname: host,
    // A target that makes no URL ("*", a backslash, a bad Host) would get a bare 400.
    errorHandler: (error) => {
      const status = error instanceof RequestError ? 400 : 500;
      return new Response(envelopeText(status), { status, headers: answerHeaders(headers) });
    },
  });
  // Node would refuse an HTTP/1.1 request without Host (RFC 9112) with a bare 400 of its own.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    if (request.httpVersion === '1.1' && request.headers.host === undefined) {
      response.writeHead(400, { ...answerHeaders(headers), Connection: 'close' });
      response.end(envelopeText(400));
      return;
    }
    void handle(request, response);
  });
  server.listen(port, host, () => onListening((server.address() as AddressInfo).port));
  answerMalformedRequests(server, extraConnectSrc);
  return server;
}

const MESSAGES: Record<number, string> = {
  400: 'the request is not valid HTTP',
  408: 'the request did not arrive in time',
  431: 'the request headers are too large',
  500: 'internal error',
};

const envelopeText = (status: number) =>
  JSON.stringify({ success: false, message: MESSAGES[status], data: null });

const answerHeaders = (security: Record<string, string>) => ({
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  ...security,
});

/**
 * Node answers a request it cannot parse (a NUL in the path, an oversized header) with a bare
 * status line; this answers with the envelope and the security headers every response carries.
 */
export function answerMalformedRequests(
  server: Server,
  extraConnectSrc: readonly string[] = [],
): void {
  const headers = Object.entries(securityHeaderValues(extraConnectSrc))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The client has gone, or cannot be written to: there is no one to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    const body = envelopeText(status);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        headers +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
