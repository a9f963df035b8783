import { Agent, request } from 'node:http';
import { progress } from '../../lib/log';
import { processMemory, type RunningService } from '../../lib/service';
import { CHAT_PATH, chatBody, SLOW_MODEL } from './shapes';

export const STREAMS = 1_000;
/** Words of each slow stream, one a second: how long every stream stays open. */
export const SLOW_WORDS = 20;
/** Streams opened at once: the next batch starts once this one's first bytes have come. */
const OPEN_BATCH = 100;
const SAMPLE_MS = 100;

interface Stream {
  status: number;
  firstByteAt: number;
  endAt: number;
  pieces: number;
  done: boolean;
}

export interface SlowStreams {
  beforeKiB: number;
  /** The highest resident size sampled while every stream was open. */
  peakKiB: number;
  samples: number;
  openSeconds: number;
  /** Streams whose first byte came at least half their length before their end: not buffered. */
  streamed: number;
  /** Streams answered 200 that ended with [DONE]. */
  completed: number;
  medianPieces: number;
}

/** One slow stream through the service, raw HTTP on a connection of its own. */
function openStream(
  service: RunningService,
  authorization: string,
  agent: Agent,
): { firstByte: Promise<void>; ended: Promise<Stream> } {
  const stream: Stream = { status: 0, firstByteAt: 0, endAt: 0, pieces: 0, done: false };
  let onFirst: () => void = () => {};
  const firstByte = new Promise<void>((resolve) => (onFirst = resolve));
  const body = chatBody({ model: SLOW_MODEL, stream: true, maxTokens: SLOW_WORDS });
  const ended = new Promise<Stream>((resolve, reject) => {
    const sent = request(
      `${service.url}${CHAT_PATH}`,
      {
        method: 'POST',
        agent,
        headers: { authorization, 'content-type': 'application/json' },
      },
      (answer) => {
        stream.status = answer.statusCode ?? 0;
        let tail = '';
        answer.on('data', (chunk: Buffer) => {
          if (stream.pieces === 0) {
            stream.firstByteAt = performance.now();
            onFirst();
          }
          stream.pieces += 1;
          tail = (tail + chunk.toString()).slice(-64);
        });
        answer.on('end', () => {
          stream.endAt = performance.now();
          stream.done = tail.endsWith('data: [DONE]\n\n');
          onFirst();
          resolve(stream);
        });
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
  ended.catch(() => onFirst());
  return { firstByte, ended };
}

/**
 * STREAMS slow streams open through the service at once; its resident size is sampled before
 * and while every one of them is open, between the last one's first byte and the first one's end.
 */
export async function slowStreams(
  service: RunningService,
  authorization: string,
): Promise<SlowStreams> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const beforeKiB = processMemory(service.pid).rssKiB;
  const samples: Array<{ at: number; rssKiB: number }> = [];
  const sampler = setInterval(() => {
    samples.push({ at: performance.now(), rssKiB: processMemory(service.pid).rssKiB });
  }, SAMPLE_MS);
  const started = performance.now();
  const ends: Array<Promise<Stream>> = [];
  let streams: Stream[];
  try {
    for (let opened = 0; opened < STREAMS; opened += OPEN_BATCH) {
      const batch = Array.from({ length: Math.min(OPEN_BATCH, STREAMS - opened) }, () =>
        openStream(service, authorization, agent),
      );
      ends.push(...batch.map((stream) => stream.ended));
      await Promise.all(batch.map((stream) => stream.firstByte));
    }
    const allOpenAt = performance.now();
    progress(
      `  ${STREAMS} streams open in ${((allOpenAt - started) / 1000).toFixed(1)} s; waiting for their ends`,
    );
    streams = await Promise.all(ends);
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  const lastFirstByte = Math.max(...streams.map((stream) => stream.firstByteAt));
  const firstEnd = Math.min(...streams.map((stream) => stream.endAt));
  const whileAllOpen = samples.filter(({ at }) => at >= lastFirstByte && at <= firstEnd);
  if (whileAllOpen.length === 0) {
    throw new Error(
      `the streams were never all open at once: opening took longer than their ${SLOW_WORDS} s`,
    );
  }
  const pieces = streams.map((stream) => stream.pieces).sort((a, b) => a - b);
  return {
    beforeKiB,
    peakKiB: Math.max(...whileAllOpen.map(({ rssKiB }) => rssKiB)),
    samples: whileAllOpen.length,
    openSeconds: (lastFirstByte - started) / 1000,
    streamed: streams.filter(
      (stream) => stream.endAt - stream.firstByteAt >= (SLOW_WORDS * 1000) / 2,
    ).length,
    completed: streams.filter((stream) => stream.status === 200 && stream.done).length,
    medianPieces: pieces[Math.floor(pieces.length / 2)] ?? 0,
  };
}
