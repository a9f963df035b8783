import {
  ActionIcon,
  Button,
  Menu,
  Tooltip,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { sessionStore } from '../api/session';
import { useI18n } from '../components/i18n';
import {
  IconActivity,
  IconApi,
  IconLanguage,
  IconLogout,
  IconMenu,
  IconSettings,
  IconSunMoon,
} from '../components/icons';
import { LANGUAGES } from '../lib/i18n/languages';
import { ChoiceItems, ChoiceMenu, type Choice } from './choice-menu';

export type Panel = 'settings' | 'activity' | 'explorer';

/** A header control: icon and word on wide screens, an icon named by a tooltip on narrower ones. */
function HeaderButton({
  label,
  icon,
  compact,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  compact: boolean;
  onClick: () => void;
}) {
  return compact ? (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button variant="default" leftSection={icon} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The language and theme choices, as the header's menus and the phone's menu offer them. */
function useChoices() {
  const { t, language, setLanguage } = useI18n();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const schemes: Choice<MantineColorScheme>[] = [
    { value: 'light', label: t('theme.light') },
    { value: 'dark', label: t('theme.dark') },
    { value: 'auto', label: t('theme.auto') },
  ];
  return {
    language: {
      label: t('header.language'),
      choices: LANGUAGES.map(({ code, label }) => ({ value: code, label, lang: code })),
      current: language,
      onChoose: setLanguage,
    },
    theme: {
      label: t('header.theme'),
      choices: schemes,
      current: colorScheme,
      onChoose: setColorScheme,
    },
  };
}

const logOut = () => sessionStore.end('logout');

/**
 * What is used now and then beside the screens: the activity log, the API explorer, language,
 * theme, settings, logging out. Each its own button where there is room (with its word where
 * there is more), else all in one menu, so the navigation and the key's name keep theirs.
 */
export function HeaderTools({
  onPanel,
  layout,
}: {
  onPanel: (panel: Panel) => void;
  layout: 'words' | 'icons' | 'menu';
}) {
  const { t } = useI18n();
  const choices = useChoices();
  const panels = [
    { panel: 'activity', label: t('header.activity'), icon: <IconActivity /> },
    { panel: 'explorer', label: t('header.api'), icon: <IconApi /> },
    { panel: 'settings', label: t('header.settings'), icon: <IconSettings /> },
  ] as const;

  if (layout === 'menu') {
    return (
      <Menu position="bottom-end" width={220}>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t('header.menu')}>
            <IconMenu />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {panels.map(({ panel, label, icon }) => (
            <Menu.Item key={panel} leftSection={icon} onClick={() => onPanel(panel)}>
              {label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <ChoiceItems {...choices.language} />
          <ChoiceItems {...choices.theme} />
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout />} onClick={logOut}>
            {t('header.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }
  const compact = layout === 'icons';
  const [activity, explorer, settings] = panels.map(({ panel, label, icon }) => (
    <HeaderButton
      key={panel}
      compact={compact}
      label={label}
      icon={icon}
      onClick={() => onPanel(panel)}
    />
  ));
  return (
    <>
      {activity}
      {explorer}
      <ChoiceMenu {...choices.language} icon={<IconLanguage />} />
      <ChoiceMenu {...choices.theme} icon={<IconSunMoon />} />
      {settings}
      <HeaderButton
        compact={compact}
        label={t('header.logout')}
        icon={<IconLogout />}
        onClick={logOut}
      />
    </>
  );
}
