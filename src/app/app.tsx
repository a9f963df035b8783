import { Suspense } from 'react';
import { sessionStore } from '../api/session';
import { useStore } from '../api/store';
import { AppLoading } from '../components/app-loading';
import { LazyBoundary, lazyPart } from '../components/lazy-boundary';
import { ConnectScreen } from '../features/session/connect-screen';

// The signed-in app is a part of its own: the connect screen, the usual first screen, does
// not wait for the table, the fetch layer and their styles.
const ConnectedApp = lazyPart(() =>
  import('./connected-app').then((module) => ({ default: module.ConnectedApp })),
);

export function App() {
  const session = useStore(sessionStore);
  if (!session.connection) return <ConnectScreen endedBecause={session.endedBecause} />;
  return (
    <LazyBoundary>
      <Suspense fallback={<AppLoading />}>
        <ConnectedApp connection={session.connection} identity={session.identity} />
      </Suspense>
    </LazyBoundary>
  );
}
