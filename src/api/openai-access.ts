import { chatChunkSchema, openAiModelListSchema, type ChatUsage } from '../contract/openai-answers';
import { normalizeKey } from '../contract/token';
import { blockedByPolicy } from './blocked-origins';
import { ChatRefusal, chatRefusalOf } from './chat-refusal';
import { callRecorder, hostOf, type ClientHooks, type Connection } from './client';
import { REQUEST_TIMEOUT_MS } from './errors';
import { SseReader } from './sse-reader';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  /** The whole conversation so far, the new message last. */
  messages: ChatMessage[];
}

/** What a streamed answer brings, as it comes: a piece of its text, or its usage. */
export type ChatEvent = { text: string } | { usage: ChatUsage };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * OpenAI's routes of the connected server (/v1), called with a token's key as any client of the
 * gateway calls them. Each call is written to the activity log like the API's, marked as made
 * with a token's key, which is never in it.
 */
export function createOpenAiAccess(
  connection: Pick<Connection, 'baseUrl'>,
  hooks: Pick<ClientHooks, 'onCall'> = {},
) {
  const { baseUrl } = connection;
  const host = hostOf(baseUrl);

  const recorder = (method: string, url: string, body: string | undefined) =>
    callRecorder(hooks, { method, url, body, tokenKey: true });

  async function send(
    url: string,
    key: string,
    signal: AbortSignal,
    body?: string,
  ): Promise<Response> {
    try {
      return await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer sk-${normalizeKey(key)}`,
          Accept: body === undefined ? 'application/json' : 'text/event-stream',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body,
        credentials: 'omit',
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ChatRefusal(
          'network',
          `The server at ${host} did not answer within ${REQUEST_TIMEOUT_MS / 1000} seconds.`,
        );
      }
      if (isAbort(error)) throw error;
      if (await blockedByPolicy(url)) {
        throw new ChatRefusal(
          'network',
          `This page may only connect to the server it came from, not to ${host}.`,
        );
      }
      throw new ChatRefusal(
        'network',
        `Cannot reach the server at ${host}. Check that it is running and that the address is right.`,
      );
    }
  }

  /** The refusal of an answer that is not OK, read from its body and headers. */
  const refusalOf = async (response: Response) =>
    chatRefusalOf(response.status, response.headers, await response.text().catch(() => ''));

  /** The names of the models the key may use. */
  async function listModels(key: string, signal: AbortSignal): Promise<string[]> {
    const url = `${baseUrl}/v1/models`;
    const record = recorder('GET', url, undefined);
    try {
      const response = await send(
        url,
        key,
        AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      );
      if (!response.ok) throw await refusalOf(response);
      const list = openAiModelListSchema.safeParse(await response.json().catch(() => null));
      if (!list.success) {
        throw new ChatRefusal(
          'unexpected',
          `The server at ${host} answered /v1/models with something that is not a list of models.`,
          response.status,
        );
      }
      record(response.status, true, 'OK');
      return list.data.data.map((model) => model.id);
    } catch (error) {
      const refusal = error instanceof ChatRefusal ? error : null;
      record(refusal?.status ?? null, false, refusal?.message ?? 'Stopped');
      throw error;
    }
  }

  /**
   * A chat, streamed: each piece of the answer as it arrives, then its usage. Ends when the
   * server closes the answer (after `[DONE]`: the server has charged the key by then). Aborting
   * `signal` stops it, with an AbortError; a refusal, before or during the answer, is a
   * ChatRefusal.
   */
  async function* streamChat(
    key: string,
    request: ChatRequest,
    signal: AbortSignal,
  ): AsyncGenerator<ChatEvent> {
    const url = `${baseUrl}/v1/chat/completions`;
    const body = JSON.stringify({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    });
    const record = recorder('POST', url, body);
    let status: number | null = null;
    let outcome = 'Stopped';
    let ok = false;
    try {
      const response = await send(url, key, signal, body);
      status = response.status;
      if (!response.ok) throw await refusalOf(response);
      if (!response.body) throw new ChatRefusal('unexpected', 'The answer had no body.', status);
      const events = new SseReader();
      const stream = response.body.getReader();
      try {
        for (let next = await stream.read(); !next.done; next = await stream.read()) {
          for (const data of events.push(next.value)) yield* eventsOf(data, response.headers);
        }
        for (const data of events.end()) yield* eventsOf(data, response.headers);
      } finally {
        // Left early (stopped, or refused midway): the answer is not read any further.
        void stream.cancel().catch(() => {});
      }
      ok = true;
      outcome = 'OK';
    } catch (error) {
      if (!isAbort(error)) outcome = (error as Error).message;
      throw error;
    } finally {
      record(status, ok, outcome);
    }
  }

  return { listModels, streamChat };
}

export type OpenAiAccess = ReturnType<typeof createOpenAiAccess>;

/** What one event's data brings: nothing for `[DONE]` or an unreadable event. */
function* eventsOf(data: string, headers: Headers): Generator<ChatEvent> {
  if (data.trim() === '[DONE]') return;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return;
  }
  if (typeof value === 'object' && value !== null && 'error' in value) {
    throw chatRefusalOf(null, headers, data);
  }
  const chunk = chatChunkSchema.safeParse(value);
  if (!chunk.success) return;
  const text = chunk.data.choices?.[0]?.delta?.content;
  if (text) yield { text };
  if (chunk.data.usage) yield { usage: chunk.data.usage };
}
