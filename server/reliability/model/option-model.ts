import type { AuditTrail } from './audit-trail';
import { bodyRefusal, field, invalid, ok, type BodyFormat, type Outcome } from './outcomes';
import { validCurrencyFlag, validQuotaPerUnit } from './rules';

type OptionKey =
  'QuotaPerUnit' | 'DisplayInCurrencyEnabled' | 'AlertLowQuotaPercent' | 'AlertExpiringDays';

/** The alert options: a whole number from 0 to their bound, as a number or its digits. */
const ALERT_BOUNDS: Partial<Record<OptionKey, number>> = {
  AlertLowQuotaPercent: 100,
  AlertExpiringDays: 365,
};

function validWhole(value: unknown, max: number): number | null {
  const number = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= max
    ? number
    : null;
}

/** The options of docs/api.md, and /api/status which shows them. */
export class OptionModel {
  private readonly values: Record<OptionKey, string> = {
    QuotaPerUnit: '500000',
    DisplayInCurrencyEnabled: 'true',
    AlertLowQuotaPercent: '10',
    AlertExpiringDays: '7',
  };

  constructor(private readonly audit: AuditTrail) {}

  get(): Outcome {
    return ok(this.list());
  }

  put(format: BodyFormat, body: unknown): Outcome {
    const refused = bodyRefusal(format, body);
    if (refused) return refused;
    const key = field(body as object, 'key');
    const value = field(body as object, 'value');
    let kept: string;
    if (key === 'QuotaPerUnit') {
      const number = validQuotaPerUnit(value);
      if (number === null) return invalid(['value']);
      kept = String(number);
    } else if (key === 'DisplayInCurrencyEnabled') {
      if (!validCurrencyFlag(value)) return invalid(['value']);
      kept = String(value);
    } else if (key === 'AlertLowQuotaPercent' || key === 'AlertExpiringDays') {
      const number = validWhole(value, ALERT_BOUNDS[key]!);
      if (number === null) return invalid(['value']);
      kept = String(number);
    } else {
      return invalid(['key']);
    }
    const before = { key, value: this.values[key] };
    this.values[key] = kept;
    this.audit.record({
      action: 'option.update',
      token_id: null,
      before,
      after: { key, value: kept },
    });
    return ok(this.list());
  }

  /** /api/status without its version, which the model does not know. */
  status(): { quota_per_unit: number; display_in_currency: boolean } {
    return {
      quota_per_unit: Number(this.values.QuotaPerUnit),
      display_in_currency: this.values.DisplayInCurrencyEnabled === 'true',
    };
  }

  private list() {
    return (
      [
        'QuotaPerUnit',
        'DisplayInCurrencyEnabled',
        'AlertLowQuotaPercent',
        'AlertExpiringDays',
      ] as const
    ).map((key) => ({
      key,
      value: this.values[key],
    }));
  }
}
