import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ChatRefusal, ChatRefusalKind } from '../../../api/chat-refusal';
import { useI18n } from '../../../components/i18n';

/** Refusals that a change to the token can lift: adding quota, a model, an expiry, … */
const FIXED_BY_EDITING: readonly ChatRefusalKind[] = [
  'quota',
  'model',
  'key-disabled',
  'key-expired',
  'address',
];

/**
 * A refusal as the client gets it (its status, code and the server's words), under a title that
 * says what it means and what to do, with the way to do it where the key's role allows.
 */
export function RefusalAlert({
  refusal,
  onEdit,
  onRevealAgain,
}: {
  refusal: ChatRefusal;
  /** Opens the token's form; absent where the key's role may not change the token. */
  onEdit?: () => void;
  onRevealAgain?: () => void;
}) {
  const { t } = useI18n();
  const title =
    refusal.kind === 'rate-limited'
      ? refusal.retryAfter === null
        ? t('tryIt.refused.rateLimitedSoon')
        : t('tryIt.refused.rate-limited', { seconds: refusal.retryAfter })
      : t(`tryIt.refused.${refusal.kind}`);
  const code = refusal.code ? ` · ${refusal.code}` : '';
  const detail =
    refusal.status === null
      ? refusal.kind === 'network'
        ? refusal.message
        : t('tryIt.clientGetsMidway', { code, message: refusal.message })
      : t('tryIt.clientGets', { status: refusal.status, code, message: refusal.message });
  const editable = onEdit && FIXED_BY_EDITING.includes(refusal.kind);
  const revealable = onRevealAgain && refusal.kind === 'key-unknown';
  return (
    <Alert color={refusal.kind === 'upstream' ? 'orange' : 'red'} variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
        {(editable || revealable) && (
          <Group gap="xs">
            {editable && (
              <Button size="xs" variant="light" onClick={onEdit}>
                {t('tryIt.editToken')}
              </Button>
            )}
            {revealable && (
              <Button size="xs" variant="light" onClick={onRevealAgain}>
                {t('tryIt.revealAgain')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
