import '../lib/i18n/en-signed-in';
import { Alert, getThemeColor, Stack, useMantineTheme } from '@mantine/core';
import { notifications, useNotifications, type NotificationData } from '@mantine/notifications';
import { useEffect } from 'react';
import { useI18n } from '../components/i18n';
import classes from './notes-while-unreachable.module.css';

/** As many as the container shows on a phone, so that the notes never cover the page. */
const SHOWN = 2;
/** Mantine's own default, for a note that does not set its time. */
const AUTO_CLOSE_MS = 4_000;

/** One note as an alert, closed by its button or, unless it stays, on its own time. */
function PlainNote({ note }: { note: NotificationData & { id: string } }) {
  const { t } = useI18n();
  const theme = useMantineTheme();
  const { id, autoClose } = note;
  useEffect(() => {
    if (autoClose === false) return;
    const timer = window.setTimeout(
      () => notifications.hide(id),
      typeof autoClose === 'number' ? autoClose : AUTO_CLOSE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [id, autoClose]);
  return (
    <Alert
      variant="default"
      className={classes.note}
      style={{ '--note-color': getThemeColor(note.color ?? theme.primaryColor, theme) }}
      title={note.title}
      withCloseButton={note.allowClose !== false}
      closeButtonLabel={t('action.close')}
      onClose={() => notifications.hide(id)}
    >
      {note.message}
    </Alert>
  );
}

/**
 * The notes, drawn with the app's own alerts, for as long as Mantine's container cannot be
 * fetched: that happens when the server has gone away, which is when a note saying so matters
 * most. Each keeps its colour, title, message and close button, and closes on its own time.
 */
export function NotesWhileUnreachable() {
  // The store gives every note an id as it is shown.
  const shown = useNotifications().notifications.slice(0, SHOWN) as Array<
    NotificationData & { id: string }
  >;
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" className={classes.notes}>
      {shown.map((note) => (
        <PlainNote key={note.id} note={note} />
      ))}
    </Stack>
  );
}
