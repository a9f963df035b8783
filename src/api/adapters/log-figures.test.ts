import { describe, expect, it } from 'vitest';
import type { UpstreamLog } from '../../contract/upstream';
import { usageFiguresSchema } from '../../contract/usage';
import { figuresFromLogs } from './log-figures';

const HOUR = 3_600;
const DAY = 86_400;
/** 2024-01-01T00:00:00Z */
const MIDNIGHT = 1_704_067_200;

const log = (created_at: number, fields: Partial<UpstreamLog> = {}): UpstreamLog => ({
  created_at,
  type: 2,
  token_name: 'alpha',
  token_id: 0,
  model_name: 'gpt-4o',
  quota: 10,
  prompt_tokens: 100,
  completion_tokens: 20,
  ...fields,
});

describe('figures summed from consume logs', () => {
  it('has one bucket per hour from the UTC hour of from, zeros included, oldest first', () => {
    const ask = { from: MIDNIGHT + 1_800, to: MIDNIGHT + 3 * HOUR, bucket: 'hour' as const };
    const figures = figuresFromLogs(
      [
        log(MIDNIGHT + 2 * HOUR + 5, { quota: 7, prompt_tokens: 30, completion_tokens: 4 }),
        log(MIDNIGHT + 10),
        log(MIDNIGHT + 20),
      ],
      { id: 4, name: 'alpha' },
      ask,
    );
    expect(usageFiguresSchema.parse(figures)).toEqual(figures);
    expect(figures).toMatchObject({ token_id: 4, bucket: 'hour', from: MIDNIGHT });
    expect(figures.series).toEqual([
      {
        time: MIDNIGHT,
        requests: 2,
        quota: 20,
        denied: 0,
        prompt_tokens: 200,
        completion_tokens: 40,
      },
      {
        time: MIDNIGHT + HOUR,
        requests: 0,
        quota: 0,
        denied: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
      },
      {
        time: MIDNIGHT + 2 * HOUR,
        requests: 1,
        quota: 7,
        denied: 0,
        prompt_tokens: 30,
        completion_tokens: 4,
      },
    ]);
    expect(figures.totals).toEqual({
      requests: 3,
      quota: 27,
      denied: 0,
      denied_by_code: {},
      prompt_tokens: 230,
      completion_tokens: 44,
      unsettled: 0,
    });
    expect(figures.top_tokens).toBeUndefined();
  });

  it('buckets by UTC day and leaves out logs before the first day or at the end', () => {
    const ask = { from: MIDNIGHT + 5 * HOUR, to: MIDNIGHT + 2 * DAY, bucket: 'day' as const };
    const figures = figuresFromLogs(
      [
        log(MIDNIGHT - 1),
        log(MIDNIGHT),
        log(MIDNIGHT + DAY - 1),
        log(MIDNIGHT + DAY),
        log(MIDNIGHT + 2 * DAY),
      ],
      { id: 1, name: 'alpha' },
      ask,
    );
    expect(figures.series.map((point) => [point.time, point.requests])).toEqual([
      [MIDNIGHT, 2],
      [MIDNIGHT + DAY, 1],
    ]);
    expect(figures.totals.requests).toBe(3);
  });

  it('lists models by quota, then requests, then name; a log without a model as ""', () => {
    const at = MIDNIGHT + 60;
    const figures = figuresFromLogs(
      [
        log(at, { model_name: 'small', quota: 5 }),
        log(at, { model_name: 'small', quota: 5 }),
        log(at, { model_name: 'big', quota: 30 }),
        log(at, { model_name: '', quota: 10 }),
        log(at, { model_name: 'other', quota: 10 }),
      ],
      null,
      { from: MIDNIGHT, to: MIDNIGHT + HOUR, bucket: 'hour' },
    );
    const tokens = (requests: number) => ({
      prompt_tokens: 100 * requests,
      completion_tokens: 20 * requests,
    });
    expect(figures.by_model).toEqual([
      { model: 'big', requests: 1, quota: 30, ...tokens(1) },
      { model: 'small', requests: 2, quota: 10, ...tokens(2) },
      { model: '', requests: 1, quota: 10, ...tokens(1) },
      { model: 'other', requests: 1, quota: 10, ...tokens(1) },
    ]);
    expect(figures.token_id).toBeUndefined();
  });

  it('ranks the ten tokens with most quota, by id where logs have one, else by name', () => {
    const at = MIDNIGHT + 60;
    const logs = Array.from({ length: 12 }, (_, i) =>
      log(at, { token_name: `t${i}`, token_id: i + 1, quota: (i + 1) * 100 }),
    );
    logs.push(
      log(at, { token_name: 't11', token_id: 12, quota: 1 }),
      // Another token of the same name, and a token known by name only.
      log(at, { token_name: 't11', token_id: 99, quota: 50 }),
      log(at, { token_name: 'named', token_id: 0, quota: 600 }),
      log(at, { token_name: 'named', token_id: 0, quota: 600 }),
      // A charge of no token counts in the totals only.
      log(at, { token_name: '', token_id: 0, quota: 5_000 }),
    );
    const figures = figuresFromLogs(logs, null, {
      from: MIDNIGHT,
      to: MIDNIGHT + HOUR,
      bucket: 'hour',
    });
    expect(figures.top_tokens).toHaveLength(10);
    expect(figures.top_tokens?.slice(0, 3)).toEqual([
      { token_id: 12, name: 't11', requests: 2, quota: 1_201 },
      { token_id: 0, name: 'named', requests: 2, quota: 1_200 },
      { token_id: 11, name: 't10', requests: 1, quota: 1_100 },
    ]);
    expect(figures.top_tokens?.at(-1)).toEqual({
      token_id: 4,
      name: 't3',
      requests: 1,
      quota: 400,
    });
    expect(figures.totals.quota).toBe(7_800 + 1 + 50 + 1_200 + 5_000);
  });
});
