import { expect } from 'vitest';
import type { IdRef, KeyRef } from './arbitraries';
import { ModelCommand } from './commands';
import { expectAnswer, jsonText, send, type Real } from './exchange';
import { modelReport, modelRotate, modelVerify, previousKey } from './gateway-model';
import type { BodyFormat } from './outcomes';
import { pathId, resolveId, resolveKey } from './refs';
import type { TokenModel } from './token-model';

/** A key as sent: one the model knows, a token's previous key, or a value as is. */
export type GatewayKeyRef = KeyRef | { raw: unknown } | { previous: number };

export interface VerifySpec {
  format: BodyFormat;
  key?: GatewayKeyRef;
  model?: unknown;
  ip?: unknown;
  cost?: unknown;
}

function keyOf(model: TokenModel, key: GatewayKeyRef): unknown {
  if ('raw' in key) return key.raw;
  if ('previous' in key) {
    const ids = model.ids();
    const id = ids[key.previous % Math.max(1, ids.length)];
    return (id !== undefined && previousKey(model, id)) || 'sk-never-rotated';
  }
  return resolveKey(model, key);
}

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
    const code = 'data' in expected ? (expected.data as { code?: string }).code : undefined;
    if (code) real.stats.verifyCodes[code] = (real.stats.verifyCodes[code] ?? 0) + 1;
    expectAnswer(await send(real, 'POST', '/api/token/verify', { format, text }), expected);
    // The last-used time of a free check is written within a second: now, for what follows.
    await real.service.store.flushUsage();
  }
}

export interface ReportSpec {
  format: BodyFormat;
  key?: GatewayKeyRef;
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
      ...(key === undefined ? [] : [['key', keyOf(model, key)] as [string, unknown]]),
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

export interface RotateSpec {
  format: BodyFormat;
  target: IdRef;
  grace_seconds?: unknown;
}

/** A new key: the service chooses it, the model checks it was never handed out before. */
export class Rotate extends ModelCommand<RotateSpec> {
  protected async exercise(model: TokenModel, real: Real) {
    const { format, target, ...rest } = this.spec;
    const id = pathId(model, target);
    const text = jsonText(Object.entries(rest));
    const expected = modelRotate(model, decodeURIComponent(id), format, JSON.parse(text));
    const answer = await send(real, 'POST', `/api/token/${id}/rotate`, { format, text });
    if (!('accept' in expected)) return expectAnswer(answer, expected);
    expect(answer.status).toBe(200);
    const key = (answer.body as { data?: { key?: unknown } }).data?.key;
    expect(key).toMatch(/^[0-9A-Za-z]{48}$/);
    expect(model.keyIssued(key as string), 'a key handed out twice').toBe(false);
    expectAnswer(answer, { status: 200, data: expected.accept(key as string) });
  }
}
