import '../../lib/i18n/en-parts';
import { Button, Group, NativeSelect } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useBackend } from '../../api/backend-context';
import { useAccess } from '../../components/access';
import { auditKeys } from '../../components/audit/use-audit';
import { ADMIN_KEY_ID, ADMIN_KEY_NAME } from '../../contract/admin-key';
import { AUDIT_ACTIONS, type AuditAction, type AuditRecord } from '../../contract/audit';
import type { AuditFilters as Filters } from '../../components/audit/audit-address';
import { tokenNameOf } from '../../components/audit/audit-changes';
import { ACTION_WORDS } from '../../components/audit/audit-words';
import { useI18n } from '../../components/i18n';
import { TokenFilter } from './token-filter';

const ANY = '';

/**
 * The people to choose from: ADMIN_KEY, every admin key where this key may list them, those on
 * the page (a revoked key is listed no more), and the one chosen.
 */
function useActorChoices(records: readonly AuditRecord[], chosen: number | undefined) {
  const backend = useBackend();
  const { may } = useAccess();
  const { adminKeys } = backend;
  const listed = useQuery({
    queryKey: [...auditKeys.all, 'admin-keys'],
    queryFn: adminKeys && may('admin_keys.manage') ? () => adminKeys.list() : skipToken,
  });
  const actors = new Map<number, string | null>([[ADMIN_KEY_ID, ADMIN_KEY_NAME]]);
  for (const key of listed.data ?? []) actors.set(key.id, key.name);
  for (const { actor } of records) actors.set(actor.id, actor.name);
  if (chosen !== undefined && !actors.has(chosen)) actors.set(chosen, null);
  return actors;
}

/** Which token, whose changes and which kind of change; each kept in the address. */
export function AuditFilters({
  filters,
  records,
  onFilters,
  phone,
}: {
  filters: Filters;
  /** The page shown, from which the chosen token's name and the people seen are known. */
  records: readonly AuditRecord[];
  onFilters: (change: Partial<Filters>) => void;
  phone: boolean;
}) {
  const { t } = useI18n();
  const tokenRecord = records.find((record) => record.token_id === filters.token_id);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const actors = useActorChoices(records, filters.actor);
  const actorLabel = (id: number, name: string | null) => name ?? t('audit.actorId', { id });
  // On a phone the token takes a row, and the two short choices share the next.
  return (
    <Group gap="sm" align="flex-end" wrap={phone ? 'wrap' : 'nowrap'}>
      <div style={{ flex: phone ? '1 1 100%' : '1 1 18rem' }}>
        <TokenFilter
          value={filters.token_id}
          knownName={tokenRecord ? tokenNameOf(tokenRecord) : null}
          onChange={(token_id) => onFilters({ token_id })}
        />
      </div>
      <NativeSelect
        label={t('audit.filter.actor')}
        style={{ flex: phone ? '1 1 8rem' : '0 1 14rem' }}
        value={filters.actor === undefined ? ANY : String(filters.actor)}
        onChange={({ currentTarget: { value } }) =>
          onFilters({ actor: value === ANY ? undefined : Number(value) })
        }
        data={[
          { value: ANY, label: t('audit.filter.anyActor') },
          ...[...actors].map(([id, name]) => ({
            value: String(id),
            label: actorLabel(id, name),
          })),
        ]}
      />
      <NativeSelect
        label={t('audit.filter.action')}
        style={{ flex: phone ? '1 1 8rem' : '0 1 14rem' }}
        value={filters.action ?? ANY}
        onChange={({ currentTarget: { value } }) =>
          onFilters({ action: value === ANY ? undefined : (value as AuditAction) })
        }
        data={[
          { value: ANY, label: t('audit.filter.anyAction') },
          ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(ACTION_WORDS[action]) })),
        ]}
      />
      {filtered && (
        <Button
          variant="subtle"
          onClick={() => onFilters({ token_id: undefined, actor: undefined, action: undefined })}
        >
          {t('audit.clearFilters')}
        </Button>
      )}
    </Group>
  );
}
