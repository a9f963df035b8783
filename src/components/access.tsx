import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useDeferredValue, useMemo, type ReactNode } from 'react';
import type { TokenBackend } from '../api/backend';
import { useBackend } from '../api/backend-context';
import { may as roleMay, type AdminIdentity, type Permission } from '../contract/admin-key';
import { AppLoading } from './app-loading';

/** Who the session's admin key is, and what it may do. */
export interface Access {
  /** Null until the server has said who the key is. */
  identity: AdminIdentity | null;
  /** Nothing is allowed until the identity is known: a control appears, none vanishes. */
  may: (permission: Permission) => boolean;
}

export const accessOf = (identity: AdminIdentity | null): Access => ({
  identity,
  may: (permission) => identity !== null && roleMay(identity.role, permission),
});

const AccessContext = createContext<Access>(accessOf(null));

/** A key's identity never changes: it is read once per session (a revoked key gets 401 anyway). */
export const identityQuery = (backend: TokenBackend) =>
  queryOptions({
    queryKey: ['session', 'identity'] as const,
    queryFn: () => backend.identity(),
    staleTime: Infinity,
  });

export function AccessProvider({
  identity,
  children,
}: {
  identity: AdminIdentity | null;
  children: ReactNode;
}) {
  const access = useMemo(() => accessOf(identity), [identity]);
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

/**
 * The access of the connected key, as the server names it. The screens wait for it, a moment
 * (a reload asks for it from the page's first script): drawn before it, their controls would
 * appear after the first paint and push the page about. Without an answer, nothing is allowed.
 */
export function SessionAccess({
  known,
  children,
}: {
  /** The identity the connect step was just told, which spares the wait. */
  known: AdminIdentity | null;
  children: ReactNode;
}) {
  const { data, isPending } = useQuery({
    ...identityQuery(useBackend()),
    initialData: known ?? undefined,
  });
  // Once the answer is in, the screens are drawn in the background, yielding to input every few
  // milliseconds, rather than in one long task while the app starts.
  const ready = useDeferredValue(!isPending);
  if (!ready) return <AppLoading />;
  return <AccessProvider identity={data ?? null}>{children}</AccessProvider>;
}

export function useAccess(): Access {
  return useContext(AccessContext);
}
