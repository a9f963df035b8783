/** Token events are kept for EVENT_RETENTION_SECONDS: the periodic look removes older ones. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_IDENTITY } from '../../src/contract/admin-key';
import { tokenCreateSchema } from '../../src/contract/token';
import { openTestStore, testEngine, type TestStore } from '../test-support';
import { EVENT_RETENTION_SECONDS } from './webhook-record';

const audit = { actor: OWNER_IDENTITY, ip: '203.0.113.7' };
let handle: TestStore;

beforeEach(() => {
  handle = openTestStore();
});
afterEach(async () => {
  await handle.dispose();
});

describe(`token events on ${testEngine()}`, () => {
  it('are kept for 30 days, then removed by the periodic look', async () => {
    const { store } = handle;
    // Events are stamped with the database's own clock.
    const before = Math.floor(Date.now() / 1000);
    const token = await store.create(
      tokenCreateSchema.parse({ name: 'Kept a month', remain_quota: 10 }),
      audit,
    );
    await store.update({ id: token.id, remain_quota: 20 }, audit);
    const after = Math.ceil(Date.now() / 1000);
    const types = async () => (await store.tokenEvents(token.id)).map((event) => event.type);
    expect(await types()).toEqual(['token.updated', 'token.created']);

    await store.lookForTimedEvents(before + EVENT_RETENTION_SECONDS - 1);
    expect(await types()).toEqual(['token.updated', 'token.created']);

    await store.lookForTimedEvents(after + EVENT_RETENTION_SECONDS + 1);
    expect(await types()).toEqual([]);
    expect((await store.get(token.id))?.remain_quota).toBe(20);
  });
});
