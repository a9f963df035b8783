import type fc from 'fast-check';
import { expect } from 'vitest';
import type { ExpiryRef, IdRef, KeyRef, KeywordRef, ListParams } from './arbitraries';
import { expectAnswer, jsonText, query, send, type Answer, type Real } from './exchange';
import type { BodyFormat } from './outcomes';
import { bodyText, pathId, resolveId, resolveKey, resolveKeyword } from './refs';
import type { ExpectedAudit } from './audit-trail';
import type { TokenModel } from './token-model';
import type { AuditPage, AuditRecord } from '../../../src/contract/audit';

export type Command = fc.AsyncCommand<TokenModel, Real>;

/** Every command may run in any state: targets are resolved against the model when it runs. */
export abstract class ModelCommand<Spec> implements Command {
  constructor(readonly spec: Spec) {}
  check(): boolean {
    return true;
  }
  /** Whether the command may change data (or reveal a key): its audit is checked after it. */
  protected readonly writes: boolean = true;
  async run(model: TokenModel, real: Real): Promise<void> {
    real.stats.commands += 1;
    await this.exercise(model, real);
    if (this.writes) await expectAuditTrail(model, real);
  }
  protected abstract exercise(model: TokenModel, real: Real): Promise<void>;
  toString(): string {
    return `${this.constructor.name}(${JSON.stringify(this.spec)})`;
  }
}

/** A create: the fields it sends, and extras, fields it does not know. */
export interface CreateSpec {
  format: BodyFormat;
  name?: unknown;
  remain_quota?: unknown;
  expired_time?: ExpiryRef;
  unlimited_quota?: unknown;
  models?: unknown;
  subnet?: unknown;
  quota_reset_period?: unknown;
  quota_reset_amount?: unknown;
  rpm_limit?: unknown;
  extras: [string, unknown][];
}

export class Create extends ModelCommand<CreateSpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { format, extras, expired_time, ...fields } = this.spec;
    const text = bodyText(model, Object.entries(fields), expired_time, extras);
    const expected = model.create(format, JSON.parse(text));
    const answer = await send(real, 'POST', '/api/token/', { format, text });
    if ('refusal' in expected) return expectAnswer(answer, expected.refusal);
    expect(answer.status).toBe(200);
    const key = (answer.body as { data?: { key?: unknown } }).data?.key;
    expect(key).toMatch(/^[0-9A-Za-z]{48}$/);
    expect(model.keyIssued(key as string), 'a key handed out twice').toBe(false);
    expectAnswer(answer, { status: 200, data: expected.accept(key as string) });
  }
}

interface UpdateSpec extends CreateSpec {
  kind: 'full' | 'partial' | 'status only';
  statusOnly?: string;
  target: IdRef;
  status?: unknown;
}

export class Update extends ModelCommand<UpdateSpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { kind: _kind, statusOnly, format, target, extras, expired_time, ...fields } = this.spec;
    const entries: [string, unknown][] = [
      ['id', resolveId(model, target)],
      ...Object.entries(fields),
    ];
    const text = bodyText(model, entries, expired_time, extras);
    const expected = model.update(statusOnly, format, JSON.parse(text));
    const path =
      statusOnly === undefined
        ? '/api/token/'
        : `/api/token/?status_only=${encodeURIComponent(statusOnly)}`;
    expectAnswer(await send(real, 'PUT', path, { format, text }), expected);
  }
}

export class List extends ModelCommand<ListParams> {
  protected override readonly writes = false;
  protected async exercise(model: TokenModel, real: Real) {
    const { route, keyword, token, ...rest } = this.spec;
    const params: Record<string, string> = withoutUndefined(rest) as Record<string, string>;
    if (keyword) params.keyword = resolveKeyword(model, keyword);
    if (token) params.token = resolveKey(model, token);
    expectAnswer(await send(real, 'GET', `${route}?${query(params)}`), model.list(params));
  }
}

interface SummarySpec {
  keyword?: KeywordRef;
  token?: KeyRef;
  /** List parameters the summary does not take: ignored, even when invalid. */
  others: boolean;
}

export class Summary extends ModelCommand<SummarySpec> {
  protected override readonly writes = false;
  protected async exercise(model: TokenModel, real: Real) {
    const params: Record<string, string> = {};
    if (this.spec.keyword) params.keyword = resolveKeyword(model, this.spec.keyword);
    if (this.spec.token) params.token = resolveKey(model, this.spec.token);
    const sent = this.spec.others ? { ...params, p: 'x', size: '0', status: '9' } : params;
    expectSummary(await send(real, 'GET', `/api/token/summary?${query(sent)}`), model, params);
  }
}

/** Quota sums beyond 2^53 are rounded by the database's float sum: equal within that rounding. */
function expectSummary(answer: Answer, model: TokenModel, params: Record<string, string>) {
  const expected = model.summary(params);
  if ('data' in expected) {
    const want = expected.data as { remain_quota: number };
    const got = (answer.body as { data?: { remain_quota?: number } }).data;
    if (got?.remain_quota !== undefined && want.remain_quota > Number.MAX_SAFE_INTEGER) {
      expect(Math.abs(got.remain_quota - want.remain_quota) / want.remain_quota).toBeLessThan(
        1e-12,
      );
      got.remain_quota = want.remain_quota;
    }
  }
  expectAnswer(answer, expected);
}

export class Get extends ModelCommand<{ target: IdRef }> {
  protected override readonly writes = false;
  protected async exercise(model: TokenModel, real: Real) {
    const id = pathId(model, this.spec.target);
    expectAnswer(await send(real, 'GET', `/api/token/${id}`), model.get(decodeURIComponent(id)));
  }
}

export class Reveal extends ModelCommand<{ target: IdRef }> {
  protected async exercise(model: TokenModel, real: Real) {
    const id = pathId(model, this.spec.target);
    const answer = await send(real, 'POST', `/api/token/${id}/key`);
    expectAnswer(answer, model.reveal(decodeURIComponent(id)));
  }
}

export class Delete extends ModelCommand<{ target: IdRef }> {
  protected async exercise(model: TokenModel, real: Real) {
    const id = pathId(model, this.spec.target);
    const answer = await send(real, 'DELETE', `/api/token/${id}`);
    expectAnswer(answer, model.remove(decodeURIComponent(id)));
  }
}

interface BatchSpec {
  format: BodyFormat;
  ids: IdRef[] | 'none' | 'too many' | 'absent' | 'not a list';
}

export class BatchDelete extends ModelCommand<BatchSpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { format, ids } = this.spec;
    const entries: [string, unknown][] =
      ids === 'absent'
        ? []
        : [
            [
              'ids',
              ids === 'none'
                ? []
                : ids === 'too many'
                  ? Array.from({ length: 101 }, (_, index) => index + 1)
                  : ids === 'not a list'
                    ? '1'
                    : ids.map((ref) => resolveId(model, ref)),
            ],
          ];
    const text = jsonText(entries);
    const expected = model.removeMany(format, JSON.parse(text));
    expectAnswer(await send(real, 'POST', '/api/token/batch', { format, text }), expected);
  }
}

interface OptionSpec {
  format: BodyFormat;
  key?: unknown;
  value?: unknown;
}

export class PutOption extends ModelCommand<OptionSpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { format, ...fields } = this.spec;
    const text = jsonText(Object.entries(fields));
    const expected = model.options.put(format, JSON.parse(text));
    expectAnswer(await send(real, 'PUT', '/api/option/', { format, text }), expected);
  }
}

export class GetOptionsAndStatus extends ModelCommand<Record<string, never>> {
  protected override readonly writes = false;
  protected async exercise(model: TokenModel, real: Real) {
    expectAnswer(await send(real, 'GET', '/api/option/'), model.options.get());
    const status = await send(real, 'GET', '/api/status');
    expect(status).toEqual({
      status: 200,
      body: {
        success: true,
        message: '',
        data: { version: expect.any(String), ...model.options.status() },
      },
    });
  }
}

/** Time passes for the service and the model alike: tokens expire. */
export class Tick extends ModelCommand<{ seconds: number }> {
  protected override readonly writes = false;
  protected async exercise(model: TokenModel, real: Real) {
    real.stats.refills += model.advance(this.spec.seconds);
    real.clock.now += this.spec.seconds;
  }
}

/** The whole state, whole keys included, page by page. */
export class Audit extends ModelCommand<Record<string, never>> {
  protected async exercise(model: TokenModel, real: Real) {
    await expectEverything(model, real);
  }
}

export async function expectEverything(model: TokenModel, real: Real): Promise<void> {
  for (let p = 1; p === 1 || (p - 1) * 100 < model.tokens.size; p += 1) {
    const params = { order: 'id', size: '100', p: String(p) };
    expectAnswer(await send(real, 'GET', `/api/token/?${query(params)}`), model.list(params));
  }
  for (const id of model.tokens.keys()) {
    expectAnswer(await send(real, 'POST', `/api/token/${id}/key`), model.reveal(String(id)));
  }
  for (const id of model.deleted) {
    expectAnswer(await send(real, 'GET', `/api/token/${id}`), model.get(String(id)));
  }
  expectSummary(await send(real, 'GET', '/api/token/summary'), model, {});
  expectAnswer(await send(real, 'GET', '/api/option/'), model.options.get());
  await expectAuditTrail(model, real);
}

/** Optional fields that were not generated are left out of the body, not sent as null. */
export function withoutUndefined<T extends object>(spec: T): T {
  return Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The audit holds exactly one record for each change the model accepted since the last check,
 * in order, and none for a refused one: same action, token, before and after, by ADMIN_KEY.
 * accessed_time is left out of before and after: the service writes last uses up to a second
 * late, and a record keeps the row as it was read.
 */
export async function expectAuditTrail(model: TokenModel, real: Real): Promise<void> {
  const expected = model.audit.take();
  const fresh: AuditRecord[] = [];
  for (let p = 1; ; p += 1) {
    const answer = await send(real, 'GET', `/api/audit/?size=100&p=${p}`);
    expect(answer.status).toBe(200);
    const items = (answer.body as { data: AuditPage }).data.items;
    fresh.push(...items.filter((record) => record.id > real.auditSeen));
    if (items.length < 100 || items.at(-1)!.id <= real.auditSeen) break;
  }
  fresh.reverse();
  const comparable = (entry: ExpectedAudit) => ({
    action: entry.action,
    token_id: entry.token_id,
    before: withoutAccessTime(entry.before),
    after: withoutAccessTime(entry.after),
  });
  // One command makes one record, or (a batch delete) one per token in no promised order.
  const inOrder = (entries: ExpectedAudit[]) =>
    entries.map(comparable).sort((a, b) => (a.token_id ?? 0) - (b.token_id ?? 0));
  expect(inOrder(fresh), 'the audit since the last command').toEqual(inOrder(expected));
  for (const record of fresh) {
    expect(record.actor).toEqual({ id: 0, name: 'ADMIN_KEY', role: 'owner' });
  }
  real.auditSeen = fresh.at(-1)?.id ?? real.auditSeen;
}

function withoutAccessTime(subject: unknown): unknown {
  if (subject === null || typeof subject !== 'object') return subject;
  const { accessed_time: _accessed, ...rest } = subject as Record<string, unknown>;
  return rest;
}
