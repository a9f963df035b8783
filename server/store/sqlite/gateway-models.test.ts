import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelCreateSchema } from '../../../src/contract/model';
import { makeTempDir } from '../../test-support';
import type { TokenStore } from '../token-store';
import { openSqliteStore } from './store';
import { OTHERS_SEEN_WITHIN_MS } from './tokens-state';

let dataDir: string;
let one: TokenStore;
let other: TokenStore;

beforeEach(() => {
  dataDir = makeTempDir();
  one = openSqliteStore({ dataDir });
  other = openSqliteStore({ dataDir });
});
afterEach(async () => {
  await Promise.all([one.close(), other.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const create = (store: TokenStore, name: string) =>
  store.createModel(
    modelCreateSchema.parse({
      name,
      upstream_url: 'https://api.example.com/v1',
      input_price: 2.5,
      output_price: 10,
    }),
  );

/** Another process's write shows within OTHERS_SEEN_WITHIN_MS. */
const seen = () => new Promise((resolve) => setTimeout(resolve, OTHERS_SEEN_WITHIN_MS + 1));

describe('the models the gateway keeps on SQLite', () => {
  it('follow what another process on the same database changes, within a millisecond', async () => {
    expect(await one.gatewayModel('gpt-4o')).toBeNull();
    const made = await create(other, 'gpt-4o');
    if (made.outcome !== 'saved') throw new Error(made.outcome);
    await seen();
    expect((await one.gatewayModel('gpt-4o'))?.model.enabled).toBe(true);
    await other.updateModel({ id: made.model.id, enabled: false, input_price: 5 });
    await seen();
    expect((await one.gatewayModel('gpt-4o'))?.model).toMatchObject({
      enabled: false,
      input_price: 5,
    });
    await other.setOption('QuotaPerUnit', '1000');
    await seen();
    expect((await one.gatewayModel('gpt-4o'))?.quotaPerUnit).toBe(1000);
    await other.removeModel(made.model.id);
    await seen();
    expect(await one.gatewayModel('gpt-4o')).toBeNull();
  });

  it('follow this instance’s own changes at once, and are not changed by their readers', async () => {
    const made = await create(one, 'gpt-4o');
    if (made.outcome !== 'saved') throw new Error(made.outcome);
    const found = await one.gatewayModel('gpt-4o');
    expect(() => Object.assign(found?.model ?? {}, { input_price: 0 })).toThrow();
    await one.updateModel({ id: made.model.id, output_price: 12 });
    expect((await one.gatewayModel('gpt-4o'))?.model.output_price).toBe(12);
    await one.setOption('QuotaPerUnit', '2000');
    expect((await one.gatewayModel('gpt-4o'))?.quotaPerUnit).toBe(2000);
    await one.removeModel(made.model.id);
    expect(await one.gatewayModel('gpt-4o')).toBeNull();
  });
});
