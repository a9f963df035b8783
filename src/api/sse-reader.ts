/**
 * Reads a server-sent event stream as its bytes arrive (the WHATWG rules: lines end with CRLF,
 * LF or CR; an event ends at a blank line; its `data:` lines are joined with LF; comments and
 * other fields are skipped). Only the unfinished line and event are kept between chunks, so a
 * chunk may end anywhere: inside a line, a character or a CRLF.
 */
export class SseReader {
  private readonly decoder = new TextDecoder();
  private line = '';
  /** A CR ended the last chunk: an LF starting the next belongs to it. */
  private afterCr = false;
  private data: string[] | null = null;

  /** The data of each event this chunk completes. */
  push(chunk: Uint8Array): string[] {
    return this.read(this.decoder.decode(chunk, { stream: true }));
  }

  /** The data of an event the stream ended in without its blank line, if any. */
  end(): string[] {
    const events = this.read(this.decoder.decode());
    if (this.line !== '') this.take(this.line, events);
    this.line = '';
    if (this.data !== null) events.push(this.data.join('\n'));
    this.data = null;
    return events;
  }

  private read(text: string): string[] {
    const events: string[] = [];
    let start = 0;
    if (this.afterCr && text.startsWith('\n')) start = 1;
    this.afterCr = false;
    for (let index = start; index < text.length; index++) {
      const char = text[index];
      if (char !== '\n' && char !== '\r') continue;
      this.take(this.line + text.slice(start, index), events);
      this.line = '';
      if (char === '\r') {
        if (index + 1 === text.length) this.afterCr = true;
        else if (text[index + 1] === '\n') index++;
      }
      start = index + 1;
    }
    this.line += text.slice(start);
    return events;
  }

  private take(line: string, events: string[]) {
    if (line === '') {
      if (this.data !== null) events.push(this.data.join('\n'));
      this.data = null;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    (this.data ??= []).push(value);
  }
}
