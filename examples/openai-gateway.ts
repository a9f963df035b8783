/**
 * A small OpenAI-compatible gateway in front of Tokendesk, to try the key service with:
 *   npm run example:gateway -- [--fake] [--port 8080]
 * For each POST /v1/chat/completions it verifies the caller's `Authorization: Bearer sk-…`
 * through Tokendesk (model and client address passed on), answers 401 / 403 / 429 with an
 * OpenAI-style error when the key may not pass, forwards the request to OPENAI_BASE_URL, and
 * settles what the answer's `usage` says it cost with a usage report carrying the request's id.
 * With --fake it answers from a built-in echo model instead, so it runs with no upstream.
 *
 * Environment: TOKENDESK_URL (default http://127.0.0.1:3000), TOKENDESK_KEY (the key it calls
 * Tokendesk with: the admin key), OPENAI_BASE_URL (default https://api.openai.com/v1),
 * OPENAI_API_KEY (the upstream's key), UNITS_PER_TOKEN (quota units a model token costs,
 * default 1; 500,000 units are 1 USD by default), PORT (default 8080).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';

const BODY_LIMIT = 1024 * 1024;
const REPORT_ATTEMPTS = 3;

interface Settings {
  tokendesk: string;
  tokendeskKey: string;
  upstream: string;
  upstreamKey: string;
  unitsPerToken: number;
  fake: boolean;
  port: number;
}

/** What Tokendesk's verify answers (see docs/api.md, Verify). */
interface Verdict {
  valid: boolean;
  code: string;
  token_id: number | null;
  rate_limit: { reset_time: number } | null;
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

/** How each refusal reads to an OpenAI client: the status and error it knows. */
const REFUSALS: Record<string, { status: number; type: string; message: string }> = {
  NOT_FOUND: { status: 401, type: 'invalid_api_key', message: 'Incorrect API key provided.' },
  DISABLED: { status: 401, type: 'invalid_api_key', message: 'This API key is disabled.' },
  EXPIRED: { status: 401, type: 'invalid_api_key', message: 'This API key has expired.' },
  MODEL_NOT_ALLOWED: {
    status: 403,
    type: 'model_not_allowed',
    message: 'This API key may not use this model.',
  },
  IP_NOT_ALLOWED: {
    status: 403,
    type: 'ip_not_allowed',
    message: 'This API key may not be used from this address.',
  },
  RATE_LIMITED: {
    status: 429,
    type: 'rate_limit_exceeded',
    message: 'Too many requests with this API key: try again shortly.',
  },
  EXHAUSTED: {
    status: 429,
    type: 'insufficient_quota',
    message: 'This API key has no quota left.',
  },
};

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function sendError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
) {
  send(response, status, { error: { message, type: code, param: null, code } }, headers);
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Calls Tokendesk; its answers are in the envelope { success, message, data }. */
async function tokendesk<T>(settings: Settings, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${settings.tokendesk}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${settings.tokendeskKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; message: string; data: T };
  if (!envelope.success)
    throw new Error(`Tokendesk ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** The built-in model of --fake: repeats the last message, with a usage as a model gives one. */
function echo(request: { model?: unknown; messages?: unknown }) {
  const messages = Array.isArray(request.messages) ? request.messages : [];
  const last = messages.at(-1) as { content?: unknown } | undefined;
  const said = typeof last?.content === 'string' ? last.content : '';
  const content = `You said: ${said}`;
  const promptTokens = Math.ceil(JSON.stringify(messages).length / 4);
  const completionTokens = Math.ceil(content.length / 4);
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof request.model === 'string' ? request.model : 'echo',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

/** Settles the request's cost; the request id makes a retried report count once. */
async function settle(settings: Settings, tokenId: number, model: string, usage: Usage) {
  const tokens = usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0);
  const report = {
    token_id: tokenId,
    quota: Math.round(tokens * settings.unitsPerToken),
    model,
    request_id: randomUUID(),
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await tokendesk(settings, '/api/token/usage', report);
      return;
    } catch (error) {
      if (attempt === REPORT_ATTEMPTS) {
        console.error(`could not report usage of token ${tokenId}:`, error);
        return;
      }
    }
  }
}

async function chatCompletion(
  settings: Settings,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const key = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  if (!key) {
    sendError(response, 401, 'invalid_api_key', 'Send your API key as Authorization: Bearer sk-…');
    return;
  }
  const text = await readBody(request);
  let body: { model?: unknown; messages?: unknown; stream?: unknown };
  try {
    if (text === null) throw new Error('over 1 MiB');
    body = JSON.parse(text) as typeof body;
  } catch {
    sendError(response, 400, 'invalid_request_error', 'The body must be a JSON object.');
    return;
  }
  if (typeof body.model !== 'string' || body.model === '') {
    sendError(response, 400, 'invalid_request_error', 'model is required.');
    return;
  }
  if (body.stream === true) {
    sendError(response, 400, 'invalid_request_error', 'This example gateway does not stream.');
    return;
  }
  // Nothing is charged up front: a key with nothing left is refused, the real cost settled after.
  const verdict = await tokendesk<Verdict>(settings, '/api/token/verify', {
    key,
    model: body.model,
    // A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d.
    ip: request.socket.remoteAddress?.replace(/^::ffff:(?=\d+\.)/, ''),
  });
  if (!verdict.valid || verdict.token_id === null) {
    const refusal = REFUSALS[verdict.code] ?? REFUSALS.NOT_FOUND!;
    // OpenAI's clients wait Retry-After seconds before they try a rate-limited request again.
    const retry =
      verdict.code === 'RATE_LIMITED' && verdict.rate_limit
        ? {
            'Retry-After': String(
              Math.max(1, verdict.rate_limit.reset_time - Math.floor(Date.now() / 1000)),
            ),
          }
        : undefined;
    sendError(response, refusal.status, refusal.type, refusal.message, retry);
    return;
  }
  let answer: { usage?: Usage };
  let status = 200;
  if (settings.fake) {
    answer = echo(body);
  } else {
    const upstream = await fetch(`${settings.upstream}/chat/completions`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${settings.upstreamKey}`,
        'Content-Type': 'application/json',
      },
      body: text ?? '',
    });
    status = upstream.status;
    answer = (await upstream.json()) as { usage?: Usage };
  }
  send(response, status, answer);
  if (status === 200 && answer.usage) {
    await settle(settings, verdict.token_id, body.model, answer.usage);
  }
}

function readSettings(): Settings {
  const { values } = parseArgs({
    options: { fake: { type: 'boolean', default: false }, port: { type: 'string' } },
    strict: true,
  });
  const tokendeskKey = process.env.TOKENDESK_KEY ?? process.env.ADMIN_KEY ?? '';
  if (tokendeskKey === '') {
    console.error('TOKENDESK_KEY is required: the admin key the gateway calls Tokendesk with');
    process.exit(2);
  }
  return {
    tokendesk: (process.env.TOKENDESK_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, ''),
    tokendeskKey,
    upstream: (process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/$/, ''),
    upstreamKey: process.env.OPENAI_API_KEY ?? '',
    unitsPerToken: Number(process.env.UNITS_PER_TOKEN ?? 1),
    fake: values.fake ?? false,
    port: Number(values.port ?? process.env.PORT ?? 8080),
  };
}

const settings = readSettings();
const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/v1/chat/completions') {
    chatCompletion(settings, request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) {
        sendError(response, 502, 'upstream_error', 'The gateway could not complete the request.');
      }
    });
    return;
  }
  sendError(response, 404, 'not_found', 'Only POST /v1/chat/completions is served here.');
});
server.listen(settings.port, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  console.log(
    `Example gateway listening on http://127.0.0.1:${port}/v1 (${settings.fake ? 'echo model' : settings.upstream}), keys verified by ${settings.tokendesk}`,
  );
});
