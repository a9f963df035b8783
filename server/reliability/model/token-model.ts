import { AuditTrail } from './audit-trail';
import { OptionModel } from './option-model';
import { type Token } from '../../../src/contract/token';
import { TOTAL_CAP } from '../../../src/contract/token-page';
import { createFields, updatePatch } from './bodies';
import { comparator } from './ordering';
import { refillDue } from './refills';
import type { BodyFormat, Outcome } from './outcomes';
import { badPathId, bodyRefusal, failure, field, invalid, noSuchToken, ok } from './outcomes';
import {
  BATCH_MAX,
  NEVER,
  ORDER_FIELDS,
  PAGE_MAX,
  QUERY_TEXT_MAX,
  characters,
  SIZE_MAX,
  maskKey,
  nextReset,
  normalizeKey,
  parseStatusOnly,
  queryInt,
  validId,
  validPathId,
  type OrderField,
} from './rules';

/**
 * A token as the model keeps it: status is the administrator's switch only, and the end of its
 * previous key's grace is kept even once past (0 before any rotation).
 */
export type ModelToken = Omit<Token, 'status' | 'previous_key_valid_until'> & {
  status: 1 | 2;
  previous_key_valid_until: number;
};

/** The in-memory service of docs/api.md: every operation says what the answer must be. */
export class TokenModel {
  /** The audit records of the accepted changes not yet compared with the service's. */
  readonly audit = new AuditTrail();
  readonly options = new OptionModel(this.audit);
  readonly tokens = new Map<number, ModelToken>();
  /** Ids of deleted tokens, oldest first: they must stay unknown. */
  readonly deleted: number[] = [];
  private readonly issuedKeys = new Set<string>();
  private lastId = 0;

  constructor(public now: number) {}

  /** Time passes; tokens whose refill is now due are refilled (refills.ts). How many were. */
  advance(seconds: number): number {
    this.now += seconds;
    return refillDue(this.tokens.values(), this.now);
  }

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
    const shown = key === 'whole' ? token.key : maskKey(token.key);
    const until = token.previous_key_valid_until;
    return {
      ...token,
      key: shown,
      status: this.returnedStatus(token),
      previous_key_valid_until: until > this.now ? until : null,
    };
  }

  /** A valid create is answered with a new key the model cannot know: `accept` records it. */
  create(
    format: BodyFormat,
    body: unknown,
  ): { refusal: Outcome } | { accept: (key: string) => Token } {
    const refused = bodyRefusal(format, body);
    if (refused) return { refusal: refused };
    const checked = createFields(body as object);
    if ('problems' in checked) return { refusal: invalid(checked.problems) };
    const { fields } = checked;
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
          next_reset_time: nextReset(fields.quota_reset_period, this.now),
          previous_key_valid_until: 0,
        };
        this.tokens.set(token.id, token);
        const after = this.view(token, 'masked');
        this.audit.record({ action: 'token.create', token_id: token.id, before: null, after });
        return this.view(token, 'whole');
      },
    };
  }

  /** Records a key handed out other than by a create (a rotation). */
  issue(key: string): void {
    this.issuedKeys.add(key);
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
    if (!token) return noSuchToken(id);
    const seen = this.view(token, 'masked');
    this.audit.record({ action: 'token.reveal', token_id: id, before: seen, after: seen });
    return ok({ key: token.key });
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
    const checked = updatePatch(body as object, statusOnly);
    if ('problems' in checked) return invalid(checked.problems);
    const { id, patch } = checked;
    const token = this.tokens.get(id);
    if (!token) return noSuchToken(id);
    // 3 and 4, what a switched-on token reads as, leave the switch as it is.
    const sent: number | undefined = patch.status;
    if (sent === 3 || sent === 4) delete patch.status;
    const next: ModelToken = { ...token, ...patch };
    if (next.quota_reset_period !== token.quota_reset_period) {
      next.next_reset_time = nextReset(next.quota_reset_period, this.now);
    }
    if (patch.status === 1) {
      if (next.expired_time !== NEVER && next.expired_time <= this.now) {
        return failure(400, 'expired: change the expiry first');
      }
      if (!next.unlimited_quota && next.remain_quota === 0) {
        return failure(400, 'exhausted: add quota or make it unlimited first');
      }
    }
    this.tokens.set(id, next);
    const after = this.view(next, 'masked');
    this.audit.record({
      action: 'token.update',
      token_id: id,
      before: this.view(token, 'masked'),
      after,
    });
    return ok(after);
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
    // A filtered list counts up to TOTAL_CAP matches; the whole list's total is exact.
    const filtered =
      (params.keyword ?? '').trim() !== '' ||
      normalizeKey(params.token ?? '') !== '' ||
      status !== '';
    const capped = filtered && matching.length > TOTAL_CAP;
    return ok({
      items,
      total: capped ? TOTAL_CAP : matching.length,
      total_capped: capped,
      page: p,
      page_size: size,
    });
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

  private forget(id: number): boolean {
    const token = this.tokens.get(id);
    if (!token) return false;
    this.audit.record({
      action: 'token.delete',
      token_id: id,
      before: this.view(token, 'masked'),
      after: null,
    });
    this.tokens.delete(id);
    this.deleted.push(id);
    return true;
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
