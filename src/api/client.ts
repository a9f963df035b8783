import './zod-jitless';
import type { z } from 'zod';
import { envelopeAnswers, plainAnswers } from './answers';
import { blockedByPolicy } from './blocked-origins';
import { takeEarlyAnswer } from './early-answers';
import { ApiError, REQUEST_TIMEOUT_MS, type LimitedAction } from './errors';

export type ServerKind = 'tokendesk' | 'one-api' | 'new-api' | 'litellm';

export interface Connection {
  /** Origin (and optional path prefix) of the server, without a trailing slash. */
  baseUrl: string;
  adminKey: string;
  kind: ServerKind;
  /** new-api's user id, sent as New-Api-User (older releases require it). */
  userId?: string;
}

/** One finished call, as the activity panel shows it. Never holds the admin key or a token's. */
export interface CallRecord {
  id: number;
  startedAt: number;
  method: string;
  url: string;
  body: string | undefined;
  status: number | null;
  durationMs: number;
  outcome: string;
  ok: boolean;
  /** Sent with a token's key (OpenAI's routes) instead of the admin key. */
  tokenKey?: boolean;
}

export interface ClientHooks {
  onUnauthorized?: () => void;
  onCall?: (call: CallRecord) => void;
}

export interface RequestOptions<T> {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: z.ZodType<T>;
  /** A 401 here is the caller's to report (the connect screen), not a reason to sign out. */
  quietUnauthorized?: boolean;
  /** The route's own, tighter rate limit on the server, named by a 429's message. */
  limited?: LimitedAction;
}

/** A call made as typed, for the API explorer: the answer is returned whatever it says. */
export interface ExchangeOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** An open route: sent without the admin key, as its documentation shows it. */
  keyless?: boolean;
}

/** What the server answered to an exchange. */
export interface Exchanged {
  status: number;
  durationMs: number;
  /** The answer parsed as JSON; its text when it is not JSON; undefined when it is empty. */
  body: unknown;
}

let nextCallId = 1;

/**
 * Starts timing a call for the activity log; what it returns reports the call once finished
 * (a new id then, so the log lists calls as they end) and says how long it took.
 */
export function callRecorder(
  hooks: Pick<ClientHooks, 'onCall'>,
  call: Pick<CallRecord, 'method' | 'url' | 'body' | 'tokenKey'>,
) {
  const startedAt = Date.now();
  return (status: number | null, ok: boolean, outcome: string) => {
    const durationMs = Date.now() - startedAt;
    hooks.onCall?.({ id: nextCallId++, startedAt, ...call, status, durationMs, ok, outcome });
    return durationMs;
  };
}

export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function parseAnswer(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The one place that calls fetch: envelope, errors, auth header, timeout. */
export function createClient(connection: Connection, hooks: ClientHooks = {}) {
  const host = hostOf(connection.baseUrl);
  // LiteLLM answers with the payload itself and refuses with HTTP statuses alone.
  const answers = connection.kind === 'litellm' ? plainAnswers : envelopeAnswers;

  async function send(
    method: string,
    url: string,
    body: string | undefined,
    withKey = true,
  ): Promise<Response> {
    const early = method === 'GET' && withKey ? takeEarlyAnswer(url) : undefined;
    if (early) {
      try {
        return await early;
      } catch {
        // Asked again below, so that a failure is told as every other call's.
      }
    }
    try {
      return await fetch(url, {
        method,
        headers: {
          ...(withKey ? { Authorization: `Bearer ${connection.adminKey}` } : {}),
          Accept: 'application/json',
          ...(withKey && connection.userId ? { 'New-Api-User': connection.userId } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body,
        credentials: 'omit',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ApiError(
          'timeout',
          `The server at ${host} did not answer within ${REQUEST_TIMEOUT_MS / 1000} seconds.`,
          null,
          '',
          host,
        );
      }
      if (await blockedByPolicy(url)) {
        throw new ApiError(
          'blocked',
          `This page may only connect to the server it came from, not to ${host}. Open the dashboard served by that server, or run this one in proxy mode.`,
          null,
          '',
          host,
        );
      }
      throw new ApiError(
        'network',
        `Cannot reach the server at ${host}. Check that it is running and that the address is right.`,
        null,
        '',
        host,
      );
    }
  }

  async function request<T>(method: string, path: string, options: RequestOptions<T>): Promise<T> {
    const url = buildUrl(connection.baseUrl, path, options.query);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const record = callRecorder(hooks, { method, url, body });

    let response: Response;
    try {
      response = await send(method, url, body);
    } catch (error) {
      record(null, false, (error as Error).message);
      throw error;
    }

    const answer = answers.read(
      response.status,
      response.ok,
      await readJson(response),
      host,
      options.limited,
    );
    if (!answer.ok) {
      const { failure } = answer;
      record(response.status, false, failure.message);
      if (failure.kind === 'unauthorized' && !options.quietUnauthorized) hooks.onUnauthorized?.();
      throw failure;
    }

    const data = options.schema.safeParse(answer.payload);
    if (!data.success) {
      const error = new ApiError(
        'invalid-response',
        `The server at ${host} answered in an unexpected shape. Is it a Tokendesk, one-api, new-api or LiteLLM server?`,
        response.status,
        '',
        host,
      );
      record(response.status, false, error.message);
      throw error;
    }
    record(response.status, true, 'OK');
    return data.data;
  }

  /**
   * Sends the request as given and returns the answer whatever it says: an HTTP failure is an
   * answer to show, not an error, and a 401 does not end the session. Only a call that got no
   * answer (unreachable, refused by the page's policy, timed out) throws its ApiError.
   */
  async function exchange(
    method: string,
    path: string,
    options: ExchangeOptions = {},
  ): Promise<Exchanged> {
    const url = buildUrl(connection.baseUrl, path, options.query);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const record = callRecorder(hooks, { method, url, body });
    let answer: unknown;
    let response: Response;
    try {
      response = await send(method, url, body, !options.keyless);
      answer = parseAnswer(await response.text());
    } catch (error) {
      record(null, false, (error as Error).message);
      throw error;
    }
    const refusal = answers.refusal(response.ok, answer);
    const durationMs = record(
      response.status,
      refusal === null,
      refusal === null ? 'OK' : refusal || `HTTP ${response.status}`,
    );
    return { status: response.status, durationMs, body: answer };
  }

  return { connection, request, exchange };
}

export type ApiClient = ReturnType<typeof createClient>;
