import {
  maskKey,
  NEVER,
  TokenStatus,
  type Token,
  type TokenStatusCode,
} from '../../contract/token';
import { toCsv } from '../../lib/csv';

/** The contract's name for each status, as exported files spell it. */
const STATUS_WORDS = Object.fromEntries(
  Object.entries(TokenStatus).map(([word, code]) => [code, word]),
) as Record<TokenStatusCode, keyof typeof TokenStatus>;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** An exported token: the key masked whatever the server sent, times in ISO 8601. */
export function exportRecord(token: Token, quotaPerUnit: number) {
  const masked = token.key.includes('*') ? token.key : maskKey(token.key);
  return {
    id: token.id,
    name: token.name,
    key: `sk-${masked}`,
    status: STATUS_WORDS[token.status],
    remain_quota: token.remain_quota,
    remain_usd: Number((token.remain_quota / quotaPerUnit).toFixed(6)),
    used_quota: token.used_quota,
    used_usd: Number((token.used_quota / quotaPerUnit).toFixed(6)),
    unlimited_quota: token.unlimited_quota,
    expires_at: token.expired_time === NEVER ? 'never' : iso(token.expired_time),
    created_at: iso(token.created_time),
    last_used_at: token.accessed_time > token.created_time ? iso(token.accessed_time) : '',
    models: token.models,
    subnet: token.subnet,
  };
}

export function tokensToCsv(tokens: Token[], quotaPerUnit: number): string {
  const records = tokens.map((token) => exportRecord(token, quotaPerUnit));
  const header = Object.keys(exportRecord(EXAMPLE, 1));
  return toCsv(
    header,
    records.map((record) => Object.values(record)),
  );
}

export function tokensToJson(tokens: Token[], quotaPerUnit: number): string {
  return `${JSON.stringify(
    tokens.map((token) => exportRecord(token, quotaPerUnit)),
    null,
    2,
  )}\n`;
}

const EXAMPLE: Token = {
  id: 0,
  name: '',
  key: '',
  status: TokenStatus.enabled,
  remain_quota: 0,
  used_quota: 0,
  unlimited_quota: false,
  expired_time: NEVER,
  created_time: 0,
  accessed_time: 0,
  models: '',
  subnet: '',
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  next_reset_time: NEVER,
  rpm_limit: 0,
  previous_key_valid_until: null,
};

/** Hands a file to the browser's downloads. */
export function download(filename: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
