import { createContext, useContext } from 'react';
import type { TokenBackend } from './backend';

export const BackendContext = createContext<TokenBackend | null>(null);

export function useBackend(): TokenBackend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend needs a connected session');
  return backend;
}
