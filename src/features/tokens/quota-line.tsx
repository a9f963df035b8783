import '../../lib/i18n/en-signed-in';
import hint from '../../components/hint.module.css';
import { useI18n } from '../../components/i18n';
import { useQuota } from '../../components/quota';
import { numberFormat } from '../../lib/intl-cache';
import { formatUnits, formatUsd } from '../../lib/quota';
import classes from './token-cells.module.css';

/**
 * A quota figure on one line, as the table shows it: the unit the person chose, and with both
 * chosen the units after the dollars, shortened (204M), the exact figure in a hint. The cards and
 * the details keep the figures whole, one beneath the other.
 */
export function QuotaLine({ units, unlimited = false }: { units: number; unlimited?: boolean }) {
  const { quotaPerUnit, display } = useQuota();
  const { t, locale } = useI18n();
  if (unlimited) return <span className={classes.line}>{t('quota.unlimited')}</span>;
  const usd = formatUsd(units, quotaPerUnit, locale);
  const exactUnits = t('quota.units', { value: formatUnits(units, locale) });
  if (display === 'both') {
    const shortUnits = numberFormat(locale, { notation: 'compact', maximumSignificantDigits: 3 });
    return (
      <span className={`${hint.hint} ${classes.line}`} data-hint={exactUnits} data-side="top">
        <span className={classes.amount}>{usd}</span>
        <span className={classes.inlineSub}>
          {t('quota.unitsShort', { value: shortUnits.format(units) })}
        </span>
      </span>
    );
  }
  const [shown, other] = display === 'usd' ? [usd, exactUnits] : [exactUnits, usd];
  return (
    <span className={`${hint.hint} ${classes.line}`} data-hint={other} data-side="top">
      <span className={classes.amount}>{shown}</span>
    </span>
  );
}
