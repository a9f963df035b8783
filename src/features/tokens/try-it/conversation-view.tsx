import { Badge, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useBackend } from '../../../api/backend-context';
import { useI18n } from '../../../components/i18n';
import { RefusalAlert } from './refusal-alert';
import { ReplyFacts } from './reply-facts';
import classes from './try-it.module.css';
import type { Turn } from './use-conversation';

/** Within this of the foot, the conversation follows an answer as it grows. */
const FOLLOW_PX = 48;

/**
 * The messages sent and the answers as they stream in, each reply with its tokens and cost, a
 * refusal where the reply would be. It follows the newest text unless the person scrolled up.
 */
export function ConversationView({
  turns,
  busy,
  onEdit,
  onRevealAgain,
}: {
  turns: Turn[];
  busy: boolean;
  onEdit?: () => void;
  onRevealAgain: () => void;
}) {
  const { t } = useI18n();
  const { kind } = useBackend();
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useLayoutEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [turns]);

  return (
    <div
      ref={box}
      className={classes.conversation}
      role="log"
      aria-label={t('tryIt.conversation')}
      // Read out once an answer is complete, not word by word.
      aria-busy={busy}
      // Scrollable content must be reachable from the keyboard.
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX;
      }}
    >
      {turns.length === 0 && (
        <Stack gap="xs" m="auto" px="md" maw="32rem">
          <Text size="sm" c="dimmed" ta="center">
            {t('tryIt.empty')}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {t('tryIt.keyNote')}
          </Text>
          {kind !== 'tokendesk' && (
            <Text size="xs" c="dimmed" ta="center">
              {t('tryIt.pricesElsewhere', { kind })}
            </Text>
          )}
        </Stack>
      )}
      {turns.map((turn) => (
        <div key={turn.id} className={classes.turn}>
          <div className={classes.question}>
            <VisuallyHidden>{t('tryIt.you')}: </VisuallyHidden>
            {turn.question}
          </div>
          {turn.state !== 'refused' && (
            <article
              className={classes.answer}
              aria-label={t('tryIt.answer', { model: turn.model })}
            >
              <Group gap="xs" mb={4}>
                <Text size="xs" c="dimmed" fw={500}>
                  {turn.model}
                </Text>
                {turn.state === 'streaming' && <Loader size={12} type="dots" />}
                {turn.state === 'stopped' && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('tryIt.stopped')}
                  </Badge>
                )}
              </Group>
              {turn.answer === '' && turn.state === 'streaming' ? (
                <Text size="sm" c="dimmed">
                  {t('tryIt.waiting')}
                </Text>
              ) : (
                <Text size="sm" className={classes.answerText}>
                  {turn.answer}
                </Text>
              )}
              {turn.state !== 'streaming' && <ReplyFacts turn={turn} />}
            </article>
          )}
          {turn.refusal && (
            <RefusalAlert refusal={turn.refusal} onEdit={onEdit} onRevealAgain={onRevealAgain} />
          )}
        </div>
      ))}
    </div>
  );
}
