import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { AdminKey } from '../../contract/admin-key';
import { useI18n } from '../../components/i18n';
import { useNow } from '../../components/use-now';
import { formatDate, formatSince } from '../../lib/time';
import { PlainList } from '../../components/plain-list';

/** The admin keys, one card each: a drawer is too narrow for a table of five columns. */
export function AdminKeyList({
  adminKeys,
  onRevoke,
}: {
  adminKeys: AdminKey[];
  onRevoke: (adminKey: AdminKey) => void;
}) {
  const { t, locale } = useI18n();
  const now = useNow();
  return (
    <PlainList gap="xs" aria-label={t('adminKeys.list')}>
      {adminKeys.map((adminKey) => (
        <Paper key={adminKey.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                  {adminKey.name}
                </Text>
                <Badge variant="light" color="gray" tt="none">
                  {t(`role.${adminKey.role}`)}
                </Badge>
              </Group>
              <Code fz="xs" style={{ wordBreak: 'break-all' }}>
                {adminKey.key}
              </Code>
              <Text size="xs" c="dimmed">
                {t('adminKeys.created', { date: formatDate(adminKey.created_time, locale) })}
                {' · '}
                {adminKey.last_used_time === 0
                  ? t('adminKeys.neverUsed')
                  : t('adminKeys.lastUsed', {
                      when: formatSince(adminKey.last_used_time, now, locale, t('time.justNow')),
                    })}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              color="red"
              flex="none"
              aria-label={t('adminKeys.revokeNamed', { name: adminKey.name })}
              onClick={() => onRevoke(adminKey)}
            >
              {t('adminKeys.revoke')}
            </Button>
          </Group>
        </Paper>
      ))}
    </PlainList>
  );
}
