import { CloseButton, Text, TextInput } from '@mantine/core';
import { useState, type Ref } from 'react';
import { useI18n } from '../../components/i18n';

/**
 * Names or a pasted key. Each change is searched at once: the server answers in milliseconds,
 * the previous results stay until the new ones arrive, and answers are cached per search.
 * The box keeps its own text, so a keystroke does not redraw the table.
 */
export function SearchBox({
  ref,
  value,
  onSearch,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  onSearch: (search: string) => void;
}) {
  const { t } = useI18n();
  const [text, setText] = useState(value);
  // Back, forward and "Clear filters" change the search underneath the box.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  const change = (next: string) => {
    setText(next);
    onSearch(next);
  };

  return (
    <TextInput
      ref={ref}
      type="search"
      role="searchbox"
      aria-label={t('tokens.search')}
      placeholder={t('tokens.searchPlaceholder')}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text) {
          event.stopPropagation();
          change('');
        }
      }}
      rightSection={
        text ? (
          <CloseButton size="sm" aria-label={t('tokens.clearSearch')} onClick={() => change('')} />
        ) : (
          <Text size="xs" c="dimmed" aria-hidden="true">
            /
          </Text>
        )
      }
      style={{ flex: 1, minWidth: 200 }}
      spellCheck={false}
      autoComplete="off"
    />
  );
}
