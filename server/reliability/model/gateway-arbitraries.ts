import fc from 'fast-check';
import { bodyIdArb, formatArb, keyArb, pathIdArb, rarely } from './arbitraries';
import { withoutUndefined } from './commands';
import { Report, Rotate, Verify } from './gateway-commands';

/** Mostly there, left out one time in `freq`. */
const mostly = <T>(arbitrary: fc.Arbitrary<T>, freq = 20) =>
  fc.option(arbitrary, { nil: undefined, freq });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Small charges mostly, so a token's quota lasts a few of them; the largest now and then. */
const costArb = rarely(
  fc.oneof(fc.constantFrom(0, 1, 30, 1_000, 500_000, 1e15), fc.integer({ min: 0, max: 2e6 })),
  fc.constantFrom<unknown>(-1, 1.5, 1e15 + 1, '5', null, true),
  20,
);

/** Models the tokens of modelsArb allow, and some they do not. */
const modelArb = rarely(
  fc.constantFrom('gpt-4o', 'gpt-4o-mini', ' gpt-4o ', 'claude-3-5-haiku', '模型-1', '', 'other'),
  fc.constantFrom<unknown>(5, null, 'm'.repeat(101)),
  20,
);

/** Addresses in and out of subnetArb's ranges, and things that are not addresses. */
const ipArb = rarely(
  fc.constantFrom('10.1.2.3', '203.0.113.9', '192.0.2.1', '2001:db8::7', '::ffff:10.9.9.9', '::1'),
  fc.constantFrom<unknown>('localhost', '10.0.0.256', 7, null, '10.0.0.0/8', ' 10.1.2.3'),
  20,
);

const rawKeyArb = fc.constantFrom({ raw: 5 }, { raw: null }, { raw: '' }, { raw: '   ' });
/** A rotated token's previous key: verifies during its grace, then is unknown. */
const previousKeyArb = fc.nat().map((previous) => ({ previous }));
const gatewayKeyArb = fc.oneof(
  { weight: 12, arbitrary: keyArb },
  { weight: 3, arbitrary: previousKeyArb },
  { weight: 1, arbitrary: rawKeyArb },
);

export const verifyArb = fc
  .record({
    format: formatArb,
    key: mostly(gatewayKeyArb),
    model: optional(modelArb),
    ip: optional(ipArb),
    cost: optional(costArb),
  })
  .map((spec) => new Verify(withoutUndefined(spec)));

/**
 * A plain check of a known key, as most of a gateway's traffic is: several of them within a
 * minute reach a token's requests-per-minute limit.
 */
export const plainVerifyArb = fc
  .record({
    format: fc.constant('json' as const),
    key: keyArb.filter((key) => key.kind === 'key'),
    cost: fc.constantFrom(0, 1),
  })
  .map((spec) => new Verify(spec));

/** A few request ids, so that retries (the same id again) happen often. */
const requestIdArb = rarely(
  fc.constantFrom('req-1', 'req-2', 'req-3'),
  fc.constantFrom<unknown>('', 'r'.repeat(129), 'r'.repeat(128), 5, null),
  15,
);

export const reportArb = fc
  .record({
    format: formatArb,
    // By key or by id, now and then both or neither.
    by: fc.constantFrom('key', 'key', 'id', 'id', 'id', 'both', 'neither'),
    key: fc.oneof({ weight: 4, arbitrary: keyArb }, { weight: 1, arbitrary: previousKeyArb }),
    token_id: bodyIdArb,
    quota: mostly(costArb),
    model: optional(modelArb),
    request_id: optional(requestIdArb),
  })
  .map(
    ({ by, key, token_id, ...spec }) =>
      new Report(
        withoutUndefined({
          ...spec,
          key: by === 'key' || by === 'both' ? key : undefined,
          token_id: by === 'id' || by === 'both' ? token_id : undefined,
        }),
      ),
  );

export const rotateArb = fc
  .record({
    format: formatArb,
    target: pathIdArb,
    grace_seconds: optional(
      rarely(
        fc.constantFrom(0, 60, 3_600, 86_400, 604_800),
        fc.constantFrom<unknown>(-1, 604_801, 1.5, '60', null),
        15,
      ),
    ),
  })
  .map((spec) => new Rotate(withoutUndefined(spec)));
