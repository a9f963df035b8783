/**
 * What the plain servers beside the service (plain-list-server.ts, plain-verify-server.ts) share:
 * the admin key checked as the service checks it, answers in its envelope with the headers it
 * sends, and how they start and stop. Written as plainly as a competent person would write them
 * for a server of their own: node:http and better-sqlite3, nothing else.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import {
  may,
  refusalMessage,
  type AdminRole,
  type Permission,
} from '../../../src/contract/admin-key';
import { KEY_REFUSED_MESSAGE, tooManyWrongKeysMessage } from '../../../src/contract/key-refusals';
import { MAX_FAILURES, WINDOW_MS } from '../../../server/auth';
import type { CapturedResponses } from './captured';

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

const sha256 = (text: string) => hash('sha256', text, 'buffer');

/** The service's database file, opened as the service opens it, and the headers it answers with. */
export function openPlainServer(
  dataDir: string,
  responsesFile: string,
): { db: Database.Database; headers: Record<string, string> } {
  // The service's database in DATA_DIR, by its documented name (docs/configuration.md).
  const db = new Database(join(dataDir, 'tokendesk.db'));
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = FULL');
  const captured = Object.values(
    JSON.parse(readFileSync(responsesFile, 'utf8')) as CapturedResponses,
  );
  // Every answer of the service's API has the same headers; the length is each answer's own.
  const { 'content-length': _length, ...headers } = captured[0]?.headers ?? {};
  return { db, headers };
}

/**
 * `Authorization: Bearer <key>`: ADMIN_KEY, or an admin key stored with a role that allows
 * `permission`. Wrong or missing keys are counted per address; past MAX_FAILURES in a minute the
 * address gets 429 until the minute is over. As in the service, the key is judged before the
 * route (a wrong key gets 401 on any path), its role after it (403 on a route it may not call):
 * `who` finds the caller's role or refuses the key, `may` the role on the route.
 */
export function adminKeyCheck(db: Database.Database, adminKey: string, permission: Permission) {
  const owner = sha256(adminKey);
  const roleOf = db
    .prepare<[Buffer], AdminRole>('SELECT role FROM admin_keys WHERE key_digest = ?')
    .pluck();
  const failures = new Map<string, { start: number; count: number }>();
  const who = (request: IncomingMessage): { role: AdminRole } | Refusal => {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
    const presented = match?.[1] ?? '';
    const digest = sha256(presented);
    const role = timingSafeEqual(digest, owner)
      ? 'owner'
      : presented === ''
        ? undefined
        : roleOf.get(digest);
    if (role !== undefined) return { role };
    const address = request.socket.remoteAddress ?? '';
    const now = Date.now();
    let window = failures.get(address);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      failures.set(address, window);
    }
    if (window.count >= MAX_FAILURES) {
      const seconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      return {
        status: 429,
        message: tooManyWrongKeysMessage(seconds),
        headers: { 'Retry-After': String(seconds) },
      };
    }
    window.count += 1;
    return {
      status: 401,
      message: KEY_REFUSED_MESSAGE,
      headers: { 'WWW-Authenticate': 'Bearer realm="Tokendesk"' },
    };
  };
  const mayCall = (role: AdminRole): Refusal | null =>
    may(role, permission) ? null : { status: 403, message: refusalMessage(role, permission) };
  return { who, may: mayCall };
}

/** An answer in the service's envelope: `data` when it succeeded, the refusal's message if not. */
export function send(
  response: ServerResponse,
  headers: Record<string, string>,
  answer: { data: unknown } | Refusal,
): void {
  const body =
    'data' in answer
      ? JSON.stringify({ success: true, message: '', data: answer.data })
      : JSON.stringify({ success: false, message: answer.message, data: null });
  response
    .writeHead('data' in answer ? 200 : answer.status, {
      ...headers,
      ...('data' in answer ? {} : answer.headers),
      'content-length': String(Buffer.byteLength(body)),
    })
    .end(body);
}

/** Listens on a free loopback port, prints it, and closes on SIGTERM. */
export function serve(server: Server, db: Database.Database): void {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  process.once('SIGTERM', () => {
    server.close(() => {
      db.close();
      process.exit(0);
    });
    server.closeAllConnections();
  });
}
