import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBackend } from '../../../api/backend-context';
import { ChatRefusal, isChatRefusal } from '../../../api/chat-refusal';
import type { ChatMessage } from '../../../api/openai-access';
import { useOpenAi } from '../../../api/use-openai';
import { tryKeys } from '../../../api/try-keys';
import type { ChatUsage } from '../../../contract/openai-answers';
import { tokenKeys } from '../api/keys';
import { tokenDetailQuery } from '../api/token-detail';
import { usageKeys } from '../../../components/usage/use-usage';

export type TurnState =
  | 'streaming'
  | 'done'
  /** Stopped by the person: what came is kept. */
  | 'stopped'
  /** Refused before any answer: nothing was charged. */
  | 'refused'
  /** The answer began, then ended with an error. */
  | 'broken';

export interface Turn {
  id: number;
  question: string;
  model: string;
  answer: string;
  state: TurnState;
  usage: ChatUsage | null;
  /**
   * What the reply cost the token in quota units: its used quota after the reply less before,
   * both read from the server. Undefined while being read; null when it could not be.
   */
  cost: number | null | undefined;
  refusal: ChatRefusal | null;
}

/**
 * A stopped answer is settled by the server after the connection closes, which a busy server may
 * take seconds to do: its used quota is read again, up to SETTLE_READS times, until it has settled.
 */
const SETTLE_PAUSE_MS = 400;
const SETTLE_READS = 10;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The turns the model saw and answered, as the messages sent again with the next one. */
const historyOf = (turns: Turn[]): ChatMessage[] =>
  turns
    .filter((turn) => turn.state !== 'refused' && turn.answer !== '')
    .flatMap((turn) => [
      { role: 'user' as const, content: turn.question },
      { role: 'assistant' as const, content: turn.answer },
    ]);

/**
 * A conversation with a model through the token's key, as a client of the gateway has it: every
 * message is sent with the ones before it, the answer streams in, Stop aborts it. Each reply's
 * cost is the token's used quota read from the server before and after it; the token's other
 * queries (the list, the counts) are read again after each.
 */
export function useConversation(tokenId: number, key: string | undefined) {
  const backend = useBackend();
  const openAi = useOpenAi();
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const nextId = useRef(1);
  const stopper = useRef<AbortController | null>(null);
  const busy = turns.some((turn) => turn.state === 'streaming');
  /** The reading of the last reply's cost, which the next message waits for. */
  const costRead = useRef<Promise<unknown>>(Promise.resolve());

  // An answer still coming when the panel closes is stopped, as a client closing would.
  useEffect(() => () => stopper.current?.abort(), []);

  const update = (id: number, change: (turn: Turn) => Partial<Turn>) =>
    setTurns((list) => list.map((turn) => (turn.id === id ? { ...turn, ...change(turn) } : turn)));

  const readUsed = async () =>
    (await queryClient.fetchQuery({ ...tokenDetailQuery(backend, tokenId), staleTime: 0 }))
      .used_quota;

  /**
   * A stopped reply's used quota once the server has settled it: once it has moved from `held`
   * (what it was while the answer came, the hold on it), or, when that was not read, once two
   * reads agree; at most SETTLE_READS reads.
   */
  const usedOnceSettled = async (held: number | null) => {
    let used = await readUsed();
    for (let read = 1; read < SETTLE_READS; read++) {
      if (held !== null && used !== held) break;
      await pause(SETTLE_PAUSE_MS);
      const again = await readUsed();
      if (held === null && again === used) break;
      used = again;
    }
    return used;
  };

  /**
   * What a reply cost the token: its used quota once settled, less `before`; null when either
   * could not be read. A finished answer was settled before it ended. A refusal is not read: the
   * token's details are only read again.
   */
  const costOf = async (
    state: TurnState,
    before: number | null,
    whileAnswering: Promise<number | null>,
  ) => {
    if (state === 'refused' || before === null) {
      await queryClient.invalidateQueries({ queryKey: tokenKeys.detail(tokenId), exact: true });
      return null;
    }
    const after = await (
      state === 'stopped' ? usedOnceSettled(await whileAnswering) : readUsed()
    ).catch(() => null);
    return after !== null && after >= before ? after - before : null;
  };

  /** Sends a message; resolves true when it was refused before any answer. */
  async function send(question: string, model: string): Promise<boolean> {
    if (busy || key === undefined) return false;
    const id = nextId.current++;
    const messages = [...historyOf(turns), { role: 'user' as const, content: question }];
    setTurns((list) => [
      ...list,
      {
        id,
        question,
        model,
        answer: '',
        state: 'streaming',
        usage: null,
        cost: undefined,
        refusal: null,
      },
    ]);
    const controller = new AbortController();
    stopper.current = controller;
    // Sent while a stopped reply's cost is still read, this message's hold would count in it, and
    // that reply's hold in this one's: it goes once that cost is known.
    await costRead.current;
    const before = await readUsed().catch(() => null);
    let state: TurnState = 'done';
    let refusal: ChatRefusal | null = null;
    let answered = false;
    // Read as the first words arrive, when the server holds what the reply may cost; kept out of
    // the cache, so the quota shown does not dip by the hold meanwhile. Only a stopped reply uses
    // it, but Stop may come at any moment, and a read after it could find the hold gone already.
    let whileAnswering: Promise<number | null> = Promise.resolve(null);
    try {
      for await (const event of openAi.streamChat(key, { model, messages }, controller.signal)) {
        if ('text' in event) {
          if (!answered) {
            whileAnswering = backend.get(tokenId).then(
              (token) => token.used_quota,
              () => null,
            );
          }
          answered = true;
          update(id, (turn) => ({ answer: turn.answer + event.text }));
        } else {
          update(id, () => ({ usage: event.usage }));
        }
      }
    } catch (error) {
      if (isAbort(error)) {
        state = 'stopped';
      } else {
        refusal = isChatRefusal(error)
          ? error
          : new ChatRefusal('unexpected', (error as Error).message);
        state = answered ? 'broken' : 'refused';
        // A key rotated since it was revealed: the next try reveals the current one.
        if (refusal.kind === 'key-unknown') tryKeys.forget(tokenId);
      }
    } finally {
      if (stopper.current === controller) stopper.current = null;
    }
    update(id, () => ({ state, refusal }));
    const counted = costOf(state, before, whileAnswering).then((cost) =>
      update(id, () => ({ cost })),
    );
    costRead.current = counted.catch(() => undefined);
    await counted;
    // The list and its counts show the new quota too, and the usage figures the new request;
    // this token's details were just read.
    const detail = tokenKeys.detail(tokenId);
    void queryClient.invalidateQueries({
      queryKey: tokenKeys.all,
      predicate: (query) => !detail.every((part, index) => query.queryKey[index] === part),
    });
    void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    return state === 'refused';
  }

  return {
    turns,
    busy,
    send,
    stop: () => stopper.current?.abort(),
    clear: () => setTurns([]),
  };
}
