// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../../api/client';
import { fakeServer, ok } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { sampleToken } from '../../../test-support/sample-token';
import { useConversation } from './use-conversation';

const connection: Connection = {
  baseUrl: 'http://server.test',
  adminKey: 'the-admin-key',
  kind: 'tokendesk',
};
const HELD = 5_000;
const CHARGED = 1_200;

/**
 * A server whose replies stream one word, then wait; Stop closes them. While a reply is held the
 * token has used HELD more; once settled, CHARGED more, which the server writes only after
 * `readsBeforeSettled` reads that follow the Stop, as a busy server is late to settle.
 */
function serverSettlingLate(readsBeforeSettled: number) {
  let used = 0;
  let settled = 0;
  let readsSinceStop: number | null = null;
  const usedAtEachChat: number[] = [];
  const chunk = { choices: [{ delta: { content: 'Hello' } }] };
  fakeServer({
    'GET /api/token/7': () => {
      if (readsSinceStop !== null && ++readsSinceStop > readsBeforeSettled) used = settled;
      return ok(sampleToken({ id: 7, name: 'Demo', used_quota: used }));
    },
    'POST /v1/chat/completions': ({ signal }) => {
      usedAtEachChat.push(used);
      settled = used + CHARGED;
      used += HELD;
      readsSinceStop = null;
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(chunk)}\n\n`));
          signal?.addEventListener('abort', () => {
            readsSinceStop = 0;
            stream.error(new DOMException('The operation was aborted.', 'AbortError'));
          });
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    },
  });
  return { readsSinceStop: () => readsSinceStop, usedAtEachChat };
}

function renderConversation() {
  const seen: { current: ReturnType<typeof useConversation> | null } = { current: null };
  function Probe() {
    seen.current = useConversation(7, 'a'.repeat(48));
    return null;
  }
  renderWithProviders(<Probe />, { connection });
  return () => seen.current!;
}

type Conversation = ReturnType<typeof renderConversation>;

/**
 * Sends a message, and stops its reply after the first word, which comes once any earlier reply's
 * cost is known; the send, to be awaited.
 */
async function sendAndStop(conversation: Conversation, turn: number) {
  let sent!: Promise<boolean>;
  act(() => {
    sent = conversation().send('Tell me a long story', 'demo-echo');
  });
  await waitFor(() => expect(conversation().turns[turn]?.answer).toBe('Hello'), {
    timeout: 3_000,
  });
  act(() => conversation().stop());
  return { sent };
}

/** One reply, stopped after its first word, from a server that settles after `readsBeforeSettled`. */
async function stopOneReply(readsBeforeSettled: number) {
  const server = serverSettlingLate(readsBeforeSettled);
  const conversation = renderConversation();
  const { sent } = await sendAndStop(conversation, 0);
  await act(() => sent);
  return { server, reply: conversation().turns[0] };
}

afterEach(() => vi.unstubAllGlobals());

describe('the cost of a stopped reply', () => {
  it('is what the server charged once it settled, though it settled after two reads', async () => {
    const { reply } = await stopOneReply(2);
    expect(reply).toMatchObject({ state: 'stopped', cost: CHARGED });
  });

  it('is read once when the server settled before the first read', async () => {
    const { server, reply } = await stopOneReply(0);
    expect(reply).toMatchObject({ state: 'stopped', cost: CHARGED });
    expect(server.readsSinceStop()).toBe(1);
  });

  it('is the hold when it never moves from it, once ten reads have found it', async () => {
    const { server, reply } = await stopOneReply(Infinity);
    expect(reply).toMatchObject({ state: 'stopped', cost: HELD });
    expect(server.readsSinceStop()).toBe(10);
  });

  it('counts no hold of a message sent while it is read: that message waits for it', async () => {
    const server = serverSettlingLate(2);
    const conversation = renderConversation();
    const first = await sendAndStop(conversation, 0);
    await waitFor(() => expect(conversation().turns[0]?.state).toBe('stopped'));
    expect(conversation().turns[0]?.cost).toBeUndefined();
    const second = await sendAndStop(conversation, 1);
    await act(() => Promise.all([first.sent, second.sent]));
    expect(server.usedAtEachChat).toEqual([0, CHARGED]);
    expect(conversation().turns.map((turn) => turn.cost)).toEqual([CHARGED, CHARGED]);
  });
});
