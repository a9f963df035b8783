import { DEFAULT_QUOTA_PER_UNIT } from '../../../src/contract/status';
import { progress } from '../../lib/log';
import { settled } from '../../lib/api';
import type { RunningService } from '../../lib/service';
import { createKey, INPUT_PRICE, OUTPUT_PRICE, readQuota } from './service-setup';
import { ANSWER_WORDS, CHAT_PATH, chatBody, PROMPT_TOKENS } from './shapes';

export const WAVE = 50;
/** The budget pays for this many of the suite's chats at what they really cost. */
export const BUDGET_REQUESTS = 20;
const MAX_WAVES = 50;

/** What one chat of the suite costs once settled: its usage at the model's prices. */
export const CHAT_COST = Math.ceil(
  ((PROMPT_TOKENS * INPUT_PRICE + ANSWER_WORDS.length * OUTPUT_PRICE) / 1e6) *
    DEFAULT_QUOTA_PER_UNIT,
);

export interface Overspend {
  budget: number;
  /** used_quota once every admitted chat has settled. */
  used: number;
  remain: number;
  waves: number;
  admitted: number;
  /** 429 insufficient_quota. */
  refused: number;
  /** Anything else: a failure of the gateway, counted so that it is not mistaken for a refusal. */
  unexpected: string[];
}

/** One chat, half of them streamed: 'ok', 'refused' or what else came back. */
async function chat(service: RunningService, authorization: string, stream: boolean) {
  const response = await fetch(`${service.url}${CHAT_PATH}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: chatBody({ stream }),
  });
  const text = await response.text();
  if (response.status === 200) {
    return stream && !text.endsWith('data: [DONE]\n\n') ? 'stream cut short' : 'ok';
  }
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    // Not OpenAI's error shape: the status says enough.
  }
  return response.status === 429 && code === 'insufficient_quota'
    ? 'refused'
    : `${response.status} ${code ?? 'without an OpenAI error'}`;
}

/**
 * A key with a budget for BUDGET_REQUESTS chats gets WAVE chats at once, again and again, until
 * a whole wave is refused; then its used_quota is read once every settlement has landed.
 */
export async function overspendTrial(service: RunningService): Promise<Overspend> {
  const budget = BUDGET_REQUESTS * CHAT_COST;
  const key = await createKey(service, 'Small budget', budget);
  const result: Overspend = {
    budget,
    used: 0,
    remain: 0,
    waves: 0,
    admitted: 0,
    refused: 0,
    unexpected: [],
  };
  while (result.waves < MAX_WAVES) {
    result.waves += 1;
    const outcomes = await Promise.all(
      Array.from({ length: WAVE }, (_, i) => chat(service, key.authorization, i % 2 === 1)),
    );
    const admitted = outcomes.filter((outcome) => outcome === 'ok').length;
    result.admitted += admitted;
    result.refused += outcomes.filter((outcome) => outcome === 'refused').length;
    result.unexpected.push(...outcomes.filter((o) => o !== 'ok' && o !== 'refused'));
    progress(`  wave ${result.waves}: ${admitted} of ${WAVE} admitted`);
    if (admitted === 0) break;
  }
  // A stream's settlement lands just after its last byte: wait until the figure stops moving.
  result.used = await settled(async () => (await readQuota(service, key.id)).used, 300);
  result.remain = (await readQuota(service, key.id)).remain;
  return result;
}
