import { zodResolver } from '@hookform/resolvers/zod';
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
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { activityLog } from '../../api/activity';
import { createClient } from '../../api/client';
import { tokendeskBackend } from '../../api/backend';
import { isApiError } from '../../api/errors';
import {
  normalizeServerAddress,
  pageOrigin,
  sessionStore,
  type SignOutReason,
} from '../../api/session';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { IconAlert, IconKey } from '../../components/icons';
import type { MessageKey } from '../../lib/i18n/en';
import { connectFormSchema, type ConnectForm } from './connect-form';

export function ConnectScreen({ endedBecause }: { endedBecause: SignOutReason | null }) {
  const { t } = useI18n();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const form = useForm<ConnectForm>({
    resolver: zodResolver(connectFormSchema),
    defaultValues: { adminKey: '', serverAddress: pageOrigin() },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ adminKey, serverAddress }) => {
    const baseUrl = normalizeServerAddress(serverAddress) ?? pageOrigin();
    const connection = { baseUrl, adminKey: adminKey.trim() };
    try {
      await tokendeskBackend(createClient(connection, { onCall: activityLog.add })).list({
        p: 1,
        size: 1,
      });
      sessionStore.connect(connection);
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
    message && message in { 'connect.keyRequired': 1, 'connect.badAddress': 1 }
      ? t(message as MessageKey)
      : message;

  return (
    <Center mih="100dvh" p="md">
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
                  <TextInput
                    mt="sm"
                    label={t('connect.serverAddress')}
                    description={t('connect.serverAddressHint')}
                    spellCheck={false}
                    error={fieldError(errors.serverAddress?.message)}
                    {...form.register('serverAddress')}
                  />
                </Collapse>
              </Box>
              {errors.root && (
                <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                  {errors.root.message}
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
