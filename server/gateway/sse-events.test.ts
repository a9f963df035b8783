import { describe, expect, it } from 'vitest';
import { eventData, SseEvents } from './sse-events';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('SseEvents', () => {
  it('gives whole events as they complete, across chunk boundaries', () => {
    const events = new SseEvents();
    expect(events.push(bytes('data: {"a":'))).toEqual([]);
    expect(events.push(bytes('1}\n\ndata: {"b":2}\n'))).toEqual(['data: {"a":1}\n\n']);
    expect(events.push(bytes('\ndata: [DONE]\n\n'))).toEqual([
      'data: {"b":2}\n\n',
      'data: [DONE]\n\n',
    ]);
    expect(events.rest()).toBe('');
  });

  it('reads CRLF line ends and a character split between chunks', () => {
    const events = new SseEvents();
    const text = bytes('data: "生"\r\n\r\n');
    expect(events.push(text.subarray(0, 8))).toEqual([]);
    expect(events.push(text.subarray(8))).toEqual(['data: "生"\r\n\r\n']);
  });

  it('keeps an event cut short for the end', () => {
    const events = new SseEvents();
    events.push(bytes('data: {"partial"'));
    expect(events.rest()).toBe('data: {"partial"');
  });
});

describe('eventData', () => {
  it('joins data lines and ignores comments and other fields', () => {
    expect(eventData('data: one\ndata:two\n\n')).toBe('one\ntwo');
    expect(eventData(': keep-alive\n\n')).toBeNull();
    expect(eventData('event: ping\nid: 3\n\n')).toBeNull();
  });
});
