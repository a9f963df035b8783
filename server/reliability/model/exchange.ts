import { expect } from 'vitest';
import type { TestService } from '../../test-support';
import type { BodyFormat, Outcome } from './outcomes';

/** The service under test, its clock (Unix seconds), and counts of what was run. */
export interface Real {
  service: TestService;
  clock: { now: number };
  /** The id of the newest audit record already compared with the model's. */
  auditSeen: number;
  stats: {
    commands: number;
    requests: number;
    /** Verify answers by code, and budgets refilled: what a run reached. */
    verifyCodes: Record<string, number>;
    refills: number;
  };
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A body as JSON text, whatever its keys (`__proto__` included) and in their order. */
export function jsonText(entries: readonly [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
}

/** Sends a request through the app; a body goes in the given format. */
export async function send(
  real: Real,
  method: string,
  path: string,
  body?: { format: BodyFormat; text: string },
): Promise<Answer> {
  real.stats.requests += 1;
  let options = {};
  if (body) {
    const sent =
      body.format === 'broken'
        ? body.text.slice(0, -1)
        : body.format === 'array'
          ? `[${body.text}]`
          : body.text;
    const type = body.format === 'text' ? 'text/plain' : 'application/json';
    options = { body: sent, headers: { 'Content-Type': type } };
  }
  const response = await real.service.request(method, path, options);
  return { status: response.status, body: await response.json() };
}

/** Status and the whole envelope as the model says; failures name what was wrong. */
export function expectAnswer(answer: Answer, outcome: Outcome): void {
  expect(answer.status).toBe(outcome.status);
  if ('data' in outcome) {
    expect(answer.body).toEqual({ success: true, message: '', data: outcome.data });
    return;
  }
  expect(answer.body).toEqual({ success: false, message: expect.any(String), data: null });
  const { message } = answer.body as { message: string };
  if ('message' in outcome) {
    expect(message).toBe(outcome.message);
  } else {
    expect(message).not.toBe('');
    for (const field of outcome.mentions) expect(message).toMatch(new RegExp(`\\b${field}\\b`));
  }
}

export function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}
