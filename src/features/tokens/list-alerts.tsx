import '../../lib/i18n/en-signed-in';
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { isApiError } from '../../api/errors';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { IconAlert } from '../../components/icons';

/** While every token is fetched to search, filter or sort here: how many have arrived. */
export function ScanAlert({ loaded }: { loaded: number }) {
  const { t } = useI18n();
  return (
    <Alert color="blue" variant="light" role="status" title={t('tokens.scanningTitle')}>
      <Stack gap={6}>
        <Text size="sm">{t('tokens.scanning', { count: loaded })}</Text>
        <Progress value={100} animated size="sm" aria-label={t('tokens.scanningTitle')} />
      </Stack>
    </Alert>
  );
}

/** Why the tokens could not be loaded, whether it is retried by itself, and a Retry button. */
export function LoadFailedAlert({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlert />}
      title={t('tokens.loadFailed')}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeError(error, t)}</Text>
        {isApiError(error) && error.transient && (
          <Text size="xs" c="dimmed">
            {t('tokens.retrying')}
          </Text>
        )}
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {t('tokens.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
