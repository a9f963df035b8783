import '../../lib/i18n/en-signed-in';
import { Card, Group, Stack } from '@mantine/core';
import { memo } from 'react';
import { useAccess } from '../../components/access';
import { CardFields } from '../../components/card-field';
import { useI18n } from '../../components/i18n';
import { QuotaAmount } from '../../components/quota';
import { TokenSelectBox } from './select-boxes';
import { PreviousKeyMark } from './lifecycle-marks';
import { StatusBadge } from './status-badge';
import { TokenActions } from './token-actions';
import { ExpiryCell, KeyText, LastUsedText, NameText, RemainingCell } from './token-cells';
import type { TokenItemProps } from './token-list-view';
import { allowedRowActions, maySelectTokens } from './token-permissions';

/** One token as a card; drawn again only when its token or its selection changes. */
export const TokenCard = memo(function TokenCard(props: TokenItemProps) {
  const { token, selected, handlers, onSelect } = props;
  const { t } = useI18n();
  const { may } = useAccess();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={token.name}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          {maySelectTokens(may) && (
            <TokenSelectBox token={token} selected={selected} onSelect={onSelect} mt={2} />
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <NameText token={token} />
            <KeyText token={token} />
            <PreviousKeyMark token={token} />
          </Stack>
        </Group>
        <StatusBadge status={token.status} />
      </Group>
      <CardFields
        mt="sm"
        fields={[
          { label: t('tokens.col.remain'), value: <RemainingCell token={token} /> },
          { label: t('tokens.col.used'), value: <QuotaAmount units={token.used_quota} /> },
        ]}
      />
      <CardFields
        mt="xs"
        fields={[
          {
            label: t('tokens.col.expiry'),
            value: <ExpiryCell expiredTime={token.expired_time} />,
          },
          { label: t('tokens.col.lastUsed'), value: <LastUsedText token={token} /> },
        ]}
      />
      {allowedRowActions(may).length > 0 && (
        <Group justify="flex-end" mt="xs">
          <TokenActions token={token} handlers={handlers} size="lg" />
        </Group>
      )}
    </Card>
  );
});
