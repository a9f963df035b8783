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

/** How much of the shown page is selected. */
function pageSelection(tokens: Token[] | undefined, selected: ReadonlySet<number>) {
  const ids = tokens?.map((token) => token.id) ?? [];
  const count = ids.filter((id) => selected.has(id)).length;
  return {
    empty: ids.length === 0,
    all: ids.length > 0 && count === ids.length,
    some: count > 0 && count < ids.length,
  };
}

/** "Select all on this page": a labelled box above the cards, a bare one in the table's head. */
export function PageSelectBox({
  tokens,
  selected,
  onSelectPage,
  visibleLabel,
}: {
  tokens: Token[] | undefined;
  selected: ReadonlySet<number>;
  onSelectPage: (selected: boolean) => void;
  visibleLabel: boolean;
}) {
  const { t } = useI18n();
  const page = pageSelection(tokens, selected);
  const label = t('tokens.selectPage');
  return (
    <Checkbox
      label={visibleLabel ? label : undefined}
      aria-label={visibleLabel ? undefined : label}
      checked={page.all}
      indeterminate={page.some}
      disabled={page.empty}
      onChange={(event) => onSelectPage(event.currentTarget.checked)}
    />
  );
}
