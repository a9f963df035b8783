import '../../lib/i18n/en-signed-in';
import { Group, NativeSelect, Skeleton, Stack } from '@mantine/core';
import type { TokenOrder, TokenOrderField } from '../../contract/token';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import type { MessageKey } from '../../lib/i18n/en';
import type { Params } from '../../lib/i18n/translate';
import { PageSelectBox, pageSelection } from './select-boxes';
import { TokenCard } from './token-card';
import { maySelectTokens } from './token-permissions';
import { itemProps, ListNow, type TokenListViewProps } from './token-list-view';

const COLUMN_LABELS: Record<TokenOrderField, MessageKey> = {
  id: 'tokens.col.created',
  name: 'tokens.col.name',
  remain_quota: 'tokens.col.remain',
  used_quota: 'tokens.col.used',
  expired_time: 'tokens.col.expiry',
  accessed_time: 'tokens.col.lastUsed',
  created_time: 'tokens.col.created',
};

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
export function TokenCards(props: TokenListViewProps) {
  const { tokens, skeletonRows, now, selected, onSelectPage, order, onOrder } = props;
  const { t } = useI18n();
  const { may } = useAccess();
  return (
    <ListNow value={now}>
      <Stack gap="sm">
        <Group
          justify={maySelectTokens(may) ? 'space-between' : 'flex-end'}
          align="flex-end"
          wrap="nowrap"
          gap="sm"
        >
          {maySelectTokens(may) && (
            <PageSelectBox
              page={pageSelection(tokens, selected)}
              onSelectPage={onSelectPage}
              visibleLabel
            />
          )}
          <NativeSelect
            label={t('tokens.order')}
            value={order}
            onChange={(event) => onOrder(event.currentTarget.value as TokenOrder)}
            data={orderOptions(t)}
            style={{ flex: '0 1 14rem', minWidth: 0 }}
          />
        </Group>
        {tokens
          ? tokens.map((token) => <TokenCard key={token.id} {...itemProps(token, props)} />)
          : Array.from({ length: Math.min(skeletonRows, 4) }, (_, i) => (
              <Skeleton key={i} height={168} radius="md" aria-hidden="true" />
            ))}
      </Stack>
    </ListNow>
  );
}
