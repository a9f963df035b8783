import '../../lib/i18n/en-connect';
import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  type MantineSpacing,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { isApiError } from '../../api/errors';
import { pageOrigin, rememberedServer, type SignOutReason } from '../../api/session';
import { describeError } from '../../components/describe-error';
import { Disclosure } from '../../components/disclosure';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { IconKey } from '../../components/icons';
import type { Translate } from '../../lib/i18n/translate';
import type { ConnectForm } from './connect-form';

const loadConnect = () => import('./connect');
const loadValidation = () => import('./connect-form');

// Validation and the fetch layer are fetched when the page is idle, not before the first paint.
const lazyResolver =
  (t: Translate): Resolver<ConnectForm> =>
  async (values, context, options) => {
    try {
      return (await loadValidation()).connectFormResolver(t)(values, context, options);
    } catch {
      return { values: {}, errors: { root: { type: 'load', message: t('lazy.failedBody') } } };
    }
  };

/** A title with a line that explains it. */
function Heading({
  order,
  title,
  text,
  gap = 0,
}: {
  order: 1 | 2;
  title: string;
  text: string;
  gap?: MantineSpacing;
}) {
  return (
    <Stack gap={gap}>
      <Title order={order} size={order === 1 ? 'h3' : 'h4'}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

export function ConnectScreen({ endedBecause }: { endedBecause: SignOutReason | null }) {
  const { t } = useI18n();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const remembered = rememberedServer();
  const resolver = useMemo(() => lazyResolver(t), [t]);
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
      const outcome = await (await loadConnect()).connect(values);
      if (outcome === 'gateway-key') {
        form.setError('adminKey', { type: 'role', message: t('connect.gatewayKey') });
      }
    } catch (error) {
      const message = describeError(error, t);
      // The server answered about the key; otherwise the address or kind may be what is wrong.
      if (isApiError(error) && ['unauthorized', 'rate-limited', 'rejected'].includes(error.kind)) {
        form.setError('adminKey', { type: 'server', message });
      } else {
        setAdvancedOpen(true);
        form.setError('root', { type: 'server', message });
      }
    }
  });

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Group gap="sm">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconKey width={22} height={22} />
            </ThemeIcon>
            <Heading order={1} title={t('app.name')} text={t('app.tagline')} />
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
              <Heading order={2} title={t('connect.title')} text={t('connect.intro')} gap="md" />
              <PasswordInput
                label={t('connect.adminKey')}
                placeholder={t('connect.adminKeyPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                autoFocus
                error={errors.adminKey?.message}
                visibilityToggleButtonProps={{ 'aria-label': t('connect.showKey') }}
                {...form.register('adminKey')}
              />
              <Disclosure
                id="connect-advanced"
                label={t('connect.advanced')}
                opened={advancedOpen}
                onToggle={() => setAdvancedOpen((open) => !open)}
              >
                <TextInput
                  label={t('connect.serverAddress')}
                  description={t('connect.serverAddressHint')}
                  spellCheck={false}
                  error={errors.serverAddress?.message}
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
                    { value: 'litellm', label: 'LiteLLM' },
                  ]}
                  {...form.register('kind')}
                />
                <TextInput
                  label={t('connect.userId')}
                  description={t('connect.userIdHint')}
                  inputMode="numeric"
                  error={errors.userId?.message}
                  {...form.register('userId')}
                />
              </Disclosure>
              {errors.root && <ErrorAlert>{errors.root.message}</ErrorAlert>}
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
