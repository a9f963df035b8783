import type { Token } from '../../../src/contract/token';
import {
  BATCH_MAX,
  NEVER,
  ORDER_FIELDS,
  PAGE_MAX,
  QUERY_TEXT_MAX,
  QUOTA_PER_UNIT_MAX,
  characters,
  SIZE_MAX,
  maskKey,
  normalizeKey,
  queryInt,
  validExpiry,
  validId,
  validListText,
  validName,
  validPathId,
  validQuota,
  type OrderField,
} from './rules';

/** A token as the model keeps it: status is the administrator's switch only. */
export type ModelToken = Omit<Token, 'status'> & { status: 1 | 2 };

/** What the service must answer: data on success; on failure a message, exact or naming fields. */
export type Outcome =
  | { status: 200; data: unknown }
  | { status: number; message: string }
  | { status: 400; mentions: string[] };

/** How a write's body is sent: as JSON, or in one of the ways the service must refuse. */
export type BodyFormat = 'json' | 'text' | 'broken' | 'array';

type OptionKey = 'QuotaPerUnit' | 'DisplayInCurrencyEnabled';

const ok = (data: unknown): Outcome => ({ status: 200, data });
const failure = (status: number, message: string): Outcome => ({ status, message });
const invalid = (mentions: string[]): Outcome => ({ status: 400, mentions });
const noSuchToken = (id: number) => failure(404, `no token has id ${id}`);
const badPathId = () => failure(400, 'id must be a positive integer');

const has = (body: object, field: string) => Object.hasOwn(body, field);
const field = (body: object, name: string): unknown => (body as Record<string, unknown>)[name];

/** The in-memory service of docs/api.md: every operation says what the answer must be. */
export class TokenModel {
  readonly tokens = new Map<number, ModelToken>();
  /** Ids of deleted tokens, oldest first: they must stay unknown. */
  readonly deleted: number[] = [];
  private readonly issuedKeys = new Set<string>();
  private lastId = 0;
  private readonly options: Record<OptionKey, string> = {
    QuotaPerUnit: '500000',
    DisplayInCurrencyEnabled: 'true',
  };

  constructor(public now: number) {}

  /** Ids in creation order; commands pick targets from them. */
  ids(): number[] {
    return [...this.tokens.keys()];
  }

  /** An id that was never handed out. */
  unusedId(offset: number): number {
    return this.lastId + 1 + offset;
  }

  returnedStatus(token: ModelToken): 1 | 2 | 3 | 4 {
    if (token.status === 2) return 2;
    if (token.expired_time !== NEVER && token.expired_time <= this.now) return 3;
    if (!token.unlimited_quota && token.remain_quota === 0) return 4;
    return 1;
  }

  view(token: ModelToken, key: 'whole' | 'masked'): Token {
    return {
      id: token.id,
      name: token.name,
      key: key === 'whole' ? token.key : maskKey(token.key),
      status: this.returnedStatus(token),
      remain_quota: token.remain_quota,
      used_quota: token.used_quota,
      unlimited_quota: token.unlimited_quota,
      expired_time: token.expired_time,
      created_time: token.created_time,
      accessed_time: token.accessed_time,
      models: token.models,
      subnet: token.subnet,
    };
  }

  /** A valid create is answered with a new key the model cannot know: `accept` records it. */
  create(
    format: BodyFormat,
    body: unknown,
  ): { refusal: Outcome } | { accept: (key: string) => Token } {
    const refused = bodyRefusal(format, body);
    if (refused) return { refusal: refused };
    const input = body as object;
    const problems: string[] = [];
    const name = validName(field(input, 'name'));
    if (name === null) problems.push('name');
    const optional = <T>(name: string, valid: (value: unknown) => value is T, fallback: T): T => {
      if (!has(input, name)) return fallback;
      const value = field(input, name);
      if (valid(value)) return value;
      problems.push(name);
      return fallback;
    };
    const remain_quota = optional('remain_quota', validQuota, 0);
    const expired_time = optional('expired_time', validExpiry, NEVER);
    const unlimited_quota = optional('unlimited_quota', isBoolean, false);
    const models = optional('models', validListText, '');
    const subnet = optional('subnet', validListText, '');
    if (problems.length > 0 || name === null) return { refusal: invalid(problems) };
    const fields = { name, remain_quota, expired_time, unlimited_quota, models, subnet };
    return {
      accept: (key) => {
        this.lastId += 1;
        this.issuedKeys.add(key);
        const token: ModelToken = {
          id: this.lastId,
          ...fields,
          key,
          status: 1,
          used_quota: 0,
          created_time: this.now,
          accessed_time: this.now,
        };
        this.tokens.set(token.id, token);
        return this.view(token, 'whole');
      },
    };
  }

  /** Keys are never handed out twice, not even after their token is deleted. */
  keyIssued(key: string): boolean {
    return this.issuedKeys.has(key);
  }

  get(rawId: string): Outcome {
    const id = validPathId(rawId);
    if (id === null) return badPathId();
    const token = this.tokens.get(id);
    return token ? ok(this.view(token, 'masked')) : noSuchToken(id);
  }

  reveal(rawId: string): Outcome {
    const id = validPathId(rawId);
    if (id === null) return badPathId();
    const token = this.tokens.get(id);
    return token ? ok({ key: token.key }) : noSuchToken(id);
  }

  remove(rawId: string): Outcome {
    const id = validPathId(rawId);
    if (id === null) return badPathId();
    if (!this.forget(id)) return noSuchToken(id);
    return ok({ id });
  }

  removeMany(format: BodyFormat, body: unknown): Outcome {
    const refused = bodyRefusal(format, body);
    if (refused) return refused;
    const ids = field(body as object, 'ids');
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > BATCH_MAX || !ids.every(validId)) {
      return invalid(['ids']);
    }
    let removed = 0;
    for (const id of new Set(ids)) if (this.forget(id)) removed += 1;
    return ok(removed);
  }

  update(statusOnlyParam: string | undefined, format: BodyFormat, body: unknown): Outcome {
    const statusOnly = parseStatusOnly(statusOnlyParam);
    if (statusOnly === null) return invalid(['status_only']);
    const refused = bodyRefusal(format, body);
    if (refused) return refused;
    const input = body as object;
    const problems: string[] = [];
    const id = field(input, 'id');
    if (!validId(id)) problems.push('id');
    const patch: Partial<ModelToken> = {};
    const take = (name: keyof ModelToken, valid: (value: unknown) => boolean, value: unknown) => {
      if (valid(value)) Object.assign(patch, { [name]: value });
      else problems.push(name);
    };
    if (statusOnly) {
      // The status-only form reads id and status and nothing else.
      take('status', isWrittenStatus, field(input, 'status'));
    } else {
      for (const [name, valid] of PATCHABLE) {
        if (!has(input, name)) continue;
        const value = field(input, name);
        if (name === 'name') take(name, (v) => validName(v) !== null, value);
        else take(name, valid, value);
      }
      if (patch.name !== undefined) patch.name = patch.name.trim();
    }
    if (problems.length > 0 || !validId(id)) return invalid(problems);
    const token = this.tokens.get(id);
    if (!token) return noSuchToken(id);
    if (patch.status !== undefined) patch.status = patch.status === 2 ? 2 : 1;
    const next: ModelToken = { ...token, ...patch };
    if (patch.status === 1 && token.status === 2) {
      if (next.expired_time !== NEVER && next.expired_time <= this.now) {
        return failure(400, 'expired: change the expiry first');
      }
      if (!next.unlimited_quota && next.remain_quota === 0) {
        return failure(400, 'exhausted: add quota or make it unlimited first');
      }
    }
    this.tokens.set(id, next);
    return ok(this.view(next, 'masked'));
  }

  list(params: Record<string, string>): Outcome {
    const problems: string[] = [];
    const p = queryInt(params.p, 1, PAGE_MAX, 1);
    if (p === null) problems.push('p');
    const size = queryInt(params.size, 1, SIZE_MAX, 10);
    if (size === null) problems.push('size');
    const status = params.status ?? '';
    if (!['', '1', '2', '3', '4'].includes(status)) problems.push('status');
    const order = params.order || '-id';
    const field = order.startsWith('-') ? order.slice(1) : order;
    if (!(ORDER_FIELDS as readonly string[]).includes(field)) problems.push('order');
    const filterProblems = this.filterProblems(params);
    problems.push(...filterProblems);
    if (problems.length > 0 || p === null || size === null) return invalid(problems);

    const matching = this.matching(params).filter(
      (token) => status === '' || this.returnedStatus(token) === Number(status),
    );
    matching.sort(comparator(field as OrderField, order.startsWith('-')));
    const items = matching
      .slice((p - 1) * size, p * size)
      .map((token) => this.view(token, 'masked'));
    return ok({ items, total: matching.length, page: p, page_size: size });
  }

  summary(params: Record<string, string>): Outcome {
    const problems = this.filterProblems(params);
    if (problems.length > 0) return invalid(problems);
    const matching = this.matching(params);
    const counted = (status: number) =>
      matching.filter((token) => this.returnedStatus(token) === status).length;
    const limited = matching.filter((token) => !token.unlimited_quota);
    return ok({
      total: matching.length,
      enabled: counted(1),
      disabled: counted(2),
      expired: counted(3),
      exhausted: counted(4),
      unlimited: matching.length - limited.length,
      // Exact, then rounded once: a JSON number holds no more.
      remain_quota: Number(limited.reduce((sum, token) => sum + BigInt(token.remain_quota), 0n)),
    });
  }

  getOptions(): Outcome {
    return ok(this.optionList());
  }

  putOption(format: BodyFormat, body: unknown): Outcome {
    const refused = bodyRefusal(format, body);
    if (refused) return refused;
    const key = field(body as object, 'key');
    const value = field(body as object, 'value');
    if (key === 'QuotaPerUnit') {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN;
      if (!(Number.isFinite(number) && number > 0 && number <= QUOTA_PER_UNIT_MAX)) {
        return invalid(['value']);
      }
      this.options.QuotaPerUnit = String(number);
    } else if (key === 'DisplayInCurrencyEnabled') {
      if (![true, false, 'true', 'false'].includes(value as string)) return invalid(['value']);
      this.options.DisplayInCurrencyEnabled = String(value);
    } else {
      return invalid(['key']);
    }
    return ok(this.optionList());
  }

  /** /api/status without its version, which the model does not know. */
  status(): { quota_per_unit: number; display_in_currency: boolean } {
    return {
      quota_per_unit: Number(this.options.QuotaPerUnit),
      display_in_currency: this.options.DisplayInCurrencyEnabled === 'true',
    };
  }

  private forget(id: number): boolean {
    if (!this.tokens.delete(id)) return false;
    this.deleted.push(id);
    return true;
  }

  private optionList() {
    return (['QuotaPerUnit', 'DisplayInCurrencyEnabled'] as const).map((key) => ({
      key,
      value: this.options[key],
    }));
  }

  private filterProblems(params: Record<string, string>): string[] {
    return (['keyword', 'token'] as const).filter(
      (name) => characters(params[name] ?? '') > QUERY_TEXT_MAX,
    );
  }

  /** Tokens whose name contains the keyword, ignoring case, and whose key is the one given. */
  private matching(params: Record<string, string>): ModelToken[] {
    const keyword = (params.keyword ?? '').trim().toLowerCase();
    const key = normalizeKey(params.token ?? '');
    return [...this.tokens.values()].filter(
      (token) =>
        (keyword === '' || token.name.toLowerCase().includes(keyword)) &&
        (key === '' || token.key === key),
    );
  }
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** 1 or 2, or the 3 and 4 an enabled token reads as, which mean 1. */
const isWrittenStatus = (value: unknown): value is 1 | 2 | 3 | 4 =>
  value === 1 || value === 2 || value === 3 || value === 4;

/** A token that never expires comes after every date. */
const expirySortKey = (expiry: number) => (expiry === NEVER ? Infinity : expiry);

const PATCHABLE: [keyof ModelToken, (value: unknown) => boolean][] = [
  ['name', () => true],
  ['remain_quota', validQuota],
  ['expired_time', validExpiry],
  ['unlimited_quota', isBoolean],
  ['status', isWrittenStatus],
  ['models', validListText],
  ['subnet', validListText],
];

function parseStatusOnly(param: string | undefined): boolean | null {
  if (param === undefined || param === '' || param === 'false' || param === '0') return false;
  if (param === 'true' || param === '1') return true;
  return null;
}

function bodyRefusal(format: BodyFormat, body: unknown): Outcome | null {
  if (format === 'text') {
    return failure(415, 'body must be JSON: send it with Content-Type: application/json');
  }
  if (format === 'broken') return failure(400, 'body is not valid JSON');
  if (format === 'array' || typeof body !== 'object' || body === null || Array.isArray(body)) {
    return failure(400, 'body must be a JSON object');
  }
  return null;
}

/** SQLite's NOCASE: ASCII letters folded, everything else compared byte by byte in UTF-8. */
const nocaseBytes = (text: string) =>
  Buffer.from(
    text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
    'utf8',
  );

/** "Never" expires after every date. */
const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

function comparator(field: OrderField, descending: boolean) {
  const sign = descending ? -1 : 1;
  const compareField = (a: ModelToken, b: ModelToken): number => {
    switch (field) {
      case 'id':
        return 0;
      case 'name':
        return Buffer.compare(nocaseBytes(a.name), nocaseBytes(b.name));
      case 'expired_time':
        return compareNumbers(expirySortKey(a.expired_time), expirySortKey(b.expired_time));
      default:
        return compareNumbers(a[field], b[field]);
    }
  };
  // Ties are broken by id, in the same direction.
  return (a: ModelToken, b: ModelToken) => sign * (compareField(a, b) || a.id - b.id);
}
