import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { UpstreamAnswerHandler } from './upstream-answer';

/** A stand-in for undici's controller of one request: what the answer asked of the upstream. */
function fakeController() {
  const state = { paused: false, aborted: null as Error | null };
  const controller = {
    get aborted() {
      return state.aborted !== null;
    },
    get paused() {
      return state.paused;
    },
    get reason() {
      return state.aborted;
    },
    abort: (reason: Error) => (state.aborted = reason),
    pause: () => (state.paused = true),
    resume: () => (state.paused = false),
  } satisfies Dispatcher.DispatchController;
  return { controller, state };
}

const piece = (size: number) => Buffer.alloc(size, 'a');

function started(handler: UpstreamAnswerHandler, controller: Dispatcher.DispatchController) {
  handler.onRequestStart(controller);
  handler.onResponseStart(controller, 200, { 'content-type': 'text/event-stream' });
}

describe('an upstream answer', () => {
  it('pauses the upstream while its reader is behind, and resumes it as the reader catches up', async () => {
    const { controller, state } = fakeController();
    const handler = new UpstreamAnswerHandler(() => {});
    started(handler, controller);
    for (let i = 0; i < 5; i += 1) handler.onResponseData(controller, piece(16_384));
    expect(state.paused).toBe(true);
    const reader = handler[Symbol.asyncIterator]();
    await reader.next();
    expect(state.paused).toBe(false);
    handler.onResponseEnd();
    let read = 16_384;
    for (let next = await reader.next(); !next.done; next = await reader.next()) {
      read += next.value.byteLength;
    }
    expect(read).toBe(5 * 16_384);
  });

  it('starts with the answer itself, not an informational one before it', async () => {
    const { controller } = fakeController();
    const handler = new UpstreamAnswerHandler(() => {});
    handler.onRequestStart(controller);
    handler.onResponseStart(controller, 103, { link: '</style.css>; rel=preload' });
    handler.onResponseStart(controller, 200, { 'content-type': 'application/json' });
    expect(await handler.started).toMatchObject({ status: 200, contentType: 'application/json' });
  });

  it('reads an answer whole, however large, without pausing the upstream', async () => {
    const { controller, state } = fakeController();
    let finished = 0;
    const handler = new UpstreamAnswerHandler(() => (finished += 1));
    started(handler, controller);
    const text = handler.text();
    for (let i = 0; i < 20; i += 1) handler.onResponseData(controller, piece(16_384));
    expect(state.paused).toBe(false);
    handler.onResponseEnd();
    expect((await text).length).toBe(20 * 16_384);
    expect(finished).toBe(1);
  });

  it('ends its reader with the failure of an upstream that fails midway, after what came', async () => {
    const { controller } = fakeController();
    const handler = new UpstreamAnswerHandler(() => {});
    started(handler, controller);
    handler.onResponseData(controller, piece(10));
    handler.onResponseError(controller, new Error('cut'));
    const reader = handler[Symbol.asyncIterator]();
    expect((await reader.next()).value).toHaveLength(10);
    await expect(reader.next()).rejects.toThrow('cut');
  });

  it('aborts the request when its reader stops early, and once undici gives it the means', async () => {
    const { controller, state } = fakeController();
    const handler = new UpstreamAnswerHandler(() => {});
    handler.abort(new Error('the client has gone'));
    handler.onRequestStart(controller);
    expect(state.aborted?.message).toBe('the client has gone');

    const second = fakeController();
    const reading = new UpstreamAnswerHandler(() => {});
    started(reading, second.controller);
    reading.onResponseData(second.controller, piece(10));
    for await (const chunk of reading) {
      expect(chunk).toHaveLength(10);
      break;
    }
    expect(second.state.aborted).not.toBeNull();
  });
});
