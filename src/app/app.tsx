import { Suspense, useState } from 'react';
import { sessionStore } from '../api/session';
import { useStore } from '../api/store';
import { AppLoading } from '../components/app-loading';
import { LazyBoundary, partAhead } from '../components/lazy-boundary';
import { tokenTable, wideList } from '../features/tokens/wide-list';

// Each screen is a part of its own: the connect screen, the usual first screen, does not wait
// for the table, the fetch layer and their styles, and a signed-in reload not for the connect
// form and its form library.
const connectScreen = partAhead(() =>
  import('../features/session/connect-screen').then((module) => module.ConnectScreen),
);
const signedInApp = partAhead(async () => {
  // The fetch layer's file (zod, the contract) is run in a task of its own before the signed-in
  // app's. In 21 Lighthouse mobile runs (CPU four times slower) the two made one task of 125 to
  // 277 ms (median 157), all but 50 ms of it blocking time; apart, 95 to 268 ms (median 130) and
  // one of at most 79 ms. Total blocking time, median of 15 runs: 158 → 141 ms.
  await import('../api/create-backend');
  return (await import('./connected-app')).ConnectedApp;
});

/**
 * The first render waits for the code of the screen it shows, which the page's first script
 * has been fetching (on a signed-in reload index.html's frame stands in for it): the screen is
 * then drawn in one go, with no loading placeholder between, which React would keep up for at
 * least 300 ms. Settles either way: a part that cannot be fetched is reported by the app.
 */
export function loadBeforeFirstRender(): Promise<unknown> {
  const signedIn = sessionStore.get().connection !== null;
  const screen = signedIn ? signedInApp : connectScreen;
  // A wide window draws the token list as a table, whose part the first script fetches too.
  const table = signedIn && wideList() ? tokenTable.load() : null;
  return Promise.all([screen.load(), table]).catch(() => undefined);
}

export function App() {
  const session = useStore(sessionStore);
  // Chosen once: another component in its place would start the screen afresh.
  const [ConnectScreen] = useState(() => connectScreen.current());
  const [ConnectedApp] = useState(() => signedInApp.current());
  return (
    <LazyBoundary>
      <Suspense fallback={<AppLoading />}>
        {session.connection ? (
          <ConnectedApp
            connection={session.connection}
            identity={session.identity}
            status={session.status}
          />
        ) : (
          <ConnectScreen endedBecause={session.endedBecause} />
        )}
      </Suspense>
    </LazyBoundary>
  );
}
