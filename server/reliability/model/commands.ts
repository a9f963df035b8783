import fc from 'fast-check';
import { expect } from 'vitest';
import {
  bodyIdArb,
  expiryArb,
  extrasArb,
  formatArb,
  keyArb,
  keywordArb,
  listParamsArb,
  modelsArb,
  nameArb,
  pathIdArb,
  quotaArb,
  statusArb,
  subnetArb,
  ticksArb,
  unlimitedArb,
  type ExpiryRef,
  type IdRef,
  type KeyRef,
  type KeywordRef,
  type ListParams,
} from './arbitraries';
import { expectAnswer, jsonText, query, send, type Answer, type Real } from './exchange';
import { maskKey, NEVER } from './rules';
import type { BodyFormat, TokenModel } from './token-model';

type Command = fc.AsyncCommand<TokenModel, Real>;

/** Every command may run in any state: targets are resolved against the model when it runs. */
abstract class ModelCommand<Spec> implements Command {
  constructor(readonly spec: Spec) {}
  check(): boolean {
    return true;
  }
  async run(model: TokenModel, real: Real): Promise<void> {
    real.stats.commands += 1;
    await this.exercise(model, real);
  }
  protected abstract exercise(model: TokenModel, real: Real): Promise<void>;
  toString(): string {
    return `${this.constructor.name}(${JSON.stringify(this.spec)})`;
  }
}

function resolveId(model: TokenModel, ref: IdRef): unknown {
  switch (ref.kind) {
    case 'existing': {
      const ids = model.ids();
      return ids.length > 0 ? ids[ref.index % ids.length] : model.unusedId(0);
    }
    case 'deleted':
      return model.deleted.length > 0
        ? model.deleted[ref.index % model.deleted.length]
        : model.unusedId(1);
    case 'unused':
      return model.unusedId(ref.offset);
    case 'raw':
      return ref.raw;
  }
}

const pathId = (model: TokenModel, ref: IdRef) => encodeURIComponent(String(resolveId(model, ref)));

function resolveExpiry(model: TokenModel, ref: ExpiryRef): unknown {
  if (ref.kind === 'never') return NEVER;
  if (ref.kind === 'in') return model.now + ref.seconds;
  return ref.raw;
}

/** A write's body: the fields in order, then the expiry (resolved now), then the extras. */
function bodyText(
  model: TokenModel,
  fields: [string, unknown][],
  expiry: ExpiryRef | undefined,
  extras: [string, unknown][],
): string {
  const expiryField: [string, unknown][] = expiry
    ? [['expired_time', resolveExpiry(model, expiry)]]
    : [];
  return jsonText([...fields, ...expiryField, ...extras]);
}

function pick<T>(items: T[], index: number): T | undefined {
  return items.length > 0 ? items[index % items.length] : undefined;
}

function resolveKeyword(model: TokenModel, ref: KeywordRef): string {
  if (ref.kind === 'text') return ref.text;
  const token = pick([...model.tokens.values()], ref.index);
  if (!token) return '';
  const characters = [...token.name];
  const start = ref.start % characters.length;
  let part = characters.slice(start, start + ref.length).join('');
  if (ref.upper) part = part.toUpperCase();
  return ref.pad ? ` ${part} ` : part;
}

function resolveKey(model: TokenModel, ref: KeyRef): string {
  if (ref.kind === 'text') return ref.text;
  const token = pick([...model.tokens.values()], ref.index);
  if (!token) return 'sk-no-such-key';
  if (ref.kind === 'masked') return maskKey(token.key);
  return { plain: token.key, 'sk-': `sk-${token.key}`, padded: `  sk-${token.key} ` }[ref.form];
}

/** A create: the fields it sends, and extras, fields it does not know. */
interface CreateSpec {
  format: BodyFormat;
  name?: unknown;
  remain_quota?: unknown;
  expired_time?: ExpiryRef;
  unlimited_quota?: unknown;
  models?: unknown;
  subnet?: unknown;
  extras: [string, unknown][];
}

class Create extends ModelCommand<CreateSpec> {
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

class Update extends ModelCommand<UpdateSpec> {
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

class List extends ModelCommand<ListParams> {
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

class Summary extends ModelCommand<SummarySpec> {
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

class Get extends ModelCommand<{ target: IdRef }> {
  protected async exercise(model: TokenModel, real: Real) {
    const id = pathId(model, this.spec.target);
    expectAnswer(await send(real, 'GET', `/api/token/${id}`), model.get(decodeURIComponent(id)));
  }
}

class Reveal extends ModelCommand<{ target: IdRef }> {
  protected async exercise(model: TokenModel, real: Real) {
    const id = pathId(model, this.spec.target);
    const answer = await send(real, 'POST', `/api/token/${id}/key`);
    expectAnswer(answer, model.reveal(decodeURIComponent(id)));
  }
}

class Delete extends ModelCommand<{ target: IdRef }> {
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

class BatchDelete extends ModelCommand<BatchSpec> {
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

class PutOption extends ModelCommand<OptionSpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { format, ...fields } = this.spec;
    const text = jsonText(Object.entries(fields));
    const expected = model.putOption(format, JSON.parse(text));
    expectAnswer(await send(real, 'PUT', '/api/option/', { format, text }), expected);
  }
}

class GetOptionsAndStatus extends ModelCommand<Record<string, never>> {
  protected async exercise(model: TokenModel, real: Real) {
    expectAnswer(await send(real, 'GET', '/api/option/'), model.getOptions());
    const status = await send(real, 'GET', '/api/status');
    expect(status).toEqual({
      status: 200,
      body: {
        success: true,
        message: '',
        data: { version: expect.any(String), ...model.status() },
      },
    });
  }
}

/** Time passes for the service and the model alike: tokens expire. */
class Tick extends ModelCommand<{ seconds: number }> {
  protected async exercise(model: TokenModel, real: Real) {
    model.now += this.spec.seconds;
    real.clock.now += this.spec.seconds;
  }
}

/** The whole state, whole keys included, page by page. */
class Audit extends ModelCommand<Record<string, never>> {
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
  expectAnswer(await send(real, 'GET', '/api/option/'), model.getOptions());
}

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const createArb = fc
  .record({
    format: formatArb,
    name: fc.option(nameArb, { nil: undefined, freq: 25 }),
    remain_quota: optional(quotaArb),
    expired_time: optional(expiryArb),
    unlimited_quota: optional(unlimitedArb),
    models: optional(modelsArb),
    subnet: optional(subnetArb),
    extras: extrasArb(['id', 'key', 'status', 'used_quota', 'created_time']),
  })
  .map((spec) => new Create(withoutUndefined(spec)));

const updateFields = {
  name: nameArb,
  remain_quota: quotaArb,
  expired_time: expiryArb,
  unlimited_quota: unlimitedArb,
  status: statusArb,
  models: modelsArb,
  subnet: subnetArb,
};
const updateExtras = extrasArb(['key', 'used_quota', 'created_time', 'accessed_time']);
const normalUpdateParam = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('false', '0', '', 'yes', 'TRUE') },
);

const updateArb = fc.oneof(
  fc
    .record({
      statusOnly: normalUpdateParam,
      format: formatArb,
      target: bodyIdArb,
      ...updateFields,
      extras: updateExtras,
    })
    .map((spec) => new Update({ kind: 'full', ...withoutUndefined(spec) })),
  fc
    .record(
      {
        statusOnly: normalUpdateParam,
        format: formatArb,
        target: bodyIdArb,
        ...updateFields,
        extras: updateExtras,
      },
      { requiredKeys: ['format', 'target', 'extras'] },
    )
    .map((spec) => new Update({ kind: 'partial', ...withoutUndefined(spec) })),
  fc
    .record({
      statusOnly: fc.constantFrom('true', '1'),
      format: formatArb,
      target: bodyIdArb,
      status: fc.option(statusArb, { nil: undefined, freq: 12 }),
      // The status-only form ignores every other field, even one that would be refused.
      name: fc.option(nameArb, { nil: undefined, freq: 2 }),
      extras: updateExtras,
    })
    .map((spec) => new Update({ kind: 'status only', ...withoutUndefined(spec) })),
);

const batchArb = fc
  .record({
    format: formatArb,
    ids: fc.oneof(
      { weight: 10, arbitrary: fc.array(bodyIdArb, { minLength: 1, maxLength: 6 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'none' as const,
          'too many' as const,
          'absent' as const,
          'not a list' as const,
        ),
      },
    ),
  })
  .map((spec) => new BatchDelete(spec));

const optionArb = fc
  .record(
    {
      format: formatArb,
      key: fc.constantFrom<unknown>(
        'QuotaPerUnit',
        'QuotaPerUnit',
        'DisplayInCurrencyEnabled',
        'Theme',
        7,
      ),
      value: fc.constantFrom<unknown>(
        '500000',
        '1',
        '0.5',
        '1e12',
        ' 7 ',
        250_000,
        1e12 + 1,
        '0',
        '-1',
        'abc',
        '',
        '1e400',
        0,
        'Infinity',
        '0x10',
        true,
        false,
        'true',
        'false',
        'TRUE',
        null,
      ),
    },
    { requiredKeys: ['format'] },
  )
  .map((spec) => new PutOption(withoutUndefined(spec)));

/** Weighted like an administrator's day: mostly reads and edits, with every mistake now and then. */
export const commandArbs: fc.Arbitrary<Command>[] = [
  ...Array.from({ length: 6 }, () => createArb),
  ...Array.from({ length: 6 }, () => updateArb),
  ...Array.from({ length: 6 }, () => listParamsArb.map((spec) => new List(spec))),
  ...Array.from({ length: 2 }, () =>
    fc
      .record({ keyword: optional(keywordArb), token: optional(keyArb), others: fc.boolean() })
      .map((spec) => new Summary(withoutUndefined(spec))),
  ),
  ...Array.from({ length: 3 }, () => pathIdArb.map((target) => new Get({ target }))),
  ...Array.from({ length: 2 }, () => pathIdArb.map((target) => new Reveal({ target }))),
  ...Array.from({ length: 2 }, () => pathIdArb.map((target) => new Delete({ target }))),
  batchArb,
  optionArb,
  fc.constant(new GetOptionsAndStatus({})),
  ...Array.from({ length: 2 }, () => ticksArb.map((seconds) => new Tick({ seconds }))),
  fc.constant(new Audit({})),
];

/** Optional fields that were not generated are left out of the body, not sent as null. */
function withoutUndefined<T extends object>(spec: T): T {
  return Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined)) as T;
}
