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
 * A server whose reply streams one word, then waits; Stop closes it. While the reply is held the
 * token's used quota is HELD; once settled, CHARGED, which the server writes only after
 * `readsBeforeSettled` reads that follow the Stop, as a busy server is late to settle.
 */
function serverSettlingLate(readsBeforeSettled: number) {
  let used = 0;
  let readsSinceStop: number | null = null;
  const chunk = { choices: [{ delta: { content: 'Hello' } }] };
  fakeServer({
    'GET /api/token/7': () => {
      if (readsSinceStop !== null && ++readsSinceStop > readsBeforeSettled) used = CHARGED;
      return ok(sampleToken({ id: 7, name: 'Demo', used_quota: used }));
    },
    'POST /v1/chat/completions': ({ signal }) => {
      used = HELD;
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
  return { readsSinceStop: () => readsSinceStop };
}

/** Sends a message through the hook, stops its reply after the first word; the reply as it ends. */
async function stoppedReply() {
  const seen: { current: ReturnType<typeof useConversation> | null } = { current: null };
  function Probe() {
    seen.current = useConversation(7, 'a'.repeat(48));
    return null;
  }
  renderWithProviders(<Probe />, { connection });
  const conversation = () => seen.current!;
  let sent!: Promise<boolean>;
  act(() => {
    sent = conversation().send('Tell me a long story', 'demo-echo');
  });
  await waitFor(() => expect(conversation().turns[0]?.answer).toBe('Hello'));
  act(() => conversation().stop());
  await act(() => sent);
  return conversation().turns[0];
}

afterEach(() => vi.unstubAllGlobals());

describe('the cost of a stopped reply', () => {
  it('is what the server charged once it settled, though it settled after two reads', async () => {
    serverSettlingLate(2);
    expect(await stoppedReply()).toMatchObject({ state: 'stopped', cost: CHARGED });
  });

  it('is read once when the server settled before the first read', async () => {
    const server = serverSettlingLate(0);
    expect(await stoppedReply()).toMatchObject({ state: 'stopped', cost: CHARGED });
    expect(server.readsSinceStop()).toBe(1);
  });
});
