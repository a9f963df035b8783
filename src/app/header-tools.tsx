import '../lib/i18n/en-signed-in';
import { ActionIcon, Button, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { sessionStore } from '../api/session';
import { ControlFirst } from '../components/control-first';
import { useI18n } from '../components/i18n';
import { partAhead } from '../components/lazy-boundary';
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
import type { Choice, Choices } from './choice-menu';

// Fetched once the page is idle, after the screen's first paint (ControlFirst).
const headerTooltip = partAhead(() => import('./header-tooltip').then((part) => part.default));
const headerMenu = partAhead(() => import('./header-menu').then((part) => part.default));
const choiceMenu = partAhead(() => import('./choice-menu').then((part) => part.default));

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
    <ControlFirst
      opens="tooltip"
      control={
        <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick}>
          {icon}
        </ActionIcon>
      }
      part={headerTooltip}
      props={{ label }}
    />
  ) : (
    <Button variant="default" leftSection={icon} onClick={onClick}>
      {label}
    </Button>
  );
}

/** A header button opening a menu of choices. */
function ChoiceButton<T extends string>({ icon, ...choices }: Choices<T> & { icon: ReactNode }) {
  return (
    <ControlFirst
      opens="menu"
      control={
        <ActionIcon variant="default" size="lg" aria-label={choices.label}>
          {icon}
        </ActionIcon>
      }
      part={choiceMenu}
      props={choices}
    />
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
      <ControlFirst
        opens="menu"
        control={
          <ActionIcon variant="default" size="lg" aria-label={t('header.menu')}>
            <IconMenu />
          </ActionIcon>
        }
        part={headerMenu}
        props={{
          panels,
          onPanel,
          language: choices.language,
          theme: choices.theme,
          onLogOut: logOut,
        }}
      />
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
      <ChoiceButton {...choices.language} icon={<IconLanguage />} />
      <ChoiceButton {...choices.theme} icon={<IconSunMoon />} />
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
