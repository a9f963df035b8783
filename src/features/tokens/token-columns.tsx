import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, use, type ReactNode } from 'react';
import type { Token, TokenOrderField } from '../../contract/token';
import type { MessageKey } from '../../lib/i18n/en';
import { PreviousKeyMark } from './lifecycle-marks';
import { QuotaLine } from './quota-line';
import { StatusBadge } from './status-badge';
import {
  CreatedText,
  ExpiryCell,
  KeyText,
  LastUsedText,
  NameText,
  RemainingCell,
} from './token-cells';

/** How much room the table has, by the window's width (narrower than `narrow`, cards show). */
type Room = 'narrow' | 'medium' | 'wide' | 'widest';
const ROOMS: readonly Room[] = ['narrow', 'medium', 'wide', 'widest'];

export interface DataColumn {
  id: string;
  /** Pixels; null for the name, which takes what is left. */
  width: number | null;
  label: MessageKey;
  /** The order the column's header sets, where the list can be ordered by it. */
  sort?: TokenOrderField;
  /** From how much room on the column shows: the list keeps what matters most where room is short. */
  from: Room;
  cell: (token: Token) => ReactNode;
}

/**
 * The table's columns in their order. Widths hold each column's heading and one-line content
 * whole (English and Chinese); below the width a room gives them all, the least needed go, so the
 * row's buttons always stay on screen and nothing scrolls sideways.
 */
export const DATA_COLUMNS: readonly DataColumn[] = [
  {
    id: 'name',
    width: null,
    label: 'tokens.col.name',
    sort: 'name',
    from: 'narrow',
    cell: (token) => <NameText token={token} />,
  },
  {
    id: 'key',
    width: 176,
    label: 'tokens.col.key',
    from: 'widest',
    cell: (token) => <KeyText token={token} />,
  },
  {
    id: 'status',
    width: 114,
    label: 'tokens.col.status',
    from: 'narrow',
    // A rotated key's grace is told under the status, which every width shows.
    cell: (token) => (
      <>
        <StatusBadge status={token.status} />
        <PreviousKeyMark token={token} />
      </>
    ),
  },
  {
    id: 'remain',
    width: 172,
    label: 'tokens.col.remain',
    sort: 'remain_quota',
    from: 'narrow',
    cell: (token) => <RemainingCell token={token} line />,
  },
  {
    id: 'used',
    width: 166,
    label: 'tokens.col.used',
    sort: 'used_quota',
    from: 'medium',
    cell: (token) => <QuotaLine units={token.used_quota} />,
  },
  {
    id: 'expiry',
    width: 116,
    label: 'tokens.col.expiry',
    sort: 'expired_time',
    from: 'narrow',
    cell: (token) => <ExpiryCell expiredTime={token.expired_time} line />,
  },
  {
    id: 'lastUsed',
    width: 124,
    label: 'tokens.col.lastUsed',
    sort: 'accessed_time',
    from: 'wide',
    cell: (token) => <LastUsedText token={token} />,
  },
  {
    id: 'created',
    width: 112,
    label: 'tokens.col.created',
    sort: 'created_time',
    from: 'wide',
    cell: (token) => <CreatedText createdTime={token.created_time} />,
  },
];

const shownIn = (room: Room) =>
  DATA_COLUMNS.filter((column) => ROOMS.indexOf(column.from) <= ROOMS.indexOf(room));
const COLUMNS_IN: Record<Room, readonly DataColumn[]> = {
  narrow: shownIn('narrow'),
  medium: shownIn('medium'),
  wide: shownIn('wide'),
  widest: shownIn('widest'),
};

const AT_ONCE = { getInitialValueInEffect: false };

/** The columns the window has room for (the same array while the room stays the same). */
export function useFittingColumns(): readonly DataColumn[] {
  const medium = useMediaQuery('(min-width: 62em)', false, AT_ONCE);
  const wide = useMediaQuery('(min-width: 75em)', false, AT_ONCE);
  const widest = useMediaQuery('(min-width: 85em)', false, AT_ONCE);
  return COLUMNS_IN[widest ? 'widest' : wide ? 'wide' : medium ? 'medium' : 'narrow'];
}

/** The columns shown, given by the table to its rows. */
export const ShownColumns = createContext<readonly DataColumn[]>(DATA_COLUMNS);

export const useShownColumns = () => use(ShownColumns);
