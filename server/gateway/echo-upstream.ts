import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The built-in upstream of the demo model: an OpenAI-compatible server inside the service that
 * answers by echoing what it was sent, streamed word by word, with usage, so that the whole path
 * (hold, stream, settle) can be shown on a machine with no network. Its address is ECHO_BASE_URL:
 * `.invalid` is reserved never to resolve (RFC 2606), so no real upstream can be mistaken for it;
 * the pool sends such requests to this server on a loopback port instead.
 */
export const ECHO_BASE_URL = 'http://echo.invalid/v1';
const ECHO_ORIGIN = 'http://echo.invalid';

/** A word every this many milliseconds: slow enough to watch an answer stream in. */
const WORD_MS = 30;
const MAX_BODY = 1024 * 1024;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

function lastUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  for (const message of [...messages].reverse()) {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (role !== 'user') continue;
    if (typeof content === 'string') return content;
    if (Array.isArray(content)) {
      return content
        .map((part) => (part as { text?: unknown })?.text)
        .filter((text): text is string => typeof text === 'string')
        .join(' ');
    }
  }
  return typeof body.prompt === 'string' ? body.prompt : '';
}

/** The prompt's size as this demo counts it: its words, and four for each message's frame. */
function promptTokens(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  if (messages.length === 0)
    return Math.max(1, words(JSON.stringify(body.prompt ?? body.input ?? '')).length);
  return messages.reduce<number>(
    (sum, message) =>
      sum + 4 + words(JSON.stringify((message as { content?: unknown })?.content ?? '')).length,
    3,
  );
}

function answerWords(body: Record<string, unknown>): { words: string[]; cut: boolean } {
  const said = lastUserText(body).trim();
  const all = words(said === '' ? 'Echo: (nothing was said)' : `Echo: ${said}`);
  const cap = Number(body.max_tokens ?? body.max_completion_tokens ?? Infinity);
  const limit = Number.isFinite(cap) && cap > 0 ? Math.floor(cap) : all.length;
  return { words: all.slice(0, limit), cut: all.length > limit };
}

function send(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function embedding(text: string): number[] {
  const digest = createHash('sha256').update(text).digest();
  return [...digest.subarray(0, 8)].map((byte) => Math.round((byte / 127.5 - 1) * 1e4) / 1e4);
}

async function answer(request: IncomingMessage, response: ServerResponse) {
  const body = await readBody(request);
  if (!body) {
    send(response, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } });
    return;
  }
  const model = typeof body.model === 'string' ? body.model : 'echo';
  const created = Math.floor(Date.now() / 1000);
  const prompt = promptTokens(body);
  const path = request.url ?? '';

  if (path.endsWith('/embeddings')) {
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    send(response, 200, {
      object: 'list',
      model,
      data: inputs.map((input, index) => ({
        object: 'embedding',
        index,
        embedding: embedding(String(input)),
      })),
      usage: { prompt_tokens: prompt, total_tokens: prompt },
    });
    return;
  }

  const chat = path.endsWith('/chat/completions');
  if (!chat && !path.endsWith('/completions')) {
    send(response, 404, { error: { message: 'no such route', type: 'invalid_request_error' } });
    return;
  }
  const { words: said, cut } = answerWords(body);
  const finish = cut ? 'length' : 'stop';
  const usage = {
    prompt_tokens: prompt,
    completion_tokens: said.length,
    total_tokens: prompt + said.length,
  };
  const id = `${chat ? 'chatcmpl' : 'cmpl'}-${randomUUID()}`;
  const object = chat ? 'chat.completion' : 'text_completion';

  if (body.stream !== true) {
    const text = said.join(' ');
    const choice = chat
      ? { index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }
      : { index: 0, text, finish_reason: finish };
    send(response, 200, { id, object, created, model, choices: [choice], usage });
    return;
  }

  const includeUsage =
    (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunkObject = chat ? 'chat.completion.chunk' : 'text_completion';
  const event = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: chunkObject, created, model, choices, ...extra, ...(includeUsage && !('usage' in extra) ? { usage: null } : {}) })}\n\n`;
  let gone = false;
  response.on('close', () => (gone = true));
  for (const [index, word] of said.entries()) {
    if (gone) return;
    const piece = index === 0 ? word : ` ${word}`;
    const delta = chat
      ? {
          index: 0,
          delta: index === 0 ? { role: 'assistant', content: piece } : { content: piece },
          finish_reason: null,
        }
      : { index: 0, text: piece, finish_reason: null };
    response.write(event([delta]));
    await new Promise((resolve) => setTimeout(resolve, WORD_MS));
  }
  if (gone) return;
  const last = chat
    ? { index: 0, delta: {}, finish_reason: finish }
    : { index: 0, text: '', finish_reason: finish };
  response.write(event([last]));
  if (includeUsage) response.write(event([], { usage }));
  response.end('data: [DONE]\n\n');
}

/** Starts the echo server on a free loopback port at first use, and maps its address there. */
export class EchoUpstream {
  private server: Promise<{ server: Server; origin: string }> | null = null;

  /** Where a model's base address is reached: the echo server's for ECHO_BASE_URL. */
  async resolve(baseUrl: string): Promise<string> {
    if (!baseUrl.startsWith(ECHO_ORIGIN)) return baseUrl;
    const { origin } = await this.start();
    return origin + baseUrl.slice(ECHO_ORIGIN.length);
  }

  private start() {
    this.server ??= new Promise((resolve, reject) => {
      const server = createServer((request, response) => {
        answer(request, response).catch(() => response.destroy());
      });
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.unref();
        const { port } = server.address() as AddressInfo;
        resolve({ server, origin: `http://127.0.0.1:${port}` });
      });
    });
    return this.server;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    const { server } = await this.server;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
