/**
 * Cuts a server-sent event stream into whole events as its bytes arrive, so that each event can
 * be looked at (usage, delivered text) and passed on as it came. Only the unfinished tail of the
 * stream is kept between chunks, never the stream itself.
 */
export class SseEvents {
  private tail = '';
  private readonly decoder = new TextDecoder();

  /** The events this chunk completes, each with its blank line, as the upstream wrote them. */
  push(chunk: Uint8Array): string[] {
    const text = this.tail + this.decoder.decode(chunk, { stream: true });
    const events: string[] = [];
    let start = 0;
    for (;;) {
      const end = eventEnd(text, start);
      if (end === -1) break;
      events.push(text.slice(start, end));
      start = end;
    }
    this.tail = text.slice(start);
    return events;
  }

  /** What arrived after the last whole event, when the stream ends: an event cut short. */
  rest(): string {
    const rest = this.tail + this.decoder.decode();
    this.tail = '';
    return rest;
  }
}

/** Where the event starting at `from` ends, after its blank line; -1 while it is unfinished. */
function eventEnd(text: string, from: number): number {
  for (let index = text.indexOf('\n', from); index !== -1; index = text.indexOf('\n', index + 1)) {
    const next = text[index + 1];
    if (next === '\n') return index + 2;
    if (next === '\r' && text[index + 2] === '\n') return index + 3;
  }
  return -1;
}

/** The data of an event (its `data:` lines joined), or null for a comment or another field. */
export function eventData(event: string): string | null {
  let data: string | null = null;
  for (const line of event.split(/\r?\n/)) {
    if (!line.startsWith('data:')) continue;
    const value = line.slice(line[5] === ' ' ? 6 : 5);
    data = data === null ? value : `${data}\n${value}`;
  }
  return data;
}
