import '../lib/i18n/en-signed-in';
import { Alert, Box, getThemeColor, Stack, useMantineTheme } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useI18n } from '../components/i18n';
import classes from './notes-while-unreachable.module.css';

/** As many as the container shows on a phone, so that the notes never cover the page. */
const SHOWN = 2;
/** Mantine's own default, for a note that does not set its time. */
const AUTO_CLOSE_MS = 4_000;

/**
 * The notes, drawn with the app's own alerts, for as long as Mantine's container cannot be
 * fetched: that happens when the server has gone away, which is when a note saying so matters
 * most. Each keeps its colour, title, message and close button, and closes on its own time.
 */
export function NotesWhileUnreachable() {
  const { t } = useI18n();
  const theme = useMantineTheme();
  const shown = useNotifications().notifications.slice(0, SHOWN);
  const timed = shown.filter((note) => note.autoClose !== false);
  const timedIds = timed.map((note) => note.id).join(' ');
  useEffect(() => {
    const timers = timed.map((note) =>
      window.setTimeout(
        () => notifications.hide(note.id!),
        typeof note.autoClose === 'number' ? note.autoClose : AUTO_CLOSE_MS,
      ),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
    // Timed by which notes show, not by each render's new array of them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timedIds]);
  if (shown.length === 0) return null;
  return (
    <Box className={classes.notes}>
      <Stack gap="xs">
        {shown.map((note) => (
          <Alert
            key={note.id}
            role="alert"
            variant="default"
            className={classes.note}
            style={{ '--note-color': getThemeColor(note.color ?? theme.primaryColor, theme) }}
            title={note.title}
            withCloseButton={note.allowClose !== false}
            closeButtonLabel={t('action.close')}
            onClose={() => notifications.hide(note.id!)}
          >
            {note.message}
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
