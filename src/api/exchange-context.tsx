import { createContext, useContext } from 'react';
import type { ApiClient } from './client';

/** What the API explorer needs: the session's connection and calls made as typed. */
export type ExchangeAccess = Pick<ApiClient, 'connection' | 'exchange'>;

export const ExchangeContext = createContext<ExchangeAccess | null>(null);

export function useExchange(): ExchangeAccess {
  const access = useContext(ExchangeContext);
  if (!access) throw new Error('useExchange needs a connected session');
  return access;
}
