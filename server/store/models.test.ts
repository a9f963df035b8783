import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditQuerySchema, type AuditRecord } from '../../src/contract/audit';
import { modelCreateSchema, type ModelCreate } from '../../src/contract/model';
import { openTestStore, type TestStore } from '../test-support';
import type { TokenStore } from './token-store';

const NOW = 1_800_000_000;
let clock = NOW;
let handle: TestStore;
let store: TokenStore;

beforeEach(() => {
  clock = NOW;
  handle = openTestStore({ clock: () => clock });
  store = handle.store;
});
afterEach(async () => {
  await handle.dispose();
});

const OWNER = { actor: { id: 0, name: 'ADMIN_KEY', role: 'owner' as const }, ip: '192.0.2.7' };
const KEY = 'sk-proj-upstream-0123456789abcdef';

const model = (input: Partial<ModelCreate> & { name: string }): ModelCreate =>
  modelCreateSchema.parse({
    upstream_url: 'https://api.example.com/v1',
    input_price: 2.5,
    output_price: 10,
    ...input,
  });

async function saved(input: Partial<ModelCreate> & { name: string }) {
  const result = await store.createModel(model(input), OWNER);
  if (result.outcome !== 'saved') throw new Error(`not saved: ${result.outcome}`);
  return result.model;
}

async function auditRecords(): Promise<AuditRecord[]> {
  return (await store.auditPage(auditQuerySchema.parse({ size: '100' }))).items;
}

describe('models', () => {
  it('are made with their defaults, the key only masked, and listed by name as given', async () => {
    const made = await saved({ name: 'gpt-4o', upstream_key: KEY });
    expect(made).toEqual({
      id: 1,
      name: 'gpt-4o',
      upstream_url: 'https://api.example.com/v1',
      upstream_model: 'gpt-4o',
      upstream_key_masked: 'sk-…cdef',
      input_price: 2.5,
      output_price: 10,
      cached_input_price: 2.5,
      max_output_tokens: 4_096,
      stream_usage: true,
      enabled: true,
      created_time: NOW,
      updated_time: NOW,
    });
    await saved({
      name: 'Local llama',
      upstream_url: 'http://127.0.0.1:11434/v1',
      upstream_model: 'llama3.1:8b',
      input_price: 0,
      output_price: 0,
      cached_input_price: 0.125,
      max_output_tokens: 100,
      stream_usage: false,
      enabled: false,
    });
    await saved({ name: 'claude-3-5-haiku', upstream_model: '' });
    // Byte order: capitals before small letters, on both engines whatever the locale.
    expect((await store.models()).map((m) => [m.name, m.upstream_model])).toEqual([
      ['Local llama', 'llama3.1:8b'],
      ['claude-3-5-haiku', 'claude-3-5-haiku'],
      ['gpt-4o', 'gpt-4o'],
    ]);
    expect((await store.models())[0]).toMatchObject({
      upstream_key_masked: '',
      input_price: 0,
      cached_input_price: 0.125,
      max_output_tokens: 100,
      stream_usage: false,
      enabled: false,
    });
    expect(JSON.stringify(await store.models())).not.toContain(KEY);
  });

  it('refuse a name another model has, changing nothing', async () => {
    await saved({ name: 'gpt-4o' });
    const other = await saved({ name: 'gpt-4o-mini' });
    const before = { models: await store.models(), audit: await auditRecords() };
    expect(await store.createModel(model({ name: 'gpt-4o' }), OWNER)).toEqual({
      outcome: 'name_taken',
    });
    expect(
      await store.updateModel({ id: other.id, name: 'gpt-4o', input_price: 1 }, OWNER),
    ).toEqual({ outcome: 'name_taken' });
    expect({ models: await store.models(), audit: await auditRecords() }).toEqual(before);
    // Names are compared exactly: another case is another model.
    expect((await store.createModel(model({ name: 'GPT-4o' }), OWNER)).outcome).toBe('saved');
    expect(await store.updateModel({ id: 99, name: 'x' }, OWNER)).toEqual({ outcome: 'not_found' });
  });

  it('keep the fields an update leaves out; an empty key removes the key, an empty upstream model follows the name', async () => {
    const made = await saved({
      name: 'gpt-4o',
      upstream_model: 'gpt-4o-2024-08-06',
      upstream_key: KEY,
    });
    clock = NOW + 60;
    const renamed = await store.updateModel({
      id: made.id,
      name: 'gpt-4o-latest',
      output_price: 12,
    });
    expect(renamed).toEqual({
      outcome: 'saved',
      model: {
        ...made,
        name: 'gpt-4o-latest',
        output_price: 12,
        updated_time: NOW + 60,
      },
    });
    expect((await store.gatewayModel('gpt-4o-latest'))?.model.upstream_key).toBe(KEY);
    clock = NOW + 120;
    const cleared = await store.updateModel({ id: made.id, upstream_key: '', upstream_model: '' });
    expect(cleared).toMatchObject({
      model: { upstream_key_masked: '', upstream_model: 'gpt-4o-latest', updated_time: NOW + 120 },
    });
    expect((await store.gatewayModel('gpt-4o-latest'))?.model.upstream_key).toBe('');
  });

  it('give the gateway the opened key and the ratio of the moment, by the exact name', async () => {
    await saved({ name: 'gpt-4o', upstream_key: KEY, enabled: false });
    const found = await store.gatewayModel('gpt-4o');
    expect(found).toEqual({
      model: expect.objectContaining({ name: 'gpt-4o', upstream_key: KEY, enabled: false }),
      quotaPerUnit: 500_000,
    });
    await store.setOption('QuotaPerUnit', '1000.5');
    expect((await store.gatewayModel('gpt-4o'))?.quotaPerUnit).toBe(1000.5);
    expect(await store.gatewayModel('GPT-4o')).toBeNull();
    expect(await store.gatewayModel('gpt-4o ')).toBeNull();
  });

  it('write each create, change and delete to the audit with the key masked, and a change of nothing not at all', async () => {
    const made = await saved({ name: 'gpt-4o', upstream_key: KEY });
    const NEW_KEY = 'sk-ant-api03-ZYXWVUTSRQPONM';
    await store.updateModel({ id: made.id, upstream_key: NEW_KEY, enabled: false }, OWNER);
    // The same values again, the same key included: not a change.
    clock = NOW + 5;
    expect(
      await store.updateModel({ id: made.id, upstream_key: NEW_KEY, enabled: false }, OWNER),
    ).toMatchObject({ model: { updated_time: NOW } });
    expect(await store.removeModel(made.id, OWNER)).toBe(true);
    expect(await store.removeModel(made.id, OWNER)).toBe(false);
    const records = (await auditRecords()).reverse();
    expect(records.map((record) => [record.action, record.token_id, record.ip])).toEqual([
      ['model.create', null, '192.0.2.7'],
      ['model.update', null, '192.0.2.7'],
      ['model.delete', null, '192.0.2.7'],
    ]);
    expect(records[1]).toMatchObject({
      before: { upstream_key_masked: 'sk-…cdef', enabled: true },
      after: { upstream_key_masked: 'sk-…PONM', enabled: false },
    });
    expect(records[2]).toMatchObject({ before: { name: 'gpt-4o' }, after: null });
    const text = JSON.stringify(records);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(NEW_KEY);
    expect(await store.models()).toEqual([]);
  });

  it('are kept through a restart, the key still opened', async () => {
    await saved({ name: 'gpt-4o', upstream_key: KEY, input_price: 0.15 });
    store = await handle.reopen();
    expect(await store.gatewayModel('gpt-4o')).toMatchObject({
      model: { upstream_key: KEY, input_price: 0.15 },
    });
  });
});
