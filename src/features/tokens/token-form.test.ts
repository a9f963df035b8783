import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import type { Token } from '../../contract/token';
import { issueMessage, type FormIssue } from '../../lib/i18n/form-issues';
import { amountInOtherUnit } from './amount-text';
import { pickerToSeconds } from './expiry';
import {
  defaultFormValues,
  formFieldOfRefusal,
  TOKEN_FORM_MESSAGES,
  tokenFormResolverSchema,
  type TokenFormValues,
} from './token-form';

const now = () => 1_800_000_000;
const ratio = 500_000;
const schema = (loaded: Token | null = null) => tokenFormResolverSchema(ratio, loaded, now);
/** Checks a new token's values; each problem's message is the catalogue key the form shows. */
const check = (values: TokenFormValues) =>
  schema().safeParse(values, {
    error: (issue: FormIssue) => issueMessage(TOKEN_FORM_MESSAGES, issue),
  });
const loaded: Token = {
  id: 3,
  name: 'Staging',
  key: 'abcd**********wxyz',
  status: 1,
  remain_quota: 2_000_000,
  used_quota: 5,
  unlimited_quota: false,
  expired_time: 1_900_000_000,
  created_time: 1,
  accessed_time: 1,
  models: 'gpt-4o',
  subnet: '10.0.0.0/8',
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  next_reset_time: -1,
  rpm_limit: 0,
  previous_key_valid_until: null,
};

describe('the token form', () => {
  it('turns the defaults into a $1 token that never expires', () => {
    const result = schema().parse({ ...defaultFormValues(null, ratio), name: '  Backend  ' });
    expect(result.count).toBe(1);
    expect(result.edit).toEqual({
      name: 'Backend',
      remain_quota: 500_000,
      unlimited_quota: false,
      expired_time: -1,
      models: '',
      subnet: '',
      status: 1,
    });
    expect(result.lifecycle).toEqual({
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      rpm_limit: 0,
    });
  });

  it('converts units typed directly and quick expiry choices', () => {
    const values = {
      ...defaultFormValues(null, ratio),
      name: 'x',
      amount: '1,000,000',
      amountUnit: 'units' as const,
      expiry: '30d' as const,
    };
    expect(schema().parse(values).edit).toMatchObject({
      remain_quota: 1_000_000,
      expired_time: now() + 30 * 86_400,
    });
  });

  it('names the field and the bound for a name that is too long or blank', () => {
    const result = check({ ...defaultFormValues(null, ratio), name: 'x'.repeat(51) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'form.err.name' });
    expect(check({ ...defaultFormValues(null, ratio), name: '   ' }).success).toBe(false);
  });

  it('refuses negative, fractional-unit and unparseable quotas, but not when unlimited', () => {
    const base = { ...defaultFormValues(null, ratio), name: 'x' };
    expect(check({ ...base, amount: '-1' }).error?.issues[0]?.message).toBe('form.err.negative');
    expect(check({ ...base, amount: '1.5', amountUnit: 'units' }).error?.issues[0]?.message).toBe(
      'form.err.fraction',
    );
    expect(check({ ...base, amount: 'lots' }).error?.issues[0]?.message).toBe('form.err.amount');
    expect(check({ ...base, amount: 'lots', unlimited: true }).success).toBe(true);
  });

  it('asks for a future date when a custom expiry is chosen', () => {
    const base = { ...defaultFormValues(null, ratio), name: 'x', expiry: 'custom' as const };
    expect(check(base).error?.issues[0]?.message).toBe('form.err.expiryDate');
    expect(check({ ...base, expiryDate: '2000-01-01 00:00:00' }).error?.issues[0]?.message).toBe(
      'form.err.expiryPast',
    );
    const future = schema().parse({ ...base, expiryDate: '2030-06-01 12:00:00' });
    expect(future.edit.expired_time).toBe(pickerToSeconds('2030-06-01 12:00:00'));
  });

  it('fills from a loaded token and keeps its expiry and lists unless changed', () => {
    const values = defaultFormValues(loaded, ratio);
    expect(values).toMatchObject({
      name: 'Staging',
      amount: '4',
      expiry: 'keep',
      models: 'gpt-4o',
    });
    expect(schema(loaded).parse({ ...values, name: 'Renamed' }).edit).toEqual({
      name: 'Renamed',
      remain_quota: 2_000_000,
      unlimited_quota: false,
      expired_time: 1_900_000_000,
      models: 'gpt-4o',
      subnet: '10.0.0.0/8',
      status: 1,
    });
  });

  it('takes a count of 1 to 100 and leaves room in the name for the number', () => {
    const base = { ...defaultFormValues(null, ratio), name: 'Batch' };
    expect(schema().parse({ ...base, count: '3' }).count).toBe(3);
    for (const count of ['0', '101', 'x', '2.5']) {
      expect(check({ ...base, count }).error?.issues[0]).toMatchObject({
        path: ['count'],
        message: 'form.err.count',
      });
    }
    const longName = 'n'.repeat(48);
    expect(check({ ...base, name: longName, count: '100' }).error?.issues[0]?.message).toBe(
      'form.err.nameWithCount',
    );
    expect(check({ ...base, name: longName, count: '9' }).success).toBe(true);
  });

  it('routes a refusal to the field the server named', () => {
    const refusal = new ApiError('rejected', 'x', 400, 'remain_quota must be a whole number');
    expect(formFieldOfRefusal(refusal.concerning('name'))).toBe('name');
    expect(formFieldOfRefusal(refusal.concerning('remain_quota'))).toBe('amount');
    expect(formFieldOfRefusal(refusal.concerning('status'))).toBeNull();
    expect(formFieldOfRefusal(refusal)).toBeNull();
    expect(formFieldOfRefusal(new Error('The server refused'))).toBeNull();
  });

  it('saves an untouched quota exactly as stored, whatever the ratio rounds it to', () => {
    for (const quotaPerUnit of [1, 500_000, 7_300_000]) {
      for (const remain_quota of [0, 1, 3, 1_000_003, 123_456_789, 979_976_532_562_739]) {
        const token = { ...loaded, remain_quota };
        const values = { ...defaultFormValues(token, quotaPerUnit), name: 'Renamed' };
        const saved = tokenFormResolverSchema(quotaPerUnit, token, now).parse(values);
        expect(saved.edit.remain_quota, `${remain_quota} at ${quotaPerUnit}`).toBe(remain_quota);
      }
    }
  });

  it('shows enough decimals for one unit, and keeps the quantity when switching units', () => {
    const token = { ...loaded, remain_quota: 3 };
    const values = defaultFormValues(token, 7_300_000);
    expect(Number(values.amount)).toBeGreaterThan(0);
    const inUnits = amountInOtherUnit(values.amount, 'usd', 'units', 7_300_000, 3);
    expect(inUnits).toBe('3');
    expect(amountInOtherUnit('3', 'units', 'usd', 7_300_000, 3)).toBe(values.amount);
    // A changed figure is converted from what was typed.
    expect(amountInOtherUnit('2', 'usd', 'units', 500_000, 3)).toBe('1000000');
    expect(amountInOtherUnit('two', 'usd', 'units', 500_000, 3)).toBeNull();
  });

  it('takes a changed quota from what was typed', () => {
    const values = { ...defaultFormValues(loaded, ratio), amount: '4.000001' };
    expect(schema(loaded).parse(values).edit.remain_quota).toBe(2_000_001);
  });

  it('opens with the stored refill and rate limit, and gives them back unchanged', () => {
    const token = {
      ...loaded,
      quota_reset_period: 'daily' as const,
      quota_reset_amount: 2_000_001,
      rpm_limit: 60,
    };
    const values = defaultFormValues(token, ratio);
    expect(values).toMatchObject({ refill: 'daily', refillAmount: '4.000002', rpm: '60' });
    expect(schema(token).parse(values).lifecycle).toEqual({
      quota_reset_period: 'daily',
      quota_reset_amount: 2_000_001,
      rpm_limit: 60,
    });
  });

  it('reads no refill or rate limit where the server has neither', () => {
    const values = { ...defaultFormValues(null, ratio), name: 'x', refill: 'daily' as const };
    const result = tokenFormResolverSchema(ratio, null, now, false).parse({ ...values, rpm: 'x' });
    expect(result.lifecycle).toBeNull();
  });
});
