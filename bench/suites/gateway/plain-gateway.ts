/**
 * The simplest correct gateway, measured beside the service in the same rounds: what a competent
 * person writes in an afternoon to charge keys for chats on the same SQLite file. node:http and
 * better-sqlite3, its own process, SQLite's settings left at their defaults but for the log's
 * sync. Plain text chats only, not streamed: what it cannot bound or count (streams, n, tools,
 * response formats) it refuses with 400. A chat's key is found by its digest (or the key before
 * its rotation, within its grace), a refill that fell due applied first, and checked as a verify
 * checks it (verify-rules.ts: status, expiry, the model allowed, the subnet, the minute's window
 * counted in memory); the model read from the `models` table; the input's bound (its messages'
 * JSON bytes) and the output asked for held by one conditional UPDATE, which refuses a chat the
 * key cannot pay for in whole (the service lowers max_tokens to fit); the chat forwarded with
 * that max_tokens to the model's upstream over kept-alive connections (node:http's client, where
 * the service uses undici's) and its answer read whole; the upstream's usage charged at the
 * model's prices (prices.ts) by a second UPDATE, which gives back what was held (an answer
 * without usage is charged the hold; a failed one nothing); the answer then passed on unchanged.
 * Each UPDATE is committed to the write-ahead log (synchronous=NORMAL), as the service commits a
 * chat's hold and settlement. It writes no usage figures and keeps no hold record or request id:
 * less work than the service does. The upstream's key is given, as to the bare proxy.
 *   node --import tsx bench/suites/gateway/plain-gateway.ts DATA_DIR UPSTREAM_KEY
 * prints its port, then serves until SIGTERM.
 */
import { Agent, createServer, request as upstreamRequest, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { usageOf } from '../../../server/gateway/answer-usage';
import { PriceList } from '../../../server/gateway/prices';
import { RateWindows } from '../../../server/store/rate-windows';
import {
  accessDenial,
  quotaCovers,
  rateLimited,
  type VerifiedToken,
} from '../../../server/store/verify-rules';
import { serve } from '../throughput/plain-auth';
import { tokenLookup } from '../throughput/plain-token-lookup';

const [dataDir, upstreamKey] = process.argv.slice(2);
if (!dataDir || !upstreamKey) throw new Error('usage: plain-gateway.ts DATA_DIR UPSTREAM_KEY');
/** The service's own default: 500,000 units are 1 USD. */
const QUOTA_PER_USD = 500_000;
const BODY_LIMIT_BYTES = 1024 * 1024;

const db = new Database(join(dataDir, 'tokendesk.db'));
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const agent = new Agent({ keepAlive: true });
const windows = new RateWindows();

const lookUp = tokenLookup(db);
type Model = {
  upstream_url: string;
  upstream_model: string;
  input_price: number;
  output_price: number;
  cached_input_price: number;
  max_output_tokens: number;
};
const modelNamed = db.prepare<[string], Model>(
  `SELECT upstream_url, upstream_model, input_price, output_price, cached_input_price,
    max_output_tokens FROM models WHERE name = ? AND enabled = 1`,
);
const hold = db.prepare<[number, number, number]>(
  'UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ?',
);
const settle = db.prepare<[number, number, number, number, number]>(
  `UPDATE tokens SET remain_quota = max(0, remain_quota + ? - ?), used_quota = used_quota + ?,
    accessed_time = max(accessed_time, ?) WHERE id = ?`,
);

function fail(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message, type: 'invalid_request_error', code } }));
}

type Chat = { model: string; messages: { content: string }[]; max_tokens?: number };

/** Fields whose cost it cannot bound or count: the service's gateway takes them, this one not. */
const NOT_TAKEN = ['stream', 'n', 'max_completion_tokens', 'tools', 'functions', 'response_format'];

/** A plain text chat, or what is wrong with the body. */
function parseChat(bytes: Buffer): Chat | string {
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'The request body is not valid JSON.';
  }
  const chat = body as Record<string, unknown> | null;
  if (typeof chat?.model !== 'string') return 'model must be a string.';
  const { messages, max_tokens: asked } = chat;
  const text = (message: unknown) =>
    typeof (message as Chat['messages'][number] | null)?.content === 'string';
  if (!Array.isArray(messages) || !messages.every(text)) {
    return 'messages must be an array of messages whose content is text.';
  }
  if (asked !== undefined && !(Number.isSafeInteger(asked) && (asked as number) >= 1)) {
    return 'max_tokens must be a whole number, 1 or more.';
  }
  const taken = NOT_TAKEN.find((field) => chat[field] !== undefined);
  if (taken) return `This gateway answers plain text chats only: send no ${taken}.`;
  return chat as Chat;
}

function forward(
  chat: Chat,
  model: Model,
  key: VerifiedToken,
  hold: { units: number; outputTokens: number },
  prices: PriceList,
  response: ServerResponse,
) {
  const payload = JSON.stringify({
    ...chat,
    model: model.upstream_model,
    max_tokens: hold.outputTokens,
  });
  const base = new URL(model.upstream_url);
  let ended = false;
  // Once a chat: an unlimited key's remain_quota is left as it is, its used_quota counts all
  // the same.
  const settled = (charged: number) => {
    if (ended) return false;
    ended = true;
    const now = Math.floor(Date.now() / 1000);
    if (key.unlimited_quota) settle.run(0, 0, charged, now, key.id);
    else settle.run(hold.units, charged, charged, now, key.id);
    return true;
  };
  const broken = () => {
    if (settled(0)) fail(response, 502, 'upstream_error', 'The upstream failed to answer.');
  };
  const sent = upstreamRequest(
    {
      host: base.hostname,
      port: base.port,
      method: 'POST',
      path: `${base.pathname}/chat/completions`,
      headers: {
        authorization: `Bearer ${upstreamKey}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
      agent,
    },
    (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (part: Buffer) => parts.push(part));
      answer.on('error', broken);
      answer.on('end', () => {
        const bytes = Buffer.concat(parts);
        let charged = 0;
        if (answer.statusCode === 200) {
          // An answer without usage is charged what was held: its tokens are not counted here.
          const usage = usageOf(parsedOrNull(bytes));
          charged = usage ? prices.cost(usage) : hold.units;
        }
        if (!settled(charged)) return;
        response.writeHead(answer.statusCode ?? 502, {
          'content-type': answer.headers['content-type'] ?? 'application/json',
        });
        response.end(bytes);
      });
    },
  );
  sent.on('error', broken);
  sent.end(payload);
}

function parsedOrNull(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

function handle(
  authorization: string,
  ip: string | undefined,
  bytes: Buffer,
  response: ServerResponse,
) {
  const now = Math.floor(Date.now() / 1000);
  const key = lookUp(authorization.replace(/^Bearer\s+/i, ''), now);
  if (!key) return fail(response, 401, 'invalid_api_key', 'The API key is not valid.');
  const chat = parseChat(bytes);
  if (typeof chat === 'string') return fail(response, 400, 'invalid_request', chat);
  const model = modelNamed.get(chat.model);
  // As the service: the key is judged before the model.
  const denial = accessDenial(key, { model: chat.model, ip }, now, model === undefined);
  if (denial === 'DISABLED' || denial === 'EXPIRED') {
    return fail(response, 401, 'invalid_api_key', 'The API key is disabled or expired.');
  }
  if (denial === 'MODEL_NOT_ALLOWED' || !model) {
    return fail(response, 404, 'model_not_found', `The model ${chat.model} does not exist.`);
  }
  if (denial === 'IP_NOT_ALLOWED') {
    return fail(response, 403, 'ip_not_allowed', 'The key may not be used from this address.');
  }
  if (key.rpm_limit > 0 && rateLimited(key, windows.counted(key.id, now))) {
    return fail(response, 429, 'rate_limit_exceeded', 'Too many requests this minute.');
  }
  const prices = new PriceList(model, QUOTA_PER_USD);
  const outputTokens = chat.max_tokens ?? model.max_output_tokens;
  // No text has more tokens than UTF-8 bytes, and the JSON's quotes and braces outweigh the
  // few tokens a model adds around each message.
  const input = Buffer.byteLength(JSON.stringify(chat.messages));
  const units = prices.hold(input, outputTokens);
  const paid =
    quotaCovers(key, 0) && (key.unlimited_quota || hold.run(units, key.id, units).changes === 1);
  if (!paid) {
    return fail(response, 429, 'insufficient_quota', 'The key has too little quota left.');
  }
  if (key.rpm_limit > 0) windows.take(key.id, now);
  forward(chat, model, key, { units, outputTokens }, prices, response);
}

const server = createServer((request, response) => {
  const parts: Buffer[] = [];
  let size = 0;
  request.on('data', (part: Buffer) => {
    size += part.length;
    if (size <= BODY_LIMIT_BYTES) parts.push(part);
  });
  request.on('end', () => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return fail(response, 404, 'not_found', 'This server answers POST /v1/chat/completions.');
    }
    if (size > BODY_LIMIT_BYTES) return fail(response, 413, 'too_large', 'The body is too large.');
    const { authorization = '' } = request.headers;
    handle(authorization, request.socket.remoteAddress, Buffer.concat(parts), response);
  });
});
server.keepAliveTimeout = 30_000;
setInterval(() => windows.forgetEnded(Math.floor(Date.now() / 1000)), 60_000).unref();

serve(server, db);
