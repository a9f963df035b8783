import '../../lib/i18n/en-signed-in';
import { Checkbox } from '@mantine/core';
import type { Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';

/** A token's own box, named after it: a page shows many. */
export function TokenSelectBox({
  token,
  selected,
  onSelect,
  mt,
}: {
  token: Token;
  selected: boolean;
  onSelect: (token: Token, selected: boolean) => void;
  mt?: number;
}) {
  const { t } = useI18n();
  return (
    <Checkbox
      mt={mt}
      aria-label={t('tokens.select', { name: token.name })}
      checked={selected}
      onChange={(event) => onSelect(token, event.currentTarget.checked)}
    />
  );
}

/** How much of the shown page is selected: one word, so a memoised head can compare it. */
export type PageSelection = 'empty' | 'none' | 'some' | 'all';

export function pageSelection(
  tokens: Token[] | undefined,
  selected: ReadonlySet<number>,
): PageSelection {
  if (!tokens?.length) return 'empty';
  const count = tokens.filter((token) => selected.has(token.id)).length;
  return count === 0 ? 'none' : count === tokens.length ? 'all' : 'some';
}

/** "Select all on this page": a labelled box above the cards, a bare one in the table's head. */
export function PageSelectBox({
  page,
  onSelectPage,
  visibleLabel,
}: {
  page: PageSelection;
  onSelectPage: (selected: boolean) => void;
  visibleLabel: boolean;
}) {
  const { t } = useI18n();
  const label = t('tokens.selectPage');
  return (
    <Checkbox
      label={visibleLabel ? label : undefined}
      aria-label={visibleLabel ? undefined : label}
      checked={page === 'all'}
      indeterminate={page === 'some'}
      disabled={page === 'empty'}
      onChange={(event) => onSelectPage(event.currentTarget.checked)}
    />
  );
}
