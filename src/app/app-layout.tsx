import { Box, Container, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { useAddressParam } from '../components/address';
import { LazyBoundary, lazyPart } from '../components/lazy-boundary';
import { useReturnFocus } from '../components/use-return-focus';
import { TokensScreen } from '../features/tokens/tokens-screen';
import { HeaderBrand } from './header-brand';
import { HeaderTools, type Panel } from './header-tools';
import { ScreenNav, screenOf, type ScreenView } from './screen-nav';
import classes from './app-layout.module.css';

const SettingsDrawer = lazyPart(() => import('../features/settings/settings-drawer'));
const ActivityDrawer = lazyPart(() => import('../features/activity/activity-drawer'));
const ExplorerDrawer = lazyPart(() => import('../features/explorer/explorer-drawer'));
const UsageScreen = lazyPart(() => import('../features/usage/usage-screen'));
const AuditScreen = lazyPart(() => import('../features/audit/audit-screen'));
const ModelsScreen = lazyPart(() => import('../features/models/models-screen'));
const PlaygroundScreen = lazyPart(() => import('../features/tokens/try-it/playground-screen'));
const TokenDetailsDrawer = lazyPart(
  () => import('../features/tokens/details/token-details-drawer'),
);

/** A token id from the address; anything else opens nothing. */
const detailsId = (value: string | null) =>
  value !== null && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;

/** Read on the first render, so the first layout drawn is the one that stays. */
const AT_ONCE = { getInitialValueInEffect: false };

/** The screens but the tokens', each a part of its own, loaded when first shown. */
const LAZY_SCREENS: Record<NonNullable<ScreenView>, typeof UsageScreen> = {
  usage: UsageScreen,
  audit: AuditScreen,
  models: ModelsScreen,
  playground: PlaygroundScreen,
};

export function AppLayout({ baseUrl }: { baseUrl: string }) {
  const phone = useMediaQuery('(max-width: 48em)', false, AT_ONCE);
  // The five places of the navigation keep their words; the tools give way to them, as icons
  // below a wide screen and in one menu below a laptop's width.
  const toolsInMenu = useMediaQuery('(max-width: 75em)', false, AT_ONCE);
  const toolsWithWords = !useMediaQuery('(max-width: 100em)', false, AT_ONCE);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [view, setView] = useAddressParam('view');
  const [details, setDetails] = useAddressParam('details');
  const screen = screenOf(view);
  const LazyScreen = screen === null ? null : LAZY_SCREENS[screen];
  const detailsOf = detailsId(details);
  useReturnFocus(panel !== null);
  useReturnFocus(detailsOf !== null);
  const nav = <ScreenNav current={screen} onGo={setView} bar={phone} />;

  // The frame is the page's own (app-layout.module.css): Mantine's AppShell would bring its
  // resizing and media styles, 21 kB minified, into the file a phone waits for. The fixed bars
  // keep the scroll bar's room while a dialog locks the page, as Mantine's bars do, by the class
  // of the scroll lock under Mantine's dialogs; its name alone, not the lock's code (3 kB
  // compressed), which comes with the first dialog.
  return (
    <>
      <Box component="header" className={`${classes.header} ${zeroRightClassName}`}>
        <Group h="100%" px={phone ? 'sm' : 'md'} justify="space-between" wrap="nowrap" gap="md">
          <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
            <HeaderBrand baseUrl={baseUrl} phone={phone} />
            {!phone && nav}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <HeaderTools
              onPanel={setPanel}
              layout={toolsInMenu ? 'menu' : toolsWithWords ? 'words' : 'icons'}
            />
          </Group>
        </Group>
      </Box>
      <Box component="main" className={classes.main}>
        {/* Wider than Mantine's largest size: the token table shows every column from 1360 px. */}
        <Container size={1600} px={0}>
          {LazyScreen ? (
            <LazyBoundary>
              <LazyScreen />
            </LazyBoundary>
          ) : (
            <TokensScreen />
          )}
        </Container>
      </Box>
      {phone && (
        <Box component="footer" className={`${classes.footer} ${zeroRightClassName}`}>
          {nav}
        </Box>
      )}
      <LazyBoundary>
        {panel === 'settings' && <SettingsDrawer onClose={() => setPanel(null)} />}
        {panel === 'activity' && <ActivityDrawer onClose={() => setPanel(null)} />}
        {panel === 'explorer' && <ExplorerDrawer onClose={() => setPanel(null)} />}
        {detailsOf !== null && (
          <TokenDetailsDrawer
            key={detailsOf}
            id={detailsOf}
            // In place of the entry that opened them: Back does not open them again.
            onClose={() => setDetails(null, { replace: true })}
          />
        )}
      </LazyBoundary>
    </>
  );
}
