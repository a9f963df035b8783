import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBackend } from '../../api/backend-context';
import { auditKeys } from '../../components/audit/use-audit';
import { useI18n } from '../../components/i18n';

const TOKEN_ID = /^[1-9]\d{0,14}$/;
const CHOICES = 10;

/**
 * The token whose records are shown, picked by name through the server's search, or by id:
 * a deleted token is no longer found by name, and its id is what its records keep.
 */
export function TokenFilter({
  value,
  knownName,
  onChange,
}: {
  value: number | undefined;
  /** The chosen token's name as its records give it, when they are on the page. */
  knownName: string | null;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useI18n();
  const backend = useBackend();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [keyword] = useDebouncedValue(search.trim(), backend.searchDelayMs);
  const typedId = TOKEN_ID.test(search.trim()) ? Number(search.trim()) : null;
  const matches = useQuery({
    queryKey: [...auditKeys.all, 'token-choices', keyword],
    // By name while searching, so a name typed whole comes before the longer names holding it.
    queryFn: () =>
      backend.list({ p: 1, size: CHOICES, keyword, ...(keyword ? { order: 'name' } : {}) }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });

  const idLabel = (id: number) => t('audit.tokenId', { id });
  const choices = new Map<number, string>();
  if (typedId !== null) choices.set(typedId, idLabel(typedId));
  for (const token of matches.data?.items ?? []) choices.set(token.id, token.name);
  if (value !== undefined && !choices.has(value)) choices.set(value, knownName ?? idLabel(value));

  return (
    <Select
      label={t('audit.filter.token')}
      placeholder={t('audit.filter.tokenPlaceholder')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('audit.filter.clearToken') }}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      // The server has searched already; an id typed is offered as it is.
      filter={({ options }) => options}
      nothingFoundMessage={t('audit.filter.noToken')}
      // In the page's main landmark; a few choices at most, so the list is shown whole, with no
      // scrolling box that the keyboard could not reach.
      comboboxProps={{ withinPortal: false }}
      withScrollArea={false}
      data={[...choices].map(([id, name]) => ({ value: String(id), label: name }))}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
    />
  );
}
