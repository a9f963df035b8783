/** The tokens both gateways store, and what every emulator is started with and hands back. */
import type { LogSeed } from './log-store';

export type { LogSeed } from './log-store';

/** Token status values of both gateways. */
export const TOKEN_STATUS = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;

/** Fields every gateway token has, in the order the gateways serialise them. */
export interface BaseToken {
  id: number;
  user_id: number;
  /** 48 characters [0-9A-Za-z], stored without `sk-`. */
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  /** Unix seconds; -1 means never. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  used_quota: number;
}

/** one-api's token: `models` and `subnet` are nullable (`*string` in Go). */
export interface OneApiToken extends BaseToken {
  models: string | null;
  subnet: string | null;
}

/** new-api's token: it has no `models`/`subnet`, but these instead. */
export interface NewApiToken extends BaseToken {
  model_limits_enabled: boolean;
  /** Comma-separated model names. */
  model_limits: string;
  /** One IP or CIDR per line; nullable (`*string` in Go). */
  allow_ips: string | null;
  group: string;
  cross_group_retry: boolean;
}

export type StoredToken = OneApiToken | NewApiToken;

/** The fields from `id` to `unlimited_quota`, which both gateways write first and in this order. */
export function leadingFields(token: BaseToken, key = token.key) {
  return {
    id: token.id,
    user_id: token.user_id,
    key,
    status: token.status,
    name: token.name,
    created_time: token.created_time,
    accessed_time: token.accessed_time,
    expired_time: token.expired_time,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
  };
}

/** The fields a gateway's token has beyond those both have. */
export type OwnFields<T extends BaseToken> = Omit<T, keyof BaseToken>;

export interface EmulatorHandle<T extends BaseToken = StoredToken> {
  /** e.g. `http://127.0.0.1:3001` (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
  /** A deep copy of every stored token (all users), whole keys, ordered by id. */
  tokens(): T[];
  /** Stores tokens as given, filling what is left out; returns copies of what was stored. */
  seed(tokens: Partial<T>[]): T[];
  /**
   * Adds consume logs (or of `seed.type`) as if requests had been relayed through a token, for
   * the usage figures read from /api/log/self; returns how many. Tens of thousands are cheap.
   */
  addLogs(seed: LogSeed): number;
  /** Forgets every token, log and rate-limit count: a fresh start at the same address. */
  reset(): void;
}

/** `false` turns a limiter off. */
export type RateLimitOption = { max: number; windowMs: number } | false;

/** Options both emulators understand. */
export interface CommonEmulatorOptions {
  /** 0 or absent: a free port. Always listens on 127.0.0.1. */
  port?: number;
  /** The access token (system token) the dashboard must send. */
  accessToken: string;
  /** Global limit on /api routes per client address (Gin's GlobalAPIRateLimit). */
  rateLimit?: RateLimitOption;
  /**
   * How an /api path with no route answers. `relay` (default) is what the real gateways do
   * (their NoRoute handler: 404 `{"error":{"message":"Invalid URL (POST /api/x)",...}}`);
   * `gin` is bare Gin's plain-text `404 page not found`.
   */
  notFound?: 'relay' | 'gin';
  /**
   * false (default): enabling (status 1) a token that is not enabled now is refused when its
   * expired_time has passed or its quota is used up. true: exactly the gateways' rule, which
   * also needs the stored status to be 3 (expired) / 4 (exhausted).
   */
  realEnableRule?: boolean;
  /** Clock in milliseconds, for tests; defaults to Date.now. */
  now?: () => number;
  /** Overrides `data.version` of /api/status. */
  version?: string;
}

/** Whole seconds, as the gateways' common.GetTimestamp(). */
export function seconds(now: () => number): number {
  return Math.floor(now() / 1000);
}
