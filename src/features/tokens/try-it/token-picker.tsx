import '../../../lib/i18n/en-parts';
import '../../../components/part-styles';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBackend } from '../../../api/backend-context';
import { useI18n } from '../../../components/i18n';
import { tokenKeys } from '../api/keys';

const CHOICES = 10;

/** The token to try, found by name through the server's search as one types. */
export function TokenPicker({
  value,
  knownName,
  onChange,
}: {
  value: number | null;
  /** The chosen token's name, once it is loaded. */
  knownName: string | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useI18n();
  const backend = useBackend();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [keyword] = useDebouncedValue(search.trim(), backend.searchDelayMs);
  const matches = useQuery({
    queryKey: [...tokenKeys.all, 'picker', keyword],
    // By name while searching: a name typed whole ("Customer 1") comes before the longer names
    // holding it ("Customer 10" to "Customer 19"), which would otherwise fill the choices.
    queryFn: () =>
      backend.list(
        keyword ? { p: 1, size: CHOICES, keyword, order: 'name' } : { p: 1, size: CHOICES },
      ),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const choices = new Map<number, string>();
  for (const token of matches.data?.items ?? []) choices.set(token.id, token.name);
  if (value !== null && !choices.has(value)) choices.set(value, knownName ?? `#${value}`);

  return (
    <Select
      label={t('playground.token')}
      placeholder={t('playground.tokenPlaceholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      // The server has searched already.
      filter={({ options }) => options}
      nothingFoundMessage={t('playground.noToken')}
      // In the page's main landmark, the few choices shown whole.
      comboboxProps={{ withinPortal: false }}
      withScrollArea={false}
      data={[...choices].map(([id, name]) => ({ value: String(id), label: name }))}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      allowDeselect={false}
      style={{ flex: '0 1 20rem', minWidth: 0 }}
    />
  );
}
