import { Button, Group, Textarea } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useI18n } from '../../../components/i18n';

/**
 * Where a message is typed: Enter sends it, Shift+Enter starts a new line (and Enter while an
 * input method is composing a character is the method's). While an answer comes, Stop ends it.
 * A message refused before any answer comes back here, unless something else was typed since.
 */
export function Composer({
  ready,
  busy,
  onSend,
  onStop,
}: {
  /** A key and a model are there to send with. */
  ready: boolean;
  busy: boolean;
  /** Sends; resolves true when the message was refused before any answer. */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
}) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const canSend = ready && !busy && text.trim() !== '';

  const send = async () => {
    if (!canSend) return;
    const sent = text;
    setText('');
    if (await onSend(sent)) setText((typed) => typed || sent);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label={t('tryIt.message')}
          placeholder={t('tryIt.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
        />
        {busy ? (
          <Button color="red" variant="light" onClick={onStop}>
            {t('tryIt.stop')}
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend}>
            {t('tryIt.send')}
          </Button>
        )}
      </Group>
    </form>
  );
}
