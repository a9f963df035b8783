import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Menu, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useI18n } from '../../components/i18n';
import type { BulkKind } from './bulk-dialog';

/**
 * The changes of quota, expiry, refills and limits, which take a form each: a part of its own
 * (ControlFirst draws its button first).
 */
export default function BulkUpdateMenu({
  target,
  opened,
  onAction,
  lifecycleMissing,
}: {
  target: ReactElement;
  opened: boolean;
  onAction: (kind: BulkKind) => void;
  lifecycleMissing: 'gateway' | null;
}) {
  const { t } = useI18n();
  return (
    <Menu position="bottom-end" defaultOpened={opened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('set-quota')}>{t('bulk.setQuota')}</Menu.Item>
        <Menu.Item onClick={() => onAction('add-quota')}>{t('bulk.addQuota')}</Menu.Item>
        <Menu.Item onClick={() => onAction('set-expiry')}>{t('bulk.setExpiry')}</Menu.Item>
        {/* Refills and rate limits exist on this service only; elsewhere the item says why not. */}
        <Menu.Item onClick={() => onAction('set-lifecycle')} disabled={lifecycleMissing !== null}>
          {t('bulk.setLifecycle')}
          {lifecycleMissing !== null && (
            <Text size="xs" c="dimmed" maw={240}>
              {t('lifecycle.gateway')}
            </Text>
          )}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
