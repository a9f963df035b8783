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
import { memo, type ReactNode } from 'react';
import { NEVER, type Token, type TokenOrder, type TokenOrderField } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { QuotaAmount } from '../../components/quota';
import type { MessageKey } from '../../lib/i18n/en';
import { StatusBadge } from './status-badge';
import { TokenActions, type TokenActionHandlers } from './token-actions';
import { CreatedText, ExpiryText, KeyText, LastUsedText, NameText, UsageBar } from './token-cells';

const SOON_SECONDS = 7 * 86_400;

/**
 * Pixel widths of the columns, the name taking what is left. A fixed layout lets the browser
 * lay out a changed row alone instead of measuring every cell of the table again.
 */
const COLUMN_WIDTHS = [36, null, 176, 116, 140, 92, 156, 100, 132, 134] as const;
const NAME_MIN_WIDTH = 140;
const TABLE_MIN_WIDTH =
  COLUMN_WIDTHS.reduce<number>((sum, width) => sum + (width ?? 0), 0) + NAME_MIN_WIDTH;

export interface TokenListViewProps {
  tokens: Token[] | undefined;
  skeletonRows: number;
  now: number;
  /** Kept the same from render to render, so rows that did not change are not drawn again. */
  handlers: TokenActionHandlers;
  selected: ReadonlySet<number>;
  /** Kept the same from render to render, like handlers. */
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
    <Badge color="orange" variant="dot" size="sm" tt="none" mt={4}>
      {t('tokens.expiresSoon')}
    </Badge>
  );
}

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

interface TokenItemProps {
  token: Token;
  selected: boolean;
  now: number;
  handlers: TokenActionHandlers;
  onSelect: (token: Token, selected: boolean) => void;
}

/**
 * One row; drawn again only when its token, its selection or the clock changes. Plain table
 * elements with Mantine's own classes: a page draws a hundred of them.
 */
const TokenRow = memo(function TokenRow({
  token,
  selected,
  now,
  handlers,
  onSelect,
}: TokenItemProps) {
  const { t } = useI18n();
  return (
    <tr
      className={Table.classes.tr}
      data-with-row-border
      data-hover
      style={selected ? { backgroundColor: 'var(--mantine-primary-color-light)' } : undefined}
    >
      <td className={Table.classes.td}>
        <Checkbox
          aria-label={t('tokens.select', { name: token.name })}
          checked={selected}
          onChange={(event) => onSelect(token, event.currentTarget.checked)}
        />
      </td>
      <td className={Table.classes.td}>
        <NameText name={token.name} />
      </td>
      <td className={Table.classes.td}>
        <KeyText token={token} />
      </td>
      <td className={Table.classes.td}>
        <StatusBadge status={token.status} />
      </td>
      <td className={Table.classes.td}>
        <QuotaAmount units={token.remain_quota} unlimited={token.unlimited_quota} />
        <UsageBar token={token} />
      </td>
      <td className={Table.classes.td}>
        <QuotaAmount units={token.used_quota} />
      </td>
      <td className={Table.classes.td}>
        <ExpiryText expiredTime={token.expired_time} now={now} />
        {expiresSoon(token, now) && <SoonBadge />}
      </td>
      <td className={Table.classes.td}>
        <LastUsedText token={token} now={now} />
      </td>
      <td className={Table.classes.td}>
        <CreatedText createdTime={token.created_time} />
      </td>
      <td className={Table.classes.td}>
        <TokenActions token={token} handlers={handlers} size="md" />
      </td>
    </tr>
  );
});

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

  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing={8}
        highlightOnHover
        layout="fixed"
        aria-busy={!tokens}
      >
        <colgroup>
          {COLUMN_WIDTHS.map((width, column) => (
            <col key={column} style={width ? { width } : undefined} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
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
                <TokenRow
                  key={token.id}
                  token={token}
                  selected={selected.has(token.id)}
                  now={now}
                  handlers={handlers}
                  onSelect={onSelect}
                />
              ))
            : Array.from({ length: skeletonRows }, (_, row) => (
                <Table.Tr key={row} aria-hidden="true">
                  {COLUMN_WIDTHS.map((_, cell) => (
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

/** One card; drawn again only when its token, its selection or the clock changes. */
const TokenCard = memo(function TokenCard({
  token,
  selected,
  now,
  handlers,
  onSelect,
}: TokenItemProps) {
  const { t } = useI18n();
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
          <Checkbox
            mt={2}
            aria-label={t('tokens.select', { name: token.name })}
            checked={selected}
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
        <TokenActions token={token} handlers={handlers} size="lg" />
      </Group>
    </Card>
  );
});

/** The same tokens as cards, for phone widths where a table would scroll sideways. */
export function TokenCards({
  tokens,
  skeletonRows,
  now,
  handlers,
  selected,
  onSelect,
}: TokenListViewProps) {
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
        <TokenCard
          key={token.id}
          token={token}
          selected={selected.has(token.id)}
          now={now}
          handlers={handlers}
          onSelect={onSelect}
        />
      ))}
    </Stack>
  );
}
