import {
  Badge,
  Card,
  Checkbox,
  Group,
  NativeSelect,
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
import type { Params } from '../../lib/i18n/translate';
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
  /** Sets an order outright, as the phone layout's order menu does. */
  onOrder: (order: TokenOrder) => void;
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

/** One row; drawn again only when its token, its selection or the clock changes. */
const TokenRow = memo(function TokenRow({
  token,
  selected,
  now,
  handlers,
  onSelect,
}: TokenItemProps) {
  const { t } = useI18n();
  return (
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={t('tokens.select', { name: token.name })}
          checked={selected}
          onChange={(event) => onSelect(token, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
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
        <TokenActions token={token} handlers={handlers} size="md" />
      </Table.Td>
    </Table.Tr>
  );
});

const COLUMN_LABELS: Record<TokenOrderField, MessageKey> = {
  id: 'tokens.col.created',
  name: 'tokens.col.name',
  remain_quota: 'tokens.col.remain',
  used_quota: 'tokens.col.used',
  expired_time: 'tokens.col.expiry',
  accessed_time: 'tokens.col.lastUsed',
  created_time: 'tokens.col.created',
};

/** How much of the shown page is selected, for a "select all on this page" box. */
function pageSelection(tokens: Token[] | undefined, selected: ReadonlySet<number>) {
  const ids = tokens?.map((token) => token.id) ?? [];
  const count = ids.filter((id) => selected.has(id)).length;
  return {
    empty: ids.length === 0,
    all: ids.length > 0 && count === ids.length,
    some: count > 0 && count < ids.length,
  };
}

export function TokenTable(props: TokenListViewProps) {
  const { tokens, skeletonRows, now, handlers, selected, onSelect, onSelectPage, order, onSort } =
    props;
  const { t } = useI18n();
  const page = pageSelection(tokens, selected);
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
                checked={page.all}
                indeterminate={page.some}
                disabled={page.empty}
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

/** Every order a list can take, as the phone layout's order menu offers them. */
function orderOptions(t: (key: MessageKey, params?: Params) => string) {
  const column = (field: TokenOrderField) => t(COLUMN_LABELS[field]);
  const option = (value: TokenOrder, label: string) => ({ value, label });
  return [
    option('-id', t('tokens.orderNewest')),
    option('id', t('tokens.orderOldest')),
    option('name', t('tokens.orderNameAscending')),
    option('-name', t('tokens.orderNameDescending')),
    ...(['remain_quota', 'used_quota'] as const).flatMap((field) => [
      option(`-${field}`, t('tokens.orderDescending', { column: column(field) })),
      option(field, t('tokens.orderAscending', { column: column(field) })),
    ]),
    ...(['expired_time', 'accessed_time', 'created_time'] as const).flatMap((field) => [
      option(field, t('tokens.orderEarliest', { column: column(field) })),
      option(`-${field}`, t('tokens.orderLatest', { column: column(field) })),
    ]),
  ];
}

/** The same tokens as cards, for phone widths where a table would scroll sideways. */
export function TokenCards({
  tokens,
  skeletonRows,
  now,
  handlers,
  selected,
  onSelect,
  onSelectPage,
  order,
  onOrder,
}: TokenListViewProps) {
  const { t } = useI18n();
  const page = pageSelection(tokens, selected);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        <Checkbox
          label={t('tokens.selectPage')}
          checked={page.all}
          indeterminate={page.some}
          disabled={page.empty}
          onChange={(event) => onSelectPage(event.currentTarget.checked)}
        />
        <NativeSelect
          label={t('tokens.order')}
          value={order}
          onChange={(event) => onOrder(event.currentTarget.value as TokenOrder)}
          data={orderOptions(t)}
          style={{ flex: '0 1 14rem', minWidth: 0 }}
        />
      </Group>
      {tokens
        ? tokens.map((token) => (
            <TokenCard
              key={token.id}
              token={token}
              selected={selected.has(token.id)}
              now={now}
              handlers={handlers}
              onSelect={onSelect}
            />
          ))
        : Array.from({ length: Math.min(skeletonRows, 4) }, (_, i) => (
            <Skeleton key={i} height={168} radius="md" aria-hidden="true" />
          ))}
    </Stack>
  );
}
