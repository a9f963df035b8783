import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { useI18n } from '../../components/i18n';

/** Export's menu of formats: a part of its own (ControlFirst draws its button first). */
export default function ExportChoices({
  target,
  opened,
  onExport,
}: {
  target: ReactElement;
  opened: boolean;
  onExport: (format: 'csv' | 'json') => void;
}) {
  const { t } = useI18n();
  return (
    <Menu position="bottom-end" defaultOpened={opened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('export.hint')}</Menu.Label>
        <Menu.Item onClick={() => onExport('csv')}>{t('export.csv')}</Menu.Item>
        <Menu.Item onClick={() => onExport('json')}>{t('export.json')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
