import { Anchor, NavLink, Stack, Title } from '@mantine/core';
import '@mantine/core/styles/NavLink.css';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../components/i18n';
import type { MessageKey } from '../../lib/i18n/en';
import type { Resource } from '../../contract/operation';
import { MethodBadge } from './method-badge';
import type { OperationGroup } from './offered-operations';
import { operationSummary } from './operation-texts';
import classes from './explorer.module.css';

const RESOURCE_TITLES: Record<Resource, MessageKey> = {
  tokens: 'explorer.resource.tokens',
  models: 'explorer.resource.models',
  webhooks: 'explorer.resource.webhooks',
  settings: 'explorer.resource.settings',
  admin: 'explorer.resource.admin',
  service: 'explorer.resource.service',
};

interface OperationListProps {
  groups: readonly OperationGroup[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The service's reference page, on this service only. */
  referenceUrl: string | null;
  /** The operation to give the focus to: the one a phone came back from. */
  focusId?: string | null;
}

/** Every operation under its resource: method, summary and path. */
export function OperationList({
  groups,
  selectedId,
  onSelect,
  referenceUrl,
  focusId = null,
}: OperationListProps) {
  const { t } = useI18n();
  const focusRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    focusRef.current?.focus();
  }, [focusId]);

  return (
    <Stack component="nav" aria-label={t('explorer.operations')} gap="md">
      {groups.map((group) => (
        <div key={group.resource}>
          <Title order={3} size="xs" tt="uppercase" c="dimmed" px="sm" mb={4}>
            {t(RESOURCE_TITLES[group.resource])}
          </Title>
          <ul className={classes.plainList}>
            {group.operations.map((operation) => {
              const selected = operation.id === selectedId;
              return (
                <li key={operation.id}>
                  <NavLink
                    component="button"
                    type="button"
                    ref={operation.id === focusId ? focusRef : undefined}
                    active={selected}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => onSelect(operation.id)}
                    leftSection={<MethodBadge method={operation.method} />}
                    label={operationSummary(operation, t)}
                    description={operation.path}
                    classNames={{ description: classes.mono }}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {referenceUrl && (
        <Anchor href={referenceUrl} target="_blank" rel="noopener noreferrer" size="sm" px="sm">
          {t('explorer.reference')}
        </Anchor>
      )}
    </Stack>
  );
}
