import '../lib/i18n/en-signed-in';
import { Button, Group, UnstyledButton } from '@mantine/core';
import type { MouseEvent } from 'react';
import { addressWith } from '../components/address';
import { useI18n } from '../components/i18n';
import { IconChart, IconChat, IconHistory, IconKey, IconLayers } from '../components/icons';
import type { MessageKey } from '../lib/i18n/en';
import classes from './screen-nav.module.css';

/**
 * The screens, in the order the navigation lists them, each under its `view` in the address (the
 * tokens screen under none). A screen added here gets its place on every width.
 */
export const SCREENS = [
  { view: null, label: 'header.tokens', Icon: IconKey },
  { view: 'usage', label: 'header.usage', Icon: IconChart },
  { view: 'models', label: 'header.models', Icon: IconLayers },
  { view: 'audit', label: 'header.audit', Icon: IconHistory },
  { view: 'playground', label: 'header.playground', Icon: IconChat },
] as const satisfies ReadonlyArray<{
  view: string | null;
  label: MessageKey;
  Icon: typeof IconKey;
}>;

export type ScreenView = (typeof SCREENS)[number]['view'];

/** The screen an address's `view` names; anything else shows the tokens. */
export const screenOf = (view: string | null): ScreenView =>
  SCREENS.find((screen) => screen.view === view)?.view ?? null;

/** A plain click is handled here; one asking for a new tab or window is the browser's. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * Links to every screen, the same ones in the same places on each, the one shown marked as the
 * current page: in the header, or along the foot of a phone's screen (`bar`).
 */
export function ScreenNav({
  current,
  onGo,
  bar = false,
}: {
  current: ScreenView;
  onGo: (view: ScreenView) => void;
  bar?: boolean;
}) {
  const { t } = useI18n();
  const links = SCREENS.map(({ view, label, Icon }) => {
    const here = view === current;
    const props = {
      component: 'a' as const,
      href: addressWith({ view }),
      'aria-current': here ? ('page' as const) : undefined,
      onClick: (event: MouseEvent) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        if (!here) onGo(view);
      },
    };
    return bar ? (
      <UnstyledButton key={label} className={classes.barLink} {...props}>
        <Icon width={20} height={20} />
        {t(label)}
      </UnstyledButton>
    ) : (
      <Button
        key={label}
        variant={here ? 'light' : 'subtle'}
        color={here ? undefined : 'gray'}
        leftSection={<Icon />}
        {...props}
      >
        {t(label)}
      </Button>
    );
  });
  return (
    <nav aria-label={t('header.screens')} className={bar ? classes.bar : undefined}>
      {bar ? (
        links
      ) : (
        <Group gap={4} wrap="nowrap">
          {links}
        </Group>
      )}
    </nav>
  );
}
