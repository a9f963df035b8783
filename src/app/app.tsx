import { Suspense, useState } from 'react';
import { sessionStore } from '../api/session';
import { useStore } from '../api/store';
import { AppLoading } from '../components/app-loading';
import { LazyBoundary, lazyPart } from '../components/lazy-boundary';
import { ConnectScreen } from '../features/session/connect-screen';

type SignedInApp = typeof import('./connected-app').ConnectedApp;

/** The signed-in app, once its code has arrived. */
let loaded: SignedInApp | null = null;
const loadSignedInApp = () =>
  import('./connected-app').then((module) => (loaded = module.ConnectedApp));

// The signed-in app is a part of its own: the connect screen, the usual first screen, does
// not wait for the table, the fetch layer and their styles.
const LazyConnectedApp = lazyPart(() => loadSignedInApp().then((app) => ({ default: app })));

/**
 * On a signed-in reload the first render waits for the signed-in app's code, which the page's
 * first script has been fetching, while index.html's frame stands in for it: the screens are
 * then drawn in one go, with no loading placeholder between, which React would keep up for at
 * least 300 ms. Settles either way: a part that cannot be fetched is reported by the app.
 */
export function loadBeforeFirstRender(): Promise<unknown> {
  if (!sessionStore.get().connection) return Promise.resolve();
  return loadSignedInApp().catch(() => undefined);
}

export function App() {
  const session = useStore(sessionStore);
  // Chosen once: another component in its place would start the signed-in app afresh.
  const [ConnectedApp] = useState(() => loaded ?? LazyConnectedApp);
  if (!session.connection) return <ConnectScreen endedBecause={session.endedBecause} />;
  return (
    <LazyBoundary>
      <Suspense fallback={<AppLoading />}>
        <ConnectedApp
          connection={session.connection}
          identity={session.identity}
          status={session.status}
        />
      </Suspense>
    </LazyBoundary>
  );
}
