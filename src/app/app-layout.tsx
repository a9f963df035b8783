import {
  ActionIcon,
  AppShell,
  Button,
  Container,
  Group,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { sessionStore } from '../api/session';
import { useAccess } from '../components/access';
import { useAddressParam } from '../components/address';
import { useI18n } from '../components/i18n';
import { LazyBoundary, lazyPart } from '../components/lazy-boundary';
import { useReturnFocus } from '../components/use-return-focus';
import {
  IconActivity,
  IconApi,
  IconChart,
  IconHistory,
  IconKey,
  IconLanguage,
  IconLogout,
  IconSettings,
  IconSunMoon,
} from '../components/icons';
import { TokensScreen } from '../features/tokens/tokens-screen';
import { LANGUAGES } from '../lib/i18n/languages';
import { ChoiceMenu, type Choice, type HeaderControlSize } from './choice-menu';

const SettingsDrawer = lazyPart(() => import('../features/settings/settings-drawer'));
const ActivityDrawer = lazyPart(() => import('../features/activity/activity-drawer'));
const ExplorerDrawer = lazyPart(() => import('../features/explorer/explorer-drawer'));
const UsageScreen = lazyPart(() => import('../features/usage/usage-screen'));
const AuditScreen = lazyPart(() => import('../features/audit/audit-screen'));
const TokenDetailsDrawer = lazyPart(
  () => import('../features/tokens/details/token-details-drawer'),
);

/** A token id from the address; anything else opens nothing. */
const detailsId = (value: string | null) =>
  value !== null && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** A header control: icon and word on wide screens, icon with a name on phones. */
function HeaderButton({
  label,
  icon,
  compact,
  size,
  ...props
}: {
  label: string;
  icon: ReactNode;
  compact: boolean;
  size: HeaderControlSize;
  onClick?: () => void;
}) {
  return compact ? (
    <Tooltip label={label}>
      <ActionIcon variant="default" size={size} aria-label={label} {...props}>
        {icon}
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button variant="default" leftSection={icon} {...props}>
      {label}
    </Button>
  );
}

/** Which key the session uses and its role, and on wide screens the server too. */
function KeyLine({ host, phone }: { host: string; phone: boolean }) {
  const { t } = useI18n();
  const { identity } = useAccess();
  const key = identity && { name: identity.name, role: t(`role.${identity.role}`) };
  const line = phone
    ? key && t('header.identity', key)
    : key
      ? t('header.identityAt', { ...key, host })
      : t('header.connectedTo', { host });
  if (!line) return null;
  return (
    <Text size="xs" c="dimmed" lh={1.2} truncate title={line}>
      {line}
    </Text>
  );
}

export function AppLayout({ baseUrl }: { baseUrl: string }) {
  const { t, language, setLanguage } = useI18n();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const narrow = useMediaQuery('(max-width: 75em)', false, { getInitialValueInEffect: false });
  // Smaller on a phone, so the name of the app and of the key keep room beside eight buttons.
  const controlSize: HeaderControlSize = phone ? 'md' : 'lg';
  const [panel, setPanel] = useState<'settings' | 'activity' | 'explorer' | null>(null);
  const [screen, setScreen] = useAddressParam('view');
  const [details, setDetails] = useAddressParam('details');
  const onUsage = screen === 'usage';
  const onAudit = screen === 'audit';
  const detailsOf = detailsId(details);
  useReturnFocus(panel !== null);
  useReturnFocus(detailsOf !== null);
  const schemes: Choice<MantineColorScheme>[] = [
    { value: 'light', label: t('theme.light') },
    { value: 'dark', label: t('theme.dark') },
    { value: 'auto', label: t('theme.auto') },
  ];

  return (
    <AppShell header={{ height: 60 }} padding={phone ? 'sm' : 'md'}>
      <AppShell.Header>
        <Group h="100%" px={phone ? 'sm' : 'md'} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {/* On a phone the header's buttons need the logo's room; the name stays. */}
            {!phone && (
              <ThemeIcon size={32} radius="md" variant="filled">
                <IconKey width={18} height={18} />
              </ThemeIcon>
            )}
            <div style={{ minWidth: 0 }}>
              <Title order={2} size={phone ? 'h5' : 'h4'} lh={1.1}>
                {t('app.name')}
              </Title>
              <KeyLine host={hostOf(baseUrl)} phone={phone} />
            </div>
          </Group>
          <Group gap={phone ? 4 : 'xs'} wrap="nowrap">
            <HeaderButton
              compact={narrow}
              size={controlSize}
              label={t(onUsage ? 'header.tokens' : 'header.usage')}
              icon={onUsage ? <IconKey /> : <IconChart />}
              onClick={() => setScreen(onUsage ? null : 'usage')}
            />
            <HeaderButton
              compact={narrow}
              size={controlSize}
              label={t(onAudit ? 'header.tokens' : 'header.audit')}
              icon={onAudit ? <IconKey /> : <IconHistory />}
              onClick={() => setScreen(onAudit ? null : 'audit')}
            />
            <HeaderButton
              compact={narrow}
              size={controlSize}
              label={t('header.activity')}
              icon={<IconActivity />}
              onClick={() => setPanel('activity')}
            />
            <HeaderButton
              compact={narrow}
              size={controlSize}
              label={t('header.api')}
              icon={<IconApi />}
              onClick={() => setPanel('explorer')}
            />
            <ChoiceMenu
              label={t('header.language')}
              icon={<IconLanguage />}
              choices={LANGUAGES.map(({ code, label }) => ({ value: code, label, lang: code }))}
              current={language}
              onChoose={setLanguage}
              size={controlSize}
            />
            <ChoiceMenu
              label={t('header.theme')}
              icon={<IconSunMoon />}
              choices={schemes}
              current={colorScheme}
              onChoose={setColorScheme}
              size={controlSize}
            />
            <HeaderButton
              compact={narrow}
              size={controlSize}
              label={t('header.settings')}
              icon={<IconSettings />}
              onClick={() => setPanel('settings')}
            />
            <HeaderButton
              compact={phone}
              size={controlSize}
              label={t('header.logout')}
              icon={<IconLogout />}
              onClick={() => sessionStore.end('logout')}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" px={0}>
          {onUsage || onAudit ? (
            <LazyBoundary>{onUsage ? <UsageScreen /> : <AuditScreen />}</LazyBoundary>
          ) : (
            <TokensScreen />
          )}
        </Container>
      </AppShell.Main>
      <LazyBoundary>
        {panel === 'settings' && <SettingsDrawer onClose={() => setPanel(null)} />}
        {panel === 'activity' && <ActivityDrawer onClose={() => setPanel(null)} />}
        {panel === 'explorer' && <ExplorerDrawer onClose={() => setPanel(null)} />}
        {detailsOf !== null && (
          <TokenDetailsDrawer
            key={detailsOf}
            id={detailsOf}
            // In place of the entry that opened them: Back does not open them again.
            onClose={() => setDetails(null, { replace: true })}
          />
        )}
      </LazyBoundary>
    </AppShell>
  );
}
