import '../../lib/i18n/en-signed-in';
import { Group, Paper, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { TokenSearch } from '../../api/backend';
import { useBackend } from '../../api/backend-context';
import { useTokenSummary } from './api/token-summary';
import { TokenStatus, type TokenStatusCode } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { useQuota } from '../../components/quota';
import { formatUsd } from '../../lib/quota';
import { STATUS_COLOR_CLASS } from './status-badge';

/**
 * Counts per status (each a shortcut to that filter) and the quota left in USD, of the tokens
 * the search finds: the status filter is the strip's own choice, so it counts every status.
 */
export function SummaryStrip({
  search,
  status,
  onStatus,
}: {
  search: TokenSearch;
  status: TokenStatusCode | null;
  onStatus: (status: TokenStatusCode | null) => void;
}) {
  const { t, locale } = useI18n();
  const { quotaPerUnit } = useQuota();
  const summary = useTokenSummary(search);
  const searching = Boolean(search.keyword || search.token);
  const backend = useBackend();
  // Servers that cannot count cheaply get no strip rather than an endless placeholder.
  if (summary.isError || !backend.summary) return null;
  const data = summary.data;
  const counts: Array<[TokenStatusCode, number | undefined]> = [
    [TokenStatus.enabled, data?.enabled],
    [TokenStatus.disabled, data?.disabled],
    [TokenStatus.expired, data?.expired],
    [TokenStatus.exhausted, data?.exhausted],
  ];
  return (
    <Group
      gap="xs"
      wrap="wrap"
      role="group"
      aria-label={t(searching ? 'summary.labelSearch' : 'summary.label')}
    >
      {counts.map(([code, count]) => (
        <UnstyledButton
          key={code}
          onClick={() => onStatus(status === code ? null : code)}
          aria-pressed={status === code}
          aria-label={t('summary.filter', { status: t(`status.${code}`), count: count ?? 0 })}
        >
          <Paper
            withBorder
            px="sm"
            py={6}
            radius="md"
            className={STATUS_COLOR_CLASS[code]}
            style={{
              borderColor: status === code ? 'var(--status-color)' : undefined,
              borderLeft: '3px solid var(--status-color)',
            }}
          >
            <Text size="xs" c="dimmed" lh={1.2}>
              {t(`status.${code}`)}
            </Text>
            {count === undefined ? (
              <Skeleton height={18} width={32} mt={2} />
            ) : (
              <Text fw={700} lh={1.3}>
                {count.toLocaleString(locale)}
              </Text>
            )}
          </Paper>
        </UnstyledButton>
      ))}
      <Paper withBorder px="sm" py={6} radius="md">
        <Text size="xs" c="dimmed" lh={1.2}>
          {t('summary.remaining')}
        </Text>
        {data ? (
          <Text fw={700} lh={1.3}>
            {formatUsd(data.remain_quota, quotaPerUnit, locale)}
            {data.unlimited > 0 && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' '}
                {t('summary.plusUnlimited', { count: data.unlimited.toLocaleString(locale) })}
              </Text>
            )}
          </Text>
        ) : (
          <Skeleton height={18} width={64} mt={2} />
        )}
      </Paper>
    </Group>
  );
}
