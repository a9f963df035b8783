import '../lib/i18n/en-signed-in';
import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { useAccess } from '../components/access';
import { useI18n } from '../components/i18n';
import { IconKey } from '../components/icons';

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** Which key the session uses and its role, and on wider screens the server too. */
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

/** The app's name, and beneath it who is signed in where. */
export function HeaderBrand({ baseUrl, phone }: { baseUrl: string; phone: boolean }) {
  const { t } = useI18n();
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      {/* On a phone the key's name needs the logo's room; the app's name stays. */}
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
  );
}
