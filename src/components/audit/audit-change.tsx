import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { Code, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AuditRecord } from '../../contract/audit';
import { NEVER } from '../../contract/token';
import type { MessageKey } from '../../lib/i18n/en';
import { numberFormat } from '../../lib/intl-cache';
import { formatUnits, formatUsd } from '../../lib/quota';
import { formatDateTime, formatDuration } from '../../lib/time';
import { useI18n, type I18n } from '../i18n';
import { useQuota } from '../quota';
import {
  auditShown,
  rotationGrace,
  type AuditSubjectKind,
  type AuditTokenField,
  type MODEL_FIELDS,
} from './audit-changes';
import { ROLE_WORDS } from './audit-words';
import { PlainList } from '../plain-list';

/** Each token field under the words the token form and the details use for it. */
const TOKEN_LABELS: Record<AuditTokenField, MessageKey> = {
  name: 'form.name',
  status: 'tokens.col.status',
  remain_quota: 'form.quota',
  unlimited_quota: 'form.unlimited',
  used_quota: 'tokens.col.used',
  expired_time: 'form.expiry',
  quota_reset_period: 'lifecycle.refills',
  quota_reset_amount: 'lifecycle.refillAmount',
  rpm_limit: 'lifecycle.rpm',
  models: 'form.models',
  subnet: 'form.subnet',
  key: 'tokens.col.key',
};
const OPTION_LABELS: Partial<Record<string, MessageKey>> = {
  QuotaPerUnit: 'settings.ratio',
  DisplayInCurrencyEnabled: 'audit.option.displayInCurrency',
};
const ADMIN_KEY_LABELS: Partial<Record<string, MessageKey>> = {
  name: 'form.name',
  role: 'adminKeys.role',
};
const MODEL_LABELS: Record<(typeof MODEL_FIELDS)[number], MessageKey> = {
  name: 'form.name',
  upstream_url: 'audit.model.upstreamUrl',
  upstream_model: 'audit.model.upstreamModel',
  upstream_key_masked: 'audit.model.upstreamKey',
  input_price: 'audit.model.inputPrice',
  output_price: 'audit.model.outputPrice',
  cached_input_price: 'audit.model.cachedInputPrice',
  max_output_tokens: 'audit.model.maxOutputTokens',
  stream_usage: 'audit.model.streamUsage',
  enabled: 'audit.model.enabled',
};
const SUBJECT_LABELS: Record<AuditSubjectKind, Partial<Record<string, MessageKey>>> = {
  token: TOKEN_LABELS,
  option: OPTION_LABELS,
  admin_key: ADMIN_KEY_LABELS,
  model: MODEL_LABELS,
};
const PERIOD_WORDS: Partial<Record<string, MessageKey>> = {
  none: 'details.noRefill',
  daily: 'details.period.daily',
  weekly: 'details.period.weekly',
  monthly: 'details.period.monthly',
};

/** A word from a table, or null where the value is not one it knows. */
const wordOf = (words: Partial<Record<string, MessageKey>>, value: unknown, t: I18n['t']) => {
  const key = typeof value === 'string' ? words[value] : undefined;
  return key ? t(key) : null;
};

function label(subject: AuditSubjectKind, field: string, t: I18n['t']): string {
  return wordOf(SUBJECT_LABELS[subject], field, t) ?? field;
}

/** Quota in the unit the person chose, on one line: a change reads left to right. */
function QuotaText({ units }: { units: number }) {
  const { quotaPerUnit, display } = useQuota();
  const { t, locale } = useI18n();
  const unitText = t('quota.units', { value: formatUnits(units, locale) });
  if (display === 'units') return unitText;
  const usd = formatUsd(units, quotaPerUnit, locale);
  return display === 'both' ? `${usd} (${unitText})` : usd;
}

const yesNo = (value: unknown, t: I18n['t']) =>
  t(value === true || value === 'true' ? 'audit.yes' : 'audit.no');

/** A token field's value as the dashboard shows it elsewhere. */
function tokenValue(field: string, value: unknown, { t, locale }: I18n): ReactNode {
  switch (field) {
    case 'remain_quota':
    case 'used_quota':
    case 'quota_reset_amount':
      return typeof value === 'number' ? <QuotaText units={value} /> : null;
    case 'unlimited_quota':
      return yesNo(value, t);
    case 'status':
      return typeof value === 'number' && value >= 1 && value <= 4
        ? t(`status.${value as 1 | 2 | 3 | 4}`)
        : null;
    case 'expired_time':
      if (typeof value !== 'number') return null;
      return value === NEVER ? t('expiry.never') : formatDateTime(value, locale);
    case 'quota_reset_period':
      return wordOf(PERIOD_WORDS, value, t);
    case 'rpm_limit':
      if (typeof value !== 'number') return null;
      return value === 0
        ? t('details.noLimit')
        : t('details.rpm', { count: numberFormat(locale).format(value) });
    case 'models':
      return value === '' ? t('details.anyModel') : null;
    case 'subnet':
      return value === '' ? t('details.anyAddress') : null;
    case 'key':
      return typeof value === 'string' ? <Code>sk-{value}</Code> : null;
    default:
      return null;
  }
}

/** An option's value: options travel as strings. */
function optionValue(key: string, value: unknown, { t, locale }: I18n): ReactNode {
  if (key === 'DisplayInCurrencyEnabled') return yesNo(value, t);
  if (key === 'QuotaPerUnit' && Number.isFinite(Number(value))) {
    return numberFormat(locale).format(Number(value));
  }
  return null;
}

const SUBJECT_VALUES: Record<
  AuditSubjectKind,
  (field: string, value: unknown, i18n: I18n) => ReactNode
> = {
  token: tokenValue,
  option: optionValue,
  admin_key: (field, value, { t }) => (field === 'role' ? wordOf(ROLE_WORDS, value, t) : null),
  model: (field, value, { t }) =>
    field === 'stream_usage' || field === 'enabled' ? yesNo(value, t) : null,
};

/** A value in words where the dashboard has them, else as the record holds it. */
function shownValue(subject: AuditSubjectKind, field: string, value: unknown, i18n: I18n) {
  const special = SUBJECT_VALUES[subject](field, value, i18n);
  if (special !== null) return special;
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Line({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Text component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {t('audit.fieldLabel', { label: name })}
      </Text>
      {children}
    </Text>
  );
}

/**
 * What a record changed, in words: "Quota: $2.00 → $5.00" for each field that differs, the
 * fields set on a create, what a deleted record was, or that a key was revealed.
 */
export function AuditChange({ record }: { record: AuditRecord }) {
  const i18n = useI18n();
  const { t } = i18n;
  const shown = auditShown(record);
  if (shown.kind === 'revealed') return <Text size="sm">{t('audit.revealed')}</Text>;
  const { subject } = shown;
  const lines =
    shown.kind === 'values'
      ? shown.fields.map(({ field, value }) => (
          <Line key={field} name={label(subject, field, t)}>
            {shownValue(subject, field, value, i18n)}
          </Line>
        ))
      : shown.changes.map(({ field, before, after, newlySet }) => (
          <Line key={field} name={label(subject, field, t)}>
            {newlySet ? (
              shownValue(subject, field, after, i18n)
            ) : (
              <>
                {shownValue(subject, field, before, i18n)}
                <span aria-hidden="true"> → </span>
                <VisuallyHidden> {t('audit.changedTo')} </VisuallyHidden>
                <Text span size="sm" fw={600}>
                  {shownValue(subject, field, after, i18n)}
                </Text>
              </>
            )}
          </Line>
        ));
  const grace = rotationGrace(record);
  if (grace) {
    lines.push(
      <Line key="previous-key" name={t('audit.oldKey')}>
        {grace.until === null
          ? t('audit.oldKeyStopped')
          : t('audit.oldKeyGrace', {
              grace: formatDuration(grace.until - record.time, i18n.locale),
              time: formatDateTime(grace.until, i18n.locale),
            })}
      </Line>,
    );
  }
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('audit.nothingChanged')}
      </Text>
    );
  }
  return <PlainList gap={2}>{lines}</PlainList>;
}
