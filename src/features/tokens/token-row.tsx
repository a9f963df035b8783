import { Table } from '@mantine/core';
import { memo } from 'react';
import { useAccess } from '../../components/access';
import { QuotaAmount } from '../../components/quota';
import { TokenSelectBox } from './select-boxes';
import { PreviousKeyMark } from './lifecycle-marks';
import { StatusBadge } from './status-badge';
import { TokenActions } from './token-actions';
import {
  CreatedText,
  ExpiryCell,
  KeyText,
  LastUsedText,
  NameText,
  RemainingCell,
} from './token-cells';
import type { TokenItemProps } from './token-list-view';
import { allowedRowActions, maySelectTokens } from './token-permissions';

/** One row of the table; drawn again only when its token or its selection changes. */
export const TokenRow = memo(function TokenRow({
  token,
  selected,
  handlers,
  onSelect,
}: TokenItemProps) {
  const { may } = useAccess();
  return (
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      {maySelectTokens(may) && (
        <Table.Td>
          <TokenSelectBox token={token} selected={selected} onSelect={onSelect} />
        </Table.Td>
      )}
      <Table.Td>
        <NameText token={token} />
      </Table.Td>
      <Table.Td>
        <KeyText token={token} />
        <PreviousKeyMark token={token} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={token.status} />
      </Table.Td>
      <Table.Td>
        <RemainingCell token={token} />
      </Table.Td>
      <Table.Td>
        <QuotaAmount units={token.used_quota} />
      </Table.Td>
      <Table.Td>
        <ExpiryCell expiredTime={token.expired_time} />
      </Table.Td>
      <Table.Td>
        <LastUsedText token={token} />
      </Table.Td>
      <Table.Td>
        <CreatedText createdTime={token.created_time} />
      </Table.Td>
      {allowedRowActions(may).length > 0 && (
        <Table.Td>
          <TokenActions token={token} handlers={handlers} size="md" />
        </Table.Td>
      )}
    </Table.Tr>
  );
});
