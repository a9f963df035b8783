import { describe, expect, it } from 'vitest';
import { describeIssues, issueField } from './envelope';
import { TOKEN_WRITE_FIELDS, tokenCreateSchema, tokenUpdateSchema } from './token';

const problems = (schema: typeof tokenUpdateSchema | typeof tokenCreateSchema, body: object) => {
  const result = schema.safeParse(body);
  if (result.success) throw new Error('expected a refusal');
  return describeIssues(result.error);
};

describe('the field a refusal names', () => {
  it('is read back from every message the service writes about a bad field', () => {
    const bad: Record<(typeof TOKEN_WRITE_FIELDS)[number], unknown> = {
      name: 'x'.repeat(51),
      remain_quota: -1,
      expired_time: 1.5,
      unlimited_quota: 'yes',
      models: 'a\u0007b',
      subnet: 7,
      status: 9,
      quota_reset_period: 'yearly',
      quota_reset_amount: -5,
      rpm_limit: 1_000_001,
    };
    for (const field of TOKEN_WRITE_FIELDS) {
      const message = problems(tokenUpdateSchema, { id: 1, [field]: bad[field] });
      expect(issueField(message, TOKEN_WRITE_FIELDS), message).toBe(field);
    }
  });

  it('is the first problem’s when there are several, and none for other fields', () => {
    const message = problems(tokenCreateSchema, { name: '', remain_quota: -1 });
    expect(message).toMatch(/^name .*; remain_quota /);
    expect(issueField(message, TOKEN_WRITE_FIELDS)).toBe('name');
    expect(issueField(problems(tokenUpdateSchema, { id: 0 }), TOKEN_WRITE_FIELDS)).toBeNull();
    expect(issueField('Invalid JSON body', TOKEN_WRITE_FIELDS)).toBeNull();
    expect(issueField('names must be unique', TOKEN_WRITE_FIELDS)).toBeNull();
  });
});
