import fc from 'fast-check';
import { EXPIRY_MAX, ORDER_FIELDS } from './rules';
import type { BodyFormat } from './outcomes';

/** A token chosen when the command runs, so a generated sequence stays meaningful as it shrinks. */
export type IdRef =
  | { kind: 'existing'; index: number }
  | { kind: 'deleted'; index: number }
  | { kind: 'unused'; offset: number }
  /** Sent as is: in a path, text that is not an id; in a body, a value that is not one. */
  | { kind: 'raw'; raw: unknown };

export type ExpiryRef =
  { kind: 'never' } | { kind: 'in'; seconds: number } | { kind: 'raw'; raw: unknown };

export type KeywordRef =
  | { kind: 'slice'; index: number; start: number; length: number; upper: boolean; pad: boolean }
  | { kind: 'text'; text: string };

export type KeyRef =
  | { kind: 'key'; index: number; form: 'plain' | 'sk-' | 'padded' }
  | { kind: 'masked'; index: number }
  | { kind: 'text'; text: string };

/** Characters valid names may hold: scripts both ways, emoji, SQL and LIKE meta-characters. */
const NAME_CHARACTERS = [
  'a',
  'b',
  'k',
  'A',
  'B',
  'K',
  'x',
  'Y',
  '0',
  '7',
  ' ',
  '-',
  'é',
  'É',
  'ж',
  'Ж',
  '数',
  '据',
  '🔑',
  '👍🏽',
  'م',
  'ع',
  'ש',
  '\u200f',
  '\u202e',
  '\u00a0',
  '%',
  '_',
  '\\',
  "'",
  '"',
  ';',
  '*',
  '(',
  ')',
];
/** Never valid inside a name: control characters and halves of surrogate pairs. */
const HOSTILE_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\t',
  '\n',
  '\ud800',
  '\udfff',
];

const text = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...NAME_CHARACTERS), { minLength: min, maxLength: max })
    .map((characters) => characters.join(''));

export const rarely = <T>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<T>, odds = 30) =>
  fc.oneof({ weight: odds, arbitrary: common }, { weight: 1, arbitrary: rare });

export const nameArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 40, arbitrary: text(1, 10) },
  { weight: 2, arbitrary: text(45, 56) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(text(0, 3), fc.constantFrom(...HOSTILE_CHARACTERS), text(0, 3))
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('', '   ', 42, null, true, ['a'], { a: 1 }) },
);

export const quotaArb: fc.Arbitrary<unknown> = rarely(
  fc.oneof(fc.constantFrom(0, 1, 2, 500_000, 1e15), fc.integer({ min: 0, max: 1e9 })),
  fc.constantFrom<unknown>(-1, 1.5, 1e15 + 1, '100', null, true, 1e300),
);

export const expiryArb: fc.Arbitrary<ExpiryRef> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'never' as const }) },
  {
    weight: 12,
    arbitrary: fc
      .integer({ min: -200_000, max: 200_000 })
      .map((seconds) => ({ kind: 'in' as const, seconds })),
  },
  {
    weight: 4,
    arbitrary: fc
      .integer({ min: -120, max: 120 })
      .map((seconds) => ({ kind: 'in' as const, seconds })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<unknown>(0, EXPIRY_MAX, -2, EXPIRY_MAX + 1, 1.5, '100', null, true)
      .map((raw) => ({ kind: 'raw' as const, raw })),
  },
);

export const unlimitedArb: fc.Arbitrary<unknown> = rarely(
  fc.boolean(),
  fc.constantFrom<unknown>('true', 1, null),
);

export const statusArb: fc.Arbitrary<unknown> = rarely(
  fc.constantFrom(1, 2),
  fc.constantFrom<unknown>(3, 4, 0, '1', null),
  20,
);

const listTextArb = (valid: string[], invalid: string[] = []) =>
  rarely(
    fc.constantFrom(...valid),
    fc.constantFrom<unknown>(
      5,
      null,
      'x'.repeat(4097),
      'x'.repeat(4096),
      'a\u0000b',
      '\ud800',
      ...invalid,
    ),
    40,
  );
export const modelsArb = listTextArb(['', 'gpt-4o', 'gpt-4o-mini,claude-3-5-haiku', '模型-1']);
export const subnetArb = listTextArb(
  ['', '10.0.0.0/8', '203.0.113.0/24,2001:db8::/32', ' 198.51.100.7 ,'],
  ['10.0.0.0/8,office', '10.0.0.0/33'],
);

/** Fields a body may carry that the operation does not know: they must be ignored. */
export const extrasArb = (names: string[]): fc.Arbitrary<[string, unknown][]> =>
  fc.array(
    fc.tuple(
      fc.constantFrom(...names, '__proto__', 'constructor', 'toString', 'nonsense'),
      fc.constantFrom<unknown>(1, 'x', null, { name: 'from a prototype' }, [1]),
    ),
    { maxLength: 2 },
  );

export const formatArb: fc.Arbitrary<BodyFormat> = rarely(
  fc.constant('json' as const),
  fc.constantFrom('text' as const, 'broken' as const, 'array' as const),
  25,
);

const BAD_PATH_IDS = [
  '0',
  '00',
  '-1',
  'abc',
  '1.5',
  '1e3',
  ' 1',
  '+1',
  '0x10',
  '%20',
  '99999999999999999',
  '9007199254740992',
];
const BAD_BODY_IDS: unknown[] = [0, -1, 1.5, '1', null, true, 2 ** 53, 1e300, [1]];

/** Mostly tokens that exist, some deleted or never made, and now and then a value that is no id. */
const idArb = (notIds: readonly unknown[]): fc.Arbitrary<IdRef> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.nat().map((index) => ({ kind: 'existing' as const, index })) },
    { weight: 2, arbitrary: fc.nat().map((index) => ({ kind: 'deleted' as const, index })) },
    {
      weight: 1,
      arbitrary: fc.nat({ max: 3 }).map((offset) => ({ kind: 'unused' as const, offset })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...notIds).map((raw) => ({ kind: 'raw' as const, raw })),
    },
  );

export const pathIdArb = idArb(BAD_PATH_IDS);
export const bodyIdArb = idArb(BAD_BODY_IDS);

export const keywordArb: fc.Arbitrary<KeywordRef> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('slice' as const),
      index: fc.nat(),
      start: fc.nat({ max: 8 }),
      length: fc.integer({ min: 1, max: 5 }),
      upper: fc.boolean(),
      pad: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: text(0, 4).map((value) => ({ kind: 'text' as const, text: value })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('x'.repeat(200), 'x'.repeat(201), 'a\u0000', '%', '_', '"', "'", '\\', '*')
      .map((value) => ({ kind: 'text' as const, text: value })),
  },
);

export const keyArb: fc.Arbitrary<KeyRef> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('key' as const),
      index: fc.nat(),
      form: fc.constantFrom('plain' as const, 'sk-' as const, 'padded' as const),
    }),
  },
  { weight: 1, arbitrary: fc.nat().map((index) => ({ kind: 'masked' as const, index })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('sk-', 'nonexistent', 'x'.repeat(201), "' OR 1=1 --")
      .map((value) => ({ kind: 'text' as const, text: value })),
  },
);

const queryIntArb = (valid: fc.Arbitrary<number>, invalid: string[]) =>
  rarely(valid.map(String), fc.constantFrom('', ...invalid), 10);

/** There once in `oneIn` lists: each filter narrows the list, and many would leave nothing. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

export const listParamsArb = fc.record({
  route: fc.constantFrom('/api/token/', '/api/token', '/api/token/search', '/api/token/search/'),
  p: sometimes(
    queryIntArb(fc.constantFrom(1, 1, 1, 2, 3), [
      '0',
      '-1',
      'x',
      '1.5',
      '1000000001',
      '1000000000',
    ]),
    3,
  ),
  size: sometimes(queryIntArb(fc.constantFrom(1, 2, 3, 5, 10, 100), ['0', '101', 'abc', '1e1']), 3),
  keyword: sometimes(keywordArb, 2),
  token: sometimes(keyArb, 5),
  status: sometimes(
    rarely(fc.constantFrom('', '1', '2', '3', '4'), fc.constantFrom('0', '5', 'x'), 10),
    3,
  ),
  order: sometimes(
    rarely(
      fc.constantFrom('', ...ORDER_FIELDS.flatMap((field) => [field, `-${field}`])),
      fc.constantFrom('nope', '--id', 'ID', 'name ', '+id'),
      10,
    ),
    4,
  ),
});
export type ListParams = typeof listParamsArb extends fc.Arbitrary<infer T> ? T : never;

/** Seconds: within a rate limit's minute, across days, and now and then across a month. */
export const ticksArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 120 }) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 300_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 * 86_400 }) },
);

export const periodArb: fc.Arbitrary<unknown> = rarely(
  fc.constantFrom('none', 'daily', 'weekly', 'monthly'),
  fc.constantFrom<unknown>('yearly', 'Daily', '', null, 1),
);

/** Mostly small limits, so that a run reaches them. */
export const rpmArb: fc.Arbitrary<unknown> = rarely(
  fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 1_000_000 })),
  fc.constantFrom<unknown>(-1, 1.5, 1_000_001, '5', null),
);
