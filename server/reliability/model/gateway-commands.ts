import type { IdRef, KeyRef } from './arbitraries';
import { ModelCommand } from './commands';
import { expectAnswer, jsonText, send, type Real } from './exchange';
import { modelReport, modelVerify } from './gateway-model';
import type { BodyFormat } from './outcomes';
import { resolveId, resolveKey } from './refs';
import type { TokenModel } from './token-model';

export interface VerifySpec {
  format: BodyFormat;
  key?: KeyRef | { raw: unknown };
  model?: unknown;
  ip?: unknown;
  cost?: unknown;
}

const keyOf = (model: TokenModel, key: KeyRef | { raw: unknown }) =>
  'raw' in key ? key.raw : resolveKey(model, key);

/** A gateway's verify: the answer, and what the token reads as afterwards, as the model says. */
export class Verify extends ModelCommand<VerifySpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { format, key, ...rest } = this.spec;
    const entries: [string, unknown][] = [
      ...(key === undefined ? [] : [['key', keyOf(model, key)] as [string, unknown]]),
      ...Object.entries(rest),
    ];
    const text = jsonText(entries);
    const expected = modelVerify(model, format, JSON.parse(text));
    expectAnswer(await send(real, 'POST', '/api/token/verify', { format, text }), expected);
    // The last-used time of a free check is written within a second: now, for what follows.
    await real.service.store.flushUsage();
  }
}

export interface ReportSpec {
  format: BodyFormat;
  key?: KeyRef;
  token_id?: IdRef;
  quota?: unknown;
  model?: unknown;
  request_id?: unknown;
}

/** A gateway's usage report, request ids reused now and then, as retries are. */
export class Report extends ModelCommand<ReportSpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { format, key, token_id, ...rest } = this.spec;
    const entries: [string, unknown][] = [
      ...(key === undefined ? [] : [['key', resolveKey(model, key)] as [string, unknown]]),
      ...(token_id === undefined
        ? []
        : [['token_id', resolveId(model, token_id)] as [string, unknown]]),
      ...Object.entries(rest),
    ];
    const text = jsonText(entries);
    const expected = modelReport(model, format, JSON.parse(text));
    expectAnswer(await send(real, 'POST', '/api/token/usage', { format, text }), expected);
  }
}
