import { describe, expect, it } from 'vitest';
import type { Token } from '../../contract/token';
import { tokensToCsv, tokensToJson } from './export-format';

const key = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefghijkl';
const token: Token = {
  id: 9,
  name: '=cmd, "quoted"',
  key,
  status: 4,
  remain_quota: 0,
  used_quota: 1_000_000,
  unlimited_quota: false,
  expired_time: -1,
  created_time: 1_700_000_000,
  accessed_time: 1_700_000_000,
  models: '',
  subnet: '',
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  next_reset_time: -1,
  rpm_limit: 0,
  previous_key_valid_until: null,
};

describe('export', () => {
  it('writes CSV with a header, masked keys and defused formulas', () => {
    const csv = tokensToCsv([token], 500_000);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'id,name,key,status,remain_quota,remain_usd,used_quota,used_usd,unlimited_quota,expires_at,created_at,last_used_at,models,subnet',
    );
    expect(row).toBe(
      `9,"'=cmd, ""quoted""",sk-AbCd**********ijkl,exhausted,0,0,1000000,2,false,never,2023-11-14T22:13:20.000Z,,,`,
    );
    expect(csv).not.toContain(key);
  });

  it('writes JSON with masked keys only', () => {
    const json = tokensToJson([token], 500_000);
    expect(json).not.toContain(key);
    expect(JSON.parse(json)[0]).toMatchObject({ id: 9, key: 'sk-AbCd**********ijkl', used_usd: 2 });
  });
});
