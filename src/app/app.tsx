import { useSyncExternalStore } from 'react';
import { sessionStore } from '../api/session';
import { ConnectScreen } from '../features/session/connect-screen';
import { ConnectedApp } from './connected-app';

export function App() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  return session.connection ? (
    <ConnectedApp connection={session.connection} />
  ) : (
    <ConnectScreen endedBecause={session.endedBecause} />
  );
}
