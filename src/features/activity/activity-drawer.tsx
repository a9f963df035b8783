import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Badge, Button, Code, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { activityLog } from '../../api/activity';
import type { CallRecord } from '../../api/client';
import { sessionStore } from '../../api/session';
import { useStore } from '../../api/store';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { IncludeKeyCheckbox } from '../../components/include-key-checkbox';
import { IconCopy } from '../../components/icons';
import { copyText } from '../../lib/clipboard';
import { toCurl } from '../../lib/curl';
import { formatClock } from '../../lib/time';
import { PlainList } from '../../components/plain-list';

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function statusColor(call: CallRecord): string {
  if (call.status === null) return 'red';
  if (call.ok) return 'teal';
  return call.status >= 500 ? 'red' : 'orange';
}

/** This tab's API calls, each ready to copy as a curl command for a terminal. */
export default function ActivityDrawer({ onClose }: { onClose: () => void }) {
  const { t, locale } = useI18n();
  const calls = useStore(activityLog);
  const [includeKey, setIncludeKey] = useState(false);

  const copy = async (call: CallRecord) => {
    const connection = sessionStore.get().connection;
    try {
      await copyText(
        toCurl(call, {
          adminKey: includeKey ? connection?.adminKey : undefined,
          userId: connection?.userId,
        }),
      );
      notifications.show({ color: 'teal', message: t('activity.copied') });
    } catch (error) {
      notifications.show({ color: 'red', message: describeError(error, t) });
    }
  };

  return (
    <Drawer opened onClose={onClose} title={t('activity.title')} position="right" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('activity.intro')}
        </Text>
        <Group justify="space-between" align="flex-start">
          <IncludeKeyCheckbox checked={includeKey} onChange={setIncludeKey} />
          <Button
            size="xs"
            variant="default"
            onClick={activityLog.clear}
            disabled={calls.length === 0}
          >
            {t('activity.clear')}
          </Button>
        </Group>
        {calls.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {t('activity.empty')}
          </Text>
        ) : (
          <PlainList ordered gap="xs" aria-label={t('activity.list')}>
            {calls.map((call) => (
              <Paper key={call.id} withBorder radius="md" p="sm" component="li">
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="light" color="gray" radius="sm">
                        {call.method}
                      </Badge>
                      <Badge variant="dot" color={statusColor(call)} radius="sm">
                        {call.status ?? t('activity.noAnswer')}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {formatClock(call.startedAt / 1000, locale)} ·{' '}
                        {t('activity.duration', { ms: call.durationMs })}
                      </Text>
                    </Group>
                    <Code fz="xs" style={{ wordBreak: 'break-all' }}>
                      {pathOf(call.url)}
                    </Code>
                    <Text
                      size="xs"
                      c={call.ok ? 'dimmed' : 'red'}
                      style={{ wordBreak: 'break-word' }}
                    >
                      {call.outcome}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconCopy width={14} height={14} />}
                    onClick={() => copy(call)}
                    style={{ flexShrink: 0 }}
                  >
                    {t('activity.copyCurl')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </PlainList>
        )}
      </Stack>
    </Drawer>
  );
}
