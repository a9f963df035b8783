import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  Component,
  lazy,
  Suspense,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useI18n } from './i18n';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Alert color="red" variant="light" role="alert" title={t('lazy.failedTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('lazy.failedBody')}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('tokens.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Around parts loaded on demand: if their file cannot be fetched (the server went away), the
 * person is told and can try again instead of facing a blank space.
 */
export class LazyBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <LoadFailed onRetry={() => this.setState({ failed: false })} />;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/**
 * React.lazy keeps a failed load for good; this one starts afresh after a failure, so the
 * boundary's Retry can fetch the part again once the server is back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of any component
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const attempt = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = attempt();
        throw error;
      }),
    );
  let current = attempt();
  const Part = (props: ComponentProps<T>) => {
    const Loaded = current;
    return <Loaded {...props} />;
  };
  return Part;
}

/**
 * A part that may be fetched ahead of its first render: `load` fetches it, `current` is the part
 * once fetched, or one that fetches it when drawn (inside a LazyBoundary); `fetched` is the part
 * once fetched, else null. A render that comes after `load` has settled draws the part at once,
 * without a placeholder between, which React would keep up for at least 300 ms.
 */
export function partAhead<P extends object>(fetch: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const load = () => fetch().then((part) => (loaded = part));
  const Lazy = lazyPart(() => load().then((part) => ({ default: part })));
  return { load, current: () => loaded ?? Lazy, fetched: () => loaded };
}
