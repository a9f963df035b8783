import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { AuditRecord } from '../../contract/audit';
import { formatDateTime, formatSince } from '../../lib/time';
import { useAddressSearch } from '../address';
import { DetailsLink } from '../details-link';
import { useI18n } from '../i18n';
import { auditViewOf } from './audit-address';
import { tokenNameOf } from './audit-changes';
import { AuditLink } from './audit-link';
import { ACTION_WORDS, ROLE_WORDS } from './audit-words';

/** When: the date and time in the person's clock (kept on one line), and how long ago. */
export function RecordTime({ time, now }: { time: number; now: number }) {
  const { t, locale } = useI18n();
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(time, locale)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatSince(time, now, locale, t('time.justNow'))}
      </Text>
    </Stack>
  );
}

/** Who: the admin key's name, its role, and the address the change came from. */
export function RecordActor({ record }: { record: AuditRecord }) {
  const { t } = useI18n();
  const { actor, ip } = record;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {actor.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t(ROLE_WORDS[actor.role])}
        {ip && ` · ${t('audit.fromIp', { ip })}`}
      </Text>
    </Stack>
  );
}

export function ActionText({ record }: { record: AuditRecord }) {
  const { t } = useI18n();
  return (
    <Text size="sm" fw={600}>
      {t(ACTION_WORDS[record.action])}
    </Text>
  );
}

/**
 * The token a record is about, by the name it had, opening its details; nothing otherwise. A
 * token since deleted has no details to open: it is marked so, and leads to all its records
 * (unless they are what is shown).
 */
export function RecordToken({ record }: { record: AuditRecord }) {
  const { t } = useI18n();
  const shownToken = auditViewOf(useAddressSearch()).token_id;
  const { token_id: id } = record;
  if (id === null) return null;
  const name = tokenNameOf(record) ?? t('audit.tokenId', { id });
  if (!record.token_deleted) return <DetailsLink id={id}>{name}</DetailsLink>;
  return (
    <Group gap={6} wrap="wrap" align="center">
      {shownToken === id ? (
        <Text span size="sm" dir="auto">
          {name}
        </Text>
      ) : (
        <AuditLink tokenId={id} title={t('audit.deletedRecords', { name })}>
          {name}
        </AuditLink>
      )}
      <Badge color="gray" variant="light" size="sm" radius="sm" tt="none">
        {t('audit.deleted')}
      </Badge>
    </Group>
  );
}
