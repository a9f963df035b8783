import '../../lib/i18n/en-parts';
import { Alert, Badge, Grid, Group, Paper, Text } from '@mantine/core';
import '@mantine/core/styles/Grid.css';
import { useId, type ReactNode } from 'react';
import type { UsageFigures } from '../../contract/usage';
import { numberFormat } from '../../lib/intl-cache';
import { useI18n } from '../i18n';
import { QuotaAmount } from '../quota';

type DeniedCode = keyof UsageFigures['totals']['denied_by_code'];

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" h="100%">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} component="div">
        {children}
      </Text>
    </Paper>
  );
}

/**
 * The range's sums: spent in USD and units, requests, the tokens in and out, and denied verifies
 * by reason; and the requests whose gateway stopped before settling them, when there are any.
 */
export function UsageTotals({
  totals,
  deniedCounted,
}: {
  totals: UsageFigures['totals'];
  deniedCounted: boolean;
}) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  const labelId = useId();
  const codes = (Object.entries(totals.denied_by_code) as Array<[DeniedCode, number]>).sort(
    ([, a], [, b]) => b - a,
  );
  return (
    <>
      {/* On a phone the amount spent and the tokens, the longest figures, have rows of their own. */}
      <Grid gap="xs">
        <Grid.Col span={{ base: 12, xs: 6, md: deniedCounted ? 3 : 4 }}>
          <Stat label={t('usage.spent')}>
            <QuotaAmount units={totals.quota} size="lg" />
          </Stat>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: deniedCounted ? 3 : 4 }}>
          <Stat label={t('usage.tokens')}>
            {count.format(totals.prompt_tokens + totals.completion_tokens)}
            <Text size="xs" c="dimmed" fw={400}>
              {t('usage.tokensSplit', {
                input: count.format(totals.prompt_tokens),
                output: count.format(totals.completion_tokens),
              })}
            </Text>
          </Stat>
        </Grid.Col>
        <Grid.Col
          span={{
            base: deniedCounted ? 6 : 12,
            xs: deniedCounted ? 6 : 12,
            md: deniedCounted ? 3 : 4,
          }}
        >
          <Stat label={t('usage.requests')}>{count.format(totals.requests)}</Stat>
        </Grid.Col>
        {deniedCounted && (
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Stat label={t('usage.denied')}>{count.format(totals.denied)}</Stat>
          </Grid.Col>
        )}
      </Grid>
      {totals.unsettled > 0 && (
        <Alert color="yellow" variant="light">
          {t('usage.unsettled', { count: count.format(totals.unsettled) })}
        </Alert>
      )}
      {codes.length > 0 && (
        <Group gap={6}>
          <Text size="sm" c="dimmed" id={labelId}>
            {t('usage.deniedByCode')}
          </Text>
          <Group gap={6} role="list" aria-labelledby={labelId}>
            {codes.map(([code, n]) => (
              <Badge key={code} role="listitem" variant="default" tt="none" fw={500}>
                {t(`usage.code.${code}`)} · {count.format(n)}
              </Badge>
            ))}
          </Group>
        </Group>
      )}
    </>
  );
}
