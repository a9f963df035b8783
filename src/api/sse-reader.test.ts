import { describe, expect, it } from 'vitest';
import { SseReader } from './sse-reader';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` cut at every position in `cuts` and returns every event's data. */
function read(text: string | Uint8Array, cuts: number[]): string[] {
  const all = typeof text === 'string' ? bytes(text) : text;
  const reader = new SseReader();
  const events: string[] = [];
  let start = 0;
  for (const cut of [...cuts, all.length]) {
    events.push(...reader.push(all.slice(start, cut)));
    start = cut;
  }
  return [...events, ...reader.end()];
}

/** Every way of cutting `text` in two, and byte by byte. */
function everyCut(text: string): number[][] {
  const length = bytes(text).length;
  return [
    ...Array.from({ length: length + 1 }, (_, at) => [at]),
    Array.from({ length }, (_, at) => at),
  ];
}

describe('SseReader', () => {
  it('gives each event’s data, however the bytes are cut', () => {
    const stream =
      'data: {"a":"héllo 你好 👋"}\n\n: keep-alive\n\nevent: x\nid: 3\ndata: second\n\ndata: [DONE]\n\n';
    for (const cuts of everyCut(stream)) {
      expect(read(stream, cuts)).toEqual(['{"a":"héllo 你好 👋"}', 'second', '[DONE]']);
    }
  });

  it('takes CRLF, CR and LF line ends, even a CRLF cut between its two bytes', () => {
    const stream = 'data: one\r\n\r\ndata: two\r\rdata: three\n\n';
    for (const cuts of everyCut(stream)) {
      expect(read(stream, cuts)).toEqual(['one', 'two', 'three']);
    }
  });

  it('joins the data lines of one event, and keeps a space beyond the first', () => {
    expect(read('data:a\ndata:  b\ndata\n\n', [])).toEqual(['a\n b\n']);
  });

  it('gives an event the stream ended in without its blank line', () => {
    expect(read('data: x\n\ndata: [DONE]', [4])).toEqual(['x', '[DONE]']);
  });

  it('skips comments and events without data', () => {
    expect(read(': ping\n\nevent: nothing\n\n', [3])).toEqual([]);
  });
});
