/**
 * The gateway suite's upstream: an OpenAI-compatible chat completions server, its own process
 * so that it shares an event loop with neither the load generator nor the service.
 *   node --import tsx bench/suites/gateway/fake-upstream.ts
 * prints its port, then serves until SIGTERM. Any POST whose path ends in /chat/completions
 * gets a short answer of ANSWER_WORDS words (fewer when max_tokens says so) with its usage;
 * `stream: true` gets the words as chunks, with a usage chunk when `stream_options.include_usage`
 * asks for one. The model SLOW_MODEL streams one word a second: max_tokens sets how many.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ANSWER_WORDS, PROMPT_TOKENS, SLOW_MODEL } from './shapes';

const SLOW_EVERY_MS = 1_000;

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** Never more words than max_tokens (or max_completion_tokens) allows, as a real model. */
function wordsFor(body: Record<string, unknown>): string[] {
  const cap = Number(body.max_completion_tokens ?? body.max_tokens ?? Infinity);
  if (body.model === SLOW_MODEL) {
    return Array.from({ length: Number.isFinite(cap) ? cap : 10 }, (_, i) => ` w${i}`);
  }
  return ANSWER_WORDS.slice(0, cap);
}

const usageOf = (completion: number) => ({
  prompt_tokens: PROMPT_TOKENS,
  completion_tokens: completion,
  total_tokens: PROMPT_TOKENS + completion,
});

let served = 0;

function answerWhole(response: ServerResponse, model: unknown, words: string[]) {
  const body = JSON.stringify({
    id: `chatcmpl-bench${(served += 1)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: words.join('').trim(), refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: usageOf(words.length),
    system_fingerprint: 'fp_bench',
  });
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function answerStream(response: ServerResponse, body: Record<string, unknown>, words: string[]) {
  const id = `chatcmpl-bench${(served += 1)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finish: string | null, extra: object = {}) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      system_fingerprint: 'fp_bench',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...extra,
    })}\n\n`;
  const withUsage =
    (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  const tail = [
    chunk({}, 'stop'),
    ...(withUsage
      ? [
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: usageOf(words.length) })}\n\n`,
        ]
      : []),
    'data: [DONE]\n\n',
  ];
  const pieces = [
    chunk({ role: 'assistant', content: '' }, null),
    ...words.map((word) => chunk({ content: word }, null)),
    ...tail,
  ];
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (body.model !== SLOW_MODEL) {
    // Each piece is its own write, as a model's server sends tokens as they come.
    for (const piece of pieces) response.write(piece);
    response.end();
    return;
  }
  response.write(pieces.shift());
  const timer = setInterval(() => {
    response.write(pieces.shift());
    if (pieces.length === 0) {
      clearInterval(timer);
      response.end();
    }
  }, SLOW_EVERY_MS);
  // The gateway gone (a client that left): stop writing.
  response.once('close', () => clearInterval(timer));
}

const server = createServer((request, response) => {
  if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    return;
  }
  readBody(request).then(
    (body) => {
      const words = wordsFor(body);
      if (body.stream === true) answerStream(response, body, words);
      else answerWhole(response, body.model, words);
    },
    () => response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"json"}'),
  );
});
// A gateway keeps its connections open; the slow streams hold a thousand of them at once.
server.keepAliveTimeout = 30_000;

server.listen(0, '127.0.0.1', 1024, () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
