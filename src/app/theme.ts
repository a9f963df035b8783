import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // White text reads at 4.5:1 (WCAG AA) on shade 8 of both indigo and red; red needs no less.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  components: {
    // A menu holds only its items: the focus placeholder would be a stray child of role="menu",
    // and outside a portal the menu stays inside the landmark of the button that opens it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false, withinPortal: false } },
    // A dialog's header is not the page's banner landmark.
    ModalHeader: { defaultProps: { role: 'presentation' } },
    DrawerHeader: { defaultProps: { role: 'presentation' } },
    // Mantine colours a titled notification's text with gray-6 (3.3:1 on white).
    Notification: {
      styles: (_theme: unknown, props: { title?: unknown }) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
    },
  },
});

/**
 * Text at 4.5:1 or more (WCAG AA) on Mantine's light and dark surfaces: secondary text, error
 * messages, and the light variant (alerts, light buttons, selected rows), whose shade-9 text on a
 * shade-1 background falls short for most colours in the light scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  };
  for (const color of Object.keys(resolved.colors)) {
    light[`--mantine-color-${color}-light`] = `var(--mantine-color-${color}-0)`;
    light[`--mantine-color-${color}-light-hover`] = `var(--mantine-color-${color}-1)`;
    light[`--mantine-color-${color}-text`] = `var(--mantine-color-${color}-9)`;
  }
  return {
    variables: {},
    light,
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-error': 'var(--mantine-color-red-4)',
    },
  };
};
