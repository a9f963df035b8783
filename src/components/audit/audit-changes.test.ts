import { describe, expect, it } from 'vitest';
import { recordedToken, sampleRecord } from '../../test-support/sample-audit';
import { auditShown, tokenNameOf } from './audit-changes';

describe('what an audit record shows', () => {
  it('names only the fields a change made differ', () => {
    const before = recordedToken({ remain_quota: 1_000_000, used_quota: 300 });
    const after = { ...before, remain_quota: 2_500_000, rpm_limit: 60 };
    expect(auditShown(sampleRecord({ id: 1, action: 'token.update', before, after }))).toEqual({
      kind: 'changes',
      subject: 'token',
      changes: [
        { field: 'remain_quota', before: 1_000_000, after: 2_500_000 },
        { field: 'rpm_limit', before: 0, after: 60 },
      ],
    });
  });

  it('leaves out what changes by itself (the next refill, the last use)', () => {
    const before = recordedToken({ next_reset_time: 10, accessed_time: 5 });
    const after = { ...before, next_reset_time: 99, accessed_time: 50 };
    expect(auditShown(sampleRecord({ id: 1, action: 'token.update', before, after }))).toEqual({
      kind: 'changes',
      subject: 'token',
      changes: [],
    });
  });

  it('shows a rotation as the masked key before and after', () => {
    const before = recordedToken({ key: 'abcd**********wxyz' });
    const after = { ...before, key: 'efgh**********stuv' };
    expect(
      auditShown(sampleRecord({ id: 1, action: 'token.rotate', before, after })),
    ).toMatchObject({
      changes: [{ field: 'key', before: 'abcd**********wxyz', after: 'efgh**********stuv' }],
    });
  });

  it('shows a new token’s main fields, and the others only where they are not the defaults', () => {
    const after = recordedToken({ remain_quota: 500_000, models: 'gpt-4o', rpm_limit: 0 });
    expect(auditShown(sampleRecord({ id: 1, action: 'token.create', after }))).toEqual({
      kind: 'values',
      subject: 'token',
      fields: [
        { field: 'name', value: 'Support bot' },
        { field: 'remain_quota', value: 500_000 },
        { field: 'expired_time', value: -1 },
        { field: 'models', value: 'gpt-4o' },
      ],
    });
  });

  it('says "unlimited" of a new unlimited token rather than its unenforced figure', () => {
    const after = recordedToken({ unlimited_quota: true, remain_quota: 123 });
    const shown = auditShown(sampleRecord({ id: 1, action: 'token.create', after }));
    expect(shown).toMatchObject({
      fields: expect.arrayContaining([{ field: 'unlimited_quota', value: true }]),
    });
    expect(shown).not.toMatchObject({
      fields: expect.arrayContaining([{ field: 'remain_quota', value: 123 }]),
    });
  });

  it('shows what a deleted token was', () => {
    const before = recordedToken({ remain_quota: 400, used_quota: 100 });
    expect(auditShown(sampleRecord({ id: 1, action: 'token.delete', before }))).toEqual({
      kind: 'values',
      subject: 'token',
      fields: [
        { field: 'name', value: 'Support bot' },
        { field: 'status', value: 1 },
        { field: 'remain_quota', value: 400 },
        { field: 'used_quota', value: 100 },
        { field: 'expired_time', value: -1 },
      ],
    });
  });

  it('says a key was revealed, whatever the record holds', () => {
    const token = recordedToken();
    expect(
      auditShown(sampleRecord({ id: 1, action: 'token.reveal', before: token, after: token })),
    ).toEqual({ kind: 'revealed' });
  });

  it('reads an option by its key, and an admin key by its name and role', () => {
    expect(
      auditShown(
        sampleRecord({
          id: 1,
          action: 'option.update',
          token_id: null,
          before: { key: 'QuotaPerUnit', value: '500000' },
          after: { key: 'QuotaPerUnit', value: '1000000' },
        }),
      ),
    ).toEqual({
      kind: 'changes',
      subject: 'option',
      changes: [{ field: 'QuotaPerUnit', before: '500000', after: '1000000' }],
    });
    const adminKey = {
      id: 3,
      name: 'Support desk',
      role: 'operator',
      key: 'ab**cd',
      created_time: 1,
    };
    expect(
      auditShown(
        sampleRecord({ id: 1, action: 'admin_key.create', token_id: null, after: adminKey }),
      ),
    ).toEqual({
      kind: 'values',
      subject: 'admin_key',
      fields: [
        { field: 'name', value: 'Support desk' },
        { field: 'role', value: 'operator' },
      ],
    });
  });

  it('shows a model’s fields, its key only masked, and not the times that change by themselves', () => {
    const before = {
      id: 2,
      name: 'gpt-4o',
      upstream_url: 'https://api.openai.com/v1',
      upstream_model: 'gpt-4o',
      upstream_key_masked: 'sk-…a1b2',
      input_price: 2.5,
      output_price: 10,
      cached_input_price: 1.25,
      max_output_tokens: 4096,
      stream_usage: true,
      enabled: true,
      created_time: 1,
      updated_time: 1,
    };
    const after = { ...before, upstream_key_masked: 'sk-…c3d4', enabled: false, updated_time: 9 };
    const change = { id: 1, token_id: null, before, after };
    expect(auditShown(sampleRecord({ ...change, action: 'model.update' }))).toEqual({
      kind: 'changes',
      subject: 'model',
      changes: [
        { field: 'upstream_key_masked', before: 'sk-…a1b2', after: 'sk-…c3d4' },
        { field: 'enabled', before: true, after: false },
      ],
    });
    const created = auditShown(
      sampleRecord({ id: 1, action: 'model.create', token_id: null, after: before }),
    );
    expect(created).toMatchObject({ kind: 'values', subject: 'model' });
    expect(created.kind === 'values' && created.fields.map((f) => f.field)).toEqual([
      'name',
      'upstream_url',
      'upstream_model',
      'upstream_key_masked',
      'input_price',
      'output_price',
      'cached_input_price',
      'max_output_tokens',
      'stream_usage',
      'enabled',
    ]);
  });

  it('finds the token’s name after the change, or before it once deleted', () => {
    expect(tokenNameOf({ before: { name: 'Old' }, after: { name: 'New' } })).toBe('New');
    expect(tokenNameOf({ before: { name: 'Gone' }, after: null })).toBe('Gone');
    expect(tokenNameOf({ before: null, after: null })).toBeNull();
  });
});
