import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { testEngine } from '../test-support';
import { startTestGateway, type TestGateway } from './test-gateway';
import { PROMPT_TOKENS, WORDS } from './test-upstream';

const hi = [{ role: 'user' as const, content: 'Hi' }];
/** What each request costs at most: 11 input units and 5 output tokens at 4 units. */
const COST = PROMPT_TOKENS + 4 * WORDS.length;
/** What each is held before it is sent: the input's bound and max_tokens' 5 at 4 units. */
const HOLD = 3 + 4 + 2 + 4 + 6 + 4 * 5;
const BUDGET = 20 * COST + 17;

let gateway: TestGateway;
afterEach(async () => {
  await gateway.close();
});

/**
 * Waves of 50 concurrent requests until a whole wave is refused; what the answers' usage says
 * they cost, in all. The last requests may be given a lower max_tokens, and cost less. An answer
 * leaves before its settlement: each wave starts once the last one's are written, so it is
 * refused only when what is left cannot pay for a request.
 */
async function burst(
  urls: string[],
  { id, key }: { id: number; key: string },
): Promise<{ passed: number; cost: number }> {
  let passed = 0;
  let cost = 0;
  for (;;) {
    await gateway.get(id);
    const wave = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const client = gateway.client(key, { url: urls[index % urls.length] });
        try {
          const answer = await client.chat.completions.create({
            model: 'small',
            messages: hi,
            max_tokens: 5,
          });
          return PROMPT_TOKENS + 4 * (answer.usage?.completion_tokens ?? 0);
        } catch (error) {
          if (error instanceof OpenAI.APIError && error.code === 'insufficient_quota') return null;
          throw error;
        }
      }),
    );
    const costs = wave.filter((charged) => charged !== null);
    passed += costs.length;
    cost += costs.reduce((sum, charged) => sum + charged, 0);
    if (costs.length === 0) return { passed, cost };
  }
}

/**
 * The run-down key's alerts, whichever settlements crossed: token.quota_low once, and
 * token.exhausted at most once (a gateway's last holds may leave a few units no request can use).
 */
async function expectOneAlertEach(tokenId: number): Promise<void> {
  const types = (await gateway.store.store.tokenEvents(tokenId)).map((event) => event.type);
  expect(types.filter((type) => type === 'token.quota_low')).toHaveLength(1);
  expect(types.filter((type) => type === 'token.exhausted').length).toBeLessThanOrEqual(1);
}

describe('a small budget under concurrent requests', () => {
  it('is never overspent and is used to within one request', async () => {
    gateway = await startTestGateway();
    await gateway.model('small', 'ok');
    const token = await gateway.token({ remain_quota: BUDGET });
    const { passed, cost } = await burst([gateway.url], token);
    const after = await gateway.get(token.id);
    expect(passed).toBeGreaterThanOrEqual(20);
    expect(after.used_quota).toBe(cost);
    expect(after.used_quota).toBeLessThanOrEqual(BUDGET);
    expect(after.remain_quota).toBe(BUDGET - cost);
    // Less than a request's input and one token of output: nothing more could pass.
    expect(after.remain_quota).toBeLessThan(HOLD - 4 * 4);
    await expectOneAlertEach(token.id);
  });

  it.runIf(testEngine() === 'postgres')(
    'is shared by two instances on one database without overspending',
    async () => {
      gateway = await startTestGateway();
      await gateway.model('small', 'ok');
      const token = await gateway.token({ remain_quota: BUDGET });
      const second = await gateway.secondInstance();
      const { cost } = await burst([gateway.url, second], token);
      const after = await gateway.get(token.id);
      expect(after.used_quota).toBe(cost);
      expect(after.used_quota).toBeLessThanOrEqual(BUDGET);
      expect(after.remain_quota).toBeLessThan(HOLD - 4 * 4);
      await expectOneAlertEach(token.id);
    },
  );
});
