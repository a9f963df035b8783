import type { z } from 'zod';
import type { Permission } from './admin-key';

/** What an operation of the API is: the shape the list in operations.ts is written in. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Resource = 'tokens' | 'models' | 'webhooks' | 'settings' | 'admin' | 'service';
export const RESOURCES: readonly Resource[] = [
  'tokens',
  'models',
  'webhooks',
  'settings',
  'admin',
  'service',
];

/** The failure statuses a route can answer with, besides 200. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** What a failure of each status means, for every route that can give it. */
export const FAILURE_MEANINGS: Readonly<Record<FailureStatus, string>> = {
  400: 'Bad input: the message names the field and the bound.',
  401: 'The admin key is missing, wrong or revoked.',
  403: "The admin key's role may not do this: the message names the role and what it may do. Nothing was changed.",
  404: 'No token (or, on /api/model/ and /api/webhook/, no model or endpoint) has this id.',
  409: 'Another model has this name; nothing was changed.',
  413: 'The body is over 64 KiB.',
  415: 'The body is not sent as application/json.',
  429: 'A wrong admin key, after too many from this address: wait Retry-After seconds.',
  500: 'A fault of the service; nothing was changed.',
  503: 'The database does not answer.',
};

/** Failures of every route behind the admin key. */
export const GUARDED = [401, 403, 429, 500] as const;
/** Failures of every write with a JSON body. */
export const WRITE = [400, 413, 415, ...GUARDED] as const;

/** A request as the curl examples of docs/api.md make it. */
export interface OperationExample {
  /** What the example shows, as its comment in docs/api.md says it. */
  title: string;
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** How the route answers 200: data in the envelope, or a whole document of its own. */
export type OperationAnswer =
  | { kind: 'envelope'; data: z.ZodType }
  | { kind: 'json'; schema: z.ZodType; description: string }
  | { kind: 'html'; description: string };

export interface Operation {
  /** The OpenAPI operationId, and the key of the operation's texts in the dashboard. */
  id: string;
  method: HttpMethod;
  /** As OpenAPI writes it: `{id}` for a path parameter. */
  path: string;
  resource: Resource;
  summary: string;
  description: string;
  /** Needs `Authorization: Bearer <admin key>`. */
  auth: boolean;
  /** What the admin key's role must allow (see ROLE_PERMISSIONS); absent: any admin key may call it. */
  permission?: Permission;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  answer: OperationAnswer;
  failures: readonly FailureStatus[];
  examples: readonly [OperationExample, ...OperationExample[]];
  /** One of the seed's four operations, which one-api and new-api answer on the same route. */
  shared: boolean;
}

/** The path with its parameters filled in, as a request sends it. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(params[name] ?? ''));
}
