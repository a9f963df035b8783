/**
 * The speed paths the throughput goals need (bench/suites/throughput.ts: the list at least as
 * fast as the simplest correct server reading the same pages; 2,000 durable creates a second;
 * bench/suites/verify.ts: the free check of a key likewise), and only those: everywhere else the
 * service uses Hono as designed. Each figure is the CPU time a request of the built service
 * takes without the path, against the same build with it (32 connections over loopback, median
 * of 120 rounds alternated with a bare node:http server). With every path a list takes 45 µs,
 * 0.66 of the bare server's speed; with none, 112 µs, 0.27.
 *
 * - listAnswer: 30 µs a list (0.40 without): the page as the store keeps it, JSON text.
 * - Complete answers (listAnswer, isComplete): 5 µs a list (0.60 without).
 * - compressWhenAccepted: 6 µs a list (0.59 without).
 * - queryParser: 3 µs a list (0.64 without).
 * - limitUndeclared: 97 µs a create, which takes 252 µs with it.
 * - completeJson: 22 µs a verify (free checks: 8,100 a second without, 9,900 with; 32
 *   connections, 8 s each, the same build).
 * - completeGatewayAnswer: 25 µs a chat (bench/suites/gateway.ts's load, 16 connections, 4
 *   rounds alternated: 340 µs of CPU a chat without, 315 µs with).
 */
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { z } from 'zod';
import type { AppContext } from './types';
import { ok, okJsonText } from './envelope';
import { securityHeaderValues } from './security-headers';
import { parseQuery } from './validate';

/** Every header standardHeaders() would add to an API answer, and its Content-Type. */
const COMPLETE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'application/json',
  ...securityHeaderValues(),
  'Cache-Control': 'no-store',
  Vary: 'Accept-Encoding',
});

/**
 * Answers made with COMPLETE_HEADERS, which standardHeaders() leaves as made: a header set
 * afterwards turns the plain object into Fetch Headers, which @hono/node-server then copies out.
 */
const complete = new WeakSet<Response>();

export function isComplete(response: Response): boolean {
  return complete.has(response);
}

/**
 * The list's answer from the page as the store keeps it, JSON text: no parse, no stringify.
 * Complete from the start, with a plain header object that @hono/node-server writes straight out.
 */
export function listAnswer(pageJson: string): Response {
  const response = new Response(okJsonText(pageJson), {
    headers: COMPLETE_HEADERS,
  });
  complete.add(response);
  return response;
}

/**
 * An answer's envelope as JSON, complete from the start like listAnswer's: for verify, which
 * gateways call on every request they serve.
 */
export function completeJson(data: unknown): Response {
  const response = new Response(JSON.stringify(ok(data)), {
    headers: COMPLETE_HEADERS,
  });
  complete.add(response);
  return response;
}

/** Every header standardHeaders() would add to an answer outside /api. */
const GATEWAY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...securityHeaderValues(),
  Vary: 'Accept-Encoding',
});

/**
 * A gateway answer, complete from the start like listAnswer's: the gateway's own headers (the
 * content type, x-request-id, the rate limits) with those every answer carries.
 */
export function completeGatewayAnswer(
  body: ReadableStream<Uint8Array> | string,
  status: number,
  headers: Record<string, string>,
): Response {
  const response = new Response(body, { status, headers: { ...GATEWAY_HEADERS, ...headers } });
  complete.add(response);
  return response;
}

/** Query strings whose parse a queryParser() keeps. */
const QUERIES_KEPT = 256;

/**
 * parseQuery() for one schema, keeping what recent query strings parsed to: a query string
 * always parses to the same value, and clients repeat theirs (refetches, paging back and forth).
 * The values are frozen, as they are shared.
 */
export function queryParser<S extends z.ZodType>(
  schema: S,
): (c: AppContext) => Readonly<z.output<S>> {
  const kept = new Map<string, Readonly<z.output<S>>>();
  return (c) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    const search = at < 0 ? '' : url.slice(at);
    let value = kept.get(search);
    if (value === undefined) {
      value = Object.freeze(parseQuery(c, schema));
      if (kept.size >= QUERIES_KEPT) kept.clear();
      kept.set(search, value);
    }
    return value;
  };
}

/**
 * Hono's bodyLimit() only for a body that does not declare its length (chunked): bodyLimit() first
 * reads c.req.raw.body, which under @hono/node-server builds a whole Fetch Request around a
 * stream, and the body is then read through it. A declared Content-Length, which Node holds the
 * body to, is checked here; the body is then read straight from Node's request.
 */
export function limitUndeclared(
  limit: MiddlewareHandler,
  maxSize: number,
  tooLarge: () => Error,
): MiddlewareHandler {
  return (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) {
      return limit(c, next);
    }
    if (Number(declared) > maxSize) throw tooLarge();
    return next();
  };
}

/** The codings compress() can choose: without one of them (or *) it has nothing to do. */
const OFFERS_A_CODING = /gzip|deflate|\*/i;

/**
 * Hono's compress() only for clients that accept a coding it can use: it would otherwise read
 * every finished answer's headers (making them Fetch Headers) to find it has nothing to do.
 */
export function compressWhenAccepted(): MiddlewareHandler {
  const compressing = compress();
  return (c, next) =>
    OFFERS_A_CODING.test(c.req.header('accept-encoding') ?? '') ? compressing(c, next) : next();
}
