import '../lib/i18n/en-signed-in';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_QUOTA_PER_UNIT } from '../contract/status';
import { formatUnits, formatUsd, type QuotaDisplay } from '../lib/quota';
import { readRatioOverride, writeRatioOverride } from '../lib/quota-ratio';
import hint from './hint.module.css';
import { useI18n } from './i18n';
import classes from './quota.module.css';

const DISPLAY_KEY = 'tokendesk.quota-display';

export type RatioSource = 'server' | 'local' | 'default';

interface QuotaSettings {
  quotaPerUnit: number;
  source: RatioSource;
  serverRatio: number | undefined;
  display: QuotaDisplay;
  setDisplay: (display: QuotaDisplay) => void;
  /** Kept in this browser when the server refuses the change; null forgets it. */
  setLocalRatio: (value: number | null) => void;
}

const QuotaContext = createContext<QuotaSettings | null>(null);

function readDisplay(): QuotaDisplay {
  const value = localStorage.getItem(DISPLAY_KEY);
  return value === 'units' || value === 'usd' ? value : 'both';
}

/** `serverRatio` is the server's own quota per USD, once it has been read. */
export function QuotaProvider({
  server,
  serverRatio,
  children,
}: {
  server: string;
  serverRatio: number | undefined;
  children: ReactNode;
}) {
  const [localRatio, setLocalRatioState] = useState<number | null>(() => readRatioOverride(server));
  const [display, setDisplayState] = useState<QuotaDisplay>(readDisplay);

  const value = useMemo<QuotaSettings>(() => {
    const source: RatioSource = localRatio ? 'local' : serverRatio ? 'server' : 'default';
    return {
      quotaPerUnit: localRatio ?? serverRatio ?? DEFAULT_QUOTA_PER_UNIT,
      source,
      serverRatio,
      display,
      setDisplay: (next) => {
        localStorage.setItem(DISPLAY_KEY, next);
        setDisplayState(next);
      },
      setLocalRatio: (next) => {
        writeRatioOverride(server, next);
        setLocalRatioState(next);
      },
    };
  }, [localRatio, serverRatio, display, server]);

  return <QuotaContext.Provider value={value}>{children}</QuotaContext.Provider>;
}

export function useQuota(): QuotaSettings {
  const value = useContext(QuotaContext);
  if (!value) throw new Error('useQuota needs a QuotaProvider');
  return value;
}

/**
 * A quota figure the way the person chose to see it, with the other unit beneath or on hover;
 * `lg` where it is a headline figure, the other unit staying small and quiet beneath it.
 * Plain elements: a page of tokens draws several hundred of these.
 */
export function QuotaAmount({
  units,
  unlimited = false,
  size = 'sm',
}: {
  units: number;
  unlimited?: boolean;
  size?: 'sm' | 'lg';
}) {
  const { quotaPerUnit, display } = useQuota();
  const { t, locale } = useI18n();
  const amount = size === 'lg' ? `${classes.amount} ${classes.large}` : classes.amount;
  if (unlimited) return <span className={amount}>{t('quota.unlimited')}</span>;
  const usd = formatUsd(units, quotaPerUnit, locale);
  const unitText = t('quota.units', { value: formatUnits(units, locale) });
  if (display === 'both') {
    return (
      <span>
        <span className={amount}>{usd}</span>
        <span className={classes.other}>{unitText}</span>
      </span>
    );
  }
  const [shown, other] = display === 'usd' ? [usd, unitText] : [unitText, usd];
  return (
    <span className={hint.hint} data-hint={other} data-side="top">
      <span className={amount}>{shown}</span>
    </span>
  );
}
