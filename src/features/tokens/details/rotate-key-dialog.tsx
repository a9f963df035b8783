import '../../../lib/i18n/en-parts';
import '../../../components/part-styles';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { useState } from 'react';
import type { Token } from '../../../contract/token';
import type { RotateResult } from '../../../contract/verify';
import { describeError } from '../../../components/describe-error';
import { DialogButtons } from '../../../components/dialog-buttons';
import { ErrorAlert } from '../../../components/error-alert';
import { useI18n } from '../../../components/i18n';
import { CopyAction, WholeKey } from '../../../components/whole-key';
import { IconAlert } from '../../../components/icons';
import { formatDateTime, formatRelative, nowSeconds } from '../../../lib/time';
import { useRotateKey, type RotateKey } from '../api/rotate-key';

/** How long the old key keeps working, in seconds: the choices the service's limit allows. */
export const GRACE_CHOICES = { now: 0, hour: 3_600, day: 86_400, week: 604_800 } as const;
type GraceChoice = keyof typeof GRACE_CHOICES;

function RotatedKey({ result, onClose }: { result: RotateResult; onClose: () => void }) {
  const { t, locale } = useI18n();
  const until = result.previous_key_valid_until;
  const oldKeyWorks = until > nowSeconds();
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlert />}>
        {t('newKey.warningKept')}
      </Alert>
      <WholeKey label={t('rotate.newKey')} value={`sk-${result.key}`} />
      <Text size="sm" role="status">
        {oldKeyWorks
          ? t('rotate.oldWorksUntil', { time: formatDateTime(until, locale) })
          : t('rotate.oldStopped')}
      </Text>
      <Group justify="flex-end" gap="sm" align="flex-start">
        <CopyAction text={`sk-${result.key}`} label={t('action.copy')} />
        <Button variant="default" onClick={onClose}>
          {t('newKey.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Replaces a token's key; the old one may keep working for a while, so clients can move over. */
export function RotateKeyDialog({
  token,
  rotateKey,
  onClose,
}: {
  token: Token;
  rotateKey: RotateKey;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const [grace, setGrace] = useState<GraceChoice>('day');
  const rotate = useRotateKey(rotateKey);
  const seconds = GRACE_CHOICES[grace];
  const now = nowSeconds();

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('rotate.title', { name: token.name })}
      size="lg"
      // The new key is shown once: a stray click outside must not lose it.
      closeOnClickOutside={!rotate.data}
    >
      {rotate.data ? (
        <RotatedKey result={rotate.data} onClose={onClose} />
      ) : (
        <Stack gap="md">
          <Radio.Group
            label={t('rotate.grace')}
            description={t('rotate.graceHint')}
            value={grace}
            onChange={(value) => setGrace(value as GraceChoice)}
          >
            <Stack gap={6} mt="xs">
              {(Object.keys(GRACE_CHOICES) as GraceChoice[]).map((choice) => (
                <Radio key={choice} value={choice} label={t(`rotate.grace.${choice}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Alert color={seconds === 0 ? 'red' : 'yellow'} variant="light" icon={<IconAlert />}>
            {seconds === 0
              ? t('rotate.warnNow')
              : t('rotate.warnGrace', {
                  time: formatDateTime(now + seconds, locale),
                  relative: formatRelative(now + seconds, now, locale),
                })}
          </Alert>
          {rotate.isError && (
            <ErrorAlert title={t('rotate.failed')}>{describeError(rotate.error, t)}</ErrorAlert>
          )}
          <DialogButtons
            confirmLabel={t('rotate.confirm')}
            onCancel={onClose}
            onConfirm={() => rotate.mutate({ id: token.id, graceSeconds: seconds })}
            busy={rotate.isPending}
            danger={seconds === 0}
          />
        </Stack>
      )}
    </Modal>
  );
}
