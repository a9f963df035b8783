import {
  Badge,
  Card,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { NEVER, type Token, type TokenOrder, type TokenOrderField } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { QuotaAmount } from '../../components/quota';
import type { MessageKey } from '../../lib/i18n/en';
import { StatusBadge } from './status-badge';
import { TokenActions, type TokenActionHandlers } from './token-actions';
import { CreatedText, ExpiryText, KeyText, LastUsedText } from './token-cells';
import { UsageBar } from './usage-bar';

const SOON_SECONDS = 7 * 86_400;

export interface TokenListViewProps {
  tokens: Token[] | undefined;
  skeletonRows: number;
  now: number;
  handlers: TokenActionHandlers;
  selected: ReadonlySet<number>;
  onSelect: (token: Token, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  order: TokenOrder;
  onSort: (field: TokenOrderField) => void;
}

const expiresSoon = (token: Token, now: number) =>
  token.expired_time !== NEVER &&
  token.expired_time > now &&
  token.expired_time - now <= SOON_SECONDS;

function SoonBadge() {
  const { t } = useI18n();
  return (
    <Badge color="orange" variant="dot" size="sm" mt={4}>
      {t('tokens.expiresSoon')}
    </Badge>
  );
}

// Whole, never clamped: names are at most 50 characters, and batch names differ only at the end.
const NameText = ({ name }: { name: string }) => (
  <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }} dir="auto">
    {name}
  </Text>
);

function SortHeader({
  field,
  label,
  order,
  onSort,
}: {
  field: TokenOrderField;
  label: string;
  order: TokenOrder;
  onSort: (field: TokenOrderField) => void;
}) {
  const { t } = useI18n();
  const direction = order === field ? 'ascending' : order === `-${field}` ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton
        onClick={() => onSort(field)}
        fw={700}
        fz="sm"
        aria-label={t('tokens.sortBy', { column: label })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {label}
        <Text span c={direction === 'none' ? 'dimmed' : undefined} fz="xs" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

export function TokenTable(props: TokenListViewProps) {
  const { tokens, skeletonRows, now, handlers, selected, onSelect, onSelectPage, order, onSort } =
    props;
  const { t } = useI18n();
  const pageIds = tokens?.map((token) => token.id) ?? [];
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const sortable = (field: TokenOrderField, key: MessageKey) => (
    <SortHeader field={field} label={t(key)} order={order} onSort={onSort} />
  );
  const plain = (key: MessageKey) => <Table.Th style={{ whiteSpace: 'nowrap' }}>{t(key)}</Table.Th>;
  const columnCount = 10;

  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={!tokens}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('tokens.selectPage')}
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                disabled={pageIds.length === 0}
                onChange={(event) => onSelectPage(event.currentTarget.checked)}
              />
            </Table.Th>
            {sortable('name', 'tokens.col.name')}
            {plain('tokens.col.key')}
            {plain('tokens.col.status')}
            {sortable('remain_quota', 'tokens.col.remain')}
            {sortable('used_quota', 'tokens.col.used')}
            {sortable('expired_time', 'tokens.col.expiry')}
            {sortable('accessed_time', 'tokens.col.lastUsed')}
            {sortable('created_time', 'tokens.col.created')}
            <Table.Th>
              <VisuallyHidden>{t('tokens.col.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens
            ? tokens.map((token) => (
                <Table.Tr
                  key={token.id}
                  bg={selected.has(token.id) ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={t('tokens.select', { name: token.name })}
                      checked={selected.has(token.id)}
                      onChange={(event) => onSelect(token, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td maw={240}>
                    <NameText name={token.name} />
                  </Table.Td>
                  <Table.Td>
                    <KeyText token={token} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={token.status} />
                  </Table.Td>
                  <Table.Td>
                    <QuotaAmount units={token.remain_quota} unlimited={token.unlimited_quota} />
                    <UsageBar token={token} />
                  </Table.Td>
                  <Table.Td>
                    <QuotaAmount units={token.used_quota} />
                  </Table.Td>
                  <Table.Td>
                    <ExpiryText expiredTime={token.expired_time} now={now} />
                    {expiresSoon(token, now) && <SoonBadge />}
                  </Table.Td>
                  <Table.Td>
                    <LastUsedText token={token} now={now} />
                  </Table.Td>
                  <Table.Td>
                    <CreatedText createdTime={token.created_time} />
                  </Table.Td>
                  <Table.Td>
                    <TokenActions token={token} handlers={handlers} />
                  </Table.Td>
                </Table.Tr>
              ))
            : Array.from({ length: skeletonRows }, (_, row) => (
                <Table.Tr key={row} aria-hidden="true">
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={14} radius="sm" width={cell === 1 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The same tokens as cards, for phone widths where a table would scroll sideways. */
export function TokenCards({
  tokens,
  skeletonRows,
  now,
  handlers,
  selected,
  onSelect,
}: TokenListViewProps) {
  const { t } = useI18n();
  if (!tokens) {
    return (
      <Stack gap="sm" aria-busy="true">
        {Array.from({ length: Math.min(skeletonRows, 4) }, (_, i) => (
          <Skeleton key={i} height={168} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {tokens.map((token) => (
        <Card
          key={token.id}
          withBorder
          radius="md"
          padding="md"
          component="article"
          aria-label={token.name}
          bg={selected.has(token.id) ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <Checkbox
                mt={2}
                aria-label={t('tokens.select', { name: token.name })}
                checked={selected.has(token.id)}
                onChange={(event) => onSelect(token, event.currentTarget.checked)}
              />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <NameText name={token.name} />
                <KeyText token={token} />
              </Stack>
            </Group>
            <StatusBadge status={token.status} />
          </Group>
          <Group grow mt="sm" align="flex-start" gap="xs">
            <Field label={t('tokens.col.remain')}>
              <QuotaAmount units={token.remain_quota} unlimited={token.unlimited_quota} />
              <UsageBar token={token} />
            </Field>
            <Field label={t('tokens.col.used')}>
              <QuotaAmount units={token.used_quota} />
            </Field>
          </Group>
          <Group grow mt="xs" align="flex-start" gap="xs">
            <Field label={t('tokens.col.expiry')}>
              <ExpiryText expiredTime={token.expired_time} now={now} />
              {expiresSoon(token, now) && <SoonBadge />}
            </Field>
            <Field label={t('tokens.col.lastUsed')}>
              <LastUsedText token={token} now={now} />
            </Field>
          </Group>
          <Group justify="flex-end" mt="xs">
            <TokenActions token={token} handlers={handlers} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
