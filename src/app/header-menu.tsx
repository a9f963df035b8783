import '../lib/i18n/en-signed-in';
import '../components/part-styles';
import { Menu } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useI18n } from '../components/i18n';
import { IconLogout } from '../components/icons';
import { ChoiceItems, type Choices } from './choice-menu';
import type { MantineColorScheme } from '@mantine/core';
import type { Language } from '../lib/i18n/languages';
import type { Panel } from './header-tools';

export interface HeaderPanel {
  panel: Panel;
  label: string;
  icon: ReactNode;
}

/**
 * Where the header has no room for its tools: all of them in one menu. A part of its own
 * (ControlFirst draws the menu's button first).
 */
export default function HeaderMenu({
  target,
  opened,
  panels,
  onPanel,
  language,
  theme,
  onLogOut,
}: {
  target: ReactElement;
  opened: boolean;
  panels: readonly HeaderPanel[];
  onPanel: (panel: Panel) => void;
  language: Choices<Language>;
  theme: Choices<MantineColorScheme>;
  onLogOut: () => void;
}) {
  const { t } = useI18n();
  return (
    <Menu position="bottom-end" width={220} defaultOpened={opened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {panels.map(({ panel, label, icon }) => (
          <Menu.Item key={panel} leftSection={icon} onClick={() => onPanel(panel)}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <ChoiceItems {...language} />
        <ChoiceItems {...theme} />
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout />} onClick={onLogOut}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
