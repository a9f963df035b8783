import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Collapse,
  Group,
  Paper,
  PasswordInput,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { isApiError } from '../../api/errors';
import { pageOrigin, rememberedServer, type SignOutReason } from '../../api/session';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { IconAlert, IconKey } from '../../components/icons';
import type { MessageKey } from '../../lib/i18n/en';
import type { ConnectForm } from './connect-form';

const loadConnect = () => import('./connect');
const loadValidation = () => import('./connect-form');

// Validation and the fetch layer are fetched when the page is idle, not before the first paint.
const resolver: Resolver<ConnectForm> = async (values, context, options) => {
  try {
    return (await loadValidation()).connectFormResolver(values, context, options);
  } catch {
    return { values: {}, errors: { root: { type: 'load', message: 'lazy.failedBody' } } };
  }
};

export function ConnectScreen({ endedBecause }: { endedBecause: SignOutReason | null }) {
  const { t } = useI18n();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const remembered = rememberedServer();
  const form = useForm<ConnectForm>({
    resolver,
    defaultValues: {
      adminKey: '',
      serverAddress: remembered?.address ?? pageOrigin(),
      kind: remembered?.kind ?? 'auto',
      userId: remembered?.userId ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await (await loadConnect()).connect(values);
    } catch (error) {
      if (isApiError(error) && ['unauthorized', 'rate-limited', 'rejected'].includes(error.kind)) {
        form.setError('adminKey', { message: describeError(error, t) });
      } else {
        setAdvancedOpen(true);
        form.setError('root', { message: describeError(error, t) });
      }
    }
  });

  const fieldError = (message: string | undefined) =>
    message && /^(connect|lazy)\./.test(message) ? t(message as MessageKey) : message;

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Group gap="sm">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconKey width={22} height={22} />
            </ThemeIcon>
            <Box>
              <Title order={1} size="h3">
                {t('app.name')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('app.tagline')}
              </Text>
            </Box>
          </Group>
          {endedBecause && (
            <Alert
              color={endedBecause === 'rejected' ? 'red' : 'blue'}
              variant="light"
              role={endedBecause === 'rejected' ? 'alert' : 'status'}
            >
              {t(endedBecause === 'rejected' ? 'connect.rejected' : 'connect.loggedOut')}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('connect.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('connect.intro')}
              </Text>
              <PasswordInput
                label={t('connect.adminKey')}
                placeholder={t('connect.adminKeyPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                autoFocus
                error={fieldError(errors.adminKey?.message)}
                visibilityToggleButtonProps={{ 'aria-label': t('connect.showKey') }}
                {...form.register('adminKey')}
              />
              <Box>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setAdvancedOpen((open) => !open)}
                  aria-expanded={advancedOpen}
                  aria-controls="connect-advanced"
                >
                  {t('connect.advanced')}
                </Anchor>
                <Collapse expanded={advancedOpen} id="connect-advanced">
                  <Stack gap="sm" mt="sm">
                    <TextInput
                      label={t('connect.serverAddress')}
                      description={t('connect.serverAddressHint')}
                      spellCheck={false}
                      error={fieldError(errors.serverAddress?.message)}
                      {...form.register('serverAddress')}
                    />
                    <NativeSelect
                      label={t('connect.kind')}
                      description={t('connect.kindHint')}
                      data={[
                        { value: 'auto', label: t('connect.kindAuto') },
                        { value: 'tokendesk', label: 'Tokendesk' },
                        { value: 'one-api', label: 'one-api' },
                        { value: 'new-api', label: 'new-api' },
                      ]}
                      {...form.register('kind')}
                    />
                    <TextInput
                      label={t('connect.userId')}
                      description={t('connect.userIdHint')}
                      inputMode="numeric"
                      error={fieldError(errors.userId?.message)}
                      {...form.register('userId')}
                    />
                  </Stack>
                </Collapse>
              </Box>
              {errors.root && (
                <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                  {fieldError(errors.root.message)}
                </Alert>
              )}
              <Button type="submit" loading={isSubmitting} fullWidth>
                {t('connect.submit')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
