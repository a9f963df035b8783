/**
 * LiteLLM's LiteLLM_VerificationToken table as the emulator keeps it: one row per virtual key,
 * known by `token`, the SHA-256 hex of the whole key. The whole key is never stored.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A key's row, with the fields the dashboard reads and a few it must send back untouched. */
export interface StoredKey {
  token: string;
  key_name: string | null;
  key_alias: string | null;
  spend: number;
  max_budget: number | null;
  expires: string | null;
  models: string[];
  aliases: Record<string, unknown>;
  config: Record<string, unknown>;
  user_id: string | null;
  team_id: string | null;
  permissions: Record<string, unknown>;
  max_parallel_requests: number | null;
  metadata: Record<string, unknown>;
  blocked: boolean | null;
  tpm_limit: number | null;
  rpm_limit: number | null;
  budget_duration: string | null;
  budget_reset_at: string | null;
  allowed_cache_controls: string[];
  model_spend: Record<string, unknown>;
  model_max_budget: Record<string, unknown>;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  last_active: string | null;
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key as LiteLLM makes one: sk- and 16 random bytes, URL-safe base64. */
export const newKey = () => `sk-${randomBytes(16).toString('base64url')}`;

/** The name LiteLLM keeps of a key to show it by: sk-... and its last 4 characters. */
export const keyName = (key: string) => `sk-...${key.slice(-4)}`;

export const isoTime = (milliseconds: number) => new Date(milliseconds).toISOString();

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400, w: 604_800 };

/** duration_in_seconds: "30s", "5m", "12h", "30d", "2w", "1mo" (to the same day next month). */
export function durationSeconds(duration: string, now: number): number | null {
  const match = /^(\d+)(s|m|h|d|w|mo)$/.exec(duration.trim());
  if (!match) return null;
  const count = Number(match[1]);
  if (match[2] !== 'mo') return count * (UNITS[match[2]!] ?? 0);
  const date = new Date(now);
  const later = Date.UTC(
    date.getUTCFullYear(),
    date.getUTCMonth() + count,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  return Math.round((later - now) / 1000);
}

/**
 * When a budget next resets, in UTC as LiteLLM's standardized reset times: a day at midnight,
 * 7 days on Monday, 30 days or a month on the 1st; any other duration from now.
 */
export function budgetResetAt(duration: string, now: number): string | null {
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  const date = new Date(now);
  switch (duration.trim()) {
    case '1d':
    case '24h':
      return isoTime(day + 86_400_000);
    case '7d':
    case '1w':
      return isoTime(day + ((8 - new Date(day).getUTCDay()) % 7 || 7) * 86_400_000);
    case '30d':
    case '1mo':
      return isoTime(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  }
  const seconds = durationSeconds(duration, now);
  return seconds === null ? null : isoTime(now + seconds * 1000);
}

/** A row with LiteLLM's defaults for what `fields` leaves out. */
export function keyRow(key: string, fields: Partial<StoredKey>, now: number): StoredKey {
  const time = isoTime(now);
  return {
    token: hashKey(key),
    key_name: keyName(key),
    key_alias: null,
    spend: 0,
    max_budget: null,
    expires: null,
    models: [],
    aliases: {},
    config: {},
    user_id: null,
    team_id: null,
    permissions: {},
    max_parallel_requests: null,
    metadata: {},
    blocked: null,
    tpm_limit: null,
    rpm_limit: null,
    budget_duration: null,
    budget_reset_at: null,
    allowed_cache_controls: [],
    model_spend: {},
    model_max_budget: {},
    created_at: time,
    created_by: 'default_user_id',
    updated_at: time,
    updated_by: 'default_user_id',
    last_active: null,
    ...fields,
  };
}

/** Every key, by hash, in the order they were made. */
export class KeyStore {
  private rows = new Map<string, StoredKey>();

  all(): StoredKey[] {
    return [...this.rows.values()];
  }

  /** The row of a key given whole (sk-…) or by its hash, as every route takes it. */
  find(keyOrHash: string): StoredKey | undefined {
    return this.rows.get(keyOrHash.startsWith('sk-') ? hashKey(keyOrHash) : keyOrHash);
  }

  put(row: StoredKey): void {
    this.rows.set(row.token, row);
  }

  remove(hash: string): boolean {
    return this.rows.delete(hash);
  }

  clear(): void {
    this.rows.clear();
  }
}
