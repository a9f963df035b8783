import fc from 'fast-check';
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
  periodArb,
  quotaArb,
  rpmArb,
  statusArb,
  subnetArb,
  ticksArb,
  unlimitedArb,
} from './arbitraries';
import {
  Audit,
  BatchDelete,
  Create,
  Delete,
  Get,
  GetOptionsAndStatus,
  List,
  PutOption,
  Reveal,
  Summary,
  Tick,
  Update,
  withoutUndefined,
  type Command,
} from './commands';
import { plainVerifyArb, reportArb, rotateArb, verifyArb } from './gateway-arbitraries';

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
    quota_reset_period: optional(periodArb),
    quota_reset_amount: optional(quotaArb),
    rpm_limit: optional(rpmArb),
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
  quota_reset_period: periodArb,
  quota_reset_amount: quotaArb,
  rpm_limit: rpmArb,
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
  ...Array.from({ length: 5 }, () => verifyArb),
  ...Array.from({ length: 4 }, () => plainVerifyArb),
  ...Array.from({ length: 3 }, () => reportArb),
  ...Array.from({ length: 2 }, () => rotateArb),
];
