import '../../lib/i18n/en-signed-in';
import { CloseButton, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useBackend } from '../../api/backend-context';
import { useI18n } from '../../components/i18n';
import { looksMasked } from './list-view/list-view-params';
import classes from './search-box.module.css';

/**
 * Names or a pasted key. A change is searched once typing pauses for the server's search delay
 * (briefly where searching is cheap; longer where the server limits how often one may search);
 * Enter searches at once, and clearing never waits. The previous results stay until the new ones
 * arrive, and answers are cached per search. The box keeps its own text, so a keystroke does not
 * redraw the table. A key copied from the list, masked, would find nothing: it is not searched,
 * and the box says to paste the whole key.
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
  const { searchDelayMs } = useBackend();
  const [text, setText] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelPending = () => clearTimeout(pending.current);

  // Back, forward and "Clear filters" change the search underneath the box, and win over typing.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(pending.current), [value]);

  const masked = looksMasked(text);
  const search = (next: string) => {
    cancelPending();
    if (!looksMasked(next)) onSearch(next);
  };
  const change = (next: string) => {
    setText(next);
    if (searchDelayMs === 0 || next === '' || looksMasked(next)) search(next);
    else {
      cancelPending();
      pending.current = setTimeout(() => onSearch(next), searchDelayMs);
    }
  };

  return (
    <TextInput
      ref={ref}
      type="search"
      role="searchbox"
      aria-label={t('tokens.search')}
      placeholder={t('tokens.searchPlaceholder')}
      value={text}
      error={masked && t('tokens.maskedKey')}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text) {
          event.stopPropagation();
          change('');
        } else if (event.key === 'Enter') search(text);
      }}
      rightSection={
        text ? (
          <CloseButton size="sm" aria-label={t('tokens.clearSearch')} onClick={() => change('')} />
        ) : (
          <Text size="xs" c="dimmed" aria-hidden="true" className={classes.shortcut}>
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
