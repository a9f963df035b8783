import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible upstream for the gateway's tests. What it does is chosen by the model
 * name it is sent (the gateway's model's upstream_model), so one server plays every upstream:
 *
 * - `ok`: five words, usage on the answer, and on a stream's last chunk when asked for;
 * - `no-usage`: never any usage; `repeat-usage`: the running usage on every chunk;
 * - `cached`: like ok, with 4 of the prompt tokens read from the cache;
 * - `fill`: 200 words; every answer stops at max_tokens (or max_completion_tokens) words;
 * - `status-400`, `status-401`, `status-429`, `status-500`: that status, with an OpenAI error
 *   whose message names the upstream key it was sent;
 * - `reset`: the connection is cut before any answer;
 * - `fail-after`: two chunks of a stream, then the connection is cut;
 * - `error-after`: two chunks of a stream, then an error event naming its key and address;
 * - `hang`: no answer at all; `stall`: one chunk of a stream, then silence;
 * - `slow`: a word every 40 ms, 100 words: long enough to go away in the middle.
 */
export const PROMPT_TOKENS = 11;
export const WORDS = ['one', 'two', 'three', 'four', 'five'];

export interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface TestUpstream {
  url: string;
  /** Every request received, in order. */
  seen: SeenRequest[];
  /** How many requests the client (the gateway) gave up before their answer ended. */
  aborted: () => number;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

const usage = (completion: number, cached = 0) => ({
  prompt_tokens: PROMPT_TOKENS,
  completion_tokens: completion,
  total_tokens: PROMPT_TOKENS + completion,
  ...(cached ? { prompt_tokens_details: { cached_tokens: cached } } : {}),
});

/** The answer's words, never more than max_tokens (or max_completion_tokens) allows. */
function wordsFor(behaviour: string, body: Record<string, unknown>): string[] {
  const cap = Number(body.max_completion_tokens ?? body.max_tokens ?? Infinity);
  const many = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`);
  const words = behaviour === 'slow' ? many(100) : behaviour === 'fill' ? many(200) : WORDS;
  return words.slice(0, cap);
}

/** [0.1, 0.2], as floats or, as the SDK asks by default, as base64 of float32s. */
function embedding(format: unknown): number[] | string {
  const vector = [0.1, 0.2];
  if (format !== 'base64') return vector;
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

function fail(response: ServerResponse, status: number, key: string | undefined) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      error: {
        message: `Upstream says ${status} to the key ${key ?? 'none'} at this address`,
        type: 'invalid_request_error',
        code: null,
      },
    }),
  );
}

async function answer(request: IncomingMessage, response: ServerResponse, upstream: TestUpstream) {
  const body = await readJson(request);
  const seen = { path: request.url ?? '', authorization: request.headers.authorization, body };
  upstream.seen.push(seen);
  const behaviour = String(body.model);
  const key = request.headers.authorization?.replace(/^Bearer /, '');
  const status = /^status-(\d+)$/.exec(behaviour);
  if (status) return fail(response, Number(status[1]), key);
  if (behaviour === 'reset') return request.socket.destroy();
  if (behaviour === 'hang') return;

  const words = wordsFor(behaviour, body);
  const cached = behaviour === 'cached' ? 4 : 0;
  if (seen.path.endsWith('/embeddings')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        object: 'list',
        data: [{ object: 'embedding', index: 0, embedding: embedding(body.encoding_format) }],
        model: behaviour,
        usage: { prompt_tokens: PROMPT_TOKENS, total_tokens: PROMPT_TOKENS },
      }),
    );
    return;
  }
  const chat = seen.path.endsWith('/chat/completions');
  if (body.stream !== true) {
    const text = words.join(' ');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'up-1',
        object: chat ? 'chat.completion' : 'text_completion',
        created: 1,
        model: behaviour,
        choices: [
          chat
            ? { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }
            : { index: 0, text, finish_reason: 'stop' },
        ],
        ...(behaviour === 'no-usage' ? {} : { usage: usage(words.length, cached) }),
      }),
    );
    return;
  }

  const asked = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (value: unknown) => response.write(`data: ${JSON.stringify(value)}\n\n`);
  const chunk = (index: number, extra: Record<string, unknown> = {}) => ({
    id: 'up-1',
    object: chat ? 'chat.completion.chunk' : 'text_completion',
    created: 1,
    model: behaviour,
    choices: [
      chat
        ? { index: 0, delta: { content: index === 0 ? words[0] : ` ${words[index]}` } }
        : { index: 0, text: index === 0 ? words[0] : ` ${words[index]}` },
    ],
    ...extra,
  });
  let gone = false;
  response.on('close', () => {
    if (!response.writableFinished) gone = true;
  });
  for (let index = 0; index < words.length; index++) {
    if (gone) return;
    const running = behaviour === 'repeat-usage' ? { usage: usage(index + 1) } : {};
    send(
      chunk(index, asked && behaviour !== 'repeat-usage' ? { usage: null, ...running } : running),
    );
    if (behaviour === 'fail-after' && index === 1) {
      // Cut once what was written has left: destroy() would drop it unsent.
      return response.socket?.end(() => response.socket?.destroy());
    }
    if (behaviour === 'error-after' && index === 1) {
      const where = `http://${request.headers.host ?? ''}`;
      send({ error: { message: `The key ${key ?? 'none'} is over its limit at ${where}` } });
      return response.end();
    }
    if (behaviour === 'stall') return;
    if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, 40));
  }
  if (asked && behaviour !== 'no-usage' && behaviour !== 'repeat-usage') {
    send({
      id: 'up-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: behaviour,
      choices: [],
      usage: usage(words.length, cached),
    });
  }
  response.end('data: [DONE]\n\n');
}

/** Starts the upstream on a free loopback port. */
export async function startTestUpstream(): Promise<TestUpstream> {
  let aborted = 0;
  const upstream: TestUpstream = {
    url: '',
    seen: [],
    aborted: () => aborted,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    response.on('close', () => {
      if (!response.writableFinished) aborted += 1;
    });
    answer(request, response, upstream).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return upstream;
}
