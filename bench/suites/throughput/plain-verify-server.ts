/**
 * Verify as the simplest correct server gives it, measured beside the service's free check: what
 * a competent person writes in an afternoon on the same SQLite file. node:http; the admin key
 * checked as the service checks it (plain-auth.ts); the body read (at most 64 KiB), parsed and
 * validated by the contract's schema; the token found by its key's SHA-256 digest (or by the key
 * it had before a rotation, within its grace), a refill that fell due applied first; the
 * contract's checks in its order (verify-rules.ts), the minute's window counted in memory (one
 * process, as on SQLite), a cost charged by one UPDATE; the answer sent with JSON.stringify, byte
 * for byte the service's, with its headers. It leaves out what the service notes of each verify
 * (the token's last use, the usage figures) and holds (a request_id is refused): less work than
 * the service does.
 *   node --import tsx bench/suites/throughput/plain-verify-server.ts DATA_DIR ADMIN_KEY RESPONSES.json
 * prints its port, then serves until SIGTERM.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { describeIssues } from '../../../src/contract/envelope';
import {
  tokenVerifySchema,
  type RateLimitState,
  type TokenVerify,
  type VerifyCode,
} from '../../../src/contract/verify';
import { BODY_LIMIT_BYTES } from '../../../server/http/json-body';
import { RateWindows, rateLimitState } from '../../../server/store/rate-windows';
import { accessDenial, quotaCovers, rateLimited } from '../../../server/store/verify-rules';
import { adminKeyCheck, openPlainServer, send, serve, type Refusal } from './plain-auth';
import { tokenLookup } from './plain-token-lookup';

const [dataDir, adminKey, responsesFile] = process.argv.slice(2);
if (!dataDir || !adminKey || !responsesFile) {
  throw new Error('usage: plain-verify-server.ts DATA_DIR ADMIN_KEY RESPONSES.json');
}
const { db, headers } = openPlainServer(dataDir, responsesFile);
const keys = adminKeyCheck(db, adminKey, 'gateway.call');
const windows = new RateWindows();

const lookUp = tokenLookup(db);
const charge = db.prepare<[number, number, number, number]>(
  `UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?,
    accessed_time = max(accessed_time, ?) WHERE id = ?`,
);

/** The request's body as the contract's object, or why it is refused. */
async function readBody(request: IncomingMessage): Promise<{ body: TokenVerify } | Refusal> {
  if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
    request.resume();
    return {
      status: 415,
      message: 'body must be JSON: send it with Content-Type: application/json',
    };
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > BODY_LIMIT_BYTES) return { status: 413, message: 'body is larger than 64 KiB' };
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
  } catch {
    return { status: 400, message: 'body is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { status: 400, message: 'body must be a JSON object' };
  }
  const parsed = tokenVerifySchema.safeParse(value);
  if (!parsed.success) return { status: 400, message: describeIssues(parsed.error) };
  if (parsed.data.request_id !== undefined) {
    return { status: 400, message: 'this server does not hold: send no request_id' };
  }
  return { body: parsed.data };
}

function verify(body: TokenVerify) {
  const now = Math.floor(Date.now() / 1000);
  let token = lookUp(body.key, now);
  const answer = (code: VerifyCode, rateLimit: RateLimitState | null = null) => ({
    valid: code === 'VALID',
    code,
    token_id: token?.id ?? null,
    name: token?.name ?? null,
    remain_quota: token?.remain_quota ?? null,
    unlimited_quota: token?.unlimited_quota ?? null,
    expired_time: token?.expired_time ?? null,
    rate_limit: rateLimit,
  });
  if (!token) return answer('NOT_FOUND');
  const denial = accessDenial(token, body, now);
  if (denial) return answer(denial);
  const limit = token.rpm_limit;
  const window = (counted: number) => (limit > 0 ? rateLimitState(limit, counted, now) : null);
  const counted = limit > 0 ? windows.counted(token.id, now) : 0;
  if (rateLimited(token, counted)) return answer('RATE_LIMITED', window(counted));
  if (!quotaCovers(token, body.cost)) return answer('EXHAUSTED', window(counted));
  if (body.cost > 0) {
    const taken = token.unlimited_quota ? 0 : body.cost;
    charge.run(taken, body.cost, now, token.id);
    token = { ...token, remain_quota: token.remain_quota - taken };
  }
  return answer('VALID', window(limit > 0 ? windows.take(token.id, now) : 0));
}

const server = createServer((request, response) => {
  const caller = keys.who(request);
  const refusal =
    'role' in caller
      ? request.method !== 'POST' || request.url !== '/api/token/verify'
        ? { status: 404, message: 'this server answers POST /api/token/verify only' }
        : keys.may(caller.role)
      : caller;
  if (refusal) {
    request.resume();
    send(response, headers, refusal);
    return;
  }
  readBody(request)
    .then((read) => send(response, headers, 'body' in read ? { data: verify(read.body) } : read))
    .catch(() => send(response, headers, { status: 500, message: 'the verify failed' }));
});
setInterval(() => windows.forgetEnded(Math.floor(Date.now() / 1000)), 60_000).unref();

serve(server, db);
