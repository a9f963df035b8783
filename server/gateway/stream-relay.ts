import type { Usage } from './answer-usage';
import { deliveredTextOf, isUsageOnlyChunk, usageOf } from './answer-usage';
import { DeliveredText } from './delivered-text';
import { eventData, SseEvents } from './sse-events';

/** How a stream ended, which decides what it is charged (see charge-rules.ts). */
export type StreamEnd =
  /** `[DONE]` arrived. */
  | 'done'
  /** The upstream closed the stream without `[DONE]`. */
  | 'ended'
  /** The client went away; the upstream was aborted. */
  | 'client_gone'
  /** The upstream failed after bytes were sent; the client got an error event. */
  | 'upstream_failed';

export interface RelayedStream {
  end: StreamEnd;
  /** The last usage the upstream sent (some repeat it on every chunk), or null. */
  usage: Usage | null;
  delivered: DeliveredText;
}

export interface RelayOptions {
  /** Remove the usage the gateway asked for on the client's behalf: the client did not. */
  removeUsage: boolean;
  /** A comment is sent after this long without a byte, so proxies keep the connection. */
  keepAliveMs: number;
  /**
   * Called once, however the stream ends; the stream's last piece (`[DONE]`, or the error event)
   * waits for it, so a client that reads the key's quota after the stream sees it settled.
   */
  onEnd: (relayed: RelayedStream) => Promise<void>;
  /** Stops the upstream request (the client has gone). */
  abortUpstream: () => void;
  /** The error event sent to the client when the upstream fails mid-stream. */
  failureEvent: (error: unknown) => string;
  /** An upstream's own words, as a client may read them: without its key or address. */
  scrub: (message: string) => string;
}

const encoder = new TextEncoder();
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/**
 * Passes an upstream's server-sent events to the client as they arrive, one whole event at a
 * time, while noting the usage and the delivered text that settle the request's charge. Nothing
 * but the unfinished event is held back; the client's pace pulls the upstream (backpressure).
 */
export function relayStream(
  upstream: AsyncIterable<Uint8Array>,
  options: RelayOptions,
): ReadableStream<Uint8Array> {
  const events = new SseEvents();
  const delivered = new DeliveredText();
  const iterator = upstream[Symbol.asyncIterator]();
  let usage: Usage | null = null;
  /** `[DONE]` as the upstream wrote it, held back until the request is settled. */
  let done: string | null = null;
  let ended = false;
  let keepAlive: NodeJS.Timeout | undefined;

  const finish = (end: StreamEnd): Promise<void> => {
    if (ended) return Promise.resolve();
    ended = true;
    clearTimeout(keepAlive);
    return options.onEnd({ end, usage, delivered });
  };

  /** The event as the client gets it: as it came, without the usage it did not ask for, or none. */
  const pass = (event: string): string => {
    const data = eventData(event);
    if (data === null) return event;
    if (data.trim() === '[DONE]') {
      done = event;
      return '';
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return event;
    }
    if (hasError(chunk)) return `data: ${JSON.stringify(scrubbedError(chunk, options.scrub))}\n\n`;
    usage = usageOf(chunk) ?? usage;
    delivered.add(deliveredTextOf(chunk));
    if (!options.removeUsage || !(chunk as { usage?: unknown }).usage) return event;
    if (isUsageOnlyChunk(chunk)) return '';
    const { usage: _removed, ...rest } = chunk as Record<string, unknown>;
    return `data: ${JSON.stringify(rest)}\n\n`;
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        keepAlive = setTimeout(function beat() {
          controller.enqueue(KEEP_ALIVE);
          keepAlive = setTimeout(beat, options.keepAliveMs);
        }, options.keepAliveMs);
      },
      async pull(controller) {
        try {
          for (;;) {
            const next = await iterator.next();
            if (next.done) {
              const rest = events.rest();
              if (rest.trim() !== '') controller.enqueue(encoder.encode(pass(rest)));
              await finish(done === null ? 'ended' : 'done');
              if (done !== null) controller.enqueue(encoder.encode(done));
              controller.close();
              return;
            }
            const out = events.push(next.value).map(pass).join('');
            if (out !== '') {
              keepAlive?.refresh();
              controller.enqueue(encoder.encode(out));
              return;
            }
          }
        } catch (error) {
          if (ended) return;
          const failure = encoder.encode(options.failureEvent(error));
          await finish('upstream_failed');
          controller.enqueue(failure);
          controller.close();
        }
      },
      cancel() {
        options.abortUpstream();
        void finish('client_gone');
      },
    },
    // One event at a time: the client's pace sets the upstream's.
    { highWaterMark: 1 },
  );
}

/** An error event: a chunk whose `error` holds something (some upstreams send `"error": null`). */
function hasError(chunk: unknown): chunk is { error: unknown } {
  if (typeof chunk !== 'object' || chunk === null) return false;
  const { error } = chunk as { error?: unknown };
  return error !== undefined && error !== null;
}

/** Every text of an error an upstream sent mid-stream, scrubbed: its message, its code, its param. */
function scrubbedError(chunk: { error: unknown }, scrub: (message: string) => string) {
  const scrubAll = (value: unknown): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(scrubAll);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, scrubAll(inner)]),
    );
  };
  return { ...chunk, error: scrubAll(chunk.error) };
}
